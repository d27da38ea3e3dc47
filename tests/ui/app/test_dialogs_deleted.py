"""Dialogs made anew each time they open are deleted once answered: opening and closing
them again and again leaves no hidden dialog behind (the header editor was kept, one more
each time).  The game list is kept, one at a time, on purpose (the session asks it)."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QDialog

DATA = Path(__file__).resolve().parents[2] / "data" / "ui"


def dialogs(window) -> list[str]:
    """The dialogs still alive in the window (after the deferred deletes)."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    return sorted(type(d).__name__ for d in window.findChildren(QDialog))


def test_dialogs_opened_again_and_again_are_not_kept(window, qtbot, tmp_path: Path) -> None:
    path = tmp_path / "three_games.pdn"
    shutil.copyfile(DATA / "three_games.pdn", path)
    files = window.document
    assert files.open_path(path)
    assert files.list_dialog is not None
    files.list_dialog.accept()  # the first game
    qtbot.waitUntil(window.studying)
    before = dialogs(window)
    assert before == ["GameListDialog"]
    for _cycle in range(4):
        window.action("headers").trigger()
        header = window.study.header_dialog
        assert header is not None and header.isVisible()
        header.reject()  # (accepting marks the file edited: closing would ask to save)
    assert dialogs(window) == before
