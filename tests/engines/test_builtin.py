"""The built-in engine behind the engine interface: lines, multi-PV, stop, scores."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from dame_desktop.ai import egtb
from dame_desktop.ai.search import Limit, SearchMemory, search
from dame_desktop.core import Move, Position, find_rules
from dame_desktop.engines import Analysis, BuiltinEngine, Score

GERMAN = find_rules("german")


def replays(position: Position, moves: tuple[Move, ...]) -> bool:
    for move in moves:
        if move not in position.legal_moves():
            return False
        position = position.play(move)
    return True


def test_best_three_lines_are_distinct_sorted_and_legal() -> None:
    start = Position.start(GERMAN)
    engine = BuiltinEngine()
    seen: list[Analysis] = []
    result = engine.analyse(start, Limit(depth=5), lines=3, on_info=seen.append)
    assert len(result.lines) == 3
    assert len({line.move for line in result.lines}) == 3
    keys = [line.score.sort_key() for line in result.lines]
    assert keys == sorted(keys, reverse=True)
    assert all(line.pv[0] == line.move and replays(start, line.pv) for line in result.lines)
    assert result.move == result.lines[0].move and result.complete
    assert seen and not seen[-1].complete


def test_the_second_line_is_the_best_without_the_first_move() -> None:
    start = Position.start(GERMAN)
    result = BuiltinEngine().analyse(start, Limit(depth=4), lines=2)
    memory = SearchMemory()  # the same tables the engine's searches start from
    best = search(start, GERMAN, Limit(depth=4), memory=memory)
    others = [m for m in start.legal_moves() if m != best.move]
    alone = search(start, GERMAN, Limit(depth=4), only=others, memory=memory)
    # the two searches' answers, shown with the better score first (a search without the
    # first move may see deeper into another and score it higher)
    expected = sorted(
        ((best.move, Score.from_search(best.score)), (alone.move, Score.from_search(alone.score))),
        key=lambda pair: -pair[1].sort_key(),
    )
    assert [(line.move, line.score) for line in result.lines] == expected
    assert result.move == expected[0][0] and result.score == expected[0][1]


def test_no_more_lines_than_moves_and_none_at_the_end() -> None:
    pos = Position.from_fen("W:W22,30:B18", GERMAN)  # one capture only
    result = BuiltinEngine().analyse(pos, Limit(depth=3), lines=3)
    assert len(result.lines) == 1 and result.score.wins and result.score.moves == 1
    over = Position.from_fen("B:W15,30:B", GERMAN)
    done = BuiltinEngine().analyse(over, Limit(depth=3))
    assert done.lines == () and done.move is None
    assert done.score == Score(0.0, 0, False)  # the side to move has lost


def test_stop_from_another_thread_returns_the_best_so_far() -> None:
    engine = BuiltinEngine()
    start = Position.start(GERMAN)
    threading.Timer(0.4, engine.stop).start()
    result = engine.analyse(start, Limit())  # an unlimited search ends only when stopped
    assert result.move in start.legal_moves() and not result.complete


def test_play_returns_a_legal_move() -> None:
    start = Position.start(GERMAN)
    assert BuiltinEngine().play(start, Limit(depth=3)) in start.legal_moves()


def test_a_forced_move_is_searched_beyond_it() -> None:
    # White's only move is 22x15; the search alone would stop at depth 1 there
    pos = Position.from_fen("W:W22,27,32:B18,10,5", GERMAN)
    assert len(pos.legal_moves()) == 1
    result = BuiltinEngine().analyse(pos, Limit(movetime=0.3))
    assert result.move == pos.legal_moves()[0]
    assert result.depth > 2 and len(result.pv) > 2 and replays(pos, result.pv)
    after = pos.play(result.move)
    direct = BuiltinEngine().analyse(after, Limit(movetime=0.3))
    assert abs(result.score.men + direct.score.men) < 0.5  # the same judgement, turned round


def test_the_analysis_carries_the_endgame_tables_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    egtb.build(GERMAN, 3, tmp_path)
    monkeypatch.setenv(egtb.FOLDER_ENV, str(tmp_path))
    egtb.forget()
    try:
        engine = BuiltinEngine()
        won = Position.from_fen("W:WK29:B10", GERMAN)
        seen: list[Analysis] = []
        result = engine.analyse(won, Limit(depth=3), lines=2, on_info=seen.append)
        assert result.endgame == "win" and seen and {a.endgame for a in seen} == {"win"}
        assert engine.analyse(Position.from_fen("W:WK1:BK23", GERMAN), Limit(depth=3)).endgame == (
            "draw"
        )
        # one legal move (1-5): the verdict of where it leads, turned round for the mover
        forced = Position.from_fen("W:WK1:B6,10", GERMAN)
        assert len(forced.legal_moves()) == 1
        after = forced.play(forced.legal_moves()[0])
        assert engine.analyse(after, Limit(depth=3)).endgame == "loss"
        assert engine.analyse(forced, Limit(movetime=0.2)).endgame == "win"
        assert engine.analyse(Position.start(GERMAN), Limit(depth=2)).endgame == ""
    finally:
        egtb.forget()
