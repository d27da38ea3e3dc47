"""A library: the indexes of one or more PDN files, asked as one.

:meth:`Library.find` lists the games whose main line reaches a position (optionally also its
colour-reversed form); :meth:`Library.explore` counts, for a position, the moves played next
and their results.  Both read only the indexes (see :mod:`dame_desktop.db.index`).

A position is asked per rule set: the key includes the rule set, so a German game never
answers for an English position with the same pieces.  :meth:`Library.positions` turns a FEN
(or none: the start position) into the positions to ask: with a rule set given, that one;
otherwise one per rule set of the library's games under which the FEN can be read (the start
position only in the rule set most games use).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..core import DameError, Position, RuleSet, find_rules
from .index import DRAW, FIRST, SECOND, GameFilter, GameIndex, Progress
from .keys import (
    move_text,
    position_key,
    position_state,
    reversed_stacks,
    reversed_state,
    rules_salt,
    tower_key,
)
from .similar import RUN, Pattern, search


class BadQuery(ValueError):
    """A FEN that none of the library's rule sets can read."""


@dataclass(frozen=True)
class Hit:
    """A game that reaches the position: file (as given), 1-based game number, first ply."""

    file: str
    game: int
    ply: int
    white: str
    black: str
    result: str
    event: str
    date: str
    reversed: bool = False


@dataclass
class FindResult:
    total: int
    hits: list[Hit]


@dataclass
class MoveStat:
    """A move played at the position: its games and results by the side that moved first."""

    move: str
    games: int = 0
    first: int = 0
    draws: int = 0
    second: int = 0
    unknown: int = 0

    @property
    def score(self) -> float | None:
        """The first mover's score in the decided or drawn games (None without any)."""
        known = self.first + self.draws + self.second
        return (self.first + self.draws / 2) / known if known else None


@dataclass
class ExploreResult:
    games: int
    moves: list[MoveStat] = field(default_factory=list)
    ended: int = 0  # games that end at the position (counted in ``games``, under no move)


