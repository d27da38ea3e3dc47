"""The family table in the real window: touch-move, board messages, names, draw
offers, the score table, the notation switch.  Real widgets, real mouse events and
``QAction.trigger()``; the engine thread runs for real."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from dame_desktop.core import Color, Touch, find_rules
from dame_desktop.ui.app.main_window import MainWindow
from tests.ui.uihelp import click, drag, start


def touch_rules():
    return dataclasses.replace(find_rules("german"), touch_move=True)


def test_hot_seat_touched_piece_must_move_and_straighten_frees_it(
    window: MainWindow, qtbot
) -> None:
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


def test_a_touched_piece_stays_bound_after_looking_back(window: MainWindow, qtbot) -> None:
    """The board's moves and its bound piece come from the navigator alone: looking at an
    earlier position and back gives the touched piece's moves again, whatever else listens."""
    start(window, rules=touch_rules())
    board, game = window.board, window.controller.game
    drag(board, 22, 18)
    drag(board, 9, 13)
    click(board, 21)  # touched: only the piece on 21 may move
    assert game.touched == 21
    assert {m.from_sq for m in board.moves()} == {21}
    assert tuple(board.moves()) == window.navigator.playable()
    window.action("prev").trigger()
    assert board.moves() == [] and window.navigator.touched() is None
    window.action("next").trigger()
    assert {m.from_sq for m in board.moves()} == {21}, "the touched piece is bound again"
    assert board.move_input.touched == 21
    drag(board, 24, 20)  # another piece is still refused
    assert len(game.moves) == 2
    drag(board, 21, 17)
    assert [(m.from_sq, m.to_sq) for m in game.moves][-1] == (21, 17)


def test_the_computer_is_never_bound(window: MainWindow, qtbot) -> None:
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
    assert not window.action("straighten").isVisible()
    click(window.board, 22)
    assert window.controller.game.touched is None


# -- board messages ------------------------------------------------------------------------

CAPTURE_FEN = "W:W22,30:B18,5"  # Light to move must take 22x15


def test_you_must_capture_is_said_on_the_board(window: MainWindow) -> None:
    start(window, fen=CAPTURE_FEN)
    assert window.board.banner_text() == "You must capture"


def test_no_capture_message_while_browsing_a_files_game(window: MainWindow) -> None:
    from dame_desktop import pdn
    from dame_desktop.core import Position

    rules = find_rules("german")
    start(window)
    window.board.show_banner("", 0.01)
    game = pdn.Game(rules, Position.from_fen(CAPTURE_FEN, rules))
    window.show_study(game)
    assert window.studying()
    refusals: list[str] = []
    window.board.illegal_drop.connect(refusals.append)
    click(window.board, 30)  # a piece that may not move (the capture comes first)
    assert refusals, "the board refuses the piece"
    assert window.board.banner_text() != "You must capture"
    assert window.family.messages.turn_started(window.board.position(), human=True) is False


def test_the_games_end_is_shown_on_the_board_by_name(window: MainWindow) -> None:
    start(window)
    window.play.settings = dataclasses.replace(
        window.play.settings, light_name="Anna", dark_name="Paul"
    )
    window.action("resign").trigger()  # hot seat: the side to move (Anna) resigns
    text = window.board.banner_text()
    assert "Paul" in text and "Anna resigned" in text, text
    # the move list ends with the same sentence
    row = window.model.result_row()
    assert row is not None
    assert window.model.data(window.model.index(row, 1)) == window.play.status_text()


# -- names -----------------------------------------------------------------------------------


def test_hot_seat_names_do_not_carry_over_to_the_computer(window: MainWindow) -> None:
    from tests.ui.uihelp import settings

    s = dataclasses.replace(
        settings(computer=True, colour=Color.WHITE), light_name="", dark_name="Paul"
    )
    window.play.start_game(s)
    names = window.play.names()
    assert names[Color.BLACK] == "Dame (Beginner)"
    record = window.played_game()
    assert record.headers["Black"] == "Dame (Beginner)"
    assert record.headers["White"] == "?"  # never "You"
    window.controller.resign(Color.WHITE)
    line = window.play.status_text()
    assert line == "Dame (Beginner) wins with Dark: Light resigned.", line
    assert "Computer" not in line and "(Dark)" not in line


