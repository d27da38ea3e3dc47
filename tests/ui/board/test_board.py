"""Playing on the board with real mouse events: drag, click-click, refusals, captures."""

from __future__ import annotations

from dame_desktop.core import Color, Position, find_rules
from dame_desktop.ui.board.widget import BoardWidget
from tests.ui.uihelp import click, drag, point, start


def test_drag_move_is_played(window, qtbot) -> None:
    start(window)
    board = window.board
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as blocker:
        drag(board, 22, 18)
    move = blocker.args[0]
    assert (move.from_sq, move.to_sq) == (22, 18)
    pos = board.position()
    assert pos.piece_at(22) is None and pos.piece_at(18).color is Color.WHITE
    assert [e.text for e in window.model.entries()] == ["22-18"]
    assert window.model.index(0, 0).data() == "1."
    # it is Dark's turn now in hot-seat, and the status bar says so
    assert "Dark" in window.play.status_text()


def test_click_click_move_is_played(window, qtbot) -> None:
    start(window)
    board = window.board
    click(board, 23)
    assert board.selected_square() == 23
    finals, _steps = board.target_squares()
    assert finals == {18, 19}, "the held piece's targets are marked"
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as blocker:
        click(board, 19)
    assert blocker.args[0].path == (23, 19)
    assert board.position().piece_at(19) is not None
    # Dark answers with a second click-click move; the list pairs them in row 1
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000):
        click(board, 11)
        click(board, 15)
    assert window.model.rowCount() == 1
    assert window.model.index(0, 1).data() == "23-19"
    assert window.model.index(0, 2).data() == "11-15"


def test_second_click_on_the_held_piece_puts_it_down(window, qtbot) -> None:
    start(window)
    click(window.board, 22)
    assert window.board.selected_square() == 22
    click(window.board, 22)
    assert window.board.selected_square() is None


def test_refused_drop_sends_the_piece_back_with_a_reason(window, qtbot) -> None:
    start(window)
    board = window.board
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        drag(board, 22, 15)  # two rows at once
    assert blocker.args == ["This piece cannot move there"]
    assert window.last_message == "This piece cannot move there"
    assert window.statusBar().currentMessage() == "This piece cannot move there"
    assert board.position().piece_at(22) is not None, "the piece went back"
    assert window.controller.game.moves == []
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        drag(board, 22, 14)  # a light square lies between; 14 is not reachable either
    assert blocker.args[0]
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        click(board, 29)  # a back-row piece that is blocked
    assert blocker.args == ["This piece cannot move"]
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        click(board, 9)  # the other side's piece
    assert blocker.args == ["That piece belongs to the other side"]


def test_men_do_not_move_backward(window, qtbot) -> None:
    start(window, fen="W:W18:B1")
    with qtbot.waitSignal(window.board.illegal_drop, timeout=10_000) as blocker:
        drag(window.board, 18, 22)
    assert blocker.args == ["Men move only forward"]


FORCED = "W:W18,22,23,31:B14,10,6,1"


def test_forced_capture_only_capturing_pieces_glow_and_can_be_picked(window, qtbot) -> None:
    start(window, fen=FORCED)
    board = window.board
    pos = board.position()
    assert board.must_capture_squares() == set(pos.capturing_squares()) == {18}
    assert "You must capture" in window.play.status_text()
    # a piece that cannot capture cannot be picked up
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        drag(board, 23, 19)
    assert blocker.args == ["You must capture"]
    assert board.position().piece_at(23) is not None
    # the capturing piece dropped on a quiet square is refused with the same reason
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        drag(board, 18, 15)
    assert blocker.args == ["You must capture"]
    # dropped on the final square of its (unambiguous) capture it is played
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as blocker:
        drag(board, 18, 2)
    move = blocker.args[0]
    assert set(move.captured) == {14, 6}
    after = board.position()
    assert after.piece_at(14) is None and after.piece_at(6) is None
    assert after.piece_at(2).is_king, "a man reaching the far row is crowned"


def test_multi_capture_square_by_square_shows_each_next_landing(window, qtbot) -> None:
    start(window, fen=FORCED)
    board = window.board
    click(board, 18)
    finals, steps = board.target_squares()
    assert finals == {2} and steps == {9}
    with qtbot.waitSignal(board.step_taken, timeout=10_000) as blocker:
        click(board, 9)
    assert blocker.args == [9]
    assert board.pending_route() == [9]
    assert window.controller.game.moves == [], "nothing is played halfway"
    finals, steps = board.target_squares()
    assert finals == {2} and steps == set()
    # clicking elsewhere does not abandon the half-made capture
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        click(board, 17)
    assert "not finished" in blocker.args[0]
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as blocker:
        click(board, 2)
    assert blocker.args[0].path == (18, 9, 2)
    assert window.model.entries()[0].text == "18x2"


