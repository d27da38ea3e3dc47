"""Game › Find games with this position: the games of a file or library that reach it.

Three ways to ask about the shown position:

* **exact**: the same pieces and the same side to move;
* **colours reversed** too (a check box; every rule set of Dame allows it: the board turned
  half round, the colours swapped, the other side to move);
* **similar**: only the pieces picked on the small board (a click picks or drops a piece),
  standing together for at least 4 plies (:mod:`dame_desktop.db.similar`).

The search runs in a worker thread (:class:`DbThread`), indexing the files first when needed
with a progress bar and Cancel.  The results list each game once at the first ply where it
matches (ply, players, result, event, date; the file too for a library); opening one shows
that game at that ply.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dame_desktop import pdn
from dame_desktop.core import Color, Position
from dame_desktop.core.geometry import geometry
from dame_desktop.core.position import Piece
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.study.db_thread import DbThread
from dame_desktop.ui.study.explorer import library_text

if TYPE_CHECKING:
    from dame_desktop.db.library import FindResult, Library
    from dame_desktop.pdn.document import PdnDocument
    from dame_desktop.ui.study.navigator import TreeNavigator

LIMIT = 1000  # games listed (the total counts them all)


class SearchHost(Protocol):
    def shown_position(self) -> Position: ...

    def open_file_path(self) -> Path | None: ...

    def library_files(self) -> tuple[str, ...]: ...

    def open_hit(self, path: str, game: int, ply: int) -> bool: ...


def exact_job(position: Position, reverse: bool) -> Callable[[Library], object]:
    def job(library: Library) -> FindResult:
        return library.find([position], reverse=reverse, limit=LIMIT)

    return job


def similar_job(
    position: Position, squares: frozenset[int], reverse: bool, cancelled: Callable[[], bool]
) -> Callable[[Library], object]:
    pieces = [(sq, piece) for sq, piece in position.pieces().items() if sq in squares]

    def job(library: Library) -> FindResult:
        from dame_desktop.db.similar import Pattern

        return library.similar(
            Pattern.of(position.rules, pieces), reverse=reverse, limit=LIMIT, cancel=cancelled
        )

    return job


class PatternBoard(QWidget):
    """A small board of the position; a click on a piece picks it (or drops it again).
    Picked pieces are drawn full size with a ring, the others small and faint."""

    changed = Signal()

    def __init__(self, position: Position, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("patternBoard")
        self.position = position
        self.geo = geometry(position.rules.board_size, position.rules.numbering)
        self.picked: set[int] = set(position.pieces())
        self.setMinimumSize(160, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(240, 240)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def _cell(self) -> tuple[float, float, float]:
        side = min(self.width(), self.height())
        size = self.position.rules.board_size
        return side / size, (self.width() - side) / 2, (self.height() - side) / 2

    def square_rect(self, sq: int) -> QRectF:
        cell, left, top = self._cell()
        row, col = self.geo.sq_rowcol[sq]
        return QRectF(left + col * cell, top + row * cell, cell, cell)

    def square_at(self, point: QPointF) -> int | None:
        cell, left, top = self._cell()
        if cell <= 0:
            return None
        col = int((point.x() - left) // cell)
        row = int((point.y() - top) // cell)
        return self.geo.sq_at(row, col)

    def set_all(self, on: bool) -> None:
        self.picked = set(self.position.pieces()) if on else set()
        self.update()
        self.changed.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        sq = self.square_at(event.position())
        if sq is None or self.position.piece_at(sq) is None:
            return
        self.picked ^= {sq}
        self.update()
        self.changed.emit()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        cell, left, top = self._cell()
        size = self.position.rules.board_size
        painter.fillRect(QRectF(left, top, cell * size, cell * size), QColor("#e8d6b0"))
        pieces = self.position.pieces()
        for sq in range(1, self.geo.squares + 1):
            rect = self.square_rect(sq)
            painter.fillRect(rect, QColor("#8b5a2b"))
            piece: Piece | None = pieces.get(sq)
            if piece is None:
                continue
            enabled = self.isEnabled()  # an exact search: the whole position, nothing picked
            picked = sq in self.picked or not enabled
            white = piece.color is Color.WHITE
            fill = QColor("#f7f3ea") if white else QColor("#1e1e1e")
            inner = rect.adjusted(cell * 0.14, cell * 0.14, -cell * 0.14, -cell * 0.14)
            if picked:
                painter.setBrush(fill)
                painter.setPen(QPen(QColor("#000000"), 1))
            else:  # left out: a small faint piece of its colour
                fill.setAlpha(120)
                inner = rect.adjusted(cell * 0.26, cell * 0.26, -cell * 0.26, -cell * 0.26)
                painter.setBrush(fill)
                painter.setPen(
                    QPen(QColor("#f7f3ea" if white else "#000000"), 1, Qt.PenStyle.DashLine)
                )
            painter.drawEllipse(inner)
            if piece.is_king:
                painter.setPen(QPen(QColor("#c9a227"), max(1.5, cell * 0.08)))
                painter.drawEllipse(
                    inner.adjusted(cell * 0.16, cell * 0.16, -cell * 0.16, -cell * 0.16)
                )
            if picked and enabled:  # a second cue besides the fill: a ring round a picked one
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(QColor("#2a7ab8"), max(2.0, cell * 0.07)))
                painter.drawEllipse(
                    rect.adjusted(cell * 0.06, cell * 0.06, -cell * 0.06, -cell * 0.06)
                )
        painter.end()


class PositionSearchDialog(QDialog):
    """Find games with the shown position (see the module docstring)."""

    def __init__(self, host: SearchHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("positionSearchDialog")
        self.host = host
        self.position = host.shown_position()
        self.db_thread: DbThread | None = None
        self.asked: int | None = None
        self.asked_files: tuple[str, ...] = ()
        self._cancelled = False
        self.found: FindResult | None = None
        col = QVBoxLayout(self)
        top = QHBoxLayout()
        left = QVBoxLayout()
        self.exact = QRadioButton()
        self.exact.setObjectName("searchExact")
        self.exact.setChecked(True)
        self.similar = QRadioButton()
        self.similar.setObjectName("searchSimilar")
        group = QButtonGroup(self)
        group.addButton(self.exact)
        group.addButton(self.similar)
        self.reversed = QCheckBox()
        self.reversed.setObjectName("searchReversed")
        left.addWidget(self.exact)
        left.addWidget(self.similar)
        left.addWidget(self.reversed)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        left.addWidget(self.hint)
        picks = QHBoxLayout()
        self.all_button = QPushButton()
        self.all_button.setObjectName("searchPickAll")
        self.none_button = QPushButton()
        self.none_button.setObjectName("searchPickNone")
        picks.addWidget(self.all_button)
        picks.addWidget(self.none_button)
        picks.addStretch(1)
        left.addLayout(picks)
        source_row = QHBoxLayout()
        self.source_label = QLabel()
        self.source = QComboBox()
        self.source.setObjectName("searchSource")
        self.source.addItems(["", ""])
        self.source_label.setBuddy(self.source)
        source_row.addWidget(self.source_label)
        source_row.addWidget(self.source, 1)
        left.addLayout(source_row)
        self.search_button = QPushButton()
        self.search_button.setObjectName("searchButton")
        self.search_button.setDefault(True)
        left.addWidget(self.search_button)
        left.addStretch(1)
        top.addLayout(left, 1)
        self.board = PatternBoard(self.position)
        top.addWidget(self.board, 1)
        col.addLayout(top)
        progress_row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setObjectName("searchProgress")
        self.progress.setRange(0, 1000)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("searchCancel")
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        col.addLayout(progress_row)
        self.status = QLabel()
        self.status.setObjectName("searchStatus")
        self.status.setWordWrap(True)
        col.addWidget(self.status)
        self.results = QTreeWidget()
        self.results.setObjectName("searchResults")
        self.results.setRootIsDecorated(False)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.results.setColumnCount(7)
        self.results.setAlternatingRowColors(True)
        header = self.results.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)  # the event: the room
        col.addWidget(self.results, 2)
        buttons = QDialogButtonBox()
        self.open_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.setObjectName("searchOpen")
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        col.addWidget(buttons)
        buttons.rejected.connect(self.reject)
        self.open_button.clicked.connect(self.open_chosen)
        self.results.itemActivated.connect(lambda _item, _c: self.open_chosen())
        self.results.itemDoubleClicked.connect(lambda _item, _c: self.open_chosen())
        self.results.currentItemChanged.connect(lambda *_a: self._update())
        self.search_button.clicked.connect(self.search)
        self.cancel_button.clicked.connect(self.cancel)
        self.all_button.clicked.connect(lambda: self.board.set_all(True))
        self.none_button.clicked.connect(lambda: self.board.set_all(False))
        self.board.changed.connect(self._update)
        self.exact.toggled.connect(lambda _on: self._update())
        self.source.currentIndexChanged.connect(lambda _i: self._update())
        if host.open_file_path() is None and host.library_files():
            self.source.setCurrentIndex(1)
        self._set_busy(False)
        self.retranslate()
        self.resize(760, 560)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Find games with this position"))
        self.exact.setText(self.tr("&Exactly this position"))
        self.similar.setText(
            self.tr("&Similar: the picked pieces stand together for at least 4 plies")
        )
        self.reversed.setText(self.tr("Also with the colours &reversed"))
        self.reversed.setToolTip(
            self.tr("The board turned half round, the colours swapped and the other side to move")
        )
        self.hint.setText(
            self.tr(
                "For a similar search, click the pieces on the board that "
                "must stay; the others are left out."
            )
        )
        self.all_button.setText(self.tr("Pick &all"))
        self.none_button.setText(self.tr("Pick &none"))
        self.source_label.setText(self.tr("Search &in:"))
        self.source.setItemText(0, self.tr("The open file"))
        self.source.setItemText(1, library_text(len(self.host.library_files())))
        self.search_button.setText(self.tr("Searc&h"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.open_button.setText(self.tr("&Open game"))
        self.results.setHeaderLabels(
            [
                self.tr("Ply"),
                self.tr("White"),
                self.tr("Black"),
                self.tr("Result"),
                self.tr("Event"),
                self.tr("Date"),
                self.tr("File"),
            ]
        )
        self._update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- state -----------------------------------------------------------------------------

    def files(self) -> tuple[str, ...]:
        if self.source.currentIndex() == 1:
            return self.host.library_files()
        path = self.host.open_file_path()
        return (str(path),) if path is not None else ()

    def _update(self) -> None:
        similar = self.similar.isChecked()
        self.board.setEnabled(similar)
        self.all_button.setEnabled(similar)
        self.none_button.setEnabled(similar)
        busy = self.asked is not None
        ready = bool(self.files()) and (not similar or bool(self.board.picked))
        self.search_button.setEnabled(ready and not busy)
        self.open_button.setEnabled(self.results.currentItem() is not None)
        if not self.files() and not busy and self.found is None:
            self.status.setText(
                self.tr(
                    "Open a file of games or choose the files of your "
                    "library (Opening explorer › Files…) to search."
                )
            )

    def _set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)  # searching: no measure until indexing reports

    # -- searching ---------------------------------------------------------------------------

    def search(self) -> None:
        files = self.files()
        if not files or self.asked is not None:
            return
        if self.db_thread is None:
            self.db_thread = DbThread(self)
            self.db_thread.answered.connect(self._on_answered)
            self.db_thread.failed.connect(self._on_failed)
            self.db_thread.progress.connect(self._on_progress)
        self._cancelled = False
        reverse = self.reversed.isChecked()
        if self.similar.isChecked():
            job = similar_job(
                self.position, frozenset(self.board.picked), reverse, lambda: self._cancelled
            )
        else:
            job = exact_job(self.position, reverse)
        self.asked_files = files
        self.asked = self.db_thread.ask(files, self.position.rules, job)
        self.status.setText(self.tr("Searching…"))
        self._set_busy(True)
        self._update()

    def cancel(self) -> None:
        self._cancelled = True
        if self.db_thread is not None:
            self.db_thread.cancel()

    def _on_progress(self, number: int, file: str, done: int, total: int) -> None:
        if number != self.asked:
            return
        self.progress.setRange(0, 1000)
        self.progress.setValue(round(1000 * done / max(total, 1)))
        self.status.setText(self.tr("Indexing %1…").replace("%1", Path(file).name))

    def _on_failed(self, number: int, reason: str) -> None:
        if number != self.asked:
            return
        self.asked = None
        self._set_busy(False)
        self.status.setText(reason or self.tr("Search cancelled."))
        self._update()

    def _on_answered(self, number: int, answer: object) -> None:
        if number != self.asked:
            return
        self.asked = None
        self._set_busy(False)
        if self._cancelled:
            self.status.setText(self.tr("Search cancelled."))
            self._update()
            return
        self.show_result(answer)  # type: ignore[arg-type]

    def show_result(self, result: FindResult) -> None:
        self.found = result
        self.results.clear()
        many_files = len(self.asked_files) > 1
        self.results.setColumnHidden(6, not many_files)
        for hit in result.hits:
            item = QTreeWidgetItem(
                [
                    str(hit.ply),
                    hit.white,
                    hit.black,
                    hit.result,
                    hit.event,
                    hit.date,
                    Path(hit.file).name,
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, (hit.file, hit.game, hit.ply))
            item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            tip = (
                self.tr("Game %1, ply %2").replace("%1", str(hit.game)).replace("%2", str(hit.ply))
            )
            if hit.reversed:
                item.setText(0, f"{hit.ply} ⇅")
                tip += " · " + self.tr("colours reversed")
            for column in range(7):
                item.setToolTip(column, tip)
            self.results.addTopLevelItem(item)
        for column in (0, 1, 2, 3, 5, 6):  # the event takes the room left (it is the longest)
            self.results.resizeColumnToContents(column)
        if not result.total:
            self.status.setText(self.tr("No game found."))
        elif result.total > len(result.hits):
            self.status.setText(
                self.tr("%1 games found; the first %2 are listed.")
                .replace("%1", f"{result.total:,}")
                .replace("%2", str(len(result.hits)))
            )
        else:
            self.status.setText(
                self.tr("One game found.")
                if result.total == 1
                else self.tr("%1 games found.").replace("%1", f"{result.total:,}")
            )
        if result.hits:
            first = self.results.topLevelItem(0)
            if first is not None:
                self.results.setCurrentItem(first)
        self._update()

    def open_chosen(self) -> None:
        item = self.results.currentItem()
        if item is None:
            return
        file, game, ply = item.data(0, Qt.ItemDataRole.UserRole)
        self.host.open_hit(file, game, ply)

    def done(self, result: int) -> None:
        self.cancel()
        if self.db_thread is not None:
            self.db_thread.shutdown()
            self.db_thread = None
        super().done(result)


class PositionSearch(QObject):
    """Game › Find games with this position: the action and its dialog (one at a time)."""

    def __init__(
        self, host: SearchHost, parent_widget: QWidget, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.parent_widget = parent_widget
        self.dialog: PositionSearchDialog | None = None

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "findPosition",
                lambda: self.tr("&Find games with this position…"),
                self.open_dialog,
                menu="game",
                shortcuts=("Ctrl+Shift+F",),
                separator_before=True,
                order=30,
                tip=lambda: self.tr(
                    "The games of the open file or your library that "
                    "reach the shown position, or pieces of it"
                ),
            ),
        ]

    def open_dialog(self) -> PositionSearchDialog:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        dialog = PositionSearchDialog(self.host, self.parent_widget)
        self.dialog = dialog
        dialog.show()
        return dialog


class HitDocument(Protocol):
    """The window's document controller, as far as opening a found game needs it."""

    @property
    def doc(self) -> PdnDocument | None: ...

    def open_game(
        self, index: int, doc: PdnDocument | None = None, unreadable: frozenset[int] | None = None
    ) -> bool: ...


class HitStudy(Protocol):
    @property
    def navigator(self) -> TreeNavigator | None: ...


def open_hit(
    document: HitDocument,
    study: HitStudy,
    path: str,
    game: int,
    ply: int,
    say: Callable[[str], None],
) -> bool:
    """Show game ``game`` (1-based) of the file ``path`` at ``ply`` of its main line: from
    the open document when it is that file, else the file is opened first."""
    doc = document.doc
    if doc is None or doc.path is None or Path(doc.path).resolve() != Path(path).resolve():
        from dame_desktop.pdn.document import DocumentError, PdnDocument

        try:
            doc = PdnDocument.open(Path(path))
        except DocumentError as exc:
            say(
                QCoreApplication.translate("PositionSearch", "%1 cannot be opened: %2")
                .replace("%1", path)
                .replace("%2", exc.reason)
            )
            return False
    if not document.open_game(game - 1, doc):
        return False
    navigator = study.navigator
    if navigator is None:
        return False
    node: pdn.GameNode = navigator.game
    for _ in range(ply):
        following = node.next()
        if following is None:
            break
        node = following
    navigator.go_to(node)
    return True
