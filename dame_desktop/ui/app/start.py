"""The desktop program's entry point: ``dame-desktop`` and ``python -m dame_desktop``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.resources import files
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from dame_desktop import __version__
from dame_desktop.ui.compat import keep_none_alive

if TYPE_CHECKING:
    from dame_desktop.ui.app.main_window import MainWindow
    from dame_desktop.ui.app.session import Session


def create_window() -> MainWindow:
    """Build the main window (imported late so that ``--help`` stays fast)."""
    from dame_desktop.ui.app.main_window import MainWindow

    return MainWindow()


def app_icon() -> QIcon:
    """The program's icon from the package's resources (PNG sizes plus the SVG)."""
    icon = QIcon()
    folder = files("dame_desktop") / "resources" / "icons"
    for size in (16, 32, 48, 64, 128, 256, 512):
        png = folder / f"dame-{size}.png"
        if png.is_file():
            icon.addFile(str(png), QSize(size, size))
    svg = folder / "dame.svg"
    if svg.is_file():
        icon.addFile(str(svg))
    return icon


class FileOpenFilter(QObject):
    """Opens files the desktop hands over as events (macOS Finder double-clicks)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen:
            path = event.file()  # type: ignore[attr-defined]
            if path:
                self._window.document.open_path(path)
                return True
        return super().eventFilter(watched, event)


class EngineAfterFirstPaint(QObject):
    """Holds the engine's requests until the board has been painted once.

    The computer may have the first move: its search would start at once in the engine thread
    and take the interpreter lock from the window while it builds and paints itself.  The
    requests wait (``AiClient.hold``) and go to the engine right after the board's first paint,
    or after :data:`LATEST_MS` at the latest (a window started hidden paints nothing).
    """

    LATEST_MS = 1500

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._client = window.client
        self._board = window.board
        self._client.hold()
        self._board.installEventFilter(self)
        QTimer.singleShot(self.LATEST_MS, self, self.release)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._board and event.type() == QEvent.Type.Paint:
            self._board.removeEventFilter(self)
            QTimer.singleShot(0, self, self.release)  # after this paint, not during it
        return False

    def release(self) -> None:
        self._board.removeEventFilter(self)
        self._client.release()


def main(argv: Sequence[str] | None = None) -> int:
    """Start the program; returns the exit code of the event loop."""
    args = list(sys.argv if argv is None else argv)
    if "--smoke-test" in args[1:]:
        from dame_desktop.ui.app.smoke import (
            run_smoke_test,  # the packaging check of a built bundle
        )

        return run_smoke_test(args)
    if any(a in ("-h", "--help") for a in args[1:]):
        print(
            "usage: dame-desktop [FILE.pdn]\n\nPlay Dame (draughts) against the computer "
            "or hot-seat; study and annotate the games of a PDN file."
        )
        return 0
    if any(a == "--version" for a in args[1:]):
        from dame_desktop.native import describe  # native: core.movegen, ... / pure Python

        print(f"dame-desktop {__version__} ({describe()})")
        return 0
    keep_none_alive()
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(args)
    app.setApplicationName("Dame")
    app.setOrganizationName("Dame")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("io.github.dame_desktop.Dame")  # matches the .desktop file
    app.setWindowIcon(app_icon())
    from dame_desktop.ui.app.color_scheme import follow_color_scheme

    follow_color_scheme(app)  # the desktop's dark mode
    # a double-click on a .pdn file: the program opens it (the first one) instead of a game
    pdn_files = [a for a in args[1:] if a.lower().endswith(".pdn")]
    _session, window = open_main_window(app, pdn_files[0] if pdn_files else None)
    try:
        file_open = FileOpenFilter(window)
        app.installEventFilter(file_open)
        code = app.exec()
    finally:
        window.shutdown()  # whatever happened, the engine thread is stopped before exit
    return int(code)


def open_main_window(
    app: QApplication | None = None, path: str | None = None
) -> tuple[Session, MainWindow]:
    """What the program does at start, up to the event loop: preferences and language first,
    then the window, then (after it is shown) warnings and the offer to continue -- or,
    given a file's ``path``, that file instead of a game."""
    from dame_desktop.ui.app.main_window import MainWindow
    from dame_desktop.ui.app.session import Session

    session = Session()
    window = MainWindow(start_game=False)
    try:
        session.attach(window)
        EngineAfterFirstPaint(window)
        window.show()
        if path is None:
            session.begin()
        else:
            session.begin(path)
    except BaseException:
        window.shutdown()  # the engine thread stops before the error ends the program
        raise
    return session, window
