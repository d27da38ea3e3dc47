"""The computer thinks in a worker thread: a QObject moved to a QThread, fed with requests.

Every request carries an id.  The owner (:class:`AiClient`, living in the GUI thread) keeps a
stop event per live request; cancelling sets the event (the search polls it through
``should_stop``) and forgets the id, so a late answer is dropped.  The thread is never
terminated: closing cancels everything, quits the thread's event loop and waits for it.
"""

from __future__ import annotations

import gc
import logging
import random
import threading
import time
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..ai import Limit, SearchResult, accept_draw, should_huff
from ..ai.advice import HINT_LIMIT
from ..ai.levels import Level
from ..ai.search import Searcher, SearchMemory, random_seed
from ..core import Color, Position

log = logging.getLogger(__name__)

# How often (seconds) the search hands the interpreter lock to the GUI thread.
YIELD_EVERY = 0.002


@dataclass(frozen=True)
class AiRequest:
    """One question for the engine.  ``kind`` is move, hint, draw or huff."""

    id: int
    kind: str
    position: Position
    level: Level | None = None
    history: tuple[Position, ...] = ()
    quiet_plies: int = 0
    before: Position | None = None  # huff: the position in which the capture was missed
    candidates: tuple[int, ...] = ()  # huff: pieces that could have captured
    engine: Color | None = None  # draw: the engine's side
    seed: int = 0
    movetime: float | None = None  # overrides the level's or the advice's time
    stop: threading.Event = field(default_factory=threading.Event, compare=False)


@dataclass(frozen=True)
class AiAnswer:
    request: AiRequest
    value: object  # SearchResult, bool or (HuffChoice, square)
    seconds: float


class AiWorker(QObject):
    """Runs requests one after the other in its own thread."""

    answered = Signal(object)  # AiAnswer
    failed = Signal(int, str)  # request id, message

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # the engine's tables from its previous move (levels without noise): the next search
        # starts from them; old tables are emptied in slices, never in one long pause
        self.memory = SearchMemory(keep_dropped=True)

    @Slot(object)
    def run(self, request: AiRequest) -> None:
        if request.stop.is_set():
            return
        started = time.perf_counter()
        should_stop = _stop_flag(request.stop)
        # The search builds a large table of tuples; a full cyclic collection over it holds
        # the interpreter lock for 20-80 ms and freezes the window.  The search makes no
        # reference cycles worth collecting, so the collector rests while it runs.
        collecting = gc.isenabled()
        gc.disable()
        try:
            value = _answer(request, should_stop, self.memory)
        except Exception as exc:  # the GUI must hear about it rather than wait forever
            log.exception("engine request %s failed", request.id)
            self.failed.emit(request.id, f"{type(exc).__name__}: {exc}")
            return
        finally:
            if collecting:
                gc.enable()
        self.answered.emit(AiAnswer(request, value, time.perf_counter() - started))


def _stop_flag(event: threading.Event):  # type: ignore[no-untyped-def]
    """A should_stop callable that also lets the GUI thread run now and then.

    The search is pure Python and holds the interpreter lock; a zero sleep every few
    milliseconds gives a waiting GUI thread the lock at once instead of after the full
    switch interval.
    """
    last = [time.perf_counter()]
    clock = time.perf_counter
    sleep = time.sleep

    if YIELD_EVERY <= 0:
        return event.is_set

    def should_stop() -> bool:
        now = clock()
        if now - last[0] >= YIELD_EVERY:
            last[0] = now
            sleep(0)
        return event.is_set()

    return should_stop


def _answer(  # type: ignore[no-untyped-def]
    request: AiRequest, should_stop, memory: SearchMemory | None = None
) -> object:
    pos = request.position
    if request.kind == "move":
        assert request.level is not None
        level = request.level
        limit = level.effective_limit
        if request.movetime is not None:
            limit = Limit(movetime=request.movetime, depth=limit.depth, nodes=limit.nodes)
        seed = random_seed(random.Random(request.seed)) if level.noise else 0
        kept = memory if not level.noise else None
        return _search_gently(pos, limit, should_stop, request, level.noise, seed, kept)
    if request.kind == "hint":
        limit = Limit(movetime=request.movetime) if request.movetime else HINT_LIMIT
        return _search_gently(pos, limit, should_stop, request)
    advice_limit = Limit(movetime=request.movetime) if request.movetime else None
    if request.kind == "draw":
        return accept_draw(pos, pos.rules, request.engine, advice_limit, should_stop)
    if request.kind == "huff":
        assert request.before is not None
        return should_huff(
            request.before, pos, pos.rules, list(request.candidates), advice_limit, should_stop
        )
    raise ValueError(f"unknown engine request kind {request.kind!r}")


