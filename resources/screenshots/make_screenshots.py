"""Take the README screenshots under a real X server (Xvfb) and drag a piece with xdotool.

    xvfb-run -a -s "-screen 0 1100x760x24" python resources/screenshots/make_screenshots.py

Needs xdotool and ImageMagick's ``import``.  Writes start.png (the start position, then a
move dragged by xdotool and answered by the computer: drag.png) and midgame.png (a hot-seat
game with the last capture outlined, pieces that must capture glowing, a king held with its
targets marked and square numbers on) next to this file.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from PySide6.QtCore import QObject, QPoint, Signal  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dame_desktop.core import Color, Game, find_rules  # noqa: E402
from dame_desktop.ui.app.main_window import MainWindow  # noqa: E402
from dame_desktop.ui.compat import keep_none_alive  # noqa: E402
from dame_desktop.ui.dialogs.new_game import NewGameSettings  # noqa: E402

MIDGAME_SEED, MIDGAME_PLIES = 44, 20


class Bridge(QObject):
    """Lets the driver thread ask the GUI thread to do things."""

    call = Signal(object)


def run(cmd: list[str]) -> None:
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, timeout=30)


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"):
        print("run me under Xvfb: xvfb-run -a python", __file__, file=sys.stderr)
        return 2
    keep_none_alive()
    app = QApplication(sys.argv)
    win = MainWindow(start_game=False)
    win.move(0, 0)
    win.resize(1060, 720)
    rules = find_rules("german")
    vs_computer = NewGameSettings(True, "easy", Color.WHITE, rules, "Anna", "")
    win.start_game(vs_computer)
    win.show()
    bridge = Bridge()
    bridge.call.connect(lambda fn: fn())
    replies = threading.Event()
    win.controller.move_played.connect(
        lambda _m: replies.set() if len(win.controller.game.moves) >= 2 else None
    )
    errors: list[BaseException] = []

    def window_point(sq: int) -> QPoint:
        return win.board.mapTo(win, win.board.square_center(sq).toPoint())

    def midgame() -> None:
        hot_seat = NewGameSettings(False, "easy", Color.WHITE, rules, "Anna", "Ben")
        win.start_game(hot_seat)
        win.board.set_animated(False)
        rng = random.Random(MIDGAME_SEED)
        game = Game(rules)
        for _ in range(MIDGAME_PLIES):
            move = rng.choice(game.legal_moves())
            game.play(move)
            win.controller.submit_move(move)
        win.numbers_action.setChecked(True)
        win.board.set_animated(True)

    def driver() -> None:
        try:
            wid = str(int(win.winId()))
            time.sleep(1.5)
            run(["import", "-window", wid, str(HERE / "start.png")])
            a, b = window_point(22), window_point(18)
            steps = [a + (b - a) * (i / 8) for i in range(1, 9)]
            cmd = ["xdotool", "mousemove", "--window", wid, str(a.x()), str(a.y()),
                   "mousedown", "1", "sleep", "0.2"]
            for p in steps:
                cmd += ["mousemove", "--window", wid, str(p.x()), str(p.y()), "sleep", "0.05"]
            cmd += ["mouseup", "1"]
            run(cmd)
            if not replies.wait(20):
                raise RuntimeError("the dragged move was not played or not answered")
            time.sleep(1.0)
            run(["import", "-window", wid, str(HERE / "drag.png")])
            bridge.call.emit(midgame)
            time.sleep(1.0)
            king = window_point(2)
            run(["xdotool", "mousemove", "--window", wid, str(king.x()), str(king.y()),
                 "click", "1"])
            time.sleep(0.8)
            run(["import", "-window", wid, str(HERE / "midgame.png")])
        except BaseException as exc:  # report in the main thread
            errors.append(exc)
        finally:
            bridge.call.emit(app.quit)

    thread = threading.Thread(target=driver, daemon=True)
    thread.start()
    app.exec()
    thread.join(5)
    held = win.board.selected_square()
    win.shutdown()
    if errors:
        print("failed:", errors[0], file=sys.stderr)
        return 1
    print("moves played in the dragged game: ok; king held after the xdotool click:", held)
    return 0


if __name__ == "__main__":
    sys.exit(main())
