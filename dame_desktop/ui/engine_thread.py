"""The one way the window runs engine work off the GUI thread: one thread, a handle per request.

An :class:`EngineLane` (GUI thread) owns a :class:`DispatchWorker` moved to a
:class:`QThread`; each kind of request is answered by the :class:`LaneWorker` that
:meth:`EngineLane.serve` gave it (play's, the analysis panel's).  ``lane.submit(request)``
gives the request its id and a stop event, queues it to the worker and returns a
:class:`Handle`: the one who asked listens to that handle's own signals --
``done(answer)``, ``failed(Fault)``, and ``progress(update)`` for work that reports as it
goes (analysis lines) -- so no answer is broadcast and nobody filters answers by type or id.
``handle.cancel()`` sets the stop event (the search polls it) and forgets the request: what
the worker still sends for it is dropped, so a stale answer (for a position no longer shown)
never arrives.

The worker side is written once here too: :func:`gentle_stop` (the stop flag that hands the
interpreter lock to the GUI thread every few milliseconds -- the search shares the GIL with
the window), the collector's rest while a search runs, and the report of an exception as a
fault.  A background request (the panel's lines, which run until stopped) gives way to
every other request and runs again after it (:class:`EngineLane`).  A lane is closed once:
cancel everything, quit the thread's event loop, wait for it (never ``terminate()``), then
close what its workers hold.

:mod:`~dame_desktop.ui.ai_worker` (play: moves, hints, scores, draw offers, huffing) owns
the window's lane; :mod:`~dame_desktop.ui.analysis.runner` (the panel's lines) serves its
requests on it.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..engines.faults import Fault, FaultKind

log = logging.getLogger(__name__)

YIELD_EVERY = 0.002
"""Seconds between the worker's hand-overs of the interpreter lock to the GUI thread."""

StopFlag = Callable[[], bool]
Progress = Callable[[object], None]


def gentle_stop(event: threading.Event) -> StopFlag:
    """A stop flag for a search that also lets the GUI thread run every few ms.

    The search holds the interpreter lock; a zero sleep every :data:`YIELD_EVERY` seconds
    gives a waiting GUI thread the lock at once instead of after the full switch interval.
    """
    if YIELD_EVERY <= 0:
        return event.is_set
    last = [time.perf_counter()]
    clock = time.perf_counter
    sleep = time.sleep

    def should_stop() -> bool:
        now = clock()
        if now - last[0] >= YIELD_EVERY:
            last[0] = now
            sleep(0)
        return event.is_set()

    return should_stop


class CollectorPause:
    """Rest Python's cyclic garbage collector while engine work runs (GUI thread only).

    A search allocates hundreds of thousands of table entries; with the collector on, a
    collection walks them and holds the interpreter lock for 50-260 ms (a stall after each
    change of position).  The search makes no reference cycles, so the collector rests while
    the work runs.  :meth:`resume` first calls ``gc.freeze()``: every object alive then (the
    engine's kept tables among them) leaves the collector's generations, so the next
    collections only look at newer objects.  Frozen objects are still freed by reference
    counting; only a reference cycle made while the collector rested stays uncollected.
    """

    def __init__(self) -> None:
        self.paused = False

    def pause(self) -> None:
        if not self.paused and gc.isenabled():
            gc.disable()
            self.paused = True

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            gc.freeze()
            gc.enable()


class Handle(QObject):
    """One submitted request, seen from the GUI thread.

    ``done(answer)`` once with the answer (for analysis lines: the final update, or None when
    there was none); ``failed(Fault)`` once instead when the work raised; ``progress(update)``
    for each update on the way.  Nothing comes after :meth:`cancel`.  A background request
    (analysis lines) may be run more than once: it gives way to every other request and
    starts again after it (see :class:`EngineLane`); its handle stays the same.
    """

    done = Signal(object)
    failed = Signal(object)  # Fault
    progress = Signal(object)

    def __init__(
        self,
        lane: EngineLane,
        request_id: int,
        request: Any,
        stop: threading.Event,
        background: bool = False,
    ) -> None:
        super().__init__(lane)
        self.id = request_id
        self.request = request
        self.background = background
        self._lane = lane
        self._stop = stop  # the current run's
        self._run = request_id  # the current run's id (the request's own for its first run)

    @property
    def live(self) -> bool:
        """Still wanted: neither answered, failed nor cancelled."""
        return self._lane.handle(self.id) is self

    def cancel(self) -> None:
        """Stop the work soon and drop whatever it still sends."""
        self._stop.set()
        self._lane.forget(self)


