"""Playing levels as data, in one table: how long to think, how deep, how much noise in the
judgement, and how willing the level is to agree a draw.  The levels' names are the UI's
(``ui.words.texts.level_name``); here a level is its key.

Where a game plays so unlike German or English draughts that the same depth and noise no
longer make a ladder (each level clearly above the one below), the rule set has its own depth
and noise for some levels (:data:`BY_RULES`); :func:`for_rules` gives the level as it plays
there, and ``ai.advice.choose_move`` plays every level that way."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .limit import Limit


@dataclass(frozen=True)
class DrawPolicy:
    """How willing a level is to agree a draw.

    ``worse_margin``: accept when the score is this far below zero (hundredths of a man).
    ``much_play``: while at least this share of the starting pieces is on the board, an
    equal position is "much play left".  ``stable_moves``: this many recent scores within
    ``ai.advice.DRAW_MARGIN`` (with the current one) make a "long stable equal" position.
    """

    worse_margin: int
    much_play: float
    stable_moves: int


@dataclass(frozen=True)
class Level:
    """One playing strength.  ``noise`` is the evaluation jitter in hundredths of a man.

    ``book``: the level plays from the opening book (``ai.book``) while it has moves.
    ``clock``: ``limit.movetime`` is the time a move *on average* over a game, kept by a
    ``timeman.GameClock`` (unstable positions get more, forced moves next to nothing).
    ``draw``: how it answers draw offers and when it offers one itself (``ai.advice``).
    """

    key: str
    limit: Limit
    noise: int
    max_depth: int | None
    draw: DrawPolicy
    book: bool = False
    clock: bool = False

    @property
    def effective_limit(self) -> Limit:
        """The limit with ``max_depth`` folded in."""
        depth = self.limit.depth
        if self.max_depth is not None:
            depth = self.max_depth if depth is None else min(depth, self.max_depth)
        return Limit(movetime=self.limit.movetime, depth=depth, nodes=self.limit.nodes)


BEGINNER = Level(
    "beginner",
    Limit(movetime=0.5, depth=1),
    260,
    1,
    DrawPolicy(worse_margin=30, much_play=0.75, stable_moves=4),
)
EASY = Level(
    "easy",
    Limit(movetime=0.5, depth=2),
    90,
    2,
    DrawPolicy(worse_margin=45, much_play=0.7, stable_moves=6),
)
MEDIUM = Level(
    "medium",
    Limit(movetime=0.3, depth=4),
    20,
    4,
    DrawPolicy(worse_margin=60, much_play=0.6, stable_moves=8),
)
HARD = Level(
    "hard",
    Limit(movetime=1.0),
    0,
    7,
    DrawPolicy(worse_margin=80, much_play=0.5, stable_moves=10),
    book=True,
    clock=True,
)
MASTER = Level(
    "master",
    Limit(movetime=5.0),
    0,
    None,
    DrawPolicy(worse_margin=100, much_play=0.5, stable_moves=12),
    book=True,
    clock=True,
)

LEVELS: tuple[Level, ...] = (BEGINNER, EASY, MEDIUM, HARD, MASTER)

_BY_KEY = {level.key: level for level in LEVELS}


def find_level(key: str) -> Level:
    """The level called ``key`` (beginner, easy, medium, hard, master); raises ValueError."""
    try:
        return _BY_KEY[key.strip().lower()]
    except KeyError:
        known = ", ".join(_BY_KEY)
        raise ValueError(f"unknown level {key!r} (known: {known})") from None


@dataclass(frozen=True)
class Tuned:
    """A level's own settings for one rule set: ``noise`` as in :class:`Level`, ``depth``
    the most plies it searches (None: as deep as its time allows)."""

    noise: int
    depth: int | None


# rule set key -> level key -> its settings there; the other levels play as everywhere.
# Turkish: a man lost is seldom won back (the most pieces must be taken, and a king on
# straight lines is worth five men), so Easy's common noise (0.9 of a man) threw away as many
# men as Beginner's and Easy scored 47.5 % against it; with half a man it scores 95 %
# (bench/ai_levels.py --nodes 2000 --no-book, 20 games) and Medium still 77.5 % against it.
BY_RULES: dict[str, dict[str, Tuned]] = {
    "turkish": {"easy": Tuned(noise=50, depth=2)},
}


def for_rules(level: Level, rules_key: str) -> Level:
    """``level`` as it plays under the rule set called ``rules_key``: its depth and noise
    from :data:`BY_RULES` where that rule set has its own, else ``level`` itself.

    The level's own depth (``max_depth``, and ``limit.depth`` where it says the same) becomes
    the rule set's; a tighter depth a caller put on the limit stays, and so do the time, the
    node budget, book, clock and draw policy.  Applying it twice changes nothing."""
    tuned = BY_RULES.get(rules_key, {}).get(level.key)
    if tuned is None:
        return level
    limit = level.limit
    if limit.depth is not None and limit.depth == level.max_depth:
        limit = dataclasses.replace(limit, depth=None)
    return dataclasses.replace(level, limit=limit, noise=tuned.noise, max_depth=tuned.depth)
