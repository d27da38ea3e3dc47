"""The immutable Position: pieces, side to move, legal moves, play, FEN, move text."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .digits import is_ascii_digits
from .errors import AmbiguousMoveError, FenError, IllegalMoveError, MoveParseError
from .fen import parse_fen, parse_tower_fen, write_fen
from .geometry import Geometry, geometry_of
from .move import Move
from .movegen import MoveGenerator, RawMove, generator
from .rules import Color, Numbering, RuleSet


class Kind(enum.Enum):
    MAN = "man"
    KING = "king"


@dataclass(frozen=True)
class Piece:
    color: Color
    kind: Kind

    def __reduce__(self) -> tuple[type[Piece], tuple[Color, Kind]]:
        # copy and pickle rebuild it from its arguments (compiled classes need this)
        return (Piece, (self.color, self.kind))

    @property
    def is_king(self) -> bool:
        return self.kind is Kind.KING


Stacks = tuple[tuple[int, str], ...]


class Position:
    """An immutable, hashable position under a rule set.

    Equality and hashing use the pieces and the side to move (the rule set is context), so
    positions work as keys for repetition counts and transposition tables.

    ``white``, ``black`` and ``kings`` are the pieces (with towers: the top pieces).  Rule sets
    with towers also have ``stacks``: ``(bit, pieces below the top)`` for every tower, in bit
    order, the pieces as letters top to bottom (see :mod:`.towers`); empty everywhere else.
    """

    __slots__ = ("rules", "white", "black", "kings", "turn", "stacks", "_key", "_moves", "_hash")

    def __init__(
        self, rules: RuleSet, white: int, black: int, kings: int, turn: Color, stacks: Stacks = ()
    ) -> None:
        self.rules = rules
        self.white = white
        self.black = black
        self.kings = kings
        self.turn = turn
        self.stacks = stacks
        self._key = (white, black, kings, turn is Color.WHITE)
        self._hash = hash((self._key, stacks)) if stacks else hash(self._key)
        self._moves: list[Move] | None = None

    # -- construction --------------------------------------------------------------------

    @classmethod
    def start(cls, rules: RuleSet) -> Position:
        """The start position: White on the rows at the bottom, Black at the top."""
        geo = geometry_of(rules)
        rows = rules.start_rows * geo.n
        skip = rules.empty_back_rows * geo.n  # rows left empty behind the men (Turkish)
        top = range(skip + 1, skip + rows + 1)
        bottom = range(geo.squares - skip - rows + 1, geo.squares - skip + 1)
        if rules.numbering is Numbering.SPANISH:  # Spanish numbers from White's corner
            top, bottom = bottom, top
        return cls(rules, geo.mask_of(bottom), geo.mask_of(top), 0, rules.first)

    @classmethod
    def from_fen(cls, fen: str, rules: RuleSet) -> Position:
        """Read a PDN FEN; raises FenError naming the bad part."""
        geo = geometry_of(rules)
        if rules.towers:
            turn, pieces, towers = parse_tower_fen(fen, geo)
            return cls.from_pieces(pieces, turn or rules.first, rules, towers)
        turn, pieces = parse_fen(fen, geo)
        return cls.from_pieces(pieces, turn or rules.first, rules)

    @classmethod
    def from_pieces(
        cls,
        pieces: dict[int, tuple[Color, bool]],
        turn: Color,
        rules: RuleSet,
        towers: dict[int, str] | None = None,
    ) -> Position:
        """A position from its (top) pieces by square; ``towers`` gives the letters of the
        pieces under a square's top (rule sets with towers only)."""
        geo = geometry_of(rules)
        stacks: list[tuple[int, str]] = []
        if towers:
            if not rules.towers:
                raise FenError(
                    f"towers on {', '.join(geo.sq_name(sq) for sq in towers)}: "
                    f"these rules have no towers"
                )
            for sq, below in towers.items():
                if sq not in pieces:
                    raise FenError(f"the tower on {geo.sq_name(sq)} has no top piece")
                if not below or any(c not in "wWbB" for c in below):
                    raise FenError(
                        f"the tower on {geo.sq_name(sq)}: {below!r} is not a column of w, W, b, B"
                    )
                stacks.append((geo.sq_to_bit[sq], below))
            stacks.sort()
            _check_tower_counts(pieces, towers, rules, geo)
        white = black = kings = 0
        for sq, (colour, king) in pieces.items():
            if not 1 <= sq <= geo.squares:
                raise FenError(f"square {sq} is out of range 1-{geo.squares}")
            bit = 1 << geo.sq_to_bit[sq]
            if colour is Color.WHITE:
                white |= bit
            else:
                black |= bit
            if king:
                kings |= bit
        return cls(rules, white, black, kings, turn, tuple(stacks))

    # -- value semantics -----------------------------------------------------------------

    @property
    def key(self) -> tuple[int, int, int, bool]:
        """(white, black, kings, white to move): a compact hashable identity."""
        return self._key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key == other._key and self.stacks == other.stacks

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(
        self,
    ) -> tuple[type[Position], tuple[RuleSet, int, int, int, Color, Stacks]]:
        # copy and pickle rebuild it from its arguments (compiled classes need this)
        return (Position, (self.rules, self.white, self.black, self.kings, self.turn, self.stacks))

    def __repr__(self) -> str:
        return f"Position({self.fen()!r}, rules={self.rules.key!r})"

    # -- board access --------------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        return geometry_of(self.rules)

    @property
    def generator(self) -> MoveGenerator:
        return generator(self.rules)

    def piece_at(self, sq: int) -> Piece | None:
        bit = 1 << self.geometry.sq_to_bit[sq]
        if self.white & bit:
            colour = Color.WHITE
        elif self.black & bit:
            colour = Color.BLACK
        else:
            return None
        return Piece(colour, Kind.KING if self.kings & bit else Kind.MAN)

    def pieces(self) -> dict[int, Piece]:
        """Every piece by public square."""
        geo = self.geometry
        out: dict[int, Piece] = {}
        for mask, colour in ((self.white, Color.WHITE), (self.black, Color.BLACK)):
            for sq in geo.squares_of(mask):
                kind = Kind.KING if self.kings >> geo.sq_to_bit[sq] & 1 else Kind.MAN
                out[sq] = Piece(colour, kind)
        return out

    def count(self, colour: Color, kind: Kind | None = None) -> int:
        mask = self.white if colour is Color.WHITE else self.black
        if kind is Kind.KING:
            mask &= self.kings
        elif kind is Kind.MAN:
            mask &= ~self.kings
        return mask.bit_count()

    def fen(self, algebraic: bool | None = None) -> str:
        """The PDN FEN; squares by name when asked, or by default where the rule set names
        its squares (Turkish), else by number."""
        if algebraic is None:
            algebraic = self.rules.names_squares
        pieces = {sq: (p.color, p.is_king) for sq, p in self.pieces().items()}
        geo = self.geometry
        towers = {geo.bit_to_sq[bit]: below for bit, below in self.stacks}
        return write_fen(self.turn, pieces, geo if algebraic else None, towers)

    def tower(self, sq: int) -> tuple[Piece, ...]:
        """The pieces on ``sq``, top first: one piece, a tower's column, or none."""
        top = self.piece_at(sq)
        if top is None:
            return ()
        bit = self.geometry.sq_to_bit[sq]
        below = next((b for s, b in self.stacks if s == bit), "")
        return (
            top,
            *(
                Piece(
                    Color.WHITE if c in "wW" else Color.BLACK, Kind.KING if c in "WB" else Kind.MAN
                )
                for c in below
            ),
        )

    # -- moves ---------------------------------------------------------------------------

    def _wrap(self, raws: list[RawMove], group: bool) -> list[Move]:
        geo = self.geometry
        b2s = geo.bit_to_sq
        if not group:
            out = []
            for r in raws:
                if r[2]:
                    path = (b2s[r[0]],) + tuple(b2s[b] for b in r[4])
                    captured = tuple(b2s[b] for b in r[5])
                else:
                    path, captured = (b2s[r[0]], b2s[r[1]]), ()
                out.append(Move(path, captured, r[3], (), r))
            return out
        groups: dict[tuple[int, int, int], list[RawMove]] = {}
        for r in raws:
            groups.setdefault((r[0], r[1], r[2]), []).append(r)
        out = []
        for rs in groups.values():
            paths = tuple((b2s[r[0]],) + tuple(b2s[b] for b in r[4]) for r in rs)
            r = rs[0]
            out.append(
                Move(
                    path=paths[0],
                    captured=tuple(b2s[b] for b in r[5]),
                    promotes=r[3],
                    paths=paths,
                    raw=r,
                )
            )
        return out

    def legal_moves(self) -> list[Move]:
        """The strict legal moves (capture compulsory, precedence applied), one per identity."""
        if self._moves is None and self.rules.towers:
            self._moves = self._tower_moves()
        if self._moves is None:
            gen = self.generator
            wtm = self.turn is Color.WHITE
            caps = gen.captures(self.white, self.black, self.kings, wtm, dedupe=False)
            if caps:
                moves = self._wrap(gen.filter_captures(caps, self.kings), group=True)
            else:
                moves = self._wrap(gen.quiet(self.white, self.black, self.kings, wtm), False)
            moves.sort(key=lambda m: m.path)
            self._moves = moves
        return list(self._moves)

    def _tower_moves(self) -> list[Move]:
        """The legal moves with towers: one per identity (see :func:`.towers.unique`), played
        along its first route; ``paths`` lists every route (the order of the prisoners under
        the tower follows the route, so a route named in full is played as named)."""
        from .towers import tower_generator

        gen = tower_generator(self.rules)
        raws = gen.legal(
            self.white, self.black, self.kings, dict(self.stacks), self.turn is Color.WHITE
        )
        b2s = self.geometry.bit_to_sq
        groups: dict[tuple[int, int, tuple[int, ...]], list[RawMove]] = {}
        for r in raws:
            groups.setdefault((r[0], r[1], tuple(sorted(r[5]))), []).append(r)
        moves = []
        for rs in groups.values():
            r = rs[0]
            if r[2]:
                paths = tuple((b2s[x[0]],) + tuple(b2s[b] for b in x[4]) for x in rs)
                moves.append(
                    Move(
                        paths[0],
                        tuple(b2s[b] for b in r[5]),
                        r[3],
                        paths if len(paths) > 1 else (),
                        r,
                    )
                )
            else:
                moves.append(Move((b2s[r[0]], b2s[r[1]]), (), r[3], (), r))
        moves.sort(key=lambda m: m.path)
        return moves

    def huff_moves(self) -> list[Move]:
        """Moves allowed when huffing is on: the legal ones plus every quiet move and capture."""
        if self.rules.towers:
            return self.legal_moves()  # huffing is not offered with towers
        gen = self.generator
        wtm = self.turn is Color.WHITE
        caps = self._wrap(gen.captures(self.white, self.black, self.kings, wtm, False), True)
        quiet = self._wrap(gen.quiet(self.white, self.black, self.kings, wtm), False)
        return caps + quiet

    def has_capture(self) -> bool:
        if self.rules.towers:
            return any(m.is_capture for m in self.legal_moves())
        gen = self.generator
        wtm = self.turn is Color.WHITE
        return bool(gen.captures(self.white, self.black, self.kings, wtm))

    def capturing_squares(self) -> list[int]:
        """Squares of the pieces that may (must) capture now; empty when no capture exists."""
        return sorted({m.from_sq for m in self.legal_moves() if m.is_capture})

    def play(self, move: Move) -> Position:
        """The position after ``move`` (which must come from this position's move lists)."""
        raw = move.raw
        if raw is None:
            raw = self._find_raw(move)
        elif self.rules.towers and len(move.paths) > 1:
            raw = self._route_raw(move, raw)
        return self.play_raw(raw)

    def _route_raw(self, move: Move, raw: RawMove) -> RawMove:
        """With towers: the raw move along ``move.path`` (the route decides the order of the
        prisoners), ``raw`` when that is its route already."""
        from .towers import tower_generator

        s2b = self.geometry.sq_to_bit
        bits = tuple(s2b[sq] for sq in move.path)
        if (raw[0],) + raw[4] == bits:
            return raw
        for r in tower_generator(self.rules).captures(
            self.white, self.black, self.kings, dict(self.stacks), self.turn is Color.WHITE
        ):
            if (r[0],) + r[4] == bits:
                return r
        return raw

    def play_raw(self, raw: RawMove) -> Position:
        """The position after the raw move ``raw`` (one of this position's, unchecked)."""
        if self.rules.towers:
            return self._play_tower(raw)
        w, b, k = self.generator.apply(
            self.white, self.black, self.kings, self.turn is Color.WHITE, raw
        )
        return Position(self.rules, w, b, k, self.turn.opponent)

    def _play_tower(self, raw: RawMove) -> Position:
        from .towers import tower_generator

        w, b, k, stacks = tower_generator(self.rules).apply(
            self.white, self.black, self.kings, dict(self.stacks), self.turn is Color.WHITE, raw
        )
        return Position(self.rules, w, b, k, self.turn.opponent, tuple(sorted(stacks.items())))

    def _find_raw(self, move: Move) -> RawMove:
        for m in self.huff_moves():
            if m == move and m.raw is not None:
                return m.raw
        raise IllegalMoveError(f"{move} is not a move in {self.fen()}")

    def with_turn(self, turn: Color) -> Position:
        return Position(self.rules, self.white, self.black, self.kings, turn, self.stacks)

    def without(self, sq: int) -> Position:
        """The same position with the piece on ``sq`` removed (used by huffing)."""
        index = self.geometry.sq_to_bit[sq]
        bit = 1 << index
        return Position(
            self.rules,
            self.white & ~bit,
            self.black & ~bit,
            self.kings & ~bit,
            self.turn,
            tuple(t for t in self.stacks if t[0] != index),
        )

    # -- move text -----------------------------------------------------------------------

    def move_text(self, move: Move, style: str = "short", algebraic: bool = False) -> str:
        """Text of ``move``: ``short`` (from-to unless ambiguous) or ``full`` (every landing)."""
        sep = self.rules.capture_separator if algebraic else "x"
        full = style == "full"
        if not full and move.is_capture:
            same = [
                m for m in self.legal_moves() if m.from_sq == move.from_sq and m.to_sq == move.to_sq
            ]
            full = len(same) > 1
        path = move.path if full else (move.path[0], move.path[-1])
        if algebraic or self.rules.names_squares:
            names = [self.geometry.sq_name(sq) for sq in path]
        else:
            names = [str(sq) for sq in path]
        return (sep if move.is_capture else "-").join(names)

    def parse_move(self, text: str, moves: list[Move] | None = None) -> Move:
        """Resolve move text against the legal moves (or ``moves``).

        Accepts ``11-15``, ``15x24``, ``10x19x26``, ``10x26``, ``c3-d4``, ``c3:e5``, leading
        zeros and spaces around separators.  The separator is only a hint.  Raises
        MoveParseError, IllegalMoveError or AmbiguousMoveError.
        """
        squares = self.parse_squares(text)
        candidates = self.legal_moves() if moves is None else moves
        return resolve(squares, candidates, text, self)

    def parse_squares(self, text: str) -> list[int]:
        cleaned = text.strip()
        tokens = [t for t in re.split(r"\s*[-x:×]\s*", cleaned.lower()) if t != ""]
        if len(tokens) < 2:
            compact = cleaned.replace(" ", "")
            if is_ascii_digits(compact) and len(compact) == 4:  # Millett's "1118"
                tokens = [compact[:2], compact[2:]]
            elif re.fullmatch(r"([a-z][0-9]+){2,}", compact.lower()):
                tokens = re.findall(r"[a-z][0-9]+", compact.lower())
            else:
                raise MoveParseError(f"cannot read move {text!r}")
        geo = self.geometry
        squares = []
        for tok in tokens:
            if is_ascii_digits(tok):
                sq = int(tok)
                if not 1 <= sq <= geo.squares:
                    raise MoveParseError(f"square {tok} in {text!r} is out of range")
            else:
                try:
                    sq = geo.sq_from_name(tok)
                except ValueError:
                    raise MoveParseError(f"cannot read {tok!r} in move {text!r}") from None
            squares.append(sq)
        return squares

    # -- description ---------------------------------------------------------------------

    def describe(self) -> PositionDescription:
        """Structured "position as text": every piece with colour, kind and square name."""
        geo = self.geometry
        items = []
        for colour in (Color.WHITE, Color.BLACK):
            for sq, piece in sorted(self.pieces().items()):
                if piece.color is colour:
                    items.append(PieceEntry(colour, piece.kind, sq, geo.sq_name(sq)))
        return PositionDescription(tuple(items), self.turn)


