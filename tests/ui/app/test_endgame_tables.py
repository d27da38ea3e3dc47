"""Endgame tables built on the engine's first use: a real window, real hints, a real spawned
building process writing real tables into a folder of the test's own.

The tests build small tables (3 pieces take well under a second) through the window's
``tables.pieces_for``; a stop is tried on the 5-piece build, which runs for minutes.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dame_desktop.ai import egtb
from dame_desktop.core import Position, RuleSet, find_rules
from dame_desktop.store.settings import Preferences, load_preferences
from dame_desktop.ui.app.endgame_tables import NO_BUILD_ENV
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from tests.ai.test_egtb import OtherProgram
from tests.ui.app.test_book_pref import click_box
from tests.ui.uihelp import running_session

BUILD_MS = 120_000  # a spawned process on a busy machine: wait for its event, this at most


@pytest.fixture
def program(qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    """The program as started: preferences applied (the building is on by default), German
    rules, tables in a folder of the test's own."""
    monkeypatch.setenv(egtb.FOLDER_ENV, str(tmp_path / "tables"))
    monkeypatch.delenv(NO_BUILD_ENV, raising=False)
    egtb.forget()
    yield from running_session(qtbot, tmp_path / "config", monkeypatch, "en")
    egtb.forget()


def ask_hint(window: MainWindow) -> None:
    action = window.action("hint")
    assert action.isEnabled()
    action.trigger()


def german() -> RuleSet:
    return find_rules("german")


def test_the_first_hint_builds_the_missing_tables_with_a_bar_in_the_status_bar(
    program, qtbot, tmp_path
):
    _session, window = program
    tables = window.tables
    tables.pieces_for = lambda rules: 3
    assert egtb.tables_for(german()) is None
    assert not tables.status.isVisible() and tables.building is None

    with qtbot.waitSignal(tables.ready, timeout=BUILD_MS) as ready:
        ask_hint(window)
        assert tables.building == german()  # the hint's request started it
        assert tables.status.isVisible()
        assert "Building the endgame tables for German" in window.last_message
    assert ready.args == [german(), 3]
    assert not tables.status.isVisible() and tables.building is None
    assert "are ready" in window.last_message and "up to 3 pieces" in window.last_message
    built = egtb.tables_for(german())
    assert built is not None and built.max_pieces == 3  # the engine's next search has them
    key_folder = tmp_path / "tables" / egtb.table_key(german())
    assert len(list(key_folder.glob("*.wdl"))) == len(egtb.materials(3))

    assert not tables.want(german())  # nothing is missing now
    ask_hint(window)
    assert tables.building is None


def test_a_click_on_stop_ends_the_process_keeps_what_is_built_and_not_again_this_session(
    program, qtbot, tmp_path
):
    _session, window = program
    tables = window.tables
    tables.pieces_for = lambda rules: 5  # minutes of work: it is still running at the click
    values: list[int] = []
    tables.builder.progressed.connect(lambda done, total: values.append(done))
    ask_hint(window)
    process = tables.builder._process
    assert process is not None
    qtbot.waitUntil(lambda: len(values) >= 3, timeout=BUILD_MS)  # some materials written

    button = tables.status.stop_button
    assert button.isVisible()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert tables.building is None and not tables.status.isVisible()
    assert not process.is_alive()
    assert "Stopped building the endgame tables" in window.last_message
    written = list((tmp_path / "tables" / egtb.table_key(german())).glob("*.wdl"))
    assert len(written) >= 3  # the finished materials stay

    ask_hint(window)  # the user stopped it: not again in this session
    assert tables.building is None


def test_the_preference_turns_the_building_off_and_stops_a_running_one(program, qtbot):
    session, window = program
    tables = window.tables
    tables.pieces_for = lambda rules: 5
    ask_hint(window)
    process = tables.builder._process
    assert process is not None

    dialog = session.show_preferences()
    assert dialog.tables_check.isChecked()
    click_box(dialog.tables_check)
    assert load_preferences().value.endgame_tables is False
    assert tables.building is None and not process.is_alive()

    assert not tables.want(german())
    ask_hint(window)
    assert tables.building is None


def test_a_folder_that_cannot_be_written_is_named_in_the_message(program, qtbot, tmp_path):
    _session, window = program
    tables = window.tables
    tables.pieces_for = lambda rules: 3
    blocker = tmp_path / "tables"
    blocker.write_text("a file where the tables' folder should be\n", encoding="utf-8")
    with qtbot.waitSignal(tables.builder.failed, timeout=BUILD_MS):
        ask_hint(window)
    message = window.last_message
    assert message.startswith("The endgame tables for German (Schmidt) could not be built: ")
    assert str(blocker / egtb.table_key(german())) in message  # the place, and why:
    assert message.endswith(": the folder does not exist")
    assert tables.building is None and not tables.status.isVisible()
    ask_hint(window)  # not tried again in this session
    assert tables.building is None


def test_a_board_without_tables_and_the_tests_switch_build_nothing(program, monkeypatch):
    _session, window = program
    tables = window.tables
    assert tables.pieces_for(german()) == 5  # minutes; 6 pieces only on request (an hour)
    assert tables.pieces_for(find_rules("international")) == 4
    assert not tables.want(find_rules("turkish"))  # tables are for dark squares only
    monkeypatch.setenv(NO_BUILD_ENV, "1")
    assert not tables.want(german())
    assert tables.building is None


