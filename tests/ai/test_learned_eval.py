"""The learned evaluation of a family of rule sets: its weights file, the families, the phase
blend of window tables, the search's switch, and compiled code scoring as the sources do."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dame_desktop.ai import Limit, evaluate, search
from dame_desktop.ai.search import TUNING, Searcher
from dame_desktop.core import PRESETS, Color, Position, RuleSet, find_rules
from dame_desktop.native import native_modules
from tests.ai.learned import assert_windows_fitted, load_learned
from tests.ai.test_evaluate import _assert_colour_symmetric
from tests.core.helpers import pure_figures

FLYING = "8x8-flying-forward"


# a rule set of no family with learned weights: German with the giveaway goal
GIVEAWAY = find_rules("german").with_switches({"giveaway": "on"})


def _positions(key: str | RuleSet, count: int, seed: int) -> list[Position]:
    """Positions of seeded random games, from the opening to the ending."""
    rules = find_rules(key) if isinstance(key, str) else key
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start(rules)
        for _ in range(rng.randint(0, 90)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        out.append(pos)
    return out


def test_the_families_of_rule_sets() -> None:
    assert evaluate.family(find_rules("german")) == FLYING
    assert evaluate.family(find_rules("czech")) == FLYING
    # short kings, men capturing backward, straight lines, giveaway: other families
    for key in ("turkish",):
        assert evaluate.family(find_rules(key)) == key
    assert evaluate.family(find_rules("international")) == "10x10"
    for key in ("russian", "brazilian", "pool"):
        assert evaluate.family(find_rules(key)) == "8x8-flying-backward"
    assert evaluate.family(find_rules("english")) == "8x8-short"
    assert evaluate.family(find_rules("italian")) == "8x8-italian"
    assert evaluate.family(dataclasses.replace(find_rules("german"), giveaway=True)) != FLYING


def test_the_learned_weights_load_from_the_package_data() -> None:
    weights = load_learned(FLYING)
    rules = find_rules("german")
    hand = evaluate.hand_set(rules)
    assert_windows_fitted(weights, rules)
    assert weights.king is not None and weights.kings is not None
    assert len(weights.kings) == len(weights.men_open) == len(hand.men_open)
    assert weights.men_open != hand.men_open and weights.men_end != hand.men_end
    assert (weights.mobility, weights.back) != (hand.mobility, hand.back)
    assert evaluate.learned_weights(evaluate.family(GIVEAWAY)) is None


def test_a_rule_set_without_learned_weights_evaluates_as_today() -> None:
    for rules in (GIVEAWAY,):
        today, learned = evaluate.evaluator(rules), evaluate.evaluator(rules, True)
        assert learned.weights == today.weights
        for pos in _positions(rules, 20, 4):
            args = (pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)
            assert learned(*args) == today(*args)


# every preset of every family with learned weights
FAMILY_SETS = sorted(
    rules.key for rules in PRESETS if evaluate.family(rules) in evaluate.LEARNED_FILES
)


def test_the_family_sets_are_the_ones_measured() -> None:
    assert set(FAMILY_SETS) >= {
        "german",
        "english",
        "italian",
        "russian",
        "international",
        "turkish",
    }


@pytest.mark.parametrize("key", FAMILY_SETS)
def test_the_learned_evaluation_differs_and_is_colour_symmetric(key: str) -> None:
    rules = find_rules(key)
    learned = evaluate.evaluator(rules, True)
    today = evaluate.evaluator(rules)
    assert learned.weights == evaluate.learned_weights(evaluate.family(rules))
    assert learned.weights != today.weights
    # random games of some sets often end early (a side has no piece left): live positions only
    live = [pos for pos in _positions(key, 80, 6) if pos.legal_moves()]
    differ = 0
    for pos in live:
        args = (pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)
        differ += learned(*args) != today(*args)
    assert len(live) > 30 and differ > len(live) * 3 // 4
    _assert_colour_symmetric(learned, rules, random.Random(8))


@pytest.mark.parametrize("key", FAMILY_SETS)
def test_the_search_plays_the_learned_weights_only_with_the_switch_on(key: str) -> None:
    rules = find_rules(key)
    assert TUNING.learned_eval is True  # on by default (it won the self-play A/B)
    on = Searcher(rules, Limit(nodes=10)).evaluator
    TUNING.learned_eval = False
    try:
        off = Searcher(rules, Limit(nodes=10)).evaluator
    finally:
        TUNING.learned_eval = True
    assert on.weights == evaluate.learned_weights(evaluate.family(rules))
    assert off.weights == evaluate.evaluator(rules).weights
    # and the search's scores follow the weights
    positions = [pos for pos in _positions(key, 12, 3) if pos.legal_moves()][:6]
    on_scores = [search(pos, rules, Limit(depth=3)).score for pos in positions]
    TUNING.learned_eval = False
    try:
        off_scores = [search(pos, rules, Limit(depth=3)).score for pos in positions]
    finally:
        TUNING.learned_eval = True
    assert on_scores != off_scores


def test_windows_blend_from_the_opening_to_the_ending_by_the_pieces_left() -> None:
    rules = find_rules("german")
    hand = evaluate.hand_set(rules)
    boxes = evaluate.windows(rules)
    # one state of the first window: a White man on its first square, the rest empty
    state = evaluate.pattern_state(1 << boxes[0][0], 0, boxes[0])
    opening = [0] * (len(boxes) * evaluate.WINDOW_STATES)
    ending = list(opening)
    opening[state], ending[state] = 80, -40
    flat = evaluate.Evaluator(rules, dataclasses.replace(hand, windows=tuple(opening)))
    blend = evaluate.Evaluator(
        rules, dataclasses.replace(hand, windows=tuple(opening), windows_end=tuple(ending))
    )
    plain = evaluate.Evaluator(rules, hand)
    # men in pairs on the lower half, away from the first window, to change the phase
    lower = [bit for bit, row, _ in evaluate._cells(rules) if row >= 4]
    phases = set()
    for pairs in range(0, 7, 2):
        w = (1 << boxes[0][0]) | sum(1 << bit for bit in lower[:pairs])
        b = (1 << lower[-1]) | sum(1 << bit for bit in lower[-1 - pairs : -1])
        base = plain.white_score(w, b, 0)
        pieces = (w | b).bit_count()
        phase = min(256, pieces * 256 // plain.start_pieces)
        phases.add(phase)
        assert flat.white_score(w, b, 0) - base == 80
        assert blend.white_score(w, b, 0) - base == evaluate._div(
            80 * phase - 40 * (256 - phase), 256
        )
    assert len(phases) == 4


def test_the_search_plays_the_learned_weights_where_the_switch_is_on() -> None:
    rules = find_rules("german")
    assert TUNING.learned_eval is True  # on by default (it won the self-play A/B)
    on = Searcher(rules, Limit(nodes=10)).evaluator
    assert evaluate.family(GIVEAWAY) not in evaluate.LEARNED_FILES
    unfitted = Searcher(GIVEAWAY, Limit(nodes=10)).evaluator
    TUNING.learned_eval = False
    try:
        assert Searcher(rules, Limit(nodes=10)).evaluator.weights == evaluate.hand_set(rules)
    finally:
        TUNING.learned_eval = True
    assert on.weights == evaluate.learned_weights(FLYING)
    assert unfitted.weights == evaluate.hand_set(GIVEAWAY)


# a rule set of each family with learned weights
MEMBERS = {
    FLYING: "german",
    "8x8-short": "english",
    "8x8-italian": "italian",
    "8x8-flying-backward": "russian",
    "10x10": "international",
    "turkish": "turkish",
}


def scores() -> dict[str, list[list[int]]]:
    """Each family's learned evaluation of seeded positions of a member, both sides to move."""
    out: dict[str, list[list[int]]] = {}
    for name, key in MEMBERS.items():
        rules = find_rules(key)
        ev = evaluate.evaluator(rules, True)
        assert ev.weights == evaluate.learned_weights(name)
        out[name] = [
            [ev(pos.white, pos.black, pos.kings, wtm) for wtm in (True, False)]
            for pos in _positions(key, 60, 11)
        ]
    return out


