"""Bashni in the window: towers drawn on the board, played by drags against the computer,
with hints, undo, the analysis panel, and a save that reopens with the same towers."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from dame_desktop.core import Color, Position, find_rules
from dame_desktop.core.geometry import geometry_of
from dame_desktop.pdn.document import PdnDocument
from dame_desktop.ui.board.towers import top_depth, tower_layout
from dame_desktop.ui.board.widget import BoardWidget
from tests.ui.uihelp import drag, start

BASHNI = find_rules("bashni")
# White's c3 must take d4 (a Black man over a White man): the White man comes free
FEN = "W:Wc3,a1,e1,g1:Bd4/w,h8,b8,f8"


def square(name: str) -> int:
    return geometry_of(BASHNI).sq_from_name(name)


def band_colour(board: BoardWidget, sq: int, depth: int = 1) -> int:
    """The lightness of the board's picture in the middle of the ``depth``-th band under
    the tower's top on ``sq`` (where a single piece shows its own side or the square)."""
    pos = board.position()
    assert pos is not None
    column = pos.tower(sq)
    center = board.square_center(sq)
    top, r, band = tower_layout(
        center, board._cell() * 0.4, max(1, len(column) - 1), column[0].is_king
    )
    y = top.y() + top_depth(column[0].is_king) * r + depth * band + r * 0.96 - band / 2
    image = board.grab().toImage()
    ratio = board.devicePixelRatioF()
    at = QPointF(center.x(), y) * ratio
    return image.pixelColor(int(at.x()), int(at.y())).lightness()


def test_the_board_draws_each_tower_with_the_colours_below_its_top(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(440, 440)  # about the board of an 800x600 window
    board.set_position(Position.from_fen("W:Wc3/b,e3/w:Bd6/w,f6/b,h6", BASHNI))
    board.show()
    # under a White top: a dark band for a Black piece, a light one for a White piece
    assert band_colour(board, square("c3")) < 90
    assert band_colour(board, square("e3")) > 150
    # under a Black top the other way round
    assert band_colour(board, square("d6")) > 150
    assert band_colour(board, square("f6")) < 90


def test_a_bashni_game_in_the_window(window, qtbot, tmp_path) -> None:
    start(window, FEN, computer=True, rules=BASHNI, level="beginner")
    controller = window.controller
    game = controller.game
    assert [m.path for m in window.board.moves()] == [(square("c3"), square("e5"))]
    # a hint for the one capture
    with qtbot.waitSignal(window.hints.hint_ready, timeout=60_000) as blocker:
        window.action("hint").trigger()
    assert blocker.args[1].path == (square("c3"), square("e5"))
    with qtbot.waitSignal(
        controller.turn_started,
        timeout=60_000,
        check_params_cb=lambda info: info.human and len(game.moves) == 2,
    ):
        drag(window.board, square("c3"), square("e5"))
    after_capture = game.states[1].position
    assert after_capture.fen(algebraic=True) == "B:We5/b,d4,a1,e1,g1:Bb8,f8,h8"
    assert set(window.board.moves()) == set(game.position.legal_moves())
    assert window.board.position() == game.position
    # undo takes back the reply and the capture: the tower stands again
    window.action("undo").trigger()
    assert game.moves == [] and game.position == Position.from_fen(FEN, BASHNI)
    assert window.board.position().tower(square("d4"))[1].color is Color.WHITE
    window.action("redo").trigger()
    assert len(game.moves) == 2
    # saved and opened again: the same positions, towers and all
    path = tmp_path / "bashni.pdn"
    assert window.document.save_to(path)
    text = path.read_text(encoding="utf-8")
    assert '[Variant "Bashni"]' in text and "/w" in text  # the FEN tag holds the tower
    reopened = PdnDocument.open(path).load_game(0)
    assert reopened.errors == [] and reopened.rules == BASHNI
    assert [n.position() for n in reopened.mainline()] == [s.position for s in game.states[1:]]
    assert window.document.open_path(path)
    assert window.studying()
    for _ in game.moves:
        window.action("next").trigger()
    assert window.navigator.position() == game.position
    assert window.board.position() == game.position


def test_the_analysis_panel_analyses_a_bashni_position(window, qtbot) -> None:
    start(window, FEN, computer=False, rules=BASHNI)
    window.action("analysis").trigger()
    panel = window.analysis.panel
    shown = window.navigator.position()
    assert shown == Position.from_fen(FEN, BASHNI)
    qtbot.waitUntil(
        lambda: (
            panel.current() is not None
            and panel.current().position == shown
            and panel.line_views[0].move_count() >= 2
        ),
        timeout=60_000,
    )
    assert panel.line_views[0].move_texts()[0] == "c3:e5"
