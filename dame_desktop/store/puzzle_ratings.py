"""Puzzle ratings: one Glicko-2 rating per family member and rule set, what each has solved
and failed, the best timed run, and each member's personal puzzles ("My mistakes").  No Qt.

Stored as versioned JSON in the data folder (``puzzles.json`` beside the score table) through
the one atomic write.  Two programs of the same user share the file: every change goes
through :func:`update_ratings`, which re-reads the file under the update lock
(:func:`dame_desktop.store.locking.locked_update`), applies the change to what it read and
writes it back.  ``load_ratings()`` never fails: a damaged file is moved aside and reported
(the ratings start afresh); entries that cannot be used are dropped and named in one warning,
the original is moved aside and the rest written back -- as the score table does.

Names are the score table's (:func:`dame_desktop.store.scores.clean_name`), compared without
case, so "Anna" here is the Anna of the score table and of the new-game dialog.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from dame_desktop.puzzles.rating import Rating, after_puzzle
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
from dame_desktop.store.scores import NAME_MAX, clean_name
from dame_desktop.store.settings import Loaded, load_json_file, load_locked

log = logging.getLogger(__name__)

RATINGS_FILE = "puzzles.json"
RATINGS_FORMAT = "dame-puzzle-ratings"
RATINGS_VERSION = 1
RECENT = 300  # puzzle ids kept per member and rule set (not offered again soon)
MAX_ENTRIES = 2_000
MAX_PERSONAL = 500  # personal puzzles kept per member
MAX_COUNT = 10**9
FILE_LIMIT = 8 * 1024 * 1024
_TEXT_MAX = 400


@dataclass(frozen=True)
class MemberRating:
    """One member's standing in one rule set."""

    rating: Rating = field(default_factory=Rating)
    solved: int = 0
    failed: int = 0
    best_run: int = 0  # puzzles solved in the best timed run
    recent: tuple[str, ...] = ()  # the puzzles played last, newest last
    hinted: int = 0  # solved after a hint (rated as half a win)


@dataclass(frozen=True)
class PersonalPuzzle:
    """A position of the member's own game where they went wrong, with the better move."""

    id: str
    rules: str
    fen: str
    solution: tuple[str, ...]
    source: str  # the game and the move, in words the window shows

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "rules": self.rules,
            "fen": self.fen,
            "solution": list(self.solution),
            "source": self.source,
        }


def _key(name: str) -> str:
    return clean_name(name).casefold()


class PuzzleRatings:
    """Every member's ratings and personal puzzles (see the module docstring)."""

    def __init__(self) -> None:
        # (name key, rules key) -> (name as written, rules key, rating)
        self._ratings: dict[tuple[str, str], tuple[str, MemberRating]] = {}
        self._personal: dict[str, tuple[str, list[PersonalPuzzle]]] = {}

    def get(self, name: str, rules: str) -> MemberRating:
        entry = self._ratings.get((_key(name), rules))
        return entry[1] if entry is not None else MemberRating()

    def names(self) -> list[str]:
        """Every member with a rating or personal puzzles, in the order first stored."""
        seen: dict[str, str] = {}
        for (key, _rules), (name, _r) in self._ratings.items():
            seen.setdefault(key, name)
        for key, (name, _p) in self._personal.items():
            seen.setdefault(key, name)
        return list(seen.values())

    def rules_of(self, name: str) -> list[str]:
        """The rule sets ``name`` has a rating in."""
        key = _key(name)
        return [rules for (k, rules) in self._ratings if k == key]

    def record(
        self, name: str, rules: str, puzzle_id: str, puzzle_rating: float, score: float
    ) -> tuple[MemberRating, MemberRating]:
        """Count one attempt (``score`` 1 or True solved, 0 or False failed, 0.5 solved after
        a hint); the member's standing before and after."""
        name = _checked_name(name)
        before = self.get(name, rules)
        new, _puzzle = after_puzzle(before.rating, Rating(float(puzzle_rating), 80.0), score)
        new = Rating.from_json(new.to_json())  # as stored: the same after a reload
        recent = tuple(r for r in before.recent if r != puzzle_id)[-(RECENT - 1) :] + (puzzle_id,)
        after = replace(
            before,
            rating=new,
            solved=before.solved + (score >= 1),
            failed=before.failed + (score <= 0),
            hinted=before.hinted + (0 < score < 1),
            recent=recent,
        )
        self._put(name, rules, after)
        return before, after

    def record_run(self, name: str, rules: str, solved: int) -> bool:
        """A timed run ended with ``solved`` puzzles; True when that is a new best."""
        name = _checked_name(name)
        before = self.get(name, rules)
        if solved <= before.best_run:
            return False
        self._put(name, rules, replace(before, best_run=solved))
        return True

    def _put(self, name: str, rules: str, rating: MemberRating) -> None:
        key = (_key(name), rules)
        old = self._ratings.get(key)
        self._ratings[key] = (old[0] if old is not None else name, rating)

    # -- personal puzzles ----------------------------------------------------------------------

    def personal(self, name: str) -> list[PersonalPuzzle]:
        entry = self._personal.get(_key(name))
        return list(entry[1]) if entry is not None else []

    def add_personal(self, name: str, puzzles: list[PersonalPuzzle]) -> int:
        """Add personal puzzles (those already there are skipped); how many were new."""
        name = _checked_name(name)
        key = _key(name)
        stored_name, stored = self._personal.get(key, (name, []))
        known = {p.id for p in stored}
        new = [p for p in puzzles if p.id not in known]
        stored = (stored + new)[-MAX_PERSONAL:]
        self._personal[key] = (stored_name, stored)
        return len(new)

    # -- storing -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        return {
            "format": RATINGS_FORMAT,
            "version": RATINGS_VERSION,
            "ratings": [
                {
                    "name": name,
                    "rules": rules,
                    **rating.rating.to_json(),
                    "solved": rating.solved,
                    "failed": rating.failed,
                    "best_run": rating.best_run,
                    "hinted": rating.hinted,
                    "recent": list(rating.recent),
                }
                for (_key_, rules), (name, rating) in self._ratings.items()
            ],
            "personal": [
                {"name": name, "puzzles": [p.to_json() for p in puzzles]}
                for name, puzzles in self._personal.values()
            ],
        }