def test_every_family_with_weights_is_checked_compiled_against_pure() -> None:
    assert set(MEMBERS) == set(evaluate.LEARNED_FILES)
    for name, key in MEMBERS.items():
        assert evaluate.family(find_rules(key)) == name


def test_compiled_and_pure_give_the_same_learned_scores() -> None:
    if "ai.evaluate" not in native_modules():
        pytest.skip("the evaluation runs pure Python here: there is nothing compiled to compare")
    pure = pure_figures(__name__, "scores")
    here = scores()
    assert here == pure
    for name, rows in here.items():
        assert len({s for pair in rows for s in pair}) > 30, name  # not all alike


def test_turkish_weights_value_a_square_and_its_mirror_image_alike() -> None:
    """Turkish is the same game mirrored left to right: its fitted weights say so."""
    rules = find_rules("turkish")
    weights = evaluate.learned_weights("turkish")
    assert weights is not None and weights.kings is not None
    cells = evaluate._cells(rules)
    where = {(row, col): i for i, (_bit, row, col) in enumerate(cells)}
    for table in (weights.men_open, weights.men_end, weights.kings):
        assert len(table) == 64
        assert all(table[i] == table[where[(row, 7 - col)]] for (row, col), i in where.items())
    assert weights.men_open != evaluate.hand_set(rules).men_open