AMBIGUOUS = "W:W18,31:B4,6,7,14,15,23"


def test_ambiguous_route_is_settled_by_the_intermediate_square(window, qtbot) -> None:
    start(window, fen=AMBIGUOUS)
    board = window.board
    with qtbot.waitSignal(board.illegal_drop, timeout=10_000) as blocker:
        drag(board, 18, 2)
    assert "Several captures" in blocker.args[0]
    assert window.controller.game.moves == []
    # the piece is still held: drag it on to 11, then to 2
    assert board.selected_square() == 18
    with qtbot.waitSignal(board.step_taken, timeout=10_000):
        click(board, 11)
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as blocker:
        drag(board, 11, 2)
    assert set(blocker.args[0].captured) == {15, 7}
    assert window.model.entries()[0].text == "18x11x2", "an ambiguous capture lists its route"


def test_last_move_numbers_flip_and_square_lookup(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(400, 300)
    board.show()
    pos = Position.start(find_rules("german"))
    board.set_position(pos, pos.legal_moves())
    rect = board.square_rect(29)
    assert abs(rect.width() - rect.height()) < 1e-6
    # the board is square and centred in a wide widget
    assert board.square_rect(1).left() > 50
    assert board.square_at(board.square_center(29)) == 29
    bottom_left = board.square_center(29)
    board.set_flipped(True)
    assert board.square_at(bottom_left) == 4, "flipped: Dark's corner is at the bottom left"
    assert board.square_at(board.square_center(29)) == 29
    board.set_show_numbers(True)
    assert board.shows_numbers()
    image = board.grab().toImage()
    assert image.width() == 400
    # the glow colour appears only when a capture is compulsory
    forced = Position.from_fen(FORCED, find_rules("german"))
    board.set_flipped(False)
    board.set_position(forced, forced.legal_moves())
    glow_pixel = board.grab().toImage().pixelColor(point(board, 18) + _offset(board))
    assert glow_pixel.red() > 200 and glow_pixel.green() > 150 and glow_pixel.blue() < 120


def _offset(board: BoardWidget):
    """A point just outside the piece's rim, where the gold glow shows."""
    from PySide6.QtCore import QPoint

    r = board.square_rect(18).width()
    return QPoint(int(r * 0.44), 0)


def test_move_animation_runs_and_can_be_turned_off(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.show()
    qtbot.waitExposed(board)
    pos = Position.start(find_rules("german"))
    board.set_position(pos, ())
    move = pos.legal_moves()[0]
    with qtbot.waitSignal(board.animation_finished, timeout=10_000):
        board.set_position(pos.play(move), (), last_move=move)
        assert board.is_animating()
    board.set_animated(False)
    board.set_position(pos, ())
    board.set_position(pos.play(move), (), last_move=move)
    assert not board.is_animating()


def test_no_animation_when_the_position_does_not_follow_from_the_move(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.show()
    qtbot.waitExposed(board)
    pos = Position.start(find_rules("german"))
    move = pos.legal_moves()[0]
    after = pos.play(move)
    board.set_position(after, ())
    # going back (undo): the new position is not the old one after the move
    board.set_position(pos, (), last_move=move)
    assert not board.is_animating()


def test_king_capture_that_ends_on_its_own_square(window, qtbot) -> None:
    start(window, fen="W:WK20:B1,10,16,17,23,24,31")
    board = window.board
    circle = [m for m in board.moves() if m.to_sq == 20]
    assert circle, "the king can capture round and back to 20"
    route = circle[0].paths[0]
    click(board, 20)
    for sq in route[1:-1]:
        with qtbot.waitSignal(board.step_taken, timeout=10_000):
            click(board, sq)
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as blocker:
        click(board, 20)
    assert blocker.args[0] == circle[0]
    assert board.position().piece_at(20).is_king


def test_escape_or_right_click_puts_the_held_piece_back(window, qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    start(window, fen=FORCED)
    board = window.board
    click(board, 18)
    click(board, 9)
    assert board.pending_route() == [9]
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Escape)
    assert board.selected_square() is None and board.pending_route() == []
    click(board, 18)
    QTest.mouseClick(
        board, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, point(board, 30)
    )
    assert board.selected_square() is None
    assert window.controller.game.moves == []


def test_colours_can_be_changed_and_reset(qtbot) -> None:

    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(320, 320)
    board.set_position(Position.start(find_rules("german")))
    empty_dark = board.square_rect(17).topLeft().toPoint() + _offset(board) / 4
    before = board.grab().toImage().pixelColor(empty_dark)
    board.set_colors("#eeeed2", "#769656", "#fafaf5", "#262421")
    green = board.grab().toImage().pixelColor(empty_dark)
    assert green.green() > green.red() + 20 and green.green() > green.blue() + 40, "now green"
    board.reset_colors()
    assert board.grab().toImage().pixelColor(empty_dark) == before
