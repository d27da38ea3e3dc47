"""Static evaluation over raw bitboards, generic over the rule set's parameters.

Scores are in hundredths of a man and seen from the side to move.  The men's terms (their
piece-square values and the states of the diamonds and windows) are read through a few table
lookups per side: each chunk of a side's men looks up a word that packs, field by field, what
those men add to a few sums, and the fields of the word totals are then read off (see
``Evaluator``).  Every word stays below 2 ** 62, so compiled code keeps it in a machine word
(mypyc handles larger ints as Python objects, one allocation per operation).
The kings' piece-square values are stored as bit planes (a weight table split into one mask per
binary digit), so a table costs a handful of ``bit_count`` calls instead of a loop over pieces.
"""

from __future__ import annotations

import importlib.resources
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

from ..core.geometry import geometry_of
from ..core.movegen import popcount
from ..core.rules import RuleSet

MAN: Final = 100
FLYING_KING: Final = 300
SHORT_KING: Final = 150
# a king on straight lines (Turkish) commands two whole lines of a board without light
# squares: the Turkish rules guide values it at five men
STRAIGHT_KING: Final = 500
WINDOW_STATES: Final = 6561  # 3 ** 8: a four-by-four window's eight squares

# (shift, mask) pairs: a weight table contributes popcount(x & mask) << shift per plane
Planes = tuple[tuple[int, int], ...]


def _planes(weights: dict[int, int]) -> Planes:
    """Split non-negative integer weights per bit into bit planes."""
    top = max(weights.values(), default=0)
    out = []
    shift = 0
    while (1 << shift) <= top:
        mask = 0
        for bit, value in weights.items():
            if (value >> shift) & 1:
                mask |= 1 << bit
        if mask:
            out.append((shift, mask))
        shift += 1
    return tuple(out)


@dataclass(frozen=True)
class Weights:
    """Evaluation weights that can be fitted to games instead of set by hand.

    ``men_open`` and ``men_end`` are piece-square values for a man in the opening and in the
    ending (blended by the material left), one per square in reading order from the top-left
    corner of the board as its owner sees it (own back row last).  The scalars weigh the other
    terms: the side-to-move bonus, back-rank guards, mobility, wing balance, runaway men,
    men backed by a man behind them, and men that cannot step forward.  ``king`` is a king's
    value (None: the rule set's own, see :class:`Evaluator`) and ``kings`` a king's value per
    square, as ``men_open`` lists squares, the same for either colour on a square and on the
    square turned half round (None: the hand-set centre and long diagonal).
    """

    men_open: tuple[int, ...]
    men_end: tuple[int, ...]
    tempo: int = 4
    back: int = 4
    mobility: int = 2
    balance: int = 2
    runaway: int | None = None  # None: a third of (king - man)
    backed: int = 0
    locked: int = 0
    king: int | None = None
    kings: tuple[int, ...] | None = None
    # men in diamonds of four squares (one square, the two below it, the one below those):
    # 81 values (each square empty, White's man, Black's man) per diamond, diamonds in the
    # order of :func:`diamonds`; None: not used
    patterns: tuple[int, ...] | None = None
    # men in the four-by-four windows of :func:`windows`: 6561 values per window (its eight
    # squares' states as in :func:`pattern_state`); None: not used
    windows: tuple[int, ...] | None = None
    # the windows' values in the ending, blended with ``windows`` (the opening's) by the
    # pieces left as the men's piece-square values are; None: ``windows`` throughout
    windows_end: tuple[int, ...] | None = None


def _window_corners(size: int) -> range:
    """The first row (and column) of the windows: every second one that leaves room for four."""
    return range(0, size - 3, 2)


def _board_size(squares: int) -> int:
    """The side of the square board of ``squares`` playing squares: its dark squares, or every
    square where a game is played on all of them (Turkish); 0 where neither fits."""
    every = math.isqrt(squares)
    if every * every == squares:
        return every
    dark = math.isqrt(2 * squares)
    return dark if dark * dark == 2 * squares else 0


def weights_from(
    men_open: tuple[int, ...],
    men_end: tuple[int, ...],
    scalars: dict[str, int],
    patterns: tuple[int, ...] | None = None,
    windows: dict[int, int] | None = None,
    windows_end: dict[int, int] | None = None,
    kings: tuple[int, ...] | None = None,
) -> Weights:
    """Weights from tables and a dict of the scalar terms by name (absent ones: defaults).

    ``windows`` (and ``windows_end``, the ending's) gives the windows' values that are not
    zero, by index (on the board that ``men_open`` has the squares of).
    """
    plain = Weights(men_open, men_end)
    size = _board_size(len(men_open))

    def dense(values: dict[int, int] | None) -> tuple[int, ...] | None:
        if values is None:
            return None
        table = [0] * len(_window_corners(size)) ** 2 * WINDOW_STATES
        for index, value in values.items():
            table[index] = value
        return tuple(table)

    return Weights(
        men_open,
        men_end,
        tempo=scalars.get("tempo", plain.tempo),
        back=scalars.get("back", plain.back),
        mobility=scalars.get("mobility", plain.mobility),
        balance=scalars.get("balance", plain.balance),
        runaway=scalars.get("runaway", plain.runaway),
        backed=scalars.get("backed", plain.backed),
        locked=scalars.get("locked", plain.locked),
        king=scalars.get("king", plain.king),
        kings=kings,
        patterns=patterns,
        windows=dense(windows),
        windows_end=dense(windows_end),
    )


