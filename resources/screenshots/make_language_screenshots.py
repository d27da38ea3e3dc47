"""Screenshots of the program in English and German under a real X server (Xvfb).

    xvfb-run -a -s "-screen 0 1280x900x24" python resources/screenshots/make_language_screenshots.py

Runs the program as it starts (preferences, language, autosave; its files in a temporary
folder): plays a few moves, kills nothing but starts a second session to show the
"Continue the game?" offer, opens the preferences and the help, and switches the language
in the preferences dialog at run time.  Writes en-*.png and de-*.png next to this file.
"""

from __future__ import annotations

import dataclasses
import os
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget  # noqa: E402

from dame_desktop.core import Game  # noqa: E402
from dame_desktop.store.settings import Preferences, save_preferences  # noqa: E402
from dame_desktop.ui.compat import keep_none_alive  # noqa: E402

SEED, PLIES = 7, 14


def settle(app: QApplication, rounds: int = 10) -> None:
    for _ in range(rounds):
        app.processEvents()


def shot(widget: QWidget, name: str) -> None:
    path = HERE / name
    widget.grab().save(str(path))
    print("wrote", path.relative_to(HERE.parent.parent), widget.width(), "x", widget.height())


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"):
        print("run me under Xvfb: xvfb-run -a python", __file__, file=sys.stderr)
        return 2
    keep_none_alive()
    folder = tempfile.mkdtemp(prefix="dame-shots-")
    os.environ["DAME_CONFIG_DIR"] = folder
    save_preferences(Preferences(language="en", opponent="human", animate=False,
                                 show_square_numbers=False))
    app = QApplication(sys.argv)
    app.setApplicationName("Dame")
    from dame_desktop.ui.app.main_window import MainWindow
    from dame_desktop.ui.app.session import Session

    # a first run: a few moves, then the window is simply dropped (as after a crash)
    first = Session()
    window = MainWindow(start_game=False)
    first.attach(window)
    window.show()
    first.begin()
    rng = random.Random(SEED)
    game = Game(window.controller.rules)
    for _ in range(PLIES):
        move = rng.choice(game.legal_moves())
        game.play(move)
        window.controller.submit_move(move)
    window.hide()
    window.shutdown()

    for language in ("en", "de"):
        prefix = f"{language}-"
        session = Session()
        if language == "de":
            session.set_preferences(dataclasses.replace(session.prefs, language="de"))
        win = MainWindow(start_game=False)
        session.attach(win)
        win.move(0, 0)
        win.resize(1000, 700)
        win.show()

        def offer(prefix: str = prefix) -> None:
            box = QApplication.activeModalWidget()
            if isinstance(box, QMessageBox) and box.objectName() == "continueGameBox":
                settle(app)
                shot(box, prefix + "continue.png")
                for button in box.buttons():
                    if button.objectName() == "continueButton":
                        button.click()
                return
            QTimer.singleShot(50, offer)

        QTimer.singleShot(0, offer)
        session.begin()
        settle(app)
        win.board.setFocus()
        assert session.keyboard is not None
        session.keyboard.place(win.controller.turn_info().moves[0].from_sq)  # type: ignore[union-attr]
        settle(app)
        shot(win, prefix + "window.png")
        dialog = session.show_preferences()
        dialog.move(1010, 0)
        settle(app)
        shot(dialog, prefix + "preferences.png")
        dialog.tabs.setCurrentIndex(1)
        settle(app)
        shot(dialog, prefix + "preferences-board.png")
        dialog.tabs.setCurrentIndex(2)
        settle(app)
        shot(dialog, prefix + "preferences-games.png")
        dialog.close()
        settle(app)
        help_dialog = session.show_help("rules")
        settle(app)
        shot(help_dialog, prefix + "help-rules.png")
        help_dialog.show_page("keys")
        settle(app)
        shot(help_dialog, prefix + "help-keys.png")
        help_dialog.close()
        win.hide()
        win.shutdown()
        session.languages.set_language("en")
        settle(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
