"""Reading PDN: ``read_game(handle)`` returns the next game, or None at the end.

Every move token is resolved against the legal moves of its position (the separator is only
a hint).  Problems never raise: they are passed to the visitor's ``handle_error`` as
:class:`~dame_desktop.pdn.problems.PdnProblem` (message, line, column, kind, values), the rest
of that variation is skipped, and the rest of the game and of the file stays usable.  Even a
bug met inside one game becomes that game's ``INTERNAL_ERROR`` problem; the other games are
read as usual.  At most ``MAX_PROBLEMS`` problems are kept per game.

Reading costs time and memory linear in the input: no search re-reads text, every token has
a maximum length (see ``lexer.MAX_*``), and nothing recurses.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import re
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TypeVar, cast

from ..core import Color, DameError, Position, RuleSet
from ..core.geometry import Geometry, geometry_of
from ..core.movegen import MoveGenerator, RawMove, generator
from ..core.towers import tower_generator
from . import lexer as lx
from .gametype import RulesChoice, choose_rules
from .lexer import GameLexer, GameText, Token
from .problems import (
    HEAD_BYTES,
    MAX_PROBLEMS,
    NotPdnError,
    PdnProblem,
    ProblemKind,
    not_pdn_reason,
    shorten,
    signature_reason,
    wide_encoding,
)
from .tree import Game, Headers, Nag, State, state_after, state_of, state_position
from .visitors import SKIP, BaseVisitor, GameBuilder, HeadersBuilder, SkipVisitor

T = TypeVar("T")
VisitorArg = BaseVisitor[T] | Callable[[], BaseVisitor[T]]

_LEXERS: weakref.WeakKeyDictionary[object, GameLexer] = weakref.WeakKeyDictionary()
# possessive quantifiers throughout: a failed match must not try every split of the spaces
_SETUP_FEN = re.compile(
    r'\s*+FEN\s*+[=:]?\s*+["\u201c\u201d]?([^"\u201c\u201d]*+)["\u201c\u201d]?\s*+', re.IGNORECASE
)
_EMPTY_FEN = re.compile(r"\s*+([WB?])\s*+(?::\s*+[WB]?\s*+)*+\.?\s*+", re.IGNORECASE)
_SQUARE_TOKENS = re.compile(r"[a-l][0-9]{1,2}|[0-9]{1,2}")
_FOREIGN_DIGIT = re.compile(r"[^\x00-\x7f]")
K = ProblemKind


def decode(data: bytes) -> str:
    """Bytes of a PDN file as text: UTF-32 or UTF-16 (with or without byte order mark, see
    :func:`~dame_desktop.pdn.problems.wide_encoding`), UTF-8 (with or without BOM), else
    Windows-1252."""
    wide = wide_encoding(data[:HEAD_BYTES])
    if wide is not None:
        codec, bom = wide
        return data[bom:].decode(codec, errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def check_pdn_bytes(head: bytes) -> None:
    """Raise :class:`NotPdnError` when the first bytes of a file show it is not PDN text."""
    reason = not_pdn_reason(head)
    if reason is not None:
        raise NotPdnError(reason)


def detect_encoding(path: str | Path) -> str:
    """``"utf-8-sig"`` when the whole file is valid UTF-8 (BOM or not); the codec of UTF-32
    or UTF-16 text (``"utf-16-le"`` ...: see
    :func:`~dame_desktop.pdn.problems.wide_encoding`; its byte order mark, if any, decodes
    to ``"\\ufeff"``, which the lexer drops); else ``"cp1252"``."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    with open(path, "rb") as handle:
        first = True
        try:
            while chunk := handle.read(1 << 20):
                if first:
                    wide = wide_encoding(chunk[:HEAD_BYTES])
                    if wide is not None:
                        return wide[0]
                first = False
                decoder.decode(chunk)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            return "cp1252"
    return "utf-8-sig"


def open_pdn(path: str | Path) -> IO[str]:
    """Open a PDN file for :func:`read_game` with its encoding detected.

    Raises OSError when it cannot be read and :class:`NotPdnError` when it is not text (a
    picture, an archive, NUL bytes: see :func:`~dame_desktop.pdn.problems.not_pdn_reason`).
    The file is streamed, not loaded: memory stays small for large archives.
    """
    with open(path, "rb") as probe:
        check_pdn_bytes(probe.read(HEAD_BYTES))
    encoding = detect_encoding(path)
    errors = "strict" if encoding == "utf-8-sig" else "replace"
    return open(path, encoding=encoding, errors=errors, newline=None)


def _tell(handle: IO[str] | IO[bytes]) -> int | None:
    try:
        return handle.tell() if handle.seekable() else None
    except (OSError, ValueError):
        return None


def _lexer(handle: IO[str] | IO[bytes]) -> GameLexer:
    """The handle's lexer; a fresh one when the handle was moved (seek) since the last game.

    The lexers are kept by handle, weakly: a lexer holds no reference to its handle (the
    handle's lines are passed to each :meth:`GameLexer.next_game` call), so a handle that
    is no longer used is freed with its lexer and the text it buffered.
    """
    lexer = _LEXERS.get(handle)
    position = _tell(handle)
    if lexer is None or lexer.handle_position != position:
        old = lexer
        lexer = GameLexer()
        if position in (0, None):  # the start of the input: is it PDN text at all?
            _check_start(handle, lexer, position)
        elif old is not None and old.wide_codec:  # UTF-16/32 bytes, read on from a seek
            lexer.read_wide(old.wide_codec)
        _LEXERS[handle] = lexer
    return lexer


