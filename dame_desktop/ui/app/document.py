"""The open PDN file in the window: open (menu, drop, command line, recent files, file-open
events), the game list and the problem list, saving, set-up, the clipboard.

The document controller owns the :class:`PdnDocument` and nothing of the window: it talks to
the window through the narrow :class:`DocumentHost` protocol (the rules in use, the position
shown, the played game as PDN, "may the game on the board be replaced?", "study this game")
and exposes its commands as rows of the window's action table.

A file that is opened is only a candidate until one of its games is shown: cancelling its
game list leaves the window (and the file open before) exactly as it was.
"""

from __future__ import annotations

import contextlib
import datetime
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QProgressDialog, QWidget

from dame_desktop import pdn
from dame_desktop.core import Color, Game, Position, Result, RuleSet
from dame_desktop.store.files import StorageWarning
from dame_desktop.store.settings import RecentFiles, load_recent_files, update_recent_files
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.notation import Notation

if TYPE_CHECKING:  # the file's reader, the dialogs and the editor load when first used
    from dame_desktop.pdn.document import PdnDocument, Problem
    from dame_desktop.ui.dialogs.problems import ProblemsDialog
    from dame_desktop.ui.study.file_games import CheckReport
    from dame_desktop.ui.study.game_list import GameListDialog
    from dame_desktop.ui.study.manage_games import FileGamesController
    from dame_desktop.ui.study.setup_editor import SetupEditor

FULL_CHECK_LIMIT = 400
"""Files with at most this many games are read completely on opening, for the problem list."""


class DocumentHost(Protocol):
    """What the document controller needs from the window."""

    def current_rules(self) -> RuleSet: ...

    def shown_position(self) -> Position: ...

    def position_text(self, position: Position) -> str: ...

    def notation(self) -> Notation: ...

    def played_game(self) -> pdn.Game: ...

    def may_replace_game(self) -> bool: ...

    def show_study(self, game: pdn.Game) -> None: ...

    def commit_edits(self) -> None: ...

    def studied_game(self) -> pdn.Game | None: ...

    def show_message(self, text: str) -> None: ...


