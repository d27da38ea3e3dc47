"""The clocks beside the board: both players' times shown large, the running one marked.

:class:`ClocksPanel` shows a core :class:`~dame_desktop.core.clock.Clock` and drives it: a
QTimer reads the time source a few times a second, calls ``Clock.tick`` and turns its events
into the signals ``low_time(Color)`` and ``flagged(Color)`` (the window then ends the game with
``Game.time_out``).  The time source is ``time.monotonic`` unless a test gives its own; the
core never reads a wall clock.

The window calls :meth:`ClocksPanel.press` before it plays a move (a ``FLAG`` in the answer
means the time had run out: the move is not played), :meth:`follow` after undo, redo or a
blow, :meth:`pause` / :meth:`resume` around dialogs and the huffing decision (or
:meth:`watch_window` for minimising), :meth:`stop` at the
end, and :meth:`to_dict` for the autosave.

The autosave keeps the times fresh through ``checkpoint()``: emitted when the clocks are
paused and every :data:`CHECKPOINT_SECONDS` while one runs, so a killed program loses at most
a few seconds of a player's time (the session saves the game on it; a move saves anyway).

The live game's clocks stand still while its present position is not on the board (the
window looks at an earlier position or at a file's game: ``PauseReason.AWAY``), as they do
for a dialog, the huffing decision, a minimised window and the players' own pause.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.audio import Sound
from dame_desktop.core import Clock, Color, RuleSet, clock_text
from dame_desktop.core.clock import ClockEvent, ClockEventKind, PauseReason
from dame_desktop.ui.words.names import colour_text


class _Sounds(Protocol):
    def play(self, sound: Sound) -> bool: ...


TICK_MS = 100  # how often the running clock is read and redrawn
MIN_TIME_PIXELS, MAX_TIME_PIXELS = 30, 72  # the times' font height, by the panel's height
ROW_TIME_PIXELS = 24  # the times' font height while the clocks stand in a row over the board


def time_pixels(height: int) -> int:
    """The times' font height in the clocks' column of ``height`` pixels."""
    return max(MIN_TIME_PIXELS, min(MAX_TIME_PIXELS, height // 14))


CHECKPOINT_SECONDS = 5.0  # how often the times are offered to the autosave while running

_RUNNING_STYLE = (
    "QFrame#clockFace { background: #2f7d32; border: 3px solid #ffd54f; "
    "border-radius: 8px; } QLabel { color: white; }"
)
_IDLE_STYLE = (
    "QFrame#clockFace { background: palette(base); border: 1px solid palette(mid); "
    "border-radius: 8px; } QLabel { color: palette(text); }"
)
_LOW_TEXT = "color: #ff5252;"


class ClockFace(QFrame):
    """One player's clock: the name above, the time below in a large font."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clockFace")
        self.name_label = QLabel(self)
        self.name_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name_label.setWordWrap(True)  # a long name takes two lines, not the board's room
        self.time_label = QLabel(self)
        self.time_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.time_label.font())
        font.setPointSize(max(22, font.pointSize() * 3))
        font.setBold(True)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.time_label.setFont(font)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(10, 6, 10, 6)
        self._layout.addWidget(self.name_label)
        self._layout.addWidget(self.time_label)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._running = False
        self._low = False
        self.setStyleSheet(_IDLE_STYLE)

    def set_name(self, text: str) -> None:
        self.name_label.setText(text)

    def name(self) -> str:
        return self.name_label.text()

    def set_time(self, text: str) -> None:
        widest = "8:88:88" if text.count(":") > 1 else "88:88"
        self.time_label.setText(text)
        self._keep_width(widest)

    def _keep_width(self, widest: str) -> None:
        """The time's room stays the same while it counts down (10:00 to 9:59): the clocks,
        and the board beside them, never change size during a game."""
        width = self.time_label.fontMetrics().horizontalAdvance(widest) + 4
        if width != self.time_label.minimumWidth():
            self.time_label.setMinimumWidth(width)
            self.updateGeometry()

    def set_time_size(self, pixels: int) -> None:
        """The time's font height in pixels (the panel scales it with the window)."""
        font = QFont(self.time_label.font())
        if font.pixelSize() != pixels:
            font.setPixelSize(pixels)
            self.time_label.setFont(font)
            self._keep_width("8:88:88" if self.time_label.text().count(":") > 1 else "88:88")

    def time_text(self) -> str:
        return self.time_label.text()

    def _time_metrics(self, pixels: int) -> QFontMetrics:
        font = QFont(self.time_label.font())
        font.setPixelSize(pixels)
        return QFontMetrics(font)

    def width_at(self, pixels: int) -> int:
        """The face's width with the time ``pixels`` high (the name wraps as it must)."""
        widest = "8:88:88" if self.time_label.text().count(":") > 1 else "88:88"
        time_w = self._time_metrics(pixels).horizontalAdvance(widest) + 4
        margins = self._layout.contentsMargins()
        inner = max(time_w, self.name_label.minimumSizeHint().width())
        return inner + margins.left() + margins.right() + 2 * self.frameWidth()

    def height_at(self, pixels: int) -> int:
        """The face's height with the time ``pixels`` high, at :meth:`width_at`'s width."""
        margins = self._layout.contentsMargins()
        frame = 2 * self.frameWidth()
        inner = self.width_at(pixels) - margins.left() - margins.right() - frame
        name = self.name_label.heightForWidth(inner) if self.name_label.text() else 0
        spacing = max(0, self._layout.spacing())
        time_h = self._time_metrics(pixels).height()
        return max(0, name) + spacing + time_h + margins.top() + margins.bottom() + frame

    def set_state(self, running: bool, low: bool) -> None:
        """Mark the running clock; paint the time red in the last seconds."""
        if (running, low) == (self._running, self._low):
            return
        self._running, self._low = running, low
        self.setStyleSheet(_RUNNING_STYLE if running else _IDLE_STYLE)
        self.time_label.setStyleSheet(_LOW_TEXT if low else "")

    def is_running(self) -> bool:
        return self._running

    def is_low(self) -> bool:
        return self._low


