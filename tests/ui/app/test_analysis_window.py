"""In the window: View › Analysis, the graph, Game › Analyse game…, File › Analyse file…
and Preferences › Engines -- through the real MainWindow, its menus and real engine threads."""

from __future__ import annotations

import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from dame_desktop.pdn.document import PdnDocument
from dame_desktop.store.settings import load_preferences
from dame_desktop.ui.analysis.panel import AnalysisPanel
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.study.navigator import TreeNavigator
from tests.ui.analysis.helpers import BLUNDER, QUIET


def click(widget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton)


def set_movetime(dialog, seconds: float) -> None:
    box = dialog.movetime
    box.setFocus()
    box.selectAll()
    QTest.keyClicks(box, f"{seconds:.2f}")
    QTest.keyClick(box, Qt.Key.Key_Tab)
    assert abs(box.value() - seconds) < 1e-9


def open_file(window: MainWindow, path: Path, index: int = 0) -> None:
    document = window.document
    assert document.open_path(path)
    if document.list_dialog is not None and document.list_dialog.isVisible():
        dialog = document.list_dialog
        dialog.select_row(index)
        dialog.accept()
    assert window.studying() and document.index == index


def panel_shows(window: MainWindow) -> bool:
    """The panel has an analysis of exactly the shown position."""
    panel = window.analysis.panel
    update = panel.current()
    shown = window.navigator.position()
    return panel.position() == shown and update is not None and update.position == shown


def analyse_shown(window: MainWindow, qtbot) -> AnalysisPanel:
    """View › Analysis, then wait until the panel's best line for the shown position has at
    least two moves."""
    window.action("analysis").trigger()
    panel = window.analysis.panel
    qtbot.waitUntil(
        lambda: panel_shows(window) and panel.line_views[0].move_count() >= 2, timeout=60_000
    )
    return panel


@pytest.fixture
def start_program(
    qtbot, tmp_path, monkeypatch
) -> Iterator[Callable[[], tuple[Session, MainWindow]]]:
    """The program as app.main starts it, its settings in tmp_path."""
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path / "config"))
    started: list[tuple[Session, MainWindow]] = []

    def start() -> tuple[Session, MainWindow]:
        session = Session()
        window = MainWindow(start_game=False)
        qtbot.addWidget(window)
        session.attach(window)
        window.board.set_animated(False)
        window.show()
        qtbot.waitExposed(window)
        session.begin()
        started.append((session, window))
        return session, window

    yield start
    for session, window in started:
        session.languages.set_language("en")
        window.shutdown()


