"""The game list on the game database, through the real window: the index built in a thread
(progress, Cancel, rebuilt when stale or damaged, in memory when the cache cannot be written),
the filters, the games managed by hand (delete, drag, copy, move, merge, de-duplicate, undo,
save byte for byte, closing asks) and File › Check every game on the fast replay."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dame_desktop.cli.pdn import check_file
from dame_desktop.pdn.document import PdnDocument
from dame_desktop.ui.study import manage_games

DATA = Path(__file__).resolve().parents[2] / "data"

GAMES = [
    (
        '[Event "Spring cup"]\n[White "Anna"]\n[Black "Bert"]\n[Date "1950.04.01"]\n'
        '[Result "1-0"]\n[GameType "21"]\n\n1. 11-15 23-19 {a quiet start} 2. 8-11 22-17 1-0'
    ),
    (
        '[Event "Spring cup"]\n[White "Clara"]\n[Black "Dieter"]\n[Date "1962.05.02"]\n'
        '[Result "1/2-1/2"]\n[GameType "21"]\n\n1. 9-14 22-17 2. 11-15 25-22 {sharp} 1/2-1/2'
    ),
    (
        '[Event "Autumn open"]\n[White "Anna"]\n[Black "Emil"]\n[Date "1971.09.03"]\n'
        '[Result "0-1"]\n[GameType "21"]\n\n1. 11-15 23-19 2. 8-11 22-17 0-1'
    ),
    (
        '[Event "Spring cup"]\n[White "Clara"]\n[Black "Dieter"]\n[Date "1962.05.02"]\n'
        '[Result "1/2-1/2"]\n[GameType "21"]\n\n1. 9-14 22-17 2. 11-15 25-22 {sharp} 1/2-1/2'
    ),
    (
        '[Event "Club"]\n[White "Fritz"]\n[Black "Gerd"]\n[Date "2001.01.01"]\n'
        '[Result "2-0"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0'
    ),
]


def write_games(path: Path, games: list[str] = GAMES) -> Path:
    path.write_bytes(("\n\n".join(games) + "\n").encode("utf-8"))
    return path


def cache_files(folder: Path) -> list[Path]:
    return sorted((folder / "db").glob("*.sqlite")) if (folder / "db").is_dir() else []


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DAME_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _never_asked(request) -> None:
    """A failing test must not leave the window asking about unsaved changes when it is
    closed (a modal box nobody answers)."""
    if "window" in request.fixturenames:
        request.getfixturevalue("window").document.ask_save = lambda: "discard"


def wait_indexed(qtbot, files, timeout: int = 120_000) -> None:
    qtbot.waitUntil(lambda: not files.games.keeper.busy, timeout=timeout)


def open_list(window, qtbot, path: Path):
    files = window.document
    assert files.open_path(path)
    dialog = files.list_dialog
    assert dialog is not None and dialog.isVisible()
    return files, dialog


def games_in(path: Path) -> list[str]:
    doc = PdnDocument.open(path)
    return [doc.game_text(i) for i in range(len(doc))]


# -- the index ----------------------------------------------------------------------------------


def test_first_opening_indexes_in_the_background_and_the_list_works_meanwhile(
    window, qtbot, tmp_path, cache
) -> None:
    path = tmp_path / "library.pdn"
    shutil.copyfile(DATA / "db" / "library.pdn", path)
    files, dialog = open_list(window, qtbot, path)
    assert dialog.progress_row.isVisible()  # indexing: a bar and Cancel
    assert dialog.cancel_button.isVisible() and dialog.cancel_button.isEnabled()
    QTest.keyClicks(dialog.search, "wyllie")  # usable at once, from the quick first pass
    hits = dialog.visible_rows()
    entries = files.list_doc.entries
    assert hits and all(
        "Wyllie" in entries[i].tags.get("White", "") + entries[i].tags.get("Black", "")
        for i in hits
    )
    wait_indexed(qtbot, files)
    qtbot.waitUntil(lambda: not dialog.progress_row.isVisible())
    assert len(cache_files(cache)) == 1
    assert dialog.visible_rows() == hits  # the search stays as typed
    assert dialog.rules_box.isVisible()  # several rule sets in the file: a filter
    english = dialog.rules_box.findData("english")
    assert english > 0
    dialog.search.clear()
    dialog.rules_box.setCurrentIndex(english)
    shown = len(dialog.visible_rows())
    assert 0 < shown < 32 and f"{shown} of 32 games" == dialog.count_label.text()


def test_a_big_file_with_a_current_index_opens_from_it(
    window, qtbot, tmp_path, cache, monkeypatch
) -> None:
    path = write_games(tmp_path / "big.pdn")
    monkeypatch.setattr(manage_games, "BIG_FILE", 0)
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    dialog.reject()

    def no_scan(*_args: object, **_kw: object) -> None:
        raise AssertionError("the file was scanned for games although its index is current")

    monkeypatch.setattr(PdnDocument, "from_bytes", classmethod(no_scan))
    files, dialog = open_list(window, qtbot, path)
    assert not files.games.keeper.busy and not dialog.progress_row.isVisible()
    assert id(files.list_doc) in files.games.indexed
    assert len(dialog.visible_rows()) == 5
    dialog.select_row(2)
    dialog.accept()
    assert window.studying() and window.study.game.headers["Black"] == "Emil"
    assert files.doc.game_text(2) == GAMES[2]


def test_cancel_leaves_nothing_and_the_next_opening_builds_the_index(
    window, qtbot, tmp_path, cache
) -> None:
    games = [GAMES[i % 3].replace("Anna", f"Anna {i}") for i in range(1500)]
    path = write_games(tmp_path / "many.pdn", games)
    files, dialog = open_list(window, qtbot, path)
    QTest.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    wait_indexed(qtbot, files)
    assert files.games.keeper.job is None or files.games.keeper.job.outcome == "cancelled"
    qtbot.waitUntil(lambda: not dialog.progress_row.isVisible())
    assert "cancelled" in dialog.note_label.text()
    assert cache_files(cache) == [] and not list((cache / "db").glob(".*.tmp"))
    QTest.keyClicks(dialog.search, "anna 1499")  # the list still works
    assert dialog.visible_rows() == [1499]
    dialog.reject()
    files, dialog = open_list(window, qtbot, path)
    assert dialog.progress_row.isVisible()
    wait_indexed(qtbot, files)
    assert len(cache_files(cache)) == 1


def test_a_file_changed_by_another_program_is_indexed_again(window, qtbot, tmp_path, cache) -> None:
    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    dialog.reject()
    write_games(path, GAMES + [GAMES[4].replace("Fritz", "Hanna")])  # another program
    files, dialog = open_list(window, qtbot, path)
    assert dialog.progress_row.isVisible()  # noticed: indexed again
    wait_indexed(qtbot, files)
    QTest.keyClicks(dialog.search, "hanna")
    assert dialog.visible_rows() == [5]
    index = files.games.keeper.indexes[path.resolve()]
    assert index.count_games() == 6


def test_a_damaged_index_is_rebuilt(window, qtbot, tmp_path, cache) -> None:
    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    dialog.reject()
    [index_file] = cache_files(cache)
    files.games.keeper.indexes.clear()  # as in a new session
    index_file.write_bytes(b"this is not a database" * 100)
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    assert dialog.rules_box.isVisible()  # the index's rule sets: rebuilt and read
    assert files.games.keeper.indexes[path.resolve()].count_games() == 5


def test_a_cache_folder_that_cannot_be_written_keeps_the_index_in_memory(
    window, qtbot, tmp_path, monkeypatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DAME_CACHE_DIR", str(blocker / "cache"))
    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    qtbot.waitUntil(lambda: "memory" in dialog.note_label.text())
    assert dialog.note_label.isVisible() and "club.pdn" in dialog.note_label.text()
    assert files.games.keeper.indexes[path.resolve()].in_memory
    dialog.reject()
    files, dialog = open_list(window, qtbot, path)  # the same session: no new build
    assert not files.games.keeper.busy and dialog.rules_box.isVisible()


# -- searching ------------------------------------------------------------------------------------


def test_filters_players_comments_dates_results_and_rules(window, qtbot, tmp_path, cache) -> None:
    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    QTest.keyClicks(dialog.search, "anna")
    assert dialog.visible_rows() == [0, 2]
    QTest.keyClicks(dialog.search, " autumn")
    assert dialog.visible_rows() == [2]
    dialog.search.clear()
    QTest.keyClicks(dialog.comment_search, "sharp")
    assert dialog.visible_rows() == [1, 3]
    dialog.comment_search.clear()
    QTest.keyClicks(dialog.date_from, "1960")
    QTest.keyClicks(dialog.date_to, "1971")
    assert dialog.visible_rows() == [1, 2, 3]
    dialog.result_box.setCurrentIndex(dialog.result_box.findData("draw"))
    assert dialog.visible_rows() == [1, 3]
    assert dialog.count_label.text() == "2 of 5 games"
    dialog.date_from.clear()
    dialog.date_to.clear()
    dialog.result_box.setCurrentIndex(0)
    assert dialog.rules_box.findData("international") > 0
    dialog.rules_box.setCurrentIndex(dialog.rules_box.findData("international"))
    assert dialog.visible_rows() == [4]


# -- managing ---------------------------------------------------------------------------------


def select(dialog, games: list[int]) -> None:
    view = dialog.view
    view.clearSelection()
    flags = view.selectionModel().SelectionFlag
    for game in games:
        index = dialog.model.index(dialog.model.row_of(game), 0)
        view.selectionModel().select(index, flags.Select | flags.Rows)


def test_delete_undo_redo_and_a_save_that_keeps_every_other_game_byte_for_byte(
    window, qtbot, tmp_path, cache
) -> None:
    path = write_games(tmp_path / "club.pdn")
    before = path.read_bytes()
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    assert dialog.manage_row.isVisible()
    select(dialog, [1, 3])
    dialog.manage_actions["delete"].trigger()
    assert (
        len(dialog.visible_rows()) == 3
        and dialog.count_label.text() == "3 of 5 games"
        or dialog.count_label.text() == "3 of 3 games"
    )
    assert path.read_bytes() == before  # nothing written before Save
    assert files.modified
    dialog.manage_actions["undo"].trigger()
    assert len(dialog.visible_rows()) == 5 and not files.modified
    dialog.manage_actions["redo"].trigger()
    assert len(dialog.visible_rows()) == 3
    select(dialog, [0])
    dialog.view.setFocus()
    QTest.keyClick(dialog.view, Qt.Key.Key_Delete)  # the Delete key does the same
    assert len(dialog.visible_rows()) == 2
    dialog.manage_actions["saveList"].trigger()
    assert not files.modified
    after = path.read_bytes()
    assert after != before
    kept = [GAMES[2], GAMES[4]]
    assert games_in(path) == kept
    for game in kept:  # each untouched game's own bytes
        assert game.encode("utf-8") in after
    assert after == ("\n\n".join(kept) + "\n").encode("utf-8")


def test_reorder_by_dragging_rows(window, qtbot, tmp_path, cache) -> None:
    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    qtbot.waitExposed(dialog)
    select(dialog, [0])
    view = dialog.view
    mime = dialog.model.mimeData([dialog.model.index(0, 0)])
    target = view.visualRect(dialog.model.index(3, 1)).center() + QPoint(0, 4)
    viewport = view.viewport()
    action = Qt.DropAction.MoveAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(target, action, mime, buttons, keys)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDragMoveEvent(target, action, mime, buttons, keys))
    drop = QDropEvent(QPointF(target), action, mime, buttons, keys)
    QApplication.sendEvent(viewport, drop)
    titles = [
        dialog.model.listing.white[r] + "-" + dialog.model.listing.black[r]
        for r in dialog.model.shown
    ]
    assert titles == [
        "Clara-Dieter",
        "Anna-Emil",
        "Anna-Bert",
        "Clara-Dieter",
        "Fritz-Gerd",
    ] or titles == ["Clara-Dieter", "Anna-Emil", "Clara-Dieter", "Anna-Bert", "Fritz-Gerd"]
    dialog.manage_actions["saveList"].trigger()
    saved = games_in(path)
    assert sorted(saved) == sorted(GAMES) and saved != GAMES and saved[0] == GAMES[1]


def test_copy_and_move_to_another_file_are_written_on_save_and_undone_together(
    window, qtbot, tmp_path, cache
) -> None:
    path = write_games(tmp_path / "club.pdn")
    other = write_games(tmp_path / "other.pdn", [GAMES[4]])
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    files.games.ask_file = lambda _title, _saving: str(other)
    select(dialog, [0])
    dialog.manage_actions["copyTo"].trigger()
    select(dialog, [2])
    dialog.manage_actions["moveTo"].trigger()
    assert len(dialog.visible_rows()) == 4
    assert "other.pdn" in dialog.note_label.text()  # waiting to be written there
    assert games_in(other) == [GAMES[4]]
    dialog.manage_actions["undo"].trigger()  # the move: back here, out of there
    assert len(dialog.visible_rows()) == 5
    assert files.games.manager.others[other.resolve()].items.__len__() == 2
    dialog.manage_actions["redo"].trigger()
    dialog.manage_actions["saveList"].trigger()
    assert games_in(other) == [GAMES[4], GAMES[0], GAMES[2]]
    assert games_in(path) == [GAMES[0], GAMES[1], GAMES[3], GAMES[4]]


def test_merge_a_file_and_remove_duplicates(window, qtbot, tmp_path, cache) -> None:
    path = write_games(tmp_path / "club.pdn")
    other_result = GAMES[4].replace("2-0", "0-2")  # the same moves, another result
    more = write_games(tmp_path / "more.pdn", [GAMES[0], other_result])
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    files.games.ask_file = lambda _title, _saving: str(more)
    dialog.manage_actions["merge"].trigger()
    assert len(dialog.visible_rows()) == 7
    dialog.manage_actions["dedupe"].trigger()
    qtbot.waitUntil(
        lambda: files.games.job is not None and not files.games.job.running, timeout=30000
    )
    # game 4 repeats game 2; the merged first game repeats game 1 (same moves and result)
    assert len(dialog.visible_rows()) == 5
    assert "2 duplicate games removed" in window.last_message
    dialog.manage_actions["undo"].trigger()
    assert len(dialog.visible_rows()) == 7
    dialog.manage_actions["redo"].trigger()
    dialog.manage_actions["saveList"].trigger()
    assert games_in(path) == [GAMES[0], GAMES[1], GAMES[2], GAMES[4], other_result]


def test_closing_with_changes_to_the_list_asks(window, qtbot, tmp_path, cache) -> None:
    path = write_games(tmp_path / "club.pdn")
    before = path.read_bytes()
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    select(dialog, [0])
    dialog.manage_actions["delete"].trigger()
    asked: list[bool] = []

    def cancel() -> str:
        asked.append(True)
        return "cancel"

    files.ask_save = cancel
    dialog.reject()
    assert not window.close() and window.isVisible() and asked
    assert files.modified and path.read_bytes() == before
    files.ask_save = lambda: "discard"
    assert window.close()
    assert path.read_bytes() == before


# -- checking every game --------------------------------------------------------------------------


def test_check_every_game_uses_the_fast_replay_and_reports_what_pdn_check_does(
    window, qtbot, tmp_path, cache, monkeypatch
) -> None:
    path = tmp_path / "damaged.pdn"
    shutil.copyfile(DATA / "ui" / "damaged.pdn", path)
    files = window.document
    assert files.open_path(path)
    files.problems_dialog.close()
    files.list_dialog.select_row(0)
    files.list_dialog.accept()
    files.doc.problems = []
    files.problems_dialog = None

    def slow_path(*_args: object, **_kw: object) -> None:
        raise AssertionError("the old reader was used")

    monkeypatch.setattr(PdnDocument, "check_all", slow_path)
    window.action("check").trigger()
    qtbot.waitUntil(
        lambda: files.problems_dialog is not None and files.problems_dialog.isVisible(),
        timeout=30000,
    )
    report = check_file(str(path))
    assert [(p.game, p.line, p.column, p.message) for p in files.doc.problems] == [
        (g, e.line, e.column, e.message) for g, e in report.errors
    ]
    assert files.check_progress is not None
    assert files.check_progress.labelText() == "Checking game 3 of 3…"


@pytest.mark.slow
def test_the_oca_list_opens_from_its_index(window, qtbot, cache, corpus) -> None:
    oca = corpus / "english" / "OCA_2.0.pdn"
    files, dialog = open_list(window, qtbot, oca)
    assert len(dialog.visible_rows()) == 22621  # the quick first pass, at once
    wait_indexed(qtbot, files, timeout=1200_000)  # a build of about 4-13 CPU seconds
    dialog.reject()
    files, dialog = open_list(window, qtbot, oca)
    assert id(files.list_doc) in files.games.indexed
    assert len(dialog.visible_rows()) == 22621
    QTest.keyClicks(dialog.search, "tinsley")
    assert 0 < len(dialog.visible_rows()) < 22621


@pytest.mark.skipif(
    QApplication.platformName() == "offscreen"
    or __import__("os").environ.get("QT_QPA_PLATFORM", "") == "offscreen",
    reason="a real QDrag needs a window system (run under xvfb-run with xcb)",
)
def test_reorder_by_a_real_mouse_drag(window, qtbot, tmp_path, cache) -> None:
    from PySide6.QtCore import QTimer

    path = write_games(tmp_path / "club.pdn")
    files, dialog = open_list(window, qtbot, path)
    wait_indexed(qtbot, files)
    qtbot.waitExposed(dialog)
    view = dialog.view
    viewport = view.viewport()
    start = view.visualRect(dialog.model.index(0, 1)).center()
    end = view.visualRect(dialog.model.index(3, 1)).center() + QPoint(0, 6)
    handle = dialog.windowHandle()
    assert handle is not None

    def during_drag() -> None:  # inside QDrag.exec's own loop
        for step in range(1, 6):
            point = start + (end - start) * step / 5
            QTest.mouseMove(handle, viewport.mapTo(dialog, point))
        QTest.mouseRelease(
            handle,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            viewport.mapTo(dialog, end),
        )

    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTimer.singleShot(200, during_drag)
    for step in range(1, 4):
        QTest.mouseMove(viewport, start + QPoint(0, 10 * step))
    qtbot.waitUntil(
        lambda: dialog.model.listing.black[dialog.model.shown[0]] != "Bert", timeout=10000
    )
    # dropped on the lower half of the fourth row: the first game now stands after it
    assert [dialog.model.listing.black[r] for r in dialog.model.shown] == [
        "Dieter",
        "Emil",
        "Dieter",
        "Bert",
        "Gerd",
    ]
    assert files.modified


def test_the_list_of_the_shown_file_asks_before_dropping_another_lists_changes(
    window, qtbot, tmp_path, cache
) -> None:
    shown = write_games(tmp_path / "shown.pdn", GAMES[:2])
    listed = write_games(tmp_path / "listed.pdn")
    files, dialog = open_list(window, qtbot, shown)
    dialog.accept()  # a game of shown.pdn is studied
    files, dialog = open_list(window, qtbot, listed)  # another file's list, not opened
    wait_indexed(qtbot, files)
    select(dialog, [0])
    dialog.manage_actions["delete"].trigger()
    asked: list[bool] = []

    def cancel() -> str:
        asked.append(True)
        return "cancel"

    files.ask_save = cancel
    dialog.reject()
    window.action("gameList").trigger()  # the shown file's list: the changes are asked about
    assert asked and files.games.modified and files.list_doc.path == listed
    files.ask_save = lambda: "save"
    window.action("gameList").trigger()
    assert games_in(listed) == GAMES[1:]
    assert files.list_doc.path == shown and not files.games.modified
