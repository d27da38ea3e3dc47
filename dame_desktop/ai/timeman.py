"""Time management: how long one search of a game may think, and when it stops.

A level's ``movetime`` is the engine's time per move *on average*.  The engine keeps a
:class:`GameClock` for each game it plays: every move adds ``per_move`` seconds to it and the
search takes what it used.  Moves that need no thought (a forced capture, a search that settled
early) leave time in the clock for the moves that need more, so over a game the engine uses
close to its whole allowance, yet never more.

For one search the clock makes a :class:`TimePlan`:

- a *nominal* share: ``per_move`` (a little less, so the clock fills) plus a part of the
  time saved;
- a *target* that grows from the nominal share when the search is unstable: the best move
  changed between iterations, or its score dropped (up to ``MAX_FACTOR`` times the nominal);
- a *hard* limit: never more than ``HARD_CAP`` times ``per_move``, and never more than the
  clock holds, less a safety margin.  The search stops at the hard limit in the middle of an
  iteration (it keeps the best move found so far), so the clock never runs out.

After each iteration the search asks :meth:`TimePlan.next_iteration`: stop at the target, or
when the next iteration cannot finish before the hard limit, estimated from how much longer
each of the last iterations took than the one before (the effective branching factor).

Standard library only; the search calls the plan between iterations only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

# The share of ``per_move`` a stable search aims at; the rest builds up the clock.
NOMINAL_SHARE = 0.8
# The part of the saved time a single move may plan with.
BANK_SPREAD = 0.25
# An unstable search may aim at up to this many times its nominal share ...
MAX_FACTOR = 2.5
# ... and never think longer than this many times ``per_move``.
HARD_CAP = 3.0
# The clock keeps at most this many moves' worth of saved time.
BANK_CAP = 4.0
# Seconds kept back from the hard limit (the last poll, the answer's way out), at least ...
MARGIN = 0.03
# ... or this share of ``per_move``, whichever is more.
MARGIN_SHARE = 0.08
# A score drop of this many hundredths between iterations counts as one best-move change.
DROP_UNIT = 30
# Iterations before this depth are too quick and noisy to judge stability by.
STABLE_FROM_DEPTH = 4
# The branching factor assumed before two iterations were timed, and its bounds.
DEFAULT_BRANCHING = 3.0
MIN_BRANCHING = 1.3
MAX_BRANCHING = 8.0


@dataclass
class TimePlan:
    """How long one search may think (seconds from its start) and when to stop early."""

    nominal: float
    hard: float
    max_target: float
    target: float = 0.0
    instability: float = 0.0  # decaying count of best-move changes and score drops
    _times: list[float] = field(default_factory=list)
    _best: int | None = None
    _score: int | None = None

    def __post_init__(self) -> None:
        self.target = min(self.nominal, self.hard)

    @classmethod
    def fixed(cls, seconds: float) -> TimePlan:
        """A plan for exactly ``seconds`` (no clock): the target and the hard limit agree."""
        return cls(nominal=seconds, hard=seconds, max_target=seconds)

    def next_iteration(self, depth: int, elapsed: float, best: int, score: int) -> bool:
        """Whether to start another iteration after finishing ``depth`` at ``elapsed``.

        ``best`` identifies the iteration's best move and ``score`` is its score.
        """
        self._times.append(elapsed)
        self.instability *= 0.5
        if depth >= STABLE_FROM_DEPTH and self._best is not None and self._score is not None:
            if best != self._best:
                self.instability += 1.0
            drop = self._score - score
            if drop > 0:
                self.instability += min(drop / DROP_UNIT, 2.0)
        self._best, self._score = best, score
        factor = min(1.0 + 0.5 * self.instability, MAX_FACTOR)
        self.target = min(self.nominal * factor, self.max_target, self.hard)
        if elapsed >= self.target:
            return False
        return elapsed + self.predicted_next() <= self.hard

    def predicted_next(self) -> float:
        """How long the next iteration will take, from the last iterations' growth.

        Iterations of odd and even depth grow differently, so the factor is taken over two
        iterations (the geometric mean of the last two ratios).
        """
        times = self._times
        if not times:
            return 0.0
        spans = [max(b - a, 0.0) for a, b in zip([0.0, *times], times, strict=False)]
        last = spans[-1]
        if len(spans) >= 3 and spans[-3] > 1e-4:
            branching = float((last / spans[-3]) ** 0.5)
        elif len(spans) >= 2 and spans[-2] > 1e-4:
            branching = last / spans[-2]
        else:
            branching = DEFAULT_BRANCHING
        return last * min(max(branching, MIN_BRANCHING), MAX_BRANCHING)


@dataclass
class GameClock:
    """The engine's thinking time over one game: ``per_move`` seconds a move on average.

    ``plan()`` before a search, ``spend(seconds)`` after it.  ``bank`` is the time saved from
    earlier moves (at most ``BANK_CAP * per_move``).
    """

    per_move: float
    bank: float = 0.0
    moves: int = 0
    used: float = 0.0

    def __post_init__(self) -> None:
        if not self.per_move > 0:
            raise ValueError(f"per_move must be a number of seconds > 0, got {self.per_move}")

    @property
    def available(self) -> float:
        """The most the next move may use: its own allowance and the time saved."""
        return self.per_move + self.bank

    @property
    def margin(self) -> float:
        return max(MARGIN, MARGIN_SHARE * self.per_move)

    def plan(self) -> TimePlan:
        """The plan for the next search."""
        hard = max(min(self.available - self.margin, HARD_CAP * self.per_move), 0.001)
        nominal = NOMINAL_SHARE * self.per_move + BANK_SPREAD * self.bank
        return TimePlan(
            nominal=min(nominal, hard), hard=hard, max_target=min(MAX_FACTOR * nominal, hard)
        )

    def spend(self, seconds: float) -> None:
        """Book a search that took ``seconds``."""
        self.moves += 1
        self.used += seconds
        self.bank = min(max(self.bank + self.per_move - seconds, 0.0), BANK_CAP * self.per_move)

    def reset(self) -> None:
        """A new game."""
        self.bank = 0.0
        self.moves = 0
        self.used = 0.0


# A clock beside the board (the family table's, or a Hub engine's) bounds any level's time.
MOVES_AHEAD = 30
"""A move may take the time left divided by this (the moves a game is assumed to have left)."""
INCREMENT_SHARE = 0.8
"""... plus this share of the increment (the rest is kept for the answer's way back)."""
MAX_SHARE = 0.25
"""... and never more than this share of the time left."""
MIN_BUDGET = 0.05
"""Seconds a move gets however little time is left."""


def move_budget(remaining: float, increment: float = 0.0) -> float | None:
    """Seconds the computer may think on a move with ``remaining`` seconds on its clock and
    ``increment`` seconds added after the move (None without a clock)."""
    if math.isinf(remaining) or remaining != remaining:
        return None
    share = remaining / MOVES_AHEAD + INCREMENT_SHARE * increment
    return max(min(share, MAX_SHARE * remaining), MIN_BUDGET)
