"""Static evaluation over raw bitboards, generic over the rule set's parameters.

Scores are in hundredths of a man and seen from the side to move.  Piece-square terms are
stored as bit planes (a weight table split into one mask per binary digit), so a table costs a
handful of ``bit_count`` calls instead of a loop over the pieces.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.geometry import geometry
from ..core.rules import RuleSet

MAN = 100
FLYING_KING = 300
SHORT_KING = 150

# (shift, mask) pairs: a weight table contributes popcount(x & mask) << shift per plane
Planes = tuple[tuple[int, int], ...]


def _planes(weights: dict[int, int]) -> Planes:
    """Split non-negative integer weights per bit into bit planes."""
    top = max(weights.values(), default=0)
    out = []
    shift = 0
    while (1 << shift) <= top:
        mask = 0
        for bit, value in weights.items():
            if (value >> shift) & 1:
                mask |= 1 << bit
        if mask:
            out.append((shift, mask))
        shift += 1
    return tuple(out)


def _div(x: int, d: int) -> int:
    """Integer division rounding towards zero, so that both colours round alike."""
    return x // d if x >= 0 else -(-x // d)


def _score(x: int, planes: Planes) -> int:
    total = 0
    for shift, mask in planes:
        total += (x & mask).bit_count() << shift
    return total


class Evaluator:
    """Evaluation tables and weights for one rule set (build with :func:`evaluator`)."""

    def __init__(self, rules: RuleSet) -> None:
        geo = geometry(rules.board_size, rules.numbering)
        size = rules.board_size
        n = geo.n
        self.rules = rules
        self.n = n
        self.valid = geo.valid
        self.flying = rules.flying_kings
        self.giveaway = rules.giveaway
        self.man = MAN
        self.king = FLYING_KING if rules.flying_kings else SHORT_KING
        if not rules.men_capture_kings:
            self.king += 30  # a king that men cannot take is worth more
        self.start_pieces = 2 * rules.start_rows * n
        self.long_diagonal = geo.long_diagonal
        self.quiet_limit = rules.draw_quiet_plies
        self.short_endgame_rule = rules.draw_fmjd_endgame

        # internal square -> (bit, row, col); row 0 is the top (Black's back row)
        cells: list[tuple[int, int, int]] = []
        for s in range(1, geo.squares + 1):
            row, idx = divmod(s - 1, n)
            col = 2 * idx + 1 if row % 2 == 0 else 2 * idx
            cells.append(((s - 1) + (s - 1) // (2 * n), row, col))

        self.rowcol: list[tuple[int, int]] = [(0, 0)] * geo.bits
        for bit, row, col in cells:
            self.rowcol[bit] = (row, col)
        centre = (size - 1) / 2.0
        men_w: dict[int, int] = {}
        adv_w: dict[int, int] = {}
        king_w: dict[int, int] = {}
        men_b: dict[int, int] = {}
        adv_b: dict[int, int] = {}
        back_w = back_b = 0
        row_weight_end = [0] * size
        for rank in range(size):  # rank = rows advanced from the own back row
            row_weight_end[rank] = (rank * rank * 24) // ((size - 1) * (size - 1))
        for bit, row, col in cells:
            rank_w = size - 1 - row
            rank_b = row
            dist = abs(col - centre)
            central = max(0, int(round(4 - 2 * dist * 4 / size)))
            edge = 0 if col in (0, size - 1) else 2
            # opening / middle game: centre control and mild advancement
            men_w[bit] = central + edge + min(rank_w, size - 3)
            men_b[bit] = central + edge + min(rank_b, size - 3)
            adv_w[bit] = row_weight_end[rank_w]
            adv_b[bit] = row_weight_end[rank_b]
            kv = central * 2
            if rules.flying_kings and (geo.long_diagonal >> bit) & 1:
                kv += 8
            king_w[bit] = kv
            if row == size - 1:
                back_w |= 1 << bit
            if row == 0:
                back_b |= 1 << bit
        self.men_w = _planes(men_w)
        self.men_b = _planes(men_b)
        self.adv_w = _planes(adv_w)
        self.adv_b = _planes(adv_b)
        self.king_pst = _planes(king_w)
        self.back_w = back_w
        self.back_b = back_b
        # men one step from the crowning row
        self.pre_w = self._row_mask(cells, 1)
        self.pre_b = self._row_mask(cells, size - 2)
        self.back_value = 6 if size <= 8 else 4
        self.left = 0
        for bit, _, col in cells:
            if col < size // 2:
                self.left |= 1 << bit
        self.balance = 2
        self.mobility = 2
        self.runaway = (self.king - MAN) // 3

    @staticmethod
    def _row_mask(cells: list[tuple[int, int, int]], row: int) -> int:
        mask = 0
        for bit, r, _ in cells:
            if r == row:
                mask |= 1 << bit
        return mask

    def __call__(self, w: int, b: int, k: int, wtm: bool, quiet: int = 0) -> int:
        """The static score from the side to move (hundredths of a man)."""
        return self.finish(self.white_score(w, b, k), wtm, quiet)

    def finish(self, score: int, wtm: bool, quiet: int = 0) -> int:
        """Turn a :meth:`white_score` into the score from the side to move."""
        if self.giveaway:
            score = -score
        if self.quiet_limit:
            left = self.quiet_limit - quiet
            if left < 20:
                score = _div(score * max(left, 0), 20)
        return (score if wtm else -score) + 4

    def white_score(self, w: int, b: int, k: int) -> int:
        """The score from White's point of view, before the side-to-move adjustments."""
        wk = w & k
        bk = b & k
        wm = w ^ wk
        bm = b ^ bk
        nwm = wm.bit_count()
        nbm = bm.bit_count()
        nwk = wk.bit_count()
        nbk = bk.bit_count()
        nw = nwm + nwk
        nb = nbm + nbk
        if nw == 0:
            return -20000
        if nb == 0:
            return 20000
        king = self.king
        material = (nwm - nbm) * MAN + (nwk - nbk) * king
        pieces = nw + nb
        start = self.start_pieces
        # phase: 256 at the start, 0 with nothing left
        phase = min(256, pieces * 256 // start)
        score = material
        # men: structure and advancement, blended by phase
        open_part = _score(wm, self.men_w) - _score(bm, self.men_b)
        end_part = _score(wm, self.adv_w) - _score(bm, self.adv_b)
        score += _div(open_part * phase + end_part * (256 - phase) * 2, 256)
        # kings: centre and the long diagonal
        if nwk or nbk:
            kp = self.king_pst
            score += _score(wk, kp) - _score(bk, kp)
        empty = self.valid & ~(w | b)
        n = self.n
        # back-rank guard while the opponent still has men to crown and no king yet
        if nbm and not nbk:
            score += (wm & self.back_w).bit_count() * self.back_value
        if nwm and not nwk:
            score -= (bm & self.back_b).bit_count() * self.back_value
        # mobility of the men
        wmob = ((wm >> n) & empty).bit_count() + ((wm >> (n + 1)) & empty).bit_count()
        bmob = ((bm << n) & empty).bit_count() + ((bm << (n + 1)) & empty).bit_count()
        score += (wmob - bmob) * self.mobility
        # balance: men spread over both wings hold together better
        left = self.left
        wl = (wm & left).bit_count()
        bl = (bm & left).bit_count()
        score -= (abs(2 * wl - nwm) - abs(2 * bl - nbm)) * self.balance
        # runaway men: one step from crowning with a free square ahead
        free_w = (empty << n) | (empty << (n + 1))
        free_b = (empty >> n) | (empty >> (n + 1))
        run = self.runaway
        if wm & self.pre_w:
            score += (wm & self.pre_w & free_w).bit_count() * run
        if bm & self.pre_b:
            score -= (bm & self.pre_b & free_b).bit_count() * run
        # endgame knowledge
        if material > 0:
            score = self._endgame(score, nwm, nwk, nbm, nbk, b, wk)
        elif material < 0:
            score = -self._endgame(-score, nbm, nbk, nwm, nwk, w, bk)
        elif nwm + nbm == 0:
            score = _div(score, 8)  # equal kings only: a draw
        return score

    def _endgame(
        self, score: int, sm: int, sk: int, om: int, ok: int, lone: int, hunters: int
    ) -> int:
        """Scale the stronger side's score by what its material can really win.

        ``lone`` is the weaker side's pieces and ``hunters`` the stronger side's kings.
        """
        strong = sm + sk
        weak = om + ok
        if sk and weak <= 3:
            score += self._approach(hunters, lone)
        if ok and om == 0:
            if self.short_endgame_rule and weak == 1 and strong <= 3:
                # FMJD: three pieces against a lone king get 16 moves, fewer get 5: a draw
                return _div(score, 8)
            if self.flying:
                # a flying king holds against small material and the long diagonal
                if strong <= 2 or strong - weak < 2:
                    return _div(score, 16)
                if weak == 1 and strong == 3 and lone & self.long_diagonal:
                    return _div(score, 16)
            elif strong - weak < 1 and sm == 0:
                return _div(score, 8)
        if ok and self.flying and strong <= 3 and weak >= 1 and strong - weak <= 1:
            return _div(score, 4)
        # when ahead, trading down helps: reward fewer pieces on the board
        bonus = (self.start_pieces - strong - weak) * 2
        return score + bonus


    def _approach(self, hunters: int, prey: int) -> int:
        """A bonus for kings close to the few pieces left to catch (endgame technique)."""
        rc = self.rowcol
        targets = []
        while prey:
            low = prey & -prey
            targets.append(rc[low.bit_length() - 1])
            prey ^= low
        size = self.rules.board_size
        bonus = 0
        while hunters:
            low = hunters & -hunters
            r, c = rc[low.bit_length() - 1]
            nearest = min(max(abs(r - tr), abs(c - tc)) for tr, tc in targets)
            bonus += (size - nearest) * 3
            hunters ^= low
        return bonus


@lru_cache(maxsize=32)
def evaluator(rules: RuleSet) -> Evaluator:
    """The cached evaluator for ``rules``."""
    return Evaluator(rules)
