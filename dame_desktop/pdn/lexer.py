"""Tokeniser for PDN: splits a text stream into games and each game into tokens.

One compiled regular expression recognises every token at the current offset (tags, move
numbers, moves with their glued strength marks, comments, line comments, variations, NAGs,
``/FEN "..."/`` setups, results).  A game ends after a result token at nesting depth 0 or
before a tag section that follows move text -- never at a blank line.

Reading is line by line from a text handle; the rest of a line after a game's result is kept
for the next call (see :class:`GameLexer`), so one-line files with several games work.
"""

from __future__ import annotations

import codecs
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core import RuleSet

# Token kinds
TAG = 0
MOVE = 1
NUMBER = 2
ELLIPSIS = 3
COMMENT = 4
LINE_COMMENT = 5
OPEN = 6
CLOSE = 7
NAG = 8
RESULT = 9
SETUP = 10
GLUED = 11  # text glued onto a move without a space ("8-11Redoverstepped...")
TEXT = 12  # anything else
ESCAPE = 13  # a '%' escape line (ignored)
UNKNOWN_MOVE = 14  # a lone "-": a move nobody recorded ("41. - -")
TOO_LONG = 15  # a token longer than its limit: text = what it was, value = its length


Token = tuple[int, int, str, "str | int | None"]
"""One token: (kind, offset in the game text, text, value: tag value / NAG number / None)."""

ReadLine = Callable[[int], "str | bytes"]
"""Where the lexer's lines come from: ``readline(size)`` as file handles have it (at most
``size`` characters or bytes; a line longer than that comes in pieces)."""


# Strength marks and their NAG numbers (PDN 3.0 / PGN); other spellings keep their text.
GLYPHS: dict[str, int] = {
    "!": 1,
    "?": 2,
    "!!": 3,
    "??": 4,
    "!?": 5,
    "?!": 6,
    "*": 7,
    "□": 7,
    "(!)": 1,
    "(?)": 2,
    "(!!)": 3,
    "(??)": 4,
    "(!?)": 5,
    "(?!)": 6,
}

# Only ASCII digits are numbers: "\d" would also take "٣" or "３" (str regexes are Unicode).
_SQ = r"(?:[a-l][0-9]{1,2}|[0-9]{1,2})"
_MOVE = (
    rf"{_SQ}(?:[ \t]?[-x:×][ \t]?{_SQ})++"  # possessive: no memory per hop (long tokens)
    r"|[a-l][0-9]{1,2}[a-l][0-9]{1,2}(?:[a-l][0-9]{1,2})*+"
    r"|[0-9]{4}(?![0-9.])"
)
_GLYPH = r"[!?]{1,5}|\([!?]{1,5}\)|□"
_RESULTS = r"1/2-1/2|½-½|0\.5-0\.5|2-0|0-2|1-1|1-0|0-1|0-0|\*"
_QUOTE_OPEN = '"\u201c\u201d'
_QUOTES = frozenset(_QUOTE_OPEN)

# The longest token of each kind (characters).  Beyond it the lexer emits a TOO_LONG token
# (the reader reports it) and keeps the first part (comments, tag values) or nothing (moves).
MAX_MOVE = 200  # the longest real capture path is far shorter
MAX_COMMENT = 1 << 22  # 4 M characters: a long essay fits, a runaway "{" stops somewhere
MAX_TAG_VALUE = 10_000
MAX_TAG_NAME = 100
MAX_SETUP = 4096
MAX_LINE = 1 << 23
"""8 M characters: the rest of a longer line is skipped (a ``TOO_LONG`` "line" token says
so), so a file of one huge line is read in bounded memory."""
_SKIP_PIECE = 1 << 20  # characters read at a time while skipping the rest of a long line

