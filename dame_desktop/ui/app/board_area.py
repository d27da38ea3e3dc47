"""The board first: the board as large as the window's height allows, the clocks beside it.

:class:`BoardArea` places its two children by hand: the board is a square as tall as the
area (less a margin and the strip under the board where its messages go, so that they never
hide a square) or as wide as the room left beside the clocks, whichever is smaller, and
the clocks stand right of it, as tall as the board.  Room the two do not need is split evenly
on both sides, so the group stays together.  :meth:`BoardArea.width_for_height` tells the
window how wide the area wants to be at a height (the window gives the side panel the rest).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from dame_desktop.ui.board.widget import BoardWidget

MARGIN = 6  # around the group (pixels)
# the strip under the board where the board's messages go ("You must capture"), so that they
# never hide a square: this share of the board's side
MESSAGE_ROOM = 0.07
GAP = 8  # between the board and the clocks
MIN_BOARD = 240  # the smallest board the area asks for


class BoardArea(QWidget):
    """The board and, once given, the clocks beside it (see the module docstring).

    ``room_changed()`` when the clocks were shown, hidden or changed their size: the area
    wants another width now."""

    room_changed = Signal()

    def __init__(self, board: BoardWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardArea")
        self.board = board
        board.setParent(self)
        board.set_message_room(MESSAGE_ROOM)
        self.clocks: QWidget | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_clocks(self, clocks: QWidget) -> None:
        """The clocks to stand beside the board (shown and hidden by their owner)."""
        self.clocks = clocks
        clocks.setParent(self)
        clocks.installEventFilter(self)  # shown or hidden: the board takes the room
        self._place()

    # -- sizes -------------------------------------------------------------------------------

    def clocks_width(self) -> int:
        """The room the clocks take beside the board (0 while they are hidden)."""
        clocks = self.clocks
        if clocks is None or clocks.isHidden():
            return 0
        return max(clocks.minimumSizeHint().width(), clocks.sizeHint().width()) + GAP

    def width_for_height(self, height: int) -> int:
        """How wide the area wants to be when it is ``height`` tall: a board of that height
        and the clocks."""
        side = int((height - 2 * MARGIN) / (1.0 + MESSAGE_ROOM))
        return max(MIN_BOARD, side) + self.clocks_width() + 2 * MARGIN

    def board_side(self) -> int:
        """The board's side at the area's present size."""
        room_w = self.width() - 2 * MARGIN - self.clocks_width()
        return max(0, min(int((self.height() - 2 * MARGIN) / (1.0 + MESSAGE_ROOM)), room_w))

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_BOARD + 2 * MARGIN + self.clocks_width(), MIN_BOARD + 2 * MARGIN)

    def sizeHint(self) -> QSize:
        return QSize(self.width_for_height(560), 560)

    # -- placing -----------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # the clocks' size hint changed
            self._place()
            self.room_changed.emit()
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.clocks and event.type() in (
            QEvent.Type.Show,
            QEvent.Type.Hide,
            QEvent.Type.LayoutRequest,
        ):
            self._place()
            self.updateGeometry()
            self.room_changed.emit()
        return False

    def _place(self) -> None:
        side = self.board_side()
        clocks_w = self.clocks_width()
        spare = self.width() - 2 * MARGIN - side - clocks_w
        tall = self.board.heightForWidth(side)  # the board and its message strip
        x = MARGIN + max(0, spare // 2)
        y = MARGIN + max(0, (self.height() - 2 * MARGIN - tall) // 2)
        self.board.setGeometry(QRect(x, y, side, tall))
        if self.clocks is not None and clocks_w:
            self.clocks.setGeometry(QRect(x + side + GAP, y, clocks_w - GAP, side))
