"""The window's game list on a big file: open time and time per keystroke, old path vs new.

    python bench/db_window.py [FILE.pdn] [--rounds 3] [--smoke]

Default file: the OCA archive of the shared corpus (22,621 games).  Runs offscreen, in a fresh
cache folder: first it builds the file's game index (printed: CPU seconds), as the first
opening does in the background.  Then, in one run, CPU seconds (``time.process_time``: the
whole process, so Qt's painting counts) for

* opening: the new path (File › Open: the document and the list from the index, the dialog
  shown and painted) against the old path (the file scanned for games, a table model of
  every entry behind a ``QSortFilterProxyModel`` whose row filter is Python), best of
  ``--rounds``;
* each keystroke of a typical search (typing a name, deleting it, another name, a date
  word), new against old, and the new list's other filters (comments, a date range, a
  result, then all cleared);

with the ratios old/new.  ``--smoke`` runs it on three games of the test data.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _smoke import add_smoke, small_pdn, smoke_settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = Path(os.environ.get("DAME_SHARED", ROOT.parent / "shared"))
DEFAULT = SHARED / "pdn-corpus" / "english" / "OCA_2.0.pdn"

TYPED = [
    "t",
    "ti",
    "tin",
    "tins",
    "tinsl",
    "tinsle",
    "tinsley",
    "tinsle",
    "tinsl",
    "tins",
    "tin",
    "ti",
    "t",
    "",
    "o",
    "ol",
    "old",
    "oldb",
    "oldbu",
    "oldbury",
    "",
    "1",
    "19",
    "195",
    "1952",
    "",
]


def old_dialog(entries: list[Any]) -> tuple[Any, Any]:
    """The game list as it was: every entry in a table model behind a proxy whose
    ``filterAcceptsRow`` (Python) checks each row's lower-case text."""
    from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
    from PySide6.QtWidgets import QDialog, QLineEdit, QTableView, QVBoxLayout

    class Model(QAbstractTableModel):
        def __init__(self) -> None:
            super().__init__()
            self.rows: list[tuple[str, ...]] = []
            self.keys: list[str] = []
            for e in entries:
                tags = e.tags
                row = (
                    str(e.number),
                    tags.get("White", ""),
                    tags.get("Black", ""),
                    tags.get("Event", ""),
                    tags.get("Date", ""),
                    tags.get("Result", ""),
                )
                self.rows.append(row)
                self.keys.append(
                    "\n".join((*row[1:5], tags.get("Site", ""), tags.get("Round", ""))).casefold()
                )

        def rowCount(self, parent: object = QModelIndex()) -> int:
            return len(self.rows)

        def columnCount(self, parent: object = QModelIndex()) -> int:
            return 6

        def data(self, index: Any, role: int = 0) -> object:
            if role == Qt.ItemDataRole.DisplayRole:
                return self.rows[index.row()][index.column()]
            return None

    class Filter(QSortFilterProxyModel):
        words: list[str] = []

        def set_search(self, text: str) -> None:
            if hasattr(self, "beginFilterChange"):  # Qt 6.9 and later, as the old list did
                self.beginFilterChange()
                self.words = text.casefold().split()
                self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
            else:
                self.words = text.casefold().split()
                self.invalidateRowsFilter()

        def filterAcceptsRow(self, row: int, parent: object) -> bool:
            key = model.keys[row]
            return all(w in key for w in self.words)

    dialog = QDialog()
    model = Model()
    proxy = Filter()
    proxy.setSourceModel(model)
    layout = QVBoxLayout(dialog)
    search = QLineEdit()
    layout.addWidget(search)
    view = QTableView()
    view.setModel(proxy)
    view.verticalHeader().hide()
    layout.addWidget(view)
    search.textChanged.connect(proxy.set_search)
    dialog.resize(860, 560)
    return dialog, search


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT))
    parser.add_argument("--rounds", type=int, default=3)
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, file=str(small_pdn()), rounds=1)
    path = Path(args.file)
    if not path.is_file():
        print(f"no such file: {path}", file=sys.stderr)
        return 2
    os.environ["DAME_CONFIG_DIR"] = tempfile.mkdtemp(prefix="dame-bench-")
    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from dame_desktop import native
    from dame_desktop.db.index import GameIndex
    from dame_desktop.pdn.document import PdnDocument
    from dame_desktop.ui.app.main_window import MainWindow
    from dame_desktop.ui.study import manage_games

    manage_games.BIG_FILE = 0  # even the smoke run's small file opens from its index
    print(f"file: {path.name} ({path.stat().st_size / 1e6:.1f} MB); {native.describe()}")
    t = time.process_time()
    with GameIndex(path) as index:
        index.open()
        games = index.count_games()
    print(
        f"index built: {games} games, {time.process_time() - t:.2f} CPU s (once, in the "
        "background on the first opening)"
    )

    window = MainWindow(start_game=False)
    window.resize(1000, 700)
    window.show()
    app.processEvents()
    files = window.document

    def open_new() -> tuple[float, Any]:
        if files.list_dialog is not None:
            files.list_dialog.reject()
        files.games.listings.clear()
        app.processEvents()
        t = time.process_time()
        files.open_path(path)
        dialog = files.list_dialog
        assert dialog is not None
        app.processEvents()
        return time.process_time() - t, dialog

    def open_old() -> tuple[float, Any, Any]:
        t = time.process_time()
        doc = PdnDocument.open(path)
        dialog, search = old_dialog(doc.all_entries())
        dialog.show()
        app.processEvents()
        return time.process_time() - t, dialog, search

    new_times, old_times = [], []
    dialog: Any = None
    old: Any = None
    search: Any = None
    for _ in range(max(1, args.rounds)):
        spent, dialog = open_new()
        new_times.append(spent)
        if old is not None:
            old.close()
        spent, old, search = open_old()
        old_times.append(spent)
    new_open, old_open = min(new_times), min(old_times)
    print(
        f"open the list: new {new_open:.3f} CPU s, old {old_open:.3f} CPU s, "
        f"old/new {old_open / max(new_open, 1e-9):.1f}x"
    )
    assert dialog is not None and search is not None

    def type_all(field: Any, texts: list[str]) -> list[float]:
        out = []
        for text in texts:
            t = time.process_time()
            field.setText(text)
            app.processEvents()
            out.append(time.process_time() - t)
        return out

    new_keys = type_all(dialog.search, TYPED)
    old_keys = type_all(search, TYPED)
    mean_new, mean_old = statistics.mean(new_keys), statistics.mean(old_keys)
    print(
        f"keystrokes ({len(TYPED)}): new mean {mean_new * 1000:.1f} ms, max "
        f"{max(new_keys) * 1000:.1f} ms; old mean {mean_old * 1000:.1f} ms, max "
        f"{max(old_keys) * 1000:.1f} ms; old/new {mean_old / max(mean_new, 1e-9):.1f}x"
    )
    others = []
    others += type_all(dialog.comment_search, ["w", "wh", "whi", "white", ""])
    others += type_all(dialog.date_from, ["1", "19", "190", "1900"])
    others += type_all(dialog.date_to, ["1", "19", "195", "1950"])
    box = dialog.result_box
    for i in (3, 1, 0):
        t = time.process_time()
        box.setCurrentIndex(i)
        app.processEvents()
        others.append(time.process_time() - t)
    others += type_all(dialog.date_from, [""]) + type_all(dialog.date_to, [""])
    print(
        f"other filters ({len(others)} changes: comments, dates, result): mean "
        f"{statistics.mean(others) * 1000:.1f} ms, max {max(others) * 1000:.1f} ms"
    )
    old.close()
    dialog.reject()
    window.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
