"""``python -m dame_desktop`` and ``dame-desktop`` start the desktop program.

On Linux the Qt-free start check (:mod:`dame_desktop.qt_check`) runs first: when Qt's X11
plugin lacks system libraries, one sentence names them and the packages to install, and the
program exits 1 instead of letting Qt abort with a misleading message.
"""

from __future__ import annotations

import sys

_NO_WINDOW = ("-h", "--help", "--version")


def main() -> int:
    args = sys.argv
    if not any(a in _NO_WINDOW for a in args[1:]):
        from dame_desktop.qt_check import startup_problem

        problem = startup_problem()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
    from dame_desktop.ui.app.start import main as ui_main

    return ui_main(args)


if __name__ == "__main__":
    sys.exit(main())