class DocumentController(QObject):
    """The file of the window (see the module docstring)."""

    title_changed = Signal()
    state_changed = Signal()  # what the actions' enabled rules read changed

    def __init__(
        self, host: DocumentHost, dialog_parent: QWidget, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.parent_widget = dialog_parent
        self.doc: PdnDocument | None = None
        self.index: int | None = None  # the studied game's place in doc (None: not added)
        self.studying = False
        self._unreadable: frozenset[int] = frozenset()
        self.list_dialog: GameListDialog | None = None
        self.list_doc: PdnDocument | None = None  # the document the list dialog shows
        self._games: FileGamesController | None = None  # made when a file first needs it
        self.problems_dialog: ProblemsDialog | None = None
        self.check_progress: QProgressDialog | None = None
        self.setup_dialog: SetupEditor | None = None
        self.open_error: QMessageBox | None = None
        self.last_directory = ""
        self.recent_warnings: list[StorageWarning] = []  # the session reports them at start
        self.recent = self._load_recent()
        self.recent_menu = QMenu()
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.ask_save = self._ask_save  # "save" / "discard" / "cancel"; tests replace it
        self.ask_overwrite = self._ask_overwrite  # the file changed on disk: overwrite it?
        self.ask_read_only = self._ask_read_only  # the file cannot be written: save as?

    @property
    def games(self) -> FileGamesController:
        """The file's game index and managed list, made (and its modules loaded) on first use,
        so the first paint does not load the database."""
        if self._games is None:
            from dame_desktop.ui.study.manage_games import FileGamesController

            self._games = FileGamesController(self, self)
            self._games.save_requested.connect(self.save)
        return self._games

    # -- actions -----------------------------------------------------------------------

    def action_specs(self) -> list[ActionSpec]:
        def games() -> int:
            return len(self.doc) if self.doc is not None else 0

        return [
            ActionSpec(
                "open",
                lambda: self.tr("&Open…"),
                self.ask_open,
                menu="file",
                shortcuts=(QKeySequence.StandardKey.Open,),
            ),
            ActionSpec(
                "recent",
                lambda: self.tr("Open &recent"),
                lambda: None,
                menu="file",
                submenu=self.recent_menu,
            ),
            ActionSpec(
                "gameList",
                lambda: self.tr("&Games in this file…"),
                self.show_game_list,
                menu="file",
                shortcuts=("Ctrl+L",),
                enabled=lambda: games() > 1,
            ),
            ActionSpec(
                "save",
                lambda: self.tr("&Save"),
                self.save,
                menu="file",
                shortcuts=(QKeySequence.StandardKey.Save,),
                separator_before=True,
            ),
            ActionSpec(
                "saveAs",
                lambda: self.tr("Save &as…"),
                self.ask_save_as,
                menu="file",
                shortcuts=("Ctrl+Shift+S",),
            ),
            ActionSpec(
                "setup",
                lambda: self.tr("Set &up a position…"),
                self.ask_setup,
                menu="file",
                separator_before=True,
            ),
            ActionSpec(
                "check",
                lambda: self.tr("&Check every game…"),
                self.check_whole_file,
                menu="file",
                separator_before=True,
                enabled=lambda: games() > 0,
            ),
            ActionSpec(
                "problems",
                lambda: self.tr("&Problems in this file…"),
                self.show_problems,
                menu="file",
                enabled=lambda: self.doc is not None and bool(self.doc.problems),
            ),
            ActionSpec(
                "copyPdn",
                lambda: self.tr("Copy game as &PDN"),
                self.copy_pdn,
                menu="edit",
                shortcuts=(QKeySequence.StandardKey.Copy,),
            ),
            ActionSpec(
                "copyFen",
                lambda: self.tr("Copy position as &FEN"),
                self.copy_fen,
                menu="edit",
                shortcuts=("Ctrl+Shift+C",),
            ),
            ActionSpec(
                "copyText",
                lambda: self.tr("Copy position as &text"),
                self.copy_text,
                menu="edit",
                shortcuts=("Ctrl+Alt+C",),
            ),
            ActionSpec(
                "paste",
                lambda: self.tr("&Paste FEN or PDN"),
                self.paste,
                menu="edit",
                shortcuts=(QKeySequence.StandardKey.Paste,),
            ),
        ]

    # -- recent files ------------------------------------------------------------------

    def _load_recent(self) -> RecentFiles:
        try:
            loaded = load_recent_files()
        except Exception:
            return RecentFiles()
        self.recent_warnings = list(loaded.warnings)
        return loaded.value

    def _remember(self, path: Path) -> None:
        self.recent.add(path)
        self.last_directory = str(path.parent)
        try:
            # added to the list as it is now: files another window opened stay listed
            self.recent = update_recent_files(lambda recent: recent.add(path))
        except Exception as exc:  # not fatal: the file itself is fine
            self.host.show_message(
                self.tr("The list of recent files could not be saved: %1").replace("%1", str(exc))
            )

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = list(self.recent)
        if not paths:
            action = self.recent_menu.addAction(self.tr("(none)"))
            action.setEnabled(False)
            return
        for path in paths:
            action = self.recent_menu.addAction(path.name)
            action.setToolTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _c=False, p=path: self.open_recent(p))

    def open_recent(self, path: Path) -> bool:
        if not path.is_file():
            self.recent.remove(path)
            with contextlib.suppress(Exception):
                self.recent = update_recent_files(lambda recent: recent.remove(path))
            self.host.show_message(self.tr("%1 is no longer there.").replace("%1", str(path)))
            return False
        return self.open_path(path)

    # -- opening -----------------------------------------------------------------------

    def _filter(self) -> str:
        return self.tr("PDN files (*.pdn *.PDN);;All files (*)")

    def _start_folder(self) -> str:
        if self.doc is not None and self.doc.path is not None:
            return str(self.doc.path.parent)
        return self.last_directory

    def ask_open(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self.parent_widget, self.tr("Open a PDN file"), self._start_folder(), self._filter()
        )
        if name:
            self.open_path(name)

    def open_path(self, path: str | Path) -> bool:
        """Read a file: one game is shown at once (after asking about the game on the board
        and unsaved edits), several give the game list; nothing changes until one is chosen.
        """
        from dame_desktop.pdn.document import DocumentError, PdnDocument

        target = Path(path)
        if self._games is not None and self._games.modified and not self.may_close_document():
            return False  # the games of the listed file were managed and not saved
        try:
            doc = self.games.open_indexed(target) or PdnDocument.open(target)
        except DocumentError as exc:
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                self.tr("Open"),
                self.tr("%1 cannot be opened: %2")
                .replace("%1", str(path))
                .replace("%2", texts.file_problem(exc.kind, exc.reason)),
                QMessageBox.StandardButton.Ok,
                self.parent_widget,
            )
            box.setObjectName("openErrorBox")
            box.setDetailedText(exc.reason)
            box.finished.connect(box.deleteLater)  # made anew each time: never kept
            self.open_error = box
            box.open()
            return False
        self._remember(target.resolve())
        count = len(doc)
        if count == 0:
            self.host.show_message(self.tr("%1 holds no games.").replace("%1", target.name))
            return False
        unreadable = self._check_all(doc) if count <= FULL_CHECK_LIMIT else frozenset()
        if count == 1:
            return self.open_game(0, doc, unreadable)
        self.host.show_message(
            self.tr("%1: %2 games").replace("%1", target.name).replace("%2", str(count))
        )
        self.show_game_list(doc, unreadable)
        if doc.problems:
            self.show_problems(doc, unreadable)
        return True

    def _check_all(self, doc: PdnDocument) -> frozenset[int]:
        from dame_desktop.ui.study.game_list import cannot_be_read

        unreadable: set[int] = set()
        for index, game in doc.check_all(self.host.current_rules()):
            doc.problems.extend(doc.game_problems(index, game))
            if cannot_be_read(game):
                unreadable.add(index)
        return frozenset(unreadable)

    def check_whole_file(self, chunk: int = 200) -> None:
        """Read every game of a big file for the problem list, with progress and Cancel."""
        doc = self.doc
        if doc is None or not len(doc):
            return
        if self.games.can_fast_check(doc):
            self.games.check(
                doc, self.host.current_rules(), lambda report: self._checked(doc, report)
            )
            self.check_progress = self.games.check_progress
            return
        progress = QProgressDialog(
            self.tr("Reading every game…"), self.tr("Cancel"), 0, len(doc), self.parent_widget
        )
        progress.setObjectName("checkProgress")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)
        self.check_progress = progress
        games = doc.check_all(self.host.current_rules())
        QTimer.singleShot(0, lambda: self._check_step(doc, games, progress, chunk, [], [0], set()))

    def _check_step(
        self,
        doc: PdnDocument,
        games: Iterator[tuple[int, pdn.Game]],
        progress: QProgressDialog,
        chunk: int,
        found: list[Problem],
        counts: list[int],
        unreadable: set[int],
    ) -> None:
        """``counts`` holds the games read, ``unreadable`` the indexes of those that cannot."""
        from dame_desktop.ui.study.game_list import cannot_be_read

        if progress.wasCanceled() or self.doc is not doc:
            return
        for index, game in itertools.islice(games, max(1, chunk)):
            found.extend(doc.game_problems(index, game))
            if cannot_be_read(game):
                unreadable.add(index)
            counts[0] += 1
        progress.setMaximum(len(doc))
        progress.setValue(counts[0])
        if counts[0] < len(doc):
            QTimer.singleShot(
                0, lambda: self._check_step(doc, games, progress, chunk, found, counts, unreadable)
            )
            return
        progress.close()
        self._finish_check(doc, found, unreadable)

    def _finish_check(self, doc: PdnDocument, found: list[Problem], unreadable: set[int]) -> None:
        doc.problems = [p for p in doc.problems if p.game == 0] + found
        self._unreadable = frozenset(unreadable)
        self.state_changed.emit()
        if found:
            self.show_problems()
        else:
            self.host.show_message(self.tr("No problems in %1 games.").replace("%1", str(len(doc))))

    def _checked(self, doc: PdnDocument, report: CheckReport) -> None:
        """The fast check's findings, as the slow path's."""
        from dame_desktop.pdn.document import Problem

        if self.doc is not doc:
            return
        found = [Problem(game, p.line, p.column, p.message, p) for game, p in report.problems]
        self._finish_check(doc, found, report.unreadable)

    def readable_games(self) -> int:
        doc = self.doc
        return 0 if doc is None else len(doc) - len(self._unreadable)

    def show_game_list(
        self, doc: PdnDocument | None = None, unreadable: frozenset[int] | None = None
    ) -> None:
        """The list of ``doc``'s games (the open file's when None); choosing one shows it."""
        from dame_desktop.ui.study.game_list import GameListDialog

        doc = doc or self.doc
        if doc is None or not len(doc):
            return
        if self.list_doc is not doc and self.list_doc is not self.doc:
            manager = self.games.manager
            if (
                manager is not None
                and manager.document is self.list_doc
                and self.games.modified
                and not self.may_close_document()
            ):
                return  # the other list's changes are kept (the user cancelled)
            self.games.forget(self.list_doc)
        if self.list_dialog is not None:  # the last list goes: a session keeps one
            self.list_dialog.close()
            self.list_dialog.deleteLater()
            self.list_dialog = None
        name = doc.path.name if doc.path else self.tr("New file")
        current = self.games.place_of(doc, self.index) if doc is self.doc else None
        bad = self._unreadable if unreadable is None else unreadable
        dialog = GameListDialog(
            (),
            self.tr("Games in %1").replace("%1", name),
            self.parent_widget,
            current,
            self.games.unreadable_places(doc, bad),
            self.games.listing_for(doc),
        )
        dialog.accepted.connect(lambda: self._on_list_chosen(dialog, doc, bad))
        self.list_dialog = dialog
        self.list_doc = doc
        self.games.attach(dialog, doc)
        dialog.open()

    def _on_list_chosen(
        self, dialog: GameListDialog, doc: PdnDocument, unreadable: frozenset[int]
    ) -> None:
        chosen = dialog.chosen()
        if chosen is None:
            return
        index = self.games.resolve(doc, chosen)
        if index is None:
            self.host.show_message(
                self.tr("This game comes from another file: it opens once this file is saved.")
            )
            return
        self.open_game(index, doc, unreadable)

    def open_game(
        self, index: int, doc: PdnDocument | None = None, unreadable: frozenset[int] | None = None
    ) -> bool:
        """Show game ``index`` of ``doc`` (the open file when None); False when the user
        keeps what the window shows."""
        from dame_desktop.ui.study.game_list import cannot_be_read
        from dame_desktop.ui.words.problems import pdn_problem_text

        doc = doc or self.doc
        if doc is None or not 0 <= index < len(doc):
            return False
        switching = doc is self.doc and self.studying  # another game of the same file
        if not switching and not (self.may_close_document() and self.host.may_replace_game()):
            return False
        self.host.commit_edits()
        game = doc.load_game(index, self.host.current_rules())
        problems = doc.game_problems(index, game)
        known = {(p.game, p.line, p.column, p.message) for p in doc.problems}
        doc.problems.extend(
            p for p in problems if (p.game, p.line, p.column, p.message) not in known
        )
        if doc is not self.doc:
            self.games.forget(self.doc)
            self.doc = doc
            self._unreadable = unreadable or frozenset()
        if cannot_be_read(game) and doc is self.doc:  # a big file's game read only now
            self._unreadable |= {index}
        self.index = index
        self.studying = True
        self.host.show_study(game)
        if problems:
            self.host.show_message(
                self.tr("Game %1 has problems: %2")
                .replace("%1", str(index + 1))
                .replace("%2", pdn_problem_text(problems[0].pdn))
            )
        self._changed()
        return True

    def show_problems(
        self, doc: PdnDocument | None = None, unreadable: frozenset[int] | None = None
    ) -> None:
        from dame_desktop.ui.dialogs.problems import ProblemsDialog

        doc = doc or self.doc
        if doc is None:
            return
        if self.problems_dialog is not None:
            self.problems_dialog.close()
            self.problems_dialog.deleteLater()
        name = doc.path.name if doc.path else self.tr("New file")
        bad = self._unreadable if unreadable is None else unreadable
        dialog = ProblemsDialog(
            doc.problems, name, len(doc) - len(bad), self.parent_widget, len(doc)
        )
        dialog.game_requested.connect(lambda i: self.open_game(i, doc, bad))
        self.problems_dialog = dialog
        dialog.open()

    def leave_study(self) -> None:
        """The window plays a game again: the file stays open (its list and edits)."""
        self.studying = False
        self._changed()

    # -- edits -------------------------------------------------------------------------

    def game_edited(self, game: pdn.Game) -> None:
        """The studied game changed: it becomes an edit of the document (or a new game)."""
        from dame_desktop.pdn.document import PdnDocument

        if self.doc is None:
            self.doc = PdnDocument()
        if self.index is None:
            self.index = self.doc.add_game(game)
            manager = self.games.manager
            if manager is not None and manager.document is self.doc:
                manager.note_added(self.index)
        else:
            self.doc.mark_edited(self.index, game)
        self._changed()

    @property
    def modified(self) -> bool:
        managed = self._games is not None and self._games.modified  # made on first use
        return (self.doc is not None and self.doc.modified) or managed

    def _ask_save(self) -> str:
        name = self.doc.path.name if self.doc and self.doc.path else self.tr("the new game")
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Unsaved changes"),
            self.tr("Save the changes to %1?").replace("%1", name),
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            self.parent_widget,
        )
        box.setObjectName("unsavedBox")
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"

    def _ask_overwrite(self) -> bool:
        name = self.doc.path.name if self.doc and self.doc.path else ""
        answer = QMessageBox.question(
            self.parent_widget,
            self.tr("File changed"),
            self.tr(
                "%1 was changed by another program since it was opened. Save anyway "
                "(the other changes are lost)?"
            ).replace("%1", name),
        )
        return answer == QMessageBox.StandardButton.Yes

    def _ask_read_only(self, path: Path, reason: str) -> bool:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Save"),
            self.tr("%1 cannot be written: %2").replace("%1", path.name).replace("%2", reason),
            QMessageBox.StandardButton.Cancel,
            self.parent_widget,
        )
        box.setObjectName("readOnlyBox")
        save_as = box.addButton(self.tr("Save as…"), QMessageBox.ButtonRole.AcceptRole)
        box.exec()
        return box.clickedButton() is save_as

    def may_close_document(self) -> bool:
        """Before close, new game and open: asks about unsaved changes; False = cancelled."""
        self.host.commit_edits()
        if not self.modified:
            return True
        answer = self.ask_save()
        if answer == "save":
            return self.save()
        if answer == "discard":
            if self.doc is not None:
                self.doc.edited.clear()
                self.doc.added.clear()
                if self.index is not None and self.index >= len(self.doc):
                    self.index = None
            if self._games is not None:
                self._games.discard()
            self._changed()
            return True
        return False

    # -- saving ------------------------------------------------------------------------

    def _saves_document(self) -> bool:
        """Save writes the open file (studying, or edits pending); else the played game."""
        return self.doc is not None and (self.studying or self.modified)

    def save(self) -> bool:
        self.host.commit_edits()
        manager = self._games.manager if self._games is not None else None
        if manager is not None and self.games.modified and manager.document is not self.doc:
            # the games of a listed file (not the one shown) were managed: that file first
            if not self._save_list(manager.document):
                return False
            if self.doc is None or not self.doc.modified:
                return True
        if self._saves_document() and self.doc is not None and self.doc.path is not None:
            return self.save_to(self.doc.path)
        return self.ask_save_as()

    def _save_list(self, doc: PdnDocument) -> bool:
        from dame_desktop.pdn.document import DocumentError

        target = doc.path
        if target is None:
            return False
        try:
            self.games.save(target)
        except DocumentError as exc:
            reason = texts.file_problem(exc.kind, exc.reason or str(exc))
            QMessageBox.warning(
                self.parent_widget,
                self.tr("Save"),
                self.tr("%1 cannot be saved: %2").replace("%1", str(target)).replace("%2", reason),
            )
            return False
        self.host.show_message(self.tr("Saved to %1").replace("%1", target.name))
        self._changed()
        return True

    def ask_save_as(self) -> bool:
        start = str(self.doc.path) if self.doc and self.doc.path else self.last_directory
        name, _ = QFileDialog.getSaveFileName(
            self.parent_widget, self.tr("Save as"), start, self._filter()
        )
        if not name:
            return False
        if not Path(name).suffix:
            name += ".pdn"
        return self.save_to(name)

    def save_to(self, path: str | Path) -> bool:
        """Write the document to ``path`` (the played game when no file is studied)."""
        from dame_desktop.pdn.document import DocumentError, PdnDocument

        self.host.commit_edits()
        target = Path(path)
        if self._saves_document() and self.doc is not None:
            doc = self.doc
            same = doc.path is not None and doc.path.resolve() == target.resolve()
            if same and doc.changed_on_disk() and not self.ask_overwrite():
                return False
        else:  # the game played in the window, as a new file
            doc = PdnDocument()
            doc.add_game(self.host.played_game())
        try:
            if self._games is not None and self._games.manages(doc):
                self._games.save(target)
            else:
                doc.save(target)
        except DocumentError as exc:
            reason = texts.file_problem(exc.kind, exc.reason or str(exc))
            if exc.kind.save_as_helps:  # write-protected, no room, no folder: elsewhere
                if self.ask_read_only(target, reason):
                    return self.ask_save_as()
                return False
            QMessageBox.warning(
                self.parent_widget,
                self.tr("Save"),
                self.tr("%1 cannot be saved: %2").replace("%1", str(target)).replace("%2", reason),
            )
            return False
        self._remember(target.resolve())
        self.host.show_message(self.tr("Saved to %1").replace("%1", target.name))
        self._changed()
        return True

    # -- what the game database side asks (FilesHost) -----------------------------------

    def current_rules(self) -> RuleSet:
        return self.host.current_rules()

    def say(self, text: str) -> None:
        self.host.show_message(text)

    def unreadable_games(self) -> frozenset[int]:
        return self._unreadable

    def changed(self) -> None:
        self._changed()

    def reload_list(self) -> bool:
        """Read the listed file again and show its new list (another program changed it);
        the game on the board stays as it is.  False when it cannot be read now."""
        from dame_desktop.pdn.document import DocumentError, PdnDocument

        doc = self.list_doc
        if doc is None or doc.path is None:
            return False
        try:
            new = self.games.open_indexed(doc.path) or PdnDocument.open(doc.path)
        except DocumentError as exc:
            self.host.show_message(
                self.tr("%1 cannot be opened: %2")
                .replace("%1", doc.path.name)
                .replace("%2", texts.file_problem(exc.kind, exc.reason))
            )
            return False
        if not len(new):
            self.host.show_message(self.tr("%1 holds no games.").replace("%1", doc.path.name))
            return False
        unreadable = self._check_all(new) if len(new) <= FULL_CHECK_LIMIT else frozenset()
        self.show_game_list(new, unreadable)
        return True

    def shutdown(self) -> None:
        """Stop the index, check and duplicate threads (the window closes)."""
        if self._games is not None:
            self._games.shutdown()

    # -- set-up and clipboard ----------------------------------------------------------

    def ask_setup(self) -> None:
        from dame_desktop.ui.study.setup_editor import SetupEditor

        old = self.setup_dialog
        if old is not None and not old.isVisible():  # the last editor goes: a session keeps one
            old.deleteLater()
        dialog = SetupEditor(
            self.host.current_rules(),
            self.host.shown_position(),
            self.parent_widget,
            notation=self.host.notation(),
        )
        dialog.accepted.connect(lambda: self._on_setup_done(dialog))
        self.setup_dialog = dialog
        dialog.open()

    def _on_setup_done(self, dialog: SetupEditor) -> None:
        self.new_game_from(dialog.position(), save=dialog.action == "save")

    def new_game_from(self, position: Position, save: bool = False) -> bool:
        """Study a new game starting at ``position`` (saved with a FEN tag)."""
        game = pdn.Game(position.rules, position)
        game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
        if not self._study_new(game):
            return False
        if save:
            self.ask_save_as()
        return True

    def study_new_game(self, game: pdn.Game) -> bool:
        """Study ``game`` as the one game of a new file (after asking about what goes)."""
        return self._study_new(game)

    def _study_new(self, game: pdn.Game) -> bool:
        from dame_desktop.pdn.document import PdnDocument

        if not self.may_close_document() or not self.host.may_replace_game():
            return False
        self.doc = PdnDocument()
        self.index = self.doc.add_game(game)
        self._unreadable = frozenset()
        self.studying = True
        self.host.show_study(game)
        self._changed()
        return True

    def copy_fen(self) -> str:
        from dame_desktop.ui.app import clipboard

        fen = clipboard.copy_fen(self.host.shown_position())
        self.host.show_message(self.tr("Copied: %1").replace("%1", fen))
        return fen

    def copy_text(self) -> str:
        from dame_desktop.ui.app import clipboard

        # the one formatter of the window: the notation preference, the rules' side names
        words = self.host.position_text(self.host.shown_position())
        clipboard.set_text(words)
        self.host.show_message(self.tr("The position was copied as text."))
        return words

    def copy_pdn(self) -> str:
        from dame_desktop.ui.app import clipboard

        self.host.commit_edits()
        game = self.host.studied_game() or self.host.played_game()
        text = clipboard.copy_pdn(game)
        self.host.show_message(self.tr("The game was copied as PDN."))
        return text

    def paste(self) -> bool:
        from dame_desktop.ui.app import clipboard

        try:
            pasted = clipboard.parse(clipboard.text(), self.host.current_rules())
        except ValueError as exc:
            self.host.show_message(self.tr("Nothing to paste: %1").replace("%1", str(exc)))
            return False
        if pasted.position is not None:
            return self.new_game_from(pasted.position)
        assert pasted.game is not None
        return self._study_new(pasted.game)

    # -- the window's title --------------------------------------------------------------

    def _changed(self) -> None:
        self.title_changed.emit()
        self.state_changed.emit()

    def title(self) -> str | None:
        """The window title while a game of the file is shown (None: the program's own)."""
        doc = self.doc
        if not self.studying or doc is None:
            return None
        name = doc.path.name if doc.path else self.tr("New file")
        star = "*" if doc.modified else ""
        if len(doc) > 1 and self.index is not None:
            return (
                self.tr("%1%2 – game %3 of %4 – Dame")
                .replace("%1", name)
                .replace("%2", star)
                .replace("%3", str(self.index + 1))
                .replace("%4", str(len(doc)))
            )
        return self.tr("%1%2 – Dame").replace("%1", name).replace("%2", star)


def game_record(core_game: Game, names: dict[Color, str]) -> pdn.Game:
    """A played ``core.Game`` as a PDN tree, with names, date and result."""
    start = core_game.states[0].position
    game = pdn.Game(core_game.rules, start)
    game.headers["White"] = names[Color.WHITE]
    game.headers["Black"] = names[Color.BLACK]
    game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
    node: pdn.GameNode = game
    for state in core_game.states[1:]:
        if state.move is None:
            continue
        try:
            node = node.add_variation(state.move)
        except ValueError:
            break
    result = core_game.result
    if result is not None:
        game.headers["Result"] = result_token(result, core_game.rules.first)
    return game


def result_token(result: Result, first: Color) -> str:
    if result.winner is None:
        return "1/2-1/2"
    return "1-0" if result.winner is first else "0-1"
