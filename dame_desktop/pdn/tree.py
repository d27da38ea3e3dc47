"""The game tree: Game (root), ChildNode (one move each), Headers, NAGs and PDN errors.

Modelled on python-chess's ``chess.pgn``: ``variations[0]`` is the main line, every node has a
``comment`` (after its move), a ``starting_comment`` (before a move that starts a variation),
``nags``, and a ``setup`` (a ``/FEN "..."/`` command after the move).  Positions are stored as
raw ``(white, black, kings, white_to_move)`` states so reading is cheap; :meth:`position`
builds the immutable core Position on demand.  A position with towers (Bashni) has a fifth
item, the position's ``stacks`` (the pieces under each tower's top).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, MutableMapping
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..core import Color, Move, Position, RuleSet
from ..core.geometry import geometry_of
from ..core.movegen import RawMove, generator
from ..core.rules import GERMAN
from .comments import COMMAND
from .problems import NotPdnError, PdnError, PdnProblem, ProblemKind

__all__ = [
    "SKIP",
    "ChildNode",
    "Game",
    "GameNode",
    "Headers",
    "Nag",
    "NotPdnError",
    "PdnError",
    "PdnProblem",
    "ProblemKind",
    "SkipType",
    "State",
    "result_scores",
    "state_after",
    "state_of",
    "state_position",
]

if TYPE_CHECKING:
    from .visitors import BaseVisitor

T = TypeVar("T")


class SkipType(enum.Enum):
    """The type of :data:`SKIP`, which a visitor returns to skip part of a game."""

    SKIP = "skip"


SKIP = SkipType.SKIP
Stacks = tuple[tuple[int, str], ...]
State = tuple[int, int, int, bool] | tuple[int, int, int, bool, Stacks]
"""A position as ``(white, black, kings, white_to_move)`` bitboards (core bit layout), with
the position's ``stacks`` as a fifth item where towers stand (rule sets with towers)."""


def state_of(position: Position) -> State:
    """The state of ``position``: four items, five where towers stand."""
    wtm = position.turn is Color.WHITE
    if position.stacks:
        return (position.white, position.black, position.kings, wtm, position.stacks)
    return (position.white, position.black, position.kings, wtm)


def state_position(rules: RuleSet, state: State) -> Position:
    """The core Position of ``state`` under ``rules``."""
    turn = Color.WHITE if state[3] else Color.BLACK
    if len(state) == 5:
        return Position(rules, state[0], state[1], state[2], turn, state[4])
    return Position(rules, state[0], state[1], state[2], turn)


def state_after(rules: RuleSet, state: State, raw: RawMove) -> State:
    """The state after the raw move ``raw`` (a move of ``state``'s position)."""
    if rules.towers:
        return state_of(state_position(rules, state).play_raw(raw))
    w, b, k, wtm = state[:4]
    w2, b2, k2 = generator(rules).apply(w, b, k, wtm, raw)
    return (w2, b2, k2, not wtm)


TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_TAG_NAME = re.compile(r"[A-Za-z_]\w*")


class Nag(NamedTuple):
    """A numeric annotation glyph with the spelling it had in the file (``$1``, ``!``, ``(?)``)."""

    value: int
    text: str

    @classmethod
    def of(cls, value: int) -> Nag:
        return cls(value, f"${value}")


class Headers(MutableMapping[str, str]):
    """Tag pairs: the seven-tag roster first (in roster order), then other tags as added."""

    def __init__(self, data: Iterable[tuple[str, str]] | dict[str, str] | None = None) -> None:
        self._roster: dict[str, str] = {}
        self._others: dict[str, str] = {}
        if data is not None:
            items = data.items() if isinstance(data, dict) else data
            for key, value in items:
                self[key] = value

    @classmethod
    def with_roster(cls) -> Headers:
        """Headers holding the roster's "unknown" values, as a new game has."""
        return cls(
            [
                ("Event", "?"),
                ("Site", "?"),
                ("Date", "????.??.??"),
                ("Round", "?"),
                ("White", "?"),
                ("Black", "?"),
                ("Result", "*"),
            ]
        )

    def __getitem__(self, key: str) -> str:
        if key in self._roster:
            return self._roster[key]
        return self._others[key]

    def __setitem__(self, key: str, value: str) -> None:
        if not _TAG_NAME.fullmatch(key):
            raise ValueError(f"invalid tag name {key!r}")
        if "\n" in value or "\r" in value:
            raise ValueError(f"tag {key}: value contains a line break")
        if key in TAG_ROSTER:
            self._roster[key] = value
        else:
            self._others[key] = value

    def __delitem__(self, key: str) -> None:
        if key in self._roster:
            del self._roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._roster) + len(self._others)

    def __repr__(self) -> str:
        return f"Headers({list(self.items())!r})"

    def copy(self) -> Headers:
        return Headers(list(self.items()))


