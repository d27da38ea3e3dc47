"""Checks shared by the tests of the learned weights files."""

from __future__ import annotations

import json

from dame_desktop.ai import evaluate
from dame_desktop.core import RuleSet


def load_learned(family: str) -> evaluate.Weights:
    """The family's learned weights as the engine loads them, checked to be its package file's
    and that file to be exactly what the writer makes of them."""
    weights = evaluate.learned_weights(family)
    assert weights is not None
    path = evaluate.DATA / evaluate.LEARNED_FILES[family]
    assert weights == evaluate.read_weights(path)
    text = path.read_text(encoding="utf-8")
    assert evaluate.weights_to_json(weights, json.loads(text)["about"]) == text
    return weights


def assert_windows_fitted(weights: evaluate.Weights, rules: RuleSet) -> None:
    """The weights carry the evaluation's own terms fitted with values for the four-by-four
    windows' states (opening and ending, fit_eval.py --windows), and no diamonds."""
    assert weights.patterns is None
    assert weights.windows is not None and weights.windows_end is not None
    assert len(weights.windows) == len(evaluate.windows(rules)) * evaluate.WINDOW_STATES
    assert any(weights.windows) and weights.windows != weights.windows_end
