"""The engine plays Turkish draughts and Bashni: every level, hints, analysis, built-in engine."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dame_desktop.ai import LEVELS, Level, Limit, analyse, choose_move, evaluator, hint
from dame_desktop.ai.evaluate import STRAIGHT_KING
from dame_desktop.ai.search import WIN
from dame_desktop.ai.towers import tower_score, tower_search
from dame_desktop.core import Color, Game, Position, find_rules
from dame_desktop.engines.builtin import BuiltinEngine

TURKISH = find_rules("turkish")


def random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    game = Game(TURKISH)
    while len(out) < count:
        if game.is_over or len(game.states) > 80:
            game = Game(TURKISH)
        game.play(rng.choice(game.legal_moves()))
        if not game.is_over and rng.random() < 0.3:
            out.append(game.position)
    return out


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.key)
def test_every_level_answers_a_legal_move(level: Level) -> None:
    rng = random.Random(4)
    for pos in random_positions(3, seed=9):
        quick = dataclass_replace_limit(level)
        result = choose_move(pos, quick, rng)
        assert result.move in pos.legal_moves()


def dataclass_replace_limit(level: Level) -> Level:
    """The level with a depth cap, so a test does not wait for its full thinking time."""
    limit = level.limit
    depth = min(limit.depth or 4, 4)
    return dataclasses.replace(level, limit=Limit(movetime=limit.movetime, depth=depth))


def test_hint_and_analysis_name_legal_moves_and_a_line() -> None:
    pos = random_positions(1, seed=3)[0]
    found = hint(pos, Limit(depth=3))
    assert found.move in pos.legal_moves()
    line = analyse(pos, Limit(depth=3))
    assert line.pv and line.pv[0] in pos.legal_moves()
    after = pos
    for move in line.pv:  # the whole line is playable
        assert move in after.legal_moves()
        after = after.play(move)


def test_the_built_in_engine_plays_and_analyses_turkish() -> None:
    engine = BuiltinEngine()
    assert engine.supports(TURKISH)
    pos = random_positions(1, seed=8)[0]
    assert engine.play(pos, Limit(depth=3)) in pos.legal_moves()
    found = engine.analyse(pos, Limit(depth=3), lines=2)
    assert len(found.lines) == min(2, len(pos.legal_moves()))
    assert all(line.move in pos.legal_moves() for line in found.lines)


def test_the_engine_takes_the_most_pieces_and_sees_a_crowning() -> None:
    # d4 must take two (d5, d7) rather than the king on e4; the engine knows it has to
    pos = Position.from_fen("W:Wd4,a2:BKe4,d5,d7,h7", TURKISH)
    move = hint(pos, Limit(depth=2)).move
    assert move is not None and pos.move_text(move, "full") == "d4xd6xd8"
    # a runaway man one step from the last row walks in
    pos = Position.from_fen("W:Wb7,a2:Bh7,h6", TURKISH)
    move = hint(pos, Limit(depth=3)).move
    assert move is not None and pos.move_text(move) == "b7-b8"


def turned(pos: Position) -> Position:
    """The position turned half round with the colours swapped (the same game for the other
    side)."""
    geo = pos.geometry
    pieces = {}
    for sq, piece in pos.pieces().items():
        row, col = geo.sq_rowcol[sq]
        other = geo.sq_at(geo.size - 1 - row, geo.size - 1 - col)
        assert other is not None
        pieces[other] = (piece.color.opponent, piece.is_king)
    return Position.from_pieces(pieces, pos.turn.opponent, pos.rules)


def test_evaluation_knows_straight_steps_and_the_straight_king() -> None:
    ev = evaluator(TURKISH)
    assert ev.straight and ev.king == STRAIGHT_KING

    def score(pos: Position) -> int:
        return ev(pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)

    # the same for either side: every term reads the board from its owner's side
    for pos in random_positions(12, seed=21):
        assert score(pos) == score(turned(pos)), pos.fen()
    # a man that can step forward and to both sides is worth more than a boxed-in one
    free = Position.from_fen("W:Wd4,h1:Bh8,a8", TURKISH)
    boxed = Position.from_fen("W:Wa1,h1:Bh8,a8", TURKISH)
    assert score(free) > score(boxed)
    # a king is worth more than several men
    assert score(Position.from_fen("W:WKd4:Ba7,b7,c7,d7", TURKISH)) > 0


BASHNI = find_rules("bashni")


def bashni_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    game = Game(BASHNI)
    while len(out) < count:
        if game.is_over or len(game.states) > 60:
            game = Game(BASHNI)
        game.play(rng.choice(game.legal_moves()))
        if not game.is_over and game.position.stacks and rng.random() < 0.5:
            out.append(game.position)
    return out


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.key)
def test_every_level_answers_a_legal_move_with_towers(level: Level) -> None:
    rng = random.Random(5)
    for pos in bashni_positions(2, seed=13):
        result = choose_move(pos, dataclass_replace_limit(level), rng)
        assert result.move in pos.legal_moves()


def test_the_tower_engine_frees_its_own_piece_and_plays_a_whole_line() -> None:
    # c3:e5:c3 jumps d4 twice and frees the White man under it; c3:e5:g7 takes f6 instead
    pos = Position.from_fen("W:Wc3:Bd4/bw,f6", BASHNI)
    found = hint(pos, Limit(depth=3))
    assert found.move is not None and found.pv[0] == found.move
    after = pos
    for move in found.pv:
        assert move in after.legal_moves()
        after = after.play(move)


def plain_negamax(pos: Position, depth: int, ply: int = 0) -> int:
    """The tower engine's tree without its tables or ordering: the score it must find."""
    moves = pos.legal_moves()
    if not moves:
        return -(WIN - ply)
    if depth <= 0 and not (moves[0].is_capture and depth > -4):
        return tower_score(pos)
    return max(-plain_negamax(pos.play(m), depth - 1, ply + 1) for m in moves)


def test_the_tower_engine_scores_as_a_plain_search_of_the_same_tree() -> None:
    for pos in [Position.from_fen("W:Wc3:Bd4/bw,f6", BASHNI), *bashni_positions(5, seed=29)]:
        found = tower_search(pos, Limit(depth=3))
        assert found.score == plain_negamax(pos, 3), pos.fen()
        assert found.move in pos.legal_moves()


def test_weaker_levels_vary_their_tower_moves_with_the_seed() -> None:
    pos = Position.start(BASHNI)
    chosen = {tower_search(pos, Limit(depth=1), noise=260, seed=s).move for s in range(12)}
    assert len(chosen) > 1
    assert len({tower_search(pos, Limit(depth=1)).move for _ in range(3)}) == 1
