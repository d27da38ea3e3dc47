"""The engine interface that the built-in engine and Hub engines share.  No Qt.

An engine analyses a position under a :class:`~dame_desktop.ai.search.Limit` (seconds, depth,
nodes) and answers with an :class:`Analysis`: its lines, best first, each with the first move,
the score (men or a forced end, from the side to move) and the principal variation as core
moves.  ``play`` asks for a move to play.  ``stop()`` may be called from any thread and ends
the search that is running (its best result so far is returned); everything else is called
from one thread at a time (the window's AI thread, a worker process).
"""

from __future__ import annotations

import abc
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Self

from ..ai.limit import Limit
from ..core import Color, HuffChoice, Move, Position, RuleSet
from .faults import Fault, FaultKind
from .score import Score

if TYPE_CHECKING:  # the advice (and its search) loads when a decision is asked for
    from ..ai.advice import DrawAnswer, Scorer
    from ..ai.levels import Level

StopFlag = Callable[[], bool]


class EngineError(Exception):
    """An engine failed (would not start, crashed, hung, sent an illegal move or garbage).

    ``fault`` says what happened as a value (:class:`~dame_desktop.engines.faults.Fault`); the
    message is its English text, one line.  The engine process, if any, has been stopped and
    reaped when this is raised, so the caller can fall back to the built-in engine.  A plain
    message is taken as a fault of kind ``OTHER``.
    """

    def __init__(self, fault: Fault | str) -> None:
        if isinstance(fault, str):
            fault = Fault.of(FaultKind.OTHER, message=fault)
        self.fault = fault
        super().__init__(fault.text())


@dataclass(frozen=True)
class Line:
    """One line of an analysis: its first move, score (side to move), depth and moves."""

    move: Move
    score: Score
    depth: int
    pv: tuple[Move, ...]  # starts with ``move``


@dataclass(frozen=True)
class Analysis:
    """What an engine found in ``position``; ``lines`` best first (empty without a legal move)."""

    position: Position
    lines: tuple[Line, ...]
    score: Score
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    engine: str = ""
    complete: bool = True  # False when stopped before the limit was reached
    # the endgame tables' verdict for the side to move: "win", "loss" or "draw" ("": they do
    # not cover the position, or the engine has none)
    endgame: str = ""

    @property
    def best(self) -> Line | None:
        return self.lines[0] if self.lines else None

    @property
    def move(self) -> Move | None:
        return self.lines[0].move if self.lines else None

    @property
    def pv(self) -> tuple[Move, ...]:
        return self.lines[0].pv if self.lines else ()


InfoCallback = Callable[[Analysis], None]


@dataclass
class EngineInfo:
    """What an engine says about itself (the Hub handshake; fixed for the built-in one)."""

    name: str
    author: str = ""
    version: str = ""
    country: str = ""
    variants: tuple[str, ...] = ()  # Hub variant names it declares
    params: dict[str, dict[str, str]] = field(default_factory=dict)  # name -> declared fields
    protocol: int = 2  # the Hub protocol version it speaks (1: Scan 2.0's)

    @property
    def title(self) -> str:
        """The engine as a player is named: its name and version ("Scan 3.1"), the name
        alone when there is no version or the name already ends with it."""
        name, version = self.name.strip(), self.version.strip()
        if not version or name.endswith(version):
            return name
        return f"{name} {version}"


