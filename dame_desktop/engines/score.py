"""Engine scores in men, and every conversion between score forms (the one place for them).

A :class:`Score` is seen from the side to move: a number of men (a man is 1.0), or a forced
end of the game in a number of plies (a win or a loss, the "wins in N" form).  The sources:

* the built-in search (``dame_desktop.ai.search``) scores in hundredths of a man, and a forced
  win or loss as ``+-(WIN - plies)`` with ``WIN = 30000`` (beyond ``WIN_BOUND``);
* a Hub engine sends ``score=`` in men (a real number) and, from ``dame hub``, the extension
  ``mate=N``: the side to move wins in N of its own moves (negative: loses in N moves);
* the PDN comment ``[%eval 0.35]`` is in men from the *first player's* side, ``[%eval #7]``
  a forced win in 7 moves for the first player, ``[%eval #-7]`` for the second.

Moves versus plies: a side that wins in ``p`` plies (the opponent has no move ``p`` plies
from now) makes ``(p + 1) // 2`` more moves of its own; that is the N of "wins in N".  After
the move that ends the game N is 0 (``#0``: the first player has won, ``#-0``: the second).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from ..ai.search import WIN, WIN_BOUND
from ..core.digits import ascii_float, is_ascii_digits

FORCED_MEN = 1000.0
"""The number that stands for a forced win in JSON and sorting: ``FORCED_MEN - N`` men."""

REVIEW_SCALE = 3.0
"""Losses are measured on ``REVIEW_SCALE * tanh(men / REVIEW_SCALE)`` (see :func:`review_value`)."""

HUB_WIN_MEN = 100.0
"""``dame hub`` sends a forced end as ``score=+-(100 - plies/100)``, the way Scan writes its
"end of the game soon" scores, plus ``mate=N``."""


@dataclass(frozen=True)
class Score:
    """An evaluation from the side to move.

    ``men`` is the evaluation in men when ``plies`` is None.  With ``plies`` set the game ends
    by force that many plies from now, won by the side to move when ``wins`` (else lost).
    """

    men: float = 0.0
    plies: int | None = None
    wins: bool = False

    # -- constructors ------------------------------------------------------------------------

    @classmethod
    def from_search(cls, value: int) -> Score:
        """A built-in search score (hundredths of a man, forced results as ``+-(WIN - plies)``)."""
        if value > WIN_BOUND:
            return cls(0.0, WIN - value, True)
        if value < -WIN_BOUND:
            return cls(0.0, WIN + value, False)
        return cls(value / 100.0)

    @classmethod
    def forced(cls, plies: int, wins: bool) -> Score:
        return cls(0.0, max(plies, 0), wins)

    @classmethod
    def from_mate(cls, moves: int) -> Score:
        """Hub's ``mate=N`` (ours): win in N moves (N > 0) or loss in -N moves (N < 0)."""
        if moves > 0:
            return cls(0.0, 2 * moves - 1, True)
        return cls(0.0, -2 * moves, False)

    # -- views -------------------------------------------------------------------------------

    @property
    def is_forced(self) -> bool:
        return self.plies is not None

    @property
    def moves(self) -> int | None:
        """The winner's moves to the forced end (None when there is none)."""
        if self.plies is None:
            return None
        return (self.plies + 1) // 2

    @property
    def mate(self) -> int | None:
        """Signed moves to the forced end: N > 0 the side to move wins, N < 0 it loses.

        Zero (the side to move has no move left) does not tell who won: see ``wins``.
        """
        moves = self.moves
        if moves is None:
            return None
        return moves if self.wins else -moves

    def number(self) -> float:
        """One number in men for JSON and sorting: ``+-(FORCED_MEN - N)`` for a forced end."""
        moves = self.moves
        if moves is None:
            return self.men
        return FORCED_MEN - moves if self.wins else -(FORCED_MEN - moves)

    def sort_key(self) -> float:
        """Larger is better for the side to move; a shorter win beats a longer one."""
        if self.plies is None:
            return max(min(self.men, FORCED_MEN / 2), -FORCED_MEN / 2)
        return 10 * FORCED_MEN - self.plies if self.wins else -10 * FORCED_MEN + self.plies

    # -- turning it around -------------------------------------------------------------------

    def negated(self) -> Score:
        """The same evaluation from the other side (same position)."""
        if self.plies is None:
            return Score(-self.men)
        return Score(0.0, self.plies, not self.wins)

    def before_move(self) -> Score:
        """The score of the position after a move, seen by the player who made that move."""
        if self.plies is None:
            return Score(-self.men)
        return Score(0.0, self.plies + 1, not self.wins)

    def to_search(self) -> int:
        """The built-in search's form (hundredths of a man, ``+-(WIN - plies)`` for a forced
        end): the inverse of :meth:`from_search`, rounded to a hundredth."""
        if self.plies is None:
            limit = WIN_BOUND - 1
            return max(-limit, min(limit, round(self.men * 100)))
        plies = min(self.plies, WIN - WIN_BOUND - 1)
        return WIN - plies if self.wins else -(WIN - plies)

    # -- text --------------------------------------------------------------------------------

    def text(self) -> str:
        """``+0.35``, ``-1.20``, ``#7`` (wins in 7), ``#-7`` (loses in 7)."""
        if self.plies is None:
            return f"{self.men:+.2f}"
        moves = self.moves
        return f"#{moves}" if self.wins else f"#-{moves}"

    def to_hub(self) -> tuple[str, int | None]:
        """``score=`` men text and the ``mate=`` moves (None when the game goes on)."""
        if self.plies is None:
            return f"{self.men:.2f}", None
        value = HUB_WIN_MEN - self.plies / 100.0
        return f"{value if self.wins else -value:.2f}", self.mate if self.plies > 0 else None