# The weights files in the package: JSON, written by tools/tune_eval.py and tools/tune_moves.py.
# (Found through the package, not this module's __file__, which compiled code does not have.)
DATA = Path(str(importlib.resources.files("dame_desktop.ai"))) / "data"
WEIGHTS_FORMAT = "dame-weights-1"
SCALAR_NAMES = ("tempo", "back", "mobility", "balance", "runaway", "backed", "locked", "king")


def weights_to_json(weights: Weights, about: str = "") -> str:
    """The weights as the text of a weights file (one JSON object; see :func:`weights_from_json`).

    The windows' values are mostly zero (states no game showed): only the others are written,
    by index.  Numbers go twenty to a line so that a diff shows what changed.
    """

    def numbers(values: tuple[int, ...]) -> str:
        rows = [", ".join(str(v) for v in values[i : i + 20]) for i in range(0, len(values), 20)]
        return "[\n    " + ",\n    ".join(rows) + "\n  ]"

    # a scalar left at None (runaway: derived from the king's value; king: the rules') is left
    # out
    scalars = {
        name: getattr(weights, name) for name in SCALAR_NAMES if getattr(weights, name) is not None
    }
    parts = [
        f'  "format": {json.dumps(WEIGHTS_FORMAT)}',
        f'  "about": {json.dumps(about)}',
        f'  "men_open": {numbers(weights.men_open)}',
        f'  "men_end": {numbers(weights.men_end)}',
        f'  "scalars": {json.dumps(scalars)}',
        '  "patterns": ' + ("null" if weights.patterns is None else numbers(weights.patterns)),
    ]
    if weights.kings is not None:  # (a file without a kings' table leaves the key out)
        parts.append(f'  "kings": {numbers(weights.kings)}')
    for name in ("windows", "windows_end"):
        values: tuple[int, ...] | None = getattr(weights, name)
        if values is None:
            if name == "windows":  # (a file without an ending's windows leaves the key out)
                parts.append('  "windows": null')
            continue
        pairs = [f'"{i}": {v}' for i, v in enumerate(values) if v]
        rows = [", ".join(pairs[i : i + 10]) for i in range(0, len(pairs), 10)]
        parts.append(f'  "{name}": {{\n    ' + ",\n    ".join(rows) + "\n  }")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _int_list(data: dict[str, object], key: str) -> tuple[int, ...]:
    values = data.get(key)
    if not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise ValueError(f"'{key}' must be a list of whole numbers")
    return tuple(values)


