"""The family table in the real window (issue 17): touch-move, board messages, names, draw
offers, the score table, the notation switch.  Real widgets, real mouse events and
``QAction.trigger()``; the engine thread runs for real."""

from __future__ import annotations

import dataclasses

from dame_desktop.core import Color, Touch, find_rules
from dame_desktop.ui.app.main_window import MainWindow
from tests.ui.uihelp import click, drag, start


def touch_rules():  # type: ignore[no-untyped-def]
    return dataclasses.replace(find_rules("german"), touch_move=True)


def test_hot_seat_touched_piece_must_move_and_straighten_frees_it(
        window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    start(window, rules=touch_rules())
    board, game = window.board, window.controller.game
    straighten = window.action("straighten")
    assert straighten.isEnabled()
    refusals: list[str] = []
    board.illegal_drop.connect(refusals.append)
    click(board, 22)  # pick up the piece on 22: touched
    assert game.touched == 22
    # another piece cannot be taken up or played now; the board says why
    click(board, 23)
    drag(board, 23, 19)
    assert game.moves == []
    assert any("22" in text for text in refusals), refusals
    # letting go on its own square does not free it
    drag(board, 22, 22)
    assert game.touched == 22
    drag(board, 22, 18)
    assert [(m.from_sq, m.to_sq) for m in game.moves] == [(22, 18)]
    assert game.touched is None
    # dark: "straighten" first lifts the rule for that one touch
    straighten.trigger()
    assert straighten.isChecked()
    click(board, 9)  # only straightened
    assert game.touched is None
    assert not straighten.isChecked(), "straighten counts for one touch only"
    click(board, 9)  # put it down again
    drag(board, 10, 14)
    assert [(m.from_sq, m.to_sq) for m in game.moves][-1] == (10, 14)


def test_the_computer_is_never_bound(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    start(window, rules=touch_rules(), computer=True, colour=Color.WHITE)
    board, game = window.board, window.controller.game
    answers: list[Touch] = []
    window.family.touch.touch_answered.connect(lambda answer, _sq: answers.append(answer))
    drag(board, 22, 18)
    qtbot.waitUntil(lambda: len(game.moves) == 2, timeout=20000)
    assert answers == [Touch.BOUND]
    assert game.touched is None
    # while the computer is thinking a touch binds nothing: simulate by asking at its turn
    assert window.controller.turn_info() is not None


def test_touch_move_is_off_by_default(window: MainWindow) -> None:
    start(window)
    assert not window.action("straighten").isEnabled()
    click(window.board, 22)
    assert window.controller.game.touched is None