class Engine(abc.ABC):
    """An analysing and playing engine (built-in or external)."""

    #: lines the engine can give at once (multi-PV); 1 for engines without multi-PV
    max_lines: int = 1

    def __init__(self) -> None:
        self._stop_event = threading.Event()

    @property
    @abc.abstractmethod
    def info(self) -> EngineInfo:
        """Name, author, version and the variants the engine declares."""

    @property
    def name(self) -> str:
        return self.info.name

    @abc.abstractmethod
    def supports(self, rules: RuleSet) -> bool:
        """Whether the engine plays these rules (the built-in engine plays every rule set)."""

    @abc.abstractmethod
    def analyse(
        self,
        position: Position,
        limit: Limit,
        *,
        lines: int = 1,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        should_stop: StopFlag | None = None,
        on_info: InfoCallback | None = None,
    ) -> Analysis:
        """Search ``position`` within ``limit``; the best ``lines`` (at most ``max_lines``).

        ``history`` holds the game's earlier positions, oldest first (a return to one of them
        is a draw), ``quiet_plies`` the count for the rule set's quiet-move draw rule.
        ``should_stop`` is polled; ``on_info`` receives the analysis so far as it deepens.
        Raises EngineError when an external engine fails.
        """

    def play(
        self,
        position: Position,
        limit: Limit,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        should_stop: StopFlag | None = None,
    ) -> Move:
        """The move the engine plays; raises EngineError (also when there is no legal move)."""
        result = self.analyse(
            position, limit, history=history, quiet_plies=quiet_plies, should_stop=should_stop
        )
        if result.move is None:
            raise EngineError(
                Fault.of(FaultKind.NO_LEGAL_MOVE, engine=self.name, fen=position.fen())
            )
        return result.move

    # -- the decisions of play, written once (ai.advice) on top of this engine's search -------

    def scorer(self, history: Sequence[Position] = (), quiet_plies: int = 0) -> Scorer | None:
        """How the decisions below value a position: this engine's analysis (None: the
        built-in search's own, see ``BuiltinEngine``)."""
        past = tuple(history)

        def score(position: Position, limit: Limit, should_stop: StopFlag | None) -> int:
            return self.analyse(
                position, limit, history=past, quiet_plies=quiet_plies, should_stop=should_stop
            ).score.to_search()

        return score

    def answer_draw(
        self,
        position: Position,
        level: Level | None = None,
        *,
        engine: Color | None = None,
        recent_scores: Sequence[int] = (),
        limit: Limit | None = None,
        should_stop: StopFlag | None = None,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
    ) -> DrawAnswer:
        """The answer to a draw offer made to ``engine`` (``ai.advice.answer_draw_offer``'s
        policy, judged with this engine's search)."""
        from ..ai.advice import answer_draw_offer

        return answer_draw_offer(
            position,
            level,
            engine=engine,
            recent_scores=recent_scores,
            limit=limit,
            should_stop=should_stop,
            history=history,
            quiet_plies=quiet_plies,
            scorer=self.scorer(history, quiet_plies),
        )

    def decide_huff(
        self,
        before: Position,
        after: Position,
        candidates: Sequence[int] | None = None,
        limit: Limit | None = None,
        should_stop: StopFlag | None = None,
    ) -> tuple[HuffChoice, int | None]:
        """The huffing decision on the opponent's missed capture (``ai.advice.should_huff``,
        judged with this engine's search)."""
        from ..ai.advice import should_huff

        return should_huff(
            before, after, after.rules, candidates, limit, should_stop, scorer=self.scorer()
        )

    def stop(self) -> None:
        """End the running search soon (safe from any thread; no effect when idle)."""
        self._stop_event.set()

    def _begin(self, should_stop: StopFlag | None) -> StopFlag:
        """A stop flag for a new search: ``stop()`` or the caller's flag."""
        self._stop_event.clear()
        event = self._stop_event
        if should_stop is None:
            return event.is_set
        return lambda: event.is_set() or should_stop()

    def new_game(self) -> None:  # noqa: B027 - optional hook
        """The next searches belong to another game (forget kept tables)."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the engine (an external process is asked to quit, then stopped)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def terminal_score(position: Position) -> Score:
    """The score of a position without a legal move: lost (won under giveaway rules)."""
    return Score.forced(0, position.rules.giveaway)


def quiet_count(rules: RuleSet, position: Position, move: Move, count: int) -> int:
    """The quiet-move draw counter after ``move`` (the rule set's resets, as core.Game counts)."""
    if not rules.draw_quiet_plies:
        return 0
    piece = position.piece_at(move.from_sq)
    man = piece is not None and not piece.is_king
    if (
        move.is_capture
        or (rules.draw_quiet_reset_man_move and man)
        or (rules.draw_quiet_reset_promotion and move.promotes)
    ):
        return 0
    return count + 1
