"""The computer thinks in a worker thread: a QObject moved to a QThread, fed with requests.

Requests and answers are typed, one pair per kind: :class:`MoveRequest` / :class:`MoveAnswer`,
:class:`HintRequest` / :class:`HintAnswer`, :class:`AnalysisRequest` / :class:`AnalysisAnswer`,
:class:`DrawRequest` / :class:`DrawReply`, :class:`HuffRequest` / :class:`HuffAnswer`.  Every
request carries the id the client gave it and the position it belongs to; every answer carries
its request, so the one who asked can check both (an answer for another position is dropped).

The owner (:class:`AiClient`, living in the GUI thread) keeps a stop event per live request;
cancelling sets the event (the search polls it through ``should_stop``) and forgets the id, so
a late answer is dropped.  The thread is never terminated: closing cancels everything, quits
the thread's event loop and waits for it.  The worker calls the ``ai.advice`` functions.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..ai import Limit, SearchResult, analyse, choose_move, hint, should_huff
from ..ai.advice import DrawAnswer, answer_draw_offer
from ..ai.book import BookMemory
from ..ai.levels import Level
from ..ai.search import SearchMemory
from ..ai.timeman import GameClock
from ..core import Color, HuffChoice, Position

log = logging.getLogger(__name__)

# How often (seconds) the search hands the interpreter lock to the GUI thread.
YIELD_EVERY = 0.002

StopFlag = Callable[[], bool]


@dataclass(frozen=True, kw_only=True)
class EngineRequest:
    """What every request has: the client's id and the position it is about."""

    id: int = 0  # given by AiClient.submit
    position: Position
    movetime: float | None = None  # overrides the level's or the advice's time

    def limit(self, default: Limit | None = None) -> Limit | None:
        return Limit(movetime=self.movetime) if self.movetime else default


@dataclass(frozen=True, kw_only=True)
class MoveRequest(EngineRequest):
    """The engine's move at ``level`` (``seed`` varies the noisy levels reproducibly)."""

    level: Level
    history: tuple[Position, ...] = ()
    quiet_plies: int = 0
    seed: int = 0
    game_key: int = 0  # which game the move is for: a new key starts the clock and book anew
    book: bool = True  # the opening book may answer (for a level that has one)


@dataclass(frozen=True, kw_only=True)
class HintRequest(EngineRequest):
    """The best move for the side to move, for the player."""

    history: tuple[Position, ...] = ()
    quiet_plies: int = 0


@dataclass(frozen=True, kw_only=True)
class AnalysisRequest(EngineRequest):
    """Score and principal variation of the position."""

    history: tuple[Position, ...] = ()
    quiet_plies: int = 0


@dataclass(frozen=True, kw_only=True)
class DrawRequest(EngineRequest):
    """A draw offer to the engine, which plays ``engine`` at ``level``."""

    engine: Color
    level: Level | None = None
    history: tuple[Position, ...] = ()
    quiet_plies: int = 0


@dataclass(frozen=True, kw_only=True)
class HuffRequest(EngineRequest):
    """The opponent missed a capture in ``before``; ``position`` is the one after its move."""

    before: Position
    candidates: tuple[int, ...] = ()


@dataclass(frozen=True)
class MoveAnswer:
    request: MoveRequest
    result: SearchResult
    seconds: float


@dataclass(frozen=True)
class HintAnswer:
    request: HintRequest
    result: SearchResult
    seconds: float


@dataclass(frozen=True)
class AnalysisAnswer:
    request: AnalysisRequest
    result: SearchResult
    seconds: float


@dataclass(frozen=True)
class DrawReply:
    request: DrawRequest
    answer: DrawAnswer  # accept and the reason (ai.advice's draw-offer policy)
    seconds: float

    @property
    def accepted(self) -> bool:
        return self.answer.accept


@dataclass(frozen=True)
class HuffAnswer:
    request: HuffRequest
    choice: HuffChoice
    square: int | None
    seconds: float


EngineAnswer = MoveAnswer | HintAnswer | AnalysisAnswer | DrawReply | HuffAnswer
R = TypeVar("R", bound=EngineRequest)


