"""A game in progress: history, undo/redo, draw counters, result and huffing ("Blasen").

``Game`` is the one mutable object of the core.  Every ply stores a full snapshot of the
state, so undo and redo restore counters and pending huff decisions exactly.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from .errors import GameError, IllegalMoveError
from .move import Move
from .position import Kind, Position
from .rules import Color, RuleSet


class Reason(enum.Enum):
    """Why a game ended."""

    NO_PIECES = "no-pieces"
    NO_MOVES = "no-moves"
    REPETITION = "repetition"
    MOVE_LIMIT = "move-limit"  # the quiet-plies rule
    ENDGAME_LIMIT = "endgame-limit"  # FMJD 16/5, Russian 7.2.4-7.2.8, Pool 3-vs-1
    THREE_KINGS_DIAGONAL = "three-kings-diagonal"
    AGREEMENT = "agreement"
    RESIGNATION = "resignation"


@dataclass(frozen=True)
class Result:
    winner: Color | None  # None = draw
    reason: Reason

    @property
    def is_draw(self) -> bool:
        return self.winner is None


class HuffChoice(enum.Enum):
    ACCEPT = "accept"
    BLOW = "blow"
    CORRECT = "correct"


@dataclass(frozen=True)
class PendingHuff:
    """A missed capture waiting for the opponent's decision."""

    offender: Color
    move: Move  # the move that ignored the capture
    candidates: tuple[int, ...]  # squares (after the move) of pieces that could have captured


@dataclass(frozen=True)
class State:
    position: Position
    move: Move | None = None  # the move that led here (None at the start and after a blow)
    quiet_plies: int = 0
    endgame_tag: str = ""
    endgame_plies: int = 0
    endgame_limit: int = 0
    endgame_counters: tuple[tuple[str, int, int], ...] = ()  # (rule tag, plies, limit)
    pending_huff: PendingHuff | None = None
    must_capture: bool = False  # after a correction the offender must capture
    blown: int | None = None  # square blown away to reach this state
    three_kings: bool = False
    result: Result | None = None


