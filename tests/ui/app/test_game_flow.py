"""Games through the window: the computer, undo, hint, a whole game, draws, huffing."""

from __future__ import annotations

import dataclasses
import random
import time

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Color, HuffChoice, Reason, find_rules
from tests.ui.uihelp import click, drag, settings, start


def wait_for_human(window, qtbot, timeout=60_000):
    game = window.controller
    qtbot.waitUntil(lambda: game.game.is_over or bool(window.board.moves()), timeout=timeout)


def play_by_clicks(board, move) -> None:
    """Click the piece, then every landing square of the move's route."""
    click(board, move.from_sq)
    for sq in move.path[1:]:
        click(board, sq)


def test_computer_answers_and_undo_takes_back_both_moves(window, qtbot):
    start(window, computer=True)
    game = window.controller.game
    assert window.board.is_flipped() is False, "the human (Light) sits at the bottom"
    with qtbot.waitSignal(
        window.controller.turn_started,
        timeout=60_000,
        check_params_cb=lambda info: info.human and len(game.moves) == 2,
    ):
        drag(window.board, 22, 18)
    assert game.moves[0].path == (22, 18)
    assert game.position.turn is Color.WHITE
    assert window.action("undo").isEnabled()
    window.action("undo").trigger()
    assert game.moves == [], "undo takes back your move and the computer's reply"
    assert game.position.turn is Color.WHITE
    assert window.board.moves(), "you may move again"
    assert window.action("redo").isEnabled()
    window.action("redo").trigger()
    assert len(game.moves) == 2 and game.position.turn is Color.WHITE


def test_human_dark_sits_at_the_bottom_and_computer_opens(window, qtbot):
    with qtbot.waitSignal(window.controller.move_played, timeout=60_000):
        start(window, computer=True, colour=Color.BLACK)
    assert window.board.is_flipped(), "Dark at the bottom against the computer"
    assert window.controller.game.moves[0].path[0] in range(21, 33)


def test_undo_while_the_computer_thinks_drops_its_answer(window, qtbot):
    start(window, computer=True, level="hard")
    controller = window.controller
    with qtbot.waitSignal(
        controller.thinking_changed, timeout=60_000, check_params_cb=lambda thinking: thinking
    ):
        drag(window.board, 22, 18)
    assert controller.is_thinking()
    started = time.perf_counter()
    window.action("undo").trigger()
    assert not controller.is_thinking()
    # the cancelled search stops quickly and its late answer is never played
    qtbot.waitUntil(lambda: not window.client.busy(), timeout=60_000)
    qtbot.wait(300)
    assert controller.game.moves == []
    assert time.perf_counter() - started < 10.0  # generous: a loaded machine
    assert window.board.moves(), "the human may move at once"


def test_hint_marks_a_legal_move(window, qtbot):
    start(window, computer=True)
    with qtbot.waitSignal(window.hints.hint_ready, timeout=5000) as blocker:
        window.action("hint").trigger()
    move = blocker.args[1]
    assert move in window.controller.game.position.legal_moves()
    assert window.board.hint() == move
    assert window.last_message.startswith("Hint: ")
    # the hint disappears when a move is made
    with qtbot.waitSignal(window.controller.move_played, timeout=5000):
        play_by_clicks(window.board, move)
    assert window.board.hint() is None


def test_a_hint_for_a_position_that_is_gone_is_dropped(window, qtbot):
    """The hint "Hint: 21-17" was shown after 21-17 was played."""
    start(window)  # hot-seat: both sides by hand
    shown: list[object] = []
    window.hints.hint_ready.connect(lambda position, move: shown.append(move))
    window.hints.ask(window.controller.game.position, movetime=0.3)
    with qtbot.waitSignal(window.controller.move_played, timeout=2000):
        drag(window.board, 21, 17)
    qtbot.waitUntil(lambda: not window.client.busy(), timeout=5000)
    qtbot.wait(100)
    assert shown == [] and window.board.hint() is None
    assert not window.last_message.startswith("Hint")
    # asked for the new position, it arrives
    with qtbot.waitSignal(window.hints.hint_ready, timeout=5000) as blocker:
        window.action("hint").trigger()
    assert blocker.args[0] == window.controller.game.position


