"""The live game's navigator: the shown line while a game is played (see
:mod:`dame_desktop.ui.navigation` for what every navigator offers)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from dame_desktop.core import Move, Position
from dame_desktop.core.numbering import GameStep, game_steps
from dame_desktop.ui.app.game_controller import GameController
from dame_desktop.ui.navigation import Navigator


class LiveNavigator(Navigator):
    """The game being played.  ``index`` None shows its last position (where play goes on);
    a number shows the position after step ``index`` of the list (-1: the start)."""

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self._steps: list[GameStep] = []
        self._index: int | None = None
        # a new game shows its start from its first signal on: whoever asks for the shown
        # position while it starts must not get a step of the game before
        controller.game_started.connect(self._on_game_started)
        controller.position_changed.connect(self._on_game_changed)
        controller.turn_started.connect(self.moves_changed)
        controller.game_over.connect(self.moves_changed)
        controller.thinking_changed.connect(self.moves_changed)
        self._on_game_changed()

    def _on_game_started(self) -> None:
        self._steps = game_steps(self.controller.game)
        self._index = None  # "changed" follows with the game's first position_changed

    def _on_game_changed(self) -> None:
        self._steps = game_steps(self.controller.game)
        self._index = None
        self.changed.emit()

    def steps(self) -> list[GameStep]:
        return list(self._steps)

    @property
    def index(self) -> int | None:
        """None when live, else the shown step (-1: the start position)."""
        return self._index

    def is_live(self) -> bool:
        return self._index is None

    def _state_index(self) -> int:
        game = self.controller.game
        if self._index is None:
            return len(game.states) - 1
        return 0 if self._index < 0 else self._steps[self._index].state

    def position(self) -> Position:
        return self.controller.game.states[self._state_index()].position

    def last_move(self) -> Move | None:
        return self.controller.game.states[self._state_index()].move if self._steps else None

    def blown(self) -> int | None:
        return self.controller.game.states[self._state_index()].blown

    def history(self) -> tuple[Position, ...]:
        states = self.controller.game.states
        return tuple(s.position for s in states[: self._state_index()])

    def quiet_plies(self) -> int:
        return self.controller.game.states[self._state_index()].quiet_plies

    def playable(self) -> tuple[Move, ...]:
        if self._index is not None:
            return ()
        info = self.controller.turn_info()
        return info.moves if info is not None and info.human else ()

    def touched(self) -> int | None:
        if self._index is not None:
            return None
        info = self.controller.turn_info()
        return self.controller.game.touched if info is not None and info.human else None

    def refresh_moves(self) -> None:
        """What may be played changed without a move (a piece was touched): say so."""
        self.moves_changed.emit()

    def play(self, move: Move) -> bool:
        return self._index is None and self.controller.submit_move(move)

    def _current(self) -> int:
        return len(self._steps) - 1 if self._index is None else self._index

    def can_step(self, delta: int) -> bool:
        target = max(-1, min(len(self._steps) - 1, self._current() + delta))
        return target != self._current()

    def step(self, delta: int) -> bool:
        if not self.can_step(delta):
            return False
        self.show_step(self._current() + delta)
        return True

    def show_step(self, index: int) -> None:
        """Show the position after step ``index`` (-1: the start; the last: live again)."""
        last = len(self._steps) - 1
        index = max(-1, min(last, index))
        new = None if index == last else index
        if new != self._index:
            self._index = new
            self.changed.emit()
