"""PDN files in the window: open (menu, drop, command line, recent files), the game list,
studying a game as a tree (variations, comments, marks, details), saving, set-up, clipboard.

While a game of a file is studied ("study mode") the PDN tree is the document: the board
shows the position of the current node, both sides are moved by hand, and a move played on
the board goes into the tree -- as a new variation, or replacing the old continuation when
"Overwrite" is on.  The controller's core Game is always the line from the root to the
current node (replayed on every step, which costs well under a millisecond per move).
"""

from __future__ import annotations

import contextlib
import datetime
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from dame_desktop import pdn
from dame_desktop.core import Color, Move, Position, Result
from dame_desktop.pdn.document import DocumentError, PdnDocument, Problem
from dame_desktop.store.settings import RecentFiles, load_recent_files, save_recent_files
from dame_desktop.ui.app import clipboard
from dame_desktop.ui.app.game_controller import HumanPlayer, Player
from dame_desktop.ui.dialogs.new_game import NewGameSettings
from dame_desktop.ui.dialogs.problems import ProblemsDialog
from dame_desktop.ui.study.annotation import AnnotationPanel, HeaderDialog
from dame_desktop.ui.study.game_list import GameListDialog
from dame_desktop.ui.study.move_tree import MARKS, MoveTreeView
from dame_desktop.ui.study.setup_editor import SetupEditor

if TYPE_CHECKING:
    from dame_desktop.ui.app.main_window import MainWindow

FULL_CHECK_LIMIT = 400
"""Files with at most this many games are read completely on opening, for the problem list."""



