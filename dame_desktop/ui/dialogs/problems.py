"""The list of problems found in a file: game, line, message.  The file stays usable."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.pdn.document import Problem
from dame_desktop.ui.words.problems import pdn_problem_text


class ProblemsDialog(QDialog):
    """Not modal: the user may keep it open while looking at the games it names."""

    game_requested = Signal(int)  # 0-based game index

    def __init__(
        self,
        problems: list[Problem],
        file_name: str,
        readable: int,
        parent: QWidget | None = None,
        total: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("problemsDialog")
        self.setWindowTitle(self.tr("Problems in %1").replace("%1", file_name))
        self.problems = list(problems)
        layout = QVBoxLayout(self)
        if total is None:
            text = self.tr(
                "%1 problems were found. The file was opened anyway: everything before a "
                "problem is usable, and %2 games can be read. Double-click a row to open its "
                "game."
            )
        else:  # the game list shows the same "of %3" figures
            text = self.tr(
                "%1 problems were found. The file was opened anyway: everything before a "
                "problem is usable, and %2 of %3 games can be read. Double-click a row to open "
                "its game."
            ).replace("%3", str(total))
        intro = QLabel(text.replace("%1", str(len(problems))).replace("%2", str(readable)))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTableWidget(len(problems), 3)
        self.table.setObjectName("problemTable")
        self.table.setHorizontalHeaderLabels([self.tr("Game"), self.tr("Line"), self.tr("Problem")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for row, problem in enumerate(problems):
            game = str(problem.game) if problem.game else self.tr("file")
            line = f"{problem.line}:{problem.column}" if problem.line else ""
            for column, text in enumerate((game, line, pdn_problem_text(problem.pdn))):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.table.cellDoubleClicked.connect(self._on_double_click)
        self.resize(720, 360)

    def _on_double_click(self, row: int, _column: int) -> None:
        game = self.problems[row].game
        if game > 0:
            self.game_requested.emit(game - 1)
