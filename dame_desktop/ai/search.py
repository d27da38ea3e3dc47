"""Iterative-deepening PVS alpha-beta over raw bitboards.

Inside the tree a position is ``(white, black, kings, white_to_move)`` and a move is the move
generator's raw tuple; ``Move`` objects appear only at the root and in the result.  Captures
are compulsory in draughts, so the quiescence search simply keeps searching while the side to
move has a capture, and stands pat otherwise.

The tables hold plain integers only: a position's key, a table entry (depth, bound, score and
the best move's identity) and an evaluation-cache key are each packed into one int.  Ints are
not tracked by the cyclic garbage collector, so a table of hundreds of thousands of entries
costs a collection nothing; tuples would be (the first collection after a long search had to
walk millions of them, a freeze of 0.2-0.5 s in the window's thread).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..core.errors import RulesError
from ..core.game import three_kings_against_lone_king
from ..core.move import Move
from ..core.movegen import RawMove, generator, popcount
from ..core.position import Position
from ..core.rules import Color, RuleSet
from .egtb import RESULT_NAMES as TABLE_RESULTS
from .egtb import Tables, tables_for
from .egtb_build import DRAW as TABLE_DRAW
from .egtb_build import LOSS as TABLE_LOSS
from .egtb_build import WIN as TABLE_WIN
from .evaluate import evaluator
from .limit import Limit as Limit  # the place every caller imports it from
from .timeman import TimePlan

WIN: Final = 30000
WIN_BOUND: Final = WIN - 1000  # scores beyond this are won or lost by force
INF: Final = WIN + 1
MAX_PLY: Final = 120
TT_LIMIT: Final = 400_000  # entries in all generations together; about 100 MB at most
EVAL_CACHE_LIMIT: Final = 200_000
ASPIRATION: Final = 35  # half-width of the root window in hundredths
# a position the endgame tables call won: above every evaluation, below the forced wins the
# search sees to the end (WIN_BOUND), so that a shorter way into the tables counts more
TABLE_SCORE: Final = 20000
TABLE_EVAL_SPAN: Final = 2000  # the evaluation inside a won table (progress), clipped to this
# a position of the root's material where the root is in the tables: won (lost) for the side to
# move scores this much above (below) its evaluation, so the search keeps to the won positions
# and looks among them for the capture or crowning that takes it to a smaller table
TABLE_BAND: Final = 10000
BAND_SPAN: Final = TABLE_EVAL_SPAN + MAX_PLY
MAX_TABLE_LINE: Final = 80  # the most plies of a table ending's line shown after the move
CHECK_EVERY: Final = 255  # poll the clock and the stop flag every 256 nodes
# At a poll, hand the interpreter lock to other threads (the window) when this long has passed
# since the last hand-over: compiled code runs no bytecode loop that would switch threads.
YIELD_EVERY: Final = 0.002

_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2

StopFlag = Callable[[], bool]


@dataclass(frozen=True)
class SearchResult:
    """The outcome of a search.  ``score`` is in hundredths of a man from the side to move."""

    move: Move | None
    score: int
    depth: int
    nodes: int
    pv: list[Move] = field(default_factory=list)
    seconds: float = 0.0
    # the endgame tables' verdict on the position searched, for the side to move: "win",
    # "loss" or "draw" (the window words it), "" where the tables do not cover it
    endgame: str = ""

    def __reduce__(self) -> tuple[type[SearchResult], tuple[object, ...]]:
        return (
            SearchResult,
            (
                self.move,
                self.score,
                self.depth,
                self.nodes,
                list(self.pv),
                self.seconds,
                self.endgame,
            ),
        )

    @property
    def is_win(self) -> bool:
        return self.score > WIN_BOUND

    @property
    def is_loss(self) -> bool:
        return self.score < -WIN_BOUND

    def moves_to_end(self) -> int | None:
        """Plies to the forced end when the score is a forced win or loss, else None."""
        if abs(self.score) > WIN_BOUND:
            return WIN - abs(self.score)
        return None


class _Stop(Exception):
    """Raised inside the tree when time, nodes or the caller say stop."""


TableKey = int  # see Searcher._key: the pieces and the side to move in one int
TableEntry = int  # see _entry: depth, bound, score and the best move's identity
HistTable = dict[int, int]  # by move_key(white to move, from, to)
EvalCache = dict[int, int]  # by the pieces in one int

# a table entry: score + _SCORE_BIAS in the low 16 bits, depth + _DEPTH_BIAS in the next 8,
# the bound in 2 more, then the best move's identity + 1 (0: none)
_SCORE_BIAS: Final = 1 << 15
_DEPTH_BIAS: Final = 1 << 7
_MOVE_SHIFT: Final = 26


def _entry(depth: int, flag: int, score: int, move: int) -> int:
    return (score + _SCORE_BIAS) | (depth + _DEPTH_BIAS) << 16 | flag << 24 | move << _MOVE_SHIFT


def move_identity(m: RawMove) -> int:
    """A raw move's identity (from, to, captured pieces) in one int, plus one (never 0)."""
    return (m[0] | m[1] << 8 | m[2] << 16) + 1


def hist_key(wtm: bool, frm: int, to: int) -> int:
    return frm | to << 8 | wtm << 16


def quiet_identity(m: RawMove) -> int:
    """A quiet move in one int: two quiet moves are equal exactly when these are (the killers).

    A quiet move captures nothing and its path is its destination, so from, to, whether it
    crowns and whether a king makes it are the whole tuple.
    """
    return m[0] | m[1] << 8 | m[3] << 16 | m[6] << 17


