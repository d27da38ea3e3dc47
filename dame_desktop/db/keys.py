"""Position keys and move codes: what the index stores per position of a game's main line.

A key is a signed 64-bit integer of the pieces, the side to move and the rule set: the
interpreter's hash of a tuple of ints, which is a fixed function of the values (ints and
tuples are not salted per process, unlike strings), mixed with a per-rule-set salt taken from
a SHA-256 of the rule set's parameters.  :func:`scheme_check` is stored with every index, so an
index written by an interpreter that hashes differently is noticed and rebuilt.

With towers (Bashni) the key covers the whole towers: :func:`tower_key` adds every tower's
column (its pieces below the top, letters taken as a number) to what is hashed.

A move code is ``from | to << 6 | captured squares << 12`` with PDN square numbers (bit
``s - 1`` of the captured mask for square ``s``): a move's identity, at most 62 bits.
"""

from __future__ import annotations

import dataclasses
import hashlib
from functools import lru_cache

from ..core import Color, Move, Position, RuleSet
from ..core.geometry import geometry
from ..core.position import Stacks
from .walk import State

SCHEME = 2  # the layout of keys and move codes; a change rebuilds every index


@lru_cache(maxsize=64)
def rules_salt(rules: RuleSet) -> int:
    """A stable 63-bit number for a rule set's parameters (its name and key left out)."""
    fields = [
        f"{f.name}={getattr(rules, f.name)!r}"
        for f in dataclasses.fields(rules)
        if f.name not in ("key", "name")
    ]
    digest = hashlib.sha256("\n".join(fields).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def state_key(state: State, salt: int) -> int:
    """The key of a raw state (white, black, kings, white to move) under a rule set's salt."""
    return hash((state[0], state[1], state[2], state[3], salt))


def tower_key(state: State, stacks: Stacks, salt: int) -> int:
    """The key of a position with towers: as :func:`state_key` when no tower stands, else
    the towers' columns (the pieces below each top) go into the key too."""
    if not stacks:
        return state_key(state, salt)
    columns = tuple((bit, int.from_bytes(below.encode("ascii"), "big")) for bit, below in stacks)
    return hash((state[0], state[1], state[2], state[3], salt, columns))


def position_key(position: Position) -> int:
    return tower_key(position_state(position), position.stacks, rules_salt(position.rules))


def position_state(position: Position) -> State:
    return (position.white, position.black, position.kings, position.turn is Color.WHITE)


def scheme_check() -> str:
    """A fingerprint of how keys come out in this interpreter (stored in every index)."""
    return f"{SCHEME}:{state_key((1 << 40, 3, 5, True), 12345)}"


def code_squares(code: int) -> tuple[int, int, frozenset[int]]:
    """(from, to, captured squares) of a move code."""
    mask = code >> 12
    captured = frozenset(i + 1 for i in range(mask.bit_length()) if (mask >> i) & 1)
    return code & 63, (code >> 6) & 63, captured


def move_of(position: Position, code: int) -> Move | None:
    """The legal move of ``position`` a code names (None when none does)."""
    frm, to, captured = code_squares(code)
    for move in position.legal_moves():
        if move.from_sq == frm and move.to_sq == to and frozenset(move.captured) == captured:
            return move
    if position.rules.huffing:
        for move in position.huff_moves():
            if move.from_sq == frm and move.to_sq == to and frozenset(move.captured) == captured:
                return move
    return None


def move_text(position: Position, code: int) -> str:
    """A move code in the move list's short notation (from-to, the full path when ambiguous)."""
    move = move_of(position, code)
    rules = position.rules
    if move is None:  # not a move of this position (cannot happen for a stored key)
        frm, to, captured = code_squares(code)
        return f"{frm}{'x' if captured else '-'}{to}"
    return position.move_text(move, "short", rules.algebraic)


def reversed_state(state: State, rules: RuleSet) -> State:
    """The colour-reversed position: the board turned half round, White and Black swapped.

    Square ``s`` goes to ``N + 1 - s`` (the same square seen from the other side), a white
    piece becomes a black one and the other side is to move.
    """
    geo = geometry(rules.board_size, rules.numbering)
    w, b, k, wtm = state
    top = geo.squares
    s2b = geo.sq_to_bit
    b2s = geo.bit_to_sq

    def turned(mask: int) -> int:
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << s2b[top + 1 - b2s[low.bit_length() - 1]]
            mask ^= low
        return out

    return turned(b), turned(w), turned(k), not wtm


def reversed_stacks(stacks: Stacks, rules: RuleSet) -> Stacks:
    """The towers of the colour-reversed position (see :func:`reversed_state`): each tower on
    the turned square, its pieces' colours swapped, in bit order."""
    if not stacks:
        return ()
    geo = geometry(rules.board_size, rules.numbering)
    top = geo.squares
    out = [
        (geo.sq_to_bit[top + 1 - geo.bit_to_sq[bit]], below.translate(_SWAP))
        for bit, below in stacks
    ]
    return tuple(sorted(out))


_SWAP = str.maketrans("wbWB", "bwBW")


def reversal_allowed(rules: RuleSet) -> bool:
    """Whether the colour-reversed position is a position of the same game under ``rules``.

    Turning the board half round maps playing squares to playing squares and each side's
    forward direction to the other's on every board Dame plays; the rules treat both colours
    alike except for who moves first, which a position already fixes.  So every rule set
    allows it as long as the board is square (all of Dame's are).
    """
    return rules.board_size > 0
