"""Reading PDN: ``read_game(handle)`` returns the next game, or None at the end.

Every move token is resolved against the legal moves of its position (the separator is only
a hint).  Problems never raise: they are passed to the visitor's ``handle_error`` as
:class:`~dame_desktop.pdn.tree.PdnError` (message, line, column), the rest of that variation
is skipped, and the rest of the game and of the file stays usable.
"""

from __future__ import annotations

import codecs
import re
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TypeVar, cast

from ..core import Color, DameError, Position, RuleSet
from ..core.geometry import Geometry, geometry
from ..core.movegen import MoveGenerator, RawMove, generator
from . import lexer as lx
from .gametype import choose_rules
from .lexer import GameLexer, GameText, Token
from .tree import Game, Headers, Nag, PdnError, State
from .visitors import SKIP, BaseVisitor, GameBuilder, HeadersBuilder, SkipVisitor

T = TypeVar("T")
VisitorArg = BaseVisitor[T] | Callable[[], BaseVisitor[T]]

_LEXERS: weakref.WeakKeyDictionary[object, GameLexer] = weakref.WeakKeyDictionary()
_SETUP_FEN = re.compile(
    r'^\s*FEN\s*[=:]?\s*["\u201c\u201d]?([^"\u201c\u201d]*)["\u201c\u201d]?\s*$', re.IGNORECASE)
_EMPTY_FEN = re.compile(r"^\s*([WB?])\s*(?::\s*[WB]?\s*)*\.?\s*$", re.IGNORECASE)
_SQUARE_TOKENS = re.compile(r"[a-l]\d{1,2}|\d{1,2}")


def decode(data: bytes) -> str:
    """Bytes of a PDN file as text: UTF-8 (with or without BOM), else Windows-1252."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def detect_encoding(path: str | Path) -> str:
    """``"utf-8-sig"`` when the whole file is valid UTF-8 (BOM or not), else ``"cp1252"``."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    with open(path, "rb") as handle:
        try:
            while chunk := handle.read(1 << 20):
                decoder.decode(chunk)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            return "cp1252"
    return "utf-8-sig"


def open_pdn(path: str | Path) -> IO[str]:
    """Open a PDN file for :func:`read_game` with its encoding detected; raises OSError.

    The file is streamed, not loaded: memory stays small for large archives.
    """
    encoding = detect_encoding(path)
    errors = "replace" if encoding == "cp1252" else "strict"
    return open(path, encoding=encoding, errors=errors, newline=None)  # noqa: SIM115


def _tell(handle: IO[str] | IO[bytes]) -> int | None:
    try:
        return handle.tell() if handle.seekable() else None
    except (OSError, ValueError):
        return None


def _lexer(handle: IO[str] | IO[bytes]) -> GameLexer:
    """The handle's lexer; a fresh one when the handle was moved (seek) since the last game."""
    lexer = _LEXERS.get(handle)
    if lexer is None or lexer.handle_position != _tell(handle):
        lexer = GameLexer(handle.readline)
        _LEXERS[handle] = lexer
    return lexer


def _instance(visitor: object) -> tuple[BaseVisitor[T], Callable[[], BaseVisitor[T]] | None]:
    if isinstance(visitor, BaseVisitor):
        return visitor, None
    factory = cast(Callable[[], BaseVisitor[T]], visitor)
    return factory(), factory


def read_game(handle: IO[str] | IO[bytes], visitor: VisitorArg[T] | None = None,
              default_rules: RuleSet | None = None) -> T | Game | None:
    """Read the next game from a handle; None at the end of the input.

    Games are read one after another; after a ``seek`` the handle is read afresh from
    there (so offsets taken with ``tell()`` between games work as with python-chess, and
    line numbers then count from the offset).

    A text handle is read as it is; a binary one is decoded line by line (UTF-8, else
    Windows-1252).  :func:`open_pdn` opens a file with the encoding detected once.

    ``visitor`` is a visitor class (or factory, or instance); the default builds a
    :class:`Game` with problems in ``game.errors``.  ``default_rules`` is used when the
    game names no rules and fits its board and notation (without one the rules are guessed,
    German when nothing tells).  Nothing in the input makes this raise; only the handle's
    own errors (OSError) pass through.
    """
    lexer = _lexer(handle)
    while True:
        text = lexer.next_game()
        lexer.handle_position = _tell(handle)
        if text is None:
            return None
        if any(t[0] != lx.TAG or t[3] is not None for t in text.tokens):
            break  # not just value-less [Empty] tags
    factory: Callable[[], BaseVisitor[T]] | None
    if visitor is None:
        instance: BaseVisitor[T] = cast(BaseVisitor[T], GameBuilder())
        factory = cast(Callable[[], BaseVisitor[T]], GameBuilder)
    else:
        instance, factory = _instance(visitor)
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
    """All games of a file (encoding detected); raises OSError when it cannot be read."""
    with open_pdn(path) as handle:
        return list(iter_games(handle, default_rules))


