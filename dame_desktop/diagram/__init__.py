"""Diagrams of a position as printed in draughts books: the board, the sides named above and
below, a stipulation line and the FEN under it.  No Qt (:mod:`.svg` writes SVG text)."""

from __future__ import annotations

from dame_desktop.diagram.svg import STYLES, Diagram, DiagramStyle, Labels, render_svg

__all__ = ["STYLES", "Diagram", "DiagramStyle", "Labels", "render_svg"]
