"""Square tables per board: numbering, bit layout, neighbours and rays.

Two kinds of board:

* **Dark squares, diagonal lines** (every rule set but Turkish).  Internally every such board
  uses the *standard* layout (square 1 at the top left dark square, a1 dark, White at the
  bottom moving up).  The Italian and Spanish boards are the mirror image of that layout, and
  the game is symmetric under mirroring, so they differ only in how squares are numbered in the
  public API.  Internal square ``s`` (1-based) sits on bit ``(s-1) + (s-1)//(2n)`` where ``n``
  is the number of squares per row.  A ghost bit after every two rows makes each diagonal step
  a constant shift: ``+n`` (down-left), ``+n+1`` (down-right), ``-n`` (up-right), ``-(n+1)``
  (up-left).
* **All squares, orthogonal lines** (Turkish).  Square ``s`` (1-based, row by row from a8:
  1 = a8, 8 = h8, 57 = a1, 64 = h1) sits on bit ``row * (size+1) + col``: a ghost bit after
  every row makes each straight step a constant shift, ``-(size+1)`` up, ``+(size+1)`` down,
  ``-1`` left and ``+1`` right.

Every direction-dependent table (neighbours, rays, the shift of one step, which directions are
forward for each side, which are sideways, which is the opposite of which) is data of the
geometry: the move generator and the evaluation read it and never ask which board they are on.
Bit indexes never leave the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .digits import is_ascii_digits
from .rules import BoardSquares, Directions, Numbering, RuleSet

# Diagonal direction indexes: 0 up-left, 1 up-right, 2 down-left, 3 down-right.
# "Up" is White's forward.
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = 0, 1, 2, 3
DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
# Orthogonal direction indexes
UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3

# (row step, column step) per direction index, for each kind of line
_STEPS: dict[Directions, tuple[tuple[int, int], ...]] = {
    Directions.DIAGONAL: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    Directions.ORTHOGONAL: ((-1, 0), (1, 0), (0, -1), (0, 1)),
}

FILES = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, eq=False)
class Geometry:
    """Tables for one board size and numbering.  Build with :func:`geometry`."""

    size: int
    numbering: Numbering
    n: int  # squares per row
    all_squares: bool  # every square is played on (else the dark ones)
    orthogonal: bool  # lines run straight (else diagonally)
    squares: int
    bits: int  # number of bits in the layout, ghosts included
    valid: int  # mask of real squares
    # public square number -> bit, and bit -> public number (0 for ghosts)
    sq_to_bit: tuple[int, ...]
    bit_to_sq: tuple[int, ...]
    # public square -> (row, col) on the *displayed* board, row 0 at the top, White at the bottom
    sq_rowcol: tuple[tuple[int, int], ...]
    # bit -> neighbour bit per direction (-1 off board)
    step: tuple[tuple[int, ...], ...]
    # bit -> per direction, the tuple of bits along the ray (nearest first)
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    white_promo: int  # mask of the top row (White crowns there)
    black_promo: int  # mask of the bottom row
    long_diagonal: int  # mask of the longest diagonal running from White's left corner (a1)
    # the bit shift of one step per direction index (negative: towards lower bits)
    delta: tuple[int, ...]
    # direction indexes: White's forward ones, Black's forward ones, the sideways ones
    forward_white: tuple[int, ...]
    forward_black: tuple[int, ...]
    sideways: tuple[int, ...]
    opposite: tuple[int, ...]  # per direction index, the index of the opposite direction
    # (bit, row, col) of every playing square in reading order (internal layout, row 0 at
    # the top): what the evaluation builds its tables from
    cells: tuple[tuple[int, int, int], ...]

    def sq_name(self, sq: int) -> str:
        """Algebraic name of a public square (``a1`` at White's lower left)."""
        row, col = self.sq_rowcol[sq]
        return f"{FILES[col]}{self.size - row}"

    def sq_from_name(self, name: str) -> int:
        """Public square number of an algebraic name; raises ValueError if not a dark square."""
        name = name.strip().lower()
        if len(name) < 2 or name[0] not in FILES[: self.size] or not is_ascii_digits(name[1:]):
            raise ValueError(f"not a square name: {name!r}")
        col = FILES.index(name[0])
        rank = int(name[1:])
        if not 1 <= rank <= self.size:
            raise ValueError(f"not a square name: {name!r}")
        sq = self._rowcol_to_sq.get((self.size - rank, col))
        if sq is None:
            raise ValueError(f"{name} is not a playing square")
        return sq

    @property
    def _rowcol_to_sq(self) -> dict[tuple[int, int], int]:
        return _rowcol_index(self)

    def sq_at(self, row: int, col: int) -> int | None:
        """Public square at a displayed (row, col), or None for a light square."""
        return self._rowcol_to_sq.get((row, col))

    def mask_of(self, squares: object) -> int:
        mask = 0
        for sq in squares:  # type: ignore[attr-defined]
            mask |= 1 << self.sq_to_bit[sq]
        return mask

    def squares_of(self, mask: int) -> list[int]:
        """Public squares of a bit mask, in ascending square order."""
        out = []
        b2s = self.bit_to_sq
        while mask:
            low = mask & -mask
            out.append(b2s[low.bit_length() - 1])
            mask ^= low
        out.sort()
        return out


@cache
def _rowcol_index(geo: Geometry) -> dict[tuple[int, int], int]:
    return {rc: sq for sq, rc in enumerate(geo.sq_rowcol) if sq}


def _internal_of_public(size: int, numbering: Numbering, sq: int) -> int:
    n = size // 2
    if numbering is Numbering.STANDARD:
        return sq
    if numbering is Numbering.SPANISH:
        sq = size * n + 1 - sq
    row, idx = divmod(sq - 1, n)
    return row * n + (n - 1 - idx) + 1


def geometry_of(rules: RuleSet) -> Geometry:
    """The (cached) geometry a rule set is played on."""
    return geometry(rules.board_size, rules.numbering, rules.board_squares, rules.directions)


@cache
def geometry(
    size: int,
    numbering: Numbering = Numbering.STANDARD,
    squares_used: BoardSquares = BoardSquares.DARK,
    lines: Directions = Directions.DIAGONAL,
) -> Geometry:
    """The (cached) tables for a board of ``size`` x ``size`` with the given numbering.

    ``squares_used`` and ``lines`` choose the kind of board: the dark squares with diagonal
    lines, or all squares with straight lines (see the module's text).
    """
    if size not in (8, 10, 12) and not (4 <= size <= 16 and size % 2 == 0):
        raise ValueError(f"unsupported board size {size}")
    all_squares = squares_used is BoardSquares.ALL
    orthogonal = lines is Directions.ORTHOGONAL
    if all_squares != orthogonal:
        raise ValueError(
            f"unsupported board: {squares_used.value} squares with {lines.value} lines"
        )
    if all_squares and numbering is not Numbering.STANDARD:
        raise ValueError(f"a board of all squares has no {numbering.value} numbering")
    n = size if all_squares else size // 2
    squares = size * n

    def bit_of_internal(s: int) -> int:
        if all_squares:
            row, col = divmod(s - 1, size)
            return row * (size + 1) + col
        return (s - 1) + (s - 1) // (2 * n)

    def rowcol_internal(s: int) -> tuple[int, int]:
        row, idx = divmod(s - 1, n)
        if all_squares:
            return row, idx
        col = 2 * idx + 1 if row % 2 == 0 else 2 * idx
        return row, col

    bits = bit_of_internal(squares) + 1
    sq_to_bit = [0] * (squares + 1)
    bit_to_sq = [0] * bits
    sq_rowcol: list[tuple[int, int]] = [(-1, -1)] * (squares + 1)
    internal_rc: dict[tuple[int, int], int] = {}
    for s in range(1, squares + 1):
        internal_rc[rowcol_internal(s)] = bit_of_internal(s)
    for sq in range(1, squares + 1):
        s = sq if all_squares else _internal_of_public(size, numbering, sq)
        b = bit_of_internal(s)
        sq_to_bit[sq] = b
        bit_to_sq[b] = sq
        row, col = rowcol_internal(s)
        if numbering is not Numbering.STANDARD:
            col = size - 1 - col  # the displayed board is the mirror image
        sq_rowcol[sq] = (row, col)
    valid = 0
    for sq in range(1, squares + 1):
        valid |= 1 << sq_to_bit[sq]

    steps_rc = _STEPS[lines]
    count = len(steps_rc)
    step_list: list[tuple[int, ...]] = [(-1,) * count] * bits
    rays_list: list[tuple[tuple[int, ...], ...]] = [((),) * count] * bits
    delta: list[int | None] = [None] * count
    white_promo = black_promo = 0
    cells = []
    for s in range(1, squares + 1):
        row, col = rowcol_internal(s)
        b = bit_of_internal(s)
        cells.append((b, row, col))
        steps = []
        rays = []
        for d, (drow, dcol) in enumerate(steps_rc):
            ray = []
            r, c = row + drow, col + dcol
            while 0 <= r < size and 0 <= c < size:
                ray.append(internal_rc[(r, c)])
                r += drow
                c += dcol
            rays.append(tuple(ray))
            steps.append(ray[0] if ray else -1)
            if ray:
                shift = ray[0] - b
                if delta[d] is None:
                    delta[d] = shift
                elif delta[d] != shift:  # the layout promises one shift per direction
                    raise AssertionError(f"direction {d}: shifts {delta[d]} and {shift}")
        step_list[b] = tuple(steps)
        rays_list[b] = tuple(rays)
        if row == 0:
            white_promo |= 1 << b
        if row == size - 1:
            black_promo |= 1 << b
    # the long diagonal from White's lower-left corner (internal a1) going up-right
    r, c = size - 1, 0
    long_diag = 0
    while r >= 0 and c < size:
        if (r, c) in internal_rc:
            long_diag |= 1 << internal_rc[(r, c)]
        r -= 1
        c += 1
    opposite = tuple(steps_rc.index((-dr, -dc)) for dr, dc in steps_rc)
    forward_white = tuple(d for d, (dr, _dc) in enumerate(steps_rc) if dr < 0)
    forward_black = tuple(d for d, (dr, _dc) in enumerate(steps_rc) if dr > 0)
    sideways = tuple(d for d, (dr, _dc) in enumerate(steps_rc) if dr == 0)
    return Geometry(
        size=size,
        numbering=numbering,
        n=n,
        all_squares=all_squares,
        orthogonal=orthogonal,
        squares=squares,
        bits=bits,
        valid=valid,
        sq_to_bit=tuple(sq_to_bit),
        bit_to_sq=tuple(bit_to_sq),
        sq_rowcol=tuple(sq_rowcol),
        step=tuple(step_list),
        rays=tuple(rays_list),
        white_promo=white_promo,
        black_promo=black_promo,
        long_diagonal=long_diag,
        delta=tuple(d if d is not None else 0 for d in delta),
        forward_white=forward_white,
        forward_black=forward_black,
        sideways=sideways,
        opposite=opposite,
        cells=tuple(cells),
    )
