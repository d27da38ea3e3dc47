"""The Hub protocol's text forms (version 2), shared by the client and ``dame hub``.

A line is ``command name=value name="value with spaces" flag ...``.  Positions are the side to
move (``W``/``B``) and one character per square in PDN order (``w``/``b`` men, ``W``/``B``
kings, ``e`` empty): 51 characters on 10x10, 33 on 8x8 (the protocol is silent on 8x8; we
use the same form with 32 squares).  A move is ``from-to`` or ``from x to x captured ...``
(every captured square, not the landing squares), which is our move identity.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import IO, NamedTuple

from ..core import Color, Move, Position, RuleSet
from ..core.digits import is_ascii_digits
from ..core.rules import INTERNATIONAL, PRESETS, same_play

MAX_LINE = 64 * 1024
"""A line longer than this (bytes, with its line end) is garbage: the client stops an engine
that sends one, ``dame hub`` ignores one it is sent (reading it in bounded pieces)."""
SHOWN = 40
"""At most this many characters of the input are quoted in a message."""


class ProtocolError(ValueError):
    """A line, position or move that does not follow the protocol."""


class LongLine(NamedTuple):
    """A line longer than :data:`MAX_LINE`: its first characters and its length in bytes."""

    head: str
    length: int


def shown(text: str) -> str:
    """``text`` quoted for a message, cut to :data:`SHOWN` characters."""
    return repr(text if len(text) <= SHOWN else text[: SHOWN - 1] + "…")


def read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[str | LongLine]:
    """The lines of ``stream`` (decoded as UTF-8), each at most ``limit`` bytes: a longer
    one is read in pieces of ``limit`` bytes and given as a :class:`LongLine`, so memory
    stays bounded whatever the input."""
    while True:
        data = stream.readline(limit + 1)
        if not data:
            return
        if len(data) <= limit:
            yield data.decode("utf-8", errors="replace")
            continue
        length = len(data)
        rest = data
        while not rest.endswith(b"\n"):
            rest = stream.readline(limit)
            if not rest:
                break
            length += len(rest)
        yield LongLine(data[: SHOWN * 4].decode("utf-8", errors="replace")[:SHOWN], length)


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """``(command, {name: value})``; a flag has the value ``""``.

    Raises ProtocolError for an unbalanced quote or control characters.
    """
    text = line.rstrip("\r\n")
    if any(ord(ch) < 32 and ch != "\t" for ch in text):
        raise ProtocolError("control characters in a line")
    text = text.strip()
    if not text:
        return "", {}
    command, _, rest = text.partition(" ")
    if "\t" in command:
        command, _, more = command.partition("\t")
        rest = more + " " + rest
    args: dict[str, str] = {}
    i, n = 0, len(rest)
    while i < n:
        while i < n and rest[i] in " \t":
            i += 1
        if i >= n:
            break
        start = i
        while i < n and rest[i] not in " \t=":
            i += 1
        name = rest[start:i]
        if i < n and rest[i] == "=":
            i += 1
            if i < n and rest[i] == '"':
                end = rest.find('"', i + 1)
                if end < 0:
                    raise ProtocolError(f"unbalanced quote in the value of {shown(name)}")
                value = rest[i + 1 : end]
                i = end + 1
            else:
                start = i
                while i < n and rest[i] not in " \t":
                    i += 1
                value = rest[start:i]
                if '"' in value:
                    raise ProtocolError(f"stray quote in the value of {shown(name)}")
        else:
            value = ""
        if not name:
            raise ProtocolError("a value without a name")
        args[name] = value
    return command, args


def quote(value: str) -> str:
    """A value as the protocol writes it: quoted when it has spaces or ``=`` or is empty."""
    if value == "" or any(ch in value for ch in ' \t="'):
        return '"' + value.replace('"', "'") + '"'
    return value


def format_line(
    command: str, args: Mapping[str, str | None] | Sequence[tuple[str, str | None]] = ()
) -> str:
    """``command name=value ...``; a None value writes the name as a flag."""
    items = args.items() if isinstance(args, Mapping) else args
    parts = [command]
    for name, value in items:
        parts.append(name if value is None else f"{name}={quote(value)}")
    return " ".join(parts)


# -- positions --------------------------------------------------------------------------------


def position_text(position: Position) -> str:
    """The ``pos=`` string of a position."""
    pieces = position.pieces()
    chars = ["W" if position.turn is Color.WHITE else "B"]
    for sq in range(1, position.rules.squares + 1):
        piece = pieces.get(sq)
        if piece is None:
            chars.append("e")
        else:
            char = "w" if piece.color is Color.WHITE else "b"
            chars.append(char.upper() if piece.is_king else char)
    return "".join(chars)


def parse_position(text: str, rules: RuleSet) -> Position:
    """A ``pos=`` string under ``rules``; raises ProtocolError naming the problem."""
    text = text.strip()
    squares = rules.squares
    if len(text) != squares + 1:
        raise ProtocolError(
            f"position {shown(text)} has {len(text)} characters, expected {squares + 1} "
            f"(side to move and {squares} squares) for {rules.key}"
        )
    side = text[0]
    if side not in "WBwb":
        raise ProtocolError(f"position {shown(text)}: the side to move must be W or B")
    turn = Color.WHITE if side in "Ww" else Color.BLACK
    pieces: dict[int, tuple[Color, bool]] = {}
    for sq, char in enumerate(text[1:], 1):
        if char == "e":
            continue
        if char not in "wbWB":
            raise ProtocolError(f"position {shown(text)}: square {sq} holds {char!r}")
        pieces[sq] = (Color.WHITE if char in "wW" else Color.BLACK, char.isupper())
    return Position.from_pieces(pieces, turn, rules)


# -- moves ------------------------------------------------------------------------------------


def move_text(move: Move) -> str:
    """Hub form: ``32-28``, or ``28x19x23`` (from, to, then every captured square)."""
    if not move.is_capture:
        return f"{move.from_sq}-{move.to_sq}"
    return "x".join(str(sq) for sq in (move.from_sq, move.to_sq, *move.captured))


def parse_move(text: str, position: Position) -> Move:
    """The legal move of ``position`` that ``text`` names; raises ProtocolError.

    Accepts the Hub form, and leniently a from-to capture (``28x19``) when only one legal
    capture fits it.
    """
    raw = text.strip()
    sep = "x" if "x" in raw else "-"
    parts = raw.split(sep)
    if len(parts) < 2 or not all(is_ascii_digits(p) for p in parts):
        raise ProtocolError(f"cannot read the move {shown(text)}")
    squares = [int(p) for p in parts]
    legal = position.legal_moves()
    src, dst, taken = squares[0], squares[1], frozenset(squares[2:])
    if sep == "-" and len(squares) != 2:
        raise ProtocolError(f"cannot read the move {shown(text)}")
    fits = [
        m for m in legal if m.from_sq == src and m.to_sq == dst and (sep == "x") == m.is_capture
    ]
    if taken or (sep == "x" and len(fits) > 1):
        fits = [m for m in fits if frozenset(m.captured) == taken]
    if len(fits) != 1:
        raise ProtocolError(f"{shown(text)} is not a legal move in {position.fen()}")
    return fits[0]


def parse_moves(text: str, position: Position) -> tuple[list[Move], Position]:
    """Moves separated by spaces from ``position``; raises ProtocolError at the first bad one."""
    moves: list[Move] = []
    pos = position
    for word in text.split():
        move = parse_move(word, pos)
        moves.append(move)
        pos = pos.play(move)
    return moves, pos


# -- variants ---------------------------------------------------------------------------------


def _losing() -> RuleSet:
    import dataclasses

    return dataclasses.replace(INTERNATIONAL, giveaway=True)


HUB_VARIANTS: dict[str, str] = {"normal": "international"}
"""Hub variant names for our presets (Scan's ``normal`` is International draughts)."""

LOSING = "losing"  # Scan's losing draughts: International with giveaway=on


def variant_rules(name: str) -> RuleSet | None:
    """Our rule set for a Hub variant name (a Hub name or one of our preset keys)."""
    key = HUB_VARIANTS.get(name, name)
    if name == LOSING:
        return _losing()
    for preset in PRESETS:
        if preset.key == key:
            return preset
    return None


def variant_name(rules: RuleSet) -> str | None:
    """The Hub variant name of ``rules`` when it is a standard one (``normal``, ``losing``)."""
    if same_play(rules, INTERNATIONAL):
        return "normal"
    if same_play(rules, _losing()):
        return LOSING
    return None


# -- our rules parameter ----------------------------------------------------------------------

RULES_PARAM = "dame-rules"
"""``dame hub``'s parameter for any rule set: a preset key, then ``NAME=VALUE`` switches
(``dame rules --help``) separated by spaces or ``;``, e.g. ``"german huffing=on"``."""


def rules_text(rules: RuleSet) -> str:
    """``rules`` as the value of the ``dame-rules`` parameter."""
    from ..core import differences, find_rules, matching_preset

    try:
        base = find_rules(rules.key)
    except ValueError:
        base = matching_preset(rules) or next(
            (p for p in PRESETS if p.board_size == rules.board_size), PRESETS[0]
        )
    parts = [base.key] + [f"{name}={value}" for name, value in differences(rules, base).items()]
    return " ".join(parts)


def parse_rules_text(text: str) -> RuleSet:
    """The value of ``dame-rules``; raises the core's RulesError naming the bad part."""
    import re

    from ..core import RulesError, apply_switches, find_rules

    parts = [p for p in re.split(r"[;\s]+", text.strip()) if p]
    if not parts:
        raise RulesError("the rules are empty")
    rules = find_rules(parts[0])
    if len(parts) > 1:
        rules = apply_switches(rules, parts[1:])
    return rules
