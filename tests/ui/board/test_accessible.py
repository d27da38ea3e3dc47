"""The board for screen readers and the keyboard: a table of cells walked through Qt's
accessibility interfaces, announcements, typed moves and a visible focus (real key events)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QColor, QPalette
from PySide6.QtTest import QTest

from dame_desktop.core import Position, find_rules
from dame_desktop.ui.board import accessible
from tests.ui.uihelp import start

GERMAN = find_rules("german")


def walk(window) -> dict[str, tuple[str, str]]:
    """Every cell of the board's table: name -> (description, role)."""
    table = QAccessible.queryAccessibleInterface(window.board)
    assert table is not None and table.role() == QAccessible.Role.Table
    cells = {}
    for index in range(table.childCount()):
        cell = table.child(index)
        assert cell is not None and cell.parent().role() == QAccessible.Role.Table
        assert table.indexOfChild(cell) == index
        cells[cell.text(QAccessible.Text.Name)] = (
            cell.text(QAccessible.Text.Description),
            cell.role().name,
        )
    return cells


def test_the_board_is_a_table_of_cells_saying_what_stands_there(window) -> None:
    start(window)
    table = QAccessible.queryAccessibleInterface(window.board)
    assert table.childCount() == 64
    assert table.text(QAccessible.Text.Name) == "Board"
    cells = walk(window)
    assert len(cells) == 64
    assert all(role == "Cell" for _d, role in cells.values())
    names = set(cells)
    assert "22: Light man" in names and "9: Dark man" in names and "15: empty" in names
    assert "a8: light square" in names
    assert "can move" in cells["22: Light man"][0]
    assert "can move" not in cells["27: Light man"][0]  # blocked behind the front row
    assert "row 6, column 3" in cells["22: Light man"][0]  # c3: sixth row from the top
    # a cell's place on the screen is its square's
    first = table.child(1)  # b8, square 1
    rect = first.rect()
    board_rect = window.board.square_rect(1).toRect()
    assert rect.size() == board_rect.size()
    assert rect.topLeft() == window.board.mapToGlobal(board_rect.topLeft())
    assert (
        table.childAt(rect.center().x(), rect.center().y()).text(QAccessible.Text.Name)
        == "1: Dark man"
    )


def test_must_capture_and_the_last_move_are_told(window, qtbot) -> None:
    start(window, "W:W22,27:B18,5")
    cells = walk(window)
    assert "must capture" in cells["22: Light man"][0]
    QTest.keyClicks(window.board, "22x15")
    QTest.keyClick(window.board, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.controller.game.moves) >= 1, timeout=10_000)
    window.live.step(-1000)
    window.live.step(1)
    cells = walk(window)
    assert "last move" in cells["15: Light man"][0]


def test_a_turned_board_reads_from_the_top_of_the_screen(window) -> None:
    start(window)
    window.board.set_flipped(True)
    table = QAccessible.queryAccessibleInterface(window.board)
    assert table.child(1).text(QAccessible.Text.Name) == "32: Light man"  # g1 at top left
    window.board.set_flipped(False)


def test_typed_moves_are_played_with_the_board_focused(window, qtbot) -> None:
    start(window)
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    QTest.keyClicks(window.board, "21-17")
    assert window.keyboard.typed == "21-17"
    assert window.board.banner_text().startswith("Move: 21-17")
    QTest.keyClick(window.board, Qt.Key.Key_Return)
    assert window.controller.game.moves[0].path == (21, 17)
    assert window.board.banner_text() == ""


def test_algebraic_and_capture_texts_and_mistakes(window, qtbot) -> None:
    start(window, "W:W22:B18")
    window.board.setFocus()
    QTest.keyClicks(window.board, "22-17")  # a capture is compulsory
    QTest.keyClick(window.board, Qt.Key.Key_Return)
    assert "22-17 cannot be played now" in window.last_message
    assert not window.controller.game.moves
    QTest.keyClicks(window.board, "2x")
    QTest.keyClick(window.board, Qt.Key.Key_Backspace)
    QTest.keyClick(window.board, Qt.Key.Key_Backspace)
    assert window.keyboard.typed == ""
    QTest.keyClicks(window.board, "c3xe5")  # 22 is c3, 18 is d4, 15 is e5
    QTest.keyClick(window.board, Qt.Key.Key_Enter)
    assert window.controller.game.moves[0].path == (22, 15)
    QTest.keyClicks(window.board, "99")
    QTest.keyClick(window.board, Qt.Key.Key_Escape)
    assert window.keyboard.typed == "" and window.board.banner_text() == ""


def test_the_hint_key_still_works_where_squares_are_numbers(window) -> None:
    start(window)
    window.board.setFocus()
    QTest.keyClick(window.board, Qt.Key.Key_H)
    assert window.keyboard.typed == ""  # H went to the window (Game › Hint)


