"""Touch-move in the window: the "straighten" toggle and the glue board -> core -> board.

The core decides (``Game.touch``); the board only reports that a piece was picked up
(``BoardWidget.touched``). :class:`TouchMove` connects the two: when the human to move picks
up a piece it asks ``Game.touch(square, straighten=...)`` and says ``bound(square)`` on
``Touch.BOUND``. It never sets the board's moves: whoever shows the game (the window's
navigator) reads the narrowed moves (``Game.legal_moves``) and the bound piece
(``Game.touched``) from the game, so they have one source. The "straighten"
("zurechtrücken") action, checked before touching, lifts the rule for that one touch and
unchecks itself. The computer never touches: the window's ``is_human_turn`` answers False
while the computer is to move. A touch on a board that shows another position than the live
game's (browsing, a variation) binds nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolButton, QWidget

from dame_desktop.core import Game, GameError, Touch
from dame_desktop.ui.board.widget import BoardWidget


class TouchMove(QObject):
    """Binds touched pieces for the human player under the touch-move rule.

    ``game`` gives the live game (None: no game, nothing is bound); ``is_human_turn`` says
    whether a human is to move now (default: always, hot seat).  Signals:
    ``touch_answered(Touch, int)`` after every touch the core was asked about, and
    ``bound(int)`` when a piece became bound.
    """

    touch_answered = Signal(object, int)  # Touch, square
    bound = Signal(int)

    def __init__(
        self,
        board: BoardWidget,
        game: Callable[[], Game | None],
        parent: QObject | None = None,
        *,
        is_human_turn: Callable[[], bool] = lambda: True,
    ) -> None:
        super().__init__(parent if parent is not None else board)
        self.board = board
        self._game = game
        self._is_human_turn = is_human_turn
        self.straighten_action = QAction(self)
        self.straighten_action.setObjectName("straightenAction")
        self.straighten_action.setCheckable(True)
        self._retranslate()
        board.touched.connect(self._on_touched)
        board.installEventFilter(self)
        self.update_enabled()

    # -- for the window ----------------------------------------------------------------------

    def button(self, parent: QWidget | None = None) -> QToolButton:
        """A visible toggle button for the action (beside the board or in the toolbar)."""
        button = QToolButton(parent)
        button.setObjectName("straightenButton")
        button.setDefaultAction(self.straighten_action)
        return button

    def update_enabled(self) -> None:
        """Enable the toggle only when the live game plays with touch-move and is not over.
        Call it after a new game and after the game ends."""
        game = self._game()
        on = game is not None and game.rules.touch_move and not game.is_over
        self.straighten_action.setEnabled(on)
        self.straighten_action.setVisible(game is None or game.rules.touch_move)
        if not on:
            self.straighten_action.setChecked(False)

    # -- inside ------------------------------------------------------------------------------

    def _on_touched(self, square: int) -> None:
        game = self._game()
        if game is None or not self._is_human_turn():
            return
        if self.board.position() != game.position:
            return  # the board shows another position (browsing, a variation): not the game
        straighten = self.straighten_action.isChecked()
        try:
            answer = game.touch(square, straighten=straighten)
        except GameError:
            return
        if answer is Touch.STRAIGHTENED:
            self.straighten_action.setChecked(False)  # for this one touch only
        elif answer is Touch.BOUND:
            self.bound.emit(square)  # the shower of the game narrows the board's moves
        self.touch_answered.emit(answer, square)

    def _retranslate(self) -> None:
        self.straighten_action.setText(self.tr("&Straighten"))
        self.straighten_action.setToolTip(
            self.tr(
                "Straighten a piece without moving it: press before touching the piece "
                "(touch-move rule)"
            )
        )
        self.straighten_action.setStatusTip(self.straighten_action.toolTip())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.board and event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        return False
