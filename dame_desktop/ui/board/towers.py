"""Towers (Bashni) on the board: the top piece raised on a stack of the pieces below it.

Seen a little from the side, each piece under the top shows as a band in its own colour just
below the top piece, the highest band the piece right under the top; a king below has a gold
line through its band.  Up to :data:`SHOWN` bands are drawn; a taller tower gets a badge with
its height.  The colours are the piece art's (:class:`.pieces.PieceArt`), so a theme that
recolours the pieces recolours the towers too.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from dame_desktop.core import Color, Piece
from dame_desktop.ui.board.pieces import CROWN, PieceArt

SHOWN = 4  # bands drawn at most; a taller tower shows its height on a badge
SHRINK = 0.72  # a tower's pieces are smaller, so that the stack fits its square
BAND = 0.32  # the height of a band, in piece radii
SIDE = 0.16  # the side of a stone below its top face, in radii (as pieces.py draws it)


def top_depth(king: bool) -> float:
    """How far below its centre a piece's side reaches, in radii (a king is two stones)."""
    return SIDE * 2.3 if king else SIDE


def tower_layout(
    center: QPointF, radius: float, below: int, king: bool = False
) -> tuple[QPointF, float, float]:
    """(centre of the top piece, its radius, band height) of a tower with ``below`` pieces
    under its top standing on a square centred on ``center``: the stack is centred."""
    r = radius * SHRINK
    band = max(2.0, r * BAND)
    drop = top_depth(king) * r + min(below, SHOWN) * band
    return QPointF(center.x(), center.y() - drop / 2), r, band


def paint_tower(
    painter: QPainter,
    art: PieceArt,
    center: QPointF,
    radius: float,
    top: Piece,
    below: Sequence[Piece],
    dpr: float,
    alpha: float = 1.0,
    badge: bool = True,
) -> None:
    """Draw a tower: ``top`` over ``below`` (top to bottom) on the square at ``center``;
    ``badge=False`` leaves its height's badge to the caller (:func:`paint_height`, drawn over
    the rings and marks that go round the pieces)."""
    top_center, r, band = tower_layout(center, radius, len(below), top.is_king)
    shown = list(below[:SHOWN])
    art.paint(painter, top_center, r, top.color, top.is_king, dpr, alpha)
    base = top_center.y() + top_depth(top.is_king) * r
    # the bands are drawn after the top piece, outside its outline (its shadow would
    # darken them): deepest first, so each covers all of the one under it but a band
    covered = QPainterPath()
    covered.setFillRule(Qt.FillRule.WindingFill)
    covered.addEllipse(top_center, r, r * 0.96)
    covered.addRect(QRectF(top_center.x() - r, top_center.y(), 2 * r, base - top_center.y()))
    covered.addEllipse(QPointF(top_center.x(), base), r, r * 0.96)
    outside = QPainterPath()
    outside.addRect(
        QRectF(center.x() - 2 * radius, center.y() - 2 * radius, 4 * radius, 4 * radius)
    )
    painter.save()
    painter.setClipPath(outside.subtracted(covered.simplified()), Qt.ClipOperation.IntersectClip)
    painter.setOpacity(alpha)
    pen_width = max(1.0, r * 0.06)
    for depth in range(len(shown), 0, -1):
        piece = shown[depth - 1]
        _, body, edge = art.light if piece.color is Color.WHITE else art.dark
        c = QPointF(top_center.x(), base + depth * band)
        painter.setPen(QPen(edge.darker(130), pen_width))
        painter.setBrush(body)
        painter.drawEllipse(c, r, r * 0.96)
        if piece.is_king:  # a gold line through the visible band
            painter.setPen(QPen(CROWN, max(1.0, band * 0.4)))
            y = c.y() + r * 0.96 - band * 0.5
            half = r * 0.5
            painter.drawLine(QPointF(c.x() - half, y), QPointF(c.x() + half, y))
    painter.restore()
    if badge and has_badge(len(below) + 1):
        paint_height(painter, center, radius, len(below) + 1, alpha)


def has_badge(height: int) -> bool:
    """Whether a tower of ``height`` pieces shows its height on a badge."""
    return height >= 4


def badge_rect(center: QPointF, radius: float) -> QRectF:
    """Where the height badge of a tower on the square centred on ``center`` goes: at the
    square's lower right."""
    size = max(12.0, radius * 0.62)
    return QRectF(center.x() + radius * 0.98 - size, center.y() + radius * 1.12 - size, size, size)


def paint_height(
    painter: QPainter, center: QPointF, radius: float, height: int, alpha: float = 1.0
) -> None:
    """A small round badge with the tower's height at the square's lower right."""
    rect = badge_rect(center, radius)
    size = rect.width()
    painter.save()
    painter.setOpacity(alpha)
    painter.setPen(QPen(QColor(255, 247, 230), max(1.0, size * 0.08)))
    painter.setBrush(QColor(25, 18, 12, 225))
    painter.drawEllipse(rect)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, int(size * (0.62 if height < 10 else 0.5))))
    painter.setFont(font)
    painter.setPen(QColor(255, 247, 230))
    painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), str(height))
    painter.restore()
