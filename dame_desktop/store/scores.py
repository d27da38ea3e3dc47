"""The score table: results per pair of names (hot seat), per level (against the built-in
computer) and per external engine (a Hub engine playing as the computer, under its name),
with the last games and their dates.  No Qt.

Stored as versioned JSON in the data folder (``scores.json`` beside the autosave) through
the one atomic write.  Two programs of the same user share the file: a change goes through
:func:`update_scores`, which re-reads the file under the update lock
(:mod:`dame_desktop.store.locking`), applies the change to what it read and writes it back,
so no program's result is lost to another's write of its older copy.
``load_scores()`` never fails: a damaged file is moved aside and
reported; records that cannot be used are dropped and named in one warning, the original
is moved aside (nothing is lost) and the repaired table is written back.

Pairs are kept under the two names in a fixed order (compared without case), so "Paul
against Anna" and "Anna against Paul" are one record; :meth:`ScoreTable.pair` answers from
the point of view of the name asked first.
"""

from __future__ import annotations

import enum
import logging
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from dame_desktop.store.files import (
    Damage,
    PathArg,
    ResetValue,
    StorageWarning,
    StoreFile,
    WarningKind,
    data_dir,
    shorten,
    write_json,
)
from dame_desktop.store.locking import LOCK_TIMEOUT, locked_update
from dame_desktop.store.settings import LEVELS, Loaded, load_json_file, load_locked

log = logging.getLogger(__name__)

SCORES_FILE = "scores.json"
SCORES_FORMAT = "dame-scores"
SCORES_VERSION = 1
LAST_GAMES = 10  # games kept per pair and per level
MAX_COUNT = 10**9  # more games than anyone plays; larger stored counts are damage
NAME_MAX = 100
MAX_PAIRS = 2_000  # pairs read from a file; a family has far fewer
FILE_LIMIT = 4 * 1024 * 1024  # a bigger scores.json is damaged
_TEXT_MAX = 64


class Outcome(enum.Enum):
    """A game's result for one player: the first name of a pair, or the human."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def reversed(self) -> Outcome:
        """The same game seen from the other player."""
        return {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(self, self)


@dataclass(frozen=True)
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, outcome: Outcome) -> Tally:
        if outcome is Outcome.WIN:
            return replace(self, wins=min(MAX_COUNT, self.wins + 1))
        if outcome is Outcome.DRAW:
            return replace(self, draws=min(MAX_COUNT, self.draws + 1))
        return replace(self, losses=min(MAX_COUNT, self.losses + 1))

    @property
    def reversed(self) -> Tally:
        return Tally(self.losses, self.draws, self.wins)


@dataclass(frozen=True)
class GameEntry:
    """One finished game: when (UTC), the outcome for the record's player, the rule set's
    key and the core ``Reason`` value (both may be empty), and for a level record the
    human's name."""

    when: datetime
    outcome: Outcome
    rules: str = ""
    reason: str = ""
    player: str = ""

    @property
    def reversed(self) -> GameEntry:
        return replace(self, outcome=self.outcome.reversed)


@dataclass(frozen=True)
class PairScore:
    """The score of ``name`` against ``other`` (from ``name``'s point of view)."""

    name: str
    other: str
    tally: Tally
    last: tuple[GameEntry, ...]  # newest first


@dataclass(frozen=True)
class EngineScore:
    """The results against an external engine, kept under its name ("Scan 3.1")."""

    name: str
    tally: Tally
    last: tuple[GameEntry, ...]  # newest first


@dataclass(frozen=True)
class LevelScore:
    """The human's score against the computer at ``level`` (a level key)."""

    level: str
    tally: Tally
    last: tuple[GameEntry, ...]  # newest first


