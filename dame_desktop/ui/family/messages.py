"""What must not be small status-bar text only: shown over the board for a few seconds.

:class:`BoardMessages` puts on the board (``BoardWidget.show_banner``): the refusals of the
move input ("You must capture", "Touch-move rule: you touched the piece on 22, so it must
be moved"), "You must
capture" when a human's turn begins with a capture to make, a piece blown away after a
missed capture (marked where it stood, ``BoardWidget.mark_blown``) and the end of the game.
While the user only browses games of a file (``is_browsing``) nothing of the live game is
said: no "You must capture" over a database game.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from dame_desktop.core import Position
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.words.notation import Notation, square_text

MESSAGE_SECONDS = 3.0
END_SECONDS = 6.0


class BoardMessages(QObject):
    """Short messages over ``board``.  ``is_browsing`` answers True while the board shows a
    file's game that is only being looked at; ``notation`` gives the notation preference
    for the squares named."""

    def __init__(
        self,
        board: BoardWidget,
        *,
        is_browsing: Callable[[], bool] = lambda: False,
        notation: Callable[[], Notation] = lambda: Notation.RULES,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent if parent is not None else board)
        self.board = board
        self._is_browsing = is_browsing
        self._notation = notation
        board.illegal_drop.connect(self.on_refused)

    def on_refused(self, text: str) -> None:
        """A move the board refused: say why over the board (not while browsing)."""
        if text and not self._is_browsing():
            self.board.show_banner(text, MESSAGE_SECONDS)

    def turn_started(self, position: Position, *, human: bool) -> bool:
        """A new turn: when a human must capture, say so over the board.  True when said.
        (With huffing a capture may be left, and the opponent decides afterwards.)"""
        if not human or self._is_browsing() or position.rules.huffing:
            return False
        if not position.has_capture():
            return False
        self.board.show_banner(self.tr("You must capture"), MESSAGE_SECONDS)
        return True

    def blown(self, before: Position, square: int, who: str) -> None:
        """``who`` blew away the piece on ``square`` of ``before`` (it should have captured):
        the square is marked with the piece drawn faintly, and the board says so."""
        piece = before.piece_at(square)
        self.board.mark_blown(square, piece)
        where = square_text(square, before.rules, self._notation())
        self.board.show_banner(
            self.tr("%1 blew away the piece on %2: it should have captured.")
            .replace("%1", who)
            .replace("%2", where),
            END_SECONDS,
        )

    def game_over(self, text: str) -> None:
        """The game's end (``names.result_text``) over the board, a little longer."""
        self.board.show_banner(text, END_SECONDS)
