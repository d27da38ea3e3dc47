"""Positions with towers (Bashni) are keyed by the whole towers, not by their tops only."""

from __future__ import annotations

from pathlib import Path

from dame_desktop.core import Position, find_rules
from dame_desktop.db.library import Library

BASHNI = find_rules("bashni")

# the same top pieces on the same squares; the columns below the tops differ
FENS = (
    "W:Wc3/bw,e1:Bh8/w,f8",
    "W:Wc3/wb,e1:Bh8/w,f8",
    "W:Wc3,e1:Bh8,f8",
)


def game(fen: str, result: str) -> str:
    return (
        f'[White "{fen}"]\n[Result "{result}"]\n[GameType "97"]\n[Variant "Bashni"]\n'
        f'[SetUp "1"]\n[FEN "{fen}"]\n1. c3-d4 {result}\n\n'
    )


def library(tmp_path: Path) -> Library:
    path = tmp_path / "towers.pdn"
    path.write_text("".join(game(f, "*") for f in FENS), encoding="utf-8")
    return Library([path], BASHNI, tmp_path / "cache").open()


def test_positions_that_differ_below_the_tops_are_found_apart(tmp_path: Path) -> None:
    with library(tmp_path) as lib:
        for number, fen in enumerate(FENS, 1):
            start = Position.from_fen(fen, BASHNI)
            found = lib.find([start])
            assert [(h.game, h.ply) for h in found.hits] == [(number, 0)], fen
            assert lib.explore([start]).games == 1


def test_the_position_after_a_move_keeps_its_towers_apart(tmp_path: Path) -> None:
    with library(tmp_path) as lib:
        for number, fen in enumerate(FENS, 1):
            start = Position.from_fen(fen, BASHNI)
            move = next(
                m for m in start.legal_moves() if start.move_text(m, "short", True) == "c3-d4"
            )
            after = start.play(move)
            found = lib.find([after])
            assert [(h.game, h.ply) for h in found.hits] == [(number, 1)], fen


def test_a_reversed_search_turns_the_towers_too(tmp_path: Path) -> None:
    with library(tmp_path) as lib:
        start = Position.from_fen(FENS[0], BASHNI)
        turned = Position.from_fen("B:Wa1/b,c1:Bf6/wb,d8", BASHNI)
        found = lib.find([turned], reverse=True)
        assert [(h.game, h.ply, h.reversed) for h in found.hits] == [(1, 0, True)]
        assert lib.find([start], reverse=True).total == 1
