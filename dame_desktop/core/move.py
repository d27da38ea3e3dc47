"""Moves in public square numbers, with their text forms."""

from __future__ import annotations

from dataclasses import dataclass, field

from .movegen import RawMove


@dataclass(frozen=True, eq=False)
class Move:
    """A complete move: the path of squares (from, landings...) and the captured squares.

    Two moves are equal when they have the same identity (from, to, set of captured squares):
    routes that differ only in the order or the intermediate landing squares are one move.
    ``paths`` holds every route that has this identity (the first is the canonical one).
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    promotes: bool = False
    paths: tuple[tuple[int, ...], ...] = ()
    raw: RawMove | None = field(default=None, repr=False)

    @property
    def from_sq(self) -> int:
        return self.path[0]

    @property
    def to_sq(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)

    @property
    def identity(self) -> tuple[int, int, frozenset[int]]:
        return (self.path[0], self.path[-1], frozenset(self.captured))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.identity == other.identity

    def __hash__(self) -> int:
        return hash(self.identity)

    def full_text(self, sep: str = "x") -> str:
        """Every landing square: ``10x19x26`` for a capture, ``11-15`` for a quiet move."""
        if not self.captured:
            return f"{self.path[0]}-{self.path[-1]}"
        return sep.join(str(sq) for sq in self.path)

    def short_text(self, sep: str = "x") -> str:
        """From and to only: ``10x26``."""
        if not self.captured:
            return f"{self.path[0]}-{self.path[-1]}"
        return f"{self.path[0]}{sep}{self.path[-1]}"

    def __str__(self) -> str:
        return self.full_text()
