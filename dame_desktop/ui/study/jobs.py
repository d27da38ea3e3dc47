"""Long work on a file in a real thread: indexing, checking every game, finding duplicates.

A :class:`BackgroundJob` runs one Qt-free function in its own :class:`QThread`.  The function
gets ``progress(done, total)`` and ``cancelled()``; the job reports progress, the result, a
failure or the cancellation back in the window's thread by signals.  :meth:`cancel` asks the
function to stop (it checks between games); :meth:`stop` cancels and waits for the thread,
which the window does when it closes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

Work = Callable[[Callable[[int, int], None], Callable[[], bool]], Any]


class Cancelled(Exception):
    """Raised by a job's function that saw ``cancelled()`` come true."""


class _Worker(QObject):
    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(object)
    cancelled = Signal()

    def __init__(self, work: Work, stop: threading.Event) -> None:
        super().__init__()
        self.work = work
        self.stop = stop

    @Slot()
    def run(self) -> None:
        try:
            result = self.work(self.progress.emit, self.stop.is_set)
        except Cancelled:
            self.cancelled.emit()
        except BaseException as exc:  # reported in the window, never lost in the thread
            if self.stop.is_set():
                self.cancelled.emit()
            else:
                self.failed.emit(exc)
        else:
            if self.stop.is_set():
                self.cancelled.emit()
            else:
                self.done.emit(result)


class BackgroundJob(QObject):
    """One function run in a thread of its own (see the module docstring)."""

    progress = Signal(int, int)  # done, total
    done = Signal(object)  # the function's result
    failed = Signal(object)  # the exception
    cancelled = Signal()
    finished = Signal()  # after any of the three above; the thread has ended

    def __init__(self, work: Work, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stop = threading.Event()
        self.worker_thread = QThread()
        self.worker_thread.setObjectName("dameFileJob")
        self.worker = _Worker(work, self._stop)
        self.worker.moveToThread(self.worker_thread)
        self.worker_thread.started.connect(self.worker.run)
        self.worker.progress.connect(self.progress)
        self.worker.done.connect(self._on_done)
        self.worker.failed.connect(self._on_failed)
        self.worker.cancelled.connect(self._on_cancelled)
        self.running = False
        self.outcome = ""  # "done", "failed" or "cancelled" once finished

    def start(self) -> None:
        self.running = True
        self.worker_thread.start()

    def cancel(self) -> None:
        self._stop.set()

    def stop(self) -> None:
        """Cancel and wait until the thread has ended."""
        self._stop.set()
        if self.worker_thread.isRunning():
            self.worker_thread.quit()
            self.worker_thread.wait()
        self.running = False

    def _end(self, outcome: str) -> None:
        self.outcome = outcome
        self.worker_thread.quit()
        self.worker_thread.wait()
        self.running = False

    def _on_done(self, result: object) -> None:
        self._end("done")
        self.done.emit(result)
        self.finished.emit()

    def _on_failed(self, exc: object) -> None:
        self._end("failed")
        self.failed.emit(exc)
        self.finished.emit()

    def _on_cancelled(self) -> None:
        self._end("cancelled")
        self.cancelled.emit()
        self.finished.emit()
