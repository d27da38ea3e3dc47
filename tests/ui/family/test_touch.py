"""Touch-move in a hot-seat game: a touched piece must move, and "straighten" frees it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Color, Touch, find_rules
from tests.ui.family.harness import HotSeat

TOUCH = find_rules("german").with_switches(["touch-move=on"])


def test_a_touched_piece_must_be_moved(qtbot) -> None:
    table = HotSeat(qtbot, TOUCH)
    answers: list[tuple[Touch, int]] = []
    table.touch.touch_answered.connect(lambda a, sq: answers.append((a, sq)))
    table.click(22)
    assert table.game.touched == 22 and answers == [(Touch.BOUND, 22)]
    assert {m.from_sq for m in table.board.moves()} == {22}, "core narrowed the moves"
    table.click(22)  # a second click would put an untouched piece down
    assert table.board.selected_square() == 22, "letting go on its own square does not free it"
    QTest.keyClick(table.board, Qt.Key.Key_Escape)
    assert table.board.selected_square() == 22 and table.game.touched == 22
    table.click(23)
    assert table.refusals[-1] == "Touch-move rule: you touched the piece on 22, so it must be moved"
    table.click(15)  # the touched piece cannot go there: the rule is named, and where it can
    assert table.refusals[-1] == (
        "Touch-move rule: you touched the piece on 22, so it must be moved (to 17, 18)"
    )
    table.drag(24, 20)  # reaching for another piece by dragging is refused too
    assert table.played == [] and table.game.position.turn is Color.WHITE
    table.click(18)
    assert [m.full_text() for m in table.played] == ["22-18"]
    assert table.game.touched is None and table.game.position.turn is Color.BLACK
    table.click(11)  # Black's touch is Black's own
    assert table.game.touched == 11


def test_straighten_frees_the_one_next_touch(qtbot) -> None:
    table = HotSeat(qtbot, TOUCH)
    button = table.touch.button()
    qtbot.addWidget(button)
    button.show()
    assert table.touch.straighten_action.isEnabled()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # "I only straighten it"
    assert table.touch.straighten_action.isChecked()
    table.click(22)
    assert table.game.touched is None, "an announced straightening binds nothing"
    assert not table.touch.straighten_action.isChecked(), "it holds for one touch only"
    table.click(22)  # put it down again
    assert table.board.selected_square() is None
    table.click(23)  # the next touch binds again
    assert table.game.touched == 23
    table.click(22)
    assert table.refusals[-1] == "Touch-move rule: you touched the piece on 23, so it must be moved"
    table.click(19)
    assert [m.full_text() for m in table.played] == ["23-19"]


def test_the_straighten_action_through_its_trigger(qtbot) -> None:
    table = HotSeat(qtbot, TOUCH)
    table.touch.straighten_action.trigger()
    table.drag(24, 24)  # pick up and put back on its own square
    assert table.game.touched is None
    table.drag(21, 17)
    assert [m.full_text() for m in table.played] == ["21-17"]


def test_a_piece_that_cannot_move_is_not_touched(qtbot) -> None:
    table = HotSeat(qtbot, TOUCH)
    table.click(29)
    assert table.game.touched is None
    assert table.refusals[-1] == "This piece cannot move"
    table.click(24)
    assert table.game.touched == 24


def test_without_the_rule_a_piece_can_be_put_down(qtbot) -> None:
    table = HotSeat(qtbot, find_rules("german"))
    assert not table.touch.straighten_action.isEnabled()
    assert not table.touch.straighten_action.isVisible()
    table.click(22)
    table.click(22)
    table.click(23)
    assert table.board.selected_square() == 23 and table.game.touched is None
    table.click(19)
    assert [m.full_text() for m in table.played] == ["23-19"]


def test_the_computer_is_never_bound(qtbot) -> None:
    table = HotSeat(qtbot, TOUCH)
    table.touch._is_human_turn = lambda: False  # the engine's turn in a game against it
    table.click(22)
    table.click(22)
    assert table.game.touched is None
    table.click(23)
    assert table.board.selected_square() == 23


def test_the_end_of_the_game_disables_straighten(qtbot) -> None:
    table = HotSeat(qtbot, TOUCH)
    table.click(22)
    table.game.time_out(Color.WHITE)
    table.show()
    assert table.game.touched is None
    assert not table.touch.straighten_action.isEnabled()


def test_a_board_showing_another_position_binds_nothing(qtbot) -> None:
    table = HotSeat(qtbot, TOUCH)
    other = table.game.position.play(table.game.legal_moves()[0]).play(
        table.game.position.play(table.game.legal_moves()[0]).legal_moves()[0]
    )
    table.board.set_position(other, other.legal_moves())  # say, a variation being tried
    table.click(22)
    assert table.game.touched is None, "the live game is not touched from another position"
