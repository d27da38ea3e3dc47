"""Writing PDN 3.0: tags (roster first, GameType full form, our Rules tag, SetUp/FEN), then the
move text wrapped at 80 columns with comments, NAGs, variations and setups, and the result
in the rule set's style (``2-0``/``1-1``/``0-2`` on 10x10, ``1-0``/``1/2-1/2``/``0-1`` else).

The writer is a visitor, as python-chess's ``StringExporter`` is: :class:`PdnExporter` takes
the callbacks of :meth:`Game.accept <dame_desktop.pdn.tree.Game.accept>` (or of the reader:
``read_game(handle, PdnExporter)`` gives a game's text as Dame writes it) and
:func:`write_game` is ``game.accept(PdnExporter(columns))``.  Nothing recurses, so any depth
of variations is written.

Captures are written from-to unless that is ambiguous (Position.move_text decides); a capture
the file (or the caller) gave with its full path is written with that path again.

Any text can be written: in comments ``}`` becomes ``)``; control characters, lone
surrogates and other code points no file can hold become U+FFFD; a comment longer than
:data:`~dame_desktop.pdn.lexer.MAX_COMMENT` characters is cut there (the reader would cut it).
Tag values are escaped (``\\``, ``"`` and the curly quotes the reader takes as quotes).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import IO

from ..core import Color, Move, Position, RuleSet
from ..core.geometry import geometry_of
from ..core.movegen import RawMove
from ..core.numbering import number_after, number_label
from .gametype import KNOWN_RESULTS, gametype_text, rules_tag, styled_result
from .lexer import GLYPHS, MAX_COMMENT, MAX_TAG_VALUE, UNWRITABLE
from .tree import TAG_ROSTER, Game, Nag, State, game_result, state_position
from .visitors import BaseVisitor

__all__ = [
    "PdnExporter",
    "escape",
    "header_items",
    "movetext_words",
    "write_game",
    "write_games",
    "writable",
]

_PARAGRAPH = "\x00"  # a paragraph break between comment words (never in written text)
_SPECIAL_TAGS = {"GameType", "Rules", "SetUp", "Setup", "setup", "FEN", "Fen", "fen", "Result"}
_NAG_TEXT = re.compile(r"(\$[0-9]{1,4}|[!?]{1,5}|\([!?]{1,5}\)|□)")


def writable(text: str) -> str:
    """``text`` with what a PDN file cannot hold replaced by U+FFFD."""
    return UNWRITABLE.sub("\ufffd", text)


def escape(value: str) -> str:
    r"""A tag value as written between quotes: ``\``, ``"``, ``“`` and ``”`` escaped."""
    value = writable(value)
    if len(value) > MAX_TAG_VALUE:
        value = value[:MAX_TAG_VALUE]
    return (
        value.replace("\\", "\\\\")
        .replace('"', '\\"')
        .replace("\u201c", "\\\u201c")
        .replace("\u201d", "\\\u201d")
    )


def write_game(game: Game, columns: int = 80) -> str:
    """The game as PDN 3.0 text, ending with a blank line."""
    return game.accept(PdnExporter(columns))


def write_games(games: Iterable[Game], handle: IO[str], columns: int = 80) -> int:
    """Write games to a text handle; returns the number of characters written."""
    count = 0
    for game in games:
        count += handle.write(write_game(game, columns))
    return count


def header_items(game: Game) -> list[tuple[str, str]]:
    """The tags as written: roster, GameType, Rules, SetUp/FEN, then the other tags."""
    return _header_items(
        list(game.headers.items()),
        game.rules,
        game.result(),
        game.state if not game.is_standard_start() else None,
    )