def test_f4_shows_the_panel_it_follows_stepping_and_hiding_stops_it(
    window, qtbot, tmp_path
) -> None:
    path = tmp_path / "one.pdn"
    path.write_text(BLUNDER)
    open_file(window, path)
    dock, panel, graph = window.analysis.dock, window.analysis.panel, window.analysis.graph
    assert not dock.isVisible() and not window.action("analysis").isChecked()
    assert graph.isVisible() and graph.plies() == 7  # the studied game's main line
    window.activateWindow()
    window.setFocus()
    QTest.keyClick(window, Qt.Key.Key_F4)
    assert window.action("analysis").isChecked() and dock.isVisible()
    qtbot.waitUntil(lambda: panel_shows(window), timeout=60_000)
    for _ in range(3):
        window.action("next").trigger()
        assert panel.position() == window.navigator.position()
        qtbot.waitUntil(lambda: panel_shows(window), timeout=60_000)
    assert graph._current == 3  # the graph marks the shown ply
    # a click on the graph's first column jumps to the position after the first move
    QTest.mouseClick(
        graph,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(int(graph.x_of(1)), graph.height() // 2),
    )
    navigator = window.navigator
    assert isinstance(navigator, TreeNavigator)
    assert navigator.node is next(iter(navigator.game.mainline()))
    qtbot.waitUntil(lambda: panel_shows(window), timeout=60_000)
    window.action("analysis").trigger()
    assert not dock.isVisible() and not window.action("analysis").isChecked()
    qtbot.waitUntil(lambda: not panel.is_analysing(), timeout=60_000)
    window.action("next").trigger()
    qtbot.wait(400)  # longer than the panel's start delay: nothing may start while hidden
    assert not panel.is_analysing()


def test_a_click_on_the_line_plays_it_into_the_tree(window, qtbot, tmp_path) -> None:
    path = tmp_path / "one.pdn"
    path.write_text(QUIET)
    open_file(window, path)
    # at the game's end every line the engine gives is new to the tree (at the start its best
    # line may be the game's own moves, which would not edit the file)
    window.action("last").trigger()
    end = window.navigator.node
    assert not end.variations
    panel = analyse_shown(window, qtbot)
    update = panel.current()
    assert update is not None
    pv = update.analysis.lines[0].pv
    view = panel.line_views[0]
    QTest.mouseClick(
        view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, view.move_rect(1).center()
    )
    navigator = window.navigator
    assert isinstance(navigator, TreeNavigator)
    line = []
    node = navigator.node
    while node is not end:
        assert node.parent is not None
        line.append(node.move)
        node = node.parent
    assert line[::-1] == list(pv[:2])
    assert window.document.modified  # the variation is an edit of the file
    window.document.ask_save = lambda: "discard"  # the window closes after the test


def test_the_panel_and_its_lines_are_remembered_across_a_restart(start_program, qtbot) -> None:
    session, window = start_program()
    assert not window.analysis.dock.isVisible()
    window.action("analysis").trigger()
    click(window.analysis.panel.more_button)
    assert window.analysis.panel.lines_wanted() == 3
    prefs = load_preferences().value
    assert prefs.analysis_panel and prefs.analysis_lines == 3
    window.close()
    session, again = start_program()
    assert again.action("analysis").isChecked() and again.analysis.dock.isVisible()
    assert again.analysis.panel.more_button.isChecked()
    again.action("analysis").trigger()
    assert not load_preferences().value.analysis_panel


def test_analyse_game_from_the_menu_saves_marks_and_variations(window, qtbot, tmp_path) -> None:
    path = tmp_path / "blunder.pdn"
    path.write_text(BLUNDER)
    open_file(window, path)
    assert window.action("analyseGame").isEnabled()
    window.action("analyseGame").trigger()
    dialog = window.analysis.game_dialog
    assert dialog is not None and dialog.isVisible()
    set_movetime(dialog, 0.1)
    with qtbot.waitSignal(dialog.finished_analysis, timeout=60_000) as blocker:
        click(dialog.start_button)
    assert blocker.args == [True]
    assert window.document.modified and "*" in window.windowTitle()
    marks = [point.mark for point in window.analysis.graph.points()]
    # 3. 17-14?? drops a man: "??" at any fixed depth; "?" where the clock cut the search short
    assert marks[4] in ("??", "?")
    assert all(point.score is not None for point in window.analysis.graph.points())
    window.action("save").trigger()
    assert not window.document.modified
    reopened = PdnDocument.open(path).load_game(0)
    nodes = list(reopened.mainline())
    assert all("[%eval" in node.comment for node in nodes)
    assert [n.value for n in nodes[4].nags] == [{"??": 4, "?": 2}[marks[4]]]
    assert len(nodes[3].variations) >= 2  # the better move as a variation
    assert "a user comment" in nodes[2].comment


def test_analyse_file_cancel_leaves_the_file_untouched(window, qtbot, tmp_path) -> None:
    path = tmp_path / "five.pdn"
    data = "\n".join([BLUNDER, QUIET, BLUNDER, QUIET, BLUNDER]).encode()
    path.write_bytes(data)
    open_file(window, path, 1)
    assert window.action("analyseFile").isEnabled()
    window.action("analyseFile").trigger()
    dialog = window.analysis.file_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.jobs.setValue(1)
    set_movetime(dialog, 0.5)
    with qtbot.waitSignal(dialog.finished_analysis, timeout=60_000) as blocker:
        click(dialog.start_button)
        qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=60_000)
        click(dialog.cancel_button)
    assert blocker.args == [False]
    assert not window.document.modified and "*" not in window.windowTitle()
    window.action("save").trigger()
    assert path.read_bytes() == data


