"""The endgame-table solver: retrograde win/loss/draw over every position of a material.

Compiled by mypyc (``native.py``): ints, lists and bytes only.  ``ai/egtb.py`` is the
public side (table keys, files, probing); this module indexes positions and solves them.

A table holds one *material signature* ``(wm, wk, bm, bk)`` (white men, white kings, black men,
black kings) with **White to move**; a position with Black to move is looked up as its colour
flip (the board turned half round, colours swapped), so every table is from the mover's side.

Index: the four groups (white men, black men, white kings, black kings) are each ranked as a
set among their squares (men on the squares where they can stand, kings anywhere) and the
ranks are combined mixed-radix.  Groups are placed independently, so some indexes put two
pieces on one square: those are marked invalid (a few per cent to a quarter of a table, which
compression all but removes) and make indexing a few table look-ups.

Solving a signature ``S`` needs its colour flip ``F`` (White's quiet moves in ``S`` lead to
``F`` and back), so both are solved together.  Everything else a move can reach is solved
before: a capture leads to fewer pieces, a promotion to fewer men.  The solver

1. values every position whose outcome does not depend on ``S``/``F``: a capture (the move
   generator's, with the rule set's precedence) looked up in smaller tables, no move at all, a
   promotion into a lost position, and the house rule's drawn positions; and counts each other
   position's quiet moves that stay inside ``S``/``F`` (a promotion to a draw counts as one more
   move that never becomes a win);
2. propagates backwards from every valued position by un-moving (kings back along their rays,
   men one step back): a predecessor of a loss is a win; a win takes one from a predecessor's
   count, and a count that reaches zero is a loss;
3. calls what is left a draw (neither side can force anything: repetition).

What keeps it quick (every 8x8 rule set up to 5 pieces in a few minutes of one core): step 1
walks the four groups in nested loops, so an overlap skips a whole block and a position is
never decoded from its index; quiet moves are counted with whole-board shifts (kings: a fill
along each direction, all kings at once) and only crownings are looked up one by one; step 2
turns a decided position into its predecessors' frame with per-group tables (the rank of
each set's colour flip) instead of flipping squares, re-ranks only the group of the piece that
moved, and keeps one list of small ints for the solving state (open positions hold their
count of moves), with a work list of decided positions: nothing is boxed or scanned twice.

Values are stored two bits a position: :data:`DRAW`, :data:`WIN`, :data:`LOSS` (for the side
to move) and :data:`INVALID`.
"""

from __future__ import annotations

from typing import Final

from ..core.geometry import DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, geometry
from ..core.movegen import MoveGenerator, popcount
from ..core.rules import CaptureRule, Directions, RuleSet

DRAW: Final = 0
WIN: Final = 1
LOSS: Final = 2
INVALID: Final = 3

# solving state per position: decided (won, lost, drawn for the side to move), no position
# (groups overlap), or open: _OPEN plus the number of moves not yet known to lose (at least 1)
_SWIN: Final = 1
_SLOSS: Final = 2
_SDRAW: Final = 3
_SINVALID: Final = 4
# decided in step 1, its predecessors not told yet (won, lost): step 2 finds them in one pass
_SNEW_WIN: Final = 5
_SNEW_LOSS: Final = 6
_NEW: Final = 4  # _SNEW_WIN - _SWIN
_OPEN: Final = 8
_MAX_OPEN: Final = 255  # a state stays below 256 (bytes() packs them)
_NO_DISTANCE: Final[list[int]] = []  # _propagate's: no distances kept

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
        # flip_table[256 * c + byte]: the flipped squares of ``byte`` at bits 8c..8c+7
        chunks = (geo.bits + 7) >> 3
        self.flip_table: list[int] = [0] * (256 * chunks)
        for c in range(chunks):
            for byte in range(256):
                out = 0
                for i in range(8):
                    bit = 8 * c + i
                    if (byte >> i) & 1 and bit < geo.bits and (geo.valid >> bit) & 1:
                        out |= 1 << self.flip_bit[bit]
                self.flip_table[256 * c + byte] = out
        # rank_table[space][bits * i + bit]: what a square adds to a set's rank as its
        # (i + 1)-th lowest member, C(position in the space, i + 1); 0 off the space
        self.rank_table: list[list[int]] = []
        for space in (_SPACE_WHITE_MEN, _SPACE_BLACK_MEN, _SPACE_ALL):
            index = self.space_index[space]
            table = [0] * (geo.bits * 15)
            for i in range(15):
                for bit in range(geo.bits):
                    if index[bit] >= 0:
                        table[geo.bits * i + bit] = self.binom[index[bit] * 16 + i + 1]
            self.rank_table.append(table)

    def flip(self, mask: int) -> int:
        """The squares of ``mask`` with the board turned half round (a byte at a time)."""
        table = self.flip_table
        out = 0
        chunk = 0
        while mask:
            out |= table[chunk + (mask & 255)]
            mask >>= 8
            chunk += 256
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
        return _rank(self.rank_table[space], self.bits, mask)


