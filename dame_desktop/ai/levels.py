"""Playing levels as data: how long to think, how deep, and how much noise in the judgement."""

from __future__ import annotations

from dataclasses import dataclass

from .search import Limit


@dataclass(frozen=True)
class Level:
    """One playing strength.  ``noise`` is the evaluation jitter in hundredths of a man.

    ``book``: the level plays from the opening book (``ai.book``) while it has moves.
    ``clock``: ``limit.movetime`` is the time a move *on average* over a game, kept by a
    ``timeman.GameClock`` (unstable positions get more, forced moves next to nothing).
    """

    key: str
    name_en: str
    name_de: str
    limit: Limit
    noise: int = 0
    max_depth: int | None = None
    book: bool = False
    clock: bool = False

    @property
    def effective_limit(self) -> Limit:
        """The limit with ``max_depth`` folded in."""
        depth = self.limit.depth
        if self.max_depth is not None:
            depth = self.max_depth if depth is None else min(depth, self.max_depth)
        return Limit(movetime=self.limit.movetime, depth=depth, nodes=self.limit.nodes)


BEGINNER = Level("beginner", "Beginner", "Anfänger", Limit(movetime=0.5, depth=1), 260, 1)
EASY = Level("easy", "Easy", "Leicht", Limit(movetime=0.5, depth=2), 90, 2)
MEDIUM = Level("medium", "Medium", "Mittel", Limit(movetime=0.3, depth=4), 20, 4)
HARD = Level("hard", "Hard", "Schwer", Limit(movetime=1.0), 0, 7, book=True, clock=True)
MASTER = Level("master", "Master", "Meister", Limit(movetime=5.0), 0, None, book=True, clock=True)

LEVELS: tuple[Level, ...] = (BEGINNER, EASY, MEDIUM, HARD, MASTER)

_BY_KEY = {level.key: level for level in LEVELS}


def find_level(key: str) -> Level:
    """The level called ``key`` (beginner, easy, medium, hard, master); raises ValueError."""
    try:
        return _BY_KEY[key.strip().lower()]
    except KeyError:
        known = ", ".join(_BY_KEY)
        raise ValueError(f"unknown level {key!r} (known: {known})") from None
