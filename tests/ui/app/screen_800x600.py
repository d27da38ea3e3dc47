"""On an 800×600 screen: the first window and every dialog fit, with their buttons on screen.

Run by ``test_small_screen.py`` in a program of its own whose offscreen screen is 800×600
(the screen is fixed when Qt starts, so it cannot be changed in the test run itself).  The
program is started as the user starts it (preferences, language, the first window) and every
dialog is opened the way the user opens it: through the window's actions.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from dame_desktop.core import Color, TimeControl, find_rules
from dame_desktop.store.settings import Language
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.dialogs.new_game import NewGameSettings
from tests.ui.uihelp import running_session

DATA = Path(__file__).resolve().parents[2] / "data" / "ui"
SCREEN = QRect(0, 0, 800, 600)


@pytest.fixture(autouse=True)
def _small_screen(qapp) -> None:
    screen = QApplication.primaryScreen().availableGeometry()
    if screen != SCREEN:
        pytest.skip(
            f"needs an 800x600 screen (this one is {screen.width()}x"
            f"{screen.height()}): run through test_small_screen.py"
        )


@pytest.fixture(params=["en", "de"])
def program(request, qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    language: Language = request.param
    yield from running_session(qtbot, tmp_path / "config", monkeypatch, language)


def outside(widget: QWidget) -> QRect:
    """The widget's rectangle on the screen."""
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def check_fits(dialog: QWidget, name: str) -> None:
    """The dialog, frame included, is on the screen, and each of its buttons is whole and
    on screen (content that scrolls is left out: it is reached by scrolling)."""
    screen = dialog.screen().availableGeometry()
    frame = dialog.frameGeometry()
    assert screen.contains(frame), f"{name}: {frame} is not within the screen {screen}"
    for button in dialog.findChildren(QAbstractButton):
        if not button.isVisibleTo(dialog) or button.window() is not dialog:
            continue
        if _inside_scroll_area(button, dialog) or _on_hidden_tab(button, dialog):
            continue
        where = outside(button)
        label = button.text() or button.objectName() or type(button).__name__
        assert screen.contains(where), f"{name}: button {label!r} at {where} is off screen"
        assert button.visibleRegion().boundingRect() == button.rect(), (
            f"{name}: button {label!r} is cut off"
        )
    boxes = [box for box in dialog.findChildren(QDialogButtonBox) if box.isVisibleTo(dialog)]
    for box in boxes:
        assert box.buttons(), f"{name}: an empty button row"


def _inside_scroll_area(widget: QWidget, top: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, QScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _on_hidden_tab(widget: QWidget, top: QWidget) -> bool:
    return not widget.isVisible() and any(isinstance(p, QTabWidget) for p in _parents(widget, top))


def _parents(widget: QWidget, top: QWidget) -> Iterator[QWidget]:
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        yield parent
        parent = parent.parentWidget()


def open_dialog(
    qtbot, trigger: Callable[[], object], name: str, check: Callable[[QWidget], None] | None = None
) -> None:
    """Open a dialog as the user does, check that it fits, close it.  Works for modal
    dialogs (``exec``: checked from inside their event loop) and modeless ones."""
    before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
    seen: list[str] = []

    def look() -> None:
        if seen:
            return
        opened = [
            w
            for w in QApplication.topLevelWidgets()
            if w.isVisible() and id(w) not in before and isinstance(w, QDialog)
        ]
        if not opened:
            QTimer.singleShot(20, look)
            return
        dialog = opened[-1]
        seen.append(dialog.objectName() or type(dialog).__name__)
        try:
            check_fits(dialog, name)
            if check is not None:
                check(dialog)
        finally:
            dialog.close()

    QTimer.singleShot(0, look)
    trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=10_000)


def clock_game(win: MainWindow) -> None:
    win.clocks.set_time_controls(TimeControl.sudden_death(10))
    win.play.start_game(NewGameSettings(True, "easy", Color.WHITE, find_rules("german"), "", ""))


def test_the_first_window_fits_with_a_sensible_board(program, qtbot) -> None:
    _session, win = program
    clock_game(win)
    qtbot.waitUntil(lambda: win.clocks.panel.isVisible())
    qtbot.wait(50)
    screen = win.screen().availableGeometry()
    assert screen.contains(win.frameGeometry()), f"the window {win.frameGeometry()} is larger"
    status = outside(win.statusBar())
    assert screen.contains(status) and win.statusBar().isVisible(), "the status bar is seen"
    board = win.board
    assert board.width() >= 380 and board.height() == board.heightForWidth(board.width()), (
        f"a board of {board.width()} px on an 800x600 screen"
    )
    strip = board.message_strip()
    assert strip.top() >= board.square_rect(29).bottom() and strip.bottom() <= board.height()
    clocks = win.clocks.panel
    assert outside(win.board_area).contains(outside(clocks)), "the clocks are beside it"


def test_the_playing_dialogs_fit(program, qtbot) -> None:
    _session, win = program
    clock_game(win)
    for action, name in (
        ("rules", "rules"),
        ("new", "new game"),
        ("scores", "score table"),
        ("rulesHelp", "help"),
        ("about", "about"),
    ):
        open_dialog(qtbot, win.action(action).trigger, name)


def test_the_preferences_fit_on_every_page(program, qtbot) -> None:
    _session, win = program

    def every_page(dialog: QWidget) -> None:
        for tabs in dialog.findChildren(QTabWidget):
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                check_fits(dialog, f"preferences, page {tabs.tabText(index)!r}")

    open_dialog(qtbot, win.action("preferences").trigger, "preferences", every_page)