class LaneWorker(QObject):
    """The worker side: runs one request after the other in the lane's thread.

    A subclass answers in :meth:`answer`; ``progress`` sends an update on the way.  The
    lane's own worker is a :class:`DispatchWorker`, which hands each request to the worker
    that serves its kind (:meth:`EngineLane.serve`); a worker can also be run directly
    (:meth:`run`, its own signals).  The signals carry the run's id.
    """

    answered = Signal(int, object)  # run id, answer
    progressed = Signal(int, object)  # run id, update
    failed = Signal(int, object)  # run id, Fault
    ended = Signal(int)  # run id: the worker is done with it (answered, failed or skipped)

    #: rest the garbage collector while a request runs (one search's tables, see above)
    rest_collector = True

    @Slot(int, object, object)
    def run(self, run_id: int, request: object, stop: threading.Event) -> None:
        try:
            if not stop.is_set():  # cancelled, or gave way, before it started: skipped
                self._run(run_id, request, stop)
        finally:
            self.ended.emit(run_id)

    def _run(self, run_id: int, request: object, stop: threading.Event) -> None:
        should_stop = gentle_stop(stop)
        collecting = self.rests_collector(request) and gc.isenabled()
        if collecting:
            gc.disable()
        try:
            answer = self.answer(
                request, should_stop, lambda update: self.progressed.emit(run_id, update)
            )
        except Exception as exc:  # the GUI must hear about it rather than wait forever
            log.exception("engine request %s failed", run_id)
            self.failed.emit(
                run_id, Fault.of(FaultKind.OTHER, message=f"{type(exc).__name__}: {exc}")
            )
            return
        finally:
            if collecting:
                gc.enable()
        self.answered.emit(run_id, answer)

    def rests_collector(self, request: object) -> bool:
        return self.rest_collector

    def answer(self, request: object, should_stop: StopFlag, progress: Progress) -> object:
        raise NotImplementedError


class DispatchWorker(LaneWorker):
    """The lane's worker: each request answered by the worker that serves its kind."""

    def __init__(self) -> None:
        super().__init__()
        self._served: list[tuple[type | tuple[type, ...], LaneWorker]] = []

    def serve(self, kinds: type | tuple[type, ...], worker: LaneWorker) -> None:
        self._served.append((kinds, worker))

    def worker_for(self, request: object) -> LaneWorker:
        for kinds, worker in self._served:
            if isinstance(request, kinds):
                return worker
        raise TypeError(f"no engine worker serves {type(request).__name__}")

    def rests_collector(self, request: object) -> bool:
        served = [w for kinds, w in self._served if isinstance(request, kinds)]
        return served[0].rests_collector(request) if served else False  # answer() fails it

    def answer(self, request: object, should_stop: StopFlag, progress: Progress) -> object:
        return self.worker_for(request).answer(request, should_stop, progress)


@dataclass(frozen=True)
class WorkerCall:
    """Work for the engine thread itself (start or stop an engine): it runs there in turn,
    so a running analysis gives way to it as to any request (:meth:`EngineLane.call`)."""

    run: Callable[[], object]


class _CallWorker(LaneWorker):
    rest_collector = False

    def answer(self, request: object, should_stop: StopFlag, progress: Progress) -> object:
        assert isinstance(request, WorkerCall)
        return request.run()