class SearchMemory:
    """What the engine keeps from one search to the next within a game.

    The transposition table, the history counters and the evaluation cache of the last search
    let the next one (two plies later) start from what was already worked out, as a player
    remembers their analysis.  Entries are keyed by the whole position, so they stay valid.
    The table has generations of at most ``limit // 3`` entries each: new entries go to
    the current one and lookups fall back to the older one; when the current generation is
    full (during a search, or half full when the next search starts) it becomes the older one
    and the oldest is dropped (a search sets at most one aside until it ends), so a long search
    never runs with a full table.  Everything is started afresh when the rules, the evaluation
    noise or its seed change.  Not thread-safe: one memory per engine thread.
    """

    def __init__(self, limit: int = TT_LIMIT, keep_dropped: bool = False) -> None:
        self.limit = limit
        self.keep_dropped = keep_dropped  # set tables aside in ``dropped`` instead of freeing
        self.rules: RuleSet | None = None
        self.signature: tuple[int, int] | None = None
        self.tt: dict[TableKey, TableEntry] = {}
        self.tt_old: dict[TableKey, TableEntry] = {}
        self.hist: HistTable = {}
        self.eval_cache: EvalCache = {}
        self.dropped: list[dict[int, int]] = []  # for the owner to free (free_dropped)

    @property
    def generation_size(self) -> int:
        return max(self.limit // 3, 1)

    def clear(self) -> None:
        """Forget everything (a new game, a set-up position)."""
        self._drop_tt()
        self._drop(self.eval_cache)
        self.eval_cache = {}
        self.hist = {}
        self.rules = None
        self.signature = None

    def _drop(self, table: dict[int, int]) -> None:
        if self.keep_dropped and table:
            self.dropped.append(table)

    def _drop_tt(self) -> None:
        self._drop(self.tt)
        self._drop(self.tt_old)
        self.tt, self.tt_old = {}, {}

    def lend(
        self, rules: RuleSet, noise: int, seed: int
    ) -> tuple[dict[TableKey, TableEntry], dict[TableKey, TableEntry], HistTable, EvalCache]:
        """The tables for a search with these settings (kept ones when they still apply)."""
        if rules != self.rules:
            self.clear()
            self.rules = rules
        if (noise, seed) != self.signature:
            self._drop_tt()
            self.signature = (noise, seed)
        elif len(self.tt) >= self.generation_size // 2:
            # room for the new search: the last one's entries become the older generation
            self._drop(self.tt_old)
            self.tt_old, self.tt = self.tt, {}
        if len(self.eval_cache) >= EVAL_CACHE_LIMIT:
            self._drop(self.eval_cache)
            self.eval_cache = {}
        # older history counts weigh less than the new search's own
        self.hist = {key: value >> 2 for key, value in self.hist.items() if value >= 4}
        return self.tt, self.tt_old, self.hist, self.eval_cache

    def take_back(
        self,
        tt: dict[TableKey, TableEntry],
        tt_old: dict[TableKey, TableEntry],
        retired: list[dict[TableKey, TableEntry]],
    ) -> None:
        """The tables as a search left them (it may have started new generations)."""
        self.tt, self.tt_old = tt, tt_old
        for table in retired:
            self._drop(table)

    def free_dropped(self, budget: int = 20_000) -> bool:
        """Free up to ``budget`` entries of the tables set aside; True while some remain.

        A caller on a GUI thread's behalf (the engine worker) calls it in a loop with a
        zero sleep between the calls, so freeing a large table never holds the interpreter
        lock for long: ``while memory.free_dropped(): time.sleep(0)``.
        """
        dropped = self.dropped
        while dropped and budget > 0:
            table = dropped[-1]
            count = min(budget, len(table))
            pop = table.popitem
            for _ in range(count):
                pop()
            budget -= count
            if not table:
                dropped.pop()
        return bool(dropped)


@dataclass
class Tuning:
    """The search's adjustable settings; every new :class:`Searcher` copies :data:`TUNING`.

    Self-play tuning (``bench/ai_ab.py --set prune_margin=0``) changes the fields of
    :data:`TUNING`; class attributes would not do (compiled code reads its own copies).
    """

    threat_extension: bool = True  # a threatened capture at the horizon gets one more ply
    # forward pruning: where a shallow search clears beta by this margin per ply, cut
    prune_margin: int = 10
    next_iteration_fraction: float = 1.0  # start another iteration while under this share
    # late-move reductions: the quiet moves from the ``reduce_from``-th on (0-based, after
    # ordering, killers excepted) are searched a ply shallower, from ``reduce_more_from`` on
    # two plies, and again at full depth when they beat alpha
    reduce_from: int = 3
    reduce_more_from: int = 8
    # probe the endgame tables built for the rule set (``ai/egtb.py``) at positions of few pieces
    endgame_tables: bool = True
    # where the root is in the tables: its material's positions score by their verdict too (a
    # draw 0, a win or loss ``TABLE_BAND`` beyond the evaluation), not by the evaluation alone
    table_band: bool = True
    # order the quiet moves that are neither the table's move nor killers by the history
    # counters (how often and how deep each from-to move was best)
    history_order: bool = True
    # aspiration: from depth 4 the root is searched in a window of this half-width around the
    # last score (0: the full window), widened when the score falls outside
    aspiration: int = ASPIRATION
    # singular extension: where the table's move proved a lower bound at nearly this depth and
    # every other move, searched at half the depth, stays this far below it, the table's move
    # gets one more ply (0: never)
    singular_margin: int = 0
    singular_depth: int = 6  # the least depth that tries it
    # static cut near the horizon: at a null-window node of at most ``futility_depth`` plies
    # with no capture for either side, an evaluation this many hundredths per ply above beta
    # cuts without a search (0: never)
    futility_margin: int = 30
    futility_depth: int = 2
    # evaluate with the learned weights of the rule set's family (``evaluate.learned_weights``:
    # the evaluation's own terms fitted on self-play) where it has any; off: the hand-set ones
    learned_eval: bool = True
    # store the positions at the horizon and below (the quiet search) in the table too; off:
    # they are looked up there but not stored, so a long search does not fill the table with
    # leaves and start new generations that drop the entries of the deeper searches
    leaves_in_table: bool = False
    # at the horizon of a quiet position, the moves that offer the opponent a capture are
    # searched too, through the captures that follow (a shot: a man given for more); the
    # position's evaluation stands when none of them does better.  On boards of at least this
    # many squares a side (0: never; 10: the 10x10 boards, where it was measured to gain)
    shot_search: int = 10


TUNING = Tuning()


class Searcher:
    """One search.  Its tables live as long as the object, or in a ``SearchMemory``."""

    def __init__(
        self,
        rules: RuleSet,
        limit: Limit,
        should_stop: StopFlag | None = None,
        noise: int = 0,
        seed: int = 0,
        history: Iterable[Position] = (),
        quiet_plies: int = 0,
        memory: SearchMemory | None = None,
        learned: bool | None = None,
        referee: bool = False,
    ) -> None:
        self.rules = rules
        tuning = TUNING
        self.threat_extension = tuning.threat_extension
        self.prune_margin = tuning.prune_margin
        self.next_iteration_fraction = tuning.next_iteration_fraction
        self.reduce_from = tuning.reduce_from
        self.reduce_more_from = tuning.reduce_more_from
        self.history_order = tuning.history_order
        self.aspiration = tuning.aspiration
        self.singular_margin = tuning.singular_margin
        self.singular_depth = tuning.singular_depth
        # a referee's tree stays as the puzzle sets were checked with: no static cut, and the
        # leaves kept in the table
        self.futility_margin = 0 if referee else tuning.futility_margin
        self.futility_depth = tuning.futility_depth
        self.leaves_in_table = referee or tuning.leaves_in_table
        self.gen = generator(rules)
        # the levels that play with noise keep the horizon they were measured with
        self.shot_search = 0 < tuning.shot_search <= self.gen.geo.size and not referee and not noise
        if learned is None:
            learned = tuning.learned_eval and not referee
        self.evaluator = evaluator(rules, learned)
        self.tables: Tables | None = tables_for(rules) if tuning.endgame_tables else None
        self.table_pieces = self.tables.max_pieces if self.tables is not None else 0
        self.table_band = tuning.table_band
        # the root's number of pieces where the root is in the tables (0: it is not)
        self.band_pieces = 0
        self.endgame = ""  # the tables' verdict on the root position
        # the root is a table draw and every move searched keeps it: the result scores 0
        self.root_drawn = False
        self.limit = limit
        self.should_stop = should_stop
        self.noise = noise
        self.seed = seed
        self.quiet_plies = quiet_plies
        self.quiet_limit = rules.draw_quiet_plies
        self.reset_man = rules.draw_quiet_reset_man_move
        self.reset_promo = rules.draw_quiet_reset_promotion
        self.giveaway = rules.giveaway
        self.three_kings = rules.draw_three_kings_diagonal
        self.one_each = rules.draw_one_each
        geo = self.gen.geo
        self.long_diagonal = geo.long_diagonal
        self.tt: dict[TableKey, TableEntry]  # the current generation of the table
        self.tt_old: dict[TableKey, TableEntry]  # the one before, looked up but not written
        self.retired: list[dict[TableKey, TableEntry]] = []  # older ones, freed after the run
        self.hist: HistTable
        self.eval_cache: EvalCache
        self.memory = memory
        if memory is not None:
            self.tt, self.tt_old, self.hist, self.eval_cache = memory.lend(rules, noise, seed)
            self.generation_size = memory.generation_size
        else:
            self.tt, self.tt_old, self.hist, self.eval_cache = {}, {}, {}, {}
            self.generation_size = TT_LIMIT // 3
        # two killer moves per ply, as quiet_identity (0: none)
        self.killers: list[list[int]] = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.shift = geo.bits  # the pieces' masks side by side in one int (see _key)
        self.path: set[int] = {
            self._key(p.white, p.black, p.kings, p.turn is Color.WHITE) for p in history
        }
        self.nodes = 0
        self.deadline = 0.0
        self.node_limit = limit.nodes or 0
        self.started = 0.0
        self.yielded = 0.0
        self.on_iteration: Callable[[SearchResult], None] | None = None
        self.timer: TimePlan | None = None  # a game clock's plan: overrides limit.movetime

    def _key(self, w: int, b: int, k: int, wtm: bool) -> int:
        """A position as one int: white to move, then the white, black and king masks."""
        s = self.shift
        return ((k << s | b) << s | w) << 1 | wtm

    # -- control -------------------------------------------------------------------------

    def _poll(self) -> None:
        if self.node_limit and self.nodes >= self.node_limit:
            raise _Stop
        now = time.perf_counter()
        if self.deadline and now >= self.deadline:
            raise _Stop
        if now - self.yielded >= YIELD_EVERY:
            self.yielded = now
            time.sleep(0)  # releases the interpreter lock: a waiting thread runs now
        stop = self.should_stop
        if stop is not None and stop():
            raise _Stop

    # -- evaluation ----------------------------------------------------------------------

    def _eval(self, w: int, b: int, k: int, wtm: bool, qp: int, key: int = -1) -> int:
        """The score for the side to move; ``key`` is the position's key (:meth:`_key`) where
        the caller has it: the evaluation cache shares it."""
        if key < 0:
            key = self._key(w, b, k, wtm)
        white = self.eval_cache.get(key)
        if white is None:
            white = self.evaluator.white_score(w, b, k)
            if len(self.eval_cache) < EVAL_CACHE_LIMIT:
                self.eval_cache[key] = white
        score = self.evaluator.finish(white, wtm, qp)
        if self.band_pieces and popcount(w | b) == self.band_pieces:
            tables = self.tables
            assert tables is not None
            value = tables.probe(w, b, k, wtm)
            if value == TABLE_DRAW:
                return 0
            if value > 0:
                if score > TABLE_EVAL_SPAN:
                    score = TABLE_EVAL_SPAN
                elif score < -TABLE_EVAL_SPAN:
                    score = -TABLE_EVAL_SPAN
                return score + TABLE_BAND if value == TABLE_WIN else score - TABLE_BAND
        if self.noise:
            spread = 2 * self.noise + 1
            score += hash((w, b, k, wtm, self.seed)) % spread - self.noise
        return score

    def _special_draw(self, w: int, b: int, k: int, wtm: bool) -> bool:
        """The old German rule: three kings against one king on the long diagonal (a draw
        unless the three kings' side is to move and can capture)."""
        strong = three_kings_against_lone_king(w, b, k, self.long_diagonal)
        if not strong:
            return False
        strong_to_move = (strong == w) == wtm
        return not (strong_to_move and self.gen.captures(w, b, k, wtm))

    # -- the tree ------------------------------------------------------------------------

    def _search(
        self,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        w: int,
        b: int,
        k: int,
        wtm: bool,
        qp: int,
    ) -> int:
        self.nodes += 1
        if not self.nodes & CHECK_EVERY:
            self._poll()
        s = self.shift
        key = ((k << s | b) << s | w) << 1 | wtm
        if k:
            if key in self.path:
                return 0
            if self.three_kings and (w & k == w or b & k == b) and self._special_draw(w, b, k, wtm):
                return 0
        if self.quiet_limit and qp >= self.quiet_limit:
            return 0
        if self.one_each and ply and w & (w - 1) == 0 and b & (b - 1) == 0 and w and b:
            return 0  # one piece each: a draw by the rules
        if (
            self.table_pieces
            and popcount(w | b) <= self.table_pieces
            and not self.gen.has_capture(w, b, k, wtm)
        ):
            tables = self.tables
            assert tables is not None
            value = tables.probe(w, b, k, wtm)
            if value == TABLE_DRAW:
                return 0
            if value > 0:  # TABLE_WIN or TABLE_LOSS (-1: not covered)
                ev = self._eval(w, b, k, wtm, qp, key)
                if ev > TABLE_EVAL_SPAN:
                    ev = TABLE_EVAL_SPAN
                elif ev < -TABLE_EVAL_SPAN:
                    ev = -TABLE_EVAL_SPAN
                if value == TABLE_WIN:
                    return TABLE_SCORE + ev - ply
                return ply - TABLE_SCORE + ev
        elif (
            self.band_pieces
            and ply
            and popcount(w | b) == self.band_pieces
            and not self.gen.has_capture(w, b, k, wtm)
        ):
            tables = self.tables
            assert tables is not None
            if tables.probe(w, b, k, wtm) == TABLE_DRAW:
                return 0  # no way on from a drawn position of the root's material
        # transposition table
        entry = self.tt.get(key)
        if entry is None:
            entry = self.tt_old.get(key)
        hmove = 0  # the table's best move, as move_identity (0: none)
        if entry is not None:
            escore = (entry & 0xFFFF) - _SCORE_BIAS
            edepth = ((entry >> 16) & 0xFF) - _DEPTH_BIAS
            eflag = (entry >> 24) & 3
            hmove = entry >> _MOVE_SHIFT
            if edepth >= depth:
                if escore > WIN_BOUND:
                    escore -= ply
                elif escore < -WIN_BOUND:
                    escore += ply
                if eflag == _EXACT:
                    return escore
                if eflag == _LOWER:
                    if escore >= beta:
                        return escore
                elif escore <= alpha:
                    return escore

        gen = self.gen
        caps = gen.captures(w, b, k, wtm)
        if caps:
            moves = gen.filter_captures(caps, k) if len(caps) > 1 else caps
        else:
            if not (w if wtm else b):
                return WIN - ply if self.giveaway else ply - WIN
            if ply >= MAX_PLY:
                return self._eval(w, b, k, wtm, qp, key)
            # at the horizon a threatened capture gets one more ply (once per line)
            if depth <= 0 and (
                depth < 0 or not self.threat_extension or not gen.has_capture(w, b, k, not wtm)
            ):
                if depth < 0 or not self.shot_search:
                    return self._eval(w, b, k, wtm, qp, key)
                return self._shots(alpha, beta, ply, w, b, k, wtm, qp, key)
            if (
                self.futility_margin
                and 0 < depth <= self.futility_depth
                and beta == alpha + 1
                and -WIN_BOUND < beta < WIN_BOUND
                and not gen.has_capture(w, b, k, not wtm)
            ):
                # no capture either way: the evaluation is a fair guess of the quiet search
                cut = self._eval(w, b, k, wtm, qp, key) - self.futility_margin * depth
                if cut >= beta:
                    return cut
            moves = gen.quiet(w, b, k, wtm)
            if not moves:
                return WIN - ply if self.giveaway else ply - WIN
        if ply >= MAX_PLY:
            return self._eval(w, b, k, wtm, qp, key)

        if (
            self.prune_margin
            and depth >= 3
            and beta == alpha + 1
            and not caps
            and -WIN_BOUND < beta < WIN_BOUND
        ):
            # a null-window node: when a search of two-fifths the depth already beats beta by a
            # margin, the full search would almost always fail high too
            margin = self.prune_margin * depth
            raised = beta + margin
            score = self._search(depth * 2 // 5, raised - 1, raised, ply, w, b, k, wtm, qp)
            if score >= raised:
                return score - margin

        nmoves = len(moves)
        # a forced reply costs no depth
        new_depth = depth if nmoves == 1 and depth > 0 else depth - 1
        first_depth = new_depth  # the depth of the first move's search
        if nmoves > 1:
            moves = self._order(moves, hmove, ply, wtm, bool(caps))
            if (
                self.singular_margin
                and depth >= self.singular_depth
                and entry is not None
                and hmove
            ):
                first_depth += self._singular(entry, hmove, depth, ply, moves, w, b, k, wtm, qp)

        if k:
            self.path.add(key)
        alpha0 = alpha
        best = -INF
        best_move: RawMove | None = None
        quiet_limit = self.quiet_limit
        reduce_from = self.reduce_from
        reduce_more_from = self.reduce_more_from
        for i, m in enumerate(moves):
            nw, nb, nk = gen.apply(w, b, k, wtm, m)
            if quiet_limit:
                if m[2] or (self.reset_man and not m[6]) or (self.reset_promo and m[3]):
                    nqp = 0
                else:
                    nqp = qp + 1
            else:
                nqp = 0
            if i == 0:
                score = -self._search(first_depth, -beta, -alpha, ply + 1, nw, nb, nk, not wtm, nqp)
            else:
                reduce = 0
                if new_depth >= 2 and i >= reduce_from and not caps and not m[3]:
                    killers = self.killers[ply]
                    qid = m[0] | m[1] << 8 | m[6] << 17  # quiet_identity (m[3] is False)
                    if qid != killers[0] and qid != killers[1]:
                        reduce = 1 if i < reduce_more_from else 2
                        if reduce >= new_depth:
                            reduce = new_depth - 1
                score = -self._search(
                    new_depth - reduce, -alpha - 1, -alpha, ply + 1, nw, nb, nk, not wtm, nqp
                )
                if score > alpha and (reduce or score < beta):
                    score = -self._search(
                        new_depth, -beta, -alpha, ply + 1, nw, nb, nk, not wtm, nqp
                    )
            if score > best:
                best = score
                best_move = m
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        if not caps:
                            killers = self.killers[ply]
                            qid = m[0] | m[1] << 8 | m[3] << 16 | m[6] << 17  # quiet_identity
                            if killers[0] != qid:
                                killers[1] = killers[0]
                                killers[0] = qid
                            hk = m[0] | m[1] << 8 | wtm << 16  # hist_key
                            self.hist[hk] = self.hist.get(hk, 0) + depth * depth
                        break
        if k:
            self.path.discard(key)

        if depth <= 0 and not self.leaves_in_table:
            return best
        if best >= beta:
            flag = _LOWER
        elif best > alpha0:
            flag = _EXACT
        else:
            flag = _UPPER
        stored = best
        if stored > WIN_BOUND:
            stored += ply
        elif stored < -WIN_BOUND:
            stored -= ply
        tt = self.tt
        if len(tt) >= self.generation_size and key not in tt:
            tt = self._new_generation()
        ident = (
            0 if best_move is None else (best_move[0] | best_move[1] << 8 | best_move[2] << 16) + 1
        )  # move_identity
        tt[key] = (
            (stored + _SCORE_BIAS)
            | (depth + _DEPTH_BIAS) << 16
            | flag << 24
            | (ident << _MOVE_SHIFT)
        )  # _entry
        return best

    def _shots(
        self, alpha: int, beta: int, ply: int, w: int, b: int, k: int, wtm: bool, qp: int, key: int
    ) -> int:
        """A quiet position at the horizon: its evaluation, or better where a move that offers
        the opponent a capture wins more back through the captures that follow.  The caller
        has checked ``ply`` against ``MAX_PLY``."""
        best = self._eval(w, b, k, wtm, qp, key)
        if best >= beta:
            return best
        if best > alpha:
            alpha = best
        gen = self.gen
        quiet_limit = self.quiet_limit
        for m in gen.quiet(w, b, k, wtm):
            nw, nb, nk = gen.apply(w, b, k, wtm, m)
            if not gen.has_capture(nw, nb, nk, not wtm):
                continue
            if quiet_limit:
                if (self.reset_man and not m[6]) or (self.reset_promo and m[3]):
                    nqp = 0
                else:
                    nqp = qp + 1
            else:
                nqp = 0
            score = -self._search(-1, -beta, -alpha, ply + 1, nw, nb, nk, not wtm, nqp)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    def _singular(
        self,
        entry: int,
        hmove: int,
        depth: int,
        ply: int,
        moves: list[RawMove],
        w: int,
        b: int,
        k: int,
        wtm: bool,
        qp: int,
    ) -> int:
        """1 when the table's move (first in ``moves``) is singular: its stored lower bound
        is recent enough and every other move, searched at half the depth in a null window,
        stays ``singular_margin`` below it; else 0."""
        edepth = ((entry >> 16) & 0xFF) - _DEPTH_BIAS
        eflag = (entry >> 24) & 3
        escore = (entry & 0xFFFF) - _SCORE_BIAS
        if eflag == _UPPER or edepth < depth - 3 or not -WIN_BOUND < escore < WIN_BOUND:
            return 0
        m0 = moves[0]
        if (m0[0] | m0[1] << 8 | m0[2] << 16) + 1 != hmove:
            return 0
        sbeta = escore - self.singular_margin
        half = depth // 2
        gen = self.gen
        quiet_limit = self.quiet_limit
        for m in moves[1:]:
            nw, nb, nk = gen.apply(w, b, k, wtm, m)
            if quiet_limit:
                if m[2] or (self.reset_man and not m[6]) or (self.reset_promo and m[3]):
                    nqp = 0
                else:
                    nqp = qp + 1
            else:
                nqp = 0
            score = -self._search(half, -sbeta, -sbeta + 1, ply + 1, nw, nb, nk, not wtm, nqp)
            if score >= sbeta:
                return 0
        return 1

    def _new_generation(self) -> dict[TableKey, TableEntry]:
        """Start a fresh current table; the full one stays readable as the older generation."""
        if self.tt_old:
            self.retired.append(self.tt_old)  # freed after the search, not in the middle of it
            if len(self.retired) > 1:
                self.retired.pop(0)  # only a very long search gets here
        self.tt_old, self.tt = self.tt, {}
        return self.tt

    def _order(
        self, moves: list[RawMove], hmove: int, ply: int, wtm: bool, captures: bool
    ) -> list[RawMove]:
        """The moves, most promising first; ``hmove`` is the table's move (move_identity).

        Each move gets an int key, and the keys are sorted with the move's index in the low
        digits (``key * count + index``): the order of a stable sort by key, without a key
        function called per move (a call per move costs more than the sort, compiled or not).
        """
        count = len(moves)
        keyed: list[int] = []
        if captures:
            for i, m in enumerate(moves):
                if (m[0] | m[1] << 8 | m[2] << 16) + 1 == hmove:
                    key = -1_000_000
                else:
                    key = -(popcount(m[2]) * 16 + (8 if m[3] else 0))
                keyed.append(key * count + i)
        else:
            killers = self.killers[ply]
            k0 = killers[0]
            k1 = killers[1]
            hist = self.hist
            use_history = self.history_order
            side = wtm << 16
            for i, m in enumerate(moves):
                frm_to = m[0] | m[1] << 8
                if frm_to + 1 == hmove:  # a quiet move captures nothing
                    key = -1_000_000_000
                elif m[3]:
                    key = -900_000_000
                else:
                    qid = frm_to | m[6] << 17  # quiet_identity (m[3] is False)
                    if qid == k0:
                        key = -800_000_000
                    elif qid == k1:
                        key = -700_000_000
                    elif use_history:
                        key = -hist.get(frm_to | side, 0)
                    else:
                        key = 0
                keyed.append(key * count + i)
        keyed.sort()
        return [moves[c % count] for c in keyed]

    # -- the root ------------------------------------------------------------------------

    def run(self, position: Position, only: Sequence[Move] | None = None) -> SearchResult:
        """Search ``position`` within the limit and return the best move found.

        ``only`` restricts the moves considered at the root (all legal moves by default).
        """
        try:
            return self._run(position, only)
        finally:
            if self.memory is not None:
                self.memory.take_back(self.tt, self.tt_old, self.retired)
                self.retired = []

    def _run(self, position: Position, only: Sequence[Move] | None) -> SearchResult:
        self.started = time.perf_counter()
        self.yielded = self.started
        limit = self.limit
        timer = self.timer
        if timer is not None:
            self.deadline = self.started + timer.hard
        elif limit.movetime is not None:
            self.deadline = self.started + limit.movetime
        max_depth = limit.depth if limit.depth is not None else 64
        w, b, k = position.white, position.black, position.kings
        wtm = position.turn is Color.WHITE
        legal = position.legal_moves()
        if only is not None:
            wanted = set(only)
            legal = [m for m in legal if m in wanted]
        if not legal:
            score = WIN if self.giveaway else -WIN
            return SearchResult(None, score, 0, 0, [], time.perf_counter() - self.started)
        legal = self._keep_table_result(position, legal)
        by_identity = {(m.raw[0], m.raw[1], m.raw[2]): m for m in legal if m.raw is not None}
        root: list[RawMove] = [m.raw for m in legal if m.raw is not None]
        best_raw: RawMove = root[0]
        best_score = self._eval(w, b, k, wtm, self.quiet_plies)
        done_depth = 0
        self.path.add(self._key(w, b, k, wtm))
        scores: dict[RawMove, int] = {}
        for depth in range(1, max_depth + 1):
            try:
                if depth >= 4 and self.aspiration and abs(best_score) < WIN_BOUND:
                    # aspiration: a narrow window around the last score, widened on failure
                    lo, hi = best_score - self.aspiration, best_score + self.aspiration
                    score, raw = self._root(depth, root, scores, w, b, k, wtm, lo, hi)
                    if score <= lo or score >= hi:
                        score, raw = self._root(depth, root, scores, w, b, k, wtm, -INF, INF)
                else:
                    score, raw = self._root(depth, root, scores, w, b, k, wtm, -INF, INF)
            except _Stop as stop:
                partial = stop.args[0] if stop.args else None
                if partial is not None:
                    best_raw, best_score = partial
                break
            best_raw, best_score = raw, score
            done_depth = depth
            if self.on_iteration is not None:
                self.on_iteration(self._result(position, raw, score, depth, by_identity))
            # the best move first in the next iteration, then by this iteration's scores
            root.sort(key=lambda m: (m != raw, -scores.get(m, -INF)))
            if len(root) == 1 and limit.depth is None:
                break
            if abs(score) > WIN_BOUND and depth >= WIN - abs(score) + 2:
                break  # a forced result within the horizon: deeper search cannot change it
            if timer is not None:
                if not timer.next_iteration(
                    depth, time.perf_counter() - self.started, move_identity(raw), score
                ):
                    break
            elif self.deadline:
                elapsed = time.perf_counter() - self.started
                if elapsed > self.next_iteration_fraction * (self.deadline - self.started):
                    break
            if self.node_limit and self.nodes >= self.node_limit:
                break
        return self._result(position, best_raw, best_score, done_depth, by_identity)

    def _result(
        self,
        position: Position,
        raw: RawMove,
        score: int,
        depth: int,
        by_identity: dict[tuple[int, int, int], Move],
    ) -> SearchResult:
        seconds = time.perf_counter() - self.started
        move = by_identity[(raw[0], raw[1], raw[2])]
        if self.root_drawn:
            # the tables' verdict, not the evaluation of a position they call a draw
            score = 0
        elif self.band_pieces and TABLE_BAND - BAND_SPAN <= abs(score) <= TABLE_BAND + BAND_SPAN:
            # a won (lost) line that stays in the root's material: its evaluation, as elsewhere
            score += -TABLE_BAND if score > 0 else TABLE_BAND
        pv = self._pv(position, raw, by_identity, max(depth, 1))
        if self.endgame in ("win", "loss") and self.tables is not None:
            line = self._table_line(self.tables, position, move)
            if len(line) > len(pv):
                pv = line
        return SearchResult(move, score, depth, self.nodes, pv, seconds, self.endgame)

    def _table_line(self, tables: Tables, position: Position, first: Move) -> list[Move]:
        """A won or lost root's line by the tables' distances, after ``first``: the winner's
        quickest way on, the loser's longest, up to the capture or crowning that ends the
        material (only ``first`` where the distances are not at hand)."""
        line = [first]
        pos = position.play(first)
        if first.is_capture or first.promotes:
            return line
        for _ in range(MAX_TABLE_LINE):
            wtm = pos.turn is Color.WHITE
            value = tables.probe(pos.white, pos.black, pos.kings, wtm)
            moves = pos.legal_moves()
            if value not in (TABLE_WIN, TABLE_LOSS) or not moves:
                break
            chosen: Move | None = None
            if value == TABLE_WIN:
                keep = self._keeping(tables, pos, moves, TABLE_LOSS)  # the winner keeps the win
                shortest = self._shortest_way_on(tables, pos, keep) if keep else None
                if not shortest:
                    break
                chosen = shortest[0]
            else:
                ways = self._ways_on(tables, pos, moves)
                if ways is None:
                    break
                chosen = max(ways, key=lambda way: way[0])[1]  # the loser's longest
            line.append(chosen)
            pos = pos.play(chosen)
            if chosen.is_capture or chosen.promotes:
                break
        return line

    def _keep_table_result(self, position: Position, legal: list[Move]) -> list[Move]:
        """Where the tables cover the root: note their verdict, and keep only the moves that
        keep it (a won position is never thrown away for a draw, a drawn one for a loss);
        below, probe only positions with fewer pieces than the root."""
        tables = self.tables
        w, b, k = position.white, position.black, position.kings
        if tables is None or popcount(w | b) > self.table_pieces:
            return legal
        wtm = position.turn is Color.WHITE
        value = tables.probe(w, b, k, wtm)
        if value < 0:
            return legal
        self.endgame = TABLE_RESULTS[value]
        # Inside the tables a win/loss/draw verdict says nothing of how to make progress: the
        # tree probes only after a capture (fewer pieces), and the search finds the way on
        # among the moves that keep the verdict.
        self.table_pieces = popcount(w | b) - 1
        if self.table_band:
            self.band_pieces = popcount(w | b)
        if value == TABLE_LOSS:
            return self._longest_way_on(tables, position, legal) if len(legal) > 1 else legal
        wanted = TABLE_LOSS if value == TABLE_WIN else TABLE_DRAW
        keep = self._keeping(tables, position, legal, wanted)
        self.root_drawn = value == TABLE_DRAW and bool(keep)
        if value == TABLE_WIN and len(keep) > 1:
            keep = self._shortest_way_on(tables, position, keep) or keep
        return keep or legal

    def _keeping(
        self, tables: Tables, position: Position, moves: list[Move], wanted: int
    ) -> list[Move]:
        """The moves after which the tables give the opponent ``wanted`` (TABLE_LOSS: the
        moves that keep a win; TABLE_DRAW: those that keep a draw)."""
        w, b, k = position.white, position.black, position.kings
        wtm = position.turn is Color.WHITE
        keep = []
        for m in moves:
            if m.raw is None:
                continue
            nw, nb, nk = self.gen.apply(w, b, k, wtm, m.raw)
            if tables.probe(nw, nb, nk, not wtm) == wanted:
                keep.append(m)
        return keep

    def _ways_on(
        self, tables: Tables, position: Position, moves: list[Move]
    ) -> list[tuple[int, Move]] | None:
        """Each of ``moves`` with the plies to the next capture or crowning after it by the
        tables' distances (0: the move captures or crowns itself, the material changes now).
        None where the distances are not at hand."""
        w, b, k = position.white, position.black, position.kings
        wtm = position.turn is Color.WHITE
        ways: list[tuple[int, Move]] = []
        for m in moves:
            raw = m.raw
            if raw is None:
                return None
            if raw[2] or raw[3]:
                plies = 0
            else:
                nw, nb, nk = self.gen.apply(w, b, k, wtm, raw)
                plies = tables.distance(nw, nb, nk, not wtm)
                if plies < 0:
                    return None
            ways.append((plies, m))
        return ways

    def _shortest_way_on(
        self, tables: Tables, position: Position, keep: list[Move]
    ) -> list[Move] | None:
        """Of the moves that keep a win, the ones that leave the material soonest (a capture,
        a crowning, or the fewest plies to one by the tables' distances): a win the search
        cannot see the end of still goes on, and within the quiet-move draw count where it
        can.  None where the distances are not at hand."""
        ways = self._ways_on(tables, position, keep)
        if ways is None:
            return None
        best = min(plies for plies, _ in ways)
        return [m for plies, m in ways if plies == best]

    def _longest_way_on(self, tables: Tables, position: Position, legal: list[Move]) -> list[Move]:
        """A lost root's moves that hold out longest: every capture and crowning (the material
        changes, and the search judges what it is worth), and of the other moves those after
        which the winner needs the most plies to the next capture or crowning.  All of
        ``legal`` where the distances are not at hand."""
        ways = self._ways_on(tables, position, legal)
        if ways is None:
            return legal
        longest = max(plies for plies, _ in ways)
        return [m for plies, m in ways if plies == 0 or plies == longest]

    def _root(
        self,
        depth: int,
        root: list[RawMove],
        scores: dict[RawMove, int],
        w: int,
        b: int,
        k: int,
        wtm: bool,
        alpha: int,
        beta: int,
    ) -> tuple[int, RawMove]:
        alpha0 = alpha
        best_raw: RawMove | None = None
        best = -INF
        gen = self.gen
        qp0 = self.quiet_plies
        new_depth = depth - 1
        for i, m in enumerate(root):
            nw, nb, nk = gen.apply(w, b, k, wtm, m)
            if self.quiet_limit:
                reset = m[2] or (self.reset_man and not m[6]) or (self.reset_promo and m[3])
                nqp = 0 if reset else qp0 + 1
            else:
                nqp = 0
            try:
                if i == 0:
                    score = -self._search(new_depth, -beta, -alpha, 1, nw, nb, nk, not wtm, nqp)
                else:
                    score = -self._search(
                        new_depth, -alpha - 1, -alpha, 1, nw, nb, nk, not wtm, nqp
                    )
                    if score > alpha:
                        score = -self._search(new_depth, -beta, -alpha, 1, nw, nb, nk, not wtm, nqp)
            except _Stop:
                # keep what this iteration proved so far: a move that beat the previous best
                if best_raw is not None and i > 0 and alpha0 < best < beta:
                    raise _Stop((best_raw, best)) from None
                raise _Stop(None) from None
            scores[m] = score
            if score > best:
                best = score
                best_raw = m
                if score > alpha:
                    alpha = score
        assert best_raw is not None
        if alpha0 < best < beta:
            self.tt[self._key(w, b, k, wtm)] = _entry(depth, _EXACT, best, move_identity(best_raw))
        return best, best_raw

    def _pv(
        self,
        position: Position,
        first: RawMove,
        by_identity: dict[tuple[int, int, int], Move],
        depth: int,
    ) -> list[Move]:
        """The principal variation: the best move, then the table's moves while they are legal."""
        pv = [by_identity[(first[0], first[1], first[2])]]
        pos = position.play(pv[0])
        seen = {position.key, pos.key}
        for _ in range(max(depth - 1, 0) + 8):
            key = self._key(pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)
            entry = self.tt.get(key)
            if entry is None:
                entry = self.tt_old.get(key)
            ident = 0 if entry is None else entry >> _MOVE_SHIFT
            if not ident:
                break
            found = None
            for m in pos.legal_moves():
                if m.raw is not None and move_identity(m.raw) == ident:
                    found = m
                    break
            if found is None:
                break
            pv.append(found)
            pos = pos.play(found)
            if pos.key in seen:
                break
            seen.add(pos.key)
        return pv


def search(
    position: Position,
    rules: RuleSet | None = None,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
    *,
    history: Iterable[Position] = (),
    quiet_plies: int = 0,
    noise: int = 0,
    seed: int = 0,
    only: Sequence[Move] | None = None,
    on_iteration: Callable[[SearchResult], None] | None = None,
    memory: SearchMemory | None = None,
    timer: TimePlan | None = None,
    learned: bool | None = None,
    referee: bool = False,
) -> SearchResult:
    """Search ``position`` and return the best move, its score and the principal variation.

    ``rules`` defaults to the position's rule set; ``limit`` to one second.  ``should_stop``
    is polled every 256 nodes; when it returns True the best move found so far is returned
    (never None while a legal move exists).  ``history`` lists earlier positions of the game
    (a return to one of them scores as a draw) and ``quiet_plies`` the current count for the
    rule set's quiet-move draw rule.  ``noise`` adds a deterministic per-position jitter of up
    to that many hundredths to the evaluation (weaker levels), varied by ``seed``.  ``only``
    restricts the root moves (a subset of the legal moves).  ``on_iteration`` is called
    with the result of every completed iteration (live analysis).  ``memory`` carries the
    tables from one search of a game to the next (see SearchMemory).  ``timer`` (a
    ``timeman.GameClock``'s plan) decides when to stop instead of ``limit.movetime``.
    ``learned`` chooses the learned or the hand-set evaluation for this search (None: as
    ``TUNING.learned_eval`` says).  ``referee`` asks for a fixed referee's search, such as the
    puzzle checks need: the hand-set evaluation (unless ``learned`` says otherwise) and the
    tree without the settings that came after the puzzle sets were checked (the static cut
    near the horizon), so that a set checked once stays valid when the engine changes.
    """
    if rules is None:
        rules = position.rules
    if rules.towers:
        # this search keeps positions as three bitboards, which cannot hold a tower's column
        from .towers import tower_search

        if rules != position.rules:
            raise RulesError(f"a {position.rules.name} position searched under {rules.name}")
        return tower_search(
            position,
            limit or Limit(movetime=1.0),
            should_stop,
            history=history,
            only=only,
            on_iteration=on_iteration,
            noise=noise,
            seed=seed,
        )
    if rules != position.rules:
        position = Position(rules, position.white, position.black, position.kings, position.turn)
    if limit is None:
        limit = Limit(movetime=1.0)
    searcher = Searcher(
        rules, limit, should_stop, noise, seed, history, quiet_plies, memory, learned, referee
    )
    searcher.on_iteration = on_iteration
    searcher.timer = timer
    return searcher.run(position, only)


def random_seed(rng: random.Random | None) -> int:
    """A seed for the evaluation noise drawn from ``rng`` (0 without one)."""
    return rng.randrange(1 << 30) if rng is not None else 0
