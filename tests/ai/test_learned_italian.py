"""The learned evaluation of Italian draughts (short kings, men capturing forward only and never
a king): its own family, its weights file, and the search's switch."""

from __future__ import annotations

import dataclasses

from dame_desktop.ai import evaluate
from dame_desktop.core import find_rules
from tests.ai.learned import assert_windows_fitted, load_learned

ITALIAN = "8x8-italian"


def test_italian_is_a_family_of_its_own() -> None:
    italian = find_rules("italian")
    assert evaluate.family(italian) == ITALIAN
    for key in ("english", "german", "spanish", "russian", "turkish", "international"):
        assert evaluate.family(find_rules(key)) != ITALIAN
    # a king the men may take, flying kings, men capturing backward, giveaway: not Italian's
    for changed in (
        dataclasses.replace(italian, men_capture_kings=True),
        dataclasses.replace(italian, flying_kings=True),
        dataclasses.replace(italian, men_capture_backward=True),
        dataclasses.replace(italian, giveaway=True),
    ):
        assert evaluate.family(changed) != ITALIAN
    # English with men that may not take a king plays Italian's evaluation
    english = find_rules("english")
    assert evaluate.family(dataclasses.replace(english, men_capture_kings=False)) == ITALIAN


def test_the_italian_weights_load_from_the_package_data() -> None:
    weights = load_learned(ITALIAN)
    rules = find_rules("italian")
    hand = evaluate.hand_set(rules)
    assert_windows_fitted(weights, rules)
    assert weights.king is not None and weights.kings is not None
    assert len(weights.kings) == len(weights.men_open) == len(hand.men_open) == 32
    assert weights.men_open != hand.men_open and weights.men_end != hand.men_end
    # a king is worth more than a man
    assert weights.king > evaluate.MAN
    # not the English weights
    assert weights != evaluate.learned_weights("8x8-short")
