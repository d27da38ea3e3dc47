"""Moves in public square numbers, with their text forms."""

from __future__ import annotations

from .movegen import RawMove


class Move:
    """A complete move: the path of squares (from, landings...) and the captured squares.

    Two moves are equal when they have the same identity (from, to, set of captured squares,
    with towers counted with repeats):
    routes that differ only in the order or the intermediate landing squares are one move.
    ``paths`` holds every route that has this identity (the first is the canonical one).
    Treat a Move as immutable; it is a slotted class because legal-move lists are hot.
    """

    __slots__ = ("path", "captured", "promotes", "_paths", "raw")

    def __init__(
        self,
        path: tuple[int, ...],
        captured: tuple[int, ...] = (),
        promotes: bool = False,
        paths: tuple[tuple[int, ...], ...] = (),
        raw: RawMove | None = None,
    ) -> None:
        self.path = path
        self.captured = captured
        self.promotes = promotes
        self._paths = paths
        self.raw = raw

    def __reduce__(self) -> tuple[type[Move], tuple[object, ...]]:
        # copy and pickle rebuild it from its arguments (compiled classes need this)
        return (Move, (self.path, self.captured, self.promotes, self._paths, self.raw))

    @property
    def paths(self) -> tuple[tuple[int, ...], ...]:
        return self._paths or (self.path,)

    def with_path(self, route: tuple[int, ...]) -> Move:
        """The same move shown along another of its routes (the identity is unchanged)."""
        return Move(route, self.captured, self.promotes, self._paths, self.raw)

    def __repr__(self) -> str:
        return f"Move(path={self.path!r}, captured={self.captured!r}, promotes={self.promotes!r})"

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
    def identity(self) -> tuple[int, int, tuple[int, ...]]:
        """(from, to, captured squares in ascending order): a square appears twice when its
        tower was jumped twice (rule sets with towers), never otherwise."""
        return (self.path[0], self.path[-1], tuple(sorted(self.captured)))

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