# --- move resolution (the hot path) ---------------------------------------------------------

_NO_CAPTURES: list[RawMove] = []


class _Resolver:
    """Resolves move text against the legal moves of raw states, with bounded caches."""

    __slots__ = ("rules", "gen", "geo", "names", "capture_cache", "move_cache", "text_cache",
                 "step", "rays", "valid", "flying")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.gen: MoveGenerator = generator(rules)
        self.geo: Geometry = geometry(rules.board_size, rules.numbering)
        self.names = {self.geo.sq_name(sq): sq for sq in range(1, self.geo.squares + 1)}
        self.capture_cache: dict[State, list[RawMove]] = {}
        self.move_cache: dict[tuple[State, str], tuple[RawMove, State] | str] = {}
        self.text_cache: dict[str, tuple[int, int, tuple[int, ...]] | str] = {}
        self.step = self.geo.step
        self.rays = self.geo.rays
        self.valid = self.geo.valid
        self.flying = rules.flying_kings

    def captures(self, state: State) -> list[RawMove]:
        """The legal captures (precedence applied), every route kept; empty if none."""
        caps = self.capture_cache.get(state)
        if caps is None:
            gen = self.gen
            w, b, k, wtm = state
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

    def resolve(self, state: State, text: str) -> tuple[RawMove, State] | str:
        """(raw move, state after) or an error message."""
        key = (state, text)
        hit = self.move_cache.get(key)
        if hit is not None:
            return hit
        result = self._resolve(state, text)
        if len(self.move_cache) > 30_000:
            self.move_cache.clear()
        self.move_cache[key] = result
        return result

    def squares(self, text: str) -> tuple[int, int, tuple[int, ...]] | str:
        """(from bit, to bit, via bits) of move text, or an error message."""
        found = self.text_cache.get(text)
        if found is not None:
            return found
        result = self._squares(text)
        if len(self.text_cache) > 20_000:
            self.text_cache.clear()
        self.text_cache[text] = result
        return result

    def _squares(self, text: str) -> tuple[int, int, tuple[int, ...]] | str:
        squares: list[int] = []
        top = self.geo.squares
        for tok in _SQUARE_TOKENS.findall(text.lower()):
            if tok[0].isdigit():
                sq = int(tok)
                if not 1 <= sq <= top:
                    return f"square {tok} in move {_clean(text)} is not on the board (1-{top})"
            else:
                found = self.names.get(tok)
                if found is None:
                    return f"{tok} in move {_clean(text)} is not a playing square"
                sq = found
            squares.append(sq)
        if len(squares) < 2:
            return f"cannot read move {_clean(text)}"
        s2b = self.geo.sq_to_bit
        return s2b[squares[0]], s2b[squares[-1]], tuple(s2b[s] for s in squares[1:-1])

    def _quiet(self, state: State, fb: int, tb: int) -> RawMove | None:
        """The quiet move fb -> tb if it is one (no capture is available: checked before)."""
        w, b, k, wtm = state
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
        if wtm:
            if tb == step[0] or tb == step[1]:
                return (fb, tb, 0, bool((self.gen.white_promo >> tb) & 1), (tb,), (), False)
        elif tb == step[2] or tb == step[3]:
            return (fb, tb, 0, bool((self.gen.black_promo >> tb) & 1), (tb,), (), False)
        return None

    def _resolve(self, state: State, text: str) -> tuple[RawMove, State] | str:
        found = self.matches(state, text)
        if isinstance(found, str):
            return found
        return found[0], self.after(state, found[0])

    def after(self, state: State, raw: RawMove) -> State:
        w, b, k, wtm = state
        w2, b2, k2 = self.gen.apply(w, b, k, wtm, raw)
        return w2, b2, k2, not wtm

    def candidates(self, state: State, text: str) -> list[RawMove]:
        """One raw move per identity that ``text`` may name (several when it is ambiguous)."""
        found = self.matches(state, text, keep_all=True)
        if isinstance(found, str):
            return []
        unique: dict[tuple[int, int, int], RawMove] = {}
        for r in found:
            unique.setdefault((r[0], r[1], r[2]), r)
        return list(unique.values())

    def matches(self, state: State, text: str, keep_all: bool = False) -> list[RawMove] | str:
        """The raw moves ``text`` names (all routes of one move), or an error message."""
        parsed = self.squares(text)
        if isinstance(parsed, str):
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
            w, b, k, wtm = state
            extra = self.gen.huff_moves(w, b, k, wtm)
            matches = [r for r in extra if r[0] == fb and r[1] == tb]
            if via:
                matches = [r for r in matches if _fits(via, r[4])]
        if not matches:
            return f"illegal move {_clean(text)} in position {self._fen(state)}"
        if len(matches) > 1:
            identities = {(r[0], r[1], r[2]) for r in matches}
            if len(identities) > 1 and via:
                # a full path names its move even when it is also a subsequence of a longer one
                exact = [r for r in matches if r[4] == via + (tb,)]
                if exact:
                    matches = exact
                    identities = {(r[0], r[1], r[2]) for r in matches}
            if len(identities) > 1:
                if keep_all:
                    return matches
                b2s = self.geo.bit_to_sq
                seen: dict[tuple[int, int, int], str] = {}
                for r in matches:
                    seen.setdefault((r[0], r[1], r[2]),
                                    "x".join(str(b2s[x]) for x in (r[0],) + r[4]))
                options = ", ".join(sorted(seen.values()))
                return (f"ambiguous capture {_clean(text)} in position {self._fen(state)}: "
                        f"it may be {options}")
        return matches

    def _fen(self, state: State) -> str:
        w, b, k, wtm = state
        return Position(self.rules, w, b, k, Color.WHITE if wtm else Color.BLACK).fen()


