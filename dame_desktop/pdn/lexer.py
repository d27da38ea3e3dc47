"""Tokeniser for PDN: splits a text stream into games and each game into tokens.

One compiled regular expression recognises every token at the current offset (tags, move
numbers, moves with their glued strength marks, comments, line comments, variations, NAGs,
``/FEN "..."/`` setups, results).  A game ends after a result token at nesting depth 0 or
before a tag section that follows move text -- never at a blank line.

Reading is line by line from a text handle; the rest of a line after a game's result is kept
for the next call (see :class:`GameLexer`), so one-line files with several games work.
"""

from __future__ import annotations

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



Token = tuple[int, int, str, "str | int | None"]
"""One token: (kind, offset in the game text, text, value: tag value / NAG number / None)."""


# Strength marks and their NAG numbers (PDN 3.0 / PGN); other spellings keep their text.
GLYPHS: dict[str, int] = {
    "!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6, "*": 7, "□": 7,
    "(!)": 1, "(?)": 2, "(!!)": 3, "(??)": 4, "(!?)": 5, "(?!)": 6,
}

_SQ = r"(?:[a-l]\d{1,2}|\d{1,2})"
_MOVE = (
    rf"{_SQ}(?:[ \t]?[-x:×][ \t]?{_SQ})+"
    r"|[a-l]\d{1,2}[a-l]\d{1,2}(?:[a-l]\d{1,2})*"
    r"|\d{4}(?![\d.])"
)
_GLYPH = r"[!?]{1,5}|\([!?]{1,5}\)|□"
_RESULTS = r"1/2-1/2|½-½|0\.5-0\.5|2-0|0-2|1-1|1-0|0-1|0-0|\*"
_QUOTE_OPEN = "\"\u201c\u201d"

