"""Playing with the keyboard alone, and the position as text for screen readers.

``BoardKeyboard`` puts a cursor on the board: the arrow keys move it over the cells (up is
always up on the screen, also when the board is turned), Enter or Space picks up the piece
under it and drops it again -- exactly what a click on that square does, so every rule the
board enforces for the mouse holds for the keyboard too.  Escape puts a held piece back.
While the board has the focus the arrow keys belong to the cursor; Ctrl+Left and Ctrl+Right
still step through the moves.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QPointF,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QApplication, QWidget

from dame_desktop.core import Color, Kind, Position
from dame_desktop.core.geometry import FILES
from dame_desktop.ui.board.widget import BoardWidget

CURSOR = QColor(30, 110, 255)
_ARROWS = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}
_ACTIVATE = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


translate = QCoreApplication.translate


def position_text(position: Position) -> str:
    """Every piece with its square and who is to move, in the user's language:
    "Light c3; Dark king d4. Light to move." (the structure comes from Position.describe)."""
    description = position.describe()
    parts = []
    for entry in description.pieces:
        if entry.color is Color.WHITE:
            label = (
                translate("Keyboard", "Light king %1")
                if entry.kind is Kind.KING
                else translate("Keyboard", "Light %1")
            )
        else:
            label = (
                translate("Keyboard", "Dark king %1")
                if entry.kind is Kind.KING
                else translate("Keyboard", "Dark %1")
            )
        parts.append(label.replace("%1", entry.name))
    body = "; ".join(parts) if parts else translate("Keyboard", "The board is empty")
    if description.turn is Color.WHITE:
        tail = translate("Keyboard", "Light to move.")
    else:
        tail = translate("Keyboard", "Dark to move.")
    return f"{body}. {tail}"


def square_text(position: Position, square: int | None, name: str) -> str:
    """What stands on one cell, e.g. "c3: Light king" or "d4: empty"."""
    if square is None:
        return translate("Keyboard", "%1: light square, not played on").replace("%1", name)
    piece = position.piece_at(square)
    if piece is None:
        what = translate("Keyboard", "empty")
    elif piece.color is Color.WHITE:
        what = (
            translate("Keyboard", "Light king")
            if piece.is_king
            else translate("Keyboard", "Light man")
        )
    else:
        what = (
            translate("Keyboard", "Dark king")
            if piece.is_king
            else translate("Keyboard", "Dark man")
        )
    return (
        translate("Keyboard", "%1 (square %2): %3")
        .replace("%1", name)
        .replace("%2", str(square))
        .replace("%3", what)
    )


class _CursorOverlay(QWidget):
    """A see-through layer over the board that draws the keyboard cursor."""

    def __init__(self, board: BoardWidget, owner: BoardKeyboard) -> None:
        super().__init__(board)
        self._owner = owner
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.resize(board.size())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        rect = self._owner.cursor_rect()
        if rect is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = max(2.0, rect.width() * 0.06)
        painter.setPen(QPen(QColor(255, 255, 255, 230), width + 2))
        painter.drawRect(rect.adjusted(width, width, -width, -width))
        painter.setPen(QPen(CURSOR, width, Qt.PenStyle.DashLine))
        painter.drawRect(rect.adjusted(width, width, -width, -width))
        painter.end()


class BoardKeyboard(QObject):
    """Keyboard play on a :class:`BoardWidget` (see the module docstring)."""

    cursor_moved = Signal(str)  # a description of the cell under the cursor

    def __init__(self, board: BoardWidget, parent: QObject | None = None) -> None:
        super().__init__(parent or board)
        self.board = board
        self.row = -1  # display row/column of the cursor; -1: not placed yet
        self.col = -1
        self.visible = False
        board.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.overlay = _CursorOverlay(board, self)
        self.overlay.show()
        board.installEventFilter(self)

    # -- geometry ------------------------------------------------------------------------

    def _size(self) -> int:
        position = self.board.position()
        return position.rules.board_size if position is not None else 8

    def _geometry_cell(self, row: int, col: int) -> tuple[int, int]:
        n = self._size()
        return (n - 1 - row, n - 1 - col) if self.board.is_flipped() else (row, col)

    def square(self) -> int | None:
        """The playing square under the cursor (None on a light cell or before placing)."""
        position = self.board.position()
        if position is None or self.row < 0:
            return None
        return position.geometry.sq_at(*self._geometry_cell(self.row, self.col))

    def cell_name(self) -> str:
        """The cursor cell's name in algebraic form (a1 … h8, j10 on 10×10)."""
        r, c = self._geometry_cell(self.row, self.col)
        return f"{FILES[c]}{self._size() - r}"

    def cursor_rect(self) -> QRectF | None:
        position = self.board.position()
        if not self.visible or position is None or self.row < 0:
            return None
        # any playing square tells where the cells are; then count cells from it
        reference = 1
        rect = self.board.square_rect(reference)
        rr, rc = self._geometry_cell(*position.geometry.sq_rowcol[reference])
        cell = rect.width()
        return QRectF(
            rect.left() + (self.col - rc) * cell, rect.top() + (self.row - rr) * cell, cell, cell
        )

    # -- behaviour -----------------------------------------------------------------------

    def place(self, square: int) -> None:
        """Put the cursor on playing square ``square`` and show it."""
        position = self.board.position()
        if position is None:
            return
        self.row, self.col = self._geometry_cell(*position.geometry.sq_rowcol[square])
        self._show()

    def _start(self) -> None:
        """The first arrow key: start on the held piece, a piece that must move, or the middle."""
        position = self.board.position()
        if position is None:
            return
        candidates = [self.board.selected_square()]
        candidates.extend(sorted(self.board.must_capture_squares()))
        candidates.extend(sorted({m.from_sq for m in self.board.moves()}))
        for sq in candidates:
            if sq is not None:
                self.place(sq)
                return
        n = self._size()
        self.row, self.col = n // 2, n // 2 - 1
        self._show()

    def move(self, drow: int, dcol: int) -> None:
        if self.row < 0 or not self.visible:
            self._start()
            return
        n = self._size()
        self.row = max(0, min(n - 1, self.row + drow))
        self.col = max(0, min(n - 1, self.col + dcol))
        self._show()

    def activate(self) -> None:
        """Enter/Space: do what a click on the cursor's cell does."""
        rect = self.cursor_rect()
        if rect is None:
            self._start()
            return
        centre = rect.center()
        for kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
            event = QMouseEvent(
                kind,
                QPointF(centre),
                self.board.mapToGlobal(centre),
                Qt.MouseButton.LeftButton,
                Qt.MouseButton.LeftButton
                if kind is QEvent.Type.MouseButtonPress
                else Qt.MouseButton.NoButton,
                Qt.KeyboardModifier.NoModifier,
            )
            QApplication.sendEvent(self.board, event)
        self._announce()

    def hide(self) -> None:
        self.visible = False
        self.overlay.update()

    def _show(self) -> None:
        self.visible = True
        self.overlay.update()
        self._announce()

    def _announce(self) -> None:
        position = self.board.position()
        if position is None or self.row < 0:
            return
        text = square_text(position, self.square(), self.cell_name())
        held = self.board.selected_square()
        if held is not None:
            text += " — " + translate("Keyboard", "holding the piece from %1").replace(
                "%1", str(held)
            )
        self.board.setAccessibleName(translate("Keyboard", "Board") + ", " + text)
        self.cursor_moved.emit(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is not self.board:
            return False
        kind = event.type()
        if kind == QEvent.Type.Resize:
            self.overlay.resize(self.board.size())
        elif kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            assert isinstance(event, QKeyEvent)
            key = Qt.Key(event.key())
            plain = not (
                event.modifiers()
                & (
                    Qt.KeyboardModifier.ControlModifier
                    | Qt.KeyboardModifier.AltModifier
                    | Qt.KeyboardModifier.MetaModifier
                )
            )
            mine = plain and (key in _ARROWS or key in _ACTIVATE)
            if kind == QEvent.Type.ShortcutOverride:
                if mine:
                    event.accept()  # the arrows move the cursor, not through the moves
                return False
            if mine:
                if key in _ARROWS:
                    self.move(*_ARROWS[key])
                else:
                    self.activate()
                return True
        elif kind == QEvent.Type.FocusOut:
            self.overlay.update()
        return False
