"""The board first: the board as large as the window's height allows, the clocks beside it.

:class:`BoardArea` places its two children by hand: the board is a square as tall as the
area (less a margin and the strip under the board where its messages go, so that they never
hide a square) or as wide as the room left beside the clocks, whichever is smaller, and
the clocks stand right of it, as tall as the board.  Where the area is too narrow for that
(a small window with a dock open) and the board is larger with the clocks in a row over it,
they stand there instead: the clocks never cover the board.  Room the two do not need is
split evenly on both sides, so the group stays together.  :meth:`BoardArea.width_for_height`
tells the window how wide the area wants to be at a height (the window gives the side panel
the rest).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.family.clocks import ClocksPanel

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
        self.clocks: ClocksPanel | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_clocks(self, clocks: ClocksPanel) -> None:
        """The clocks to stand beside the board (shown and hidden by their owner)."""
        self.clocks = clocks
        clocks.setParent(self)
        clocks.installEventFilter(self)  # shown or hidden: the board takes the room
        self._place()

    # -- sizes -------------------------------------------------------------------------------

    def _shown_clocks(self) -> ClocksPanel | None:
        clocks = self.clocks
        return None if clocks is None or clocks.isHidden() else clocks

    def clocks_width(self) -> int:
        """The room the clocks take beside the board (0 while they are hidden), also while
        they stand over it: what they would take beside it."""
        clocks = self._shown_clocks()
        if clocks is None:
            return 0
        if clocks.is_row():
            return clocks.column_width(_side(self.height())) + GAP
        return max(clocks.minimumSizeHint().width(), clocks.sizeHint().width()) + GAP

    def width_for_height(self, height: int) -> int:
        """How wide the area wants to be when it is ``height`` tall: a board of that height
        and the clocks beside it."""
        return max(MIN_BOARD, _side(height)) + self.clocks_width() + 2 * MARGIN

    def clocks_over_board(self) -> bool:
        """Whether the clocks stand in a row over the board: where the area is too narrow
        for them beside a board as large as that (a pure function of the area's size and the
        clocks' texts, so that placing them never flips back and forth)."""
        clocks = self._shown_clocks()
        if clocks is None:
            return False
        room_w = self.width() - 2 * MARGIN
        tallest = _side(self.height())
        beside = min(tallest, room_w - clocks.column_width(tallest) - GAP)
        row = clocks.row_size()
        over = min(_side(self.height() - row.height() - GAP), room_w)
        return over > beside

    def board_side(self) -> int:
        """The board's side at the area's present size."""
        room_w = self.width() - 2 * MARGIN
        clocks = self._shown_clocks()
        if clocks is not None and clocks.is_row():
            return max(0, min(_side(self.height() - self._row_height() - GAP), room_w))
        return max(0, min(_side(self.height()), room_w - self.clocks_width()))

    def _row_height(self) -> int:
        clocks = self.clocks
        assert clocks is not None
        return max(clocks.row_size().height(), clocks.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        # with the clocks over the board where the room beside it is short
        return QSize(MIN_BOARD + 2 * MARGIN, MIN_BOARD + 2 * MARGIN)

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
        clocks = self._shown_clocks()
        if clocks is not None:
            clocks.set_row(self.clocks_over_board())
        side = self.board_side()
        tall = self.board.heightForWidth(side)  # the board and its message strip
        room_w = self.width() - 2 * MARGIN
        if clocks is not None and clocks.is_row():
            row_h = self._row_height()
            row_w = min(room_w, max(side, clocks.row_size().width()))
            y = MARGIN + max(0, (self.height() - 2 * MARGIN - row_h - GAP - tall) // 2)
            clocks.setGeometry(QRect(MARGIN + (room_w - row_w) // 2, y, row_w, row_h))
            x = MARGIN + max(0, (room_w - side) // 2)
            self.board.setGeometry(QRect(x, y + row_h + GAP, side, tall))
            return
        clocks_w = self.clocks_width()
        spare = room_w - side - clocks_w
        x = MARGIN + max(0, spare // 2)
        y = MARGIN + max(0, (self.height() - 2 * MARGIN - tall) // 2)
        self.board.setGeometry(QRect(x, y, side, tall))
        if clocks is not None and clocks_w:
            clocks.setGeometry(QRect(x + side + GAP, y, clocks_w - GAP, side))


def _side(height: int) -> int:
    """The board's side in an area ``height`` tall (its message strip below it)."""
    return int((height - 2 * MARGIN) / (1.0 + MESSAGE_ROOM))
