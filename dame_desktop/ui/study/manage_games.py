"""The game list's database side in the window: the index, File › Check every game on the
fast replay, and the games managed by hand (delete, drag to reorder, copy or move to another
file, merge a file, remove duplicates, undo, redo, save).

:class:`FileGamesController` serves the document controller through the narrow
:class:`FilesHost` protocol.  Opening a big file whose index is current builds the document
and the list from the index (no scan of the file); any other opening shows the list from
the quick first pass at once and builds the index in a thread, with a bar and Cancel in the
list; when it is ready the list takes the index's rule sets, and a big file's games become
manageable.  A cancelled build leaves nothing behind: the next opening builds it again.

Managed changes live in a :class:`~dame_desktop.db.manage.GameManager` until the file is
saved; the window's Save writes them (the other files first), and closing asks about them
as about any unsaved change.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from dame_desktop.core import RuleSet
from dame_desktop.db.listing import (
    Listing,
    document_from_index,
    index_rows,
    listing_from_entries,
    listing_from_index,
    replay_identities,
)
from dame_desktop.pdn.document import DocumentError, PdnDocument
from dame_desktop.store.files import remove_stale_temps
from dame_desktop.ui.study.file_games import (
    CheckReport,
    IndexKeeper,
    check_work,
    listing_of_items,
    same_ranges,
)
from dame_desktop.ui.study.file_watch import ListedFileWatcher
from dame_desktop.ui.study.game_list import GameListDialog
from dame_desktop.ui.study.jobs import BackgroundJob

if TYPE_CHECKING:  # the database (sqlite3) loads when a file is first listed, not at start
    from dame_desktop.db.index import GameIndex
    from dame_desktop.db.manage import GameManager

BIG_FILE = 2_000_000
"""Files larger than this open from their index when it is current (smaller ones are read
whole at once as quickly)."""


class FilesHost(Protocol):
    """What the game database side needs from the document controller."""

    doc: PdnDocument | None
    index: int | None
    list_dialog: GameListDialog | None
    list_doc: PdnDocument | None
    parent_widget: QWidget

    def current_rules(self) -> RuleSet: ...

    def say(self, text: str) -> None: ...

    def unreadable_games(self) -> frozenset[int]: ...

    def changed(self) -> None: ...

    def reload_list(self) -> bool:
        """Read the listed file again and show its list (it changed on disk)."""
        ...


class FileGamesController(QObject):
    """See the module docstring."""

    changed = Signal()

    def __init__(self, host: FilesHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.keeper = IndexKeeper(self)
        self.keeper.progress.connect(self._on_progress)
        self.keeper.ready.connect(self._on_ready)
        self.keeper.failed.connect(self._on_failed)
        self.keeper.cancelled.connect(self._on_cancelled)
        self.manager: GameManager | None = None
        self.listings: dict[int, Listing] = {}  # id(document) -> its listing
        self.indexed: set[int] = set()  # id() of documents whose listing is the index's
        self.job: BackgroundJob | None = None  # looking for duplicates
        self.check_job: BackgroundJob | None = None
        self.check_progress: QProgressDialog | None = None
        self.ask_file = self._ask_file  # (title, for saving) -> path or ""; tests replace it
        self.last_note = ""
        self.watcher = ListedFileWatcher(self)
        self.watcher.settled.connect(self._on_file_changed)

    # -- opening ---------------------------------------------------------------------------

    def open_indexed(self, path: Path) -> PdnDocument | None:
        """A big file whose index is current, read from the index; else None."""
        try:
            if not path.is_file() or path.stat().st_size <= BIG_FILE:
                return None
        except OSError:
            return None
        index = self.keeper.current(path)
        if index is None:
            return None
        remove_stale_temps(path)
        rows = index_rows(index)
        doc = document_from_index(index, rows)
        if doc is not None:
            self.listings[id(doc)] = listing_from_index(index, doc.data, doc.encoding, rows)
            self.indexed.add(id(doc))
        return doc

    def listing_for(self, doc: PdnDocument) -> Listing:
        """The list of ``doc``'s games: the managed list, the index's or the entries'."""
        if self.manager is not None and self.manager.document is doc:
            return listing_of_items(self.manager.items, doc, self._base(doc))
        found = self.listings.get(id(doc))
        if found is None or len(found) != len(doc) or doc.added or doc.edited:
            found = listing_from_entries(doc)
            if not doc.added and not doc.edited:
                self.listings[id(doc)] = found
        return found

    def _base(self, doc: PdnDocument) -> Listing | None:
        found = self.listings.get(id(doc))
        if found is None or len(found) < len(doc.entries):
            found = listing_from_entries(doc, doc.entries)
            self.listings[id(doc)] = found
        return found

    def place_of(self, doc: PdnDocument, index: int | None) -> int | None:
        """Where game ``index`` of ``doc`` stands in the list shown."""
        if index is None or self.manager is None or self.manager.document is not doc:
            return index
        return self.manager.place_of(index)

    def resolve(self, doc: PdnDocument, place: int) -> int | None:
        """The game of ``doc`` at ``place`` of the list shown (None: a game from another
        file, which opens once the list is saved)."""
        if self.manager is None or self.manager.document is not doc:
            return place
        item = self.manager.items[place]
        return item.index if item.document is doc else None

    def unreadable_places(self, doc: PdnDocument, unreadable: frozenset[int]) -> frozenset[int]:
        if self.manager is None or self.manager.document is not doc:
            return unreadable
        return frozenset(
            p
            for p, it in enumerate(self.manager.items)
            if it.document is doc and it.index in unreadable
        )

    def attach(self, dialog: GameListDialog, doc: PdnDocument) -> None:
        """Wire a new list dialog; build the file's index when it is not current."""
        dialog.cancel_indexing.connect(self.keeper.cancel)
        dialog.model.reorder_requested.connect(self._on_reorder)
        acts = dialog.manage_actions
        acts["delete"].triggered.connect(self.delete_selected)
        acts["undo"].triggered.connect(self.undo)
        acts["redo"].triggered.connect(self.redo)
        acts["copyTo"].triggered.connect(lambda: self.copy_selected(move=False))
        acts["moveTo"].triggered.connect(lambda: self.copy_selected(move=True))
        acts["merge"].triggered.connect(self.merge_file)
        acts["dedupe"].triggered.connect(self.remove_duplicates)
        acts["saveList"].triggered.connect(self.save_from_list)
        self._update_dialog()
        self.watcher.watch(doc.path.resolve() if doc.path is not None else None)
        if doc.path is None or len(doc) < 2:
            return
        if id(doc) in self.indexed:
            return
        key = doc.path.resolve()
        if self.keeper.building == key and self.keeper.busy:
            dialog.show_indexing(0, 1)  # already being built: its progress comes here
        elif self.keeper.current(doc.path) is not None:
            self._use_index(key, self.keeper.indexes[key])
        else:
            dialog.show_indexing(0, 1)
            self.keeper.build(doc.path)

    # -- the index -------------------------------------------------------------------------

    def _listed(self, key: Path) -> PdnDocument | None:
        doc = self.host.list_doc
        if doc is None or doc.path is None or doc.path.resolve() != key:
            return None
        return doc

    def _on_progress(self, key: Path, done: int, total: int) -> None:
        dialog = self.host.list_dialog
        if dialog is not None and self._listed(key) is not None:
            dialog.show_indexing(done, total)

    def _on_ready(self, key: Path, index: GameIndex) -> None:
        dialog = self.host.list_dialog
        if dialog is not None:
            dialog.indexing_ended()
        if self._listed(key) is not None:
            self._use_index(key, index)
        if index.in_memory:
            self._note(
                self.tr(
                    "The game index of %1 cannot be stored in the cache folder: "
                    "it is kept in memory until Dame closes."
                ).replace("%1", key.name)
            )

    def _use_index(self, key: Path, index: GameIndex) -> None:
        doc = self._listed(key)
        if doc is None:
            return
        rows = index_rows(index)
        if not doc.edited and not doc.added and same_ranges(doc, rows):
            doc.verified = set(range(len(doc.entries)))  # one game per range: manageable
            self.listings[id(doc)] = listing_from_index(index, doc.data, doc.encoding, rows)
            self.indexed.add(id(doc))
            dialog = self.host.list_dialog
            if dialog is not None and (self.manager is None or self.manager.document is not doc):
                dialog.set_listing(self.listing_for(doc))
        self._update_dialog()

    def _on_failed(self, key: Path, why: str) -> None:
        dialog = self.host.list_dialog
        if dialog is not None:
            dialog.indexing_ended()
        self._note(
            self.tr("The games of %1 could not be indexed: %2")
            .replace("%1", key.name)
            .replace("%2", why)
        )

    def _on_cancelled(self, key: Path) -> None:
        dialog = self.host.list_dialog
        if dialog is not None and self._listed(key) is not None:
            dialog.indexing_ended()
            self._note(
                self.tr("Indexing was cancelled; it starts again when the file is opened next.")
            )

    def _on_file_changed(self, key: Path) -> None:
        """The listed file changed on disk (another program wrote it): read it again and
        index it, unless the list or the file's games hold changes not saved yet (they are
        kept; saving asks before it overwrites the file)."""
        doc = self._listed(key)
        if doc is None or self.host.list_dialog is None or not doc.changed_on_disk():
            return
        if doc.modified or self.manages(doc):
            self._note(
                self.tr(
                    "%1 was changed by another program. Your unsaved changes are kept; "
                    "saving asks before it overwrites the file."
                ).replace("%1", key.name)
            )
            return
        if self.host.reload_list():
            self._note(
                self.tr("%1 was changed by another program: its games were read again.").replace(
                    "%1", key.name
                )
            )

    def _note(self, text: str) -> None:
        self.last_note = text
        self.host.say(text)
        dialog = self.host.list_dialog
        if dialog is not None:
            dialog.show_note(text)

    # -- managing ---------------------------------------------------------------------------

    def can_manage(self, doc: PdnDocument | None) -> bool:
        """Games are managed in a file cut into games exactly (a small file, or a big one
        once its index agrees with the quick first pass)."""
        if doc is None or doc is not self.host.doc and doc is not self.host.list_doc:
            return False
        if self.manager is not None and self.manager.document is doc:
            return True
        return doc.method == "exact" or (
            len(doc.verified) >= len(doc.entries)
            and all(i in doc.verified for i in range(len(doc.entries)))
        )

    def _manager(self) -> GameManager | None:
        doc = self.host.list_doc
        if doc is None or not self.can_manage(doc) or (self.job is not None and self.job.running):
            return None
        if self.manager is None or self.manager.document is not doc:
            from dame_desktop.db.manage import GameManager

            self.manager = GameManager(doc, None)
        return self.manager

    @property
    def modified(self) -> bool:
        return self.manager is not None and self.manager.list_changed

    def manages(self, doc: PdnDocument | None) -> bool:
        return self.manager is not None and self.manager.document is doc and self.modified

    def _refresh(self) -> None:
        dialog = self.host.list_dialog
        doc = self.host.list_doc
        if dialog is not None and doc is not None:
            bad = self.unreadable_places(
                doc, self.host.unreadable_games() if doc is self.host.doc else frozenset()
            )
            dialog.set_listing(self.listing_for(doc), bad)
        self._update_dialog()
        self.host.changed()

    def _update_dialog(self) -> None:
        dialog = self.host.list_dialog
        if dialog is None:
            return
        doc = self.host.list_doc
        on = self.can_manage(doc)
        dialog.enable_managing(on)
        busy = self.job is not None and self.job.running
        man = self.manager if self.manager is not None and self.manager.document is doc else None
        acts = dialog.manage_actions
        for name in ("delete", "copyTo", "moveTo", "merge", "dedupe"):
            acts[name].setEnabled(on and not busy)
        acts["undo"].setEnabled(on and not busy and man is not None and man.can_undo)
        acts["redo"].setEnabled(on and not busy and man is not None and man.can_redo)
        acts["saveList"].setEnabled(on and not busy and man is not None and man.modified)
        if man is not None and man.pending_files():
            names = ", ".join(p.name for p in man.pending_files())
            dialog.show_note(
                self.tr("Games wait to be written to %1 when this file is saved.").replace(
                    "%1", names
                )
            )
        elif self.last_note:
            dialog.show_note(self.last_note)
        else:
            dialog.show_note("")

    def _selected(self) -> list[int]:
        dialog = self.host.list_dialog
        return dialog.selected_games() if dialog is not None else []

    def delete_selected(self) -> None:
        man = self._manager()
        places = self._selected()
        if man is None or not places:
            return
        man.delete(places)
        self._refresh()
        self.host.say(
            self.tr("%1 games deleted (undo with Ctrl+Z until the file is saved)").replace(
                "%1", str(len(places))
            )
        )

    def _on_reorder(self, places: list[int], to: int) -> None:
        man = self._manager()
        if man is None or not places:
            return
        man.move(places, to)
        self._refresh()
        dialog = self.host.list_dialog
        if dialog is not None:  # the moved games stay selected
            first = to - sum(1 for p in places if p < to)
            dialog.view.clearSelection()
            for place in range(first, first + len(places)):
                row = dialog.model.row_of(place)
                if row >= 0:
                    dialog.view.selectionModel().select(
                        dialog.model.index(row, 0),
                        dialog.view.selectionModel().SelectionFlag.Select
                        | dialog.view.selectionModel().SelectionFlag.Rows,
                    )

    def undo(self) -> None:
        man = self._manager()
        if man is not None and man.can_undo:
            man.undo()
            self._refresh()

    def redo(self) -> None:
        man = self._manager()
        if man is not None and man.can_redo:
            man.redo()
            self._refresh()

    def _ask_file(self, title: str, saving: bool) -> str:
        parent = self.host.list_dialog or self.host.parent_widget
        folder = (
            str(self.host.list_doc.path.parent)
            if self.host.list_doc is not None and self.host.list_doc.path is not None
            else ""
        )
        filt = self.tr("PDN files (*.pdn *.PDN);;All files (*)")
        if saving:
            name, _ = QFileDialog.getSaveFileName(
                parent, title, folder, filt, options=QFileDialog.Option.DontConfirmOverwrite
            )
        else:
            name, _ = QFileDialog.getOpenFileName(parent, title, folder, filt)
        return name

    def copy_selected(self, move: bool) -> None:
        man = self._manager()
        places = self._selected()
        if man is None or not places:
            return
        name = self.ask_file(
            self.tr("Move the games to") if move else self.tr("Copy the games to"), True
        )
        if not name:
            return
        target = Path(name)
        if not target.suffix:
            target = target.with_suffix(".pdn")
        if not target.exists():
            try:  # a new file: an empty one to add to (written whole when saved)
                from dame_desktop.store.files import atomic_write_bytes

                atomic_write_bytes(target, b"")
            except OSError as exc:
                self._warn(
                    self.tr("%1 cannot be created: %2")
                    .replace("%1", str(target))
                    .replace("%2", str(exc))
                )
                return
        try:
            if move:
                man.move_to(places, target)
            else:
                man.copy_to(places, target)
        except (DocumentError, ValueError) as exc:
            self._warn(
                self.tr("The games cannot go to %1: %2")
                .replace("%1", target.name)
                .replace("%2", getattr(exc, "reason", "") or str(exc))
            )
            return
        self._refresh()
        text = (
            self.tr("%1 games moved to %2; written there when this file is saved")
            if move
            else self.tr("%1 games copied to %2; written there when this file is saved")
        )
        self.host.say(text.replace("%1", str(len(places))).replace("%2", target.name))

    def merge_file(self) -> None:
        man = self._manager()
        if man is None:
            return
        name = self.ask_file(self.tr("Merge the games of a file"), False)
        if not name:
            return
        try:
            other = PdnDocument.open(name)
        except DocumentError as exc:
            self._warn(
                self.tr("%1 cannot be opened: %2")
                .replace("%1", name)
                .replace("%2", exc.reason or str(exc))
            )
            return
        other.verified = set(range(len(other.entries)))  # each range is copied whole
        count = man.merge(other)
        self._refresh()
        self.host.say(
            self.tr("%1 games of %2 added at the end")
            .replace("%1", str(count))
            .replace("%2", Path(name).name)
        )

    def remove_duplicates(self) -> None:
        """Find the duplicates (fast replay of the files, in a thread), then delete them
        as one step."""
        man = self._manager()
        if man is None:
            return
        dialog = self.host.list_dialog

        def identities(doc: PdnDocument) -> list[tuple[object, ...] | None] | None:
            if doc.path is None or doc.changed_on_disk():
                return None
            found = replay_identities(doc.path)
            return found if len(found) == len(doc.entries) else None

        def work(progress: object, cancelled: object) -> list[int]:
            return man.duplicates(identities)

        job = BackgroundJob(work, self)
        job.done.connect(lambda places: self._dedupe_done(man, places))
        job.failed.connect(lambda exc: self._warn(str(exc)))
        job.finished.connect(self._job_over)
        self.job = job
        if dialog is not None:
            dialog.progress_label.setText(self.tr("Looking for duplicates…"))
            dialog.progress.setRange(0, 0)
            dialog.cancel_button.setEnabled(False)
            dialog.progress_row.show()
        self._update_dialog()
        job.start()

    def _job_over(self) -> None:
        dialog = self.host.list_dialog
        if dialog is not None:
            dialog.progress.setRange(0, 1000)
            dialog.progress_row.hide()
        self._update_dialog()

    def _dedupe_done(self, man: GameManager, places: object) -> None:
        assert isinstance(places, list)
        if man is not self.manager:
            return
        if places:
            man.delete(places)
            self._refresh()
        self.host.say(
            self.tr("%1 duplicate games removed").replace("%1", str(len(places)))
            if places
            else self.tr("No duplicate games")
        )

    def _warn(self, text: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Games"),
            text,
            QMessageBox.StandardButton.Ok,
            self.host.list_dialog or self.host.parent_widget,
        )
        box.setObjectName("gamesWarning")
        box.open()
        self.host.say(text)

    def save_from_list(self) -> None:
        self.save_requested.emit()

    save_requested = Signal()

    def save(self, target: Path) -> None:
        """Write the managed list (other files first); raises DocumentError."""
        man = self.manager
        assert man is not None
        doc = man.document
        place = self.place_of(doc, self.host.index)
        man.save(target)
        self.manager = None
        self.listings.pop(id(doc), None)
        self.indexed.discard(id(doc))
        self.host.index = place
        if self.host.list_dialog is not None and self.host.list_doc is doc:
            self.host.list_dialog.set_listing(self.listing_for(doc), frozenset())
            self.attach_index(doc)
        self._update_dialog()

    def attach_index(self, doc: PdnDocument) -> None:
        """Index ``doc``'s file again (after a save changed it)."""
        if doc.path is not None and len(doc) > 1:
            self.keeper.build(doc.path)

    def discard(self) -> None:
        """Forget the managed changes (the user chose not to save)."""
        self.manager = None
        self._refresh()

    def forget(self, doc: PdnDocument | None) -> None:
        """Another file replaces ``doc``: its list and changes go."""
        if self.manager is not None and self.manager.document is doc:
            self.manager = None
        if doc is not None:
            self.listings.pop(id(doc), None)
            self.indexed.discard(id(doc))

    # -- checking every game ---------------------------------------------------------------

    def can_fast_check(self, doc: PdnDocument) -> bool:
        return (
            doc.path is not None
            and not doc.modified
            and not self.modified
            and not doc.changed_on_disk()
        )

    def check(self, doc: PdnDocument, rules: RuleSet, done: object) -> None:
        """Replay every game of the file in a thread ("game N of M", Cancel); ``done``
        gets the :class:`CheckReport`."""
        assert doc.path is not None
        if self.check_job is not None and self.check_job.running:
            return
        total = len(doc)
        progress = QProgressDialog(
            self.tr("Checking every game…"), self.tr("Cancel"), 0, total, self.host.parent_widget
        )
        progress.setObjectName("checkProgress")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        self.check_progress = progress
        job = BackgroundJob(check_work(doc.path, rules, total), self)
        progress.canceled.connect(job.cancel)

        def step(game: int, of: int) -> None:
            progress.setMaximum(of)
            progress.setValue(game)
            progress.setLabelText(
                self.tr("Checking game %1 of %2…").replace("%1", str(game)).replace("%2", str(of))
            )

        def finished(report: object) -> None:
            progress.setValue(progress.maximum())
            progress.close()
            if callable(done) and isinstance(report, CheckReport):
                done(report)

        def failed(exc: object) -> None:
            progress.close()
            self._warn(self.tr("The games could not be checked: %1").replace("%1", str(exc)))

        job.progress.connect(step)
        job.done.connect(finished)
        job.failed.connect(failed)
        job.cancelled.connect(progress.close)
        self.check_job = job
        job.start()

    def shutdown(self) -> None:
        """Stop every thread (the window closes)."""
        self.watcher.watch(None)
        self.keeper.stop()
        for job in (self.job, self.check_job):
            if job is not None:
                job.stop()
