"""The endgame-table solver as first written: plain and slow, the reference the fast solver
(``dame_desktop/ai/egtb_build.py``) is compared with, table by table.

It decodes every index on its own, flips and ranks a square at a time, counts quiet moves and
un-moves piece by piece along the neighbour tables and rays, and walks the decided positions in
index order, pass after pass, until nothing changes.  Its index layout (the file format) is the
fast solver's.
"""

from __future__ import annotations

from typing import Final

from dame_desktop.core.geometry import DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, geometry
from dame_desktop.core.movegen import MoveGenerator, popcount
from dame_desktop.core.rules import RuleSet

DRAW: Final = 0
WIN: Final = 1
LOSS: Final = 2
INVALID: Final = 3

# solving state per position (one byte each)
_UNKNOWN: Final = 0
_SWIN: Final = 1
_SLOSS: Final = 2
_SDRAW: Final = 3
_SINVALID: Final = 4

# the sets of squares a group may stand on
_SPACE_WHITE_MEN: Final = 0
_SPACE_BLACK_MEN: Final = 1
_SPACE_ALL: Final = 2


def sig_code(wm: int, wk: int, bm: int, bk: int) -> int:
    """A signature in one int (four counts of at most 15)."""
    return wm | wk << 4 | bm << 8 | bk << 12


def sig_counts(code: int) -> tuple[int, int, int, int]:
    return code & 15, (code >> 4) & 15, (code >> 8) & 15, (code >> 12) & 15


def flip_code(code: int) -> int:
    wm, wk, bm, bk = sig_counts(code)
    return sig_code(bm, bk, wm, wk)


def negate(value: int) -> int:
    """A value for the other side: win and loss swap, a draw stays."""
    if value == WIN:
        return LOSS
    if value == LOSS:
        return WIN
    return value


def packed_value(packed: bytes | bytearray, index: int) -> int:
    return (packed[index >> 2] >> ((index & 3) << 1)) & 3


class Board:
    """Square tables of one board for indexing: bits of each space, binomials, the flip."""

    def __init__(self, rules: RuleSet) -> None:
        geo = geometry(rules.board_size)
        self.squares = geo.squares
        self.bits = geo.bits
        self.valid = geo.valid
        self.white_promo = geo.white_promo
        self.black_promo = geo.black_promo
        self.step = geo.step
        self.rays = geo.rays
        self.long_diagonal = geo.long_diagonal
        squares = geo.squares
        # the bit of internal square s (0-based) and its turned-round partner
        sq_bits = [geo.sq_to_bit[s + 1] for s in range(squares)]
        self.flip_bit: list[int] = [0] * geo.bits
        for s in range(squares):
            self.flip_bit[sq_bits[s]] = sq_bits[squares - 1 - s]
        # per space: bit -> position within the space (-1: not in it), and position -> bit
        self.space_index: list[list[int]] = []
        self.space_bits: list[list[int]] = []
        for space in (_SPACE_WHITE_MEN, _SPACE_BLACK_MEN, _SPACE_ALL):
            if space == _SPACE_WHITE_MEN:
                mask = geo.valid & ~geo.white_promo
            elif space == _SPACE_BLACK_MEN:
                mask = geo.valid & ~geo.black_promo
            else:
                mask = geo.valid
            index = [-1] * geo.bits
            bits: list[int] = []
            for bit in range(geo.bits):
                if (mask >> bit) & 1:
                    index[bit] = len(bits)
                    bits.append(bit)
            self.space_index.append(index)
            self.space_bits.append(bits)
        # binomials C(n, k) for n <= squares, k <= 15, flat: n * 16 + k
        self.binom: list[int] = [0] * ((squares + 1) * 16)
        for n in range(squares + 1):
            for k in range(16):
                self.binom[n * 16 + k] = _choose(n, k)
        self._sets: dict[int, list[int]] = {}

    def flip(self, mask: int) -> int:
        out = 0
        flip_bit = self.flip_bit
        while mask:
            low = mask & -mask
            out |= 1 << flip_bit[low.bit_length() - 1]
            mask ^= low
        return out

    def sets(self, space: int, count: int) -> list[int]:
        """Every set of ``count`` squares of ``space`` as a mask, in rank order (colex)."""
        key = space * 16 + count
        found = self._sets.get(key)
        if found is not None:
            return found
        bits = self.space_bits[space]
        out: list[int] = []
        _colex(bits, count, out)
        self._sets[key] = out
        return out

    def rank(self, space: int, mask: int) -> int:
        """The rank of a set of squares (colex): the sum of C(position, i + 1)."""
        index = self.space_index[space]
        binom = self.binom
        r = 0
        i = 1
        while mask:
            low = mask & -mask
            r += binom[index[low.bit_length() - 1] * 16 + i]
            i += 1
            mask ^= low
        return r


