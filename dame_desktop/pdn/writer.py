"""Writing PDN 3.0: tags (roster first, GameType full form, our Rules tag, SetUp/FEN), then the
move text wrapped at 80 columns with comments, NAGs, variations and setups, and the result
in the rule set's style (``2-0``/``1-1``/``0-2`` on 10x10, ``1-0``/``1/2-1/2``/``0-1`` else).

Captures are written from-to unless that is ambiguous (Position.move_text decides).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import IO

from ..core import Color
from .gametype import KNOWN_RESULTS, gametype_text, rules_tag, styled_result
from .lexer import GLYPHS
from .tree import TAG_ROSTER, ChildNode, Game, GameNode

_PARAGRAPH = "\x00"
_SPECIAL_TAGS = {"GameType", "Rules", "SetUp", "Setup", "setup", "FEN", "Fen", "fen", "Result"}
_NAG_TEXT = re.compile(r"^(\$\d+|[!?]{1,5}|\([!?]{1,5}\)|□)$")


def escape(value: str) -> str:
    r"""A tag value with ``\`` and ``"`` escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_game(game: Game, columns: int = 80) -> str:
    """The game as PDN 3.0 text, ending with a blank line."""
    lines = [f'[{name} "{escape(value)}"]' for name, value in header_items(game)]
    words = movetext_words(game)
    lines.extend(_wrap(words, columns))
    return "\n".join(lines) + "\n\n"


def write_games(games: Iterable[Game], handle: IO[str], columns: int = 80) -> int:
    """Write games to a text handle; returns the number of characters written."""
    count = 0
    for game in games:
        count += handle.write(write_game(game, columns))
    return count


def header_items(game: Game) -> list[tuple[str, str]]:
    """The tags as written: roster, GameType, Rules, SetUp/FEN, then the other tags."""
    headers = game.headers
    rules = game.rules
    items: list[tuple[str, str]] = []
    for name in TAG_ROSTER:
        if name == "Result":
            items.append(("Result", styled_result(game.result(), rules)))
        elif name in headers:
            items.append((name, headers[name]))
    items.append(("GameType", gametype_text(rules)))
    tag = rules_tag(rules)
    if tag is not None:
        items.append(("Rules", tag))
    if not game.is_standard_start():
        items.append(("SetUp", "1"))
        items.append(("FEN", game.position().fen()))  # a setup at the start included
    for name, value in headers.items():
        if name not in TAG_ROSTER and name not in _SPECIAL_TAGS:
            items.append((name, value))
    return items


def _comment_words(text: str) -> list[str]:
    text = text.replace("}", ")").strip()
    if not text:
        return []
    out: list[str] = []
    paragraphs = [p.split() for p in text.split("\n\n") if p.strip()]
    for i, words in enumerate(paragraphs):
        if i:
            out.append(_PARAGRAPH)
        out.extend(words)
    out[0 if out[0] != _PARAGRAPH else 1] = "{" + out[0 if out[0] != _PARAGRAPH else 1]
    out[-1] = out[-1] + "}"
    return out


def movetext_words(game: Game) -> list[str]:
    """The move text as words (paragraph breaks inside comments as a marker)."""
    words: list[str] = []
    if game.comment:
        words.extend(_comment_words(game.comment))
    force = True
    _walk(game, 1, force, words)
    result = styled_result(game.result(), game.rules)
    words.append(result if result in KNOWN_RESULTS else "*")  # odd results stay in the tag
    return words


def _walk(parent: GameNode, number: int, force: bool, words: list[str]) -> None:
    node = parent
    while node.variations:
        main = node.variations[0]
        next_number, force_after = _emit(main, number, force, words)
        for alt in node.variations[1:]:
            words.append("(")
            alt_next, alt_force = _emit(alt, number, True, words)
            _walk(alt, alt_next, alt_force, words)
            words[-1] = words[-1] + ")"
            force_after = True
        node = main
        number = next_number
        force = force_after


def _emit(child: ChildNode, number: int, force: bool, words: list[str]) -> tuple[int, bool]:
    """Write one move with its annotations; returns (next move number, force a number)."""
    parent = child.parent
    assert parent is not None
    rules = child.rules
    if child.starting_comment:
        words.extend(_comment_words(child.starting_comment))
        force = True
    mover = Color.WHITE if parent.state[3] else Color.BLACK
    first_moves = mover is rules.first
    text = parent.position().move_text(child.move, "short", algebraic=rules.algebraic)
    nags = list(child.nags)
    if nags and nags[0].text in GLYPHS and not nags[0].text.startswith("$") and nags[0].text != "*":
        text += nags.pop(0).text
    if first_moves:
        if words and words[-1] == "(":
            words[-1] = f"({number}."
        else:
            words.append(f"{number}.")
        words.append(text)
    else:
        if force:
            if words and words[-1] == "(":
                words[-1] = f"({number}..."
            else:
                words.append(f"{number}...")
            words.append(text)
        elif words and words[-1] == "(":
            words[-1] = "(" + text
        else:
            words.append(text)
    for nag in nags:
        words.append(nag.text if _NAG_TEXT.match(nag.text) else f"${nag.value}")
    force = False
    if child.comment:
        words.extend(_comment_words(child.comment))
        force = True
    if child.setup is not None:
        words.append(f'/FEN "{child.setup}"/')
        force = True
    next_number = number if first_moves else number + 1
    return next_number, force


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
