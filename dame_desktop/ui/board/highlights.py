"""Drawing the board's highlights and the user's arrows and circles (plain functions that the
board widget calls with its painter; the colours come from a :class:`~.theme.BoardTheme`).

Each highlight carries a shape besides its colour, so that it reads without colour: see the
docstring of :mod:`.theme`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

HALO = QColor(0, 0, 0, 150)
"""Drawn under every highlight line a little wider: the line then differs from any square in
lightness, not only in hue."""


def with_alpha(colour: QColor, alpha: int) -> QColor:
    out = QColor(colour)
    out.setAlpha(alpha)
    return out


def outline(
    painter: QPainter,
    rect: QRectF,
    colour: QColor,
    width: float,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
) -> None:
    """A frame just inside ``rect``."""
    inset = width / 2
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inner = rect.adjusted(inset, inset, -inset, -inset)
    for pen in (QPen(HALO, width * 1.6), QPen(colour, width, style)):
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.drawRect(inner)


def hatch(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """Diagonal hatching over ``rect`` (the hint's pattern)."""
    painter.save()
    scale = max(1.0, rect.width() / 40)
    painter.setPen(Qt.PenStyle.NoPen)
    for shade, shift in ((HALO, 1.0), (colour, 0.0)):
        brush = QBrush(shade, Qt.BrushStyle.BDiagPattern)
        brush.setTransform(brush.transform().scale(scale, scale).translate(shift, 0))
        painter.setBrush(brush)
        painter.drawRect(rect)
    painter.restore()


def route(
    painter: QPainter,
    points: Sequence[QPointF],
    colour: QColor,
    width: float,
    head: float = 0.0,
    dashed: bool = False,
) -> None:
    """A line through ``points``; an arrowhead ``head`` long at its end when > 0."""
    if len(points) < 2:
        return
    path = QPainterPath(points[0])
    for point in points[1:]:
        path.lineTo(point)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for pen in (
        QPen(HALO, width * 1.7),
        QPen(colour, width, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine),
    ):
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPath(path)
    if head > 0:
        arrowhead(painter, points[-2], points[-1], head, colour)


def arrowhead(painter: QPainter, start: QPointF, tip: QPointF, size: float, colour: QColor) -> None:
    """A filled triangle pointing from ``start`` to ``tip``, its point on ``tip``."""
    dx, dy = tip.x() - start.x(), tip.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return
    ux, uy = dx / length, dy / length
    base = QPointF(tip.x() - ux * size, tip.y() - uy * size)
    side = QPointF(-uy * size * 0.55, ux * size * 0.55)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPolygon(QPolygonF([tip, base + side, base - side]))


def arrow(painter: QPainter, start: QPointF, end: QPointF, cell: float, colour: QColor) -> None:
    """The user's arrow from one square's centre to another's: a thick shaft and a head."""
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return
    ux, uy = dx / length, dy / length
    head = min(cell * 0.42, length * 0.6)
    begin = QPointF(start.x() + ux * cell * 0.2, start.y() + uy * cell * 0.2)
    neck = QPointF(end.x() - ux * head, end.y() - uy * head)
    shaft = QPointF(-uy * cell * 0.065, ux * cell * 0.065)
    side = QPointF(-uy * cell * 0.2, ux * cell * 0.2)
    shape = QPolygonF(
        [begin + shaft, neck + shaft, neck + side, end, neck - side, neck - shaft, begin - shaft]
    )
    edge = QPen(QColor(0, 0, 0, 170), max(1.0, cell * 0.025))  # reads on any square
    edge.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(edge)
    painter.setBrush(colour)
    painter.drawPolygon(shape)


def ring(
    painter: QPainter,
    centre: QPointF,
    radius: float,
    colour: QColor,
    width: float,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
) -> None:
    """A circle line around ``centre``."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for pen in (QPen(HALO, width * 1.7), QPen(colour, width, style)):
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawEllipse(centre, radius, radius)


def cross(
    painter: QPainter, rect: QRectF, colour: QColor, width: float, dashed_ring: bool = True
) -> None:
    """An X over the square ``rect`` (a captured or blown piece), with a dashed ring."""
    c = rect.center()
    d = rect.width() * 0.2
    for pen in (QPen(HALO, width * 1.7), QPen(colour, width)):
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d))
        painter.drawLine(QPointF(c.x() - d, c.y() + d), QPointF(c.x() + d, c.y() - d))
    if dashed_ring:
        ring(painter, c, rect.width() * 0.36, colour, width * 0.5, Qt.PenStyle.DashLine)