def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def _colex(bits: list[int], count: int, out: list[int]) -> None:
    """Append every ``count``-subset of ``bits`` as a mask in colex order."""
    n = len(bits)
    if count == 0:
        out.append(0)
        return
    if count > n:
        return
    pos = list(range(count))
    while True:
        mask = 0
        for p in pos:
            mask |= 1 << bits[p]
        out.append(mask)
        # next combination in colex order: raise the lowest position that can rise
        i = 0
        while i < count - 1 and pos[i] + 1 == pos[i + 1]:
            pos[i] = i
            i += 1
        if i == count - 1 and pos[i] + 1 == n:
            return
        pos[i] += 1


class Signature:
    """One material with White to move: its size and the index of a position in it."""

    def __init__(self, board: Board, code: int) -> None:
        wm, wk, bm, bk = sig_counts(code)
        self.board = board
        self.code = code
        self.pieces = wm + wk + bm + bk
        self.wm_sets = board.sets(_SPACE_WHITE_MEN, wm)
        self.bm_sets = board.sets(_SPACE_BLACK_MEN, bm)
        self.wk_sets = board.sets(_SPACE_ALL, wk)
        self.bk_sets = board.sets(_SPACE_ALL, bk)
        self.n_bm = len(self.bm_sets)
        self.n_wk = len(self.wk_sets)
        self.n_bk = len(self.bk_sets)
        self.size = len(self.wm_sets) * self.n_bm * self.n_wk * self.n_bk

    def index(self, w: int, b: int, k: int) -> int:
        board = self.board
        r = board.rank(_SPACE_WHITE_MEN, w & ~k)
        r = r * self.n_bm + board.rank(_SPACE_BLACK_MEN, b & ~k)
        r = r * self.n_wk + board.rank(_SPACE_ALL, w & k)
        return r * self.n_bk + board.rank(_SPACE_ALL, b & k)

    def index_of(self, rwm: int, rbm: int, rwk: int, rbk: int) -> int:
        """The index of a position from its four groups' ranks."""
        return ((rwm * self.n_bm + rbm) * self.n_wk + rwk) * self.n_bk + rbk

    def position(self, index: int) -> tuple[int, int, int]:
        """(white, black, kings) of ``index``; white is 0 for an index that overlaps."""
        r, rbk = divmod(index, self.n_bk)
        r, rwk = divmod(r, self.n_wk)
        rwm, rbm = divmod(r, self.n_bm)
        wm = self.wm_sets[rwm]
        bm = self.bm_sets[rbm]
        wk = self.wk_sets[rwk]
        bk = self.bk_sets[rbk]
        if wm & bm or (wm | bm) & (wk | bk) or wk & bk:
            return 0, 0, 0
        return wm | wk, bm | bk, wk | bk


