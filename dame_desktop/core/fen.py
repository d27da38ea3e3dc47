"""PDN FEN: ``W:W21-32:B1-12`` with ``K`` for kings, ranges, and the usual real-file quirks.

Reading tolerates leading zeros, spaces, a trailing dot, ``?`` as colour, empty lists,
algebraic squares on 8x8 boards, and lidraughts' ``:H0:F1`` counters.  Writing emits sorted
square lists with no ranges, dots or spaces.

Towers (rule sets with towers, Bashni): a square may be followed by ``/`` and the pieces under
its top piece, top to bottom, one letter each: ``w`` White's man, ``W`` White's king, ``b``
Black's man, ``B`` Black's king.  ``W:WKc3/bw:Bf6`` is a White king on c3 on top of a Black
man on top of a White man.  The list the square is in names the top piece's colour, ``K`` its
rank, as without towers.
"""

from __future__ import annotations

import re

from .digits import is_ascii_digits
from .errors import FenError
from .geometry import Geometry
from .rules import Color

# only the digits 0-9: a str regex's "\d" also takes "٣" or "３"
_SQUARE = re.compile(
    r"^(K?)([0-9]+|[a-zA-Z][0-9]+)(?:-(K?)([0-9]+|[a-zA-Z][0-9]+))?"
    r"(?:/([wWbB]+))?$"
)
TOWER_LETTERS = "wWbB"


def _square(token: str, geo: Geometry, part: str) -> int:
    if is_ascii_digits(token):
        sq = int(token)
        if not 1 <= sq <= geo.squares:
            raise FenError(f"FEN: square {token} in {part!r} is out of range 1-{geo.squares}")
        return sq
    try:
        return geo.sq_from_name(token)
    except ValueError as exc:
        if "playing square" in str(exc):  # on the board, but a light square
            raise FenError(
                f"FEN: {token!r} in {part!r} is a light square; these rules play "
                "on the dark squares only"
            ) from None
        raise FenError(
            f"FEN: {token!r} in {part!r} is not a square of the {geo.size}x{geo.size} board"
        ) from None


def parse_fen(text: str, geo: Geometry) -> tuple[Color | None, dict[int, tuple[Color, bool]]]:
    """Parse a FEN into (side to move or None for '?', {square: (colour, is_king)}).

    Raises FenError naming the malformed part, and for a tower (a rule set without towers).
    """
    turn, pieces, towers = parse_tower_fen(text, geo)
    if towers:
        sq = min(towers)
        raise FenError(
            f"FEN {text.strip()!r}: square {sq} ({geo.sq_name(sq)}) holds a tower "
            f"(/{towers[sq]}), but these rules have no towers (Bashni has)"
        )
    return turn, pieces


def parse_tower_fen(
    text: str, geo: Geometry
) -> tuple[Color | None, dict[int, tuple[Color, bool]], dict[int, str]]:
    """:func:`parse_fen` that also reads towers: the third item maps a square to the letters
    of the pieces under its top (see the module's text)."""
    original = text
    text = text.strip().strip('"').strip()
    text = re.sub(r"\s+", "", text)
    text = text.rstrip(".")
    if not text:
        raise FenError("FEN is empty")
    parts = text.split(":")
    turn_text = parts[0].upper()
    if turn_text not in ("W", "B", "?"):
        raise FenError(f"FEN {original!r}: side to move {parts[0]!r} is not W or B")
    turn = None if turn_text == "?" else Color(turn_text)
    pieces: dict[int, tuple[Color, bool]] = {}
    towers: dict[int, str] = {}
    seen_colours: set[str] = set()
    for part in parts[1:]:
        if not part:
            continue
        head = part[0].upper()
        if head in ("H", "F") and is_ascii_digits(part[1:]):
            continue  # lidraughts counters
        if head not in ("W", "B"):
            raise FenError(f"FEN {original!r}: part {part!r} does not start with W or B")
        if head in seen_colours:
            raise FenError(f"FEN {original!r}: colour {head} is listed twice")
        seen_colours.add(head)
        colour = Color(head)
        body = part[1:].strip(",")
        if not body:
            continue
        for item in body.split(","):
            if not item:
                raise FenError(f"FEN {original!r}: empty entry in {part!r}")
            match = _SQUARE.match(item)
            if not match:
                raise FenError(f"FEN {original!r}: cannot read {item!r} in {part!r}")
            king = match.group(1) == "K"
            first = _square(match.group(2), geo, part)
            last = first
            if match.group(4) is not None:
                last = _square(match.group(4), geo, part)
                king = king or match.group(3) == "K"
                if last < first:
                    raise FenError(f"FEN {original!r}: range {item!r} runs backwards")
            below = match.group(5)
            if below is not None:
                if match.group(4) is not None:
                    raise FenError(f"FEN {original!r}: a range cannot be a tower ({item!r})")
                if len(below) > 2 * geo.squares:
                    raise FenError(
                        f"FEN {original!r}: tower {item!r} is taller than the pieces of a game"
                    )
                towers[first] = below
            for sq in range(first, last + 1):
                if sq in pieces:
                    raise FenError(
                        f"FEN {original!r}: square {sq} ({geo.sq_name(sq)}) is occupied twice"
                    )
                pieces[sq] = (colour, king)
    if len(parts) < 2:
        raise FenError(f"FEN {original!r}: no piece lists (expected W...:B...)")
    return turn, pieces, towers


def write_fen(
    turn: Color,
    pieces: dict[int, tuple[Color, bool]],
    algebraic: Geometry | None = None,
    towers: dict[int, str] | None = None,
) -> str:
    """Write a FEN; with ``algebraic`` set, squares are written as names on that board;
    ``towers`` gives the pieces under a square's top (see the module's text)."""
    out = [turn.value]
    for colour in (Color.WHITE, Color.BLACK):
        items = []
        for sq in sorted(s for s, (c, _k) in pieces.items() if c is colour):
            name = algebraic.sq_name(sq) if algebraic is not None else str(sq)
            below = towers.get(sq, "") if towers else ""
            items.append(("K" if pieces[sq][1] else "") + name + ("/" + below if below else ""))
        out.append(colour.value + ",".join(items))
    return ":".join(out)
