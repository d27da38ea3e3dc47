"""Move generation on bitboards: the hot loops.  Ints and tuples only; no public API.

A raw move is a tuple ``(frm, to, cap, promote, path, order, by_king)``:

* ``frm``, ``to``: bit indexes; ``cap``: mask of captured pieces;
* ``promote``: the moving man ends the move as a king;
* ``path``: the landing bits after ``frm`` (``(to,)`` for a quiet move);
* ``order``: the captured bits in the order they were jumped;
* ``by_king``: the moving piece was a king when the move began.

Positions are passed as ``(white, black, kings, white_to_move)``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .geometry import geometry_of
from .rules import CaptureRule, Landing, Promotion, Removal, RuleSet

RawMove = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...], bool]

_ANY: Final = 0
_BEHIND: Final = 1
_BEHIND_LAST: Final = 2

_WORD_MAX: Final = (1 << 62) - 1  # the largest int compiled code keeps in a machine word


def popcount(x: int) -> int:
    """The number of set bits of ``x >= 0`` (a bitboard): ``x.bit_count()``.

    Compiled code has no ``bit_count`` of its own: it calls the method as Python does, boxing
    ``x`` first.  Below ``2 ** 62`` (every board up to 10x10) this counts in machine-word
    arithmetic instead.  The interpreter runs the builtin method, which is faster than any
    Python body: the end of this module binds the name to it (see there).
    """
    if 0 <= x <= _WORD_MAX:
        x -= (x >> 1) & 0x1555555555555555  # pairs of bits (0x55...55 below bit 62)
        x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F  # bytes
        x += x >> 8
        x += x >> 16
        x += x >> 32
        return x & 0x7F
    return x.bit_count()


class MoveGenerator:
    """Legal-move generation for one rule set (build with :func:`generator`)."""

    def __init__(self, rules: RuleSet) -> None:
        geo = geometry_of(rules)
        self.rules = rules
        self.geo = geo
        n = geo.n
        self.n = n
        self.valid = geo.valid
        self.white_promo = geo.white_promo
        self.black_promo = geo.black_promo
        self.flying = rules.flying_kings
        self.capture_rule = rules.capture_rule
        self.step = geo.step
        self.rays = geo.rays
        flying = rules.flying_kings
        landing = {Landing.ANY: _ANY, Landing.BEHIND: _BEHIND, Landing.BEHIND_LAST: _BEHIND_LAST}[
            rules.landing
        ]
        if not flying:
            landing = _BEHIND
        self.landing = landing
        self.must_continue = rules.must_land_to_continue
        # what a man does on the crowning row during a capture (Promotion.PASS: goes on as a man)
        self.promote_stop = rules.promotion is Promotion.STOP
        self.promote_continue = rules.promotion is Promotion.CONTINUE
        back = rules.men_capture_backward
        self.men_capture_backward = back
        # the directions a man moves and captures in, from the geometry's tables: forward,
        # sideways where the board has such lines, and backward for captures where allowed
        fwd_w, fwd_b, side = geo.forward_white, geo.forward_black, geo.sideways
        self._white_dirs = fwd_w + side + (fwd_b if back else ())
        self._black_dirs = fwd_b + side + (fwd_w if back else ())
        delta = geo.delta
        # the same as bit shifts (negative: towards lower bits), for the whole-board tests
        self._white_capture_shifts = tuple(delta[d] for d in self._white_dirs)
        self._black_capture_shifts = tuple(delta[d] for d in self._black_dirs)
        # a man's quiet steps (direction indexes, then bit shifts), White's in the order
        # (up-left, up-right) of the diagonal board
        self.white_step_dirs = fwd_w + side
        self.black_step_dirs = fwd_b + side
        self._white_steps = tuple(delta[d] for d in self.white_step_dirs)
        self._black_steps = tuple(delta[d] for d in self.black_step_dirs)
        self.opposite = geo.opposite
        # the diagonal board's steps are the shifts n and n + 1: the hot loops below spell
        # them out (measurably faster than a loop over the shift tables)
        self.diagonal = not geo.orthogonal
        self.no_reversal = rules.no_reversal
        # captured pieces leave the board at once: their squares are free for the rest
        self.remove_at_once = rules.removal is Removal.IMMEDIATE
        self.men_capture_kings = rules.men_capture_kings

    # The capture walks are methods, not closures, so that compiled code calls them directly.

    def _king_dfs(
        self,
        cur: int,
        captured: int,
        order: tuple[int, ...],
        path: tuple[int, ...],
        frm: int,
        capt: int,
        empty: int,
        out: list[RawMove],
        promoted: bool,
        came: int,
    ) -> bool:
        """Continue a king's capture from ``cur``; ``came`` is the last jump's direction."""
        flying = self.flying
        landing = self.landing
        found = False
        rays = self.rays[cur]
        banned = self.opposite[came] if came >= 0 and self.no_reversal else -1
        at_once = self.remove_at_once
        for d in range(len(rays)):
            if d == banned:
                continue
            ray = rays[d]
            length = len(ray)
            i = 0
            if flying:
                while i < length and (empty >> ray[i]) & 1:
                    i += 1
            if i >= length - 1:
                continue
            mid = ray[i]
            if not (capt >> mid) & 1 or (captured >> mid) & 1:
                continue
            j = i + 1
            first = ray[j]
            if not (empty >> first) & 1:
                continue
            found = True
            ncap = captured | (1 << mid)
            norder = order + (mid,)
            nempty = empty | (1 << mid) if at_once else empty
            if landing == _BEHIND:
                npath = path + (first,)
                if not self._king_dfs(
                    first, ncap, norder, npath, frm, capt, nempty, out, promoted, d
                ):
                    out.append((frm, first, ncap, promoted, npath, norder, not promoted))
                continue
            lands = [first]
            j += 1
            while j < length and (empty >> ray[j]) & 1:
                lands.append(ray[j])
                j += 1
            if self.must_continue:
                any_cont = False
                for land in lands:
                    if self._king_dfs(
                        land, ncap, norder, path + (land,), frm, capt, nempty, out, promoted, d
                    ):
                        any_cont = True
                if not any_cont:
                    for land in lands if landing == _ANY else lands[:1]:
                        out.append(
                            (frm, land, ncap, promoted, path + (land,), norder, not promoted)
                        )
            else:
                for k, land in enumerate(lands):
                    npath = path + (land,)
                    if not self._king_dfs(
                        land, ncap, norder, npath, frm, capt, nempty, out, promoted, d
                    ) and (landing == _ANY or k == 0):
                        out.append((frm, land, ncap, promoted, npath, norder, not promoted))
        return found

    def _man_dfs(
        self,
        cur: int,
        captured: int,
        order: tuple[int, ...],
        path: tuple[int, ...],
        frm: int,
        capt: int,
        kcapt: int,
        empty: int,
        out: list[RawMove],
        dirs: tuple[int, ...],
        promo: int,
    ) -> bool:
        step = self.step
        found = False
        steps = step[cur]
        at_once = self.remove_at_once
        for d in dirs:
            mid = steps[d]
            if mid < 0 or not (capt >> mid) & 1 or (captured >> mid) & 1:
                continue
            land = step[mid][d]
            if land < 0 or not (empty >> land) & 1:
                continue
            found = True
            ncap = captured | (1 << mid)
            norder = order + (mid,)
            npath = path + (land,)
            nempty = empty | (1 << mid) if at_once else empty
            if (promo >> land) & 1:
                if self.promote_stop:
                    out.append((frm, land, ncap, True, npath, norder, False))
                    continue
                if self.promote_continue:
                    if not self._king_dfs(
                        land, ncap, norder, npath, frm, kcapt, nempty, out, True, d
                    ):
                        out.append((frm, land, ncap, True, npath, norder, False))
                    continue
            if not self._man_dfs(
                land, ncap, norder, npath, frm, capt, kcapt, nempty, out, dirs, promo
            ):
                out.append((frm, land, ncap, bool((promo >> land) & 1), npath, norder, False))
        return found

    # -- captures ------------------------------------------------------------------------

    def _man_capturers(self, men: int, capt: int, empty: int, white: bool) -> int:
        """Men that can jump: an opponent piece next to them with an empty square behind it."""
        found = 0
        if self.diagonal:
            s1 = self.n
            s2 = s1 + 1
            if white or self.men_capture_backward:  # towards lower bits (White's way)
                found = ((capt << s1) & (empty << 2 * s1)) | ((capt << s2) & (empty << 2 * s2))
            if not white or self.men_capture_backward:
                found |= ((capt >> s1) & (empty >> 2 * s1)) | ((capt >> s2) & (empty >> 2 * s2))
            return men & found
        for d in self._white_capture_shifts if white else self._black_capture_shifts:
            if d < 0:  # towards lower bits (White's forward way)
                found |= (capt << -d) & (empty << -2 * d)
            else:
                found |= (capt >> d) & (empty >> 2 * d)
        return men & found

    def has_capture(self, white: int, black: int, kings: int, wtm: bool) -> bool:
        """Whether the side to move has a capture (cheaper than generating them)."""
        if wtm:
            own, opp = white, black
        else:
            own, opp = black, white
        empty = self.valid & ~(white | black)
        men = own & ~kings
        if men:
            capt = opp if self.men_capture_kings else opp & ~kings
            if self._man_capturers(men, capt, empty, wtm):
                return True
        own_kings = own & kings
        if own_kings:
            rays = self.rays  # compiled: an attribute of this class, not of Geometry
            flying = self.flying
            while own_kings:
                low = own_kings & -own_kings
                for ray in rays[low.bit_length() - 1]:
                    length = len(ray)
                    i = 0
                    if flying:
                        while i < length and (empty >> ray[i]) & 1:
                            i += 1
                    if i < length - 1 and (opp >> ray[i]) & 1 and (empty >> ray[i + 1]) & 1:
                        return True
                own_kings ^= low
        return False

    def captures(
        self, white: int, black: int, kings: int, wtm: bool, dedupe: bool = True
    ) -> list[RawMove]:
        """All complete capture sequences, before the precedence filter."""
        if wtm:
            own, opp, promo, dirs = white, black, self.white_promo, self._white_dirs
        else:
            own, opp, promo, dirs = black, white, self.black_promo, self._black_dirs
        empty = self.valid & ~(white | black)
        men = own & ~kings
        mcapt = opp if self.men_capture_kings else opp & ~kings
        out: list[RawMove] = []
        # the mover's origin counts as empty, so a man can always be re-tested with it empty
        cand = self._man_capturers(men, mcapt, empty, wtm) if men else 0
        while cand:
            low = cand & -cand
            f = low.bit_length() - 1
            self._man_dfs(f, 0, (), (), f, mcapt, opp, empty | low, out, dirs, promo)
            cand ^= low
        own_kings = own & kings
        while own_kings:
            low = own_kings & -own_kings
            f = low.bit_length() - 1
            self._king_dfs(f, 0, (), (), f, opp, empty | low, out, False, -1)
            own_kings ^= low
        if dedupe and len(out) > 1:
            seen: dict[tuple[int, int, int], RawMove] = {}
            for m in out:
                key = (m[0], m[1], m[2])
                if key not in seen:
                    seen[key] = m
            if len(seen) != len(out):
                out = list(seen.values())
        return out

    def filter_captures(self, caps: list[RawMove], kings: int) -> list[RawMove]:
        """Apply the rule set's capture precedence to complete sequences."""
        rule = self.capture_rule
        if rule is CaptureRule.FREE or len(caps) < 2:
            return caps
        if rule is CaptureRule.CZECH:
            by_king = [m for m in caps if m[6]]
            return by_king or caps
        best = max(popcount(m[2]) for m in caps)
        caps = [m for m in caps if popcount(m[2]) == best]
        if rule is CaptureRule.MAX or len(caps) < 2:
            return caps
        if rule is CaptureRule.SPANISH:
            most = max(popcount(m[2] & kings) for m in caps)
            return [m for m in caps if popcount(m[2] & kings) == most]
        # Italian: with a king, then most kings, then the earliest king
        if any(m[6] for m in caps):
            caps = [m for m in caps if m[6]]
        most = max(popcount(m[2] & kings) for m in caps)
        caps = [m for m in caps if popcount(m[2] & kings) == most]
        if most == 0 or len(caps) < 2:
            return caps

        def king_positions(m: RawMove) -> tuple[int, ...]:
            return tuple(i for i, b in enumerate(m[5]) if (kings >> b) & 1)

        earliest = min(king_positions(m) for m in caps)
        return [m for m in caps if king_positions(m) == earliest]

    # -- quiet moves ---------------------------------------------------------------------

    def quiet(self, white: int, black: int, kings: int, wtm: bool) -> list[RawMove]:
        empty = self.valid & ~(white | black)
        out: list[RawMove] = []
        if wtm:
            own, promo, shifts = white, self.white_promo, self._white_steps
        else:
            own, promo, shifts = black, self.black_promo, self._black_steps
        men = own & ~kings
        for s in shifts:
            tos = (men >> -s if s < 0 else men << s) & empty
            while tos:
                low = tos & -tos
                t = low.bit_length() - 1
                out.append((t - s, t, 0, bool(low & promo), (t,), (), False))
                tos ^= low
        own_kings = own & kings
        if own_kings:
            rays = self.rays  # compiled: an attribute of this class, not of Geometry
            flying = self.flying
            while own_kings:
                low = own_kings & -own_kings
                f = low.bit_length() - 1
                for ray in rays[f]:
                    for t in ray:
                        if not (empty >> t) & 1:
                            break
                        out.append((f, t, 0, False, (t,), (), True))
                        if not flying:
                            break
                own_kings ^= low
        return out

    def count_quiet(self, white: int, black: int, kings: int, wtm: bool) -> int:
        empty = self.valid & ~(white | black)
        if wtm:
            own, shifts = white, self._white_steps
        else:
            own, shifts = black, self._black_steps
        men = own & ~kings
        if self.diagonal:
            n = self.n
            if wtm:
                count = popcount((men >> (n + 1)) & empty) + popcount((men >> n) & empty)
            else:
                count = popcount((men << n) & empty) + popcount((men << (n + 1)) & empty)
        else:
            count = 0
            for s in shifts:
                count += popcount((men >> -s if s < 0 else men << s) & empty)
        own_kings = own & kings
        if own_kings:
            rays = self.rays  # compiled: an attribute of this class, not of Geometry
            flying = self.flying
            while own_kings:
                low = own_kings & -own_kings
                for ray in rays[low.bit_length() - 1]:
                    for t in ray:
                        if not (empty >> t) & 1:
                            break
                        count += 1
                        if not flying:
                            break
                own_kings ^= low
        return count

    # -- public entry points -------------------------------------------------------------

    def legal(self, white: int, black: int, kings: int, wtm: bool) -> list[RawMove]:
        """Strict legal moves: a capture is compulsory and its precedence rule applies."""
        caps = self.captures(white, black, kings, wtm)
        if caps:
            return self.filter_captures(caps, kings)
        return self.quiet(white, black, kings, wtm)

    def huff_moves(self, white: int, black: int, kings: int, wtm: bool) -> list[RawMove]:
        """Every move a player may make when huffing is on: all captures and quiet moves."""
        return self.captures(white, black, kings, wtm) + self.quiet(white, black, kings, wtm)

    def count(self, white: int, black: int, kings: int, wtm: bool) -> int:
        caps = self.captures(white, black, kings, wtm)
        if caps:
            return len(self.filter_captures(caps, kings))
        return self.count_quiet(white, black, kings, wtm)

    def apply(
        self, white: int, black: int, kings: int, wtm: bool, m: RawMove
    ) -> tuple[int, int, int]:
        fbit = 1 << m[0]
        tbit = 1 << m[1]
        cap = m[2]
        if wtm:
            white = (white & ~fbit) | tbit
            black &= ~cap
        else:
            black = (black & ~fbit) | tbit
            white &= ~cap
        if kings & fbit:
            kings = ((kings & ~fbit) & ~cap) | tbit
        elif m[3]:
            kings = (kings & ~cap) | tbit
        elif cap:
            kings &= ~cap
        return white, black, kings

    def perft(self, white: int, black: int, kings: int, wtm: bool, depth: int) -> int:
        """Leaf count ``depth`` plies below, one move per identity (bulk-counted)."""
        if depth <= 0:
            return 1
        if depth == 1:
            return self.count(white, black, kings, wtm)
        total = 0
        apply = self.apply
        perft = self.perft
        for m in self.legal(white, black, kings, wtm):
            w, b, k = apply(white, black, kings, wtm, m)
            total += perft(w, b, k, not wtm, depth - 1)
        return total


@lru_cache(maxsize=64)
def generator(rules: RuleSet) -> MoveGenerator:
    """The cached move generator for ``rules``."""
    return MoveGenerator(rules)


# The definition above as compiled (or, in the interpreter, as written): for the tests.
word_popcount = popcount
# Compiled callers were bound to the definition at build time; what looks the name up at run
# time (interpreted code: DAME_PURE, a pure install) gets the builtin method instead.
globals()["popcount"] = int.bit_count
