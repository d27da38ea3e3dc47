"""The fitted weights are package data (JSON): read, written and checked."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from dame_desktop.ai import evaluate
from dame_desktop.core import find_rules

PACKAGED = evaluate.DATA / "weights_10x10.json"


def test_the_fitted_weights_load_from_the_package_data() -> None:
    weights = evaluate.read_weights(PACKAGED)
    assert weights == evaluate.FITTED[10] and evaluate.ACTIVE[10] is evaluate.FITTED[10]
    rules = find_rules("international")
    assert len(weights.men_open) == len(weights.men_end) == 50
    assert weights.patterns is not None
    assert len(weights.patterns) == len(evaluate.diamonds(rules)) * evaluate.PATTERN_STATES
    assert weights.windows is not None
    assert len(weights.windows) == len(evaluate.windows(rules)) * evaluate.WINDOW_STATES
    assert sum(1 for v in weights.windows if v) > 1000  # the sparse entries became dense
    assert weights != evaluate.hand_set(rules)


def test_writing_and_reading_gives_the_same_weights(tmp_path: Path) -> None:
    weights = evaluate.FITTED[10]
    text = evaluate.weights_to_json(weights, "a round trip")
    assert evaluate.weights_from_json(text) == weights
    assert json.loads(text)["about"] == "a round trip"
    # the packaged file is exactly what the writer makes of its weights
    packaged = PACKAGED.read_text(encoding="utf-8")
    about = json.loads(packaged)["about"]
    assert evaluate.weights_to_json(weights, about) == packaged
    # hand-set weights have no diamonds and windows: null, and back again
    hand = evaluate.hand_set(find_rules("german"))
    path = tmp_path / "hand.json"
    path.write_text(evaluate.weights_to_json(hand), encoding="utf-8")
    assert evaluate.read_weights(path) == hand


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("format"), "not a weights file"),
        (lambda d: d.update(men_open=[1, 2, "x"]), "'men_open' must be a list of whole numbers"),
        (lambda d: d.update(men_end=d["men_end"][:-1]), "one value per square"),
        (lambda d: d["scalars"].update(speed=3), "unknown scalar 'speed'"),
        (lambda d: d["scalars"].update(tempo=1.5), "scalar 'tempo' must be a whole number"),
        (lambda d: d.update(windows={"9999999": 1}), "window index 9999999 beyond"),
        (lambda d: d.update(windows={"a": 1}), "window entry 'a'"),
    ],
)
def test_a_damaged_weights_file_is_refused_with_the_reason(
    tmp_path: Path, change, message: str
) -> None:
    data = json.loads(PACKAGED.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=message) as caught:
        evaluate.read_weights(path)
    assert str(path) in str(caught.value)


def test_a_file_that_is_not_json_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ men_open: ", encoding="utf-8")
    with pytest.raises(ValueError, match="broken.json: not JSON"):
        evaluate.read_weights(path)
    with pytest.raises(ValueError, match="missing.json"):
        evaluate.read_weights(tmp_path / "missing.json")


def test_a_kings_value_and_its_values_by_square_are_weights_too(tmp_path: Path) -> None:
    """Spelt out, today's king value and king table score exactly as the built-in ones; other
    values change the score by what they say, and survive the file."""
    import random

    from dame_desktop.core import Position

    rules = find_rules("german")
    today = evaluate.Evaluator(rules)
    cells = evaluate._cells(rules)
    table = tuple(
        sum(1 << shift for shift, mask in today.king_pst if (mask >> bit) & 1)
        for bit, _, _ in cells
    )
    spelt = dataclasses.replace(today.weights, king=today.king, kings=table, runaway=today.runaway)
    # a table below zero: the evaluator keeps the excess over the least in its planes
    lower = dataclasses.replace(spelt, king=today.king + 7, kings=tuple(v - 7 for v in table))
    dearer = dataclasses.replace(spelt, king=today.king + 25)
    rng = random.Random(5)
    with_kings = 0
    for _ in range(60):
        pos = Position.start(rules)
        for _ in range(rng.randint(40, 140)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        args = (pos.white, pos.black, pos.kings)
        base = today.white_score(*args)
        assert evaluate.Evaluator(rules, spelt).white_score(*args) == base, pos.fen()
        assert evaluate.Evaluator(rules, lower).white_score(*args) == base, pos.fen()
        wk = (pos.white & pos.kings).bit_count()
        bk = (pos.black & pos.kings).bit_count()
        if wk != bk and (pos.white & ~pos.kings) and (pos.black & ~pos.kings):
            with_kings += 1
            gap = evaluate.Evaluator(rules, dearer).white_score(*args) - base
            assert (gap > 0) == (wk > bk), pos.fen()
    assert with_kings >= 5
    text = evaluate.weights_to_json(lower, "kings")
    assert json.loads(text)["kings"] == list(lower.kings or ())
    assert json.loads(text)["scalars"]["king"] == today.king + 7
    path = tmp_path / "kings.json"
    path.write_text(text, encoding="utf-8")
    assert evaluate.read_weights(path) == lower


@pytest.mark.parametrize(
    ("kings", "message"),
    [
        (list(range(32)), "turned half round alike"),
        ([0] * 31, "'kings' needs one value per square"),
        ([0] * 31 + ["x"], "'kings' must be a list of whole numbers"),
    ],
)
def test_a_bad_kings_table_is_refused_with_the_reason(
    tmp_path: Path, kings: list[object], message: str
) -> None:
    hand = evaluate.hand_set(find_rules("german"))
    data = json.loads(evaluate.weights_to_json(hand))
    data["kings"] = kings
    path = tmp_path / "bad-kings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        evaluate.read_weights(path)
