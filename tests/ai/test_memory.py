"""SearchMemory: the engine's tables carried from one move of a game to the next."""

from __future__ import annotations

import gc
import sys

import pytest

from dame_desktop.ai import Limit, SearchMemory, search
from dame_desktop.core import Game, Position, find_rules


def _game_positions(key: str, plies: int) -> list[Position]:
    game = Game(find_rules(key))
    out = [game.position]
    for _ in range(plies):
        result = search(game.position, limit=Limit(depth=3))
        assert result.move is not None
        game.play(result.move)
        out.append(game.position)
    return out


def _quiet_position(key: str, plies: int) -> Position:
    """The last of a game's first ``plies`` positions whose side to move has no capture: a
    forced capture leaves a depth-7 search too small a tree to say much about the table."""
    return next(
        pos
        for pos in reversed(_game_positions(key, plies))
        if not any(move.captured for move in pos.legal_moves())
    )


def test_a_second_search_of_the_same_position_starts_from_the_kept_table() -> None:
    pos = _quiet_position("international", 6)
    memory = SearchMemory()
    first = search(pos, limit=Limit(depth=7), memory=memory)
    assert len(memory.tt) > 300 and memory.eval_cache and memory.hist
    again = search(pos, limit=Limit(depth=7), memory=memory)
    fresh = search(pos, limit=Limit(depth=7))
    assert again.move == first.move and fresh.move == first.move
    assert again.nodes < first.nodes / 3  # the table already holds this tree
    assert fresh.nodes == first.nodes  # a search without memory is unaffected


@pytest.mark.slow
def test_moves_along_a_game_are_legal_and_reproducible() -> None:
    positions = _game_positions("german", 16)[::2]
    runs = []
    for _ in range(2):
        memory = SearchMemory()
        moves = []
        for pos in positions:
            result = search(pos, limit=Limit(depth=6), memory=memory)
            assert result.move in pos.legal_moves()
            moves.append((result.move, result.score))
        runs.append(moves)
    assert runs[0] == runs[1]  # the same sequence of searches gives the same answers


def test_new_rules_or_noise_start_a_fresh_table() -> None:
    memory = SearchMemory()
    german = Position.start(find_rules("german"))
    search(german, limit=Limit(depth=5), memory=memory)
    table = memory.tt
    assert table
    search(german, limit=Limit(depth=5), memory=memory)
    assert memory.tt is table  # same rules, same noise: kept
    search(german, limit=Limit(depth=5), noise=20, seed=3, memory=memory)
    assert memory.tt is not table  # a noisy evaluation must not reuse exact scores
    table, cache = memory.tt, memory.eval_cache
    english = Position.start(find_rules("english"))  # the same squares, other rules
    search(english, limit=Limit(depth=5), memory=memory)
    assert memory.rules == find_rules("english")
    assert memory.tt is not table and memory.eval_cache is not cache


def test_a_full_generation_makes_way_and_the_search_keeps_storing() -> None:
    memory = SearchMemory(limit=600, keep_dropped=True)  # generations of 200 entries
    pos = Position.start(find_rules("german"))
    result = search(pos, limit=Limit(depth=7), memory=memory)
    assert result.move in pos.legal_moves()
    # the search filled generations and went on writing to a fresh one
    assert len(memory.tt_old) == 200 and 0 < len(memory.tt) <= 200
    assert memory.dropped and all(len(table) == 200 for table in memory.dropped)
    memory.free_dropped()
    current, older = memory.tt, memory.tt_old
    filled = len(current)
    search(pos, limit=Limit(depth=2), memory=memory)
    if filled >= 100:  # half a generation: the next search starts a new one
        assert memory.tt_old is current and memory.dropped == [older]
    else:
        assert memory.tt is current and memory.tt_old is older
    memory.free_dropped()
    assert memory.dropped == []


def test_a_small_table_finds_the_same_move_as_a_large_one() -> None:
    pos = _game_positions("international", 10)[-1]
    large = search(pos, limit=Limit(depth=6))
    small = search(pos, limit=Limit(depth=6), memory=SearchMemory(limit=300))
    assert small.move in pos.legal_moves()
    assert abs(small.score - large.score) <= 60  # same tree, less remembered


def test_free_dropped_frees_within_its_budget_until_nothing_is_left() -> None:
    memory = SearchMemory(limit=600, keep_dropped=True)  # generations of 200 entries
    pos = Position.start(find_rules("german"))
    search(pos, limit=Limit(depth=7), memory=memory)
    search(pos.play(pos.legal_moves()[0]), limit=Limit(depth=7), memory=memory)
    total = sum(len(table) for table in memory.dropped)
    assert total > 300 and len(memory.dropped) >= 2
    calls = 0
    while True:
        before = sum(len(table) for table in memory.dropped)
        more = memory.free_dropped(budget=150)
        calls += 1
        after = sum(len(table) for table in memory.dropped)
        assert before - after == min(150, before)  # exactly the budget, never more
        assert all(memory.dropped)  # emptied tables leave the list
        assert more == (after > 0)
        if not more:
            break
    assert calls == -(-total // 150) and memory.dropped == []
    assert memory.free_dropped() is False  # nothing left: a no-op
    assert memory.tt and memory.tt_old  # the tables in use are not touched


def test_the_kept_tables_give_the_cyclic_collector_nothing_to_walk() -> None:
    # The collector is off while the engine thinks (as in the window's worker); the first
    # collection afterwards walks every tracked object made meanwhile.  Tables of tuples made
    # that 0.2-0.5 s; the tables hold plain ints, which the collector does not track.
    pos = _game_positions("german", 4)[-1]
    memory = SearchMemory()
    gc.collect()
    collecting = gc.isenabled()
    gc.disable()
    try:
        before = len(gc.get_objects())
        search(pos, limit=Limit(depth=9), memory=memory)
        grown = len(gc.get_objects()) - before
    finally:
        if collecting:
            gc.enable()
    entries = len(memory.tt) + len(memory.tt_old) + len(memory.eval_cache)
    assert entries > 5_000
    assert grown < entries // 20, (grown, entries)


def _stored_depths(memory: SearchMemory) -> list[int]:
    search_module = sys.modules["dame_desktop.ai.search"]
    bias = search_module._DEPTH_BIAS
    tables = (memory.tt, memory.tt_old)
    return [((entry >> 16) & 0xFF) - bias for table in tables for entry in table.values()]


@pytest.mark.parametrize("rules", ["german", "international"])
def test_the_table_keeps_the_searched_positions_and_not_the_leaves(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a long search would fill the table with the quiet search's leaves and start new
    # generations that drop the deep entries the next iterations need
    pos = _quiet_position(rules, 6)
    memory = SearchMemory()
    result = search(pos, limit=Limit(depth=7), memory=memory)
    assert result.move in pos.legal_moves()
    depths = _stored_depths(memory)
    assert len(depths) > 300 and min(depths) >= 1
    # the old way, for the A/B: every node stored, the leaves too
    search_module = sys.modules["dame_desktop.ai.search"]
    monkeypatch.setattr(search_module.TUNING, "leaves_in_table", True)
    memory = SearchMemory()
    assert search(pos, limit=Limit(depth=7), memory=memory).move in pos.legal_moves()
    assert min(_stored_depths(memory)) <= 0
