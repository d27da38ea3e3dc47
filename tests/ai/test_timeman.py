"""The game clock and its per-search plans: extension when unstable, early stop, the hard cap."""

from __future__ import annotations

import random
import time

import pytest

from dame_desktop.ai import timeman
from dame_desktop.ai.levels import HARD, MASTER, MEDIUM
from dame_desktop.ai.search import Limit, Searcher, SearchMemory, search
from dame_desktop.ai.timeman import MIN_BUDGET, GameClock, TimePlan, move_budget
from dame_desktop.core import Position, find_rules


def test_a_stable_search_stops_at_its_nominal_share() -> None:
    plan = TimePlan(nominal=1.0, hard=3.0, max_target=2.5)
    # quick iterations, the same best move, the score steady
    for depth, elapsed in enumerate((0.01, 0.03, 0.09, 0.27, 0.5), start=1):
        assert plan.next_iteration(depth, elapsed, best=7, score=10)
    assert plan.target == pytest.approx(1.0)
    assert not plan.next_iteration(6, 1.01, best=7, score=10)


def test_a_changing_best_move_extends_the_target_up_to_its_cap() -> None:
    plan = TimePlan(nominal=1.0, hard=3.0, max_target=2.5)
    elapsed = 0.001
    for depth in range(1, 12):
        plan.next_iteration(depth, elapsed, best=depth % 2, score=10)
        elapsed *= 1.5
    assert plan.target > 1.0
    assert plan.target <= 2.5
    # a change at every depth settles at twice the share; with a falling score as well it
    # reaches the cap, never more
    for depth in range(12, 40):
        plan.next_iteration(depth, elapsed + 0.001 * depth, best=depth % 2, score=10)
    assert plan.target == pytest.approx(2.0)
    for depth in range(40, 60):
        plan.next_iteration(depth, elapsed + 0.001 * depth, best=depth % 2, score=-50 * depth)
    assert plan.target == pytest.approx(2.5)


def test_a_falling_score_extends_the_target() -> None:
    steady = TimePlan(nominal=1.0, hard=3.0, max_target=2.5)
    falling = TimePlan(nominal=1.0, hard=3.0, max_target=2.5)
    for depth in range(1, 8):
        steady.next_iteration(depth, 0.001 * depth, best=1, score=0)
        falling.next_iteration(depth, 0.001 * depth, best=1, score=-40 * depth)
    assert steady.target == pytest.approx(1.0)
    assert falling.target > 1.5


def test_no_iteration_starts_that_cannot_finish_before_the_hard_limit() -> None:
    plan = TimePlan(nominal=1.0, hard=1.2, max_target=1.2)
    assert plan.next_iteration(1, 0.1, best=1, score=0)
    assert plan.next_iteration(2, 0.3, best=1, score=0)  # next: about 0.2 * 3 = 0.6 → 0.9
    # the last two took 0.2 and 0.4: the next one takes about 0.8 more, past 1.2
    assert not plan.next_iteration(3, 0.7, best=1, score=0)
    assert plan.predicted_next() > 0.5


def test_the_clock_saves_unused_time_and_caps_what_it_saves() -> None:
    clock = GameClock(1.0)
    first = clock.plan()
    assert first.hard <= clock.available - clock.margin + 1e-9
    assert first.nominal < 1.0  # a stable search leaves a little for later
    for _ in range(3):
        clock.spend(0.0)  # forced moves
    assert clock.bank == pytest.approx(3.0)
    later = clock.plan()
    assert later.nominal > first.nominal
    assert later.hard <= timeman.HARD_CAP * 1.0
    for _ in range(20):
        clock.spend(0.0)
    assert clock.bank == pytest.approx(timeman.BANK_CAP * 1.0)
    clock.spend(10.0)  # a search that overran cannot make the clock negative
    assert clock.bank == 0.0
    assert clock.plan().hard <= 1.0 - clock.margin + 1e-9
    clock.reset()
    assert (clock.bank, clock.moves, clock.used) == (0.0, 0, 0.0)
    with pytest.raises(ValueError, match="per_move"):
        GameClock(0.0)


def test_the_search_asks_the_plan_after_every_iteration() -> None:
    rules = find_rules("international")
    pos = Position.start(rules)
    plan = TimePlan(nominal=0.05, hard=0.5, max_target=0.1)
    result = search(pos, rules, Limit(movetime=100.0), timer=plan)
    assert result.move is not None
    # the plan, not the limit's 100 s, decided: it heard of every finished depth
    assert len(plan._times) == result.depth
    assert result.seconds < 100.0


def test_searches_on_the_clock_never_pass_the_hard_limit() -> None:
    """Many real searches from varied positions: none runs past its hard limit.

    The figures (mean, p95, max) are in bench/ai_time.py; here only the cap, with a
    generous allowance for a loaded machine.
    """
    rng = random.Random(5)
    worst = 0.0
    for key in ("international", "german", "english"):
        rules = find_rules(key)
        clock = GameClock(0.04)
        memory = SearchMemory()
        for _ in range(12):
            pos = Position.start(rules)
            for _ in range(rng.randrange(0, 20)):
                moves = pos.legal_moves()
                if not moves:
                    break
                pos = pos.play(rng.choice(moves))
            if not pos.legal_moves():
                continue
            plan = clock.plan()
            began = time.perf_counter()
            result = search(pos, rules, Limit(movetime=0.04), memory=memory, timer=plan)
            took = time.perf_counter() - began
            clock.spend(took)
            assert result.move is not None
            worst = max(worst, took - plan.hard)
    assert worst < 0.25, f"a search ran {worst:.3f} s past its hard limit"


def test_a_searcher_with_a_plan_uses_the_plan_not_the_movetime() -> None:
    rules = find_rules("german")
    pos = Position.start(rules)
    searcher = Searcher(rules, Limit(movetime=60.0))
    searcher.timer = TimePlan.fixed(0.05)
    began = time.perf_counter()
    result = searcher.run(pos)
    assert result.move is not None
    assert time.perf_counter() - began < 30.0  # far below the limit's 60 s


def test_the_strong_levels_use_the_clock_and_the_weak_ones_do_not() -> None:
    assert HARD.clock and MASTER.clock
    assert not MEDIUM.clock


def test_move_budget_is_a_share_of_the_time_left() -> None:
    assert move_budget(float("inf")) is None
    assert move_budget(300.0) == pytest.approx(10.0)  # 5 minutes: ten seconds a move
    assert move_budget(300.0, 5.0) == pytest.approx(14.0)
    assert move_budget(8.0, 30.0) == pytest.approx(2.0)  # never more than a quarter left
    assert move_budget(0.0) == MIN_BUDGET
