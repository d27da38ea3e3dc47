"""The hot loop of the fast replay: play a game's move texts on raw states.

Ints, tuples, lists and dicts only, so that mypyc compiles it (see ``native.COMPILED``): the
replay of a whole archive spends most of its time here.  It takes a move exactly when the
full reader (:mod:`dame_desktop.pdn.reader`) takes it as it is; anything else (an illegal or
ambiguous move, a huff) makes :meth:`LineWalker.replay` answer False and the game goes to
the full reader, which reports it.
"""

from __future__ import annotations

import re
from typing import Final

from ..core.movegen import MoveGenerator, RawMove, generator
from ..core.rules import RuleSet

State = tuple[int, int, int, bool]
Squares = tuple[int, int, tuple[int, ...]]

_SQUARES: Final = re.compile(rb"[a-l][0-9]{1,2}|[0-9]{1,2}")
_BAD: Final[Squares] = (-1, -1, ())  # move text the full reader objects to
_NONE: Final[list[RawMove]] = []


class LineWalker:
    """Per rule set: the move generator, square names and bounded caches shared by games."""

    def __init__(self, rules: RuleSet) -> None:
        gen = generator(rules)
        geo = gen.geo
        self.rules = rules
        self.gen: MoveGenerator = gen
        self.names: dict[bytes, int] = {
            geo.sq_name(sq).encode("ascii"): sq for sq in range(1, geo.squares + 1)
        }
        self.top: int = geo.squares
        self.s2b: tuple[int, ...] = geo.sq_to_bit
        self.texts: dict[bytes, Squares] = {}
        self.caps: dict[State, list[RawMove]] = {}
        self.valid: int = geo.valid
        self.step: tuple[tuple[int, ...], ...] = geo.step
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = geo.rays
        self.flying: bool = rules.flying_kings
        self.white_promo: int = gen.white_promo
        self.black_promo: int = gen.black_promo
        self.capture_kings: bool = gen.men_capture_kings
        self.back: bool = gen.men_capture_backward
        self.n: int = gen.n

    def squares(self, text: bytes) -> Squares:
        """(from bit, to bit, via bits) of a move's text; ``_BAD`` if the full reader objects."""
        found = self.texts.get(text)
        if found is not None:
            return found
        squares: list[int] = []
        for tok in _SQUARES.findall(text):
            if tok[0] < 58:  # a digit
                sq = int(tok)
                if not 1 <= sq <= self.top:
                    squares = []
                    break
            else:
                named = self.names.get(tok)
                if named is None:
                    squares = []
                    break
                sq = named
            squares.append(sq)
        result = _BAD
        if len(squares) >= 2:
            s2b = self.s2b
            result = (s2b[squares[0]], s2b[squares[-1]], tuple([s2b[s] for s in squares[1:-1]]))
        if len(self.texts) > 20_000:
            self.texts.clear()
        self.texts[text] = result
        return result

    def captures(self, w: int, b: int, k: int, wtm: bool) -> list[RawMove]:
        state = (w, b, k, wtm)
        caps = self.caps.get(state)
        if caps is None:
            gen = self.gen
            caps = gen.captures(w, b, k, wtm, False)
            if caps:
                caps = gen.filter_captures(caps, k)
            if len(self.caps) > 30_000:
                self.caps.clear()
            self.caps[state] = caps
        return caps

    def replay(
        self, start: State, texts: list[bytes], states: list[State], moves: list[RawMove | None]
    ) -> bool:
        """Play ``texts`` from ``start``, appending to ``states`` and ``moves``; False at the
        first move the full reader would not take as it is (illegal, ambiguous, a huff)."""
        w, b, k, wtm = start
        valid = self.valid
        gen = self.gen
        s1 = self.n
        s2 = s1 + 1
        d1 = 2 * s1
        d2 = 2 * s2
        back = self.back
        capture_kings = self.capture_kings
        for text in texts:
            parsed = self.texts.get(text)
            if parsed is None:
                parsed = self.squares(text)
            fb, tb, via = parsed
            if fb < 0:
                return False
            if wtm:
                own, opp = w, b
            else:
                own, opp = b, w
            empty = valid & ~(w | b)
            caps = _NONE
            if own & k:
                if gen.has_capture(w, b, k, wtm):
                    caps = self.captures(w, b, k, wtm)
            else:  # men only: a bitwise test usually proves there is no capture
                capt = opp if capture_kings else opp & ~k
                found = 0
                if wtm or back:
                    found = ((capt << s1) & (empty << d1)) | ((capt << s2) & (empty << d2))
                if not wtm or back:
                    found |= ((capt >> s1) & (empty >> d1)) | ((capt >> s2) & (empty >> d2))
                if own & found:
                    caps = self.captures(w, b, k, wtm)
            fbit = 1 << fb
            tbit = 1 << tb
            raw: RawMove
            if caps:
                matches = [r for r in caps if r[0] == fb and r[1] == tb]
                if via and matches:
                    matches = [r for r in matches if _fits(via, r[4])]
                if not matches:
                    return False
                raw = matches[0]
                if len(matches) > 1:
                    ids = {(r[0], r[1], r[2]) for r in matches}
                    if len(ids) > 1 and via:
                        full = via + (tb,)
                        exact = [r for r in matches if r[4] == full]
                        if exact:
                            raw = exact[0]
                            ids = {(r[0], r[1], r[2]) for r in exact}
                    if len(ids) > 1:
                        return False
                cap = raw[2]
                if wtm:
                    w = (w & ~fbit) | tbit
                    b &= ~cap
                else:
                    b = (b & ~fbit) | tbit
                    w &= ~cap
                if k & fbit:
                    k = (k & ~fbit & ~cap) | tbit
                elif raw[3]:
                    k = (k & ~cap) | tbit
                else:
                    k &= ~cap
            else:
                if via or not (own >> fb) & 1 or not (empty >> tb) & 1:
                    return False
                promote = False
                by_king = bool(k & fbit)
                if by_king:
                    if not self._king_reaches(fb, tb, empty):
                        return False
                    k = (k & ~fbit) | tbit
                else:
                    s = self.step[fb]
                    if wtm:
                        if tb != s[0] and tb != s[1]:
                            return False
                        promote = bool((self.white_promo >> tb) & 1)
                    else:
                        if tb != s[2] and tb != s[3]:
                            return False
                        promote = bool((self.black_promo >> tb) & 1)
                    if promote:
                        k |= tbit
                if wtm:
                    w = (w & ~fbit) | tbit
                else:
                    b = (b & ~fbit) | tbit
                raw = (fb, tb, 0, promote, (tb,), (), by_king)
            wtm = not wtm
            moves.append(raw)
            states.append((w, b, k, wtm))
        return True

    def _king_reaches(self, fb: int, tb: int, empty: int) -> bool:
        """Whether a king on ``fb`` moves to ``tb`` (quietly) over empty squares."""
        for ray in self.rays[fb]:
            for t in ray:
                if not (empty >> t) & 1:
                    break
                if t == tb:
                    return True
                if not self.flying:
                    break
        return False


