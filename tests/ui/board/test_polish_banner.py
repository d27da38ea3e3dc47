"""The "You must capture" banner never hides the capture it talks about: it lies along the
board's top or bottom edge, on the side away from the route (clear words).  The
pixels of every square of the route are compared with and without the banner."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from dame_desktop.ui.board.widget import BoardWidget
from tests.ui.board.test_widget import shown_board


def _changed(board: BoardWidget, before: QImage, after: QImage, square: int) -> int:
    rect = board.square_rect(square)
    ratio = before.devicePixelRatio()
    count = 0
    for i in range(1, 10):
        for j in range(1, 10):
            x = int((rect.left() + rect.width() * i / 10) * ratio)
            y = int((rect.top() + rect.height() * j / 10) * ratio)
            count += before.pixelColor(x, y) != after.pixelColor(x, y)
    return count


@pytest.mark.parametrize("size", [360, 520, 900])
@pytest.mark.parametrize(
    "fen",
    [
        "W:W18:B14",  # 18x9 across the middle (where the banner used to sit)
        "W:W10:B6",  # 10x1: the route reaches the top edge
        "W:W27:B23",  # 27x18: low on the board
        "W:W22:B18,10,11",  # two routes 22x15x6 and 22x15x8 up the board
    ],
)
def test_the_must_capture_banner_leaves_the_route_visible(qtbot, fen: str, size: int) -> None:
    board = shown_board(qtbot, fen, size)
    moves = board.move_input.moves
    assert moves and all(m.is_capture for m in moves)
    route = {sq for m in moves for path in m.paths for sq in path} | {
        sq for m in moves for sq in m.captured
    }
    plain = board.grab().toImage()
    board.show_banner("You must capture", seconds=0)
    shown = board.grab().toImage()
    plate = board.banner_rect()
    area = board.square_rect(1)
    for sq in range(2, 33):
        area = area.united(board.square_rect(sq))
    assert area.adjusted(-1, -1, 1, 1).contains(plate), "the banner stays on the squares"
    assert plate.width() > area.width() * 0.8
    painted = sum(
        plain.pixelColor(int(x), int(y)) != shown.pixelColor(int(x), int(y))
        for x in range(int(plate.left()) + 2, int(plate.right()) - 2, 3)
        for y in range(int(plate.top()) + 2, int(plate.bottom()) - 2, 3)
    )
    assert painted > 50, "the banner is painted where banner_rect says"
    hidden = {sq: n for sq in route if (n := _changed(board, plain, shown, sq))}
    assert hidden == {}, f"the banner covers squares of the capture: {hidden}"


def test_a_held_piece_and_its_targets_push_the_banner_away(qtbot) -> None:
    from tests.ui.uihelp import click

    board = shown_board(qtbot, "W:W9,27:B23", 400)  # only 27x18 captures; 9 sits by the top
    board.show_banner("You must capture", seconds=0)
    top_first = board.banner_rect()
    assert top_first.center().y() < board.height() / 2, "the route is low: the top edge"
    click(board, 27)
    assert board.selected_square() == 27
    assert not board.banner_rect().intersects(board.square_rect(18))


def test_a_new_game_does_not_keep_the_last_games_banner(window) -> None:
    from tests.ui.uihelp import start

    start(window, fen="W:W22:B18")  # hot seat, Light must capture 22x13
    assert window.board.banner_text() == "You must capture"
    start(window)  # the start position: nothing to capture
    assert window.board.banner_text() == ""


@pytest.mark.parametrize(
    ("rules_key", "fen", "size"),
    [
        ("turkish", "W:WKd1,a2,b2:Bd4,a7,b7,c7", (900, 660)),  # the king on d1 takes up the file
        ("bashni", "B:W14,22,K25:B1,2,3,4,9", (800, 560)),  # row 8 full, 9x18 below it
        ("german", "W:W18,29,30,31,32:B1,2,3,4,14", (1900, 1000)),
    ],
)
def test_in_the_window_the_banner_hides_no_square(
    qtbot, window, rules_key: str, fen: str, size: tuple[int, int]
) -> None:
    """The window's board keeps a strip under it for its messages: "You must capture"
    leaves every square as it was, the edge rows too."""
    from dame_desktop.core import find_rules
    from tests.ui.uihelp import start

    window.resize(*size)
    start(window, fen=fen, rules=find_rules(rules_key))
    board = window.board
    qtbot.waitUntil(lambda: board.banner_text() == "You must capture")
    shown = board.grab().toImage()
    board.clear_banner()
    plain = board.grab().toImage()
    board.show_banner("You must capture", seconds=0)
    plate = board.banner_rect()
    assert not plate.isEmpty() and plate.width() > board.square_rect(1).width() * 4
    squares = board.position().geometry.squares
    for sq in range(1, squares + 1):
        assert not plate.intersects(board.square_rect(sq)), sq
        assert _changed(board, plain, shown, sq) == 0, f"the banner hides square {sq}"
    painted = sum(
        plain.pixelColor(int(x), int(y)) != shown.pixelColor(int(x), int(y))
        for x in range(int(plate.left()) + 2, int(plate.right()) - 2, 3)
        for y in range(int(plate.top()) + 2, int(plate.bottom()) - 2, 3)
    )
    assert painted > 50, "the banner is painted in its strip"
