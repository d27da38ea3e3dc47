"""The engine for rule sets with towers (Bashni): alpha-beta over raw tower states.

The main search (:mod:`.search`) keeps positions as three bitboards, which cannot hold a
tower's column; this one keeps ``(white, black, kings, stacks)`` states and plays the tower
move generator's raw moves on them (:mod:`..core.towers`), with a transposition table that
remembers each state's best move and bound, iterative deepening that tries the last best
move first, and captures first.  It is slower than the main search, but sees every tower.

The evaluation is the rule set's usual one for the top pieces (what moves and captures) plus
the pieces inside the towers: a piece of the side's own colour under an opponent's top may
come free (half a man), a prisoner under the side's own top is kept from play (a quarter of a
man).  ``noise`` adds a fixed jitter per state (the weaker levels), as in the main search.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from ..core.move import Move
from ..core.movegen import RawMove
from ..core.position import Position
from ..core.rules import Color, RuleSet
from ..core.towers import Stacks, TowerGenerator, tower_generator, unique
from .evaluate import Evaluator, evaluator
from .search import WIN, Limit, SearchResult

FREE_LATER: Final = 50  # an own piece under the opponent's top: may come free
PRISONER: Final = 25  # an opponent's piece under an own top: out of play while the tower stands
TABLE_LIMIT: Final = 400_000  # entries kept in the transposition table before it starts afresh
StopFlag = Callable[[], bool]
# a state as (the tops and the side to move packed in one int, the towers as text): ints
# and strings are no work for the cyclic garbage collector, nested tuples of a table this
# size were (a quarter of the compiled search's time)
Key = tuple[int, str]
EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2


class _Stop(Exception):
    """The time, node budget or the caller's flag ends the search."""


def _stack_score(white: int, stacks: Iterable[tuple[int, str]]) -> int:
    """The towers' inner pieces, from White's point of view."""
    score = 0
    for bit, below in stacks:
        whites = below.count("w") + below.count("W")
        if (white >> bit) & 1:
            # White's pieces under a White top: kept for White (a prisoner's weight); Black's
            # may come free
            score += PRISONER * whites - FREE_LATER * (len(below) - whites)
        else:
            score += FREE_LATER * whites - PRISONER * (len(below) - whites)
    return score


def tower_score(pos: Position) -> int:
    """The static score of ``pos`` from the side to move (hundredths of a man)."""
    ev = evaluator(pos.rules)
    score = ev.white_score(pos.white, pos.black, pos.kings) + _stack_score(pos.white, pos.stacks)
    return ev.finish(score, pos.turn is Color.WHITE)


def _taken_fewest(r: RawMove) -> int:
    return -len(r[5])


# a table entry's fields: the best move's place + 1 (0: none) in the low bits, then the bound,
# the depth (quiescence goes down to -3) and the score (within +-WIN + 1)
_FLAG_SHIFT: Final = 24
_PLACE_MASK: Final = (1 << _FLAG_SHIFT) - 1
_DEPTH_SHIFT: Final = _FLAG_SHIFT + 2
_DEPTH_BIAS: Final = 8
_SCORE_SHIFT: Final = _DEPTH_SHIFT + 8
_SCORE_BIAS: Final = 1 << 15


def _entry(depth: int, score: int, flag: int, place: int) -> int:
    """A table entry: ``place`` is the best move's index + 1 in the state's moves (0: none)."""
    return (
        ((score + _SCORE_BIAS) << _SCORE_SHIFT)
        | ((depth + _DEPTH_BIAS) << _DEPTH_SHIFT)
        | (flag << _FLAG_SHIFT)
        | place
    )


def _entry_fields(entry: int) -> tuple[int, int, int, int]:
    """(depth, score, flag, place) of a table entry (see :func:`_entry`)."""
    return (
        ((entry >> _DEPTH_SHIFT) & 0xFF) - _DEPTH_BIAS,
        (entry >> _SCORE_SHIFT) - _SCORE_BIAS,
        (entry >> _FLAG_SHIFT) & 3,
        entry & _PLACE_MASK,
    )


