"""Screenshots of the window and its dialogs on a screen of a given size, for looking at.

    python tools/layout_shots.py --out DIR [--size 800x600] [--scale 2] [--language de]

Each run starts the program as a user would (preferences in a fresh folder, the language
chosen), on an offscreen screen of that size, and saves PNGs of the playing window with
clocks (as it opens and maximised), the rules dialog, the new-game dialog, the huffing
question, a file's game list, the game and then the puzzles with the opening explorer
turned on; it prints each one's geometry against the screen's.  Without
``--size`` it runs itself once for every size the program is looked at in, in both languages.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

SIZES = (("800x600", 1.0), ("1366x768", 1.0), ("1900x1000", 1.0), ("3840x2160", 2.0))
ROOT = Path(__file__).resolve().parent.parent


def _screen_config(folder: Path, width: int, height: int) -> Path:
    config = folder / "screen.json"
    config.write_text(
        json.dumps(
            {
                "screens": [
                    {
                        "name": "shots",
                        "x": 0,
                        "y": 0,
                        "width": width,
                        "height": height,
                        "logicalDpi": 96,
                        "logicalBaseDpi": 96,
                        "dpr": 1,
                    }
                ]
            }
        ),
        encoding="utf-8",
    )
    return config


def run_all(out: Path) -> int:
    """One child process per size and language (the screen is fixed when Qt starts)."""
    failures = 0
    for size, scale in SIZES:
        for language in ("de", "en"):
            command = [
                sys.executable,
                __file__,
                "--out",
                str(out),
                "--size",
                size,
                "--scale",
                str(scale),
                "--language",
                language,
            ]
            failures += subprocess.run(command, check=False).returncode != 0
    return 1 if failures else 0


def shoot(out: Path, size: str, scale: float, language: str) -> int:
    width, height = (int(part) for part in size.split("x"))
    work = Path(tempfile.mkdtemp(prefix="dame-shots-"))
    config = _screen_config(work, width, height)
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    os.environ["QT_SCALE_FACTOR"] = str(scale)
    os.environ["DAME_CONFIG_DIR"] = str(work / "config")
    os.environ["DAME_NO_SOUND"] = "1"
    os.environ["DAME_NO_TABLE_BUILD"] = "1"  # no build starting in the pictures
    sys.path.insert(0, str(ROOT))

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    from dame_desktop.core import Color, Position, TimeControl, find_rules
    from dame_desktop.store.settings import Preferences, save_preferences
    from dame_desktop.ui.app.start import open_main_window
    from dame_desktop.ui.compat import keep_none_alive
    from dame_desktop.ui.dialogs.new_game import NewGameSettings

    keep_none_alive()
    save_preferences(Preferences(language=language, opponent="computer", animate=False))  # type: ignore[arg-type]
    app = QApplication([sys.argv[0]])
    _session, window = open_main_window(app)
    screen = app.primaryScreen().availableGeometry()
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{size}{'@2x' if scale != 1 else ''}-{language}"
    report: list[str] = []

    def save(widget: QWidget, name: str) -> None:
        for _ in range(5):  # layouts settle over a few rounds of posted events
            app.processEvents()
        widget.grab().save(str(out / f"{stem}-{name}.png"))
        frame = widget.frameGeometry()
        inside = screen.contains(frame)
        report.append(
            f"{stem} {name}: {frame.width()}x{frame.height()}+{frame.x()}+{frame.y()}"
            f" on {screen.width()}x{screen.height()}"
            f"{'' if inside else '  OFF SCREEN'}"
        )

    def modal(trigger: Callable[[], object], name: str) -> None:
        done: list[bool] = []

        def grab() -> None:
            done.append(True)
            dialog = QApplication.activeModalWidget()
            if dialog is None:
                report.append(f"{stem} {name}: no dialog opened")
                return
            save(dialog, name)
            dialog.close()

        QTimer.singleShot(200, grab)
        trigger()
        while not done:  # a dialog opened with open() returns at once
            app.processEvents()

    box = QApplication.activeModalWidget()  # the offer to continue, if any
    if box is not None:
        box.close()
    window.clocks.set_time_controls(TimeControl.sudden_death(10))
    rules = find_rules("german")
    window.play.start_game(NewGameSettings(True, "easy", Color.WHITE, rules, "", ""))
    app.processEvents()
    save(window, "window")
    window.showMaximized()
    app.processEvents()
    save(window, "window-maximised")
    modal(window.action("rules").trigger, "rules")
    modal(window.action("new").trigger, "new-game")
    huffing = dataclasses.replace(rules, huffing=True)
    window.play.start_game(
        NewGameSettings(False, "easy", Color.WHITE, huffing, "", ""),
        start=Position.from_fen("W:W22,27,29:B18,5,1", huffing),
    )
    board = window.board
    moves = [m for m in board.moves() if m.from_sq == 27 and m.to_sq == 23]
    if moves:
        board.move_chosen.emit(moves[0])
    app.processEvents()
    save(window, "huffing")
    pdn_file = work / "games.pdn"
    pdn_file.write_text(
        "".join(
            f'[Event "Club {n}"]\n[White "Anna Lange"]\n[Black "Bernd Kurz"]\n[Result "*"]\n\n'
            "1. 11-15 22-18 2. 15x22 25x18 *\n\n"
            for n in range(1, 41)
        ),
        encoding="utf-8",
    )
    modal(lambda: window.document.open_path(str(pdn_file)), "game-list")
    window.showNormal()
    window.action("explorer").trigger()  # on, as the preferences may have it
    save(window, "game-explorer")
    window.action("puzzles").trigger()
    save(window, "puzzles-explorer")
    report.append(
        f"{stem} puzzles-explorer: board {window.board.width()}x{window.board.height()},"
        f" {window.board.height() / window.height():.0%} of the window's height"
    )
    print("\n".join(report))
    window.shutdown()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", help="WIDTHxHEIGHT of the screen in device pixels")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--language", default="en", choices=("en", "de"))
    args = parser.parse_args(argv)
    if args.size is None:
        return run_all(args.out)
    return shoot(args.out, args.size, args.scale, args.language)


if __name__ == "__main__":
    raise SystemExit(main())
