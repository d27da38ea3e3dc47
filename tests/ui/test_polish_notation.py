"""The window names squares and sides one way everywhere (issue 17, "clear words"): Edit ›
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
