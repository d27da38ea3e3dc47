"""The docks in a narrow window: the program shows a second dock as a tab of the first while
the docks are where it put them; once the user has arranged them (split, floated, docked on
the other side), showing a dock again or resizing the window keeps the user's arrangement --
in this program and in the next one started."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from dame_desktop.store.settings import Preferences, load_preferences, save_preferences
from dame_desktop.ui.app.main_window import TABBED_DOCKS_BELOW, MainWindow
from dame_desktop.ui.app.session import Session

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
LEFT = Qt.DockWidgetArea.LeftDockWidgetArea


def toggle(qtbot, win: MainWindow, action_id: str, dock: QDockWidget) -> None:
    """The View menu's item, as the user chooses it; waits for the dock to follow."""
    wanted = not dock.isVisible()
    win.action(action_id).trigger()
    qtbot.waitUntil(lambda: dock.isVisible() is wanted)


def both_docks(qtbot, win: MainWindow) -> tuple[QDockWidget, QDockWidget]:
    explorer, analysis = win.explorer.dock, win.analysis.dock
    toggle(qtbot, win, "explorer", explorer)
    toggle(qtbot, win, "analysis", analysis)
    return explorer, analysis


def side_by_side(win: MainWindow, a: QDockWidget, b: QDockWidget) -> bool:
    return (
        a.isVisible()
        and b.isVisible()
        and b not in win.tabifiedDockWidgets(a)
        and win.dockWidgetArea(a) == win.dockWidgetArea(b) == RIGHT
        and a.geometry().right() < b.geometry().left()
    )


def test_a_narrow_window_shows_its_own_docks_as_tabs(qtbot, window: MainWindow) -> None:
    assert window.width() < TABBED_DOCKS_BELOW
    explorer, analysis = both_docks(qtbot, window)
    assert analysis in window.tabifiedDockWidgets(explorer)
    toggle(qtbot, window, "analysis", analysis)
    toggle(qtbot, window, "analysis", analysis)
    assert analysis in window.tabifiedDockWidgets(explorer) and not window.docks_arranged


def test_docks_the_user_split_stay_split_when_shown_again_and_resized(
    qtbot, window: MainWindow
) -> None:
    explorer, analysis = both_docks(qtbot, window)
    # the user drags the analysis tab out beside the explorer: the drag ends in a split
    window.splitDockWidget(explorer, analysis, Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: side_by_side(window, explorer, analysis))
    assert window.docks_arranged
    for size in ((1000, 700), (820, 600), (900, 660)):
        window.resize(*size)
        qtbot.wait(20)
        assert side_by_side(window, explorer, analysis), size
    toggle(qtbot, window, "analysis", analysis)
    toggle(qtbot, window, "analysis", analysis)
    qtbot.wait(20)
    assert side_by_side(window, explorer, analysis)
    toggle(qtbot, window, "explorer", explorer)
    toggle(qtbot, window, "explorer", explorer)
    qtbot.wait(20)
    assert side_by_side(window, explorer, analysis)


def test_a_floated_dock_and_one_docked_on_the_left_stay_there(qtbot, window: MainWindow) -> None:
    explorer, analysis = both_docks(qtbot, window)
    window.addDockWidget(LEFT, analysis)  # dropped on the window's left side
    assert window.docks_arranged and window.dockWidgetArea(analysis) == LEFT
    explorer.setFloating(True)  # the explorer pulled out as its own window
    window.resize(850, 640)
    for action_id, dock in (("analysis", analysis), ("explorer", explorer)):
        toggle(qtbot, window, action_id, dock)
        toggle(qtbot, window, action_id, dock)
    assert explorer.isFloating() and window.dockWidgetArea(analysis) == LEFT
    assert not window.tabifiedDockWidgets(analysis)


@pytest.fixture
def start_program(qtbot, tmp_path, monkeypatch) -> Iterator[Callable[[], MainWindow]]:
    """The program as app.main starts it, its files in tmp_path (a game between two people:
    a computer playing first would leave a move behind, and the next program would ask
    whether to continue that game)."""
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    save_preferences(Preferences(opponent="human"))
    started: list[MainWindow] = []

    def start() -> MainWindow:
        session = Session()
        window = MainWindow(start_game=False)
        qtbot.addWidget(window)
        session.attach(window)
        window.resize(900, 660)
        window.show()
        qtbot.waitExposed(window)
        session.begin()
        started.append(window)
        return window

    yield start
    for window in started:
        window.shutdown()


def test_the_users_arrangement_is_kept_by_the_next_program(qtbot, start_program) -> None:
    first = start_program()
    explorer, analysis = both_docks(qtbot, first)
    assert analysis in first.tabifiedDockWidgets(explorer)
    first.close()  # the program's own tabs: the next program may tab again
    assert load_preferences().value.docks_arranged is False

    second = start_program()
    explorer, analysis = second.explorer.dock, second.analysis.dock
    qtbot.waitUntil(lambda: explorer.isVisible() and analysis.isVisible())
    assert not second.docks_arranged
    second.splitDockWidget(explorer, analysis, Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: side_by_side(second, explorer, analysis))
    second.close()
    assert load_preferences().value.docks_arranged is True

    third = start_program()
    explorer, analysis = third.explorer.dock, third.analysis.dock
    qtbot.waitUntil(lambda: side_by_side(third, explorer, analysis))
    assert third.docks_arranged
    toggle(qtbot, third, "analysis", analysis)
    toggle(qtbot, third, "analysis", analysis)
    qtbot.wait(20)
    assert side_by_side(third, explorer, analysis)


def test_docks_closed_for_the_puzzles_open_again_in_the_next_program(qtbot, start_program) -> None:
    """Closed while the puzzles are shown, the program keeps the game's docks (the puzzles
    close them in a narrow window only for their own time)."""
    first = start_program()
    toggle(qtbot, first, "explorer", first.explorer.dock)
    first.action("puzzles").trigger()
    qtbot.waitUntil(lambda: not first.explorer.dock.isVisible())
    first.close()
    assert load_preferences().value.explorer_panel is True
    second = start_program()
    qtbot.waitUntil(second.explorer.dock.isVisible)
    assert second.action("explorer").isChecked() and second.is_playing()
