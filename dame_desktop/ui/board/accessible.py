"""The board for screen readers: a table of cells, one per square, and spoken announcements.

Qt asks a factory for the accessible interface of each object; :func:`install` adds one that
answers for every :class:`BoardWidget` with a :class:`BoardAccessible`: role Table, one child
per square in reading order (rows from the top of the screen, so a turned board reads as it is
seen), each a :class:`CellAccessible` of role Cell named like "22: Light man" ("c3: empty" where
the squares are named by letters; "b1: light square" for the squares nobody plays on) and
described by what matters there now ("must capture", "can move", "last move", "target").

PySide6 binds ``QAccessibleInterface`` for subclassing but not ``QAccessibleTableInterface``
(a Python class cannot answer Qt's ``interface_cast``), so the table is given by the roles and
the children in row order, and every cell says its row and column in its description.

:func:`announce` speaks a sentence (a move, the game's end) through Qt's announcement event
(Qt 6.8 and later), and also puts it into the board's accessible description for readers
that do not take announcements.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6 import QtGui
from PySide6.QtCore import QCoreApplication, QObject, QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleInterface, QWindow
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from dame_desktop.core import Position
from dame_desktop.core.geometry import FILES
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.words.texts import side_name

translate = QCoreApplication.translate


def piece_words(position: Position, square: int) -> str:
    """What stands on ``square``: "Light man", "Dark king", "empty"."""
    piece = position.piece_at(square)
    if piece is None:
        return translate("Accessible", "empty")
    side = side_name(position.rules, piece.color)
    words = (
        translate("Accessible", "%1 king") if piece.is_king else translate("Accessible", "%1 man")
    ).replace("%1", side)
    below = position.tower(square)[1:]
    if below:  # a tower (Bashni): the pieces under the top one, top first
        words += " " + translate("Accessible", "on top of %1").replace(
            "%1",
            ", ".join(
                (
                    translate("Accessible", "%1 king")
                    if p.is_king
                    else translate("Accessible", "%1 man")
                ).replace("%1", side_name(position.rules, p.color))
                for p in below
            ),
        )
    return words


def cell_name(board: BoardWidget, row: int, col: int) -> str:
    """The accessible name of the cell in display ``row`` and ``col``."""
    position = board.position()
    if position is None:
        return ""
    n = position.rules.board_size
    r, c = (n - 1 - row, n - 1 - col) if board.is_flipped() else (row, col)
    square = position.geometry.sq_at(r, c)
    algebraic = f"{FILES[c]}{n - r}"
    if square is None:
        return translate("Accessible", "%1: light square").replace("%1", algebraic)
    label = algebraic if position.rules.names_squares else board.square_name(square)
    return f"{label}: {piece_words(position, square)}"


def cell_state_words(board: BoardWidget, square: int) -> list[str]:
    """What matters on ``square`` now, in words."""
    words: list[str] = []
    if square in board.must_capture_squares():
        words.append(translate("Accessible", "must capture"))
    elif square in board.move_input.movable():
        words.append(translate("Accessible", "can move"))
    if board.selected_square() == square:
        words.append(translate("Accessible", "held"))
    finals, steps = board.target_squares()
    if square in finals or square in steps:
        words.append(translate("Accessible", "target"))
    last = board.last_move()
    if last is not None and square in (last.path[0], last.path[-1]):
        words.append(translate("Accessible", "last move"))
    if board.hint() is not None and square in board.hint().path:  # type: ignore[union-attr]
        words.append(translate("Accessible", "hint"))
    if board.blown_square() == square:
        words.append(translate("Accessible", "blown away"))
    marks = board.marks()
    if square in marks.circles:
        words.append(translate("Accessible", "circled"))
    for start, end in marks.arrows:
        if start == square:
            words.append(
                translate("Accessible", "arrow to %1").replace("%1", board.square_name(end))
            )
    return words


class CellAccessible(QAccessibleInterface):
    """One square of the board's table."""

    def __init__(self, table: BoardAccessible, index: int) -> None:
        super().__init__()
        self.table = table
        self.index = index

    def _cell(self) -> tuple[int, int, int]:
        n = self.table.size()
        return self.index // n, self.index % n, n

    def square(self) -> int | None:
        board = self.table.board()
        position = board.position() if board is not None else None
        if position is None:
            return None
        row, col, n = self._cell()
        r, c = (n - 1 - row, n - 1 - col) if board.is_flipped() else (row, col)  # type: ignore[union-attr]
        return position.geometry.sq_at(r, c)

    def isValid(self) -> bool:
        board = self.table.board()
        return board is not None and self.index < self.table.childCount()

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self.table.window()

    def relations(
        self,
        match: QAccessible.RelationFlag = QAccessible.RelationFlag.AllRelations,
    ) -> list[tuple[QAccessibleInterface, QAccessible.RelationFlag]]:
        return []

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def parent(self) -> QAccessibleInterface:
        return self.table

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def text(self, kind: QAccessible.Text) -> str:
        board = self.table.board()
        if board is None:
            return ""
        row, col, _n = self._cell()
        if kind == QAccessible.Text.Name:
            return cell_name(board, row, col)
        if kind == QAccessible.Text.Description:
            square = self.square()
            words = cell_state_words(board, square) if square is not None else []
            where = (
                translate("Accessible", "row %1, column %2")
                .replace("%1", str(row + 1))
                .replace("%2", str(col + 1))
            )
            return ", ".join([*words, where])
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        pass

    def rect(self) -> QRect:
        board = self.table.board()
        square = self.square()
        if board is None:
            return QRect()
        if square is not None:
            local = board.square_rect(square).toRect()
        else:
            row, col, n = self._cell()
            any_square = board.square_rect(1) if board.position() is not None else None
            if any_square is None:
                return QRect()
            side = any_square.width()
            area = board.squares_area()
            local = QRect(
                int(area.left() + col * side), int(area.top() + row * side), int(side), int(side)
            )
        return QRect(board.mapToGlobal(local.topLeft()), local.size())

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Cell

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        board = self.table.board()
        square = self.square()
        state.focusable = True
        state.selectable = True
        if board is not None and square is not None:
            state.selected = board.selected_square() == square
            state.focused = board.hasFocus() and board.cursor_square() == square
        return state


