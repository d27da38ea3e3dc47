"""Two windows of the same user share the settings, the recent files and the score table:
what one window writes never undoes what the other wrote meanwhile (the window re-reads
the file under the update lock instead of writing its own older copy).

The processes-at-the-same-moment tests are in tests/store/test_concurrent.py; these check
that the window's own code paths go through that update.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from dame_desktop.core import Color, Result, find_rules
from dame_desktop.core.game import Reason
from dame_desktop.store.scores import Outcome, ScoreTable, Tally, load_scores, update_scores
from dame_desktop.store.settings import (
    LevelKey,
    load_preferences,
    load_recent_files,
    update_recent_files,
)
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.family.scores import ScoresDialog

WHEN = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)


def won(level: str, outcome: Outcome) -> Callable[[ScoreTable], bool]:
    """A change for update_scores: one game against the computer at ``level``."""

    def change(table: ScoreTable) -> bool:
        table.record_against_computer(level, outcome, WHEN)
        return True

    return change


def test_two_windows_keep_each_others_preferences(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    first, second = Session(), Session()  # both read the same (missing) file
    first.set_preferences(dataclasses.replace(first.prefs, level=LevelKey("hard")))
    second.set_preferences(dataclasses.replace(second.prefs, board_theme="green"))
    first.set_preferences(dataclasses.replace(first.prefs, sound=True))
    stored = load_preferences(tmp_path).value
    assert (stored.level, stored.board_theme, stored.sound) == ("hard", "green", True)
    # the window's own copy follows the file: its next save cannot undo the other's change
    assert first.prefs.board_theme == "green"


def test_an_open_score_table_counts_into_the_file_not_its_old_copy(qtbot, tmp_path) -> None:
    dialog = ScoresDialog(directory=tmp_path)  # read while the file was empty
    qtbot.addWidget(dialog)
    # meanwhile another window counts a game
    update_scores(won("easy", Outcome.WIN), tmp_path)
    assert dialog.record(
        Result(Color.WHITE, Reason.NO_MOVES),
        find_rules("german"),
        names={Color.WHITE: "Paul", Color.BLACK: "Anna"},
        when=WHEN,
    )
    table = load_scores(tmp_path).value
    assert table.level("easy").tally == Tally(wins=1)  # the other window's game stays
    assert table.pair("Paul", "Anna").tally == Tally(wins=1)
    assert dialog.table == table  # and the dialog shows both


def test_a_window_adds_to_the_recent_files_another_window_saved(window, tmp_path: Path) -> None:
    window.document.recent = load_recent_files().value  # the window's copy, read now
    other = tmp_path / "other.pdn"
    mine = tmp_path / "mine.pdn"
    update_recent_files(lambda recent: recent.add(other))  # another window opens a file
    window.document._remember(mine)
    assert [p.name for p in load_recent_files().value] == ["mine.pdn", "other.pdn"]
    assert [p.name for p in window.document.recent] == ["mine.pdn", "other.pdn"]
