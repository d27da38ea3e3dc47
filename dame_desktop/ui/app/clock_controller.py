"""The clocks of the game played in the window: start, press, flag, pause, restore, record.

:class:`ClockController` owns the :class:`~dame_desktop.ui.family.clocks.ClocksPanel`
beside the board and the next new game's time controls.  It follows the game controller
(a new game starts its clock, a move presses it, undo and redo hand the turn back, the end
stops it, an open huffing question pauses it), stops both clocks while any dialog is open
or while the live game's present position is not on the board, and keeps the mover's time
left after each move for the autosave and the ``[%clk]`` comments of the PDN record.  The
core's :class:`~dame_desktop.core.Clock` decides the times; this module only connects.

Mounting (the window)::

    self.clocks = ClockController(self, self.controller, self.live, sounds, self)
    self.board_row.addWidget(self.clocks.panel)
    table.add(self.clocks.action_specs())             # Game › Pause the clocks
    self.clocks.attach()                              # after the window's own slots
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from dame_desktop.core import Clock, Color, HuffChoice, Move, PendingHuff, Result, TimeControl
from dame_desktop.core.clock import (
    NO_CLOCK,
    ClockError,
    ClockEventKind,
    PauseReason,
    time_control_tags,
    with_clk,
)
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.app.game_controller import GameController, TurnInfo
from dame_desktop.ui.app.navigator import LiveNavigator
from dame_desktop.ui.family.clocks import ClocksPanel
from dame_desktop.ui.family.sounds import GameSounds

if TYPE_CHECKING:
    from dame_desktop import pdn


class ClockHost(Protocol):
    """What the clocks need from the window."""

    def is_playing(self) -> bool: ...

    def result_names(self) -> dict[Color, str]: ...

    def action(self, action_id: str) -> QAction: ...

    def update_actions(self) -> None: ...


class ClockController(QObject):
    """The played game's clocks (see the module docstring)."""

    def __init__(
        self,
        host: ClockHost,
        controller: GameController,
        live: LiveNavigator,
        sounds: GameSounds,
        dialog_parent: QWidget,
    ) -> None:
        super().__init__(dialog_parent)
        self.host = host
        self.controller = controller
        self.live = live
        self.parent_widget = dialog_parent
        self.panel = ClocksPanel(sounds=sounds)
        # the next new game's time controls (the new-game dialog or the preferences set
        # them), a saved clock to go on with (a restored autosave)
        self.time_controls: tuple[TimeControl, TimeControl] = (NO_CLOCK, NO_CLOCK)
        self._restored_clock: dict[str, object] | None = None
        self._restored_clk: list[float] = []
        self.clk: list[float] = []  # the mover's time left after each move, for [%clk]
        self._open_dialogs: set[int] = set()

    def attach(self) -> None:
        """After the window connected its own slots (so that ours run after them)."""
        c = self.controller
        c.game_started.connect(self._on_game_started)
        c.position_changed.connect(self._on_position_changed)
        c.turn_started.connect(self._on_turn_started)
        c.move_played.connect(self._on_move_played)
        c.game_over.connect(self._on_game_over)
        c.huff_pending.connect(self._on_huff_pending)
        c.huff_decided.connect(self._on_huff_decided)
        c.before_move = self._allows_move
        self.panel.flagged.connect(self._on_flagged)
        self.panel.watch_window(self.parent_widget)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)  # every dialog stops the clocks while it is open
        # the Game menu's "Pause the clocks" and the button at the clocks are one switch
        pause = self.host.action("pauseClocks")
        self.panel.pause_action.toggled.connect(
            lambda on: pause.setChecked(on) if pause.isChecked() != on else None
        )

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "pauseClocks",
                lambda: self.tr("&Pause the clocks"),
                self._on_pause,
                menu="game",
                checkable=True,
                shortcuts=("Ctrl+Shift+P",),
                enabled=self._running,
                tip=lambda: self.tr("Stop both clocks for a break; press again to go on"),
            ),
        ]

    def _running(self) -> bool:
        clock = self.panel.clock
        return clock is not None and clock.timed and not clock.stopped

    def _on_pause(self, checked: bool) -> None:
        if self.panel.pause_action.isChecked() != checked:
            self.panel.pause_action.setChecked(checked)

    def apply_preferences(self, prefs: Preferences) -> None:
        self.time_controls = prefs.time_controls()  # the next new game's clocks

    def close(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.panel.halt()  # not stop(): a game left running is saved as running

    # -- the next game, the saved game, the record ----------------------------------------------

    def set_time_controls(self, white: TimeControl, black: TimeControl | None = None) -> None:
        """The clocks of the next new game (one control for both when ``black`` is None)."""
        self.time_controls = (white, white if black is None else black)

    def restore_clock(self, record: dict[str, object]) -> None:
        """Before a saved game is started again: its clock (the autosave's ``clock``) and
        the times of its moves (``clk``).  A damaged clock record gives no clock."""
        clock = record.get("clock")
        self._restored_clock = clock if isinstance(clock, dict) else None
        clk = record.get("clk")
        self._restored_clk = (
            [float(x) for x in clk if isinstance(x, int | float)] if isinstance(clk, list) else []
        )

    def clock_record(self) -> dict[str, object]:
        """The clock for the autosave's player setup (empty without clocks)."""
        data = self.panel.to_dict()
        clock = self.panel.clock
        if data is None or clock is None or not clock.timed:
            return {}
        return {"clock": data, "clk": list(self.clk)}

    def add_clocks_to(self, record: pdn.Game) -> None:
        """The clocks in a game written to PDN: the TimeControl tag(s) and a ``[%clk]``
        comment after every move with the time its player had left."""
        clock = self.panel.clock
        if clock is None or not clock.timed:
            return
        record.headers.update(
            time_control_tags(clock.controls[Color.WHITE], clock.controls[Color.BLACK])
        )
        for node, seconds in zip(record.mainline(), self.clk, strict=False):
            node.comment = with_clk(node.comment, seconds)

    # -- what the window shows -------------------------------------------------------------------

    def follow_view(self) -> None:
        """The window shows another position: the live game's clocks stand still while its
        present position is not on the board (an earlier position of the game, a file's
        game) and go on when it is shown again.  Nobody can move in the live game
        meanwhile, so nobody's time may run."""
        clock = self.panel.clock
        if clock is None or not clock.timed:
            return
        away = not (self.host.is_playing() and self.live.is_live())
        if away and PauseReason.AWAY not in clock.pause_reasons:
            self.panel.pause(PauseReason.AWAY)
        elif not away and PauseReason.AWAY in clock.pause_reasons:
            self.panel.resume(PauseReason.AWAY)

    def set_aside(self, aside: bool) -> None:
        """Puzzles mode: the waiting game's clocks (standing still) make room for the
        puzzle's board; back beside the board when the game is shown again."""
        clock = self.panel.clock
        self.panel.setVisible(not aside and clock is not None and clock.timed)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.Show, QEvent.Type.Hide) and isinstance(watched, QDialog):
            # the C++ object's address: a dialog made in C++ (QMessageBox.question) may get a
            # new Python wrapper, with another id(), for each event
            key = shiboken6.getCppPointer(watched)[0]
            if kind is QEvent.Type.Show and watched.isWindow() and key not in self._open_dialogs:
                self._open_dialogs.add(key)
                if len(self._open_dialogs) == 1:
                    self.panel.pause(PauseReason.DIALOG)
            elif kind is QEvent.Type.Hide and key in self._open_dialogs:
                self._open_dialogs.discard(key)
                if not self._open_dialogs:
                    self.panel.resume(PauseReason.DIALOG)
        return False

    # -- what the game controller says -------------------------------------------------------

    def _on_game_started(self) -> None:
        self.host.action("pauseClocks").setChecked(False)
        c = self.controller
        saved, self._restored_clock = self._restored_clock, None
        clk, self._restored_clk = self._restored_clk, []
        clock: Clock | None = None
        if saved is not None:
            try:
                clock = Clock.from_dict(saved, self.panel.now())
            except ClockError:
                clock = None
            self.clk = clk[: len(c.game.moves)]
        else:
            white, black = self.time_controls
            clock = Clock(white, black) if not (white.is_none and black.is_none) else None
            self.clk = []
        self.panel.set_clock(clock, c.rules, self.host.result_names())
        self._open_dialogs.clear()

    def _allows_move(self, mover: Color) -> bool:
        """Before a move is played: has the mover's time run out meanwhile?"""
        clock = self.panel.clock
        if clock is None or not clock.timed or clock.stopped:
            return True
        events = clock.tick(self.panel.now())
        flagged = [e.colour for e in events if e.kind is ClockEventKind.FLAG]
        if not flagged:
            return True
        self._on_flagged(flagged[0])
        return False

    def _on_flagged(self, colour: Color) -> None:
        self.panel.refresh()
        self.controller.time_out(colour)

    def _on_position_changed(self) -> None:
        game = self.controller.game
        del self.clk[len(game.moves) :]  # undo takes the times back with the moves
        clock = self.panel.clock
        if clock is not None and clock.timed and not game.is_over and clock.stopped:
            self.panel.reopen(game.position.turn)  # the game's end was taken back
        if (
            clock is not None
            and clock.timed
            and not game.is_over
            and clock.to_move is not None
            and clock.to_move is not game.position.turn
        ):
            self.panel.follow(game.position.turn)  # undo, redo, a blow

    def _on_turn_started(self, info: TurnInfo) -> None:
        clock = self.panel.clock
        if clock is not None and clock.timed and clock.to_move is None and not clock.stopped:
            self.panel.start(info.colour)

    def _on_move_played(self, _move: Move) -> None:
        clock = self.panel.clock
        if clock is not None and clock.timed and clock.to_move is not None:
            mover = clock.to_move
            self.panel.press()
            game = self.controller.game
            del self.clk[len(game.moves) - 1 :]
            self.clk.append(self.panel.remaining(mover))

    def _on_game_over(self, _result: Result) -> None:
        self.panel.stop()
        self.host.update_actions()  # nothing to pause any more

    def _on_huff_pending(self, _pending: PendingHuff) -> None:
        self.panel.pause(PauseReason.HUFF)

    def _on_huff_decided(self, _choice: HuffChoice, _square: int | None) -> None:
        clock = self.panel.clock
        if clock is not None and PauseReason.HUFF in clock.pause_reasons:
            self.panel.resume(PauseReason.HUFF)
