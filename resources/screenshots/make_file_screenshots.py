"""Screenshots of PDN files in the window, under a real X server (Xvfb).

    xvfb-run -a -s "-screen 0 1200x800x24" python resources/screenshots/make_file_screenshots.py

Writes files-list.png (the OCA archive's game list, searched for "tinsley"; the small test
file when the shared corpus is absent) and files-annotated.png (a game with a comment at the
start, a variation played on the board, move marks and a comment on the current move), and
files-setup.png (the position set-up editor).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dame_desktop.ui.compat import keep_none_alive  # noqa: E402

SHARED = Path(os.environ.get("DAME_SHARED", ROOT.parent / "shared"))


def settle(app: QApplication, ms: int = 300) -> None:
    loop_end = [False]
    QTimer.singleShot(ms, lambda: loop_end.__setitem__(0, True))
    while not loop_end[0]:
        app.processEvents()


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"):
        print("run me under Xvfb: xvfb-run -a python", __file__, file=sys.stderr)
        return 2
    os.environ.setdefault("DAME_CONFIG_DIR", tempfile.mkdtemp(prefix="dame-shots-"))
    keep_none_alive()
    app = QApplication(sys.argv)
    from dame_desktop.ui.app.main_window import MainWindow

    win = MainWindow(start_game=False)
    win.move(0, 0)
    win.resize(1100, 740)
    win.show()
    win.board.set_animated(False)
    settle(app)
    files = win.files
    files.ask_save = lambda: "discard"
    oca = SHARED / "pdn-corpus" / "english" / "OCA_2.0.pdn"
    work = Path(tempfile.mkdtemp(prefix="dame-shots-files-"))
    source = oca if oca.is_file() else ROOT / "tests" / "data" / "ui" / "three_games.pdn"
    path = work / source.name
    shutil.copyfile(source, path)
    files.open_path(path)
    dialog = files.list_dialog
    assert dialog is not None
    dialog.move(60, 60)
    dialog.search.setText("tinsley" if source is oca else "")
    settle(app, 500)
    screen = app.primaryScreen()
    screen.grabWindow(0).copy(0, 0, 1100, 740).save(str(HERE / "files-list.png"))
    dialog.accept()
    settle(app)
    # annotate: a comment at the start, marks, a variation played on the board
    win.first_action.trigger()
    files.annotation.comment_edit.setPlainText(
        "A training game: the variation after the second move is worth a look.")
    files.annotation.commit_comment()
    for _ in range(3):
        win.next_action.trigger()
    files.annotation.toggle_mark(1)
    files.annotation.comment_edit.setPlainText("The book move.")
    files.annotation.commit_comment()
    win.prev_action.trigger()
    node = files.node
    assert node is not None
    main_move = node.variations[0].move if node.variations else None
    pos = win.board.position()
    assert pos is not None
    move = next(m for m in pos.legal_moves() if m != main_move)
    win.controller.submit_move(move)
    settle(app)
    files.annotation.toggle_mark(5)
    files.annotation.comment_edit.setPlainText("Interesting, but White keeps the edge.")
    files.annotation.commit_comment()
    win.next_action.trigger() if files.node and files.node.variations else None
    settle(app, 500)
    win.grab().save(str(HERE / "files-annotated.png"))
    # the set-up editor with a small endgame
    from dame_desktop.core import Position, find_rules
    from dame_desktop.ui.study.setup_editor import SetupEditor

    rules = find_rules("german")
    editor = SetupEditor(rules, Position.from_fen("W:W21,K30,27:B6,K10,14", rules), win)
    editor.move(40, 40)
    editor.show()
    settle(app, 400)
    editor.grab().save(str(HERE / "files-setup.png"))
    editor.close()
    win.shutdown()
    print("wrote files-list.png, files-annotated.png and files-setup.png in", HERE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