def weights_from_json(text: str) -> Weights:
    """Weights from the text of a weights file; raises ValueError naming what is wrong.

    The object holds ``men_open`` and ``men_end`` (piece-square values, see :class:`Weights`),
    ``scalars`` (by name; absent ones keep their defaults), ``patterns`` (81 values per diamond,
    or null), ``windows`` (the values that are not zero by index, or null) and, optionally,
    ``windows_end`` (the same for the ending; absent or null: ``windows`` throughout) and,
    optionally, ``kings`` (a king's value per square, see :class:`Weights`).
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != WEIGHTS_FORMAT:
        raise ValueError(f"not a weights file (its 'format' must be {WEIGHTS_FORMAT!r})")
    men_open = _int_list(data, "men_open")
    men_end = _int_list(data, "men_end")
    squares = len(men_open)
    size = _board_size(squares)
    if squares != len(men_end) or not size:
        raise ValueError(
            f"'men_open' and 'men_end' need one value per square of a square "
            f"board, got {len(men_open)} and {len(men_end)}"
        )
    scalars = data.get("scalars", {})
    if not isinstance(scalars, dict):
        raise ValueError("'scalars' must be an object of whole numbers by name")
    named: dict[str, int] = {}
    for name, value in scalars.items():
        if name not in SCALAR_NAMES:
            raise ValueError(f"unknown scalar {name!r} (known: {', '.join(SCALAR_NAMES)})")
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"scalar {name!r} must be a whole number")
        named[name] = value
    patterns = None if data.get("patterns") is None else _int_list(data, "patterns")
    kings = None if data.get("kings") is None else _int_list(data, "kings")
    if kings is not None:
        if len(kings) != squares:
            raise ValueError(f"'kings' needs one value per square ({squares}), got {len(kings)}")
        if any(kings[i] != kings[squares - 1 - i] for i in range(squares)):
            raise ValueError("'kings' must value a square and the square turned half round alike")
    states = len(_window_corners(size)) ** 2 * WINDOW_STATES
    tables: list[dict[int, int] | None] = []
    for name in ("windows", "windows_end"):
        raw = data.get(name)
        if raw is None:
            tables.append(None)
            continue
        if not isinstance(raw, dict):
            raise ValueError(f"'{name}' must be an object of values by index, or null")
        what = "window" if name == "windows" else "ending's window"
        values: dict[int, int] = {}
        for index, value in raw.items():
            if not index.isdigit() or not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{what} entry {index!r}: {value!r} is not index: number")
            values[int(index)] = value
        if values and max(values) >= states:
            raise ValueError(f"{what} index {max(values)} beyond the {states} of the board")
        tables.append(values)
    windows, windows_end = tables
    if windows_end is not None and windows is None:
        raise ValueError("'windows_end' without 'windows'")
    return weights_from(men_open, men_end, named, patterns, windows, windows_end, kings)


def read_weights(path: Path) -> Weights:
    """The weights in a weights file; raises ValueError naming the file and the problem."""
    try:
        return weights_from_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: {exc}") from None


# Weights fitted to games by board size (tools/tune_eval.py or tools/tune_moves.py writes them).
FITTED: dict[int, Weights] = {10: read_weights(DATA / "weights_10x10.json")}

# The weights the engine plays with, by board size; every other size uses the hand-set ones.
# On 10x10 the fitted weights (diamonds and windows) play: against TurboEngine they scored
# 76.2 % at 0.3 s a move (hand-set 57.5 %, same openings) and 63 % at 1 s (hand-set 53.4 %
# on the same openings); bench/ai_vs_pydraughts.py --eval hand plays the hand-set ones.
ACTIVE: dict[int, Weights] = {10: FITTED[10]}

# Learned weights by family of rule sets (see :func:`family`): the evaluation's own terms
# fitted on self-play by tools/fit_eval.py.  The search plays them where
# ``search.TUNING.learned_eval`` is on; a rule set of a family without a file keeps
# the weights above, and so does every search with it off (self-play for the fit, the
# puzzles' referee).  The 10x10 file is the 10x10 weights above with the men's values,
# the scalars and the kings refitted on self-play, their diamonds and windows as they were.
LEARNED_FILES: dict[str, str] = {
    "8x8-flying-forward": "weights_8x8_flying.json",
    "8x8-short": "weights_8x8_short.json",
    "8x8-italian": "weights_8x8_italian.json",
    "8x8-flying-backward": "weights_8x8_flying_backward.json",
    "10x10": "weights_10x10_learned.json",
    "turkish": "weights_turkish.json",
}


def family(rules: RuleSet) -> str:
    """The family of rule sets whose positions one set of learned weights can judge.

    The 8x8 sets on diagonals where kings fly and men capture forward only (German, German
    ASS, Czech, Spanish) make one; so do those where kings step one square and men capture
    forward only and may capture kings (English), those where kings step one square and men
    capture forward only and may not capture kings (Italian: a king no man can take is worth
    more, so it has weights of its own), and those where kings fly and men capture backward
    too (Russian, Brazilian, Pool).  On 10x10 the sets that play as International does (kings
    fly, men capture backward and capture kings) make one; every other set is its own family
    here (its key) until weights are fitted for it, as Turkish's are (on all 64 squares).
    """
    if geometry_of(rules).orthogonal or rules.giveaway or rules.towers:
        return rules.key
    if rules.board_size == 10:
        if rules.flying_kings and rules.men_capture_backward and rules.men_capture_kings:
            return "10x10"
        return rules.key
    if rules.board_size != 8:
        return rules.key
    if rules.flying_kings and not rules.men_capture_backward:
        return "8x8-flying-forward"
    if not rules.flying_kings and not rules.men_capture_backward:
        return "8x8-short" if rules.men_capture_kings else "8x8-italian"
    if rules.flying_kings and rules.men_capture_backward and rules.men_capture_kings:
        return "8x8-flying-backward"
    return rules.key


@lru_cache(maxsize=8)
def learned_weights(name: str) -> Weights | None:
    """The learned weights of a family (read from the package data once), or None."""
    file = LEARNED_FILES.get(name)
    return None if file is None else read_weights(DATA / file)


def _cells(rules: RuleSet) -> list[tuple[int, int, int]]:
    """(bit, row, col) of every playing square in reading order; row 0 is Black's back row."""
    return list(geometry_of(rules).cells)


PATTERN_STATES: Final = 81  # 3 ** 4
# a field for two diamonds' states or a window's (81 * 81 = 3 ** 8 < 2 ** 15); four to a word
FIELD_BITS: Final = 15
FIELD_MASK: Final = (1 << FIELD_BITS) - 1
FIELDS_PER_WORD: Final = 4
# the piece-square word: the opening sum times 2 ** PST_SHIFT plus the ending sum (both White's
# less Black's, so either may be negative)
PST_SHIFT: Final = 24
PST_HALF: Final = 1 << (PST_SHIFT - 1)
PST_LOW: Final = (1 << PST_SHIFT) - 1
# a window's four squares in a pair of rows: a code below 81 in a field of its own
BAND_BITS: Final = 13
BAND_FIELD: Final = (1 << BAND_BITS) - 1

# a chunk of men's bits (where it starts, or its number), its table for White's men and
# for Black's
ChunkTables = tuple[int, list[int], list[int]]
# a word of pattern fields whose squares lie in two chunks (or one): each chunk's number and
# tables, then the values of its four fields
PatternWord = tuple[
    int, list[int], list[int], int, list[int], list[int], list[int], list[int], list[int], list[int]
]
# the same for a word whose squares lie in more chunks (a board no fitted weights have yet)
WidePatternWord = tuple[list[ChunkTables], list[int], list[int], list[int], list[int]]


def diamonds(rules: RuleSet) -> list[tuple[int, int, int, int]]:
    """The bits of every four-square diamond: top, below-left, below-right, bottom.

    Listed by the top square in reading order.  On the padded bit layout a diamond is always
    ``p, p + n, p + n + 1, p + 2n + 1`` for its top bit ``p`` and half-row length ``n``.
    """
    n = geometry_of(rules).n
    cells = _cells(rules)
    place = {bit: (row, col) for bit, row, col in cells}
    out = []
    for bit, row, col in cells:
        quad = (bit, bit + n, bit + n + 1, bit + 2 * n + 1)
        wanted = [(row, col), (row + 1, col - 1), (row + 1, col + 1), (row + 2, col)]
        if [place.get(b) for b in quad] == wanted:  # all on the board, none wrapped round
            out.append(quad)
    return out