# -- draw offers -----------------------------------------------------------------------------


def _offer(window: MainWindow, qtbot) -> str:
    with qtbot.waitSignal(window.controller.draw_replied, timeout=10000):
        window.action("draw").trigger()
    return window.last_message


def test_the_computer_declines_early_and_says_why(window: MainWindow, qtbot) -> None:
    start(window, computer=True)
    text = _offer(window, qtbot)
    assert text == "No thanks, there is still a lot to play."
    assert window.board.banner_text() == text
    assert not window.controller.game.is_over


def test_the_computer_accepts_when_it_stands_worse(window: MainWindow, qtbot) -> None:
    start(window, computer=True, fen="W:W21,22,23,24,25,26,27,28:B1,2,3")
    text = _offer(window, qtbot)
    assert text == "Yes, I accept: I stand worse. Draw: agreed by both players."
    assert window.board.banner_text().startswith("Yes, I accept: I stand worse.")
    assert window.controller.game.result is not None


def test_the_computer_accepts_a_dead_draw(window: MainWindow, qtbot) -> None:
    start(window, computer=True, fen="W:WK30:BK3")
    text = _offer(window, qtbot)
    assert text.startswith("Gladly: neither of us can win this any more.")


def test_an_answer_for_an_earlier_position_is_dropped(window: MainWindow, qtbot) -> None:
    start(window, computer=True, fen="W:W21,22,23,24,25,26,27,28:B1,2,3")
    dropped: list[object] = []
    window.family.draws.dropped.connect(dropped.append)
    with qtbot.waitSignal(window.controller.draw_replied, timeout=10000):
        window.action("draw").trigger()
        drag(window.board, 22, 18)  # the game moves on before the answer comes
    assert dropped, "the answer belonged to the position before the move"
    assert not window.controller.game.is_over, "a stale 'yes' must not end the game"
    assert "earlier position" in window.last_message


def test_the_computer_offers_a_draw_in_a_dead_drawn_position(window: MainWindow, qtbot) -> None:
    from PySide6.QtWidgets import QMessageBox

    from dame_desktop.ai.advice import drawn_material

    start(window, computer=True, fen="W:WK30:BK3")
    game = window.controller.game
    quiet = [
        m
        for m in game.legal_moves()
        if drawn_material(game.position.play(m)) and not game.position.play(m).has_capture()
    ]
    drag(window.board, quiet[0].from_sq, quiet[0].to_sq)
    qtbot.waitUntil(lambda: window.family.draw_box is not None, timeout=20000)
    box = window.family.draw_box
    assert box is not None and "Dame (Beginner)" in box.text()
    box.button(QMessageBox.StandardButton.No).click()
    assert not window.controller.game.is_over
    assert window.family.draw_box is None
    # declined: not asked again at once in the same material
    quiet = [m for m in game.legal_moves() if not game.position.play(m).has_capture()]
    drag(window.board, quiet[0].from_sq, quiet[0].to_sq)
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 4, timeout=20000)
    assert window.family.draw_box is None


def test_the_game_list_names_the_sides_as_the_rest_of_the_window(qtbot) -> None:
    from dame_desktop.pdn.document import GameEntry
    from dame_desktop.ui.study.game_list import GameListModel

    german = GameEntry(
        1, {"GameType": "21,W,8,8,N2,0", "Rules": "german", "White": "Anna"}, 0, 0, 1
    )
    model = GameListModel([german, GameEntry(2, dict(german.tags), 0, 0, 9)])
    header = [model.headerData(i, Qt.Orientation.Horizontal) for i in (1, 2)]
    assert header == ["Light", "Dark"]
    mixed = GameListModel([german, GameEntry(2, {"GameType": "20"}, 0, 0, 9)])
    assert [mixed.headerData(i, Qt.Orientation.Horizontal) for i in (1, 2)] == ["White", "Black"]


# -- the score table -------------------------------------------------------------------------


def _hot_seat(window: MainWindow, light: str, dark: str) -> None:
    from tests.ui.uihelp import settings

    window.play.start_game(dataclasses.replace(settings(), light_name=light, dark_name=dark))


def _rows(view) -> list[list[str]]:
    return [
        [view.item(r, c).text() for c in range(view.columnCount())] for r in range(view.rowCount())
    ]