def test_whole_game_against_beginner_by_clicks(window, qtbot):
    rng = random.Random(7)
    start(window, computer=True, level="beginner")
    controller = window.controller
    game = controller.game
    outcome: list[object] = []
    controller.game_over.connect(outcome.append)
    plies = 0
    while not game.is_over and plies < 400:
        wait_for_human(window, qtbot)
        if game.is_over:
            break
        move = rng.choice(window.board.moves())
        before = len(game.states)
        play_by_clicks(window.board, move)
        assert len(game.states) > before, f"the clicks did not play {move}"
        plies += 1
    qtbot.waitUntil(lambda: bool(outcome), timeout=60_000)
    result = game.result
    assert len(game.moves) >= 10, "a real game was played"
    assert result is not None and outcome == [result]
    assert window.play.over_box is not None and window.play.over_box.isVisible()
    assert window.play.over_box.text() == window.play.status_text()
    assert not window.board.moves(), "no moves after the end"
    # the status bar and the dialog name the reason
    assert result.reason in (
        Reason.NO_PIECES,
        Reason.NO_MOVES,
        Reason.REPETITION,
        Reason.MOVE_LIMIT,
        Reason.THREE_KINGS_DIAGONAL,
    )


def test_computer_answers_draw_offers_by_the_position(window, qtbot):
    # the computer (Dark) is far behind: it accepts
    start(window, computer=True, fen="W:W21,22,23,24,25,26,27,28:B1,2,3")
    with qtbot.waitSignal(window.controller.draw_answered, timeout=5000) as blocker:
        window.action("draw").trigger()
    assert blocker.args == [True]
    assert window.controller.game.result.reason is Reason.AGREEMENT
    assert "agreed" in window.play.status_text()
    window.play.over_box.close()
    # the computer is far ahead: it declines and the game goes on
    start(window, computer=True, fen="W:W29,30:B1,2,3,4,5,6,7,8")
    with qtbot.waitSignal(window.controller.draw_answered, timeout=5000) as blocker:
        window.action("draw").trigger()
    assert blocker.args == [False]
    assert not window.controller.game.is_over
    # it says why in one sentence, in the status bar and over the board
    assert window.last_message == "No thanks, I think I stand better."
    assert window.board.banner_text() == window.last_message


def test_resign(window, qtbot):
    start(window, computer=True)
    window.action("resign").trigger()
    result = window.controller.game.result
    assert result.winner is Color.BLACK and result.reason is Reason.RESIGNATION
    assert "resigned" in window.play.status_text()
    assert window.play.over_box.isVisible()


def test_move_list_click_and_arrow_keys_show_earlier_positions(window, qtbot):
    start(window)
    board = window.board
    for a, b in ((22, 18), (9, 13), (23, 19)):
        with qtbot.waitSignal(window.controller.move_played, timeout=2000):
            drag(board, a, b)
    game = window.controller.game
    view = window.move_view
    index = window.model.index_of(0)
    rect = view.visualRect(index)
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center()
    )
    assert window.live.index == 0
    assert board.position() == game.states[1].position
    assert not board.moves(), "an earlier position is only looked at"
    assert window.model.current() == 0
    window.action("next").trigger()
    assert board.position() == game.states[2].position
    window.action("prev").trigger()
    window.action("prev").trigger()
    assert board.position() == game.states[0].position
    window.action("last").trigger()
    assert window.live.index is None
    assert board.position() == game.position and board.moves()


