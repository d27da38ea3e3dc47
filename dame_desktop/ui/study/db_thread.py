"""The game database off the GUI thread: a worker thread that opens libraries and asks them.

A :class:`DbThread` runs jobs (``job(library) -> answer``) on a :class:`Library` of some PDN
files in its own thread.  Opening a library indexes files that have no index yet (reporting
``progress``); a library stays open for the next job on the same files.  Every job carries a
number: ``answered(number, answer)`` says which question an answer belongs to, so a panel
that moved on drops stale answers, and a job overtaken by a newer one of the same client
before it started is skipped altogether (a fast walk through a game asks only for the
position where it stops).

The database modules are imported inside the functions: the window imports this module at
start, and indexing code is not needed until the first question.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThread, Signal, Slot

from dame_desktop.core import RuleSet

if TYPE_CHECKING:
    from dame_desktop.db.library import Library

Job = Callable[["Library"], object]


class _Worker(QObject):
    progress = Signal(int, str, int, int)  # job number, file name, bytes read, file size
    answered = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self.latest = 0  # the newest job number asked (written by the GUI thread)
        self.cancelled = threading.Event()
        self._libraries: dict[tuple[tuple[str, ...], RuleSet | None], Library] = {}

    @Slot(int, object, object, object)
    def run(self, number: int, paths: tuple[str, ...], rules: RuleSet | None, job: Job) -> None:
        if number < self.latest:
            return  # a newer question came before this one started
        if self.cancelled.is_set():
            self.failed.emit(number, "")
            return
        from dame_desktop.db.index import IndexCancelled
        from dame_desktop.db.library import Library
        from dame_desktop.pdn.problems import NotPdnError

        key = (paths, rules)
        library = self._libraries.get(key)
        if library is None:
            # the game list's index when there is one, whatever its default rule set
            library = Library(list(paths), rules, any_default=True)

        def report(file: int, done: int, total: int) -> None:
            self.progress.emit(number, paths[file], done, total)

        try:
            library.open(report, self.cancelled.is_set)
            self._libraries[key] = library
            answer = job(library)
        except IndexCancelled:
            self.failed.emit(number, "")
            return
        except NotPdnError as exc:
            self.failed.emit(number, exc.message)
            return
        except OSError as exc:
            self.failed.emit(number, f"{exc.filename or ''}: {exc.strerror or exc}")
            return
        except Exception as exc:  # a damaged index or file must not end the thread
            self.failed.emit(number, str(exc) or type(exc).__name__)
            return
        self.answered.emit(number, answer)

    def close(self) -> None:
        for library in self._libraries.values():
            library.close()
        self._libraries.clear()


class DbThread(QObject):
    """A worker thread for one client (a panel or a dialog); see the module docstring."""

    progress = Signal(int, str, int, int)
    answered = Signal(int, object)
    failed = Signal(int, str)
    _ask = Signal(int, object, object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.number = 0
        self._thread = QThread()
        self._thread.setObjectName("dbThread")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._ask.connect(self._worker.run)
        self._worker.progress.connect(self.progress)
        self._worker.answered.connect(self.answered)
        self._worker.failed.connect(self.failed)
        self._thread.start()

    def ask(self, paths: Sequence[str], rules: RuleSet | None, job: Job) -> int:
        """Queue ``job`` on the library of ``paths``; returns its number."""
        self.number += 1
        self._worker.latest = self.number
        self._worker.cancelled.clear()
        self._ask.emit(self.number, tuple(paths), rules, job)
        return self.number

    def cancel(self) -> None:
        """Stop an indexing under way (the job answers ``failed`` with no text)."""
        self._worker.cancelled.set()

    def shutdown(self) -> None:
        self._worker.cancelled.set()
        self._thread.quit()
        self._thread.wait()
        self._worker.close()
