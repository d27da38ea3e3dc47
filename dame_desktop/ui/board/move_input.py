"""What the user is doing with the pieces, apart from how the board looks.  No Qt in here.

``MoveInput`` is given a position and the moves that may be played in it (empty: look only).
The pointer (mouse press / release, a drag or a click) and the keyboard call :meth:`press`,
:meth:`release`, :meth:`click` and :meth:`put_back` with *square numbers*; the model keeps
the held piece, the landings already chosen in a multi-capture played square by square, and
the routes still possible.  What happens is told to the listeners (and returned) as events:

- :class:`Chosen` -- a whole move was made (its ``path`` is the route the user took);
- :class:`Stepped` -- a multi-capture advanced to a landing square;
- :class:`Refused` -- a :class:`Refusal` reason with the squares it is about (the widget turns
  it into translated text);
- :class:`Held` -- the held piece changed (its square, or ``None``);
- :class:`Touched` -- a piece that can move was picked up for the first time in this position.

Touch-move ("berührt -- geführt"): the model never decides what is legal; the window
gives it the legal moves.  When a piece with a legal move is first picked up (press or first
click) the model reports :class:`Touched`.  The window tells the core
(``Game.touch(square, straighten=...)``); when that answers ``Touch.BOUND`` the core's legal
moves are narrowed to that piece, and the window hands them back with
:meth:`MoveInput.set_moves` (the held piece stays in hand) and calls
:meth:`MoveInput.bind_touch` with the square.  After showing a position again
(:meth:`reset`, the board's ``set_position``, ends the binding) it binds ``Game.touched``
again if that is set.  While a touch is binding, letting go on the piece's own square, Escape
and a right click do not free it, and reaching for another piece is refused with
``Refusal.TOUCHED``.  When the rule is off (``Touch.OFF``) or the player said "straighten"
first, the window ignores ``Touched`` and nothing changes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dame_desktop.core import Color, Move, Position

Route = tuple[int, ...]


class Refusal(enum.Enum):
    """Why a pick-up or a drop was refused (the board turns these into words)."""

    NO_MOVE_NOW = "no-move-now"  # nothing may be played now (computer's turn, browsing)
    NOT_YOUR_PIECE = "not-your-piece"  # the other side's piece
    MUST_CAPTURE = "must-capture"  # squares: the pieces that can capture
    NO_MOVE_FOR_PIECE = "no-move-for-piece"  # an own piece that has no move
    LIGHT_SQUARE = "light-square"  # dropped on a light square
    OCCUPIED = "occupied"  # dropped on a square that holds a piece
    MEN_MOVE_FORWARD = "men-move-forward"  # a man dropped behind itself
    NOT_A_TARGET = "not-a-target"  # any other square the piece cannot reach
    CAPTURE_UNFINISHED = "capture-unfinished"  # squares: the next landings
    AMBIGUOUS_ROUTE = "ambiguous-route"  # squares: the next landings that tell the ways apart
    CAPTURE_PRECEDENCE = "capture-precedence"  # a capture the precedence rule forbids
    TOUCHED = "touched"  # squares: the touched piece that must be moved


@dataclass(frozen=True)
class Refused:
    reason: Refusal
    squares: tuple[int, ...] = ()


@dataclass(frozen=True)
class Chosen:
    move: Move
    dragged: bool = False  # the piece was dropped there (the board need not animate it)


@dataclass(frozen=True)
class Stepped:
    square: int


@dataclass(frozen=True)
class Held:
    square: int | None


@dataclass(frozen=True)
class Touched:
    square: int


Event = Chosen | Stepped | Refused | Held | Touched
Listener = Callable[[Event], None]


def jumped(position: Position, a: int, b: int) -> list[int]:
    """The pieces strictly between squares ``a`` and ``b`` on their diagonal."""
    geo = position.geometry
    (r1, c1), (r2, c2) = geo.sq_rowcol[a], geo.sq_rowcol[b]
    if abs(r1 - r2) != abs(c1 - c2) or r1 == r2:
        return []
    dr = 1 if r2 > r1 else -1
    dc = 1 if c2 > c1 else -1
    out = []
    r, c = r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        sq = geo.sq_at(r, c)
        if sq is not None and position.piece_at(sq) is not None:
            out.append(sq)
        r += dr
        c += dc
    return out


class MoveInput:
    """The held piece, the chosen landings and the routes still open (see the module text)."""

    def __init__(self) -> None:
        self._position: Position | None = None
        self._moves: list[Move] = []
        self._held: int | None = None
        self._landings: list[int] = []
        self._touched: int | None = None
        self._listeners: list[Listener] = []
        # the gesture in progress
        self._pressed: int | None = None
        self._press_on_piece = False
        self._was_held = False

    # -- set-up ----------------------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        """Call ``listener(event)`` for every event from now on."""
        self._listeners.append(listener)

    def reset(self, position: Position | None, moves: Sequence[Move] = ()) -> None:
        """A new position: nothing is held, no touch is binding."""
        self._position = position
        self._moves = list(moves)
        self._touched = None
        self._drop_hold(announce=True)

    def set_moves(self, moves: Sequence[Move]) -> None:
        """Other moves in the same position; the held piece stays held if it can still move."""
        self._moves = list(moves)
        if self._held is not None and (self._landings or self._held not in self.movable()):
            self._drop_hold(announce=True)
        if self._touched is not None and self._touched not in self.movable():
            self._touched = None

    def bind_touch(self, square: int | None) -> None:
        """Touch-move: the piece on ``square`` must be moved (None lifts the binding)."""
        self._touched = square

    # -- state -------------------------------------------------------------------------------

    @property
    def position(self) -> Position | None:
        return self._position

    @property
    def moves(self) -> list[Move]:
        return list(self._moves)

    @property
    def held(self) -> int | None:
        """The square the held piece came from (None when nothing is held)."""
        return self._held

    @property
    def landings(self) -> tuple[int, ...]:
        """The landing squares already chosen in a multi-capture played square by square."""
        return tuple(self._landings)

    @property
    def touched(self) -> int | None:
        """The square of a binding touch (touch-move), or None."""
        return self._touched

    def held_square(self) -> int | None:
        """Where the held piece is now shown (its last landing in a multi-capture)."""
        if self._held is None:
            return None
        return self._landings[-1] if self._landings else self._held

    def movable(self) -> set[int]:
        return {m.from_sq for m in self._moves}

    def must_capture_squares(self) -> set[int]:
        """The pieces that can capture when capturing is compulsory (every move captures)."""
        if not self._moves or not all(m.is_capture for m in self._moves):
            return set()
        return self.movable()

    def routes(self) -> list[tuple[Move, Route]]:
        """(move, route) for the held piece that agree with the landings chosen so far."""
        if self._held is None:
            return []
        k = len(self._landings)
        prefix = tuple(self._landings)
        out = []
        for move in self._moves:
            if move.from_sq != self._held:
                continue
            for route in move.paths:
                if len(route) > k + 1 and tuple(route[1 : k + 1]) == prefix:
                    out.append((move, tuple(route)))
        return out

    def targets(self) -> tuple[set[int], set[int]]:
        """For the held piece: (squares that finish a move, next landings of a capture)."""
        finals: set[int] = set()
        steps: set[int] = set()
        k = len(self._landings)
        for _move, route in self.routes():
            finals.add(route[-1])
            if len(route) > k + 2:
                steps.add(route[k + 1])
        return finals, steps

    def partial_captures(self) -> list[int]:
        """The pieces already jumped in a multi-capture played square by square."""
        if self._held is None or not self._landings or self._position is None:
            return []
        squares = [self._held, *self._landings]
        out: list[int] = []
        for a, b in zip(squares, squares[1:], strict=False):
            out.extend(jumped(self._position, a, b))
        return out

    # -- gestures --------------------------------------------------------------------------

    def press(self, square: int | None) -> bool:
        """The pointer goes down on ``square`` (None: off the playing squares).

        Returns True when a piece is now held under the pointer, so a drag may begin.
        """
        self._pressed = square
        self._press_on_piece = False
        if square is None or self._position is None:
            return False
        if square == self.held_square():
            self._press_on_piece = True
            self._was_held = True
        elif not self._landings and square in self.movable():
            if self._touched is not None and square != self._touched:
                return False  # refused on release: the touched piece must move
            self._was_held = self._held == square
            if self._held != square:
                self._take(square)
            self._press_on_piece = True
        return self._press_on_piece

    def release(self, square: int | None, dragged: bool = False, light: bool = False) -> None:
        """The pointer comes up on ``square``; ``light``: over a light square of the board."""
        pressed, on_piece = self._pressed, self._press_on_piece
        self._pressed = None
        self._press_on_piece = False
        if self._position is None:
            return
        if dragged:
            if not on_piece:
                return
            if square is None:
                if light:
                    self._emit(Refused(Refusal.LIGHT_SQUARE))
            elif square != self.held_square():
                self._try_target(square, dragged=True)
            return
        if on_piece:
            # a second click on the held piece puts it down again (not when it is touched)
            if self._was_held and not self._landings and self._touched is None:
                self._drop_hold(announce=True)
            return
        if square is None:
            if self._held is not None and light:
                self._emit(Refused(Refusal.LIGHT_SQUARE))
            return
        if self._held is not None:
            if square == self._held and self._landings:
                finals, steps = self.targets()
                if square not in finals and square not in steps:
                    self._landings = []  # start the capture again
                    self._emit(Held(self._held))
                    return
            self._try_target(square, dragged=False)
            return
        refusal = self._pick_refusal(pressed if pressed is not None else square)
        if refusal is not None:
            self._emit(refusal)

    def click(self, square: int | None) -> None:
        """A press and release on one square without moving (the keyboard's Enter)."""
        self.press(square)
        self.release(square)

    def put_back(self) -> bool:
        """Escape or a right click: the held piece goes back.  False when nothing changed.

        A binding touch keeps the piece held, only its half-made capture is undone.
        """
        if self._held is None:
            return False
        if self._touched is not None:
            if not self._landings:
                return False
            self._landings = []
            self._emit(Held(self._held))
            return True
        self._drop_hold(announce=True)
        return True

    # -- inside --------------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)

    def _take(self, square: int) -> None:
        self._held = square
        self._landings = []
        if self._touched is None:
            self._emit(Touched(square))
        self._emit(Held(square))

    def _drop_hold(self, announce: bool) -> None:
        changed = self._held is not None
        self._held = None
        self._landings = []
        self._press_on_piece = False
        if changed and announce:
            self._emit(Held(None))

    def _try_target(self, square: int, dragged: bool) -> None:
        """The held piece goes (by drop or click) to ``square``."""
        assert self._held is not None and self._position is not None
        k = len(self._landings)
        routes = self.routes()
        steps = [(m, r) for m, r in routes if len(r) > k + 2 and r[k + 1] == square]
        finals = [(m, r) for m, r in routes if r[-1] == square]
        if steps:
            self._landings.append(square)
            self._emit(Stepped(square))
            return
        if finals:
            identities = {m for m, _ in finals}
            exact = [(m, r) for m, r in finals if len(r) == k + 2]
            if len(identities) > 1:
                direct = {m for m, _ in exact}
                if len(direct) != 1:
                    nexts = tuple(sorted({r[k + 1] for _m, r in finals}))
                    self._emit(Refused(Refusal.AMBIGUOUS_ROUTE, nexts))
                    return
                finals = exact  # the one capture that jumps straight there
            move, route = (exact or finals)[0]
            chosen = move if route == move.path else move.with_path(route)
            self._touched = None
            self._drop_hold(announce=True)
            self._emit(Chosen(chosen, dragged))
            return
        piece = self._position.piece_at(square)
        if not self._landings and piece is not None and piece.color is self._position.turn:
            # the user reached for another piece of their own
            if self._touched is not None:
                self._emit(Refused(Refusal.TOUCHED, (self._touched,)))
                return
            self._drop_hold(announce=True)
            refusal = self._pick_refusal(square)
            if refusal is not None:
                self._emit(refusal)
            return
        self._emit(self._drop_refusal(self._held, square))

    def _pick_refusal(self, square: int) -> Refused | None:
        """Why the piece on ``square`` cannot be picked up (None where there is no piece)."""
        pos = self._position
        assert pos is not None
        piece = pos.piece_at(square)
        if piece is None:
            return None
        if not self._moves:
            return Refused(Refusal.NO_MOVE_NOW)
        if piece.color is not pos.turn:
            return Refused(Refusal.NOT_YOUR_PIECE)
        if self._touched is not None and square != self._touched:
            return Refused(Refusal.TOUCHED, (self._touched,))
        must = self.must_capture_squares()
        if must:
            return Refused(Refusal.MUST_CAPTURE, tuple(sorted(must)))
        return Refused(Refusal.NO_MOVE_FOR_PIECE)

    def _drop_refusal(self, frm: int, square: int) -> Refused:
        pos = self._position
        assert pos is not None
        if self._landings:
            finals, steps = self.targets()
            return Refused(Refusal.CAPTURE_UNFINISHED, tuple(sorted(steps | finals)))
        if pos.piece_at(square) is not None:
            return Refused(Refusal.OCCUPIED)
        must = self.must_capture_squares()
        if must:
            # a capture that reaches the square but loses to another under the capture rule?
            others = [
                m
                for m in pos.huff_moves()
                if m.is_capture and m.from_sq == frm and any(square in r[1:] for r in m.paths)
            ]
            if others:
                return Refused(Refusal.CAPTURE_PRECEDENCE)
            return Refused(Refusal.MUST_CAPTURE, tuple(sorted(must)))
        piece = pos.piece_at(frm)
        geo = pos.geometry
        if piece is not None and not piece.is_king:
            r1 = geo.sq_rowcol[frm][0]
            r2 = geo.sq_rowcol[square][0]
            backward = r2 > r1 if piece.color is Color.WHITE else r2 < r1
            if backward:
                return Refused(Refusal.MEN_MOVE_FORWARD)
        return Refused(Refusal.NOT_A_TARGET)
