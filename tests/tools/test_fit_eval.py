"""tools/fit_eval.py: a tiny seeded run fits the evaluation's own weights (men by square,
scalars, a king's value and values by square) into a file the engine reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the fitting tools need numpy (not a test dependency)")
pytest.importorskip("scipy", reason="the fit needs scipy (not a test dependency)")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import fit_eval  # noqa: E402

from dame_desktop.ai import evaluate  # noqa: E402
from dame_desktop.core import find_rules  # noqa: E402


def test_the_hand_set_weights_spelt_out_score_as_today() -> None:
    rules = find_rules("german")
    hand = fit_eval.hand_weights(rules)
    assert hand.king == 300 and hand.kings is not None and hand.runaway is not None
    squares = len(hand.men_open)
    again = fit_eval.unflatten([int(v) for v in fit_eval.flatten(hand)], squares)
    assert again == hand
    today = evaluate.Evaluator(rules)
    spelt = evaluate.Evaluator(rules, hand)
    samples = [(0x0FFF, 0xFFF << 20, 0, True), (0x11, 0x3 << 24, 0x1, False)]
    assert fit_eval.white_scores(spelt, samples).tolist() == (
        fit_eval.white_scores(today, samples).tolist()
    )


def test_a_tiny_seeded_run_fits_weights_the_engine_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games.jsonl"
    play = ["play", "--games", "6", "--nodes", "60", "--seed", "3", "--max-plies", "80"]
    assert fit_eval.main([*play, "--out", str(games)]) == 0
    assert len(games.read_text(encoding="utf-8").splitlines()) == 6
    capsys.readouterr()
    out = tmp_path / "weights.json"
    fit = ["fit", str(games), "--hold", "0.34", "--seed", "2", "--lam", "1e-6"]
    assert fit_eval.main([*fit, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "hand-set" in printed and "fitted" in printed and "held out" in printed
    weights = evaluate.read_weights(out)
    rules = find_rules("german")
    assert weights.kings is not None and weights.king is not None
    assert weights.windows is None  # no new term: the engine's speed stays
    assert weights != fit_eval.hand_weights(rules)
    # seeded: the same data fit the same weights
    again = tmp_path / "again.json"
    assert fit_eval.main([*fit, "--out", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    ev = evaluate.Evaluator(rules, weights)
    assert isinstance(ev(0x0FFF, 0xFFF << 20, 0, True), int)
