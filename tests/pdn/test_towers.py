"""PDN games with towers (Bashni): GameType 97 with [Variant "Bashni"], tower FENs, and moves
that read back to the same towers.

A node's state carries the towers' columns (a fifth item), so a game written and read again
has the same positions, prisoners in the same order included.  README ("Towers in FEN and
PDN") describes the notation.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from dame_desktop.cli.command import main
from dame_desktop.core import Position, find_rules
from dame_desktop.pdn import Game, GameNode, ProblemKind, read_game, write_game
from dame_desktop.pdn.gametype import BASHNI_GAMETYPE, choose_rules
from dame_desktop.pdn.tree import walk
from tests.engines.helpers import run_dame

BASHNI = find_rules("bashni")


def read(text: str) -> Game:
    game = read_game(io.StringIO(text))
    assert game is not None
    return game


def positions(game: Game) -> list[str]:
    return [game.position().fen()] + [node.position().fen() for node in walk(game)]


def random_game(seed: int, plies: int = 80) -> Game:
    """A seeded game with side lines, played until towers have formed and changed hands."""
    rng = random.Random(seed)
    game = Game(BASHNI)
    node: GameNode = game
    for ply in range(plies):
        moves = node.position().legal_moves()
        if not moves:
            break
        captures = [m for m in moves if m.is_capture]
        child = node.add_variation(rng.choice(captures or moves))
        if ply % 7 == 3 and len(moves) > 1:  # a side line of a few moves
            side = node.add_variation(rng.choice([m for m in moves if m != child.move]))
            for _ in range(3):
                more = side.position().legal_moves()
                if not more:
                    break
                side = side.add_variation(rng.choice(more))
        node = child
    return game


@pytest.mark.parametrize(
    "headers",
    [
        {"GameType": str(BASHNI_GAMETYPE)},
        {"GameType": f"{BASHNI_GAMETYPE},W,8,8,A0,0", "Variant": "Bashni"},
        {"GameType": "25", "Variant": "Bashni"},  # a program that writes Russian's number
        {"Variant": "bashni"},
        {"Rules": "bashni"},
    ],
)
def test_a_bashni_game_is_recognised(headers: dict[str, str]) -> None:
    choice = choose_rules(headers, ["c3-d4"], None)
    assert choice.rules == BASHNI and not choice.problems


def test_a_new_game_is_written_with_its_number_and_name() -> None:
    text = write_game(Game(BASHNI))
    assert '[GameType "97,W,8,8,A0,0"]' in text and '[Variant "Bashni"]' in text
    assert "[Rules" not in text
    assert read(text).rules == BASHNI


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_towers_round_trip(seed: int) -> None:
    game = random_game(seed)
    fens = positions(game)
    assert any("/" in fen for fen in fens), "towers formed"
    text = write_game(game)
    again = read(text)
    assert again.errors == []
    assert positions(again) == fens
    assert write_game(again) == text


def test_a_tower_start_position_round_trips_in_the_fen_tag() -> None:
    start = Position.from_fen("W:WKc3/bw,e3,g3/BBw:Bd6/w,f6", BASHNI)
    game = Game(BASHNI, start)
    for move in start.legal_moves():
        game.add_variation(move)
    text = write_game(game)
    assert '[FEN "W:WK22/bw,23,24/BBw:B10/w,11"]' in text  # numbers, as Russian's
    again = read(text)
    assert again.position() == start
    assert positions(again) == positions(game)


def test_a_tower_jumped_twice_is_written_in_full_and_read_back() -> None:
    game = Game(BASHNI, Position.from_fen("W:Wc3:Bd4/bw,f6", BASHNI))
    game.add_variation("c3:e5:c3")  # d4 twice: the White man at its bottom comes free
    text = write_game(game)
    assert "1. c3:e5:c3" in text
    again = read(text)
    assert again.end().position().fen(algebraic=True) == "B:Wd4,c3/bb:Bf6"


def test_the_route_written_keeps_the_order_of_the_prisoners() -> None:
    # a3's man takes all four round the ring, either way round: one move, two towers
    start = Position.from_fen("W:Wa3:BKb4,d4,b2,d2", BASHNI)
    assert len(start.legal_moves()) == 1
    for route, below in (("a3:c5:e3:c1:a3", "Bbbb"), ("a3:c1:e3:c5:a3", "bbbB")):
        game = Game(BASHNI, start)
        game.add_variation(route)
        assert game.end().position().fen(algebraic=True) == f"B:Wa3/{below}:B"
        text = write_game(game)
        assert f"1. {route}" in text
        assert read(text).end().position().fen(algebraic=True) == f"B:Wa3/{below}:B"


def test_a_move_that_ignores_the_towers_is_reported() -> None:
    # d4 holds a White man under Black's top: after c3:e5 d4 is White's, so d4:... by Black
    # is no move
    text = (
        '[GameType "97"]\n[Variant "Bashni"]\n[SetUp "1"]\n[FEN "W:Wc3,a1:Bd4/w,h8"]\n'
        "1. c3:e5 d4-c3 *\n"
    )
    game = read(text)
    assert [e.kind for e in game.errors] == [ProblemKind.ILLEGAL_MOVE]
    assert "d4-c3" in game.errors[0].message


def test_the_readme_example_game_reads_as_it_says() -> None:
    readme = Path(__file__).resolve().parents[2] / "README.md"
    block = readme.read_text(encoding="utf-8").split("A whole Bashni game in PDN:")[1]
    text = block.split("\n\n")[1].replace("\n    ", "\n").strip()
    game = read(text)
    assert game.errors == [] and game.rules == BASHNI
    fens = [node.position().fen(algebraic=True) for node in game.mainline()]
    assert "f6/b" in fens[2] and "e5/w" in fens[3]
    assert fens[-1] == "W:Wf4,a3,c3,g3,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,b6,d6,h6,g5,h4/w"


DATA = Path(__file__).resolve().parent.parent / "data" / "pdn"


def test_pdn_check_replays_bashni_files_with_their_towers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # game 1: a random game with towers jumped twice and taken apart; game 2 plays b2-c3
    # where a capture is compulsory (f4:h6 through a tower's top)
    path = DATA / "bashni.pdn"
    code = main(["pdn", "check", str(path)])
    out, _err = capsys.readouterr()
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"{path}: games: 2, clean: 1, with errors: 1"
    assert lines[2].startswith(f"{path}:18:49: illegal move b2-c3 in position W:")
    assert "15/w" in lines[2]  # the position named has its tower


def test_dame_analyse_takes_a_bashni_file() -> None:
    done = run_dame(
        "analyse", str(DATA / "bashni.pdn"), "--game", "1", "--depth", "1", "--jobs", "1", "--json"
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    (game,) = data["games"]
    assert len(game["moves"]) == 30
    assert all(m["best"] for m in game["moves"])


def test_a_setup_with_towers_inside_the_moves_reads_back() -> None:
    # the FEN of a tower holds "/", which must not end the /FEN "..."/ setup
    game = Game(BASHNI)
    node = game.add_variation("c3-d4")
    node.set_setup(Position.from_fen("B:Wc3/bw,e3:Bd6/w,f8", BASHNI))
    text = write_game(game)
    assert '/FEN "B:W22/bw,23:B3,10/w"/' in text
    back = read(text)
    assert back.errors == [] and back.end().position() == node.position()