_SQUARE_CHAR: Final = 0x100  # chr(0x100 + square): never one of the letters w, W, b, B


def _key(w: int, b: int, k: int, wtm: bool, stacks: Stacks, shift: int) -> Key:
    """The state's key; ``shift`` is the board's bit width (no two states share a key)."""
    packed = (((((w << shift) | b) << shift) | k) << 1) | int(wtm)
    if not stacks:
        return packed, ""
    # each tower: its square as one character above the letters' range, then its letters
    return packed, "".join([chr(_SQUARE_CHAR + bit) + stacks[bit] for bit in sorted(stacks)])


class _Search:
    def __init__(
        self,
        rules: RuleSet,
        limit: Limit,
        should_stop: StopFlag | None,
        history: Iterable[Position],
        noise: int,
        seed: int,
    ) -> None:
        self.rules = rules
        self.gen: TowerGenerator = tower_generator(rules)
        self.ev: Evaluator = evaluator(rules)
        self.giveaway = rules.giveaway
        self.limit = limit
        self.max_nodes = -1 if limit.nodes is None else limit.nodes  # read on every node
        self.should_stop = should_stop
        self.noise = noise
        self.seed = seed
        self.nodes = 0
        self.began = time.perf_counter()
        self.shift = self.gen.valid.bit_length()
        self.seen: set[Key] = set()
        for pos in history:
            wtm = pos.turn is Color.WHITE
            self.seen.add(_key(pos.white, pos.black, pos.kings, wtm, dict(pos.stacks), self.shift))
        self.path: set[Key] = set()
        # an entry packs (depth, score, bound, the best move's place in the state's moves)
        self.table: dict[Key, int] = {}

    def check(self) -> None:
        self.nodes += 1
        if 0 <= self.max_nodes < self.nodes:
            raise _Stop
        if self.nodes % 128 == 0:
            limit = self.limit
            if limit.movetime is not None and time.perf_counter() - self.began > limit.movetime:
                raise _Stop
            if self.should_stop is not None and self.should_stop():
                raise _Stop

    def evaluate(self, w: int, b: int, k: int, wtm: bool, stacks: Stacks) -> int:
        score = self.ev.finish(self.ev.white_score(w, b, k) + _stack_score(w, stacks.items()), wtm)
        if self.noise:
            spread = 2 * self.noise + 1
            # the towers as a number: a string's hash() changes from one process to the next,
            # and the jitter must be the same in every run (and in compiled and pure code)
            towers = zlib.crc32(repr(tuple(sorted(stacks.items()))).encode()) if stacks else 0
            score += hash((w, b, k, wtm, towers, self.seed)) % spread - self.noise
        return score

    def negamax(
        self,
        w: int,
        b: int,
        k: int,
        stacks: Stacks,
        wtm: bool,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> tuple[int, list[RawMove]]:
        self.check()
        key = _key(w, b, k, wtm, stacks, self.shift)
        if key in self.seen or key in self.path:
            return 0, []  # a position of the game or of this line again: a draw
        gen = self.gen
        raws = unique(gen.legal(w, b, k, stacks, wtm))
        if not raws:
            loss = -(WIN - ply)
            return (-loss if self.giveaway else loss), []
        captures = bool(raws[0][2])
        if depth <= 0 and not (captures and depth > -4):
            return self.evaluate(w, b, k, wtm, stacks), []
        entry = self.table.get(key)
        first: RawMove | None = None
        if entry is not None:
            e_depth, e_score, e_flag, place = _entry_fields(entry)
            if place:
                first = raws[place - 1]
            usable = e_depth >= depth and abs(e_score) < WIN - 200
            if usable and (
                e_flag == EXACT
                or (e_flag == LOWER and e_score >= beta)
                or (e_flag == UPPER and e_score <= alpha)
            ):
                return e_score, [first] if first is not None else []
        # the remembered best move first, then the captures taking the most (both stable:
        # the generator's order otherwise)
        moves = raws  # the generator's order, where the table's entry finds its move
        if captures and len(raws) > 1:
            most = len(raws[0][5])
            if any(len(r[5]) != most for r in raws):
                raws = sorted(raws, key=_taken_fewest)
        if first is not None and raws[0] != first:
            # by value: compiled code unboxes the tuples, so their identity is not kept
            raws = [first] + [r for r in raws if r != first]
        start_alpha = alpha
        best = -WIN - 1
        best_line: list[RawMove] = []
        self.path.add(key)
        try:
            for r in raws:
                w2, b2, k2, s2 = gen.apply(w, b, k, stacks, wtm, r)
                score, line = self.negamax(
                    w2, b2, k2, s2, not wtm, depth - 1, -beta, -alpha, ply + 1
                )
                score = -score
                if score > best:
                    best, best_line = score, [r, *line]
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
        finally:
            self.path.discard(key)
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        place = moves.index(best_line[0]) + 1 if best_line else 0
        self.table[key] = _entry(depth, best, flag, place)
        return best, best_line


def tower_search(
    position: Position,
    limit: Limit,
    should_stop: StopFlag | None = None,
    *,
    history: Iterable[Position] = (),
    only: Sequence[Move] | None = None,
    on_iteration: Callable[[SearchResult], None] | None = None,
    noise: int = 0,
    seed: int = 0,
) -> SearchResult:
    """Iterative deepening to ``limit`` (depth 64 at most); the best line found so far when
    the time, the node budget or ``should_stop`` ends it (never None while a move exists)."""
    search = _Search(position.rules, limit, should_stop, history, noise, seed)
    moves = list(only) if only else position.legal_moves()
    if not moves:
        return SearchResult(None, -WIN, 0, 0, [], 0.0)
    result = SearchResult(moves[0], 0, 0, 0, [moves[0]], 0.0)
    if len(moves) == 1 and limit.depth is None:
        return result  # a forced move: nothing to think about
    gen = search.gen
    w, b, k = position.white, position.black, position.kings
    stacks = dict(position.stacks)
    wtm = position.turn is Color.WHITE
    root_key = _key(w, b, k, wtm, stacks, search.shift)
    search.path.add(root_key)
    for depth in range(1, (limit.depth or 64) + 1):
        try:
            alpha, best, line = -WIN - 1, -WIN - 1, [moves[0]]
            order = sorted(moves, key=lambda m: m != result.move)  # last best first
            for move in order:
                raw = move.raw
                assert raw is not None
                w2, b2, k2, s2 = gen.apply(w, b, k, stacks, wtm, raw)
                score, rest = search.negamax(
                    w2, b2, k2, s2, not wtm, depth - 1, -WIN - 1, -alpha, 1
                )
                if -score > best:
                    best, line = -score, [move, *_moves(position.play(move), rest)]
                alpha = max(alpha, best)
        except _Stop:
            break
        result = SearchResult(
            line[0], best, depth, search.nodes, line, time.perf_counter() - search.began
        )
        if on_iteration is not None:
            on_iteration(result)
        if abs(best) > WIN - 100:
            break
    return SearchResult(
        result.move,
        result.score,
        result.depth,
        search.nodes,
        list(result.pv),
        time.perf_counter() - search.began,
    )


def _moves(position: Position, raws: list[RawMove]) -> list[Move]:
    """The raw line from ``position`` as the positions' own moves (for the principal line)."""
    out: list[Move] = []
    for raw in raws:
        found = next(
            (
                m
                for m in position.legal_moves()
                if m.raw is not None
                and (m.raw[0], m.raw[1], sorted(m.raw[5])) == (raw[0], raw[1], sorted(raw[5]))
            ),
            None,
        )
        if found is None:
            break
        b2s = position.geometry.bit_to_sq
        path = (b2s[raw[0]],) + tuple(b2s[x] for x in raw[4])
        out.append(found if found.path == path or not raw[2] else found.with_path(path))
        position = position.play_raw(raw)
    return out