class AiWorker(QObject):
    """Runs requests one after the other in its own thread."""

    answered = Signal(object)  # EngineAnswer
    failed = Signal(int, str)  # request id, message

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # the engine's tables from its previous move (levels without noise): the next search
        # starts from them; the tables it sets aside are freed in slices, never in one pause
        self.memory = SearchMemory(keep_dropped=True)
        # the levels that have them spread their time over the game and open from the book;
        # both belong to one game (the request's game_key)
        self._game_key: int | None = None
        self._clock: GameClock | None = None
        self.book = BookMemory()

    @Slot(object, object)
    def run(self, request: EngineRequest, stop: threading.Event | None = None) -> None:
        event = stop if stop is not None else threading.Event()
        if event.is_set():
            return
        started = time.perf_counter()
        should_stop = _stop_flag(event)
        # The search builds a large table of tuples; a full cyclic collection over it holds
        # the interpreter lock for 20-80 ms and freezes the window.  The search makes no
        # reference cycles worth collecting, so the collector rests while it runs.
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._free_dropped()
            answer = self._answer(request, should_stop, started)
        except Exception as exc:  # the GUI must hear about it rather than wait forever
            log.exception("engine request %s failed", request.id)
            self.failed.emit(request.id, f"{type(exc).__name__}: {exc}")
            return
        finally:
            if collecting:
                gc.enable()
        self.answered.emit(answer)

    def _answer(self, request: EngineRequest, should_stop: StopFlag, started: float
                ) -> EngineAnswer:
        pos = request.position

        def took() -> float:
            return time.perf_counter() - started

        if isinstance(request, MoveRequest):
            level = request.level
            if request.movetime is not None:
                limit = level.limit
                level = dataclasses.replace(level, limit=Limit(
                    movetime=request.movetime, depth=limit.depth, nodes=limit.nodes))
            memory = self.memory if not level.noise else None
            clock = self._game_clock(request, level)
            self.book.enabled = request.book
            self.book.follow(request.history)  # an undo takes the book moves back too
            result = choose_move(pos, level, random.Random(request.seed), should_stop,
                                 history=request.history, quiet_plies=request.quiet_plies,
                                 memory=memory, clock=clock, book=self.book)
            return MoveAnswer(request, result, took())
        if isinstance(request, HintRequest):
            result = hint(pos, request.limit(), should_stop, history=request.history,
                          quiet_plies=request.quiet_plies)
            return HintAnswer(request, result, took())
        if isinstance(request, AnalysisRequest):
            result = analyse(pos, request.limit(), should_stop, history=request.history,
                             quiet_plies=request.quiet_plies)
            return AnalysisAnswer(request, result, took())
        if isinstance(request, DrawRequest):
            answer = answer_draw_offer(pos, request.level, engine=request.engine,
                                       limit=request.limit(), should_stop=should_stop,
                                       history=request.history,
                                       quiet_plies=request.quiet_plies)
            return DrawReply(request, answer, took())
        if isinstance(request, HuffRequest):
            choice, square = should_huff(request.before, pos, pos.rules,
                                         list(request.candidates), request.limit(), should_stop)
            return HuffAnswer(request, choice, square, took())
        raise TypeError(f"unknown engine request {type(request).__name__}")

    def _game_clock(self, request: MoveRequest, level: Level) -> GameClock | None:
        """The game clock of ``request``'s game (a new game starts it and the book anew)."""
        per_move = level.effective_limit.movetime
        if request.game_key != self._game_key:
            self._game_key = request.game_key
            self._clock = None
            self.book.new_game()
        if not level.clock or per_move is None:
            return None
        if self._clock is None or self._clock.per_move != per_move:
            self._clock = GameClock(per_move)
        return self._clock

    def _free_dropped(self) -> None:
        """Empty the tables the last search set aside, a slice at a time.

        Dropping a table of hundreds of thousands of entries in one go holds the interpreter
        lock for 50-120 ms; the memory frees a slice per call and the zero sleep between
        calls keeps the window running.
        """
        while self.memory.free_dropped():
            time.sleep(0)


def _stop_flag(event: threading.Event) -> StopFlag:
    """A should_stop callable that also lets the GUI thread run now and then.

    The search holds the interpreter lock; a zero sleep every few milliseconds gives a
    waiting GUI thread the lock at once instead of after the full switch interval.
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


class AiClient(QObject):
    """The GUI thread's handle on the worker: submit, cancel, and hear live answers only."""

    answered = Signal(object)  # EngineAnswer for a request that is still wanted
    failed = Signal(int, str)
    _submit = Signal(object, object)  # EngineRequest, threading.Event

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._next_id = 0
        self._live: dict[int, threading.Event] = {}
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

    def submit(self, request: R) -> R:
        """Queue ``request``; returns it with its id."""
        if self._closed:
            raise RuntimeError("the engine thread is closed")
        self._next_id += 1
        stamped = dataclasses.replace(request, id=self._next_id)
        stop = threading.Event()
        self._live[stamped.id] = stop
        self._submit.emit(stamped, stop)
        return stamped

    def cancel(self, request_id: int) -> None:
        stop = self._live.pop(request_id, None)
        if stop is not None:
            stop.set()

    def cancel_all(self) -> None:
        for request_id in list(self._live):
            self.cancel(request_id)

    def busy(self) -> bool:
        return bool(self._live)

    def is_live(self, request_id: int) -> bool:
        return request_id in self._live

    def _on_answered(self, answer: EngineAnswer) -> None:
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
