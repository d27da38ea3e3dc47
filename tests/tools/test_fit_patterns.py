"""tools/fit_patterns.py: a tiny seeded run plays the same games twice and fits weights that
the engine reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the fitting tools need numpy (not a test dependency)")
pytest.importorskip("scipy", reason="the pattern fit needs scipy (not a test dependency)")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import fit_patterns  # noqa: E402

from dame_desktop.ai import evaluate  # noqa: E402
from dame_desktop.core import find_rules  # noqa: E402


def test_a_tiny_seeded_run_plays_the_same_games_and_fits_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = []
    for name in ("one", "two"):
        out = tmp_path / f"{name}.jsonl"
        play = ["play", "--games", "4", "--nodes", "60", "--seed", "5", "--max-plies", "60"]
        assert fit_patterns.main([*play, "--out", str(out)]) == 0
        files.append(out.read_text(encoding="utf-8"))
    assert files[0] == files[1]  # seeded: the same games
    assert len(files[0].splitlines()) == 4
    # a second run on the same file plays no game twice
    assert fit_patterns.main([*play, "--out", str(tmp_path / "one.jsonl")]) == 0
    assert (tmp_path / "one.jsonl").read_text(encoding="utf-8") == files[0]
    capsys.readouterr()

    weights_path = tmp_path / "weights.json"
    fit = ["fit", str(tmp_path / "one.jsonl"), "--hold", "0.5", "--iters", "20", "--seed", "2"]
    assert fit_patterns.main([*fit, "--out", str(weights_path)]) == 0
    printed = capsys.readouterr().out
    assert "held out" in printed and "today's evaluation" in printed
    assert "with the windows" in printed
    weights = evaluate.read_weights(weights_path)
    rules = find_rules("german")
    assert weights.windows is not None and weights.windows_end is not None
    assert len(weights.windows) == len(evaluate.windows(rules)) * evaluate.WINDOW_STATES
    assert any(weights.windows) and any(weights.windows_end)
    assert weights.men_open == evaluate.hand_set(rules).men_open
    # the same data and seed fit the same weights
    again = tmp_path / "again.json"
    assert fit_patterns.main([*fit, "--out", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == weights_path.read_text(encoding="utf-8")
    ev = evaluate.Evaluator(rules, weights)
    start = evaluate.Evaluator(rules)
    assert isinstance(ev(start.valid & 0xFFF, 0, 0, True), int)