def test_the_score_table_after_a_few_games(window: MainWindow, qtbot) -> None:
    for loser in (Color.WHITE, Color.BLACK, Color.WHITE):
        _hot_seat(window, "Anna", "Paul")
        window.controller.resign(loser)
        assert window.family.last_recorded
    # after the game: the game-over box offers the table
    box = window.play.over_box
    assert box is not None
    button = box.findChild(QPushButton, "showScoresButton")
    button.click()
    dialog = window.family.scores_dialog
    assert dialog is not None and dialog.isVisible()
    rows = _rows(dialog.pairs_view)
    assert len(rows) == 1
    row = rows[0]
    wins = {row[0]: row[2], row[1]: row[4]}
    assert wins in ({"Anna": "1", "Paul": "2"}, {"Paul": "2", "Anna": "1"})
    dialog.close()
    # against the computer: per level, and "Game › Score table…" shows it
    start(window, computer=True)
    window.controller.resign(Color.WHITE)
    window.play.over_box.close()
    window.action("scores").trigger()
    dialog = window.family.scores_dialog
    assert dialog is not None
    assert _rows(dialog.levels_view)[0][:4] == ["Beginner", "0", "0", "1"]
    # reset, after asking
    dialog.reset_button.click()
    dialog.confirm_box.button(QMessageBox.StandardButton.Yes).click()
    assert dialog.table.is_empty
    window.action("scores").trigger()
    assert window.family.scores_dialog.table.is_empty


def test_hot_seat_games_without_both_names_are_not_counted(window: MainWindow) -> None:
    _hot_seat(window, "Anna", "")
    window.controller.resign(Color.WHITE)
    assert not window.family.last_recorded


def test_a_damaged_score_file_is_set_aside_and_said(window: MainWindow) -> None:
    from dame_desktop.store.scores import scores_path

    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json", encoding="utf-8")
    _hot_seat(window, "Anna", "Paul")
    window.controller.resign(Color.BLACK)
    assert window.family.last_recorded, "the game is counted in a fresh table"
    window.action("scores").trigger()
    dialog = window.family.scores_dialog
    assert dialog.warning_label.isVisibleTo(dialog)
    assert "damaged" in dialog.warning_label.text()
    assert len(_rows(dialog.pairs_view)) == 1
    kept = [p for p in path.parent.iterdir() if p != path and p.name.startswith(path.stem)]
    assert kept, "the damaged file is kept beside the new one"


# -- clocks ----------------------------------------------------------------------------------


def test_the_clock_runs_pauses_for_a_dialog_and_loses_on_time(window: MainWindow, qtbot) -> None:
    from dame_desktop.core import Reason, TimeControl

    window.clocks.set_time_controls(TimeControl(seconds=3))
    _hot_seat(window, "Anna", "Paul")
    panel = window.clocks.panel
    clock = panel.clock
    assert panel.isVisible() and clock is not None and clock.running is Color.WHITE
    assert panel.face(Color.WHITE).is_running()
    qtbot.wait(300)
    assert panel.remaining(Color.WHITE) < 2.9, "the running clock counts down"
    drag(window.board, 22, 18)
    assert clock.running is Color.BLACK
    white_left = panel.remaining(Color.WHITE)
    # a dialog stops both clocks while it is open
    window.action("scores").trigger()
    assert clock.paused
    black_left = panel.remaining(Color.BLACK)
    qtbot.wait(300)
    assert panel.remaining(Color.BLACK) == black_left
    window.family.scores_dialog.close()
    assert not clock.paused
    # Paul's time runs out: Anna wins on time
    qtbot.waitUntil(lambda: window.controller.game.is_over, timeout=6000)
    result = window.controller.game.result
    assert result.reason is Reason.TIME and result.winner is Color.WHITE
    assert "Paul ran out of time" in window.play.status_text()
    assert panel.remaining(Color.WHITE) == white_left, "the clocks stop at the end"
    # the PDN: the time control and each move's [%clk]
    record = window.played_game()
    assert record.headers["TimeControl"] == "3"
    first = next(iter(record.mainline()))
    assert first.comment.startswith("[%clk 0:00:0")