class EngineLane(QObject):
    """The GUI thread's side of the engine thread: submit, cancel, close (see the module).

    One thread, one request at a time.  A background request (the analysis panel's lines,
    which run until stopped) gives way: when another request is submitted, the running
    background run is stopped (its answer and updates are dropped), the new request goes
    first and the background request starts again after it, with the same handle.
    """

    answered = Signal(object, object)  # Handle, answer: every answer handed to its handle
    submitted = Signal(object)  # every request, as it is queued (observers: what is asked)
    _submit = Signal(int, object, object)  # run id, request, stop event

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._next_id = 0
        self._live: dict[int, Handle] = {}  # request id -> handle
        self._runs: dict[int, Handle] = {}  # run id -> handle, for the runs still wanted
        self._held: list[Handle] | None = None
        self._after_close: list[Callable[[], None]] = []
        self._closed = False
        self.worker = DispatchWorker()
        self._thread = QThread()
        self._thread.setObjectName(name)
        self.worker.moveToThread(self._thread)
        self._submit.connect(self.worker.run)
        self.worker.answered.connect(self._on_answered)
        self.worker.progressed.connect(self._on_progressed)
        self.worker.failed.connect(self._on_failed)
        self._thread.finished.connect(self.worker.deleteLater)
        self._thread.start()
        self.serve(WorkerCall, _CallWorker())

    def serve(
        self,
        kinds: type | tuple[type, ...],
        worker: LaneWorker,
        after_close: Callable[[], None] | None = None,
    ) -> None:
        """Let ``worker`` answer the requests of ``kinds`` in this lane's thread (it moves
        there: its own slots run there too); ``after_close`` runs once the thread has ended
        (e.g. close the worker's engines: nothing else uses them then)."""
        worker.moveToThread(self._thread)
        self.worker.serve(kinds, worker)
        if after_close is not None:
            self._after_close.append(after_close)

    @property
    def worker_thread(self) -> QThread:
        return self._thread

    @property
    def closed(self) -> bool:
        return self._closed

    def submit(
        self,
        request: Any,
        make_request: Callable[[int], Any] | None = None,
        *,
        background: bool = False,
    ) -> Handle:
        """Queue ``request`` (or what ``make_request(id)`` makes: a request that carries its
        id); returns its handle.  ``background``: it gives way to every other request."""
        if self._closed:
            raise RuntimeError("the engine thread is closed")
        self._next_id += 1
        if make_request is not None:
            request = make_request(self._next_id)
        handle = Handle(self, self._next_id, request, threading.Event(), background)
        self._live[handle.id] = handle
        self.submitted.emit(request)
        giving_way = [] if background else self._stop_background()
        self._send(handle)
        for waiting in giving_way:  # after the new request, each with a new run
            self._next_id += 1
            waiting._run, waiting._stop = self._next_id, threading.Event()
            self._send(waiting)
        return handle

    def _stop_background(self) -> list[Handle]:
        """Stop the background runs (running or queued): they start again after the request
        being submitted."""
        stopped = []
        for handle in self._live.values():
            if handle.background:
                handle._stop.set()
                self._runs.pop(handle._run, None)
                stopped.append(handle)
        return stopped

    def _send(self, handle: Handle) -> None:
        self._runs[handle._run] = handle
        if self._held is not None:
            self._held.append(handle)
        else:
            self._submit.emit(handle._run, handle.request, handle._stop)

    def call(self, run: Callable[[], object]) -> Handle:
        """Run ``run`` in the engine thread after what is queued (a slot queued to a worker
        would wait behind a running analysis; this makes the analysis give way)."""
        return self.submit(WorkerCall(run))

    def hold(self) -> None:
        """Keep what is submitted from now on until :meth:`release` (the program's start: the
        window paints before the engine takes the interpreter lock)."""
        if self._held is None:
            self._held = []

    def release(self) -> None:
        """Send the held requests to the worker, in order (a cancelled one is skipped there)."""
        held, self._held = self._held, None
        for handle in held or ():
            if not self._closed:
                self._submit.emit(handle._run, handle.request, handle._stop)

    def handle(self, request_id: int) -> Handle | None:
        return self._live.get(request_id)

    def forget(self, handle: Handle) -> None:
        if self._live.get(handle.id) is handle:
            del self._live[handle.id]
            self._runs.pop(handle._run, None)
            handle.deleteLater()

    def cancel_all(self, kinds: type | tuple[type, ...] = object) -> None:
        """Cancel every request (of ``kinds``: the lane may serve several askers)."""
        for handle in list(self._live.values()):
            if isinstance(handle.request, kinds):
                handle.cancel()

    def busy(self, kinds: type | tuple[type, ...] = object) -> bool:
        """Whether a request (of ``kinds``) is still to be answered."""
        return any(isinstance(h.request, kinds) for h in self._live.values())

    def _take(self, run_id: int) -> Handle | None:
        handle = self._runs.pop(run_id, None)
        if handle is None:
            log.debug("dropping the stale answer of engine run %s", run_id)
            return None
        self._live.pop(handle.id, None)
        return handle

    def _on_answered(self, run_id: int, answer: object) -> None:
        handle = self._take(run_id)
        if handle is not None:
            self.answered.emit(handle, answer)
            handle.done.emit(answer)
            handle.deleteLater()

    def _on_progressed(self, run_id: int, update: object) -> None:
        handle = self._runs.get(run_id)
        if handle is not None:
            handle.progress.emit(update)

    def _on_failed(self, run_id: int, fault: Fault) -> None:
        handle = self._take(run_id)
        if handle is not None:
            handle.failed.emit(fault)
            handle.deleteLater()

    def close(self, timeout_ms: int, before_quit: Callable[[], None] | None = None) -> bool:
        """Cancel everything, end the thread and wait for it.  True when it ended
        (``before_quit`` runs first: e.g. kill an external engine that will not stop; then,
        once it ended, what :meth:`serve` was given to run after the close)."""
        if self._closed:
            return True
        self._closed = True
        if before_quit is not None:
            before_quit()
        self.cancel_all()
        self._thread.quit()
        stopped = bool(self._thread.wait(timeout_ms))
        if not stopped:
            log.warning(
                "the engine thread %s did not stop within %s ms",
                self._thread.objectName(),
                timeout_ms,
            )
            return False
        for after in self._after_close:
            try:
                after()
            except Exception:  # one part that fails to close must not keep the others open
                log.exception("closing after the engine thread failed")
        return True
