"""Touch-move ("berührt - geführt", seed 001): a touched piece that can move must move."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from dame_desktop.core import (
    Color,
    Game,
    GameError,
    HuffChoice,
    IllegalKind,
    IllegalMoveError,
    Position,
    Touch,
    differences,
    find_rules,
)
from dame_desktop.pdn import read_game, write_game
from dame_desktop.pdn.gametype import parse_rules_tag, rules_tag
from dame_desktop.pdn.tree import Game as PdnGame
from dame_desktop.store.autosave import autosave_record, restore_game
from dame_desktop.store.settings import rules_from_spec, rules_spec

ROOT = Path(__file__).resolve().parents[2]
TOUCH = find_rules("german").with_switches(["touch-move=on"])


def texts(moves: Iterable[object]) -> list[str]:
    return sorted(str(m) for m in moves)


def test_the_switch_is_off_by_default_and_named_touch_move() -> None:
    german = find_rules("german")
    assert german.touch_move is False
    assert TOUCH.touch_move is True
    assert differences(TOUCH, german) == {"touch-move": "on"}
    assert TOUCH.is_custom and not german.is_custom


def test_the_switch_round_trips_through_the_rules_tag_and_the_settings() -> None:
    tag = rules_tag(TOUCH)
    assert tag == "german; touch-move=on"
    assert parse_rules_tag(tag) == TOUCH
    assert rules_from_spec(*rules_spec(TOUCH)) == TOUCH
    english = find_rules("english").with_switches({"touch-move": "ja"})
    assert parse_rules_tag(rules_tag(english) or "") == english
    assert rules_tag(find_rules("german")) == "german"  # off: not written


def test_a_pdn_file_reopens_with_touch_move() -> None:
    rules = TOUCH.with_switches(["huffing=on"])
    game = PdnGame(rules=rules)
    game.add_main_variation("22-18")
    text = write_game(game)
    assert '[Rules "german; huffing=on; touch-move=on"]' in text
    back = read_game(io.StringIO(text))
    assert back is not None and not back.errors and back.rules == rules


def test_the_command_accepts_the_switch() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "dame_desktop.cli",
            "moves",
            "--rules",
            "german",
            "--set",
            "touch-move=on",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]
    bad = subprocess.run(
        [sys.executable, "-m", "dame_desktop.cli", "moves", "--set", "touch-move=maybe"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert bad.returncode == 2 and "touch-move" in bad.stderr


def test_a_touched_piece_narrows_the_legal_moves_and_must_move() -> None:
    game = Game(TOUCH)
    assert game.touch(22) is Touch.BOUND
    assert game.touched == 22
    assert texts(game.legal_moves()) == ["22-17", "22-18"]
    with pytest.raises(IllegalMoveError) as refused:
        game.play("23-18")
    assert refused.value.kind is IllegalKind.TOUCHED and refused.value.square == 22
    assert "22" in str(refused.value)
    other = next(m for m in game.position.legal_moves() if m.from_sq == 24)
    with pytest.raises(IllegalMoveError) as as_move:
        game.play(other)  # a Move object is refused the same way
    assert as_move.value.kind is IllegalKind.TOUCHED
    assert game.touched == 22 and len(game.moves) == 0
    game.play("22-18")
    assert game.touched is None
    assert len(game.legal_moves()) == len(game.position.legal_moves())  # Black is free


def test_an_ordinary_illegal_move_keeps_its_ordinary_kind() -> None:
    game = Game(TOUCH)
    game.touch(22)
    with pytest.raises(IllegalMoveError) as refused:
        game.play("22-19")  # not a move at all
    assert refused.value.kind is IllegalKind.NOT_LEGAL and refused.value.square is None


def test_touching_the_same_piece_again_or_another_piece_keeps_the_first() -> None:
    game = Game(TOUCH)
    assert game.touch(22) is Touch.BOUND
    assert game.touch(22) is Touch.BOUND  # letting go and taking it again
    assert game.touch(23) is Touch.ALREADY_BOUND
    assert game.touch(23, straighten=True) is Touch.ALREADY_BOUND  # too late to say so
    assert game.touched == 22


def test_empty_enemy_and_blocked_squares_bind_nothing() -> None:
    game = Game(TOUCH)
    assert game.touch(17) is Touch.NOT_OWN  # empty
    assert game.touch(9) is Touch.NOT_OWN  # Black's man, White to move
    assert game.touch(29) is Touch.CANNOT_MOVE  # back-row man, blocked
    assert game.touched is None
    assert len(game.legal_moves()) == 7
    with pytest.raises(GameError, match="no square 33"):
        game.touch(33)
    with pytest.raises(GameError, match="no square 0"):
        game.touch(0)


def test_a_piece_without_a_capture_is_not_touched_while_another_must_capture() -> None:
    # White must take 22x15; the man on 31 could move but not capture
    game = Game(TOUCH, Position.from_fen("W:W22,31:B18,3", TOUCH))
    assert game.touch(31) is Touch.CANNOT_MOVE
    assert game.touch(22) is Touch.BOUND
    assert texts(game.legal_moves()) == ["22x15"]


def test_straightening_lifts_the_rule_for_that_one_touch() -> None:
    game = Game(TOUCH)
    assert game.touch(22, straighten=True) is Touch.STRAIGHTENED
    assert game.touched is None
    game.play("23-18")  # another piece: allowed
    assert game.touch(11) is Touch.BOUND  # Black's next touch binds again
    with pytest.raises(IllegalMoveError):
        game.play("10-14")
    game.play("11-15")


def test_undo_redo_and_a_new_game_clear_the_touch() -> None:
    game = Game(TOUCH)
    game.play("22-18")
    game.touch(9)
    game.undo()
    assert game.touched is None and len(game.legal_moves()) == 7
    game.touch(21)
    game.redo()
    assert game.touched is None
    assert Game(TOUCH, game.position).touched is None


def test_resignation_draw_blow_and_correction_clear_the_touch() -> None:
    game = Game(TOUCH)
    game.touch(22)
    game.agree_draw()
    assert game.touched is None
    assert game.touch(11) is Touch.GAME_OVER
    game = Game(TOUCH)
    game.touch(22)
    game.resign(Color.WHITE)
    assert game.touched is None
    huff = TOUCH.with_switches(["huffing=on"])
    for choice in (HuffChoice.BLOW, HuffChoice.CORRECT):
        game = Game(huff, Position.from_fen("W:W22,25,31:B18,3,4", huff))
        assert game.touch(31) is Touch.BOUND  # with huffing a non-capture is playable
        game.play("31-27")
        assert game.pending_huff is not None
        assert game.touch(3) is Touch.BOUND  # Black touches before deciding
        game.huff(choice, 22 if choice is HuffChoice.BLOW else None)
        assert game.touched is None


def test_off_by_default_touch_does_nothing() -> None:
    game = Game(find_rules("german"))
    assert game.touch(22) is Touch.OFF
    assert game.touched is None
    game.play("23-18")


def test_the_computer_path_is_never_bound() -> None:
    # the human (White) touches and moves; the engine's move goes through play() untouched
    game = Game(TOUCH)
    game.touch(22)
    game.play("22-18")
    for engine_move in game.legal_moves():  # every Black move stays playable
        probe = Game(TOUCH, game.position)
        probe.play(engine_move)
    assert len(game.legal_moves()) == len(game.position.legal_moves())


def test_a_touch_is_not_saved_in_the_autosave() -> None:
    game = Game(TOUCH)
    game.play("22-18")
    before = autosave_record(game)
    game.touch(11)
    during = autosave_record(game)
    assert {k: v for k, v in before.items() if k != "saved_at"} == {
        k: v for k, v in during.items() if k != "saved_at"
    }
    restored, _meta = restore_game(during)
    assert restored.rules.touch_move and restored.touched is None
    restored.play("10-14")  # the restored game starts the move untouched
