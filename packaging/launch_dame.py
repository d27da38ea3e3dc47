"""Entry script for the PyInstaller bundle: the same start as ``python -m dame_desktop``.

PyInstaller needs a script file; ``dame_desktop/__main__.py`` uses a relative import and
cannot serve as one. The bundle's executable is called ``Dame`` so it never clashes with
the ``dame_desktop`` package folder next to it. ``Dame --smoke-test [GAME.pdn]`` runs the
built program's self-test (dame_desktop/ui/app/smoke.py) instead of the window. With
``DAME_NATIVE_REPORT=1`` it prints which modules it runs compiled (``native: core.movegen,
...`` or ``pure Python``) and exits: packaging/build.py checks that the bundle uses them.
"""

import multiprocessing
import os
import sys

if __name__ == "__main__":
    # "Analyse file..." reviews games in worker processes (spawn): in a frozen program each
    # worker starts this executable again, and freeze_support() turns it into the worker.
    multiprocessing.freeze_support()
    if os.environ.get("DAME_NATIVE_REPORT"):
        # packaging/build.py asks the built program which modules it runs compiled
        from dame_desktop.native import describe

        print(describe())
        sys.exit(0)
    if "--smoke-test" in sys.argv[1:]:
        from dame_desktop.ui.app.smoke import run_smoke_test

        sys.exit(run_smoke_test(sys.argv))
    from dame_desktop.__main__ import main

    sys.exit(main())
