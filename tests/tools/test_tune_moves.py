"""tools/tune_moves.py: its features are the evaluation's own terms; its gradient is right."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the fitting tools need numpy (not a test dependency)")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import tune_moves  # noqa: E402
from tune_eval import flatten  # noqa: E402

from dame_desktop.ai import evaluate  # noqa: E402
from dame_desktop.ai.evaluate import hand_set  # noqa: E402
from dame_desktop.core import Position, find_rules  # noqa: E402


def _middle_game_leaves(count: int) -> list[tuple[int, int, int]]:
    rules = find_rules("international")
    rng = random.Random(9)
    out: list[tuple[int, int, int]] = []
    while len(out) < count:
        pos = Position.start(rules)
        for _ in range(rng.randint(4, 30)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        out.append((pos.white, pos.black, pos.kings))
    return out


def test_the_linear_features_reproduce_the_evaluator_on_other_weights() -> None:
    rules = find_rules("international")
    feats = tune_moves.Features(rules)
    hand = flatten(dataclasses.replace(hand_set(rules), runaway=feats.ev.runaway))
    gap = tune_moves.self_check(rules, feats, _middle_game_leaves(300), np.array(hand))
    assert gap <= 2  # integer rounding of the phase blend only


@pytest.mark.parametrize("with_diamonds,spread", [(False, 0.0), (True, 0.0), (True, 0.5)])
def test_the_gradient_matches_finite_differences(with_diamonds: bool, spread: float) -> None:
    if with_diamonds:
        pytest.importorskip("scipy", reason="the diamonds' fit needs scipy")
    rules = find_rules("international")
    feats = tune_moves.Features(rules)
    leaves = _middle_game_leaves(60)
    data = [(leaves[i : i + 4], i % 4, i % 2 == 0, i) for i in range(0, 56, 4)]
    hand = np.array(flatten(dataclasses.replace(hand_set(rules), runaway=feats.ev.runaway)))
    diamonds = (
        tune_moves.Shapes(rules, [evaluate.diamonds(rules), evaluate.windows(rules)])
        if with_diamonds
        else None
    )
    table = tune_moves.Table(feats, data, hand, diamonds)
    extra = diamonds.size if diamonds is not None else 0
    rng = np.random.default_rng(3)
    w = np.concatenate((hand, np.zeros(extra))) + rng.normal(0, 3, len(hand) + extra)
    ce, _, grad = table.loss(w, 1.5, spread)
    # dense weights, then (with diamonds) the parameters of states these positions have
    picks = [3, 20, 60, 101]
    if diamonds is not None:
        nonzero = np.flatnonzero(grad[len(hand) :])
        windows = len(hand) + 32 * 81  # the windows' parameters come after the diamonds'
        picks += [len(hand) + int(j) for j in nonzero[:4]]
        picks += [len(hand) + int(j) for j in nonzero if len(hand) + j >= windows][:4]
        assert len(picks) == 12
    for j in picks:
        step = np.zeros_like(w)
        step[j] = 0.05  # the table is float32: a step well above its rounding
        numeric = (
            table.loss(w + step, 1.5, spread)[0] - table.loss(w - step, 1.5, spread)[0]
        ) / 0.1
        assert numeric == pytest.approx(grad[j], abs=1e-6, rel=2e-2)
    assert ce > 0
