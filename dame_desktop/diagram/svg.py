"""A position drawn as SVG text, the way draughts books print a diagram.  No Qt.

From top to bottom: the name of the side at the top, the board (with square numbers or
coordinates, the last move shaded, arrows and circles), the name of the side at the bottom, a
stipulation line ("Weiß zieht und gewinnt") and the FEN.  Only plain SVG 1.1 shapes and
presentation attributes are used (no CSS, no markers, no ``dominant-baseline``), so that
Qt's SVG Tiny renderer paints it exactly as a browser does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal
from xml.sax.saxutils import escape, quoteattr

from dame_desktop.core import Color, Move, Position
from dame_desktop.core.geometry import FILES

Labels = Literal["none", "numbers", "coordinates"]
LABELS: tuple[Labels, ...] = ("none", "numbers", "coordinates")

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
MONO = "DejaVu Sans Mono, Consolas, Courier New, monospace"
MIN_SIZE = 120
MAX_SIZE = 8000


@dataclass(frozen=True)
class DiagramStyle:
    """The colours of a diagram (``#rrggbb``)."""

    light_square: str = "#ffffff"
    dark_square: str = "#8a9a8a"
    frame: str = "#3a3a3a"
    frame_text: str = "#ffffff"
    light_piece: str = "#ffffff"
    light_edge: str = "#1a1a1a"
    dark_piece: str = "#1e1e1e"
    dark_edge: str = "#000000"
    number: str = "#ffffff"
    last_move: str = "#e69f00"  # Okabe-Ito orange
    arrow: str = "#d55e00"  # Okabe-Ito vermillion
    circle: str = "#0072b2"  # Okabe-Ito blue
    text: str = "#000000"
    paper: str = "#ffffff"


STYLES: dict[str, DiagramStyle] = {
    "print": DiagramStyle(),
    "wood": DiagramStyle(
        light_square="#f0dcb4",
        dark_square="#a8744f",
        frame="#5b3a22",
        frame_text="#f3e3c3",
        light_piece="#fbf4e6",
        light_edge="#6b5a48",
        dark_piece="#3b2a20",
        dark_edge="#140c08",
    ),
}


@dataclass(frozen=True)
class Diagram:
    """What a diagram shows.  ``size`` is its width in pixels (the board is a little less)."""

    position: Position
    flipped: bool = False
    labels: Labels = "numbers"
    last_move: Move | None = None
    arrows: tuple[tuple[int, int], ...] = ()
    circles: tuple[int, ...] = ()
    top: str = ""  # the side at the top of the board, in words
    bottom: str = ""
    stipulation: str = ""
    fen: bool = True  # print the FEN under the diagram
    size: int = 400
    style: DiagramStyle = field(default_factory=DiagramStyle)


class _Svg:
    """Collects SVG elements."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, text: str | None = None, **attrs: object) -> None:
        fields = " ".join(
            f"{name.rstrip('_').replace('_', '-')}={quoteattr(_fmt(value))}"
            for name, value in attrs.items()
            if value is not None
        )
        if text is None:
            self.parts.append(f"<{tag} {fields}/>")
        else:
            self.parts.append(f"<{tag} {fields}>{escape(text)}</{tag}>")


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def _text_lines(text: str, font_size: float, width: float, mono: bool) -> list[str]:
    """``text`` broken into lines that fit ``width`` (after commas, colons or spaces)."""
    per_char = font_size * (0.61 if mono else 0.56)
    limit = max(8, int(width / per_char))
    lines: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = max(rest.rfind(ch, 0, limit) for ch in ",: ")
        cut = limit if cut <= 0 else cut + 1
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest or not lines:
        lines.append(rest)
    return lines


def render_svg(diagram: Diagram) -> str:
    """The diagram as an SVG document (UTF-8 text).  Raises ValueError for a size out of
    range or a mark on a square the board does not have."""
    if not MIN_SIZE <= diagram.size <= MAX_SIZE:
        raise ValueError(f"the size must be {MIN_SIZE} to {MAX_SIZE} pixels, not {diagram.size}")
    position = diagram.position
    geo = position.geometry
    for sq in (*diagram.circles, *(s for pair in diagram.arrows for s in pair)):
        if not 1 <= sq <= geo.squares:
            raise ValueError(f"square {sq} is not on the board ({geo.squares} squares)")
    style = diagram.style
    width = float(diagram.size)
    margin = width * 0.03
    font = max(10.0, width * 0.045)
    inner = width - 2 * margin
    svg = _Svg()

    def side_name(text: str, y: float) -> float:
        """One side's name, centred on a line from ``y``; the y below it."""
        if not text:
            return y
        svg.add(
            "text",
            text,
            x=width / 2,
            y=y + font * 0.95,
            font_family=FONT,
            font_size=font,
            text_anchor="middle",
            fill=style.text,
        )
        return y + font * 1.45

    board_top = side_name(diagram.top, margin)
    _board(svg, diagram, margin, board_top, inner)
    y = side_name(diagram.bottom, board_top + inner + font * 0.35)
    if diagram.stipulation:
        big = font * 1.1
        for line in _text_lines(diagram.stipulation, big, inner, mono=False):
            svg.add(
                "text",
                line,
                x=width / 2,
                y=y + big * 1.05,
                font_family=FONT,
                font_size=big,
                font_weight="bold",
                text_anchor="middle",
                fill=style.text,
            )
            y += big * 1.35
    if diagram.fen:
        small = max(8.0, font * 0.72)
        for line in _text_lines(position.fen(), small, inner, mono=True):
            svg.add(
                "text",
                line,
                x=width / 2,
                y=y + small * 1.1,
                font_family=MONO,
                font_size=small,
                text_anchor="middle",
                fill=style.text,
            )
            y += small * 1.3
    height = math.ceil(y + margin)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{diagram.size}" height="{height}" '
        f'viewBox="0 0 {diagram.size} {height}">'
    )
    body = "\n".join(svg.parts)
    paper = f'<rect x="0" y="0" width="{diagram.size}" height="{height}" fill="{style.paper}"/>'
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{head}\n{paper}\n{body}\n</svg>\n'


