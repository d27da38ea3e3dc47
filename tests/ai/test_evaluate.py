"""The evaluation is colour-symmetric, values kings by their range, and knows drawn endings."""

from __future__ import annotations

import random

import pytest

from dame_desktop.ai import evaluator
from dame_desktop.core import PRESETS, Color, Position, find_rules
from dame_desktop.core.geometry import Geometry


def _rotate(mask: int, geo: Geometry) -> int:
    """The mask turned half round (square s -> squares + 1 - s), on any board's bit layout."""
    out = 0
    for s in range(1, geo.squares + 1):
        if (mask >> geo.sq_to_bit[s]) & 1:
            out |= 1 << geo.sq_to_bit[geo.squares + 1 - s]
    return out


@pytest.mark.parametrize(
    "rules",
    [r for r in PRESETS if r.key in ("german", "english", "international", "russian", "turkish")],
    ids=lambda r: r.key,
)
def test_evaluation_is_colour_symmetric(rules) -> None:
    _assert_colour_symmetric(evaluator(rules), rules, random.Random(3))


def _assert_colour_symmetric(ev, rules, rng: random.Random) -> None:
    """The board turned half round with the colours swapped scores the same, on 30 positions
    of seeded random games."""
    geo = Position.start(rules).geometry
    for pos in _walk_positions(rules, rng, 30, (2, 70)):
        w, b, k = pos.white, pos.black, pos.kings
        wtm = pos.turn is Color.WHITE
        rot = [_rotate(x, geo) for x in (w, b, k)]
        assert ev(w, b, k, wtm) == ev(rot[1], rot[0], rot[2], not wtm), pos.fen()


def test_material_and_king_values() -> None:
    german = find_rules("german")
    english = find_rules("english")
    assert evaluator(german).king >= 2 * evaluator(english).king - 20
    assert evaluator(english).king > evaluator(english).man
    pos = Position.from_fen("W:W21,22,23:B10,11", german)
    ev = evaluator(german)
    assert ev(pos.white, pos.black, pos.kings, True) > 60
    assert ev(pos.white, pos.black, pos.kings, False) < -60


def test_drawn_king_endings_score_near_zero() -> None:
    german = find_rules("german")
    ev = evaluator(german)
    # two kings against one with flying kings: a draw
    pos = Position.from_fen("W:WK21,K22:BK4", german)
    assert abs(ev(pos.white, pos.black, pos.kings, True)) < 40
    # three kings against one on the long diagonal: drawn by the old German rule
    pos = Position.from_fen("W:WK1,K2,K3:BK29", german)
    assert abs(ev(pos.white, pos.black, pos.kings, True)) < 60
    # ... but off the diagonal three kings are a real advantage
    pos = Position.from_fen("W:WK1,K2,K3:BK30", german)
    assert ev(pos.white, pos.black, pos.kings, True) > 300


def test_giveaway_turns_the_goal_round() -> None:
    rules = find_rules("german").with_switches(["giveaway=on"])
    ev = evaluator(rules)
    pos = Position.from_fen("W:W21,22,23:B10", rules)
    assert ev(pos.white, pos.black, pos.kings, True) < 0


def test_quiet_counter_near_the_limit_pulls_towards_a_draw() -> None:
    rules = find_rules("german")
    ev = evaluator(rules)
    pos = Position.from_fen("W:WK21,22,23,24:BK4", rules)
    fresh = ev(pos.white, pos.black, pos.kings, True, 0)
    late = ev(pos.white, pos.black, pos.kings, True, rules.draw_quiet_plies - 2)
    assert fresh > 100 and abs(late) < fresh // 4


def test_fmjd_short_endgame_rule_makes_three_against_one_drawish() -> None:
    rules = find_rules("international")
    ev = evaluator(rules)
    pos = Position.from_fen("W:WK1,K2,K3:BK45", rules)  # 45 is off the long diagonal
    drawish = ev(pos.white, pos.black, pos.kings, True)
    off = rules.with_switches(["fmjd-endgame=off"])
    winning = evaluator(off)(pos.white, pos.black, pos.kings, True)
    assert winning > 300 and drawish < winning // 4