_SCORE = r"(?:[0-9]{1,3}(?:\.[0-9]{1,3})?|[0-9]{1,3}/[0-9]{1,3}|½)"
_RESULT_SCORES = re.compile(rf"\s*({_SCORE})\s*-\s*({_SCORE})\s*")


def result_scores(token: str) -> tuple[float, float] | None:
    """(first player's score, second's) of a result such as ``2-0``, ``1/2-1/2``, ``½-½``.

    None for anything else: only ASCII digits, and no score with a zero denominator
    (``1/0-1``) -- a file's Result tag is text, not arithmetic.
    """
    m = _RESULT_SCORES.fullmatch(token)
    if m is None:
        return None
    first, second = _number(m.group(1)), _number(m.group(2))
    if first is None or second is None:
        return None
    return first, second


def _number(text: str) -> float | None:
    if text == "½":
        return 0.5
    if "/" in text:
        num, _, den = text.partition("/")
        return int(num) / int(den) if int(den) else None
    return float(text)


class GameNode:
    """A node of the tree: the position after a move (or the start for the root)."""

    __slots__ = (
        "parent",
        "variations",
        "comment",
        "starting_comment",
        "nags",
        "setup",
        "state",
        "rules",
    )

    parent: GameNode | None

    def __init__(self, rules: RuleSet, state: State) -> None:
        self.parent = None
        self.variations: list[ChildNode] = []
        self.comment = ""
        self.starting_comment = ""
        self.nags: list[Nag] = []
        self.setup: str | None = None  # FEN of a /FEN "..."/ command after this node's move
        self.state = state
        self.rules = rules

    # -- positions -------------------------------------------------------------------------

    def position(self) -> Position:
        """The position at this node (after its move and any setup)."""
        return state_position(self.rules, self.state)

    def turn(self) -> Color:
        return Color.WHITE if self.state[3] else Color.BLACK

    # -- navigation ------------------------------------------------------------------------

    def root(self) -> GameNode:
        node: GameNode = self
        while node.parent is not None:
            node = node.parent
        return node

    def game(self) -> Game:
        root = self.root()
        assert isinstance(root, Game)
        return root

    def ply(self) -> int:
        count = 0
        node: GameNode = self
        while node.parent is not None:
            count += 1
            node = node.parent
        return count

    def next(self) -> ChildNode | None:
        return self.variations[0] if self.variations else None

    def is_end(self) -> bool:
        return not self.variations

    def end(self) -> GameNode:
        node: GameNode = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_mainline(self) -> bool:
        node: GameNode = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def starts_variation(self) -> bool:
        return self.parent is not None and self.parent.variations[0] is not self

    def mainline(self) -> Iterator[ChildNode]:
        node = self.next()
        while node is not None:
            yield node
            node = node.next()

    def mainline_moves(self) -> list[Move]:
        return [node.move for node in self.mainline()]

    # -- editing ---------------------------------------------------------------------------

    def variation(self, index: int) -> ChildNode:
        return self.variations[index]

    def has_variation(self, move: Move) -> bool:
        return any(v.move == move for v in self.variations)

    def add_variation(
        self,
        move: Move | str,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[Nag | int] = (),
    ) -> ChildNode:
        """Play ``move`` (a Move or move text) from this node as a new variation.

        Raises the core's IllegalMoveError / AmbiguousMoveError / MoveParseError.
        """
        pos = self.position()
        allowed = pos.huff_moves() if self.rules.huffing else pos.legal_moves()
        route: tuple[int, ...] | None = None
        if isinstance(move, str):
            from ..core import MoveParseError

            if any(c.isdigit() and not c.isascii() for c in move):
                raise MoveParseError(
                    f"cannot read move {move!r}: only the digits 0-9 are square numbers"
                )
            text = move
            move = pos.parse_move(text, allowed)
            squares = pos.parse_squares(text)
            if move.is_capture and len(squares) > 2:
                route = tuple(squares)
        elif move not in allowed:
            from ..core import IllegalMoveError

            raise IllegalMoveError(f"{move} is not a legal move in {pos.fen()}")
        elif move.raw is None:
            move = next(m for m in allowed if m == move)
        raw = move.raw
        assert raw is not None
        if route is not None:  # play the route given, not the first of the move's routes
            from .reader import route_raw

            given = route_raw(self.rules, self.state, raw, route)
            if given is None:
                route = None
            else:
                raw = given
        child = ChildNode(self, raw, state_after(self.rules, self.state, raw))
        if raw is move.raw:
            child._move = move  # else built from the route's raw move on first use
        child.route = route
        child.comment = comment
        child.starting_comment = starting_comment
        child.nags = [n if isinstance(n, Nag) else Nag.of(n) for n in nags]
        return child

    def add_main_variation(self, move: Move | str, *, comment: str = "") -> ChildNode:
        child = self.add_variation(move, comment=comment)
        self.variations.remove(child)
        self.variations.insert(0, child)
        return child

    def add_line(self, moves: Iterable[Move | str]) -> GameNode:
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move)
        return node

    def promote_to_main(self, node: ChildNode) -> None:
        self.variations.remove(node)
        self.variations.insert(0, node)

    def promote(self, node: ChildNode) -> None:
        i = self.variations.index(node)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, node: ChildNode) -> None:
        i = self.variations.index(node)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, node: ChildNode) -> None:
        self.variations.remove(node)

    def set_setup(self, position: Position | None) -> None:
        """Attach a ``/FEN "..."/`` setup after this node's move (only at the end of a line).

        None removes it (restoring the position after the move).  Raises ValueError when
        the node has continuations, whose moves were played from the old position.
        """
        if self.variations:
            raise ValueError("a setup can only be added where the line ends")
        if position is None:
            if self.setup is not None:
                if isinstance(self, ChildNode) and self.parent is not None:
                    parent = self.parent.position()
                    self.state = state_of(parent.play(self.move))
                self.setup = None
            return
        self.setup = position.fen()
        self.state = state_of(position)

    # -- embedded commands in comments -------------------------------------------------------

    def commands(self) -> dict[str, str]:
        """The ``[%name value]`` commands of the comment (clock, eval, ...), kept verbatim."""
        return {m.group(1): m.group(2).strip() for m in COMMAND.finditer(self.comment)}

    def clock(self) -> str | None:
        """The ``[%clock ...]`` or ``[%clk ...]`` text of the comment, if any."""
        cmds = self.commands()
        return cmds.get("clock", cmds.get("clk"))


