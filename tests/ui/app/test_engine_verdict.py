"""One verdict for one bad engine: the analysis panel and play (the computer, the
hints) run processes of their own of the chosen Hub engine; whichever finds it broken, both
leave it for the built-in engine, the user gets one message, and no process is left over.
Real window, real clicks and actions, real processes (a launcher that counts its starts)."""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from dame_desktop.core import Color
from dame_desktop.store.settings import load_preferences
from dame_desktop.ui.ai_worker import MoveAnswer
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from tests.engines.helpers import assert_gone, needs_proc, wait_until, worker_children
from tests.ui.app.test_hub_play_window import (
    ENGINES,
    FAILED,
    INTERNATIONAL,
    Messages,
    answers,
    play_by_clicks,
    players_text,
    program,  # noqa: F401 - the fixture
)
from tests.ui.uihelp import start

WHAT = "quit during the search"  # the crashing fake's fault, in every message about it


def counted_crash(tmp_path: Path) -> tuple[str, Callable[[], int]]:
    """A launcher of the crashing fake that notes every start; the number of starts."""
    log = tmp_path / "starts.log"
    launcher = tmp_path / "engines" / "crashing"
    launcher.parent.mkdir(parents=True, exist_ok=True)
    launcher.write_text(f'#!/bin/sh\necho start >> "{log}"\nexec "{ENGINES / "fake-crash"}"\n')
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR)

    def starts() -> int:
        return len(log.read_text().splitlines()) if log.exists() else 0

    return str(launcher), starts


def choose(session: Session, window: MainWindow, qtbot, path: str) -> int:
    """Preferences › Engines › Add… ``path``: the pid of play's process of it."""
    window.action("preferences").trigger()
    dialog = session.preferences_dialog
    assert dialog is not None
    page = dialog.engines_page
    dialog.tabs.setCurrentWidget(page)
    page.choose_file = lambda: path
    QTest.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    assert page.error_box is None and load_preferences().value.engine == path
    qtbot.waitUntil(lambda: window.client.external_info is not None, timeout=60_000)
    dialog.close()
    pid = window.client.external_pid
    assert pid is not None
    return pid


def about_it(messages: Messages) -> list[str]:
    """The messages about the engine's failure (the panel's and play's alike)."""
    return [m for m in messages.seen if WHAT in m or FAILED in m]


def panel_speaks_builtin(window: MainWindow) -> bool:
    update = window.analysis.panel.current()
    return update is not None and update.builtin


def crash_engines() -> list[int]:
    """Our children (running or zombies) that are the crashing fake engine."""
    found = []
    for child in worker_children():
        try:
            with open(f"/proc/{child}/cmdline", "rb") as handle:
                if b"crash.py" in handle.read():
                    found.append(child)
        except OSError:  # reaped meanwhile
            continue
    return found


def no_engine_left(pid: int) -> None:
    """Play's process ``pid`` and every other process of the engine are gone and reaped
    (the engine threads reap them after the window has said so: wait for it)."""
    assert_gone(pid)
    wait_until(lambda: not crash_engines(), "every process of the crashing engine is reaped")


def open_panel(window: MainWindow, qtbot) -> None:
    window.action("analysis").trigger()
    assert window.analysis.dock.isVisible()
    qtbot.waitExposed(window.analysis.panel)


@needs_proc
def test_both_find_it_broken_one_message_both_builtin(program, qtbot, tmp_path) -> None:  # noqa: F811
    """The brief's case: the panel open and the computer to move, both start a search on the
    crashing engine at once."""
    session, window = program()
    path, starts = counted_crash(tmp_path)
    pid = choose(session, window, qtbot, path)
    base = starts()  # the preferences' handshake and play's process
    open_panel(window, qtbot)
    messages = Messages(window)
    got = answers(window)
    start(window, rules=INTERNATIONAL, computer=True, colour=Color.BLACK, level="beginner")
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 1, timeout=60_000)
    qtbot.waitUntil(lambda: panel_speaks_builtin(window), timeout=60_000)
    # both have said all they will about it: each lane's failure is sent before the built-in
    # engine's answer that follows it, and both of those have arrived
    assert len(about_it(messages)) == 1, messages.seen
    assert [a.engine for a in got if isinstance(a, MoveAnswer)] == [""]
    assert "White: Dame (Beginner)" in players_text(window)
    assert window.client.external_broken and window.client.external_pid is None
    assert window.analysis.engine_broken
    no_engine_left(pid)
    # the game goes on: neither side starts the engine again, nothing more is said
    before = starts()
    play_by_clicks(window, window.controller.game.legal_moves()[0])
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 3, timeout=60_000)
    qtbot.waitUntil(
        lambda: (
            panel_speaks_builtin(window)
            and window.analysis.panel.position() == window.controller.game.position
        ),
        timeout=60_000,
    )
    assert starts() == before <= base + 1  # play's (at the choice) and the panel's, if any
    assert len(about_it(messages)) == 1, messages.seen


