"""The pieces' look: wooden men and crowned kings, pre-rendered and cached as pixmaps.

Shared by the board and the set-up editor's palette, so a piece looks the same in both.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QIcon,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)

from dame_desktop.core import Color

LIGHT_PIECE = (QColor("#fffaf0"), QColor("#e9dcc0"), QColor("#b9a582"))
DARK_PIECE = (QColor("#6b5750"), QColor("#33261f"), QColor("#110b09"))
CROWN = QColor("#e8b21f")

Shades = tuple[QColor, QColor, QColor]


def shades(base: QColor) -> Shades:
    """Highlight, body and rim colours of a piece of colour ``base``."""
    light = base.lightness() > 128
    top = base.lighter(108) if light else base.lighter(190)
    edge = base.darker(150) if light else base.darker(250)
    return top, base, edge


class PieceArt:
    """Draws pieces in the current colours; gradients are slow, so each size is cached."""

    def __init__(self) -> None:
        self.light: Shades = LIGHT_PIECE
        self.dark: Shades = DARK_PIECE
        self.flat = False  # plain faces with a strong rim (the high-contrast theme)
        self._cache: dict[tuple[int, Color, bool, bool, float], QPixmap] = {}

    def set_flat(self, flat: bool) -> None:
        if flat != self.flat:
            self.flat = flat
            self._cache.clear()

    def set_colors(self, light: QColor, dark: QColor) -> None:
        self.light = shades(light)
        self.dark = shades(dark)
        self._cache.clear()

    def reset_colors(self) -> None:
        self.light = LIGHT_PIECE
        self.dark = DARK_PIECE
        self._cache.clear()

    def paint(
        self,
        painter: QPainter,
        center: QPointF,
        radius: float,
        colour: Color,
        king: bool,
        dpr: float,
        alpha: float = 1.0,
        lifted: bool = False,
    ) -> None:
        """Draw a piece centred on ``center`` from the cache."""
        pixmap = self.pixmap(radius, colour, king, lifted, dpr)
        half = pixmap.width() / pixmap.devicePixelRatio() / 2
        painter.save()
        painter.setOpacity(alpha)
        painter.drawPixmap(QPointF(center.x() - half, center.y() - half), pixmap)
        painter.restore()

    def pixmap(self, radius: float, colour: Color, king: bool, lifted: bool, dpr: float) -> QPixmap:
        """The piece with its shadow on a transparent square of side about 3.8 radii."""
        key = (round(radius * 4), colour, king, lifted, dpr)
        pixmap = self._cache.get(key)
        if pixmap is None:
            r = key[0] / 4
            side = max(2, math.ceil(2 * r * 1.9 * dpr))
            pixmap = QPixmap(side, side)
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(Qt.GlobalColor.transparent)
            p = QPainter(pixmap)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            middle = side / dpr / 2
            self._draw_piece(p, QPointF(middle, middle), r, colour, king, lifted)
            p.end()
            if len(self._cache) > 32:
                self._cache.clear()
            self._cache[key] = pixmap
        return pixmap

    def icon(self, colour: Color, king: bool, side: int = 40, dpr: float = 1.0) -> QIcon:
        """An icon of a piece filling a ``side`` square, for buttons (the set-up palette)."""
        pixmap = QPixmap(max(2, math.ceil(side * dpr)), max(2, math.ceil(side * dpr)))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = side * 0.36
        # a king stands taller: shift it down a little so both stones fit
        centre = QPointF(side / 2, side / 2 + (side * 0.03 if king else -side * 0.04))
        self._draw_piece(p, centre, radius, colour, king, False)
        p.end()
        return QIcon(pixmap)

    def _draw_piece(
        self,
        painter: QPainter,
        center: QPointF,
        radius: float,
        colour: Color,
        king: bool,
        lifted: bool,
    ) -> None:
        thickness = radius * 0.16
        if king:
            lower = QPointF(center.x(), center.y() + thickness * 1.3)
            upper = QPointF(center.x(), center.y() - thickness * 1.2)
            self._paint_shadow(painter, lower, radius, thickness, lifted)
            self._paint_stone(painter, lower, radius, thickness, colour)
            self._paint_stone(painter, upper, radius, thickness, colour)
            self._paint_crown(painter, upper, radius, colour)
        else:
            self._paint_shadow(painter, center, radius, thickness, lifted)
            self._paint_stone(painter, center, radius, thickness, colour)

    def _paint_shadow(
        self, painter: QPainter, center: QPointF, radius: float, thickness: float, lifted: bool
    ) -> None:
        offset = radius * (0.3 if lifted else 0.12)
        spread = 1.25 if lifted else 1.1
        c = QPointF(center.x() + offset * 0.6, center.y() + thickness + offset)
        grad = QRadialGradient(c, radius * spread)
        grad.setColorAt(0.0, QColor(0, 0, 0, 120 if lifted else 140))
        grad.setColorAt(0.75, QColor(0, 0, 0, 60))
        grad.setColorAt(1.0, QColor(0, 0, 0, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(c, radius * spread, radius * spread * 0.92)

    def _paint_stone(
        self, painter: QPainter, center: QPointF, radius: float, thickness: float, colour: Color
    ) -> None:
        top, mid, edge = self.light if colour is Color.WHITE else self.dark
        if self.flat:
            self._paint_flat(painter, center, radius, thickness, colour, mid)
            return
        # the side of the stone, seen below its top face
        side = QPointF(center.x(), center.y() + thickness)
        painter.setPen(QPen(edge.darker(130), max(0.8, radius * 0.03)))
        painter.setBrush(edge)
        painter.drawEllipse(side, radius, radius * 0.96)
        # the top face with a light from the upper left
        grad = QRadialGradient(
            QPointF(center.x() - radius * 0.35, center.y() - radius * 0.4), radius * 1.5
        )
        grad.setColorAt(0.0, top)
        grad.setColorAt(0.55, mid)
        grad.setColorAt(1.0, edge)
        painter.setPen(QPen(edge.darker(115), max(0.8, radius * 0.035)))
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(center, radius, radius * 0.96)
        # the turned grooves of a wooden draughts piece
        groove_dark = QColor(edge)
        groove_dark.setAlpha(170)
        groove_light = QColor(top)
        groove_light.setAlpha(140 if colour is Color.WHITE else 70)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for factor in (0.74, 0.5):
            painter.setPen(QPen(groove_dark, max(0.8, radius * 0.045)))
            painter.drawEllipse(center, radius * factor, radius * factor * 0.96)
            painter.setPen(QPen(groove_light, max(0.6, radius * 0.03)))
            shifted = QPointF(center.x() + radius * 0.02, center.y() + radius * 0.03)
            painter.drawEllipse(shifted, radius * factor, radius * factor * 0.96)

    def _paint_flat(
        self,
        painter: QPainter,
        center: QPointF,
        radius: float,
        thickness: float,
        colour: Color,
        face: QColor,
    ) -> None:
        """A plain stone: the face in its colour, a rim of the opposite lightness, an inner
        ring, so that light and dark pieces differ in lightness, never only in hue."""
        rim = QColor("#000000") if face.lightness() > 128 else QColor("#ffffff")
        painter.setPen(QPen(rim, max(1.0, radius * 0.06)))
        painter.setBrush(face.darker(160) if face.lightness() > 128 else face.lighter(300))
        painter.drawEllipse(QPointF(center.x(), center.y() + thickness), radius, radius * 0.96)
        painter.setPen(QPen(rim, max(1.5, radius * 0.12)))
        painter.setBrush(face)
        painter.drawEllipse(center, radius, radius * 0.96)
        painter.setPen(QPen(rim, max(1.0, radius * 0.06)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(center, radius * 0.6, radius * 0.6 * 0.96)

    def _paint_crown(
        self, painter: QPainter, center: QPointF, radius: float, colour: Color
    ) -> None:
        w = radius * 0.95
        h = radius * 0.62
        left = center.x() - w / 2
        base = center.y() + h * 0.45
        top = center.y() - h * 0.55
        path = QPainterPath(QPointF(left, base))
        path.lineTo(left - w * 0.04, top + h * 0.2)
        path.lineTo(left + w * 0.27, top + h * 0.52)
        path.lineTo(center.x(), top)
        path.lineTo(left + w * 0.73, top + h * 0.52)
        path.lineTo(left + w * 1.04, top + h * 0.2)
        path.lineTo(left + w, base)
        path.closeSubpath()
        grad = QLinearGradient(QPointF(center.x(), top), QPointF(center.x(), base))
        grad.setColorAt(0.0, CROWN.lighter(135))
        grad.setColorAt(1.0, CROWN.darker(125))
        outline = QColor("#5a3c00") if colour is Color.WHITE else QColor("#f7e7a8")
        painter.setPen(QPen(outline, max(0.8, radius * 0.05)))
        painter.setBrush(QBrush(grad))
        painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(outline)
        for x, y in (
            (left - w * 0.04, top + h * 0.2),
            (center.x(), top),
            (left + w * 1.04, top + h * 0.2),
        ):
            painter.drawEllipse(QPointF(x, y), radius * 0.07, radius * 0.07)
        band = QRectF(left, base - h * 0.18, w, h * 0.18)
        painter.setBrush(CROWN.darker(140))
        painter.drawRect(band)
