"""The board: paints a position with its highlights and forwards the pointer to MoveInput.

The widget never changes the game and keeps no rules of its own.  It is given a position and
the moves that may be played now; what the user does with the mouse goes, as square numbers,
to the Qt-free :class:`~dame_desktop.ui.board.move_input.MoveInput` (held piece, routes,
multi-capture steps, refusal reasons).  Its events come back here and leave as signals:
``move_chosen(Move)`` when the user completes a move (drag and drop, or click the piece and
then its target), ``illegal_drop(str)`` with a translated reason, ``step_taken(int)`` for each
landing of a capture played square by square, ``touched(int)`` when a piece that can move is
first picked up (touch-move), and ``square_picked(int)`` in pick mode (blowing away a piece
after a missed capture).  Left/Right/Home/End that reach the board (no shortcut took them)
leave as ``step_requested(int)``: -1/+1, -1000/+1000.

It also paints what the window wants to say on the board: :meth:`show_banner` puts a short
message on it for a few seconds (never a dialog, never taking the focus).  A board given room
for messages (:meth:`set_message_room`, as the window's board is) paints it in a strip of its
own under the board, so that it never hides a square; one without paints it along the board's
top or bottom edge -- whichever covers fewer of the squares that matter now (the pieces that
must capture and their routes, the held piece and its targets, the hint, a blown piece; see
:meth:`banner_rect`) -- and
:meth:`mark_blown` marks the square of a piece that was blown away.

The colours come from a :class:`~dame_desktop.ui.board.theme.BoardTheme` (:meth:`set_theme`);
the highlights are drawn by :mod:`~dame_desktop.ui.board.highlights`, each with a shape as
well as a colour.  The right mouse button draws the user's arrows (drag) and circles (click),
reported as ``marks_changed(Marks)``; :meth:`set_marks` shows them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from dame_desktop.core import Color, Move, Piece, Position
from dame_desktop.pdn.marks import Marks
from dame_desktop.ui.board import highlights as hl
from dame_desktop.ui.board.move_input import (
    Chosen,
    Event,
    Held,
    MoveInput,
    Refusal,
    Refused,
    Stepped,
    Touched,
    jumped,
)
from dame_desktop.ui.board.pieces import PieceArt
from dame_desktop.ui.board.theme import WOOD, BoardTheme, theme_named
from dame_desktop.ui.board.towers import has_badge, paint_height, paint_tower

BANNER = QColor(25, 18, 12, 215)  # the message plate (the same in every theme)

Route = tuple[int, ...]

# the keys that step through the moves while the board has the focus
STEP_KEYS = {
    Qt.Key.Key_Left: -1,
    Qt.Key.Key_Right: 1,
    Qt.Key.Key_Home: -1000,
    Qt.Key.Key_End: 1000,
}


class BoardWidget(QWidget):
    """Shows a position, lets the user pick and drop pieces, and reports the result."""

    move_chosen = Signal(object)  # Move (its path is the route the user took)
    illegal_drop = Signal(str)  # a translated reason
    square_picked = Signal(int)  # pick mode: the square the user chose
    step_taken = Signal(int)  # a multi-capture advanced to this landing square
    touched = Signal(int)  # a piece that can move was first picked up (touch-move)
    step_requested = Signal(int)  # Left/Right -1/+1, Home/End -1000/+1000
    animation_finished = Signal()
    marks_changed = Signal(object)  # Marks: the user drew or took away an arrow or circle

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(240, 240)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMouseTracking(False)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self._position: Position | None = None
        self._idle_reason = ""
        # how refusals name a square ("22" or "c3"): the window's notation preference
        self.square_name: Callable[[int], str] = str
        self._last_move: Move | None = None
        self._last_blown: int | None = None
        self._blown_piece: Piece | None = None
        self._hint: Move | None = None
        self._flipped = False
        self._message_room = 0.0  # the strip under the board for messages, per board side
        self._numbers = True  # View › Show square numbers (and the preference)
        self._notation_numbers = True  # the texts name squares by number (not c3, d4)
        self._coordinates = True
        self._animate = True
        self._pick: set[int] = set()
        # what the user does with the pieces lives in the Qt-free model
        self.move_input = MoveInput()
        self.move_input.listen(self._on_input)
        self._drag_ok = False  # the press is on a held piece: moving it drags
        self._press_point = QPointF()
        self._dragging = False
        self._drag_point = QPointF()
        self._dropped: Move | None = None
        # a short message painted over the board
        self._banner = ""
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self.clear_banner)
        # move animation
        self._anim = QVariantAnimation(self)
        self._anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._anim.valueChanged.connect(self._on_anim_value)
        self._anim.finished.connect(self._on_anim_finished)
        self._anim_before: Position | None = None
        self._anim_route: Route = ()
        self._anim_legs: list[list[int]] = []
        self._anim_t = 0.0
        self.animation_ms = 250  # time for one leg of a move (the preferences set it)
        self.theme: BoardTheme = WOOD
        self.art = PieceArt()
        self._rings: list[QPointF] = []  # pieces that must capture, ringed after the pieces
        # the user's arrows and circles (right button: drag for an arrow, click for a circle)
        self._marks = Marks()
        self._mark_from: int | None = None
        self._cursor: int | None = None  # the keyboard cursor's square (BoardKeyboard)
        # cache of the pre-rendered frame and squares
        self._bg: QPixmap | None = None
        self._bg_key: tuple[object, ...] = ()

    # -- public API ----------------------------------------------------------------------

    def position(self) -> Position | None:
        return self._position

    def set_position(
        self,
        position: Position,
        moves: Sequence[Move] = (),
        last_move: Move | None = None,
        animate: bool = True,
        blown: int | None = None,
    ) -> None:
        """Show ``position``; ``moves`` are what the user may play now (empty: look only)."""
        before = self._position
        dropped = self._dropped
        self._dropped = None
        self._position = position
        if before is None or before != position or before.rules != position.rules:
            self._marks = Marks()
        self._last_move = last_move
        self._last_blown = blown
        self._blown_piece = None
        self._hint = None
        self._dragging = False
        self._drag_ok = False
        self.move_input.reset(position, moves)
        self._anim.stop()
        self._anim_before = None
        if (
            animate
            and self._animate
            and last_move is not None
            and before is not None
            and not (dropped is not None and dropped == last_move)
            and self.isVisible()
            and _follows(before, last_move, position)
        ):
            self._start_animation(before, last_move)
        self.update()

    def set_moves(self, moves: Sequence[Move]) -> None:
        """Change what may be played without changing the picture (a held piece that can
        still move stays in hand, so touch-move's narrowed moves do not drop it)."""
        self.move_input.set_moves(moves)
        if self.move_input.held is None:
            self._dragging = False
        self.update()

    def moves(self) -> list[Move]:
        return self.move_input.moves

    def bind_touch(self, square: int | None) -> None:
        """Touch-move: the piece on ``square`` must be moved (see MoveInput.bind_touch)."""
        self.move_input.bind_touch(square)
        self.update()

    def set_colors(
        self,
        light_square: QColor | str,
        dark_square: QColor | str,
        light_piece: QColor | str,
        dark_piece: QColor | str,
    ) -> None:
        """Paint the wooden look in other colours; pieces get their shading from the base
        colour."""
        a, b, c, d = (
            QColor(c).name() for c in (light_square, dark_square, light_piece, dark_piece)
        )
        self.set_theme(theme_named("custom", (a, b, c, d)))

    def reset_colors(self) -> None:
        """Back to the default wooden look."""
        self.set_theme(WOOD)

    def set_theme(self, theme: BoardTheme) -> None:
        """Paint with ``theme``'s colours (see :mod:`.theme`)."""
        self.theme = theme
        if theme is WOOD:
            self.art.reset_colors()
        else:
            self.art.set_colors(theme.color("light_piece"), theme.color("dark_piece"))
        self.art.set_flat(not theme.shaded)
        self._bg = None
        self.update()

    # -- the user's arrows and circles -----------------------------------------------------

    def set_marks(self, marks: Marks) -> None:
        """Show these arrows and circles (a new position takes them away)."""
        self._marks = marks
        self.update()

    def marks(self) -> Marks:
        return self._marks

    def draw_mark(self, start: int, end: int) -> None:
        """What the right button does from ``start`` to ``end``: a circle when they are the
        same square, else an arrow (the same again takes it away); emits marks_changed."""
        marks = (
            self._marks.toggled_circle(end)
            if end == start
            else self._marks.toggled_arrow(start, end)
        )
        self.set_marks(marks)
        self.marks_changed.emit(marks)

    # -- what screen readers and the keyboard ask -------------------------------------------

    def last_move(self) -> Move | None:
        return self._last_move

    def squares_area(self) -> QRectF:
        """The rectangle of the squares (inside the frame), in widget coordinates."""
        return self._squares_rect()

    def set_cursor_square(self, square: int | None) -> None:
        """The keyboard cursor stands on ``square`` (None: no cursor)."""
        self._cursor = square

    def cursor_square(self) -> int | None:
        return self._cursor

    def set_idle_reason(self, reason: str) -> None:
        """What to say when the user touches a piece while no move may be made."""
        self._idle_reason = reason

    def set_hint(self, move: Move | None) -> None:
        self._hint = move
        self.update()

    def hint(self) -> Move | None:
        return self._hint

    def set_flipped(self, flipped: bool) -> None:
        if flipped != self._flipped:
            self._flipped = flipped
            self.update()

    def is_flipped(self) -> bool:
        return self._flipped

    def set_show_numbers(self, show: bool) -> None:
        """Square numbers (1-32, 1-50) in the corner of every playing square, the View
        menu's switch and the preference: drawn where the texts name squares by number
        (:meth:`set_notation_labels`)."""
        self._numbers = show
        self.update()

    def set_notation_labels(self, numbers: bool, coordinates: bool) -> None:
        """What the window's texts use, shown on the board: the square numbers on the
        squares (``numbers``; View › Show square numbers may still take them away), or the
        letters and numbers in the frame (``coordinates``).  Where the texts say c3 and d4
        (Russian, Turkish, Bashni) the board shows no numbers that nothing else uses: a
        Turkish board numbered 1 to 64 would only mislead."""
        self._notation_numbers = numbers
        self.update()
        self.set_show_coordinates(coordinates)

    def shows_numbers(self) -> bool:
        """Whether the square numbers are drawn now."""
        return self._numbers and self._notation_numbers

    def numbers_for_notation(self) -> bool:
        """Whether the texts name squares by number (then View › Show square numbers
        decides whether they are drawn)."""
        return self._notation_numbers

    def numbers_wanted(self) -> bool:
        """View › Show square numbers as the user set it."""
        return self._numbers

    def set_show_coordinates(self, show: bool) -> None:
        """The letters a-h and numbers 1-8 (a-j, 1-10) in the frame."""
        self._coordinates = show
        self._bg = None
        self.update()

    def shows_coordinates(self) -> bool:
        return self._coordinates

    def set_animated(self, on: bool) -> None:
        self._animate = on
        if not on and self._anim.state() == QVariantAnimation.State.Running:
            self._anim.stop()
            self._on_anim_finished()

    def is_animated(self) -> bool:
        return self._animate

    def is_animating(self) -> bool:
        return self._anim.state() == QVariantAnimation.State.Running

    def begin_pick(self, squares: Iterable[int]) -> None:
        """Pick mode: the given squares are marked and a click on one emits square_picked."""
        self._pick = set(squares)
        self.move_input.put_back()
        self.update()

    def end_pick(self) -> None:
        self._pick = set()
        self.update()

    def picking(self) -> bool:
        return bool(self._pick)

    def pick_squares(self) -> set[int]:
        return set(self._pick)

    def mark_blown(self, square: int | None, piece: Piece | None = None) -> None:
        """Mark ``square`` where a piece was blown away (huffing); ``piece`` is drawn there
        faintly when given.  None takes the mark away.  The next set_position clears it
        unless it passes ``blown`` again."""
        self._last_blown = square
        self._blown_piece = piece if square is not None else None
        self.update()

    def blown_square(self) -> int | None:
        return self._last_blown

    def show_banner(self, text: str, seconds: float = 3.0) -> None:
        """Paint ``text`` over the board for ``seconds`` (0: until cleared).  The banner is
        painted, not a window: it takes no focus and lets every click through."""
        self._banner = text
        self._banner_timer.stop()
        if text and seconds > 0:
            self._banner_timer.start(max(1, int(seconds * 1000)))
        self.update()

    def clear_banner(self) -> None:
        self._banner_timer.stop()
        self._banner = ""
        self.update()

    def banner_text(self) -> str:
        """The message shown over the board now ("" when none)."""
        return self._banner

    def _important(self) -> tuple[set[int], set[int]]:
        """The squares a message on the board must not hide: the pieces that must capture
        with every square of their routes and the pieces they take, the held piece and its
        landings (these first), then the hint, the last move and a blown piece."""
        squares: set[int] = set(self.must_capture_squares())
        moves = self.move_input.moves
        if moves and all(m.is_capture for m in moves):
            for move in moves:
                for route in move.paths:
                    squares.update(route)
                squares.update(move.captured)
        held = self.move_input.held
        if held is not None:
            squares.add(held)
            squares.update(self.move_input.landings)
            finals, steps = self.target_squares()
            squares.update(finals | steps)
        then: set[int] = set()
        for shown in (self._hint, self._last_move):
            if shown is not None:
                then.update(shown.path)
                then.update(shown.captured)
        if self._last_blown is not None:
            then.add(self._last_blown)
        return squares, then - squares

    def banner_rect(self) -> QRectF:
        """Where the banner is painted (an empty rect when there is none): a plate across
        the board at its top or its bottom edge, on the side that covers fewer of
        :meth:`_important` (the top one when they tie)."""
        if not self._banner or self._position is None:
            return QRectF()
        return self._banner_layout()[0]

    def _banner_layout(self) -> tuple[QRectF, QFont, float]:
        strip = self.message_strip()
        if not strip.isEmpty():
            return self._strip_layout(strip)
        area = self._squares_rect()
        font = QFont(self.font())
        font.setPixelSize(max(12, int(area.width() * 0.042)))
        font.setBold(True)
        metrics = QFontMetricsF(font)
        pad = font.pixelSize() * 0.6
        width = area.width() * 0.9
        flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
        text_rect = metrics.boundingRect(
            QRectF(0, 0, width - 2 * pad, area.height()), flags, self._banner
        )
        height = min(text_rect.height() + 2 * pad, area.height() * 0.45)
        margin = self._cell() * 0.06
        left = area.center().x() - width / 2
        top_plate = QRectF(left, area.top() + margin, width, height)
        bottom_plate = QRectF(left, area.bottom() - margin - height, width, height)
        first, then = self._important()
        weighed = [(self.square_rect(sq), 100) for sq in first] + [
            (self.square_rect(sq), 1) for sq in then
        ]

        def covered(plate: QRectF) -> int:  # a route square outweighs the whole rest
            return sum(weight for rect, weight in weighed if rect.intersects(plate))

        plate = bottom_plate if covered(bottom_plate) < covered(top_plate) else top_plate
        return plate, font, pad

    def _strip_layout(self, strip: QRectF) -> tuple[QRectF, QFont, float]:
        """The message in the strip under the board: as large as the board's own banner
        would be, smaller (down to a readable least) until its lines fit the strip."""
        plate = strip.adjusted(0, strip.height() * 0.12, 0, 0)
        flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
        font = QFont(self.font())
        font.setBold(True)
        size = max(10, int(self._squares_rect().width() * 0.042))
        while True:
            font.setPixelSize(size)
            pad = size * 0.35
            room = plate.adjusted(pad, pad * 0.5, -pad, -pad * 0.5)
            needed = QFontMetricsF(font).boundingRect(
                QRectF(0, 0, room.width(), 10_000), flags, self._banner
            )
            if size <= 9 or needed.height() <= room.height():
                return plate, font, pad
            size -= 1

    def selected_square(self) -> int | None:
        return self.move_input.held

    def pending_route(self) -> list[int]:
        """The landing squares already chosen in a multi-capture played square by square."""
        return list(self.move_input.landings)

    def must_capture_squares(self) -> set[int]:
        """Pieces that glow gold: capture is compulsory and they can capture."""
        return self.move_input.must_capture_squares()

    def target_squares(self) -> tuple[set[int], set[int]]:
        """For the held piece: (squares that finish a move, next landing squares of a capture)."""
        return self.move_input.targets()

    def refusal_text(self, refused: Refused) -> str:
        """The words for a refusal of the move input, in the user's language."""
        reason = refused.reason
        squares = ", ".join(self.square_name(sq) for sq in refused.squares)
        if reason is Refusal.NO_MOVE_NOW:
            return self._idle_reason or self.tr("No move can be made now")
        if reason is Refusal.NOT_YOUR_PIECE:
            return self.tr("That piece belongs to the other side")
        if reason is Refusal.MUST_CAPTURE:
            return self.tr("You must capture")
        if reason is Refusal.NO_MOVE_FOR_PIECE:
            return self.tr("This piece cannot move")
        if reason is Refusal.LIGHT_SQUARE:
            return self.tr("Pieces move only on the dark squares")
        if reason is Refusal.OCCUPIED:
            return self.tr("That square is occupied")
        if reason is Refusal.MEN_MOVE_FORWARD:
            return self.tr("Men move only forward")
        if reason is Refusal.CAPTURE_UNFINISHED:
            return self.tr("The capture is not finished: jump on to a marked square")
        if reason is Refusal.AMBIGUOUS_ROUTE:
            return self.tr(
                "Several captures end on that square: choose the way by moving to the "
                "next square first (%1)"
            ).replace("%1", squares)
        if reason is Refusal.CAPTURE_PRECEDENCE:
            return self.tr("Another capture takes precedence under these rules")
        if reason is Refusal.TOUCHED:
            touched, *targets = refused.squares or (0,)
            text = self.tr(
                "Touch-move rule: you touched the piece on %1, so it must be moved"
            ).replace("%1", self.square_name(touched))
            if targets:
                text += self.tr(" (to %1)").replace(
                    "%1", ", ".join(self.square_name(sq) for sq in targets)
                )
            return text
        return self.tr("This piece cannot move there")

    # -- what the move input reports -----------------------------------------------------

    def _on_input(self, event: Event) -> None:
        if isinstance(event, Chosen):
            self._dropped = event.move if event.dragged else None
            self._dragging = False
            self.update()
            self.move_chosen.emit(event.move)
        elif isinstance(event, Refused):
            self.update()
            self.illegal_drop.emit(self.refusal_text(event))
        elif isinstance(event, Stepped):
            self.update()
            self.step_taken.emit(event.square)
        elif isinstance(event, Touched):
            self.touched.emit(event.square)
        elif isinstance(event, Held):
            if event.square is None:
                self._dragging = False
            self.update()

    # -- geometry ------------------------------------------------------------------------

    def set_message_room(self, room: float) -> None:
        """Keep a strip of ``room`` times the board's side under the board for the messages
        (:meth:`show_banner`), so that they never hide a square; 0 paints them over the
        board's edge instead."""
        self._message_room = max(0.0, room)
        self._bg = None
        self.updateGeometry()
        self.update()

    def message_room(self) -> float:
        return self._message_room

    def sizeHint(self) -> QSize:
        return QSize(560, self.heightForWidth(560))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width + math.ceil(width * self._message_room)

    def _size(self) -> int:
        return self._position.rules.board_size if self._position is not None else 8

    def _board_rect(self) -> QRectF:
        """The whole board including its frame: the largest square that leaves room for
        the message strip under it, the two centred together."""
        room = self._message_room
        side = float(min(self.width(), self.height() / (1.0 + room)))
        top = (self.height() - side * (1.0 + room)) / 2
        return QRectF((self.width() - side) / 2, top, side, side)

    def message_strip(self) -> QRectF:
        """Where messages go under the board (empty without :meth:`set_message_room`)."""
        if self._message_room <= 0:
            return QRectF()
        board = self._board_rect()
        height = board.width() * self._message_room
        return QRectF(board.left(), board.bottom(), board.width(), height)

    def _frame_width(self) -> float:
        side = self._board_rect().width()
        return max(6.0, side * 0.045) if self._coordinates else max(4.0, side * 0.02)

    def _squares_rect(self) -> QRectF:
        rect = self._board_rect()
        f = self._frame_width()
        return rect.adjusted(f, f, -f, -f)

    def _cell(self) -> float:
        return self._squares_rect().width() / self._size()

    def _display(self, row: int, col: int) -> tuple[int, int]:
        n = self._size()
        return (n - 1 - row, n - 1 - col) if self._flipped else (row, col)

    def square_rect(self, sq: int) -> QRectF:
        """Where square ``sq`` is drawn, in widget coordinates."""
        assert self._position is not None
        row, col = self._display(*self._position.geometry.sq_rowcol[sq])
        area = self._squares_rect()
        cell = self._cell()
        return QRectF(area.left() + col * cell, area.top() + row * cell, cell, cell)

    def square_center(self, sq: int) -> QPointF:
        return self.square_rect(sq).center()

    def square_at(self, point: QPointF) -> int | None:
        """The playing square under ``point`` (None on a light square or off the board)."""
        if self._position is None:
            return None
        area = self._squares_rect()
        if not area.contains(point):
            return None
        cell = self._cell()
        col = min(self._size() - 1, int((point.x() - area.left()) / cell))
        row = min(self._size() - 1, int((point.y() - area.top()) / cell))
        row, col = self._display(row, col)
        return self._position.geometry.sq_at(row, col)

    def _on_light_square(self, point: QPointF) -> bool:
        return self._squares_rect().contains(point) and self.square_at(point) is None

    # -- mouse and keys ------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and self.move_input.held is not None:
            self._dragging = False
            self.move_input.put_back()  # a right click puts the held piece back
            self.update()
            event.accept()
            return
        if event.button() == Qt.MouseButton.RightButton and self._position is not None:
            self._mark_from = self.square_at(event.position())  # an arrow or a circle
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton or self._position is None:
            super().mousePressEvent(event)
            return
        point = event.position()
        sq = self.square_at(point)
        self._press_point = point
        self._dragging = False
        self._drag_ok = False
        if self._pick:
            if sq is not None and sq in self._pick:
                self.square_picked.emit(sq)
            return
        if self._anim.state() == QVariantAnimation.State.Running:
            self._anim.stop()
            self._on_anim_finished()
        self._drag_ok = self.move_input.press(sq)
        self.update()
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        plain = not (
            event.modifiers()
            & (
                Qt.KeyboardModifier.ControlModifier
                | Qt.KeyboardModifier.AltModifier
                | Qt.KeyboardModifier.MetaModifier
                | Qt.KeyboardModifier.ShiftModifier
            )
        )
        if key == Qt.Key.Key_Escape and self.move_input.held is not None:
            self._dragging = False
            self.move_input.put_back()  # put the held piece back
            self.update()
            event.accept()
            return
        if plain and key in STEP_KEYS:
            self.step_requested.emit(STEP_KEYS[key])
            event.accept()
            return
        super().keyPressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._drag_ok or not (event.buttons() & Qt.MouseButton.LeftButton):
            return
        point = event.position()
        if not self._dragging:
            distance = (point - self._press_point).manhattanLength()
            if distance < QApplication.startDragDistance():
                return
            self._dragging = True
        self._drag_point = point
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and self._mark_from is not None:
            start, self._mark_from = self._mark_from, None
            end = self.square_at(event.position())
            if end is not None:
                self.draw_mark(start, end)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton or self._position is None:
            super().mouseReleaseEvent(event)
            return
        if self._pick:
            return
        point = event.position()
        dragged = self._dragging
        self._dragging = False
        self._drag_ok = False
        self.move_input.release(
            self.square_at(point), dragged=dragged, light=self._on_light_square(point)
        )
        self.update()

    # -- animation -----------------------------------------------------------------------

    def _start_animation(self, before: Position, move: Move) -> None:
        route = tuple(move.path)
        self._anim_before = before
        self._anim_route = route
        self._anim_legs = [jumped(before, a, b) for a, b in zip(route, route[1:], strict=False)]
        legs = max(1, len(route) - 1)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(float(legs))
        step = max(20, self.animation_ms)
        self._anim.setDuration(min(max(900, 4 * step), step // 2 + step * legs))
        self._anim_t = 0.0
        self._anim.start()

    def _on_anim_value(self, value: object) -> None:
        self._anim_t = float(value) if isinstance(value, (int, float)) else 0.0
        self.update()

    def _on_anim_finished(self) -> None:
        self._anim_before = None
        self.update()
        self.animation_finished.emit()

    def _anim_point(self) -> QPointF:
        route = self._anim_route
        t = self._anim_t
        i = min(int(t), len(route) - 2)
        frac = t - i
        a = self.square_center(route[i])
        b = self.square_center(route[i + 1])
        return a + (b - a) * frac

    # -- painting ------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._background())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self._position is None:
            painter.end()
            return
        animating = self._anim_before is not None
        shown = self._anim_before if animating else self._position
        assert shown is not None
        if not animating:
            self._paint_last_move(painter)
            self._paint_hint(painter)
        self._paint_selection(painter)
        cell = self._cell()
        radius = cell * 0.4
        glow = set() if animating else self.must_capture_squares()
        selected = self.move_input.held
        held = self.move_input.held_square()
        hidden: set[int] = set()
        faded = set(self.move_input.partial_captures())
        if animating:
            hidden.add(self._anim_route[0])
            passed = int(self._anim_t + 0.5)
            for legs in self._anim_legs[:passed]:
                hidden.update(legs)
        elif selected is not None:
            hidden.add(selected)
        for sq in glow:
            if sq == selected and held is not None:
                # the glow goes with the held piece, also to its landing in a capture
                self._paint_glow(painter, self.square_center(held), radius)
            elif sq not in hidden:
                self._paint_glow(painter, self.square_center(sq), radius)
        towers = {shown.geometry.bit_to_sq[bit] for bit, _below in shown.stacks}
        badges: list[tuple[QPointF, int, float]] = []  # drawn over the rings, last
        for sq, piece in sorted(shown.pieces().items()):
            if sq in hidden:
                continue
            alpha = 0.35 if sq in faded else 1.0
            if sq in towers and self._paint_tower(
                painter, shown, sq, self.square_center(sq), radius, alpha, badges
            ):
                continue
            self._paint_piece(
                painter,
                self.square_center(sq),
                radius,
                piece.color,
                piece.is_king,
                alpha=0.35 if sq in faded else 1.0,
            )
        ghost = self._blown_piece
        blown = self._last_blown
        if not animating and ghost is not None and blown is not None and not shown.piece_at(blown):
            self._paint_piece(
                painter, self.square_center(blown), radius, ghost.color, ghost.is_king, alpha=0.3
            )
        if not animating and selected is not None and not self._dragging:
            held_piece = shown.piece_at(selected)
            if held_piece is not None and held is not None:
                at = self.square_center(held)  # a held tower stays a tower
                if selected not in towers or not self._paint_tower(
                    painter, shown, selected, at, radius, 1.0, badges
                ):
                    self._paint_piece(painter, at, radius, held_piece.color, held_piece.is_king)
        self._paint_capture_rings(painter, radius)
        for center, height, alpha in badges:
            paint_height(painter, center, radius, height, alpha)
        if self.shows_numbers():
            self._paint_numbers(painter)
        self._paint_targets(painter)
        self._paint_pick(painter)
        top = None
        if animating:
            top = shown.piece_at(self._anim_route[0])
            where, size = self._anim_point(), radius
        elif self._dragging and selected is not None:
            top = shown.piece_at(selected)
            where, size = self._drag_point, radius * 1.08
        if top is not None:
            self._paint_piece(painter, where, size, top.color, top.is_king, lifted=True)
        if not animating:
            self._paint_marks(painter)
        if self._banner:
            self._paint_banner(painter)
        if self.hasFocus():
            self._paint_focus(painter)
        painter.end()

    def _paint_focus(self, painter: QPainter) -> None:
        """A visible focus: a ring in the system's highlight colour around the board."""
        width = max(2.0, self._board_rect().width() * 0.008)
        pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), width)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self._board_rect().adjusted(width / 2, width / 2, -width / 2, -width / 2))

    def _paint_banner(self, painter: QPainter) -> None:
        """The short message: light text on a dark rounded plate across the board's top or
        bottom edge, away from the squares that matter (:meth:`banner_rect`)."""
        plate, font, pad = self._banner_layout()
        flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
        painter.save()
        painter.setPen(QPen(QColor(255, 236, 180, 200), max(1.5, font.pixelSize() * 0.08)))
        painter.setBrush(BANNER)
        painter.drawRoundedRect(plate, pad * 0.6, pad * 0.6)
        painter.setFont(font)
        painter.setPen(QColor(255, 247, 230))
        inner = (
            plate.adjusted(pad, pad * 0.5, -pad, -pad * 0.5)
            if not self.message_strip().isEmpty()
            else plate.adjusted(pad, pad, -pad, -pad)
        )
        painter.drawText(inner, flags, self._banner)
        painter.restore()

    def _background(self) -> QPixmap:
        """The window colour, the frame with its coordinates and the squares, cached."""
        dpr = self.devicePixelRatioF()
        rules = self._position.rules if self._position is not None else None
        key = (
            self.width(),
            self.height(),
            dpr,
            self._flipped,
            self._coordinates,
            (rules.board_size, rules.numbering) if rules is not None else None,
            self.palette().color(QPalette.ColorRole.Window).rgba(),
            self.font().key(),
            self.theme,
        )
        if self._bg is None or key != self._bg_key:
            pixmap = QPixmap(
                max(1, math.ceil(self.width() * dpr)), max(1, math.ceil(self.height() * dpr))
            )
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(self.palette().color(QPalette.ColorRole.Window))
            p = QPainter(pixmap)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            self._paint_frame(p)
            self._paint_squares(p)
            p.end()
            self._bg, self._bg_key = pixmap, key
        return self._bg

    def _paint_frame(self, painter: QPainter) -> None:
        rect = self._board_rect()
        grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
        frame = self.theme.color("frame")
        grad.setColorAt(0.0, frame.lighter(125))
        grad.setColorAt(0.5, frame)
        grad.setColorAt(1.0, frame.darker(130))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        radius = rect.width() * 0.012
        painter.drawRoundedRect(rect, radius, radius)
        if not self._coordinates or self._position is None:
            return
        size = self._size()
        area = self._squares_rect()
        cell = self._cell()
        f = self._frame_width()
        font = QFont(self.font())
        font.setPixelSize(max(7, int(f * 0.55)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(self.theme.color("frame_text"))
        files = "abcdefghijklmnopqrstuvwxyz"
        for i in range(size):
            col = size - 1 - i if self._flipped else i
            row = size - 1 - i if self._flipped else i
            x = area.left() + i * cell
            y = area.top() + i * cell
            letter = files[col]
            number = str(size - row)
            bottom = QRectF(x, area.bottom(), cell, f)
            painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, letter)
            left = QRectF(rect.left(), y, f, cell)
            painter.drawText(left, Qt.AlignmentFlag.AlignCenter, number)

    def _paint_squares(self, painter: QPainter) -> None:
        size = self._size()
        area = self._squares_rect()
        cell = self._cell()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.theme.color("light_square"))
        painter.drawRect(area)
        dark_square = self.theme.color("dark_square")
        geo = self._position.geometry if self._position is not None else None
        for row in range(size):
            for col in range(size):
                r, c = self._display(row, col)
                dark = geo.sq_at(r, c) is not None if geo is not None else (row + col) % 2 == 1
                if not dark:
                    continue
                rect = QRectF(area.left() + col * cell, area.top() + row * cell, cell, cell)
                grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
                if self.theme.shaded:
                    grad.setColorAt(0.0, dark_square.lighter(108))
                    grad.setColorAt(1.0, dark_square.darker(108))
                    painter.setBrush(QBrush(grad))
                else:
                    painter.setBrush(dark_square)
                painter.drawRect(rect)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(self.theme.color("frame").darker(140), max(1.0, cell * 0.02)))
        painter.drawRect(area)

    def _line(self, factor: float, least: float = 2.0) -> float:
        """A line width of ``factor`` squares (thicker in the high-contrast theme)."""
        return max(least, self._cell() * factor) * self.theme.line_scale

    def _outline(
        self,
        painter: QPainter,
        sq: int,
        colour: QColor,
        width: float,
        style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    ) -> None:
        hl.outline(painter, self.square_rect(sq), colour, width, style)

    def _paint_route(
        self,
        painter: QPainter,
        route: Sequence[int],
        colour: QColor,
        head: bool = False,
        dashed: bool = False,
    ) -> None:
        points = [self.square_center(sq) for sq in route]
        hl.route(
            painter, points, colour, self._line(0.06), self._cell() * 0.3 if head else 0.0, dashed
        )

    def _paint_last_move(self, painter: QPainter) -> None:
        """The last move: its squares shaded and outlined, its route with an arrowhead, a
        cross on each piece it took; a blown piece: a cross in a square outline."""
        move = self._last_move
        colour = self.theme.color("last_move")
        if move is not None:
            fill = hl.with_alpha(colour, 70)
            for sq in (move.path[0], move.path[-1]):
                painter.fillRect(self.square_rect(sq), fill)
            for sq in move.path:
                self._outline(painter, sq, colour, self._line(0.06))
            self._paint_route(painter, move.path, hl.with_alpha(colour, 170), head=True)
            for sq in move.captured:
                hl.cross(
                    painter,
                    self.square_rect(sq),
                    hl.with_alpha(self.theme.color("captured"), 210),
                    self._line(0.07),
                )
        if self._last_blown is not None:
            blown = self.theme.color("blown")
            hl.cross(
                painter,
                self.square_rect(self._last_blown),
                hl.with_alpha(blown, 210),
                self._line(0.07),
                dashed_ring=False,
            )
            self._outline(painter, self._last_blown, blown, self._line(0.06))

    def _paint_hint(self, painter: QPainter) -> None:
        """The hint: its squares hatched in a dashed outline, its route dashed."""
        move = self._hint
        if move is None:
            return
        colour = self.theme.color("hint")
        for sq in (move.path[0], move.path[-1]):
            hl.hatch(painter, self.square_rect(sq), hl.with_alpha(colour, 150))
            self._outline(painter, sq, colour, self._line(0.07), Qt.PenStyle.DashLine)
        self._paint_route(painter, move.path, hl.with_alpha(colour, 190), head=True, dashed=True)

    def _paint_selection(self, painter: QPainter) -> None:
        touched = self.move_input.touched
        if touched is not None:
            self._outline(
                painter,
                touched,
                self.theme.color("touch"),
                self._line(0.09, 3.0),
                Qt.PenStyle.DotLine,
            )
        selected = self.move_input.held
        if selected is None:
            return
        colour = self.theme.color("selected")
        painter.fillRect(self.square_rect(selected), hl.with_alpha(colour, 90))
        self._outline(painter, selected, colour, self._line(0.06))
        landings = self.move_input.landings
        if landings:
            self._paint_route(painter, [selected, *landings], hl.with_alpha(colour, 200))

    def _paint_targets(self, painter: QPainter) -> None:
        """Squares that finish a move: a dot; next landings of a capture: a ring."""
        finals, steps = self.target_squares()
        if not finals and not steps:
            return
        cell = self._cell()
        colour = hl.with_alpha(self.theme.color("target"), 220)
        rim = QPen(hl.HALO, self._line(0.05, 2.0))
        for sq in finals:
            painter.setPen(rim)
            painter.setBrush(colour)
            painter.drawEllipse(self.square_center(sq), cell * 0.17, cell * 0.17)
        for sq in steps - finals:
            hl.ring(painter, self.square_center(sq), cell * 0.2, colour, self._line(0.06))

    def _paint_pick(self, painter: QPainter) -> None:
        if not self._pick:
            return
        cell = self._cell()
        for sq in self._pick:
            hl.ring(
                painter,
                self.square_center(sq),
                cell * 0.46,
                self.theme.color("blown"),
                self._line(0.08, 2.5),
                Qt.PenStyle.DashLine,
            )

    def _paint_marks(self, painter: QPainter) -> None:
        """The user's circles and arrows (right button), over the pieces."""
        marks = self._marks
        if not marks or self._position is None:
            return
        cell = self._cell()
        squares = self._position.geometry.squares
        circle = hl.with_alpha(self.theme.color("circle"), 220)
        for sq in marks.circles:
            if 1 <= sq <= squares:
                hl.ring(painter, self.square_center(sq), cell * 0.41, circle, self._line(0.06))
        arrow = hl.with_alpha(self.theme.color("arrow"), 200)
        for start, end in marks.arrows:
            if 1 <= start <= squares and 1 <= end <= squares:
                hl.arrow(painter, self.square_center(start), self.square_center(end), cell, arrow)

    def _paint_numbers(self, painter: QPainter) -> None:
        assert self._position is not None
        cell = self._cell()
        font = QFont(self.font())
        font.setPixelSize(max(7, int(cell * 0.2)))
        font.setBold(True)
        painter.setFont(font)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        shadow = max(1.0, cell * 0.015)
        back = hl.with_alpha(self.theme.color("number_shadow"), 200)
        front = self.theme.color("number")
        for sq in range(1, self._position.geometry.squares + 1):
            rect = self.square_rect(sq).adjusted(cell * 0.04, cell * 0.01, 0, 0)
            painter.setPen(back)
            painter.drawText(rect.translated(shadow, shadow), align, str(sq))
            painter.setPen(front)
            painter.drawText(rect, align, str(sq))

    def _paint_glow(self, painter: QPainter, center: QPointF, radius: float) -> None:
        """A piece that must capture: a glow, and a dashed ring around it (the shape cue)."""
        gold = self.theme.color("must_capture")
        grad = QRadialGradient(center, radius * 1.45)
        grad.setColorAt(0.0, hl.with_alpha(gold, 230))
        grad.setColorAt(0.62, hl.with_alpha(gold, 230))
        grad.setColorAt(0.8, hl.with_alpha(gold, 150))
        grad.setColorAt(1.0, hl.with_alpha(gold, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(center, radius * 1.45, radius * 1.45)
        self._rings.append(center)

    def _paint_capture_rings(self, painter: QPainter, radius: float) -> None:
        """The dashed rings of the pieces that must capture, drawn over the pieces."""
        width = self._line(0.045)
        dark = QColor(0, 0, 0, 200)
        for center in self._rings:
            hl.ring(painter, center, radius * 1.2, dark, width * 1.8)
            hl.ring(
                painter,
                center,
                radius * 1.2,
                self.theme.color("must_capture"),
                width,
                Qt.PenStyle.DashLine,
            )
        self._rings = []

    def _paint_tower(
        self,
        painter: QPainter,
        shown: Position,
        sq: int,
        center: QPointF,
        radius: float,
        alpha: float,
        badges: list[tuple[QPointF, int, float]],
    ) -> bool:
        """Draw the tower of ``sq`` at ``center`` (towers.py); its height badge goes to
        ``badges``, to be drawn over the rings.  False when a single piece stands there."""
        column = shown.tower(sq)
        if len(column) < 2:
            return False
        paint_tower(
            painter,
            self.art,
            center,
            radius,
            column[0],
            column[1:],
            self.devicePixelRatioF(),
            alpha,
            badge=False,
        )
        if has_badge(len(column)):
            badges.append((center, len(column), alpha))
        return True

    def _paint_piece(
        self,
        painter: QPainter,
        center: QPointF,
        radius: float,
        colour: Color,
        king: bool,
        alpha: float = 1.0,
        lifted: bool = False,
    ) -> None:
        self.art.paint(
            painter, center, radius, colour, king, self.devicePixelRatioF(), alpha, lifted
        )


def _follows(before: Position, move: Move, after: Position) -> bool:
    """True when ``move`` played in ``before`` gives ``after`` (worth animating)."""
    if before.rules != after.rules or before.piece_at(move.from_sq) is None:
        return False
    try:
        return before.play(move) == after
    except ValueError:
        return False