# Comments, tags and setups (which may be long or unclosed) are scanned by hand after their
# opening character, so a failed attempt never re-reads the rest of the line or file.
# Leading whitespace (possessive, so a token is never cut at the end of the buffer) includes
# the literal two-character "\r" garbage of some broken exports.
_MASTER = re.compile(
    r"(?:\s|\\r)*+(?:"
    + "|".join(
        (
            r"(?P<brace>\{)",
            r"(?P<bracket>\[)",
            r"(?P<slash>/)",
            rf"(?P<result>(?:{_RESULTS})(?![\w/.-]))",
            r"(?P<number>[0-9]+[ \t]*(?:\.\.\.|…|\.))",
            rf"(?P<M>(?P<move>{_MOVE})(?P<mglyph>{_GLYPH}|\*(?=\s|$|[)(]))?)",
            r"(?P<ellipsis>\.\.\.|…)",
            r"(?P<dash>--?(?=\s|$))",
            r"(?P<lcomment>;(?P<ltext>[^\n]*))",
            r"(?P<escape>(?<![^\n])%[^\n]*)",  # only in the first column
            rf"(?P<glyph>{_GLYPH})",
            r"(?P<open>\()",
            r"(?P<close>\))",
            r"(?P<nag>\$(?P<nagn>[0-9]{1,4}))",
            r"(?P<text>[^\s{}()\[\];$/]+|\S)",
        )
    )
    + ")"
)
_TAG_HEAD = re.compile(rf"\[\s*+(?P<name>[A-Za-z_]\w{{0,{MAX_TAG_NAME - 1}}})(?!\w)[ \t]*+")
_TAG_VALUE = re.compile(r"(?:\\.|[^\"\\\n\u201c\u201d])*+[\"\u201c\u201d][ \t]*+\]")
_SPACES = re.compile(r"\s*+")
_BIG_BUFFER = 8192  # from this size on the buffer grows by a quarter at least
_COMMENT_KINDS = frozenset(("comment", "lcomment", "escape", "tag", "rawtag"))
_UNESCAPE = re.compile(r"\\(.)")
# What a PDN file cannot hold: C0 controls but tab and line breaks, DEL, C1 controls,
# surrogates, non-characters (the writer puts U+FFFD in their place).
UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# What a comment loses on saving: the same, but for the white space that comments make single
# spaces anyway (vertical tab, form feed, NEL); 0x1C-0x1F are no white space to a reader.
LOST_IN_COMMENT = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_LINE_BREAKS = re.compile(r"[ \t]*\n[ \t]*")


def unescape(value: str) -> str:
    r"""Undo ``\"`` and ``\\`` escapes in a tag value."""
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value


