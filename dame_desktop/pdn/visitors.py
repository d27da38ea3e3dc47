"""Visitors: the reader calls them while it walks a game (python-chess's visitor model).

The reader resolves every move itself and hands the visitor raw states (see
:data:`~dame_desktop.pdn.tree.State`), so building a tree costs no Position objects.
Returning :data:`SKIP` from ``begin_game``, ``end_headers`` or ``begin_variation`` makes the
reader skip that part without resolving its moves.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from ..core import RuleSet
from ..core.movegen import RawMove
from .problems import PdnProblem
from .tree import SKIP, ChildNode, Game, GameNode, Headers, Nag, SkipType, State

ResultT = TypeVar("ResultT")

__all__ = [
    "SKIP",
    "BaseVisitor",
    "ErrorCounter",
    "GameBuilder",
    "HeadersBuilder",
    "SkipType",
    "SkipVisitor",
]


class BaseVisitor(Generic[ResultT]):
    """Callbacks in reading order; override what you need and :meth:`result`."""

    def begin_game(self) -> SkipType | None:
        return None

    def begin_headers(self) -> None:
        return None

    def visit_header(self, name: str, value: str) -> None:
        return None

    def end_headers(self) -> SkipType | None:
        return None

    def visit_start(self, rules: RuleSet, state: State, guessed: bool) -> None:
        """The rules and start position chosen for the move text."""
        return None

    def visit_move(self, raw: RawMove, state: State) -> None:
        """A resolved move and the state after it."""
        return None

    def visit_route(self, route: tuple[int, ...]) -> None:
        """The move just visited was given with this full path (PDN squares, first to last).

        Called right after :meth:`visit_move`, only when the text named more than the two
        end squares of a capture.
        """
        return None

    def visit_setup(self, fen: str, state: State) -> None:
        """A ``/FEN "..."/`` command: play continues from ``state``."""
        return None

    def visit_comment(self, comment: str) -> None:
        return None

    def visit_nag(self, nag: Nag) -> None:
        return None

    def begin_variation(self) -> SkipType | None:
        return None

    def end_variation(self) -> None:
        return None

    def visit_result(self, token: str) -> None:
        return None

    def handle_error(self, error: PdnProblem) -> None:
        """Called for every problem kept (see ``problems.MAX_PROBLEMS``); the default ignores it."""
        return None

    def end_game(self) -> None:
        return None

    def result(self) -> ResultT:
        raise NotImplementedError


class GameBuilder(BaseVisitor[Game]):
    """Builds a :class:`Game`; problems go to ``game.errors`` instead of being raised.

    Several comments on one node are joined with a space (collected first, joined once, so
    thousands of them cost linear time).
    """

    def __init__(self) -> None:
        self.begin_game()

    def begin_game(self) -> None:
        self.game = Game(headers=Headers())
        self._node: GameNode = self.game
        self._stack: list[GameNode] = []
        self._parts: list[str] = []  # comments after the current node's move, not yet joined
        self._starting: list[str] | None = None  # comments before a variation's first move

    def _flush(self) -> None:
        if self._parts:
            node = self._node
            node.comment = " ".join([node.comment, *self._parts] if node.comment else self._parts)
            self._parts = []

    def visit_header(self, name: str, value: str) -> None:
        headers = self.game.headers
        try:
            headers[name] = value
        except ValueError:
            headers[name] = " ".join(value.split())

    def visit_start(self, rules: RuleSet, state: State, guessed: bool) -> None:
        self.game.rules = rules
        self.game.state = state

    def visit_move(self, raw: RawMove, state: State) -> None:
        self._flush()
        node = ChildNode(self._node, raw, state)
        if self._starting is not None:
            node.starting_comment = " ".join(self._starting)
            self._starting = None
        self._node = node

    def visit_route(self, route: tuple[int, ...]) -> None:
        if isinstance(self._node, ChildNode):
            self._node.route = route

    def visit_setup(self, fen: str, state: State) -> None:
        self._node.setup = fen
        self._node.state = state

    def visit_comment(self, comment: str) -> None:
        if not comment:
            return
        if self._starting is not None:
            self._starting.append(comment)
        else:
            self._parts.append(comment)

    def visit_nag(self, nag: Nag) -> None:
        self._node.nags.append(nag)

    def begin_variation(self) -> None:
        self._flush()
        self._stack.append(self._node)
        parent = self._node.parent
        assert parent is not None
        self._node = parent
        self._starting = []

    def end_variation(self) -> None:
        if self._starting:  # a variation holding only comments: they go to the node before
            self._parts = self._starting
        self._starting = None
        self._flush()
        self._node = self._stack.pop()

    def visit_result(self, token: str) -> None:
        self.game.result_token = token

    def handle_error(self, error: PdnProblem) -> None:
        self.game.errors.append(error)

    def end_game(self) -> None:
        self._flush()

    def result(self) -> Game:
        self._flush()
        return self.game


class HeadersBuilder(BaseVisitor[Headers]):
    """Collects the headers and skips the move text."""

    def __init__(self) -> None:
        self.headers = Headers()

    def begin_game(self) -> None:
        self.headers = Headers()

    def visit_header(self, name: str, value: str) -> None:
        try:
            self.headers[name] = value
        except ValueError:
            self.headers[name] = " ".join(value.split())

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> Headers:
        return self.headers


class SkipVisitor(BaseVisitor[bool]):
    """Skips whole games (used by :func:`~dame_desktop.pdn.reader.skip_game`)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class ErrorCounter(BaseVisitor[list[PdnProblem]]):
    """Replays every move and keeps only the problems (what ``dame pdn check`` needs)."""

    def __init__(self) -> None:
        self.errors: list[PdnProblem] = []

    def begin_game(self) -> None:
        self.errors = []

    def handle_error(self, error: PdnProblem) -> None:
        self.errors.append(error)

    def result(self) -> list[PdnProblem]:
        return self.errors
