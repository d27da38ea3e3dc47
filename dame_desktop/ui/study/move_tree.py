"""The move list of a studied game: main line, comments, marks and variations (indented).

Each move is a link; clicking one shows its position.  The main line is bold, variations
stand in parentheses on their own indented lines, comments in italics.

Embedded commands are not shown as typed: after a move its ``[%eval]`` appears as a small
grey value (``+0.35``, ``#7``: first player's side, as everywhere in the window) and its
``[%clk]`` / ``[%clock]`` as the time left (``4:51``); the analysis summary in the game
comment is shown in words; ``[%review]`` records and commands we do not know are hidden.
Only the comment's own words are shown in italics (:func:`dame_desktop.pdn.comments.split_comment`).

Moves are spelt as the notation preference says (``11-15`` or ``c3-d4``,
:meth:`MoveTreeView.set_notation`); only the view changes, the file keeps its standard notation.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, QUrl, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QTextEdit, QWidget

from dame_desktop.core import Color, RuleSet
from dame_desktop.ui.study.marks import MARKS
from dame_desktop.ui.words.analysis import side_name, value_text
from dame_desktop.ui.words.notation import Notation, move_text

if TYPE_CHECKING:
    from dame_desktop.pdn import ChildNode, Game, GameNode
    from dame_desktop.pdn.comments import CommentParts

CURRENT_BACKGROUND = "#ffd65a"
MAIN_COLOUR = "#1c1c1c"
VARIATION_COLOUR = "#2f5d8a"
COMMENT_COLOUR = "#3a6a3a"
DATA_COLOUR = "#767676"  # evaluations and clocks: quieter than the moves

_TIME = re.compile(r"([0-9]{1,3}):([0-5]?[0-9]):([0-5]?[0-9](?:\.[0-9]+)?)")
_SUMMARY = re.compile(
    r"(White|Black):\s*([0-9]+) inaccurac(?:y|ies),\s*([0-9]+) mistakes?,\s*([0-9]+) "
    r"blunders?,\s*mean loss ([0-9]+(?:\.[0-9]+)?)"
)
_SUMMARY_ENGINE = re.compile(r"\(([^()]*)\)\s*$")


def mark_text(node: GameNode) -> str:
    return "".join(MARKS.get(n.value, f" ${n.value}") for n in node.nags)


def clock_text(value: str) -> str:
    """``0:04:51`` -> ``4:51``, ``1:02:03`` stays; ``[%clock w0:05:00 b0:04:30]``'s value ->
    ``5:00 | 4:30``; "" when no time can be read."""
    times = []
    for match in _TIME.finditer(value):
        hours, minutes, seconds = int(match.group(1)), int(match.group(2)), match.group(3)
        whole, _dot, fraction = seconds.partition(".")
        sec = f"{int(whole):02d}" + (f".{fraction}" if fraction else "")
        times.append(f"{hours}:{minutes:02d}:{sec}" if hours else f"{minutes}:{sec}")
    return " | ".join(times)


def command_texts(parts: CommentParts) -> list[str]:
    """What the move tree shows of a move's commands: the evaluation, then the clock."""
    from dame_desktop.engines.score import parse_eval

    out: list[str] = []
    for name, value in parts.commands:
        if name == "eval":
            score = parse_eval(value)
            if score is not None:
                out.append(value_text(score))
    for name, value in parts.commands:
        if name in ("clk", "clock"):
            text = clock_text(value)
            if text:
                out.append(text)
    return out


