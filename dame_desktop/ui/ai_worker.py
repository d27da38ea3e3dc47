"""Play's engine requests: moves, hints, steady scores, draw offers and huffing decisions.

:class:`AiClient` owns the window's one engine thread (``client.lane``; the analysis panel
serves its lines there too).  Every request is answered through an ``engines.Engine``: the
external Hub engine the user chose where it plays the rules (moves and hints), else the
built-in engine (``AiWorker.engine``).

Requests are typed, one per kind, each with its answer: :class:`MoveRequest` /
:class:`MoveAnswer`, :class:`HintRequest` / :class:`HintAnswer`, :class:`ScoreRequest` /
:class:`ScoreAnswer` (a quick noise-free score of a position), :class:`DrawRequest` /
:class:`DrawReply`, :class:`HuffRequest` / :class:`HuffAnswer`.  Every request carries its
id and the position it belongs to; every answer carries its request.

:meth:`AiClient.submit` returns the request's :class:`~dame_desktop.ui.engine_thread.Handle`:
the one who asked connects to its ``done`` / ``failed`` (see :mod:`~dame_desktop.ui.
engine_thread`, which also holds the stop and yield code, the ids and the closing); cancelling
the handle stops the search and drops a late answer.  The thread is never terminated.

An external engine: :meth:`AiClient.set_external_engine` (the Hub engine the user chose in the
preferences) starts it in the worker thread; from then on moves and hints are the external
engine's wherever it plays the request's rules (``supports``), the built-in engine's
everywhere else.  The time is the request's ``movetime``, else the level's (its game clock's
share for a level with a clock), else the hint's second.  An engine that fails (will not
start, crashes, hangs past its time plus a margin, sends an illegal or garbled move) has been
stopped and reaped by :class:`~dame_desktop.engines.HubEngine`; the worker says so once
(``AiClient.external_failed`` with the fault), the built-in engine answers the same request at
once, and it keeps answering until the engine is chosen anew.  Every answer names the engine
that gave it (``engine``: "" for the built-in one).
"""

from __future__ import annotations

import dataclasses
import logging
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..ai.levels import Level
from ..ai.limit import Limit
from ..core import Color, HuffChoice, Position, RuleSet
from ..engines.faults import Fault, FaultKind
from .engine_thread import EngineLane, Handle, LaneWorker, Progress, StopFlag

if TYPE_CHECKING:  # the search and the Hub client load with the first request, not at start
    from ..ai.advice import DrawAnswer
    from ..ai.book import BookMemory
    from ..ai.search import SearchMemory, SearchResult
    from ..ai.timeman import GameClock
    from ..engines import Analysis, EngineInfo, HubEngine
    from ..engines.builtin import BuiltinEngine

log = logging.getLogger(__name__)

# How long closing waits for the thread while an external engine is in use: a stopped Hub
# engine has HubEngine.stop_grace to answer, then it is terminated and killed.
EXTERNAL_CLOSE_MS = 10_000


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
class ScoreRequest(EngineRequest):
    """A quick score (and principal variation) of the position, without noise."""

    history: tuple[Position, ...] = ()
    quiet_plies: int = 0


@dataclass(frozen=True, kw_only=True)
class DrawRequest(EngineRequest):
    """A draw offer to the engine, which plays ``engine`` at ``level``."""

    engine: Color
    level: Level | None = None
    history: tuple[Position, ...] = ()
    quiet_plies: int = 0
    recent_scores: tuple[int, ...] = ()  # the engine's steady scores after its last moves


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
    engine: str = ""  # the external engine that answered ("Scan 3.1"); "" = the built-in one


@dataclass(frozen=True)
class HintAnswer:
    request: HintRequest
    result: SearchResult
    seconds: float
    engine: str = ""  # as MoveAnswer.engine


@dataclass(frozen=True)
class ScoreAnswer:
    request: ScoreRequest
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


EngineAnswer = MoveAnswer | HintAnswer | ScoreAnswer | DrawReply | HuffAnswer