def clean_name(name: str) -> str:
    """A player's name as stored: NFC, runs of white space made one space, trimmed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def _key(name: str) -> str:
    return clean_name(name).casefold()


def _checked_name(name: str) -> str:
    cleaned = clean_name(name)
    if not cleaned:
        raise ValueError("a player's name is empty")
    if len(cleaned) > NAME_MAX:
        raise ValueError(f"a player's name is longer than {NAME_MAX} characters")
    return cleaned


def _checked_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    return level


def _utc(when: datetime) -> datetime:
    if when.tzinfo is None:
        raise ValueError("the game's date needs a time zone (use datetime.now(UTC))")
    return when.astimezone(UTC)


@dataclass(frozen=True)
class _Record:
    tally: Tally = Tally()
    last: tuple[GameEntry, ...] = ()

    def add(self, entry: GameEntry) -> _Record:
        return _Record(self.tally.add(entry.outcome), ((entry,) + self.last)[:LAST_GAMES])


class ScoreTable:
    """All results.  Change it with the ``record_*`` and ``reset*`` methods, then save."""

    def __init__(self) -> None:
        # pair key (casefolded names in order) -> (display names in that order, record)
        self._pairs: dict[tuple[str, str], tuple[tuple[str, str], _Record]] = {}
        self._levels: dict[str, _Record] = {}
        # casefolded engine name -> (the name as first seen, record)
        self._engines: dict[str, tuple[str, _Record]] = {}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreTable):
            return NotImplemented
        return (
            self._pairs == other._pairs
            and self._levels == other._levels
            and self._engines == other._engines
        )

    def __repr__(self) -> str:
        return (
            f"ScoreTable({len(self._pairs)} pairs, {len(self._levels)} levels, "
            f"{len(self._engines)} engines)"
        )

    @property
    def is_empty(self) -> bool:
        return not self._pairs and not self._levels and not self._engines

    # -- recording ---------------------------------------------------------------------------

    def record_hot_seat(
        self,
        name: str,
        other: str,
        outcome: Outcome,
        when: datetime,
        *,
        rules: str = "",
        reason: str = "",
    ) -> None:
        """Count a hot-seat game of ``name`` against ``other``; ``outcome`` is ``name``'s.

        Raises ValueError for an empty, too long or equal pair of names or a naive date.
        """
        first, second = _checked_name(name), _checked_name(other)
        if _key(first) == _key(second):
            raise ValueError(f"both players are called {first!r}")
        entry = GameEntry(_utc(when), outcome, rules[:_TEXT_MAX], reason[:_TEXT_MAX])
        key, names, swapped = self._pair_key(first, second)
        if swapped:
            entry = entry.reversed
        names, record = self._pairs.get(key, (names, _Record()))  # keep the first spelling
        self._pairs[key] = (names, record.add(entry))

    def record_against_computer(
        self,
        level: str,
        outcome: Outcome,
        when: datetime,
        *,
        player: str = "",
        rules: str = "",
        reason: str = "",
    ) -> None:
        """Count a game against the computer at ``level`` (a level key such as ``"easy"``);
        ``outcome`` is the human's.  Raises ValueError for an unknown level or a naive date.
        """
        key = _checked_level(level)
        shown = clean_name(player)[:NAME_MAX]
        entry = GameEntry(_utc(when), outcome, rules[:_TEXT_MAX], reason[:_TEXT_MAX], shown)
        self._levels[key] = self._levels.get(key, _Record()).add(entry)

    def record_against_engine(
        self,
        engine: str,
        outcome: Outcome,
        when: datetime,
        *,
        player: str = "",
        rules: str = "",
        reason: str = "",
    ) -> None:
        """Count a game against the external engine called ``engine`` ("Scan 3.1"), apart
        from the built-in levels; ``outcome`` is the human's.  Raises ValueError for an empty
        or too long name or a naive date."""
        name = _checked_name(engine)
        shown = clean_name(player)[:NAME_MAX]
        entry = GameEntry(_utc(when), outcome, rules[:_TEXT_MAX], reason[:_TEXT_MAX], shown)
        first, record = self._engines.get(_key(name), (name, _Record()))
        self._engines[_key(name)] = (first, record.add(entry))

    def withdraw(self, when: datetime, reason: str = "") -> bool:
        """Take a counted game back out of the table (its end was undone): the newest
        entry counted at ``when`` (to the second, as stored) with ``reason`` goes from its
        record's last games and tally.  False when no such entry is kept."""
        moment = _utc(when).replace(microsecond=0)
        reason = reason[:_TEXT_MAX]

        def without(record: _Record) -> _Record | None:
            for index, entry in enumerate(record.last):
                if entry.when.replace(microsecond=0) == moment and entry.reason == reason:
                    tally = record.tally
                    counts = {
                        Outcome.WIN: (1, 0, 0),
                        Outcome.DRAW: (0, 1, 0),
                        Outcome.LOSS: (0, 0, 1),
                    }[entry.outcome]
                    return _Record(
                        Tally(
                            max(0, tally.wins - counts[0]),
                            max(0, tally.draws - counts[1]),
                            max(0, tally.losses - counts[2]),
                        ),
                        record.last[:index] + record.last[index + 1 :],
                    )
            return None

        for key, (names, record) in self._pairs.items():
            changed = without(record)
            if changed is not None:
                self._pairs[key] = (names, changed)
                return True
        for level, record in self._levels.items():
            changed = without(record)
            if changed is not None:
                self._levels[level] = changed
                return True
        for engine_key, (name, record) in self._engines.items():
            changed = without(record)
            if changed is not None:
                self._engines[engine_key] = (name, changed)
                return True
        return False

    @staticmethod
    def _pair_key(a: str, b: str) -> tuple[tuple[str, str], tuple[str, str], bool]:
        ka, kb = _key(a), _key(b)
        if (ka, a) <= (kb, b):
            return (ka, kb), (a, b), False
        return (kb, ka), (b, a), True

    # -- reading -----------------------------------------------------------------------------

    def pair(self, name: str, other: str) -> PairScore:
        """The score of ``name`` against ``other`` (zero when they never played)."""
        first, second = clean_name(name), clean_name(other)
        key, _, swapped = self._pair_key(first, second)
        names, record = self._pairs.get(key, ((first, second), _Record()))
        if swapped:
            return PairScore(
                names[1], names[0], record.tally.reversed, tuple(e.reversed for e in record.last)
            )
        return PairScore(names[0], names[1], record.tally, record.last)

    def pairs(self) -> list[PairScore]:
        """Every pair, the one that played last first."""
        out = [
            PairScore(names[0], names[1], rec.tally, rec.last)
            for names, rec in self._pairs.values()
        ]
        return sorted(out, key=lambda p: p.last[0].when if p.last else _EPOCH, reverse=True)

    def level(self, level: str) -> LevelScore:
        record = self._levels.get(_checked_level(level), _Record())
        return LevelScore(level, record.tally, record.last)

    def levels(self) -> list[LevelScore]:
        """The levels played, weakest first."""
        return [self.level(key) for key in LEVELS if key in self._levels]

    def engine(self, name: str) -> EngineScore:
        """The results against the external engine ``name`` (zero when never played)."""
        cleaned = clean_name(name)
        first, record = self._engines.get(_key(cleaned), (cleaned, _Record()))
        return EngineScore(first, record.tally, record.last)

    def engines(self) -> list[EngineScore]:
        """Every external engine played against, the one played last first."""
        out = [EngineScore(name, rec.tally, rec.last) for name, rec in self._engines.values()]
        return sorted(out, key=lambda e: e.last[0].when if e.last else _EPOCH, reverse=True)

    # -- resetting ---------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget every result."""
        self._pairs.clear()
        self._levels.clear()
        self._engines.clear()

    def reset_pair(self, name: str, other: str) -> bool:
        """Forget one pair's results; False when there were none."""
        key, _, _ = self._pair_key(clean_name(name), clean_name(other))
        return self._pairs.pop(key, None) is not None

    def reset_level(self, level: str) -> bool:
        return self._levels.pop(_checked_level(level), None) is not None

    # -- storing -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        return {
            "format": SCORES_FORMAT,
            "version": SCORES_VERSION,
            "pairs": [
                {"names": list(names), **_record_json(rec)} for names, rec in self._pairs.values()
            ],
            "levels": {key: _record_json(rec) for key, rec in self._levels.items()},
            "engines": [
                {"name": name, **_record_json(rec)} for name, rec in self._engines.values()
            ],
        }

    def _put_pair(self, names: tuple[str, str], record: _Record) -> None:
        key, ordered, swapped = self._pair_key(*names)
        if swapped:
            record = _Record(record.tally.reversed, tuple(e.reversed for e in record.last))
        if key in self._pairs:  # the same pair twice: add them up
            old = self._pairs[key][1]
            total = Tally(
                *(
                    min(MAX_COUNT, a + b)
                    for a, b in zip(
                        (old.tally.wins, old.tally.draws, old.tally.losses),
                        (record.tally.wins, record.tally.draws, record.tally.losses),
                        strict=True,
                    )
                )
            )
            last = sorted(old.last + record.last, key=lambda e: e.when, reverse=True)
            record = _Record(total, tuple(last[:LAST_GAMES]))
        self._pairs[key] = (ordered, record)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _record_json(record: _Record) -> dict[str, object]:
    return {
        "wins": record.tally.wins,
        "draws": record.tally.draws,
        "losses": record.tally.losses,
        "last": [
            {
                "date": e.when.isoformat(timespec="seconds"),
                "outcome": e.outcome.value,
                **({"rules": e.rules} if e.rules else {}),
                **({"reason": e.reason} if e.reason else {}),
                **({"player": e.player} if e.player else {}),
            }
            for e in record.last
        ],
    }