def summary_text(parts: CommentParts, rules: RuleSet) -> str:
    """The analysis summary (``[%review White: 1 inaccuracy, ...]``) in the window's words,
    or "" when the comment has none that can be read."""
    for name, value in parts.commands:
        if name != "review":
            continue
        players = _SUMMARY.findall(value)
        if not players:
            continue
        said = []
        for colour, inaccuracies, mistakes, blunders, loss in players:
            side = side_name(rules, Color.WHITE if colour == "White" else Color.BLACK)
            said.append(
                QCoreApplication.translate(
                    "MoveTreeView", "%1: inaccuracies %2, mistakes %3, blunders %4, mean loss %5"
                )
                .replace("%1", side)
                .replace("%2", inaccuracies)
                .replace("%3", mistakes)
                .replace("%4", blunders)
                .replace("%5", loss)
            )
        engine = _SUMMARY_ENGINE.search(value)
        head = (
            QCoreApplication.translate("MoveTreeView", "Analysis by %1:").replace(
                "%1", engine.group(1)
            )
            if engine
            else QCoreApplication.translate("MoveTreeView", "Analysis:")
        )
        return f"{head} {'; '.join(said)}"
    return ""


class MoveTreeView(QTextBrowser):
    """Shows a pdn.Game as text with one link per move."""

    node_activated = Signal(object)  # GameNode

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moveTree")
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self._nodes: list[GameNode] = []
        self._game: Game | None = None
        self._current: GameNode | None = None
        self._texts: dict[GameNode, str] = {}  # move texts: a node's move never changes
        self.notation = Notation.RULES  # how moves are spelt (the window's preference)
        self._spans: dict[int, tuple[int, int]] = {}  # link number -> document positions
        self.anchorClicked.connect(self._on_anchor)

    # -- content ---------------------------------------------------------------------------

    def set_game(self, game: Game | None, current: GameNode | None = None) -> None:
        if game is not self._game:
            self._texts = {}
        self._game = game
        self._current = current
        self.refresh()

    def set_notation(self, notation: Notation) -> None:
        """Spell the moves as ``notation`` says (the window's preference); the tree shown is
        laid out again at once."""
        if notation is self.notation:
            return
        self.notation = notation
        self._texts = {}
        if self._game is not None:
            self.refresh()

    def set_current(self, node: GameNode | None) -> None:
        """Mark the current move: only the highlight changes (no new layout)."""
        self._current = node
        self._highlight()

    def current_text(self) -> str:
        """The text highlighted as the current move ("" when none)."""
        selections = self.extraSelections()
        return selections[0].cursor.selectedText() if selections else ""

    def nodes(self) -> list[GameNode]:
        """The nodes in the order of their links (the root first)."""
        return list(self._nodes)

    def refresh(self) -> None:
        game = self._game
        self._nodes = []
        if game is None:
            self.setHtml("")
            return
        from dame_desktop.pdn.comments import split_comment

        self._nodes.append(game)
        blocks: list[tuple[int, list[str]]] = []
        start = [self._link(game, self.tr("Start"))]
        if game.comment:
            said = split_comment(game.comment)
            if said.words:
                start.append(self._comment(said.words))
            summary = summary_text(said, game.rules)
            if summary:
                start.append(self._data(summary))
        blocks.append((0, start))
        blocks.append((0, []))
        self._line(game, 1, True, 0, blocks)
        parts = []
        for depth, words in blocks:
            if not words:
                continue
            style = f"margin-left:{depth * 18}px; margin-top:2px; margin-bottom:2px;"
            weight = "" if depth else "font-weight:600;"
            parts.append(f'<p style="{style}{weight}">{" ".join(words)}</p>')
        self.setHtml("".join(parts))
        self._find_spans()
        self._highlight()

    def _find_spans(self) -> None:
        """Where each move's link is in the document (for the highlight)."""
        spans: dict[int, tuple[int, int]] = {}
        block = self.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                href = fragment.charFormat().anchorHref()
                if href.startswith("#n"):
                    n = int(href[2:])
                    start, end = fragment.position(), fragment.position() + fragment.length()
                    if n in spans:
                        start = min(start, spans[n][0])
                        end = max(end, spans[n][1])
                    spans[n] = (start, end)
                it += 1
            block = block.next()
        self._spans = spans

    def _highlight(self) -> None:
        node = self._current
        selections: list[QTextEdit.ExtraSelection] = []
        if node is not None and node in self._nodes:
            span = self._spans.get(self._nodes.index(node))
            if span is not None:
                selection = QTextEdit.ExtraSelection()
                cursor = QTextCursor(self.document())
                cursor.setPosition(span[0])
                cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
                selection.cursor = cursor
                fmt = QTextCharFormat()
                fmt.setBackground(QColor(CURRENT_BACKGROUND))
                fmt.setForeground(QColor("#141414"))
                selection.format = fmt
                selections.append(selection)
                shown = QTextCursor(cursor)
                shown.setPosition(span[0])
                self.setTextCursor(shown)
                self.ensureCursorVisible()
        self.setExtraSelections(selections)

    def _line(
        self,
        parent: GameNode,
        number: int,
        force: bool,
        depth: int,
        blocks: list[tuple[int, list[str]]],
    ) -> None:
        node = parent
        while node.variations:
            main = node.variations[0]
            before = number
            number, force = self._move(main, number, force, blocks[-1][1])
            if len(node.variations) > 1:
                for alt in node.variations[1:]:
                    first: list[str] = []
                    blocks.append((depth + 1, first))
                    alt_number, alt_force = self._move(alt, before, True, first)
                    first[0] = "(" + first[0]
                    self._line(alt, alt_number, alt_force, depth + 1, blocks)
                    last = blocks[-1][1]
                    if last:
                        last[-1] += ")"
                    else:
                        last.append(")")
                blocks.append((depth, []))
                force = True
            node = main

    def _move(
        self, child: ChildNode, number: int, force: bool, words: list[str]
    ) -> tuple[int, bool]:
        from dame_desktop.pdn.comments import split_comment

        parent = child.parent
        assert parent is not None
        first_moves = parent.turn() is child.rules.first
        if child.starting_comment:
            before = split_comment(child.starting_comment).words
            if before:
                words.append(self._comment(before))
                force = True
        prefix = ""
        if first_moves:
            prefix = f"{number}. "
        elif force:
            prefix = f"{number}… "
        move = self._texts.get(child)
        if move is None:
            move = self._texts[child] = move_text(parent.position(), child.move, self.notation)
        text = prefix + move + mark_text(child)
        words.append(self._link(child, text))
        force = False
        if child.comment:
            parts = split_comment(child.comment)
            words.extend(self._data(text) for text in command_texts(parts))
            if parts.words:
                words.append(self._comment(parts.words))
                force = True
        return (number if first_moves else number + 1), force

    def _link(self, node: GameNode, text: str) -> str:
        n = len(self._nodes) if node is not self._game else 0
        if node is not self._game:
            self._nodes.append(node)
        colour = MAIN_COLOUR if node.is_mainline() else VARIATION_COLOUR
        body = f'<span style="color:{colour};">{html.escape(text)}</span>'
        return f'<a name="n{n}"></a><a href="#n{n}" style="text-decoration:none;">{body}</a>'

    @staticmethod
    def _comment(text: str) -> str:
        return f'<i style="color:{COMMENT_COLOUR}; font-weight:normal;">{html.escape(text)}</i>'

    @staticmethod
    def _data(text: str) -> str:
        """An evaluation, a clock or the summary: small, grey, upright."""
        return (
            f'<span style="color:{DATA_COLOUR}; font-weight:normal; font-size:small;">'
            f"{html.escape(text)}</span>"
        )

    def node_at(self, pos: QPoint) -> GameNode | None:
        """The node whose move is under ``pos`` (viewport coordinates), if any."""
        return self._node_of(self.anchorAt(pos))

    def _node_of(self, href: str) -> GameNode | None:
        fragment = href.lstrip("#")
        if fragment.startswith("n") and fragment[1:].isdigit():
            index = int(fragment[1:])
            if 0 <= index < len(self._nodes):
                return self._nodes[index]
        return None

    def _on_anchor(self, url: QUrl) -> None:
        node = self._node_of(url.fragment() or url.toString())
        if node is not None:
            self.node_activated.emit(node)
