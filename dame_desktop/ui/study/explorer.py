"""The opening explorer: what was played in the shown position, how often, with what results.

A dock beside the board (View › Opening explorer).  For the position the navigator shows it
lists each move played there in the games of the open file or of the library (files chosen
with "Files…", remembered in the preferences): the games, a bar of the results (wins of the
side that moves first, draws, wins of the other side; each part also carries its share as a
number and a pattern of its own, so colour is never the only cue) and the first side's score;
below, the games that reached the position.  The position's rule set picks the games: a key
includes the rule set.

Clicking a move plays it through the window's own move path: in a studied game it goes to
that move in the tree (adding it as a variation when new), in a game being played it is one
more way to make the human's move and is refused with the board's words when it is not the
human's turn.  The panel is another input device, not a second set of rules.

Questions go to a worker thread (:class:`DbThread`): the first one on a file indexes it with
a progress row and Cancel; an answer that comes back for a position the navigator has left
is dropped.  Opening a listed game shows it at the ply where it reached the position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import Color, Move, Position, RuleSet
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.study.db_thread import DbThread
from dame_desktop.ui.words import texts

if TYPE_CHECKING:
    from dame_desktop.db.library import ExploreResult, FindResult, Hit, Library

GAMES_SHOWN = 50  # games listed under the moves
BAR_ROLE = Qt.ItemDataRole.UserRole + 1  # (first, draws, second, first is white)
MOVE_ROLE = Qt.ItemDataRole.UserRole + 2  # the move text of a row


@dataclass
class ExplorerAnswer:
    """What the panel shows for one position."""

    explored: ExploreResult
    games: FindResult


def explore_job(position: Position) -> Callable[[Library], object]:
    """The worker's question for ``position``: its moves and a page of its games."""

    def job(library: Library) -> ExplorerAnswer:
        return ExplorerAnswer(
            library.explore([position]), library.find([position], limit=GAMES_SHOWN)
        )

    return job


def library_text(count: int) -> str:
    """The source choice of the library, with its number of files."""
    if count == 1:
        return QCoreApplication.translate("ExplorerController", "My library (1 file)")
    return QCoreApplication.translate("ExplorerController", "My library (%1 files)").replace(
        "%1", str(count)
    )


class ExplorerHost(Protocol):
    """What the explorer asks of the window."""

    def shown_position(self) -> Position: ...

    def play_move(self, move: Move) -> None: ...

    def open_file_path(self) -> Path | None: ...

    def open_hit(self, path: str, game: int, ply: int) -> bool: ...

    def find_action(self, action_id: str) -> QAction | None: ...

    def fit_dock(self, dock: QDockWidget) -> None: ...

    def dialog_parent(self) -> QWidget: ...


