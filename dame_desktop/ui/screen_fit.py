"""Windows that fit the screen they open on.

Every dialog and message box of the program is made to fit the available part of its screen
when it is shown (:class:`ScreenFitter`, one event filter on the application): no larger than
the screen minus the window frame, and moved onto it.  A dialog whose content is long keeps
that content in a scroll area (its minimum size stays small), so on an 800×600 screen its
buttons are on the screen and the rest scrolls.  :func:`fit_window` does the same for one
window (the main window after its first show).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QApplication, QDialog, QWidget

# the frame a window manager draws around a window before the window is shown (the real
# margins are known only afterwards): a title bar and thin borders
GUESSED_FRAME = QMargins(4, 30, 4, 4)


def screen_of(widget: QWidget) -> QScreen | None:
    """The screen ``widget`` is on (or will open on: its parent's, else the primary one)."""
    screen = widget.screen()
    if screen is None:
        parent = widget.parentWidget()
        screen = parent.screen() if parent is not None else None
    return screen or QGuiApplication.primaryScreen()


def frame_margins(widget: QWidget) -> QMargins:
    """The frame the window manager puts around ``widget`` (guessed before it is shown)."""
    frame, inner = widget.frameGeometry(), widget.geometry()
    margins = QMargins(
        inner.left() - frame.left(),
        inner.top() - frame.top(),
        frame.right() - inner.right(),
        frame.bottom() - inner.bottom(),
    )
    if widget.isVisible() and (margins.left() or margins.top()):
        return margins
    parent = widget.parentWidget()
    window = parent.window() if parent is not None else None
    if window is not None and window is not widget and window.isVisible():
        return frame_margins(window)
    return GUESSED_FRAME


def room_on_screen(widget: QWidget) -> QRect:
    """The part of the screen a window's inside may take: the available area minus the
    window's frame."""
    screen = screen_of(widget)
    if screen is None:
        return QRect(0, 0, 100_000, 100_000)
    return screen.availableGeometry().marginsRemoved(frame_margins(widget))


def fit_window(widget: QWidget, wanted: QSize | None = None, move: bool = True) -> None:
    """Make ``widget`` (a window) no larger than the room on its screen -- ``wanted`` if it
    fits -- and (``move``) move it so that all of it, frame included, is on the screen."""
    room = room_on_screen(widget)
    size = wanted if wanted is not None else widget.size()
    minimum = widget.minimumSize()
    width = max(minimum.width(), min(size.width(), room.width()))
    height = max(minimum.height(), min(size.height(), room.height()))
    if (width, height) != (widget.width(), widget.height()):
        widget.resize(width, height)
    if not move:
        return
    inner = widget.geometry()
    x = min(max(inner.x(), room.left()), max(room.left(), room.right() + 1 - width))
    y = min(max(inner.y(), room.top()), max(room.top(), room.bottom() + 1 - height))
    if (x, y) != (inner.x(), inner.y()):
        margins = frame_margins(widget)
        widget.move(QPoint(x - margins.left(), y - margins.top()))


class ScreenFitter(QObject):
    """Fits every dialog to its screen as it is shown (install once: :func:`install`)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and isinstance(watched, QDialog) and watched.isWindow():
            # a dialog not placed by hand is centred over its parent right after this,
            # within the screen (QDialog's own placing): only its size is ours to fix
            fit_window(watched, move=watched.testAttribute(Qt.WidgetAttribute.WA_Moved))
        return False


def install(app: QApplication | None = None) -> ScreenFitter | None:
    """The application's one :class:`ScreenFitter` (made on the first call)."""
    app = app or QApplication.instance()  # type: ignore[assignment]
    if not isinstance(app, QApplication):
        return None
    fitter = app.findChild(ScreenFitter, "screenFitter")
    if fitter is None:
        fitter = ScreenFitter(app)
        fitter.setObjectName("screenFitter")
        app.installEventFilter(fitter)
    return fitter
