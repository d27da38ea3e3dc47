"""The opening explorer and Find games with this position, through the real window: its
actions, real clicks, the real worker thread and real indexes of the fixture file."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from dame_desktop.core import Position
from dame_desktop.db.library import Library
from dame_desktop.db.similar import Pattern
from dame_desktop.pdn.document import PdnDocument
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.study.explorer import ExplorerAnswer
from dame_desktop.ui.study.position_search import PositionSearchDialog

LIBRARY = Path(__file__).resolve().parents[2] / "data" / "db" / "library.pdn"
WAIT = 120_000  # ms: an upper bound under load, never a measure


def open_game(window: MainWindow, index: int) -> None:
    doc = PdnDocument.open(LIBRARY)
    assert window.document.open_game(index, doc)
    assert window.studying()


def reference(tmp_path: Path) -> Library:
    return Library([LIBRARY], folder=tmp_path / "reference").open()


def shows(window: MainWindow) -> bool:
    explorer = window.explorer
    return (
        explorer.shown_for is not None
        and explorer.shown_for == window.shown_position()
        and explorer.shown_for.rules == window.shown_position().rules
    )


def rows(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    out = []
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        assert item is not None
        out.append(item)
    return out


def click_item(tree: QTreeWidget, item: QTreeWidgetItem, double: bool = False) -> None:
    rect = tree.visualItemRect(item)
    point = QPoint(rect.left() + 8, rect.center().y())
    if double:  # as a mouse does it: a click, then the second press as a double click
        QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=point)
        QTest.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=point)
    else:
        QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=point)


def moves_shown(window: MainWindow) -> list[tuple[str, str]]:
    return [
        (item.text(0), item.text(1))
        for item in rows(window.explorer.panel.moves)
        if item.data(0, Qt.ItemDataRole.UserRole + 2)
    ]


def found_hits(dialog: PositionSearchDialog) -> list[tuple[int, int]]:
    assert dialog.found is not None
    return [(h.game, h.ply) for h in dialog.found.hits]


def expected_moves(library: Library, position: Position) -> list[tuple[str, str]]:
    return [(m.move, f"{m.games:,}") for m in library.explore([position]).moves]


def test_the_explorer_follows_the_navigator_and_a_click_plays_the_move(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    open_game(window, 9)  # a German game: two more games share its opening
    truth = reference(tmp_path)
    window.action("explorer").trigger()
    assert window.explorer.dock.isVisible()
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    start = window.shown_position()
    assert moves_shown(window) == expected_moves(truth, start)
    assert moves_shown(window)  # the German games of the fixture start here
    window.step(1)
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    after = window.shown_position()
    assert after != start
    assert moves_shown(window) == expected_moves(truth, after)
    # a click on a move plays it in the studied game (the tree goes to that move)
    first = next(
        item
        for item in rows(window.explorer.panel.moves)
        if item.data(0, Qt.ItemDataRole.UserRole + 2)
    )
    text = first.text(0)
    click_item(window.explorer.panel.moves, first)
    played = window.shown_position()
    move = next(
        m for m in after.legal_moves() if after.move_text(m, "short", after.rules.algebraic) == text
    )
    assert played == after.play(move)
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    assert moves_shown(window) == expected_moves(truth, played)
    truth.close()


def test_an_answer_for_a_position_left_behind_is_dropped(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    open_game(window, 9)
    window.action("explorer").trigger()
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    asked = window.explorer.asked
    assert asked is not None
    old_number, old_position, _files = asked
    stale_rows = moves_shown(window)
    for _ in range(3):  # quick steps: only the last position's answer may show
        window.step(1)
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    now = window.shown_position()
    assert now != old_position
    shown = moves_shown(window)
    assert shown != stale_rows
    # the old question's answer arriving late changes nothing
    thread = window.explorer.db_thread
    assert thread is not None
    with reference(tmp_path) as truth:
        late = ExplorerAnswer(truth.explore([old_position]), truth.find([old_position]))
    thread.answered.emit(old_number, late)
    assert window.explorer.shown_for == now and moves_shown(window) == shown


def test_a_listed_game_opens_at_the_position(window: MainWindow, qtbot) -> None:
    open_game(window, 4)  # Edinburgh 1847, game 1: game 4 of the match opens the same way
    for _ in range(3):
        window.step(1)
    wanted = window.shown_position()
    window.action("explorer").trigger()
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    games = rows(window.explorer.panel.games)
    assert [item.data(0, Qt.ItemDataRole.UserRole)[1:] for item in games] == [(5, 3), (7, 3)]
    click_item(window.explorer.panel.games, games[1], double=True)
    assert window.document.index == 6
    assert window.shown_position() == wanted
    assert window.shown_position() is not wanted


def test_without_a_file_the_explorer_says_what_to_do(window: MainWindow) -> None:
    window.action("explorer").trigger()
    assert window.explorer.db_thread is None
    assert "Open a file" in window.explorer.panel.status.text()
    window.action("explorer").trigger()
    assert not window.explorer.dock.isVisible()


def test_a_library_of_two_files(window: MainWindow, qtbot, tmp_path: Path) -> None:
    copy = tmp_path / "copy.pdn"
    copy.write_bytes(LIBRARY.read_bytes())
    open_game(window, 9)
    window.action("explorer").trigger()
    window.explorer.set_library([str(LIBRARY), str(copy)])
    assert window.explorer.panel.source.currentIndex() == 1
    qtbot.waitUntil(
        lambda: shows(window) and "2 files" in window.explorer.panel.status.text(), timeout=WAIT
    )
    with Library([LIBRARY, copy], folder=tmp_path / "two").open() as truth:
        assert moves_shown(window) == expected_moves(truth, window.shown_position())


def search_dialog(window: MainWindow) -> PositionSearchDialog:
    window.action("findPosition").trigger()
    dialog = window.position_search.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_find_this_position_exact_and_reversed(window: MainWindow, qtbot, tmp_path: Path) -> None:
    open_game(window, 4)  # an English game of the fixture
    for _ in range(6):
        window.step(1)
    position = window.shown_position()
    dialog = search_dialog(window)
    QTest.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.asked is None and dialog.found is not None, timeout=WAIT)
    with reference(tmp_path) as truth:
        expected = truth.find([position], limit=1000)
        reversed_too = truth.find([position], reverse=True, limit=1000)
    assert found_hits(dialog) == [(h.game, h.ply) for h in expected.hits]
    assert dialog.results.topLevelItemCount() == len(expected.hits) >= 1
    QTest.mouseClick(dialog.reversed, Qt.MouseButton.LeftButton)
    assert dialog.reversed.isChecked()
    QTest.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: (
            dialog.asked is None
            and dialog.found is not None
            and dialog.found.total == reversed_too.total
        ),
        timeout=WAIT,
    )
    assert found_hits(dialog) == [(h.game, h.ply) for h in reversed_too.hits]
    dialog.close()


def test_find_similar_pieces_and_open_a_result(window: MainWindow, qtbot, tmp_path: Path) -> None:
    open_game(window, 4)
    for _ in range(10):
        window.step(1)
    position = window.shown_position()
    dialog = search_dialog(window)
    QTest.mouseClick(dialog.similar, Qt.MouseButton.LeftButton)
    assert dialog.similar.isChecked() and dialog.board.isEnabled()
    QTest.mouseClick(dialog.none_button, Qt.MouseButton.LeftButton)
    assert not dialog.search_button.isEnabled()  # nothing picked: nothing to ask
    pieces = sorted(position.pieces().items())
    chosen = [pieces[0], pieces[len(pieces) // 2], pieces[-1]]
    for sq, _piece in chosen:
        centre = dialog.board.square_rect(sq).center().toPoint()
        QTest.mouseClick(dialog.board, Qt.MouseButton.LeftButton, pos=centre)
    assert dialog.board.picked == {sq for sq, _ in chosen}
    QTest.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.asked is None and dialog.found is not None, timeout=WAIT)
    with reference(tmp_path) as truth:
        expected = truth.similar(Pattern.of(position.rules, chosen), limit=1000)
    assert found_hits(dialog) == [(h.game, h.ply) for h in expected.hits]
    assert expected.total >= 1  # the shown game itself holds them
    last = dialog.results.topLevelItem(dialog.results.topLevelItemCount() - 1)
    assert last is not None
    file, game, ply = last.data(0, Qt.ItemDataRole.UserRole)
    dialog.results.setCurrentItem(last)
    QTest.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    assert window.document.index == game - 1
    shown = window.shown_position()
    for sq, piece in chosen:
        assert shown.piece_at(sq) == piece
    dialog.close()


@pytest.mark.usefixtures("german")
def test_the_explorer_and_the_search_speak_german(window: MainWindow, qtbot) -> None:
    open_game(window, 9)
    window.action("explorer").trigger()
    assert window.explorer.dock.windowTitle() == "Eröffnungsbaum"
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    assert "Partien" in window.explorer.panel.status.text()
    dialog = search_dialog(window)
    assert dialog.windowTitle() == "Partien mit dieser Stellung finden"
    dialog.close()


def test_cancel_stops_the_indexing_until_the_panel_is_asked_again(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    big = tmp_path / "big.pdn"
    text = LIBRARY.read_bytes()
    big.write_bytes(b"\n".join([text] * 100))  # 3,200 games: the indexing reports progress
    doc = PdnDocument.open(big)
    assert window.document.open_game(9, doc)
    explorer = window.explorer
    panel = explorer.panel
    clicked: list[int] = []

    def cancel_once(*_args: object) -> None:
        if not clicked and panel.cancel_button.isVisible():
            clicked.append(1)
            QTest.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)

    window.action("explorer").trigger()
    thread = explorer.db_thread
    assert thread is not None
    thread.progress.connect(cancel_once)  # after the panel's own slot shows the button
    qtbot.waitUntil(lambda: explorer.asked is None and explorer.stopped, timeout=WAIT)
    assert clicked
    assert panel.status.text() == "Indexing cancelled."
    assert not panel.progress.isVisible() and not panel.cancel_button.isVisible()
    asked = thread.number
    window.step(1)  # no new question while stopped
    assert thread.number == asked and panel.status.text() == "Indexing cancelled."
    thread.progress.disconnect(cancel_once)
    window.action("explorer").trigger()  # hidden
    window.action("explorer").trigger()  # shown again: it asks (and indexes) again
    assert thread.number == asked + 1
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    assert not explorer.stopped


def test_while_playing_a_click_is_a_move_of_the_human(window: MainWindow, qtbot) -> None:
    """In a game being played the panel is one more way to make the human's move: the same
    path as the board, so the computer's moves stay the computer's."""
    from dame_desktop.core import Color
    from tests.ui.uihelp import start

    open_game(window, 9)  # the fixture is the open file
    window.leave_study()
    start(window, computer=True, colour=Color.WHITE)  # German: White, the human, begins
    assert window.is_playing()
    window.action("explorer").trigger()
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    before = window.shown_position()
    item = next(
        item
        for item in rows(window.explorer.panel.moves)
        if item.data(0, Qt.ItemDataRole.UserRole + 2)
    )
    text = item.text(0)
    click_item(window.explorer.panel.moves, item)
    game = window.controller.game
    assert game.moves, "the human's move was played"
    first = game.moves[0]
    assert before.move_text(first, "short", before.rules.algebraic) == text


@pytest.mark.usefixtures("german")
def test_the_results_title_fits_its_column_and_the_dock_grows_with_the_screen(
    window: MainWindow, qtbot
) -> None:
    """On a small window the results column says "Ergebnisse" instead of a cut "Schwarz ·
    remi"; on a large one the dock is wider, its text as large as the side panel's, and the
    title fits (in full where the column has the room)."""
    from PySide6.QtWidgets import QApplication, QStyle

    panel = window.explorer.panel
    header = panel.moves.header()

    def title() -> str:
        return panel.moves.headerItem().text(2)

    def fits() -> bool:
        margin = 2 * panel.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin) + 4
        return header.fontMetrics().horizontalAdvance(title()) + margin <= (header.sectionSize(2))

    window.resize(800, 560)
    open_game(window, 4)  # an English game: Black moves first
    window.action("explorer").trigger()
    qtbot.waitUntil(lambda: shows(window), timeout=WAIT)
    qtbot.waitUntil(lambda: panel.moves.isVisible())
    qtbot.waitUntil(fits)
    assert title() in ("Ergebnisse", "Schwarz · remis · Weiß")
    window.action("explorer").trigger()  # off
    window.resize(1900, 1000)
    qtbot.waitUntil(lambda: window.width() == 1900)
    window.action("explorer").trigger()
    qtbot.waitUntil(lambda: window.explorer.dock.width() >= 450)
    qtbot.waitUntil(lambda: not panel.moves.isColumnHidden(3))  # the points too
    qtbot.waitUntil(fits)
    base = QApplication.font().pointSizeF()  # the lists grow with the side panel's text
    assert panel.font().pointSizeF() == window.side.font().pointSizeF() > base
