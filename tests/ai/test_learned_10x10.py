"""The learned evaluation of International (10x10): its own family and weights file (the
10x10 weights with their men's values, scalars and kings refitted on self-play and their
diamonds and windows kept), the search's switch choosing between it and the weights fitted to
master games, and compiled code scoring as the sources do."""

from __future__ import annotations

import dataclasses

from dame_desktop.ai import evaluate
from dame_desktop.core import apply_switches, find_rules
from tests.ai.learned import load_learned

FAMILY = "10x10"


def test_the_sets_that_play_as_international_make_the_family() -> None:
    rules = find_rules("international")
    assert evaluate.family(rules) == FAMILY
    assert FAMILY in evaluate.LEARNED_FILES
    # a custom set that plays as International does is of it
    custom = dataclasses.replace(rules, key="custom", name="Custom")
    assert evaluate.family(custom) == FAMILY
    # the losing game, short kings, men capturing forward only: not of it, whatever their key;
    # they keep the weights fitted to master games
    for other in (
        apply_switches(rules, ["giveaway=on"]),
        dataclasses.replace(rules, flying_kings=False),
        dataclasses.replace(rules, men_capture_backward=False),
    ):
        assert evaluate.family(other) != FAMILY
        assert evaluate.evaluator(other, True).weights == evaluate.FITTED[10]
    for key in ("german", "english", "russian", "italian", "turkish"):
        assert evaluate.family(find_rules(key)) != FAMILY


def test_the_weights_file_keeps_the_diamonds_and_windows_and_refits_the_rest() -> None:
    weights = load_learned(FAMILY)
    fitted = evaluate.FITTED[10]
    # the patterns fitted to master games, as they were (the refit does not move them)
    assert weights.patterns == fitted.patterns
    assert weights.windows == fitted.windows and weights.windows_end == fitted.windows_end
    # the evaluation's own terms, refitted: no new term, so no cost per node
    assert weights.king is not None and weights.kings is not None
    assert len(weights.kings) == len(weights.men_open) == len(weights.men_end) == 50
    assert weights.men_open != fitted.men_open and weights.men_end != fitted.men_end
    # a flying king is worth more than two men and less than four
    assert 2 * evaluate.MAN < weights.king < 4 * evaluate.MAN
