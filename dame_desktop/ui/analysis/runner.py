"""Live analysis off the UI thread, on the window's engine thread (or one of its own).

:class:`AnalysisRunner` lives in the GUI thread.  Given the window's lane (``lane=``), its
requests are background requests there: each gives way to play's requests and runs again
after them; without one it makes a lane of its own.  ``start(position, ...)`` cancels whatever
runs and queues a new request with a fresh id; the worker analyses it with an engine from
the factory and sends :class:`AnalysisUpdate`\\ s (one per finished depth) back through a
queued signal.  The runner forwards an update only while its id is the current one, so a
line computed for another position never reaches the panel -- even when it was already on
its way through the event queue when the position changed.

Iterative analysis: with one line the engine's own iterative deepening reports every
depth (``on_info``); with several lines (multi-PV) the worker runs the search at depth 1,
2, 3, ... with all the lines each time, so every update holds lines of the same depth.  It
ends at ``max_depth``, after ``max_seconds``, when the best line is a forced end within the
horizon, or when stopped.

Engines: ``engine_factory(rules)`` returns a *new* engine for those rules; the worker owns it
(it keeps it while the rules stay the same and closes it when they change or on
:meth:`AnalysisRunner.close`).  When the factory or the engine raises
:class:`~dame_desktop.engines.EngineError` (or an external engine's answer cannot be used),
the worker stops it, says so once (``engine_failed``; ``external_failed`` as well) and the
built-in engine takes over until :meth:`AnalysisRunner.reset_engines`.  A window that gives
one verdict for an engine used in several places sets
:attr:`AnalysisRunner.external_separately`: an external engine's failure then comes only as
``external_failed`` (the window tells the user), ``engine_failed`` only for the rest.

The thread is never terminated: :meth:`AnalysisRunner.close` cancels, quits the thread's
event loop and waits for it (a shared thread is closed by its owner, ``AiClient.close``).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal, Slot

from ...ai.search import Limit, SearchMemory
from ...core import Position, RuleSet
from ...engines import Analysis, BuiltinEngine, Engine, EngineError
from ...engines.faults import Fault, FaultKind
from ..engine_thread import (
    CollectorPause,
    EngineLane,
    Handle,
    LaneWorker,
    Progress,
    StopFlag,
)

log = logging.getLogger(__name__)

EngineFactory = Callable[[RuleSet], Engine]
"""Makes a new engine for a rule set (the caller owns it and closes it)."""

MAX_DEPTH = 64
MAX_SECONDS = 120.0
"""An "infinite" analysis of one position stops after this long (spares the CPU)."""


def builtin_factory(rules: RuleSet) -> Engine:
    """The default factory: Dame's own engine for every rule set (its dropped tables are set
    aside for the worker to free gently, see :func:`free_gently`)."""
    return BuiltinEngine(SearchMemory(keep_dropped=True))


def hub_factory(path: str, args: Sequence[str] = ("hub",)) -> EngineFactory:
    """A factory that uses the Hub engine at ``path`` for the rule sets it declares and the
    built-in engine for every other one (the issue's rule: German house rules, English, ...
    are the built-in engine's).  A Hub engine that fails to start raises EngineError from
    the factory; the runner then reports it once and carries on with the built-in engine.
    """

    def make(rules: RuleSet) -> Engine:
        from ...engines import HubEngine

        engine = HubEngine(path, args)
        if engine.supports(rules):
            return engine
        engine.close()
        return builtin_factory(rules)

    return make


IDLE_FREE_MS = 1000
"""A stopped request's tables are freed at the next request's start, or this long after the
stop when none followed (freeing at once would compete with the repaint of the change)."""
FREE_PAUSE = 0.0005
"""Seconds the worker rests between slices of freeing (see :func:`free_gently`)."""


def free_gently(engine: Engine, slice_size: int = 20_000) -> None:
    """Empty the tables a built-in engine set aside, a slice at a time.

    Freeing a transposition table of a few hundred thousand entries in one go holds the
    interpreter lock for 50-120 ms, which the window would feel; between slices the GUI
    thread gets the lock.
    """
    memory = getattr(engine, "memory", None)
    if not isinstance(memory, SearchMemory):
        return
    while memory.free_dropped(slice_size):
        # a real pause, not sleep(0): after sleep(0) this thread takes the lock straight
        # back, and a waiting GUI thread gets it only when its switch interval (5 ms) runs
        # out -- for each Python call of a repaint (measured: 40-90 ms late ticks)
        time.sleep(FREE_PAUSE)


@dataclass(frozen=True)
class LinesRequest:
    """One position to analyse: its best ``lines``, deeper and deeper (see the module)."""

    position: Position
    history: tuple[Position, ...] = ()
    quiet_plies: int = 0
    lines: int = 1
    max_depth: int = MAX_DEPTH
    max_seconds: float | None = MAX_SECONDS
    id: int = 0  # given by the lane


@dataclass(frozen=True)
class AnalysisUpdate:
    """What the engine knows so far about the request's position.

    ``final`` is True for the last update of a request (the analysis ended: limit reached,
    forced result, or stopped).
    """

    request_id: int
    position: Position
    analysis: Analysis
    engine: str
    final: bool = False
    builtin: bool = True  # Dame's own engine (else an external one, named ``engine``)


def release_gently(engine: Engine) -> None:
    """Empty all of a built-in engine's tables gently before it is dropped (dropping them in
    one go would hold the interpreter lock for 50-120 ms)."""
    memory = getattr(engine, "memory", None)
    if isinstance(memory, SearchMemory) and memory.keep_dropped:
        memory.clear()
        free_gently(engine)


class AnalysisWorker(LaneWorker):
    """Analyses the panel's requests one after the other in the lane's thread; each update
    is the request's progress, the final one its answer."""

    engine_failed = Signal(str)  # one line for the user; the built-in engine takes over
    external_failed = Signal(object)  # Fault: an external engine failed and was stopped
    rest_collector = False  # the runner rests it (and freezes what the search kept)

    def __init__(self, factory: EngineFactory) -> None:
        super().__init__()
        self._factory = factory
        self._engine: Engine | None = None
        self._rules: RuleSet | None = None
        self._fallback = False
        self._builtin: BuiltinEngine | None = None
        self.reset_requested = False

    # the engine ------------------------------------------------------------------------------

    def _engine_for(self, rules: RuleSet) -> Engine:
        if self.reset_requested:
            self.reset_requested = False
            self._fallback = False
            self._drop_engine()
        if self._fallback:
            return self._builtin_engine()
        if self._engine is not None and self._rules == rules:
            return self._engine
        self._drop_engine()
        try:
            engine = self._factory(rules)
        except EngineError as exc:
            self._fail(exc.fault)
            return self._builtin_engine()
        self._engine, self._rules = engine, rules
        return engine

    def _builtin_engine(self) -> BuiltinEngine:
        if self._builtin is None:
            self._builtin = BuiltinEngine(SearchMemory(keep_dropped=True))
        return self._builtin

    def _drop_engine(self) -> None:
        if self._engine is not None and self._engine is not self._builtin:
            release_gently(self._engine)
            try:
                self._engine.close()
            except Exception:  # an engine that fails to close is gone either way
                log.exception("closing the analysis engine failed")
        self._engine, self._rules = None, None

    def _fail(self, fault: Fault) -> None:
        """The external engine failed: stop and reap it, built-in from now on."""
        self._fallback = True
        self._drop_engine()
        self.external_failed.emit(fault)
        self.engine_failed.emit(fault.text())

    @Slot()
    def free_idle(self) -> None:
        """Free what the last (stopped) request set aside, when no request followed."""
        for engine in (self._engine, self._builtin):
            if engine is not None:
                free_gently(engine)

    @Slot()
    def close_engines(self) -> None:
        self._drop_engine()
        self._builtin = None

    # running ---------------------------------------------------------------------------------

    def answer(
        self, request: object, should_stop: StopFlag, progress: Progress
    ) -> AnalysisUpdate | None:
        assert isinstance(request, LinesRequest)
        if not request.position.legal_moves():
            return None
        final: list[AnalysisUpdate] = []

        def send(update: AnalysisUpdate) -> None:
            if update.final:
                final.append(update)
            else:
                progress(update)

        self._analyse(request, should_stop, send)
        return final[-1] if final else None

    def _analyse(
        self, request: LinesRequest, should_stop: StopFlag, send: Callable[[AnalysisUpdate], None]
    ) -> None:
        engine = self._engine_for(request.position.rules)
        try:
            self._search(engine, request, should_stop, send)
        except Exception as exc:
            if isinstance(engine, BuiltinEngine):
                raise
            if isinstance(exc, EngineError):
                fault = exc.fault
            else:  # our side of the talk failed on its answer: the same cure, said once
                log.exception("the analysis engine's answer could not be used")
                fault = Fault.of(
                    FaultKind.OTHER, engine=engine.name, message=f"{type(exc).__name__}: {exc}"
                )
            self._fail(fault)
            if not should_stop():
                self._search(self._builtin_engine(), request, should_stop, send)

    def _search(
        self,
        engine: Engine,
        request: LinesRequest,
        should_stop: StopFlag,
        send: Callable[[AnalysisUpdate], None],
    ) -> None:
        free_gently(engine)
        try:
            self._deepen(engine, request, should_stop, send)
        finally:
            # a request stopped because the shown position changed: the window repaints
            # now, and the next request (after the panel's start delay) frees the tables
            if not should_stop():
                free_gently(engine)

    def _deepen(
        self,
        engine: Engine,
        request: LinesRequest,
        should_stop: StopFlag,
        emit: Callable[[AnalysisUpdate], None],
    ) -> None:
        started = time.perf_counter()
        position = request.position
        lines = max(1, min(request.lines, engine.max_lines))
        name = engine.name
        builtin = isinstance(engine, BuiltinEngine)

        def send(analysis: Analysis, final: bool = False) -> None:
            if analysis.lines and not should_stop():
                emit(AnalysisUpdate(request.id, position, analysis, name, final, builtin))

        if lines == 1:
            result = engine.analyse(
                position,
                Limit(movetime=request.max_seconds, depth=request.max_depth),
                history=request.history,
                quiet_plies=request.quiet_plies,
                should_stop=should_stop,
                on_info=send,
            )
            send(result, final=True)
            return
        last: Analysis | None = None
        for depth in range(1, request.max_depth + 1):
            remaining = None
            if request.max_seconds is not None:
                remaining = request.max_seconds - (time.perf_counter() - started)
                if remaining <= 0:
                    break
            result = engine.analyse(
                position,
                Limit(movetime=remaining, depth=depth),
                lines=lines,
                history=request.history,
                quiet_plies=request.quiet_plies,
                should_stop=should_stop,
            )
            if should_stop():
                return
            if (not result.complete or result.depth < depth) and last is not None:
                break  # ran out of time inside this depth: the previous one stands
            last = result
            if _settled(result, depth) or depth == request.max_depth:
                break
            send(result)
        if last is not None:
            send(last, final=True)


