"""Runs the real program (``dame_desktop.ui.app.main``) and plays moves through its window
with mouse clicks on the board, then reports and waits to be killed.

Used by tests/ui/test_session.py: ``python session_driver.py PLIES``.  Prints one line
``PLAYED <plies> <fen> <move texts separated by commas>`` once the moves are on the board
(and so in the autosave), then keeps running until the test kills it with SIGKILL.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the checkout this driver is in, also without an install
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from dame_desktop.ui.compat import keep_none_alive  # noqa: E402

keep_none_alive()

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def main() -> int:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    app = QApplication(sys.argv[:1])

    def play() -> None:
        from dame_desktop.ui.app.main_window import MainWindow

        windows = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
        if not windows or windows[0].controller.turn_info() is None:
            QTimer.singleShot(100, play)
            return
        window = windows[0]
        board = window.board
        game = window.controller.game
        texts = []
        for _ in range(plies):
            move = sorted(game.legal_moves(), key=lambda m: m.path)[-1]
            texts.append(game.position.move_text(move))
            for square in move.path:  # click the piece, then every landing square
                QTest.mouseClick(board, Qt.MouseButton.LeftButton,
                                 Qt.KeyboardModifier.NoModifier,
                                 board.square_center(square).toPoint())
            QApplication.processEvents()
            if game.states[-1].move != move:
                print(f"FAILED to play {texts[-1]}", flush=True)
                return
        print(f"PLAYED {len(game.moves)} {game.position.fen()} {','.join(texts)}", flush=True)

    QTimer.singleShot(200, play)
    from dame_desktop.ui.app.start import main as app_main

    return app_main(["dame-desktop"])


if __name__ == "__main__":
    sys.exit(main())
