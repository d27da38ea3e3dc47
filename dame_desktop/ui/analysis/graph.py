"""The evaluation graph: the evaluation after every move of the main line, drawn by hand.

Mounting (the window, under the move list)::

    graph = EvaluationGraph(parent)
    graph.set_game(game)              # the main line's [%eval] values and ?! ? ?? marks
    graph.set_review(review)          # or straight from a GameReview (same picture)
    graph.set_live_value(ply, score)  # the panel's value for the shown ply (first's view)
    graph.set_current_ply(ply)        # the shown position's ply (0 = the start)
    graph.ply_clicked.connect(...)    # int: the ply to jump to (1 = after the first move)

Ply ``p`` (1-based: the position after the main line's ``p``-th move) owns the column
``[left + (p - 1) * w, left + p * w)`` of the plot, ``w = plot width / plies``; a click
anywhere in a column emits that ply, and hovering shows the move and its value.  Values are
in men from the first player's side, drawn on the scale ``tanh(men / SCALE)`` (a man up is
about half the height, a forced win the edge: a close game stays readable and a won one
stays inside); the dashed lines mark one man and three men.  Marks (NAG 6 ``?!``, 2 ``?``,
4 ``??``) are dots in their colours.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from dame_desktop.ui.words.analysis import move_number_prefix, value_text, words
from dame_desktop.ui.words.notation import Notation, move_text

from ...core import Move, Position, RuleSet

if TYPE_CHECKING:  # the review and the PDN tree load with the first game shown
    from ...engines import GameReview, Score
    from ...pdn.tree import GameNode

SCALE = 2.0
MARGIN = 4
MARK_OF_NAG = {6: "?!", 2: "?", 4: "??"}
MARK_COLOURS = {"?!": QColor(230, 180, 0), "?": QColor(235, 120, 20), "??": QColor(210, 30, 30)}


@dataclass
class GraphPoint:
    """One ply: its label (``12... 15x24``), value (first player's view) and mark."""

    label: str
    score: Score | None = None
    mark: str | None = None


def graph_value(score: Score) -> float:
    """The graph's height for a score (first player's view): ``tanh(men / SCALE)``, +-1 for
    a forced end."""
    if score.plies is not None:
        return 1.0 if score.wins else -1.0
    return math.tanh(score.men / SCALE)


class EvaluationGraph(QWidget):
    """Evaluation over the main line; a click emits ``ply_clicked(ply)``."""

    ply_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("evaluationGraph")
        self._points: list[GraphPoint] = []
        self._rules: RuleSet | None = None
        self._moves: list[tuple[Position, Move]] = []  # each point's move, for its label
        self.notation = Notation.RULES  # how the labels name squares (the window's preference)
        self._live: dict[int, Score] = {}
        self._current = -1
        self._hover = -1
        self.setMouseTracking(True)
        self.setMinimumHeight(60)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    # -- data ----------------------------------------------------------------------------------

    def set_game(self, game: GameNode | None) -> None:
        """Take the main line of ``game`` with its ``[%eval]`` values and move marks."""
        self._live.clear()
        points: list[GraphPoint] = []
        if game is None:
            self._rules = None
            self._set(points)
            return
        from ...engines import parse_eval

        self._rules = game.rules
        moves: list[tuple[Position, Move]] = []
        for ply, node in enumerate(game.mainline(), 1):
            assert node.parent is not None
            before = node.parent.position()
            moves.append((before, node.move))
            label = _label(before, ply, move_text(before, node.move, self.notation))
            text = node.commands().get("eval")
            score = parse_eval(text) if text is not None else None
            mark = next((MARK_OF_NAG[n.value] for n in node.nags if n.value in MARK_OF_NAG), None)
            points.append(GraphPoint(label, score, mark))
        self._set(points, moves)

    def set_review(self, review: GameReview | None) -> None:
        """Take the values and marks of a review (before it is written into the tree)."""
        self._live.clear()
        points: list[GraphPoint] = []
        if review is None:
            self._rules = None
            self._set(points)
            return
        self._rules = review.start.rules
        first = review.start.rules.first
        pos = review.start
        moves: list[tuple[Position, Move]] = []
        for item in review.moves:
            moves.append((pos, item.move))
            label = _label(pos, item.ply, move_text(pos, item.move, self.notation))
            score = item.score if item.mover is first else item.score.negated()
            points.append(GraphPoint(label, score, item.mark))
            pos = pos.play(item.move)
        self._set(points, moves)

    def set_notation(self, notation: Notation) -> None:
        """Name the moves in the tooltips as the move list does (``11-15`` or ``c3-d4``);
        the labels of the line shown are spelt again at once."""
        if notation is self.notation:
            return
        self.notation = notation
        for point, (before, move) in zip(self._points, self._moves, strict=False):
            number = point.label.partition(" ")[0]
            point.label = f"{number} {move_text(before, move, notation)}"
        self.update()

    def set_live_value(self, ply: int, score: Score | None) -> None:
        """The panel's value (first player's view) after ``ply``; drawn where the line has
        none (a hollow dot).  None forgets it."""
        if score is None:
            self._live.pop(ply, None)
        else:
            self._live[ply] = score
        self.update()

    def set_current_ply(self, ply: int) -> None:
        """Mark the shown position's ply (0: the start; -1: none on the main line)."""
        if ply != self._current:
            self._current = ply
            self.update()

    def points(self) -> list[GraphPoint]:
        return list(self._points)

    def plies(self) -> int:
        return len(self._points)

    def value_at(self, ply: int) -> Score | None:
        """The value drawn for ``ply`` (the line's, else the live one)."""
        if 1 <= ply <= len(self._points):
            score = self._points[ply - 1].score
            if score is not None:
                return score
        return self._live.get(ply)

    def _set(
        self, points: list[GraphPoint], moves: list[tuple[Position, Move]] | None = None
    ) -> None:
        """``moves``: each point's position before and move (none: the points'
        labels stay as given)."""
        self._points = points
        self._moves = moves if moves is not None else []
        self._hover = -1
        self.update()

    # -- geometry ------------------------------------------------------------------------------

    def plot_rect(self) -> QRectF:
        return QRectF(
            MARGIN, MARGIN, max(1, self.width() - 2 * MARGIN), max(1, self.height() - 2 * MARGIN)
        )

    def column_width(self) -> float:
        return self.plot_rect().width() / max(1, len(self._points))

    def x_of(self, ply: int) -> float:
        """The x of ply ``ply``'s point (the middle of its column)."""
        return self.plot_rect().left() + (ply - 0.5) * self.column_width()

    def y_of(self, value: float) -> float:
        """The y of a graph value (-1 ... 1, see :func:`graph_value`)."""
        rect = self.plot_rect()
        return rect.top() + (1.0 - value) / 2.0 * rect.height()

    def ply_at(self, x: float) -> int:
        """The ply whose column holds ``x`` (0 when the graph is empty)."""
        if not self._points:
            return 0
        column = math.floor((x - self.plot_rect().left()) / self.column_width())
        return max(1, min(len(self._points), column + 1))

    def sizeHint(self) -> QSize:
        return QSize(300, 90)

    # -- painting ------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        rect = self.plot_rect()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        text_colour = palette.color(QPalette.ColorRole.Text)
        zero = self.y_of(0.0)
        grid = QColor(text_colour)
        grid.setAlpha(50)
        painter.setPen(QPen(grid, 1, Qt.PenStyle.DashLine))
        for men in (-3.0, -1.0, 1.0, 3.0):
            y = self.y_of(math.tanh(men / SCALE))
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
        painter.setPen(QPen(grid, 1))
        painter.drawLine(QPointF(rect.left(), zero), QPointF(rect.right(), zero))
        if not self._points:
            painter.end()
            return
        if 0 <= self._current <= len(self._points):
            x = (
                rect.left() + (self._current - 0.5) * self.column_width()
                if self._current
                else rect.left()
            )
            highlight = palette.color(QPalette.ColorRole.Highlight)
            painter.setPen(QPen(highlight, 2))
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
        # the line: the first player's advantage filled light, the second's dark
        path = QPainterPath()
        started = False
        known: list[tuple[int, float]] = []
        for ply, point in enumerate(self._points, 1):
            if point.score is None:
                continue
            value = graph_value(point.score)
            known.append((ply, value))
            pt = QPointF(self.x_of(ply), self.y_of(value))
            if not started:
                path.moveTo(QPointF(pt.x(), zero))
                started = True
            path.lineTo(pt)
        if started:
            path.lineTo(QPointF(self.x_of(known[-1][0]), zero))
            path.closeSubpath()
            fill = QColor(text_colour)
            fill.setAlpha(40)
            painter.fillPath(path, QBrush(fill))
            painter.setPen(QPen(text_colour, 1.5))
            for (p1, v1), (p2, v2) in zip(known, known[1:], strict=False):
                painter.drawLine(
                    QPointF(self.x_of(p1), self.y_of(v1)), QPointF(self.x_of(p2), self.y_of(v2))
                )
        for ply, score in self._live.items():
            if 1 <= ply <= len(self._points) and self._points[ply - 1].score is None:
                painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 1.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(
                    QPointF(self.x_of(ply), self.y_of(graph_value(score))), 3.5, 3.5
                )
        painter.setPen(Qt.PenStyle.NoPen)
        for ply, point in enumerate(self._points, 1):
            if point.mark is None:
                continue
            value = graph_value(point.score) if point.score is not None else 0.0
            painter.setBrush(QBrush(MARK_COLOURS[point.mark]))
            painter.drawEllipse(QPointF(self.x_of(ply), self.y_of(value)), 4.0, 4.0)
        if self._hover >= 1:
            hover = QColor(palette.color(QPalette.ColorRole.Highlight))
            hover.setAlpha(60)
            left = rect.left() + (self._hover - 1) * self.column_width()
            painter.fillRect(QRectF(left, rect.top(), self.column_width(), rect.height()), hover)
        painter.end()

    # -- mouse ---------------------------------------------------------------------------------

    def hover_text(self, ply: int) -> str:
        """What hovering over ``ply`` shows: the move, its value and the words."""
        if not 1 <= ply <= len(self._points):
            return ""
        point = self._points[ply - 1]
        score = self.value_at(ply)
        text = point.label + (point.mark or "")
        if score is None:
            return text + ": " + self.tr("no evaluation")
        out = f"{text}: {value_text(score)}"
        if self._rules is not None:
            out += f" ({words(score, self._rules)})"
        return out

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        ply = self.ply_at(event.position().x())
        if ply != self._hover:
            self._hover = ply
            self.update()
        text = self.hover_text(ply)
        self.setToolTip(text)
        if text:
            QToolTip.showText(event.globalPosition().toPoint(), text, self)

    def leaveEvent(self, event: QEvent) -> None:
        self._hover = -1
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._points:
            self.ply_clicked.emit(self.ply_at(event.position().x()))


def _label(before: Position, ply: int, move_text: str) -> str:
    """``12. 24-19`` or ``12... 15x24`` for the move played after ``ply - 1`` plies."""
    return f"{move_number_prefix(before, ply - 1, 0)} {move_text}"