class ExternalSeat:
    """The external engine the worker moves and hints with (plain Python, so it outlives the
    worker's QObject): used in the worker thread while it runs, closed after it ended."""

    def __init__(self) -> None:
        self.generation = 0  # which choice of the user this is (AiClient.set_external_engine)
        self.path = ""
        self.engine: HubEngine | None = None
        self.broken = False  # it failed: the built-in engine answers until the next choice
        self.game_key: int | None = None  # the game the engine was last told about

    def usable(self, rules: RuleSet) -> HubEngine | None:
        engine = self.engine
        if engine is None or self.broken or not engine.supports(rules):
            return None
        return engine

    def abort(self) -> None:
        """Kill the engine at once (from the GUI thread while the worker may be waiting on
        it): the program is closing and must not wait for a hanging engine."""
        engine = self.engine
        if engine is not None:
            engine.abort()

    def close(self) -> None:
        engine, self.engine = self.engine, None
        self.game_key = None
        if engine is not None:
            try:
                engine.close()  # quit, else terminate and kill; reaped either way
            except Exception:  # an engine that fails to close is gone either way
                log.exception("closing the external engine failed")


def search_result(analysis: Analysis) -> SearchResult:
    """An engine's analysis in the built-in search's form (the window's answers use it)."""
    from ..ai.search import SearchResult

    best = analysis.best
    if best is None:
        return SearchResult(
            None, analysis.score.to_search(), analysis.depth, analysis.nodes, [], analysis.seconds
        )
    return SearchResult(
        best.move,
        best.score.to_search(),
        best.depth or analysis.depth,
        analysis.nodes,
        list(best.pv),
        analysis.seconds,
    )


