"""A game in progress: history, undo/redo, draw counters, result, huffing ("Blasen") and
touch-move ("berührt - geführt").

``Game`` is the one mutable object of the core.  Every ply stores a full snapshot of the
state, so undo and redo restore counters and pending huff decisions exactly.

Touch-move (``RuleSet.touch_move``, seed 001: "Wer einen Stein berührt, muss auch mit ihm
ziehen - es sei denn, er erklärt ausdrücklich, ihn nur zurechtrücken zu wollen"): the human
input path calls :meth:`Game.touch` when a player picks up a piece.  While a piece is
touched, :meth:`Game.legal_moves` holds only its moves and :meth:`Game.play` refuses any
other piece with an :class:`IllegalMoveError` of kind ``IllegalKind.TOUCHED``.  The computer
never calls ``touch`` and so is never bound.  The touch belongs to the move being made: every
move, huffing decision, undo, redo, resignation and draw clears it.  It is not part of the
game record (PDN, autosave): a restored game starts its next move untouched.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from .errors import GameError, IllegalKind, IllegalMoveError
from .move import Move
from .position import Kind, Position
from .rules import Color, ColourName, RuleSet


class Reason(enum.Enum):
    """Why a game ended."""

    NO_PIECES = "no-pieces"
    NO_MOVES = "no-moves"
    REPETITION = "repetition"
    MOVE_LIMIT = "move-limit"  # the quiet-plies rule
    ENDGAME_LIMIT = "endgame-limit"  # FMJD 16/5, Russian 7.2.4-7.2.8, Pool 3-vs-1
    THREE_KINGS_DIAGONAL = "three-kings-diagonal"
    ONE_EACH = "one-each"  # one piece each (Turkish)
    AGREEMENT = "agreement"
    RESIGNATION = "resignation"
    TIME = "time"  # a clock ran out (the opponent wins, or a draw when it cannot win)


# the endings the players declare (not the board): undo takes back the ending alone
PLAYERS_ENDINGS = frozenset({Reason.AGREEMENT, Reason.RESIGNATION})


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


class Touch(enum.Enum):
    """What :meth:`Game.touch` did (the UI may word it; only BOUND changes the game)."""

    BOUND = "bound"  # the piece is touched: the move must be made with it
    STRAIGHTENED = "straightened"  # announced as straightening: nothing is bound
    OFF = "off"  # the rule set has no touch-move rule
    NOT_OWN = "not-own"  # an empty square or a piece of the other side
    CANNOT_MOVE = "cannot-move"  # an own piece without a legal move is not "touched"
    ALREADY_BOUND = "already-bound"  # another piece was touched first and stays bound
    GAME_OVER = "game-over"


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
    _touched: int | None = field(default=None, init=False, repr=False)

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
        return len(self._states) > 1 or self.ended_by_players

    @property
    def ended_by_players(self) -> bool:
        """True when a player resigned or both agreed a draw: undo takes back that ending
        alone, not the move before it."""
        result = self._states[-1].result
        return result is not None and result.reason in PLAYERS_ENDINGS

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def last_move(self) -> Move | None:
        return self._states[-1].move

    def legal_moves(self) -> list[Move]:
        """What the side to move may play now (with huffing, missed captures too).

        While a piece is touched (touch-move), only that piece's moves.
        """
        moves = self._unbound_moves()
        if self._touched is not None:
            moves = [m for m in moves if m.from_sq == self._touched]
        return moves

    def _unbound_moves(self) -> list[Move]:
        if self.is_over:
            return []
        pos = self.position
        if self.rules.huffing and not self.state.must_capture:
            return pos.huff_moves()
        return pos.legal_moves()

    # -- touch-move ----------------------------------------------------------------------

    @property
    def touched(self) -> int | None:
        """The square of the piece the side to move has touched, or None."""
        return self._touched

    def touch(self, square: int, *, straighten: bool = False) -> Touch:
        """The player to move picks up the piece on ``square`` (the human input path only).

        Under ``RuleSet.touch_move`` an own piece with a legal move becomes bound: the move
        must be made with it.  ``straighten=True`` (announced before touching) binds nothing.
        An empty square, an enemy piece or an own piece that cannot move binds nothing, and a
        piece touched earlier in the same move stays bound.  Raises GameError for a square
        that is not on the board.
        """
        geo = self.position.geometry
        if not 1 <= square < len(geo.sq_to_bit):
            raise GameError(f"there is no square {square} on this board")
        if not self.rules.touch_move:
            return Touch.OFF
        if self.is_over:
            return Touch.GAME_OVER
        if self._touched is not None:
            return Touch.BOUND if square == self._touched else Touch.ALREADY_BOUND
        piece = self.position.piece_at(square)
        if piece is None or piece.color is not self.position.turn:
            return Touch.NOT_OWN
        if straighten:
            return Touch.STRAIGHTENED
        if not any(m.from_sq == square for m in self._unbound_moves()):
            return Touch.CANNOT_MOVE
        self._touched = square
        return Touch.BOUND

    # -- playing -------------------------------------------------------------------------

    def play(self, move: Move | str) -> Move:
        """Play a move (or move text).  A pending huff is accepted implicitly.

        Raises GameError when the game is over, IllegalMoveError for a move not allowed.
        """
        if self.is_over:
            raise GameError("the game is over")
        current = self.state
        pos = current.position
        allowed = self._unbound_moves()
        if isinstance(move, str):
            move = pos.parse_move(move, allowed)
        else:
            found = [m for m in allowed if m == move]
            if not found:
                raise IllegalMoveError(f"{move} is not allowed in {pos.fen()}")
            move = found[0]
        touched = self._touched
        if touched is not None and move.from_sq != touched:
            raise IllegalMoveError(
                f"the piece on {touched} was touched and must move (touch-move), not the "
                f"piece on {move.from_sq}",
                kind=IllegalKind.TOUCHED,
                square=touched,
            )
        strict = pos.legal_moves()
        pending = None
        if move not in strict:
            pending = PendingHuff(pos.turn, move, self._offenders(pos, strict, move))
        after = pos.play(move)
        quiet = current.quiet_plies + 1
        mover = pos.piece_at(move.from_sq)
        moved_man = mover is not None and not mover.is_king
        if (
            move.is_capture
            or (self.rules.draw_quiet_reset_man_move and moved_man)
            or (self.rules.draw_quiet_reset_promotion and move.promotes)
        ):
            quiet = 0
        new = State(after, move=move, quiet_plies=quiet, pending_huff=pending)
        new = self._with_endgame(new, current)
        new = replace(new, result=self._natural_result(new))
        self._states.append(new)
        self._redo.clear()
        self._touched = None
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
        self._touched = None

    # -- undo / redo ---------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move (or blow); after a resignation or an agreed draw, take
        back only that ending: the game goes on from the same position."""
        if not self.can_undo:
            raise GameError("nothing to undo")
        if self.ended_by_players:
            self._states[-1] = replace(self.state, result=None)
        else:
            self._redo.append(self._states.pop())
        self._touched = None

    def redo(self) -> None:
        if not self._redo:
            raise GameError("nothing to redo")
        self._states.append(self._redo.pop())
        self._touched = None

    def continued_under(self, rules: RuleSet) -> Game:
        """This game going on under ``rules`` from its current position, its moves kept
        (the move list and undo stay).  Every state keeps its pieces, now under ``rules``;
        the draw counts start afresh at the current position, and its end is judged under
        the new rules.  The caller checks first that the new rules can take over
        (``core.rules_change``)."""

        def reruled(position: Position) -> Position:
            return Position(
                rules,
                position.white,
                position.black,
                position.kings,
                position.turn,
                position.stacks,
            )

        first = reruled(self._states[0].position)
        game = Game(rules, first)
        states = [replace(s, position=reruled(s.position)) for s in self._states[:-1]]
        last = replace(
            self.state,
            position=reruled(self.position),
            quiet_plies=0,
            endgame_tag="",
            endgame_plies=0,
            endgame_limit=0,
            endgame_counters=(),
            three_kings=False,
            result=None,
        )
        last = game._with_endgame(last, None)
        last = replace(last, result=game._natural_result(last))
        game._states = [*states, last] if states else [last]
        return game

    # -- ending by the players -----------------------------------------------------------

    def resign(self, loser: Color) -> None:
        if self.is_over:
            raise GameError("the game is over")
        self._states[-1] = replace(self.state, result=Result(loser.opponent, Reason.RESIGNATION))
        self._touched = None

    def agree_draw(self) -> None:
        if self.is_over:
            raise GameError("the game is over")
        self._states[-1] = replace(self.state, result=Result(None, Reason.AGREEMENT))
        self._touched = None

    def time_out(self, flagged: Color) -> Result:
        """``flagged``'s clock ran out: the opponent wins, or the game is drawn when the
        opponent cannot win any more (:func:`time_out_winner`).  Clears a touch.  Returns
        the result; raises GameError when the game is already over."""
        if self.is_over:
            raise GameError("the game is over")
        result = Result(time_out_winner(self.position, flagged), Reason.TIME)
        self._states[-1] = replace(self.state, result=result)
        self._touched = None
        return result

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
        if rules.draw_one_each and pos.white.bit_count() == 1 and pos.black.bit_count() == 1:
            return Result(None, Reason.ONE_EACH)
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


