"""The score table dialog after a few recorded games, its reset (asked first), and a damaged
file (set aside, and the dialog says so)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from dame_desktop.core import Color, Reason, Result, find_rules
from dame_desktop.store.scores import load_scores, save_scores, scores_path
from dame_desktop.ui.family.scores import ScoresDialog, record_result

GERMAN = find_rules("german")
W, B = Color.WHITE, Color.BLACK


def play_a_few(folder: Path) -> None:
    table = load_scores(folder).value
    days = [datetime(2026, 11, d, 18, 0, tzinfo=UTC) for d in (20, 21, 22, 23)]
    names = {W: "Anna", B: "Paul"}
    assert record_result(table, Result(W, Reason.NO_MOVES), GERMAN, names=names, when=days[0])
    assert record_result(
        table, Result(B, Reason.RESIGNATION), GERMAN, names={W: "Paul", B: "Anna"}, when=days[1]
    )  # colours swapped
    assert record_result(table, Result(None, Reason.REPETITION), GERMAN, names=names, when=days[2])
    assert record_result(
        table,
        Result(B, Reason.NO_PIECES),
        GERMAN,
        names={W: "Anna"},
        computer=B,
        level="beginner",
        when=days[3],
    )
    assert not record_result(table, Result(W, Reason.NO_MOVES), GERMAN, names={W: "Anna"}), (
        "a hot-seat game without both names is not counted"
    )
    save_scores(table, folder)


def cells(view, row: int) -> list[str]:
    return [view.item(row, c).text() for c in range(view.columnCount())]


def open_dialog(qtbot, folder: Path) -> ScoresDialog:
    dialog = ScoresDialog(directory=folder)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_table_after_a_few_games(qtbot, tmp_path: Path) -> None:
    play_a_few(tmp_path)
    dialog = open_dialog(qtbot, tmp_path)
    assert dialog.windowTitle() == "Score table"
    assert dialog.warning_label.isHidden()
    assert dialog.pairs_view.rowCount() == 1
    assert cells(dialog.pairs_view, 0) == ["Anna", "Paul", "2", "1", "0"]
    assert dialog.last_label.text() == "Last games of Anna against Paul"
    assert dialog.last_view.rowCount() == 3
    newest = cells(dialog.last_view, 0)
    assert newest[1:] == [
        "Draw",
        "German (Schmidt)",
        "the same position came up again (repetition)",
    ]
    assert "22" in newest[0] and ("26" in newest[0] or "2026" in newest[0]), newest[0]
    assert cells(dialog.last_view, 1)[1] == "Anna won"
    dialog.show_level("beginner")
    assert dialog.tabs.currentWidget() is dialog.levels_page
    assert cells(dialog.levels_view, 0) == ["Beginner", "0", "0", "1"]
    assert cells(dialog.last_view, 0)[1] == "The computer won"
    dialog.show_pair("paul", "ANNA")
    assert dialog.tabs.currentWidget() is dialog.pairs_page
    assert dialog.pairs_view.selectionModel().selectedRows()[0].row() == 0


def test_reset_asks_first(qtbot, tmp_path: Path) -> None:
    play_a_few(tmp_path)
    dialog = open_dialog(qtbot, tmp_path)
    QTest.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    box = dialog.confirm_box
    assert box is not None and box.isVisible()
    QTest.mouseClick(box.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)
    assert dialog.pairs_view.rowCount() == 1, "No keeps every result"
    assert not load_scores(tmp_path).value.is_empty
    QTest.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    box = dialog.confirm_box
    assert box is not None
    QTest.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert dialog.pairs_view.rowCount() == 0 and dialog.levels_view.rowCount() == 0
    assert not dialog.empty_label.isHidden() and not dialog.reset_button.isEnabled()
    assert load_scores(tmp_path).value.is_empty, "the reset table is saved"


def test_a_damaged_file_is_set_aside_and_named(qtbot, tmp_path: Path) -> None:
    path = scores_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"format": "dame-scores", "version": 1, "pairs": [')
    dialog = open_dialog(qtbot, tmp_path)
    assert not dialog.warning_label.isHidden()
    text = dialog.warning_label.text()
    assert text.startswith("The score table file was damaged; the table starts empty.")
    kept = sorted(tmp_path.glob("scores.json.damaged-*"))
    assert len(kept) == 1 and str(kept[0]) in text
    assert kept[0].read_bytes().startswith(b'{"format"'), "the damaged file is kept as it was"
    assert dialog.pairs_view.rowCount() == 0 and not dialog.empty_label.isHidden()


def test_a_bad_record_is_dropped_and_the_rest_shown(qtbot, tmp_path: Path) -> None:
    play_a_few(tmp_path)
    path = scores_path(tmp_path)
    text = path.read_text(encoding="utf-8").replace('"wins": 2', '"wins": -7')
    path.write_text(text, encoding="utf-8")
    dialog = open_dialog(qtbot, tmp_path)
    assert not dialog.warning_label.isHidden()
    assert dialog.warning_label.text().startswith(
        "Some results in the score table could not be read and were left out"
    )
    assert dialog.levels_view.rowCount() == 1, "the good records stay"


def test_the_table_in_german(qtbot, tmp_path: Path, german) -> None:
    play_a_few(tmp_path)
    (tmp_path / "scores.json").write_text("kaputt", encoding="utf-8")
    dialog = open_dialog(qtbot, tmp_path)
    assert dialog.windowTitle() == "Punktetabelle"
    assert dialog.warning_label.text().startswith(
        "Die Datei der Punktetabelle war beschädigt; die Tabelle beginnt leer."
    )
    assert dialog.tabs.tabText(0) == "Am selben Brett"


def test_after_a_game_the_row_is_counted_saved_and_selected(qtbot, tmp_path: Path) -> None:
    play_a_few(tmp_path)
    dialog = open_dialog(qtbot, tmp_path)
    when = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert dialog.record(Result(B, Reason.TIME), GERMAN, names={W: "Oma", B: "Lena"}, when=when)
    assert dialog.pairs_view.rowCount() == 2
    row = dialog.pairs_view.selectionModel().selectedRows()[0].row()
    assert cells(dialog.pairs_view, row) == ["Lena", "Oma", "1", "0", "0"]
    assert cells(dialog.last_view, 0)[1:] == ["Lena won", "German (Schmidt)", "the time ran out"]
    assert load_scores(tmp_path).value.pair("Oma", "Lena").tally.losses == 1, "saved"
    assert dialog.record(
        Result(W, Reason.NO_MOVES),
        GERMAN,
        names={W: "Anna"},
        computer=B,
        level="beginner",
        when=when,
    )
    assert dialog.tabs.currentWidget() is dialog.levels_page
    assert cells(dialog.levels_view, 0) == ["Beginner", "1", "0", "1"]
    assert not dialog.record(Result(W, Reason.NO_MOVES), GERMAN, names={W: "Anna"})