def _check_tower_counts(
    pieces: dict[int, tuple[Color, bool]], towers: dict[int, str], rules: RuleSet, geo: Geometry
) -> None:
    """Raise FenError when the towers hold more pieces of a colour than a side starts with
    (a piece is never taken off the board with towers, so no position has more)."""
    per_side = rules.start_rows * geo.n
    for colour, letters in ((Color.WHITE, "wW"), (Color.BLACK, "bB")):
        count = sum(1 for c, _k in pieces.values() if c is colour)
        count += sum(1 for below in towers.values() for c in below if c in letters)
        if count > per_side:
            name = "White" if colour is Color.WHITE else "Black"
            raise FenError(
                f"the towers hold {count} {name} pieces in all, more than the {per_side} a side has"
            )


@dataclass(frozen=True)
class PieceEntry:
    color: Color
    kind: Kind
    square: int
    name: str

    def __reduce__(self) -> tuple[type[PieceEntry], tuple[Color, Kind, int, str]]:
        return (PieceEntry, (self.color, self.kind, self.square, self.name))


@dataclass(frozen=True)
class PositionDescription:
    pieces: tuple[PieceEntry, ...]
    turn: Color

    def __reduce__(
        self,
    ) -> tuple[type[PositionDescription], tuple[tuple[PieceEntry, ...], Color]]:
        return (PositionDescription, (self.pieces, self.turn))

    def text(self, language: str = "en") -> str:
        """Render as "Light c3; Dark d4. Light to move." (or German with ``language='de'``)."""
        if language == "de":
            names = {Color.WHITE: "Hell", Color.BLACK: "Dunkel"}
            king, tail = "Dame", "ist am Zug."
        else:
            names = {Color.WHITE: "Light", Color.BLACK: "Dark"}
            king, tail = "king", "to move."
        parts = []
        for p in self.pieces:
            label = names[p.color] + (f" {king}" if p.kind is Kind.KING else "")
            parts.append(f"{label} {p.name}")
        body = "; ".join(parts) if parts else ("leer" if language == "de" else "empty")
        return f"{body}. {names[self.turn]} {tail}"