def test_hot_seat_huff_blow_away(window, qtbot):
    rules = dataclasses.replace(find_rules("german"), huffing=True)
    start(window, fen="W:W22,27,29:B18,5,1", rules=rules)
    board = window.board
    assert board.must_capture_squares() == set(), "with huffing a missed capture is allowed"
    with qtbot.waitSignal(window.controller.huff_pending, timeout=2000) as blocker:
        drag(board, 27, 23)  # ignores 22x15
    assert blocker.args[0].candidates == (22,)
    assert window.huff_bar.isVisible()
    QTest.mouseClick(window.huff_bar.blow_button, Qt.MouseButton.LeftButton)
    assert board.picking()
    with qtbot.waitSignal(window.controller.huff_decided, timeout=2000) as blocker:
        click(board, 22)
    assert blocker.args == [HuffChoice.BLOW, 22]
    game = window.controller.game
    assert game.position.piece_at(22) is None, "the piece was blown away"
    assert game.position.turn is Color.BLACK, "blowing is not a move: Dark moves now"
    assert not window.huff_bar.isVisible()
    assert "(blew 22)" in window.model.entries()[-1].text
    # the game goes on with Dark's move by clicks
    with qtbot.waitSignal(window.controller.move_played, timeout=2000):
        click(board, 18)
        click(board, 22)


def test_hot_seat_huff_demand_the_capture(window, qtbot):
    rules = dataclasses.replace(find_rules("german"), huffing=True)
    start(window, fen="W:W22,27,29:B18,5,1", rules=rules)
    with qtbot.waitSignal(window.controller.huff_pending, timeout=2000):
        drag(window.board, 27, 23)
    QTest.mouseClick(window.huff_bar.correct_button, Qt.MouseButton.LeftButton)
    game = window.controller.game
    assert game.moves == [] and game.position.turn is Color.WHITE
    assert {m.full_text() for m in window.board.moves()} == {"22x15"}
    assert window.board.must_capture_squares() == {22}


def test_computer_huffs_a_missed_capture(window, qtbot):
    rules = dataclasses.replace(find_rules("german"), huffing=True)
    s = settings(rules=rules, computer=True, level="beginner")
    from dame_desktop.core import Position

    window.play.start_game(s, start=Position.from_fen("W:W22,27,29:B18,5,1", rules))
    with qtbot.waitSignal(window.controller.huff_decided, timeout=60_000) as blocker:
        drag(window.board, 27, 23)
    choice, square = blocker.args
    assert choice in (HuffChoice.BLOW, HuffChoice.CORRECT, HuffChoice.ACCEPT)
    if choice is HuffChoice.BLOW:
        assert square == 22
    assert window.last_message


def test_hot_seat_turn_board_to_side_to_move(window, qtbot):
    start(window)
    window.action("turn").setChecked(True)
    assert not window.board.is_flipped()
    with qtbot.waitSignal(window.controller.move_played, timeout=2000):
        drag(window.board, 22, 18)
    assert window.board.is_flipped(), "Dark to move: Dark's side at the bottom"
    window.action("flip").trigger()
    assert not window.board.is_flipped()


def test_arrow_keys_step_through_the_moves(window, qtbot):
    start(window)
    for a, b in ((22, 18), (9, 13)):
        with qtbot.waitSignal(window.controller.move_played, timeout=2000):
            drag(window.board, a, b)
    window.activateWindow()
    window.board.setFocus()
    game = window.controller.game
    QTest.keyClick(window.board, Qt.Key.Key_Left)
    assert window.board.position() == game.states[1].position
    QTest.keyClick(window.board, Qt.Key.Key_Home)
    assert window.board.position() == game.states[0].position
    QTest.keyClick(window.board, Qt.Key.Key_End)
    assert window.live.index is None and window.board.moves()


def test_closing_while_the_computer_thinks_stops_the_thread(window, qtbot):
    with qtbot.waitSignal(
        window.controller.thinking_changed,
        timeout=60_000,
        check_params_cb=lambda thinking: thinking,
    ):
        start(window, computer=True, colour=Color.BLACK, level="master")
    assert "thinking" in window.play.status_text()
    started = time.perf_counter()
    window.close()
    assert window.client.worker_thread.isFinished()
    # cancelled, not waited for: the master level thinks 5 s; generous for a loaded machine
    assert time.perf_counter() - started < 4.0, "cancelling a search is quick"


def test_new_game_while_the_computer_thinks_drops_the_old_answer(window, qtbot):
    with qtbot.waitSignal(
        window.controller.thinking_changed, timeout=2000, check_params_cb=lambda thinking: thinking
    ):
        start(window, computer=True, colour=Color.BLACK, level="hard")
    old_game = window.controller.game
    start(window)  # hot-seat: nobody thinks now
    assert window.controller.game is not old_game
    qtbot.waitUntil(lambda: not window.client.busy(), timeout=3000)
    qtbot.wait(200)
    assert window.controller.game.moves == [] and old_game.moves == []
    assert not window.controller.is_thinking()