# Leading whitespace (possessive, so a token is never cut at the end of the buffer) includes
# the literal two-character "\r" garbage of some broken exports.
_MASTER = re.compile(
    r"(?:\s|\\r)*+(?:" + "|".join(
        (
            r"(?P<comment>\{(?P<ctext>[^}]*)\})",
            rf"(?P<tag>\[\s*(?P<tname>[A-Za-z_]\w*)[ \t]*"
            rf"(?:[{_QUOTE_OPEN}](?P<tval>(?:\\.|[^\"\\\n\u201c\u201d])*)"
            rf"[{_QUOTE_OPEN}][ \t]*)?\])",
            r"(?P<rawtag>\[\s*(?P<rname>[A-Za-z_]\w*)[ \t]*(?P<rval>[^\]\n]*)\])",
            rf"(?P<result>(?:{_RESULTS})(?![\w/.-]))",
            r"(?P<number>\d+[ \t]*(?:\.\.\.|…|\.))",
            rf"(?P<M>(?P<move>{_MOVE})(?P<mglyph>{_GLYPH}|\*(?=\s|$|[)(]))?)",
            r"(?P<ellipsis>\.\.\.|…)",
            r"(?P<dash>--?(?=\s|$))",
            r"(?P<lcomment>;(?P<ltext>[^\n]*))",
            r"(?P<escape>(?<![^\n])%[^\n]*)",  # only in the first column
            r"(?P<setup>/(?P<stext>[^/\n]*(?:\n[^/\n]*)*)/)",
            rf"(?P<glyph>{_GLYPH})",
            r"(?P<open>\()",
            r"(?P<close>\))",
            r"(?P<nag>\$(?P<nagn>\d{1,4}))",
            r"(?P<text>[^\s{}()\[\];$/]+|\S)",
        )
    ) + ")"
)
_COMMENT_KINDS = frozenset(("comment", "lcomment", "escape", "tag", "rawtag"))
_CLOSERS = {"{": "}", "/": "/", "[": "]"}
_UNESCAPE = re.compile(r"\\(.)")
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
    """Cuts a stream of lines into games.  Keeps the unread rest of the current line."""

    def __init__(self, readline: Callable[[], str | bytes]) -> None:
        self._readline = readline
        self._buffer = ""
        self._offset = 0  # where the unread rest of the buffer starts
        self._line = 1  # file line number of the line holding that offset
        self._column = 0  # columns of that line already consumed
        self._ahead: list[int] = []  # starts of the lines after the offset already in the buffer
        self._eof = False
        self._first = True
        self.handle_position: int | None = None  # the handle's tell() after the last game
        self.rules_hint: RuleSet | None = None  # rules guessed for the previous game

    def _read_line(self) -> str | None:
        if self._eof:
            return None
        got = self._readline()
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

    def _extend(self, buf: str, line_starts: list[int], count: int) -> tuple[str, str | None]:
        """Read up to ``count`` lines onto ``buf``: (new buffer, the text read or None at EOF).

        Lines are joined before the one concatenation, so a game (or an unclosed comment)
        spanning many lines costs linear time.
        """
        parts: list[str] = []
        length = len(buf)
        has_text = length > line_starts[0]
        if has_text and not buf.endswith("\n"):
            parts.append("\n")
            length += 1
        read = False
        for _ in range(count):
            line = self._read_line()
            if line is None:
                break
            read = True
            if has_text:
                line_starts.append(length)
            has_text = True
            parts.append(line)
            length += len(line)
        if not read:
            return buf, None
        new = "".join(parts)
        return buf + new, new

    def next_game(self) -> GameText | None:
        """The tokens of the next game, or None at the end of the input."""
        buf = self._buffer
        pos = self._offset
        ahead = self._ahead  # starts of lines already in the buffer (read ahead)
        if pos >= len(buf):
            buf, pos, ahead = "", 0, []
        elif pos * 2 > len(buf):  # drop what was read (copying the smaller rest)
            ahead = [start - pos for start in ahead[bisect_right(ahead, pos):]]
            buf, pos = buf[pos:], 0
        first_ahead = bisect_right(ahead, pos)
        start_of_game = pos
        line_starts = [pos]
        merged = False  # whether the read-ahead lines were copied into line_starts
        first_line, first_column = self._line, self._column
        tokens: list[Token] = []
        append = tokens.append
        depth = 0
        movetext = False
        content = False
        match_master = _MASTER.match
        last_move_end = -1
        glyphs = GLYPHS
        seen_tags: set[str] = set()
        only_comments = False
        while True:
            m = match_master(buf, pos)
            if m is None:  # only whitespace left: read on (in bigger steps for huge games)
                if not merged:
                    line_starts.extend(ahead[first_ahead:])
                    merged = True
                buf, new = self._extend(buf, line_starts,
                                        1 if len(buf) - start_of_game < 65536 else 1024)
                if new is None:
                    pos = len(buf)
                    break
                continue
            kind = m.lastgroup or "text"
            start = m.start(kind)
            end = m.end()
            if kind == "M":
                append((MOVE, start, m.group("move"), None))
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
            elif kind == "comment":
                append((COMMENT, start, m.group("ctext"), None))
                if not movetext and not content:
                    only_comments = True  # comments before the tags: they stay with this game
                movetext = True
            elif kind == "tag" or kind == "rawtag":
                if kind == "tag":
                    name, value = m.group("tname"), m.group("tval")
                    if value is not None:
                        value = unescape(value)
                else:
                    name = m.group("rname")
                    value = m.group("rval").strip().strip("\"“”").strip()
                if movetext and not only_comments or value is not None and name in seen_tags:
                    pos = start  # a new tag section (or a repeated tag): the next game
                    break
                if value is not None:
                    seen_tags.add(name)
                append((TAG, start, name, value))
                content = True
            elif kind == "open":
                depth += 1
                append((OPEN, start, "(", None))
                movetext = True
            elif kind == "close":
                depth -= 1
                append((CLOSE, start, ")", None))
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
                append((LINE_COMMENT, start, m.group("ltext"), None))
                movetext = True
            elif kind == "dash":
                append((UNKNOWN_MOVE, start, m.group(kind), None))
                movetext = True
            elif kind == "escape":
                append((ESCAPE, start, m.group(kind), None))
            elif kind == "setup":
                append((SETUP, start, m.group("stext"), None))
                movetext = True
            else:  # text
                text = m.group(kind)
                closer = _CLOSERS.get(text, "")
                if closer and buf.find(closer, start + 1) < 0:
                    # an opening brace, slash or bracket whose closer is not in the buffer yet
                    limit = 1 << 62 if text == "{" else 3  # setups and tags are short
                    found = False
                    batch = 1
                    if not merged:
                        line_starts.extend(ahead[first_ahead:])
                        merged = True
                    while limit > 0:
                        buf, new = self._extend(buf, line_starts, min(batch, limit))
                        if new is None:
                            break
                        limit -= batch
                        batch *= 2
                        if closer in new:
                            found = True
                            break
                    if found:
                        continue
                    if text == "{":  # unterminated: the comment runs to the end of its line
                        stop = buf.find("\n", start)
                        stop = len(buf) if stop < 0 else stop
                        append((COMMENT, start, buf[start + 1:stop], "unterminated"))
                        end = stop
                        movetext = True
                        pos = end
                        continue
                append((GLUED if start == last_move_end else TEXT, start, text, None))
                movetext = True
            if only_comments and kind not in _COMMENT_KINDS:
                only_comments = False
            pos = end
        content = content or movetext
        # keep the unread rest for the next game
        if merged:
            ahead = line_starts
        else:
            line_starts.extend(ahead[first_ahead:bisect_right(ahead, pos)])
        rest_line, rest_column = self._position_of(pos, line_starts, first_line, first_column)
        self._buffer, self._offset = buf, pos  # the rest is read from here (no copy)
        self._ahead = ahead
        self._line, self._column = rest_line, rest_column - 1
        if not content:
            self._buffer, self._offset, self._ahead = "", 0, []
            return None
        return GameText(tokens, buf, line_starts, first_line, first_column, pos)

    @staticmethod
    def _position_of(
        offset: int, line_starts: list[int], first_line: int, first_column: int
    ) -> tuple[int, int]:
        i = max(bisect_right(line_starts, offset) - 1, 0)
        column = offset - line_starts[i] + 1 + (first_column if i == 0 else 0)
        return first_line + i, column
