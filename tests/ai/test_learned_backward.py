"""The learned evaluation of the 8x8 sets whose kings fly and whose men capture backward:
the family, its weights file, the search's switch choosing between it and the hand-set
weights, and compiled code scoring as the sources do."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from dame_desktop.ai import Limit, evaluate
from dame_desktop.ai.search import TUNING, Searcher
from dame_desktop.core import Color, find_rules
from dame_desktop.native import native_modules
from tests.ai.test_evaluate import _assert_colour_symmetric
from tests.ai.test_learned_eval import _positions
from tests.core.helpers import pure_figures

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
    weights = evaluate.learned_weights(BACKWARD)
    assert weights is not None
    path = evaluate.DATA / evaluate.LEARNED_FILES[BACKWARD]
    assert weights == evaluate.read_weights(path)
    hand = evaluate.hand_set(find_rules("russian"))
    # the evaluation's own terms, fitted: no pattern tables (no cost per node)
    assert weights.windows is None and weights.patterns is None
    assert weights.king is not None and weights.kings is not None
    assert len(weights.kings) == len(weights.men_open) == len(hand.men_open)
    assert weights.men_open != hand.men_open and weights.men_end != hand.men_end
    # not the other 8x8 family's weights
    assert weights != evaluate.learned_weights(evaluate.family(find_rules("german")))
    # the file is exactly what the writer makes of its weights
    text = path.read_text(encoding="utf-8")
    assert evaluate.weights_to_json(weights, json.loads(text)["about"]) == text


def test_the_learned_evaluation_differs_and_is_colour_symmetric() -> None:
    for key in MEMBERS:
        rules = find_rules(key)
        learned = evaluate.evaluator(rules, True)
        today = evaluate.evaluator(rules)
        assert learned.weights == evaluate.learned_weights(BACKWARD)
        assert today.weights == evaluate.hand_set(rules)
        differ = 0
        for pos in _positions(key, 40, 6):
            args = (pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)
            differ += learned(*args) != today(*args)
        assert differ > 30
        _assert_colour_symmetric(learned, rules, random.Random(8))


def test_the_search_plays_the_learned_weights_only_with_the_switch_on() -> None:
    assert TUNING.learned_eval is True
    for key in MEMBERS:
        rules = find_rules(key)
        on = Searcher(rules, Limit(nodes=10)).evaluator
        TUNING.learned_eval = False
        try:
            off = Searcher(rules, Limit(nodes=10)).evaluator
        finally:
            TUNING.learned_eval = True
        assert on.weights == evaluate.learned_weights(BACKWARD)
        assert off.weights == evaluate.hand_set(rules)


def scores() -> list[list[int]]:
    """The learned Russian evaluation of seeded positions, both sides to move."""
    rules = find_rules("russian")
    ev = evaluate.evaluator(rules, True)
    out = []
    for pos in _positions("russian", 60, 12):
        out.append([ev(pos.white, pos.black, pos.kings, wtm) for wtm in (True, False)])
    return out


def test_compiled_and_pure_give_the_same_learned_scores() -> None:
    if "ai.evaluate" not in native_modules():
        pytest.skip("the evaluation runs pure Python here: there is nothing compiled to compare")
    pure = pure_figures(__name__, "scores")
    here = scores()
    assert here == pure
    assert len({s for pair in here for s in pair}) > 30  # the scores are not all alike
