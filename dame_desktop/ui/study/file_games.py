"""The game database behind the window's game list: index jobs, the fast check, listings.

:class:`IndexKeeper` keeps the session's game indexes (an index kept in memory because the
cache folder cannot be written lives as long as the window) and builds a missing or stale
one in a :class:`~dame_desktop.ui.study.jobs.BackgroundJob`, one file at a time, with
progress and Cancel.  :func:`check_work` is File › Check every game on the fast replay, and
:func:`listing_of_items` the list of a managed file (its games in their new order).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dame_desktop.core import RuleSet
from dame_desktop.db.listing import IndexRow, Listing, rules_of_tags
from dame_desktop.pdn.document import PdnDocument, _list_tags
from dame_desktop.pdn.problems import PdnProblem
from dame_desktop.ui.study.jobs import BackgroundJob, Cancelled

if TYPE_CHECKING:  # the database (sqlite3) loads when a file is first listed, not at start
    from dame_desktop.db.index import GameIndex
    from dame_desktop.db.tidy import Item


class IndexKeeper(QObject):
    """The session's game indexes, and the one index being built (see the module
    docstring)."""

    progress = Signal(object, int, int)  # path, bytes done, bytes in all
    ready = Signal(object, object)  # path, GameIndex
    failed = Signal(object, str)  # path, why
    cancelled = Signal(object)  # path

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.indexes: dict[Path, GameIndex] = {}
        self.job: BackgroundJob | None = None
        self.building: Path | None = None

    def current(self, path: Path) -> GameIndex | None:
        """The index of ``path`` when it is current (opened, nothing built), else None."""
        from dame_desktop.db.index import GameIndex

        key = path.resolve()
        if self.building == key and self.busy:
            return None  # its thread owns it until the build ends
        index = self.indexes.get(key) or GameIndex(key, any_default=True)
        if index.open_if_current():
            self.indexes[key] = index
            return index
        return None

    def build(self, path: Path) -> None:
        """Build the index of ``path`` in the background (the one being built for another
        file is cancelled: the window shows one file)."""
        from dame_desktop.db.index import GameIndex, IndexCancelled

        key = path.resolve()
        if self.building == key and self.job is not None and self.job.running:
            return
        self.stop()
        index = self.indexes.get(key) or GameIndex(key, any_default=True)
        self.indexes[key] = index

        def work(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> GameIndex:
            try:
                return index.open(progress, cancelled)
            except IndexCancelled:
                raise Cancelled() from None

        job = BackgroundJob(work, self)
        job.progress.connect(lambda done, total: self.progress.emit(key, done, total))
        job.done.connect(lambda result: self._done(key, result))
        job.failed.connect(lambda exc: self.failed.emit(key, _why(exc)))
        job.cancelled.connect(lambda: self.cancelled.emit(key))
        self.job, self.building = job, key
        job.start()

    def _done(self, key: Path, index: object) -> None:
        if index is not None:
            self.ready.emit(key, index)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    @property
    def busy(self) -> bool:
        return self.job is not None and self.job.running

    def stop(self) -> None:
        """Cancel the build under way and wait for its thread."""
        if self.job is not None:
            self.job.stop()
            self.job.deleteLater()
        self.job, self.building = None, None


def _why(exc: object) -> str:
    message = getattr(exc, "message", None) or getattr(exc, "strerror", None)
    return str(message or exc)


def same_ranges(doc: PdnDocument, rows: list[IndexRow]) -> bool:
    """Whether the document cut the file into the same games as the index's ``rows``."""
    entries = doc.entries
    return len(rows) == len(entries) and all(
        r[1] == e.start and r[1] + r[2] == e.end for r, e in zip(rows, entries, strict=True)
    )


@dataclass
class CheckReport:
    """What File › Check every game found: problems per 1-based game, unreadable games."""

    games: int = 0
    problems: list[tuple[int, PdnProblem]] = field(default_factory=list)
    unreadable: set[int] = field(default_factory=set)  # 0-based


def check_work(
    path: Path, rules: RuleSet | None, total: int
) -> Callable[[Callable[[int, int], None], Callable[[], bool]], CheckReport]:
    """The fast replay of every game of ``path`` as a job: ``progress(game, total)``."""

    def work(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> CheckReport:
        from dame_desktop.db.replay import replay_file

        report = CheckReport()
        for game in replay_file(path, rules):
            if cancelled():
                raise Cancelled()
            report.games += 1
            if game.problems:
                report.problems.extend((report.games, p) for p in game.problems)
                if not game.plies:
                    report.unreadable.add(report.games - 1)
            if report.games % 200 == 0:
                progress(report.games, max(total, report.games))
        progress(report.games, max(total, report.games))
        return report

    return work


def item_tags(item: Item) -> dict[str, str]:
    """The list tags of a managed game (its edited version's where it was edited)."""
    doc, index = item.document, item.index
    if index in doc.edited:
        return _list_tags(doc.edited[index])
    if index < len(doc.entries):
        return doc.entries[index].tags
    return _list_tags(doc.added[index - len(doc.entries)])


def listing_of_items(items: Sequence[Item], own: PdnDocument, base: Listing | None) -> Listing:
    """The managed list: game ``i`` is numbered ``i + 1``; the open file's unedited games take
    their row of ``base`` (the file's listing), the others are read from their tags."""
    listing = Listing()
    base_ok = base is not None and len(base) >= len(own.entries)
    for place, item in enumerate(items):
        doc, index = item.document, item.index
        if (
            base_ok
            and base is not None
            and doc is own
            and index < len(own.entries)
            and index not in own.edited
        ):
            listing.numbers.append(place + 1)
            for name in (
                "white",
                "black",
                "event",
                "date",
                "result",
                "rules",
                "keys",
                "kinds",
                "dates",
            ):
                getattr(listing, name).append(getattr(base, name)[index])
            continue
        tags = item_tags(item)
        listing.add(
            place + 1,
            tags,
            rules_of_tags(tags.get("Rules", "").strip(), tags.get("GameType", "").strip()),
        )

    def comments() -> list[str]:
        found = base.comments() if base is not None and base_ok else []
        return [
            found[it.index] if found and it.document is own and it.index < len(found) else ""
            for it in items
        ]

    listing.comment_source = comments
    return listing