def windows(rules: RuleSet) -> list[tuple[int, ...]]:
    """The bits of the eight playing squares of every four-by-four window, in reading order.

    Windows start on every second row and column, so neighbours overlap by two rows or
    columns and the board turned half round maps the set onto itself (a window's squares in
    reading order become the turned window's in reverse).
    """
    cells = _cells(rules)
    corners = _window_corners(rules.board_size)
    out = []
    for top in corners:
        for left in corners:
            out.append(
                tuple(
                    bit
                    for bit, row, col in cells
                    if top <= row < top + 4 and left <= col < left + 4
                )
            )
    return out


def pattern_state(white_men: int, black_men: int, quad: tuple[int, ...]) -> int:
    """A pattern's state: digit i (base 3) is square i empty (0), White (1), Black (2)."""
    state = 0
    for i, bit in enumerate(quad):
        if (white_men >> bit) & 1:
            state += 3**i
        elif (black_men >> bit) & 1:
            state += 2 * 3**i
    return state


def _central(col: int, centre: float, size: int) -> int:
    return max(0, int(round(4 - 2 * abs(col - centre) * 4 / size)))


def hand_set(rules: RuleSet) -> Weights:
    """The hand-set weights: centre, edges and mild advancement early, rank late."""
    size = rules.board_size
    centre = (size - 1) / 2.0
    cells = _cells(rules)
    men_open = [0] * len(cells)
    men_end = [0] * len(cells)
    for i, (_, row, col) in enumerate(cells):
        rank = size - 1 - row  # rows advanced from White's own back row
        edge = 0 if col in (0, size - 1) else 2
        men_open[i] = _central(col, centre, size) + edge + min(rank, size - 3)
        men_end[i] = 2 * ((rank * rank * 24) // ((size - 1) * (size - 1)))
    return Weights(tuple(men_open), tuple(men_end), back=6 if size <= 8 else 4)


def _subset_sums(adds: list[int], start: int, width: int) -> list[int]:
    """For every set of bits in ``start .. start + width - 1``: the sum of their ``adds``."""
    sums = [0] * (1 << width)
    for x in range(1, 1 << width):
        low = x & -x
        bit = start + low.bit_length() - 1
        sums[x] = sums[x ^ low] + (adds[bit] if bit < len(adds) else 0)
    return sums


def _div(x: int, d: int) -> int:
    """Integer division rounding towards zero, so that both colours round alike."""
    return x // d if x >= 0 else -(-x // d)


def _score(x: int, planes: Planes) -> int:
    total = 0
    for shift, mask in planes:
        total += popcount(x & mask) << shift
    return total


class Evaluator:
    """Evaluation tables for one rule set (build with :func:`evaluator`).

    ``weights`` defaults to the ones in use for the board size (:data:`ACTIVE`), else the
    hand-set ones (:func:`evaluator` with ``learned`` passes a family's learned ones).
    """

    def __init__(self, rules: RuleSet, weights: Weights | None = None) -> None:
        geo = geometry_of(rules)
        size = rules.board_size
        n = geo.n
        self.rules = rules
        self.n = n
        self.valid = geo.valid
        self.flying = rules.flying_kings
        self.giveaway = rules.giveaway
        self.man = MAN
        self.king = FLYING_KING if rules.flying_kings else SHORT_KING
        # the board's lines: on straight ones the men's terms read the geometry's step tables
        self.straight = geo.orthogonal
        if geo.orthogonal and rules.flying_kings:
            self.king = STRAIGHT_KING
        # a man's steps as bit shifts (negative: towards lower bits), White's and Black's
        self.white_steps = tuple(geo.delta[d] for d in geo.forward_white + geo.sideways)
        self.black_steps = tuple(geo.delta[d] for d in geo.forward_black + geo.sideways)
        self.white_ahead = tuple(geo.delta[d] for d in geo.forward_white)
        self.black_ahead = tuple(geo.delta[d] for d in geo.forward_black)
        if not rules.men_capture_kings:
            self.king += 30  # a king that men cannot take is worth more
        self.start_pieces = 2 * rules.start_rows * n
        # the long diagonal matters to diagonal kings only
        self.long_diagonal = 0 if geo.orthogonal else geo.long_diagonal
        self.quiet_limit = rules.draw_quiet_plies
        self.short_endgame_rule = rules.draw_fmjd_endgame

        cells = _cells(rules)

        self.rowcol: list[tuple[int, int]] = [(0, 0)] * geo.bits
        for bit, row, col in cells:
            self.rowcol[bit] = (row, col)
        if weights is None:
            weights = ACTIVE.get(size) or hand_set(rules)
        self.weights = weights
        if weights.king is not None:
            self.king = weights.king
        squares = geo.squares
        open_w: dict[int, int] = {}
        open_b: dict[int, int] = {}
        end_w: dict[int, int] = {}
        end_b: dict[int, int] = {}
        for i, (bit, _, _) in enumerate(cells):
            # White's table reads the board as it stands; Black's is the same turned half round
            open_w[bit] = weights.men_open[i]
            end_w[bit] = weights.men_end[i]
            open_b[bit] = weights.men_open[squares - 1 - i]
            end_b[bit] = weights.men_end[squares - 1 - i]
        self._build_men_tables(
            rules,
            geo.bits,
            (open_w, end_w),
            (open_b, end_b),
            weights.patterns,
            weights.windows,
            weights.windows_end,
        )
        king_w: dict[int, int] = {}
        back_w = back_b = 0
        centre = (size - 1) / 2.0
        # fitted king values may be negative: the planes hold the excess over the least,
        # which a king's value takes in (a king of either colour stands on some square)
        least = min(weights.kings) if weights.kings is not None else 0
        for i, (bit, row, col) in enumerate(cells):
            if weights.kings is not None:
                kv = weights.kings[i] - least
            else:
                kv = _central(col, centre, size) * 2
                if rules.flying_kings and (self.long_diagonal >> bit) & 1:
                    kv += 8
            king_w[bit] = kv
            if row == size - 1:
                back_w |= 1 << bit
            if row == 0:
                back_b |= 1 << bit
        self.king_pst = _planes(king_w)
        self.back_w = back_w
        self.back_b = back_b
        # men one step from the crowning row
        self.pre_w = self._row_mask(cells, 1)
        self.pre_b = self._row_mask(cells, size - 2)
        self.back_value = weights.back
        self.left = 0
        for bit, _, col in cells:
            if col < size // 2:
                self.left |= 1 << bit
        self.balance = weights.balance
        self.mobility = weights.mobility
        self.tempo = weights.tempo
        self.backed = weights.backed
        self.locked = weights.locked
        self.runaway = (self.king - MAN) // 3 if weights.runaway is None else weights.runaway
        self.king += least

    def _build_men_tables(
        self,
        rules: RuleSet,
        bits: int,
        white_pst: tuple[dict[int, int], dict[int, int]],
        black_pst: tuple[dict[int, int], dict[int, int]],
        patterns: tuple[int, ...] | None,
        window_values: tuple[int, ...] | None,
        window_end: tuple[int, ...] | None = None,
    ) -> None:
        """Lookup tables that give the men's terms of one side, chunk by chunk.

        The board's bits are cut into chunks of at most twelve; a chunk's table gives, for
        every set of men on it, what they add to a word.  The piece-square word is White's
        opening sum less Black's times ``2 ** PST_SHIFT``, plus the same for the ending.
        Each pattern word has :data:`FIELDS_PER_WORD` fields of :data:`FIELD_BITS`, one per
        pair of diamonds (the pair's state, ``first + 81 * second``, as a sum of base-3 digits:
        a White man on a diamond's square *i* adds ``3**i``, a Black one twice that).  A field's
        total stays below its width, so the fields add up without carrying into each other,
        and a word adds up chunk by chunk.  Fields of shapes in the same chunks share a word,
        so a word needs only those chunks' tables.  The windows have tables of their own
        (:meth:`_build_band_tables`).
        """
        quads = diamonds(rules) if patterns is not None else []
        if patterns is not None and len(patterns) != len(quads) * PATTERN_STATES:
            raise ValueError(
                f"{len(patterns)} pattern values for {len(quads)} diamonds of {PATTERN_STATES}"
            )
        boxes = windows(rules) if window_values is not None else []
        for table in (window_values, window_end):
            if table is not None and len(table) != len(boxes) * WINDOW_STATES:
                raise ValueError(
                    f"{len(table)} window values for {len(boxes)} windows of {WINDOW_STATES}"
                )
        chunks = -(-bits // 12)
        width = -(-bits // chunks)
        self.chunk_mask = (1 << width) - 1
        # where each chunk starts; the men's bits of chunk c are (men >> starts[c]) & chunk_mask
        self.chunk_starts: list[int] = list(range(0, chunks * width, width))
        # piece-square values: White's men add theirs, Black's subtract theirs
        # (a sum's size stays below PST_HALF, so the ending sum reads back with its sign)
        largest = max(abs(v) for table in (*white_pst, *black_pst) for v in table.values())
        if largest * len(white_pst[0]) >= PST_HALF:
            raise ValueError("piece-square values too large for the packed tables")
        white_adds = [0] * bits
        black_adds = [0] * bits
        for bit in white_pst[0]:
            white_adds[bit] = (white_pst[0][bit] << PST_SHIFT) + white_pst[1][bit]
            black_adds[bit] = -((black_pst[0][bit] << PST_SHIFT) + black_pst[1][bit])
        self.pst_chunks: list[ChunkTables] = [
            (start, _subset_sums(white_adds, start, width), _subset_sums(black_adds, start, width))
            for start in self.chunk_starts
        ]
        # each field: the shapes whose states it sums (with their multipliers) and its values,
        # each value the opening's times 2 ** PST_SHIFT plus the ending's (as the piece-square
        # word packs them; a diamond's value is the same in both)
        fields: list[tuple[list[tuple[tuple[int, ...], int]], list[int]]] = []
        for p in range(0, len(quads), 2):
            assert patterns is not None
            one = patterns[p * PATTERN_STATES : (p + 1) * PATTERN_STATES]
            if p + 1 < len(quads):
                two = patterns[(p + 1) * PATTERN_STATES : (p + 2) * PATTERN_STATES]
                fields.append(
                    (
                        [(quads[p], 1), (quads[p + 1], PATTERN_STATES)],
                        [((a + b) << PST_SHIFT) + a + b for b in two for a in one],
                    )
                )
            else:
                fields.append(([(quads[p], 1)], [(a << PST_SHIFT) + a for a in one]))
        self._build_band_tables(rules, boxes, window_values, window_end)
        # fields whose squares lie in the same chunks go to the same words
        by_chunks: dict[tuple[int, ...], list[int]] = {}
        for f, (shapes, _) in enumerate(fields):
            spans = tuple(sorted({bit // width for shape, _ in shapes for bit in shape}))
            by_chunks.setdefault(spans, []).append(f)
        self.pattern_words: list[PatternWord] = []
        self.wide_pattern_words: list[WidePatternWord] = []
        nothing = [0] * (1 << width)  # the second chunk of a word in one chunk adds nothing
        for spanned, members in sorted(by_chunks.items()):
            for w0 in range(0, len(members), FIELDS_PER_WORD):
                group = members[w0 : w0 + FIELDS_PER_WORD]
                adds_w = [0] * bits
                adds_b = [0] * bits
                for j, f in enumerate(group):
                    for shape, times in fields[f][0]:
                        for i, bit in enumerate(shape):
                            digit = 3**i * times << (j * FIELD_BITS)
                            adds_w[bit] += digit
                            adds_b[bit] += 2 * digit
                parts = [
                    (
                        c,
                        _subset_sums(adds_w, c * width, width),
                        _subset_sums(adds_b, c * width, width),
                    )
                    for c in spanned
                ]
                # a word with fewer fields reads 0 from the missing ones: a table of one zero
                values = [fields[f][1] for f in group] + [[0]] * (FIELDS_PER_WORD - len(group))
                if len(parts) > 2:
                    self.wide_pattern_words.append(
                        (parts, values[0], values[1], values[2], values[3])
                    )
                    continue
                if len(parts) == 1:
                    parts.append((parts[0][0], nothing, nothing))
                (c1, w1, b1), (c2, w2, b2) = parts
                self.pattern_words.append(
                    (c1, w1, b1, c2, w2, b2, values[0], values[1], values[2], values[3])
                )

    def _build_band_tables(
        self,
        rules: RuleSet,
        boxes: list[tuple[int, ...]],
        window_values: tuple[int, ...] | None,
        window_end: tuple[int, ...] | None,
    ) -> None:
        """Tables that read the windows' states two rows at a time.

        Rows ``2k`` and ``2k + 1`` are the ``2n`` bits from ``k * (2n + 1)`` on the padded
        layout (a pair of rows and one padding bit).  Every window covers two such pairs, and
        its four squares in either pair sit at the same places within the pair, whichever
        window it is of its column.  So one table, over the ``2 ** 2n`` sets of men of a pair,
        gives each column's four-square code (its squares' base-3 digits as in
        :func:`pattern_state`, a White man 1) in a field of :data:`BAND_BITS`; a pair's code is
        White's entry plus twice Black's, and a window's state is its upper pair's field plus
        81 times its lower pair's.  Each window's values are packed as the piece-square word
        (opening times ``2 ** PST_SHIFT`` plus ending).
        """
        self.band_code: list[int] = []
        self.band_values: list[list[int]] = []
        self.band_rows: list[list[list[int]]] = []
        self.band_step = 0
        self.band_mask = 0
        if window_values is None:
            return
        if window_end is None:
            window_end = window_values
        n = self.n
        step = 2 * n + 1
        columns = len(_window_corners(rules.board_size))
        pairs = rules.board_size // 2
        places: list[tuple[int, ...]] = []
        for j, box in enumerate(boxes):
            band, column = divmod(j, columns)
            upper = tuple(bit - band * step for bit in box[:4])
            lower = tuple(bit - (band + 1) * step for bit in box[4:])
            if upper != lower or (column < len(places) and places[column] != upper):
                raise ValueError(f"windows do not fit pairs of rows on {rules.name}")
            if column == len(places):
                places.append(upper)
        if columns * BAND_BITS > 62 or min(min(q) for q in places) < 0:
            raise ValueError(f"windows do not fit pairs of rows on {rules.name}")
        code = [0] * (1 << (2 * n))
        for x in range(1, len(code)):
            total = 0
            for c, place in enumerate(places):
                digits = sum(3**i for i, bit in enumerate(place) if (x >> bit) & 1)
                total += digits << (c * BAND_BITS)
            code[x] = total
        self.band_code = code
        self.band_values = [
            [
                (a << PST_SHIFT) + e
                for a, e in zip(
                    window_values[j * WINDOW_STATES : (j + 1) * WINDOW_STATES],
                    window_end[j * WINDOW_STATES : (j + 1) * WINDOW_STATES],
                    strict=True,
                )
            ]
            for j in range(len(boxes))
        ]
        # the windows' tables by the pair of rows their upper half is in, column by column
        self.band_rows = [
            self.band_values[k * columns : (k + 1) * columns] for k in range(pairs - 1)
        ]
        self.band_step = step
        self.band_mask = (1 << (2 * n)) - 1

    def _windows(self, wm: int, bm: int) -> int:
        """The windows' values for these men, packed as :meth:`_patterns` packs them."""
        code = self.band_code
        step = self.band_step
        mask = self.band_mask
        above = code[wm & mask] + 2 * code[bm & mask]
        score = 0
        for band in self.band_rows:
            wm >>= step
            bm >>= step
            below = code[wm & mask] + 2 * code[bm & mask]
            word = above + 81 * below
            for values in band:
                score += values[word & BAND_FIELD]
                word >>= BAND_BITS
            above = below
        return score

    @staticmethod
    def _row_mask(cells: list[tuple[int, int, int]], row: int) -> int:
        mask = 0
        for bit, r, _ in cells:
            if r == row:
                mask |= 1 << bit
        return mask

    def __call__(self, w: int, b: int, k: int, wtm: bool, quiet: int = 0) -> int:
        """The static score from the side to move (hundredths of a man)."""
        return self.finish(self.white_score(w, b, k), wtm, quiet)

    def finish(self, score: int, wtm: bool, quiet: int = 0) -> int:
        """Turn a :meth:`white_score` into the score from the side to move."""
        if self.giveaway:
            score = -score
        if self.quiet_limit:
            left = self.quiet_limit - quiet
            if left < 20:
                score = _div(score * max(left, 0), 20)
        return (score if wtm else -score) + self.tempo

    def white_score(self, w: int, b: int, k: int) -> int:
        """The score from White's point of view, before the side-to-move adjustments."""
        wk = w & k
        bk = b & k
        wm = w ^ wk
        bm = b ^ bk
        nwm = popcount(wm)
        nbm = popcount(bm)
        nwk = popcount(wk)
        nbk = popcount(bk)
        nw = nwm + nwk
        nb = nbm + nbk
        if nw == 0:
            return -20000
        if nb == 0:
            return 20000
        king = self.king
        material = (nwm - nbm) * MAN + (nwk - nbk) * king
        pieces = nw + nb
        start = self.start_pieces
        # phase: 256 at the start, 0 with nothing left
        phase = min(256, pieces * 256 // start)
        score = material
        # men: structure and advancement, blended by phase; the diamonds and windows
        cm = self.chunk_mask
        pst = 0
        for start, tw, tb in self.pst_chunks:
            pst += tw[(wm >> start) & cm] + tb[(bm >> start) & cm]
        end_part = ((pst + PST_HALF) & PST_LOW) - PST_HALF
        open_part = (pst - end_part) >> PST_SHIFT
        score += _div(open_part * phase + end_part * (256 - phase), 256)
        if self.pattern_words or self.wide_pattern_words or self.band_values:
            # packed as the piece-square word is: a value the same in both parts adds itself
            packed = self._patterns(wm, bm) if self.pattern_words or self.wide_pattern_words else 0
            if self.band_values:
                packed += self._windows(wm, bm)
            end_part = ((packed + PST_HALF) & PST_LOW) - PST_HALF
            open_part = (packed - end_part) >> PST_SHIFT
            score += _div(open_part * phase + end_part * (256 - phase), 256)
        # kings: centre and the long diagonal
        if nwk or nbk:
            kp = self.king_pst
            score += _score(wk, kp) - _score(bk, kp)
        empty = self.valid & ~(w | b)
        n = self.n
        # back-rank guard while the opponent still has men to crown and no king yet
        if nbm and not nbk:
            score += popcount(wm & self.back_w) * self.back_value
        if nwm and not nwk:
            score -= popcount(bm & self.back_b) * self.back_value
        if self.straight:
            score += self._straight_men(wm, bm, empty)
        else:
            score += self._diagonal_men(wm, bm, empty, n)
        # endgame knowledge
        if material > 0:
            score = self._endgame(score, nwm, nwk, nbm, nbk, b, wk)
        elif material < 0:
            score = -self._endgame(-score, nbm, nbk, nwm, nwk, w, bk)
        elif nwm + nbm == 0:
            score = _div(score, 8)  # equal kings only: a draw
        return score

    def _diagonal_men(self, wm: int, bm: int, empty: int, n: int) -> int:
        """Mobility, backing, locks and runaways of men that step diagonally forward."""
        score = 0
        nwm = popcount(wm)
        nbm = popcount(bm)
        # mobility of the men
        wmob = popcount((wm >> n) & empty) + popcount((wm >> (n + 1)) & empty)
        bmob = popcount((bm << n) & empty) + popcount((bm << (n + 1)) & empty)
        score += (wmob - bmob) * self.mobility
        if self.backed:
            # men with a man of their own right behind them
            wb = popcount(wm & ((wm >> n) | (wm >> (n + 1))))
            bb = popcount(bm & ((bm << n) | (bm << (n + 1))))
            score += (wb - bb) * self.backed
        if self.locked:
            # men whose both forward squares are taken
            wlk = popcount(wm & ~((empty << n) | (empty << (n + 1))))
            blk = popcount(bm & ~((empty >> n) | (empty >> (n + 1))))
            score += (wlk - blk) * self.locked
        # balance: men spread over both wings hold together better
        left = self.left
        wl = popcount(wm & left)
        bl = popcount(bm & left)
        score -= (abs(2 * wl - nwm) - abs(2 * bl - nbm)) * self.balance
        # runaway men: one step from crowning with a free square ahead
        free_w = (empty << n) | (empty << (n + 1))
        free_b = (empty >> n) | (empty >> (n + 1))
        run = self.runaway
        if wm & self.pre_w:
            score += popcount(wm & self.pre_w & free_w) * run
        if bm & self.pre_b:
            score -= popcount(bm & self.pre_b & free_b) * run
        return score

    def _straight_men(self, wm: int, bm: int, empty: int) -> int:
        """The same terms for men that step forward or sideways along straight lines.

        The geometry's shifts say where a step goes: a man's squares shifted by a step are
        the squares it reaches, the empty squares shifted back are the men that can go there.
        """
        score = 0
        wmob = bmob = 0
        w_free = b_free = 0  # men with a free square to step to
        for d in self.white_steps:
            reach = (wm >> -d) if d < 0 else (wm << d)
            wmob += popcount(reach & empty)
            w_free |= (empty << -d) if d < 0 else (empty >> d)
        for d in self.black_steps:
            reach = (bm >> -d) if d < 0 else (bm << d)
            bmob += popcount(reach & empty)
            b_free |= (empty << -d) if d < 0 else (empty >> d)
        score += (wmob - bmob) * self.mobility
        w_ahead = b_ahead = 0  # men with a free square straight ahead
        w_backed = b_backed = 0  # men with a man of their own straight behind
        for d in self.white_ahead:
            w_ahead |= (empty << -d) if d < 0 else (empty >> d)
            w_backed |= (wm >> -d) if d < 0 else (wm << d)  # the square behind holds a man
        for d in self.black_ahead:
            b_ahead |= (empty << -d) if d < 0 else (empty >> d)
            b_backed |= (bm >> -d) if d < 0 else (bm << d)
        if self.backed:
            score += (popcount(wm & w_backed) - popcount(bm & b_backed)) * self.backed
        if self.locked:
            score += (popcount(wm & ~w_free) - popcount(bm & ~b_free)) * self.locked
        # balance: men spread over both wings hold together better
        left = self.left
        nwm = popcount(wm)
        nbm = popcount(bm)
        score -= (abs(2 * popcount(wm & left) - nwm) - abs(2 * popcount(bm & left) - nbm)) * (
            self.balance
        )
        # runaway men: one step from crowning with the square ahead free
        run = self.runaway
        if wm & self.pre_w:
            score += popcount(wm & self.pre_w & w_ahead) * run
        if bm & self.pre_b:
            score -= popcount(bm & self.pre_b & b_ahead) * run
        return score

    def _patterns(self, wm: int, bm: int) -> int:
        """The diamonds' and windows' values for these men, packed as the piece-square word
        (the opening's sum times ``2 ** PST_SHIFT`` plus the ending's)."""
        # each chunk's men once (shifting a long int costs more than looking up a list)
        cm = self.chunk_mask
        xw = [(wm >> start) & cm for start in self.chunk_starts]
        xb = [(bm >> start) & cm for start in self.chunk_starts]
        score = 0
        for c1, w1, b1, c2, w2, b2, t0, t1, t2, t3 in self.pattern_words:
            word = w1[xw[c1]] + b1[xb[c1]] + w2[xw[c2]] + b2[xb[c2]]
            score += (
                t0[word & FIELD_MASK]
                + t1[(word >> FIELD_BITS) & FIELD_MASK]
                + t2[(word >> 2 * FIELD_BITS) & FIELD_MASK]
                + t3[word >> 3 * FIELD_BITS]
            )
        for parts, t0, t1, t2, t3 in self.wide_pattern_words:
            word = 0
            for c, tw, tb in parts:
                word += tw[xw[c]] + tb[xb[c]]
            score += (
                t0[word & FIELD_MASK]
                + t1[(word >> FIELD_BITS) & FIELD_MASK]
                + t2[(word >> 2 * FIELD_BITS) & FIELD_MASK]
                + t3[word >> 3 * FIELD_BITS]
            )
        return score

    def _endgame(
        self, score: int, sm: int, sk: int, om: int, ok: int, lone: int, hunters: int
    ) -> int:
        """Scale the stronger side's score by what its material can really win.

        ``lone`` is the weaker side's pieces and ``hunters`` the stronger side's kings.
        """
        strong = sm + sk
        weak = om + ok
        if sk and weak <= 3:
            score += self._approach(hunters, lone)
        if ok and om == 0:
            if self.short_endgame_rule and weak == 1 and strong <= 3:
                # FMJD: three pieces against a lone king get 16 moves, fewer get 5: a draw
                return _div(score, 8)
            if self.flying:
                # a flying king holds against small material and the long diagonal
                if strong <= 2 or strong - weak < 2:
                    return _div(score, 16)
                if weak == 1 and strong == 3 and lone & self.long_diagonal:
                    return _div(score, 16)
            elif strong - weak < 1 and sm == 0:
                return _div(score, 8)
        if ok and self.flying and strong <= 3 and weak >= 1 and strong - weak <= 1:
            return _div(score, 4)
        # when ahead, trading down helps: reward fewer pieces on the board
        bonus = (self.start_pieces - strong - weak) * 2
        return score + bonus

    def _approach(self, hunters: int, prey: int) -> int:
        """A bonus for kings close to the few pieces left to catch (endgame technique)."""
        rc = self.rowcol
        targets = []
        while prey:
            low = prey & -prey
            targets.append(rc[low.bit_length() - 1])
            prey ^= low
        size = self.rules.board_size
        bonus = 0
        while hunters:
            low = hunters & -hunters
            r, c = rc[low.bit_length() - 1]
            nearest = min(max(abs(r - tr), abs(c - tc)) for tr, tc in targets)
            bonus += (size - nearest) * 3
            hunters ^= low
        return bonus


@lru_cache(maxsize=32)
def evaluator(rules: RuleSet, learned: bool = False) -> Evaluator:
    """The cached evaluator for ``rules``; with ``learned`` the learned weights of its family
    (:func:`learned_weights`) where there are any, else the same as without."""
    weights = learned_weights(family(rules)) if learned else None
    return Evaluator(rules, weights)
