"""Playing with the keyboard alone, and what stands under its cursor for screen readers.
(The whole position in words is the window's ``position_text``: one formatter.)

``BoardKeyboard`` puts a cursor on the board's playing (dark) squares; it never stands on a
light square.  Up and Down move it one row up or down the screen (to the nearer dark square,
so going straight on it zigzags like a man on its way), Shift+Left and Shift+Right move it to
the next dark square along the row; up is always up on the screen, also when the board is
turned.  Enter or Space does what a click on that square does, through the board's
``MoveInput`` (so every rule the mouse meets holds for the keyboard too); Escape puts a held
piece back.  Left, Right, Home and End are left to stepping through the moves (the View menu's
keys; on a board without them the board emits ``step_requested``), Ctrl+Left/Right as well.

Shift+Enter draws like the right mouse button: on one square twice, a circle; on one square
and then (after moving the cursor) on another, an arrow.

A move can also be typed whole: digits, ``-``, ``x`` or ``:`` (``11-15``, ``15x24``) and the
board's letters (``c3-d4``) gather on a plate over the board; Enter plays it (through
``MoveInput.choose``, so touch-move and every other rule hold), Backspace takes a character
back, Escape drops it.  A letter that is also one of the window's one-key shortcuts (H for
the hint) starts a typed move only where the squares are named by letters; after the first
character every letter is typed.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QAction,
    QColor,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QWidget

from dame_desktop.core import AmbiguousMoveError, IllegalMoveError, MoveParseError, Position
from dame_desktop.core.geometry import FILES
from dame_desktop.ui.board.move_input import Refusal, Refused
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.words.texts import side_name

CURSOR = QColor(30, 110, 255)
_ROWS = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}  # plain: one row up or down the screen
_ALONG = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1}  # with Shift: along the row
_ACTIVATE = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
_SEPARATORS = "-x:"


translate = QCoreApplication.translate


def keys_text() -> str:
    """The board's keys in one sentence, for the status bar and What's This."""
    return translate(
        "Keyboard",
        "Keys on the board: Up/Down and Shift+Left/Right move the cursor over the dark squares, "
        "Enter or Space picks up and puts down, Escape puts back, Left/Right/Home/End step "
        "through the moves.  Or type a move (11-15, c3-d4, 15x24) and press Enter.  "
        "Shift+Enter draws circles and arrows.",
    )


def square_text(position: Position, square: int | None, name: str) -> str:
    """What stands on one cell, e.g. "c3: Light king" or "d4: empty"."""
    if square is None:
        return translate("Keyboard", "%1: light square, not played on").replace("%1", name)
    piece = position.piece_at(square)
    if piece is None:
        what = translate("Keyboard", "empty")
    else:  # the side as the rule set names it (Hell, Weiß, Black in English checkers)
        side = side_name(position.rules, piece.color)
        what = (
            translate("Keyboard", "%1 king") if piece.is_king else translate("Keyboard", "%1 man")
        ).replace("%1", side)
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

    def paintEvent(self, event: QPaintEvent) -> None:
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
        self.aim = -1.0  # the column Up/Down keep to (they zigzag around it)
        self.visible = False
        self._told_keys = False
        self.typed = ""  # a move being typed
        self.mark_start: int | None = None  # Shift+Enter: where an arrow or circle begins
        board.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        board.setWhatsThis(keys_text())
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

    def _dark(self, row: int, col: int) -> bool:
        """Is the display cell (row, col) a playing square?"""
        position = self.board.position()
        n = self._size()
        if position is None or not (0 <= row < n and 0 <= col < n):
            return False
        return position.geometry.sq_at(*self._geometry_cell(row, col)) is not None

    def square(self) -> int | None:
        """The playing square under the cursor (None before it is placed)."""
        position = self.board.position()
        if position is None or self.row < 0:
            return None
        return position.geometry.sq_at(*self._geometry_cell(self.row, self.col))

    def cell_name(self) -> str:
        """The cursor cell's name in algebraic form (a1 … h8, j10 on 10×10)."""
        r, c = self._geometry_cell(self.row, self.col)
        return f"{FILES[c]}{self._size() - r}"

    def cursor_rect(self) -> QRectF | None:
        square = self.square()
        if not self.visible or square is None:
            return None
        return self.board.square_rect(square)

    # -- behaviour -----------------------------------------------------------------------

    def place(self, square: int) -> None:
        """Put the cursor on playing square ``square`` and show it."""
        position = self.board.position()
        if position is None:
            return
        self.row, self.col = self._geometry_cell(*position.geometry.sq_rowcol[square])
        self.aim = float(self.col)
        self._show()

    def _start(self) -> None:
        """The first key: start on the held piece, a piece that must move, or the middle."""
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
        row = n // 2
        col = next(c for c in (n // 2 - 1, n // 2) if self._dark(row, c))
        self.row, self.col, self.aim = row, col, float(col)
        self._show()

    def _placed(self) -> bool:
        """Is the cursor on a playing square of the shown board?  (A new rule set may have
        made the old cell light or put it off the board.)"""
        return self.visible and self.row >= 0 and self._dark(self.row, self.col)

    def move_row(self, drow: int) -> None:
        """One row up (-1) or down (+1) the screen, to the dark square nearest the aim."""
        if not self._placed():
            self._start()
            return
        row = self.row + drow
        if not 0 <= row < self._size():
            self._show()
            return
        options = [c for c in (self.col - 1, self.col + 1) if self._dark(row, c)]
        # nearest to the aim; a tie goes toward the middle of the board
        middle = (self._size() - 1) / 2
        self.col = min(options, key=lambda c: (abs(c - self.aim), abs(c - middle)))
        self.row = row
        self._show()

    def move_along(self, dcol: int) -> None:
        """To the next dark square left (-1) or right (+1) in the cursor's row."""
        if not self._placed():
            self._start()
            return
        col = self.col + 2 * dcol
        if self._dark(self.row, col):
            self.col = col
            self.aim = float(col)
        self._show()

    def move(self, drow: int, dcol: int) -> None:
        """A row step and/or a step along the row (kept for callers of the old name)."""
        if drow:
            self.move_row(drow)
        if dcol:
            self.move_along(dcol)

    def activate(self) -> None:
        """Enter/Space: what a click on the cursor's square does, through the move input."""
        square = self.square() if self._placed() else None
        if square is None:
            self._start()
            return
        if self.board.picking():
            if square in self.board.pick_squares():
                self.board.square_picked.emit(square)
        else:
            self.board.move_input.click(square)
        self._announce()

    def mark(self) -> None:
        """Shift+Enter: begin an arrow or circle on the cursor's square, or finish it."""
        square = self.square() if self._placed() else None
        if square is None:
            self._start()
            return
        start, self.mark_start = self.mark_start, None
        if start is None:
            self.mark_start = square
            self.cursor_moved.emit(
                translate(
                    "Keyboard",
                    "Arrow from %1: move the cursor and press Shift+Enter again "
                    "(on the same square: a circle)",
                ).replace("%1", self.board.square_name(square))
            )
            return
        self.board.draw_mark(start, square)

    def hide(self) -> None:
        self.visible = False
        self.board.set_cursor_square(None)
        self.overlay.update()

    def _show(self) -> None:
        self.visible = True
        self.board.set_cursor_square(self.square())
        self.overlay.update()
        self._announce()

    # -- typing a move ---------------------------------------------------------------------

    def _typed_char(self, event: QKeyEvent) -> str | None:
        """The character ``event`` adds to a typed move, or None when it is not one."""
        text = event.text().lower()
        if len(text) != 1 or event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier
            | Qt.KeyboardModifier.AltModifier
            | Qt.KeyboardModifier.MetaModifier
        ):
            return None
        position = self.board.position()
        if position is None:
            return None
        if text.isdigit() and text.isascii():
            return text
        if text in _SEPARATORS:
            return text if self.typed else None
        by_name = position.rules.names_squares or not self.board.square_name(1).isdigit()
        if text in FILES[: position.rules.board_size] and (
            self.typed or by_name or not self._is_shortcut(event)
        ):
            return text
        return None

    def _is_shortcut(self, event: QKeyEvent) -> bool:
        """Is the plain key of ``event`` a shortcut of one of the window's actions?"""
        key = QKeySequence(event.key())
        window = self.board.window()
        return any(
            key in action.shortcuts()
            for action in window.findChildren(QAction)
            if action.isEnabled()
        )

    def _show_typed(self) -> None:
        if self.typed:
            self.board.show_banner(
                translate("Keyboard", "Move: %1").replace("%1", self.typed) + " ▏", 0
            )
            self.cursor_moved.emit(translate("Keyboard", "Move: %1").replace("%1", self.typed))
        else:
            self.board.clear_banner()

    def type_text(self, text: str) -> None:
        """Add ``text`` to the move being typed (what the keys do, for callers)."""
        self.typed += text
        self._show_typed()

    def submit(self) -> None:
        """Enter: play the typed move, or say why it cannot be played."""
        text, self.typed = self.typed, ""
        self._show_typed()
        board = self.board
        position = board.position()
        if position is None or not text:
            return
        moves = board.moves()
        if not moves:
            board.illegal_drop.emit(board.refusal_text(Refused(Refusal.NO_MOVE_NOW)))
            return
        try:
            move = position.parse_move(text, moves)
        except AmbiguousMoveError:
            board.illegal_drop.emit(
                translate(
                    "Keyboard", "%1 fits several captures: type every landing square"
                ).replace("%1", text)
            )
            return
        except IllegalMoveError:
            board.illegal_drop.emit(
                translate("Keyboard", "%1 cannot be played now").replace("%1", text)
            )
            return
        except MoveParseError:
            board.illegal_drop.emit(
                translate(
                    "Keyboard", "%1 is not a move: type it like 11-15, 15x24 or c3-d4"
                ).replace("%1", text)
            )
            return
        board.move_input.choose(move)

    def _announce(self) -> None:
        position = self.board.position()
        if position is None or self.row < 0:
            return
        text = square_text(position, self.square(), self.cell_name())
        held = self.board.selected_square()
        if held is not None:
            text += " — " + translate("Keyboard", "holding the piece from %1").replace(
                "%1",
                self.board.square_name(held),  # as the notation preference names it
            )
        self.board.setAccessibleName(translate("Keyboard", "Board") + ", " + text)
        if QAccessible.isActive() and self.board.hasFocus():  # the focused cell of the table
            focus = QAccessibleEvent(self.board, QAccessible.Event.Focus)
            focus.setChild(self.row * self._size() + self.col)
            QAccessible.updateAccessibility(focus)
        if not self._told_keys:
            self._told_keys = True
            text += " — " + keys_text()
        self.cursor_moved.emit(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # while Qt takes the board down, its events may come after this object's Python side
        if watched is not getattr(self, "board", None):
            return False
        kind = event.type()
        if kind == QEvent.Type.Resize:
            self.overlay.resize(self.board.size())
        elif kind == QEvent.Type.LanguageChange:
            self.board.setWhatsThis(keys_text())
        elif kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            assert isinstance(event, QKeyEvent)
            key = Qt.Key(event.key())
            mods = event.modifiers() & (
                Qt.KeyboardModifier.ControlModifier
                | Qt.KeyboardModifier.AltModifier
                | Qt.KeyboardModifier.MetaModifier
                | Qt.KeyboardModifier.ShiftModifier
            )
            plain = mods == Qt.KeyboardModifier.NoModifier
            shifted = mods == Qt.KeyboardModifier.ShiftModifier
            marking = shifted and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            mine = (
                (plain and (key in _ROWS or key in _ACTIVATE))
                or (shifted and key in _ALONG)
                or marking
            )
            typing = self._typed_char(event) is not None or (
                self.typed != ""
                and plain
                and key
                in (Qt.Key.Key_Backspace, Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter)
            )
            if kind == QEvent.Type.ShortcutOverride:
                if mine or typing:
                    event.accept()  # these keys move the cursor; Left/Right stay the window's
                return False
            if typing:
                char = self._typed_char(event)
                if char is not None:
                    self.type_text(char)
                elif key == Qt.Key.Key_Backspace:
                    self.typed = self.typed[:-1]
                    self._show_typed()
                elif key == Qt.Key.Key_Escape:
                    self.typed = ""
                    self._show_typed()
                else:
                    self.submit()
                return True
            if mine:
                if marking:
                    self.mark()
                elif key in _ROWS:
                    self.move_row(_ROWS[key])
                elif key in _ALONG:
                    self.move_along(_ALONG[key])
                else:
                    self.activate()
                return True
        elif kind == QEvent.Type.FocusOut:
            self.overlay.update()
        return False
