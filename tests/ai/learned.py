"""Checks shared by the tests of the learned weights files."""

from __future__ import annotations

from dame_desktop.ai import evaluate
from dame_desktop.core import RuleSet


def assert_windows_fitted(weights: evaluate.Weights, rules: RuleSet) -> None:
    """The weights carry the evaluation's own terms fitted with values for the four-by-four
    windows' states (opening and ending, fit_eval.py --windows), and no diamonds."""
    assert weights.patterns is None
    assert weights.windows is not None and weights.windows_end is not None
    assert len(weights.windows) == len(evaluate.windows(rules)) * evaluate.WINDOW_STATES
    assert any(weights.windows) and weights.windows != weights.windows_end
