"""Embedded commands in the study view: the move tree shows [%eval]/[%clk] rendered and hides
[%review]; the comment editor shows and edits the user's words only, and an edit keeps every
command; a second Analyse game replaces only its own.  Through the real window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from dame_desktop.pdn import ChildNode, GameNode
from dame_desktop.pdn.document import PdnDocument
from dame_desktop.ui.app.main_window import MainWindow
from tests.ui.app.test_analysis_window import click, open_file, set_movetime

# 3. 17-14?? drops a man; clocks and an evaluation from another program, a user's comment
CLOCKED = """[Event "clocked"]
[White "A"]
[Black "B"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
[Rules "german"]
1. 22-17 {[%clk 0:04:51] [%eval 0.35]} 11-16 {[%clk 0:04:40]} 2. 25-22 {a user comment
[%eval -0.10] [%clk 0:04:30]} 8-11 {[%clk 1:02:03]} 3. 17-14?? {[%clk 0:04:01] [%review $4]}
9x25 4. 29x22 *
"""


def click_move(window: MainWindow, qtbot, text: str, node: GameNode | None = None) -> GameNode:
    """A real click on the move ``text`` in the move tree (on ``node`` where the same text
    is shown more than once); returns its node."""
    tree = window.study.tree
    tree.moveCursor(tree.textCursor().MoveOperation.Start)
    while True:
        assert tree.find(text)
        cursor = tree.textCursor()
        cursor.setPosition(cursor.selectionStart() + 1)
        point = tree.cursorRect(cursor).center()
        target = tree.node_at(point)
        assert target is not None
        if node is None or target is node:
            break
    QTest.mouseClick(
        tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point
    )
    qtbot.waitUntil(lambda: window.study.node is target)
    return target


def type_comment(window: MainWindow, qtbot, node: GameNode, words: str) -> None:
    """Select the editor's text and type ``words`` over it; wait until it is stored."""
    editor = window.study.annotation.comment_edit
    editor.setFocus()
    QTest.keySequence(editor, QKeySequence.StandardKey.SelectAll)
    if words:
        QTest.keyClicks(editor, words)
    else:
        QTest.keyClick(editor, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: editor.toPlainText() == words)
    qtbot.waitUntil(lambda: not window.study.annotation._timer.isActive(), timeout=3000)


def mainline(window: MainWindow) -> list[ChildNode]:
    game = window.study.game
    assert game is not None
    return list(game.mainline())


def test_the_move_tree_shows_evaluations_and_clocks_not_the_commands(
    window, qtbot, tmp_path: Path
) -> None:
    path = tmp_path / "clocked.pdn"
    path.write_text(CLOCKED)
    open_file(window, path)
    window.document.ask_save = lambda: "discard"  # a failing test must not hang on closing
    text = window.study.tree.toPlainText()
    assert "[%" not in text and "%eval" not in text and "%review" not in text
    assert "22-17 +0.35 4:51 11-16 4:40" in " ".join(text.split())
    assert "25-22 -0.10 4:30 a user comment" in " ".join(text.split())
    assert "8-11 1:02:03" in text  # an hour stays
    assert "17-14?? 4:01" in text  # the mark's record is hidden, the mark shown


def test_the_comment_editor_edits_the_words_and_keeps_the_commands(
    window, qtbot, tmp_path: Path
) -> None:
    path = tmp_path / "clocked.pdn"
    path.write_text(CLOCKED)
    open_file(window, path)
    window.document.ask_save = lambda: "discard"  # a failing test must not hang on closing
    editor = window.study.annotation.comment_edit
    node = click_move(window, qtbot, "25-22")
    assert editor.toPlainText() == "a user comment"
    assert not window.document.modified  # looking at a comment changes nothing
    type_comment(window, qtbot, node, "my own words")
    assert "my own words" in node.comment and "a user comment" not in node.comment
    assert "[%eval -0.10]" in node.comment and "[%clk 0:04:30]" in node.comment
    assert window.document.modified
    # a comment of commands only: words added, then taken away again
    first = click_move(window, qtbot, "22-17")
    assert editor.toPlainText() == ""
    type_comment(window, qtbot, first, "opening")
    assert first.comment.startswith("opening") and "[%clk 0:04:51]" in first.comment
    type_comment(window, qtbot, first, "")
    assert first.comment == "[%clk 0:04:51] [%eval 0.35]"
    # the words on the move tree, the commands in the saved file
    assert "my own words" in window.study.tree.toPlainText()
    window.action("save").trigger()
    assert not window.document.modified
    again = list(PdnDocument.open(path).load_game(0).mainline())
    assert again[2].commands() == {"eval": "-0.10", "clk": "0:04:30"}
    assert "my own words" in again[2].comment
    assert again[0].commands() == {"clk": "0:04:51", "eval": "0.35"}
    assert again[4].commands() == {"clk": "0:04:01", "review": "$4"}


def analyse(window: MainWindow, qtbot) -> None:
    window.action("analyseGame").trigger()
    dialog = window.analysis.game_dialog
    assert dialog is not None and dialog.isVisible()
    set_movetime(dialog, 0.1)
    with qtbot.waitSignal(dialog.finished_analysis, timeout=60_000) as blocker:
        click(dialog.start_button)
    assert blocker.args == [True]
    dialog.close()


def test_a_second_analysis_replaces_its_own_and_keeps_the_users_edits(
    window, qtbot, tmp_path: Path
) -> None:
    path = tmp_path / "clocked.pdn"
    path.write_text(CLOCKED)
    open_file(window, path)
    window.document.ask_save = lambda: "discard"  # a failing test must not hang on closing
    analyse(window, qtbot)
    nodes = mainline(window)
    assert all(node.comment.count("[%eval") == 1 for node in nodes)
    # a man dropped: "??" at any fixed depth (tests/engines/test_review.py); a search
    # cut by the clock on a busy machine may call it only "?"
    assert [n.value for n in nodes[4].nags] in ([4], [2])
    assert any(
        "[%review line]" in alt.starting_comment for node in nodes for alt in node.variations[1:]
    )
    assert "[%" not in window.study.tree.toPlainText()  # the engine's variations too
    # the user writes on analysed moves: words only in the editor, the evaluation kept
    # the main line's move: the analysis' line for move two may begin with the same move
    node = click_move(window, qtbot, "17-14", nodes[4])
    editor = window.study.annotation.comment_edit
    assert "[%" not in editor.toPlainText()
    type_comment(window, qtbot, node, "this loses a man")
    assert "[%eval" in node.comment and "[%clk 0:04:01]" in node.comment
    start = click_move(window, qtbot, "Start")
    assert editor.toPlainText() == ""  # the summary is the analysis', not the user's
    assert "inaccuracies" in window.study.tree.toPlainText()  # but shown in words
    type_comment(window, qtbot, start, "a training game")
    analyse(window, qtbot)
    nodes = mainline(window)
    assert all(node.comment.count("[%eval") == 1 for node in nodes)
    assert "this loses a man" in nodes[4].comment and "[%clk 0:04:01]" in nodes[4].comment
    assert "a user comment" in nodes[2].comment and "[%clk 0:04:30]" in nodes[2].comment
    game = window.study.game
    assert game is not None
    assert game.comment.startswith("a training game") and game.comment.count("[%review") == 1
    assert [n.value for n in nodes[4].nags] in ([4], [2])  # one mark: the second analysis'
    window.action("save").trigger()
    again = PdnDocument.open(path).load_game(0)
    assert again.comment.startswith("a training game")
    assert "this loses a man" in list(again.mainline())[4].comment
