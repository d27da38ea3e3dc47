"""The move list of a studied game: main line, comments, marks and variations (indented).

Each move is a link; clicking one shows its position.  The main line is bold, variations
stand in parentheses on their own indented lines, comments in italics.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPoint, QUrl, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QTextEdit, QWidget

from dame_desktop.pdn import ChildNode, Game, GameNode

MARKS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
"""Move marks: NAG number -> glyph."""

CURRENT_BACKGROUND = "#ffd65a"
MAIN_COLOUR = "#1c1c1c"
VARIATION_COLOUR = "#2f5d8a"


def mark_text(node: GameNode) -> str:
    return "".join(MARKS.get(n.value, f" ${n.value}") for n in node.nags)


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
        self._spans: dict[int, tuple[int, int]] = {}  # link number -> document positions
        self.anchorClicked.connect(self._on_anchor)

    # -- content ---------------------------------------------------------------------------

    def set_game(self, game: Game | None, current: GameNode | None = None) -> None:
        if game is not self._game:
            self._texts = {}
        self._game = game
        self._current = current
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
        self._nodes.append(game)
        blocks: list[tuple[int, list[str]]] = []
        start = [self._link(game, self.tr("Start"))]
        if game.comment:
            start.append(self._comment(game.comment))
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

    def _line(self, parent: GameNode, number: int, force: bool, depth: int,
              blocks: list[tuple[int, list[str]]]) -> None:
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

    def _move(self, child: ChildNode, number: int, force: bool, words: list[str]
              ) -> tuple[int, bool]:
        parent = child.parent
        assert parent is not None
        first_moves = parent.turn() is child.rules.first
        if child.starting_comment:
            words.append(self._comment(child.starting_comment))
            force = True
        prefix = ""
        if first_moves:
            prefix = f"{number}. "
        elif force:
            prefix = f"{number}… "
        move = self._texts.get(child)
        if move is None:
            move = self._texts[child] = child.text()
        text = prefix + move + mark_text(child)
        words.append(self._link(child, text))
        force = False
        if child.comment:
            words.append(self._comment(child.comment))
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
        return f'<i style="color:#3a6a3a; font-weight:normal;">{html.escape(text)}</i>'

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
