"""Games survive a crash; damaged settings and autosave files are moved aside with a message.

The crash test runs the real program in a subprocess (offscreen, its files in tmp_path),
plays moves by clicking on the board, kills it with SIGKILL and starts the program again
in this process, answering "Continue the game?" the way a user would.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox

from dame_desktop.core import Color, HuffChoice, find_rules
from dame_desktop.store.autosave import autosave_path, load_autosave
from dame_desktop.store.settings import (
    LevelKey,
    Preferences,
    first_start_preferences,
    load_preferences,
    save_preferences,
    settings_path,
)
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from tests.ui.uihelp import drag

DRIVER = Path(__file__).resolve().parents[1] / "session_driver.py"


def answer_box(name: str, button: str | None, seen: list[str]) -> None:
    """When the message box ``name`` opens, note its text and click ``button`` (object name;
    None: the first button)."""

    def look() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == name:
            seen.append(box.text() + "\n" + box.informativeText() + "\n" + box.detailedText())
            target = box.findChild(QAbstractButton, button) if button else box.buttons()[0]
            assert target is not None
            target.click()
            return
        QTimer.singleShot(20, look)

    QTimer.singleShot(0, look)


@pytest.fixture
def start_program(
    qtbot, tmp_path, monkeypatch
) -> Iterator[Callable[[], tuple[Session, MainWindow]]]:
    """Start the program as app.main does (files in tmp_path); closes what it started."""
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    started: list[tuple[Session, MainWindow]] = []

    def start() -> tuple[Session, MainWindow]:
        session = Session()
        window = MainWindow(start_game=False)
        qtbot.addWidget(window)
        session.attach(window)
        window.board.set_animated(False)
        window.show()
        session.begin()
        started.append((session, window))
        return session, window

    yield start
    for session, window in started:
        session.languages.set_language("en")
        window.shutdown()


@pytest.mark.slow
def test_a_killed_game_comes_back_with_every_move_and_its_rules(start_program, tmp_path):
    save_preferences(
        Preferences(
            language="en",
            opponent="human",
            animate=False,
            rule_switches=("men-capture-backward=on",),
        ),
        tmp_path,
    )
    env = dict(os.environ, DAME_CONFIG_DIR=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), "8"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline and not line.startswith(("PLAYED", "FAILED")):
            line = proc.stdout.readline()
            if not line and proc.poll() is not None:
                break
        assert line.startswith("PLAYED"), f"the driver said {line!r}"
        os.kill(proc.pid, signal.SIGKILL)  # a crash: no closing, no saving on exit
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    _, plies, fen, moves = line.split()
    assert autosave_path().is_file()

    seen: list[str] = []
    answer_box("continueGameBox", "continueButton", seen)
    session, window = start_program()
    game = window.controller.game
    assert len(seen) == 1 and "Continue the game?" in seen[0]
    assert "Moves played: 8" in seen[0]
    assert len(game.moves) == int(plies) == 8
    assert game.position.fen() == fen
    replayed = [game.states[i].position.move_text(m) for i, m in enumerate(game.moves)]
    assert replayed == moves.split(",")
    assert all(text in seen[0] for text in replayed)  # every move is listed in the offer
    assert game.rules.men_capture_backward and game.rules.key == "german"
    assert window.model.entries(), "the move list shows the restored moves"
    assert window.board.position() == game.position
    # the game goes on, and is saved again after the next move
    info = window.controller.turn_info()
    assert info is not None and info.human
    move = info.moves[0]
    window.controller.submit_move(move)
    assert load_autosave().game is not None
    assert len(load_autosave().game.moves) == 9  # type: ignore[union-attr]


def test_declining_the_offer_starts_a_new_game_and_forgets_the_old_one(
    start_program, tmp_path, qtbot
):
    save_preferences(Preferences(language="en", opponent="human", animate=False), tmp_path)
    session, window = start_program()
    for a, b in ((22, 18), (9, 13)):
        with qtbot.waitSignal(window.controller.move_played, timeout=2000):
            drag(window.board, a, b)
    assert len(load_autosave().game.moves) == 2  # type: ignore[union-attr]
    window.controller.undo()  # an undo is saved too
    assert len(load_autosave().game.moves) == 1  # type: ignore[union-attr]
    window.shutdown()

    seen: list[str] = []
    answer_box("continueGameBox", "newGameButton", seen)
    session2, window2 = start_program()
    assert seen and not window2.controller.game.moves
    assert not autosave_path().exists()


def test_a_declined_game_that_cannot_be_removed_is_named(start_program, tmp_path, qtbot):
    """The user declines the game offered, but its autosave cannot be removed (here a folder
    took its place meanwhile; a read-only data folder does the same): the window says so and
    names the file, instead of offering the same game again at every start without a word."""
    save_preferences(Preferences(language="en", opponent="human", animate=False), tmp_path)
    session, window = start_program()
    with qtbot.waitSignal(window.controller.move_played, timeout=60_000):
        drag(window.board, 22, 18)
    path = autosave_path()
    window.shutdown()

    def block_then_decline() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == "continueGameBox":
            path.unlink()
            path.mkdir()
            (path / "inside.txt").write_text("kept")
            button = box.findChild(QAbstractButton, "newGameButton")
            assert button is not None
            button.click()
            return
        QTimer.singleShot(20, block_then_decline)

    QTimer.singleShot(0, block_then_decline)
    session2, window2 = start_program()
    assert not window2.controller.game.moves
    assert "could not be removed" in window2.last_message, window2.last_message
    assert str(path) in window2.last_message
    assert (path / "inside.txt").read_text() == "kept"


def test_huffing_decisions_are_saved_and_restored(start_program, tmp_path, qtbot):
    rules_switches = ("huffing=on",)
    save_preferences(
        Preferences(language="en", opponent="human", animate=False, rule_switches=rules_switches),
        tmp_path,
    )
    session, window = start_program()
    c = window.controller
    # Light 22-18, Dark 11-15: Light must capture 18x11 but plays 21-17 instead (huffing)
    for text in ("22-18", "11-15", "21-17"):
        move = c.game.position.parse_move(text, c.game.legal_moves())
        c.submit_move(move)
    assert c.game.pending_huff is not None
    window.play.decide_huff(HuffChoice.BLOW, c.game.pending_huff.candidates[0])
    saved = load_autosave()
    assert saved.game is not None and saved.game.states[-1].blown is not None
    fen = c.game.position.fen()
    window.shutdown()

    seen: list[str] = []
    answer_box("continueGameBox", "continueButton", seen)
    session2, window2 = start_program()
    assert window2.controller.game.position.fen() == fen
    assert "(blown: 18)" in seen[0]


def test_a_damaged_settings_file_is_moved_aside_and_reported(start_program, tmp_path):
    path = settings_path(tmp_path)
    path.write_text("{ this is not json", encoding="utf-8")
    seen: list[str] = []
    answer_box("storageWarningBox", None, seen)
    session, window = start_program()
    assert len(seen) == 1
    assert "The settings file was damaged" in seen[0]
    aside = list(tmp_path.glob("settings.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{ this is not json"
    assert str(aside[0]) in seen[0]  # the message says where the old file is
    # the settings are gone: the first-start defaults (the rules follow the UI language)
    assert session.prefs == first_start_preferences(QLocale.system().name())
    assert window.controller.game is not None and window.controller.players
    assert window.controller.against_computer()  # the default opponent


def test_a_damaged_autosave_is_moved_aside_and_a_new_game_starts(start_program, tmp_path):
    save_preferences(Preferences(language="en", opponent="human"), tmp_path)
    autosave_path().write_text(
        json.dumps({"format": "dame-autosave", "version": 1, "rules": {"preset": "no-such-rules"}}),
        encoding="utf-8",
    )
    seen: list[str] = []
    answer_box("storageWarningBox", None, seen)
    session, window = start_program()
    assert len(seen) == 1 and "The saved game was damaged" in seen[0]
    assert list(tmp_path.glob("autosave.json.damaged-*"))
    assert not window.controller.game.moves
    assert session.prefs.opponent == "human"  # the settings were not touched
    assert load_preferences().value.opponent == "human"


def test_a_bad_value_keeps_the_other_settings(start_program, tmp_path):
    data = Preferences(language="en", opponent="human", level=LevelKey("hard")).to_json()
    data["board_theme"] = "purple"
    settings_path(tmp_path).write_text(json.dumps(data), encoding="utf-8")
    seen: list[str] = []
    answer_box("storageWarningBox", None, seen)
    session, window = start_program()
    assert "invalid value" in seen[0] and "board_theme" in seen[0]
    # only one value was bad -- the message names it and does not say "defaults"
    assert "The setting board_theme had an invalid value ('purple') and was reset to" in seen[0]
    assert "default settings" not in seen[0]
    assert session.prefs.opponent == "human" and session.prefs.level == "hard"
    assert session.prefs.board_theme == "wood"
    assert not window.controller.against_computer()
    assert window.controller.rules == find_rules("german")
    assert window.controller.human_colour() is None and Color.WHITE in window.controller.players


def test_a_damaged_list_of_recent_files_is_reported(start_program, tmp_path):
    """A damaged recent-files.json was set aside silently."""
    save_preferences(Preferences(language="en", opponent="human"), tmp_path)
    from dame_desktop.store.settings import recent_files_path

    recent_files_path(tmp_path).write_text("[" * 50_000, encoding="utf-8")
    seen: list[str] = []
    answer_box("storageWarningBox", None, seen)
    session, window = start_program()
    assert len(seen) == 1 and "The list of recent files was damaged" in seen[0]
    assert list(window.document.recent) == []
