"""Perft from the published test positions of PERFT.md section 1.3, in both conventions.

The core's ``perft`` counts one move per identity (the *drop* convention).  For the *keep*
rows (every capture route counted) this file has a small perft of its own on the core's
generator: ``captures(..., dedupe=False)`` keeps the duplicate routes, the precedence filter
is applied to them, and the rest is the same walk.  The keep helper is checked against the
start-position keep rows where they differ from drop (Russian, Brazilian, Pool at depth 8).
"""

from __future__ import annotations

import pytest

from dame_desktop.core import Color, Position, find_rules, perft
from dame_desktop.core.movegen import MoveGenerator


def _keep(gen: MoveGenerator, w: int, b: int, k: int, wtm: bool, depth: int) -> int:
    caps = gen.captures(w, b, k, wtm, dedupe=False)
    moves = gen.filter_captures(caps, k) if caps else gen.quiet(w, b, k, wtm)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        nw, nb, nk = gen.apply(w, b, k, wtm, move)
        total += _keep(gen, nw, nb, nk, not wtm, depth - 1)
    return total


def perft_keep(pos: Position, depth: int) -> int:
    """Leaf count with duplicate capture routes counted separately (PERFT.md 'keep')."""
    if depth == 0:
        return 1
    return _keep(pos.generator, pos.white, pos.black, pos.kings, pos.turn is Color.WHITE, depth)


# International (10x10) positions, drop convention (dctl / damforum / shashki).
DROP_10X10 = {
    "Random178": (
        "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
        [14, 55, 1168, 5432, 87195, 629010],
    ),
    "Woldouby": (
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        [6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436],
    ),
    "AllKings": ("W:WK31-50:BK1-20", [17, 79, 352, 1399, 7062, 37589]),
    "AlmostPromotion": ("W:W6,7,8,9,10:B41,42,43,44,45", [9, 81, 795, 7578, 86351, 936311]),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DROP_10X10))
def test_published_10x10_positions(name: str) -> None:
    fen, row = DROP_10X10[name]
    pos = Position.from_fen(fen, find_rules("international"))
    assert [perft(pos, d) for d in range(1, len(row) + 1)] == row


def test_all_kings_fen_is_what_the_table_means() -> None:
    pos = Position.from_fen("W:WK31-50:BK1-20", find_rules("international"))
    assert pos.fen().count("K") == 40


def test_front_rows_keep() -> None:
    # published in the keep convention only
    pos = Position.from_fen("W:B16,17,18,19,20:W31,32,33,34,35", find_rules("international"))
    row = [9, 81, 534, 2538, 9052, 29999, 98971, 310315]
    assert [perft_keep(pos, d) for d in range(1, len(row) + 1)] == row


# Italian positions by Gilbert, keep convention.  PERFT.md warns that dctl's Italian square
# numbering should be checked: with our numbering (RULES.md 1.4, 1 = a8, 32 = h1, White on
# 21-32) all three match, so dctl's FENs use the FID numbering.
GILBERT = {
    "Gilbert1": (
        "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
        [5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164177],
    ),
    "Gilbert2": ("B:W30,21,22,17,20,K6:B25,28,9,5,1,3", [6, 47, 271, 1916, 10810, 73137]),
    "Gilbert3": (
        "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        [13, 112, 828, 6756, 46241],
    ),
}


@pytest.mark.parametrize("name", sorted(GILBERT))
def test_italian_gilbert_positions_keep(name: str) -> None:
    fen, row = GILBERT[name]
    pos = Position.from_fen(fen, find_rules("italian"))
    assert [perft_keep(pos, d) for d in range(1, len(row) + 1)] == row


# Start-position keep rows at depth 8, where keep and drop first differ for the rule sets
# whose men capture backward (the drop counts, 929899 / 907830 / 929896, are checked in
# test_perft_start.py), plus English, where keep equals drop up to depth 11.
KEEP_D8 = {"english": 845931, "russian": 929905, "brazilian": 907836, "pool": 929902}


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(KEEP_D8))
def test_start_position_keep_depth_8(key: str) -> None:
    start = Position.start(find_rules(key))
    assert perft_keep(start, 8) == KEEP_D8[key]


def test_english_keep_row_to_depth_7() -> None:
    start = Position.start(find_rules("english"))
    row = [7, 49, 302, 1469, 7361, 36768, 179740]
    assert [perft_keep(start, d) for d in range(1, len(row) + 1)] == row