def three_kings_against_lone_king(white: int, black: int, kings: int, long_diagonal: int) -> int:
    """The old German rule's position: three kings against a lone king on the long diagonal.

    Returns the three kings' side (its bitboard) or 0.  The one test of that shape: the game's
    draw rule and the search's draw both ask it.
    """
    for strong, lone in ((white, black), (black, white)):
        if (
            strong.bit_count() == 3
            and strong & kings == strong
            and lone.bit_count() == 1
            and lone & kings
            and lone & long_diagonal
        ):
            return strong
    return 0


def _three_kings_diagonal(pos: Position) -> bool:
    return bool(
        three_kings_against_lone_king(pos.white, pos.black, pos.kings, pos.geometry.long_diagonal)
    )


def _strong_can_capture_lone_king(pos: Position) -> bool:
    """True when the side to move is the strong side and a legal move captures the lone king."""
    own = pos.white if pos.turn is Color.WHITE else pos.black
    if own.bit_count() != 3:
        return False
    return any(m.is_capture for m in pos.legal_moves())


# -- drawn material and who can still win ----------------------------------------------------


def drawn_material(pos: Position) -> bool:
    """True when neither side can force a win with this material under ``pos.rules``.

    A dead draw is recognised only when the side to move has no capture (a capture at once
    may decide even these endings) and the rule set is not giveaway.  The endings:

    - one piece each, man or king, where the rule set draws it (Turkish), even with a
      capture at hand;
    - a lone king against a lone king (every rule set);
    - with flying kings: a lone king against at most two pieces with a king (the endings the
      FMJD 5-move and Russian 7.2.8 rules call drawn);
    - with flying kings and a rule set that draws it (the old German rule, Russian 7.2.7):
      a lone king on the long diagonal against three kings.

    Short kings (English, Italian) win two kings against one, so only king against king is
    drawn there.
    """
    rules = pos.rules
    if (
        rules.draw_one_each
        and not rules.giveaway
        and pos.white.bit_count() == 1
        and pos.black.bit_count() == 1
    ):
        return True  # drawn by the rule, capture or not
    if rules.giveaway or pos.has_capture():
        return False
    wm, wk = _material(pos, Color.WHITE)
    bm, bk = _material(pos, Color.BLACK)
    if wm + wk == 0 or bm + bk == 0:
        return False
    if wm == bm == 0 and wk == bk == 1:
        return True
    if not rules.flying_kings:
        return False
    diagonal_rule = rules.draw_three_kings_diagonal or rules.draw_russian_endgame
    for (sm, sk), (om, ok), lone in (
        ((wm, wk), (bm, bk), pos.black),
        ((bm, bk), (wm, wk), pos.white),
    ):
        if not (om == 0 and ok == 1):
            continue
        if sk >= 1 and sm + sk <= 2:
            return True
        if diagonal_rule and sm == 0 and sk == 3 and lone & pos.geometry.long_diagonal:
            return True
    return False