def _search_gently(  # type: ignore[no-untyped-def]
    position: Position, limit: Limit, should_stop, request: AiRequest, noise: int = 0,
    seed: int = 0, memory: SearchMemory | None = None,
) -> SearchResult:
    """``ai.search`` (as ``choose_move`` and ``hint`` call it), freeing its tables gently.

    Dropping the transposition table of a long search (hundreds of thousands of entries) in
    one go holds the interpreter lock for 50-120 ms; emptying it in slices with a pause
    between them keeps the window's event loop running.
    """
    searcher = Searcher(position.rules, limit, should_stop, noise, seed, request.history,
                        request.quiet_plies, memory)
    if memory is not None:
        while memory.dropped:
            _empty_slowly(memory.dropped.pop())
        return searcher.run(position)
    try:
        return searcher.run(position)
    finally:
        tables = [searcher.tt, searcher.tt_old, *searcher.retired]
        searcher.tt, searcher.tt_old, searcher.retired = {}, {}, []
        for table in tables:
            _empty_slowly(table)
        history, searcher.hist = searcher.hist, {}
        _empty_slowly(history)


def _empty_slowly(table: dict, slice_size: int = 20_000) -> None:  # type: ignore[type-arg]
    pop = table.popitem
    while table:
        for _ in range(min(slice_size, len(table))):
            pop()
        time.sleep(0)


class AiClient(QObject):
    """The GUI thread's handle on the worker: submit, cancel, and hear live answers only."""

    answered = Signal(object)  # AiAnswer for a request that is still wanted
    failed = Signal(int, str)
    _submit = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._next_id = 0
        self._live: dict[int, AiRequest] = {}
        self._thread = QThread()
        self._thread.setObjectName("dame-ai")
        self._worker = AiWorker()
        self._worker.moveToThread(self._thread)
        self._submit.connect(self._worker.run)
        self._worker.answered.connect(self._on_answered)
        self._worker.failed.connect(self._on_failed)
        self._thread.finished.connect(self._worker.deleteLater)
        self._thread.start()
        self._closed = False

    @property
    def worker_thread(self) -> QThread:
        return self._thread

    def submit(self, kind: str, position: Position, **kwargs: object) -> int:
        """Queue a request and return its id."""
        if self._closed:
            raise RuntimeError("the engine thread is closed")
        self._next_id += 1
        request = AiRequest(self._next_id, kind, position, **kwargs)  # type: ignore[arg-type]
        self._live[request.id] = request
        self._submit.emit(request)
        return request.id

    def cancel(self, request_id: int) -> None:
        request = self._live.pop(request_id, None)
        if request is not None:
            request.stop.set()

    def cancel_all(self) -> None:
        for request_id in list(self._live):
            self.cancel(request_id)

    def busy(self) -> bool:
        return bool(self._live)

    def is_live(self, request_id: int) -> bool:
        return request_id in self._live

    def _on_answered(self, answer: AiAnswer) -> None:
        if self._live.pop(answer.request.id, None) is None:
            log.debug("dropping stale engine answer %s", answer.request.id)
            return
        self.answered.emit(answer)

    def _on_failed(self, request_id: int, message: str) -> None:
        if self._live.pop(request_id, None) is not None:
            self.failed.emit(request_id, message)

    def close(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything, stop the thread and wait for it.  True when it stopped."""
        if self._closed:
            return True
        self._closed = True
        self.cancel_all()
        self._thread.quit()
        stopped = self._thread.wait(timeout_ms)
        if not stopped:
            log.warning("the engine thread did not stop within %s ms", timeout_ms)
        return bool(stopped)