class ChildNode(GameNode):
    """A node reached by a move from its parent."""

    __slots__ = ("raw", "_move", "route")

    def __init__(self, parent: GameNode, raw: RawMove, state: State) -> None:
        self.parent = parent
        self.variations = []
        self.comment = ""
        self.starting_comment = ""
        self.nags = []
        self.setup = None
        self.state = state
        self.rules = parent.rules
        self.raw = raw
        self._move: Move | None = None
        # the capture's path as the file (or the caller) gave it, PDN squares from first to
        # last; None when only from and to were given.  The writer writes it as given.
        self.route: tuple[int, ...] | None = None
        parent.variations.append(self)

    @property
    def move(self) -> Move:
        """The move from the parent's position (built on first use)."""
        if self._move is None:
            r = self.raw
            b2s = geometry_of(self.rules).bit_to_sq
            path = (b2s[r[0]],) + tuple(b2s[b] for b in r[4])
            self._move = Move(
                path=path, captured=tuple(b2s[b] for b in r[5]), promotes=r[3], paths=(path,), raw=r
            )
        return self._move

    def text(self, style: str = "short") -> str:
        """Move text as the writer spells it (``32x21``, ``c3:e5``)."""
        assert self.parent is not None
        pos = self.parent.position()
        return pos.move_text(self.move, style, algebraic=self.rules.algebraic)

    def __repr__(self) -> str:
        return f"<ChildNode {self.move.full_text()} ply={self.ply()}>"


