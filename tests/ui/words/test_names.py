"""One naming of the sides, from the rule set, and the winner named by player."""

from __future__ import annotations

from dame_desktop.core import Color, Position, Reason, Result, find_rules
from dame_desktop.ui.words.names import (
    colour_text,
    computer_name,
    first_start_rules_key,
    player_label,
    result_text,
)

GERMAN = find_rules("german")
ENGLISH = find_rules("english")
INTERNATIONAL = find_rules("international")
W, B = Color.WHITE, Color.BLACK


def test_each_rule_set_names_its_sides_its_own_way(qapp) -> None:
    assert (colour_text(GERMAN, W), colour_text(GERMAN, B)) == ("Light", "Dark")
    assert (colour_text(ENGLISH, W), colour_text(ENGLISH, B)) == ("White", "Black")
    assert (colour_text(INTERNATIONAL, W), colour_text(INTERNATIONAL, B)) == ("White", "Black")
    assert player_label(GERMAN, W, {W: " "}) == "Light"


def test_the_winner_is_named_by_player(qapp) -> None:
    names = {W: "Anna", B: computer_name("beginner")}
    assert names[B] == "Dame (Beginner)"
    assert (
        result_text(Result(B, Reason.NO_MOVES), GERMAN, names)
        == "Dame (Beginner) wins with Dark: Anna cannot move."
    )
    assert (
        result_text(Result(W, Reason.RESIGNATION), GERMAN, names)
        == "Anna wins with Light: Dame (Beginner) resigned."
    )
    assert (
        result_text(Result(W, Reason.NO_PIECES), GERMAN) == "Light wins: Dark has no pieces left."
    )
    assert (
        result_text(Result(B, Reason.TIME), GERMAN, {W: "Paul", B: "Anna"})
        == "Anna wins with Dark: Paul ran out of time."
    )
    assert (
        result_text(Result(None, Reason.REPETITION), GERMAN)
        == "Draw: the same position came up again (repetition)."
    )
    end = Position.from_fen("W:W21,22,K30:BK4", GERMAN)
    assert (
        result_text(Result(None, Reason.TIME), GERMAN, {W: "Paul"}, position=end)
        == "Draw: Paul ran out of time, but Dark can no longer win."
    )


def test_a_result_token_is_read_by_the_rule_sets_convention(qapp) -> None:
    # in English checkers "1-0" is a win for Black, who moves first
    assert result_text("1-0", ENGLISH, {B: "Anna", W: "Paul"}) == "Anna wins with Black."
    assert result_text("0-1", ENGLISH) == "White wins."
    assert result_text("2-0", INTERNATIONAL) == "White wins."
    assert result_text("1-1", GERMAN) == "Draw."
    assert result_text("0-0", GERMAN) == "No winner."
    assert result_text("*", GERMAN) == "Not finished."
    for token in ("1-0", "0-1", "2-0", "0-2"):
        assert token not in result_text(token, ENGLISH)


def test_the_game_over_line_reads_naturally_in_german(qapp, german) -> None:
    names = {W: "Anna", B: computer_name("beginner")}
    text = result_text(Result(B, Reason.NO_MOVES), GERMAN, names)
    assert text == "Dame (Anfänger) gewinnt mit Dunkel: Anna kann nicht mehr ziehen."
    assert "(Anfänger) (Dunkel)" not in text
    assert result_text("1-0", ENGLISH, {B: "Paul"}) == "Paul gewinnt mit Schwarz."
    assert (colour_text(ENGLISH, W), colour_text(GERMAN, W)) == ("Weiß", "Hell")
    assert (
        result_text(Result(W, Reason.TIME), GERMAN)
        == "Hell gewinnt: Dunkel hat die Zeit überschritten."
    )
    assert result_text(Result(None, Reason.AGREEMENT), GERMAN) == "Remis: von beiden vereinbart."


def test_the_first_start_follows_the_language() -> None:
    assert first_start_rules_key("de") == "german"
    assert first_start_rules_key("de_AT") == "german"
    assert first_start_rules_key("en") == "english"
    assert first_start_rules_key("fr") == "english"
    find_rules(first_start_rules_key("de"))
    find_rules(first_start_rules_key("en"))
