"""Reviewing many games at once, spread over worker processes (``dame analyse``, and the
window's "Analyse file...").  No Qt.

Each :class:`GameTask` carries one game's PDN text, so a worker needs nothing but the task;
results come back in game order as plain data (:class:`GameResult`, picklable, JSON-ready)
with the annotated game's PDN text when asked for.  Workers are started with the ``spawn``
method (the same on every system, and safe in a program that runs threads).  Each worker
keeps one built-in engine and, with ``engine=PATH``, one Hub engine for the rule sets that
engine declares.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai.search import Limit
from ..core import DameError, RuleSet, find_rules
from ..core.position import full_text
from .base import Engine, EngineError
from .builtin import BuiltinEngine
from .faults import Fault
from .hub import HubEngine
from .review import MoveReview, ReviewCancelled, annotate, review_game

StopFlag = Callable[[], bool]
POLL = 0.1


@dataclass(frozen=True)
class GameTask:
    """One game to review: its text and where it starts in the file (for messages)."""

    index: int  # 0-based position in the file
    text: str
    first_line: int = 1
    rules: str | None = None  # a preset key for games that name no rules (as pdn check)
    movetime: float | None = 1.0
    depth: int | None = None
    engine: str | None = None  # a Hub engine's path
    write: bool = False  # return the annotated game's PDN text


@dataclass
class GameResult:
    """The review of one game, or why there is none.

    ``error``: the game cannot be replayed (it is not analysed, and not rewritten);
    ``fatal``: the engine failed (the caller stops or falls back).
    """

    index: int  # 1-based
    moves: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, dict[str, float | int]] | None = None
    engine: str = ""
    error: str | None = None
    fatal: str | None = None
    fault: Fault | None = None  # ``fatal`` as a value
    pdn: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The game's entry of ``dame analyse --json``."""
        out: dict[str, Any] = {"index": self.index}
        if self.error is not None:
            out["error"] = self.error
        out["moves"] = self.moves
        out["summary"] = self.summary
        return out


def move_json(m: MoveReview, rules: RuleSet) -> dict[str, Any]:
    """One move as ``dame analyse --json`` prints it."""
    return {
        "ply": m.ply,
        "move": full_text(m.move, rules),
        "best": full_text(m.best, rules),
        "score": _men(m.score.number()),
        "best_score": _men(m.best_score.number()),
        "loss": _men(m.loss),
        "mark": m.mark,
    }


def _men(value: float) -> float:
    return round(value, 2) + 0.0  # no -0.0


# -- one game (in this process or a worker) ---------------------------------------------------

_ENGINES: dict[str, Engine] = {}


def _engine_for(rules: RuleSet, path: str | None) -> Engine:
    if path is not None:
        hub = _ENGINES.get(path)
        if hub is None:
            hub = _ENGINES[path] = HubEngine(path)
        if hub.supports(rules):
            return hub
    builtin = _ENGINES.get("")
    if builtin is None:
        builtin = _ENGINES[""] = BuiltinEngine()
    return builtin


def close_engines() -> None:
    """Stop the engines this process keeps for tasks (Hub processes quit)."""
    for engine in _ENGINES.values():
        engine.close()
    _ENGINES.clear()


def review_task(task: GameTask, should_stop: StopFlag | None = None) -> GameResult:
    """Review one game; never raises for bad input or a failing engine (see GameResult)."""
    from ..pdn import Game, ProblemKind, read_text, write_game

    number = task.index + 1
    try:
        rules = find_rules(task.rules) if task.rules else None
    except DameError as exc:
        return GameResult(number, error=str(exc))
    found = read_text(task.text, default_rules=rules)  # a game cut from a file already opened
    if not isinstance(found, Game):
        return GameResult(number, error="no game can be read here")
    game = found
    # a character saving would not keep (a NUL in a comment) does not stop the replay
    stopping = [e for e in game.errors if e.kind is not ProblemKind.CONTROL_CHARACTER]
    if stopping:
        first = stopping[0]
        line = first.line + task.first_line - 1
        return GameResult(number, error=f"line {line}, column {first.column}: {first.message}")
    limit = Limit(movetime=task.movetime, depth=task.depth)
    try:
        engine = _engine_for(game.rules, task.engine)
        engine.new_game()
        review = review_game(game, engine, limit, should_stop=should_stop)
    except EngineError as exc:
        return GameResult(number, fatal=str(exc), fault=exc.fault)
    except DameError as exc:  # a move the review cannot replay
        return GameResult(number, error=str(exc))
    result = GameResult(
        number,
        [move_json(m, review.start.rules) for m in review.moves],
        {"first": review.first.as_dict(), "second": review.second.as_dict()},
        review.engine,
    )
    if task.write:
        annotate(game, review)
        result.pdn = write_game(game)
    return result


def _worker_start() -> None:
    from multiprocessing.util import Finalize

    Finalize(None, close_engines, exitpriority=10)  # run when the worker ends normally
    if hasattr(signal, "SIGTERM") and sys.platform != "win32":
        signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, _frame: object) -> None:
    """A cancelled review terminates the workers: a worker's Hub engines (each in a process
    group of its own, which the worker's end would not reach) are killed before it ends."""
    for engine in list(_ENGINES.values()):
        if isinstance(engine, HubEngine):
            engine.abort()
    os._exit(128 + signum)


def review_tasks(
    tasks: Sequence[GameTask], jobs: int | None = None, should_stop: StopFlag | None = None
) -> Iterator[GameResult]:
    """Review the games in order; ``jobs`` processes (default: one per core, 1 = here).

    ``should_stop`` is polled (about ten times a second); when it returns True the workers
    are terminated and ReviewCancelled is raised.  Stop early by closing the generator.
    """
    if jobs is None:
        jobs = os.cpu_count() or 1
    if jobs <= 1 or len(tasks) <= 1:
        try:
            for task in tasks:
                result = review_task(task, should_stop)
                if should_stop is not None and should_stop():
                    raise ReviewCancelled
                yield result
        except ReviewCancelled:
            raise
        finally:
            close_engines()
        return
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(min(jobs, len(tasks)), initializer=_worker_start)
    finished = False
    try:
        pending = pool.imap(review_task, tasks, chunksize=1)
        for _ in tasks:
            while True:
                if should_stop is not None and should_stop():
                    raise ReviewCancelled
                try:
                    result = pending.next(timeout=POLL)
                except multiprocessing.TimeoutError:
                    continue
                break
            yield result
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()
