"""The notation preference: square numbers or coordinates in the move list, the messages and
the position text, and the board showing what the text uses; in English and German."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Game, Position, find_rules
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.words.notation import (
    Notation,
    NotationChoice,
    apply_to_board,
    move_text,
    position_text,
    square_text,
)

GERMAN = find_rules("german")
ENDING = "W:W18,K30:B11,12"


def move_list(notation: Notation) -> list[str]:
    """The move texts of a short German game, as the move list would write them."""
    game = Game(GERMAN)
    out = []
    for text in ("22-18", "11-15", "18x11"):
        before = game.position
        out.append(move_text(before, game.play(text), notation))
    return out


def test_the_switch_changes_the_move_list_messages_and_board(qtbot) -> None:
    choice = NotationChoice()
    board = BoardWidget()
    qtbot.addWidget(choice)
    qtbot.addWidget(board)
    board.set_position(Position.from_fen(ENDING, GERMAN))
    seen: list[Notation] = []
    choice.notation_changed.connect(seen.append)
    choice.notation_changed.connect(lambda n: apply_to_board(board, n, GERMAN))
    choice.show()
    assert choice.notation() is Notation.RULES
    assert choice.itemText(1) == "Square numbers (11-15)"
    assert choice.itemText(2) == "Coordinates (c3-d4)"
    QTest.keyClick(choice, Qt.Key.Key_Down)
    assert seen == [Notation.NUMBERS]
    assert move_list(choice.notation()) == ["22-18", "11-15", "18x11"]
    assert board.shows_numbers() and not board.shows_coordinates()
    QTest.keyClick(choice, Qt.Key.Key_Down)
    assert seen == [Notation.NUMBERS, Notation.COORDINATES]
    assert move_list(choice.notation()) == ["c3-d4", "f6-e5", "d4xf6"]
    assert board.shows_coordinates() and not board.shows_numbers(), "the frame, no numbers"
    pos = Position.from_fen(ENDING, GERMAN)
    assert (
        position_text(pos, Notation.COORDINATES)
        == "Light: man d4; king c1. Dark: men f6, h6. Light to move."
    )
    assert (
        position_text(pos, Notation.NUMBERS)
        == "Light: man 18; king 30. Dark: men 11, 12. Light to move."
    )


def test_the_rule_sets_own_notation_is_the_default() -> None:
    russian = find_rules("russian")
    start = Position.start(russian)
    move = next(m for m in start.legal_moves() if m.from_sq == 21 and m.to_sq == 17)
    assert move_text(start, move, Notation.RULES) == "a3-b4"
    assert move_text(start, move, Notation.NUMBERS) == "21-17"
    assert square_text(18, GERMAN, Notation.RULES) == "18"
    assert Notation.from_value("coordinates") is Notation.COORDINATES
    assert Notation.from_value("rubbish") is Notation.RULES


def test_english_checkers_names_black_first() -> None:
    english = find_rules("english")
    text = position_text(Position.from_fen("B:W21:B1,K5", english), Notation.NUMBERS)
    assert text == "Black: man 1; king 5. White: man 21. Black to move."


def test_the_notation_in_german(qtbot, german) -> None:
    choice = NotationChoice()
    qtbot.addWidget(choice)
    assert choice.itemText(0) == "Wie die Regeln es schreiben"
    assert choice.itemText(1) == "Feldnummern (11-15)"
    assert choice.itemText(2) == "Koordinaten (c3-d4)"
    QTest.keyClick(choice, Qt.Key.Key_End)
    assert choice.notation() is Notation.COORDINATES
    pos = Position.from_fen(ENDING, GERMAN)
    assert (
        position_text(pos, choice.notation())
        == "Hell: Stein d4; Dame c1. Dunkel: Steine f6, h6. Hell ist am Zug."
    )
    assert move_list(choice.notation()) == ["c3-d4", "f6-e5", "d4xf6"]


def test_a_language_change_retranslates_the_choice(qtbot, qapp) -> None:
    from PySide6.QtCore import QCoreApplication, QTranslator

    from tests.ui.conftest import CATALOGUES

    choice = NotationChoice()
    qtbot.addWidget(choice)
    translator = QTranslator()
    assert translator.load("dame_de", str(CATALOGUES))
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: choice.itemText(1) == "Feldnummern (11-15)", timeout=10_000)
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: choice.itemText(1) == "Square numbers (11-15)", timeout=10_000)