def can_still_win(pos: Position, colour: Color) -> bool:
    """Whether ``colour`` could still win ``pos`` (used when the other side's time runs out).

    ``colour`` cannot win when the material is drawn (:func:`drawn_material`), or when it has
    a single piece while the other side has a king: a lone piece can never force a win
    against a king, which simply keeps away from it.  A side to move with a capture at hand
    and every side under giveaway can still win.
    """
    if pos.rules.giveaway:
        return True
    own = pos.count(colour)
    if own == 0:
        return False
    if pos.turn is colour and pos.has_capture():
        return True
    if drawn_material(pos):
        return False
    return not (own == 1 and pos.count(colour.opponent, Kind.KING) >= 1)


def time_out_winner(pos: Position, flagged: Color) -> Color | None:
    """Who wins when ``flagged``'s time runs out in ``pos``: the opponent, or None (a draw)
    when the opponent cannot win any more (:func:`can_still_win`)."""
    opponent = flagged.opponent
    return opponent if can_still_win(pos, opponent) else None


# -- naming the winner -------------------------------------------------------------------------


class Mover(enum.Enum):
    """A player by move order: the side that moves first under the rule set, or second."""

    FIRST = "first"
    SECOND = "second"


@dataclass(frozen=True)
class Verdict:
    """Who won, named every way the UI needs, so that it never shows a bare ``1-0``.

    ``winner`` is None for a draw and for a game without a winner (``0-0``, ``is_draw``
    False).  ``mover`` and ``colour_name`` name the winner by move order and by the rule
    set's traditional colour name (English checkers: Black moves first).
    """

    winner: Color | None
    mover: Mover | None
    colour_name: ColourName | None
    is_draw: bool

    @property
    def loser(self) -> Color | None:
        return None if self.winner is None else self.winner.opponent


