"""Entry script for the PyInstaller bundle: the same start as ``python -m dame_desktop``.

PyInstaller needs a script file; ``dame_desktop/__main__.py`` uses a relative import and
cannot serve as one. The bundle's executable is called ``Dame`` so it never clashes with
the ``dame_desktop`` package folder next to it.
"""

import sys

from dame_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