def _following_moves(tokens: list[Token], index: int, count: int) -> list[str]:
    """The texts of up to ``count`` moves after ``tokens[index]`` in the same line."""
    out: list[str] = []
    nested = 0
    for tok in tokens[index + 1:]:
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


def _settle(resolver: _Resolver, state: State, text: str, tokens: list[Token],
            index: int) -> tuple[RawMove, State] | None:
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
        found = _RESOLVERS[rules] = _Resolver(rules)
    return found


# --- walking one game -------------------------------------------------------------------------

def parse_game_text(text: GameText, visitor: BaseVisitor[T], default: RuleSet | None,
                    factory: Callable[[], BaseVisitor[T]] | None = None,
                    lexer: GameLexer | None = None) -> T:
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
    choice = choose_rules(headers, moves, default)
    rules, alternatives = choice.rules, choice.alternatives
    hint = lexer.rules_hint if lexer is not None else None
    nothing_tells = not moves and not any(k.lower() == "fen" for k in headers)
    if choice.guessed and hint is not None and rules is not None and hint is not rules and (
            nothing_tells or hint.board_size == rules.board_size and moves
            and (rules.board_size != 8 or hint.algebraic == rules.algebraic)):
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


def _from_fen(fen: str, rules: RuleSet) -> Position:
    """Position.from_fen, plus the empty board (``W::``) that the core rejects."""
    empty = _EMPTY_FEN.match(fen)
    if empty:
        turn = empty.group(1).upper()
        colour = rules.first if turn == "?" else Color(turn)
        return Position(rules, 0, 0, 0, colour)
    return Position.from_fen(fen, rules)


def _error(text: GameText, tok: Token | None, message: str) -> PdnError:
    offset = tok[1] if tok is not None else text.end_offset
    line, column = text.line_column(offset)
    return PdnError(message, line, column)


