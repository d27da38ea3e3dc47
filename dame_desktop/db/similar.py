"""The search for a piece pattern: games where chosen pieces stand together for a while.

A :class:`Pattern` is a set of (square, piece) pairs under a rule set; a game matches where
all of them stand on their squares in at least ``run`` consecutive positions of its main line
(4 by default: a pattern seen in passing during a capture sequence is not what a student
means by "this structure").  The hit's ply is the first position of the first such run.

The search reads only the index (:mod:`dame_desktop.db.index`): first the squares each kind of
piece ever stands on in a game (one SQL test per game, most games drop out there), then the
main lines of the games left, played from their bytes (:func:`walk.pattern_run`) with two
more prefilters that stop a game early: material never grows, and men never move back (a
man of the pattern can only come from the squares behind its square).  Rule sets whose men
capture backwards keep the first, rule sets with towers (where pieces come back) neither.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core import Color, RuleSet
from ..core.geometry import Geometry, geometry
from ..core.position import Kind, Piece
from .walk import pattern_run

RUN = 4  # consecutive positions the pieces must stand in


@dataclass(frozen=True)
class Pattern:
    """Pieces on squares (public square numbers) under a rule set."""

    rules: RuleSet
    pieces: tuple[tuple[int, Piece], ...]

    @classmethod
    def of(cls, rules: RuleSet, pieces: Iterable[tuple[int, Piece]]) -> Pattern:
        return cls(rules, tuple(sorted(dict(pieces).items(), key=lambda item: item[0])))

    def masks(self) -> tuple[int, int, int, int]:
        """Bit masks of the white men, white kings, black men and black kings."""
        geo = _geo(self.rules)
        wm = wk = bm = bk = 0
        for sq, piece in self.pieces:
            bit = 1 << geo.sq_to_bit[sq]
            if piece.color is Color.WHITE:
                if piece.kind is Kind.KING:
                    wk |= bit
                else:
                    wm |= bit
            elif piece.kind is Kind.KING:
                bk |= bit
            else:
                bm |= bit
        return wm, wk, bm, bk

    def reversed(self) -> Pattern:
        """The same pieces with the board turned half round and the colours swapped."""
        top = _geo(self.rules).squares
        return Pattern.of(
            self.rules, ((top + 1 - sq, Piece(_other(p.color), p.kind)) for sq, p in self.pieces)
        )


@dataclass(frozen=True)
class PatternHit:
    game: int
    ply: int
    reversed: bool = False


def _other(color: Color) -> Color:
    return Color.BLACK if color is Color.WHITE else Color.WHITE


def _geo(rules: RuleSet) -> Geometry:
    return geometry(rules.board_size, rules.numbering)


def cones(rules: RuleSet, white_men: int, black_men: int) -> list[tuple[bool, int]]:
    """Per man of a pattern: (white?, the squares from which a man of its colour can still
    reach its square moving forward or sideways).  Empty where men move back (capturing
    backwards) or pieces come back (towers): no cone holds there."""
    if rules.men_capture_backward or rules.towers:
        return []
    geo = _geo(rules)
    out: list[tuple[bool, int]] = []
    for white, men in ((True, white_men), (False, black_men)):
        dirs = tuple(geo.forward_white if white else geo.forward_black) + tuple(geo.sideways)
        while men:
            low = men & -men
            men ^= low
            cone = low
            grown = True
            while grown:  # every square with a forward or sideways step into the cone
                grown = False
                bits = geo.valid & ~cone
                while bits:
                    b = bits & -bits
                    bits ^= b
                    index = b.bit_length() - 1
                    for d in dirs:
                        to = geo.step[index][d]
                        if to >= 0 and (cone >> to) & 1:
                            cone |= b
                            grown = True
                            break
            out.append((white, cone))
    return out


class LinesSource(Protocol):
    """What a pattern search reads: an index's ``lines`` (see ``GameIndex.lines``)."""

    def lines(
        self, rules: str, white_men: int, white_kings: int, black_men: int, black_kings: int
    ) -> Iterable[tuple[int, int, bytes]]: ...


def search(
    index: LinesSource,
    pattern: Pattern,
    run: int = RUN,
    reverse: bool = False,
    cancel: Callable[[], bool] | None = None,
) -> list[PatternHit]:
    """The games of ``index`` where ``pattern`` (and, with ``reverse``, its colour-reversed
    form) stands for ``run`` consecutive positions: each game once, at its first such ply,
    in game order.  ``cancel()`` is asked now and then; True stops the search (returns [])."""
    patterns = [(pattern, False)]
    if reverse:
        turned = pattern.reversed()
        if turned != pattern:
            patterns.append((turned, True))
    found: dict[int, PatternHit] = {}
    for pat, is_reversed in patterns:
        for game, ply in _search_one(index, pat, max(run, 1), cancel):
            seen = found.get(game)
            if seen is None or ply < seen.ply:
                found[game] = PatternHit(game, ply, is_reversed)
        if cancel is not None and cancel():
            return []
    return [found[g] for g in sorted(found)]


def _search_one(
    index: LinesSource, pattern: Pattern, run: int, cancel: Callable[[], bool] | None
) -> Sequence[tuple[int, int]]:
    wm, wk, bm, bk = pattern.masks()
    rules = pattern.rules
    white, black, kings, men = wm | wk, bm | bk, wk | bk, wm | bm
    material = not rules.towers
    white_need = white.bit_count() if material else 0
    black_need = black.bit_count() if material else 0
    men_cones = cones(rules, wm, bm)
    out: list[tuple[int, int]] = []
    for number, (game, setups, line) in enumerate(index.lines(rules.key, wm, wk, bm, bk)):
        if cancel is not None and not number & 255 and cancel():
            return []
        if setups:  # a setup can bring pieces back: no early stop
            ply = pattern_run(line, white, black, kings, men, run, 0, 0, [])
        else:
            ply = pattern_run(
                line, white, black, kings, men, run, white_need, black_need, men_cones
            )
        if ply >= 0:
            out.append((game, ply))
    return out
