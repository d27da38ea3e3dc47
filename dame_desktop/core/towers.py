"""Towers (Bashni, column draughts): the move generation for rule sets with ``towers`` on.

A jumped piece is not taken off: the top piece of the jumped tower goes to the bottom of the
capturing tower, and what is left of the jumped tower stays, its new top deciding its owner
and rank.  A tower moves and captures as its top piece.  Because a jumped tower loses its top
at once, the same tower may be jumped again later in the same capture while an opponent's
piece is on top of it (docs/RULES-decisions.md), and a square whose last piece was taken is
empty at once.

The tops are the position's usual bitboards (white, black, kings); ``stacks`` maps a bit to
the pieces *below* its top, top to bottom, one letter each: ``w`` White's man, ``W`` White's
king, ``b`` Black's man, ``B`` Black's king.  A square without an entry holds a single piece.
This module is used only by rule sets with towers, so the others never pay for them.  Raw
moves have the shape of :mod:`.movegen`'s; ``order`` lists the jumped squares in turn (a
square twice when its tower is jumped twice).
"""

from __future__ import annotations

from functools import lru_cache

from .movegen import RawMove, generator
from .rules import CaptureRule, RuleSet

Stacks = dict[int, str]


def piece_letter(white: bool, king: bool) -> str:
    return ("W" if king else "w") if white else ("B" if king else "b")


