"""The window follows the system's light or dark mode.

Qt tells the colour scheme the desktop uses (``QStyleHints.colorScheme``, Qt 6.5 and later)
and signals every change.  Where the style already paints in the scheme's colours (Windows,
macOS, a desktop theme plugin) nothing is done; where the palette stays light on a dark
desktop (the Fusion style without a theme plugin), a dark palette is set, and the style's own
palette comes back when the desktop turns light again.  The board keeps its theme's colours
either way; only the space around it follows the window.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

Role = QPalette.ColorRole
Group = QPalette.ColorGroup


def dark_palette() -> QPalette:
    """A dark palette with enough contrast for text and the focus highlight."""
    palette = QPalette()
    colours = {
        Role.Window: "#2b2b2b",
        Role.WindowText: "#e8e8e8",
        Role.Base: "#1e1e1e",
        Role.AlternateBase: "#2f2f2f",
        Role.ToolTipBase: "#3a3a3a",
        Role.ToolTipText: "#f0f0f0",
        Role.PlaceholderText: "#9a9a9a",
        Role.Text: "#e8e8e8",
        Role.Button: "#353535",
        Role.ButtonText: "#e8e8e8",
        Role.BrightText: "#ff6b6b",
        Role.Light: "#4a4a4a",
        Role.Midlight: "#3e3e3e",
        Role.Mid: "#2a2a2a",
        Role.Dark: "#1a1a1a",
        Role.Shadow: "#000000",
        Role.Highlight: "#3d8fd9",
        Role.HighlightedText: "#ffffff",
        Role.Link: "#6cb4ff",
        Role.LinkVisited: "#c59bff",
    }
    for role, name in colours.items():
        palette.setColor(role, QColor(name))
    for role in (Role.WindowText, Role.Text, Role.ButtonText):
        palette.setColor(Group.Disabled, role, QColor("#7a7a7a"))
    return palette


def is_dark(palette: QPalette) -> bool:
    return palette.color(Role.Window).lightness() < 128


class ColorSchemeFollower(QObject):
    """Keeps the application's palette in the desktop's scheme (see the module docstring)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.app = app
        self.darkened = False  # we set the dark palette (and so may take it back)
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self.apply)
        self.apply(hints.colorScheme())

    def apply(self, scheme: Qt.ColorScheme) -> None:
        if scheme == Qt.ColorScheme.Dark and not is_dark(self.app.palette()):
            self.app.setPalette(dark_palette())
            self.darkened = True
        elif scheme == Qt.ColorScheme.Light and self.darkened:
            self.app.setPalette(self.app.style().standardPalette())
            self.darkened = False


def follow_color_scheme(app: QApplication) -> ColorSchemeFollower:
    """Start following the desktop's scheme (once, at start)."""
    existing = app.findChild(ColorSchemeFollower)
    return existing if existing is not None else ColorSchemeFollower(app)
