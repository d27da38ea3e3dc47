"""The desktop program's entry point: ``dame-desktop`` and ``python -m dame_desktop``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from .. import __version__
from .compat import keep_none_alive

if TYPE_CHECKING:
    from .main_window import MainWindow


def create_window() -> MainWindow:
    """Build the main window (imported late so that ``--help`` stays fast)."""
    from .main_window import MainWindow

    return MainWindow()


def main(argv: Sequence[str] | None = None) -> int:
    """Start the program; returns the exit code of the event loop."""
    args = list(sys.argv if argv is None else argv)
    if any(a in ("-h", "--help") for a in args[1:]):
        print("usage: dame-desktop\n\nPlay Dame (draughts) against the computer or hot-seat.")
        return 0
    if any(a == "--version" for a in args[1:]):
        print(f"dame-desktop {__version__}")
        return 0
    keep_none_alive()
    app = QApplication.instance() or QApplication(args)
    app.setApplicationName("Dame")
    app.setOrganizationName("Dame")
    app.setApplicationVersion(__version__)
    window = create_window()
    window.show()
    code = app.exec()
    window.shutdown()
    return int(code)
