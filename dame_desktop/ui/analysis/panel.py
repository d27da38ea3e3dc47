"""The analysis panel: the engine's view of the shown position, updated as it deepens.

Mounting (the window)::

    panel = AnalysisPanel(engine_factory, parent)      # engine_factory(rules) -> new Engine
                                                        # (None: the built-in engine;
                                                        # runner.hub_factory(path) for Hub)
    panel.show_position(position, history=..., quiet_plies=..., ply=..., token=node)
    panel.clear()                                       # no game / nothing to analyse
    panel.set_more_lines(True)                          # the best 3 (the window remembers)
    panel.reset_engines()                               # Preferences > Engines changed
    panel.line_clicked.connect(...)                     # list[Move] from the shown position
    panel.evaluated.connect(...)                        # PanelEvaluation (graph's live value)
    panel.engine_failed.connect(...)                    # one message; built-in took over
    ...
    panel.shutdown()                                    # before the window goes

The window calls :meth:`AnalysisPanel.show_position` every time the shown position changes
(stepping, playing, a new game, the setup editor's position); the panel stops the analysis
of the previous position at once and starts one of the new position -- but only while it is
visible: hiding the panel (or its dock) stops the engine, showing it again restarts the
analysis of the last position given.  Every update carries its request id, and an update of
another request or another position is dropped, so the panel never shows a line that was
computed for a position other than the one it was last given.

What it shows: which engine is speaking and the depth; the evaluation in men from the first
player's side (``+0.35``) with words (see :mod:`.words` for the thresholds), ``#7`` and
"Light wins in 7 moves" for a forced end; under them the endgame tables' verdict where they
cover the position ("Light wins: endgame table", and that a draw count may come first, since
the tables count no moves); the best line in the move list's notation, or the
best three lines with "More lines".  A click on a move of a line emits ``line_clicked`` with
the line's moves up to and including that one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCursor,
    QFont,
    QFontMetrics,
    QHideEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.ui.words.analysis import (
    first_view,
    line_texts,
    move_number_prefix,
    table_words,
    value_text,
    words,
)
from dame_desktop.ui.words.notation import Notation

from ...core import Position
from ...engines import Score
from ...engines.base import terminal_score
from ...engines.builtin import BUILTIN_NAME
from ..engine_thread import EngineLane
from .runner import MAX_DEPTH, MAX_SECONDS, AnalysisRunner, AnalysisUpdate, EngineFactory

MORE_LINES = 3
LINE_PLIES = 16  # moves of a line shown
START_DELAY_MS = 150
"""A new position's analysis starts this long after the last change: the board repaints
while no search competes for the interpreter lock (a repaint next to a running search took
40-90 ms instead of a few), and stepping quickly through a game starts no search per step."""


@dataclass(frozen=True)
class PanelEvaluation:
    """The panel's current value of its position (``evaluated``'s argument).

    ``score`` is from the first player's side; ``token`` what the window passed with the
    position (e.g. the tree node, so it can give the graph a live value for that ply).
    """

    token: object
    position: Position
    score: Score
    depth: int
    engine: str
    final: bool
    builtin: bool = True


class LineView(QWidget):
    """One line of the analysis: its value, then the moves with their numbers, wrapped.

    ``move_clicked(int)`` gives the index of the clicked move.  Painted by hand (no widget
    per move), so a new depth costs one layout and one paint.
    """

    move_clicked = Signal(int)

    GAP = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._value = ""
        self._tokens: list[tuple[str, int]] = []  # (text, move index or -1 for a number)
        self._rects: list[QRect] = []
        self._value_rect = QRect()
        self._hover = -1
        self._laid_width = -1
        self.setMouseTracking(True)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_line(self, value: str, numbers: Sequence[str], moves: Sequence[str]) -> None:
        """Show ``value`` then ``moves``, each after its number text (``""`` for none)."""
        tokens: list[tuple[str, int]] = []
        for index, (number, move) in enumerate(zip(numbers, moves, strict=True)):
            if number:
                tokens.append((number, -1))
            tokens.append((move, index))
        self._value = value
        self._tokens = tokens
        self._hover = -1
        self._laid_width = -1
        self.updateGeometry()
        self.update()

    def clear(self) -> None:
        self.set_line("", [], [])

    def move_count(self) -> int:
        return sum(1 for _text, index in self._tokens if index >= 0)

    def move_texts(self) -> list[str]:
        return [text for text, index in self._tokens if index >= 0]

    def value(self) -> str:
        return self._value

    def move_rect(self, index: int) -> QRect:
        """Where move ``index`` is drawn (widget coordinates)."""
        self._layout(self.width())
        for (_text, i), rect in zip(self._tokens, self._rects, strict=True):
            if i == index:
                return QRect(rect)
        return QRect()

    # layout ----------------------------------------------------------------------------------

    def _bold(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    def _layout(self, width: int) -> int:
        """Place the tokens in rows of ``width``; returns the height needed."""
        plain = QFontMetrics(self.font())
        bold = QFontMetrics(self._bold())
        line_height = max(plain.height(), bold.height()) + 2
        width = max(width, 40)
        x, y = 0, 0
        value_width = bold.horizontalAdvance(self._value) if self._value else 0
        self._value_rect = QRect(0, 0, value_width, line_height)
        if self._value:
            x = value_width + self.GAP * 2
        rects: list[QRect] = []
        widths = [plain.horizontalAdvance(text) + 4 for text, _index in self._tokens]
        for n, (_text, index) in enumerate(self._tokens):
            w = widths[n]
            unit = w  # a move number stays on the row of its move
            if index < 0 and n + 1 < len(widths):
                unit += self.GAP + widths[n + 1]
            if x > 0 and x + unit > width:
                x, y = 0, y + line_height
            rects.append(QRect(x, y, w, line_height))
            x += w + self.GAP
        self._rects = rects
        self._laid_width = width
        return y + line_height

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._layout(width)

    def sizeHint(self) -> QSize:
        width = max(self.width(), 200)
        return QSize(200, self._layout(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(80, QFontMetrics(self.font()).height() + 2)

    def resizeEvent(self, event: object) -> None:
        self._laid_width = -1

    # painting and mouse ----------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._laid_width != self.width():
            self._layout(self.width())
        painter = QPainter(self)
        palette = self.palette()
        if self._value:
            painter.setFont(self._bold())
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            painter.drawText(self._value_rect, Qt.AlignmentFlag.AlignVCenter, self._value)
        painter.setFont(self.font())
        for (text, index), rect in zip(self._tokens, self._rects, strict=True):
            if index < 0:
                painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            elif index == self._hover:
                painter.fillRect(rect, palette.color(QPalette.ColorRole.Highlight))
                painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
            else:
                painter.setPen(palette.color(QPalette.ColorRole.Link))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.end()

    def _index_at(self, point: QPoint) -> int:
        if self._laid_width != self.width():
            self._layout(self.width())
        for (_text, index), rect in zip(self._tokens, self._rects, strict=True):
            if index >= 0 and rect.contains(point):
                return index
        return -1

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        index = self._index_at(event.position().toPoint())
        if index != self._hover:
            self._hover = index
            if index >= 0:
                self.setCursor(QCursor(Qt.CursorShape.PointingHandCursor))
            else:
                self.unsetCursor()
            self.update()

    def leaveEvent(self, event: QEvent) -> None:
        self._hover = -1
        self.unsetCursor()
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        index = self._index_at(event.position().toPoint())
        if index >= 0:
            self.move_clicked.emit(index)


class AnalysisPanel(QWidget):
    """Live analysis of the shown position (see the module docstring for the contract)."""

    line_clicked = Signal(object)  # list[Move]: the line up to the clicked move
    evaluated = Signal(object)  # PanelEvaluation, at every new depth
    engine_failed = Signal(str)  # one line for the user; the built-in engine took over

    def __init__(
        self,
        engine_factory: EngineFactory | None = None,
        parent: QWidget | None = None,
        *,
        max_depth: int = MAX_DEPTH,
        max_seconds: float | None = MAX_SECONDS,
        lane: EngineLane | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("analysisPanel")
        self.max_depth = max_depth
        self.max_seconds = max_seconds
        self.runner = AnalysisRunner(engine_factory, self, lane)  # lane: the window's thread
        self.runner.updated.connect(self._on_update)
        self.runner.finished.connect(self._on_finished)
        self.runner.engine_failed.connect(self._on_engine_failed)
        self._position: Position | None = None
        self._history: tuple[Position, ...] = ()
        self._quiet = 0
        self._ply: int | None = None
        self._token: object = None
        self._update: AnalysisUpdate | None = None
        self._state = "empty"  # empty, waiting, running, done, over, stopped
        self._reason = ""  # why there is nothing to analyse (state "empty")
        self.notation = Notation.RULES  # how the lines name squares (the window's preference)
        self._closed = False
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay.setInterval(START_DELAY_MS)
        self._delay.timeout.connect(self._launch)

        self.engine_label = QLabel()
        self.engine_label.setObjectName("analysisEngine")
        self.depth_label = QLabel()
        self.depth_label.setObjectName("analysisDepth")
        self.more_button = QToolButton()
        self.more_button.setObjectName("analysisMoreLines")
        self.more_button.setCheckable(True)
        self.more_button.toggled.connect(self._on_more_lines)
        self.engine_label.setWordWrap(True)  # a narrow dock (800x600) wraps the name
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.engine_label, 1)
        top.addWidget(self.depth_label, 0, Qt.AlignmentFlag.AlignTop)

        self.value_label = QLabel()
        self.value_label.setObjectName("analysisValue")
        big = QFont(self.value_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.value_label.setFont(big)
        self.words_label = QLabel()
        self.words_label.setObjectName("analysisWords")
        self.words_label.setWordWrap(True)
        middle = QHBoxLayout()
        middle.setContentsMargins(0, 0, 0, 0)
        middle.addWidget(self.value_label)
        middle.addWidget(self.words_label, 1)
        # the endgame tables' verdict, where they cover the position (hidden otherwise)
        self.endgame_label = QLabel()
        self.endgame_label.setObjectName("analysisEndgame")
        self.endgame_label.setWordWrap(True)
        self.endgame_label.setVisible(False)

        self.line_views: list[LineView] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addLayout(middle)
        layout.addWidget(self.endgame_label)
        for number in range(MORE_LINES):
            view = LineView()
            view.setObjectName(f"analysisLine{number + 1}")
            view.move_clicked.connect(lambda index, n=number: self._on_move_clicked(n, index))
            view.setVisible(number == 0)
            layout.addWidget(view)
            self.line_views.append(view)
        self.status_label = QLabel()
        self.status_label.setObjectName("analysisStatus")
        self.status_label.setWordWrap(True)
        bottom = QHBoxLayout()  # under the lines: the dock stays narrow enough for 800x600
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self.more_button)
        bottom.addStretch(1)
        layout.addLayout(bottom)
        layout.addWidget(self.status_label)
        layout.addStretch(1)
        self.retranslate()

    # -- the window's API ------------------------------------------------------------------------

    def show_position(
        self,
        position: Position,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        ply: int | None = None,
        token: object = None,
    ) -> None:
        """Analyse ``position`` from now on (the analysis of the previous one is dropped).

        ``history``: the game's earlier positions, oldest first (repetitions); ``quiet_plies``
        the quiet-move draw count; ``ply`` the plies played before it (move numbers);
        ``token`` comes back in ``evaluated`` (e.g. the tree node).
        """
        history = tuple(history)
        if (
            position == self._position
            and history == self._history
            and self._state in ("waiting", "running", "done")
        ):
            self._token, self._ply = token, ply  # the same position: keep its analysis
            return
        self.runner.stop()
        self._position = position
        self._history = history
        self._quiet = quiet_plies
        self._ply = ply
        self._token = token
        self._update = None
        self._reason = ""
        self._start()

    def clear(self, reason: str = "") -> None:
        """Show nothing and stop (no game, or a position the panel must not analyse);
        ``reason`` is shown in place of "No position to analyse"."""
        self.runner.stop()
        self._delay.stop()
        self._position = None
        self._token = None
        self._update = None
        self._state = "empty"
        self._reason = reason
        self._render()

    def position(self) -> Position | None:
        """The position last given to :meth:`show_position`."""
        return self._position

    def token(self) -> object:
        return self._token

    def current(self) -> AnalysisUpdate | None:
        """The update shown now (always one for :meth:`position`), or None."""
        return self._update

    def is_analysing(self) -> bool:
        """Whether an analysis runs or is about to start (within START_DELAY_MS)."""
        return self.runner.is_running() or self._delay.isActive()

    def lines_wanted(self) -> int:
        return MORE_LINES if self.more_button.isChecked() else 1

    def set_more_lines(self, more: bool) -> None:
        """Show the best three lines (True) or the best one; the window may remember it."""
        self.more_button.setChecked(more)

    def set_notation(self, notation: Notation) -> None:
        """Spell the lines' moves as the move list does (``11-15`` or ``c3-d4``); the lines
        shown are spelt again at once, the analysis goes on."""
        if notation is not self.notation:
            self.notation = notation
            self._render()

    def restart(self) -> None:
        """Analyse the shown position afresh: the engine knows more now (its endgame tables
        were built)."""
        if self._position is not None and not self._closed:
            self._update = None
            self._start()

    def reset_engines(self) -> None:
        """The engine preferences changed: ask the factory again and restart."""
        self.runner.reset_engines()
        if self._position is not None:
            self._update = None
            self._start()

    def shutdown(self) -> None:
        """Stop the engine and end the analysis thread (the window calls it when closing)."""
        if self._closed:
            return
        self._closed = True
        self._delay.stop()
        self.runner.close()

    # -- running -------------------------------------------------------------------------------

    def _start(self) -> None:
        position = self._position
        if position is None or self._closed:
            self._state = "empty"
        elif not position.legal_moves():
            self.runner.stop()
            self._state = "over"
        elif not self.isVisible():
            self.runner.stop()
            self._state = "stopped"
        else:
            self.runner.stop()
            self._delay.start()  # (again): the search starts when the changes pause
            self._state = "waiting"
        if self._state != "waiting":
            self._delay.stop()
        self._render()

    def _launch(self) -> None:
        position = self._position
        if position is None or self._closed or not self.isVisible() or (self._state != "waiting"):
            return
        self.runner.start(
            position,
            history=self._history,
            quiet_plies=self._quiet,
            lines=self.lines_wanted(),
            max_depth=self.max_depth,
            max_seconds=self.max_seconds,
        )

    def _on_update(self, update: AnalysisUpdate) -> None:
        if self._position is None or update.position != self._position:
            return  # computed for a position no longer shown
        self._update = update
        self._state = "done" if update.final else "running"
        self._render()
        best = update.analysis
        self.evaluated.emit(
            PanelEvaluation(
                self._token,
                self._position,
                first_view(best.score, self._position),
                best.depth,
                update.engine,
                update.final,
                update.builtin,
            )
        )

    def _on_finished(self, request_id: int) -> None:
        if self._state in ("waiting", "running"):
            self._state = "done"
            self._render()

    def _on_engine_failed(self, message: str) -> None:
        self.engine_failed.emit(message)

    def _on_more_lines(self, checked: bool) -> None:
        for number, view in enumerate(self.line_views):
            view.setVisible(number == 0 or checked)
        if self._position is not None and self.isVisible():
            self._start()  # the same position with another number of lines

    def _on_move_clicked(self, line: int, index: int) -> None:
        update = self._update
        if update is None or line >= len(update.analysis.lines):
            return
        pv = update.analysis.lines[line].pv
        self.line_clicked.emit(list(pv[: index + 1]))

    # -- Qt events -----------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if (
            self._position is not None
            and not self.is_analysing()
            and (self._state in ("stopped", "empty", "waiting"))
        ):
            self._start()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._delay.stop()
        self.runner.stop()
        if self._state in ("waiting", "running"):
            self._state = "stopped"
        self._render()

    def closeEvent(self, event: object) -> None:
        self.shutdown()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- text ----------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.more_button.setText(self.tr("More lines"))
        self.more_button.setToolTip(self.tr("Show the engine's best three lines"))
        self._render()

    def _set_endgame(self, text: str) -> None:
        self.endgame_label.setText(text)
        self.endgame_label.setVisible(bool(text))

    def _engine_text(self, name: str, builtin: bool = True) -> str:
        if builtin:
            return self.tr("Built-in engine")
        return self.tr("Engine: %1").replace("%1", name)

    def _render(self) -> None:
        position = self._position
        update = self._update
        status = {
            "empty": self.tr("No position to analyse"),
            "waiting": self.tr("Analysing…"),
            "running": self.tr("Analysing…"),
            "done": self.tr("Analysis finished"),
            "stopped": self.tr("Analysis stopped"),
            "over": self.tr("The game is over: no legal move"),
        }[self._state]
        if self._state == "empty" and self._reason:
            status = self._reason
        self.status_label.setText(status)
        self._set_endgame("")
        if position is None:
            self.engine_label.setText(self._engine_text(BUILTIN_NAME))
            self.depth_label.setText("")
            self.value_label.setText("")
            self.words_label.setText("")
            for view in self.line_views:
                view.clear()
            return
        if self._state == "over":
            score = first_view(terminal_score(position), position)
            self.depth_label.setText("")
            self.value_label.setText(value_text(score))
            self.words_label.setText(words(score, position.rules))
            for view in self.line_views:
                view.clear()
            return
        if update is None:
            self.depth_label.setText("")
            self.value_label.setText("…")
            self.words_label.setText("")
            for view in self.line_views:
                view.clear()
            return
        analysis = update.analysis
        self.engine_label.setText(self._engine_text(update.engine, update.builtin))
        self.depth_label.setText(self.tr("depth %1").replace("%1", str(analysis.depth)))
        score = first_view(analysis.score, position)
        self.value_label.setText(value_text(score))
        self.words_label.setText(words(score, position.rules))
        self._set_endgame(table_words(analysis.endgame, position, self._quiet))
        for number, view in enumerate(self.line_views):
            if number >= len(analysis.lines):
                view.clear()
                continue
            line = analysis.lines[number]
            moves = list(line.pv[:LINE_PLIES])
            texts = line_texts(position, moves, self.notation)
            numbers = [move_number_prefix(position, self._ply, i) for i in range(len(moves))]
            view.set_line(value_text(first_view(line.score, position)), numbers, texts)