class Game(GameNode):
    """The root: headers, rules, start position, errors found while reading, result token."""

    __slots__ = ("headers", "errors", "result_token")

    def __init__(
        self,
        rules: RuleSet | None = None,
        start: Position | None = None,
        headers: Headers | None = None,
    ) -> None:
        rules = rules if rules is not None else GERMAN
        if start is None:
            start = Position.start(rules)
        super().__init__(rules, state_of(start))
        self.headers = headers if headers is not None else Headers.with_roster()
        self.errors: list[PdnProblem] = []
        self.result_token: str | None = None

    def set_start(self, start: Position) -> None:
        """Replace the start position (only for a game without moves)."""
        if self.variations:
            raise ValueError("cannot change the start position of a game with moves")
        self.rules = start.rules
        self.state = state_of(start)

    def is_standard_start(self) -> bool:
        return self.state == state_of(Position.start(self.rules))

    def result(self) -> str:
        """The Result tag, or the move text's terminator when the tag is missing or ``*``."""
        return game_result(self.headers.get("Result", ""), self.result_token)

    def outcome(self) -> str | None:
        """``"first"`` or ``"second"`` (player to move first won), ``"draw"``, or None."""
        scores = result_scores(self.result())
        if scores is None:
            return None
        first, second = scores
        if first > second:
            return "first"
        if second > first:
            return "second"
        if first == 0:
            return None  # 0-0: double forfeit
        return "draw"

    def winner(self) -> Color | None:
        """Who won, by the first-mover convention: English ``1-0`` is a win for Black."""
        outcome = self.outcome()
        if outcome == "first":
            return self.rules.first
        if outcome == "second":
            return self.rules.first.opponent
        return None

    def accept(self, visitor: BaseVisitor[T]) -> T:
        """Replay the whole game through a visitor's callbacks (as the reader calls them).

        This is how copying, counting, transforming and writing share one traversal:
        ``game.accept(GameBuilder())`` returns an equal copy, ``game.accept(PdnExporter())``
        the PDN text.  The walk is iterative: any depth of variations works.
        """
        if visitor.begin_game() is not SKIP:
            visitor.begin_headers()
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_start(self.rules, self.state, False)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.setup is not None:
                    visitor.visit_setup(self.setup, self.state)
                _accept_tree(self, visitor)
            token = self.result_token
            if token is not None:
                visitor.visit_result(token)
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        from .writer import write_game

        return write_game(self)

    def __repr__(self) -> str:
        return f"<Game {self.headers.get('White', '?')} - {self.headers.get('Black', '?')}>"


def game_result(tag: str, token: str | None) -> str:
    """A game's result: the Result tag, else the move text's terminator, else ``*``.

    A tag of ``?`` (unknown) gives way to a terminator that says more, but not to ``*``,
    which says no more: the writer writes ``?`` in the tag and ``*`` as the terminator, and
    that reads back as ``?`` again.
    """
    tag = tag.strip()
    if tag and tag != "*" and tag != "?":
        return tag
    if token and not (token == "*" and tag == "?"):
        return token
    return tag or "*"


def walk(node: GameNode) -> Iterator[ChildNode]:
    """Every node below ``node`` in written order (main move, then its side lines), iteratively."""
    stack: list[ChildNode] = list(reversed(node.variations))
    while stack:
        child = stack.pop()
        yield child
        stack.extend(reversed(child.variations))


def _accept_node(node: ChildNode, visitor: BaseVisitor[T]) -> None:
    parent = node.parent
    assert parent is not None
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    state = node.state
    if node.setup is not None:  # the state after the move itself, before the setup
        state = state_after(node.rules, parent.state, node.raw)
    visitor.visit_move(node.raw, state)
    if node.route is not None:
        visitor.visit_route(node.route)
    for nag in node.nags:
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)
    if node.setup is not None:
        visitor.visit_setup(node.setup, node.state)


_LINE, _ALT, _END = 0, 1, 2


def _accept_tree(start: GameNode, visitor: BaseVisitor[T]) -> None:
    """The main line from ``start`` with every side line, in written order, without recursion.

    At each node: its main move, then each other variation as ``( ... )`` in full, then the
    main line goes on.  The stack holds what is still to do, the next step on top.
    """
    stack: list[tuple[int, GameNode]] = [(_LINE, start)]
    while stack:
        what, node = stack.pop()
        if what == _LINE:
            if not node.variations:
                continue
            main = node.variations[0]
            _accept_node(main, visitor)
            stack.append((_LINE, main))
            stack.extend((_ALT, alt) for alt in reversed(node.variations[1:]))
        elif what == _ALT:
            if visitor.begin_variation() is SKIP:
                continue
            assert isinstance(node, ChildNode)
            _accept_node(node, visitor)
            stack.append((_END, node))
            stack.append((_LINE, node))
        else:
            visitor.end_variation()