class BoardAccessible(QAccessibleWidget):
    """The board as a table of cells (see the module docstring)."""

    def __init__(self, board: BoardWidget) -> None:
        super().__init__(board, QAccessible.Role.Table)
        self._board = weakref.ref(board)
        self._cells: dict[int, CellAccessible] = {}

    def board(self) -> BoardWidget | None:
        return self._board()

    def size(self) -> int:
        board = self.board()
        position = board.position() if board is not None else None
        return position.rules.board_size if position is not None else 0

    def childCount(self) -> int:
        return self.size() ** 2

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        if not 0 <= index < self.childCount():
            return None
        cell = self._cells.get(index)
        if cell is None:
            cell = self._cells[index] = CellAccessible(self, index)
        return cell

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, CellAccessible) and child.table is self:
            return child.index
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        board = self.board()
        if board is None or board.position() is None:
            return None
        local = board.mapFromGlobal(QPoint(x, y))
        area = board.squares_area()
        n = self.size()
        if not area.contains(local.toPointF()):
            return None
        side = area.width() / n
        col = min(n - 1, int((local.x() - area.left()) / side))
        row = min(n - 1, int((local.y() - area.top()) / side))
        return self.child(row * n + col)

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        board = self.board()
        if board is None:
            return None
        square = board.cursor_square()
        position = board.position()
        if square is None or position is None:
            return None
        n = self.size()
        row, col = position.geometry.sq_rowcol[square]
        if board.is_flipped():
            row, col = n - 1 - row, n - 1 - col
        return self.child(row * n + col)

    def text(self, kind: QAccessible.Text) -> str:
        board = self.board()
        if board is None:
            return ""
        if kind == QAccessible.Text.Name:
            return board.accessibleName() or translate("Accessible", "Board")
        if kind == QAccessible.Text.Description:
            return board.accessibleDescription()
        return super().text(kind)


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if isinstance(obj, BoardWidget):
        return BoardAccessible(obj)
    return None


_installed = False


def install() -> None:
    """Answer Qt's questions about boards with :class:`BoardAccessible` (once per process)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


Listener = Callable[[str], None]
_listeners: list[Listener] = []


def listen(listener: Listener) -> Callable[[], None]:
    """Call ``listener(text)`` for every announcement (tests, a log); returns the undo."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def announce(widget: QWidget, text: str, assertive: bool = False) -> None:
    """Say ``text`` to screen-reader users (see the module docstring)."""
    if not text:
        return
    event_type = getattr(QtGui, "QAccessibleAnnouncementEvent", None)  # Qt 6.8 and later
    if event_type is None:
        widget.setAccessibleDescription(text)
    elif QAccessible.isActive():
        event = event_type(widget, text)
        if assertive:
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
        QAccessible.updateAccessibility(event)
    for listener in list(_listeners):
        listener(text)