def review_value(score: Score) -> float:
    """The score on the scale losses are measured on: about the men while the game is close,
    flattening towards ``+-REVIEW_SCALE`` when it is decided (a forced end is the limit).

    ``f(x) = 3 tanh(x / 3)``: f(1) = 0.96, so dropping a man in a level position costs about a
    man; going from +8 to +6 costs 0.08, from +3 to +1 costs 1.3.
    """
    if score.plies is not None:
        return REVIEW_SCALE if score.wins else -REVIEW_SCALE
    return REVIEW_SCALE * math.tanh(score.men / REVIEW_SCALE)


def eval_command(score: Score, first_player_moves: bool) -> str:
    """The ``[%eval ...]`` text (without brackets' content decoration) for a score.

    ``score`` is from the mover's side; ``first_player_moves`` tells whether that mover is the
    first player, whose side ``[%eval]`` takes.
    """
    view = score if first_player_moves else score.negated()
    if view.plies is None:
        men = round(view.men, 2) + 0.0  # no "-0.00"
        return f"[%eval {men:.2f}]"
    moves = view.moves
    return f"[%eval #{moves}]" if view.wins else f"[%eval #-{moves}]"


def parse_eval(text: str) -> Score | None:
    """The value of an ``[%eval ...]`` command (``0.35``, ``#7``, ``#-7``) from the first
    player's side; None when it cannot be read.  A depth after a comma is ignored."""
    value = text.strip().split(",")[0].strip()
    if value.startswith("#"):
        body = value[1:]
        negative = body.startswith("-")
        digits = body.lstrip("+-")
        if not is_ascii_digits(digits):
            return None
        moves = int(digits)
        plies = 2 * moves - 1 if not negative and moves > 0 else 2 * moves
        return Score(0.0, plies, not negative)
    try:
        men = ascii_float(value)
    except ValueError:
        return None
    if not math.isfinite(men):
        return None
    return Score(men)


class Verdict(enum.Enum):
    """An evaluation in words' terms, from one side (the UI turns it into text)."""

    WINS = "wins"  # a forced win
    WINNING = "winning"  # 2 men or more
    CLEARLY_BETTER = "clearly-better"  # 0.8 to 2 men
    BETTER = "better"  # 0.3 to 0.8 men
    EQUAL = "equal"  # within 0.3 men
    WORSE = "worse"
    CLEARLY_WORSE = "clearly-worse"
    LOSING = "losing"
    LOSES = "loses"


VERDICT_STEPS = (0.3, 0.8, 2.0)
"""Men at which "about equal" becomes "better", "clearly better", "winning"."""


def verdict(score: Score) -> Verdict:
    """The verdict for the side ``score`` is seen from (e.g. Light's, after ``negated()``)."""
    if score.plies is not None:
        return Verdict.WINS if score.wins else Verdict.LOSES
    men = score.men
    small, clear, big = VERDICT_STEPS
    if abs(men) < small:
        return Verdict.EQUAL
    if men > 0:
        return (
            Verdict.BETTER
            if men < clear
            else (Verdict.CLEARLY_BETTER if men < big else Verdict.WINNING)
        )
    return (
        Verdict.WORSE if -men < clear else (Verdict.CLEARLY_WORSE if -men < big else Verdict.LOSING)
    )