def _header_items(
    headers: list[tuple[str, str]], rules: RuleSet, result: str, start: State | None
) -> list[tuple[str, str]]:
    tags = dict(headers)
    items: list[tuple[str, str]] = []
    for name in TAG_ROSTER:
        if name == "Result":
            items.append(("Result", styled_result(result, rules)))
        elif name in tags:
            items.append((name, tags[name]))
    items.append(("GameType", gametype_text(rules)))
    if rules.towers:  # no standard GameType: name the game too, always in this place
        items.append(("Variant", tags.get("Variant", "Bashni")))
    tag = rules_tag(rules)
    if tag is not None:
        items.append(("Rules", tag))
    if start is not None:
        position = state_position(rules, start)
        items.append(("SetUp", "1"))
        items.append(("FEN", position.fen()))  # a setup at the start included
    for name, value in headers:
        if name not in TAG_ROSTER and name not in _SPECIAL_TAGS:
            if name == "Variant" and rules.towers:
                continue  # written after GameType
            items.append((name, value))
    return items


def _comment_words(text: str) -> list[str]:
    if len(text) > MAX_COMMENT:
        text = text[:MAX_COMMENT]
    text = writable(text.replace("}", ")")).strip()
    out: list[str] = []
    for words in (p.split() for p in text.split("\n\n")):
        if not words:
            continue
        if out:
            out.append(_PARAGRAPH)
        out.extend(words)
    if out:
        out[0] = "{" + out[0]
        out[-1] = out[-1] + "}"
    return out


def movetext_words(game: Game) -> list[str]:
    """The move text as words (paragraph breaks inside comments as a marker)."""
    exporter = PdnExporter()
    game.accept(exporter)
    return exporter.words


class _Level:
    """One line being written: the main line or a variation."""

    __slots__ = ("state", "number", "force", "before", "before_number")

    def __init__(self, state: State, number: int, force: bool) -> None:
        self.state = state  # the position the next move is played from
        self.number = number  # the move number of the next move
        self.force = force  # whether the next move must show its number
        self.before: State | None = None  # the position before the line's last move
        self.before_number = number  # its move number