def _walk(text: GameText, visitor: BaseVisitor[T], rules: RuleSet | None, guessed: bool,
          problems: tuple[tuple[str, str], ...], quiet: bool = False) -> tuple[int, int]:
    """Walk the tokens; returns (moves that do not fit the rules, all problems in the moves).

    ``quiet`` only counts: the visitor sees nothing (used to test other rules).
    """
    tokens = text.tokens
    counted = 0
    if quiet:
        visitor = BaseVisitor()

    def report(error: PdnError) -> None:
        nonlocal counted
        counted += 1
        visitor.handle_error(error)

    if visitor.begin_game() is SKIP:
        return 0, 0
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
    for name, message in problems:
        report(_error(text, tag_tokens.get(name, first_move_tok), message))
    skip_all = visitor.end_headers() is SKIP
    result_tok = next((t for t in reversed(tokens) if t[0] == lx.RESULT), None)
    if skip_all:
        if result_tok is not None:
            visitor.visit_result(result_tok[2])
        visitor.end_game()
        return 0, 0
    if rules is None:
        if result_tok is not None:
            visitor.visit_result(result_tok[2])
        visitor.end_game()
        return 0, 0
    # start position
    fen_key = next((k for k in ("FEN", "Fen", "fen") if k in tag_tokens), None)
    if fen_key is not None and str(tag_tokens[fen_key][3]).strip():
        fen_tok = tag_tokens[fen_key]
        try:
            start = _from_fen(str(fen_tok[3]), rules)
        except DameError as exc:
            report(_error(text, fen_tok, str(exc)))
            if result_tok is not None:
                visitor.visit_result(result_tok[2])
            visitor.end_game()
            return 1, counted
    else:
        start = Position.start(rules)
    state: State = (start.white, start.black, start.kings, start.turn is Color.WHITE)
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
    for index, tok in enumerate(tokens):
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
                        visitor.end_variation()
                depth -= 1
            elif kind == lx.RESULT and depth == 0:
                visitor.visit_result(tok[2])
            continue
        if kind == MOVE:
            current: State = level[1]  # type: ignore[assignment]
            found = move_cache.get((current, tok[2]))
            if found is None:
                found = resolve(current, tok[2])
            if isinstance(found, str) and found.startswith("ambiguous"):
                found = _settle(resolver, current, tok[2], tokens, index) or found
            if isinstance(found, str):
                report(_error(text, tok, found))
                if not found.startswith("ambiguous"):  # ambiguity is the file's, not the rules'
                    move_errors += 1
                skip_depth = depth
                continue
            raw, after = found
            visit_move(raw, after)
            level[0] = current
            level[1] = after
        elif kind == COMMENT:
            if tok[3] == "unterminated":
                report(_error(text, tok, "comment '{' is never closed"))
            visitor.visit_comment(lx.normalise_comment(tok[2]))
        elif kind == NAG:
            visitor.visit_nag(Nag(int(tok[3] or 0), tok[2]))
        elif kind == OPEN:
            before = level[0]
            depth += 1
            if before is None:
                report(_error(text, tok, "a variation '(' before any move"))
                levels.append([None, level[1], False])
                level = levels[-1]
                skip_depth = depth
                continue
            opened = visitor.begin_variation() is not SKIP
            levels.append([None, before, opened])
            level = levels[-1]
            if not opened:
                skip_depth = depth
        elif kind == CLOSE:
            if depth == 0:
                report(_error(text, tok, "')' without a matching '('"))
                continue
            depth -= 1
            closed = levels.pop()
            level = levels[-1]
            if closed[2]:
                visitor.end_variation()
        elif kind == lx.RESULT:
            if depth == 0:
                visitor.visit_result(tok[2])
        elif kind == lx.LINE_COMMENT:
            visitor.visit_comment(lx.normalise_comment(tok[2]))
        elif kind == lx.GLUED:
            visitor.visit_comment(tok[2])
        elif kind == lx.SETUP:
            if level[0] is None and depth > 0:
                report(_error(text, tok, "a setup at the start of a variation"))
                skip_depth = depth
                continue
            m = _SETUP_FEN.match(tok[2])
            if not m:
                report(_error(text, tok, f"setup /{tok[2]}/ is not /FEN \"...\"/"))
                move_errors += 1
                skip_depth = depth
                continue
            try:
                pos = _from_fen(m.group(1), rules)
            except DameError as exc:
                report(_error(text, tok, str(exc)))
                move_errors += 1
                skip_depth = depth
                continue
            after = (pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)
            visitor.visit_setup(pos.fen(), after)
            level[1] = after
        elif kind == lx.TEXT:
            report(_error(text, tok, f"unexpected text {tok[2]!r}"))
        elif kind == lx.UNKNOWN_MOVE:
            if depth == 0 and tok is last_token and headers_result == tok[2]:
                visitor.visit_result(tok[2])  # [Result "-"] ... "-": the game's terminator
                continue
            report(_error(text, tok, f"unknown move {tok[2]!r}: the game cannot "
                                                   "be replayed past it"))
            move_errors += 1
            skip_depth = depth
        # NUMBER, ELLIPSIS, ESCAPE: nothing to do
    if depth > 0:
        report(_error(text, None, "a variation '(' is never closed"))
        while len(levels) > 1:
            closed = levels.pop()
            if closed[2]:
                visitor.end_variation()
    visitor.end_game()
    return move_errors, counted
