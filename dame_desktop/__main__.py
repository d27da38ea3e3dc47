"""``python -m dame_desktop`` starts the desktop program."""

from __future__ import annotations

import sys


def main() -> int:
    from dame_desktop.ui.app.start import main as ui_main

    return ui_main(sys.argv)


if __name__ == "__main__":
    sys.exit(main())
