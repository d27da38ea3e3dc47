"""Solving a puzzle: the solver's moves checked against the solution tree, the defence played
back, hints, the solution shown, and which puzzle comes next.

:class:`Attempt` is one try at one puzzle.  The solver plays a move (:meth:`Attempt.try_move`)
and hears one of:

- ``CORRECT``: the move of the solution; the defender's reply from the solution follows
  (``Answer.reply``, already played in the attempt);
- ``SOLVED``: the solution's last move: the puzzle is done;
- ``RETRY``: an accepted other move -- the solution's capture taken along another route (the
  same pieces, another order), or a line of the puzzle's ``alternatives`` -- "not quite, try
  again": nothing is played and nothing counts against the solver;
- ``WRONG``: any other move.  The attempt counts as failed; ``Answer.refutation`` is the
  defender's best answer to it (a short search), so the window can show why it fails.  The
  position stays where it was: the solver may go on looking for the right move.

An attempt counts as *solved* for the rating only when it is done without a wrong move, a
hint or the solution shown (:attr:`Attempt.clean`).

Standard library only (the window drives it; tests drive it directly).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..ai.search import Limit, search
from ..core import Position, find_rules
from ..core.move import Move
from .mine import THEMES, Puzzle

REFUTATION_DEPTH = 4

# difficulty bands of the puzzles' own ratings (the miner rates from the depth needed)
DIFFICULTIES: dict[str, tuple[int, int]] = {
    "easy": (0, 1150),
    "medium": (1150, 1400),
    "hard": (1400, 10_000),
}


class Verdict(enum.Enum):
    CORRECT = "correct"
    SOLVED = "solved"
    RETRY = "retry"
    WRONG = "wrong"


@dataclass(frozen=True)
class Answer:
    verdict: Verdict
    reply: Move | None = None  # CORRECT: the defender's move, played already
    refutation: Move | None = None  # WRONG: the best answer to the wrong move (None: none)


def route_of(position: Position, text: str) -> tuple[Move, tuple[int, ...]]:
    """The move ``text`` names in ``position`` and the route it spells out (the move's own
    canonical route when the text gives only its ends)."""
    move = position.parse_move(text)
    squares = tuple(position.parse_squares(text))
    if len(squares) == len(move.path) and squares in move.paths:
        return move, squares
    return move, move.path


def best_reply(position: Position, depth: int = REFUTATION_DEPTH) -> Move | None:
    """The side to move's best move by a short search (the refutation of a wrong move)."""
    if not position.legal_moves():
        return None
    return search(position, limit=Limit(depth=depth)).move