def _rank(table: list[int], bits: int, mask: int) -> int:
    """The colex rank of ``mask`` from a space's ``rank_table``."""
    r = 0
    i = 0
    while mask:
        low = mask & -mask
        r += table[i + low.bit_length() - 1]
        i += bits
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
        self.wm_table = board.rank_table[_SPACE_WHITE_MEN]
        self.bm_table = board.rank_table[_SPACE_BLACK_MEN]
        self.k_table = board.rank_table[_SPACE_ALL]

        # per group, the rank of each set turned half round in the other colour's space
        # (the colour flip's groups): filled by prepare_flip, for the solver only
        self.flip_wm: list[int] = []
        self.flip_bm: list[int] = []
        self.flip_wk: list[int] = []
        self.flip_bk: list[int] = []
        self.flipped = False

    def prepare_flip(self) -> None:
        if self.flipped:
            return
        self.flipped = True
        board = self.board
        self.flip_wm = [board.rank(_SPACE_BLACK_MEN, board.flip(m)) for m in self.wm_sets]
        self.flip_bm = [board.rank(_SPACE_WHITE_MEN, board.flip(m)) for m in self.bm_sets]
        self.flip_wk = [board.rank(_SPACE_ALL, board.flip(m)) for m in self.wk_sets]
        self.flip_bk = [board.rank(_SPACE_ALL, board.flip(m)) for m in self.bk_sets]

    def index(self, w: int, b: int, k: int) -> int:
        bits = self.board.bits
        r = _rank(self.wm_table, bits, w & ~k)
        r = r * self.n_bm + _rank(self.bm_table, bits, b & ~k)
        r = r * self.n_wk + _rank(self.k_table, bits, w & k)
        return r * self.n_bk + _rank(self.k_table, bits, b & k)

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
        if rules.names_squares or rules.directions is not Directions.DIAGONAL:
            raise ValueError("endgame tables are built for boards of dark squares only")
        self.board = Board(rules)
        self.gen = gen
        self.flying = rules.flying_kings
        self.giveaway = rules.giveaway
        self.three_kings = rules.draw_three_kings_diagonal
        self.tables: dict[int, bytes] = {}  # code -> packed values
        # code -> a byte a position: plies to the end of the material (see ``solve``)
        self.distances: dict[int, bytes] = {}
        self.signatures: dict[int, Signature] = {}
        # the same by code (a list is quicker to look up than a dict): b"" where not solved
        self.packed_by_code: list[bytes] = [b""] * (1 << 16)
        # the capture precedence, applied here as the move generator's filter does: 0 free,
        # 1 most pieces, 2 most pieces then most kings, 3 a king's capture first; 4 the move
        # generator's filter itself (Italian)
        self.precedence = {
            CaptureRule.FREE: 0,
            CaptureRule.MAX: 1,
            CaptureRule.SPANISH: 2,
            CaptureRule.CZECH: 3,
        }.get(rules.capture_rule, 4)
        delta = geometry(rules.board_size).delta
        # the shifts of one step: White's men move towards lower bits (up)
        self.up_left = -delta[UP_LEFT]
        self.up_right = -delta[UP_RIGHT]
        self.down_left = delta[DOWN_LEFT]
        self.down_right = delta[DOWN_RIGHT]

    def signature(self, code: int) -> Signature:
        found = self.signatures.get(code)
        if found is None:
            found = Signature(self.board, code)
            self.signatures[code] = found
        return found

    def add_table(self, code: int, packed: bytes) -> None:
        self.tables[code] = packed
        self.packed_by_code[code] = packed
        self.signature(code)

    def lookup(self, w: int, b: int, k: int) -> int:
        """The value of a position with White to move (a side without pieces has lost)."""
        if not w:
            return WIN if self.giveaway else LOSS
        code = sig_code(popcount(w & ~k), popcount(w & k), popcount(b & ~k), popcount(b & k))
        packed = self.packed_by_code[code]
        if not packed:
            raise KeyError(f"no table for material {code:#06x}")
        i = self.signatures[code].index(w, b, k)
        return (packed[i >> 2] >> ((i & 3) << 1)) & 3

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

    def solve(self, code: int, distances: bool = False) -> None:
        """Solve ``code`` and its colour flip; both are added to the solved tables.

        With ``distances`` the decided positions are told in the order of their distance, and
        ``distances[code]`` gets a byte a position: for a win the fewest plies, for a loss
        the most, until the material changes (a capture or a crowning; 1 where it changes at
        once, at most 255; 0 for a draw).  The values are the same either way.
        """
        fcode = flip_code(code)
        same = fcode == code
        sig0 = self.signature(code)
        sig1 = sig0 if same else self.signature(fcode)
        n0 = sig0.size
        total = n0 if same else n0 + sig1.size
        # a list of small ints: read and written without boxing in compiled code
        state = [_SINVALID] * total  # until a position is placed
        self._start(sig0, 0, state)
        if not same:
            self._start(sig1, n0, state)
        sig0.prepare_flip()
        sig1.prepare_flip()
        dist: list[int] = []
        if distances:
            dist = [0] * total
            self._propagate_by_distance(sig0, sig1, n0, same, state, dist)
        else:
            self._propagate(sig0, sig1, n0, same, state)
        states = bytes(state)
        del state
        self.add_table(code, _pack(states, 0, n0))
        if not same:
            self.add_table(fcode, _pack(states, n0, total))
        if distances:
            plies = bytes(dist)
            del dist
            self.distances[code] = plies[:n0]
            if not same:
                self.distances[fcode] = plies[n0:]

    def _start(
        self,
        sig: Signature,
        offset: int,
        state: list[int],
    ) -> None:
        """Value what does not depend on the pair being solved, count the other moves."""
        gen = self.gen
        valid = self.board.valid
        promo = self.board.white_promo
        up_left = self.up_left
        up_right = self.up_right
        down_left = self.down_left
        down_right = self.down_right
        flying = self.flying
        no_move = _SNEW_WIN if self.giveaway else _SNEW_LOSS
        three_kings = self.three_kings and sig.pieces == 4
        wm_sets = sig.wm_sets
        bm_sets = sig.bm_sets
        wk_sets = sig.wk_sets
        bk_sets = sig.bk_sets
        n_bm = sig.n_bm
        n_wk = sig.n_wk
        n_bk = sig.n_bk
        for rwm in range(len(wm_sets)):
            wm = wm_sets[rwm]
            for rbm in range(n_bm):
                bm = bm_sets[rbm]
                if wm & bm:
                    continue
                men = wm | bm
                row = (rwm * n_bm + rbm) * n_wk
                for rwk in range(n_wk):
                    wk = wk_sets[rwk]
                    if wk & men:
                        continue
                    taken = men | wk
                    base = offset + (row + rwk) * n_bk
                    w = wm | wk
                    for rbk in range(n_bk):
                        bk = bk_sets[rbk]
                        if bk & taken:
                            continue
                        at = base + rbk
                        b = bm | bk
                        k = wk | bk
                        if three_kings and (w | b) == k and self._special_draw(w, b, k):
                            state[at] = _SDRAW
                            continue
                        if gen.has_capture(w, b, k, True):
                            s = self._capture_state(w, b, k)
                            state[at] = s if s == _SDRAW else s + _NEW
                            continue
                        empty = valid & ~(w | b)
                        # men's steps: the ones that crown are looked up one by one
                        to_left = (wm >> up_left) & empty
                        to_right = (wm >> up_right) & empty
                        moves = popcount(to_left & ~promo) + popcount(to_right & ~promo)
                        legal = moves
                        won = False
                        crown = (to_left | to_right) & promo
                        while crown:
                            low = crown & -crown
                            crown ^= low
                            if to_left & low:
                                legal += 1
                                v = self.after_white(w ^ (low << up_left) ^ low, b, k | low)
                                if v == WIN:
                                    won = True
                                    break
                                if v == DRAW:
                                    moves += 1  # a way out that never turns into a loss
                            if to_right & low:
                                legal += 1
                                v = self.after_white(w ^ (low << up_right) ^ low, b, k | low)
                                if v == WIN:
                                    won = True
                                    break
                                if v == DRAW:
                                    moves += 1
                        if won:
                            state[at] = _SNEW_WIN
                            continue
                        if wk:  # every king's steps, all kings at once, ray by ray
                            reach = _fill_count(wk, empty, up_left, up_right, flying)
                            reach += _fill_count_down(wk, empty, down_left, down_right, flying)
                            moves += reach
                            legal += reach
                        if moves == 0:
                            # no move at all, or only promotions into lost positions
                            state[at] = _SNEW_LOSS if legal else no_move
                            continue
                        state[at] = _OPEN + moves if moves < _MAX_OPEN - _OPEN else _MAX_OPEN

    def _capture_state(self, w: int, b: int, k: int) -> int:
        """The solving state of a position where White must capture."""
        gen = self.gen
        best = LOSS
        caps = gen.captures(w, b, k, True, False)
        most = 0  # the fewest pieces a capture must take
        most_kings = 0  # ... and kings
        king_only = False  # only a king may capture
        precedence = self.precedence
        if len(caps) > 1 and precedence:
            if precedence == 4:
                caps = gen.filter_captures(caps, k)
            elif precedence == 3:
                for m in caps:
                    if m[6]:
                        king_only = True
            else:
                for m in caps:
                    taken = popcount(m[2])
                    if taken > most:
                        most = taken
                if precedence == 2:
                    for m in caps:
                        if popcount(m[2]) == most:
                            taken = popcount(m[2] & k)
                            if taken > most_kings:
                                most_kings = taken
        for m in caps:
            if most and popcount(m[2]) < most:
                continue
            if most_kings and popcount(m[2] & k) < most_kings:
                continue
            if king_only and not m[6]:
                continue
            nw, nb, nk = gen.apply(w, b, k, True, m)
            v = self.after_white(nw, nb, nk)
            if v == WIN:
                return _SWIN
            if v == DRAW:
                best = DRAW
        return _SLOSS if best == LOSS else _SDRAW

    def _propagate(
        self,
        sig0: Signature,
        sig1: Signature,
        n0: int,
        same: bool,
        state: list[int],
    ) -> None:
        """Tell every decided position's predecessors, until nothing more is decided: each one
        decided in step 1, and (depth first, so the work list stays short) what that decides."""
        queue: list[int] = []
        for first in range(len(state)):
            s = state[first]
            if _SNEW_WIN <= s <= _SNEW_LOSS:
                state[first] = s - _NEW
                queue.append(first)
                while queue:
                    self._tell(queue.pop(), sig0, sig1, n0, same, state, queue, _NO_DISTANCE, 0)

    def _propagate_by_distance(
        self,
        sig0: Signature,
        sig1: Signature,
        n0: int,
        same: bool,
        state: list[int],
        dist: list[int],
    ) -> None:
        """As :meth:`_propagate`, a distance at a time (breadth first): what step 1 decided is
        1 ply from the end of the material, what they decide 2, and so on.  A loss is decided
        by the last of its moves to be found losing, so it gets the longest way."""
        level: list[int] = []
        for first in range(len(state)):
            s = state[first]
            if _SNEW_WIN <= s <= _SNEW_LOSS:
                state[first] = s - _NEW
                dist[first] = 1
                level.append(first)
        plies = 1
        while level:
            plies += 1
            found: list[int] = []
            for at in level:
                self._tell(at, sig0, sig1, n0, same, state, found, dist, min(plies, 255))
            level = found

    def _tell(
        self,
        at: int,
        sig0: Signature,
        sig1: Signature,
        n0: int,
        same: bool,
        state: list[int],
        queue: list[int],
        dist: list[int],
        plies: int,
    ) -> None:
        """The predecessors of the decided position ``at`` (``plies`` from the end of the
        material, noted in ``dist`` unless it is empty)."""
        if at < n0:
            sig = sig0
            pred = sig0 if same else sig1
            pred_offset = 0 if same else n0
            i = at
        else:
            sig = sig1
            pred = sig0
            pred_offset = 0
            i = at - n0
        n_bk = sig.n_bk
        n_wk = sig.n_wk
        n_bm = sig.n_bm
        rbk = i % n_bk
        r = i // n_bk
        rwk = r % n_wk
        r = r // n_wk
        rbm = r % n_bm
        rwm = r // n_bm
        # the position before the flip: White has just moved there, Black to move
        self._unmove(
            pred,
            pred_offset,
            sig.flip_bm[rbm],
            sig.flip_wm[rwm],
            sig.flip_bk[rbk],
            sig.flip_wk[rwk],
            state[at] == _SLOSS,
            state,
            queue,
            dist,
            plies,
        )

    def _unmove(
        self,
        pred: Signature,
        offset: int,
        rwm: int,
        rbm: int,
        rwk: int,
        rbk: int,
        lost: bool,
        state: list[int],
        queue: list[int],
        dist: list[int],
        plies: int,
    ) -> None:
        """Every position one white move before ``pred``'s (rwm, rbm, rwk, rbk), told that its
        move there leads to a position lost (``lost``) or won for the other side."""
        board = self.board
        bits = board.bits
        rays = board.rays
        flying = self.flying
        men = pred.wm_sets[rwm]
        kings = pred.wk_sets[rwk]
        empty = board.valid & ~(men | kings | pred.bm_sets[rbm] | pred.bk_sets[rbk])
        n_bm = pred.n_bm
        n_wk = pred.n_wk
        n_bk = pred.n_bk
        king_table = board.rank_table[_SPACE_ALL]
        men_table = board.rank_table[_SPACE_WHITE_MEN]
        # one white piece goes back: the other three groups keep their ranks
        pieces = kings
        row = (rwm * n_bm + rbm) * n_wk
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            rest = kings ^ low
            for ray in rays[low.bit_length() - 1]:
                for f in ray:
                    if not (empty >> f) & 1:
                        break
                    if rest:
                        r = _rank(king_table, bits, rest | 1 << f)
                    else:
                        r = king_table[f]  # one king: its square's place in the space
                    j = offset + (row + r) * n_bk + rbk
                    v = state[j]
                    if v > _OPEN:
                        if lost:
                            state[j] = _SWIN
                            queue.append(j)
                            if plies:
                                dist[j] = plies
                        elif v == _OPEN + 1:
                            state[j] = _SLOSS
                            queue.append(j)
                            if plies:
                                dist[j] = plies
                        else:
                            state[j] = v - 1
                    if not flying:
                        break
        if not men:
            return
        tail = (rbm * n_wk + rwk) * n_bk + rbk
        stride = n_bm * n_wk * n_bk
        back = ((men << self.down_left) | (men << self.down_right)) & empty
        while back:
            low = back & -back
            back ^= low
            f = low.bit_length() - 1
            for t in (f - self.down_left, f - self.down_right):
                if t < 0 or not (men >> t) & 1:
                    continue
                rest = men ^ (1 << t)
                if rest:
                    r = _rank(men_table, bits, rest | low)
                else:
                    r = men_table[f]
                j = offset + r * stride + tail
                v = state[j]
                if v > _OPEN:
                    if lost:
                        state[j] = _SWIN
                        queue.append(j)
                        if plies:
                            dist[j] = plies
                    elif v == _OPEN + 1:
                        state[j] = _SLOSS
                        queue.append(j)
                        if plies:
                            dist[j] = plies
                    else:
                        state[j] = v - 1


