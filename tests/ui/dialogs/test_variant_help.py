"""The rules help for Turkish draughts and Bashni, in English and in German: the sentences
follow the rule set's parameters (all squares and straight lines, towers)."""

from __future__ import annotations

from dame_desktop.core import find_rules
from dame_desktop.ui.dialogs.help import HelpDialog, rules_html, rules_sections


def text_of(key: str) -> str:
    return " ".join(s for _, sentences in rules_sections(find_rules(key)) for s in sentences)


def test_turkish_help_speaks_of_all_squares_and_straight_lines() -> None:
    text = text_of("turkish")
    assert "8×8 squares, and all 64 are played on" in text
    assert "16 men filling 2 rows" in text
    assert "straight forward or sideways" in text
    assert "Men capture forward and sideways, never backward." in text
    assert "removed at once" in text and "may not turn straight back" in text
    assert "the one that captures the most pieces" in text
    assert "only one piece left" in text
    assert "dark" not in text and "diagonal" not in text


def test_bashni_help_explains_the_towers() -> None:
    text = text_of("bashni")
    assert "Towers: a jumped piece is not taken off the board" in text
    assert "the new top decides whose tower it is" in text
    assert "jumped again in the same capture" in text
    assert "the jumped piece is removed" not in text and "removed when the move" not in text
    assert "goes on at once as a king" in text  # crowned inside a capture, as in Russian
    assert "only one piece left" not in text


def test_the_help_is_german_in_german(qtbot, german) -> None:
    turkish = text_of("turkish")
    assert "auf allen 64 wird gespielt" in turkish
    assert "gerade nach vorn oder zur Seite" in turkish
    assert "nur noch einen Stein" in turkish
    bashni = text_of("bashni")
    assert "Türme:" in bashni and "neue oberste Stein" in bashni
    dialog = HelpDialog()
    qtbot.addWidget(dialog)
    dialog.show_rules(find_rules("bashni"))
    assert "Türme:" in rules_html(find_rules("bashni"))
