"""The set-up editor: click and drag pieces with real mouse events, rule sets, refusals."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from dame_desktop.core import Color, Kind, Position, find_rules
from dame_desktop.ui.study.setup_editor import SetupEditor
from tests.ui.uihelp import click, drag, point

GERMAN = find_rules("german")
LEFT = Qt.MouseButton.LeftButton
NOMOD = Qt.KeyboardModifier.NoModifier


def editor_for(qtbot, rules=GERMAN, start: Position | None = None) -> SetupEditor:
    editor = SetupEditor(rules, start)
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def palette_drag(editor: SetupEditor, index: int, target: QPoint, steps: int = 8) -> None:
    """Press on a palette button, move over the board with the button held, let go."""
    button = editor.tool_buttons[index]
    start = button.rect().center()
    QTest.mousePress(button, LEFT, NOMOD, start)
    end = button.mapFromGlobal(editor.board.mapToGlobal(target))
    for i in range(1, steps + 1):
        QTest.mouseMove(button, start + (end - start) * i / steps)
    QTest.mouseRelease(button, LEFT, NOMOD, end)


def test_a_piece_dragged_from_the_palette_lands_on_the_square(qtbot) -> None:
    editor = editor_for(qtbot)
    editor.clear()
    button = editor.tool_buttons[3]  # dark king
    start = button.rect().center()
    target = point(editor.board, 14)
    QTest.mousePress(button, LEFT, NOMOD, start)
    end = button.mapFromGlobal(editor.board.mapToGlobal(target))
    for i in range(1, 9):
        QTest.mouseMove(button, start + (end - start) * i / 8)
    floating = editor.board.floating()
    assert floating is not None and floating[:2] == (Color.BLACK, Kind.KING), (
        "the piece is shown under the pointer while it is dragged"
    )
    QTest.mouseRelease(button, LEFT, NOMOD, end)
    assert editor.pieces == {14: (Color.BLACK, Kind.KING)}
    assert editor.board.floating() is None
    assert editor.tool() == (Color.BLACK, Kind.KING), "the dragged piece is now the chosen one"
    # let go outside the board: nothing is placed
    palette_drag(editor, 0, QPoint(-50, -50))
    assert editor.pieces == {14: (Color.BLACK, Kind.KING)}
    # the eraser dragged onto a piece takes it away
    palette_drag(editor, 4, target)
    assert editor.pieces == {}


def test_pieces_are_dragged_between_squares_and_off_the_board(qtbot) -> None:
    editor = editor_for(qtbot)
    assert editor.pieces[22] == (Color.WHITE, Kind.MAN)
    drag(editor.board, 22, 18)
    assert 22 not in editor.pieces and editor.pieces[18] == (Color.WHITE, Kind.MAN)
    # dragging onto another piece replaces it
    drag(editor.board, 18, 11)
    assert editor.pieces[11] == (Color.WHITE, Kind.MAN) and 18 not in editor.pieces
    before = dict(editor.pieces)
    # off the board: the piece is removed
    board = editor.board
    start = board.square_center(21)
    QTest.mousePress(board, LEFT, NOMOD, start.toPoint())
    outside = QPointF(board.width() + 40, start.y())
    for i in range(1, 9):
        QTest.mouseMove(board, (start + (outside - start) * (i / 8)).toPoint())
    assert board.lifted_square() == 21
    QTest.mouseRelease(board, LEFT, NOMOD, outside.toPoint())
    assert editor.pieces == {sq: p for sq, p in before.items() if sq != 21}
    shown = board.position()
    assert shown is not None and shown.piece_at(21) is None


def test_clicks_place_and_take_away_and_a_right_click_clears(qtbot) -> None:
    editor = editor_for(qtbot)
    editor.clear()
    click(editor.board, 22)
    assert editor.pieces == {22: (Color.WHITE, Kind.MAN)}
    click(editor.board, 22)
    assert editor.pieces == {}
    editor.tool_buttons[2].click()
    click(editor.board, 9)
    QTest.mouseClick(editor.board, Qt.MouseButton.RightButton, NOMOD, point(editor.board, 9))
    assert editor.pieces == {}


def test_a_man_on_its_crowning_row_is_refused_with_the_squares(qtbot) -> None:
    editor = editor_for(qtbot)
    editor.clear()
    click(editor.board, 22)  # light man
    editor.tool_group.button(2).click()  # dark man
    click(editor.board, 9)
    assert editor.play_button.isEnabled()
    editor.tool_group.button(0).click()
    click(editor.board, 2)  # a light man on the top row, where light men are crowned
    assert "Light has a man on 2, the row" in editor.message.text()
    assert not editor.play_button.isEnabled() and not editor.save_button.isEnabled()
    editor.tool_group.button(2).click()
    click(editor.board, 30)
    click(editor.board, 31)  # dark men on the bottom row
    editor.tool_group.button(1).click()
    click(editor.board, 2)  # crowned: the light piece is fine now
    assert "Dark has men on 30, 31, the row" in editor.message.text()
    editor.tool_group.button(3).click()
    click(editor.board, 30)
    click(editor.board, 31)
    assert editor.message.text() == "" and editor.play_button.isEnabled()


def test_too_many_pieces_for_the_rules_are_refused(qtbot) -> None:
    editor = editor_for(qtbot)  # the start position: 12 each
    assert editor.problem() == ""
    click(editor.board, 17)  # a thirteenth light man
    assert editor.problem() == "Light has 13 pieces, but starts with 12 under these rules."
    assert not editor.play_button.isEnabled()


def test_a_position_where_the_game_is_over_may_be_saved_but_not_played(qtbot) -> None:
    editor = editor_for(qtbot)
    editor.clear()
    click(editor.board, 22)
    assert "Dark has no pieces" in editor.message.text()
    assert not editor.play_button.isEnabled() and editor.save_button.isEnabled()
    editor.fen_edit.setText("W:W29:B25,22")  # light's man on a1 is blocked by 25 and 22
    assert editor.apply_fen()
    assert "Light is to move but has no move" in editor.problem()
    assert not editor.play_button.isEnabled() and editor.save_button.isEnabled()
    editor.turn_box.setCurrentIndex(1)  # the side to move is chosen explicitly
    assert editor.position().turn is Color.BLACK
    assert editor.problem() == "" and editor.play_button.isEnabled()


def test_every_rule_set_can_be_chosen_and_the_board_follows(qtbot) -> None:
    editor = editor_for(qtbot)
    keys = [editor.rules_box.itemData(i) for i in range(editor.rules_box.count())]
    assert "international" in keys and "english" in keys and len(keys) >= 10
    editor.rules_box.setCurrentIndex(keys.index("international"))
    assert editor.rules.key == "international"
    position = editor.board.position()
    assert position is not None and position.rules.board_size == 10
    assert len(editor.pieces) == 40
    editor.clear()
    editor.tool_buttons[0].click()
    click(editor.board, 3)
    assert "White has a man on 3, the row" in editor.problem()  # the rules name the sides
    # back on an 8x8 board, a piece keeps its cell under another rule set of that size
    editor.rules_box.setCurrentIndex(keys.index("german"))
    editor.clear()
    click(editor.board, 22)  # c3
    editor.rules_box.setCurrentIndex(keys.index("czech"))
    assert [editor.position().geometry.sq_name(sq) for sq in editor.pieces] == ["c3"]
    # Spanish boards have their dark squares the other way round: the mirror image, f3
    editor.rules_box.setCurrentIndex(keys.index("spanish"))
    assert [editor.position().geometry.sq_name(sq) for sq in editor.pieces] == ["f3"]
    assert editor.position().rules.key == "spanish"


def test_the_board_grows_with_the_dialog(qtbot) -> None:
    editor = editor_for(qtbot)
    editor.resize(800, 600)
    qtbot.wait(50)
    small = editor.board.square_rect(1).width()
    assert small * 8 > 400, "a big board at 800x600"
    editor.resize(1400, 1000)
    qtbot.waitUntil(lambda: editor.board.square_rect(1).width() > small * 1.4, timeout=10_000)
    side = editor.message.parentWidget()
    assert isinstance(side, QWidget) and side.width() <= 320


def test_custom_rules_are_offered_first_and_kept(qtbot) -> None:
    house = GERMAN.with_switches(["huffing=on"])
    editor = editor_for(qtbot, rules=house)
    assert editor.rules_box.currentIndex() == 0
    assert editor.position().rules == house


SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_turkish_pieces_go_on_every_square_and_play_straight(qtbot) -> None:
    turkish = find_rules("turkish")
    editor = editor_for(qtbot, turkish)
    geo = editor.position().geometry
    editor.clear()
    a1, b1, a2 = (geo.sq_from_name(n) for n in ("a1", "b1", "a2"))
    click(editor.board, a1)  # a "light" square of the diagonal games
    click(editor.board, b1)
    editor.tool_buttons[3].click()  # a Black king
    click(editor.board, a2)
    assert editor.pieces == {
        a1: (Color.WHITE, Kind.MAN),
        b1: (Color.WHITE, Kind.MAN),
        a2: (Color.BLACK, Kind.KING),
    }
    assert editor.fen_edit.text() == "W:Wa1,b1:BKa2"
    assert editor.problem() == ""
    # the men capture straight ahead: a1 takes a2, and must
    moves = {editor.position().move_text(m) for m in editor.position().legal_moves()}
    assert moves == {"a1xa3"}
    # a man on the last row is refused, as in every rule set
    editor.tool_buttons[0].click()
    click(editor.board, geo.sq_from_name("e8"))
    assert "e8" in editor.impossible()


def test_bashni_towers_are_built_with_shift_clicks(qtbot) -> None:
    bashni = find_rules("bashni")
    editor = editor_for(qtbot, bashni)
    assert editor.tower_hint.isVisible()
    geo = editor.position().geometry
    c3, e5 = geo.sq_from_name("c3"), geo.sq_from_name("e5")
    editor.clear()
    click(editor.board, c3)  # a White man on top
    editor.tool_buttons[2].click()  # Black man
    QTest.mouseClick(editor.board, LEFT, SHIFT, point(editor.board, c3))
    editor.tool_buttons[1].click()  # White king
    QTest.mouseClick(editor.board, LEFT, SHIFT, point(editor.board, c3))
    assert editor.towers == {c3: "bW"}
    assert editor.position().fen(algebraic=True) == "W:Wc3/bW:B"
    shown = editor.board.position()
    assert shown is not None and len(shown.tower(c3)) == 3
    # Shift + right click: the bottom piece goes
    QTest.mouseClick(editor.board, Qt.MouseButton.RightButton, SHIFT, point(editor.board, c3))
    assert editor.towers == {c3: "b"}
    # a drag moves the whole tower
    drag(editor.board, c3, e5)
    assert editor.pieces == {e5: (Color.WHITE, Kind.MAN)} and editor.towers == {e5: "b"}
    # clicking the top with its own piece takes the top away: the Black man comes up
    editor.tool_buttons[0].click()
    click(editor.board, e5)
    assert editor.pieces == {e5: (Color.BLACK, Kind.MAN)} and editor.towers == {}
    # a tower FEN is read, and the counts include the pieces inside the towers
    editor.fen_edit.setText("W:Wc3/bw,e3:Bd6/w")
    assert editor.apply_fen()
    assert editor.towers == {c3: "bw", geo.sq_from_name("d6"): "w"}
    editor.fen_edit.setText("W:Wc3/" + "w" * 12 + ":Bd6")
    assert not editor.apply_fen()
    assert "13 White pieces" in editor.message.text()
    editor.tool_buttons[0].click()
    for _ in range(11):
        QTest.mouseClick(editor.board, LEFT, SHIFT, point(editor.board, c3))
    assert "White has 15 pieces" in editor.impossible()  # 4 before, 11 more below c3
    assert not editor.play_button.isEnabled()
    # to Russian: the towers go, the tops stay
    editor.set_rules(find_rules("russian"))
    assert editor.towers == {} and not editor.tower_hint.isVisible()
    assert editor.pieces[c3] == (Color.WHITE, Kind.MAN)