def test_weights_in_use_and_the_fitted_table() -> None:
    from dame_desktop.ai import evaluate

    for key in ("international", "german", "english"):
        rules = find_rules(key)
        expected = evaluate.ACTIVE.get(rules.board_size) or evaluate.hand_set(rules)
        assert evaluator(rules).weights == expected
    fitted = evaluate.FITTED[10]
    assert len(fitted.men_open) == len(fitted.men_end) == 50
    # a man is worth more the nearer it is to crowning, late in the game, on both tables
    for table, row in ((fitted.men_end, 5), (evaluate.hand_set(find_rules("german")).men_end, 4)):
        assert min(table[row : 2 * row]) > max(table[-row:])


def test_fitted_weights_are_colour_symmetric() -> None:
    from dame_desktop.ai import evaluate

    rules = find_rules("international")
    ev = evaluate.Evaluator(rules, evaluate.FITTED[10])
    _assert_colour_symmetric(ev, rules, random.Random(5))


def test_the_terms_count_backed_and_locked_men() -> None:
    import dataclasses

    from dame_desktop.ai import evaluate

    rules = find_rules("international")
    plain = evaluate.hand_set(rules)
    fitted = dataclasses.replace(plain, backed=3, locked=-2)
    with_terms = evaluate.Evaluator(rules, fitted)
    without = evaluate.Evaluator(rules, dataclasses.replace(fitted, backed=0, locked=0))

    def gain(fen: str) -> int:
        pos = Position.from_fen(fen, rules)
        args = (pos.white, pos.black, pos.kings, True)
        return with_terms(*args) - without(*args)

    assert gain("W:W33,38:B1") == fitted.backed  # 38 stands right behind 33
    assert gain("W:W33,40:B1") == 0  # 40 does not
    assert gain("W:W33:B28,29") == fitted.locked  # 33 cannot step forward
    assert gain("W:W33:B28,1") == 0


def test_the_evaluator_adds_the_diamonds_values() -> None:
    """With patterns, the score grows by exactly the table's values of the diamonds' states
    (the fitted 10x10 table; its colour symmetry is tested above)."""
    import dataclasses

    from dame_desktop.ai import evaluate

    rules = find_rules("international")
    fitted = evaluate.FITTED[10]
    assert fitted.patterns is not None and any(fitted.patterns)
    values = fitted.patterns
    ev = evaluate.Evaluator(rules, fitted)
    plain = evaluate.Evaluator(rules, dataclasses.replace(fitted, patterns=None))
    quads = evaluate.diamonds(rules)
    assert len(quads) == 32 and len(values) == 32 * evaluate.PATTERN_STATES
    pos = Position.from_fen("W:W31,32,33,34,36,37,38,45:B6,7,11,12,13,16,18,19", rules)
    men_w, men_b = pos.white & ~pos.kings, pos.black & ~pos.kings
    expected = sum(
        values[j * 81 + evaluate.pattern_state(men_w, men_b, quad)] for j, quad in enumerate(quads)
    )
    gap = ev.white_score(pos.white, pos.black, pos.kings) - plain.white_score(
        pos.white, pos.black, pos.kings
    )
    assert gap == expected != 0


def test_diamond_values_from_the_fitting_tool_are_colour_symmetric() -> None:
    """Random parameters tied as tools/tune_moves.py ties them give a symmetric evaluation."""
    pytest.importorskip("numpy", reason="the fitting tool needs numpy (not a test dependency)")
    import dataclasses
    import sys
    from pathlib import Path

    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import tune_moves

    from dame_desktop.ai import evaluate

    rules = find_rules("international")
    tied = tune_moves.Shapes(rules, [evaluate.diamonds(rules), evaluate.windows(rules)])
    values, windows = tied.values(np.random.default_rng(4).normal(0, 15, tied.size))
    hand = evaluate.hand_set(rules)
    ev = evaluate.Evaluator(rules, dataclasses.replace(hand, patterns=values, windows=windows))
    _assert_colour_symmetric(ev, rules, random.Random(6))