# -- reading the file --------------------------------------------------------------------------


class _Invalid(Exception):
    """A stored record that cannot be used; the message says why."""


def _count(data: Mapping[str, object], name: str) -> int:
    value = data.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise _Invalid(f"{name!r} must be a whole number from 0 to {MAX_COUNT}")
    return value


def _short_text(data: Mapping[str, object], name: str, limit: int) -> str:
    value = data.get(name, "")
    if not isinstance(value, str) or len(value) > limit:
        raise _Invalid(f"{name!r} must be text of at most {limit} characters")
    return value


def _entry(data: object) -> GameEntry:
    if not isinstance(data, Mapping):
        raise _Invalid("a game must be an object")
    date = data.get("date")
    if not isinstance(date, str) or len(date) > 40:
        raise _Invalid("a game's 'date' must be an ISO date")
    try:
        when = datetime.fromisoformat(date)
    except ValueError:
        raise _Invalid(f"a game's date {date[:40]!r} is not an ISO date") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    outcome = data.get("outcome")
    try:
        result = Outcome(outcome)
    except ValueError:
        raise _Invalid("a game's 'outcome' must be win, draw or loss") from None
    return GameEntry(
        when.astimezone(UTC),
        result,
        _short_text(data, "rules", _TEXT_MAX),
        _short_text(data, "reason", _TEXT_MAX),
        clean_name(_short_text(data, "player", NAME_MAX)),
    )