@dataclass
class Game:
    """A game under ``rules`` from ``start`` (the rule set's start position by default)."""

    rules: RuleSet
    start: Position | None = None
    _states: list[State] = field(default_factory=list, init=False, repr=False)
    _redo: list[State] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.start is None:
            self.start = Position.start(self.rules)
        first = State(self.start)
        first = self._with_endgame(first, None)
        self._states = [replace(first, result=self._natural_result(first))]

    # -- state access --------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._states[-1].position

    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def result(self) -> Result | None:
        return self._states[-1].result

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def moves(self) -> list[Move]:
        """The moves played so far (blows are not moves)."""
        return [s.move for s in self._states[1:] if s.move is not None]

    @property
    def states(self) -> list[State]:
        return list(self._states)

    @property
    def pending_huff(self) -> PendingHuff | None:
        return self._states[-1].pending_huff

    @property
    def can_undo(self) -> bool:
        return len(self._states) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def last_move(self) -> Move | None:
        return self._states[-1].move

    def legal_moves(self) -> list[Move]:
        """What the side to move may play now (with huffing, missed captures too)."""
        if self.is_over:
            return []
        pos = self.position
        if self.rules.huffing and not self.state.must_capture:
            return pos.huff_moves()
        return pos.legal_moves()

    # -- playing -------------------------------------------------------------------------

    def play(self, move: Move | str) -> Move:
        """Play a move (or move text).  A pending huff is accepted implicitly.

        Raises GameError when the game is over, IllegalMoveError for a move not allowed.
        """
        if self.is_over:
            raise GameError("the game is over")
        current = self.state
        pos = current.position
        allowed = self.legal_moves()
        if isinstance(move, str):
            move = pos.parse_move(move, allowed)
        else:
            found = [m for m in allowed if m == move]
            if not found:
                raise IllegalMoveError(f"{move} is not allowed in {pos.fen()}")
            move = found[0]
        strict = pos.legal_moves()
        pending = None
        if move not in strict:
            pending = PendingHuff(pos.turn, move, self._offenders(pos, strict, move))
        after = pos.play(move)
        quiet = current.quiet_plies + 1
        moved_man = pos.piece_at(move.from_sq) is not None and not pos.piece_at(
            move.from_sq
        ).is_king  # type: ignore[union-attr]
        if move.is_capture or (self.rules.draw_quiet_reset_man_move and moved_man) or (
            self.rules.draw_quiet_reset_promotion and move.promotes
        ):
            quiet = 0
        new = State(after, move=move, quiet_plies=quiet, pending_huff=pending)
        new = self._with_endgame(new, current)
        new = replace(new, result=self._natural_result(new))
        self._states.append(new)
        self._redo.clear()
        return move

    def _offenders(self, pos: Position, strict: list[Move], played: Move) -> tuple[int, ...]:
        squares = sorted({m.from_sq for m in strict if m.is_capture})
        return tuple(played.to_sq if sq == played.from_sq else sq for sq in squares)

    def huff(self, choice: HuffChoice, square: int | None = None) -> None:
        """The opponent's answer to a missed capture.

        ACCEPT plays on; BLOW removes the offender's piece on ``square`` (one of the
        candidates; it is not a move); CORRECT takes the move back and the offender must
        capture.  Raises GameError when no decision is pending or the square is wrong.
        """
        pending = self.pending_huff
        if pending is None:
            raise GameError("there is no missed capture to decide on")
        current = self.state
        if choice is HuffChoice.ACCEPT:
            self._states[-1] = replace(current, pending_huff=None)
        elif choice is HuffChoice.BLOW:
            if square is None:
                square = pending.candidates[0]
            if square not in pending.candidates:
                raise GameError(f"the piece on {square} could not have captured")
            pos = current.position.without(square)
            new = State(
                pos,
                move=None,
                quiet_plies=0,
                blown=square,
            )
            new = self._with_endgame(new, current)
            new = replace(new, result=self._natural_result(new))
            self._states.append(new)
        else:
            self._states.pop()
            self._states[-1] = replace(self._states[-1], must_capture=True)
        self._redo.clear()

    # -- undo / redo ---------------------------------------------------------------------

    def undo(self) -> None:
        if not self.can_undo:
            raise GameError("nothing to undo")
        self._redo.append(self._states.pop())

    def redo(self) -> None:
        if not self._redo:
            raise GameError("nothing to redo")
        self._states.append(self._redo.pop())

    # -- ending by the players -----------------------------------------------------------

    def resign(self, loser: Color) -> None:
        if self.is_over:
            raise GameError("the game is over")
        self._states[-1] = replace(self.state, result=Result(loser.opponent, Reason.RESIGNATION))

    def agree_draw(self) -> None:
        if self.is_over:
            raise GameError("the game is over")
        self._states[-1] = replace(self.state, result=Result(None, Reason.AGREEMENT))

    # -- rules of the end ----------------------------------------------------------------

    def _natural_result(self, state: State) -> Result | None:
        pos = state.position
        rules = self.rules
        mover = pos.turn
        if pos.count(mover) == 0:
            reason = Reason.NO_PIECES
        elif not pos.legal_moves():
            reason = Reason.NO_MOVES
        else:
            reason = None
        if reason is not None:
            winner = mover if rules.giveaway else mover.opponent
            return Result(winner, reason)
        if rules.draw_repetition:
            seen = sum(1 for s in self._states if s.position == pos) + 1
            if seen >= rules.draw_repetition:
                return Result(None, Reason.REPETITION)
        if rules.draw_quiet_plies and state.quiet_plies >= rules.draw_quiet_plies:
            return Result(None, Reason.MOVE_LIMIT)
        if any(plies >= limit for _tag, plies, limit in state.endgame_counters):
            return Result(None, Reason.ENDGAME_LIMIT)
        if state.three_kings:
            return Result(None, Reason.THREE_KINGS_DIAGONAL)
        return None

    def _with_endgame(self, state: State, previous: State | None) -> State:
        """Update the endgame counters (FMJD, Russian, Pool, old German rule).

        Several rules may run at once (say Russian 7.2.4 and 7.2.7); each keeps its own count,
        which starts at 0 when its material configuration appears and grows by one per ply while
        it lasts.  The first running rule is reported as the primary counter.
        """
        rules = self.rules
        pos = state.position
        before: dict[str, int] = {}
        if previous is not None:
            before = {tag: plies for tag, plies, _limit in previous.endgame_counters}
        counters = []
        for tag, limit in _endgame_kinds(pos, rules):
            plies = before[tag] + 1 if tag in before else 0
            counters.append((tag, plies, limit))
        tag, plies, limit = counters[0] if counters else ("", 0, 0)
        three = False
        if rules.draw_three_kings_diagonal and _three_kings_diagonal(pos):
            was = previous is not None and _three_kings_diagonal(previous.position)
            if not was:
                three = not _strong_can_capture_lone_king(pos)
        return replace(
            state,
            endgame_tag=tag,
            endgame_plies=plies,
            endgame_limit=limit,
            endgame_counters=tuple(counters),
            three_kings=three,
        )