def test_the_file_dialogs_fit(program, qtbot, tmp_path) -> None:
    _session, win = program
    path = tmp_path / "three.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    open_dialog(qtbot, lambda: win.document.open_path(path), "game list")
    win.document.open_path(path)
    win.document.list_dialog.accept()
    qtbot.waitUntil(win.studying)
    for action, name in (
        ("gameList", "game list"),
        ("setup", "set-up editor"),
        ("analyseFile", "analyse file"),
        ("headers", "game details"),
    ):
        open_dialog(qtbot, win.action(action).trigger, name)


def test_the_problem_list_fits(program, qtbot, tmp_path) -> None:
    _session, win = program
    path = tmp_path / "damaged.pdn"
    shutil.copyfile(DATA / "damaged.pdn", path)
    before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
    win.document.open_path(path)  # the problems are listed at once, beside the game list

    def opened() -> list[QWidget]:
        return [
            w
            for w in QApplication.topLevelWidgets()
            if w.isVisible() and id(w) not in before and isinstance(w, QDialog)
        ]

    qtbot.waitUntil(
        lambda: (
            win.document.problems_dialog is not None and win.document.problems_dialog.isVisible()
        )
    )
    for dialog in opened():
        check_fits(dialog, dialog.objectName() or type(dialog).__name__)
        dialog.close()


def test_studying_with_the_docks_keeps_a_usable_board(program, qtbot, tmp_path) -> None:
    """A file studied with the opening explorer, the analysis or both shown: the side panel
    and the docks leave the board well over half the window's height (the docks share one
    column as tabs instead of two columns beside the side panel)."""
    _session, win = program
    path = tmp_path / "three.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    win.document.open_path(path)
    qtbot.waitUntil(lambda: win.document.list_dialog is not None)
    win.document.list_dialog.accept()
    qtbot.waitUntil(win.studying)

    def board_share(layout: str) -> None:
        qtbot.wait(50)
        share = win.board.height() / win.height()
        assert share >= 0.55, f"{layout}: a board of {win.board.height()} px ({share:.0%})"

    win.action("explorer").trigger()
    qtbot.waitUntil(win.explorer.dock.isVisible)
    board_share("explorer")
    win.action("analysis").trigger()
    qtbot.waitUntil(win.analysis.dock.isVisible)
    board_share("explorer and analysis")
    assert win.analysis.dock in win.tabifiedDockWidgets(win.explorer.dock), "tabs, one column"
    win.action("explorer").trigger()
    qtbot.waitUntil(lambda: not win.explorer.dock.isVisible())
    board_share("analysis")


def check_panel_buttons(win: MainWindow, name: str) -> None:
    """Every button of the puzzles panel is whole and in view, above the status bar."""
    panel = win.puzzles.panel if win.puzzles is not None else None
    assert panel is not None
    status_top = outside(win.statusBar()).top()
    buttons = [b for b in panel.findChildren(QAbstractButton) if b.isVisible()]
    assert len(buttons) >= 7, f"{name}: {len(buttons)} buttons"
    for button in buttons:
        where = outside(button)
        label = button.text() or button.objectName()
        assert button.visibleRegion().boundingRect() == button.rect(), (
            f"{name}: button {label!r} at {where} is cut off"
        )
        assert where.bottom() < status_top, f"{name}: button {label!r} at {where} is low"


def test_the_puzzles_panel_shows_every_button(program, qtbot) -> None:
    """A timed game with the explorer open, then Game › Puzzles: no button of the panel has
    to be scrolled to, also when a long message is shown (after a timed run)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    _session, win = program
    clock_game(win)
    win.action("explorer").trigger()
    win.action("puzzles").trigger()
    puzzles = win.puzzles
    assert puzzles is not None
    qtbot.waitUntil(lambda: puzzles.panel.isVisible())
    qtbot.wait(50)
    check_panel_buttons(win, "puzzles")
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)  # stopped: its summary
    assert puzzles.run is None and len(puzzles.feedback.splitlines()) == 2
    qtbot.wait(50)
    check_panel_buttons(win, "after a run")
    feedback = puzzles.panel.feedback
    assert feedback.visibleRegion().boundingRect().height() > 0, "the message is in view"


def test_a_timed_game_with_the_explorer_keeps_the_board_clear_of_the_clocks(program, qtbot) -> None:
    """The explorer docked beside a timed game: the clocks never cover the board, and the
    board keeps most of the window's height (the clocks go over it where there is no room
    beside it); the explorer closed, they stand beside it again."""
    _session, win = program
    clock_game(win)
    clocks = win.clocks.panel
    qtbot.waitUntil(clocks.isVisible)

    def board_and_clocks(layout: str) -> tuple[QRect, QRect]:
        qtbot.wait(50)
        board, beside = outside(win.board), outside(clocks)
        where = f"{layout}: the board at {board}, the clocks at {beside}"
        assert clocks.isVisible() and not board.intersects(beside), where
        assert outside(win.board_area).contains(beside), where
        share = win.board.height() / win.height()
        assert share >= 0.55, f"{where}: the board has {share:.0%} of the height"
        return board, beside

    board, beside = board_and_clocks("the game")
    assert beside.left() >= board.right(), "beside the board"
    win.action("explorer").trigger()
    qtbot.waitUntil(win.explorer.dock.isVisible)
    board_and_clocks("with the explorer")
    win.action("explorer").trigger()
    qtbot.waitUntil(lambda: not win.explorer.dock.isVisible())
    board, beside = board_and_clocks("the explorer closed again")
    assert beside.left() >= board.right(), "beside the board again"
