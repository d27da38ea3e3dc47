"""The game list of a file: search over players, event, site and date, filter by result.

The model holds only the tags the index read (no moves), and the filter compares against
one lower-case text per game prepared once, so typing stays quick on 22,000 games.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import Color, ColourName, RulesError, RuleSet
from dame_desktop.pdn import Game
from dame_desktop.pdn.document import GameEntry
from dame_desktop.pdn.gametype import parse_gametype, parse_rules_tag, rules_from_gametype
from dame_desktop.ui.words.names import colour_name_text, colour_text

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("#", "White", "Black", "Event", "Date", "Result")

_RESULT_KINDS = {
    "2-0": "first", "1-0": "first", "0-2": "second", "0-1": "second",
    "1-1": "draw", "1/2-1/2": "draw", "½-½": "draw", "0.5-0.5": "draw",
}


def cannot_be_read(game: Game) -> bool:
    """Whether ``game`` (as read from a file) is counted as a game that cannot be read: it
    has problems and not one move (a picture's bytes, a text with no move in it).  The game
    list and the problem dialog count with this one rule, so their numbers agree."""
    return bool(game.errors) and not game.variations


def result_kind(result: str) -> str:
    """"first" (the side that starts won), "second", "draw" or "open"."""
    return _RESULT_KINDS.get(result.strip(), "open")


class GameListModel(QAbstractTableModel):
    def __init__(self, entries: list[GameEntry], parent: QWidget | None = None,
                 unreadable: Collection[int] = ()) -> None:
        super().__init__(parent)
        self.unreadable = frozenset(unreadable)  # 0-based indexes of games that cannot be read
        self._rows: list[tuple[str, ...]] = []
        self._keys: list[str] = []
        self._kinds: list[str] = []
        self._rules: RuleSet | None = None  # the one rule set of every game, if there is one
        self.set_entries(entries)

    def set_entries(self, entries: list[GameEntry]) -> None:
        self.beginResetModel()
        rows: list[tuple[str, ...]] = []
        keys: list[str] = []
        kinds: list[str] = []
        for e in entries:
            tags = e.tags
            white = tags.get("White", "")
            black = tags.get("Black", "")
            event = tags.get("Event", "")
            site = tags.get("Site", "")
            date = tags.get("Date", "")
            result = tags.get("Result", "")
            rows.append((str(e.number), white, black, event, date, result))
            keys.append(f"{white}\n{black}\n{event}\n{site}\n{date}\n{tags.get('Round', '')}"
                        .casefold())
            kinds.append(result_kind(result))
        self._rows, self._keys, self._kinds = rows, keys, kinds
        self._rules = _common_rules(entries)
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 1, 2)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows in Python (far quicker than Qt asking data() for every compare)."""
        if not self._rows or not 0 <= column < len(COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_rows = [i.row() for i in old]
        if column == 0:
            order_key = sorted(range(len(self._rows)), key=lambda r: int(self._rows[r][0]))
        else:
            order_key = sorted(range(len(self._rows)),
                               key=lambda r: (self._rows[r][column].casefold(),
                                              int(self._rows[r][0])))
        if order == Qt.SortOrder.DescendingOrder:
            order_key.reverse()
        self._rows = [self._rows[r] for r in order_key]
        self._keys = [self._keys[r] for r in order_key]
        self._kinds = [self._kinds[r] for r in order_key]
        where = {r: n for n, r in enumerate(order_key)}
        self.changePersistentIndexList(
            old, [self.index(where[r], i.column()) for r, i in zip(old_rows, old, strict=True)])
        self.layoutChanged.emit()

    def game_index(self, row: int) -> int:
        """The 0-based index in the file of the game shown in ``row``."""
        return int(self._rows[row][0]) - 1

    def row_of(self, game_index: int) -> int:
        for row, values in enumerate(self._rows):
            if int(values[0]) - 1 == game_index:
                return row
        return -1

    def key(self, row: int) -> str:
        return self._keys[row]

    def kind(self, row: int) -> str:
        return self._kinds[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

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
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (0, 5):
            return int(Qt.AlignmentFlag.AlignCenter)
        if int(row[0]) - 1 in self.unreadable:
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.tr("This game cannot be read: see Problems in this file")
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(Qt.GlobalColor.gray)
        return None


class GameFilter(QSortFilterProxyModel):
    """Every word of the search must occur in the game's players, event, site, date or round."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._kind = ""
        self.setDynamicSortFilter(False)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts itself; the filter keeps the source's order."""
        model = self.sourceModel()
        if isinstance(model, GameListModel):
            model.sort(column, order)

    def set_search(self, text: str) -> None:
        self._change(text.casefold().split(), self._kind)

    def set_result_kind(self, kind: str) -> None:
        self._change(self._words, kind)

    def _change(self, words: list[str], kind: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9 and later
            self.beginFilterChange()
            self._words, self._kind = words, kind
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._words, self._kind = words, kind
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        model = self.sourceModel()
        assert isinstance(model, GameListModel)
        if self._kind and model.kind(row) != self._kind:
            return False
        if not self._words:
            return True
        key = model.key(row)
        return all(word in key for word in self._words)


class GameListDialog(QDialog):
    """Choose a game of the file: search, filter, sort by a column, double click to open."""

    def __init__(self, entries: list[GameEntry], title: str, parent: QWidget | None = None,
                 current: int | None = None, unreadable: Collection[int] = ()) -> None:
        super().__init__(parent)
        self.setObjectName("gameList")
        self.setWindowTitle(title)
        self.model = GameListModel(entries, self, unreadable)
        self.proxy = GameFilter(self)
        self.proxy.setSourceModel(self.model)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setObjectName("gameSearch")
        self.search.setPlaceholderText(self.tr("Search players, event, site, date…"))
        self.search.setClearButtonEnabled(True)
        row.addWidget(self.search, 1)
        self.result_box = QComboBox()
        self.result_box.setObjectName("resultFilter")
        for text, kind in ((self.tr("All results"), ""), (self.tr("First player won"), "first"),
                           (self.tr("Second player won"), "second"), (self.tr("Draws"), "draw"),
                           (self.tr("No result"), "open")):
            self.result_box.addItem(text, kind)
        row.addWidget(self.result_box)
        layout.addLayout(row)
        self.view = QTableView()
        self.view.setObjectName("gameTable")
        self.view.setModel(self.proxy)
        header = self.view.horizontalHeader()
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the file's order at first
        self.view.setSortingEnabled(True)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        for column, width in enumerate((56, 170, 170, 220, 90, 70)):
            self.view.setColumnWidth(column, width)
        # the event takes what the window's width gives: every column fits a small screen
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.view, 1)
        self.count_label = QLabel()
        self.count_label.setObjectName("gameCount")
        layout.addWidget(self.count_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self._on_search)
        self.result_box.currentIndexChanged.connect(self._on_kind)
        self.view.doubleClicked.connect(lambda _index: self.accept())
        self.resize(820, 520)
        self._update_count()
        start = current if current is not None and 0 <= current < len(entries) else 0
        if entries:
            self.select_row(start)

    def _on_search(self, text: str) -> None:
        self.proxy.set_search(text)
        self._update_count()
        self._show_first_hit()

    def _on_kind(self, _index: int) -> None:
        self.proxy.set_result_kind(str(self.result_box.currentData()))
        self._update_count()
        self._show_first_hit()

    def _show_first_hit(self) -> None:
        """After a search or a filter the first game found is selected and scrolled to."""
        if self.proxy.rowCount():
            first = self.proxy.index(0, 0)
            self.view.selectRow(0)
            self.view.scrollTo(first, QAbstractItemView.ScrollHint.PositionAtTop)

    def _update_count(self) -> None:
        shown, total = str(self.proxy.rowCount()), str(self.model.rowCount())
        bad = len(self.model.unreadable)
        if bad:  # the same figures as the problem dialog's "N of M games can be read"
            self.count_label.setText(self.tr("%1 of %2 games (%3 of them can be read)").replace(
                "%1", shown).replace("%2", total).replace("%3", str(self.model.rowCount() - bad)))
        else:
            self.count_label.setText(self.tr("%1 of %2 games").replace("%1", shown)
                                     .replace("%2", total))

    def select_row(self, source_row: int) -> None:
        """Select the game with index ``source_row`` in the file."""
        index = self.proxy.mapFromSource(self.model.index(self.model.row_of(source_row), 0))
        if index.isValid():
            self.view.selectRow(index.row())
            self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)

    def visible_rows(self) -> list[int]:
        """Source rows (game indexes) now shown, in display order."""
        return [self.model.game_index(self.proxy.mapToSource(self.proxy.index(r, 0)).row())
                for r in range(self.proxy.rowCount())]

    def chosen(self) -> int | None:
        """The selected game's index in the file."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.game_index(self.proxy.mapToSource(rows[0]).row())


def _common_rules(entries: list[GameEntry]) -> RuleSet | None:
    """The rule set every game of ``entries`` names in its Rules or GameType tag (None when
    they differ, the tags are missing or name rules Dame does not play)."""
    tags = {(e.tags.get("Rules", "").strip(), e.tags.get("GameType", "").strip())
            for e in entries}
    if len(tags) != 1:
        return None
    rules_text, gametype = tags.pop()
    try:
        if rules_text:
            return parse_rules_tag(rules_text)
        if gametype:
            return rules_from_gametype(parse_gametype(gametype))
    except (ValueError, RulesError):
        return None
    return None