def move_code(raw: RawMove, bit_to_sq: tuple[int, ...]) -> int:
    """``from | to << 6 | captured squares << 12`` in PDN square numbers (see ``keys``)."""
    code = bit_to_sq[raw[0]] | bit_to_sq[raw[1]] << 6
    cap = raw[2]
    if cap:
        mask = 0
        while cap:
            low = cap & -cap
            mask |= 1 << (bit_to_sq[low.bit_length() - 1] - 1)
            cap ^= low
        code |= mask << 12
    return code


def position_rows(
    number: int,
    states: list[State],
    moves: list[RawMove | None],
    salt: int,
    bit_to_sq: tuple[int, ...],
    outcome: int,
    out: list[tuple[int, int, int, int | None, int]],
) -> int:
    """Append a game's index rows (key, game, ply, next move code, outcome) for the first
    occurrence of each position of its main line; returns how many.  The key is
    ``keys.state_key``: the hash of the tuple (white, black, kings, white to move, salt)."""
    seen: set[int] = set()
    plies = 0
    count = 0
    last = len(moves)
    for index in range(len(states)):
        state = states[index]
        key = hash((state[0], state[1], state[2], state[3], salt))
        raw = moves[index] if index < last else None
        if key not in seen:
            seen.add(key)
            out.append(
                (
                    key,
                    number,
                    plies,
                    move_code(raw, bit_to_sq) if raw is not None else None,
                    outcome,
                )
            )
            count += 1
        if raw is not None:
            plies += 1
    return count


def _fits(via: tuple[int, ...], path: tuple[int, ...]) -> bool:
    """Whether the squares ``via`` come in order along ``path`` (its last square left out)."""
    at = 0
    last = len(path) - 1
    for sq in via:
        while at < last and path[at] != sq:
            at += 1
        if at >= last:
            return False
        at += 1
    return True


# -- a game's main line as bytes, and the piece-pattern test on it ------------------------
#
# The line: the start state (white, black, kings as 8 bytes little-endian each, then the
# side to move as 1 byte), then per ply either a move (from bit; to bit | promoted << 6 |
# captured << 7; with a capture: the number of captured pieces and their bits, a byte each)
# or, where a ``/FEN/`` setup replaced the position, 255 and the new state as at the start.

SETUP: Final = 255


def _state_bytes(state: State) -> bytes:
    return (
        state[0].to_bytes(8, "little")
        + state[1].to_bytes(8, "little")
        + state[2].to_bytes(8, "little")
        + (b"\x01" if state[3] else b"\x00")
    )


