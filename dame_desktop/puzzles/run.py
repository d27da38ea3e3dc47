"""A timed run: as many puzzles as possible in three minutes, every mistake costing time and
every hint half as much (a puzzle solved after a hint still counts for the run).

The run reads the time from a clock it is given (``time.monotonic`` in the window, a clock
the test moves by hand), so nothing in it waits on real time.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

RUN_SECONDS = 180.0
MISTAKE_SECONDS = 10.0
HINT_SECONDS = 5.0


class TimedRun:
    """The clock and the count of one run."""

    def __init__(
        self,
        clock: Callable[[], float],
        seconds: float = RUN_SECONDS,
        penalty: float = MISTAKE_SECONDS,
        hint_penalty: float = HINT_SECONDS,
    ) -> None:
        self._clock = clock
        self.seconds = seconds
        self.penalty = penalty
        self.hint_penalty = hint_penalty
        self.started = clock()
        self.lost = 0.0  # seconds taken away for mistakes and hints
        self.solved = 0
        self.mistakes = 0
        self.hints = 0  # hints asked for
        self.hinted = 0  # of the puzzles solved, those solved after a hint

    def left(self) -> float:
        """Seconds left (never below zero)."""
        return max(0.0, self.seconds - self.lost - (self._clock() - self.started))

    @property
    def over(self) -> bool:
        return self.left() <= 0.0

    def mistake(self) -> None:
        self.mistakes += 1
        self.lost += self.penalty

    def hint(self) -> None:
        self.hints += 1
        self.lost += self.hint_penalty

    def solve(self, hinted: bool = False) -> None:
        self.solved += 1
        self.hinted += hinted
