"""SearchMemory: the engine's tables carried from one move of a game to the next."""

from __future__ import annotations

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


def test_a_second_search_of_the_same_position_starts_from_the_kept_table() -> None:
    pos = _game_positions("international", 6)[-1]
    memory = SearchMemory()
    first = search(pos, limit=Limit(depth=7), memory=memory)
    assert len(memory.tt) > 1000 and memory.eval_cache and memory.hist
    again = search(pos, limit=Limit(depth=7), memory=memory)
    fresh = search(pos, limit=Limit(depth=7))
    assert again.move == first.move and fresh.move == first.move
    assert again.nodes < first.nodes / 3  # the table already holds this tree
    assert fresh.nodes == first.nodes  # a search without memory is unaffected


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
