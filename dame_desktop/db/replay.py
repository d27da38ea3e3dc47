"""Fast replay: every game of a PDN file, its main line and its problems, in one linear pass.

The full reader (:mod:`dame_desktop.pdn.reader`) builds a token list per game and walks every
token through a visitor; that is the right tool for a game one edits, and too slow for an
archive.  This module reads the file as bytes in large chunks and splits it into games with a
small grammar that covers plain games only: tags ``[Name "value"]``, move numbers, moves such
as ``11-15`` or ``c3-d4``, ``{comments}`` and a result.  Their moves are resolved against the
legal moves with caches shared across games.

Anything outside that grammar (variations, NAGs, setups, odd characters, a long token) and
any game that does not replay cleanly is handed to the full reader, game by game, with the
same rules hint it would have had; so the problems reported are exactly the full reader's,
placed at the same lines and columns, and the plain games (most of any archive) cost little.

Each game comes back as a :class:`ReplayedGame`: its place in the file (byte offset and
length), tags, rules, main line (states and raw moves), result token and problems.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from ..core import Color, DameError, Position, RuleSet
from ..core.movegen import RawMove
from ..pdn import lexer as lx
from ..pdn.gametype import choose_rules
from ..pdn.lexer import GameLexer
from ..pdn.problems import HEAD_BYTES, NotPdnError, PdnProblem, not_pdn_reason
from ..pdn.reader import detect_encoding, open_pdn, parse_game_text, read_game
from ..pdn.tree import Stacks
from ..pdn.tree import State as TreeState
from ..pdn.visitors import BaseVisitor
from .walk import LineWalker, State

CHUNK = 1 << 22  # bytes read at a time: memory stays bounded whatever the file's size
_NEAR_END = 1 << 17  # a token that fails this close to the end of the data may be cut off
_PLAIN_LIMIT = 1 << 23  # a game longer than this (8 MiB) is read by the full reader, whose
# memory stays bounded (a line longer than its limit is cut), not held whole in the window

# The plain grammar: each token a strict subset of the full lexer's token, tried in the
# lexer's order (results before numbers before moves).  A game is matched whole: comments
# and tags, then move numbers, moves and comments, then a result.  Every token that does not
# end in a closing character must be followed by white space (the data always ends with a
# line break), so a token is never cut off at the end of the data or glued to what follows.
_WS = rb"[ \t\r\n]*+"
_TAG = rb"\[[A-Za-z_][A-Za-z0-9_]{0,99}[ \t]*+\"[^\"\\\x00-\x1f\x7f]{0,2000}\"[ \t]*+\]"
_BRACE = rb"\{[^}\x00-\x08\x0b\x0c\x0e-\x1f\x7f]{0,60000}\}"
_RESULTS = rb"(?:1/2-1/2|0\.5-0\.5|2-0|0-2|1-1|1-0|0-1|0-0|\*)"
_MOVE = (
    rb"(?:[0-9]{1,2}(?:[-x][0-9]{1,2}){1,40}"
    rb"|[a-l][0-9]{1,2}(?:[-x:][a-l][0-9]{1,2}){1,40})"
)
_GAME = re.compile(
    _WS
    + rb"(?P<head>(?P<lead>"
    + _BRACE
    + rb"(?:"
    + _WS
    + rb"(?:"
    + _TAG
    + rb"|"
    + _BRACE
    + rb"))*+)|"
    + _TAG
    + rb"(?:"
    + _WS
    + _TAG
    + rb")*+)?"
    + rb"(?P<body>(?:"
    + _WS
    + rb"(?!"
    + _RESULTS
    + rb"(?![0-9A-Za-z_/.\-\x80-\xff]))"
    + rb"(?:[0-9]{1,5}[ \t]*+(?:\.\.\.|\.)|"
    + _MOVE
    + rb"(?=[ \t\r\n])|"
    + _BRACE
    + rb"))*+)"
    + _WS
    + rb"(?:(?P<result>"
    + _RESULTS
    + rb")(?=[ \t\r\n]))?"
)
_TAGS = re.compile(rb"\{[^}]*\}|\[([A-Za-z_][A-Za-z0-9_]*)[ \t]*\"([^\"]*)\"")
_MOVES = re.compile(_MOVE)
_MOVES_OR_BRACE = re.compile(rb"\{[^}]*\}|(" + _MOVE + rb")")
_SPACE = re.compile(rb"[ \t\r\n]*+")
_SQUARES = re.compile(rb"[a-l][0-9]{1,2}|[0-9]{1,2}")
_NUMBER = re.compile(rb"[0-9]+")
_CURLY = {"utf-8-sig": (b"\xe2\x80\x9c", b"\xe2\x80\x9d"), "cp1252": (b"\x93", b"\x94")}
_FEN_NAMES = ("FEN", "Fen", "fen")


class ReplayedGame:
    """One game as replayed: where it is, its tags, rules, main line, result and problems.

    ``states[i]`` is the position after ``i`` plies of the main line (``states[0]`` the start);
    ``moves[i]`` the raw move played from ``states[i]`` (``None`` where a ``/FEN/`` setup in the
    move text replaced the position instead).  The main line stops at its first problem.
    ``offset`` and ``length`` are bytes in the file (``-1`` and 0 where unknown: UTF-16 files).
    """

    __slots__ = (
        "number",
        "offset",
        "length",
        "headers",
        "rules",
        "states",
        "moves",
        "result_token",
        "problems",
        "stacks",
    )

    def __init__(
        self,
        number: int,
        offset: int,
        length: int,
        headers: list[tuple[str, str]],
        rules: RuleSet | None,
        states: list[State],
        moves: list[RawMove | None],
        result_token: str | None,
        problems: list[PdnProblem],
    ) -> None:
        self.number = number
        self.offset = offset
        self.length = length
        self.headers = headers
        self.rules = rules
        self.states = states
        self.moves = moves
        self.result_token = result_token
        self.problems = problems
        # with towers (Bashni): per state, the towers' columns (``Position.stacks``)
        self.stacks: list[Stacks] | None = None

    @property
    def plies(self) -> int:
        return sum(1 for m in self.moves if m is not None)

    def header(self, name: str, default: str = "") -> str:
        for key, value in self.headers:
            if key == name:
                return value
        return default


class _MainLine(BaseVisitor[ReplayedGame]):
    """A visitor for the full reader that keeps what a :class:`ReplayedGame` holds."""

    def __init__(self) -> None:
        self.begin_game()

    def begin_game(self) -> None:
        self.headers: list[tuple[str, str]] = []
        self.rules: RuleSet | None = None
        self.states: list[State] = []
        self.stacks: list[Stacks] = []
        self.moves: list[RawMove | None] = []
        self.depth = 0
        self.token: str | None = None
        self.problems: list[PdnProblem] = []

    def visit_header(self, name: str, value: str) -> None:
        self.headers.append((name, value))

    # states keep the top pieces (what the fast walk and the line bytes know); the towers'
    # columns go to ``stacks``, one per state, so the index keys the whole towers
    def visit_start(self, rules: RuleSet, state: TreeState, guessed: bool) -> None:
        self.rules = rules
        self.states = [state[:4]]
        self.stacks = [_stacks_of(state)]

    def visit_move(self, raw: RawMove, state: TreeState) -> None:
        if self.depth == 0:
            self.moves.append(raw)
            self.states.append(state[:4])
            self.stacks.append(_stacks_of(state))

    def visit_setup(self, fen: str, state: TreeState) -> None:
        if self.depth == 0:
            if self.moves or len(self.states) != 1:
                self.moves.append(None)
                self.states.append(state[:4])
                self.stacks.append(_stacks_of(state))
            else:  # a setup before the first move: the game starts there
                self.states[0] = state[:4]
                self.stacks[0] = _stacks_of(state)

    def begin_variation(self) -> None:
        self.depth += 1

    def end_variation(self) -> None:
        self.depth -= 1

    def visit_result(self, token: str) -> None:
        self.token = token

    def handle_error(self, error: PdnProblem) -> None:
        self.problems.append(error)

    def result(self) -> ReplayedGame:
        game = ReplayedGame(
            0, -1, 0, self.headers, self.rules, self.states, self.moves, self.token, self.problems
        )
        if self.rules is not None and self.rules.towers:
            game.stacks = self.stacks
        return game


def _stacks_of(state: TreeState) -> Stacks:
    return state[4] if len(state) == 5 else ()


class _Source:
    """A window on the file's bytes: ``data[i]`` is byte ``base + i``; read on demand."""

    def __init__(self, handle: IO[bytes], chunk: int = CHUNK) -> None:
        self.handle = handle
        self.chunk = chunk
        self.data = b""
        self.base = 0
        self.eof = False
        self.read_bytes = 0
        self.sha = hashlib.sha256()  # of every byte read: the content the games came from
        self.hashed = 0  # bytes hashed so far (a rewind reads some of them again)

    def more(self, keep_from: int) -> bool:
        """Read the next chunk, dropping what lies before absolute offset ``keep_from``.

        At the end of the file one line break is added so every token ends in white space.
        False when there was nothing more to read.
        """
        if self.eof:
            return False
        new = self.handle.read(self.chunk)
        at = self.base + len(self.data)  # the file offset of ``new``
        if at + len(new) > self.hashed:
            self.sha.update(new[self.hashed - at :] if at < self.hashed else new)
            self.read_bytes += at + len(new) - self.hashed
            self.hashed = at + len(new)
        drop = keep_from - self.base
        if drop > 0:
            self.data = self.data[drop:]
            self.base = keep_from
        if not new:
            self.eof = True
            self.data += b"\n"
            return True
        self.data += new
        return True

    def rewind(self, offset: int) -> None:
        """Read on from ``offset`` again (it lies before the window)."""
        self.handle.seek(offset)
        self.data = b""
        self.base = offset
        self.eof = False