def test_analyse_file_writes_every_game_and_reloads_the_open_one(window, qtbot, tmp_path) -> None:
    path = tmp_path / "two.pdn"
    path.write_text("\n".join([QUIET, BLUNDER]))
    open_file(window, path, 1)
    window.action("analyseFile").trigger()
    dialog = window.analysis.file_dialog
    assert dialog is not None
    dialog.jobs.setValue(1)
    set_movetime(dialog, 0.05)
    with qtbot.waitSignal(dialog.finished_analysis, timeout=120_000) as blocker:
        click(dialog.start_button)
    assert blocker.args == [True]
    assert window.document.modified
    navigator = window.navigator
    assert isinstance(navigator, TreeNavigator)
    assert all("[%eval" in node.comment for node in navigator.game.mainline())
    assert window.analysis.graph.points()[4].mark in ("??", "?")  # "?" if the clock cut it short
    window.action("save").trigger()
    reopened = PdnDocument.open(path)
    for index in (0, 1):
        assert all("[%eval" in n.comment for n in reopened.load_game(index).mainline())


def hub_script(folder: Path) -> Path:
    """`dame hub` behind a small executable, as a user would add it."""
    script = folder / "dame-hub"
    root = Path(__file__).resolve().parents[3]
    script.write_text(f"#!/bin/sh\ncd '{root}'\nexec '{sys.executable}' -m dame_desktop.cli hub\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_preferences_engines_adds_dame_hub_and_the_panel_names_it(
    start_program, qtbot, tmp_path
) -> None:
    script = hub_script(tmp_path)
    session, window = start_program()
    window.action("analysis").trigger()
    panel = window.analysis.panel
    qtbot.waitUntil(lambda: panel_shows(window), timeout=60_000)
    assert panel.engine_label.text() == "Built-in engine"
    window.action("preferences").trigger()
    dialog = session.preferences_dialog
    assert dialog is not None and dialog.isVisible()
    page = dialog.engines_page
    dialog.tabs.setCurrentWidget(page)
    page.choose_file = lambda: str(script)
    click(page.add_button)
    assert page.error_box is None
    assert page.list.count() == 1
    entry = load_preferences().value.engines[0]
    assert entry.path == str(script) and entry.name and "german" in entry.variants
    assert load_preferences().value.engine == str(script)
    assert entry.name in page.list.item(0).text()
    assert window.analysis.engine_path == str(script)
    qtbot.waitUntil(
        lambda: panel_shows(window) and entry.name in panel.engine_label.text(), timeout=60_000
    )
    update = panel.current()
    assert update is not None and not update.builtin
    # back to the built-in engine through the "engine in use" box
    page.in_use.setCurrentIndex(page.in_use.findData(""))
    assert load_preferences().value.engine == ""
    qtbot.waitUntil(
        lambda: panel_shows(window) and panel.engine_label.text() == "Built-in engine",
        timeout=60_000,
    )
    click(page.remove_button)
    assert load_preferences().value.engines == ()


def test_an_executable_that_is_no_engine_gets_one_message(start_program, qtbot, tmp_path) -> None:
    bad = tmp_path / "not-an-engine"
    bad.write_text("#!/bin/sh\necho hello\n")
    bad.chmod(bad.stat().st_mode | stat.S_IXUSR)
    session, window = start_program()
    window.action("preferences").trigger()
    dialog = session.preferences_dialog
    assert dialog is not None
    page = dialog.engines_page
    page.choose_file = lambda: str(bad)
    click(page.add_button)
    box = page.error_box
    assert box is not None and str(bad) in box.text()
    box.close()
    assert page.list.count() == 0 and load_preferences().value.engines == ()
    assert window.analysis.engine_path == ""