class Attempt:
    """One try at ``puzzle`` (see the module docstring)."""

    def __init__(
        self, puzzle: Puzzle, refute: Callable[[Position], Move | None] = best_reply
    ) -> None:
        self.puzzle = puzzle
        self.rules = find_rules(puzzle.rules)
        self.start = Position.from_fen(puzzle.fen, self.rules)
        self.solver = self.start.turn
        self.position = self.start
        self.ply = 0  # the index of the next move of the solution
        self.played: list[tuple[Position, Move]] = []  # the line so far, for the move list
        self.failed = False
        self.hinted = False
        self.shown = False
        self._refute = refute

    # -- state ---------------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.ply >= len(self.puzzle.solution)

    @property
    def clean(self) -> bool:
        """Solved without a wrong move, a hint or the solution shown: counts as solved."""
        return self.done and not (self.failed or self.hinted or self.shown)

    @property
    def solver_moves(self) -> int:
        return (len(self.puzzle.solution) + 1) // 2

    def last_move(self) -> Move | None:
        return self.played[-1][1] if self.played else None

    def expected(self) -> Move | None:
        """The solution's next move (with the route it is to be taken along)."""
        if self.done:
            return None
        move, route = route_of(self.position, self.puzzle.solution[self.ply])
        return move.with_path(route)

    # -- the solver's actions ----------------------------------------------------------------

    def try_move(self, move: Move) -> Answer:
        """Judge the solver's ``move`` (see the module docstring); a done attempt refuses."""
        if self.done:
            raise ValueError("the puzzle is solved already")
        expected = self.expected()
        assert expected is not None
        if move == expected and move.path == expected.path:
            return self._advance(expected)
        if self._accepted_other(move):
            return Answer(Verdict.RETRY)
        self.failed = True
        after = self.position.play(move)
        return Answer(Verdict.WRONG, refutation=self._refute(after))

    def _accepted_other(self, move: Move) -> bool:
        expected = self.expected()
        if expected is not None and move == expected:
            return True  # the same capture along another route: the same result
        done = self.puzzle.solution[: self.ply]
        for line in self.puzzle.alternatives:
            if len(line) > self.ply and tuple(line[: self.ply]) == tuple(done):
                try:
                    other, route = route_of(self.position, line[self.ply])
                except ValueError:
                    continue
                if other == move:
                    return True
        return False

    def _advance(self, move: Move) -> Answer:
        self._play(move)
        if self.done:
            return Answer(Verdict.SOLVED)
        reply = self.position.parse_move(self.puzzle.solution[self.ply])
        self._play(reply)
        return Answer(Verdict.CORRECT, reply=reply)

    def _play(self, move: Move) -> None:
        self.played.append((self.position, move))
        self.position = self.position.play(move)
        self.ply += 1

    def hint(self) -> int | None:
        """The square of the piece to move now (a hint: the attempt no longer counts as
        solved)."""
        expected = self.expected()
        if expected is None:
            return None
        self.hinted = True
        return expected.from_sq

    def show_solution(self) -> list[tuple[Position, Move]]:
        """The rest of the solution, played: each (position before, move).  Counts as not
        solved."""
        self.shown = True
        steps: list[tuple[Position, Move]] = []
        while not self.done:
            move, route = route_of(self.position, self.puzzle.solution[self.ply])
            move = move.with_path(route)
            steps.append((self.position, move))
            self._play(move)
        return steps

    def restart(self) -> None:
        """Back to the puzzle's start (what counted against the solver still counts)."""
        self.position = self.start
        self.ply = 0
        self.played.clear()


# -- choosing puzzles --------------------------------------------------------------------------


def matches(puzzle: Puzzle, theme: str = "", difficulty: str = "") -> bool:
    """Whether ``puzzle`` passes the filters ("" lets everything through)."""
    if theme and theme not in puzzle.themes:
        return False
    if difficulty:
        low, high = DIFFICULTIES[difficulty]
        if not low <= puzzle.rating < high:
            return False
    return True


def choose(
    puzzles: Sequence[Puzzle],
    rating: float,
    *,
    theme: str = "",
    difficulty: str = "",
    recent: Iterable[str] = (),
    rng: random.Random | None = None,
    spread: int = 8,
    deviation: float = 0.0,
) -> Puzzle | None:
    """The next puzzle: one passing the filters, not among ``recent`` (unless all are), near
    the solver's ``rating`` less its ``deviation`` (picked at random among the ``spread``
    nearest).

    Aiming one deviation below the rating -- the low end of where the solver's strength may
    lie -- matters most to a new solver: everyone starts at 1500 with a deviation of 350,
    while the shipped puzzles are rated about 1000 to 1750 (half of them below 1150), so a
    beginner's first puzzles are those of the middle of the set, not of its hardest eighth.
    The deviation shrinks with every puzzle (to about 100 after ten), and the puzzles follow
    the rating, a little below it: a child learns more from puzzles solved than from
    failures, and a failure costs at most 30 points, so a rating falls slowly."""
    if theme and theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}")
    if difficulty and difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}")
    pool = [p for p in puzzles if matches(p, theme, difficulty)]
    if not pool:
        return None
    seen = set(recent)
    fresh = [p for p in pool if p.id not in seen] or pool
    target = rating - max(0.0, deviation)
    fresh.sort(key=lambda p: (abs(p.rating - target), p.id))
    rng = rng or random.Random()
    return rng.choice(fresh[:spread])