class Solver:
    """Solves the signatures of one rule set in order, keeping the solved ones packed."""

    def __init__(self, rules: RuleSet, gen: MoveGenerator) -> None:
        self.board = Board(rules)
        self.gen = gen
        self.flying = rules.flying_kings
        self.giveaway = rules.giveaway
        self.three_kings = rules.draw_three_kings_diagonal
        self.tables: dict[int, bytes] = {}  # code -> packed values
        self.signatures: dict[int, Signature] = {}

    def signature(self, code: int) -> Signature:
        found = self.signatures.get(code)
        if found is None:
            found = Signature(self.board, code)
            self.signatures[code] = found
        return found

    def add_table(self, code: int, packed: bytes) -> None:
        self.tables[code] = packed

    def lookup(self, w: int, b: int, k: int) -> int:
        """The value of a position with White to move (a side without pieces has lost)."""
        if not w:
            return WIN if self.giveaway else LOSS
        code = sig_code(popcount(w & ~k), popcount(w & k), popcount(b & ~k), popcount(b & k))
        packed = self.tables[code]
        return packed_value(packed, self.signature(code).index(w, b, k))

    def after_white(self, w: int, b: int, k: int) -> int:
        """The value for White of the position after White's move (Black to move)."""
        if not b:
            return LOSS if self.giveaway else WIN
        board = self.board
        return negate(self.lookup(board.flip(b), board.flip(w), board.flip(k)))

    def _special_draw(self, w: int, b: int, k: int) -> bool:
        """The old German rule: three kings against a king on the long diagonal, drawn unless
        the three kings are to move and can capture (White is to move here)."""
        for strong, lone in ((w, b), (b, w)):
            if (
                popcount(strong) == 3
                and strong & k == strong
                and popcount(lone) == 1
                and lone & k
                and lone & self.board.long_diagonal
            ):
                return not (strong == w and self.gen.has_capture(w, b, k, True))
        return False

    def solve(self, code: int) -> None:
        """Solve ``code`` and its colour flip; both are added to the solved tables."""
        fcode = flip_code(code)
        sig0 = self.signature(code)
        sig1 = self.signature(fcode) if fcode != code else sig0
        n0 = sig0.size
        total = n0 + (sig1.size if fcode != code else 0)
        state = bytearray(total)
        count = bytearray(total)
        pending = bytearray(total)
        self._start(sig0, 0, state, count, pending)
        if fcode != code:
            self._start(sig1, n0, state, count, pending)
        self._propagate(sig0, sig1, n0, fcode == code, state, count, pending)
        self.add_table(code, _pack(state, 0, n0))
        if fcode != code:
            self.add_table(fcode, _pack(state, n0, total))

    def _start(
        self,
        sig: Signature,
        offset: int,
        state: bytearray,
        count: bytearray,
        pending: bytearray,
    ) -> None:
        gen = self.gen
        board = self.board
        valid = board.valid
        promo = board.white_promo
        step = board.step
        rays = board.rays
        flying = self.flying
        giveaway = self.giveaway
        three_kings = self.three_kings and sig.pieces == 4
        no_move = _SWIN if giveaway else _SLOSS
        for i in range(sig.size):
            w, b, k = sig.position(i)
            at = offset + i
            if not w:
                state[at] = _SINVALID
                continue
            if three_kings and (w | b) == k and self._special_draw(w, b, k):
                state[at] = _SDRAW
                continue
            if gen.has_capture(w, b, k, True):
                caps = gen.filter_captures(gen.captures(w, b, k, True), k)
                best = LOSS
                for m in caps:
                    nw, nb, nk = gen.apply(w, b, k, True, m)
                    v = self.after_white(nw, nb, nk)
                    if v == WIN:
                        best = WIN
                        break
                    if v == DRAW:
                        best = DRAW
                state[at] = _SWIN if best == WIN else (_SLOSS if best == LOSS else _SDRAW)
                if best != DRAW:
                    pending[at] = 1
                continue
            empty = valid & ~(w | b)
            moves = 0  # quiet moves whose outcome is not known yet (or a drawn promotion)
            legal = 0  # every quiet move
            won = False
            men = w & ~k
            while men and not won:
                low = men & -men
                f = low.bit_length() - 1
                men ^= low
                for d in (UP_LEFT, UP_RIGHT):
                    t = step[f][d]
                    if t < 0 or not (empty >> t) & 1:
                        continue
                    legal += 1
                    if (promo >> t) & 1:
                        v = self.after_white(w ^ low ^ (1 << t), b, k | 1 << t)
                        if v == WIN:
                            won = True
                        elif v == DRAW:
                            moves += 1  # a way out that never turns into a loss
                    else:
                        moves += 1
            if won:
                state[at] = _SWIN
                pending[at] = 1
                continue
            own_kings = w & k
            while own_kings:
                low = own_kings & -own_kings
                for ray in rays[low.bit_length() - 1]:
                    for t in ray:
                        if not (empty >> t) & 1:
                            break
                        moves += 1
                        legal += 1
                        if not flying:
                            break
                own_kings ^= low
            if moves == 0:
                # no move at all, or only promotions into lost positions
                state[at] = _SLOSS if legal else no_move
                pending[at] = 1
                continue
            count[at] = moves if moves < 255 else 255

    def _propagate(
        self,
        sig0: Signature,
        sig1: Signature,
        n0: int,
        same: bool,
        state: bytearray,
        count: bytearray,
        pending: bytearray,
    ) -> None:
        board = self.board
        valid = board.valid
        step = board.step
        rays = board.rays
        flying = self.flying
        while True:
            at = pending.find(1)
            if at < 0:
                return
            while at >= 0:
                pending[at] = 0
                if at < n0:
                    w, b, k = sig0.position(at)
                    pred_sig = sig0 if same else sig1
                    pred_offset = 0 if same else n0
                else:
                    w, b, k = sig1.position(at - n0)
                    pred_sig = sig0
                    pred_offset = 0
                child = state[at]
                # the position before the flip: White (here fw) has just moved, Black to move
                fw = board.flip(b)
                fb = board.flip(w)
                fk = board.flip(k)
                empty = valid & ~(fw | fb)
                # one white piece goes back: the other three groups keep their ranks
                men = fw & ~fk
                kings = fw & fk
                rbm = board.rank(_SPACE_BLACK_MEN, fb & ~fk)
                rbk = board.rank(_SPACE_ALL, fb & fk)
                rwm = board.rank(_SPACE_WHITE_MEN, men)
                rwk = board.rank(_SPACE_ALL, kings)
                pieces = kings
                while pieces:
                    low = pieces & -pieces
                    t = low.bit_length() - 1
                    pieces ^= low
                    rest = kings ^ low
                    for ray in rays[t]:
                        for f in ray:
                            if not (empty >> f) & 1:
                                break
                            r = board.rank(_SPACE_ALL, rest | 1 << f)
                            j = pred_offset + pred_sig.index_of(rwm, rbm, r, rbk)
                            self._back(j, child, state, count, pending)
                            if not flying:
                                break
                pieces = men
                while pieces:
                    low = pieces & -pieces
                    t = low.bit_length() - 1
                    pieces ^= low
                    rest = men ^ low
                    for d in (DOWN_LEFT, DOWN_RIGHT):
                        f = step[t][d]
                        if f < 0 or not (empty >> f) & 1:
                            continue
                        r = board.rank(_SPACE_WHITE_MEN, rest | 1 << f)
                        j = pred_offset + pred_sig.index_of(r, rbm, rwk, rbk)
                        self._back(j, child, state, count, pending)
                at = pending.find(1, at + 1)

    def _back(
        self, j: int, child: int, state: bytearray, count: bytearray, pending: bytearray
    ) -> None:
        """One predecessor ``j`` of a decided position whose value for its mover is ``child``."""
        if state[j] != _UNKNOWN:
            return
        if child == _SLOSS:
            state[j] = _SWIN
            pending[j] = 1
            return
        left = count[j] - 1
        count[j] = left
        if left == 0:
            state[j] = _SLOSS
            pending[j] = 1


def _pack(state: bytearray, start: int, stop: int) -> bytes:
    """Two bits a position: a solving state turned into DRAW / WIN / LOSS / INVALID."""
    n = stop - start
    out = bytearray((n + 3) >> 2)
    for i in range(n):
        s = state[start + i]
        if s == _SWIN:
            v = WIN
        elif s == _SLOSS:
            v = LOSS
        elif s == _SINVALID:
            v = INVALID
        else:
            v = DRAW
        if v:
            out[i >> 2] |= v << ((i & 3) << 1)
    return bytes(out)
