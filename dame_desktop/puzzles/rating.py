"""Glicko-2 ratings for puzzle solvers (and for the puzzles themselves).

A solver's rating moves after every puzzle: a solved puzzle counts as a won game against the
puzzle's own rating, a failed one as a lost game, and one solved after a hint as a draw (a
score of one half: a hint costs less than a failure and earns less than a clean solve).  The
formulas are Glickman's Glicko-2 (2012): ratings are kept on the familiar 1500 scale and
converted to the Glicko-2 scale (divided by 173.7178) for the update; the volatility is found
with the Illinois variant of regula falsi.

Two choices of ours on top of the formulas:

- ``TAU`` is 0.75: puzzle strength moves quickly (a child learns), so volatility may change fast.
- A single failed puzzle costs at most ``MAX_LOSS`` (30) points, so a slip on a hard puzzle by a
  new solver with a wide deviation does not wipe out an evening's work; one solved after a hint
  costs at most half that (else a new solver's hint on an easy puzzle would cost as much as a
  failure: both would hit the limit).

Standard library only; values are plain frozen dataclasses so the store can keep them as JSON.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.75
MAX_LOSS = 30.0
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
MIN_DEVIATION = 30.0  # a rating never claims more certainty than this
_EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A rating on the 1500 scale, its deviation (RD) and its volatility (sigma)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def __post_init__(self) -> None:
        for name in ("rating", "deviation", "volatility"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"a rating's {name} must be a finite number, not {value!r}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError("a rating's deviation and volatility must be positive")

    def to_json(self) -> dict[str, float]:
        return {
            "rating": round(self.rating, 2),
            "deviation": round(self.deviation, 2),
            "volatility": round(self.volatility, 6),
        }

    @classmethod
    def from_json(cls, data: object) -> Rating:
        """A rating from its JSON form; ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a rating must be an object with rating, deviation and volatility")
        try:
            return cls(float(data["rating"]), float(data["deviation"]), float(data["volatility"]))
        except KeyError as missing:
            raise ValueError(f"a rating lacks its {missing.args[0]}") from None
        except (TypeError, ValueError) as bad:
            raise ValueError(f"a rating has a value that is not a number: {bad}") from None


@dataclass(frozen=True)
class Outcome:
    """One game of a rating period: the opponent's rating and deviation, and the score."""

    opponent: float
    opponent_deviation: float
    score: float  # 1 won (solved), 0 lost (failed), 0.5 drawn


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """The volatility after a period: the root of Glickman's f(x) by the Illinois method."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):
        if abs(big_b - big_a) <= _EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, outcomes: Iterable[Outcome], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with these games (Glicko-2).

    A period without games only widens the deviation, as the system prescribes.
    """
    games = list(outcomes)
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, START_DEVIATION), sigma)
    v_inverse = 0.0
    gain = 0.0
    for game in games:
        mu_j = (game.opponent - START_RATING) / SCALE
        phi_j = game.opponent_deviation / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1.0 - e)
        gain += g * (game.score - e)
    v = 1.0 / v_inverse
    delta = v * gain
    sigma_new = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(mu_new * SCALE + START_RATING, phi_new * SCALE, sigma_new)


def after_puzzle(solver: Rating, puzzle: Rating, score: float) -> tuple[Rating, Rating]:
    """The solver's and the puzzle's new ratings after one attempt that scored ``score``:
    1 (or True) solved, 0 (or False) failed, 0.5 solved with a hint.

    The solver loses at most :data:`MAX_LOSS` points for one failure (and that times one
    less the score for a part score: half of it after a hint); both deviations stay at
    or above :data:`MIN_DEVIATION`, so a much-played puzzle or a long-time solver still moves.
    """
    score = float(score)
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a puzzle's score is from 0 to 1, not {score}")
    new_solver = rate(solver, [Outcome(puzzle.rating, puzzle.deviation, score)])
    new_puzzle = rate(puzzle, [Outcome(solver.rating, solver.deviation, 1.0 - score)])
    floor = solver.rating - MAX_LOSS * (1.0 - score)
    if new_solver.rating < floor:
        new_solver = Rating(floor, new_solver.deviation, new_solver.volatility)
    return _floored(new_solver), _floored(new_puzzle)


def _floored(rating: Rating) -> Rating:
    if rating.deviation >= MIN_DEVIATION:
        return rating
    return Rating(rating.rating, MIN_DEVIATION, rating.volatility)
