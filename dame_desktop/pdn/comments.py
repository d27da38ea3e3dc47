"""A comment's own words apart from its embedded commands (``[%eval 0.35]``, ``[%clk 0:04:51]``,
``[%review $4]``, any ``[%name value]``).  No Qt.

Programs write commands into comments; people write words.  The window shows and edits the
words only, and an edit of the words keeps every command as it was (see notes/pdn.md, 7):

* :func:`split_comment` takes a comment apart: the words (commands taken out, the spaces
  around each folded into one) and the commands, verbatim, those before the first word apart
  from the others;
* :func:`with_words` puts new words into a comment: the leading commands stay in front, the
  others follow the words.  When the words are the ones the comment has, the comment comes
  back unchanged (so looking at a comment never rewrites it).
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["COMMAND", "CommentParts", "comment_words", "split_comment", "with_words"]

COMMAND = re.compile(r"\[%(\w+)\s++([^\]\[]*+)\]")
"""One embedded command: group 1 its name, group 2 its value (stops at the next ``[``:
linear on any input)."""


class CommentParts(NamedTuple):
    """A comment taken apart (see :func:`split_comment`)."""

    words: str
    leading: tuple[str, ...]  # commands before the first word, verbatim
    trailing: tuple[str, ...]  # the other commands, verbatim, in their order
    commands: tuple[tuple[str, str], ...]  # (name, value) of every command, in order


def split_comment(text: str) -> CommentParts:
    """The words of ``text`` and its commands (see the module docstring)."""
    pieces: list[str] = []
    leading: list[str] = []
    trailing: list[str] = []
    commands: list[tuple[str, str]] = []
    end = 0
    words_seen = False
    for match in COMMAND.finditer(text):
        before = text[end : match.start()]
        pieces.append(before)
        words_seen = words_seen or bool(before.strip())
        (trailing if words_seen else leading).append(match.group(0))
        commands.append((match.group(1), match.group(2).strip()))
        end = match.end()
    if not commands:
        return CommentParts(text.strip(), (), (), ())
    pieces.append(text[end:])
    return CommentParts(_fold(pieces), tuple(leading), tuple(trailing), tuple(commands))


def _fold(pieces: list[str]) -> str:
    """Join the text between commands: where a command stood, its neighbouring spaces become
    one space (none at a line's start or end, and a command's own line goes)."""
    out: list[str] = []
    last = ""  # the last character written
    final = len(pieces) - 1
    for n, piece in enumerate(pieces):
        if n:
            piece = piece.lstrip(" \t")
        if n < final:  # a command follows
            piece = piece.rstrip(" \t")
        if n:  # a command stood before
            if last == "\n" and piece.startswith("\n"):
                piece = piece[1:]
            elif last == "\n" and piece.startswith("\r\n"):
                piece = piece[2:]
            elif last and last != "\n" and piece and piece[0] not in "\r\n":
                out.append(" ")
        if piece:
            out.append(piece)
            last = piece[-1]
    return "".join(out).strip()


def comment_words(text: str) -> str:
    """The words of ``text`` without its commands."""
    return split_comment(text).words


def with_words(comment: str, words: str) -> str:
    """``comment`` with its words replaced by ``words``, every command kept."""
    parts = split_comment(comment)
    words = words.strip()
    if words == parts.words:
        return comment
    if not parts.words:  # only commands so far: the words go first
        return " ".join(part for part in (words, " ".join(parts.leading)) if part)
    return " ".join(
        part for part in (" ".join(parts.leading), words, " ".join(parts.trailing)) if part
    )
