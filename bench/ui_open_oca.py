"""Time and memory to open a big PDN file in the window and show its game list, then one game.

    python bench/ui_open_oca.py [FILE.pdn] [--game N]
    python bench/ui_open_oca.py --smoke      # three games of the test data, in seconds

Default file: the OCA archive of the shared corpus (22,621 games).  Runs offscreen.  Memory
is the process's resident size (VmRSS) before and after; with --trace also Python's own
allocations (tracemalloc peak) during each step (which makes the times about 2x slower).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import tracemalloc
from pathlib import Path

from _smoke import add_smoke, small_pdn, smoke_settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = Path(os.environ.get("DAME_SHARED", ROOT.parent / "shared"))
DEFAULT = SHARED / "pdn-corpus" / "english" / "OCA_2.0.pdn"


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT))
    parser.add_argument("--game", type=int, default=12345, help="1-based game to open")
    parser.add_argument(
        "--trace",
        action="store_true",
        help="also measure Python's allocations (tracemalloc; slows ~2x)",
    )
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, file=str(small_pdn()), game=2)
    path = Path(args.file)
    if not path.is_file():
        print(f"no such file: {path}", file=sys.stderr)
        return 2
    import tempfile

    os.environ.setdefault("DAME_CONFIG_DIR", tempfile.mkdtemp(prefix="dame-bench-"))
    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from dame_desktop.ui.app.main_window import MainWindow

    window = MainWindow(start_game=False)
    window.resize(1000, 700)
    window.show()
    app.processEvents()
    files = window.document
    files.ask_save = lambda: "discard"
    base = rss_mb()
    print(f"file: {path.name} ({path.stat().st_size / 1e6:.1f} MB)")
    print(f"window ready: RSS {base:.0f} MB")

    if args.trace:
        tracemalloc.start()
    t0 = time.perf_counter()
    files.open_path(path)
    dialog = files.list_dialog
    assert dialog is not None
    dialog.repaint()
    app.processEvents()
    t1 = time.perf_counter()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # the file becomes the window's document once a game is chosen: the list shows it first
    games = len(dialog.visible_rows())
    assert games > 0, "the game list is empty"
    print(
        f"open + game list shown: {t1 - t0:.2f} s for {games} games; "
        f"RSS {rss_mb():.0f} MB (+{rss_mb() - base:.0f})"
        + (f", Python peak {peak / 1e6:.0f} MB" if args.trace else "")
    )

    t0 = time.perf_counter()
    dialog.search.setText("tinsley")
    app.processEvents()
    t1 = time.perf_counter()
    print(f"search 'tinsley': {t1 - t0:.3f} s, {len(dialog.visible_rows())} games")
    dialog.search.setText("")
    app.processEvents()
    from PySide6.QtCore import Qt

    t0 = time.perf_counter()
    dialog.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    app.processEvents()
    t1 = time.perf_counter()
    print(f"sort by White: {t1 - t0:.3f} s")
    dialog.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    app.processEvents()

    index = args.game - 1
    dialog.select_row(index)
    if args.trace:
        tracemalloc.start()
    t0 = time.perf_counter()
    dialog.accept()
    app.processEvents()
    window.action("last").trigger()
    app.processEvents()
    t1 = time.perf_counter()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    game = window.studied_game()
    assert game is not None and files.doc is not None
    moves = len(list(game.mainline()))
    print(
        f"open game {args.game} and step to its end ({moves} moves): {t1 - t0:.3f} s "
        f"(index: {files.doc.method}); RSS {rss_mb():.0f} MB"
        + (f", Python peak {peak / 1e6:.1f} MB" if args.trace else "")
    )
    window.shutdown()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