# -- reading the file --------------------------------------------------------------------------


class _Invalid(Exception):
    """A stored entry that cannot be used; the message says why."""


def _checked_name(name: str) -> str:
    cleaned = clean_name(name)
    if not cleaned:
        raise ValueError("a member's name is empty")
    if len(cleaned) > NAME_MAX:
        raise ValueError(f"a member's name is longer than {NAME_MAX} characters")
    return cleaned


def _name(data: Mapping[str, object]) -> str:
    value = data.get("name")
    if not isinstance(value, str):
        raise _Invalid("'name' must be text")
    try:
        return _checked_name(value)
    except ValueError as exc:
        raise _Invalid(str(exc)) from None


def _count(data: Mapping[str, object], name: str) -> int:
    value = data.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise _Invalid(f"{name!r} must be a whole number from 0 to {MAX_COUNT}")
    return value


def _text(data: Mapping[str, object], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value or len(value) > _TEXT_MAX:
        raise _Invalid(f"{name!r} must be text of 1 to {_TEXT_MAX} characters")
    return value


def _texts(data: Mapping[str, object], name: str, limit: int) -> tuple[str, ...]:
    value = data.get(name, [])
    if (
        not isinstance(value, list)
        or len(value) > limit
        or not all(isinstance(v, str) and 0 < len(v) <= _TEXT_MAX for v in value)
    ):
        raise _Invalid(f"{name!r} must be a list of at most {limit} texts")
    return tuple(value)


def _rating(data: object) -> tuple[str, str, MemberRating]:
    if not isinstance(data, Mapping):
        raise _Invalid("expected an object")
    name = _name(data)
    rules = _text(data, "rules")
    try:
        rating = Rating.from_json(dict(data))
    except ValueError as exc:
        raise _Invalid(str(exc)) from None
    if not 0 < rating.rating < 5000 or rating.deviation > 1000 or rating.volatility > 1:
        raise _Invalid("the rating is out of range")
    return (
        name,
        rules,
        MemberRating(
            rating,
            _count(data, "solved"),
            _count(data, "failed"),
            _count(data, "best_run"),
            _texts(data, "recent", RECENT),
            _count(data, "hinted"),  # absent in files of older versions: 0
        ),
    )


def _personal(data: object) -> PersonalPuzzle:
    if not isinstance(data, Mapping):
        raise _Invalid("a personal puzzle must be an object")
    solution = _texts(data, "solution", 40)
    if not solution:
        raise _Invalid("a personal puzzle needs its solution")
    return PersonalPuzzle(
        _text(data, "id"),
        _text(data, "rules"),
        _text(data, "fen"),
        solution,
        data.get("source", "") if isinstance(data.get("source", ""), str) else "",
    )


@dataclass(frozen=True)
class _Parsed:
    table: PuzzleRatings
    broken: str = ""
    newer: int = 0
    dropped: tuple[ResetValue, ...] = ()
    dropped_count: int = 0


def _parse(data: object) -> _Parsed:
    table = PuzzleRatings()
    if not isinstance(data, dict):
        return _Parsed(table, f"expected a JSON object of ratings, found {type(data).__name__}")
    if data.get("format") != RATINGS_FORMAT:
        return _Parsed(
            table, f"this is not a puzzle ratings file ('format' is not {RATINGS_FORMAT!r})"
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        return _Parsed(table, "'version' must be a positive whole number")
    ratings = data.get("ratings", [])
    personal = data.get("personal", [])
    if not isinstance(ratings, list) or not isinstance(personal, list):
        return _Parsed(table, "'ratings' and 'personal' must be lists")
    dropped: list[ResetValue] = []
    count = 0

    def drop(where: str, item: object, reason: str) -> None:
        nonlocal count
        count += 1
        if len(dropped) < 20:
            dropped.append(ResetValue(where, shorten(item), "", reason[:200]))

    for index, item in enumerate(ratings):
        try:
            if index >= MAX_ENTRIES:
                raise _Invalid(f"more than {MAX_ENTRIES} ratings")
            name, rules, rating = _rating(item)
            if (_key(name), rules) in table._ratings:
                raise _Invalid(f"{name!r} has two ratings for {rules!r}")
            table._put(name, rules, rating)
        except _Invalid as exc:
            drop(f"ratings[{index}]", item, str(exc))
    for index, item in enumerate(personal[:MAX_ENTRIES]):
        try:
            if not isinstance(item, Mapping):
                raise _Invalid("expected an object with 'name' and 'puzzles'")
            name = _name(item)
            puzzles = item.get("puzzles", [])
            if not isinstance(puzzles, list):
                raise _Invalid("'puzzles' must be a list")
            kept: list[PersonalPuzzle] = []
            for number, puzzle in enumerate(puzzles[:MAX_PERSONAL]):
                try:
                    kept.append(_personal(puzzle))
                except _Invalid as exc:
                    drop(f"personal[{index}].puzzles[{number}]", puzzle, str(exc))
            table.add_personal(name, kept)
        except _Invalid as exc:
            drop(f"personal[{index}]", item, str(exc))
    newer = version if version > RATINGS_VERSION else 0
    return _Parsed(table, newer=newer, dropped=tuple(dropped), dropped_count=count)


def ratings_from_json(
    data: object, path: PathArg = RATINGS_FILE
) -> tuple[PuzzleRatings, list[StorageWarning], bool]:
    """The ratings from decoded JSON, the warnings, and whether entries were dropped; never
    raises."""
    source = Path(path)
    try:
        parsed = _parse(data)
    except Exception as exc:
        log.exception("reading the puzzle ratings failed")
        parsed = _Parsed(PuzzleRatings(), f"unexpected {type(exc).__name__}: {exc}")
    if parsed.broken:
        return (
            parsed.table,
            [
                StorageWarning(
                    WarningKind.DAMAGED,
                    source,
                    parsed.broken,
                    file=StoreFile.OTHER,
                    damage=Damage.WRONG_SHAPE,
                )
            ],
            True,
        )
    warnings: list[StorageWarning] = []
    if parsed.newer:
        warnings.append(
            StorageWarning(
                WarningKind.NEWER_VERSION,
                source,
                f"written by a newer Dame (version {parsed.newer}, this one reads "
                f"{RATINGS_VERSION}); what it does not know is ignored",
                file=StoreFile.OTHER,
            )
        )
    if parsed.dropped_count:
        warnings.append(
            StorageWarning(
                WarningKind.ENTRIES_DROPPED,
                source,
                f"{parsed.dropped_count} entries could not be used and were dropped",
                file=StoreFile.OTHER,
                values=parsed.dropped,
            )
        )
    return parsed.table, warnings, bool(parsed.dropped_count)


def ratings_path(directory: PathArg | None = None) -> Path:
    return data_dir(directory) / RATINGS_FILE


def load_ratings(
    directory: PathArg | None = None, *, timeout: float = LOCK_TIMEOUT
) -> Loaded[PuzzleRatings]:
    """Read the ratings; never raises.  A missing file: no ratings.  A damaged file is moved
    aside (``puzzles.json.damaged-<timestamp>``) and reported; entries that cannot be used
    are left out, named in one warning, and the rest is written back.  An existing file is
    read under the update lock (:func:`~dame_desktop.store.locking.locked_read`)."""
    path = ratings_path(directory)
    return load_locked(
        path,
        StoreFile.OTHER,
        PuzzleRatings(),
        lambda: load_json_file(
            path,
            StoreFile.OTHER,
            FILE_LIMIT,
            PuzzleRatings(),
            lambda data: ratings_from_json(data, path),
            WarningKind.ENTRIES_DROPPED,
            lambda table: save_ratings(table, directory),
        ),
        timeout,
    )


def save_ratings(table: PuzzleRatings, directory: PathArg | None = None) -> Path:
    """Write ``table`` atomically; raises StorageError naming the file."""
    path = ratings_path(directory)
    write_json(path, table.to_json())
    return path


@dataclass(frozen=True)
class RatingsUpdate:
    table: PuzzleRatings
    answer: object
    warnings: tuple[StorageWarning, ...] = ()


def update_ratings(
    change: Callable[[PuzzleRatings], object],
    directory: PathArg | None = None,
    *,
    timeout: float = LOCK_TIMEOUT,
) -> RatingsUpdate:
    """Change the stored ratings as one step among several programs: under the update lock,
    read the file as it is now, apply ``change`` (returning False: nothing to write) and
    write it back.  Raises StorageError naming the file when it cannot be written."""
    warnings: list[StorageWarning] = []

    def load() -> PuzzleRatings:
        loaded = load_ratings(directory)
        warnings.extend(loaded.warnings)
        return loaded.value

    table, answer = locked_update(
        ratings_path(directory),
        load,
        change,
        lambda table: save_ratings(table, directory),
        timeout=timeout,
    )
    return RatingsUpdate(table, answer, tuple(warnings))