class ClocksPanel(QWidget):
    """Both clocks, the opponent's above and the player's at the bottom like the board.

    ``time_source`` gives monotonic seconds (tests pass their own); ``sounds`` plays the
    low-time sound when given.  Signals: ``low_time(Color)`` once when a side enters its
    last ten seconds, ``flagged(Color)`` when its time runs out (the clock has stopped),
    ``changed()`` after every redraw-worthy change.
    """

    low_time = Signal(object)  # Color
    flagged = Signal(object)  # Color
    changed = Signal()
    checkpoint = Signal()  # the times are worth saving now (paused, or a while running)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        time_source: Callable[[], float] = time.monotonic,
        sounds: _Sounds | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("clocksPanel")
        self._now = time_source
        self.sounds = sounds
        self._clock: Clock | None = None
        self._rules: RuleSet | None = None
        self._names: dict[Color, str] = {}
        self._flipped = False
        self._watcher: _MinimiseWatcher | None = None
        self.faces = {Color.WHITE: ClockFace(self), Color.BLACK: ClockFace(self)}
        self.state_label = QLabel(self)
        self.state_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.state_label.setWordWrap(True)
        self._row = False  # the clocks in a row over the board (else one above the other)
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self.pause_action = QAction(self)  # the players' own pause (a break at the table)
        self.pause_action.setObjectName("pauseClocksAction")
        self.pause_action.setCheckable(True)
        self.pause_action.toggled.connect(self._on_pause_toggled)
        self.pause_button = QToolButton(self)  # the pause right at the clocks
        self.pause_button.setObjectName("pauseClocksButton")
        self.pause_button.setDefaultAction(self.pause_action)
        self.pause_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.pause_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._arrange()
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._on_tick)
        self._checked_at = 0.0  # when the times were last offered to the autosave
        self._retranslate()
        self.setVisible(False)

    # -- what is shown -----------------------------------------------------------------------

    @property
    def clock(self) -> Clock | None:
        return self._clock

    def face(self, colour: Color) -> ClockFace:
        return self.faces[colour]

    def set_clock(
        self, clock: Clock | None, rules: RuleSet, names: Mapping[Color, str] | None = None
    ) -> None:
        """Show ``clock`` for a game of ``rules`` (None or a clock without time controls
        hides the panel).  ``names`` label the clocks ("Anna (Light)")."""
        self._clock = clock
        self._rules = rules
        blocked = self.pause_action.blockSignals(True)
        self.pause_action.setChecked(False)  # a new clock starts without the players' pause
        self.pause_action.blockSignals(blocked)
        self._names = {c: n.strip() for c, n in (names or {}).items() if n.strip()}
        self.setVisible(clock is not None and clock.timed)
        self._retranslate()
        self._sync_timer()
        self.refresh()

    def set_flipped(self, flipped: bool) -> None:
        """The board is turned: the clocks change places with it."""
        if flipped == self._flipped:
            return
        self._flipped = flipped
        self._arrange()

    def set_row(self, row: bool) -> None:
        """The clocks in a row (over the board, where there is no room beside it: the
        opponent's left, the state below) or one above the other (beside the board)."""
        if row == self._row:
            return
        self._row = row
        self._arrange()
        self._fit_times(self.height())

    def is_row(self) -> bool:
        return self._row

    def column_width(self, height: int) -> int:
        """How wide the clocks stand one above the other beside a board ``height`` tall."""
        margins = self._layout.contentsMargins()
        face = max(f.width_at(time_pixels(height)) for f in self.faces.values())
        inner = max(face, self.pause_button.sizeHint().width())
        return inner + margins.left() + margins.right()

    def row_size(self) -> QSize:
        """How large the clocks are in a row (the times :data:`ROW_TIME_PIXELS` high)."""
        margins = self._layout.contentsMargins()
        spacing = max(0, self._layout.horizontalSpacing())
        face_w = max(f.width_at(ROW_TIME_PIXELS) for f in self.faces.values())
        face_h = max(f.height_at(ROW_TIME_PIXELS) for f in self.faces.values())
        pause = self.pause_button.sizeHint()
        width = 2 * face_w + pause.width() + 2 * spacing + margins.left() + margins.right()
        # a line for the state kept free while it is empty: "Clocks paused" coming and going
        # does not move the board
        state = self.state_label.fontMetrics().height()
        if self.state_label.text():
            inner = width - margins.left() - margins.right()
            state = max(state, self.state_label.heightForWidth(inner))
        height = max(face_h, pause.height()) + max(0, self._layout.verticalSpacing()) + state
        return QSize(width, height + margins.top() + margins.bottom())

    def _arrange(self) -> None:
        """The faces, the state and the pause button in the grid: a column (the opponent's
        clock on top, like the board) or a row."""
        grid = self._layout
        top, bottom = (Color.WHITE, Color.BLACK) if self._flipped else (Color.BLACK, Color.WHITE)
        for widget in (*self.faces.values(), self.state_label, self.pause_button):
            grid.removeWidget(widget)
        for index in range(6):
            grid.setRowStretch(index, 0)
        for index in range(3):
            grid.setColumnStretch(index, 0)
        if self._row:
            grid.addWidget(self.faces[top], 0, 0)
            grid.addWidget(self.pause_button, 0, 1, Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(self.faces[bottom], 0, 2)
            grid.addWidget(self.state_label, 1, 0, 1, 3)
            grid.setColumnStretch(0, 1)
            grid.setColumnStretch(2, 1)
        else:
            grid.addWidget(self.faces[top], 0, 0)
            grid.addWidget(self.state_label, 2, 0)
            grid.addWidget(self.pause_button, 3, 0)
            grid.addWidget(self.faces[bottom], 5, 0)
            grid.setRowStretch(1, 1)
            grid.setRowStretch(4, 1)
        grid.invalidate()

    def refresh(self) -> None:
        """Redraw both times and the marks from the clock."""
        clock = self._clock
        if clock is None:
            return
        now = self._now()
        running = clock.running
        for colour, face in self.faces.items():
            left = clock.remaining(colour, now)
            face.set_time(clock_text(left))
            low = not clock.controls[colour].is_none and left <= clock.low_time
            face.set_state(colour is running, low)
        self.state_label.setText(self._state_text(clock))
        self.pause_action.setEnabled(clock.timed and not clock.stopped)
        self.changed.emit()

    def _state_text(self, clock: Clock) -> str:
        if clock.flagged is not None and self._rules is not None:
            return self.tr("%1: time is up").replace("%1", self._label(clock.flagged))
        if clock.stopped:
            return self.tr("Clocks stopped")
        if PauseReason.AWAY in clock.pause_reasons:
            return self.tr("Clocks paused while you look at another position")
        if clock.paused:
            return self.tr("Clocks paused")
        return ""

    def _label(self, colour: Color) -> str:
        assert self._rules is not None
        side = colour_text(self._rules, colour)
        name = self._names.get(colour)
        if not name or name == side:  # a player called by their colour: "Hell", not twice
            return side
        return self.tr("%1 (%2)").replace("%1", name).replace("%2", side)

    def _retranslate(self) -> None:
        self.pause_action.setText(self.tr("&Pause the clocks"))
        self.pause_action.setToolTip(self.tr("Stop both clocks for a break; press again to go on"))
        if self._rules is None:
            return
        for colour, face in self.faces.items():
            face.set_name(self._label(colour))
        self.setAccessibleName(self.tr("Clocks"))
        self.setToolTip(
            self.tr(
                "The clocks stand still while a dialog or the huffing "
                "decision is open, while the window is minimised and while "
                "you look at an earlier position or another game."
            )
        )
        if self._clock is not None:
            self.state_label.setText(self._state_text(self._clock))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The times grow with the window: readable from across the table."""
        self._fit_times(event.size().height())
        super().resizeEvent(event)

    def _fit_times(self, height: int) -> None:
        pixels = ROW_TIME_PIXELS if self._row else time_pixels(height)
        for face in self.faces.values():
            face.set_time_size(pixels)
        self._layout.invalidate()  # the faces' new widths reach whoever places the panel
        self.updateGeometry()

    # -- driving the clock -------------------------------------------------------------------

    def start(self, colour: Color) -> None:
        """Start the clock of ``colour``, the side to move (ClockError when started)."""
        if self._clock is None:
            return
        self._clock.start(colour, self._now())
        self._checked_at = self._now()
        self._sync_timer()
        self.refresh()

    def press(self) -> list[ClockEvent]:
        """The side to move completes a move.  A FLAG in the answer means its time had run
        out already: the move must not be played (``flagged`` has been emitted)."""
        if self._clock is None:
            return []
        events = self._clock.press(self._now())
        self._checked_at = self._now()
        self._handle(events)
        self._sync_timer()
        self.refresh()
        return events

    def follow(self, colour: Color) -> None:
        """The side to move changed without a move (undo, redo, a blow)."""
        if self._clock is None:
            return
        self._clock.follow(colour, self._now())
        self._sync_timer()
        self.refresh()

    def pause(self, reason: PauseReason) -> None:
        """Stop the running clock for ``reason`` (reasons stack); the times are offered
        to the autosave at once, so a crash while paused loses nothing."""
        clock = self._clock
        if clock is None:
            return
        was_running = clock.running is not None
        clock.pause(reason, self._now())
        self.refresh()
        if was_running and clock.timed:
            self._offer_checkpoint()

    def resume(self, reason: PauseReason) -> None:
        if self._clock is None:
            return
        self._clock.resume(reason, self._now())
        self.refresh()

    def watch_window(self, window: QWidget) -> None:
        """Pause while ``window`` is minimised (hot seat: nobody is at the board)."""
        self._watcher = _MinimiseWatcher(self, window)

    def stop(self) -> None:
        """The game is over: freeze both clocks."""
        if self._clock is None:
            return
        self._clock.stop(self._now())
        self._sync_timer()
        self.refresh()

    def reopen(self, colour: Color) -> None:
        """The game's end was taken back: the clocks run again, ``colour``'s first (not
        after a flag: the time that ran out stays out)."""
        if self._clock is None or not self._clock.reopen(colour, self._now()):
            return
        self._checked_at = self._now()
        self._sync_timer()
        self.refresh()

    def to_dict(self) -> dict[str, object] | None:
        """The clock for the autosave's player setup (None without a clock)."""
        return None if self._clock is None else self._clock.to_dict(self._now())

    def now(self) -> float:
        return self._now()

    def remaining(self, colour: Color) -> float:
        """Seconds left for ``colour`` now (``inf`` without a clock): after :meth:`press`,
        the mover's time for the move's ``[%clk]`` comment (``core.with_clk``)."""
        if self._clock is None:
            return float("inf")
        return self._clock.remaining(colour, self._now())

    # -- inside ------------------------------------------------------------------------------

    def _on_pause_toggled(self, checked: bool) -> None:
        if checked:
            self.pause(PauseReason.USER)
        else:
            self.resume(PauseReason.USER)

    def _sync_timer(self) -> None:
        clock = self._clock
        active = (
            clock is not None and clock.timed and not clock.stopped and clock.to_move is not None
        )
        if active and not self.timer.isActive():
            self.timer.start()
        elif not active and self.timer.isActive():
            self.timer.stop()

    def _on_tick(self) -> None:
        if self._clock is None:
            self.timer.stop()
            return
        now = self._now()
        self._handle(self._clock.tick(now))
        self._sync_timer()
        self.refresh()
        clock = self._clock
        if (
            clock is not None
            and clock.running is not None
            and not clock.stopped
            and now - self._checked_at >= CHECKPOINT_SECONDS
        ):
            self._offer_checkpoint()

    def _offer_checkpoint(self) -> None:
        self._checked_at = self._now()
        self.checkpoint.emit()

    def halt(self) -> None:
        """The window closes: the timer stops, the clock is left as it is (not stopped:
        the autosave keeps the game going on)."""
        self.timer.stop()

    def _handle(self, events: list[ClockEvent]) -> None:
        for event in events:
            if event.kind is ClockEventKind.LOW_TIME:
                if self.sounds is not None:
                    self.sounds.play(Sound.LOW_TIME)
                self.low_time.emit(event.colour)
            elif event.kind is ClockEventKind.FLAG:
                self.flagged.emit(event.colour)


class _MinimiseWatcher(QObject):
    """Pauses the panel's clock while the watched window is minimised."""

    def __init__(self, panel: ClocksPanel, window: QWidget) -> None:
        super().__init__(panel)
        self._panel = panel
        self._window = window
        window.installEventFilter(self)
        self._minimised = False
        self._update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() in (
            QEvent.Type.WindowStateChange,
            QEvent.Type.Hide,
            QEvent.Type.Show,
        ):
            self._update()
        return False

    def _update(self) -> None:
        minimised = bool(self._window.windowState() & Qt.WindowState.WindowMinimized)
        if minimised and not self._minimised:
            self._panel.pause(PauseReason.MINIMISED)
        elif not minimised and self._minimised:
            self._panel.resume(PauseReason.MINIMISED)
        self._minimised = minimised
