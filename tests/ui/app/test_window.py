"""The window as a new user meets it: menus, asking before a game is replaced, the game
list, undo after draws and huffing decisions, a layout that does not jump or leave gaps."""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox

from dame_desktop.core import Color, Reason, find_rules
from tests.ui.uihelp import click, drag, start

DATA = Path(__file__).resolve().parents[2] / "data" / "ui"


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv("DAME_CONFIG_DIR", str(folder))
    return folder


def answer(name: str, button: str | QMessageBox.StandardButton, seen: list[str]) -> None:
    """When the message box ``name`` opens, note its text and press ``button``."""

    def look() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == name:
            seen.append(box.text())
            target = (
                box.button(button)
                if isinstance(button, QMessageBox.StandardButton)
                else box.findChild(QAbstractButton, button)
            )
            assert target is not None
            target.click()
            return
        QTimer.singleShot(20, look)

    QTimer.singleShot(0, look)


def one_game_file(tmp_path: Path) -> Path:
    path = tmp_path / "one.pdn"
    path.write_text(
        '[Event "one"]\n[White "Ann"]\n[Black "Ben"]\n[GameType "20"]\n1. 32-28 19-23 *\n',
        encoding="utf-8",
    )
    return path


def play_two_plies_against_the_computer(window, qtbot) -> None:
    start(window, computer=True)
    with qtbot.waitSignal(
        window.controller.turn_started, timeout=10_000, check_params_cb=lambda info: info.human
    ):
        drag(window.board, 22, 18)


def test_quit_is_in_the_file_menu_with_the_platform_shortcut(window):
    """Defect 11: "Partie > Beenden" read as "end this game"."""
    quit_action = window.action("quit")
    file_menu = window.actions_table.menus["file"]
    assert quit_action in file_menu.actions()
    assert quit_action not in window.actions_table.menus["game"].actions()
    assert quit_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
    assert file_menu.actions()[-1] is quit_action


def test_opening_a_file_during_a_game_asks_first(window, qtbot, tmp_path):
    """Defect 2: opening a file discarded the game against the computer without asking."""
    window.play.confirm_discard = True
    play_two_plies_against_the_computer(window, qtbot)
    game = window.controller.game
    seen: list[str] = []
    answer("discardGameBox", QMessageBox.StandardButton.No, seen)
    assert not window.document.open_path(one_game_file(tmp_path))
    assert seen == ["The game in progress will be given up. Continue?"]
    assert window.is_playing() and window.controller.game is game and len(game.moves) == 2
    # the paste of a position and the set-up ask the same way
    from dame_desktop.ui.app import clipboard

    clipboard.set_text("W:W28:B19")
    answer("discardGameBox", QMessageBox.StandardButton.No, seen)
    assert not window.action("paste").trigger() and window.is_playing()
    assert len(seen) == 2 and window.controller.game is game
    answer("discardGameBox", QMessageBox.StandardButton.Yes, seen)
    assert window.document.open_path(one_game_file(tmp_path))
    assert window.studying() and "Ann" in window.players_label.text()


def test_cancelling_the_game_list_leaves_the_window_as_it_was(window, qtbot, tmp_path):
    """Defect 6: the old game came back as a plain move list, the annotation panel gone."""
    play_two_plies_against_the_computer(window, qtbot)

    def looks() -> tuple[object, ...]:
        return (
            window.windowTitle(),
            window.turn_label.text(),
            window.players_label.text(),
            window.rules_label.text(),
            window.lines.currentIndex(),
            window.board.position(),
            tuple(window.board.moves()),
            window.controller.game,
            window.document.doc,
            window.is_playing(),
        )

    before = looks()
    path = tmp_path / "three.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    assert window.document.open_path(path)
    window.document.list_dialog.reject()
    assert looks() == before
    # the same while a game of another file is studied: it stays, with its panel
    assert window.document.open_path(one_game_file(tmp_path))
    window.action("next").trigger()
    studied = looks()
    assert window.document.open_path(path)
    window.document.list_dialog.reject()
    assert looks() == studied and window.study.panel.isVisible()
    assert window.study.annotation.isVisible()


