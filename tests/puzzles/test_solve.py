"""Solving a puzzle without the window: the solution tree, retries, failures, hints, the
solution shown, choosing the next puzzle, a timed run on a hand-moved clock."""

from __future__ import annotations

import random

import pytest

from dame_desktop.core import Position, find_rules
from dame_desktop.core.move import Move
from dame_desktop.puzzles.mine import Puzzle
from dame_desktop.puzzles.run import TimedRun
from dame_desktop.puzzles.solve import Attempt, Verdict, choose, matches, route_of

GERMAN = find_rules("german")
# White's 8-4 crowns; after 18x25 the new king takes two men, along 18 or along 22
ROUTES = Puzzle(
    "german-routes",
    "german",
    "W:W8,21,22,24,26,28:B5,9,13,15,18",
    ("8-4", "18x25", "4x29"),
    (("8-4", "18x25", "4x22x29"),),
    ("breakthrough", "quiet-start"),
    1060,
    "self-play",
    1,
)


def move(position: Position, text: str, route: tuple[int, ...] | None = None) -> Move:
    found = position.parse_move(text)
    return found.with_path(route) if route is not None else found


def test_the_solution_is_played_with_the_defence_in_between() -> None:
    attempt = Attempt(ROUTES)
    answer = attempt.try_move(move(attempt.position, "8-4"))
    assert answer.verdict is Verdict.CORRECT
    assert (
        answer.reply is not None
        and attempt.start.play(attempt.start.parse_move("8-4")).move_text(answer.reply) == "18x25"
    )
    assert attempt.position.turn is attempt.solver and attempt.ply == 2
    answer = attempt.try_move(move(attempt.position, "4x29", (4, 18, 29)))
    assert answer.verdict is Verdict.SOLVED and attempt.done and attempt.clean


def test_another_capture_order_is_a_retry_not_a_failure() -> None:
    attempt = Attempt(ROUTES)
    attempt.try_move(move(attempt.position, "8-4"))
    other = move(attempt.position, "4x29", (4, 22, 29))
    assert route_of(attempt.position, "4x29")[1] == (4, 18, 29)
    answer = attempt.try_move(other)
    assert answer.verdict is Verdict.RETRY and not attempt.failed and attempt.ply == 2
    assert attempt.try_move(move(attempt.position, "4x29")).verdict is Verdict.SOLVED
    assert attempt.clean


def test_a_wrong_move_fails_with_its_refutation_and_the_position_stays() -> None:
    attempt = Attempt(ROUTES)
    before = attempt.position
    wrong = move(before, "22-17")
    answer = attempt.try_move(wrong)
    assert answer.verdict is Verdict.WRONG and attempt.failed
    assert attempt.position == before and attempt.ply == 0
    assert answer.refutation is not None and answer.refutation in before.play(wrong).legal_moves()
    attempt.try_move(move(before, "8-4"))
    assert attempt.try_move(move(attempt.position, "4x29")).verdict is Verdict.SOLVED
    assert attempt.done and not attempt.clean  # solved, but it counts as failed


def test_a_hint_names_the_piece_and_showing_the_solution_plays_it() -> None:
    attempt = Attempt(ROUTES)
    assert attempt.hint() == 8 and attempt.hinted and not attempt.failed
    steps = attempt.show_solution()
    assert [p.move_text(m) for p, m in steps] == ["8-4", "18x25", "4x29"]
    assert attempt.done and not attempt.clean
    with pytest.raises(ValueError):
        attempt.try_move(steps[0][1])


def test_choosing_follows_the_filters_the_rating_and_what_was_played() -> None:
    puzzles = [
        Puzzle(
            f"p{r}",
            "german",
            ROUTES.fen,
            ROUTES.solution,
            (),
            ("shot",) if r % 200 == 0 else (),
            r,
            "x",
        )
        for r in range(1000, 2000, 100)
    ]
    assert matches(puzzles[0], "shot", "easy") and not matches(puzzles[1], "shot")
    rng = random.Random(1)
    near = choose(puzzles, 1510, spread=1, rng=rng)
    assert near is not None and near.id == "p1500"
    again = choose(puzzles, 1510, spread=1, recent=["p1500"], rng=rng)
    assert again is not None and again.id in ("p1400", "p1600")
    hard_shots = [
        choose(puzzles, 1000, theme="shot", difficulty="hard", rng=rng) for _ in range(20)
    ]
    assert {p.id for p in hard_shots if p} <= {"p1400", "p1600", "p1800"}
    assert choose(puzzles, 1500, theme="ending") is None
    with pytest.raises(ValueError):
        choose(puzzles, 1500, difficulty="impossible")
    # an uncertain rating aims below itself: a new solver (1500, deviation 350) gets the
    # puzzles near 1150; a settled one those near the rating
    assert {choose(puzzles, 1500, deviation=350, spread=1).id} == {"p1100"}  # type: ignore[union-attr]
    assert choose(puzzles, 1500, deviation=40, spread=1).id == "p1500"  # type: ignore[union-attr]


def test_a_timed_run_counts_down_and_mistakes_cost_time() -> None:
    now = [100.0]
    run = TimedRun(lambda: now[0])
    assert run.left() == 180.0 and not run.over
    now[0] += 60
    run.mistake()
    assert run.left() == 110.0 and run.mistakes == 1
    run.solve()
    now[0] += 110
    assert run.over and run.left() == 0.0 and run.solved == 1
