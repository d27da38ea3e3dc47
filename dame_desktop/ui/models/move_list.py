"""The move list as a Qt table model: moves numbered in pairs, in square-number notation."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from dame_desktop.core import Color, Game, RuleSet, find_rules
from dame_desktop.core.numbering import game_steps
from dame_desktop.ui.words.names import colour_text
from dame_desktop.ui.words.notation import Notation, move_text, square_text

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Entry:
    """One move of the list: the game state it leads to (a blow that followed included)."""

    state: int  # index into game.states of the position to show for this entry
    text: str
    colour: Color
    row: int
    column: int  # 1 or 2


class MoveListModel(QAbstractTableModel):
    """Rows are move pairs: number, first side's move, second side's move."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._entries: list[Entry] = []
        self._cells: dict[tuple[int, int], int] = {}
        self._rows = 0
        self._current: int | None = None  # index into _entries of the shown move
        self._first = Color.WHITE
        self._rules: RuleSet = find_rules("german")
        self._result = ""  # the game's end in words, the list's last row

    # -- content -------------------------------------------------------------------------

    def set_game(
        self, game: Game, *, result: str = "", notation: Notation = Notation.RULES
    ) -> None:
        """Rebuild from ``game`` (cheap: a game has at most a few hundred moves); ``result``,
        the game's end named by player with its reason, is the last row; squares are named
        by ``notation``."""
        self.beginResetModel()
        self._first = game.rules.first
        self._rules = game.rules
        self._result = result
        states = game.states
        entries: list[Entry] = []
        for step in game_steps(game):
            text = step.text
            at = step.state if states[step.state].move is not None else step.state - 1
            played = states[at].move
            if notation is not Notation.RULES and at >= 1 and played is not None:
                text = move_text(states[at - 1].position, played, notation)
            if step.blown is not None:
                blown = square_text(step.blown, game.rules, notation)
                text = self.tr("%1 (blew %2)").replace("%1", text).replace("%2", blown)
            entries.append(
                Entry(step.state, text, step.mover, step.number - 1, 1 if step.first else 2)
            )
        self._entries = entries
        self._cells = {(e.row, e.column): n for n, e in enumerate(entries)}
        self._rows = (entries[-1].row + 1) if entries else 0
        if result:
            self._rows += 1
        self._current = len(entries) - 1 if entries else None
        self.endResetModel()

    def result_row(self) -> int | None:
        """The row of the result line (None while the game goes on)."""
        return self._rows - 1 if self._result else None

    def result_text(self) -> str:
        return self._result

    def entries(self) -> list[Entry]:
        return list(self._entries)

    def entry_at(self, index: Index) -> int | None:
        """The entry number shown at ``index`` (None for the number column or a gap)."""
        return self._cells.get((index.row(), index.column()))

    def index_of(self, entry: int) -> QModelIndex:
        e = self._entries[entry]
        return self.index(e.row, e.column)

    def set_current(self, entry: int | None) -> None:
        """Mark the move whose position is on the board."""
        old = self._current
        self._current = entry
        for n in (old, entry):
            if n is not None and 0 <= n < len(self._entries):
                idx = self.index_of(n)
                self.dataChanged.emit(idx, idx)

    def current(self) -> int | None:
        return self._current

    # -- Qt model interface --------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section == 0:
            return self.tr("No.")
        first = self._first
        colour = first if section == 1 else first.opponent
        return colour_text(self._rules, colour)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if self._result and index.row() == self._rows - 1:
            if role == Qt.ItemDataRole.DisplayRole:
                return self._result if index.column() == 1 else ""
            if role == Qt.ItemDataRole.FontRole:
                font = QFont()
                font.setItalic(True)
                return font
            if role == Qt.ItemDataRole.ToolTipRole:
                return self._result
            return None
        if index.column() == 0:
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{index.row() + 1}."
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        n = self.entry_at(index)
        if n is None:
            if role == Qt.ItemDataRole.DisplayRole and index.column() == 1:
                return "…"
            return None
        entry = self._entries[n]
        if role == Qt.ItemDataRole.DisplayRole:
            return entry.text
        if role == Qt.ItemDataRole.FontRole and n == self._current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and n == self._current:
            return QBrush(QColor(255, 214, 90))
        if role == Qt.ItemDataRole.ForegroundRole and n == self._current:
            return QBrush(QColor(20, 20, 20))
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("Click to see the position after this move")
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if index.isValid() and index.column() > 0 and self.entry_at(index) is not None:
            return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return Qt.ItemFlag.ItemIsEnabled