def test_a_search_in_the_game_list_scrolls_to_the_first_hit(window, qtbot, tmp_path):
    """Defect 9."""
    games = [
        f'[Event "e{i}"]\n[White "Player {i}"]\n[Black "Other"]\n[GameType "20"]\n1. 32-28 *\n'
        for i in range(300)
    ]
    games[250] = games[250].replace("Player 250", "Zelda")
    path = tmp_path / "many.pdn"
    path.write_text("\n".join(games), encoding="utf-8")
    assert window.document.open_path(path)
    dialog = window.document.list_dialog
    qtbot.waitExposed(dialog)
    QTest.keyClicks(dialog.search, "zel")
    assert dialog.visible_rows() == [250]
    assert dialog.chosen() == 250
    for _ in range(3):
        QTest.keyClick(dialog.search, Qt.Key.Key_Backspace)
    QTest.keyClicks(dialog.search, "player 29")  # 29, 290-299: the first hit is 29
    assert dialog.chosen() == 29
    view = dialog.view
    rect = view.visualRect(view.currentIndex())
    assert view.viewport().rect().intersects(rect), "the first hit is scrolled into view"
    dialog.reject()


def test_undo_after_an_agreed_draw_plays_on(window, qtbot):
    """Defect 10: after undoing an agreed draw the status still said the game was over."""
    start(window)  # hot-seat
    with qtbot.waitSignal(window.controller.move_played, timeout=2000):
        drag(window.board, 22, 18)
    seen: list[str] = []
    answer("", QMessageBox.StandardButton.Yes, seen)
    window.action("draw").trigger()
    game = window.controller.game
    assert game.result is not None and game.result.reason is Reason.AGREEMENT
    assert window.play.over_box is not None
    window.action("undo").trigger()
    assert not window.controller.game.is_over
    assert len(game.moves) == 1, "only the draw is taken back"
    assert window.turn_label.text() == "Dark to move"
    assert window.board.moves(), "the game goes on"
    assert window.action("draw").isEnabled() and window.action("resign").isEnabled()


def test_undo_after_any_huffing_decision_returns_to_the_decision(window, qtbot):
    """Defect 10: undo after "blow away" came back to the decision, after "demand the
    capture" it took back the opponent's earlier move instead.  Now every decision is
    undone first (let it stand too)."""
    rules = dataclasses.replace(find_rules("german"), huffing=True)
    for button in ("blow_button", "correct_button", "accept_button"):
        start(window, fen="W:W22,27,29:B18,5,1", rules=rules)
        with qtbot.waitSignal(window.controller.huff_pending, timeout=2000):
            drag(window.board, 27, 23)  # ignores 22x15
        decision = window.controller.game.states[-1]
        QTest.mouseClick(getattr(window.huff_bar, button), Qt.MouseButton.LeftButton)
        if button == "blow_button":
            click(window.board, 22)
        assert window.controller.game.pending_huff is None
        window.action("undo").trigger()
        game = window.controller.game
        assert game.pending_huff is not None, button
        assert game.states[-1].position == decision.position, button
        assert window.huff_bar.isVisible(), button
        assert game.position.turn is Color.BLACK


def test_a_read_only_file_is_not_overwritten_and_save_as_is_offered(window, qtbot, tmp_path):
    """A read-only file was overwritten without a word."""
    path = tmp_path / "three.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    original = path.read_bytes()
    os.chmod(path, 0o444)
    assert window.document.open_path(path)
    window.document.list_dialog.accept()
    window.study.annotation.comment_edit.setPlainText("mine")
    seen: list[str] = []
    answer("readOnlyBox", QMessageBox.StandardButton.Cancel, seen)
    assert not window.action("save").trigger() and window.document.modified
    assert seen == ["three.pdn cannot be written: the file is write-protected"]
    assert path.read_bytes() == original
    # "Save as…" in the same box opens the file chooser
    offered: list[bool] = []

    def refuse(target: object, reason: object) -> bool:
        offered.append(True)
        return False

    window.document.ask_read_only = refuse
    assert not window.document.save()
    assert offered == [True]
    window.document.ask_save = lambda: "discard"


def test_a_file_that_is_not_text_is_called_no_pdn_file(window, qtbot, tmp_path):
    """A PNG renamed to .pdn opened as 14 empty games."""
    path = tmp_path / "picture.pdn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20)
    assert not window.document.open_path(path)
    box = window.document.open_error
    assert box is not None and box.isVisible()
    assert "this is not a PDN file" in box.text()
    assert window.document.list_dialog is None and window.is_playing()
    box.close()