class AiWorker(LaneWorker):
    """Answers play's requests one after the other in the lane's thread."""

    external_ready = Signal(int, object)  # generation, EngineInfo: the engine has started
    external_failed = Signal(int, object)  # generation, Fault (engine stopped and reaped)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.external = ExternalSeat()
        self._memory: SearchMemory | None = None
        self._engine: BuiltinEngine | None = None
        # the levels that have them spread their time over the game and open from the book;
        # both belong to one game (the request's game_key)
        self._game_key: int | None = None
        self._clock: GameClock | None = None
        self._book: BookMemory | None = None

    @property
    def memory(self) -> SearchMemory:
        """The engine's tables from its previous move (levels without noise): the next search
        starts from them; the tables it sets aside are freed in slices, never in one pause."""
        if self._memory is None:
            from ..ai.search import SearchMemory

            self._memory = SearchMemory(keep_dropped=True)
        return self._memory

    @property
    def engine(self) -> BuiltinEngine:
        """The built-in engine: every request the external engine does not answer is its
        (moves at a level, hints, steady scores, draw answers, huffing decisions)."""
        if self._engine is None:
            from ..engines.builtin import BuiltinEngine

            self._engine = BuiltinEngine(self.memory)
        return self._engine

    @property
    def book(self) -> BookMemory:
        """The opening book's place in the game being played."""
        if self._book is None:
            from ..ai.book import BookMemory

            self._book = BookMemory()
        return self._book

    def answer(self, request: object, should_stop: StopFlag, progress: Progress) -> EngineAnswer:
        if not isinstance(request, EngineRequest):
            raise TypeError(f"unknown engine request {type(request).__name__}")
        started = time.perf_counter()
        self._free_dropped()
        return self._answer(request, should_stop, started)

    # -- the external engine -------------------------------------------------------------------

    @Slot(int, str)
    def configure_external(self, generation: int, path: str) -> None:
        """Use the Hub engine at ``path`` ("" = none) from now on: start it, shake hands."""
        seat = self.external
        seat.close()
        seat.generation, seat.path, seat.broken = generation, path, False
        if not path:
            return
        from ..engines import EngineError, HubEngine

        try:
            seat.engine = HubEngine(path)
        except EngineError as exc:
            self._external_broke(exc.fault)
            return
        self.external_ready.emit(generation, seat.engine.info)

    @Slot(int)
    def abandon_external(self, generation: int) -> None:
        """The user's choice ``generation`` was found broken elsewhere (the analysis panel's
        process of the same engine): stop and reap ours, answer with the built-in engine."""
        seat = self.external
        if seat.generation == generation:
            seat.broken = True
            seat.close()

    def _external_broke(self, fault: Fault) -> None:
        """The engine failed (HubEngine has stopped and reaped it): say so once."""
        seat = self.external
        if seat.broken:
            return
        log.warning("the external engine failed: %s", fault)
        seat.broken = True
        seat.close()
        self.external_failed.emit(seat.generation, fault)

    def _external_answer(
        self, request: EngineRequest, should_stop: StopFlag, started: float
    ) -> EngineAnswer | None:
        """The external engine's answer to a move or hint request, None when the built-in
        engine must answer (other rules, no external engine, or it has just failed)."""
        if not isinstance(request, MoveRequest | HintRequest):
            return None
        seat = self.external
        engine = seat.usable(request.position.rules)
        if engine is None:
            return None
        from ..ai.advice import HINT_LIMIT
        from ..engines import EngineError

        clock: GameClock | None = None
        if isinstance(request, MoveRequest):
            clock = self._game_clock(request, request.level)
            movetime = request.movetime
            if movetime is None and clock is not None:
                movetime = clock.plan().nominal
            if movetime is None:
                movetime = request.level.limit.movetime
        else:
            movetime = request.movetime or HINT_LIMIT.movetime
        try:
            if isinstance(request, MoveRequest) and seat.game_key != request.game_key:
                seat.game_key = request.game_key
                engine.new_game()
            analysis = engine.think(
                request.position,
                Limit(movetime=movetime or 1.0),
                history=request.history,
                should_stop=should_stop,
            )
        except EngineError as exc:
            self._external_broke(exc.fault)
            return None
        except Exception as exc:  # our side of the talk failed: the same cure, said once
            log.exception("the external engine's answer could not be used")
            engine.abort()
            self._external_broke(
                Fault.of(
                    FaultKind.OTHER, engine=engine.name, message=f"{type(exc).__name__}: {exc}"
                )
            )
            return None
        if clock is not None:
            clock.spend(analysis.seconds)
        result = search_result(analysis)
        took = time.perf_counter() - started
        title = engine.info.title
        if isinstance(request, MoveRequest):
            return MoveAnswer(request, result, took, title)
        return HintAnswer(request, result, took, title)

    # -- answering -------------------------------------------------------------------------------

    def _answer(
        self, request: EngineRequest, should_stop: StopFlag, started: float
    ) -> EngineAnswer:
        pos = request.position
        engine = self.engine

        def took() -> float:
            return time.perf_counter() - started

        external = self._external_answer(request, should_stop, started)
        if external is not None:
            return external
        if isinstance(request, MoveRequest):
            level = request.level
            if request.movetime is not None:
                limit = level.limit
                level = dataclasses.replace(
                    level,
                    limit=Limit(movetime=request.movetime, depth=limit.depth, nodes=limit.nodes),
                )
            clock = self._game_clock(request, level)
            self.book.enabled = request.book
            self.book.follow(request.history)  # an undo takes the book moves back too
            result = engine.play_level(
                pos,
                level,
                random.Random(request.seed),
                should_stop,
                history=request.history,
                quiet_plies=request.quiet_plies,
                keep_tables=not level.noise,
                clock=clock,
                book=self.book,
            )
            return MoveAnswer(request, result, took())
        if isinstance(request, HintRequest):
            result = engine.best_move(
                pos,
                request.limit(),
                should_stop,
                history=request.history,
                quiet_plies=request.quiet_plies,
            )
            return HintAnswer(request, result, took())
        if isinstance(request, ScoreRequest):
            result = engine.steady(
                pos,
                request.limit(),
                should_stop,
                history=request.history,
                quiet_plies=request.quiet_plies,
            )
            return ScoreAnswer(request, result, took())
        if isinstance(request, DrawRequest):
            answer = engine.answer_draw(
                pos,
                request.level,
                engine=request.engine,
                limit=request.limit(),
                should_stop=should_stop,
                history=request.history,
                quiet_plies=request.quiet_plies,
                recent_scores=request.recent_scores,
            )
            return DrawReply(request, answer, took())
        if isinstance(request, HuffRequest):
            choice, square = engine.decide_huff(
                request.before, pos, list(request.candidates), request.limit(), should_stop
            )
            return HuffAnswer(request, choice, square, took())
        raise TypeError(f"unknown engine request {type(request).__name__}")

    def _game_clock(self, request: MoveRequest, level: Level) -> GameClock | None:
        """The game clock of ``request``'s game (a new game starts it and the book anew)."""
        from ..ai.timeman import GameClock

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