_LETTER = re.compile(rb"[a-l]")


class _Shapes(dict[bytes, int]):
    """Move text -> one of the two numbers of :func:`_shape`, computed when first asked."""

    def __init__(self, which: int) -> None:
        super().__init__()
        self.which = which

    def __missing__(self, text: bytes) -> int:
        value = self[text] = _shape(text)[self.which]
        return value


def _shape(text: bytes) -> tuple[int, int]:
    """(largest square number, largest file or rank of a square named by letters; 0: none)."""
    numbers = 0
    files = 0
    for tok in _SQUARES.findall(text):
        if tok[0] >= 97:  # a letter: file a-l, then the rank
            files = max(files, tok[0] - 96, int(tok[1:]))
        else:
            numbers = max(numbers, int(tok))
    return numbers, files


class Replayer:
    """Replays the games of one file in order (see :func:`replay_file`)."""

    def __init__(
        self, path: str | Path, default_rules: RuleSet | None = None, chunk: int = CHUNK
    ) -> None:
        self.path = Path(path)
        self.default = default_rules
        self.chunk = chunk
        self.hint: RuleSet | None = None  # the rules a previous guessed game replayed with
        # per rule set object (by identity: a RuleSet's hash covers all its fields)
        self._rules: dict[int, tuple[RuleSet, LineWalker]] = {}
        self._choices: dict[tuple[object, ...], object] = {}
        self._shapes = _Shapes(0)  # move text -> largest square number in it
        self._files = _Shapes(1)  # move text -> largest file or rank named by letters
        self.encoding = "utf-8-sig"
        self.bytes_read = 0
        self.bytes_done = 0  # where the last game returned ends (progress)
        self.digest: str | None = None  # SHA-256 of the file as read (after the last game)
        self.fallbacks = 0

    # -- the whole file ----------------------------------------------------------------------

    def games(self) -> Iterator[ReplayedGame]:
        """Every game in order.  Raises OSError when the file cannot be read and
        :class:`NotPdnError` when it is not PDN text (as :func:`open_pdn` does)."""
        with open(self.path, "rb") as probe:
            head = probe.read(HEAD_BYTES)
        reason = not_pdn_reason(head)
        if reason is not None:
            raise NotPdnError(reason)
        encoding = detect_encoding(self.path)
        self.encoding = encoding
        if encoding not in ("utf-8-sig", "cp1252"):  # UTF-16 or UTF-32: not byte-oriented
            yield from self._full_file()
            return
        with open(self.path, "rb") as handle:
            source = _Source(handle, self.chunk)
            yield from self._scan(source)

    def _full_file(self) -> Iterator[ReplayedGame]:
        """The full reader over the whole file (UTF-16 and UTF-32 files, binary data)."""
        number = 0
        with open_pdn(self.path) as handle:
            while True:
                game = read_game(handle, _MainLine, default_rules=self.default)
                if game is None:
                    return
                assert isinstance(game, ReplayedGame)
                number += 1
                game.number = number
                yield game

    def _scan(self, source: _Source) -> Iterator[ReplayedGame]:
        source.more(0)
        pos = 3 if source.data.startswith(b"\xef\xbb\xbf") else 0
        line = 1  # the line number at ``anchor`` (an absolute offset)
        anchor = pos
        number = 0
        curly = _CURLY.get(self.encoding, ())
        while True:
            # drop what was read before this game once it is most of the window
            rel = pos - source.base
            if rel > (len(source.data) >> 1) and rel > self.chunk // 2:
                line += _count_lines(source.data, anchor - source.base, rel)
                anchor = pos
                source.data = source.data[rel:]
                source.base = pos
            found = self._plain(source, pos, curly)
            if found == "more":
                if len(source.data) - (pos - source.base) > _PLAIN_LIMIT:
                    found = "full"  # a huge game (a long line): the reader's bounded memory
                elif source.more(anchor):
                    continue
                else:
                    found = "full"
            if found == "end":
                self._finish(source)
                return
            if found == "full":
                line += _count_lines(source.data, anchor - source.base, pos - source.base)
                anchor = pos
                column = _column(source.data, pos - source.base, self.encoding)
                slow, end, breaks = self._full_game(source, pos, line, column)
                self.fallbacks += 1
                if slow is None:
                    self._finish(source)
                    return
                game, pos = slow, end
                line += breaks
                anchor = pos
                if pos < source.base:  # a huge game: its start is no longer in the window
                    source.rewind(pos)
                    source.more(pos)
            elif isinstance(found, tuple):
                game, pos = found
            else:
                continue
            number += 1
            game.number = number
            self.bytes_done = pos
            yield game

    def _finish(self, source: _Source) -> None:
        self.bytes_read = source.read_bytes
        while source.more(source.base + len(source.data)):  # the rest (white space): hashed
            pass
        self.digest = source.sha.hexdigest()

    # -- one plain game ----------------------------------------------------------------------

    def _plain(
        self, source: _Source, pos: int, curly: tuple[bytes, ...]
    ) -> tuple[ReplayedGame, int] | str:
        """The game at ``pos`` read by the plain grammar: (game, end) or "more" (read on),
        "full" (the full reader must read it) or "end" (only white space is left)."""
        data = source.data
        base = source.base
        at = pos - base
        size = len(data)
        m = _GAME.match(data, at)
        assert m is not None  # every part of it may be empty
        end = m.end()
        result = m.group("result")
        if result is None:
            rest = _SPACE.match(data, end)
            stop = rest.end() if rest is not None else end
            if stop == size:
                if not source.eof:
                    return "more"
                if m.start("head") < 0 and m.end("body") == m.start("body"):
                    return "end"
            elif (
                data[stop] != 91 or m.group("lead") is not None or m.end("body") == m.start("body")
            ):
                # only a "[" after move text starts the next game (a tag the plain grammar
                # does not take may belong to this one)
                return "more" if not source.eof and size - stop < _NEAR_END else "full"
            end = m.end("body")
        head_start = m.start("head")
        headers: list[tuple[str, str]] = []
        if head_start >= 0:
            first = head_start
            head = m.group("head")
            for q in curly:
                if q in head:
                    return "full"
            encoding = "utf-8" if self.encoding == "utf-8-sig" else self.encoding
            seen: set[bytes] = set()
            for name, value in _TAGS.findall(head):
                if name:
                    if name in seen:
                        return "full"  # a repeated tag starts a game: the full reader knows how
                    seen.add(name)
                    headers.append((name.decode("ascii"), value.decode(encoding, "replace")))
        else:
            first = _SPACE.match(data, at).end()  # type: ignore[union-attr]
        body_start, body_end = m.span("body")
        if data.find(b"{", body_start, body_end) < 0:
            texts = _MOVES.findall(data, body_start, body_end)
        else:
            texts = [t for t in _MOVES_OR_BRACE.findall(data, body_start, body_end) if t]
        if not headers and not texts:
            return "full"  # comments only (or nothing): the full reader decides
        if end - at > lx.MAX_LINE and _longest_line(data, at, end) > lx.MAX_LINE:
            return "full"  # the reader cuts the line and says so
        game = self._replay(headers, texts, result.decode("ascii") if result else None)
        if game is None:
            return "full"
        game.offset = base + first
        game.length = end - first
        return game, base + end

    def _choice(
        self, headers: list[tuple[str, str]], texts: list[bytes]
    ) -> tuple[RuleSet | None, bool] | None:
        """(rules, guessed) as the full reader chooses them, None when it reports a problem.

        Of the moves, the full reader's choice looks only at the first one's first square,
        whether the first 40 name squares by letters, and their largest square or file: the
        choice is kept per such summary (and the tags that matter).
        """
        names = dict(headers)
        first = texts[:40]
        numbers = max(map(self._shapes.__getitem__, first), default=0)
        files = 0
        if _LETTER.search(b" ".join(first)):
            files = max(map(self._files.__getitem__, first))
        lead = _NUMBER.match(texts[0]) if texts else None
        key = (
            names.get("GameType"),
            names.get("Rules"),
            names.get("Variant"),
            next((names[k] for k in _FEN_NAMES if k in names), None),
            "Bianco" in names or "Nero" in names,
            lead.group() if lead else None,
            numbers,
            files,
        )
        choice = self._choices.get(key)
        if choice is None:
            got = choose_rules(names, [t.decode("ascii") for t in texts[:40]], self.default)
            choice = None if got.problems else (got.rules, got.guessed)
            if len(self._choices) > 5000:
                self._choices.clear()
                self._shapes.clear()
                self._files.clear()
            self._choices[key] = choice
        return choice  # type: ignore[return-value]

    def _replay(
        self, headers: list[tuple[str, str]], texts: list[bytes], result: str | None
    ) -> ReplayedGame | None:
        if not headers and not texts:
            return None  # comments only (or nothing): the full reader decides
        choice = self._choice(headers, texts)
        if choice is None:
            return None
        rules, guessed = choice
        if rules is None or rules.towers:  # the fast walk has no towers: the reader's turn
            return None
        names = {name for name, _ in headers}
        hint = self.hint
        nothing_tells = not texts and not any(n.lower() == "fen" for n in names)
        if (
            guessed
            and hint is not None
            and hint is not rules
            and (
                nothing_tells
                or hint.board_size == rules.board_size
                and texts
                and (rules.board_size != 8 or hint.algebraic == rules.algebraic)
            )
        ):
            rules = hint
        fen_key = next((k for k in _FEN_NAMES if k in names), None)
        fen = dict(headers)[fen_key] if fen_key is not None else ""
        if fen.strip():
            if not fen.isascii():
                return None
            try:
                pos = Position.from_fen(fen, rules)
            except (DameError, ValueError):
                return None
        else:
            pos = Position.start(rules)
        start: State = (pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)
        walker = self._rules.get(id(rules))
        if walker is None or walker[0] is not rules:
            walker = self._rules[id(rules)] = (rules, LineWalker(rules))
        fast = walker[1]
        states: list[State] = [start]
        moves: list[RawMove | None] = []
        if not fast.replay(start, texts, states, moves):
            return None
        if guessed and texts:
            self.hint = rules
        return ReplayedGame(0, -1, 0, headers, rules, states, moves, result, [])

    # -- one game by the full reader -------------------------------------------------------

    def _full_game(
        self, source: _Source, pos: int, line: int, column: int
    ) -> tuple[ReplayedGame | None, int, int]:
        """The game at ``pos`` read by the full reader: (game or None at the end, its end,
        the line breaks between ``pos`` and its end).

        ``line`` and ``column`` (characters before ``pos`` on its line) place its problems.
        The window keeps the game from ``pos`` while it is small; a huge game keeps only its
        current line (the caller reads the file again from the end when it must).
        """
        decode = _line_decoder(self.encoding)
        starts: list[int] = []  # absolute offset of every line handed to the lexer
        ends: list[int] = []  # and of its end (after its line break)
        cursor = pos
        whole = True  # whether the last piece handed out ended its line
        pieced: dict[int, bool] = {}  # lines read in pieces (cut by the lexer): ended by a break

        def readline(size: int = -1) -> str:
            nonlocal cursor, whole
            while True:
                data = source.data
                at = cursor - source.base
                keep = pos if cursor - pos < _PLAIN_LIMIT else cursor
                if at >= len(data):
                    if not source.more(keep):
                        return ""
                    continue
                nl = data.find(b"\n", at)
                cr = data.find(b"\r", at, nl if nl >= 0 else len(data))
                if cr >= 0 and (cr + 1 < len(data) or source.eof):
                    end = cr
                    brk = 2 if data[cr + 1 : cr + 2] == b"\n" else 1
                elif nl >= 0:
                    end, brk = nl, 1
                elif source.eof:
                    end, brk = len(data), 0
                elif 0 < size <= len(data) - at:
                    end, brk = at + size, 0  # a piece of a long line
                else:
                    source.more(keep)
                    continue
                if 0 < size < end - at:
                    end, brk = at + size, 0
                if brk == 0 and not source.eof and self.encoding == "utf-8-sig":
                    while at + 1 < end < len(data) and data[end] & 0xC0 == 0x80:
                        end -= 1  # not inside a character
                if whole:
                    starts.append(cursor)
                text = decode(data[at:end]) + ("\n" if brk else "")
                cursor += end - at + brk
                if whole:
                    ends.append(cursor)
                else:
                    ends[-1] = cursor
                    pieced[len(ends) - 1] = brk > 0
                whole = brk > 0 or end == len(data) and source.eof
                return text

        lexer = GameLexer(readline)
        lexer._first = False  # a game in the middle of the file: no byte order mark to strip
        lexer.rules_hint = self.hint
        while True:
            text = lexer.next_game()
            if text is None:
                return None, cursor, 0
            if any(t[0] != lx.TAG or t[3] is not None for t in text.tokens):
                break
        game = parse_game_text(text, _MainLine(), self.default, _MainLine, lexer)
        self.hint = lexer.rules_hint
        first_tok = text.tokens[0][1] if text.tokens else text.end_offset
        game.offset, _ = self._absolute(text, first_tok, pos, starts, ends, pieced)
        end, breaks = self._absolute(text, text.end_offset, pos, starts, ends, pieced)
        game.length = end - game.offset
        game.problems = [
            p._replace(line=p.line + line - 1, column=p.column + (column if p.line == 1 else 0))
            if p.line > 0
            else p
            for p in game.problems
        ]
        return game, end, breaks

    def _absolute(
        self,
        text: lx.GameText,
        offset: int,
        pos: int,
        starts: list[int],
        ends: list[int],
        pieced: dict[int, bool],
    ) -> tuple[int, int]:
        """(absolute byte offset, line index) of an offset in a game's text.

        The lexer cuts a line longer than its limit (``pieced``: its rest was read and
        skipped): an offset at or after the cut is the end of that line in the file."""
        rel_line, col = text.line_column(offset)
        index = min(rel_line - 1, len(starts) - 1)
        if index < 0:
            return pos, 0
        if index in pieced and (
            rel_line - 1 > index or offset >= len(text.text) or text.text[offset] == "\n"
        ):
            return ends[index], index + pieced[index]
        chars = text.text[offset - (col - 1) : offset] if col > 1 else ""
        width = len(chars.encode("utf-8")) if self.encoding == "utf-8-sig" else len(chars)
        return min(starts[index] + width, ends[index]), index