def _check_start(handle: IO[str] | IO[bytes], lexer: GameLexer, position: int | None) -> None:
    """Judge the first :data:`HEAD_BYTES` of the input by :func:`not_pdn_reason` (the rule
    every caller follows), then go back (or hand what was read to the lexer when the handle
    cannot seek)."""
    head = handle.read(HEAD_BYTES)
    if position is not None:
        handle.seek(position)
    elif head:
        lexer.push_lines(_lines(head, handle.readline() if len(head) == HEAD_BYTES else head[:0]))
    reason = not_pdn_reason(head)
    if reason is not None:
        lexer.refuse(reason)
    elif isinstance(head, bytes):
        wide = wide_encoding(head)
        if wide is not None:
            lexer.read_wide(wide[0])


def _lines(head: str | bytes, rest: str | bytes) -> list[str | bytes]:
    """``head`` (plus ``rest``, the rest of its last line) cut into lines as readline does."""
    parts: list[str | bytes]
    last: str | bytes
    if isinstance(head, str):
        assert isinstance(rest, str)
        text_lines = head.split("\n")
        parts = [line + "\n" for line in text_lines[:-1]]
        last = text_lines[-1] + rest
    else:
        assert isinstance(rest, bytes)
        byte_lines = head.split(b"\n")
        parts = [line + b"\n" for line in byte_lines[:-1]]
        last = byte_lines[-1] + rest
    if last:
        parts.append(last)
    return parts


def read_text(
    text: str, visitor: VisitorArg[T] | None = None, default_rules: RuleSet | None = None
) -> T | Game | None:
    """The first game of ``text`` (a game cut from a file, a pasted game).  No handle, and
    nothing is kept after the call.

    Whether the input is PDN text at all was judged for the whole of it (by
    :func:`~dame_desktop.pdn.problems.not_pdn_reason`, when the file was opened); a part of
    it is judged only by a file signature, so a picture pasted between the games of a text
    file is named as such, while a few stray control characters are problems of their game
    (as :func:`read_game` reports them from the whole file).
    """
    lexer = GameLexer()
    reason = signature_reason(text.lstrip()[:64])
    if reason is not None:
        lexer.refuse(reason)
    return _read(lexer, io.StringIO(text, newline=None).readline, visitor, default_rules)


def _instance(visitor: object) -> tuple[BaseVisitor[T], Callable[[], BaseVisitor[T]] | None]:
    if isinstance(visitor, BaseVisitor):
        return visitor, None
    factory = cast(Callable[[], BaseVisitor[T]], visitor)
    return factory(), factory


def read_game(
    handle: IO[str] | IO[bytes],
    visitor: VisitorArg[T] | None = None,
    default_rules: RuleSet | None = None,
) -> T | Game | None:
    """Read the next game from a handle; None at the end of the input.

    Games are read one after another; after a ``seek`` the handle is read afresh from
    there (so offsets taken with ``tell()`` between games work as with python-chess, and
    line numbers then count from the offset).

    A text handle is read as it is; a binary one is decoded line by line (UTF-8, else
    Windows-1252), or as one stream when its start shows UTF-32 or UTF-16 text.
    :func:`open_pdn` opens a file with the encoding detected once.  Input that is not PDN
    text (judged at its start by :func:`~dame_desktop.pdn.problems.not_pdn_reason`, as every
    caller judges it) gives one empty game with a ``NOT_PDN`` problem, then None.

    ``visitor`` is a visitor class (or factory, or instance); the default builds a
    :class:`Game` with problems in ``game.errors``.  ``default_rules`` is used when the
    game names no rules and fits its board and notation (without one the rules are guessed,
    German when nothing tells).  Nothing in the input makes this raise; only the handle's
    own errors (OSError) pass through.
    """
    lexer = _lexer(handle)
    return _read(lexer, handle.readline, visitor, default_rules, handle)


def _read(
    lexer: GameLexer,
    readline: lx.ReadLine,
    visitor: VisitorArg[T] | None,
    default_rules: RuleSet | None,
    handle: IO[str] | IO[bytes] | None = None,
) -> T | Game | None:
    while True:
        text = lexer.next_game(readline)
        if handle is not None:
            lexer.handle_position = _tell(handle)
        if text is None:
            if lexer.not_pdn is None:
                return None
            break
        if any(t[0] != lx.TAG or t[3] is not None for t in text.tokens):
            break  # not just value-less [Empty] tags
    factory: Callable[[], BaseVisitor[T]] | None
    if visitor is None:
        instance: BaseVisitor[T] = cast(BaseVisitor[T], GameBuilder())
        factory = cast(Callable[[], BaseVisitor[T]], GameBuilder)
    else:
        instance, factory = _instance(visitor)
    if text is None:  # binary data: one empty game that says so, then the end
        reason = lexer.not_pdn or ""
        lexer.not_pdn = None
        problem = NotPdnError(reason).problem
        instance.begin_game()
        instance.begin_headers()
        instance.end_headers()
        instance.handle_error(problem)
        instance.end_game()
        return instance.result()
    return parse_game_text(text, instance, default_rules, factory, lexer)


