"""Towers (Bashni) as the board draws them: a held tower stays a tower, and its height badge
lies over the ring of a piece that must capture, never under it."""

from __future__ import annotations

from PySide6.QtGui import QImage

from dame_desktop.core import Position, find_rules
from dame_desktop.ui.board.towers import badge_rect
from dame_desktop.ui.board.widget import BoardWidget
from tests.ui.uihelp import click

TALL = "W:W22/wbbbbb,30:B1,9,K26"  # White's tower of seven on 22 must capture


def _board(qtbot) -> BoardWidget:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(480, 480)
    board.set_animated(False)
    board.show()
    qtbot.waitExposed(board)
    position = Position.from_fen(TALL, find_rules("bashni"))
    board.set_position(position, position.legal_moves())
    return board


def _badge_pixels(board: BoardWidget, image: QImage, square: int) -> tuple[int, int]:
    """Inside the badge's disc: how many sampled pixels are its dark plate, and how many are
    the gold of the must-capture ring."""
    rect = badge_rect(board.square_center(square), board._cell() * 0.4)
    ratio = image.devicePixelRatio()
    centre, r = rect.center(), rect.width() * 0.45
    plate = gold = 0
    steps = 24
    for i in range(steps):
        for j in range(steps):
            x = rect.left() + rect.width() * (i + 0.5) / steps
            y = rect.top() + rect.height() * (j + 0.5) / steps
            if (x - centre.x()) ** 2 + (y - centre.y()) ** 2 > r * r:
                continue
            c = image.pixelColor(int(x * ratio), int(y * ratio))
            plate += max(abs(c.red() - 25), abs(c.green() - 18), abs(c.blue() - 12)) < 30
            gold += c.red() > 180 and c.green() > 120 and c.blue() < 90
    return plate, gold


def test_the_height_badge_lies_over_the_must_capture_ring(qtbot) -> None:
    board = _board(qtbot)
    assert 22 in board.must_capture_squares()
    plate, gold = _badge_pixels(board, board.grab().toImage(), 22)
    assert plate > 100 and gold == 0


def test_a_held_tower_stays_a_tower_with_its_badge(qtbot) -> None:
    board = _board(qtbot)
    click(board, 22)
    assert board.selected_square() == 22
    plate, gold = _badge_pixels(board, board.grab().toImage(), 22)
    assert plate > 100 and gold == 0