def _fill_count(kings: int, empty: int, left: int, right: int, flying: bool) -> int:
    """The kings' steps towards lower bits (shifts ``left`` and ``right``) onto empty squares:
    all kings at once, one square further each round (one round for short kings)."""
    total = 0
    x = (kings >> left) & empty
    y = (kings >> right) & empty
    while x or y:
        total += popcount(x) + popcount(y)
        if not flying:
            break
        x = (x >> left) & empty
        y = (y >> right) & empty
    return total


def _fill_count_down(kings: int, empty: int, left: int, right: int, flying: bool) -> int:
    """As :func:`_fill_count`, towards higher bits."""
    total = 0
    x = (kings << left) & empty
    y = (kings << right) & empty
    while x or y:
        total += popcount(x) + popcount(y)
        if not flying:
            break
        x = (x << left) & empty
        y = (y << right) & empty
    return total


# solving state -> value, for _pack (an open position is a draw)
_STATE_VALUES: Final = bytes([DRAW, WIN, LOSS, DRAW, INVALID, WIN, LOSS]) + bytes(249)


def _pack(state: bytes, start: int, stop: int) -> bytes:
    """Two bits a position: a solving state turned into DRAW / WIN / LOSS / INVALID."""
    n = stop - start
    size = (n + 3) >> 2
    values = state[start:stop].translate(_STATE_VALUES) + bytes(4 * size - n)
    # four values a byte: each is below 4, so shifting a whole run never carries over
    packed = 0
    for part in range(4):
        packed |= int.from_bytes(values[part::4], "little") << (2 * part)
    return packed.to_bytes(size, "little")
