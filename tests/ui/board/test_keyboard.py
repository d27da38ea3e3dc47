"""Keyboard play on the board: the cursor stays on dark squares, Left/Right step the moves."""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Move, Position, find_rules
from dame_desktop.ui.board.keyboard import BoardKeyboard
from dame_desktop.ui.board.widget import BoardWidget
from tests.ui.uihelp import drag, start

SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def board_with_keys(qtbot, rules: str = "german", flipped: bool = False):
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(400, 400)
    board.set_animated(False)
    board.show()
    qtbot.waitExposed(board)
    position = Position.start(find_rules(rules))
    board.set_position(position, position.legal_moves())
    board.set_flipped(flipped)
    keys = BoardKeyboard(board)
    board.setFocus()
    return board, keys


def test_left_right_home_end_ask_to_step_and_leave_the_cursor(qtbot) -> None:
    board, keys = board_with_keys(qtbot)
    QTest.keyClick(board, Qt.Key.Key_Up)
    where = keys.square()
    assert where is not None
    asked: list[int] = []
    board.step_requested.connect(asked.append)
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End):
        QTest.keyClick(board, key)
    assert asked == [-1, 1, -1000, 1000]
    assert keys.square() == where, "the cursor did not move"


@pytest.mark.slow
def test_the_cursor_never_stands_on_a_light_square(qtbot) -> None:
    rng = random.Random(7)
    presses = [
        (Qt.Key.Key_Up, NONE),
        (Qt.Key.Key_Down, NONE),
        (Qt.Key.Key_Left, SHIFT),
        (Qt.Key.Key_Right, SHIFT),
    ]
    for rules, flipped in itertools.product(("german", "international"), (False, True)):
        board, keys = board_with_keys(qtbot, rules, flipped)
        for _ in range(600):
            key, mods = rng.choice(presses)
            QTest.keyClick(board, key, mods)
            square = keys.square()
            assert square is not None, f"{rules}: the cursor left the dark squares"
            rect = keys.cursor_rect()
            assert rect is not None and board.square_at(rect.center()) == square
        # and every dark square can be reached from every other
        squares = board.position().geometry.squares
        reached, todo = {22}, [22]
        while todo:
            here = todo.pop()
            for key, mods in presses:
                keys.place(here)
                QTest.keyClick(board, key, mods)
                there = keys.square()
                assert there is not None
                if there not in reached:
                    reached.add(there)
                    todo.append(there)
        assert reached == set(range(1, squares + 1)), f"{rules}: every dark square is reachable"


def test_up_keeps_to_its_column_and_shift_arrows_move_along_the_row(qtbot) -> None:
    board, keys = board_with_keys(qtbot)
    keys.place(22)  # c3
    QTest.keyClick(board, Qt.Key.Key_Up)
    assert keys.cell_name() == "d4"  # toward the middle
    QTest.keyClick(board, Qt.Key.Key_Up)
    assert keys.cell_name() == "c5", "straight on it zigzags round its column"
    QTest.keyClick(board, Qt.Key.Key_Right, SHIFT)
    assert keys.cell_name() == "e5"
    QTest.keyClick(board, Qt.Key.Key_Down)
    assert keys.cell_name() in ("d4", "f4")
    keys.place(29)  # a1: the left edge
    QTest.keyClick(board, Qt.Key.Key_Left, SHIFT)
    assert keys.cell_name() == "a1", "the edge stops it"
    QTest.keyClick(board, Qt.Key.Key_Down)
    assert keys.cell_name() == "a1"


def test_up_is_up_on_the_screen_on_a_turned_board(qtbot) -> None:
    board, keys = board_with_keys(qtbot, flipped=True)
    keys.place(22)  # c3, near the top now
    before = keys.cursor_rect()
    QTest.keyClick(board, Qt.Key.Key_Down)
    after = keys.cursor_rect()
    assert before is not None and after is not None and after.top() > before.top()
    assert keys.square() == 18  # d4


def test_enter_plays_through_the_move_input(qtbot) -> None:
    board, keys = board_with_keys(qtbot)
    played: list[Move] = []
    board.move_chosen.connect(played.append)
    keys.place(22)
    QTest.keyClick(board, Qt.Key.Key_Return)
    assert board.selected_square() == 22
    assert "22" in board.accessibleName()
    QTest.keyClick(board, Qt.Key.Key_Escape)
    assert board.selected_square() is None
    QTest.keyClick(board, Qt.Key.Key_Space)
    QTest.keyClick(board, Qt.Key.Key_Up)
    assert keys.square() == 18
    QTest.keyClick(board, Qt.Key.Key_Enter)
    assert [m.path for m in played] == [(22, 18)]
    refused: list[str] = []
    board.illegal_drop.connect(refused.append)
    keys.place(9)
    QTest.keyClick(board, Qt.Key.Key_Return)
    assert refused == ["That piece belongs to the other side"]


def test_the_keys_are_told_once_in_the_status_text(qtbot) -> None:
    board, keys = board_with_keys(qtbot)
    said: list[str] = []
    keys.cursor_moved.connect(said.append)
    QTest.keyClick(board, Qt.Key.Key_Up)
    QTest.keyClick(board, Qt.Key.Key_Up)
    assert "Shift+Left/Right" in said[0] and "Shift+Left/Right" not in said[1]
    assert "Shift+Left/Right" in board.whatsThis()


def test_left_steps_back_through_the_game_while_the_board_has_the_focus(window, qtbot) -> None:
    # defect 7: with keyboard play on, Left moved the cursor instead of stepping back
    start(window)
    # the window's own keyboard play when it has one (the rebuilt window makes it), else ours
    keys = getattr(window, "keyboard", None) or BoardKeyboard(window.board)
    for a, b in ((22, 18), (9, 13)):
        drag(window.board, a, b)
    rules = find_rules("german")
    first = Position.start(rules)
    after_one = first.play(next(m for m in first.legal_moves() if m.path == (22, 18)))
    window.activateWindow()
    window.board.setFocus()
    QTest.keyClick(window.board, Qt.Key.Key_Up)
    cursor = keys.square()
    QTest.keyClick(window.board, Qt.Key.Key_Left)
    assert window.board.position() == after_one
    assert keys.square() == cursor
    QTest.keyClick(window.board, Qt.Key.Key_Home)
    assert window.board.position() == first
    QTest.keyClick(window.board, Qt.Key.Key_End)
    assert window.board.moves(), "back at the live end: the player may move"