def _walk_positions(
    rules, rng: random.Random, count: int, plies: tuple[int, int] = (1, 90)
) -> list[Position]:
    """``count`` positions of seeded random games, each ``randrange(*plies)`` plies long."""
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start(rules)
        for _ in range(rng.randrange(*plies)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        out.append(pos)
    return out


@pytest.mark.parametrize("key", ["german", "english", "international", "russian"])
def test_packed_tables_give_the_men_terms_square_by_square(key: str) -> None:
    """The men's piece-square sums (blended by phase) and the diamonds' and windows' values that
    the evaluator reads off its packed tables equal the same terms summed square by square, on
    random positions with equal material (so no endgame scaling), with random weights."""
    import dataclasses

    from dame_desktop.ai import evaluate

    rules = find_rules(key)
    rng = random.Random(17)
    quads = evaluate.diamonds(rules)
    boxes = evaluate.windows(rules)
    squares = len(evaluate.hand_set(rules).men_open)
    weights = dataclasses.replace(
        evaluate.hand_set(rules),
        men_open=tuple(rng.randrange(-40, 60) for _ in range(squares)),
        men_end=tuple(rng.randrange(-20, 90) for _ in range(squares)),
        patterns=tuple(rng.randrange(-30, 30) for _ in range(len(quads) * 81)),
        windows=tuple(rng.randrange(-30, 30) for _ in range(len(boxes) * 6561)),
    )
    bare = dataclasses.replace(
        weights, men_open=(0,) * squares, men_end=(0,) * squares, patterns=None, windows=None
    )
    ev = evaluate.Evaluator(rules, weights)
    ev0 = evaluate.Evaluator(rules, bare)
    bit_of = [bit for bit, _, _ in evaluate._cells(rules)]
    start = 2 * rules.start_rows * (rules.board_size // 2)
    checked = 0
    patterns, windows = weights.patterns, weights.windows
    assert patterns is not None and windows is not None
    for pos in _walk_positions(rules, rng, 900):
        wm, bm = pos.white & ~pos.kings, pos.black & ~pos.kings
        wk, bk = pos.white & pos.kings, pos.black & pos.kings
        if wm.bit_count() != bm.bit_count() or wk.bit_count() != bk.bit_count() or not wm:
            continue
        opening = ending = 0
        for i, bit in enumerate(bit_of):
            if (wm >> bit) & 1:
                opening += weights.men_open[i]
                ending += weights.men_end[i]
            if (bm >> bit) & 1:
                opening -= weights.men_open[squares - 1 - i]
                ending -= weights.men_end[squares - 1 - i]
        phase = min(256, (pos.white | pos.black).bit_count() * 256 // start)
        blended = opening * phase + ending * (256 - phase)
        expected = (
            (blended // 256 if blended >= 0 else -(-blended // 256))
            + sum(
                patterns[j * 81 + evaluate.pattern_state(wm, bm, quad)]
                for j, quad in enumerate(quads)
            )
            + sum(
                windows[j * 6561 + evaluate.pattern_state(wm, bm, box)]
                for j, box in enumerate(boxes)
            )
        )
        gap = ev.white_score(pos.white, pos.black, pos.kings) - ev0.white_score(
            pos.white, pos.black, pos.kings
        )
        assert gap == expected, pos.fen()
        checked += 1
    assert checked >= 80


def test_sparse_window_values_are_spread_over_every_window() -> None:
    """A weights file lists only the windows' values that are not zero; ``weights_from``
    spreads them over the full table of the board's windows."""
    from dame_desktop.ai import evaluate

    for key in ("international", "german"):
        rules = find_rules(key)
        hand = evaluate.hand_set(rules)
        boxes = evaluate.windows(rules)
        last = len(boxes) * evaluate.WINDOW_STATES - 1
        weights = evaluate.weights_from(hand.men_open, hand.men_end, {}, None, {5: 3, last: -2})
        assert weights.windows is not None
        assert len(weights.windows) == len(boxes) * evaluate.WINDOW_STATES
        assert weights.windows[5] == 3 and weights.windows[last] == -2
        assert sum(1 for v in weights.windows if v) == 2
        evaluate.Evaluator(rules, weights)  # the evaluator takes the table as it is
