"""``dame`` with ``--rules turkish``: moves, perft, bestmove, pdn check, analyse and hub."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dame_desktop.core import Position, find_rules
from dame_desktop.engines.protocol import parse_move, position_text
from dame_desktop.pdn import Game, GameNode, write_game

from .test_cli import dame

TURKISH = find_rules("turkish")


def test_moves_and_perft_name_squares() -> None:
    done = dame("moves", "--rules", "turkish", "--fen", "W:Wd4:Bd5,d7,e6")
    assert done.returncode == 0 and done.stdout.split() == ["d4xd6xd8", "d4xd6xf6"]
    assert "turkish\tTurkish (Dama)" in dame("rules").stdout.splitlines()
    done = dame("perft", "--rules", "turkish", "--depth", "3")
    assert done.returncode == 0 and done.stdout.strip() == "708"


@pytest.mark.parametrize(
    ("fen", "part"),
    [
        ("W:Wa9:Bh8", "'a9'"),
        ("W:W65:Bh8", "65"),
        ("W:Wa1,a1:Bh8", "(a1) is occupied twice"),  # the name, not only the number 57
        ("Q:Wa1:Bh8", "'Q'"),
        ("W:Wa1:Bh8:Xz", "'Xz'"),
    ],
)
def test_a_hostile_fen_is_one_line_and_exit_2(fen: str, part: str) -> None:
    for command in (("moves",), ("perft", "--depth", "2"), ("bestmove", "--depth", "2")):
        done = dame(*command, "--rules", "turkish", "--fen", fen)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and part in done.stderr, done.stderr


def test_bestmove_json_gives_named_squares_and_a_playable_line() -> None:
    done = dame("bestmove", "--rules", "turkish", "--depth", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    pos = Position.start(TURKISH)
    for text in data["pv"]:
        move = pos.parse_move(text)
        pos = pos.play(move)
    assert data["move"] == data["pv"][0] and data["move"][0] in "abcdefgh"


def written_game(tmp_path: Path) -> Path:
    game = Game(TURKISH)
    node: GameNode = game
    rng = random.Random(12)
    for _ in range(24):
        node = node.add_variation(rng.choice(node.position().legal_moves()))
    path = tmp_path / "turkish.pdn"
    path.write_text(write_game(game), encoding="utf-8")
    return path


@pytest.mark.slow
def test_pdn_check_and_analyse_read_a_turkish_game(tmp_path: Path) -> None:
    path = written_game(tmp_path)
    assert '[GameType "30,W,8,8,A0,0"]' in path.read_text(encoding="utf-8")
    done = dame("pdn", "check", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    done = dame("analyse", str(path), "--depth", "2", "--jobs", "1", "--json")
    assert done.returncode == 0, done.stderr
    moves = json.loads(done.stdout)["games"][0]["moves"]
    assert len(moves) == 24 and all(m["move"][0] in "abcdefgh" for m in moves)


@pytest.mark.slow
def test_hub_plays_turkish_by_its_rules_option() -> None:
    from tests.engines.test_server import Pipe, start

    pipe = Pipe("--rules", "turkish")
    try:
        start(pipe)
        pos = Position.from_fen("W:Wd4,a2:BKe4,d5,d7,h7", TURKISH)
        pipe.send(f"pos pos={position_text(pos)}")
        pipe.send("level depth=3")
        pipe.send("go think")
        lines = pipe.until("done")
        move = parse_move(lines[-1][1]["move"], pos)
        assert pos.move_text(move, "full") == "d4xd6xd8"
    finally:
        pipe.close()