class Library:
    """The indexes of ``paths`` (in that order), built or refreshed when opened."""

    def __init__(
        self,
        paths: Sequence[str | Path],
        default_rules: RuleSet | None = None,
        folder: str | Path | None = None,
        any_default: bool = False,
    ) -> None:
        self.names = [str(p) for p in paths]
        self.default = default_rules
        self.indexes = [GameIndex(p, default_rules, folder, any_default) for p in paths]

    def open(
        self,
        progress: Callable[[int, int, int], None] | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> Library:
        """Open every index; progress(file number, bytes read, size).  Raises as
        :meth:`GameIndex.open` does."""
        for number, index in enumerate(self.indexes):
            report: Progress | None = None
            if progress is not None:

                def report(done: int, total: int, number: int = number) -> None:
                    progress(number, done, total)

            index.open(report, cancel)
        return self

    def close(self) -> None:
        for index in self.indexes:
            index.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- what to ask ---------------------------------------------------------------------

    def rule_sets(self) -> list[RuleSet]:
        """The rule sets of the library's games, most games first."""
        counts: dict[str, int] = {}
        for index in self.indexes:
            for key, n in index.rule_sets():
                counts[key] = counts.get(key, 0) + n
        order = sorted(counts, key=lambda k: (-counts[k], k))
        out: list[RuleSet] = []
        for key in order:
            try:
                out.append(self._rules_of(key))
            except DameError:
                continue
        return out

    def _rules_of(self, key: str) -> RuleSet:
        if self.default is not None and self.default.key == key:
            return self.default
        return find_rules(key)

    def positions(self, fen: str | None, rules: RuleSet | None) -> list[Position]:
        """The positions to ask for ``fen`` (None: the start position); raises
        :class:`BadQuery` (or the core's FenError with ``rules`` given) when none reads."""
        if rules is not None:
            return [Position.from_fen(fen, rules) if fen else Position.start(rules)]
        candidates = self.rule_sets() or [find_rules("german")]
        if not fen:
            return [Position.start(candidates[0])]
        out: list[Position] = []
        first_error: Exception | None = None
        for candidate in candidates:
            try:
                out.append(Position.from_fen(fen, candidate))
            except DameError as exc:
                first_error = first_error or exc
        if not out:
            raise BadQuery(str(first_error))
        return out

    # -- find ------------------------------------------------------------------------------

    def find(
        self, positions: Sequence[Position], reverse: bool = False, limit: int | None = None
    ) -> FindResult:
        """The games that reach any of ``positions`` (and, with ``reverse``, their
        colour-reversed forms): each game once at its first such ply, by file then game.
        ``total`` counts them all; ``limit`` cuts the list."""
        keys: dict[int, bool] = {}  # key -> is the reversed form
        for pos in positions:
            keys.setdefault(position_key(pos), False)
            if reverse:
                state = reversed_state(position_state(pos), pos.rules)
                stacks = reversed_stacks(pos.stacks, pos.rules)
                keys.setdefault(tower_key(state, stacks, rules_salt(pos.rules)), True)
        total = 0
        hits: list[Hit] = []
        for name, index in zip(self.names, self.indexes, strict=True):
            room = None if limit is None else max(limit - len(hits), 0)
            count, found = index.hits_any(list(keys), room)
            total += count
            if not found:
                continue
            rows = {r.game: r for r in index.games(GameFilter(games=[g for g, _, _ in found]))}
            for game, ply, key in found:
                row = rows[game]
                hits.append(
                    Hit(
                        name,
                        game,
                        ply,
                        row.white,
                        row.black,
                        row.result,
                        row.event,
                        row.date,
                        keys[key],
                    )
                )
        return FindResult(total, hits)

    def similar(
        self,
        pattern: Pattern,
        reverse: bool = False,
        limit: int | None = None,
        run: int = RUN,
        cancel: Callable[[], bool] | None = None,
    ) -> FindResult:
        """The games where the pieces of ``pattern`` (and, with ``reverse``, its
        colour-reversed form) stand for ``run`` consecutive positions of the main line: each
        game once at the first ply of its first such run, by file then game."""
        total = 0
        hits: list[Hit] = []
        for name, index in zip(self.names, self.indexes, strict=True):
            found = search(index, pattern, run, reverse, cancel)
            total += len(found)
            room = len(found) if limit is None else max(limit - len(hits), 0)
            page = found[:room]
            if not page:
                continue
            rows = {r.game: r for r in index.games(GameFilter(games=[h.game for h in page]))}
            for hit in page:
                row = rows[hit.game]
                hits.append(
                    Hit(
                        name,
                        hit.game,
                        hit.ply,
                        row.white,
                        row.black,
                        row.result,
                        row.event,
                        row.date,
                        hit.reversed,
                    )
                )
        return FindResult(total, hits)

    # -- explore ---------------------------------------------------------------------------

    def explore(self, positions: Sequence[Position]) -> ExploreResult:
        """The moves played at ``positions`` (a game counts once, under the move it played
        at the position's first occurrence), most played first."""
        stats: dict[str, MoveStat] = {}
        result = ExploreResult(0)
        for pos in positions:
            key = position_key(pos)
            texts: dict[int, str] = {}
            for index in self.indexes:
                for code, outcome, n in index.next_moves(key):
                    result.games += n
                    if code is None:
                        result.ended += n
                        continue
                    text = texts.get(code)
                    if text is None:
                        text = texts[code] = move_text(pos, code)
                    stat = stats.get(text)
                    if stat is None:
                        stat = stats[text] = MoveStat(text)
                    stat.games += n
                    if outcome == FIRST:
                        stat.first += n
                    elif outcome == SECOND:
                        stat.second += n
                    elif outcome == DRAW:
                        stat.draws += n
                    else:
                        stat.unknown += n
        result.moves = sorted(stats.values(), key=lambda s: (-s.games, s.move))
        return result