def _verdict(winner: Color | None, rules: RuleSet, is_draw: bool) -> Verdict:
    if winner is None:
        return Verdict(None, None, None, is_draw)
    mover = Mover.FIRST if winner is rules.first else Mover.SECOND
    return Verdict(winner, mover, rules.colour_name(winner), False)


def who_won(result: Result, rules: RuleSet) -> Verdict:
    """The winner of a finished game of ``rules``."""
    return _verdict(result.winner, rules, result.is_draw)


_TOKEN_SCORES = {
    "1-0": (1, 0),
    "0-1": (0, 1),
    "2-0": (1, 0),
    "0-2": (0, 1),
    "1/2-1/2": (1, 1),
    "1-1": (1, 1),
    "½-½": (1, 1),
    "0.5-0.5": (1, 1),
    "0-0": (0, 0),
}


def who_won_token(token: str, rules: RuleSet) -> Verdict | None:
    """The winner a PDN result token names, or None for ``*``, blank or unknown text.

    The first number belongs to the side that moves first under ``rules`` (PDN 2.0, the
    checkers convention and CheckerBoard): ``1-0`` in English checkers is a win for Black,
    in German or 10x10 (``2-0``) for White.  ``0-0`` gives a verdict with no winner that is
    not a draw either.
    """
    scores = _TOKEN_SCORES.get(token.strip().replace(" ", ""))
    if scores is None:
        return None
    first, second = scores
    if first > second:
        return _verdict(rules.first, rules, False)
    if second > first:
        return _verdict(rules.first.opponent, rules, False)
    return _verdict(None, rules, first > 0)