def _board(svg: _Svg, diagram: Diagram, left: float, top: float, side: float) -> None:
    position = diagram.position
    style = diagram.style
    geo = position.geometry
    n = geo.size
    labels = diagram.labels
    if labels == "numbers" and position.rules.names_squares:
        labels = "coordinates"  # a board of all squares has no numbers of its own
    frame = side * (0.055 if labels == "coordinates" else 0.018)
    cell = (side - 2 * frame) / n
    x0 = left + frame
    y0 = top + frame

    def display(sq: int) -> tuple[int, int]:
        row, col = geo.sq_rowcol[sq]
        return (n - 1 - row, n - 1 - col) if diagram.flipped else (row, col)

    def centre(sq: int) -> tuple[float, float]:
        row, col = display(sq)
        return x0 + (col + 0.5) * cell, y0 + (row + 0.5) * cell

    svg.add("rect", x=left, y=top, width=side, height=side, fill=style.frame)
    svg.add("rect", x=x0, y=y0, width=cell * n, height=cell * n, fill=style.light_square)
    for row in range(n):
        for col in range(n):
            r, c = (n - 1 - row, n - 1 - col) if diagram.flipped else (row, col)
            playing = geo.sq_at(r, c) is not None
            dark = (row + col) % 2 == 1 if geo.all_squares else playing
            if dark:
                svg.add(
                    "rect",
                    x=x0 + col * cell,
                    y=y0 + row * cell,
                    width=cell,
                    height=cell,
                    fill=style.dark_square,
                )
    if labels == "coordinates":
        size = frame * 0.62
        for i in range(n):
            col = n - 1 - i if diagram.flipped else i
            row = n - 1 - i if diagram.flipped else i
            svg.add(
                "text",
                FILES[col],
                x=x0 + (i + 0.5) * cell,
                y=y0 + n * cell + frame * 0.5 + size * 0.36,
                font_family=FONT,
                font_size=size,
                font_weight="bold",
                text_anchor="middle",
                fill=style.frame_text,
            )
            svg.add(
                "text",
                str(n - row),
                x=left + frame / 2,
                y=y0 + (i + 0.5) * cell + size * 0.36,
                font_family=FONT,
                font_size=size,
                font_weight="bold",
                text_anchor="middle",
                fill=style.frame_text,
            )
    move = diagram.last_move
    if move is not None:
        for sq in (move.path[0], move.path[-1]):
            row, col = display(sq)
            svg.add(
                "rect",
                x=x0 + col * cell,
                y=y0 + row * cell,
                width=cell,
                height=cell,
                fill=style.last_move,
                fill_opacity=0.55,
            )
    for sq, _piece in sorted(position.pieces().items()):
        _tower(svg, diagram, centre(sq), cell, position, sq)
    if labels == "numbers":
        size = cell * 0.24
        for sq in range(1, geo.squares + 1):
            row, col = display(sq)
            x, y = x0 + col * cell + cell * 0.06, y0 + row * cell + size * 0.95
            shadow = size * 0.07
            svg.add(
                "text",
                str(sq),
                x=x + shadow,
                y=y + shadow,
                font_family=FONT,
                font_size=size,
                font_weight="bold",
                fill=style.frame,
                fill_opacity=0.7,
            )
            svg.add(
                "text",
                str(sq),
                x=x,
                y=y,
                font_family=FONT,
                font_size=size,
                font_weight="bold",
                fill=style.number,
            )
    if move is not None and len(move.path) > 2:  # a capture with stops: its route
        points = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in map(centre, move.path))
        svg.add(
            "polyline",
            points=points,
            fill="none",
            stroke=style.last_move,
            stroke_width=cell * 0.06,
            stroke_linejoin="round",
            stroke_linecap="round",
            stroke_opacity=0.9,
        )
    for sq in diagram.circles:
        cx, cy = centre(sq)
        svg.add(
            "circle",
            cx=cx,
            cy=cy,
            r=cell * 0.41,
            fill="none",
            stroke=style.circle,
            stroke_width=cell * 0.08,
        )
    for a, b in diagram.arrows:
        _arrow(svg, centre(a), centre(b), cell, style.arrow)