class AiClient(QObject):
    """The GUI thread's side of play's lane: submit (a handle per request), the external
    engine, closing.

    ``external_ready(EngineInfo)``: the external engine chosen last has started;
    ``external_failed(Fault)``: it failed (the fault names it and what it did) and the
    built-in engine answers from now on, until :meth:`set_external_engine` chooses again.
    ``answered(answer)`` repeats every answer handed to its handle (for observers: the
    handles are how the askers hear theirs).
    """

    answered = Signal(object)  # EngineAnswer, after its handle's done
    external_ready = Signal(object)  # EngineInfo
    external_failed = Signal(object)  # Fault

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._external_path = ""
        self._generation = 0
        self.external_info: EngineInfo | None = None  # the running external engine's
        self.external_broken = False
        self._worker = AiWorker()
        self._seat = self._worker.external
        # the window's one engine thread: play's requests, and the analysis panel's lines
        # served by the same worker thread (AnalysisRunner(lane=client.lane))
        self.lane = EngineLane("dame-engine", self)
        self._lane = self.lane
        self._lane.serve(
            EngineRequest, self._worker, after_close=self._seat.close
        )  # nothing else uses it then
        self._worker.external_ready.connect(self._on_external_ready)
        self._worker.external_failed.connect(self._on_external_failed)
        self._lane.answered.connect(self._on_answered)

    def _on_answered(self, handle: Handle, answer: object) -> None:
        if isinstance(handle.request, EngineRequest):  # play's (the lane serves others too)
            self.answered.emit(answer)

    @property
    def worker_thread(self) -> QThread:
        return self._lane.worker_thread

    # -- the external engine -------------------------------------------------------------------

    @property
    def external_path(self) -> str:
        return self._external_path

    def set_external_engine(self, path: str) -> bool:
        """Move and hint with the Hub engine at ``path`` ("" = only the built-in engine)
        wherever it plays the rules; a failed engine is tried again only when chosen anew.
        False when ``path`` is the engine in use already, or the thread is closed (the
        window is going: preferences may still be applied to it) -- nothing changes."""
        if path == self._external_path or self._lane.closed:
            return False
        self._external_path = path
        self._generation += 1
        self.external_info = None
        self.external_broken = False
        generation, worker = self._generation, self._worker
        self._lane.call(lambda: worker.configure_external(generation, path))
        return True

    def abandon_external(self) -> bool:
        """The chosen engine was found broken elsewhere (the analysis panel ran its own
        process of it): stop ours now -- a search on it ends at once and the built-in engine
        answers that request -- and use the built-in engine until :meth:`set_external_engine`
        chooses again.  No ``external_failed`` follows (the finder has told the user).  False
        when there was nothing to abandon (no engine chosen, already broken, or closed)."""
        if not self._external_path or self.external_broken or self._lane.closed:
            return False
        self.external_broken = True
        seat = self._seat
        if seat.generation == self._generation:  # the worker runs this choice already
            seat.broken = True  # the next request is the built-in engine's at once
            seat.abort()  # a search on it sees the end and gives way to the built-in one
        generation, worker = self._generation, self._worker
        self._lane.call(lambda: worker.abandon_external(generation))  # stops and reaps it
        return True

    @property
    def external_pid(self) -> int | None:
        """The running external engine's process id (None when none runs): diagnostics."""
        engine = self._seat.engine
        process = engine.process if engine is not None else None
        return process.pid if process is not None else None

    def external_title(self, rules: RuleSet) -> str:
        """The external engine's name ("Scan 3.1") when it moves and hints under ``rules``,
        "" when the built-in engine does."""
        info = self.external_info
        if info is None or self.external_broken:
            return ""
        from ..engines.hub import supports_rules

        if not supports_rules(info, rules):
            return ""
        return info.title

    def _on_external_ready(self, generation: int, info: EngineInfo) -> None:
        if generation == self._generation and not self.external_broken:
            self.external_info = info
            self.external_ready.emit(info)

    def _on_external_failed(self, generation: int, fault: Fault) -> None:
        if generation == self._generation and not self.external_broken:
            self.external_broken = True
            self.external_failed.emit(fault)

    # -- requests --------------------------------------------------------------------------------

    def submit(self, request: EngineRequest) -> Handle:
        """Queue ``request``; its handle (``handle.request`` carries the id)."""
        return self._lane.submit(request, lambda i: dataclasses.replace(request, id=i))

    def cancel_all(self) -> None:
        """Cancel play's requests (not the analysis panel's, when it shares the thread)."""
        self._lane.cancel_all(EngineRequest)

    def hold(self) -> None:
        """Keep the requests until :meth:`release` (see ``EngineLane.hold``)."""
        self._lane.hold()

    def release(self) -> None:
        self._lane.release()

    def busy(self) -> bool:
        return self._lane.busy(EngineRequest)

    def close(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything, stop the thread and wait for it.  True when it stopped."""
        if self._lane.closed:
            return True
        if self._external_path:  # a stopped Hub engine has a few seconds to answer 'stop'
            timeout_ms = max(timeout_ms, EXTERNAL_CLOSE_MS)
        busy = self._lane.busy(EngineRequest)  # an external engine may be thinking: it need
        return self._lane.close(timeout_ms, self._seat.abort if busy else None)  # not finish
