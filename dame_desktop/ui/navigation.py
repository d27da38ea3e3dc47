"""The one owner of the shown line: which position the board, the move list and the study
panel show, and where a move played on the board goes.

:class:`Navigator` is what every navigator offers.  Two implementations:
:class:`dame_desktop.ui.app.navigator.LiveNavigator` over the game being played (the shown
position is the game's last one, or an earlier one looked at), and
:class:`dame_desktop.ui.study.navigator.TreeNavigator`, a cursor in a PDN tree.  Whoever shows
the position reads it here and listens to ``changed``; nobody keeps a copy of it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from dame_desktop.core import Move, Position

HOME = -1000
END = 1000


class Navigator(QObject):
    """What every navigator offers (see the module docstring)."""

    changed = Signal()  # the shown position changed
    moves_changed = Signal()  # only what may be played from it changed

    def position(self) -> Position:
        raise NotImplementedError

    def last_move(self) -> Move | None:
        return None

    def blown(self) -> int | None:
        return None

    def history(self) -> tuple[Position, ...]:
        """The positions before the shown one (repetitions count for the engine)."""
        return ()

    def quiet_plies(self) -> int:
        return 0

    def playable(self) -> tuple[Move, ...]:
        """The moves the board may offer now (empty: look only).  The one source of them:
        under touch-move they are the touched piece's moves only."""
        return ()

    def touched(self) -> int | None:
        """The piece that must be moved (touch-move), or None."""
        return None

    def play(self, move: Move) -> bool:
        """Play ``move`` from the shown position; False when that is not possible now."""
        return False

    def step(self, delta: int) -> bool:
        """Show the position ``delta`` moves later (negative: earlier; HOME/END: the ends)."""
        return False

    def can_step(self, delta: int) -> bool:
        return False
