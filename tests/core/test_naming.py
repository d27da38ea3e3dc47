"""Colour names per rule set, and who won a game (never a bare 1-0)."""

from __future__ import annotations

import dataclasses

import pytest

from dame_desktop.core import (
    PRESETS,
    Color,
    ColourName,
    ColourNames,
    Mover,
    Reason,
    Result,
    find_rules,
    matching_preset,
    who_won,
    who_won_token,
)
from dame_desktop.pdn.gametype import KNOWN_RESULTS
from dame_desktop.pdn.tree import Game as PdnGame


def test_german_says_light_and_dark_english_black_moves_first() -> None:
    german = find_rules("german")
    assert german.colour_names is ColourNames.LIGHT_DARK
    assert german.first_colour_name is ColourName.LIGHT
    assert german.second_colour_name is ColourName.DARK
    assert find_rules("german-ass").colour_names is ColourNames.LIGHT_DARK
    english = find_rules("english")
    assert english.first_colour_name is ColourName.BLACK  # "Black moves first"
    assert english.second_colour_name is ColourName.WHITE
    assert english.colour_name(Color.WHITE) is ColourName.WHITE
    for key in ("international", "russian", "italian", "pool"):
        rules = find_rules(key)
        assert rules.colour_name(Color.WHITE) is ColourName.WHITE
        assert rules.colour_name(Color.BLACK) is ColourName.BLACK


def test_every_preset_names_its_two_sides_differently() -> None:
    for preset in PRESETS:
        first, second = preset.first_colour_name, preset.second_colour_name
        assert first is not second, preset.key
        assert preset.colour_name(preset.first) is first


def test_who_starts_changes_the_first_name_not_the_pieces_names() -> None:
    german_black = find_rules("german").with_switches(["first=black"])
    assert german_black.first_colour_name is ColourName.DARK
    assert german_black.colour_name(Color.WHITE) is ColourName.LIGHT


def test_colour_names_are_not_a_rule() -> None:
    renamed = dataclasses.replace(find_rules("german"), colour_names=ColourNames.WHITE_BLACK)
    assert matching_preset(renamed) is find_rules("german")


@pytest.mark.parametrize("key", ["english", "pool"])
def test_one_nil_is_a_black_win_where_black_starts(key: str) -> None:
    rules = find_rules(key)
    verdict = who_won_token("1-0", rules)
    assert verdict is not None
    assert verdict.winner is Color.BLACK and verdict.mover is Mover.FIRST
    assert verdict.colour_name is ColourName.BLACK and verdict.loser is Color.WHITE
    other = who_won_token(" 0-1", rules)
    assert other is not None and other.winner is Color.WHITE and other.mover is Mover.SECOND


def test_one_nil_is_a_white_win_in_german_and_ten_by_ten() -> None:
    german = who_won_token("1-0", find_rules("german"))
    assert german is not None and german.winner is Color.WHITE
    assert german.colour_name is ColourName.LIGHT
    intl = who_won_token("0-2", find_rules("international"))
    assert intl is not None and intl.winner is Color.BLACK
    assert intl.colour_name is ColourName.BLACK and intl.mover is Mover.SECOND


def test_draws_no_result_and_double_forfeit() -> None:
    rules = find_rules("english")
    for token in ("1/2-1/2", "1-1", "½-½", "0.5-0.5"):
        verdict = who_won_token(token, rules)
        assert verdict is not None and verdict.is_draw and verdict.winner is None
    forfeit = who_won_token("0-0", rules)
    assert forfeit is not None and not forfeit.is_draw and forfeit.winner is None
    for token in ("*", "", "4-6", "White wins"):
        assert who_won_token(token, rules) is None


def test_tokens_agree_with_the_pdn_reader_for_every_preset() -> None:
    for preset in PRESETS:
        for token in KNOWN_RESULTS:
            game = PdnGame(rules=preset)
            game.headers["Result"] = token
            verdict = who_won_token(token, preset)
            assert verdict is not None
            assert verdict.winner is game.winner(), (preset.key, token)


def test_who_won_a_finished_game() -> None:
    english = find_rules("english")
    verdict = who_won(Result(Color.BLACK, Reason.NO_MOVES), english)
    assert (verdict.winner, verdict.mover, verdict.colour_name) == (
        Color.BLACK,
        Mover.FIRST,
        ColourName.BLACK,
    )
    german = who_won(Result(Color.BLACK, Reason.RESIGNATION), find_rules("german"))
    assert (german.mover, german.colour_name) == (Mover.SECOND, ColourName.DARK)
    draw = who_won(Result(None, Reason.REPETITION), english)
    assert draw.is_draw and draw.winner is None and draw.mover is None


def test_the_same_play_apart_from_the_name_fields() -> None:
    """One answer to "the same rules apart from the names": the sides' colour names are a
    name, not a rule, for the preset match, the switches and a rules change alike."""
    import dataclasses

    from dame_desktop.core import ColourNames, Game, find_rules, matching_preset, same_play
    from dame_desktop.core.rules_change import rules_change
    from dame_desktop.store.settings import rules_spec

    german = find_rules("german")
    renamed = dataclasses.replace(
        german, key="mine", name="Mine", name_de="Meine", colour_names=ColourNames.WHITE_BLACK
    )
    assert german.colour_names is not ColourNames.WHITE_BLACK
    assert same_play(german, renamed)
    assert matching_preset(renamed) is german
    assert rules_spec(renamed) == ("german", ())
    assert not rules_change(Game(german), renamed).changed
    assert not same_play(german, dataclasses.replace(german, huffing=not german.huffing))