class FileSupport(QObject):
    """Everything about files, attached to the main window."""

    document_changed = Signal()
    game_opened = Signal(int)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.doc: PdnDocument | None = None
        self.index: int | None = None
        self.game: pdn.Game | None = None
        self.node: pdn.GameNode | None = None
        self.studying = False
        self.overwrite = False
        self._loading = False
        self._unreadable = 0
        self._user_settings: NewGameSettings | None = None
        self._study_settings: NewGameSettings | None = None
        self.list_dialog: GameListDialog | None = None
        self.problems_dialog: ProblemsDialog | None = None
        self.recent = self._load_recent()
        self.ask_save = self._ask_save  # "save" / "discard" / "cancel"; tests replace it
        self.ask_overwrite = self._ask_overwrite  # the file changed on disk: overwrite it?
        self._build_panel()
        self._make_actions()
        c = window.controller
        c.position_changed.connect(self._on_position_changed)
        c.game_started.connect(self._on_game_started)
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    # -- construction ----------------------------------------------------------------------

    def _build_panel(self) -> None:
        w = self.window
        self.panel = QWidget()
        self.panel.setObjectName("studyPanel")
        col = QVBoxLayout(self.panel)
        col.setContentsMargins(0, 0, 0, 0)
        self.tree = MoveTreeView()
        col.addWidget(self.tree, 1)
        self.annotation = AnnotationPanel()
        col.addWidget(self.annotation)
        parent = w.move_view.parentWidget()
        layout = parent.layout() if parent is not None else None
        if layout is not None and isinstance(layout, QVBoxLayout):
            layout.insertWidget(layout.indexOf(w.move_view), self.panel, 1)
        self.panel.hide()
        self.tree.node_activated.connect(self.go_to)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._tree_menu)
        self.annotation.changed.connect(self._on_annotated)
        self.annotation.headers_requested.connect(self.edit_headers)

    def _act(self, text: str, slot: Callable[..., object],
             shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
             checkable: bool = False) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        signal = action.toggled if checkable else action.triggered
        signal.connect(slot)
        self.window.addAction(action)
        return action

    def retranslate(self) -> None:
        """Every text of the menus and the panel again, in the language now installed."""
        texts = {
            self.open_action: self.tr("&Open…"),
            self.list_action: self.tr("&Games in this file…"),
            self.save_action: self.tr("&Save"),
            self.save_as_action: self.tr("Save &as…"),
            self.problems_action: self.tr("&Problems in this file…"),
            self.check_action: self.tr("&Check every game…"),
            self.setup_action: self.tr("Set &up a position…"),
            self.copy_fen_action: self.tr("Copy position as &FEN"),
            self.copy_pdn_action: self.tr("Copy game as &PDN"),
            self.copy_text_action: self.tr("Copy position as &text"),
            self.paste_action: self.tr("&Paste FEN or PDN"),
            self.promote_action: self.tr("P&romote variation to main line"),
            self.delete_action: self.tr("&Delete variation"),
            self.delete_after_action: self.tr("Delete the moves &after this one"),
            self.overwrite_action: self.tr("&Overwrite moves instead of adding variations"),
            self.headers_action: self.tr("Game &details…"),
            self.next_variation_action: self.tr("Next variation"),
            self.prev_variation_action: self.tr("Previous variation"),
        }
        for action, text in texts.items():
            action.setText(text)
        self.file_menu.setTitle(self.tr("&File"))
        self.recent_menu.setTitle(self.tr("Open &recent"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.marks_menu.setTitle(self.tr("Move &mark"))
        self.annotation.retranslate()
        self.tree.refresh()
        self._update_title()

    def _make_actions(self) -> None:
        self.open_action = self._act(self.tr("&Open…"), self.ask_open,
                                     QKeySequence.StandardKey.Open)
        self.list_action = self._act(self.tr("&Games in this file…"), self.show_game_list, "Ctrl+L")
        self.save_action = self._act(self.tr("&Save"), self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._act(self.tr("Save &as…"), self.ask_save_as, "Ctrl+Shift+S")
        self.problems_action = self._act(self.tr("&Problems in this file…"), self.show_problems)
        self.setup_action = self._act(self.tr("Set &up a position…"), self.ask_setup)
        self.check_action = self._act(self.tr("&Check every game…"), self.check_whole_file)
        self.copy_fen_action = self._act(self.tr("Copy position as &FEN"), self.copy_fen,
                                         "Ctrl+Shift+C")
        self.copy_pdn_action = self._act(self.tr("Copy game as &PDN"), self.copy_pdn,
                                         QKeySequence.StandardKey.Copy)
        self.copy_text_action = self._act(self.tr("Copy position as &text"), self.copy_text,
                                          "Ctrl+Alt+C")
        self.paste_action = self._act(self.tr("&Paste FEN or PDN"), self.paste,
                                      QKeySequence.StandardKey.Paste)
        self.promote_action = self._act(self.tr("P&romote variation to main line"),
                                        self.promote_variation)
        self.delete_action = self._act(self.tr("&Delete variation"), self.delete_variation)
        self.delete_after_action = self._act(self.tr("Delete the moves &after this one"),
                                             self.delete_after)
        self.overwrite_action = self._act(self.tr("&Overwrite moves instead of adding variations"),
                                          self.set_overwrite, checkable=True)
        self.headers_action = self._act(self.tr("Game &details…"), self.edit_headers)
        self.next_variation_action = self._act(self.tr("Next variation"),
                                               lambda: self.switch_variation(1), "Ctrl+Down")
        self.prev_variation_action = self._act(self.tr("Previous variation"),
                                               lambda: self.switch_variation(-1), "Ctrl+Up")
        self.mark_actions: dict[int, QAction] = {}
        for value, glyph in MARKS.items():
            self.mark_actions[value] = self._act(
                glyph, lambda _c=False, v=value: self.mark(v), f"Ctrl+{value}")
        bar = self.window.menuBar()
        self.file_menu = QMenu(self.tr("&File"), self.window)
        self.recent_menu = QMenu(self.tr("Open &recent"), self.window)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        for item in (self.open_action, self.recent_menu, self.list_action, None,
                     self.save_action, self.save_as_action, None, self.setup_action, None,
                     self.check_action, self.problems_action):
            if item is None:
                self.file_menu.addSeparator()
            elif isinstance(item, QMenu):
                self.file_menu.addMenu(item)
            else:
                self.file_menu.addAction(item)
        self.edit_menu = QMenu(self.tr("&Edit"), self.window)
        for item in (self.copy_pdn_action, self.copy_fen_action, self.copy_text_action,
                     self.paste_action, None, self.headers_action, None, self.promote_action,
                     self.delete_action, self.delete_after_action, self.overwrite_action):
            if item is None:
                self.edit_menu.addSeparator()
            else:
                self.edit_menu.addAction(item)
        self.marks_menu = self.edit_menu.addMenu(self.tr("Move &mark"))
        for action in self.mark_actions.values():
            self.marks_menu.addAction(action)
        existing = bar.actions()
        for menu in (self.file_menu, self.edit_menu):  # File and Edit come first
            if existing:
                bar.insertMenu(existing[0], menu)
            else:
                bar.addMenu(menu)
        self._update_actions()

    # -- recent files ----------------------------------------------------------------------

    @staticmethod
    def _load_recent() -> RecentFiles:
        try:
            return load_recent_files().value
        except Exception:  # a broken settings folder must not stop the window
            return RecentFiles()

    def _remember(self, path: Path) -> None:
        self.recent.add(path)
        try:
            save_recent_files(self.recent)
        except Exception as exc:  # noqa: BLE001 - not fatal: the file itself is fine
            self.window.show_message(self.tr("The list of recent files could not be saved: %1")
                                     .replace("%1", str(exc)))

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
            self._remember_nothing()
            self.window.show_message(self.tr("%1 is no longer there.").replace("%1", str(path)))
            return False
        return self.open_path(path)

    def _remember_nothing(self) -> None:
        with contextlib.suppress(Exception):
            save_recent_files(self.recent)

    # -- drag and drop ---------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.window:
            if event.type() == QEvent.Type.LanguageChange:
                self.retranslate()
                return False
            if event.type() == QEvent.Type.DragEnter and isinstance(event, QDragEnterEvent):
                if self._dropped_path(event) is not None:
                    event.acceptProposedAction()
                    return True
            elif event.type() == QEvent.Type.Drop and isinstance(event, QDropEvent):
                path = self._dropped_path(event)
                if path is not None:
                    event.acceptProposedAction()
                    self.open_path(path)
                    return True
        return False

    @staticmethod
    def _dropped_path(event: QDropEvent | QDragEnterEvent) -> Path | None:
        mime = event.mimeData()
        if mime is None or not mime.hasUrls():
            return None
        for url in mime.urls():
            if url.isLocalFile():
                return Path(url.toLocalFile())
        return None

    # -- opening ---------------------------------------------------------------------------

    def ask_open(self) -> None:
        if not self.may_close_document():
            return
        start = str(self.doc.path.parent) if self.doc and self.doc.path else ""
        name, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open a PDN file"), start,
                                              self._filter())
        if name:
            self.open_path(name, ask=False)

    def _filter(self) -> str:
        return self.tr("PDN files (*.pdn *.PDN);;All files (*)")

    def open_path(self, path: str | Path, ask: bool = True) -> bool:
        """Open a file: one game is shown at once, several give the game list."""
        if ask and not self.may_close_document():
            return False
        try:
            doc = PdnDocument.open(path)
        except DocumentError as exc:
            QMessageBox.warning(self.window, self.tr("Open"),
                                self.tr("%1 cannot be opened: %2").replace("%1", str(path))
                                .replace("%2", exc.reason))
            return False
        if self.studying:
            self.leave_study()  # the old file's game is not part of the new one
        self.doc = doc
        self.index = None
        self._unreadable = 0
        target = Path(path)
        self._remember(target.resolve())
        count = len(doc)
        if count == 0:
            self.window.show_message(self.tr("%1 holds no games.").replace("%1", target.name))
            self._update_actions()
            return True
        if count <= FULL_CHECK_LIMIT:
            self._check_all()
        if count == 1:
            self.open_game(0)
        else:
            self.window.show_message(self.tr("%1: %2 games").replace("%1", target.name)
                                     .replace("%2", str(count)))
            self.show_game_list()
        if doc.problems:
            self.show_problems()
        self._update_actions()
        self.document_changed.emit()
        return True

    def _check_all(self) -> None:
        doc = self.doc
        assert doc is not None
        rules = self.window.controller.rules
        for _index, game in doc.check_all(rules):
            doc.problems.extend(doc.game_problems(_index, game))
            if game.errors and not game.variations:
                self._unreadable += 1

    def check_whole_file(self, chunk: int = 200) -> None:
        """Read every game of a big file for the problem list, with progress and Cancel."""
        doc = self.doc
        if doc is None or not len(doc):
            return
        progress = QProgressDialog(self.tr("Reading every game…"), self.tr("Cancel"), 0,
                                   len(doc), self.window)
        progress.setObjectName("checkProgress")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)
        self.check_progress = progress
        rules = self.window.controller.rules
        games = doc.check_all(rules)
        found: list[Problem] = []
        state = {"done": 0, "unreadable": 0}

        def step() -> None:
            if progress.wasCanceled() or self.doc is not doc:
                return
            for index, game in itertools.islice(games, chunk):
                found.extend(doc.game_problems(index, game))
                if game.errors and not game.variations:
                    state["unreadable"] += 1
                state["done"] += 1
            progress.setMaximum(len(doc))
            progress.setValue(state["done"])
            if state["done"] < len(doc):
                QTimer.singleShot(0, step)
                return
            progress.close()
            doc.problems = [p for p in doc.problems if p.game == 0] + found
            self._unreadable = state["unreadable"]
            self._update_actions()
            if found:
                self.show_problems()
            else:
                self.window.show_message(self.tr("No problems in %1 games.").replace(
                    "%1", str(len(doc))))

        QTimer.singleShot(0, step)

    def readable_games(self) -> int:
        doc = self.doc
        if doc is None:
            return 0
        return len(doc) - self._unreadable

    def show_game_list(self) -> None:
        doc = self.doc
        if doc is None or not len(doc):
            return
        if self.list_dialog is not None:
            self.list_dialog.close()
        name = doc.path.name if doc.path else self.tr("New file")
        dialog = GameListDialog(doc.all_entries(), self.tr("Games in %1").replace("%1", name),
                                self.window, self.index)
        dialog.accepted.connect(lambda: self._on_list_chosen(dialog))
        self.list_dialog = dialog
        dialog.open()

    def _on_list_chosen(self, dialog: GameListDialog) -> None:
        chosen = dialog.chosen()
        if chosen is not None:
            self.open_game(chosen)

    def open_game(self, index: int) -> bool:
        """Study game ``index`` of the open file (its edited version if there is one)."""
        doc = self.doc
        if doc is None or not 0 <= index < len(doc):
            return False
        self.annotation.commit_comment()
        game = doc.load_game(index, self.window.controller.rules)
        problems = doc.game_problems(index, game)
        known = {(p.game, p.line, p.column, p.message) for p in doc.problems}
        new = [p for p in problems if (p.game, p.line, p.column, p.message) not in known]
        doc.problems.extend(new)
        self.index = index
        self.study(game)
        if problems:
            self.window.show_message(self.tr("Game %1 has problems: %2").replace(
                "%1", str(index + 1)).replace("%2", problems[0].message))
        self.game_opened.emit(index)
        return True

    def show_problems(self) -> None:
        doc = self.doc
        if doc is None:
            return
        if self.problems_dialog is not None:
            self.problems_dialog.close()
        name = doc.path.name if doc.path else self.tr("New file")
        dialog = ProblemsDialog(doc.problems, name, self.readable_games(), self.window)
        dialog.game_requested.connect(self.open_game)
        self.problems_dialog = dialog
        dialog.open()

    # -- studying a game -------------------------------------------------------------------

    def study(self, game: pdn.Game) -> None:
        """Show ``game`` on the board, both sides moved by hand, the tree as the move list."""
        w = self.window
        headers = game.headers
        white = headers.get("White", "")
        black = headers.get("Black", "")
        settings = NewGameSettings(False, w.settings.level_key, Color.WHITE, game.rules,
                                   "" if white in ("", "?") else white,
                                   "" if black in ("", "?") else black)
        players: dict[Color, Player] = {Color.WHITE: HumanPlayer("light"),
                                         Color.BLACK: HumanPlayer("dark")}
        if not self.studying:
            self._user_settings = w.settings  # given back when the study ends
        self.game = game
        self.node = game
        self.studying = True
        self._loading = True
        self._study_settings = settings
        try:
            w.start_game(settings, players, game.position())
        finally:
            self._loading = False
        w.move_view.hide()
        self.panel.show()
        self._widen_panel()
        self.tree.set_game(game, game)
        self.annotation.set_node(game)
        self._update_title()
        self._update_actions()

    def before_new_game(self) -> bool:
        """New game while studying: ask about unsaved edits; the dialog gets the user's own
        settings back (not the file's players)."""
        if not self.may_close_document():
            return False
        if self._user_settings is not None:
            self.window.settings = self._user_settings
        return True

    def _widen_panel(self, width: int = 340) -> None:
        """Comments and variations need more room than the plain move table."""
        splitter = self.window.centralWidget()
        if isinstance(splitter, QSplitter) and splitter.count() == 2:
            sizes = splitter.sizes()
            total = sum(sizes)
            if sizes[1] < width < total - 300:
                splitter.setSizes([total - width, width])

    def leave_study(self) -> None:
        self.annotation.commit_comment()
        if self._user_settings is not None and self.window.settings is self._study_settings:
            self.window.settings = self._user_settings
        self._user_settings = None
        self.studying = False
        self.game = None
        self.node = None
        self.panel.hide()
        self.window.move_view.show()
        self.tree.set_game(None)
        self._update_title()
        self._update_actions()

    def _on_game_started(self) -> None:
        if self.studying and not self._loading:
            self.leave_study()  # the file stays open (its list, unsaved edits and all)

    def _path_to(self, node: pdn.GameNode) -> list[pdn.ChildNode]:
        path: list[pdn.ChildNode] = []
        current = node
        while isinstance(current, pdn.ChildNode):
            path.append(current)
            assert current.parent is not None
            current = current.parent
        path.reverse()
        return path

    def go_to(self, node: pdn.GameNode) -> None:
        """Show the position at ``node`` (the board can then play on from there)."""
        if not self.studying or self.game is None:
            return
        path = self._path_to(node)
        self._loading = True
        try:
            played = self.window.controller.replay([n.move for n in path])
        finally:
            self._loading = False
        if played < len(path):
            node = path[played - 1] if played else self.game
            self.window.show_message(self.tr("The rules end the game here; the file goes on."))
        self._set_node(node)

    def step(self, step: int | str) -> bool:
        """Home/End/Left/Right while studying; False when not studying (the window steps)."""
        if not self.studying or self.node is None or self.game is None:
            return False
        node = self.node
        if step == "home":
            target: pdn.GameNode = self.game
        elif step == "end":
            target = node.end()
        elif isinstance(step, int) and step < 0:
            target = node
            for _ in range(-step):
                target = target.parent if target.parent is not None else target
        else:
            target = node
            for _ in range(int(step)):
                target = target.variations[0] if target.variations else target
        if target is not node:
            self.go_to(target)
        return True

    def switch_variation(self, delta: int) -> None:
        """Up/Down: the sibling variation of the current move."""
        node = self.node
        if not self.studying or not isinstance(node, pdn.ChildNode) or node.parent is None:
            return
        siblings = node.parent.variations
        i = siblings.index(node)
        j = i + delta
        if 0 <= j < len(siblings):
            self.go_to(siblings[j])

    def _tree_menu(self, pos: QPoint) -> None:
        """Right click on a move: go there, then promote, delete, mark."""
        node = self.tree.node_at(pos)
        if node is not None and node is not self.node:
            self.go_to(node)
        menu = QMenu(self.tree)
        for action in (self.promote_action, self.delete_action, self.delete_after_action):
            menu.addAction(action)
        menu.addSeparator()
        menu.addMenu(self.marks_menu)
        menu.addAction(self.headers_action)
        self.tree_menu = menu
        menu.popup(self.tree.viewport().mapToGlobal(pos))

    def _set_node(self, node: pdn.GameNode) -> None:
        self.node = node
        self.tree.set_current(node)
        self.annotation.set_node(node)
        self._update_actions()

    def _on_position_changed(self) -> None:
        """The controller's game changed (a move on the board, undo, redo): follow in the tree."""
        if not self.studying or self._loading or self.game is None:
            return
        states = self.window.controller.game.states
        moves: list[Move] = [s.move for s in states[1:] if s.move is not None]
        node: pdn.GameNode = self.game
        changed = False
        for move in moves:
            child = next((c for c in node.variations if c.move == move), None)
            if child is None:
                try:
                    child = node.add_variation(move)
                except ValueError as exc:
                    self.window.show_message(str(exc))
                    break
                if self.overwrite and len(node.variations) > 1:
                    node.variations.remove(child)
                    node.variations[0] = child
                changed = True
            node = child
        self.node = node
        if changed:
            self._edited()
        self.tree.set_current(node)
        self.annotation.set_node(node)
        self._update_actions()

    # -- editing the tree ------------------------------------------------------------------

    def set_overwrite(self, on: bool) -> None:
        self.overwrite = on

    def _variation_start(self) -> pdn.ChildNode | None:
        """The first move of the variation the current node is in (None on the main line)."""
        node = self.node
        while isinstance(node, pdn.ChildNode):
            parent = node.parent
            assert parent is not None
            if parent.variations[0] is not node:
                return node
            node = parent
        return None

    def promote_variation(self) -> None:
        start = self._variation_start()
        if start is None or start.parent is None:
            self.window.show_message(self.tr("This move is on the main line already."))
            return
        start.parent.promote_to_main(start)
        self._edited()
        if self.node is not None:
            self.go_to(self.node)

    def delete_variation(self) -> None:
        start = self._variation_start()
        if start is None or start.parent is None:
            self.window.show_message(self.tr("The main line is not a variation: use "
                                             "'Delete the moves after this one'."))
            return
        parent = start.parent
        parent.remove_variation(start)
        self._edited()
        self.go_to(parent)

    def delete_after(self) -> None:
        node = self.node
        if node is None or not node.variations:
            return
        node.variations.clear()
        self._edited()
        self.go_to(node)

    def mark(self, value: int) -> None:
        """Ctrl+1 ... Ctrl+6: put (or take off) a move mark on the current move."""
        if self.studying and self.node is not None and self.node.parent is not None:
            self.annotation.toggle_mark(value)

    def _on_annotated(self) -> None:
        self._edited()

    def _edited(self) -> None:
        """The studied game changed: it becomes an edit of the document (or a new game)."""
        game = self.game
        if game is None:
            return
        if self.doc is None:
            self.doc = PdnDocument()
        if self.index is None:
            self.index = self.doc.add_game(game)
        else:
            self.doc.mark_edited(self.index, game)
        self.tree.refresh()
        self._update_title()
        self._update_actions()
        self.document_changed.emit()

    def edit_headers(self) -> None:
        if self.game is None:
            return
        dialog = HeaderDialog(self.game, self.window)
        dialog.accepted.connect(self._on_headers_edited)
        self.header_dialog = dialog
        dialog.open()

    def _on_headers_edited(self) -> None:
        game = self.game
        if game is None:
            return
        w = self.window
        white, black = game.headers.get("White", ""), game.headers.get("Black", "")
        w.settings = NewGameSettings(False, w.settings.level_key, Color.WHITE, game.rules,
                                     "" if white in ("", "?") else white,
                                     "" if black in ("", "?") else black)
        self._study_settings = w.settings
        w._update_labels()
        self._edited()

    # -- saving ----------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        return self.doc is not None and self.doc.modified

    def _ask_save(self) -> str:
        name = self.doc.path.name if self.doc and self.doc.path else self.tr("the new game")
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Unsaved changes"),
                          self.tr("Save the changes to %1?").replace("%1", name),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self.window)
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
            self.window, self.tr("File changed"),
            self.tr("%1 was changed by another program since it was opened. Save anyway "
                    "(the other changes are lost)?").replace("%1", name))
        return answer == QMessageBox.StandardButton.Yes

    def may_close_document(self) -> bool:
        """Before close, new game and open: asks about unsaved changes; False = cancelled."""
        self.annotation.commit_comment()
        if not self.modified:
            return True
        answer = self.ask_save()
        if answer == "save":
            return self.save()
        if answer == "discard":
            if self.doc is not None:
                self.doc.edited.clear()
                self.doc.added.clear()
            return True
        return False

    def _saves_document(self) -> bool:
        """Save writes the open file (studying, or edits pending); else the played game."""
        return self.doc is not None and (self.studying or self.doc.modified)

    def save(self) -> bool:
        self.annotation.commit_comment()
        if self._saves_document() and self.doc is not None and self.doc.path is not None:
            return self.save_to(self.doc.path)
        return self.ask_save_as()

    def ask_save_as(self) -> bool:
        start = str(self.doc.path) if self.doc and self.doc.path else ""
        name, _ = QFileDialog.getSaveFileName(self.window, self.tr("Save as"), start,
                                              self._filter())
        if not name:
            return False
        if not Path(name).suffix:
            name += ".pdn"
        return self.save_to(name)

    def save_to(self, path: str | Path) -> bool:
        """Write the document to ``path`` (the played game when no file is studied)."""
        self.annotation.commit_comment()
        target = Path(path)
        if self._saves_document() and self.doc is not None:
            doc = self.doc
            same = doc.path is not None and doc.path.resolve() == target.resolve()
            if same and doc.changed_on_disk() and not self.ask_overwrite():
                return False
        else:  # the game played in the window, as a new file
            doc = PdnDocument()
            doc.add_game(game_from_window(self.window))
        try:
            doc.save(target)
        except DocumentError as exc:
            QMessageBox.warning(self.window, self.tr("Save"),
                                self.tr("%1 cannot be saved: %2").replace("%1", str(target))
                                .replace("%2", exc.reason or str(exc)))
            return False
        self._remember(target.resolve())
        self.window.show_message(self.tr("Saved to %1").replace("%1", target.name))
        self._update_title()
        self._update_actions()
        self.document_changed.emit()
        return True

    # -- set-up and clipboard --------------------------------------------------------------

    def ask_setup(self) -> None:
        w = self.window
        start = w.board.position()
        dialog = SetupEditor(w.controller.rules, start, w)
        dialog.accepted.connect(lambda: self._on_setup_done(dialog))
        self.setup_dialog = dialog
        dialog.open()

    def _on_setup_done(self, dialog: SetupEditor) -> None:
        position = dialog.position()
        if dialog.action == "save":
            self.new_game_from(position, save=True)
        else:
            self.new_game_from(position)

    def new_game_from(self, position: Position, save: bool = False) -> None:
        """Study a new game starting at ``position`` (saved with a FEN tag)."""
        if not self.may_close_document():
            return
        game = pdn.Game(position.rules, position)
        game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
        self.doc = PdnDocument()
        self.index = self.doc.add_game(game)
        self.study(game)
        self._update_title()
        if save:
            self.ask_save_as()

    def current_position(self) -> Position:
        board = self.window.board.position()
        return board if board is not None else self.window.controller.game.position

    def language(self) -> str:
        return QLocale().name()[:2]

    def copy_fen(self) -> str:
        fen = clipboard.copy_fen(self.current_position())
        self.window.show_message(self.tr("Copied: %1").replace("%1", fen))
        return fen

    def copy_text(self) -> str:
        words = clipboard.copy_position_text(self.current_position(), self.language())
        self.window.show_message(self.tr("The position was copied as text."))
        return words

    def copy_pdn(self) -> str:
        self.annotation.commit_comment()
        game = self.game if self.studying and self.game is not None else game_from_window(
            self.window)
        text = clipboard.copy_pdn(game)
        self.window.show_message(self.tr("The game was copied as PDN."))
        return text

    def paste(self) -> bool:
        try:
            pasted = clipboard.parse(clipboard.text(), self.window.controller.rules)
        except ValueError as exc:
            self.window.show_message(self.tr("Nothing to paste: %1").replace("%1", str(exc)))
            return False
        if pasted.position is not None:
            self.new_game_from(pasted.position)
            return True
        assert pasted.game is not None
        if not self.may_close_document():
            return False
        self.doc = PdnDocument()
        self.index = self.doc.add_game(pasted.game)
        self.study(pasted.game)
        self._update_title()
        return True

    # -- window state ----------------------------------------------------------------------

    def _update_title(self) -> None:
        w = self.window
        doc = self.doc
        if not self.studying or doc is None:
            w.setWindowTitle(QCoreApplication.translate("MainWindow", "Dame"))
            return
        name = doc.path.name if doc.path else self.tr("New file")
        star = "*" if doc.modified else ""
        if len(doc) > 1 and self.index is not None:
            title = self.tr("%1%2 – game %3 of %4 – Dame").replace("%1", name).replace(
                "%2", star).replace("%3", str(self.index + 1)).replace("%4", str(len(doc)))
        else:
            title = self.tr("%1%2 – Dame").replace("%1", name).replace("%2", star)
        w.setWindowTitle(title)

    def _update_actions(self) -> None:
        studying = self.studying
        doc = self.doc
        self.list_action.setEnabled(doc is not None and len(doc) > 1)
        self.problems_action.setEnabled(doc is not None and bool(doc.problems))
        self.save_action.setEnabled(True)
        in_variation = studying and self._variation_start() is not None
        self.promote_action.setEnabled(in_variation)
        self.delete_action.setEnabled(in_variation)
        self.delete_after_action.setEnabled(studying and self.node is not None
                                            and bool(self.node.variations))
        self.headers_action.setEnabled(studying)
        is_move = studying and self.node is not None and self.node.parent is not None
        for action in self.mark_actions.values():
            action.setEnabled(is_move)
        self.next_variation_action.setEnabled(studying)
        self.prev_variation_action.setEnabled(studying)


def game_from_window(window: MainWindow) -> pdn.Game:
    """The window's played game as a PDN tree, with names, date and result."""
    core = window.controller.game
    start = core.states[0].position
    game = pdn.Game(core.rules, start)
    names = window.names()
    game.headers["White"] = names[Color.WHITE]
    game.headers["Black"] = names[Color.BLACK]
    game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
    node: pdn.GameNode = game
    for state in core.states[1:]:
        if state.move is None:
            continue
        try:
            node = node.add_variation(state.move)
        except ValueError:
            break
    result = core.result
    if result is not None:
        game.headers["Result"] = result_token(result, core.rules.first)
    return game


def result_token(result: Result, first: Color) -> str:
    if result.winner is None:
        return "1/2-1/2"
    return "1-0" if result.winner is first else "0-1"

