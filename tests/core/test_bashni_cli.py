"""``dame`` with ``--rules bashni``: moves, perft and bestmove on towers, and the hub."""

from __future__ import annotations

import json

import pytest

from dame_desktop.core import Position, find_rules
from dame_desktop.engines.protocol import parse_move, position_text

from .test_cli import dame

BASHNI = find_rules("bashni")
# White's c3 jumps d4 (a Black top over a Black and a White piece): on to g7 over f6, or
# straight back over d4 again, whose White bottom piece then comes up
TWICE = "W:Wc3:Bd4/bw,f6"


def test_moves_perft_and_bestmove_take_towers() -> None:
    done = dame("moves", "--rules", "bashni", "--fen", TWICE)
    assert done.returncode == 0 and done.stdout.split() == ["22x15x8", "22x15x22"]
    assert "bashni\tBashni (column draughts)" in dame("rules").stdout.splitlines()
    done = dame("perft", "--rules", "bashni", "--depth", "3")
    assert done.returncode == 0 and done.stdout.strip() == "302"
    done = dame("bestmove", "--rules", "bashni", "--fen", TWICE, "--depth", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    pos = Position.from_fen(TWICE, BASHNI)
    for text in data["pv"]:
        pos = pos.play(pos.parse_move(text))
    assert data["move"] == data["pv"][0] == "22x15x8"  # two men, not one tower twice


@pytest.mark.parametrize(
    ("rules", "fen", "part"),
    [
        ("bashni", "W:Wc3/bx:Bf6", "'c3/bx'"),
        ("bashni", "W:Wc3,c3:Bf6", "(c3) is occupied twice"),
        ("german", TWICE, "no towers"),
    ],
)
def test_a_hostile_fen_is_one_line_and_exit_2(rules: str, fen: str, part: str) -> None:
    for command in (("moves",), ("perft", "--depth", "2"), ("bestmove", "--depth", "2")):
        done = dame(*command, "--rules", rules, "--fen", fen)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and part in done.stderr, done.stderr


@pytest.mark.slow
def test_hub_plays_bashni_by_its_rules_option() -> None:
    from tests.engines.test_server import Pipe, start

    pipe = Pipe("--rules", "bashni")
    try:
        start(pipe)
        pos = Position.start(BASHNI)
        pipe.send(f"pos pos={position_text(pos)}")
        pipe.send("level depth=3")
        pipe.send("go think")
        lines = pipe.until("done")
        assert parse_move(lines[-1][1]["move"], pos) in pos.legal_moves()
    finally:
        pipe.close()
