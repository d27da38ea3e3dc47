"""Arrows and circles drawn on the board, kept in a move's comment as embedded commands.  No Qt.

The commands (documented in the README) follow the ``[%name value]`` form that other
programs' readers skip:

* ``[%arrow 11-15,22-18]`` -- arrows from square 11 to 15 and from 22 to 18;
* ``[%circle 22,27]`` -- circles on squares 22 and 27.

Squares are written as the rule set writes them in moves: numbers, or names (``d4-d6``) on a
board of all squares (Turkish).  A token that names no square of the board is skipped, so a
damaged command never stops a file from opening.  The comment's words are untouched (see
:mod:`.comments`, which also hides these commands from the shown comment).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dame_desktop.core import RuleSet
from dame_desktop.core.geometry import geometry_of
from dame_desktop.pdn.comments import COMMAND

__all__ = ["Marks", "marks_of", "with_marks"]

ARROW = "arrow"
CIRCLE = "circle"


@dataclass(frozen=True)
class Marks:
    """The arrows (from, to) and circled squares on one position, as square numbers."""

    arrows: tuple[tuple[int, int], ...] = ()
    circles: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.arrows or self.circles)

    def toggled_arrow(self, start: int, end: int) -> Marks:
        """With the arrow ``start``-``end`` added, or taken away when it is there."""
        pair = (start, end)
        if pair in self.arrows:
            return Marks(tuple(a for a in self.arrows if a != pair), self.circles)
        return Marks((*self.arrows, pair), self.circles)

    def toggled_circle(self, square: int) -> Marks:
        """With a circle on ``square`` added, or taken away when it is there."""
        if square in self.circles:
            return Marks(self.arrows, tuple(c for c in self.circles if c != square))
        return Marks(self.arrows, (*self.circles, square))


def _square(token: str, rules: RuleSet) -> int | None:
    geo = geometry_of(rules)
    token = token.strip()
    if token.isascii() and token.isdigit() and not rules.names_squares:
        number = int(token)
        return number if 1 <= number <= geo.squares else None
    try:
        return geo.sq_from_name(token)
    except ValueError:
        return None


def _name(square: int, rules: RuleSet) -> str:
    return geometry_of(rules).sq_name(square) if rules.names_squares else str(square)


def marks_of(comment: str, rules: RuleSet) -> Marks:
    """The arrows and circles in ``comment`` (every ``[%arrow]`` and ``[%circle]``, in
    order, each once); tokens that name no square are skipped."""
    arrows: list[tuple[int, int]] = []
    circles: list[int] = []
    for match in COMMAND.finditer(comment):
        name, value = match.group(1).lower(), match.group(2)
        for token in re.split(r"[,\s]+", value.strip()):
            if not token:
                continue
            if name == ARROW:
                ends = re.split(r"[-x]", token, maxsplit=1)
                if len(ends) != 2:
                    continue
                start, end = _square(ends[0], rules), _square(ends[1], rules)
                if (
                    start is not None
                    and end is not None
                    and start != end
                    and (start, end) not in arrows
                ):
                    arrows.append((start, end))
            elif name == CIRCLE:
                square = _square(token, rules)
                if square is not None and square not in circles:
                    circles.append(square)
    return Marks(tuple(arrows), tuple(circles))


def with_marks(comment: str, marks: Marks, rules: RuleSet) -> str:
    """``comment`` with its ``[%arrow]``/``[%circle]`` commands replaced by ``marks`` (put at
    the end; none when ``marks`` is empty).  Words and other commands stay as they are."""
    kept: list[str] = []
    end = 0
    for match in COMMAND.finditer(comment):
        if match.group(1).lower() in (ARROW, CIRCLE):
            kept.append(comment[end : match.start()])
            end = match.end()
    kept.append(comment[end:])
    text = re.sub(r"[ \t]{2,}", " ", "".join(kept)).strip() if len(kept) > 1 else comment
    commands = []
    if marks.arrows:
        commands.append(
            f"[%{ARROW} "
            + ",".join(f"{_name(a, rules)}-{_name(b, rules)}" for a, b in marks.arrows)
            + "]"
        )
    if marks.circles:
        commands.append(f"[%{CIRCLE} " + ",".join(_name(c, rules) for c in marks.circles) + "]")
    return " ".join(part for part in (text, *commands) if part)