@needs_proc
def test_play_finds_it_broken_the_panel_never_starts_it(program, qtbot, tmp_path) -> None:  # noqa: F811
    session, window = program()
    path, starts = counted_crash(tmp_path)
    pid = choose(session, window, qtbot, path)
    base = starts()  # the preferences' handshake and play's process
    messages = Messages(window)
    start(window, rules=INTERNATIONAL, computer=True, colour=Color.BLACK, level="beginner")
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 1, timeout=60_000)
    assert len(about_it(messages)) == 1 and starts() == base
    open_panel(window, qtbot)
    qtbot.waitUntil(lambda: panel_speaks_builtin(window), timeout=60_000)
    assert starts() == base  # the panel went to the built-in engine without trying it
    assert len(about_it(messages)) == 1, messages.seen
    no_engine_left(pid)


@needs_proc
def test_the_panel_finds_it_broken_play_leaves_it_too(program, qtbot, tmp_path) -> None:  # noqa: F811
    session, window = program()
    path, starts = counted_crash(tmp_path)
    pid = choose(session, window, qtbot, path)
    base = starts()  # the preferences' handshake and play's process
    messages = Messages(window)
    start(window, rules=INTERNATIONAL, computer=False)  # hot-seat: only the panel searches
    open_panel(window, qtbot)
    qtbot.waitUntil(lambda: panel_speaks_builtin(window), timeout=60_000)
    failures = about_it(messages)
    assert len(failures) == 1 and FAILED in failures[0], messages.seen  # the whole sentence
    assert window.client.external_broken
    qtbot.waitUntil(lambda: window.client.external_pid is None, timeout=60_000)
    no_engine_left(pid)  # play's idle process was stopped and reaped too
    window.action("hint").trigger()
    qtbot.waitUntil(lambda: window.last_message.startswith("Hint: "), timeout=60_000)
    assert len(about_it(messages)) == 1, messages.seen
    assert starts() == base + 1  # the panel's, and none since


@needs_proc
def test_analyse_game_finds_it_broken_one_message_play_leaves_it(program, qtbot, tmp_path) -> None:  # noqa: F811
    """Game › Analyse game… with the crashing engine: the dialog's failure is the same one
    verdict (before, it said nothing and play went on with the engine)."""
    session, window = program()
    path, starts = counted_crash(tmp_path)
    pid = choose(session, window, qtbot, path)
    messages = Messages(window)
    start(window, rules=INTERNATIONAL, computer=False)
    play_by_clicks(window, window.controller.game.legal_moves()[0])
    window.action("analyseGame").trigger()
    dialog = window.analysis.game_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.movetime.setValue(0.1)
    decline = QTimer()  # the analysed live game would replace it: "no" to the question
    decline.setInterval(50)

    def say_no() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            box.reject()

    decline.timeout.connect(say_no)
    decline.start()
    with qtbot.waitSignal(dialog.finished_analysis, timeout=60_000):
        QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    decline.stop()
    failures = about_it(messages)
    assert len(failures) == 1 and FAILED in failures[0], messages.seen
    assert window.client.external_broken and window.analysis.engine_broken
    qtbot.waitUntil(lambda: window.client.external_pid is None, timeout=60_000)
    no_engine_left(pid)
    dialog.close()
    window.action("hint").trigger()
    qtbot.waitUntil(lambda: window.last_message.startswith("Hint: "), timeout=60_000)
    assert len(about_it(messages)) == 1, messages.seen