class TowerGenerator:
    """Legal moves and their effect for one rule set with towers."""

    def __init__(self, rules: RuleSet) -> None:
        base = generator(rules)
        self.base = base
        self.rules = rules
        self.valid = base.valid
        self.step = base.step
        self.rays = base.rays
        self.flying = base.flying
        self.must_continue = base.must_continue
        self.promote_stop = base.promote_stop
        self.promote_continue = base.promote_continue
        self.white_dirs = base._white_dirs
        self.black_dirs = base._black_dirs
        self.white_promo = base.white_promo
        self.black_promo = base.black_promo
        # any capture may be chosen (Bashni): no precedence to apply
        self.free_choice = rules.capture_rule is CaptureRule.FREE

    # -- the state of a capture in progress: (own tops, opponent tops, king tops, stacks) ----

    @staticmethod
    def _after_jump(
        mid: int, own_white: bool, opp: int, kings: int, occ: int, stacks: Stacks
    ) -> tuple[int, int, int, Stacks]:
        """(opp, kings, occ, stacks) once ``mid``'s top is taken: the square is empty, or its
        next piece is the new top (no longer a target when it is the mover's own)."""
        bit = 1 << mid
        below = stacks.get(mid, "")
        if not below:
            return opp & ~bit, kings & ~bit, occ & ~bit, stacks
        stacks = dict(stacks)
        top = below[0]
        if len(below) > 1:
            stacks[mid] = below[1:]
        else:
            del stacks[mid]
        kings = kings | bit if top in "WB" else kings & ~bit
        if (top in "wW") == own_white:  # the mover's own piece comes free
            return opp & ~bit, kings, occ, stacks
        return opp | bit, kings, occ, stacks

    def captures(
        self, white: int, black: int, kings: int, stacks: Stacks, wtm: bool
    ) -> list[RawMove]:
        own, opp = (white, black) if wtm else (black, white)
        occ = white | black
        out: list[RawMove] = []
        promo = self.white_promo if wtm else self.black_promo
        dirs = self.white_dirs if wtm else self.black_dirs
        own_kings = own & kings
        # the men that can make a first jump (an opponent's top next to them, an empty square
        # behind it), found for the whole board at once; the kings are tried one by one
        men = own & ~kings
        if men:
            men = self.base._man_capturers(men, opp, self.valid & ~occ, wtm)
        mover = men | own_kings
        while mover:
            low = mover & -mover
            f = low.bit_length() - 1
            if kings & low:
                self._king(f, f, (), (), opp, kings, occ & ~low, stacks, wtm, False, out)
            else:
                self._man(f, f, (), (), opp, kings, occ & ~low, stacks, wtm, dirs, promo, out)
            mover ^= low
        return out

    def _finish(
        self,
        frm: int,
        to: int,
        order: tuple[int, ...],
        path: tuple[int, ...],
        promoted: bool,
        by_king: bool,
        out: list[RawMove],
    ) -> None:
        cap = 0
        for b in order:
            cap |= 1 << b
        out.append((frm, to, cap, promoted, path, order, by_king))

    def _man(
        self,
        frm: int,
        cur: int,
        order: tuple[int, ...],
        path: tuple[int, ...],
        opp: int,
        kings: int,
        occ: int,
        stacks: Stacks,
        white: bool,
        dirs: tuple[int, ...],
        promo: int,
        out: list[RawMove],
    ) -> bool:
        step = self.step
        found = False
        for d in dirs:
            mid = step[cur][d]
            if mid < 0 or not (opp >> mid) & 1:
                continue
            land = step[mid][d]
            if land < 0 or (occ >> land) & 1:
                continue
            found = True
            nopp, nkings, nocc, nstacks = self._after_jump(mid, white, opp, kings, occ, stacks)
            norder = order + (mid,)
            npath = path + (land,)
            if (promo >> land) & 1:
                if self.promote_stop:
                    self._finish(frm, land, norder, npath, True, False, out)
                    continue
                if self.promote_continue:
                    if not self._king(
                        frm, land, norder, npath, nopp, nkings, nocc, nstacks, white, True, out
                    ):
                        self._finish(frm, land, norder, npath, True, False, out)
                    continue
            if not self._man(
                frm, land, norder, npath, nopp, nkings, nocc, nstacks, white, dirs, promo, out
            ):
                self._finish(frm, land, norder, npath, bool((promo >> land) & 1), False, out)
        return found

    def _king(
        self,
        frm: int,
        cur: int,
        order: tuple[int, ...],
        path: tuple[int, ...],
        opp: int,
        kings: int,
        occ: int,
        stacks: Stacks,
        white: bool,
        promoted: bool,
        out: list[RawMove],
    ) -> bool:
        found = False
        flying = self.flying
        for ray in self.rays[cur]:
            length = len(ray)
            i = 0
            if flying:
                while i < length and not (occ >> ray[i]) & 1:
                    i += 1
            if i >= length - 1:
                continue
            mid = ray[i]
            if not (opp >> mid) & 1 or (occ >> ray[i + 1]) & 1:
                continue
            found = True
            nopp, nkings, nocc, nstacks = self._after_jump(mid, white, opp, kings, occ, stacks)
            norder = order + (mid,)
            lands = []
            j = i + 1
            while j < length and not (nocc >> ray[j]) & 1:
                lands.append(ray[j])
                j += 1
                if not flying:
                    break
            continuing = []
            for land in lands:
                # adds to ``out`` only where it finds a jump (and then says so)
                if self._king(
                    frm,
                    land,
                    norder,
                    path + (land,),
                    nopp,
                    nkings,
                    nocc,
                    nstacks,
                    white,
                    promoted,
                    out,
                ):
                    continuing.append(land)
            if continuing and self.must_continue:
                continue
            for land in lands:
                if land not in continuing:
                    self._finish(frm, land, norder, path + (land,), promoted, not promoted, out)
        return found

    # -- whole moves -------------------------------------------------------------------------

    def legal(self, white: int, black: int, kings: int, stacks: Stacks, wtm: bool) -> list[RawMove]:
        caps = self.captures(white, black, kings, stacks, wtm)
        if caps:
            return caps if self.free_choice else self.base.filter_captures(caps, kings)
        return self.base.quiet(white, black, kings, wtm)

    def apply(
        self, white: int, black: int, kings: int, stacks: Stacks, wtm: bool, m: RawMove
    ) -> tuple[int, int, int, Stacks]:
        """The position after ``m``: the jumped tops go under the mover, in jump order."""
        frm, to = m[0], m[1]
        fbit, tbit = 1 << frm, 1 << to
        own, opp = (white, black) if wtm else (black, white)
        stacks = dict(stacks)
        mover_below = stacks.pop(frm, "")
        prisoners = []
        for mid in m[5]:
            bit = 1 << mid
            prisoners.append(piece_letter(not wtm, bool(kings & bit)))
            below = stacks.pop(mid, "")
            if not below:
                opp &= ~bit
                kings &= ~bit
                continue
            top = below[0]
            if len(below) > 1:
                stacks[mid] = below[1:]
            kings = kings | bit if top in "WB" else kings & ~bit
            if (top in "wW") == wtm:  # the mover's colour on top: the tower changes hands
                opp &= ~bit
                own |= bit
        king = bool(kings & fbit) or m[3]
        own = (own & ~fbit) | tbit
        kings = (kings & ~fbit) | tbit if king else kings & ~fbit & ~tbit
        below = mover_below + "".join(prisoners)
        if below:
            stacks[to] = below
        if wtm:
            return own, opp, kings, stacks
        return opp, own, kings, stacks

    def perft(
        self, white: int, black: int, kings: int, stacks: Stacks, wtm: bool, depth: int
    ) -> int:
        """Leaf count, one move per identity (see :func:`unique`)."""
        if depth <= 0:
            return 1
        moves = unique(self.legal(white, black, kings, stacks, wtm))
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            w, b, k, s = self.apply(white, black, kings, stacks, wtm, m)
            total += self.perft(w, b, k, s, not wtm, depth - 1)
        return total


def unique(raws: list[RawMove]) -> list[RawMove]:
    """One raw move per (from, to, jumped squares counted with repeats): the move identity
    of every rule set, with a tower jumped twice counted twice.  Routes that take the same
    pieces in another order are one move, played along the first route found (which decides
    the order of the prisoners under the capturing tower)."""
    if len(raws) < 2 or not raws[0][2]:
        return raws  # one move, or quiet moves (one per from and to square)
    seen: dict[tuple[int, int, tuple[int, ...]], RawMove] = {}
    for r in raws:
        seen.setdefault((r[0], r[1], tuple(sorted(r[5]))), r)
    return list(seen.values())


@lru_cache(maxsize=16)
def tower_generator(rules: RuleSet) -> TowerGenerator:
    """The cached tower move generator for ``rules``."""
    return TowerGenerator(rules)
