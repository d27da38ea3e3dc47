"""The learned evaluation of the 8x8 sets whose kings fly and whose men capture backward:
the family, its weights file, the search's switch choosing between it and the hand-set
weights, and compiled code scoring as the sources do."""

from __future__ import annotations

import dataclasses

from dame_desktop.ai import evaluate
from dame_desktop.core import find_rules
from tests.ai.learned import assert_windows_fitted, load_learned

BACKWARD = "8x8-flying-backward"
MEMBERS = ("russian", "brazilian", "pool")


def test_the_family_holds_the_sets_it_was_measured_on() -> None:
    for key in MEMBERS:
        assert evaluate.family(find_rules(key)) == BACKWARD
    # men capturing forward only, short kings, 10x10, straight lines: not this family
    for key in ("german", "czech", "english", "italian", "international", "turkish"):
        assert evaluate.family(find_rules(key)) != BACKWARD
    russian = find_rules("russian")
    for other in (
        dataclasses.replace(russian, giveaway=True),
        dataclasses.replace(russian, flying_kings=False),
        dataclasses.replace(russian, men_capture_backward=False),
        dataclasses.replace(russian, men_capture_kings=False),
    ):
        assert evaluate.family(other) != BACKWARD


def test_the_weights_file_loads_from_the_package_data() -> None:
    weights = load_learned(BACKWARD)
    rules = find_rules("russian")
    hand = evaluate.hand_set(rules)
    assert_windows_fitted(weights, rules)
    assert weights.king is not None and weights.kings is not None
    assert len(weights.kings) == len(weights.men_open) == len(hand.men_open)
    assert weights.men_open != hand.men_open and weights.men_end != hand.men_end
    # not the other 8x8 family's weights
    assert weights != evaluate.learned_weights(evaluate.family(find_rules("german")))
