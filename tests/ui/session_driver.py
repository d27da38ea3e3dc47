"""Runs the real program (``dame_desktop.ui.app.main``) and plays moves through its window
with mouse clicks on the board, then reports and waits to be killed.

``python session_driver.py PLIES`` (tests/ui/app/test_session.py) plays PLIES moves at once and
prints one line ``PLAYED <plies> <fen> <move texts separated by commas>`` once the moves are
on the board (and so in the autosave), then keeps running until the test kills it with
SIGKILL.

The kill-and-restart runs (tests/ui/app/test_kill_restart.py, bench/ui_kill_restart.py) add:

``--continue``
    answer the start's "Continue the game?" with Continue;
``--each``
    print ``RESTORED <json>`` once the game is on the board, and ``MOVE <json>`` after every
    move (the game's moves, the clocks' times and the ``[%clk]`` list: see :func:`state`);
``--seed N``
    play random legal moves (default: the last move in square order, as before);
``--pause-ms MS``
    wait up to MS milliseconds between moves (the event loop runs: the clocks tick and
    save their checkpoints), so a kill can come at any moment of the game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the sources of this checkout, never another installed copy (a clone has none at all)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from dame_desktop.ui.compat import keep_none_alive

keep_none_alive()

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox  # noqa: E402


def state(window: object) -> dict[str, object]:
    """The game and its clocks as the kill tests compare them: move texts, the FEN, the
    ``[%clk]`` list, each side's time left now and the side whose clock runs."""
    from dame_desktop.core import Color
    from dame_desktop.ui.app.main_window import MainWindow

    assert isinstance(window, MainWindow)
    game = window.controller.game
    panel = window.clocks.panel
    clock = panel.clock
    timed = clock is not None and clock.timed
    return {
        "moves": [game.states[i].position.move_text(m) for i, m in enumerate(game.moves)],
        "fen": game.position.fen(),
        "over": game.is_over,
        "clk": list(window.clocks.clk),
        "white": panel.remaining(Color.WHITE) if timed else None,
        "black": panel.remaining(Color.BLACK) if timed else None,
        "running": clock.running.value
        if timed and clock is not None and clock.running is not None
        else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("plies", type=int, nargs="?", default=6)
    parser.add_argument("--continue", dest="go_on", action="store_true")
    parser.add_argument("--each", action="store_true")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--pause-ms", type=int, default=0)
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])
    rng = random.Random(args.seed)

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == "continueGameBox":
            button = box.findChild(QAbstractButton, "continueButton")
            if button is not None:
                button.click()
                return
        QTimer.singleShot(20, answer)

    if args.go_on:
        QTimer.singleShot(0, answer)

    def window_now():
        from dame_desktop.ui.app.main_window import MainWindow

        windows = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
        if not windows or windows[0].controller.turn_info() is None:
            return None
        return windows[0]

    texts: list[str] = []

    def play_one(window) -> bool:
        board = window.board
        game = window.controller.game
        moves = sorted(game.legal_moves(), key=lambda m: m.path)
        if not moves:
            return False
        move = moves[-1] if args.seed is None else rng.choice(moves)
        texts.append(game.position.move_text(move))
        for square in move.path:  # click the piece, then every landing square
            QTest.mouseClick(
                board,
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
                board.square_center(square).toPoint(),
            )
        QApplication.processEvents()
        if game.states[-1].move != move:
            print(f"FAILED to play {texts[-1]}", flush=True)
            return False
        if args.each:
            print("MOVE " + json.dumps(state(window)), flush=True)
        return True

    def played(window) -> None:
        game = window.controller.game
        print(f"PLAYED {len(game.moves)} {game.position.fen()} {','.join(texts)}", flush=True)

    def play_all() -> None:
        window = window_now()
        if window is None:
            QTimer.singleShot(100, play_all)
            return
        for _ in range(args.plies):
            if not play_one(window):
                return
        played(window)

    left = [args.plies]

    def play_paced() -> None:
        from dame_desktop.ui.app.main_window import MainWindow

        windows = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
        window = windows[0] if windows else None
        if window is None or (left[0] == args.plies and window_now() is None):
            QTimer.singleShot(100, play_paced)  # the game is not on the board yet
            return
        if left[0] == args.plies and args.each:
            print("RESTORED " + json.dumps(state(window)), flush=True)
        if left[0] <= 0 or not play_one(window):
            played(window)
            return
        left[0] -= 1
        QTimer.singleShot(rng.randint(0, args.pause_ms), play_paced)

    QTimer.singleShot(200, play_paced if args.pause_ms or args.each else play_all)
    from dame_desktop.ui.app.start import main as app_main

    return app_main(["dame-desktop"])


if __name__ == "__main__":
    sys.exit(main())
