"""The preferences dialog applies each change at once and saves it; keyboard play; help."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from dame_desktop.core import find_rules
from dame_desktop.store.settings import (
    THEME_COLORS,
    Preferences,
    load_preferences,
    save_preferences,
)
from dame_desktop.ui.app.game_controller import ComputerPlayer
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.dialogs.help import rules_sections


@pytest.fixture
def program(qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    save_preferences(Preferences(language="en", opponent="human", animate=False))
    session = Session()
    window = MainWindow(start_game=False)
    qtbot.addWidget(window)
    session.attach(window)
    window.show()
    qtbot.waitExposed(window)
    session.begin()
    yield session, window
    session.languages.set_language("en")
    window.shutdown()


def pixel(window: MainWindow, square: int) -> QColor:
    """The colour in the corner of a square (no piece there)."""
    board = window.board
    rect = board.square_rect(square)
    image = board.grab().toImage()
    ratio = image.devicePixelRatio()
    return QColor(image.pixel(int((rect.left() + 3) * ratio), int((rect.top() + 3) * ratio)))


def test_a_new_theme_recolours_the_board_at_once_and_is_saved(program, qtbot):
    session, window = program
    dialog = session.show_preferences()
    before = pixel(window, 15)  # an empty dark square
    dialog.theme_box.setCurrentIndex(dialog.theme_box.findData("green"))
    after = pixel(window, 15)
    want = QColor(THEME_COLORS["green"].dark_square)

    def distance(a: QColor, b: QColor) -> int:
        return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()))

    assert distance(after, want) < 24 < distance(before, want)  # squares are lightly shaded
    assert load_preferences().value.board_theme == "green"


def test_square_numbers_and_animation_follow_the_dialog_and_the_menu(program):
    session, window = program
    dialog = session.show_preferences()
    dialog.numbers_check.setChecked(True)
    assert window.board.shows_numbers() and window.action("numbers").isChecked()
    assert load_preferences().value.show_square_numbers
    window.action("numbers").setChecked(False)  # the View menu is remembered too
    assert not load_preferences().value.show_square_numbers
    dialog.animate_check.setChecked(True)
    dialog.speed_spin.setValue(400)
    assert window.board.is_animated() and window.board.animation_ms == 400
    assert load_preferences().value.animation_ms == 400


def test_default_rules_opponent_and_level_start_the_next_program(program, qtbot, tmp_path):
    session, window = program
    dialog = session.show_preferences()
    dialog.rules_box.setCurrentIndex(dialog.rules_box.findData("international"))
    dialog.opponent_box.setCurrentIndex(dialog.opponent_box.findData("computer"))
    dialog.level_box.setCurrentIndex(dialog.level_box.findData("beginner"))
    dialog.colour_box.setCurrentIndex(dialog.colour_box.findData("dark"))
    saved = load_preferences().value
    assert (saved.rules, saved.opponent, saved.level, saved.human_color) == (
        "international",
        "computer",
        "beginner",
        "dark",
    )
    window.shutdown()

    again = Session()
    second = MainWindow(start_game=False)
    qtbot.addWidget(second)
    try:
        again.attach(second)
        again.begin()
        c = second.controller
        assert c.rules == find_rules("international")
        assert c.against_computer()
        human = c.human_colour()
        assert human is not None and human.value == "B"
        computer = c.players[human.opponent]
        assert isinstance(computer, ComputerPlayer) and computer.level.key == "beginner"
    finally:
        second.shutdown()


def test_resigning_asks_first_when_the_preferences_say_so(program, qtbot):
    session, window = program

    def answer(button: QMessageBox.StandardButton) -> None:
        def look() -> None:
            box = QApplication.activeModalWidget()
            if isinstance(box, QMessageBox):
                box.button(button).click()
            else:
                QTimer.singleShot(20, look)

        QTimer.singleShot(0, look)

    answer(QMessageBox.StandardButton.No)
    window.play.resign()
    assert not window.controller.game.is_over
    answer(QMessageBox.StandardButton.Yes)
    window.play.resign()
    assert window.controller.game.is_over
    window.play.over_box.close()


def test_a_whole_move_with_the_keyboard_alone(program, qtbot):
    session, window = program
    board = window.board
    board.setFocus()
    keyboard = window.keyboard
    assert keyboard is not None
    QTest.keyClick(board, Qt.Key.Key_Up)  # the cursor appears on a piece that can move
    assert keyboard.visible and keyboard.square() is not None
    keyboard.place(22)
    QTest.keyClick(board, Qt.Key.Key_Return)  # pick up the piece on 22 (c3)
    assert board.selected_square() == 22
    assert "22" in board.accessibleName()
    QTest.keyClick(board, Qt.Key.Key_Up)  # to 18's row: b4 is light? move to d4 = 18
    QTest.keyClick(board, Qt.Key.Key_Right)
    assert keyboard.square() == 18
    with qtbot.waitSignal(window.controller.move_played, timeout=2000):
        QTest.keyClick(board, Qt.Key.Key_Space)  # drop it there
    assert window.controller.game.moves[-1].path == (22, 18)
    # Escape puts a picked-up piece back; Ctrl+Left still steps through the moves
    keyboard.place(9)
    QTest.keyClick(board, Qt.Key.Key_Enter)
    assert board.selected_square() == 9
    QTest.keyClick(board, Qt.Key.Key_Escape)
    assert board.selected_square() is None
    QTest.keyClick(board, Qt.Key.Key_Left, Qt.KeyboardModifier.ControlModifier)
    assert window.live.index == -1


def test_the_rules_help_follows_the_switches():
    german = find_rules("german")
    text = " ".join(s for _, sentences in rules_sections(german) for s in sentences)
    assert "Men capture only forward." in text
    assert "any free square beyond" in text
    assert "80 half-moves in a row without a capture (40 moves by each player)" in text
    assert "Huffing" not in text
    house = german.with_switches(["men-capture-backward=on", "huffing=on", "flying-kings=off"])
    text = " ".join(s for _, sentences in rules_sections(house) for s in sentences)
    assert "Men capture forward and backward." in text
    assert "Huffing (Blasen)" in text
    assert "one square diagonally" in text and "flying" not in text
    english = find_rules("english")
    text = " ".join(s for _, sentences in rules_sections(english) for s in sentences)
    assert "Black moves first" in text, "English checkers: Black moves first"
    international = find_rules("international")
    text = " ".join(s for _, sentences in rules_sections(international) for s in sentences)
    assert "10×10" in text and "20 men" in text and "the most pieces" in text


def test_help_and_position_actions_open(program, qtbot):
    session, window = program
    session.actions["rulesHelp"].trigger()
    assert session.help_dialog is not None and session.help_dialog.isVisible()
    assert "Capturing is compulsory" in session.help_dialog.rules_view.toPlainText()
    keys = session.help_dialog.keys_view.toPlainText()
    assert "Arrow keys" in keys and "Ctrl+N" in keys
    assert session.describe_position().endswith("Light to move.")


def test_the_next_new_game_dialog_starts_from_changed_defaults(program, qtbot):
    session, window = program
    dialog = session.show_preferences()
    dialog.opponent_box.setCurrentIndex(dialog.opponent_box.findData("computer"))
    dialog.level_box.setCurrentIndex(dialog.level_box.findData("hard"))
    dialog.rules_box.setCurrentIndex(dialog.rules_box.findData("russian"))
    seen: list[tuple[bool, str, str]] = []

    def look() -> None:
        from dame_desktop.ui.dialogs.new_game import NewGameDialog

        box = QApplication.activeModalWidget()
        if isinstance(box, NewGameDialog):
            seen.append(
                (
                    box.computer_radio.isChecked(),
                    str(box.level_box.currentData()),
                    str(box.rules_box.currentData()),
                )
            )
            box.reject()
            return
        QTimer.singleShot(20, look)

    QTimer.singleShot(0, look)
    window.play.ask_new_game()
    assert seen == [(True, "hard", "russian")]
    assert not window.controller.against_computer(), "the game in progress is unchanged"


def test_the_cursor_moves_as_seen_on_a_turned_board(program):
    session, window = program
    keyboard = window.keyboard
    assert keyboard is not None
    window.action("flip").trigger()
    assert window.board.is_flipped()
    keyboard.place(22)  # c3, near the top on the turned board
    window.board.setFocus()
    QTest.keyClick(window.board, Qt.Key.Key_Down)  # down on the screen: toward row 8 now
    QTest.keyClick(window.board, Qt.Key.Key_Left)  # left on the screen: toward the h file
    assert keyboard.square() == 18  # d4
    rect = keyboard.cursor_rect()
    assert rect is not None and rect.contains(window.board.square_center(18))


def test_own_colours_are_used_and_remembered(program):
    session, window = program
    dialog = session.show_preferences()
    button = dialog.color_buttons["dark_square"]
    button.set_color("#204080")
    button.color_chosen.emit("#204080")  # what the colour chooser reports
    prefs = load_preferences().value
    assert prefs.board_theme == "custom" and prefs.custom_colors.dark_square == "#204080"
    assert dialog.theme_box.currentData() == "custom"
    colour = pixel(window, 15)
    assert abs(colour.blue() - 0x80) < 24 and abs(colour.red() - 0x20) < 24


def test_the_window_size_is_kept_for_the_next_start(program, qtbot):
    session, window = program
    window.resize(777, 555)
    window.close()  # closing saves the geometry
    assert load_preferences().value.window_geometry
    again = Session()
    second = MainWindow(start_game=False)
    qtbot.addWidget(second)
    try:
        again.attach(second)
        assert (second.width(), second.height()) == (777, 555)
    finally:
        second.shutdown()