def normalise_comment(text: str) -> str:
    """Comment text as stored: paragraphs kept, other whitespace runs made single spaces."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = re.split(r"\n[ \t]*\n\s*", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


@dataclass
class GameText:
    """The tokens of one game plus what is needed to turn offsets into line and column."""

    tokens: list[Token]
    text: str
    line_starts: list[int]
    first_line: int
    first_column: int
    end_offset: int

    def line_column(self, offset: int) -> tuple[int, int]:
        """1-based line and column in the file of an offset in :attr:`text`."""
        i = bisect_right(self.line_starts, offset) - 1
        i = max(i, 0)
        column = offset - self.line_starts[i] + 1
        if i == 0:
            column += self.first_column
        return self.first_line + i, column


class GameLexer:
    """Cuts a stream of lines into games.  Keeps the unread rest of the current line.

    Every character is looked at a bounded number of times: searches for a closing ``}``,
    ``]``, ``/`` or a line end remember how far they got (see :meth:`_find`), so lines of
    unclosed braces or brackets cost linear time.
    """

    def __init__(self, readline: ReadLine | None = None) -> None:
        self._readline = readline
        self._pending: list[str | bytes] = []  # lines read ahead by the caller, read first
        self._buffer = ""
        self._offset = 0  # where the unread rest of the buffer starts
        self._line = 1  # file line number of the line holding that offset
        self._column = 0  # columns of that line already consumed
        self._ahead: list[int] = []  # starts of the lines after the offset already in the buffer
        self._eof = False
        self._first = True
        # per character: (searched from, found at or -1, searched up to) in the buffer
        self._memo: dict[str, tuple[int, int, int]] = {}
        self.handle_position: int | None = None  # the handle's tell() after the last game
        self.not_pdn: str | None = None  # why the input is not PDN text (found at its start)
        self.rules_hint: RuleSet | None = None  # rules guessed for the previous game
        self._wide: codecs.IncrementalDecoder | None = None  # UTF-16/32 bytes: see read_wide
        self._wide_rest = ""  # decoded text after the last line returned
        self.wide_codec = ""  # the codec given to read_wide
        self._cut = 0  # the length of the line just read when it was cut (see MAX_LINE)
        self._cuts: list[tuple[int, int]] = []  # (offset in the buffer, line length) of cuts

    def read_wide(self, codec: str) -> None:
        """The input is bytes of UTF-32 or UTF-16 text in ``codec``: a binary handle's
        ``readline`` cuts it at ``b"\\n"`` bytes, not at its line ends, so the bytes are
        decoded as one stream and cut into lines again."""
        self._wide = codecs.getincrementaldecoder(codec)(errors="replace")
        self.wide_codec = codec

    def push_lines(self, lines: list[str | bytes]) -> None:
        """Lines the caller read ahead of the lexer: they are read before the source's."""
        self._pending.extend(lines)

    def _read_line(self) -> str | None:
        if self._eof:
            return None
        got = self._next_piece()
        if self._wide is not None and not isinstance(got, str):
            got = self._wide_line(got)
        if len(got) >= MAX_LINE and got[-1:] not in ("\n", b"\n"):
            got = self._cut_line(got)
        if not got:
            self._eof = True
            return None
        if isinstance(got, str):
            line = got
        else:  # a binary handle: decode line by line
            try:
                line = got.decode("utf-8")
            except UnicodeDecodeError:
                line = got.decode("cp1252", errors="replace")
        if self._first:
            self._first = False
            if line.startswith("\ufeff"):
                line = line[1:]
        return line

    def _wide_line(self, got: bytes) -> str:
        """The next line of the wide text whose next bytes are ``got`` ("" at the end)."""
        assert self._wide is not None
        text = self._wide_rest + self._wide.decode(got, final=not got)
        while got and "\n" not in text and len(text) < MAX_LINE:
            got = self._raw_line()
            text += self._wide.decode(got, final=not got)
        cut = min(text.find("\n") + 1 or len(text), MAX_LINE)
        self._wide_rest = text[cut:]
        return text[:cut]

    def _next_piece(self) -> str | bytes:
        """The next line (or piece of a long line) of the source, at most MAX_LINE long."""
        if self._pending:
            return self._pending.pop(0)
        if self._readline is None:
            return ""
        return self._readline(MAX_LINE)

    def _raw_line(self) -> bytes:
        got = self._next_piece()
        assert isinstance(got, bytes)
        return got

    def _cut_line(self, got: str | bytes) -> str | bytes:
        """``got`` is the first MAX_LINE characters of a longer line: the rest of the line is
        read and dropped, its length noted for the TOO_LONG token (see :meth:`_extend`)."""
        length = len(got)
        newline = "\n" if isinstance(got, str) else b"\n"
        while True:
            if self._pending:
                rest = self._pending.pop(0)
            elif self._readline is None:
                rest = ""
            else:
                rest = self._readline(_SKIP_PIECE)
            if self._wide is not None and isinstance(rest, bytes):
                rest = self._wide_line(rest)
            if not rest:
                break
            if rest.endswith(newline):  # type: ignore[arg-type]
                length += len(rest) - 1
                break
            length += len(rest)
        self._cut = length
        return got + newline  # type: ignore[operator]

    def _cut_after(self, start: int) -> int:
        """The buffer offset of the first cut line end after ``start``, or -1."""
        for at, _length in self._cuts:
            if at > start:
                return at
        return -1

    def refuse(self, reason: str) -> None:
        """The input is not PDN text (the caller found why): nothing of it is read as games."""
        self._eof = True
        self._pending = []
        self.not_pdn = reason

    def _extend(self, buf: str, line_starts: list[int], count: int) -> tuple[str, str | None]:
        """Read up to ``count`` lines onto ``buf``: (new buffer, the text read or None at EOF).

        Lines are joined before the one concatenation, and once the buffer is large (a long
        game, an unclosed comment) at least a quarter of its length is read each time, so
        its copies add up to linear time.  Small games are read line by line (so ``tell()``
        between games stays near the next game).
        """
        parts: list[str] = []
        length = len(buf)
        has_text = length > line_starts[0]
        if has_text and not buf.endswith("\n"):
            parts.append("\n")
            length += 1
        read = False
        enough = length + (length >> 2) if length >= _BIG_BUFFER else 0
        lines = 0
        while lines < count or length < enough:
            lines += 1
            line = self._read_line()
            if line is None:
                break
            read = True
            if has_text:
                line_starts.append(length)
            has_text = True
            parts.append(line)
            length += len(line)
            if self._cut:  # the line was cut before its line break: a token will say so
                self._cuts.append((length - 1, self._cut))
                self._cut = 0
        if not read:
            return buf, None
        new = "".join(parts)
        return buf + new, new

    def _find(self, buf: str, char: str, start: int) -> int:
        """``buf.find(char, start)``, never searching the same stretch twice."""
        memo = self._memo.get(char)
        if memo is not None:
            lo, found, upto = memo
            if lo <= start:
                if found >= start:
                    return found
                if found < 0 and start <= upto:
                    found = buf.find(char, upto)
                    self._memo[char] = (lo, found, len(buf))
                    return found
        found = buf.find(char, start)
        self._memo[char] = (start, found, len(buf))
        return found

    def _shift_memo(self, by: int) -> None:
        """The buffer lost its first ``by`` characters: move what the searches know."""
        memo: dict[str, tuple[int, int, int]] = {}
        for char, (lo, found, upto) in self._memo.items():
            if found >= by or found < 0 and upto >= by:
                memo[char] = (max(lo - by, 0), found - by if found >= 0 else -1, upto - by)
        self._memo = memo

    def next_game(self, readline: ReadLine | None = None) -> GameText | None:
        """The tokens of the next game, or None at the end of the input.

        ``readline`` is where the lines come from during this call (the one given to the
        constructor when None).  The lexer keeps no reference to it afterwards, so a lexer
        kept for a handle never keeps that handle alive.
        """
        if readline is None:
            return self._next_game()
        kept = self._readline
        self._readline = readline
        try:
            return self._next_game()
        finally:
            self._readline = kept

    def _next_game(self) -> GameText | None:
        buf = self._buffer
        pos = self._offset
        ahead = self._ahead  # starts of lines already in the buffer (read ahead)
        if pos >= len(buf):
            buf, pos, ahead = "", 0, []
            self._memo = {}
            self._cuts = []
        elif pos * 2 > len(buf):  # drop what was read (copying the smaller rest)
            ahead = [start - pos for start in ahead[bisect_right(ahead, pos) :]]
            self._shift_memo(pos)
            self._cuts = [(at - pos, length) for at, length in self._cuts if at >= pos]
            buf, pos = buf[pos:], 0
        first_ahead = bisect_right(ahead, pos)
        start_of_game = pos
        line_starts = [pos]
        merged = False  # whether the read-ahead lines were copied into line_starts
        first_line, first_column = self._line, self._column
        tokens: list[Token] = []
        append = tokens.append
        depth = 0
        balance = 0  # open "(" as the reader counts them: a ")" beyond is unmatched
        movetext = False
        content = False
        match_master = _MASTER.match
        last_move_end = -1
        glyphs = GLYPHS
        seen_tags: set[str] = set()
        only_comments = False
        find = self._find

        def more(count: int) -> bool:
            """Read up to ``count`` more lines into the buffer; False at the end."""
            nonlocal buf, merged
            if not merged:
                line_starts.extend(ahead[first_ahead:])
                merged = True
            buf, new = self._extend(buf, line_starts, count)
            return new is not None

        while True:
            m = match_master(buf, pos)
            if m is None:  # only whitespace left: read on (in bigger steps for huge games)
                if not more(1 if len(buf) - start_of_game < 65536 else 1024):
                    pos = len(buf)
                    break
                continue
            kind = m.lastgroup or "text"
            start = m.start(kind)
            end = m.end()
            if kind == "brace":
                close = find(buf, "}", start + 1)
                batch = 1
                cut = self._cut_after(start)
                while close < 0 and cut < 0 and len(buf) - start <= MAX_COMMENT and more(batch):
                    batch *= 2
                    close = find(buf, "}", start + 1)
                    cut = self._cut_after(start)
                if 0 <= cut < close or close < 0 <= cut:
                    close = -1  # the line was cut in the comment: it ends where the line does
                if close >= 0:
                    comment = buf[start + 1 : close]
                    end = close + 1
                    value: str | int | None = None
                else:  # unterminated: the comment runs to the end of its line
                    stop = find(buf, "\n", start)
                    end = len(buf) if stop < 0 else stop
                    comment = buf[start + 1 : end]
                    value = "unterminated"
                if len(comment) > MAX_COMMENT:
                    append((TOO_LONG, start, "comment", len(comment)))
                    comment = comment[:MAX_COMMENT]
                append((COMMENT, start, comment, value))
                if not movetext and not content:
                    only_comments = True  # comments before the tags: they stay with this game
                movetext = True
                pos = end
                continue
            if kind == "bracket":
                tag = self._tag(buf, start, find)
                spaces = _SPACES.match(buf, start + 1)
                if tag is None and spaces is not None and spaces.end() == len(buf):
                    lines = 0  # "[" and nothing but line ends yet: the name may follow
                    while tag is None and lines < 3 and more(1):
                        lines += 1
                        tag = self._tag(buf, start, find)
                if tag is None:
                    append((GLUED if start == last_move_end else TEXT, start, "[", None))
                    movetext = True
                    if only_comments:
                        only_comments = False
                    pos = end
                    continue
                name, tag_value, end, length = tag
                if movetext and not only_comments or tag_value is not None and name in seen_tags:
                    pos = start  # a new tag section (or a repeated tag): the next game
                    break
                if tag_value is not None:
                    seen_tags.add(name)
                if length > MAX_TAG_VALUE:
                    append((TOO_LONG, start, "tag", length))
                append((TAG, start, name, tag_value))
                content = True
                pos = end
                continue
            if kind == "slash":
                close = _setup_close(buf, start)
                lines = 0
                while close < 0 and lines < 3 and more(1):
                    lines += 1
                    close = _setup_close(buf, start)
                if close >= 0 and close - start <= MAX_SETUP:
                    append((SETUP, start, buf[start + 1 : close], None))
                    end = close + 1
                else:
                    append((GLUED if start == last_move_end else TEXT, start, "/", None))
                movetext = True
                if only_comments:
                    only_comments = False
                pos = end
                continue
            if kind == "M":
                move = m.group("move")
                if len(move) > MAX_MOVE:
                    append((TOO_LONG, start, "move", len(move)))
                else:
                    append((MOVE, start, move, None))
                    glyph = m.group("mglyph")
                    if glyph:
                        append((NAG, m.start("mglyph"), glyph, glyphs.get(glyph, 0)))
                last_move_end = end
                movetext = True
            elif kind == "number":
                append((NUMBER, start, m.group(kind), None))
                movetext = True
            elif kind == "result":
                append((RESULT, start, m.group(kind), None))
                movetext = True
                if depth <= 0:
                    pos = end
                    break
            elif kind == "open":
                depth += 1
                balance += 1
                append((OPEN, start, "(", None))
                movetext = True
            elif kind == "close":
                if balance > 0:
                    balance -= 1
                    append((CLOSE, start, ")", None))
                elif (
                    tokens
                    and tokens[-1][0] == CLOSE
                    and isinstance(tokens[-1][3], int)
                    and tokens[-1][1] + tokens[-1][3] == start
                ):
                    # a run of unmatched ")": one token that counts them (memory stays small)
                    last = tokens[-1]
                    tokens[-1] = (CLOSE, last[1], ")", int(last[3] or 0) + 1)
                else:
                    append((CLOSE, start, ")", 1))  # unmatched: value = how many in a row
                depth -= 1
                movetext = True
            elif kind == "nag":
                append((NAG, start, m.group(kind), int(m.group("nagn"))))
                movetext = True
            elif kind == "glyph":
                glyph = m.group(kind)
                append((NAG, start, glyph, glyphs.get(glyph, 0)))
                movetext = True
            elif kind == "ellipsis":
                append((ELLIPSIS, start, m.group(kind), None))
                movetext = True
            elif kind == "lcomment":
                text = m.group("ltext")
                if len(text) > MAX_COMMENT:
                    append((TOO_LONG, start, "comment", len(text)))
                    text = text[:MAX_COMMENT]
                append((LINE_COMMENT, start, text, None))
                movetext = True
            elif kind == "dash":
                append((UNKNOWN_MOVE, start, m.group(kind), None))
                movetext = True
            elif kind == "escape":
                append((ESCAPE, start, "", None))  # ignored: its text is not kept
            else:  # text
                text = m.group(kind)
                if start == last_move_end:
                    if len(text) > MAX_COMMENT:
                        append((TOO_LONG, start, "comment", len(text)))
                        text = text[:MAX_COMMENT]
                    append((GLUED, start, text, None))
                else:
                    append((TEXT, start, text, None))
                movetext = True
            if only_comments and kind not in _COMMENT_KINDS:
                only_comments = False
            pos = end
        content = content or movetext
        if self._cuts and self._cuts[0][0] < pos:  # lines cut: the reader says where
            while self._cuts and self._cuts[0][0] < pos:
                at, length = self._cuts.pop(0)
                if at >= start_of_game:
                    append((TOO_LONG, at, "line", length))
            tokens.sort(key=_offset)
        # keep the unread rest for the next game
        if merged:
            ahead = line_starts
        else:
            line_starts.extend(ahead[first_ahead : bisect_right(ahead, pos)])
        rest_line, rest_column = self._position_of(pos, line_starts, first_line, first_column)
        self._buffer, self._offset = buf, pos  # the rest is read from here (no copy)
        self._ahead = ahead
        self._line, self._column = rest_line, rest_column - 1
        if not content:
            self._buffer, self._offset, self._ahead = "", 0, []
            self._memo = {}
            return None
        return GameText(tokens, buf, line_starts, first_line, first_column, pos)

    @staticmethod
    def _tag(
        buf: str, start: int, find: Callable[[str, str, int], int]
    ) -> tuple[str, str | None, int, int] | None:
        """The tag at ``buf[start] == "["``: (name, value or None, end, value length) or None.

        ``[Name "value"]`` (escapes undone; ``]`` may be inside the quotes), ``[Name value]``
        (quotes stripped), ``[Name]`` (no value).  A tag never spans a line end after its
        name.  Values are cut to :data:`MAX_TAG_VALUE` characters.
        """
        head = _TAG_HEAD.match(buf, start)
        if head is None:
            return None
        name = head.group("name")
        at = head.end()
        if at < len(buf) and buf[at] == "]":
            return name, None, at + 1, 0
        if at < len(buf) and buf[at] in _QUOTES:
            quoted = _TAG_VALUE.match(buf, at + 1)
            if quoted is not None:
                value = buf[at + 1 : quoted.end()].rstrip(" \t]")[:-1]
                length = len(value)
                value = unescape(value[: MAX_TAG_VALUE * 2])[:MAX_TAG_VALUE]
                return name, value, quoted.end(), length
        close = find(buf, "]", at)
        if close < 0:
            return None
        line_end = find(buf, "\n", at)
        if 0 <= line_end < close:
            return None
        raw = buf[at:close].strip().strip('"“”').strip()
        return name, raw[:MAX_TAG_VALUE], close + 1, len(raw)

    @staticmethod
    def _position_of(
        offset: int, line_starts: list[int], first_line: int, first_column: int
    ) -> tuple[int, int]:
        i = max(bisect_right(line_starts, offset) - 1, 0)
        column = offset - line_starts[i] + 1 + (first_column if i == 0 else 0)
        return first_line + i, column


def _offset(token: Token) -> int:
    return token[1]


def _setup_close(buf: str, start: int) -> int:
    """The ``/`` that closes the setup opened at ``start``: the first one after the quoted
    FEN when the setup has one (a FEN with towers holds ``/`` itself), else the first one."""
    slash = buf.find("/", start + 1)
    quote = buf.find('"', start + 1)
    if 0 <= quote < slash:
        end_quote = buf.find('"', quote + 1)
        if end_quote < 0:
            return -1
        return buf.find("/", end_quote + 1)
    return slash
