"""A listed file that another program changes while its game list is open: the window
notices, reads it again and indexes it, and says so; changes not saved yet are kept."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dame_desktop.db.index import GameIndex

from .test_game_db_window import GAMES, open_list, select, wait_indexed, write_games

EXTRA = (
    '[Event "Late entry"]\n[White "Hanna"]\n[Black "Ida"]\n[Date "2024.02.02"]\n'
    '[Result "1-0"]\n[GameType "21"]\n\n1. 10-14 24-19 1-0'
)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DAME_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _never_asked(request) -> None:
    if "window" in request.fixturenames:
        request.getfixturevalue("window").document.ask_save = lambda: "discard"


def rewrite_from_outside(path: Path, games: list[str], by_rename: bool) -> None:
    """Write the file as another program would: in place, or a new file renamed over it."""
    data = ("\n\n".join(games) + "\n").encode("utf-8")
    if by_rename:
        temp = path.with_name(path.name + ".new")
        temp.write_bytes(data)
        os.replace(temp, path)
    else:
        with open(path, "wb") as handle:
            handle.write(data)


def listed_whites(files) -> list[str]:
    dialog = files.list_dialog
    if dialog is None:
        return []
    doc = files.list_doc
    return [doc.entries[i].tags.get("White", "") for i in dialog.visible_rows()]


@pytest.mark.parametrize("by_rename", [False, True], ids=["in place", "renamed over"])
def test_a_file_changed_by_another_program_is_read_and_indexed_again(
    window, qtbot, tmp_path, cache, by_rename
) -> None:
    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    assert len(dialog.visible_rows()) == len(GAMES)
    rewrite_from_outside(path, [*GAMES, EXTRA], by_rename)
    qtbot.waitUntil(lambda: "Hanna" in listed_whites(files), timeout=60_000)
    assert len(files.list_dialog.visible_rows()) == len(GAMES) + 1
    assert "changed by another program" in files.games.last_note
    assert "changed by another program" in files.list_dialog.note_label.text()
    wait_indexed(qtbot, files)
    index = GameIndex(path, any_default=True)
    assert index.open_if_current() and index.meta()["games"] == str(len(GAMES) + 1)
    index.close()
    # and the watch goes on: a second change is noticed too
    rewrite_from_outside(path, GAMES[:2], by_rename)
    qtbot.waitUntil(lambda: len(listed_whites(files)) == 2, timeout=60_000)


def test_unsaved_changes_to_the_list_are_kept_when_the_file_changes(
    window, qtbot, tmp_path, cache
) -> None:
    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    select(dialog, [1])
    dialog.manage_actions["delete"].trigger()
    assert len(dialog.visible_rows()) == len(GAMES) - 1
    rewrite_from_outside(path, [*GAMES, EXTRA], by_rename=False)
    qtbot.waitUntil(lambda: "unsaved changes are kept" in files.games.last_note, timeout=60_000)
    assert files.list_dialog is dialog
    assert len(dialog.visible_rows()) == len(GAMES) - 1
    assert "Hanna" not in listed_whites(files)