def _tower(
    svg: _Svg, diagram: Diagram, at: tuple[float, float], cell: float, position: Position, sq: int
) -> None:
    """The piece on ``sq``; a tower's pieces below it as thin discs (towers rules)."""
    pieces = position.tower(sq)
    radius = cell * 0.38
    x, y = at
    lift = cell * 0.1
    count = len(pieces)
    if count > 1:
        radius = cell * 0.34
        y += lift * (count - 1) / 2
    for depth in range(count - 1, -1, -1):
        piece = pieces[depth]
        _piece(
            svg,
            diagram.style,
            x,
            y - lift * (count - 1 - depth),
            radius,
            piece.color,
            piece.is_king and depth == 0,
        )


def _piece(
    svg: _Svg, style: DiagramStyle, x: float, y: float, r: float, colour: Color, king: bool
) -> None:
    light = colour is Color.WHITE
    fill = style.light_piece if light else style.dark_piece
    edge = style.light_edge if light else style.dark_edge
    line = style.light_edge if light else "#9a9a9a"
    svg.add("circle", cx=x, cy=y, r=r, fill=fill, stroke=edge, stroke_width=r * 0.09)
    svg.add("circle", cx=x, cy=y, r=r * 0.68, fill="none", stroke=line, stroke_width=r * 0.05)
    if king:  # a crown: three points over a band
        w, h = r * 1.0, r * 0.62
        left, base, top = x - w / 2, y + h * 0.5, y - h * 0.5
        points = [
            (left, base),
            (left - w * 0.05, top + h * 0.15),
            (left + w * 0.27, top + h * 0.55),
            (x, top - h * 0.05),
            (left + w * 0.73, top + h * 0.55),
            (left + w * 1.05, top + h * 0.15),
            (left + w, base),
        ]
        svg.add(
            "polygon",
            points=" ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in points),
            fill="#e8b21f",
            stroke=edge if light else "#f5e6a8",
            stroke_width=r * 0.07,
            stroke_linejoin="round",
        )


def _arrow(
    svg: _Svg, a: tuple[float, float], b: tuple[float, float], cell: float, colour: str
) -> None:
    """A thick arrow from the centre of one square to the centre of another."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    if length < 1e-6:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    head = min(cell * 0.42, length * 0.6)
    shaft = cell * 0.13
    wide = cell * 0.2
    ex, ey = bx - ux * head, by - uy * head  # where the head starts
    nx, ny = -uy, ux
    start = (ax + ux * cell * 0.2, ay + uy * cell * 0.2)
    points = [
        (start[0] + nx * shaft / 2, start[1] + ny * shaft / 2),
        (ex + nx * shaft / 2, ey + ny * shaft / 2),
        (ex + nx * wide, ey + ny * wide),
        (bx, by),
        (ex - nx * wide, ey - ny * wide),
        (ex - nx * shaft / 2, ey - ny * shaft / 2),
        (start[0] - nx * shaft / 2, start[1] - ny * shaft / 2),
    ]
    svg.add(
        "polygon",
        points=" ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in points),
        fill=colour,
        fill_opacity=0.85,
        stroke="none",
    )