def test_the_window_without_preferences_builds_nothing(qtbot, monkeypatch, tmp_path: Path):
    monkeypatch.delenv(NO_BUILD_ENV, raising=False)
    monkeypatch.setenv(egtb.FOLDER_ENV, str(tmp_path))
    window = MainWindow(start_game=False)  # as the bundle's self-test makes it
    qtbot.addWidget(window)
    try:
        assert not window.tables.want(german())
    finally:
        window.shutdown()


def test_two_windows_never_build_the_same_tables_at_once(program, qtbot):
    _session, window = program
    window.tables.pieces_for = lambda rules: 5
    other = MainWindow(start_game=False)
    qtbot.addWidget(other)
    try:
        other.apply_preferences(Preferences(language="en"))
        other.tables.pieces_for = lambda rules: 5
        assert window.tables.want(german())
        assert not other.tables.want(german())  # the first window builds them
        window.tables.stop()
        assert other.tables.want(german())  # free again: this window may
        assert other.tables.building == german()
    finally:
        other.shutdown()
    assert other.tables.building is None


def test_a_window_that_stopped_its_build_does_not_free_another_windows_build(program, qtbot):
    """The first window stops its build and the second takes it up; the first window's
    closing must not let a third start the same build beside the second's."""
    _session, window = program
    window.tables.pieces_for = lambda rules: 5
    others = [MainWindow(start_game=False) for _ in range(2)]
    try:
        for other in others:
            qtbot.addWidget(other)
            other.apply_preferences(Preferences(language="en"))
            other.tables.pieces_for = lambda rules: 5
        second, third = others
        assert window.tables.want(german())
        window.tables.stop()
        assert second.tables.want(german())
        window.tables.close()
        assert not third.tables.want(german())  # the second window still builds them
    finally:
        for other in others:
            other.shutdown()


def test_the_analysis_panel_shows_the_tables_verdict_once_they_are_built(program, qtbot):
    """The panel asked first (no tables yet: no verdict); once they are built it analyses its
    position again and names the winner."""
    _session, window = program
    tables = window.tables
    tables.pieces_for = lambda rules: 3
    QApplication.clipboard().setText("W:WK29:B10")  # a king against a man: Light wins
    window.action("paste").trigger()
    window.document.ask_save = lambda: "discard"  # the window closes after the test
    assert window.shown_position() == Position.from_fen("W:WK29:B10", german())
    with qtbot.waitSignal(tables.ready, timeout=BUILD_MS):
        window.action("analysis").trigger()  # the panel's request starts the build
    panel = window.analysis.panel

    def verdict() -> str:
        update = panel.current()
        return update.analysis.endgame if update is not None else ""

    qtbot.waitUntil(lambda: verdict() == "win", timeout=BUILD_MS)
    assert panel.endgame_label.text().startswith("Light wins: endgame table")


def test_tables_another_program_builds_are_waited_for_then_used(program, qtbot, tmp_path):
    """Another program (a real process holding the folder's build lock) builds them: the
    window starts no build beside it, says so, and uses its tables once it has finished."""
    _session, window = program
    tables = window.tables
    tables.pieces_for = lambda rules: 3
    key = egtb.table_key(german())
    mine = tmp_path / "tables" / key
    other = OtherProgram(mine / egtb.BUILD_LOCK)
    try:
        ask_hint(window)
        assert tables.building is None and not tables.status.isVisible()
        assert window.last_message == (
            "Another Dame program is building the endgame tables for German (Schmidt)."
        )
        # what the other program writes (solved elsewhere, put where it would write them)
        egtb.build(german(), 3, tmp_path / "elsewhere")
        for path in (tmp_path / "elsewhere" / key).iterdir():
            if path.suffix in (".wdl", ".dtc"):  # the values and their distances
                shutil.copyfile(path, mine / path.name)
        assert not tables.want(german())  # it still holds the lock: still waiting
        assert tables.building is None
    finally:
        other.end()
    with qtbot.waitSignal(tables.ready, timeout=5000) as ready:
        assert not tables.want(german())  # nothing to build: its tables are complete
    assert ready.args == [german(), 3]
    assert tables.building is None
    built = egtb.tables_for(german())
    assert built is not None and built.max_pieces == 3


def test_a_build_another_program_began_a_moment_before_gives_way(
    program, qtbot, tmp_path, monkeypatch
):
    """The other program took the lock between the window's look and its process's start:
    the process reports it, the window waits, and builds once the other has stopped."""
    _session, window = program
    tables = window.tables
    tables.pieces_for = lambda rules: 3
    other = OtherProgram(tmp_path / "tables" / egtb.table_key(german()) / egtb.BUILD_LOCK)
    try:
        look = egtb.build_lock_busy
        monkeypatch.setattr(egtb, "build_lock_busy", lambda rules, folder=None: False)
        with qtbot.waitSignal(tables.builder.busy, timeout=BUILD_MS):
            ask_hint(window)
            assert tables.building == german()  # the process started, and found the lock
        assert tables.building is None and not tables.status.isVisible()
        assert window.last_message.startswith("Another Dame program is building")
        monkeypatch.setattr(egtb, "build_lock_busy", look)
        assert not tables.want(german())  # waiting while the other holds it
    finally:
        other.end()  # it stopped without building them
    with qtbot.waitSignal(tables.ready, timeout=BUILD_MS) as ready:
        assert tables.want(german())  # free now: this window builds them
    assert ready.args == [german(), 3]
