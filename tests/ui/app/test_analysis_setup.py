"""The analysis panel follows the set-up editor: it analyses the board being set up (when one
can play from it), follows each edit once the edits pause, drops the answers of an earlier
board, and goes back to the shown position when the editor closes.  Through the real window,
its menu action and real clicks on the editor."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from dame_desktop.core import Color, Position, find_rules
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.study.setup_editor import SetupEditor
from tests.ui.app.test_analysis_window import panel_shows
from tests.ui.uihelp import click, drag, start

GERMAN = find_rules("german")


def press(button) -> None:
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def open_editor(window: MainWindow, qtbot) -> SetupEditor:
    window.action("setup").trigger()
    editor = window.document.setup_dialog
    assert isinstance(editor, SetupEditor) and editor.isVisible()
    qtbot.waitExposed(editor)
    return editor


def panel_has(window: MainWindow, position: Position) -> bool:
    panel = window.analysis.panel
    update = panel.current()
    return panel.position() == position and update is not None and update.position == position


def test_the_panel_analyses_the_position_being_set_up(window, qtbot) -> None:
    start(window)
    window.action("analysis").trigger()
    panel = window.analysis.panel
    qtbot.waitUntil(lambda: panel_shows(window), timeout=60_000)
    shown = window.navigator.position()
    editor = open_editor(window, qtbot)
    press(editor.clear_button)
    assert panel.position() is None and not panel.is_analysing()
    assert "The board is empty" in panel.status_label.text()
    click(editor.board, 22)  # a light man: dark has none, nothing to analyse yet
    assert panel.position() is None and "Dark has no pieces" in panel.status_label.text()
    press(editor.tool_buttons[2])  # dark man
    click(editor.board, 9)
    first = editor.position()
    assert editor.playable_position() == first
    assert panel.position() == first
    qtbot.waitUntil(lambda: panel_has(window, first), timeout=60_000)
    # quick edits: one search, of the last board, once they pause
    seen: list[tuple[int, Position]] = []
    panel.runner.updated.connect(lambda u: seen.append((u.request_id, u.position)))
    values: list[Position] = []
    panel.evaluated.connect(lambda e: values.append(e.position))
    click(editor.board, 10)
    click(editor.board, 11)
    press(editor.tool_buttons[0])  # light man
    click(editor.board, 27)
    last = editor.position()
    assert panel.position() == last and panel.current() is None  # nothing of the old board
    qtbot.waitUntil(lambda: panel_has(window, last), timeout=60_000)
    assert {position for _id, position in seen} == {last}
    assert len({request for request, _position in seen}) == 1
    assert set(values) == {last}
    # leaving the editor: back to the shown position
    box = editor.findChild(QDialogButtonBox)
    assert box is not None
    cancel = box.button(QDialogButtonBox.StandardButton.Cancel)
    press(cancel)
    assert not editor.isVisible()
    assert panel.position() == shown
    qtbot.waitUntil(lambda: panel_shows(window), timeout=60_000)
    # the window's own changes reach the panel again
    window.action("flip").trigger()
    assert panel.position() == window.navigator.position()


def test_playing_from_the_set_up_position_analyses_the_new_game(window, qtbot) -> None:
    start(window)
    window.action("analysis").trigger()
    panel = window.analysis.panel
    editor = open_editor(window, qtbot)
    editor.fen_edit.setText("W:W22,27:B9,10")
    press(editor.fen_button)
    position = Position.from_fen("W:W22,27:B9,10", GERMAN)
    assert editor.position() == position and panel.position() == position
    qtbot.waitUntil(lambda: panel_has(window, position), timeout=60_000)
    press(editor.play_button)
    assert window.studying() and window.navigator.position() == position
    assert panel.position() == position
    drag(window.board, 22, 18)  # the panel follows the window again
    assert window.navigator.position() == position.play(position.parse_move("22-18"))
    assert panel.position() == window.navigator.position()
    window.document.ask_save = lambda: "discard"  # the window closes after the test


def test_while_the_editor_is_open_the_games_moves_do_not_take_the_panel(window, qtbot) -> None:
    start(window, computer=True, colour=Color.BLACK)  # the computer has the first move
    window.action("analysis").trigger()
    panel = window.analysis.panel
    editor = open_editor(window, qtbot)
    press(editor.clear_button)
    editor.fen_edit.setText("W:W22:B9")
    press(editor.fen_button)
    mine = editor.position()
    # the computer's move in the game behind the dialog
    qtbot.waitUntil(lambda: bool(window.controller.game.moves), timeout=60_000)
    assert window.navigator.position() != mine
    assert panel.position() == mine
    box = editor.findChild(QDialogButtonBox)
    assert box is not None
    press(box.button(QDialogButtonBox.StandardButton.Cancel))
    assert panel.position() == window.navigator.position()
