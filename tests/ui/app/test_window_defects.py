"""What a family found wrong in the window, each tried through the real widgets: undo after
a game's declared end, rules taken over mid-game, what stays said after an undo, a start with
a file.  Actions are triggered as the menus do; questions are answered by clicking."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from dame_desktop.core import Color, Reason, TimeControl, find_rules
from dame_desktop.store.scores import load_scores
from dame_desktop.store.settings import EngineEntry, Preferences, save_preferences
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.dialogs.new_game import NewGameSettings
from tests.ui.uihelp import click, drag, start

DATA = Path(__file__).resolve().parents[2] / "data" / "ui"


def answer(button: QMessageBox.StandardButton | str) -> None:
    """Click ``button`` (a standard one, or one by object name) of the question that opens
    next (a modal box)."""

    def look() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, look)
            return
        if isinstance(button, str):
            found = box.findChild(QPushButton, button)
            assert found is not None, f"no button {button!r} in {box.objectName()}"
            found.click()
        else:
            box.button(button).click()

    QTimer.singleShot(0, look)


def clocked_hot_seat(window: MainWindow) -> None:
    window.clocks.set_time_controls(TimeControl.sudden_death(5))
    window.play.start_game(
        NewGameSettings(False, "easy", Color.WHITE, find_rules("german"), "Mama", "Paul")
    )


def test_undo_after_an_agreed_draw_lets_the_clocks_run_again(window, qtbot) -> None:
    clocked_hot_seat(window)
    board, game = window.board, window.controller.game
    drag(board, 22, 18)
    drag(board, 9, 13)
    clocks = window.clocks.panel
    assert clocks.clock is not None and clocks.clock.running is Color.WHITE
    answer(QMessageBox.StandardButton.Yes)
    window.action("draw").trigger()
    assert game.result is not None and game.result.reason is Reason.AGREEMENT
    assert clocks.clock.running is None
    window.action("undo").trigger()
    assert game.result is None, "the draw is taken back"
    assert len(game.moves) == 2, "only the draw is taken back, not a move"
    qtbot.waitUntil(lambda: clocks.clock is not None and clocks.clock.running is Color.WHITE)
    assert clocks.timer.isActive(), "the clocks tick again"
    drag(board, 18, 14)
    assert len(game.moves) == 3 and clocks.clock.running is Color.BLACK


def test_undo_after_a_time_out_is_refused(window, qtbot) -> None:
    clocked_hot_seat(window)
    drag(window.board, 22, 18)
    window.controller.time_out(Color.BLACK)
    assert window.controller.game.result is not None
    assert not window.action("undo").isEnabled(), "the time that ran out is not given back"


def test_undo_after_resigning_takes_back_the_resignation_and_its_score(
    window, qtbot, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    start(window, computer=True)
    game = window.controller.game
    drag(window.board, 22, 18)
    qtbot.waitUntil(lambda: len(game.moves) == 2, timeout=20_000)  # the computer answered
    qtbot.waitUntil(
        lambda: window.controller.turn_info() is not None and window.controller.turn_info().human
    )
    window.action("resign").trigger()
    assert game.result is not None and game.result.reason is Reason.RESIGNATION
    level = load_scores().value.level("beginner")
    assert level.tally.losses == 1, "the resignation counts as a loss"
    window.action("undo").trigger()
    assert game.result is None and len(game.moves) == 2, "only the resignation goes"
    assert load_scores().value.level("beginner").tally.games == 0, "and its loss with it"
    assert window.play.over_box is None or not window.play.over_box.isVisible()
    assert window.board.moves(), "the human plays on"


def test_status_texts_from_before_an_undo_go(window, qtbot) -> None:
    start(window)
    board = window.board
    drag(board, 22, 18)
    drag(board, 9, 13)
    window.show_message("Hint: 18-14")  # as the hint said it for the position left
    board.show_banner("You must capture", 3.0)
    window.action("undo").trigger()
    assert window.statusBar().currentMessage() == ""
    assert not board.banner_text(), "the words over the board belong to the position left"


def test_the_touch_move_button_shows_only_in_touch_move_games(window, qtbot) -> None:
    toolbar = window.actions_table.toolbar
    assert toolbar is not None
    straighten = window.action("straighten")

    def shown() -> bool:
        button = toolbar.widgetForAction(straighten)
        return button is not None and button.isVisible()

    assert not shown(), "no game yet: no touch-move button"
    start(window)
    assert not shown()
    start(window, rules=dataclasses.replace(find_rules("german"), touch_move=True))
    qtbot.waitUntil(shown)  # the toolbar lays itself out again
    start(window)
    qtbot.waitUntil(lambda: not shown())


def test_going_on_under_new_rules_keeps_the_moves_and_undo(window, qtbot) -> None:
    start(window)
    board, game = window.board, window.controller.game
    for a, b in ((22, 18), (9, 13), (21, 17)):
        drag(board, a, b)
    backward = find_rules("german").with_switches(["men-capture-backward=on"])
    answer("continueButton")  # "Go on from here"
    assert window.play.change_rules(backward)
    game = window.controller.game
    assert game.rules == backward
    assert len(game.moves) == 3 and len(window.model.entries()) >= 3, "the move list stays"
    assert window.action("undo").isEnabled()
    window.action("undo").trigger()
    assert len(game.moves) == 2
    click(board, 21)
    click(board, 17)
    assert len(game.moves) == 3


@pytest.fixture
def program_with_file(qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path / "config"))
    # against the computer, which moves first when it has Light: a game behind the list
    # would have a move already
    save_preferences(
        Preferences(opponent="computer", human_color="dark", animate=False, confirm_discard=True)
    )
    path = tmp_path / "three.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    session = Session()
    win = MainWindow(start_game=False)
    qtbot.addWidget(win)
    session.attach(win)
    win.show()
    session.begin(str(path))
    yield session, win
    win.shutdown()


def test_started_with_a_file_no_game_is_played_behind_it(program_with_file, qtbot) -> None:
    session, win = program_with_file
    dialog = win.document.list_dialog
    assert dialog is not None and dialog.isVisible(), "the file's game list is shown"
    assert not win.controller.players, "no computer game starts behind the list"
    assert win.controller.game.moves == []
    asked: list[str] = []
    watch = QTimer()
    watch.timeout.connect(
        lambda: (
            asked.append(type(QApplication.activeModalWidget()).__name__)
            if isinstance(QApplication.activeModalWidget(), QMessageBox)
            else None
        )
    )
    watch.start(5)
    dialog.accept()  # the first game
    qtbot.waitUntil(win.studying)
    watch.stop()
    assert asked == [], "nobody is asked to give up a game they never played"


def test_a_file_list_closed_without_a_choice_starts_the_usual_game(
    program_with_file, qtbot
) -> None:
    _session, win = program_with_file
    dialog = win.document.list_dialog
    assert dialog is not None
    dialog.reject()
    qtbot.waitUntil(lambda: bool(win.controller.players))
    assert win.is_playing()


def test_the_square_numbers_preference_shows_and_hides_them(qtbot, tmp_path, monkeypatch) -> None:
    """Preferences › Show square numbers has a visible effect, in the default notation
    (the German rules write square numbers) too."""
    from tests.ui.uihelp import running_session

    for session, win in running_session(qtbot, tmp_path / "config", monkeypatch, "en"):
        start(win)
        board = win.board
        assert board.shows_numbers(), "on by default"
        with_numbers = board.grab().toImage()
        dialog = session.show_preferences()
        dialog.numbers_check.setChecked(False)
        assert not board.shows_numbers()
        assert board.grab().toImage() != with_numbers, "the numbers are gone from the board"
        assert not win.action("numbers").isChecked() and win.action("numbers").isEnabled()
        dialog.numbers_check.setChecked(True)
        assert board.shows_numbers() and board.grab().toImage() == with_numbers
        dialog.close()


def test_the_new_game_dialog_reads_well(window, qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    from dame_desktop.ui.dialogs.new_game import NewGameDialog

    start(window)
    seen: list[bool] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NewGameDialog):
            QTimer.singleShot(10, look)
            return
        try:
            labels = [
                label.text().replace("&", "")
                for label in dialog.findChildren(QLabel)
                if label.isVisible()
            ]
            assert labels.count("Clocks:") == 1, labels
            house = find_rules("german").with_switches(["men-capture-backward=on"])
            dialog.set_rules(house)
            box = dialog.rules_box
            text = box.currentText()
            assert "house rules" in text
            room = box.style().subControlRect(
                box.style().ComplexControl.CC_ComboBox,
                _combo_option(box),
                box.style().SubControl.SC_ComboBoxEditField,
                box,
            )
            assert room.width() >= box.fontMetrics().horizontalAdvance(text), (
                "the rules' name is shown whole"
            )
            dialog.people_radio.click()
            assert not dialog.colour_group.isEnabled(), "two people: nobody chooses a side"
            dialog.computer_radio.click()
            assert dialog.colour_group.isEnabled()
            seen.append(True)
        finally:
            dialog.reject()

    QTimer.singleShot(0, look)
    window.action("new").trigger()
    assert seen == [True]


def _combo_option(box):
    from PySide6.QtWidgets import QStyleOptionComboBox

    option = QStyleOptionComboBox()
    option.initFrom(box)
    option.currentText = box.currentText()
    return option


def test_clocks_name_a_player_called_by_their_colour_once(window, qtbot) -> None:
    window.clocks.set_time_controls(TimeControl.sudden_death(5))
    window.play.start_game(
        NewGameSettings(False, "easy", Color.WHITE, find_rules("german"), "", "")
    )
    faces = window.clocks.panel.faces
    assert faces[Color.WHITE].name() == "Light" and faces[Color.BLACK].name() == "Dark"


def test_return_in_the_score_table_closes_it(window, qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from dame_desktop.store.scores import Outcome, ScoreTable, update_scores

    def count(table: ScoreTable) -> bool:
        table.record_hot_seat("Anna", "Paul", Outcome.WIN, datetime.now(UTC))
        return True

    update_scores(count)
    window.action("scores").trigger()
    dialog = window.family.scores_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    assert dialog.reset_button.isEnabled()
    QTest.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert getattr(dialog, "confirm_box", None) is None, "no question about forgetting scores"
    assert load_scores().value.pair("Anna", "Paul").tally.wins == 1


def test_sounds_without_a_player_say_why_once(window, qtbot, monkeypatch) -> None:
    from dame_desktop.audio import SoundPlayer

    monkeypatch.delenv("DAME_NO_SOUND", raising=False)
    sounds = window.family.sounds
    sounds.player = SoundPlayer(enabled=False, backend=None)  # a system without a player
    said: list[str] = []
    sounds.silent.connect(said.append)
    start(window)
    window.apply_preferences(Preferences(sound=True))
    assert len(said) == 1 and "no program to play them was found" in said[0]
    assert "aplay" in said[0] or "afplay" in said[0] or "winsound" in said[0]
    assert window.statusBar().currentMessage() == said[0], "said where the user looks"
    drag(window.board, 22, 18)  # a move's sound cannot be heard either: not said again
    window.apply_preferences(Preferences(sound=True))
    assert len(said) == 1


def test_analyse_file_says_how_far_it_is(window, qtbot, tmp_path) -> None:
    path = tmp_path / "three.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    assert window.document.open_path(path)
    window.document.list_dialog.accept()
    qtbot.waitUntil(window.studying)
    window.action("analyseFile").trigger()
    dialog = window.analysis.file_dialog
    assert dialog is not None
    dialog.jobs.setValue(1)
    dialog.movetime.setValue(0.05)
    dialog.start_button.click()
    assert (dialog.progress.minimum(), dialog.progress.maximum()) == (0, 3), "not a busy bar"
    assert dialog.status.text() == "Analysing… 0 of 3 games done"
    assert dialog.progress.text() == "0 / 3"
    seen: list[str] = []
    assert dialog._job is not None
    dialog._job.progress.connect(lambda *_: seen.append(dialog.status.text()))
    qtbot.waitUntil(lambda: dialog.outcome() == "done", timeout=120_000)
    assert "Analysing… 1 of 3 games done" in seen, seen
    dialog.close()
    window.action("save").trigger()  # the analysed games are kept (no question at close)


def test_engines_are_told_apart_from_ours(qtbot) -> None:
    from dame_desktop.ui.dialogs.engines_page import EnginesPage

    page = EnginesPage()
    qtbot.addWidget(page)
    page.set_values([EngineEntry("/opt/dame-rs/bin/dame", "dame", ("german",))], "")
    names = [page.in_use.itemText(i) for i in range(page.in_use.count())]
    assert names[0] == "Dame (built in)"
    assert names[1].startswith("dame (Hub engine, ") and "bin/dame" in names[1], names
    assert "Hub engine" in page.list.item(0).text()


def test_another_engine_waits_for_the_next_game(window, qtbot) -> None:
    engine = str(Path(__file__).resolve().parents[2] / "data" / "engines" / "dame-hub")
    start(window, computer=True)
    game = window.controller.game
    drag(window.board, 22, 18)
    qtbot.waitUntil(lambda: len(game.moves) == 2, timeout=20_000)
    before = window.players_label.text()
    assert "Dame (Beginner)" in before
    prefs = Preferences(engines=(EngineEntry(engine, "dame"),), engine=engine)
    window.apply_preferences(prefs)
    assert window.client.external_path == "", "the running game keeps its opponent"
    assert window.players_label.text() == before, "and its name"
    assert "next game" in window.statusBar().currentMessage()
    start(window, computer=True)
    assert window.client.external_path == engine, "the new game plays the chosen engine"


def test_the_problem_list_says_a_sentence_not_a_fen(window, qtbot, tmp_path) -> None:
    path = tmp_path / "odd.pdn"
    path.write_text(
        '[Event "a"]\n[Result "*"]\n\n1. 11-15 22-18 2. 24-20 *\n\n'
        '[Event "b"]\n[Result "*"]\n\n1. 9-13 *\n',
        encoding="utf-8",
    )
    window.document.open_path(path)
    qtbot.waitUntil(
        lambda: (
            window.document.problems_dialog is not None
            and window.document.problems_dialog.isVisible()
        )
    )
    table = window.document.problems_dialog.table
    texts = [table.item(row, 2).text() for row in range(table.rowCount())]
    assert any("24-20 is not possible in the position reached here" in t for t in texts), texts
    assert not any("W:" in t or ":W" in t for t in texts), texts


def test_the_huffing_question_is_whole_and_leaves_the_board_alone(window, qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.resize(window.minimumSize())
    rules = dataclasses.replace(find_rules("german"), huffing=True)
    start(window, fen="W:W22,27,29:B18,5,1", rules=rules)
    qtbot.wait(20)
    bar = window.huff_bar
    assert not bar.isVisible(), "no room kept for a question nobody asks"
    board_before = window.board.geometry()
    with qtbot.waitSignal(window.controller.huff_pending, timeout=2000):
        drag(window.board, 27, 23)
    qtbot.waitUntil(bar.isVisible)
    qtbot.wait(20)
    label = bar.label
    assert label.height() >= label.heightForWidth(label.width()), "every line of it is shown"
    assert bar.geometry().bottom() <= window.side.height(), "the question is on the panel"
    for button in (bar.accept_button, bar.blow_button, bar.correct_button):
        assert button.visibleRegion().boundingRect() == button.rect()
    assert window.board.geometry() == board_before, "the board does not move for it"
    QTest.mouseClick(bar.accept_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not bar.isVisible())
