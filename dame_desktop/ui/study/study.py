"""Studying a game of a file: the tree cursor, the move tree, the annotations, tree edits.

The study controller owns its widgets (the panel the window puts beside the board) and its
actions (rows of the window's action table).  It never touches the window: it reports edits
through ``edited`` and the game's names through ``headers_changed``; the document controller
turns edits into "the file is modified".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtWidgets import QDialog, QMenu, QVBoxLayout, QWidget

from dame_desktop import pdn
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.study.marks import MARKS
from dame_desktop.ui.study.navigator import TreeNavigator

if TYPE_CHECKING:
    from dame_desktop.ui.study.annotation import AnnotationPanel, HeaderDialog
    from dame_desktop.ui.study.move_tree import MoveTreeView
    from dame_desktop.ui.words.notation import Notation


class StudyController(QObject):
    edited = Signal()  # the studied game changed (moves, comments, marks, headers)
    headers_changed = Signal()  # names or other tags changed
    message = Signal(str)
    context_menu_requested = Signal(object)  # QMenu: the window fills it from its table

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._dialog_parent = parent
        self.navigator: TreeNavigator | None = None
        self.overwrite = False
        self.panel = QWidget()  # the tree and the annotations, made when first needed
        self.panel.setObjectName("studyPanel")
        self._column = QVBoxLayout(self.panel)
        self._column.setContentsMargins(0, 0, 0, 0)
        self._views: tuple[MoveTreeView, AnnotationPanel] | None = None
        self._notation: Notation | None = None
        self.header_dialog: HeaderDialog | None = None
        self.tree_menu: QMenu | None = None

    # -- the views (made when a game is first studied: the window starts without them) ---

    def _make_views(self) -> tuple[MoveTreeView, AnnotationPanel]:
        if self._views is None:
            from dame_desktop.ui.study.annotation import AnnotationPanel
            from dame_desktop.ui.study.move_tree import MoveTreeView

            tree = MoveTreeView()
            if self._notation is not None:
                tree.set_notation(self._notation)
            self._column.addWidget(tree, 3)
            annotation = AnnotationPanel()
            self._column.addWidget(annotation, 1)
            tree.node_activated.connect(self.go_to)
            tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            tree.customContextMenuRequested.connect(self._tree_menu)
            annotation.changed.connect(self.edited)
            annotation.headers_requested.connect(self.edit_headers)
            self.edited.connect(tree.refresh)
            self._views = (tree, annotation)
        return self._views

    @property
    def tree(self) -> MoveTreeView:
        return self._make_views()[0]

    @property
    def annotation(self) -> AnnotationPanel:
        return self._make_views()[1]

    def set_notation(self, notation: Notation) -> None:
        """How the tree names squares (the window's preference)."""
        self._notation = notation
        if self._views is not None:
            self._views[0].set_notation(notation)

    # -- the game ------------------------------------------------------------------------

    @property
    def game(self) -> pdn.Game | None:
        return self.navigator.game if self.navigator is not None else None

    @property
    def node(self) -> pdn.GameNode | None:
        return self.navigator.node if self.navigator is not None else None

    def studying(self) -> bool:
        return self.navigator is not None

    def start(self, game: pdn.Game) -> TreeNavigator:
        """Study ``game`` from its start; returns the navigator the window shows."""
        self.stop()
        navigator = TreeNavigator(game, self)
        navigator.overwrite = self.overwrite
        navigator.changed.connect(self._on_moved)
        navigator.edited.connect(self.edited)
        navigator.refused.connect(self.message)
        self.navigator = navigator
        self.tree.set_game(game, game)
        self.annotation.set_node(game)
        return navigator

    def stop(self) -> None:
        self.commit()
        if self.navigator is not None:
            self.navigator.changed.disconnect(self._on_moved)
            self.navigator.deleteLater()
        self.navigator = None
        if self._views is not None:
            tree, annotation = self._views
            tree.set_game(None)
            annotation.set_node(None)

    def commit(self) -> None:
        """Store a comment being typed (before saving, copying, closing)."""
        if self._views is not None:
            self._views[1].commit_comment()

    def _on_moved(self) -> None:
        node = self.node
        self.tree.set_current(node)
        self.annotation.set_node(node)

    def go_to(self, node: pdn.GameNode) -> None:
        if self.navigator is not None:
            self.navigator.go_to(node)

    # -- actions -------------------------------------------------------------------------

    def action_specs(self) -> list[ActionSpec]:
        def is_move() -> bool:
            return self.node is not None and self.node.parent is not None

        specs = [
            ActionSpec(
                "headers",
                lambda: self.tr("Game &details…"),
                self.edit_headers,
                menu="edit",
                separator_before=True,
                enabled=self.studying,
            ),
            ActionSpec(
                "promote",
                lambda: self.tr("P&romote variation to main line"),
                self.promote_variation,
                menu="edit",
                separator_before=True,
                enabled=lambda: self._variation_start() is not None,
            ),
            ActionSpec(
                "deleteVariation",
                lambda: self.tr("&Delete variation"),
                self.delete_variation,
                menu="edit",
                enabled=lambda: self._variation_start() is not None,
            ),
            ActionSpec(
                "deleteAfter",
                lambda: self.tr("Delete the moves &after this one"),
                self.delete_after,
                menu="edit",
                enabled=lambda: self.node is not None and bool(self.node.variations),
            ),
            ActionSpec(
                "overwrite",
                lambda: self.tr("&Overwrite moves instead of adding variations"),
                self.set_overwrite,
                menu="edit",
                checkable=True,
            ),
            # after the window's move steps, in a group of their own
            ActionSpec(
                "nextVariation",
                lambda: self.tr("Next variation"),
                lambda: self.switch_variation(1),
                menu="view",
                shortcuts=("Ctrl+Down",),
                enabled=self.studying,
                separator_before=True,
                order=10,
            ),
            ActionSpec(
                "prevVariation",
                lambda: self.tr("Previous variation"),
                lambda: self.switch_variation(-1),
                menu="view",
                shortcuts=("Ctrl+Up",),
                enabled=self.studying,
                order=10,
            ),
        ]
        for value, glyph in MARKS.items():
            specs.append(
                ActionSpec(
                    f"mark{value}",
                    _constant(glyph),
                    _marker(self, value),
                    menu="marks",
                    shortcuts=(f"Ctrl+{value}",),
                    enabled=is_move,
                )
            )
        return specs

    def set_overwrite(self, on: bool) -> None:
        self.overwrite = on
        if self.navigator is not None:
            self.navigator.overwrite = on

    def switch_variation(self, delta: int) -> None:
        if self.navigator is not None:
            self.navigator.switch_variation(delta)

    def _tree_menu(self, pos: QPoint) -> None:
        """Right click on a move: go there, then promote, delete, mark."""
        node = self.tree.node_at(pos)
        if node is not None:
            self.go_to(node)
        menu = QMenu(self.tree)
        menu.setObjectName("treeMenu")
        self.context_menu_requested.emit(menu)
        self.tree_menu = menu
        menu.popup(self.tree.viewport().mapToGlobal(pos))

    # -- editing the tree ----------------------------------------------------------------

    def _variation_start(self) -> pdn.ChildNode | None:
        """The first move of the variation the current node is in (None on the main line)."""
        node = self.node
        if node is None:
            return None  # nothing studied (the PDN tree is not even loaded)
        while isinstance(node, pdn.ChildNode):
            parent = node.parent
            assert parent is not None
            if parent.variations[0] is not node:
                return node
            node = parent
        return None

    def _refresh(self) -> None:
        self.edited.emit()
        if self.navigator is not None:
            self.navigator.changed.emit()

    def promote_variation(self) -> None:
        start = self._variation_start()
        if start is None or start.parent is None:
            self.message.emit(self.tr("This move is on the main line already."))
            return
        start.parent.promote_to_main(start)
        self._refresh()

    def delete_variation(self) -> None:
        start = self._variation_start()
        if start is None or start.parent is None or self.navigator is None:
            self.message.emit(
                self.tr("The main line is not a variation: use 'Delete the moves after this one'.")
            )
            return
        parent = start.parent
        parent.remove_variation(start)
        self.navigator.node = parent
        self._refresh()

    def delete_after(self) -> None:
        node = self.node
        if node is None or not node.variations:
            return
        node.variations.clear()
        self._refresh()

    def mark(self, value: int) -> None:
        """Ctrl+1 ... Ctrl+6: put (or take off) a move mark on the current move."""
        if self.node is not None and self.node.parent is not None:
            self.annotation.toggle_mark(value)

    def edit_headers(self) -> None:
        if self.game is None:
            return
        from dame_desktop.ui.study.annotation import HeaderDialog

        dialog = HeaderDialog(self.game, self._dialog_parent)
        dialog.accepted.connect(self._on_headers_edited)
        dialog.finished.connect(lambda _code: self._forget_header_dialog(dialog))
        self.header_dialog = dialog
        dialog.open()

    def _forget_header_dialog(self, dialog: QDialog) -> None:
        """Made anew each time: deleted once answered (it was kept, one more each time)."""
        if self.header_dialog is dialog:
            self.header_dialog = None
        dialog.deleteLater()

    def _on_headers_edited(self) -> None:
        self.headers_changed.emit()
        self.edited.emit()

    def retranslate(self) -> None:
        if self._views is not None:
            tree, annotation = self._views
            annotation.retranslate()
            tree.refresh()


def _constant(text: str) -> Callable[[], str]:
    return lambda: text


def _marker(study: StudyController, value: int) -> Callable[[], None]:
    return lambda: study.mark(value)