def _longest_line(data: bytes, start: int, end: int) -> int:
    """The bytes of the longest line in ``data[start:end]``."""
    longest = 0
    at = start
    while at < end:
        stop = data.find(b"\n", at, end)
        stop = end if stop < 0 else stop
        longest = max(longest, stop - at)
        at = stop + 1
    return longest


def _count_lines(data: bytes, start: int, end: int) -> int:
    """Line breaks in ``data[start:end]`` (``\\r\\n``, ``\\r`` and ``\\n`` each count once)."""
    if end <= start:
        return 0
    lf = data.count(b"\n", start, end)
    cr = data.count(b"\r", start, end)
    if cr:
        lf += cr - data.count(b"\r\n", start, end)
    return lf


def _column(data: bytes, at: int, encoding: str) -> int:
    """Characters before ``data[at]`` on its line."""
    start = max(data.rfind(b"\n", 0, at), data.rfind(b"\r", 0, at)) + 1
    if start >= at:
        return 0
    return len(_line_decoder(encoding)(data[start:at]))


def _line_decoder(encoding: str) -> Callable[[bytes], str]:
    if encoding == "utf-8-sig":
        return lambda raw: raw.decode("utf-8")
    return lambda raw: raw.decode(encoding, "replace")


def replay_file(path: str | Path, default_rules: RuleSet | None = None) -> Iterator[ReplayedGame]:
    """Every game of a PDN file, replayed (main line, problems); see :class:`Replayer`.

    Raises OSError when the file cannot be read and :class:`NotPdnError` when it is not PDN
    text; nothing in the text makes it raise.
    """
    return Replayer(path, default_rules).games()
