"""The learned evaluation of the 8x8 sets with short kings and men capturing forward
(English): which rule sets are of the family, its weights file, and the search's switch."""

from __future__ import annotations

import dataclasses

from dame_desktop.ai import evaluate
from dame_desktop.core import find_rules
from tests.ai.learned import assert_windows_fitted, load_learned

SHORT = "8x8-short"


def test_the_short_king_sets_make_a_family() -> None:
    assert evaluate.family(find_rules("english")) == SHORT
    # Italian (men may not capture kings: a family of its own), flying kings, men capturing
    # backward, straight lines, other boards: not this family
    for key in (
        "italian",
        "german",
        "czech",
        "spanish",
        "russian",
        "pool",
        "brazilian",
        "turkish",
        "international",
    ):
        assert evaluate.family(find_rules(key)) != SHORT
    english = find_rules("english")
    for changed in (
        dataclasses.replace(english, giveaway=True),
        dataclasses.replace(english, men_capture_backward=True),
        dataclasses.replace(english, flying_kings=True),
        dataclasses.replace(english, men_capture_kings=False),
    ):
        assert evaluate.family(changed) != SHORT
    # a custom set that plays as English does is of the family
    assert evaluate.family(dataclasses.replace(english, key="custom", name="Custom")) == SHORT


def test_the_short_king_weights_load_from_the_package_data() -> None:
    weights = load_learned(SHORT)
    rules = find_rules("english")
    hand = evaluate.hand_set(rules)
    assert_windows_fitted(weights, rules)
    assert weights.king is not None and weights.kings is not None
    assert len(weights.kings) == len(weights.men_open) == len(hand.men_open) == 32
    assert weights.men_open != hand.men_open and weights.men_end != hand.men_end
    # a short king is worth more than a man and less than two
    assert evaluate.MAN < weights.king < 2 * evaluate.MAN
    # not the flying kings' weights
    assert weights != evaluate.learned_weights("8x8-flying-forward")