@pytest.mark.parametrize("damage", ["deep", "raise"])
def test_the_engine_thread_stops_whatever_happens_at_start(tmp_path, damage):
    """A damaged autosave (or any error while the window is built) ended with
    "QThread: Destroyed while thread 'dame-ai' is still running"."""
    import subprocess
    import sys

    (tmp_path / "autosave.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (tmp_path / "settings.json").write_text('{"level": ' + "9" * 5000 + "}", encoding="utf-8")
    code = (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication, QMessageBox\n"
        "from dame_desktop.ui.compat import keep_none_alive\n"
        "keep_none_alive()\n"
        "from dame_desktop.ui.app import session\n"
        "app = QApplication(['dame-desktop'])\n"
        "if sys.argv[1] == 'raise':\n"
        "    def boom(self): raise RuntimeError('broken while building')\n"
        "    session.Session.begin = boom\n"
        # close each box the start shows; quit once one was closed and the window stands
        # (an event, not a time: a busy machine may take seconds to get there); the long
        # timer only ends a run that never shows a box, which the asserts then report
        "seen = []\n"
        "def close_boxes():\n"
        "    box = QApplication.activeModalWidget()\n"
        "    if isinstance(box, QMessageBox):\n"
        "        print('BOX', box.objectName(), flush=True)\n"
        "        seen.append(box.objectName())\n"
        "        box.done(0)\n"
        "    elif any(w.objectName() == 'mainWindow' and w.isVisible()\n"
        "             for w in QApplication.topLevelWidgets()):\n"
        "        app.quit()  # asked again at the next look if no event loop heard it\n"
        "    QTimer.singleShot(50, close_boxes)\n"
        "QTimer.singleShot(0, close_boxes)\n"
        "from dame_desktop.ui.app.start import main\n"
        "sys.exit(main(['dame-desktop']))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DAME_CONFIG_DIR=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", code, damage], capture_output=True, text=True, timeout=90, env=env
    )
    assert "QThread: Destroyed" not in out.stderr
    assert out.returncode != -6, out.stderr[-2000:]  # no abort
    if damage == "raise":
        assert out.returncode == 1 and "broken while building" in out.stderr
    else:
        assert out.returncode == 0, out.stderr[-2000:]
        assert "BOX storageWarningBox" in out.stdout


def test_the_huffing_bar_does_not_shrink_the_board(window, qtbot):
    """Defect 12: the board shrank each time the huffing bar appeared."""
    rules = dataclasses.replace(find_rules("german"), huffing=True)
    start(window, fen="W:W22,27,29:B18,5,1", rules=rules)
    qtbot.wait(50)
    before = window.board.geometry()
    with qtbot.waitSignal(window.controller.huff_pending, timeout=2000):
        drag(window.board, 27, 23)
    qtbot.wait(50)
    assert window.huff_bar.isVisible()
    assert window.board.geometry() == before
    QTest.mouseClick(window.huff_bar.accept_button, Qt.MouseButton.LeftButton)
    qtbot.wait(50)
    assert not window.huff_bar.isVisible() and window.board.geometry() == before


def test_a_large_window_has_no_gaps_and_larger_text(window, qtbot, tmp_path):
    """Defect 13: at 1900x1000 large empty gaps and small side text; at the minimum size the
    board shrank first while the comment box kept its size."""
    start(window)
    window.resize(900, 660)
    qtbot.wait(50)
    small_font = window.players_label.font().pointSizeF()
    window.resize(1900, 1000)
    qtbot.waitUntil(lambda: window.width() == 1900)
    qtbot.wait(50)
    board = window.board
    area = window.board_area
    assert board.height() >= area.height() - 14, "the board takes the full height"
    left = board.x()
    right = area.width() - board.geometry().right() - 1
    assert abs(left - right) <= 2, "width the board does not need is split around it"
    assert window.side.width() <= 560, "the side panel is as wide as its content needs"
    assert window.players_label.font().pointSizeF() > small_font
    # a studied game: at the minimum size the comment box gives way too
    path = tmp_path / "three.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    assert window.document.open_path(path)
    window.document.list_dialog.accept()
    qtbot.wait(50)
    big_comment = window.study.annotation.comment_edit.height()
    big_board = board.height()
    window.resize(window.minimumSize())
    qtbot.wait(50)
    assert window.study.annotation.comment_edit.height() < big_comment
    assert board.height() >= 240 and board.height() < big_board