def test_the_clock_pauses_while_minimised(window: MainWindow, qtbot) -> None:
    from dame_desktop.core import TimeControl

    window.clocks.set_time_controls(TimeControl(seconds=300))
    _hot_seat(window, "Anna", "Paul")
    clock = window.clocks.panel.clock
    window.showMinimized()
    qtbot.waitUntil(lambda: clock.paused, timeout=3000)
    window.showNormal()
    qtbot.waitUntil(lambda: not clock.paused, timeout=3000)


def test_no_clock_by_default(window: MainWindow) -> None:
    _hot_seat(window, "Anna", "Paul")
    assert not window.clocks.panel.isVisible()
    assert window.clocks.clock_record() == {}
    assert "TimeControl" not in window.played_game().headers


# -- notation --------------------------------------------------------------------------------


def _moves_shown(window: MainWindow) -> list[str]:
    return [e.text for e in window.model.entries()]


def test_the_notation_switch_in_english_and_german(window: MainWindow, qtbot) -> None:
    from dame_desktop.store.settings import Preferences
    from dame_desktop.ui.app.i18n import LanguageManager

    languages = LanguageManager()
    try:
        for language, refusal in (
            ("en", "Touch-move rule: you touched the piece on d4"),
            ("de", "Regel „Berührt – geführt“: Du hast den Stein auf d4 berührt"),
        ):
            languages.set_language(language)
            start(window, rules=touch_rules())
            window.apply_preferences(Preferences(notation="numbers"))
            drag(window.board, 22, 18)
            assert _moves_shown(window) == ["22-18"]
            assert window.board.shows_numbers() and not window.board.shows_coordinates()
            window.apply_preferences(Preferences(notation="coordinates"))
            assert _moves_shown(window) == ["c3-d4"], "applied at once"
            assert window.board.shows_coordinates()
            # the messages name squares the same way
            assert window.family.squares_text([18]) == "d4"
            window.apply_preferences(Preferences(notation="coordinates"))
            window.controller.undo()
            click(window.board, 22)  # touched (touch-move)
            from dame_desktop.core import IllegalMoveError
            from dame_desktop.core.errors import IllegalKind
            from dame_desktop.ui.words.notation import illegal_move_text

            text = illegal_move_text(
                IllegalMoveError("x", kind=IllegalKind.TOUCHED, square=18),
                window.family.notation,
                window.controller.game,
            )
            assert text.startswith(refusal), text
            assert window.model.headerData(1, Qt.Orientation.Horizontal) == (
                "Light" if language == "en" else "Hell"
            )
    finally:
        languages.set_language("en")


# -- sounds ----------------------------------------------------------------------------------


def test_sounds_follow_the_game_and_the_preferences(window: MainWindow) -> None:
    from dame_desktop.audio import Sound
    from dame_desktop.store.settings import Preferences

    sounds = window.family.sounds
    window.apply_preferences(Preferences(sound=True, sound_volume=40, confirm_resign=False))
    assert sounds.player.enabled and sounds.player.volume == 40
    assert not sounds.player.active, "DAME_NO_SOUND keeps the tests silent"
    start(window, fen=CAPTURE_FEN)
    drag(window.board, 22, 15)
    assert sounds.played[-1] is Sound.CAPTURE
    window.action("resign").trigger()
    assert sounds.played[-1] is Sound.END
    window.apply_preferences(Preferences(sound=False))
    assert not sounds.player.enabled


def test_the_new_game_dialog_chooses_the_clocks(window: MainWindow, qtbot) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox

    from dame_desktop.ui.dialogs.new_game import NewGameDialog

    start(window)

    def choose() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NewGameDialog):
            QTimer.singleShot(20, choose)
            return
        dialog.people_radio.click()
        combo = dialog.time_control.findChild(QComboBox)
        for index in range(combo.count()):  # "5 minutes" as the user picks it
            if (
                "5" in combo.itemText(index)
                and "15" not in combo.itemText(index)
                and "+" not in combo.itemText(index)
            ):
                combo.setCurrentIndex(index)
                combo.activated.emit(index)
                break
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, choose)
    window.action("new").trigger()
    clock = window.clocks.panel.clock
    assert clock is not None and clock.timed, "the chosen clocks run in the new game"
    assert clock.controls[Color.WHITE].text() == "300"
    assert window.clocks.panel.isVisible()
