"""Glicko-2 for puzzle solvers: the published worked example, the loss cap, bad stored data."""

from __future__ import annotations

import pytest

from dame_desktop.puzzles.rating import (
    MAX_LOSS,
    MIN_DEVIATION,
    Outcome,
    Rating,
    after_puzzle,
    rate,
)


def test_glickmans_worked_example() -> None:
    # Glickman's paper: 1500/200/0.06 plays 1400/30 (won), 1550/100 (lost), 1700/300 (lost),
    # tau 0.5 -> 1464.06, RD 151.52, volatility 0.05999
    player = Rating(1500, 200, 0.06)
    after = rate(
        player, [Outcome(1400, 30, 1), Outcome(1550, 100, 0), Outcome(1700, 300, 0)], tau=0.5
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_widens_the_deviation_only() -> None:
    player = Rating(1620, 80, 0.06)
    after = rate(player, [])
    assert after.rating == 1620 and after.deviation > 80 and after.volatility == 0.06


def test_solving_raises_failing_lowers_and_the_puzzle_moves_the_other_way() -> None:
    solver, puzzle = Rating(1500, 120), Rating(1600, 80)
    won, puzzle_after_win = after_puzzle(solver, puzzle, score=True)
    lost, puzzle_after_loss = after_puzzle(solver, puzzle, score=False)
    assert won.rating > 1500 > lost.rating
    assert puzzle_after_win.rating < 1600 < puzzle_after_loss.rating
    # beating a harder puzzle gains more than beating an easier one
    easy, _ = after_puzzle(solver, Rating(1300, 80), score=True)
    assert won.rating - 1500 > easy.rating - 1500


def test_a_puzzle_solved_after_a_hint_costs_less_than_a_failure_and_earns_less_than_a_solve() -> (
    None
):
    solver = Rating(1500, 120)
    for puzzle in (Rating(1300, 80), Rating(1500, 80), Rating(1700, 80)):
        won, _ = after_puzzle(solver, puzzle, score=1.0)
        half, _ = after_puzzle(solver, puzzle, score=0.5)
        lost, _ = after_puzzle(solver, puzzle, score=0.0)
        assert lost.rating < half.rating < won.rating, puzzle
    new_solver = Rating(1500, 350)  # both would hit the limit of a failure's loss
    half, _ = after_puzzle(new_solver, Rating(1000, 50), score=0.5)
    lost, _ = after_puzzle(new_solver, Rating(1000, 50), score=0.0)
    assert half.rating == pytest.approx(1500 - MAX_LOSS / 2) and lost.rating < half.rating
    with pytest.raises(ValueError, match="from 0 to 1"):
        after_puzzle(solver, Rating(1500, 80), score=2)


def test_one_failure_costs_at_most_thirty_points() -> None:
    new_solver = Rating(1500, 350)  # wide deviation: the raw update would drop far more
    raw = rate(new_solver, [Outcome(1000, 50, 0)])
    assert 1500 - raw.rating > MAX_LOSS
    after, _ = after_puzzle(new_solver, Rating(1000, 50), score=False)
    assert after.rating == pytest.approx(1500 - MAX_LOSS)


def test_deviations_never_fall_below_the_floor() -> None:
    solver, puzzle = Rating(1500, 40, 0.03), Rating(1500, 35, 0.03)
    for n in range(200):
        solver, puzzle = after_puzzle(solver, puzzle, score=n % 2 == 0)
    assert solver.deviation >= MIN_DEVIATION and puzzle.deviation >= MIN_DEVIATION


def test_json_round_trip_and_damaged_values_are_named() -> None:
    rating = Rating(1712.345, 61.5, 0.0612)
    back = Rating.from_json(rating.to_json())
    assert back.rating == pytest.approx(1712.35) and back.deviation == 61.5
    with pytest.raises(ValueError, match="lacks its deviation"):
        Rating.from_json({"rating": 1500, "volatility": 0.06})
    with pytest.raises(ValueError, match="not a number"):
        Rating.from_json({"rating": "x", "deviation": 1, "volatility": 0.06})
    with pytest.raises(ValueError, match="finite"):
        Rating.from_json({"rating": float("nan"), "deviation": 1, "volatility": 0.06})
    with pytest.raises(ValueError, match="object"):
        Rating.from_json([1500, 350, 0.06])