def test_moves_and_messages_are_announced(window, qtbot) -> None:
    heard: list[str] = []
    stop = accessible.listen(heard.append)
    QAccessible.setActive(True)  # as with a screen reader: Qt's announcement events are sent
    try:
        start(window)
        window.board.setFocus()
        QTest.keyClicks(window.board, "21-17")
        QTest.keyClick(window.board, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: any("21-17" in h for h in heard), timeout=10_000)
        said = next(h for h in heard if "21-17" in h)
        assert said.startswith("Light: 21-17") and "Dark" in said
        QTest.keyClicks(window.board, "21-17")
        QTest.keyClick(window.board, Qt.Key.Key_Return)
        assert heard[-1] == window.last_message  # the refusal is said at once
    finally:
        stop()
        QAccessible.setActive(False)


def test_the_focused_board_shows_a_focus_ring(window, qtbot) -> None:
    start(window)
    window.move_view.setFocus()
    qtbot.waitUntil(lambda: not window.board.hasFocus())
    edge = window.board._board_rect().toRect().topLeft()
    edge.setX(edge.x() + window.board.width() // 2 - edge.x())
    edge.setY(edge.y() + 1)
    before = window.board.grab().toImage().pixelColor(edge)
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    after = window.board.grab().toImage().pixelColor(edge)
    highlight = window.board.palette().color(QPalette.ColorRole.Highlight)
    assert after == QColor(highlight.rgb()) != before


def test_every_menu_command_has_a_key(window) -> None:
    """Reachable without a mouse: a mnemonic in its menu or a shortcut of its own."""
    missing = []
    for top in window.menuBar().actions():
        assert "&" in top.text(), top.text()
        for action in top.menu().actions():
            if action.isSeparator():
                continue
            if "&" not in action.text() and action.shortcut().isEmpty():
                missing.append(action.text())
    assert missing == []


def test_no_two_commands_share_a_shortcut(window) -> None:
    """A key that two actions claim does neither (Qt calls it ambiguous): each key once."""
    from PySide6.QtGui import QAction

    owners: dict[str, list[str]] = {}
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            if not key.isEmpty():
                owners.setdefault(key.toString(), []).append(action.objectName() or action.text())
    shared = {key: names for key, names in owners.items() if len(set(names)) > 1}
    assert shared == {}


def test_a_board_alone_answers_too(qtbot) -> None:
    from dame_desktop.ui.board.widget import BoardWidget

    accessible.install()
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.set_position(Position.from_fen("W:W32:B1", GERMAN), ())
    cells = [QAccessible.queryAccessibleInterface(board).child(i) for i in range(64)]
    named = {c.text(QAccessible.Text.Name) for c in cells}
    assert {"32: Light man", "1: Dark man"} <= named


def test_the_keyboard_cursor_is_the_tables_focused_cell(window, qtbot) -> None:
    start(window)
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    QAccessible.setActive(True)
    try:
        QTest.keyClick(window.board, Qt.Key.Key_Up)  # the cursor appears on a piece to move
        table = QAccessible.queryAccessibleInterface(window.board)
        cell = table.focusChild()
        assert cell is not None
        assert cell.text(QAccessible.Text.Name).startswith(
            window.board.square_name(window.keyboard.square()) + ": "
        )
        assert cell.state().focused
    finally:
        QAccessible.setActive(False)


def test_a_tower_names_its_pieces(qtbot) -> None:
    from dame_desktop.ui.board.widget import BoardWidget

    accessible.install()
    rules = find_rules("bashni")
    position = Position.start(rules)
    while not any(len(position.tower(sq)) > 1 for sq in position.pieces()):
        capture = [m for m in position.legal_moves() if m.captured]
        position = position.play((capture or position.legal_moves())[0])
    board = BoardWidget()
    qtbot.addWidget(board)
    board.set_position(position, ())
    table = QAccessible.queryAccessibleInterface(board)
    names = [table.child(i).text(QAccessible.Text.Name) for i in range(table.childCount())]
    towers = [n for n in names if " on top of " in n]
    assert len(towers) == sum(1 for sq in position.pieces() if len(position.tower(sq)) > 1)


def test_arrows_and_circles_by_keyboard(window, qtbot) -> None:
    from dame_desktop.pdn.marks import Marks

    start(window)
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    shift = Qt.KeyboardModifier.ShiftModifier
    window.keyboard.place(22)
    QTest.keyClick(window.board, Qt.Key.Key_Return, shift)
    QTest.keyClick(window.board, Qt.Key.Key_Return, shift)
    assert window.board.marks() == Marks((), (22,))
    QTest.keyClick(window.board, Qt.Key.Key_Return, shift)
    QTest.keyClick(window.board, Qt.Key.Key_Up)  # one row up: 17 or 18
    target = window.keyboard.square()
    assert target in (17, 18)
    QTest.keyClick(window.board, Qt.Key.Key_Return, shift)
    assert window.board.marks() == Marks(((22, target),), (22,))
    assert window.board.selected_square() is None  # no piece was picked up
    assert not window.controller.game.moves