def read_headers(handle: IO[str] | IO[bytes]) -> Headers | None:
    """The headers of the next game (its moves are skipped); None at the end."""
    return read_game(handle, HeadersBuilder)  # type: ignore[return-value]


def skip_game(handle: IO[str] | IO[bytes]) -> bool:
    """Skip the next game; False at the end of the input."""
    return read_game(handle, SkipVisitor) is not None


def iter_games(handle: IO[str] | IO[bytes], default_rules: RuleSet | None = None) -> Iterator[Game]:
    """Every game of a handle, in order."""
    while True:
        game = read_game(handle, default_rules=default_rules)
        if game is None:
            return
        assert isinstance(game, Game)
        yield game


def read_games(path: str | Path, default_rules: RuleSet | None = None) -> list[Game]:
    """All games of a file (encoding detected); raises OSError when it cannot be read and
    :class:`NotPdnError` when it is not PDN text."""
    with open_pdn(path) as handle:
        return list(iter_games(handle, default_rules))


# --- move resolution (the hot path) ---------------------------------------------------------

_NO_CAPTURES: list[RawMove] = []


class _Resolver:
    """Resolves move text against the legal moves of raw states, with bounded caches."""

    __slots__ = (
        "rules",
        "gen",
        "geo",
        "names",
        "capture_cache",
        "move_cache",
        "text_cache",
        "step",
        "rays",
        "valid",
        "flying",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.gen: MoveGenerator = generator(rules)
        self.geo: Geometry = geometry_of(rules)
        self.names = {self.geo.sq_name(sq): sq for sq in range(1, self.geo.squares + 1)}
        self.capture_cache: dict[State, list[RawMove]] = {}
        self.move_cache: dict[tuple[State, str], tuple[RawMove, State] | PdnProblem] = {}
        self.text_cache: dict[str, tuple[int, int, tuple[int, ...]] | PdnProblem] = {}
        self.step = self.geo.step
        self.rays = self.geo.rays
        self.valid = self.geo.valid
        self.flying = rules.flying_kings

    def captures(self, state: State) -> list[RawMove]:
        """The legal captures (precedence applied), every route kept; empty if none."""
        caps = self.capture_cache.get(state)
        if caps is None:
            gen = self.gen
            w, b, k, wtm = state[:4]
            own, opp = (w, b) if wtm else (b, w)
            if not own & k:  # men only: a bitwise test usually proves there is no capture
                target = opp if gen.men_capture_kings else opp & ~k
                if not gen._man_capturers(own, target, self.valid & ~(w | b), wtm):
                    return _NO_CAPTURES
            caps = gen.captures(w, b, k, wtm, dedupe=False)
            if caps:
                caps = gen.filter_captures(caps, k)
            if len(self.capture_cache) > 30_000:
                self.capture_cache.clear()
            self.capture_cache[state] = caps
        return caps

    def resolve(self, state: State, text: str) -> tuple[RawMove, State] | PdnProblem:
        """(raw move, state after) or the problem (placed at line 0)."""
        key = (state, text)
        hit = self.move_cache.get(key)
        if hit is not None:
            return hit
        result = self._resolve(state, text)
        if len(self.move_cache) > 30_000:
            self.move_cache.clear()
        self.move_cache[key] = result
        return result

    def squares(self, text: str) -> tuple[int, int, tuple[int, ...]] | PdnProblem:
        """(from bit, to bit, via bits) of move text, or the problem."""
        found = self.text_cache.get(text)
        if found is not None:
            return found
        result = self._squares(text)
        if len(self.text_cache) > 20_000:
            self.text_cache.clear()
        self.text_cache[text] = result
        return result

    def _squares(self, text: str) -> tuple[int, int, tuple[int, ...]] | PdnProblem:
        squares: list[int] = []
        top = self.geo.squares
        move = _clean(text)
        if _FOREIGN_DIGIT.search(text):
            return _problem(f"cannot read move {move}", K.UNREADABLE_MOVE, move=move)
        for tok in _SQUARE_TOKENS.findall(text.lower()):
            if tok[0] in "0123456789":
                sq = int(tok)
                if not 1 <= sq <= top:
                    return _problem(
                        f"square {tok} in move {move} is not on the board (1-{top})",
                        K.SQUARE_OFF_BOARD,
                        square=tok,
                        move=move,
                        squares=top,
                    )
            else:
                found = self.names.get(tok)
                if found is None:
                    return _problem(
                        f"{tok} in move {move} is not a playing square",
                        K.NOT_A_PLAYING_SQUARE,
                        square=tok,
                        move=move,
                    )
                sq = found
            squares.append(sq)
        if len(squares) < 2:
            return _problem(f"cannot read move {move}", K.UNREADABLE_MOVE, move=move)
        s2b = self.geo.sq_to_bit
        return s2b[squares[0]], s2b[squares[-1]], tuple(s2b[s] for s in squares[1:-1])

    def _quiet(self, state: State, fb: int, tb: int) -> RawMove | None:
        """The quiet move fb -> tb if it is one (no capture is available: checked before)."""
        w, b, k, wtm = state[:4]
        own = w if wtm else b
        if not (own >> fb) & 1:
            return None
        empty = self.valid & ~(w | b)
        if not (empty >> tb) & 1:
            return None
        if (k >> fb) & 1:
            for ray in self.rays[fb]:
                for t in ray:
                    if not (empty >> t) & 1:
                        break
                    if t == tb:
                        return (fb, tb, 0, False, (tb,), (), True)
                    if not self.flying:
                        break
            return None
        step = self.step[fb]
        gen = self.gen
        for d in gen.white_step_dirs if wtm else gen.black_step_dirs:
            if tb == step[d]:
                promo = gen.white_promo if wtm else gen.black_promo
                return (fb, tb, 0, bool((promo >> tb) & 1), (tb,), (), False)
        return None

    def _resolve(self, state: State, text: str) -> tuple[RawMove, State] | PdnProblem:
        found = self.matches(state, text)
        if isinstance(found, PdnProblem):
            return found
        return found[0], self.after(state, found[0])

    def after(self, state: State, raw: RawMove) -> State:
        w, b, k, wtm = state[:4]
        w2, b2, k2 = self.gen.apply(w, b, k, wtm, raw)
        return w2, b2, k2, not wtm

    @staticmethod
    def identity(raw: RawMove) -> tuple[int, int, int | tuple[int, ...]]:
        """What makes two raw moves one move: from, to and the captured squares."""
        return raw[0], raw[1], raw[2]

    def candidates(self, state: State, text: str) -> list[RawMove]:
        """One raw move per identity that ``text`` may name (several when it is ambiguous)."""
        found = self.matches(state, text, keep_all=True)
        if isinstance(found, PdnProblem):
            return []
        unique: dict[tuple[int, int, int | tuple[int, ...]], RawMove] = {}
        for r in found:
            unique.setdefault(self.identity(r), r)
        return list(unique.values())

    def matches(
        self, state: State, text: str, keep_all: bool = False
    ) -> list[RawMove] | PdnProblem:
        """The raw moves ``text`` names (all routes of one move), or the problem."""
        parsed = self.squares(text)
        if isinstance(parsed, PdnProblem):
            return parsed
        fb, tb, via = parsed
        caps = self.captures(state)
        matches: list[RawMove]
        if caps:
            matches = [r for r in caps if r[0] == fb and r[1] == tb]
            if via and matches:
                matches = [r for r in matches if _fits(via, r[4])]
        else:
            quiet = self._quiet(state, fb, tb) if not via else None
            matches = [quiet] if quiet is not None else []
        if not matches and self.rules.huffing:
            w, b, k, wtm = state[:4]
            extra = self.gen.huff_moves(w, b, k, wtm)
            matches = [r for r in extra if r[0] == fb and r[1] == tb]
            if via:
                matches = [r for r in matches if _fits(via, r[4])]
        if not matches:
            move, fen = _clean(text), self._fen(state)
            return _problem(
                f"illegal move {move} in position {fen}", K.ILLEGAL_MOVE, move=move, fen=fen
            )
        if len(matches) > 1:
            identity = self.identity
            identities = {identity(r) for r in matches}
            if len(identities) > 1 and via:
                # a full path names its move even when it is also a subsequence of a longer one
                exact = [r for r in matches if r[4] == via + (tb,)]
                if exact:
                    matches = exact
                    identities = {identity(r) for r in matches}
            if len(identities) > 1:
                if keep_all:
                    return matches
                b2s = self.geo.bit_to_sq
                seen: dict[tuple[int, int, int | tuple[int, ...]], str] = {}
                for r in matches:
                    seen.setdefault(identity(r), "x".join(str(b2s[x]) for x in (r[0],) + r[4]))
                options = ", ".join(sorted(seen.values()))
                move, fen = _clean(text), self._fen(state)
                return _problem(
                    f"ambiguous capture {move} in position {fen}: it may be {options}",
                    K.AMBIGUOUS_MOVE,
                    move=move,
                    fen=fen,
                    options=options,
                )
        return matches

    def _fen(self, state: State) -> str:
        return state_position(self.rules, state).fen()


class _TowerResolver(_Resolver):
    """The resolver for rule sets with towers: states carry the towers' columns, a tower
    jumped twice is jumped twice, and every route is kept (the route decides the order of
    the prisoners under the capturing tower)."""

    __slots__ = ("towers",)

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.towers = tower_generator(rules)

    def captures(self, state: State) -> list[RawMove]:
        caps = self.capture_cache.get(state)
        if caps is None:
            w, b, k, wtm = state[:4]
            stacks = dict(state[4]) if len(state) == 5 else {}
            caps = self.towers.captures(w, b, k, stacks, wtm)
            if caps:
                caps = self.gen.filter_captures(caps, k)
            if len(self.capture_cache) > 30_000:
                self.capture_cache.clear()
            self.capture_cache[state] = caps
        return caps

    def after(self, state: State, raw: RawMove) -> State:
        return state_after(self.rules, state, raw)

    @staticmethod
    def identity(raw: RawMove) -> tuple[int, int, int | tuple[int, ...]]:
        return raw[0], raw[1], tuple(sorted(raw[5]))


def _following_moves(tokens: list[Token], index: int, count: int) -> list[str]:
    """The texts of up to ``count`` moves after ``tokens[index]`` in the same line (looking
    at most 2,000 tokens ahead, so many ambiguous captures cannot cost quadratic time)."""
    out: list[str] = []
    nested = 0
    for i in range(index + 1, min(len(tokens), index + 2001)):
        tok = tokens[i]
        kind = tok[0]
        if kind == lx.OPEN:
            nested += 1
        elif kind == lx.CLOSE:
            if nested == 0:
                break  # the line ends here
            nested -= 1
        elif nested == 0:
            if kind == lx.MOVE:
                out.append(tok[2])
                if len(out) == count:
                    break
            elif kind in (lx.RESULT, lx.SETUP, lx.UNKNOWN_MOVE):
                break
    return out


def _settle(
    resolver: _Resolver, state: State, text: str, tokens: list[Token], index: int
) -> tuple[RawMove, State] | None:
    """An ambiguous short capture settled by the moves that follow it in the file.

    Files often write ``10x26`` where two routes with different captured pieces exist; the
    game's next moves are legal after only one of them.  Each candidate replays up to twelve
    following moves; the one that gets strictly furthest wins, else ``None`` (still ambiguous).
    """
    following = _following_moves(tokens, index, 12)
    if not following:
        return None
    reach: list[tuple[int, RawMove, State]] = []
    for raw in resolver.candidates(state, text):
        after = now = resolver.after(state, raw)
        played = 0
        for move_text in following:
            step = resolver.candidates(now, move_text)
            if not step:
                break
            now = resolver.after(now, step[0])
            played += 1
        reach.append((played, raw, after))
    reach.sort(key=lambda item: -item[0])
    if len(reach) >= 2 and reach[0][0] > reach[1][0]:
        return reach[0][1], reach[0][2]
    return None


def _problem(message: str, kind: ProblemKind, **values: str | int) -> PdnProblem:
    """A problem not yet placed in the file (line and column 0)."""
    return PdnProblem(message, 0, 0, kind, tuple(values.items()))


def route_raw(rules: RuleSet, state: State, raw: RawMove, route: tuple[int, ...]) -> RawMove | None:
    """The route of the move ``raw`` (same from, to and captured pieces) that ``route``
    (PDN squares, first to last) names, or None when none fits."""
    resolver = _resolver(rules)
    s2b = resolver.geo.sq_to_bit
    if any(not 1 <= sq <= resolver.geo.squares for sq in route) or len(route) < 2:
        return None
    via = tuple(s2b[sq] for sq in route[1:-1])
    identity = resolver.identity(raw)
    for candidate in resolver.captures(state):
        if (
            resolver.identity(candidate) == identity
            and s2b[route[0]] == candidate[0]
            and s2b[route[-1]] == candidate[1]
            and _fits(via, candidate[4])
        ):
            return candidate
    return None


def _fits(via: tuple[int, ...], path: tuple[int, ...]) -> bool:
    it = iter(path[:-1])
    return all(sq in it for sq in via)


def _clean(text: str) -> str:
    return " ".join(text.split())


_RESOLVERS: dict[RuleSet, _Resolver] = {}


def _resolver(rules: RuleSet) -> _Resolver:
    found = _RESOLVERS.get(rules)
    if found is None:
        if len(_RESOLVERS) > 32:
            _RESOLVERS.clear()
        found = _RESOLVERS[rules] = _TowerResolver(rules) if rules.towers else _Resolver(rules)
    return found


# --- walking one game -------------------------------------------------------------------------


def parse_game_text(
    text: GameText,
    visitor: BaseVisitor[T],
    default: RuleSet | None,
    factory: Callable[[], BaseVisitor[T]] | None = None,
    lexer: GameLexer | None = None,
) -> T:
    """Feed one game's tokens to ``visitor``; may retry guessed rules with a fresh visitor.

    With ``lexer`` given, a guess that worked for the previous game of the same file is
    tried first, so a file without GameType is read with one rule set throughout.
    """
    tokens = text.tokens
    headers: dict[str, str] = {}
    for tok in tokens:
        if tok[0] == lx.TAG and tok[3] is not None:
            headers[tok[2]] = str(tok[3])
    moves = [t[2] for t in tokens if t[0] == lx.MOVE]
    try:
        choice = choose_rules(headers, moves, default)
    except Exception as exc:  # a bug: this game cannot be read, the file can
        choice = RulesChoice(None, False, (("", _internal(exc)),))
    rules, alternatives = choice.rules, choice.alternatives
    hint = lexer.rules_hint if lexer is not None else None
    nothing_tells = not moves and not any(k.lower() == "fen" for k in headers)
    if (
        choice.guessed
        and hint is not None
        and rules is not None
        and hint is not rules
        and (
            nothing_tells
            or hint.board_size == rules.board_size
            and moves
            and (rules.board_size != 8 or hint.algebraic == rules.algebraic)
        )
    ):
        alternatives = (rules,) + tuple(r for r in alternatives if r is not hint)
        rules = hint
    illegal, count = _walk(text, visitor, rules, choice.guessed, choice.problems)
    if illegal and choice.guessed and factory is not None and alternatives:
        # the guess was probably wrong: take the first other rule set that replays cleanly
        for other in alternatives:
            if _walk(text, BaseVisitor(), other, True, (), quiet=True)[1] == 0:
                trial = factory()
                _walk(text, trial, other, True, choice.problems)
                if lexer is not None:
                    lexer.rules_hint = other
                return trial.result()
    if lexer is not None and choice.guessed and moves and count == 0:
        lexer.rules_hint = rules
    return visitor.result()


def _internal(exc: BaseException) -> PdnProblem:
    reason = shorten(f"{type(exc).__name__}: {exc}", 200)
    return _problem(
        f"internal error while reading this game ({reason})", K.INTERNAL_ERROR, reason=reason
    )


def _from_fen(fen: str, rules: RuleSet) -> Position | PdnProblem:
    """Position.from_fen, plus the empty board (``W::``) that the core rejects; a problem
    when the FEN cannot be read (only ASCII digits are square numbers)."""
    shown = shorten(fen.strip(), 100)
    if _FOREIGN_DIGIT.search(fen):
        bad = next(c for c in fen if not c.isascii())
        reason = f"FEN {shown!r}: {bad!r} is not part of a FEN (squares are written 0-9)"
        return _problem(reason, K.BAD_FEN, fen=shown, reason=reason)
    empty = _EMPTY_FEN.fullmatch(fen)
    if empty:
        turn = empty.group(1).upper()
        colour = rules.first if turn == "?" else Color(turn)
        return Position(rules, 0, 0, 0, colour)
    try:
        return Position.from_fen(fen, rules)
    except (DameError, ValueError) as exc:
        return _problem(str(exc), K.BAD_FEN, fen=shown, reason=str(exc))


def _walk(
    text: GameText,
    visitor: BaseVisitor[T],
    rules: RuleSet | None,
    guessed: bool,
    problems: tuple[tuple[str, PdnProblem], ...],
    quiet: bool = False,
) -> tuple[int, int]:
    """Walk the tokens; returns (moves that do not fit the rules, all problems in the moves).

    ``quiet`` only counts: the visitor sees nothing (used to test other rules).  An
    exception inside (a bug) becomes the game's INTERNAL_ERROR problem at the token it met.
    """
    if quiet:
        visitor = BaseVisitor()
    report = _Reporter(text, visitor, quiet)
    if visitor.begin_game() is SKIP:
        return 0, 0
    state = _State()
    failed = False
    try:
        _walk_tokens(text, visitor, rules, guessed, problems, report, state)
    except Exception as exc:  # a bug met in this game: the game ends here, the file goes on
        failed = True
        report(_internal(exc), state.tok)
        with contextlib.suppress(Exception):  # a broken visitor: nothing more to save
            for _ in range(state.open_variations):
                visitor.end_variation()
    report.summary()
    if failed:
        with contextlib.suppress(Exception):
            visitor.end_game()
    else:
        visitor.end_game()
    return state.move_errors + failed, report.counted


class _Reporter:
    """Passes problems to the visitor, placed in the file: the first ``MAX_PROBLEMS``, then
    only counts per kind (:meth:`summary` reports one ``TOO_MANY_PROBLEMS`` for each)."""

    __slots__ = ("text", "visitor", "quiet", "counted", "kept", "over", "first_over")

    def __init__(self, text: GameText, visitor: BaseVisitor[T], quiet: bool) -> None:
        self.text = text
        self.visitor: BaseVisitor[object] = visitor  # type: ignore[assignment]
        self.quiet = quiet
        self.counted = 0
        self.kept = 0
        self.over: dict[ProblemKind, int] = {}  # kind -> how many were left out
        self.first_over: dict[ProblemKind, PdnProblem] = {}  # kind -> the first, placed

    def counts_only(self, kind: ProblemKind, times: int = 1) -> bool:
        """Count ``times`` problems of ``kind`` without making them, if they would be left
        out anyway (True), so a flood of them costs little."""
        if self.quiet or (self.kept >= MAX_PROBLEMS and kind in self.over):
            self.counted += times
            if not self.quiet:
                self.over[kind] += times
            return True
        return False

    def __call__(self, problem: PdnProblem, tok: Token | None, times: int = 1) -> None:
        """Report ``problem`` at ``tok`` (``times`` times: at each of that many characters)."""
        self.counted += times
        if self.quiet:
            return
        offset = 0
        while offset < times and self.kept < MAX_PROBLEMS:
            self.kept += 1
            self.visitor.handle_error(_placed(self.text, tok, problem, offset))
            offset += 1
        if offset < times:
            kind = problem.kind
            if kind not in self.over:
                self.over[kind] = 0
                self.first_over[kind] = _placed(self.text, tok, problem, offset)
            self.over[kind] += times - offset

    def summary(self) -> None:
        for kind, count in self.over.items():
            first = self.first_over[kind]
            self.visitor.handle_error(
                first._replace(
                    message=f"…and {count} more problems of the same kind ({first.message})",
                    kind=K.TOO_MANY_PROBLEMS,
                    values=(("count", count), ("kind", kind.value), ("example", first.message)),
                )
            )


class _State:
    """What the walk of one game tells its caller even when it stops half-way."""

    __slots__ = ("tok", "open_variations", "move_errors")

    def __init__(self) -> None:
        self.tok: Token | None = None
        self.open_variations = 0
        self.move_errors = 0


def _placed(text: GameText, tok: Token | None, problem: PdnProblem, offset: int) -> PdnProblem:
    """``problem`` at the place of ``tok`` (plus ``offset`` characters; the game's end for
    None)."""
    where = tok[1] + offset if tok is not None else text.end_offset
    line, column = text.line_column(where)
    return problem._replace(line=line, column=column)


_TOO_LONG_WHAT = {
    "move": "move",
    "comment": "comment",
    "tag": "tag value",
    "setup": "setup",
    "text": "text",
    "line": "line",
}


def _walk_tokens(
    text: GameText,
    visitor: BaseVisitor[T],
    rules: RuleSet | None,
    guessed: bool,
    problems: tuple[tuple[str, PdnProblem], ...],
    report: _Reporter,
    status: _State,
) -> None:
    tokens = text.tokens
    visitor.begin_headers()
    tag_tokens: dict[str, Token] = {}
    first_move_tok: Token | None = None
    for tok in tokens:
        if tok[0] == lx.TAG:
            if tok[3] is not None:
                visitor.visit_header(tok[2], str(tok[3]))
                tag_tokens[tok[2]] = tok
        elif first_move_tok is None:
            first_move_tok = tok
    for name, problem in problems:
        report(problem, tag_tokens.get(name, first_move_tok))
    for tok in tag_tokens.values():
        lost = lx.UNWRITABLE.search(str(tok[3]))
        if lost is not None:
            report(_lost(lost.group(), "tag"), tok)
    skip_all = visitor.end_headers() is SKIP
    result_tok = next((t for t in reversed(tokens) if t[0] == lx.RESULT), None)
    if skip_all or rules is None:
        if result_tok is not None:
            visitor.visit_result(result_tok[2])
        return
    # start position
    fen_key = next((k for k in ("FEN", "Fen", "fen") if k in tag_tokens), None)
    if fen_key is not None and str(tag_tokens[fen_key][3]).strip():
        fen_tok = tag_tokens[fen_key]
        status.tok = fen_tok
        found_start = _from_fen(str(fen_tok[3]), rules)
        if isinstance(found_start, PdnProblem):
            report(found_start, fen_tok)
            if result_tok is not None:
                visitor.visit_result(result_tok[2])
            status.move_errors = 1
            return
        start = found_start
    else:
        start = Position.start(rules)
    state: State = state_of(start)
    visitor.visit_start(rules, state, guessed)
    resolver = _resolver(rules)
    resolve = resolver.resolve
    last_token = tokens[-1] if tokens else None
    result_tag = tag_tokens.get("Result")
    headers_result = str(result_tag[3]).strip() if result_tag is not None else None
    # per nesting level: [state before the level's last move (None: no move yet), state now,
    # whether the visitor was told about the variation]
    levels: list[list[State | None | bool]] = [[None, state, False]]
    level = levels[0]
    skip_depth = -1  # >= 0: skipping until the variation at this depth closes (or game end)
    depth = 0
    move_errors = 0
    MOVE, COMMENT, NAG, OPEN, CLOSE = lx.MOVE, lx.COMMENT, lx.NAG, lx.OPEN, lx.CLOSE
    visit_move = visitor.visit_move
    move_cache = resolver.move_cache
    geo = resolver.geo
    b2s = geo.bit_to_sq
    for index, tok in enumerate(tokens):
        status.tok = tok
        kind = tok[0]
        if skip_depth >= 0:
            if kind == OPEN:
                depth += 1
            elif kind == CLOSE:
                if depth == 0:
                    continue
                if depth == skip_depth:
                    skip_depth = -1
                    closed = levels.pop()
                    level = levels[-1]
                    if closed[2]:
                        status.open_variations -= 1
                        visitor.end_variation()
                depth -= 1
            elif kind == lx.RESULT and depth == 0:
                visitor.visit_result(tok[2])
            elif kind == lx.TOO_LONG:
                report(_too_long(tok), tok)
            continue
        if kind == MOVE:
            current: State = level[1]  # type: ignore[assignment]
            found = move_cache.get((current, tok[2]))
            if found is None:
                found = resolve(current, tok[2])
            if isinstance(found, PdnProblem) and found.kind is K.AMBIGUOUS_MOVE:
                found = _settle(resolver, current, tok[2], tokens, index) or found
            if isinstance(found, PdnProblem):
                report(found, tok)
                if found.kind is not K.AMBIGUOUS_MOVE:  # ambiguity is the file's, not the rules'
                    move_errors += 1
                skip_depth = depth
                continue
            raw, after = found
            visit_move(raw, after)
            if raw[5]:  # a capture: keep the path when the text gave more than from and to
                squares = resolver.squares(tok[2])
                if not isinstance(squares, PdnProblem) and squares[2]:
                    visitor.visit_route(
                        (b2s[squares[0]], *(b2s[b] for b in squares[2]), b2s[squares[1]])
                    )
            level[0] = current
            level[1] = after
        elif kind == COMMENT:
            if tok[3] == "unterminated":
                report(_problem("comment '{' is never closed", K.UNCLOSED_COMMENT), tok)
            _check_comment(report, tok, 1)
            visitor.visit_comment(lx.normalise_comment(tok[2]))
        elif kind == NAG:
            visitor.visit_nag(Nag(int(tok[3] or 0), tok[2]))
        elif kind == OPEN:
            before = level[0]
            depth += 1
            if before is None:
                report(_problem("a variation '(' before any move", K.VARIATION_BEFORE_MOVE), tok)
                levels.append([None, level[1], False])
                level = levels[-1]
                skip_depth = depth
                continue
            opened = visitor.begin_variation() is not SKIP
            levels.append([None, before, opened])
            level = levels[-1]
            if opened:
                status.open_variations += 1
            else:
                skip_depth = depth
        elif kind == CLOSE:
            if depth == 0:
                # a run of them is one token that counts them
                times = int(tok[3] or 1)
                if not report.counts_only(K.UNMATCHED_CLOSE, times):
                    report(_problem("')' without a matching '('", K.UNMATCHED_CLOSE), tok, times)
                continue
            depth -= 1
            closed = levels.pop()
            level = levels[-1]
            if closed[2]:
                status.open_variations -= 1
                visitor.end_variation()
        elif kind == lx.RESULT:
            if depth == 0:
                visitor.visit_result(tok[2])
        elif kind == lx.LINE_COMMENT:
            _check_comment(report, tok, 1)
            visitor.visit_comment(lx.normalise_comment(tok[2]))
        elif kind == lx.GLUED:
            _check_comment(report, tok, 0)
            visitor.visit_comment(tok[2])
        elif kind == lx.SETUP:
            if level[0] is None and depth > 0:
                report(
                    _problem("a setup at the start of a variation", K.SETUP_AT_VARIATION_START), tok
                )
                skip_depth = depth
                continue
            m = _SETUP_FEN.fullmatch(tok[2])
            if not m:
                shown = shorten(tok[2])
                report(
                    _problem(f'setup /{shown}/ is not /FEN "..."/', K.BAD_SETUP, text=shown), tok
                )
                move_errors += 1
                skip_depth = depth
                continue
            pos = _from_fen(m.group(1), rules)
            if isinstance(pos, PdnProblem):
                report(pos, tok)
                move_errors += 1
                skip_depth = depth
                continue
            after = state_of(pos)
            visitor.visit_setup(pos.fen(), after)
            level[1] = after
        elif kind == lx.TEXT:
            if not report.counts_only(K.UNEXPECTED_TEXT):
                shown = shorten(tok[2])
                report(_problem(f"unexpected text {shown!r}", K.UNEXPECTED_TEXT, text=shown), tok)
        elif kind == lx.UNKNOWN_MOVE:
            if depth == 0 and tok is last_token and headers_result == tok[2]:
                visitor.visit_result(tok[2])  # [Result "-"] ... "-": the game's terminator
                continue
            report(
                _problem(
                    f"unknown move {tok[2]!r}: the game cannot be replayed past it",
                    K.UNKNOWN_MOVE,
                    text=tok[2],
                ),
                tok,
            )
            move_errors += 1
            skip_depth = depth
        elif kind == lx.TOO_LONG:
            report(_too_long(tok), tok)
            if tok[2] == "move":  # the move is not read: neither is the rest of its line
                move_errors += 1
                skip_depth = depth
        # NUMBER, ELLIPSIS, ESCAPE: nothing to do
    status.tok = None
    if depth > 0:
        report(_problem("a variation '(' is never closed", K.UNCLOSED_VARIATION), None)
        while len(levels) > 1:
            closed = levels.pop()
            if closed[2]:
                status.open_variations -= 1
                visitor.end_variation()
    status.move_errors = move_errors


def _lost(char: str, what: str) -> PdnProblem:
    """A character a PDN file cannot hold, found in a comment or tag: saving would not keep it."""
    code = f"U+{ord(char):04X}"
    shown = "a comment" if what == "comment" else "a tag value"
    return _problem(
        f"control character {code} in {shown}: a PDN file cannot hold it, so "
        "saving the game does not keep it",
        K.CONTROL_CHARACTER,
        char=code,
        what=what,
    )


def _check_comment(report: _Reporter, tok: Token, opening: int) -> None:
    """Report the first character of a comment token (after ``opening`` characters such as
    ``{``) that saving would change."""
    lost = lx.LOST_IN_COMMENT.search(tok[2])
    if lost is not None and not report.counts_only(K.CONTROL_CHARACTER):
        report(
            _lost(lost.group(), "comment"),
            (tok[0], tok[1] + opening + lost.start(), tok[2], tok[3]),
        )


def _too_long(tok: Token) -> PdnProblem:
    what = _TOO_LONG_WHAT.get(tok[2], tok[2])
    length = int(tok[3] or 0)
    limit = {
        "move": lx.MAX_MOVE,
        "comment": lx.MAX_COMMENT,
        "tag": lx.MAX_TAG_VALUE,
        "setup": lx.MAX_SETUP,
        "line": lx.MAX_LINE,
    }.get(tok[2], 0)
    rest = "is not read" if tok[2] == "move" else f"is cut after {limit} characters"
    return _problem(
        f"this {what} is {length} characters long, more than {limit}: it {rest}",
        K.TOKEN_TOO_LONG,
        what=tok[2],
        length=length,
        limit=limit,
    )