def click_in_box(name: str, button: str, seen: list[str]) -> None:
    """When the message box ``name`` opens, note its text and click the button ``button``."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox

    def look() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == name:
            seen.append(box.text())
            target: QAbstractButton | None
            if button == "cancelButton":
                target = box.button(QMessageBox.StandardButton.Cancel)
            else:
                target = box.findChild(QAbstractButton, button)
            assert target is not None, [b.objectName() for b in box.buttons()]
            target.click()
            return
        QTimer.singleShot(20, look)

    QTimer.singleShot(0, look)


def pick_rules_in_dialog(preset_steps: int) -> None:
    """When the rules dialog opens, press Down ``preset_steps`` times in its preset list (as
    a user does), then click OK."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from dame_desktop.ui.dialogs.rules import RulesDialog

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, RulesDialog):
            QTimer.singleShot(20, look)
            return
        dialog.preset_box.setFocus()
        for _ in range(preset_steps):
            QTest.keyClick(dialog.preset_box, Qt.Key.Key_Down)
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, look)


def test_changing_the_rules_in_a_game_asks_and_can_play_on(window, qtbot):
    """Defect 3: Game > Rules > OK in the middle of a game started a new game unasked."""
    start(window, computer=True)
    with qtbot.waitSignal(
        window.controller.turn_started, timeout=60_000, check_params_cb=lambda info: info.human
    ):
        drag(window.board, 22, 18)
    played = list(window.controller.game.moves)
    position = window.controller.game.position
    seen: list[str] = []
    # Cancel: nothing changes
    pick_rules_in_dialog(2)  # German -> German (Ass) -> English
    click_in_box("newRulesQuestion", "keepButton", seen)
    window.action("rules").trigger()
    assert len(seen) == 1 and seen[0].startswith("The rules are now: English draughts")
    assert window.controller.game.moves == played and window.controller.rules.key == "german"
    # play on from this position under the new rules
    pick_rules_in_dialog(2)
    click_in_box("newRulesQuestion", "continueButton", seen)
    window.action("rules").trigger()
    game = window.controller.game
    assert game.rules.key == "english" and game.position.white == position.white
    assert game.position.turn is position.turn and game.moves == played, "the moves stay"
    assert window.controller.against_computer(), "the same opponents play on"
    assert window.rules_label.text() == "Rules: English draughts / American checkers"
    # a board of another size cannot take the position: only a new game is offered (once a
    # move was played here: a game without a move yet is started again without a question)
    with qtbot.waitSignal(
        window.controller.turn_started, timeout=10_000, check_params_cb=lambda info: info.human
    ):
        assert window.navigator.play(game.legal_moves()[0])
    pick_rules_in_dialog(1)  # English -> International (10x10)
    click_in_box("newRulesQuestion", "newGameButton", seen)
    with qtbot.waitSignal(
        window.controller.turn_started, timeout=60_000, check_params_cb=lambda info: info.human
    ):
        window.action("rules").trigger()
    assert len(seen) == 3 and seen[2].startswith("The rules are now: International"), seen
    assert window.controller.rules.board_size == 10 and window.controller.game.moves == []


def test_hot_seat_undo_one_move_and_draw_by_agreement(window, qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    start(window)
    for a, b in ((22, 18), (9, 13)):
        with qtbot.waitSignal(window.controller.move_played, timeout=2000):
            drag(window.board, a, b)
    window.action("undo").trigger()
    game = window.controller.game
    assert len(game.moves) == 1 and game.position.turn is Color.BLACK, "hot-seat: one move back"
    asked: list[str] = []

    def answer_yes() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        asked.append(box.text())
        box.button(QMessageBox.StandardButton.Yes).click()

    QTimer.singleShot(50, answer_yes)
    window.action("draw").trigger()
    assert asked == ["Dark offers a draw. Light, do you accept?"]
    assert game.result.reason is Reason.AGREEMENT
