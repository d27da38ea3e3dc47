"""Screenshots of the opening explorer and of Find games with this position, for looking at.

    python tools/db_shots.py --out DIR [--file FILE.pdn] [--size 800x600] [--language de]
        [--cache DIR]

Starts the program as a user would (preferences in a fresh folder, the language chosen) on
an offscreen screen of that size, opens a game of FILE (the OCA archive of the shared corpus
by default, else the test fixture), goes to its fourth ply, shows the explorer and saves
the window; then Find games with this position (exact, and similar pieces), each dialog
with its results.  ``--cache`` keeps the game index between runs (one build for every
size and language).  Without ``--size`` it runs itself for 800x600 and 1900x1000 in both
languages.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from layout_shots import _screen_config  # noqa: E402

OCA = ROOT.parent / "shared" / "pdn-corpus" / "english" / "OCA_2.0.pdn"
FIXTURE = ROOT / "tests" / "data" / "db" / "library.pdn"
SIZES = ("800x600", "1900x1000")


def run_all(out: Path, file: Path, cache: Path) -> int:
    failures = 0
    for size in SIZES:
        for language in ("de", "en"):
            command = [sys.executable, __file__, "--out", str(out), "--file", str(file)]
            command += ["--size", size, "--language", language, "--cache", str(cache)]
            failures += subprocess.run(command, check=False).returncode != 0
    return failures


def shoot(out: Path, file: Path, size: str, language: str, cache: Path) -> int:
    width, height = (int(part) for part in size.split("x"))
    work = Path(tempfile.mkdtemp(prefix="dame-db-shots-"))
    config = _screen_config(work, width, height)
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    os.environ["DAME_CONFIG_DIR"] = str(work / "config")
    os.environ["DAME_CACHE_DIR"] = str(cache)
    os.environ["DAME_NO_SOUND"] = "1"
    os.environ["DAME_NO_TABLE_BUILD"] = "1"  # no build starting in the pictures
    sys.path.insert(0, str(ROOT))

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    from dame_desktop.pdn.document import PdnDocument
    from dame_desktop.store.settings import Preferences, save_preferences
    from dame_desktop.ui.app.start import open_main_window
    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()
    save_preferences(Preferences(language=language, animate=False))  # type: ignore[arg-type]
    app = QApplication([sys.argv[0]])
    _session, window = open_main_window(app)
    box = QApplication.activeModalWidget()  # the offer to continue, if any
    if box is not None:
        box.close()
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{size}-{language}"

    def settle(until: Callable[[], bool]) -> None:
        while not until():
            app.processEvents()
            QTest.qWait(20)

    def save(widget: QWidget, name: str) -> None:
        for _ in range(5):  # layouts settle over a few rounds of posted events
            app.processEvents()
        widget.grab().save(str(out / f"{stem}-{name}.png"))
        print(f"{stem}-{name}.png: {widget.width()}x{widget.height()}")

    window.showMaximized()
    doc = PdnDocument.open(file)
    assert window.document.open_game(min(6, len(doc) - 1), doc)
    for _ in range(4):
        window.step(1)
    window.action("explorer").trigger()
    explorer = window.explorer
    settle(lambda: explorer.shown_for is not None and explorer.shown_for == window.shown_position())
    save(window, "explorer")

    window.action("findPosition").trigger()
    dialog = window.position_search.dialog
    assert dialog is not None
    QTest.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    settle(lambda: dialog.asked is None and dialog.found is not None)
    save(dialog, "find-exact")

    QTest.mouseClick(dialog.similar, Qt.MouseButton.LeftButton)
    QTest.mouseClick(dialog.none_button, Qt.MouseButton.LeftButton)
    pieces = sorted(window.shown_position().pieces().items())
    for sq, _piece in pieces[:2] + pieces[-2:]:
        centre = dialog.board.square_rect(sq).center().toPoint()
        QTest.mouseClick(dialog.board, Qt.MouseButton.LeftButton, pos=centre)
    QTest.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    settle(lambda: dialog.asked is None and dialog.found is not None)
    save(dialog, "find-similar")
    dialog.close()
    window.close()  # as a user closes it (its close event stops the threads)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--file", type=Path, default=OCA if OCA.exists() else FIXTURE)
    parser.add_argument("--size")
    parser.add_argument("--language", default="en", choices=("en", "de"))
    parser.add_argument("--cache", type=Path, help="game index folder (default: a fresh one)")
    args = parser.parse_args(argv)
    cache = args.cache or Path(tempfile.mkdtemp(prefix="dame-db-shots-cache-"))
    if args.size is None:
        return run_all(args.out, args.file, cache)
    return shoot(args.out, args.file, args.size, args.language, cache)


if __name__ == "__main__":
    sys.exit(main())