def _material(pos: Position, colour: Color) -> tuple[int, int]:
    return pos.count(colour, Kind.MAN), pos.count(colour, Kind.KING)


def _endgame_kinds(pos: Position, rules: RuleSet) -> list[tuple[str, int]]:
    """Tags naming the endgame rules that run in ``pos`` (with material) and their limits."""
    wm, wk = _material(pos, Color.WHITE)
    bm, bk = _material(pos, Color.BLACK)
    out: list[tuple[str, int]] = []
    for strong, (sm, sk), (om, ok) in (
        (Color.WHITE, (wm, wk), (bm, bk)),
        (Color.BLACK, (bm, bk), (wm, wk)),
    ):
        if not (om == 0 and ok == 1):
            continue
        total = sm + sk
        if rules.draw_fmjd_endgame and sk >= 1:
            if total == 3:
                out.append((f"fmjd16-{strong.value}", 32))
            elif total <= 2:
                out.append((f"fmjd5-{strong.value}", 10))
        if rules.draw_russian_endgame and sk >= 1:
            lone = pos.black if strong is Color.WHITE else pos.white
            if total == 3 and lone & pos.geometry.long_diagonal:
                out.append((f"ru-diag-{strong.value}-{sm}-{sk}", 10))
            elif total <= 2:
                out.append((f"ru-two-{strong.value}-{sm}-{sk}", 10))
        if rules.draw_kings_vs_king_moves and sm == 0 and sk >= 3:
            out.append((f"kvk-{strong.value}-{sk}", 2 * rules.draw_kings_vs_king_moves))
    if rules.draw_russian_endgame and wk and bk:
        total = wm + wk + bm + bk
        if total in (4, 5):
            out.append((f"ru-balance-{wm}-{wk}-{bm}-{bk}", 60))
        elif total in (6, 7):
            out.append((f"ru-balance-{wm}-{wk}-{bm}-{bk}", 120))
    return out


def _three_kings_diagonal(pos: Position) -> bool:
    for strong, lone in ((pos.white, pos.black), (pos.black, pos.white)):
        if (
            strong.bit_count() == 3
            and strong & pos.kings == strong
            and lone.bit_count() == 1
            and lone & pos.kings
            and lone & pos.geometry.long_diagonal
        ):
            return True
    return False


def _strong_can_capture_lone_king(pos: Position) -> bool:
    """True when the side to move is the strong side and a legal move captures the lone king."""
    own = pos.white if pos.turn is Color.WHITE else pos.black
    if own.bit_count() != 3:
        return False
    return any(m.is_capture for m in pos.legal_moves())