def _settled(result: Analysis, depth: int) -> bool:
    """The best line is a forced end the search saw within its horizon (deeper is the same)."""
    best = result.best
    if best is None:
        return True
    plies = best.score.plies
    return plies is not None and depth >= plies + 2


class AnalysisRunner(QObject):
    """The GUI thread's side of the panel's lane: start, stop, hear the current request only.

    ``updated(AnalysisUpdate)`` carries updates of the current request only;
    ``finished(int)`` the id of the current request once its analysis has ended;
    ``engine_failed(str)`` a message when an engine failed (the built-in engine took over);
    ``external_failed(Fault)`` when that engine was an external one (see the module docstring
    for :attr:`external_separately`).
    """

    updated = Signal(object)
    finished = Signal(int)
    engine_failed = Signal(str)
    external_failed = Signal(object)  # Fault
    _free = Signal()

    def __init__(
        self,
        engine_factory: EngineFactory | None = None,
        parent: QObject | None = None,
        lane: EngineLane | None = None,
    ) -> None:
        super().__init__(parent)
        self._current: Handle | None = None
        self._collector = CollectorPause()
        self._worker = AnalysisWorker(engine_factory or builtin_factory)
        # the window's engine thread (lines give way to play's requests), else one of its own
        self._owns_lane = lane is None
        self._lane = lane if lane is not None else EngineLane("dame-analysis", self)
        self._lane.serve(LinesRequest, self._worker, after_close=self._worker.close_engines)
        self._free.connect(self._worker.free_idle)
        self._idle = QTimer(self)  # a while after a stop with no request since: free
        self._idle.setSingleShot(True)
        self._idle.setInterval(IDLE_FREE_MS)
        self._idle.timeout.connect(self._free_when_idle)
        self.external_separately = False  # external failures only as external_failed
        self._external_said = 0  # external failures whose engine_failed is still to come
        self._worker.external_failed.connect(self._on_external_failed)
        self._worker.engine_failed.connect(self._on_engine_failed)
        app = QCoreApplication.instance()
        if app is not None:  # a window that forgets close() must not abort the program
            app.aboutToQuit.connect(self.close)

    @property
    def worker_thread(self) -> QThread:
        return self._lane.worker_thread

    @property
    def current_id(self) -> int | None:
        """The id of the request whose updates are wanted (None when stopped)."""
        return self._current.id if self._current is not None else None

    def is_running(self) -> bool:
        return self._current is not None

    def start(
        self,
        position: Position,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        lines: int = 1,
        max_depth: int = MAX_DEPTH,
        max_seconds: float | None = MAX_SECONDS,
    ) -> int:
        """Stop the running analysis and analyse ``position``; returns the new request id."""
        if self._lane.closed:
            raise RuntimeError("the analysis thread is closed")
        self.stop()
        request = LinesRequest(
            position, tuple(history), quiet_plies, max(1, lines), max(1, max_depth), max_seconds
        )
        handle = self._lane.submit(
            request, lambda i: dataclasses.replace(request, id=i), background=True
        )
        handle.progress.connect(self.updated)
        handle.done.connect(self._on_done)
        handle.failed.connect(self._on_failed)
        self._current = handle
        self._idle.stop()
        self._collector.pause()
        return handle.id

    def stop(self) -> None:
        """End the running analysis; its later updates are dropped."""
        if self._current is not None:
            self._current.cancel()
            self._current = None
            QTimer.singleShot(0, self._wake_collector)  # unless a new request follows at once
            if not self._lane.closed:
                self._idle.start()

    def _free_when_idle(self) -> None:
        if self._current is None and not self._lane.closed:
            self._free.emit()

    def _wake_collector(self) -> None:
        if self._current is None:  # idle: no request follows at once
            self._collector.resume()

    def reset_engines(self) -> None:
        """Ask the factory again for the next request (after the engine preferences changed)."""
        self._worker.reset_requested = True

    def _on_external_failed(self, fault: Fault) -> None:
        if self.external_separately:
            self._external_said += 1  # the worker's engine_failed of it follows (queued)
        self.external_failed.emit(fault)

    def _on_engine_failed(self, message: str) -> None:
        if self._external_said:
            self._external_said -= 1
            return
        self.engine_failed.emit(message)

    def _on_done(self, final: AnalysisUpdate | None) -> None:
        handle, self._current = self._current, None
        if final is not None:
            self.updated.emit(final)
        self._wake_collector()
        if handle is not None:
            self.finished.emit(handle.id)

    def _on_failed(self, fault: Fault) -> None:
        self.engine_failed.emit(fault.reason())  # our own side failed: as it came
        self._on_done(None)

    def close(self, timeout_ms: int = 5000) -> bool:
        """Stop; end the thread and wait for it when it is the runner's own (the engines
        are closed once it has ended, see ``EngineLane.serve``).  True when it ended, or
        when the thread is shared: its owner closes it."""
        if self._lane.closed:
            return True
        self._idle.stop()
        self.stop()
        self._idle.stop()  # nothing to free: the thread ends, or its owner closes it
        self._wake_collector()
        if not self._owns_lane:
            return True
        return self._lane.close(timeout_ms)
