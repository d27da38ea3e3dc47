"""The score table dialog: results per pair of names (hot seat) and per level (against the
computer) -- wins, draws, losses and the last games with their dates -- and its reset.

The table itself lives in :mod:`dame_desktop.store.scores` (no Qt; atomic writes; a damaged
file is set aside and reported).  :func:`record_result` turns a finished game into a record;
:class:`ScoresDialog` shows the table, after each game (:meth:`ScoresDialog.show_pair` /
:meth:`ScoresDialog.show_level` select the row just played) and on its own, says when the
file was damaged, and resets it after asking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from PySide6.QtCore import QDateTime, QLocale, Qt, QTimeZone
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import Color, Result, RuleSet, find_rules
from dame_desktop.core.game import Reason
from dame_desktop.store.files import PathArg, StorageError, StorageWarning, WarningKind
from dame_desktop.store.scores import (
    GameEntry,
    Outcome,
    ScoreTable,
    Tally,
    clean_name,
    load_scores,
    update_scores,
)
from dame_desktop.ui.words.texts import level_name, reason_text, rules_name


def outcome_for(result: Result, colour: Color) -> Outcome:
    """``result`` seen by the player of ``colour``."""
    if result.winner is None:
        return Outcome.DRAW
    return Outcome.WIN if result.winner is colour else Outcome.LOSS


def record_result(
    table: ScoreTable,
    result: Result,
    rules: RuleSet,
    *,
    names: Mapping[Color, str] | None = None,
    computer: Color | None = None,
    level: str | None = None,
    engine: str = "",
    when: datetime | None = None,
) -> bool:
    """Count a finished game in ``table`` (store it with ``update_scores``).

    Against the computer (``computer`` is its colour, ``level`` its level key) the human's
    outcome goes under the level -- or, when an external engine played as the computer
    (``engine`` is its name, "Scan 3.1"), under that engine and not under the built-in
    level.  In hot seat both players need a name of their own (the
    record is per pair of names); otherwise nothing is counted and False is returned.
    """
    when = when or datetime.now(UTC)
    names = names or {}
    if computer is not None:
        human = computer.opponent
        if clean_name(engine):
            try:
                table.record_against_engine(
                    engine,
                    outcome_for(result, human),
                    when,
                    player=names.get(human, ""),
                    rules=rules.key,
                    reason=result.reason.value,
                )
            except ValueError:
                return False
            return True
        if level is None:
            return False
        table.record_against_computer(
            level,
            outcome_for(result, human),
            when,
            player=names.get(human, ""),
            rules=rules.key,
            reason=result.reason.value,
        )
        return True
    white, black = clean_name(names.get(Color.WHITE, "")), clean_name(names.get(Color.BLACK, ""))
    if not white or not black or white.casefold() == black.casefold():
        return False
    try:
        table.record_hot_seat(
            white,
            black,
            outcome_for(result, Color.WHITE),
            when,
            rules=rules.key,
            reason=result.reason.value,
        )
    except ValueError:
        return False
    return True


class ScoresDialog(QDialog):
    """Shows and resets the score table kept in ``directory`` (the data folder by default).

    ``table`` and ``warnings`` may come from the window's own ``load_scores()``; otherwise
    the dialog loads the file itself.  After a reset the table is saved at once.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        directory: PathArg | None = None,
        table: ScoreTable | None = None,
        warnings: Sequence[StorageWarning] = (),
    ) -> None:
        super().__init__(parent)
        self.setObjectName("scoresDialog")
        self.directory = directory
        if table is None:
            loaded = load_scores(directory)
            table, warnings = loaded.value, loaded.warnings
        self.table = table
        self.warnings = tuple(warnings)
        self.confirm_box: QMessageBox | None = None
        self.warning_label = QLabel(self)
        self.warning_label.setObjectName("scoresWarning")
        self.warning_label.setWordWrap(True)
        self.warning_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.warning_label.setStyleSheet(
            "QLabel { background: #fff3cd; color: #5c4400; padding: 6px; border-radius: 4px; }"
        )
        self.tabs = QTabWidget(self)
        self.pairs_view = self._make_table(5)
        self.levels_view = self._make_table(4)
        self.pairs_page = QWidget(self)
        self.levels_page = QWidget(self)
        for page, view in (
            (self.pairs_page, self.pairs_view),
            (self.levels_page, self.levels_view),
        ):
            page_layout = QVBoxLayout(page)
            page_layout.addWidget(view)
        self.tabs.addTab(self.pairs_page, "")
        self.tabs.addTab(self.levels_page, "")
        self.last_label = QLabel(self)
        self.last_view = self._make_table(4)
        self.empty_label = QLabel(self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.reset_button = QPushButton(self)
        self.reset_button.setObjectName("resetScores")
        self.buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.buttons.rejected.connect(self.reject)
        self.reset_button.clicked.connect(self.ask_reset)
        # Return closes the table; forgetting every result is never one key away
        self.reset_button.setAutoDefault(False)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(True)
        close.setDefault(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.warning_label)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.tabs, 3)
        layout.addWidget(self.last_label)
        layout.addWidget(self.last_view, 2)
        layout.addWidget(self.buttons)
        self.pairs_view.itemSelectionChanged.connect(self._show_last)
        self.levels_view.itemSelectionChanged.connect(self._show_last)
        self.tabs.currentChanged.connect(lambda _i: self._show_last())
        self.resize(620, 520)
        self._retranslate()
        self.refresh()

    # -- for the window ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Fill the tables from ``self.table``."""
        pairs = self.table.pairs()
        self.pairs_view.setRowCount(len(pairs))
        for row, pair in enumerate(pairs):
            self._fill_row(
                self.pairs_view, row, [pair.name, pair.other], pair.tally, (pair.name, pair.other)
            )
        levels = self.table.levels()
        engines = self.table.engines()
        self.levels_view.setRowCount(len(levels) + len(engines))
        for row, score in enumerate(levels):
            self._fill_row(
                self.levels_view, row, [level_name(score.level)], score.tally, score.level
            )
        for row, engine in enumerate(engines, start=len(levels)):
            # an external engine's row: its name, apart from the built-in levels
            self._fill_row(
                self.levels_view, row, [engine.name], engine.tally, ("engine", engine.name)
            )
        self.empty_label.setVisible(self.table.is_empty)
        self.reset_button.setEnabled(not self.table.is_empty)
        self._show_warnings()
        if not self.table.is_empty and not self._current_view().selectedItems():
            if not pairs and (levels or engines):
                self.tabs.setCurrentWidget(self.levels_page)
            view = self._current_view()
            if view.rowCount():
                view.selectRow(0)
        self._show_last()

    def show_pair(self, name: str, other: str) -> None:
        """Select the pair that just played (after a hot-seat game)."""
        self.tabs.setCurrentWidget(self.pairs_page)
        keys = {clean_name(name).casefold(), clean_name(other).casefold()}
        for row in range(self.pairs_view.rowCount()):
            item = self.pairs_view.item(row, 0)
            data = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
            if isinstance(data, tuple) and {d.casefold() for d in data} == keys:
                self.pairs_view.selectRow(row)
                return

    def show_level(self, level: str) -> None:
        """Select the level just played (after a game against the computer)."""
        self.tabs.setCurrentWidget(self.levels_page)
        for row in range(self.levels_view.rowCount()):
            item = self.levels_view.item(row, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == level:
                self.levels_view.selectRow(row)
                return

    def show_engine(self, name: str) -> None:
        """Select the external engine just played against."""
        self.tabs.setCurrentWidget(self.levels_page)
        key = clean_name(name).casefold()
        for row in range(self.levels_view.rowCount()):
            item = self.levels_view.item(row, 0)
            data = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
            if isinstance(data, tuple) and data[1].casefold() == key:
                self.levels_view.selectRow(row)
                return

    def record(
        self,
        result: Result,
        rules: RuleSet,
        *,
        names: Mapping[Color, str] | None = None,
        computer: Color | None = None,
        level: str | None = None,
        engine: str = "",
        when: datetime | None = None,
    ) -> bool:
        """After a game: count it (:func:`record_result`), save the table, and show and
        select the row it went to.  False when it was not counted (a hot-seat game without
        both names) or could not be saved (a message says so)."""

        def count(table: ScoreTable) -> bool:
            return record_result(
                table,
                result,
                rules,
                names=names,
                computer=computer,
                level=level,
                engine=engine,
                when=when,
            )

        try:
            # counted in the file as it is now: another window's results stay
            update = update_scores(count, self.directory)
        except StorageError as exc:
            QMessageBox.warning(
                self,
                self.tr("Score table"),
                self.tr("The score table could not be saved: %1").replace("%1", str(exc)),
            )
            self.refresh()
            return False
        self.table = update.table
        self.refresh()
        if not update.changed:
            return False
        if computer is not None and clean_name(engine):
            self.show_engine(engine)
        elif computer is not None and level is not None:
            self.show_level(level)
        elif names:
            self.show_pair(names.get(Color.WHITE, ""), names.get(Color.BLACK, ""))
        return True

    def ask_reset(self) -> QMessageBox:
        """Ask before forgetting every result; Yes resets and saves."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Reset the score table"),
            self.tr("Forget every result in the score table? This cannot be undone."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("resetScoresBox")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.finished.connect(lambda _code: self._reset_answered(box))
        self.confirm_box = box
        box.open()
        return box

    def reset_scores(self) -> bool:
        """Forget every result and save; False (with a message) when saving failed."""
        self.warnings = ()

        def forget(table: ScoreTable) -> bool:
            table.reset()
            return True

        try:
            self.table = update_scores(forget, self.directory).table
        except StorageError as exc:
            QMessageBox.warning(
                self,
                self.tr("Score table"),
                self.tr("The score table could not be saved: %1").replace("%1", str(exc)),
            )
            self.refresh()
            return False
        self.refresh()
        return True

    # -- inside ------------------------------------------------------------------------------

    def _reset_answered(self, box: QMessageBox) -> None:
        if box.clickedButton() is box.button(QMessageBox.StandardButton.Yes):
            self.reset_scores()
        self.confirm_box = None

    def _make_table(self, columns: int) -> QTableWidget:
        view = QTableWidget(0, columns, self)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.verticalHeader().setVisible(False)
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        return view

    def _fill_row(
        self, view: QTableWidget, row: int, names: list[str], tally: Tally, key: object
    ) -> None:
        cells = [*names, str(tally.wins), str(tally.draws), str(tally.losses)]
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column >= len(names):
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if column == 0:
                item.setData(Qt.ItemDataRole.UserRole, key)
            view.setItem(row, column, item)

    def _current_view(self) -> QTableWidget:
        return (
            self.levels_view if self.tabs.currentWidget() is self.levels_page else self.pairs_view
        )

    def _show_last(self) -> None:
        view = self._current_view()
        rows = view.selectionModel().selectedRows() if view.selectionModel() else []
        entries: tuple[GameEntry, ...] = ()
        title = self.tr("Last games")
        if rows:
            item = view.item(rows[0].row(), 0)
            key = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
            if view is self.pairs_view and isinstance(key, tuple):
                pair = self.table.pair(key[0], key[1])
                entries = pair.last
                title = (
                    self.tr("Last games of %1 against %2")
                    .replace("%1", pair.name)
                    .replace("%2", pair.other)
                )
            elif isinstance(key, tuple):
                score = self.table.engine(key[1])
                entries = score.last
                title = self.tr("Last games against %1").replace("%1", score.name)
            elif isinstance(key, str):
                entries = self.table.level(key).last
                title = self.tr("Last games against the computer (%1)").replace(
                    "%1", level_name(key)
                )
        self.last_label.setText(title)
        self.last_view.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            texts = [
                self._date_text(entry.when),
                self._outcome_text(entry, view),
                self._rules_text(entry.rules),
                self._reason_text(entry.reason),
            ]
            for column, text in enumerate(texts):
                self.last_view.setItem(row, column, QTableWidgetItem(text))

    def _date_text(self, when: datetime) -> str:
        stamp = QDateTime.fromSecsSinceEpoch(int(when.timestamp()), QTimeZone.systemTimeZone())
        return QLocale().toString(stamp, QLocale.FormatType.ShortFormat)

    def _outcome_text(self, entry: GameEntry, view: QTableWidget) -> str:
        if view is self.pairs_view:
            rows = view.selectionModel().selectedRows()
            item = view.item(rows[0].row(), 0) if rows else None
            key = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
            name = key[0] if isinstance(key, tuple) else ""
            if entry.outcome is Outcome.WIN:
                return self.tr("%1 won").replace("%1", name)
            if entry.outcome is Outcome.LOSS:
                other = key[1] if isinstance(key, tuple) else ""
                return self.tr("%1 won").replace("%1", other)
            return self.tr("Draw")
        who = entry.player or self.tr("You")
        if entry.outcome is Outcome.WIN:
            return self.tr("%1 won").replace("%1", who)
        if entry.outcome is Outcome.LOSS:
            rows = view.selectionModel().selectedRows()
            item = view.item(rows[0].row(), 0) if rows else None
            key = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
            if isinstance(key, tuple):  # an external engine, by its name
                return self.tr("%1 won").replace("%1", key[1])
            return self.tr("The computer won")
        return self.tr("Draw")

    def _rules_text(self, key: str) -> str:
        if not key:
            return ""
        try:
            return rules_name(find_rules(key))
        except ValueError:
            return key

    def _reason_text(self, value: str) -> str:
        try:
            return reason_text(Reason(value))
        except ValueError:
            return value

    def _show_warnings(self) -> None:
        lines = [self._warning_text(w) for w in self.warnings]
        self.warning_label.setText("\n".join(lines))
        self.warning_label.setVisible(bool(lines))

    def _warning_text(self, warning: StorageWarning) -> str:
        kind = warning.kind
        if kind is WarningKind.DAMAGED:
            text = self.tr("The score table file was damaged; the table starts empty.")
        elif kind is WarningKind.ENTRIES_DROPPED:
            text = self.tr(
                "Some results in the score table could not be read and were left out (%1)."
            ).replace("%1", ", ".join(v.name for v in warning.values) or warning.detail)
        elif kind is WarningKind.UNREADABLE:
            text = self.tr("The score table file could not be read.")
        elif kind is WarningKind.UNWRITABLE:
            text = self.tr("The repaired score table could not be written back.")
        elif kind is WarningKind.NEWER_VERSION:
            text = self.tr("The score table comes from a newer version of Dame.")
        else:
            text = warning.message
        if warning.moved_to is not None:
            text += " " + self.tr("The old file was kept as %1.").replace(
                "%1", str(warning.moved_to)
            )
        elif warning.stuck:
            text += " " + self.tr(
                "It could not be moved aside either: please remove or "
                "rename %1, so that Dame can save there again."
            ).replace("%1", str(warning.path))
        return text

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Score table"))
        self.tabs.setTabText(0, self.tr("Hot seat"))
        self.tabs.setTabText(1, self.tr("Against the computer"))
        self.pairs_view.setHorizontalHeaderLabels(
            [
                self.tr("Player"),
                self.tr("Opponent"),
                self.tr("Wins"),
                self.tr("Draws"),
                self.tr("Losses"),
            ]
        )
        self.levels_view.setHorizontalHeaderLabels(
            [
                self.tr("Level or engine"),
                self.tr("Player won"),
                self.tr("Draws"),
                self.tr("Computer won"),
            ]
        )
        self.last_view.setHorizontalHeaderLabels(
            [self.tr("Date"), self.tr("Result"), self.tr("Rules"), self.tr("Why")]
        )
        self.empty_label.setText(
            self.tr(
                "No games have been counted yet. Hot-seat games "
                "count when both players have a name."
            )
        )
        self.reset_button.setText(self.tr("&Reset…"))
