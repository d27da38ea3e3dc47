"""The window follows the desktop's dark mode: Qt's colour-scheme signal changes the palette,
and the light palette comes back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from dame_desktop.ui.app.color_scheme import follow_color_scheme, is_dark


def test_dark_mode_darkens_the_window_and_light_mode_brings_it_back(window, qtbot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    follower = follow_color_scheme(app)
    assert follow_color_scheme(app) is follower  # one per program
    hints = QGuiApplication.styleHints()
    try:
        assert not is_dark(window.palette())
        corner = window.statusBar().geometry().topLeft()
        corner.setX(corner.x() + 2)
        corner.setY(corner.y() + 2)
        light = window.grab().toImage().pixelColor(corner)
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # what the desktop sends
        qtbot.waitUntil(lambda: is_dark(window.palette()))
        assert is_dark(window.board.palette()) and follower.darkened
        dark = window.grab().toImage().pixelColor(corner)  # the status bar, as seen
        assert light.lightness() > 200 and dark.lightness() < 80
        text = window.palette().color(QPalette.ColorRole.WindowText)
        assert (
            text.lightness() - window.palette().color(QPalette.ColorRole.Window).lightness() > 150
        )
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        qtbot.waitUntil(lambda: not is_dark(window.palette()))
        assert not follower.darkened
    finally:
        follower.apply(Qt.ColorScheme.Light)
        follower.deleteLater()
