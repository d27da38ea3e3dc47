"""The window names squares and sides one way everywhere ("clear words"): Edit ›
Copy position as text, the board's labels, the set-up editor -- all through the notation
preference and the rule set's names of the sides.  Real window, real actions, the real
clipboard."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from dame_desktop.core import find_rules
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.app import clipboard
from dame_desktop.ui.app.main_window import MainWindow
from tests.ui.uihelp import start


def _copy_text(window: MainWindow) -> str:
    clipboard.set_text("")
    window.action("copyText").trigger()
    QApplication.processEvents()
    return clipboard.text()


def test_copy_position_as_text_follows_the_notation_and_the_rules(window: MainWindow) -> None:
    start(window, fen="W:W21,K27:B5")  # German rules: square numbers as they write them
    assert _copy_text(window) == "Light: man 21; king 27. Dark: man 5. Light to move."
    window.apply_preferences(Preferences(notation="coordinates"))
    text = _copy_text(window)
    assert text.startswith("Light: man ") and "21" not in text and "c3" not in text, text
    assert text == window.family.position_text(window.shown_position())
    # English checkers: Black moves first and the sides are Black and White
    window.apply_preferences(Preferences(notation="numbers"))
    start(window, fen="B:W21:B1,K5", rules=find_rules("english"))
    assert _copy_text(window) == "Black: man 1; king 5. White: man 21. Black to move."


def _labels(window: MainWindow) -> tuple[bool, bool]:
    return window.board.shows_numbers(), window.board.shows_coordinates()


def _first_move_text(window: MainWindow) -> str:
    from tests.ui.uihelp import drag

    game = window.controller.game
    move = next(m for m in game.legal_moves() if not m.is_capture)
    drag(window.board, move.from_sq, move.to_sq)
    assert game.moves == [move]
    return str(window.model.data(window.model.index(0, 1)) or "")


def _prefer(window: MainWindow, notation: str) -> None:
    """The preferences as the session keeps them (it saves the View menu's switch)."""
    window.apply_preferences(
        Preferences(
            notation=notation,  # type: ignore[arg-type]
            show_square_numbers=window.board.numbers_wanted(),
        )
    )


def test_the_board_shows_what_the_texts_use_by_default(window: MainWindow) -> None:
    """The default notation ("as the rules write it"): square numbers on the board for the
    German rules (the move list says 21-17), the a-h/1-8 frame for Russian (c3-d4)."""
    from dame_desktop.ui.app.i18n import LanguageManager

    languages = LanguageManager()
    try:
        for language in ("en", "de"):
            languages.set_language(language)
            _prefer(window, "rules")
            start(window)
            assert _labels(window) == (True, False), language
            text = _first_move_text(window)
            assert text[:2].isdigit(), text
            start(window, rules=find_rules("russian"))
            assert _labels(window) == (False, True), language  # no numbers nothing uses
            assert not window.action("numbers").isEnabled()
            text = _first_move_text(window)
            assert text[0] in "abcdefgh", text
            start(window, rules=find_rules("turkish"))  # no 1-64 on a Turkish board
            assert _labels(window) == (False, True), language
            # the preference decides over the rules' own notation, also for the board
            _prefer(window, "coordinates")
            start(window)
            assert _labels(window) == (False, True), language
            _prefer(window, "numbers")
            start(window, rules=find_rules("russian"))
            assert _labels(window) == (True, False), language
    finally:
        languages.set_language("en")


def test_view_square_numbers_decides_where_the_texts_use_numbers(window: MainWindow) -> None:
    """View › Show square numbers (and the preference) put the numbers on the squares or
    take them away where the texts name squares by number; where they say c3, d4 the board
    has the a-h/1-8 frame and no numbers, and the switch keeps the user's choice for later."""
    _prefer(window, "rules")
    start(window)
    action = window.action("numbers")
    assert _labels(window) == (True, False) and action.isChecked() and action.isEnabled()
    action.trigger()  # off
    assert _labels(window) == (False, False)
    _prefer(window, "coordinates")  # the texts say c3-d4: nothing to switch
    assert _labels(window) == (False, True) and not action.isEnabled()
    assert not action.isChecked()
    _prefer(window, "rules")  # German again: the switch still says off
    assert _labels(window) == (False, False) and action.isEnabled()
    start(window)
    assert _labels(window) == (False, False), "a new game keeps the user's choice"
    action.trigger()
    assert _labels(window) == (True, False) and action.isChecked()


def test_the_setup_editor_names_squares_and_sides_as_the_window(window: MainWindow, qtbot) -> None:
    from tests.ui.uihelp import click

    window.apply_preferences(Preferences(notation="coordinates"))
    start(window)
    window.action("setup").trigger()
    editor = window.document.setup_dialog
    assert editor is not None
    assert editor is not None and editor.isVisible()
    qtbot.waitExposed(editor)
    assert editor.board.shows_coordinates()
    assert [b.text() for b in editor.tool_buttons[:4]] == [
        "Light man",
        "Light king",
        "Dark man",
        "Dark king",
    ]
    editor.clear()
    editor.tool_group.button(0).click()
    click(editor.board, 2)  # a light man where light men are crowned: square 2 is d8
    assert editor.message.text().startswith("Light has a man on d8, the row"), editor.message.text()
    editor.reject()
    # English checkers: Black moves first; the square numbers on the board and in the words
    window.apply_preferences(Preferences(notation="rules"))
    start(window, rules=find_rules("english"))
    window.action("setup").trigger()
    editor = window.document.setup_dialog
    assert editor is not None
    assert editor.board.shows_numbers() and not editor.board.shows_coordinates()
    assert [b.text() for b in editor.tool_buttons[:4]] == [
        "White man",
        "White king",
        "Black man",
        "Black king",
    ]
    assert sorted(editor.turn_box.itemText(i) for i in range(2)) == ["Black", "White"]
    assert editor.turn_box.currentText() == "Black", "Black moves first"
    editor.clear()
    editor.tool_group.button(2).click()
    click(editor.board, 30)  # a black man on the row where Black's men are crowned
    assert editor.message.text().startswith("Black has a man on 30, the row"), editor.message.text()
    editor.reject()
