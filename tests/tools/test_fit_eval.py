"""tools/fit_eval.py: a tiny seeded run fits the evaluation's own weights (men by square,
scalars, a king's value and values by square) into a file the engine reads."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the fitting tools need numpy (not a test dependency)")
pytest.importorskip("scipy", reason="the fit needs scipy (not a test dependency)")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import fit_eval  # noqa: E402

from dame_desktop.ai import evaluate  # noqa: E402
from dame_desktop.core import RuleSet, find_rules  # noqa: E402
from dame_desktop.core.geometry import geometry_of  # noqa: E402
from tests.ai.test_evaluate import _rotate  # noqa: E402


def _positions(games: Path) -> list[fit_eval.Sample]:
    """Every position of the games ``play`` wrote: white, black, kings, White to move."""
    return [
        (w, b, k, bool(wtm))
        for line in games.read_text(encoding="utf-8").splitlines()
        for w, b, k, wtm, _score in json.loads(line)["positions"]
    ]


def _assert_turned_scores_opposite(
    ev: evaluate.Evaluator, rules: RuleSet, boards: list[tuple[int, int, int]]
) -> None:
    """Each board and the board turned half round with the colours swapped score exactly
    opposite."""
    geo = geometry_of(rules)
    for w, b, k in boards:
        turned = [_rotate(mask, geo) for mask in (b, w, k)]
        assert ev.white_score(w, b, k) == -ev.white_score(*turned)


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


def test_on_10x10_the_fit_keeps_the_diamonds_and_windows_of_today() -> None:
    rules = find_rules("international")
    hand = fit_eval.hand_weights(rules)
    assert hand.patterns is not None and hand.windows is not None
    squares = len(hand.men_open)
    vector = [int(v) for v in fit_eval.flatten(hand)]
    assert fit_eval.unflatten(vector, squares, hand) == hand
    today = evaluate.Evaluator(rules)
    bits = [bit for bit, _, _ in evaluate._cells(rules)]  # reading order: Black's side first
    black = sum(1 << b for b in bits[:20])
    white = sum(1 << b for b in bits[30:])
    samples = [
        (white, black, 0, True),
        (white & ~(1 << bits[31]) | 1 << bits[25], black & ~(1 << bits[3]), 1 << bits[25], False),
    ]
    spelt = evaluate.Evaluator(rules, hand)
    assert fit_eval.white_scores(spelt, samples).tolist() == (
        fit_eval.white_scores(today, samples).tolist()
    )
    # a fitted weight moved: the diamonds and windows stay as they were
    vector[0] += 100
    moved = fit_eval.unflatten(vector, squares, hand)
    assert moved.patterns == hand.patterns and moved.windows == hand.windows
    without = fit_eval.unflatten(vector, squares)
    assert without.patterns is None and without.windows is None


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


def test_a_list_of_mixes_and_pulls_fits_each_and_writes_the_best_held_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games.jsonl"
    play = ["play", "--games", "6", "--nodes", "60", "--seed", "4", "--max-plies", "80"]
    assert fit_eval.main([*play, "--out", str(games)]) == 0
    capsys.readouterr()
    swept = tmp_path / "swept.json"
    fit = ["fit", str(games), "--hold", "0.34", "--seed", "2"]
    assert fit_eval.main([*fit, "--mix", "0.2,0.8", "--lam", "1e-6,1e-2", "--out", str(swept)]) == 0
    printed = capsys.readouterr().out
    rows = [line.split() for line in printed.splitlines() if line[:5].strip() in ("0.20", "0.80")]
    assert [(r[0], r[1]) for r in rows] == [
        ("0.20", "1e-06"),
        ("0.20", "1e-02"),
        ("0.80", "1e-06"),
        ("0.80", "1e-02"),
    ]
    best = min(rows, key=lambda r: float(r[2]))
    mix, lam = float(best[0]), float(best[1])
    assert f"chosen: mix {mix}, lam {lam:g}" in printed
    # what is written is the plain fit of the chosen pair
    plain = tmp_path / "plain.json"
    assert fit_eval.main([*fit, "--mix", str(mix), "--lam", str(lam), "--out", str(plain)]) == 0
    assert swept.read_text(encoding="utf-8") == plain.read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        fit_eval.main([*fit, "--mix", "0.2,x"])


def test_turkish_ties_each_square_to_its_mirror_image() -> None:
    """On a board played on every square a square and its mirror image left to right move as
    one weight; the scalars stay alone; dark-square boards tie nothing."""
    assert fit_eval.mirror_ties(find_rules("german"), 100) is None
    rules = find_rules("turkish")
    cells = evaluate._cells(rules)
    squares = len(cells)
    size = len(fit_eval.flatten(fit_eval.hand_weights(rules)))
    ties = fit_eval.mirror_ties(rules, size)
    assert ties is not None and squares == 64
    scalars = len(fit_eval.SCALARS)
    assert ties.shape == (size, squares + scalars + squares // 4)
    assert (ties.sum(axis=1) == 1).all()  # every weight in one group
    where = {(row, col): i for i, (_bit, row, col) in enumerate(cells)}
    for (row, col), i in where.items():
        j = where[(row, 7 - col)]
        for start in (0, squares):  # the men's opening and ending values
            assert (ties[start + i] == ties[start + j]).all()
            # ... and not to the square of the other colour's side (row 7 - row)
            assert (ties[start + i] != ties[start + where[(7 - row, col)]]).any()
        if i < squares // 2:  # a king's values, on the first half of the squares
            king = 2 * squares + scalars
            assert (ties[king + i] == ties[king + j]).all()
    for k in range(scalars):
        column = ties[:, ties[2 * squares + k].argmax()]
        assert column.sum() == 1  # a scalar is a group of its own


def test_windows_are_fitted_colour_symmetric_into_a_file_the_engine_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--windows`` fits a value per state of every four-by-four window (opening and ending)
    with the rest; the evaluator reads them, a position and the board turned half round with
    the colours swapped score exactly opposite, and the fit prints the evaluator's own held-out
    figures with the weights as written."""
    games = tmp_path / "games.jsonl"
    play = ["play", "--games", "6", "--nodes", "60", "--seed", "5", "--max-plies", "80"]
    assert fit_eval.main([*play, "--out", str(games)]) == 0
    capsys.readouterr()
    out = tmp_path / "weights.json"
    fit = ["fit", str(games), "--hold", "0.34", "--seed", "2", "--windows"]
    # two small pulls: whichever the held-out loss picks, the windows keep values
    assert fit_eval.main([*fit, "--lam-windows", "1e-9,1e-8", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "fitted, scored" in printed and "lam (windows)" in printed
    rules = find_rules("german")
    weights = evaluate.read_weights(out)
    boxes = evaluate.windows(rules)
    assert weights.windows is not None and weights.windows_end is not None
    assert len(weights.windows) == len(boxes) * evaluate.WINDOW_STATES
    assert any(weights.windows) and any(weights.windows_end)
    ev = evaluate.Evaluator(rules, weights)
    # on the games' own positions, where the fitted window states are
    boards = [(w, b, k) for w, b, k, _wtm in _positions(games)[::7]]
    assert len(boards) > 20
    _assert_turned_scores_opposite(ev, rules, boards)
    # the windows count in the evaluator's scores
    plain = evaluate.Evaluator(rules, dataclasses.replace(weights, windows=None, windows_end=None))
    first = json.loads(games.read_text(encoding="utf-8").splitlines()[0])
    assert any(
        ev.white_score(w, b, k) != plain.white_score(w, b, k)
        for w, b, k, _wtm, _score in first["positions"]
    )
    # --min-count: a state seen in fewer positions keeps the value 0
    every = tmp_path / "every.json"
    assert fit_eval.main([*fit, "--lam-windows", "1e-9", "--out", str(every)]) == 0
    fitted = sum(1 for v in evaluate.read_weights(every).windows or () if v)
    few = tmp_path / "few.json"
    assert (
        fit_eval.main([*fit, "--lam-windows", "1e-9", "--min-count", "8", "--out", str(few)]) == 0
    )
    assert "seen in 8 positions or more" in capsys.readouterr().out
    pruned = evaluate.read_weights(few).windows
    assert pruned is not None and 0 < sum(1 for v in pruned if v) < fitted
    none = tmp_path / "none.json"
    assert fit_eval.main([*fit, "--min-count", "1000000", "--out", str(none)]) == 0
    assert not any(evaluate.read_weights(none).windows or ())
    with pytest.raises(SystemExit, match="every square"):
        fit_eval.main(["fit", str(games), "--rules", "turkish", "--windows"])


def test_on_10x10_windows_are_refitted_from_the_master_games_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """10x10's weights have windows (one table for the game); ``--windows`` fits an opening's
    and an ending's table as steps from them: only the states the games showed move, the
    diamonds stay, and the result still scores the board turned round exactly opposite."""
    rules = find_rules("international")
    games = tmp_path / "games.jsonl"
    play = ["play", "--rules", "international", "--games", "3", "--nodes", "60"]
    assert fit_eval.main([*play, "--seed", "5", "--max-plies", "50", "--out", str(games)]) == 0
    capsys.readouterr()
    out = tmp_path / "weights.json"
    fit = ["fit", str(games), "--rules", "international", "--hold", "0.34", "--seed", "2"]
    assert fit_eval.main([*fit, "--windows", "--rounds", "1", "--out", str(out)]) == 0
    assert "fitted, scored" in capsys.readouterr().out
    hand = fit_eval.hand_weights(rules)
    weights = evaluate.read_weights(out)
    assert hand.windows is not None and weights.windows is not None
    assert weights.windows_end is not None and weights.patterns == hand.patterns
    moved = {
        i
        for table in (weights.windows, weights.windows_end)
        for i, (a, b) in enumerate(zip(hand.windows, table, strict=True))
        if a != b
    }
    assert moved
    positions = _positions(games)
    wf = fit_eval.WindowFeatures(rules)
    # the columns are the tables' entries in their order, a state and its turned one both set
    seen = np.asarray((wf.matrix(positions) != 0).sum(axis=0)).ravel()[: wf.size] > 0
    assert all(seen[i] for i in moved)  # a state no game showed keeps the master games' value
    assert len(moved) < seen.sum() < wf.size // 10
    boards = [(w, b, k) for w, b, k, _wtm in positions[::5]]
    _assert_turned_scores_opposite(evaluate.Evaluator(rules, weights), rules, boards)


def test_self_play_uses_the_named_tables_or_none_never_the_users_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dame_desktop.ai import Limit, egtb, search
    from dame_desktop.core import Position

    rules = find_rules("german")
    users = tmp_path / "users"
    egtb.build(rules, 3, users)
    tuning = sys.modules["dame_desktop.ai.search"].TUNING
    monkeypatch.setattr(tuning, "endgame_tables", True)
    monkeypatch.setenv(egtb.FOLDER_ENV, str(users))  # the tables a user happens to have
    won = Position.from_fen("W:WK29:B10", rules)
    try:
        egtb.forget()
        assert search(won, rules, Limit(depth=3)).endgame == "win"
        with fit_eval.use_tables(None):
            assert search(won, rules, Limit(depth=3)).endgame == ""
        empty = tmp_path / "empty"
        empty.mkdir()
        with fit_eval.use_tables(str(empty)):
            assert search(won, rules, Limit(depth=3)).endgame == ""
        with fit_eval.use_tables(str(users)):
            assert search(won, rules, Limit(depth=3)).endgame == "win"
        with (
            pytest.raises(SystemExit, match="is not a folder"),
            fit_eval.use_tables(str(tmp_path / "missing")),
        ):
            pass
        # each left the switch and the folder as they were: the tables are seen again
        assert tuning.endgame_tables is True and os.environ[egtb.FOLDER_ENV] == str(users)
        # ``play`` run in-process (without --tables) puts them back too
        play = ["play", "--games", "1", "--nodes", "30", "--max-plies", "6"]
        assert fit_eval.main([*play, "--out", str(tmp_path / "g.jsonl")]) == 0
        assert tuning.endgame_tables is True and os.environ[egtb.FOLDER_ENV] == str(users)
        assert search(won, rules, Limit(depth=3)).endgame == "win"
    finally:
        egtb.forget()
