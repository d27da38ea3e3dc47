"""How long a search may think: :class:`Limit`, in a module of its own so that the playing
levels (and the preferences that name them) do not load the search to describe it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """How long to think: seconds per move, a depth in plies, a node budget (any combination).

    With none given the search stops at depth 64 or when asked to.
    """

    movetime: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.movetime is not None and not self.movetime >= 0:
            raise ValueError(f"movetime must be a number of seconds >= 0, got {self.movetime}")
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"depth must be at least 1, got {self.depth}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"nodes must be at least 1, got {self.nodes}")

    def __reduce__(self) -> tuple[type[Limit], tuple[float | None, int | None, int | None]]:
        # copy and pickle rebuild it from its arguments (compiled classes need this)
        return (Limit, (self.movetime, self.depth, self.nodes))