def full_text(move: Move, rules: RuleSet) -> str:
    """``move`` with every landing square: by number (``10x19x26``, :meth:`Move.full_text`),
    or by name where the rule set has no square numbers (Turkish: ``d4xd6xf6``)."""
    if not rules.names_squares:
        return move.full_text()
    name = geometry_of(rules).sq_name
    if not move.captured:
        return f"{name(move.path[0])}-{name(move.path[-1])}"
    return "x".join(name(sq) for sq in move.path)


def resolve(squares: list[int], candidates: list[Move], text: str, pos: Position) -> Move:
    """Pick the move that the squares (from, [via...], to) name among ``candidates``."""
    start, end, via = squares[0], squares[-1], squares[1:-1]
    matches = [m for m in candidates if m.from_sq == start and m.to_sq == end]
    if not via and len(matches) > 1:
        # a single jump written in full is that jump, not a longer capture between the same
        # squares (with towers a capture may return to a square over the same tower)
        direct = [m for m in matches if (start, end) in (m.paths or (m.path,))]
        matches = direct or matches
    if via:

        def fits(route: tuple[int, ...]) -> bool:
            it = iter(route[1:-1])
            return all(sq in it for sq in via)

        narrowed = [m for m in matches if any(fits(p) for p in (m.paths or (m.path,)))]
        # a full path names its move even when it is also a subsequence of a longer route
        route = tuple(squares)
        exact = [m for m in narrowed if route in (m.paths or (m.path,))]
        matches = exact if exact else narrowed
    if not matches:
        raise IllegalMoveError(f"{text.strip()} is not a legal move in {pos.fen()}")
    if len(matches) > 1:
        options = ", ".join(m.full_text() for m in matches)
        raise AmbiguousMoveError(f"{text.strip()} is ambiguous in {pos.fen()}: {options}")
    return matches[0]
