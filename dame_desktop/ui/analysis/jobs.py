"""Background reviews for the dialogs: one game in a thread, a whole file over processes.

Both jobs run in a :class:`QThread` of their own (``run`` overridden), report through queued
signals and never touch the window's objects: the game job gets a copy of the main line
(:func:`~dame_desktop.engines.review.line_of`, taken in the GUI thread), the file job the
games' PDN texts.  What they find is handed back as data; the dialogs write it into the
tree (in the GUI thread) only when the job has finished -- a cancelled job leaves nothing.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal

from ...ai.search import Limit
from ...core import Move, Position
from ...engines import (
    BuiltinEngine,
    Engine,
    EngineError,
    GameReview,
    ReviewCancelled,
    review_line,
)
from ...engines.batch import GameResult, GameTask, review_tasks
from ...engines.faults import Fault, FaultKind
from ..engine_thread import CollectorPause, gentle_stop
from .runner import EngineFactory, builtin_factory, free_gently, release_gently

log = logging.getLogger(__name__)


class _Thread(QThread):
    def __init__(self, job: _Job) -> None:
        super().__init__()
        self._job = job

    def run(self) -> None:
        self._job._work()


class _Job(QObject):
    """The common part: a thread, a stop event, the outcome signals."""

    progress = Signal(int, int)  # done, total
    failed = Signal(str)  # the job could not be done (nothing was written)
    cancelled = Signal()
    engine_failed = Signal(object)  # the chosen engine's Fault; the built-in one went on

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stop = threading.Event()
        self._collector = CollectorPause()
        self._thread = _Thread(self)
        self._thread.finished.connect(self._collector.resume)
        app = QCoreApplication.instance()
        if app is not None:  # the program ends: stop the review rather than abort
            app.aboutToQuit.connect(self.wait)

    @property
    def worker_thread(self) -> QThread:
        return self._thread

    #: the engine searches in this process (not in worker processes)
    searches_here = True

    def start(self) -> None:
        if self.searches_here:
            self._collector.pause()  # resumed when the thread has finished
        self._thread.start()

    def cancel(self) -> None:
        """Ask the job to stop; ``cancelled`` follows (unless it had just finished)."""
        self._stop.set()

    def is_running(self) -> bool:
        return bool(self._thread.isRunning())

    def wait(self, timeout_ms: int = 10_000) -> bool:
        """Cancel and wait for the thread (a dialog that closes calls it)."""
        self.cancel()
        return bool(self._thread.wait(timeout_ms))

    def _work(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class GameReviewJob(_Job):
    """Review one line (``review_line``) with an engine from the factory."""

    done = Signal(object)  # GameReview

    def __init__(
        self,
        start: Position,
        moves: Sequence[Move],
        limit: Limit,
        engine_factory: EngineFactory | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._start = start
        self._moves = tuple(moves)
        self._limit = limit
        self._factory = engine_factory or builtin_factory

    def _work(self) -> None:
        engine: Engine | None = None
        try:
            try:
                engine = self._factory(self._start.rules)
                review = self._review(engine)
            except EngineError as exc:
                if isinstance(engine, BuiltinEngine):
                    raise
                self.engine_failed.emit(exc.fault)
                if engine is not None:
                    engine.close()
                engine = builtin_factory(self._start.rules)
                review = self._review(engine)
        except ReviewCancelled:
            self.cancelled.emit()
            return
        except Exception as exc:  # a message rather than a silent thread
            log.exception("the game review failed")
            self.failed.emit(str(exc))
            return
        finally:
            if engine is not None:
                release_gently(engine)
                engine.close()
        if self._stop.is_set():
            self.cancelled.emit()
            return
        self.done.emit(review)

    def _review(self, engine: Engine) -> GameReview:
        engine.new_game()
        free_gently(engine)

        def progress(done: int, total: int) -> None:
            free_gently(engine)  # the tables a search set aside, a slice at a time
            self.progress.emit(done, total)

        return review_line(
            self._start,
            self._moves,
            engine,
            self._limit,
            should_stop=gentle_stop(self._stop),
            progress=progress,
        )


class FileReviewJob(_Job):
    """Review many games (``engines.batch.review_tasks``) over ``jobs`` processes.

    ``done(list[GameResult])`` in the tasks' order.  Games whose Hub engine failed are
    reviewed again with the built-in engine (``engine_failed`` says so once).
    """

    done = Signal(object)  # list[GameResult]

    def __init__(
        self, tasks: Sequence[GameTask], jobs: int | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._tasks = list(tasks)
        self._jobs = jobs
        processes = jobs if jobs is not None else (os.cpu_count() or 1)
        self.searches_here = processes <= 1 or len(self._tasks) <= 1

    def _work(self) -> None:
        total = len(self._tasks)
        results: list[GameResult] = []
        try:
            for result in review_tasks(self._tasks, self._jobs, gentle_stop(self._stop)):
                results.append(result)
                self.progress.emit(len(results), total)
            fatal = [i for i, r in enumerate(results) if r.fatal is not None]
            if fatal:
                first = results[fatal[0]]
                self.engine_failed.emit(
                    first.fault or Fault.of(FaultKind.OTHER, message=first.fatal)
                )
                again = [_without_engine(self._tasks[i]) for i in fatal]
                redone = list(review_tasks(again, self._jobs, gentle_stop(self._stop)))
                for i, result in zip(fatal, redone, strict=True):
                    results[i] = result
        except ReviewCancelled:
            self.cancelled.emit()
            return
        except Exception as exc:
            log.exception("the file review failed")
            self.failed.emit(str(exc))
            return
        if self._stop.is_set():
            self.cancelled.emit()
            return
        self.done.emit(results)


def _without_engine(task: GameTask) -> GameTask:
    return GameTask(
        task.index,
        task.text,
        task.first_line,
        task.rules,
        task.movetime,
        task.depth,
        None,
        task.write,
    )
