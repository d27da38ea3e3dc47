"""The arrows and circles drawn on the board, kept in the studied game.

While a file's game is studied, the marks of the shown position live in the comment of its
move (the game's first comment at the start) as ``[%arrow]``/``[%circle]`` commands
(:mod:`dame_desktop.pdn.marks`): drawing one changes the comment and so the file, and opening
the file shows them again.  While a game is played they stay on the board until the position
changes (a played game's record has no comments).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from dame_desktop import pdn
from dame_desktop.pdn.marks import Marks, marks_of, with_marks
from dame_desktop.ui.board.widget import BoardWidget


class MarksStudy(Protocol):
    """What the keeper needs of the study: the shown node (None while playing)."""

    @property
    def node(self) -> pdn.GameNode | None: ...


class MarksKeeper(QObject):
    """Moves marks between the board and the studied node's comment."""

    edited = Signal()  # a comment of the studied game changed

    def __init__(
        self, board: BoardWidget, study: MarksStudy, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.board = board
        self.study = study
        board.marks_changed.connect(self._on_marks)

    def show(self) -> None:
        """Put the studied node's marks on the board (after the board got its position)."""
        node = self.study.node
        if node is not None:
            self.board.set_marks(marks_of(node.comment, node.position().rules))

    def _on_marks(self, marks: Marks) -> None:
        node = self.study.node
        if node is None:
            return
        comment = with_marks(node.comment, marks, node.position().rules)
        if comment != node.comment:
            node.comment = comment
            self.edited.emit()