class ResultBar(QStyledItemDelegate):
    """Paints (first, draws, second, first is white) as a bar in the sides' colours with
    grey for draws, each part with its share written on it where it fits and a pattern of
    its own (plain light, hatched grey, dotted dark)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        counts = index.data(BAR_ROLE)
        if not counts:
            super().paint(painter, option, index)
            return
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        first, draws, second, first_white = counts
        total = max(first + draws + second, 1)
        rect: QRect = option.rect.adjusted(2, 2, -2, -2)
        painter.save()
        painter.setClipRect(rect)  # the shares' labels stay inside the bar
        x = rect.left()
        light = (QColor("#f4f1e8"), Qt.BrushStyle.SolidPattern, QColor("#202020"))
        dark = (QColor("#2b2b2b"), Qt.BrushStyle.Dense7Pattern, QColor("#ffffff"))
        grey = (QColor("#b4b4b4"), Qt.BrushStyle.BDiagPattern, QColor("#101010"))
        parts = (
            (first, *(light if first_white else dark)),
            (draws, *grey),
            (second, *(dark if first_white else light)),
        )
        for number, (count, colour, style, ink) in enumerate(parts):
            width = round(rect.width() * count / total) if number < 2 else rect.right() - x + 1
            if width <= 0:
                continue
            part = QRect(x, rect.top(), width, rect.height())
            painter.fillRect(part, colour)
            if style is not Qt.BrushStyle.SolidPattern:  # a pattern: not colour alone
                painter.fillRect(
                    part, QBrush(QColor(ink.red(), ink.green(), ink.blue(), 40), style)
                )
            share = f"{round(100 * count / total)}%"
            metrics = painter.fontMetrics()
            if metrics.horizontalAdvance(share) + 6 <= width:
                label = metrics.boundingRect(part, Qt.AlignmentFlag.AlignCenter, share)
                # the pattern stays clear behind the text, within this part of the bar
                painter.fillRect(label.adjusted(-2, 0, 2, 0).intersected(part), colour)
                painter.setPen(ink)
                painter.drawText(part, Qt.AlignmentFlag.AlignCenter, share)
            x += width
        painter.setPen(QPen(QColor("#606060")))
        painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        """Tall enough for the shares written on the bar (a line of text and its frame)."""
        size = super().sizeHint(option, index)
        return QSize(size.width(), max(size.height(), option.fontMetrics.height() + 6))


class ExplorerPanel(QWidget):
    """The explorer's widgets: source, status, the moves and the games."""

    move_chosen = Signal(str)  # the move text of a clicked row
    game_chosen = Signal(str, int, int)  # file, game, ply
    source_changed = Signal()
    files_requested = Signal()
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explorerPanel")
        col = QVBoxLayout(self)
        col.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        self.source = QComboBox()
        self.source.setObjectName("explorerSource")
        self.source.addItems(["", ""])
        self.source.currentIndexChanged.connect(lambda _i: self.source_changed.emit())
        row.addWidget(self.source, 1)
        self.files_button = QPushButton()
        self.files_button.setObjectName("explorerFiles")
        self.files_button.clicked.connect(self.files_requested)
        row.addWidget(self.files_button)
        col.addLayout(row)
        self.status = QLabel()
        self.status.setObjectName("explorerStatus")
        self.status.setWordWrap(True)
        col.addWidget(self.status)
        progress_row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setObjectName("explorerProgress")
        self.progress.setRange(0, 1000)
        progress_row.addWidget(self.progress, 1)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("explorerCancel")
        self.cancel_button.clicked.connect(self.cancel_requested)
        progress_row.addWidget(self.cancel_button)
        col.addLayout(progress_row)
        self.set_progress(None)
        self.moves = QTreeWidget()
        self.moves.setObjectName("explorerMoves")
        self.moves.setRootIsDecorated(False)
        self.moves.setColumnCount(4)
        self.moves.setItemDelegateForColumn(2, ResultBar(self.moves))
        self.moves.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.moves.setAllColumnsShowFocus(True)
        header = self.moves.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.sectionResized.connect(self._on_section_resized)
        self._bar_titles = ("", "")  # the bar column's title: in full, and short
        self._fitting = False
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self._fit_bar_title)
        self.moves.itemActivated.connect(self._on_move_item)
        self.moves.itemClicked.connect(self._on_move_item)
        col.addWidget(self.moves, 3)
        self.games_label = QLabel()
        self.games_label.setObjectName("explorerGamesLabel")
        col.addWidget(self.games_label)
        self.games = QTreeWidget()
        self.games.setObjectName("explorerGames")
        self.games.setRootIsDecorated(False)
        self.games.setColumnCount(5)
        self.games.itemActivated.connect(self._on_game_item)
        self.games.itemDoubleClicked.connect(self._on_game_item)
        col.addWidget(self.games, 2)
        self._rules: RuleSet | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.source.setItemText(0, self.tr("The open file"))
        self.source.setItemText(1, self.tr("My library"))
        self.files_button.setText(self.tr("Files…"))
        self.files_button.setToolTip(self.tr("Choose the files of your library"))
        self.cancel_button.setText(self.tr("Cancel"))
        self._headers()

    def _headers(self) -> None:
        rules = self._rules
        first = texts.side_name(rules, rules.first) if rules else self.tr("First")
        second = texts.side_name(rules, rules.first.opponent) if rules else self.tr("Second")
        self._bar_titles = (
            self.tr("%1 · draw · %2").replace("%1", first).replace("%2", second),
            self.tr("Results"),
        )
        self.moves.setHeaderLabels(
            [self.tr("Move"), self.tr("Games"), self._bar_titles[0], self.tr("Score")]
        )
        self._fit_bar_title()
        header = self.moves.headerItem()
        header.setToolTip(
            2,
            self.tr("Wins of %1, draws and wins of %2 in the games with a result")
            .replace("%1", first)
            .replace("%2", second),
        )
        header.setToolTip(
            3,
            self.tr("Points of %1 (a win 1, a draw ½) per decided or drawn game").replace(
                "%1", first
            ),
        )
        self.games.setHeaderLabels(
            [
                self.tr("White"),
                self.tr("Black"),
                self.tr("Result"),
                self.tr("Date"),
                self.tr("Event"),
            ]
        )

    def _on_section_resized(self, _index: int, _old: int, _new: int) -> None:
        self._fit_timer.start()  # once the header has placed them all

    def _fit_bar_title(self) -> None:
        """The results column names the sides ("Schwarz · remis · Weiß") where that fits
        its width, else it says "Results" (the bar's colours and its tooltip name them).  In
        a narrow panel the points column gives its room to the bar (the shares are written
        on the bar), and comes back once there is room for both."""
        if self._fitting:
            return
        self._fitting = True
        try:
            full, short = self._bar_titles
            header = self.moves.header()
            metrics = header.fontMetrics()
            margin = 2 * self.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin) + 4
            least = metrics.horizontalAdvance(short) + margin
            bar = header.sectionSize(2)
            if not header.isSectionHidden(3) and bar < least:
                self.moves.setColumnHidden(3, True)
            elif header.isSectionHidden(3):
                points = max(self.moves.sizeHintForColumn(3), header.sectionSizeHint(3))
                if bar - points >= least:
                    self.moves.setColumnHidden(3, False)
            fits = metrics.horizontalAdvance(full) + margin <= header.sectionSize(2)
            title = full if fits else short
            item = self.moves.headerItem()
            if item.text(2) != title:
                item.setText(2, title)
        finally:
            self._fitting = False

    def set_rules(self, rules: RuleSet) -> None:
        if rules != self._rules:
            self._rules = rules
            self._headers()

    def set_progress(self, fraction: float | None, text: str = "") -> None:
        shown = fraction is not None
        self.progress.setVisible(shown)
        self.cancel_button.setVisible(shown)
        if fraction is not None:
            self.progress.setValue(round(1000 * fraction))
            self.status.setText(text)

    def show_answer(self, answer: ExplorerAnswer, rules: RuleSet, files: int) -> None:
        self.set_progress(None)
        self.set_rules(rules)
        explored = answer.explored
        if explored.games == 0:
            self.status.setText(self.tr("No game reached this position."))
        elif files > 1:
            self.status.setText(
                self.tr("%1 games reached this position (%2 files).")
                .replace("%1", f"{explored.games:,}")
                .replace("%2", str(files))
            )
        else:
            self.status.setText(
                self.tr("%1 games reached this position.").replace("%1", f"{explored.games:,}")
            )
        self.moves.clear()
        first_name = texts.side_name(rules, rules.first)
        second_name = texts.side_name(rules, rules.first.opponent)
        for stat in explored.moves:
            score = stat.score
            item = QTreeWidgetItem(
                [
                    stat.move,
                    f"{stat.games:,}",
                    "",
                    "–" if score is None else f"{round(100 * score)}%",
                ]
            )
            item.setData(0, MOVE_ROLE, stat.move)
            item.setData(
                2, BAR_ROLE, (stat.first, stat.draws, stat.second, rules.first is Color.WHITE)
            )
            tip = (
                self.tr("%1 wins: %2, draws: %3, %4 wins: %5, unknown: %6")
                .replace("%1", first_name)
                .replace("%2", str(stat.first))
                .replace("%3", str(stat.draws))
                .replace("%4", second_name)
                .replace("%5", str(stat.second))
                .replace("%6", str(stat.unknown))
            )
            for column in range(4):
                item.setToolTip(column, tip)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.moves.addTopLevelItem(item)
        if explored.ended:
            item = QTreeWidgetItem([self.tr("(game ends)"), f"{explored.ended:,}", "", ""])
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.moves.addTopLevelItem(item)
        self._show_games(answer.games)

    def _show_games(self, found: FindResult) -> None:
        self.games.clear()
        hits: Sequence[Hit] = found.hits
        if found.total > len(hits):
            self.games_label.setText(
                self.tr("Games (the first %1 of %2):")
                .replace("%1", str(len(hits)))
                .replace("%2", f"{found.total:,}")
            )
        else:
            self.games_label.setText(self.tr("Games:"))
        for hit in hits:
            item = QTreeWidgetItem([hit.white, hit.black, hit.result, hit.date, hit.event])
            item.setData(0, Qt.ItemDataRole.UserRole, (hit.file, hit.game, hit.ply))
            item.setToolTip(
                0,
                self.tr("Game %1 of %2, ply %3")
                .replace("%1", str(hit.game))
                .replace("%2", Path(hit.file).name)
                .replace("%3", str(hit.ply)),
            )
            self.games.addTopLevelItem(item)
        for column in range(4):
            self.games.resizeColumnToContents(column)

    def show_failure(self, text: str) -> None:
        self.set_progress(None)
        self.moves.clear()
        self.games.clear()
        self.games_label.setText("")
        self.status.setText(text)

    def _on_move_item(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        move = item.data(0, MOVE_ROLE)
        if move:
            self.move_chosen.emit(move)

    def _on_game_item(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        where = item.data(0, Qt.ItemDataRole.UserRole)
        if where:
            self.game_chosen.emit(*where)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class _Dock(QDockWidget):
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(self.tr("Opening explorer"))
        super().changeEvent(event)


class ExplorerController(QObject):
    """The explorer dock, its action and its questions (see the module docstring)."""

    preference_changed = Signal(str, object)  # explorer_panel, explorer_files

    def __init__(self, host: ExplorerHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.panel = ExplorerPanel()
        self.dock = _Dock()
        self.dock.setObjectName("explorerDock")
        self.dock.setWindowTitle(self.tr("Opening explorer"))
        self.dock.setWidget(self.panel)
        self.dock.hide()
        self._dock_toggled = self.dock.toggleViewAction().toggled.connect(self._on_dock_toggled)
        self.library_files: tuple[str, ...] = ()
        self.db_thread: DbThread | None = None
        self.asked: tuple[int, Position, tuple[str, ...]] | None = None
        self.shown_for: Position | None = None  # the position of the answer on show
        self.stopped = False  # indexing was cancelled: no questions until asked again
        self.panel.move_chosen.connect(self._on_move_chosen)
        self.panel.game_chosen.connect(self._on_game_chosen)
        self.panel.source_changed.connect(self._restart)
        self.panel.files_requested.connect(self.choose_files)
        self.panel.cancel_requested.connect(self._cancel)

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "explorer",
                lambda: self.tr("&Opening explorer"),
                self.set_shown,
                menu="view",
                shortcuts=("F6",),
                checkable=True,
                order=21,
                tip=lambda: self.tr(
                    "The moves played in the shown position, with their games and results"
                ),
            ),
        ]

    # -- showing -------------------------------------------------------------------------

    def shown(self) -> bool:
        return self.dock.isVisible()

    def set_shown(self, on: bool) -> None:
        self.dock.setVisible(on)
        if on:
            self.host.fit_dock(self.dock)
            self._restart()
        self.preference_changed.emit("explorer_panel", on)

    def _on_dock_toggled(self, on: bool) -> None:
        """The dock's own close button: the menu item follows.  The window closing (or
        destroyed) hides its docks too: that closes no panel."""
        if not on and not self.dock.window().isVisible():
            return
        action = self.host.find_action("explorer")
        if action is not None and action.isChecked() != on:
            action.setChecked(on)

    def apply_preferences(self, prefs: Preferences) -> None:
        self.library_files = tuple(prefs.explorer_files)
        blocked = self.panel.source.blockSignals(True)
        if self.library_files and self.host.open_file_path() is None:
            self.panel.source.setCurrentIndex(1)
        self.panel.source.blockSignals(blocked)
        self._update_source_text()
        action = self.host.find_action("explorer")
        if action is not None and action.isChecked() != prefs.explorer_panel:
            action.setChecked(prefs.explorer_panel)
        elif prefs.explorer_panel and not self.dock.isVisible():
            self.set_shown(True)

    def _update_source_text(self) -> None:
        count = len(self.library_files)
        self.panel.source.setItemText(1, library_text(count))

    # -- the questions -----------------------------------------------------------------------

    def files(self) -> tuple[str, ...]:
        """The files asked: the library's or the open file."""
        if self.panel.source.currentIndex() == 1:
            return self.library_files
        path = self.host.open_file_path()
        return (str(path),) if path is not None else ()

    def follow(self) -> None:
        """The navigator moved: ask for the new position (when the panel is shown)."""
        if self.dock.isVisible():
            self.refresh()

    def _restart(self) -> None:
        """Ask again even after a cancelled indexing (the panel shown, another source)."""
        self.stopped = False
        self.asked = None
        self.refresh()

    def refresh(self) -> None:
        position = self.host.shown_position()
        files = self.files()
        self.panel.set_rules(position.rules)
        if self.stopped:
            return  # the user cancelled the indexing: the panel says so until asked again
        if not files:
            self.asked = None
            self.shown_for = None
            self.panel.show_failure(
                self.tr(
                    "Open a file of games, or choose the files of your library, to see "
                    "what was played here."
                )
                if self.panel.source.currentIndex() == 0
                else self.tr("Choose the files of your library with Files…")
            )
            return
        if (
            self.asked is not None
            and self.asked[1:] == (position, files)
            and position.rules == self.asked[1].rules
        ):
            return  # that question is under way or answered
        if self.db_thread is None:
            self.db_thread = DbThread(self)
            self.db_thread.answered.connect(self._on_answered)
            self.db_thread.failed.connect(self._on_failed)
            self.db_thread.progress.connect(self._on_progress)
        number = self.db_thread.ask(files, position.rules, explore_job(position))
        self.asked = (number, position, files)

    def _current(self, number: int) -> bool:
        return self.asked is not None and self.asked[0] == number

    def _on_answered(self, number: int, answer: object) -> None:
        if not self._current(number) or not isinstance(answer, ExplorerAnswer):
            return  # for a position the navigator has left
        assert self.asked is not None
        self.shown_for = self.asked[1]
        self.panel.show_answer(answer, self.asked[1].rules, len(self.asked[2]))

    def _on_failed(self, number: int, reason: str) -> None:
        if not self._current(number):
            return
        self.asked = None
        self.shown_for = None
        self.stopped = not reason
        self.panel.show_failure(reason or self.tr("Indexing cancelled."))

    def _on_progress(self, _number: int, file: str, done: int, total: int) -> None:
        """An indexing under way (perhaps for an earlier question: the files are the same)."""
        if self.asked is not None:
            self.panel.set_progress(
                done / max(total, 1), self.tr("Indexing %1…").replace("%1", Path(file).name)
            )

    def _cancel(self) -> None:
        if self.db_thread is not None:
            self.db_thread.cancel()

    def choose_files(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self.host.dialog_parent(),
            self.tr("The files of your library"),
            str(Path(self.library_files[0]).parent) if self.library_files else "",
            self.tr("PDN files (*.pdn *.PDN);;All files (*)"),
        )
        if names:
            self.set_library([str(Path(n).resolve()) for n in names])

    def set_library(self, files: Sequence[str]) -> None:
        self.library_files = tuple(files)
        self._update_source_text()
        self.preference_changed.emit("explorer_files", self.library_files)
        if self.panel.source.currentIndex() != 1:
            self.panel.source.setCurrentIndex(1)  # asks again
        else:
            self._restart()

    # -- what the user does ------------------------------------------------------------------

    def _on_move_chosen(self, text: str) -> None:
        position = self.shown_for
        if position is None or position != self.host.shown_position():
            return
        for move in position.legal_moves():
            if position.move_text(move, "short", position.rules.algebraic) == text:
                self.host.play_move(move)
                return

    def _on_game_chosen(self, file: str, game: int, ply: int) -> None:
        self.host.open_hit(file, game, ply)

    def shutdown(self) -> None:
        QObject.disconnect(self._dock_toggled)  # the window's closing hides the dock
        if self.db_thread is not None:
            self.db_thread.shutdown()
            self.db_thread = None
