"""The board's look as one value: square, frame and piece colours and the colour of every
highlight.  The board's painters read a :class:`BoardTheme`; nothing else holds colours.

Every highlight also has a second cue that is not a colour, drawn in every theme (see
:mod:`.highlights`): the pieces that must capture get a dashed ring, the last move an outline
with its route and an arrowhead, the hint a hatched square with a dashed outline, the targets
dots and rings, a blown piece a cross in a square.  The high-contrast theme takes its
highlight colours from the Okabe-Ito palette, which colour-blind players tell apart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtGui import QColor


@dataclass(frozen=True)
class BoardTheme:
    """Colours as ``#rrggbb`` (or ``#aarrggbb``) text; ``shaded`` pieces have wood grain and
    a light from the upper left, flat ones a plain face and a strong rim."""

    key: str
    light_square: str
    dark_square: str
    light_piece: str
    dark_piece: str
    frame: str = "#5b3a22"
    frame_text: str = "#f3e3c3"
    must_capture: str = "#ffc424"
    last_move: str = "#ffe25c"
    captured: str = "#c8281e"
    selected: str = "#5ac86e"
    target: str = "#24963c"
    hint: str = "#4696ff"
    blown: str = "#e6281e"
    touch: str = "#ff8c00"
    arrow: str = "#e0501e"
    circle: str = "#2870e0"
    number: str = "#fff7e6"
    number_shadow: str = "#28190f"
    shaded: bool = True
    line_scale: float = 1.0  # thicker outlines and rings in the high-contrast theme

    def color(self, name: str) -> QColor:
        """The colour called ``name`` (a field of this class) as a QColor."""
        return QColor(str(getattr(self, name)))


WOOD = BoardTheme("wood", "#f0dcb4", "#a8744f", "#fffaf0", "#33261f")

# the Okabe-Ito colours
OI_ORANGE = "#e69f00"
OI_SKY = "#56b4e9"
OI_GREEN = "#009e73"
OI_YELLOW = "#f0e442"
OI_BLUE = "#0072b2"
OI_VERMILLION = "#d55e00"
OI_PURPLE = "#cc79a7"

CONTRAST = BoardTheme(
    "contrast",
    "#f5f5f5",
    "#767676",
    "#ffffff",
    "#000000",
    frame="#000000",
    frame_text="#ffffff",
    must_capture=OI_ORANGE,
    last_move=OI_YELLOW,
    captured=OI_PURPLE,
    selected=OI_GREEN,
    target=OI_GREEN,
    hint=OI_SKY,
    blown=OI_VERMILLION,
    touch=OI_BLUE,
    arrow=OI_VERMILLION,
    circle=OI_BLUE,
    number="#ffffff",
    number_shadow="#000000",
    shaded=False,
    line_scale=1.5,
)

THEMES: dict[str, BoardTheme] = {
    "wood": WOOD,
    "green": replace(
        WOOD,
        key="green",
        light_square="#eeeed2",
        dark_square="#769656",
        light_piece="#fafaf5",
        dark_piece="#262421",
        frame="#3d4a2f",
        frame_text="#eeeed2",
    ),
    "blue": replace(
        WOOD,
        key="blue",
        light_square="#dee3e6",
        dark_square="#7d97a8",
        light_piece="#ffffff",
        dark_piece="#1f2a36",
        frame="#2f3d4a",
        frame_text="#dee3e6",
    ),
    "grey": replace(
        WOOD,
        key="grey",
        light_square="#d9d9d9",
        dark_square="#8c8c8c",
        light_piece="#f7f7f7",
        dark_piece="#2b2b2b",
        frame="#3a3a3a",
        frame_text="#eeeeee",
    ),
    "contrast": CONTRAST,
}


def theme_named(key: str, colors: tuple[str, str, str, str] | None = None) -> BoardTheme:
    """The theme called ``key``; "custom" (or an unknown key) is the wooden look with
    ``colors`` = (light square, dark square, light piece, dark piece) when given."""
    theme = THEMES.get(key)
    if theme is not None:
        return theme
    if colors is None:
        return WOOD
    light_square, dark_square, light_piece, dark_piece = colors
    return replace(
        WOOD,
        key="custom",
        light_square=light_square,
        dark_square=dark_square,
        light_piece=light_piece,
        dark_piece=dark_piece,
    )