class PdnExporter(BaseVisitor[str]):
    """A visitor that writes the game it is shown as PDN 3.0 text (the writer)."""

    def __init__(self, columns: int = 80) -> None:
        self.columns = columns
        self.begin_game()

    def begin_game(self) -> None:
        self.words: list[str] = []
        self.headers: list[tuple[str, str]] = []
        self.rules: RuleSet | None = None
        self.start: State | None = None
        self.token: str | None = None
        self._levels: list[_Level] = []
        self._move_word = -1  # index of the last move's word while a glyph may be glued on
        self._move: tuple[RawMove, State] | None = None  # last move and the state before it
        self._text = ""

    def visit_header(self, name: str, value: str) -> None:
        self.headers.append((name, value))

    def visit_start(self, rules: RuleSet, state: State, guessed: bool) -> None:
        self.rules = rules
        self.start = state
        self._levels = [_Level(state, 1, True)]

    def visit_comment(self, comment: str) -> None:
        self._move_word = -1
        words = _comment_words(comment)
        if words:
            self.words.extend(words)
            if self._levels:
                self._levels[-1].force = True

    def visit_move(self, raw: RawMove, state: State) -> None:
        rules = self.rules
        assert rules is not None
        level = self._levels[-1]
        before = level.state
        number = level.number
        move = _move_of(rules, raw)
        position = state_position(rules, before)
        wtm = position.turn is Color.WHITE
        # with towers the route decides the order of the prisoners: a capture of several
        # jumps is written in full, so that it reads back along the same route
        style = "full" if rules.towers and len(raw[5]) > 1 else "short"
        text = position.move_text(move, style, algebraic=rules.algebraic)
        words = self.words
        mover = Color.WHITE if wtm else Color.BLACK
        first_moves = mover is rules.first
        opened = bool(words) and words[-1] == "("
        if first_moves or level.force:
            label = number_label(number, first_moves)
            if opened:
                words[-1] = "(" + label
            else:
                words.append(label)
            words.append(text)
        elif opened:
            words[-1] = "(" + text
        else:
            words.append(text)
        self._move_word = len(words) - 1
        self._move = (raw, before)
        level.before, level.before_number = before, number
        level.state = state
        level.number = number_after(number, mover, rules.first)
        level.force = False

    def visit_route(self, route: tuple[int, ...]) -> None:
        """Write the capture just visited with the path given, when it is a route of it."""
        if self._move is None or self._move_word < 0 or self.rules is None:
            return
        raw, _before = self._move
        rules = self.rules
        geo = geometry_of(rules)
        if len(route) < 3 or not raw[5] or any(not 1 <= sq <= geo.squares for sq in route):
            return
        b2s = geo.bit_to_sq
        path = [b2s[raw[0]], *(b2s[bit] for bit in raw[4])]
        if route[0] != path[0] or route[-1] != path[-1] or not _fits(route[1:-1], path[1:-1]):
            return
        word = self.words[self._move_word]
        prefix = "(" if word.startswith("(") else ""
        names = [geo.sq_name(sq) for sq in route] if rules.algebraic else [str(sq) for sq in route]
        sep = rules.capture_separator if rules.algebraic else "x"
        self.words[self._move_word] = prefix + sep.join(names)

    def visit_nag(self, nag: Nag) -> None:
        at = self._move_word
        self._move_word = -1
        text = nag.text
        if at >= 0 and text in GLYPHS and not text.startswith("$") and text != "*":
            self.words[at] += text
        elif _NAG_TEXT.fullmatch(text):
            self.words.append(text)
        elif 0 <= nag.value <= 9999:
            self.words.append(f"${nag.value}")

    def visit_setup(self, fen: str, state: State) -> None:
        self._move_word = -1
        level = self._levels[-1] if self._levels else None
        if level is None or level.before is None:
            if level is not None:
                level.state = state  # a setup at the start: the FEN tag holds it
                self.start = state
            return
        self.words.append(f'/FEN "{writable(fen)}"/')
        level.state = state
        level.force = True

    def begin_variation(self) -> None:
        self._move_word = -1
        level = self._levels[-1]
        assert level.before is not None
        self._levels.append(_Level(level.before, level.before_number, True))
        self.words.append("(")

    def end_variation(self) -> None:
        self._move_word = -1
        self._levels.pop()
        self.words[-1] = self.words[-1] + ")"
        self._levels[-1].force = True

    def visit_result(self, token: str) -> None:
        self.token = token

    def end_game(self) -> None:
        rules = self.rules
        result = game_result(dict(self.headers).get("Result", ""), self.token)
        if rules is None:  # the reader found no rules Dame plays: the tags as they were
            lines = [f'[{name} "{escape(value)}"]' for name, value in self.headers]
            self._text = "\n".join([*lines, "*"]) + "\n\n"
            return
        start = self.start
        standard = Position.start(rules)
        if start == (standard.white, standard.black, standard.kings, standard.turn is Color.WHITE):
            start = None
        lines = [
            f'[{name} "{escape(value)}"]'
            for name, value in _header_items(self.headers, rules, result, start)
        ]
        styled = styled_result(result, rules)
        words = self.words
        words.append(styled if styled in KNOWN_RESULTS else "*")  # odd results stay in the tag
        lines.extend(_wrap(words, self.columns))
        words.pop()
        self._text = "\n".join(lines) + "\n\n"

    def result(self) -> str:
        return self._text


def _move_of(rules: RuleSet, raw: RawMove) -> Move:
    b2s = geometry_of(rules).bit_to_sq
    path = (b2s[raw[0]],) + tuple(b2s[b] for b in raw[4])
    return Move(
        path=path, captured=tuple(b2s[b] for b in raw[5]), promotes=raw[3], paths=(path,), raw=raw
    )


def _fits(via: Iterable[int], path: Iterable[int]) -> bool:
    it = iter(path)
    return all(sq in it for sq in via)


def _wrap(words: list[str], columns: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words:
        if word == _PARAGRAPH:
            lines.append(current)
            lines.append("")
            current = ""
            continue
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= columns:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines
