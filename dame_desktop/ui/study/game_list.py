"""The game list of a file: search and filters, sorting, and the games managed by hand.

The model shows a :class:`~dame_desktop.db.listing.Listing` (columns read once from the
game index, or from the file's entries while the index is built) through a list of the rows
shown: a keystroke in the search asks :meth:`Listing.search` (plain scans of prepared
lower-case texts) and resets that list, with no proxy asking Python for every row.

Searching: words in the players, event, site, date or round; words in the comments; a date
range; a result; a rule set (when the file holds several).  Managing (when the window hands
the dialog a manager): delete, drag rows to reorder, copy or move to another file, merge a
file, remove duplicates, undo and redo, save; the dialog only asks, the window's document
controller does it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QItemSelectionModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QBrush, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import Color, ColourName, RulesError, RuleSet, find_rules
from dame_desktop.db.listing import Listing, Query, result_kind, rules_of_tags
from dame_desktop.pdn import Game
from dame_desktop.pdn.document import GameEntry
from dame_desktop.ui.words.names import colour_name_text, colour_text

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("#", "White", "Black", "Event", "Date", "Result")
ROWS_MIME = "application/x-dame-game-rows"

__all__ = ["COLUMNS", "GameListDialog", "GameListModel", "cannot_be_read", "result_kind"]


def cannot_be_read(game: Game) -> bool:
    """Whether ``game`` (as read from a file) is counted as a game that cannot be read: it
    has problems and not one move (a picture's bytes, a text with no move in it).  The game
    list and the problem dialog count with this one rule, so their numbers agree."""
    return bool(game.errors) and not game.variations


def listing_of(entries: Sequence[GameEntry]) -> Listing:
    """A listing of bare entries (no comment search)."""
    listing = Listing()
    for entry in entries:
        tags = entry.tags
        listing.add(
            entry.number,
            tags,
            rules_of_tags(tags.get("Rules", "").strip(), tags.get("GameType", "").strip()),
        )
    return listing


class GameListModel(QAbstractTableModel):
    """The games shown (see the module docstring); ``game_index`` is the 0-based place of a
    row's game in the file (or in the managed list)."""

    reorder_requested = Signal(list, int)  # game places (in list order), place to go before

    def __init__(
        self,
        entries: Sequence[GameEntry] = (),
        parent: QWidget | None = None,
        unreadable: Collection[int] = (),
        listing: Listing | None = None,
    ) -> None:
        super().__init__(parent)
        self.unreadable = frozenset(unreadable)  # 0-based indexes of games that cannot be read
        self.listing = listing if listing is not None else listing_of(entries)
        self.query = Query()
        self.sort_column = -1
        self.descending = False
        self.reorderable = False  # rows may be dragged (a manager is there)
        self._order: list[int] = list(range(len(self.listing)))
        self.shown: list[int] = list(self._order)
        self._rules = self._common_rules()

    # -- contents ------------------------------------------------------------------------

    def set_entries(self, entries: Sequence[GameEntry]) -> None:
        self.set_listing(listing_of(entries))

    def set_listing(self, listing: Listing, unreadable: Collection[int] | None = None) -> None:
        """Show another listing (the index's, a changed list), keeping search and sorting."""
        self.beginResetModel()
        self.listing = listing
        if unreadable is not None:
            self.unreadable = frozenset(unreadable)
        self._order = self._sorted()
        self.shown = listing.search(self.query, self._order)
        self._rules = self._common_rules()
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 1, 2)

    def _common_rules(self) -> RuleSet | None:
        keys = set(self.listing.rules)
        if len(keys) != 1:
            return None
        key = keys.pop()
        if not key:
            return None
        try:
            return find_rules(key)
        except RulesError:
            return None

    def set_query(self, query: Query) -> None:
        """Show the games ``query`` keeps (a narrowing query scans only the last hits)."""
        within = self.shown if query.narrows(self.query) and self.query != Query() else self._order
        self.beginResetModel()
        self.shown = self.listing.search(query, within)
        self.query = query
        self.endResetModel()

    def _sorted(self) -> list[int]:
        if self.sort_column < 0:
            return list(range(len(self.listing)))
        return self.listing.order(self.sort_column, self.descending)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column in Python (quicker than Qt asking data() for every compare)."""
        if not 0 <= column < len(COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        games = [self.shown[i.row()] if 0 <= i.row() < len(self.shown) else -1 for i in old]
        self.sort_column = column
        self.descending = order == Qt.SortOrder.DescendingOrder
        self._order = self._sorted()
        wanted = set(self.shown)
        self.shown = [r for r in self._order if r in wanted]
        where = {r: n for n, r in enumerate(self.shown)}
        self.changePersistentIndexList(
            old,
            [
                self.index(where[g], i.column()) if g in where else QModelIndex()
                for g, i in zip(games, old, strict=True)
            ],
        )
        self.layoutChanged.emit()

    @property
    def in_file_order(self) -> bool:
        """Every game shown, in the list's own order: rows may be dragged to reorder."""
        return (
            self.sort_column <= 0 and not self.descending and len(self.shown) == len(self.listing)
        )

    def game_index(self, row: int) -> int:
        """The 0-based index in the file of the game shown in ``row``."""
        return self.listing.numbers[self.shown[row]] - 1

    def row_of(self, game_index: int) -> int:
        numbers = self.listing.numbers
        for row, at in enumerate(self.shown):
            if numbers[at] - 1 == game_index:
                return row
        return -1

    def key(self, row: int) -> str:
        return self.listing.keys[self.shown[row]]

    def kind(self, row: int) -> str:
        return self.listing.kinds[self.shown[row]]

    # -- Qt's questions ----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.shown)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        # the sides named as everywhere else: by the games' rules (Hell/Dunkel for German
        # games); a file of mixed games keeps the PDN tags' own White/Black
        rules = self._rules
        if rules is not None:
            white, black = colour_text(rules, Color.WHITE), colour_text(rules, Color.BLACK)
        else:
            white = colour_name_text(ColourName.WHITE)
            black = colour_name_text(ColourName.BLACK)
        names = ("#", white, black, self.tr("Event"), self.tr("Date"), self.tr("Result"))
        return names[section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        at = self.shown[index.row()]
        column = index.column()
        listing = self.listing
        if role == Qt.ItemDataRole.DisplayRole:
            return str(listing.numbers[at]) if column == 0 else listing.column(column)[at]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (0, 5):
            return int(Qt.AlignmentFlag.AlignCenter)
        if listing.numbers[at] - 1 in self.unreadable:
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.tr("This game cannot be read: see Problems in this file")
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(Qt.GlobalColor.gray)
        return None

    # -- dragging rows -------------------------------------------------------------------

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if self.reorderable and self.in_file_order:
            if index.isValid():
                return base | Qt.ItemFlag.ItemIsDragEnabled
            return base | Qt.ItemFlag.ItemIsDropEnabled
        return base

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [ROWS_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        rows = sorted({i.row() for i in indexes if i.isValid()})
        mime = QMimeData()
        text = ",".join(str(self.game_index(r)) for r in rows)
        mime.setData(ROWS_MIME, QByteArray(text.encode("ascii")))
        return mime

    def canDropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        return (
            data.hasFormat(ROWS_MIME)
            and self.reorderable
            and self.in_file_order
            and action == Qt.DropAction.MoveAction
        )

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        text = bytes(data.data(ROWS_MIME).data()).decode("ascii")
        games = [int(part) for part in text.split(",") if part]
        if not games:
            return False
        if row < 0:  # dropped on a row: before it; on empty space: at the end
            row = parent.row() if parent.isValid() else len(self.shown)
        to = self.game_index(row) if row < len(self.shown) else len(self.listing)
        self.reorder_requested.emit(games, to)
        return False  # the list is rebuilt from the manager: Qt removes no row itself


class GameListDialog(QDialog):
    """Choose a game of the file: search, filter, sort by a column, double click to open;
    with a manager, change the list (the controller connects the action signals)."""

    cancel_indexing = Signal()

    def __init__(
        self,
        entries: Sequence[GameEntry],
        title: str,
        parent: QWidget | None = None,
        current: int | None = None,
        unreadable: Collection[int] = (),
        listing: Listing | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("gameList")
        self.setWindowTitle(title)
        self.model = GameListModel(entries, self, unreadable, listing)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setObjectName("gameSearch")
        self.search.setPlaceholderText(self.tr("Search players, event, site, date…"))
        self.search.setClearButtonEnabled(True)
        row.addWidget(self.search, 3)
        self.result_box = QComboBox()
        self.result_box.setObjectName("resultFilter")
        for text, kind in (
            (self.tr("All results"), ""),
            (self.tr("First player won"), "first"),
            (self.tr("Second player won"), "second"),
            (self.tr("Draws"), "draw"),
            (self.tr("No result"), "open"),
        ):
            self.result_box.addItem(text, kind)
        row.addWidget(self.result_box)
        self.rules_box = QComboBox()
        self.rules_box.setObjectName("rulesFilter")
        row.addWidget(self.rules_box)
        layout.addLayout(row)
        more = QHBoxLayout()
        self.comment_search = QLineEdit()
        self.comment_search.setObjectName("commentSearch")
        self.comment_search.setPlaceholderText(self.tr("Search the comments…"))
        self.comment_search.setClearButtonEnabled(True)
        more.addWidget(self.comment_search, 3)
        more.addWidget(QLabel(self.tr("Date from")))
        self.date_from = QLineEdit()
        self.date_from.setObjectName("dateFrom")
        self.date_from.setPlaceholderText(self.tr("year"))
        self.date_from.setMaximumWidth(110)
        more.addWidget(self.date_from, 1)
        more.addWidget(QLabel(self.tr("to")))
        self.date_to = QLineEdit()
        self.date_to.setObjectName("dateTo")
        self.date_to.setPlaceholderText(self.tr("year"))
        self.date_to.setMaximumWidth(110)
        more.addWidget(self.date_to, 1)
        layout.addLayout(more)

        self.manage_row = QWidget()
        self.manage_row.setObjectName("manageRow")
        tools = QHBoxLayout(self.manage_row)
        tools.setContentsMargins(0, 0, 0, 0)
        self.manage_actions: dict[str, QAction] = {}
        for name, text, keys in (
            ("delete", self.tr("Delete"), (QKeySequence.StandardKey.Delete,)),
            ("undo", self.tr("Undo"), (QKeySequence.StandardKey.Undo,)),
            ("redo", self.tr("Redo"), (QKeySequence.StandardKey.Redo,)),
            ("copyTo", self.tr("Copy to file…"), ()),
            ("moveTo", self.tr("Move to file…"), ()),
            ("merge", self.tr("Merge a file…"), ()),
            ("dedupe", self.tr("Remove duplicates"), ()),
            ("saveList", self.tr("Save"), (QKeySequence.StandardKey.Save,)),
        ):
            action = QAction(text, self)
            action.setObjectName(name)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
            self.manage_actions[name] = action
        # the everyday commands as buttons, the rest in a menu (the row fits 800 pixels)
        for name in ("delete", "undo", "redo", "saveList"):
            button = QToolButton()
            button.setObjectName(name + "Button")
            button.setDefaultAction(self.manage_actions[name])
            tools.addWidget(button)
        self.more_menu = QMenu(self)
        for name in ("copyTo", "moveTo", "merge", "dedupe"):
            self.more_menu.addAction(self.manage_actions[name])
        more_button = QToolButton()
        more_button.setObjectName("moreButton")
        more_button.setText(self.tr("More"))
        more_button.setMenu(self.more_menu)
        more_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        tools.addWidget(more_button)
        tools.addStretch(1)
        layout.addWidget(self.manage_row)
        self.manage_row.hide()

        self.view = QTableView()
        self.view.setObjectName("gameTable")
        self.view.setModel(self.model)
        header = self.view.horizontalHeader()
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the file's order at first
        self.view.setSortingEnabled(True)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.view.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.view.setDragDropOverwriteMode(False)
        self.view.setDropIndicatorShown(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)  # the event: the rest
        header.setStretchLastSection(False)
        for column, width in enumerate((60, 165, 165, 200, 90, 70)):
            self.view.setColumnWidth(column, width)
        # the event takes what the window's width gives: every column fits a small screen
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.view, 1)

        self.progress_row = QWidget()
        self.progress_row.setObjectName("indexRow")
        prow = QHBoxLayout(self.progress_row)
        prow.setContentsMargins(0, 0, 0, 0)
        self.progress_label = QLabel()
        self.progress_label.setObjectName("indexLabel")
        prow.addWidget(self.progress_label)
        self.progress = QProgressBar()
        self.progress.setObjectName("indexProgress")
        self.progress.setRange(0, 1000)
        prow.addWidget(self.progress, 1)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("cancelIndexing")
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self.cancel_indexing)
        prow.addWidget(self.cancel_button)
        layout.addWidget(self.progress_row)
        self.progress_row.hide()

        self.count_label = QLabel()
        self.count_label.setObjectName("gameCount")
        self.count_label.setWordWrap(True)
        layout.addWidget(self.count_label)
        self.note_label = QLabel()
        self.note_label.setObjectName("listNote")
        self.note_label.setWordWrap(True)
        self.note_label.hide()
        layout.addWidget(self.note_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self._on_query)
        self.comment_search.textChanged.connect(self._on_query)
        self.date_from.textChanged.connect(self._on_query)
        self.date_to.textChanged.connect(self._on_query)
        self.result_box.currentIndexChanged.connect(self._on_query)
        self.rules_box.currentIndexChanged.connect(self._on_query)
        self.view.doubleClicked.connect(lambda _index: self.accept())
        self._fit_screen()
        self._fill_rules()
        self._update_count()
        count = self.model.rowCount()
        start = current if current is not None and 0 <= current < count else 0
        if count:
            self.select_row(start)

    def _fit_screen(self) -> None:
        """A comfortable size, within the screen (an 800 x 600 screen too)."""
        owner = self.parentWidget()
        screen = owner.screen() if owner is not None else self.screen()
        area = screen.availableGeometry() if screen is not None else None
        if area is None or area.width() <= 0:
            self.resize(860, 560)
            return
        width = min(max(860, int(area.width() * 0.55)), area.width() - 40)
        height = min(max(560, int(area.height() * 0.7)), area.height() - 60)
        self.resize(width, height)

    # -- search --------------------------------------------------------------------------

    def query(self) -> Query:
        return Query(
            text=self.search.text(),
            comment=self.comment_search.text(),
            date_from=self.date_from.text(),
            date_to=self.date_to.text(),
            kind=str(self.result_box.currentData() or ""),
            rules=str(self.rules_box.currentData() or ""),
        )

    def _on_query(self, *_args: object) -> None:
        self.model.set_query(self.query())
        self._update_count()
        self._show_first_hit()

    def _fill_rules(self) -> None:
        """The rule set filter, shown when the file holds games of several rule sets."""
        from dame_desktop.ui.words import texts

        wanted = str(self.rules_box.currentData() or "")
        blocked = self.rules_box.blockSignals(True)
        self.rules_box.clear()
        self.rules_box.addItem(self.tr("All rule sets"), "")
        found = self.model.listing.rule_sets()
        for key, count in found:
            try:
                name = texts.rules_name(find_rules(key))
            except RulesError:
                name = key
            self.rules_box.addItem(f"{name} ({count})", key)
        at = self.rules_box.findData(wanted)
        self.rules_box.setCurrentIndex(max(0, at))
        self.rules_box.blockSignals(blocked)
        self.rules_box.setVisible(len(found) > 1)

    def set_listing(self, listing: Listing, unreadable: Collection[int] | None = None) -> None:
        """Show a new listing (from the index, or after a change), keeping the selection."""
        chosen = self.chosen()
        self.model.set_listing(listing, unreadable)
        self._fill_rules()
        self._update_count()
        if chosen is not None and self.model.row_of(chosen) >= 0:
            self.select_row(chosen)

    def _show_first_hit(self) -> None:
        """After a search or a filter the first game found is selected and scrolled to."""
        if self.model.rowCount():
            self._select_only(0)
            self.view.scrollTo(self.model.index(0, 0), QAbstractItemView.ScrollHint.PositionAtTop)

    def _select_only(self, row: int) -> None:
        """Select one row, whatever keys are held (selectRow would add to the selection
        while Ctrl is down)."""
        index = self.model.index(row, 0)
        flags = QItemSelectionModel.SelectionFlag
        selection = self.view.selectionModel()
        selection.setCurrentIndex(index, flags.NoUpdate)
        selection.select(index, flags.ClearAndSelect | flags.Rows)

    def _update_count(self) -> None:
        shown, total = str(self.model.rowCount()), str(len(self.model.listing))
        bad = len(self.model.unreadable)
        if bad:  # the same figures as the problem dialog's "N of M games can be read"
            self.count_label.setText(
                self.tr("%1 of %2 games (%3 of them can be read)")
                .replace("%1", shown)
                .replace("%2", total)
                .replace("%3", str(len(self.model.listing) - bad))
            )
        else:
            self.count_label.setText(
                self.tr("%1 of %2 games").replace("%1", shown).replace("%2", total)
            )

    # -- indexing ------------------------------------------------------------------------

    def show_indexing(self, done: int, total: int) -> None:
        """The index is being built: a bar, and Cancel (the list works meanwhile)."""
        self.progress_label.setText(self.tr("Indexing the games…"))
        self.progress.setValue(int(1000 * done / total) if total > 0 else 0)
        self.cancel_button.setEnabled(True)
        self.progress_row.show()

    def indexing_ended(self) -> None:
        self.progress_row.hide()

    def show_note(self, text: str) -> None:
        """A line the user must read (an index kept in memory, games waiting to be saved)."""
        self.note_label.setText(text)
        self.note_label.setVisible(bool(text))

    # -- managing ------------------------------------------------------------------------

    def enable_managing(self, on: bool) -> None:
        self.manage_row.setVisible(on)
        self.model.reorderable = on
        self.view.setDragEnabled(on)
        self.view.setAcceptDrops(on)
        self.view.viewport().setAcceptDrops(on)
        for action in self.manage_actions.values():
            action.setEnabled(on)

    def selected_games(self) -> list[int]:
        """The 0-based places of the selected games, in list order."""
        rows = self.view.selectionModel().selectedRows()
        return sorted(self.model.game_index(i.row()) for i in rows)

    # -- choosing ------------------------------------------------------------------------

    def select_row(self, source_row: int) -> None:
        """Select the game with index ``source_row`` in the file."""
        row = self.model.row_of(source_row)
        if row >= 0:
            self._select_only(row)
            self.view.scrollTo(
                self.model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter
            )

    def visible_rows(self) -> list[int]:
        """Source rows (game indexes) now shown, in display order."""
        return [self.model.game_index(r) for r in range(self.model.rowCount())]

    def chosen(self) -> int | None:
        """The selected game's index in the file (the current one of several selected)."""
        selection = self.view.selectionModel()
        rows = selection.selectedRows()
        if not rows:
            return None
        current = self.view.currentIndex()
        if current.isValid() and selection.isRowSelected(current.row(), QModelIndex()):
            return self.model.game_index(current.row())
        return self.model.game_index(rows[0].row())
