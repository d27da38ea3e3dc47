"""The painted board: real mouse events go through MoveInput; banner, blown mark, touch."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from dame_desktop.core import Color, Kind, Piece, Position, find_rules
from dame_desktop.ui.board.widget import BoardWidget
from tests.ui.uihelp import click, drag, point

GERMAN = find_rules("german")


def shown_board(qtbot, fen: str | None = None, size: int = 400) -> BoardWidget:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(size, size)
    board.set_animated(False)
    board.show()
    qtbot.waitExposed(board)
    position = Position.from_fen(fen, GERMAN) if fen else Position.start(GERMAN)
    board.set_position(position, position.legal_moves())
    return board


def colour_at(board: BoardWidget, where: QPoint) -> QColor:
    image = board.grab().toImage()
    ratio = image.devicePixelRatio()
    return image.pixelColor(int(where.x() * ratio), int(where.y() * ratio))


def test_a_drag_with_real_mouse_events_plays_the_move(qtbot) -> None:
    board = shown_board(qtbot)
    with qtbot.waitSignal(board.move_chosen, timeout=10_000) as blocker:
        drag(board, 22, 18)
    assert blocker.args[0].path == (22, 18)
    assert board.selected_square() is None


def test_a_held_piece_is_painted_at_the_pointer_while_dragged(qtbot) -> None:
    board = shown_board(qtbot)
    start = board.square_center(22).toPoint()
    empty = board.square_center(17).toPoint()
    before = colour_at(board, empty)
    QTest.mousePress(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 7):
        QTest.mouseMove(board, start + (empty - start) * i / 6)
    during = colour_at(board, empty)
    assert during != before, "the dragged piece is drawn under the pointer"
    QTest.mouseRelease(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, empty)
    assert board.selected_square() is None or board.selected_square() == 22


def test_refusals_come_out_as_words(qtbot) -> None:
    board = shown_board(qtbot, "W:W18,31:B4,6,7,14,15,23")
    said: list[str] = []
    board.illegal_drop.connect(said.append)
    drag(board, 18, 2)
    assert said[-1].startswith("Several captures end on that square")
    assert "9, 11" in said[-1], "the squares that tell the ways apart are named"
    shown = board.position()
    assert shown is not None
    board.set_position(shown, ())
    board.set_idle_reason("The computer is thinking")
    click(board, 18)
    assert said[-1] == "The computer is thinking"


def test_touch_is_reported_and_a_binding_keeps_the_piece_in_hand(qtbot) -> None:
    board = shown_board(qtbot)
    touched: list[int] = []
    said: list[str] = []
    board.touched.connect(touched.append)
    board.illegal_drop.connect(said.append)

    def bind(square: int) -> None:  # what the window does when the rule is on
        position = board.position()
        assert position is not None
        board.set_moves([m for m in position.legal_moves() if m.from_sq == square])
        board.bind_touch(square)

    board.touched.connect(bind)
    click(board, 22)
    assert touched == [22] and board.selected_square() == 22
    click(board, 22)
    assert board.selected_square() == 22, "letting go on its own square does not free it"
    QTest.mouseClick(
        board, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, point(board, 22)
    )
    assert board.selected_square() == 22
    click(board, 21)
    assert said == ["Touch-move rule: you touched the piece on 22, so it must be moved"]
    with qtbot.waitSignal(board.move_chosen, timeout=10_000) as blocker:
        click(board, 17)
    assert blocker.args[0].path == (22, 17)
    assert touched == [22]


def test_left_and_right_ask_the_window_to_step(qtbot) -> None:
    board = shown_board(qtbot)
    asked: list[int] = []
    board.step_requested.connect(asked.append)
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Right)
    QTest.keyClick(board, Qt.Key.Key_Home)
    assert asked == [1, -1000]


def test_a_banner_is_painted_over_the_board_and_goes_away(qtbot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    edit = QLineEdit()
    board = BoardWidget()
    board.set_animated(False)
    layout.addWidget(edit)
    layout.addWidget(board)
    host.resize(420, 480)
    host.show()
    qtbot.waitExposed(host)
    position = Position.start(GERMAN)
    board.set_position(position, position.legal_moves())
    edit.setFocus()
    assert host.focusWidget() is edit
    plain = board.grab().toImage()
    board.show_banner("You must capture", seconds=0.3)
    assert board.banner_text() == "You must capture"
    shown = board.grab().toImage()
    differing = sum(
        1
        for x in range(0, board.width(), 4)
        for y in range(int(board.height() * 0.05), int(board.height() * 0.15), 4)
        if plain.pixelColor(x, y) != shown.pixelColor(x, y)
    )
    assert differing > 100, "the message is painted across the board's top edge"
    assert host.focusWidget() is edit, "the banner takes no focus"
    with qtbot.waitSignal(board.move_chosen, timeout=10_000):
        drag(board, 22, 18)  # the board still plays under the banner
    qtbot.waitUntil(lambda: board.banner_text() == "", timeout=10_000)


def test_a_blown_piece_is_marked_where_it_stood(qtbot) -> None:
    board = shown_board(qtbot, "W:W22:B9")
    where = board.square_center(18).toPoint()
    before = colour_at(board, where + QPoint(int(board.square_rect(18).width() * 0.36), 0))
    board.mark_blown(18, Piece(Color.WHITE, Kind.MAN))
    assert board.blown_square() == 18
    ring = colour_at(board, where + QPoint(int(board.square_rect(18).width() * 0.36), 0))
    assert ring != before and ring.red() > ring.green() + 40, "a red mark on the square"
    board.mark_blown(None)
    assert board.blown_square() is None


def test_coordinates_and_numbers_can_be_switched(qtbot) -> None:
    board = shown_board(qtbot)
    assert board.shows_coordinates()
    with_letters = board.grab().toImage()
    board.set_show_coordinates(False)
    assert with_letters != board.grab().toImage()
    board.set_show_coordinates(True)
    assert board.shows_numbers(), "numbers are on unless switched off"
    board.set_show_numbers(False)
    assert not board.shows_numbers() and with_letters != board.grab().toImage()


def test_a_direct_capture_beside_a_long_one_to_the_same_square_can_be_dropped(qtbot) -> None:
    # the old board refused both as "several captures" and the direct one could never be made
    board = shown_board(qtbot, "W:WK15:B10,K13,18,26,27")
    with qtbot.waitSignal(board.move_chosen, timeout=10_000) as blocker:
        drag(board, 15, 1)
    assert blocker.args[0].captured == (10,)
