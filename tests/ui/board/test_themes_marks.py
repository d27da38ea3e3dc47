"""Board themes, the shape cue of every highlight, and arrows and circles drawn with the right
mouse button (real mouse events)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from dame_desktop.core import Position, find_rules
from dame_desktop.pdn.marks import Marks
from dame_desktop.ui.board.theme import CONTRAST, THEMES, WOOD
from dame_desktop.ui.board.widget import BoardWidget
from tests.ui.uihelp import point

GERMAN = find_rules("german")
# White must capture 23x14 or 28x..; Black just played 14-18
BEFORE = Position.from_fen("B:W17,21,23,K28,30,31:B9,10,14,3", GERMAN)
LAST = next(m for m in BEFORE.legal_moves() if m.path == (14, 18))
AFTER = BEFORE.play(LAST)


def board_of(qtbot, theme=WOOD, size: int = 400) -> BoardWidget:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(size, size)
    board.set_animated(False)
    board.set_theme(theme)
    board.show()
    qtbot.waitExposed(board)
    return board


def grey(board: BoardWidget) -> QImage:
    return board.grab().toImage().convertToFormat(QImage.Format.Format_Grayscale8)


def strong_changes(a: QImage, b: QImage, threshold: int = 60) -> int:
    """Pixels whose lightness differs by more than ``threshold`` (of 255)."""
    assert a.size() == b.size()
    count = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            if abs(a.pixelColor(x, y).value() - b.pixelColor(x, y).value()) > threshold:
                count += 1
    return count


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
def test_every_highlight_shows_in_grey_too(qtbot, theme) -> None:
    """Each highlight changes the picture in lightness (not only in hue), so it reads for a
    player who does not see the colour: last move, must capture, targets, hint, blown."""
    board = board_of(qtbot, theme)
    board.set_position(AFTER, (), animate=False)
    plain = grey(board)
    seen: dict[str, int] = {}
    board.set_position(AFTER, (), last_move=LAST, animate=False)
    seen["last move"] = strong_changes(plain, grey(board))
    board.set_position(AFTER, AFTER.legal_moves(), animate=False)
    assert board.must_capture_squares()
    capture = grey(board)
    seen["must capture"] = strong_changes(plain, capture)
    board.move_input.click(23)
    seen["held piece and its targets"] = strong_changes(capture, grey(board))
    board.set_position(AFTER, (), animate=False)
    board.set_hint(AFTER.legal_moves()[0])
    seen["hint"] = strong_changes(plain, grey(board))
    board.set_position(AFTER, (), animate=False)
    board.mark_blown(6)
    seen["blown piece"] = strong_changes(plain, grey(board))
    print(theme.key, seen)
    weak = {what: n for what, n in seen.items() if n < 40}
    assert not weak, f"{theme.key}: too faint without colour: {weak}"


def test_the_themes_paint_differently(qtbot) -> None:
    board = board_of(qtbot)
    board.set_position(AFTER, (), animate=False)
    pictures = set()
    for theme in THEMES.values():
        board.set_theme(theme)
        image = board.grab().toImage()
        rect = board.square_rect(15)
        pictures.add(image.pixelColor(int(rect.left()) + 3, int(rect.top()) + 3).name())
    assert len(pictures) == len(THEMES) >= 5


def test_contrast_theme_pieces_differ_in_lightness(qtbot) -> None:
    board = board_of(qtbot, CONTRAST)
    board.set_position(AFTER, (), animate=False)
    image = board.grab().toImage()
    light = image.pixelColor(board.square_center(17).toPoint()).lightness()
    dark = image.pixelColor(board.square_center(9).toPoint()).lightness()
    square = image.pixelColor(
        (board.square_rect(15).topLeft() + QPoint(3, 3)).toPoint()
    ).lightness()
    assert light > 230 and dark < 30 and 80 < square < 160


def right_drag(board: BoardWidget, start: int, end: int) -> None:
    QTest.mousePress(
        board, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, point(board, start)
    )
    QTest.mouseMove(board, point(board, end))
    QTest.mouseRelease(
        board, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, point(board, end)
    )


def test_right_drag_draws_an_arrow_and_right_click_a_circle(qtbot) -> None:
    board = board_of(qtbot)
    board.set_position(AFTER, AFTER.legal_moves(), animate=False)
    before = grey(board)
    with qtbot.waitSignal(board.marks_changed, timeout=5000) as got:
        right_drag(board, 31, 26)
    assert got.args[0] == Marks(((31, 26),), ())
    with qtbot.waitSignal(board.marks_changed, timeout=5000) as got:
        right_drag(board, 13, 13)
    assert board.marks() == Marks(((31, 26),), (13,))
    assert strong_changes(before, grey(board)) > 40
    right_drag(board, 31, 26)  # the same arrow again takes it away
    assert board.marks() == Marks((), (13,))
    assert board.selected_square() is None  # no piece was picked up
    board.set_position(AFTER.play(AFTER.legal_moves()[0]), (), animate=False)
    assert not board.marks()  # a new position has its own marks


def number_pixels(board: BoardWidget) -> int:
    """Pixels of square 10's number (light text in the square's top-left corner)."""
    rect = board.square_rect(10)
    image = board.grab().toImage()
    count = 0
    for y in range(int(rect.top()), int(rect.top() + rect.height() * 0.4)):
        for x in range(int(rect.left()), int(rect.left() + rect.width() * 0.5)):
            if image.pixelColor(x, y).lightness() > 225:
                count += 1
    return count


def test_square_numbers_and_coordinates_grow_with_the_board(qtbot) -> None:
    empty = Position.from_fen("W:W29:B4", GERMAN)  # square 10 is empty
    sizes = {}
    for side in (400, 800):
        board = board_of(qtbot, size=side)
        board.set_show_numbers(True)
        board.set_position(empty, (), animate=False)
        sizes[side] = (number_pixels(board), board._frame_width())
    small, large = sizes[400], sizes[800]
    assert small[0] > 20
    assert 2.5 < large[0] / small[0] < 6  # the glyphs' area: about four times
    assert large[1] == pytest.approx(2 * small[1], rel=0.05)  # the frame with the letters