def _record(data: object) -> _Record:
    if not isinstance(data, Mapping):
        raise _Invalid("expected an object")
    tally = Tally(_count(data, "wins"), _count(data, "draws"), _count(data, "losses"))
    last = data.get("last", [])
    if not isinstance(last, list):
        raise _Invalid("'last' must be a list of games")
    entries = [_entry(item) for item in last[:LAST_GAMES]]
    entries.sort(key=lambda e: e.when, reverse=True)
    return _Record(tally, tuple(entries))


def _pair_names(data: Mapping[str, object]) -> tuple[str, str]:
    names = data.get("names")
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise _Invalid("'names' must be a list of two names")
    try:
        first, second = _checked_name(str(names[0])), _checked_name(str(names[1]))
    except ValueError as exc:
        raise _Invalid(str(exc)) from None
    if _key(first) == _key(second):
        raise _Invalid(f"both players are called {first!r}")
    return first, second


@dataclass(frozen=True)
class _Parsed:
    table: ScoreTable
    broken: str = ""  # the structure is wrong: nothing was used
    newer: int = 0  # the version of a newer file
    dropped: tuple[ResetValue, ...] = ()  # records that could not be used (at most 20 named)
    dropped_count: int = 0


def _parse(data: object) -> _Parsed:
    table = ScoreTable()
    if not isinstance(data, dict):
        return _Parsed(table, f"expected a JSON object of scores, found {type(data).__name__}")
    if data.get("format") != SCORES_FORMAT:
        return _Parsed(table, f"this is not a score table ('format' is not {SCORES_FORMAT!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        return _Parsed(table, "'version' must be a positive whole number")
    pairs = data.get("pairs", [])
    levels = data.get("levels", {})
    engines = data.get("engines", [])
    if not isinstance(pairs, list) or not isinstance(levels, dict) or not isinstance(engines, list):
        return _Parsed(table, "'pairs' and 'engines' must be lists and 'levels' an object")
    dropped: list[ResetValue] = []
    count = 0

    def drop(where: str, item: object, exc: _Invalid) -> None:
        nonlocal count
        count += 1
        if len(dropped) < 20:
            dropped.append(ResetValue(where, shorten(item), "", str(exc)[:200]))

    for index, item in enumerate(pairs[:MAX_PAIRS]):
        try:
            if not isinstance(item, Mapping):
                raise _Invalid("expected an object")
            table._put_pair(_pair_names(item), _record(item))
        except _Invalid as exc:
            drop(f"pairs[{index}]", item, exc)
    for index in range(MAX_PAIRS, len(pairs)):
        drop(f"pairs[{index}]", pairs[index], _Invalid(f"more than {MAX_PAIRS} pairs"))
    for key, item in levels.items():
        try:
            if key not in LEVELS:
                raise _Invalid(f"unknown level {shorten(key)}")
            table._levels[key] = _record(item)
        except _Invalid as exc:
            drop(f"levels[{shorten(key)}]", item, exc)
    for index, item in enumerate(engines[:MAX_PAIRS]):
        try:
            if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
                raise _Invalid("expected an object with the engine's 'name'")
            try:
                name = _checked_name(str(item["name"]))
            except ValueError as exc:
                raise _Invalid(str(exc)) from None
            if _key(name) in table._engines:
                raise _Invalid(f"the engine {name!r} twice")
            table._engines[_key(name)] = (name, _record(item))
        except _Invalid as exc:
            drop(f"engines[{index}]", item, exc)
    for index in range(MAX_PAIRS, len(engines)):
        drop(f"engines[{index}]", engines[index], _Invalid(f"more than {MAX_PAIRS} engines"))
    newer = version if version > SCORES_VERSION else 0
    return _Parsed(table, newer=newer, dropped=tuple(dropped), dropped_count=count)


def scores_from_json(
    data: object, path: PathArg = SCORES_FILE
) -> tuple[ScoreTable, list[StorageWarning], bool]:
    """Build a ScoreTable from decoded JSON; never raises.

    Returns the table, the warnings and whether the data was damaged.  A wrong structure
    gives an empty table and one DAMAGED warning; records that cannot be used are left out
    and named in one ENTRIES_DROPPED warning (``values``).  Nothing is moved aside here.
    """
    source = Path(path)
    try:
        parsed = _parse(data)
    except Exception as exc:
        log.exception("reading the scores failed")
        parsed = _Parsed(ScoreTable(), f"unexpected {type(exc).__name__}: {exc}")
    if parsed.broken:
        return (
            parsed.table,
            [
                StorageWarning(
                    WarningKind.DAMAGED,
                    source,
                    parsed.broken,
                    file=StoreFile.SCORES,
                    damage=Damage.WRONG_SHAPE,
                )
            ],
            True,
        )
    warnings: list[StorageWarning] = []
    if parsed.newer:
        detail = (
            f"written by a newer Dame (scores version {parsed.newer}, this one reads "
            f"{SCORES_VERSION}); what it does not know is ignored"
        )
        warnings.append(
            StorageWarning(WarningKind.NEWER_VERSION, source, detail, file=StoreFile.SCORES)
        )
    if parsed.dropped_count:
        detail = f"{parsed.dropped_count} record(s) could not be used and were dropped"
        warnings.append(
            StorageWarning(
                WarningKind.ENTRIES_DROPPED,
                source,
                detail,
                file=StoreFile.SCORES,
                values=parsed.dropped,
            )
        )
    return parsed.table, warnings, bool(parsed.dropped_count)


# -- files -------------------------------------------------------------------------------------


def scores_path(directory: PathArg | None = None) -> Path:
    return data_dir(directory) / SCORES_FILE


def load_scores(
    directory: PathArg | None = None, *, timeout: float = LOCK_TIMEOUT
) -> Loaded[ScoreTable]:
    """Read the score table; never raises (whatever the file holds).

    A missing file gives an empty table.  A file that is not JSON or not a score table (also
    absurd numbers, deep nesting, a huge file) is moved aside to
    ``scores.json.damaged-<timestamp>`` and reported as DAMAGED with ``file`` SCORES; the
    table starts empty.  Records that cannot be used are left out and named in one
    ENTRIES_DROPPED warning; the original is moved aside and the rest written back.  A UTF-8
    byte order mark is accepted.  An existing file is read under the update lock
    (:func:`~dame_desktop.store.locking.locked_read`): setting damage aside never meets
    another program's update.
    """
    path = scores_path(directory)
    return load_locked(
        path,
        StoreFile.SCORES,
        ScoreTable(),
        lambda: load_json_file(
            path,
            StoreFile.SCORES,
            FILE_LIMIT,
            ScoreTable(),
            lambda data: scores_from_json(data, path),
            WarningKind.ENTRIES_DROPPED,
            lambda table: save_scores(table, directory),
        ),
        timeout,
    )


def save_scores(table: ScoreTable, directory: PathArg | None = None) -> Path:
    """Write ``table`` atomically and return the file; raises StorageError naming it."""
    path = scores_path(directory)
    write_json(path, table.to_json())
    return path


@dataclass(frozen=True)
class ScoresUpdate:
    """What :func:`update_scores` did: the table as written (or as read, when nothing
    changed), whether ``change`` changed it, and the warnings of reading the file."""

    table: ScoreTable
    changed: bool
    warnings: tuple[StorageWarning, ...] = ()


def update_scores(
    change: Callable[[ScoreTable], bool],
    directory: PathArg | None = None,
    *,
    timeout: float = LOCK_TIMEOUT,
) -> ScoresUpdate:
    """Change the stored score table as one step among several programs.

    Under the update lock: read the file as it is now (:func:`load_scores`, damage set
    aside and reported), call ``change`` on that table (it returns False when it changed
    nothing, e.g. a hot-seat game without names), and write the table back when it did.
    Another program's results recorded meanwhile are in the table read, so they are kept.
    Raises StorageError naming the file when the table cannot be written (nothing else).
    """
    warnings: list[StorageWarning] = []

    def load() -> ScoreTable:
        loaded = load_scores(directory)
        warnings.extend(loaded.warnings)
        return loaded.value

    table, changed = locked_update(
        scores_path(directory),
        load,
        lambda table: bool(change(table)),
        lambda table: save_scores(table, directory),
        timeout=timeout,
    )
    return ScoresUpdate(table, changed, tuple(warnings))
