"""The game's sounds for a move, a capture, a crowning and the end, played by a real player
program (a small script standing in for paplay) from a real hot-seat board."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from dame_desktop.audio import NO_SOUND_ENV, Backend, Sound, SoundPlayer
from dame_desktop.core import Position, find_rules
from dame_desktop.ui.family.sounds import GameSounds, move_sound
from tests.ui.family.harness import HotSeat

GERMAN = find_rules("german")


def recording_player(tmp_path: Path) -> tuple[SoundPlayer, Path]:
    log = tmp_path / "played.txt"
    script = tmp_path / "player.py"
    script.write_text(
        textwrap.dedent(f"""
        import sys
        with open({str(log)!r}, "a") as out:
            out.write(sys.argv[1].rsplit("/", 1)[-1].rsplit("\\\\", 1)[-1] + "\\n")
    """),
        encoding="utf-8",
    )
    return SoundPlayer(True, 100, backend=Backend("t", (sys.executable, str(script)))), log


def test_which_sound_a_move_makes() -> None:
    start = Position.start(GERMAN)
    assert move_sound(start.legal_moves()[0]) is Sound.MOVE
    capture = Position.from_fen("W:W22:B18", GERMAN).legal_moves()[0]
    assert capture.is_capture and move_sound(capture) is Sound.CAPTURE
    crowning = Position.from_fen("W:W6:B30", GERMAN).legal_moves()[0]
    assert crowning.promotes and not crowning.is_capture
    assert move_sound(crowning) is Sound.CROWN
    crown_capture = Position.from_fen("W:W10:B7", GERMAN).legal_moves()[0]
    assert crown_capture.is_capture and crown_capture.promotes
    assert move_sound(crown_capture) is Sound.CROWN, "a crowning sounds over its capture"


def test_a_hot_seat_game_plays_its_sounds(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NO_SOUND_ENV, raising=False)
    player, log = recording_player(tmp_path)
    sounds = GameSounds(player)
    table = HotSeat(qtbot, GERMAN, Position.from_fen("W:W22,29:B18,5", GERMAN))
    table.board.move_chosen.connect(sounds.on_move_played)
    table.drag(22, 15)  # takes 18
    table.drag(5, 9)
    table.drag(29, 25)
    assert [m.full_text() for m in table.played] == ["22x15", "5-9", "29-25"]
    sounds.on_game_over()
    qtbot.waitUntil(lambda: log.exists() and len(log.read_text().split()) == 4, timeout=20000)
    assert sorted(log.read_text().split()) == sorted(
        ["capture.wav", "move.wav", "move.wav", "end.wav"]
    )
    assert sounds.played == [Sound.CAPTURE, Sound.MOVE, Sound.MOVE, Sound.END]
    sounds.close()


def test_the_switch_and_the_tests_keep_it_quiet(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NO_SOUND_ENV, raising=False)
    player, log = recording_player(tmp_path)
    sounds = GameSounds(player)
    sounds.apply_preferences(False, 80)
    assert not sounds.play(Sound.MOVE)
    sounds.apply_preferences(True, 0)
    assert not sounds.play(Sound.MOVE), "volume 0 is silence"
    monkeypatch.setenv(NO_SOUND_ENV, "1")
    sounds.apply_preferences(True, 100)
    assert not sounds.play(Sound.MOVE)
    monkeypatch.delenv(NO_SOUND_ENV)
    assert sounds.play(Sound.END)
    # the player opens the log before it writes: wait for the line, not for the file
    qtbot.waitUntil(lambda: log.exists() and bool(log.read_text().split()), timeout=20000)
    sounds.close()
    assert log.read_text().split() == ["end.wav"]
