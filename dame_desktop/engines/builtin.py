"""The built-in engine (``dame_desktop.ai.search``) behind the engine interface.

Multi-PV: the search has none, so the second line is a search of the same position with the
first line's move excluded at the root (``only=`` the other moves), the third with both
excluded, and so on.  Each line gets the whole limit, so their scores are comparable; the
tables kept in a :class:`~dame_desktop.ai.search.SearchMemory` make the later searches cheap.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..ai.search import Limit, SearchMemory, SearchResult, search
from ..core import Move, Position, RuleSet
from .base import (
    Analysis,
    Engine,
    EngineInfo,
    InfoCallback,
    Line,
    StopFlag,
    quiet_count,
    terminal_score,
)
from .score import Score

if TYPE_CHECKING:
    from ..ai.advice import Scorer
    from ..ai.book import BookMemory
    from ..ai.levels import Level
    from ..ai.timeman import GameClock

BUILTIN_NAME = "Dame"
FORCED_CHAIN = 60  # forced plies followed before searching (a loop of forced moves ends)


class BuiltinEngine(Engine):
    """Dame's own search.  Keeps its tables between searches (one engine per thread)."""

    max_lines = 64

    def __init__(self, memory: SearchMemory | None = None) -> None:
        super().__init__()
        self.memory = memory if memory is not None else SearchMemory()
        self._info = EngineInfo(name=BUILTIN_NAME, author="Dame", version=_version())

    @property
    def info(self) -> EngineInfo:
        return self._info

    def supports(self, rules: RuleSet) -> bool:
        return True

    def new_game(self) -> None:
        self.memory.clear()

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
        stop = self._begin(should_stop)
        started = time.perf_counter()
        legal = position.legal_moves()
        if not legal:
            return Analysis(position, (), terminal_score(position), engine=self.name)
        if len(legal) == 1 and limit.depth is None:
            return self._forced(
                position, limit, history, quiet_plies, should_stop, on_info, started
            )
        wanted = max(1, min(lines, len(legal), self.max_lines))
        found: list[Line] = []
        spent = [0]  # nodes of the finished lines
        complete = True
        endgame = ""  # the tables' verdict on the position (every line's search gives it)

        def iteration(result: SearchResult) -> None:
            if on_info is None or result.move is None:
                return
            line = _line(result)
            on_info(
                Analysis(
                    position,
                    tuple(found) + (line,),
                    line.score,
                    result.depth,
                    spent[0] + result.nodes,
                    time.perf_counter() - started,
                    self.name,
                    complete=False,
                    endgame=result.endgame,
                )
            )

        for index in range(wanted):
            excluded = {line.move for line in found}
            only = [m for m in legal if m not in excluded] if excluded else None
            result = search(
                position,
                position.rules,
                limit,
                stop,
                history=history,
                quiet_plies=quiet_plies,
                only=only,
                on_iteration=iteration,
                memory=self.memory,
            )
            spent[0] += result.nodes
            endgame = endgame or result.endgame
            if result.move is None:
                break
            found.append(_line(result))
            if stop():
                complete = False
                break
            if index + 1 < wanted and on_info is not None:
                on_info(
                    Analysis(
                        position,
                        tuple(found),
                        found[0].score,
                        found[0].depth,
                        spent[0],
                        time.perf_counter() - started,
                        self.name,
                        complete=False,
                        endgame=endgame,
                    )
                )
        found.sort(key=lambda line: -line.score.sort_key())
        best = found[0]
        return Analysis(
            position,
            tuple(found),
            best.score,
            best.depth,
            spent[0],
            time.perf_counter() - started,
            self.name,
            complete,
            endgame,
        )

    def _forced(
        self,
        position: Position,
        limit: Limit,
        history: Sequence[Position],
        quiet_plies: int,
        should_stop: StopFlag | None,
        on_info: InfoCallback | None,
        started: float,
    ) -> Analysis:
        """One legal move: the search would stop at once (depth 1), so search where the
        forced moves lead and count those plies back."""
        chain: list[Move] = []
        hist = list(history)
        pos = position
        qp = quiet_plies
        while len(chain) < FORCED_CHAIN:
            legal = pos.legal_moves()
            if len(legal) != 1:
                break
            move = legal[0]
            chain.append(move)
            hist.append(pos)
            qp = quiet_count(pos.rules, pos, move, qp)
            pos = pos.play(move)
        if pos.legal_moves() and len(chain) < FORCED_CHAIN:
            sub = self.analyse(pos, limit, history=hist, quiet_plies=qp, should_stop=should_stop)
            score, tail, depth, nodes, complete = (
                sub.score,
                sub.pv,
                sub.depth,
                sub.nodes,
                sub.complete,
            )
            endgame = sub.endgame
        elif pos.legal_moves():  # a very long forced run: judge where it got to
            sub = self.analyse(pos, Limit(depth=1), history=hist, quiet_plies=qp)
            score, tail, depth, nodes, complete = sub.score, (), 1, sub.nodes, True
            endgame = sub.endgame
        else:
            score, tail, depth, nodes, complete = terminal_score(pos), (), 0, 0, True
            endgame = ""
        for _ in chain:
            score = score.before_move()
            # a forced move passes the verdict on, for the other side
            endgame = {"win": "loss", "loss": "win"}.get(endgame, endgame)
        line = Line(chain[0], score, depth + len(chain), (*chain, *tail))
        result = Analysis(
            position,
            (line,),
            score,
            line.depth,
            nodes,
            time.perf_counter() - started,
            self.name,
            complete,
            endgame,
        )
        if on_info is not None:
            on_info(result)
        return result

    def play(
        self,
        position: Position,
        limit: Limit,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        should_stop: StopFlag | None = None,
    ) -> Move:
        return super().play(
            position, limit, history=history, quiet_plies=quiet_plies, should_stop=should_stop
        )

    # -- what only the built-in engine does: play at a level, and its own advice -------------

    def scorer(self, history: Sequence[Position] = (), quiet_plies: int = 0) -> Scorer | None:
        """The draw and huffing decisions use the plain search (fresh tables, one line)."""
        return None

    def play_level(
        self,
        position: Position,
        level: Level,
        rng: random.Random,
        should_stop: StopFlag | None = None,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        keep_tables: bool = False,
        clock: GameClock | None = None,
        book: BookMemory | None = None,
    ) -> SearchResult:
        """The move at ``level`` (noise, the level's time or ``clock``, the opening ``book``:
        ``ai.advice.choose_move``); ``keep_tables``: start from the tables of the last move."""
        from ..ai.advice import choose_move

        return choose_move(
            position,
            level,
            rng,
            self._begin(should_stop),
            history=history,
            quiet_plies=quiet_plies,
            memory=self.memory if keep_tables else None,
            clock=clock,
            book=book,
        )

    def best_move(
        self,
        position: Position,
        limit: Limit | None = None,
        should_stop: StopFlag | None = None,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
    ) -> SearchResult:
        """The best move for the player (``ai.advice.hint``: a second by default)."""
        from ..ai.advice import hint

        return hint(
            position, limit, self._begin(should_stop), history=history, quiet_plies=quiet_plies
        )

    def steady(
        self,
        position: Position,
        limit: Limit | None = None,
        should_stop: StopFlag | None = None,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
    ) -> SearchResult:
        """A quick noise-free search of ``position`` (``ai.advice.analyse``)."""
        from ..ai.advice import analyse

        return analyse(
            position, limit, self._begin(should_stop), history=history, quiet_plies=quiet_plies
        )


def _line(result: SearchResult) -> Line:
    assert result.move is not None
    pv = tuple(result.pv) if result.pv else (result.move,)
    return Line(result.move, Score.from_search(result.score), result.depth, pv)


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("dame-desktop")
    except Exception:  # not installed (a source checkout run in place)
        return "0"