def _state_at(line: bytes, at: int) -> State:
    return (
        int.from_bytes(line[at : at + 8], "little"),
        int.from_bytes(line[at + 8 : at + 16], "little"),
        int.from_bytes(line[at + 16 : at + 24], "little"),
        line[at + 24] == 1,
    )


def _entry(
    line: bytes, at: int, w: int, b: int, k: int, wtm: bool
) -> tuple[int, int, int, int, bool, int]:
    """The entry of ``line`` at ``at`` played on the state (w, b, k, wtm): the offset of the
    next entry, the state after it and the pieces the move captured (-1 for a setup, which
    gives its own state)."""
    fb = line[at]
    if fb == SETUP:
        w, b, k, wtm = _state_at(line, at + 1)
        return at + 26, w, b, k, wtm, -1
    x = line[at + 1]
    at += 2
    cap = 0
    if x & 128:
        n = line[at]
        for i in range(at + 1, at + 1 + n):
            cap |= 1 << line[i]
        at += 1 + n
    fbit = 1 << fb
    tbit = 1 << (x & 63)
    if wtm:
        w = (w & ~fbit) | tbit
        b &= ~cap
    else:
        b = (b & ~fbit) | tbit
        w &= ~cap
    if k & fbit or x & 64:
        k = (k & ~fbit & ~cap) | tbit
    else:
        k &= ~cap
    return at, w, b, k, not wtm, cap


def line_code(states: list[State], moves: list[RawMove | None]) -> bytes:
    """A game's main line (``states[0]`` and the moves from it) as bytes (see above)."""
    if not states:
        return b""
    out = bytearray(_state_bytes(states[0]))
    for index in range(len(moves)):
        raw = moves[index]
        if raw is None:
            out.append(SETUP)
            out += _state_bytes(states[index + 1])
            continue
        cap = raw[2]
        out.append(raw[0])
        out.append(raw[1] | (64 if raw[3] else 0) | (128 if cap else 0))
        if cap:
            bits: list[int] = []
            while cap:
                low = cap & -cap
                bits.append(low.bit_length() - 1)
                cap ^= low
            out.append(len(bits))
            out += bytes(bits)
    return bytes(out)


def line_states(line: bytes) -> list[tuple[int, State]]:
    """(plies played, state) for every position of a line made by :func:`line_code`."""
    out: list[tuple[int, State]] = []
    if not line:
        return out
    w, b, k, wtm = _state_at(line, 0)
    out.append((0, (w, b, k, wtm)))
    at = 25
    plies = 0
    end = len(line)
    while at < end:
        at, w, b, k, wtm, cap = _entry(line, at, w, b, k, wtm)
        if cap >= 0:  # a move, not a setup
            plies += 1
        out.append((plies, (w, b, k, wtm)))
    return out


def pattern_run(
    line: bytes,
    white: int,
    black: int,
    kings: int,
    men: int,
    run: int,
    white_need: int,
    black_need: int,
    cones: list[tuple[bool, int]],
) -> int:
    """The ply at which the pieces first stand for ``run`` consecutive positions, else -1.

    The pieces: ``white`` and ``black`` squares (bits) hold a piece of that colour, ``kings``
    squares a king, ``men`` squares a man.  Prefilters stop early where the pieces can no
    longer come together: material never grows (``white_need``/``black_need``: the pieces the
    pattern asks per side; 0 turns the test off) and men never move back (``cones``: per man
    of the pattern, its colour (True: white) and the squares from which a man of that colour
    can still reach its square).
    """
    if not line:
        return -1
    w, b, k, wtm = _state_at(line, 0)
    at = 25
    plies = 0
    end = len(line)
    held = 0
    start = 0
    while True:
        if (w & white) == white and (b & black) == black and (k & kings) == kings and not k & men:
            if held == 0:
                start = plies
            held += 1
            if held >= run:
                return start
        else:
            held = 0
        if at >= end:
            return -1
        at, w, b, k, wtm, cap = _entry(line, at, w, b, k, wtm)
        if cap < 0:
            held = 0  # a setup breaks the line
            continue
        plies += 1
        if held == 0 and (cap or not plies & 3):
            if w.bit_count() < white_need or b.bit_count() < black_need:
                return -1
            for cone in cones:
                if not ((w if cone[0] else b) & ~k & cone[1]):
                    return -1


def line_masks(states: list[State]) -> tuple[int, int, int, int]:
    """The squares where a white man, a white king, a black man, a black king ever stand in
    ``states``: what a piece-pattern search asks first."""
    wm = wk = bm = bk = 0
    for state in states:
        w, b, k = state[0], state[1], state[2]
        wm |= w & ~k
        wk |= w & k
        bm |= b & ~k
        bk |= b & k
    return wm, wk, bm, bk
