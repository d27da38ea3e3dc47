"""The engine for rule sets with towers (Bashni): a plain alpha-beta search over Positions.

The main search (:mod:`.search`) keeps positions as three bitboards, which cannot hold a
tower's column; this one plays through :class:`Position` (whose ``stacks`` hold the columns)
and is slower, but sees every tower.  The evaluation is the rule set's usual one for the top
pieces (what moves and captures) plus the pieces inside the towers: a piece of the side's own
colour under an opponent's top may come free (half a man), a prisoner under the side's own top
is kept from play (a quarter of a man).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from ..core.move import Move
from ..core.position import Position
from ..core.rules import Color
from .evaluate import evaluator
from .search import WIN, Limit, SearchResult

FREE_LATER = 50  # an own piece under the opponent's top: may come free
PRISONER = 25  # an opponent's piece under an own top: out of play while the tower stands
StopFlag = Callable[[], bool]


class _Stop(Exception):
    """The time, node budget or the caller's flag ends the search."""


def tower_score(pos: Position) -> int:
    """The static score of ``pos`` from the side to move (hundredths of a man)."""
    ev = evaluator(pos.rules)
    score = ev.white_score(pos.white, pos.black, pos.kings)
    for bit, below in pos.stacks:
        top_white = bool((pos.white >> bit) & 1)
        for letter in below:
            white_piece = letter in "wW"
            value = FREE_LATER if white_piece != top_white else PRISONER
            # the piece helps its owner when it may come free, the top's owner when kept
            if white_piece != top_white:
                score += value if white_piece else -value
            else:
                score += value if top_white else -value
    return ev.finish(score, pos.turn is Color.WHITE)


class _Search:
    def __init__(self, limit: Limit, should_stop: StopFlag | None,
                 history: Iterable[Position]) -> None:
        self.limit = limit
        self.should_stop = should_stop
        self.nodes = 0
        self.began = time.perf_counter()
        self.seen = set(history)

    def check(self) -> None:
        self.nodes += 1
        limit = self.limit
        if limit.nodes is not None and self.nodes > limit.nodes:
            raise _Stop
        if self.nodes % 128 == 0:
            if limit.movetime is not None and time.perf_counter() - self.began > limit.movetime:
                raise _Stop
            if self.should_stop is not None and self.should_stop():
                raise _Stop

    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int,
                ) -> tuple[int, list[Move]]:
        self.check()
        moves = pos.legal_moves()
        if not moves:
            loss = -(WIN - ply)
            return (-loss if pos.rules.giveaway else loss), []
        if ply and pos in self.seen:
            return 0, []
        captures = moves[0].is_capture
        if depth <= 0 and not (captures and depth > -4):
            return tower_score(pos), []
        best_line: list[Move] = []
        best = -WIN - 1
        for move in sorted(moves, key=lambda m: -len(m.captured)):
            score, line = self.negamax(pos.play(move), depth - 1, -beta, -alpha, ply + 1)
            score = -score
            if score > best:
                best, best_line = score, [move, *line]
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best, best_line


def tower_search(
    position: Position,
    limit: Limit,
    should_stop: StopFlag | None = None,
    *,
    history: Iterable[Position] = (),
    only: Sequence[Move] | None = None,
    on_iteration: Callable[[SearchResult], None] | None = None,
) -> SearchResult:
    """Iterative deepening to ``limit`` (depth 64 at most); the best line found so far when
    the time, the node budget or ``should_stop`` ends it (never None while a move exists)."""
    search = _Search(limit, should_stop, history)
    moves = list(only) if only else position.legal_moves()
    if not moves:
        return SearchResult(None, -WIN, 0, 0, [], 0.0)
    result = SearchResult(moves[0], 0, 0, 0, [moves[0]], 0.0)
    if len(moves) == 1 and limit.depth is None:
        return result  # a forced move: nothing to think about
    for depth in range(1, (limit.depth or 64) + 1):
        try:
            alpha, best, line = -WIN - 1, -WIN - 1, [moves[0]]
            order = sorted(moves, key=lambda m: m != result.move)  # last best first
            for move in order:
                score, rest = search.negamax(position.play(move), depth - 1, -WIN - 1,
                                             -alpha, 1)
                if -score > best:
                    best, line = -score, [move, *rest]
                alpha = max(alpha, best)
        except _Stop:
            break
        result = SearchResult(line[0], best, depth, search.nodes, line,
                              time.perf_counter() - search.began)
        if on_iteration is not None:
            on_iteration(result)
        if abs(best) > WIN - 100:
            break
    return SearchResult(result.move, result.score, result.depth, search.nodes, list(result.pv),
                        time.perf_counter() - search.began)
