"""What the window says aloud to screen-reader users: each move shown on the board with whose
turn it is now, and every status message (refusals, the game's end), through
:func:`dame_desktop.ui.board.accessible.announce`."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from dame_desktop.core import Move, Position
from dame_desktop.ui.board.accessible import announce
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.words.texts import side_name

MoveText = Callable[[Position, Move], str]


class Announcer(QObject):
    """Announces positions and messages on ``board`` (see the module docstring)."""

    def __init__(
        self, board: BoardWidget, move_text: MoveText, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.board = board
        self.move_text = move_text
        self._shown: Position | None = None
        self.last = ""  # the last announcement (what a screen reader was given)

    def position_shown(
        self, position: Position, before: Position | None, move: Move | None, status: str
    ) -> None:
        """A position is on the board: say the move that led to it and ``status``."""
        if position == self._shown:
            return
        self._shown = position
        parts = []
        if move is not None and before is not None:
            try:
                said = self.move_text(before, move)
            except ValueError:
                said = ""
            if said:
                parts.append(f"{side_name(position.rules, before.turn)}: {said}")
        if status:
            parts.append(status)
        self.say(". ".join(parts))

    def say(self, text: str, assertive: bool = False) -> None:
        if text:
            self.last = text
            announce(self.board, text, assertive)

    def message(self, text: str) -> None:
        """A status message: said at once (it answers what the user just did)."""
        self.say(text, assertive=True)
