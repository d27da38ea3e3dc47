"""The board: paints a position with highlights and reports what the user does with the mouse.

The widget never changes the game.  It is given a position and the moves that may be played
now; it emits ``move_chosen(Move)`` when the user completes one of them (by drag and drop or
by clicking the piece and then its target), ``illegal_drop(str)`` with a reason when the user
tries something that is not allowed, and ``square_picked(int)`` in pick mode (blowing away a
piece after a missed capture).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from dame_desktop.core import Color, Move, Position

# Colours of the default wooden look.
LIGHT_SQUARE = QColor("#f0dcb4")
DARK_SQUARE = QColor("#a8744f")
FRAME = QColor("#5b3a22")
FRAME_TEXT = QColor("#f3e3c3")
LIGHT_PIECE = (QColor("#fffaf0"), QColor("#e9dcc0"), QColor("#b9a582"))
DARK_PIECE = (QColor("#6b5750"), QColor("#33261f"), QColor("#110b09"))
GOLD = QColor(255, 196, 36)
CROWN = QColor("#e8b21f")
LAST_MOVE = QColor(255, 226, 92)
CAPTURED_MARK = QColor(200, 40, 30)
SELECTED = QColor(90, 200, 110)
TARGET = QColor(36, 150, 60, 210)
HINT = QColor(70, 150, 255)
PICK = QColor(230, 40, 30)

Route = tuple[int, ...]


class BoardWidget(QWidget):
    """Shows a position, lets the user pick and drop pieces, and reports the result."""

    move_chosen = Signal(object)  # Move (its path is the route the user took)
    illegal_drop = Signal(str)  # a translated reason
    square_picked = Signal(int)  # pick mode: the square the user chose
    selection_changed = Signal(int)  # the held piece's square, 0 when none
    step_taken = Signal(int)  # a multi-capture advanced to this landing square
    animation_finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(240, 240)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMouseTracking(False)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self._position: Position | None = None
        self._moves: list[Move] = []
        self._idle_reason = ""
        self._last_move: Move | None = None
        self._last_blown: int | None = None
        self._hint: Move | None = None
        self._flipped = False
        self._numbers = False
        self._coordinates = True
        self._animate = True
        self._pick: set[int] = set()
        # the piece being held
        self._selected: int | None = None
        self._prefix: list[int] = []
        self._press_on_piece = False
        self._was_selected = False
        self._press_point = QPointF()
        self._dragging = False
        self._drag_point = QPointF()
        self._dropped: Move | None = None
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
        self._light_square = QColor(LIGHT_SQUARE)
        self._dark_square = QColor(DARK_SQUARE)
        self._light_piece = LIGHT_PIECE
        self._dark_piece = DARK_PIECE
        # caches of pre-rendered pictures
        self._pieces: dict[tuple[int, Color, bool, bool, float], QPixmap] = {}
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
        self._moves = list(moves)
        self._last_move = last_move
        self._last_blown = blown
        self._hint = None
        self._clear_selection()
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
        """Change what may be played without changing the picture."""
        self._moves = list(moves)
        self._clear_selection()
        self.update()

    def moves(self) -> list[Move]:
        return list(self._moves)

    def set_colors(
        self,
        light_square: QColor | str,
        dark_square: QColor | str,
        light_piece: QColor | str,
        dark_piece: QColor | str,
    ) -> None:
        """Paint with other colours (a theme); pieces get their shading from the base colour."""
        self._light_square = QColor(light_square)
        self._dark_square = QColor(dark_square)
        self._light_piece = _shades(QColor(light_piece))
        self._dark_piece = _shades(QColor(dark_piece))
        self._pieces.clear()
        self._bg = None
        self.update()

    def reset_colors(self) -> None:
        """Back to the default wooden look."""
        self._light_square = QColor(LIGHT_SQUARE)
        self._dark_square = QColor(DARK_SQUARE)
        self._light_piece = LIGHT_PIECE
        self._dark_piece = DARK_PIECE
        self._pieces.clear()
        self._bg = None
        self.update()

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
        self._numbers = show
        self.update()

    def shows_numbers(self) -> bool:
        return self._numbers

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
        self._clear_selection()
        self.update()

    def end_pick(self) -> None:
        self._pick = set()
        self.update()

    def picking(self) -> bool:
        return bool(self._pick)

    def selected_square(self) -> int | None:
        return self._selected

    def pending_route(self) -> list[int]:
        """The landing squares already chosen in a multi-capture played square by square."""
        return list(self._prefix)

    def must_capture_squares(self) -> set[int]:
        """Pieces that glow gold: capture is compulsory and they can capture."""
        if not self._moves or not all(m.is_capture for m in self._moves):
            return set()
        return {m.from_sq for m in self._moves}

    def target_squares(self) -> tuple[set[int], set[int]]:
        """For the held piece: (squares that finish a move, next landing squares of a capture)."""
        if self._selected is None:
            return set(), set()
        finals: set[int] = set()
        steps: set[int] = set()
        k = len(self._prefix)
        for _move, route in self._routes():
            finals.add(route[-1])
            if len(route) > k + 2:
                steps.add(route[k + 1])
        return finals, steps

    # -- geometry ------------------------------------------------------------------------

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(560, 560)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return width

    def _size(self) -> int:
        return self._position.rules.board_size if self._position is not None else 8

    def _board_rect(self) -> QRectF:
        """The whole board including its frame: the largest centred square."""
        side = float(min(self.width(), self.height()))
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

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

    # -- move bookkeeping ----------------------------------------------------------------

    def _movable(self) -> set[int]:
        return {m.from_sq for m in self._moves}

    def _routes(self) -> list[tuple[Move, Route]]:
        """(move, route) for the held piece that agree with the landings chosen so far."""
        if self._selected is None:
            return []
        frm = self._selected
        k = len(self._prefix)
        prefix = tuple(self._prefix)
        out = []
        for move in self._moves:
            if move.from_sq != frm:
                continue
            for route in move.paths or (move.path,):
                if len(route) > k + 1 and tuple(route[1 : k + 1]) == prefix:
                    out.append((move, tuple(route)))
        return out

    def _held_square(self) -> int | None:
        """Where the held piece is shown (its last landing in a multi-capture)."""
        if self._selected is None:
            return None
        return self._prefix[-1] if self._prefix else self._selected

    def _clear_selection(self) -> None:
        changed = self._selected is not None
        self._selected = None
        self._prefix = []
        self._dragging = False
        self._press_on_piece = False
        if changed:
            self.selection_changed.emit(0)

    def _select(self, sq: int) -> None:
        self._selected = sq
        self._prefix = []
        self.selection_changed.emit(sq)

    def _jumped(self, a: int, b: int) -> list[int]:
        """Opponent pieces strictly between squares a and b on their diagonal."""
        pos = self._position
        assert pos is not None
        geo = pos.geometry
        (r1, c1), (r2, c2) = geo.sq_rowcol[a], geo.sq_rowcol[b]
        if abs(r1 - r2) != abs(c1 - c2) or r1 == r2:
            return []
        dr = 1 if r2 > r1 else -1
        dc = 1 if c2 > c1 else -1
        out = []
        r, c = r1 + dr, c1 + dc
        while (r, c) != (r2, c2):
            sq = geo.sq_at(r, c)
            if sq is not None and pos.piece_at(sq) is not None:
                out.append(sq)
            r += dr
            c += dc
        return out

    def _partial_captures(self) -> list[int]:
        if self._selected is None or not self._prefix:
            return []
        squares = [self._selected, *self._prefix]
        out: list[int] = []
        for a, b in zip(squares, squares[1:], strict=False):
            out.extend(self._jumped(a, b))
        return out

    def _try_target(self, sq: int) -> None:
        """The held piece is moved (dropped or clicked) to ``sq``."""
        assert self._selected is not None and self._position is not None
        k = len(self._prefix)
        routes = self._routes()
        steps = [(m, r) for m, r in routes if len(r) > k + 2 and r[k + 1] == sq]
        finals = [(m, r) for m, r in routes if r[-1] == sq]
        if steps:
            self._prefix.append(sq)
            self.step_taken.emit(sq)
            self.update()
            return
        if finals:
            identities = {m for m, _ in finals}
            if len(identities) > 1:
                self.illegal_drop.emit(
                    self.tr(
                        "Several captures end on that square: choose the way by moving to the "
                        "next square first"
                    )
                )
                self.update()
                return
            move, route = finals[0]
            exact = [r for _m, r in finals if len(r) == k + 2]
            if exact:
                route = exact[0]
            chosen = move if route == move.path else move.with_path(route)
            self._dropped = chosen if self._dragging else None
            self._clear_selection()
            self.update()
            self.move_chosen.emit(chosen)
            return
        piece = self._position.piece_at(sq)
        if (
            not self._prefix
            and piece is not None
            and piece.color is self._position.turn
        ):
            # the user reached for another piece of their own
            self._clear_selection()
            reason = self._pick_refusal(sq)
            if reason:
                self.illegal_drop.emit(reason)
            self.update()
            return
        self.illegal_drop.emit(self._drop_refusal(self._selected, sq))
        self.update()

    def _pick_refusal(self, sq: int) -> str:
        """Why the piece on ``sq`` cannot be picked up ('' if there is no piece)."""
        pos = self._position
        assert pos is not None
        piece = pos.piece_at(sq)
        if piece is None:
            return ""
        if not self._moves:
            return self._idle_reason or self.tr("No move can be made now")
        if piece.color is not pos.turn:
            return self.tr("That piece belongs to the other side")
        if self.must_capture_squares():
            return self.tr("You must capture")
        return self.tr("This piece cannot move")

    def _drop_refusal(self, frm: int, sq: int) -> str:
        pos = self._position
        assert pos is not None
        if self._prefix:
            return self.tr("The capture is not finished: jump on to a marked square")
        if pos.piece_at(sq) is not None:
            return self.tr("That square is occupied")
        if self.must_capture_squares():
            # a capture that reaches sq but loses to another under the capture rule?
            others = [
                m
                for m in pos.huff_moves()
                if m.is_capture and m.from_sq == frm and any(sq in r[1:] for r in m.paths)
            ]
            if others:
                return self.tr("Another capture takes precedence under these rules")
            return self.tr("You must capture")
        piece = pos.piece_at(frm)
        geo = pos.geometry
        if piece is not None and not piece.is_king:
            r1 = geo.sq_rowcol[frm][0]
            r2 = geo.sq_rowcol[sq][0]
            backward = r2 > r1 if piece.color is Color.WHITE else r2 < r1
            if backward:
                return self.tr("Men move only forward")
        return self.tr("This piece cannot move there")

    # -- mouse ---------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.RightButton and self._selected is not None:
            self._clear_selection()  # a right click puts the held piece back
            self.update()
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton or self._position is None:
            super().mousePressEvent(event)
            return
        point = event.position()
        sq = self.square_at(point)
        self._press_point = point
        self._press_on_piece = False
        self._dragging = False
        if self._pick:
            if sq is not None and sq in self._pick:
                self.square_picked.emit(sq)
            return
        if self._anim.state() == QVariantAnimation.State.Running:
            self._anim.stop()
            self._on_anim_finished()
        if sq is None:
            return
        held = self._held_square()
        if held is not None and sq == held:
            self._press_on_piece = True
            self._was_selected = True
        elif not self._prefix and sq in self._movable():
            self._was_selected = self._selected == sq
            if self._selected != sq:
                self._select(sq)
            self._press_on_piece = True
            self.update()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape and self._selected is not None:
            self._clear_selection()  # put the held piece back
            self.update()
            event.accept()
            return
        super().keyPressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if not self._press_on_piece or not (event.buttons() & Qt.MouseButton.LeftButton):
            return
        point = event.position()
        if not self._dragging:
            distance = (point - self._press_point).manhattanLength()
            if distance < QApplication.startDragDistance():
                return
            self._dragging = True
        self._drag_point = point
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton or self._position is None:
            super().mouseReleaseEvent(event)
            return
        if self._pick:
            return
        point = event.position()
        sq = self.square_at(point)
        if self._dragging:
            held = self._held_square()
            if sq is None:
                if self._on_light_square(point):
                    self.illegal_drop.emit(self.tr("Pieces move only on the dark squares"))
                self._dragging = False
            elif sq != held:
                self._try_target(sq)
            self._dragging = False
            self._press_on_piece = False
            self.update()
            return
        if self._press_on_piece:
            # a click on the held piece: a second click puts it down again
            if self._was_selected and not self._prefix:
                self._clear_selection()
            self._press_on_piece = False
            self.update()
            return
        if sq is None:
            if self._selected is not None and self._on_light_square(point):
                self.illegal_drop.emit(self.tr("Pieces move only on the dark squares"))
            return
        if self._selected is not None:
            if sq == self._selected and self._prefix:
                finals, steps = self.target_squares()
                if sq not in finals and sq not in steps:
                    self._prefix = []  # start the capture again
                    self.update()
                    return
            self._try_target(sq)
            return
        pressed = self.square_at(self._press_point)
        reason = self._pick_refusal(pressed if pressed is not None else sq)
        if reason:
            self.illegal_drop.emit(reason)

    # -- animation -----------------------------------------------------------------------

    def _start_animation(self, before: Position, move: Move) -> None:
        route = tuple(move.path)
        self._anim_before = before
        self._anim_route = route
        saved = self._position
        self._position = before
        self._anim_legs = [self._jumped(a, b) for a, b in zip(route, route[1:], strict=False)]
        self._position = saved
        legs = max(1, len(route) - 1)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(float(legs))
        step = max(20, self.animation_ms)
        self._anim.setDuration(min(max(900, 4 * step), step // 2 + step * legs))
        self._anim_t = 0.0
        self._anim.start()

    def _on_anim_value(self, value: object) -> None:
        self._anim_t = float(value)  # type: ignore[arg-type]
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

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
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
        held = self._held_square()
        hidden: set[int] = set()
        faded = set(self._partial_captures())
        if animating:
            hidden.add(self._anim_route[0])
            passed = int(self._anim_t + 0.5)
            for legs in self._anim_legs[:passed]:
                hidden.update(legs)
        elif self._selected is not None:
            hidden.add(self._selected)
        for sq in glow:
            if sq not in hidden or sq == self._selected:
                self._paint_glow(painter, self.square_center(sq), radius)
        for sq, piece in sorted(shown.pieces().items()):
            if sq in hidden:
                continue
            self._paint_piece(
                painter,
                self.square_center(sq),
                radius,
                piece.color,
                piece.is_king,
                alpha=0.35 if sq in faded else 1.0,
            )
        if not animating and self._selected is not None and not self._dragging:
            held_piece = shown.piece_at(self._selected)
            if held_piece is not None and held is not None:
                self._paint_piece(painter, self.square_center(held), radius, held_piece.color,
                                  held_piece.is_king)
        if self._numbers:
            self._paint_numbers(painter)
        self._paint_targets(painter)
        self._paint_pick(painter)
        top = None
        if animating:
            top = shown.piece_at(self._anim_route[0])
            where, size = self._anim_point(), radius
        elif self._dragging and self._selected is not None:
            top = shown.piece_at(self._selected)
            where, size = self._drag_point, radius * 1.08
        if top is not None:
            self._paint_piece(painter, where, size, top.color, top.is_king, lifted=True)
        painter.end()

    def _background(self) -> QPixmap:
        """The window colour, the frame with its coordinates and the squares, cached."""
        dpr = self.devicePixelRatioF()
        rules = self._position.rules if self._position is not None else None
        key = (
            self.width(), self.height(), dpr, self._flipped, self._coordinates,
            (rules.board_size, rules.numbering) if rules is not None else None,
            self.palette().color(QPalette.ColorRole.Window).rgba(), self.font().key(),
        )
        if self._bg is None or key != self._bg_key:
            pixmap = QPixmap(max(1, math.ceil(self.width() * dpr)),
                             max(1, math.ceil(self.height() * dpr)))
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
        grad.setColorAt(0.0, FRAME.lighter(125))
        grad.setColorAt(0.5, FRAME)
        grad.setColorAt(1.0, FRAME.darker(130))
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
        painter.setPen(FRAME_TEXT)
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
        painter.setBrush(self._light_square)
        painter.drawRect(area)
        geo = self._position.geometry if self._position is not None else None
        for row in range(size):
            for col in range(size):
                r, c = self._display(row, col)
                dark = geo.sq_at(r, c) is not None if geo is not None else (row + col) % 2 == 1
                if not dark:
                    continue
                rect = QRectF(area.left() + col * cell, area.top() + row * cell, cell, cell)
                grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
                grad.setColorAt(0.0, self._dark_square.lighter(108))
                grad.setColorAt(1.0, self._dark_square.darker(108))
                painter.setBrush(QBrush(grad))
                painter.drawRect(rect)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(FRAME.darker(140), max(1.0, cell * 0.02)))
        painter.drawRect(area)

    def _outline(self, painter: QPainter, sq: int, colour: QColor, width: float) -> None:
        rect = self.square_rect(sq)
        inset = width / 2
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour, width))
        painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))

    def _paint_route(self, painter: QPainter, route: Sequence[int], colour: QColor) -> None:
        if len(route) < 2:
            return
        cell = self._cell()
        path = QPainterPath(self.square_center(route[0]))
        for sq in route[1:]:
            path.lineTo(self.square_center(sq))
        pen = QPen(colour, max(2.0, cell * 0.06))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)

    def _paint_last_move(self, painter: QPainter) -> None:
        cell = self._cell()
        move = self._last_move
        if move is not None:
            fill = QColor(LAST_MOVE)
            fill.setAlpha(70)
            for sq in (move.path[0], move.path[-1]):
                painter.fillRect(self.square_rect(sq), fill)
            for sq in move.path:
                self._outline(painter, sq, LAST_MOVE, max(2.0, cell * 0.06))
            route_colour = QColor(LAST_MOVE)
            route_colour.setAlpha(150)
            self._paint_route(painter, move.path, route_colour)
            for sq in move.captured:
                self._paint_cross(painter, sq, CAPTURED_MARK)
        if self._last_blown is not None:
            self._paint_cross(painter, self._last_blown, PICK)
            self._outline(painter, self._last_blown, PICK, max(2.0, cell * 0.06))

    def _paint_cross(self, painter: QPainter, sq: int, colour: QColor) -> None:
        rect = self.square_rect(sq)
        cell = rect.width()
        c = rect.center()
        d = cell * 0.2
        mark = QColor(colour)
        mark.setAlpha(200)
        pen = QPen(mark, max(2.0, cell * 0.07))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d))
        painter.drawLine(QPointF(c.x() - d, c.y() + d), QPointF(c.x() + d, c.y() - d))
        ring = QPen(mark, max(1.5, cell * 0.035), Qt.PenStyle.DashLine)
        painter.setPen(ring)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(c, cell * 0.36, cell * 0.36)

    def _paint_hint(self, painter: QPainter) -> None:
        move = self._hint
        if move is None:
            return
        cell = self._cell()
        for sq in (move.path[0], move.path[-1]):
            self._outline(painter, sq, HINT, max(2.0, cell * 0.07))
        colour = QColor(HINT)
        colour.setAlpha(170)
        self._paint_route(painter, move.path, colour)

    def _paint_selection(self, painter: QPainter) -> None:
        if self._selected is None:
            return
        cell = self._cell()
        fill = QColor(SELECTED)
        fill.setAlpha(90)
        painter.fillRect(self.square_rect(self._selected), fill)
        self._outline(painter, self._selected, SELECTED, max(2.0, cell * 0.06))
        if self._prefix:
            colour = QColor(SELECTED)
            colour.setAlpha(200)
            self._paint_route(painter, [self._selected, *self._prefix], colour)

    def _paint_targets(self, painter: QPainter) -> None:
        finals, steps = self.target_squares()
        if not finals and not steps:
            return
        cell = self._cell()
        painter.setPen(Qt.PenStyle.NoPen)
        rim = QPen(QColor(255, 255, 255, 170), max(1.0, cell * 0.02))
        for sq in finals:
            painter.setPen(rim)
            painter.setBrush(TARGET)
            painter.drawEllipse(self.square_center(sq), cell * 0.17, cell * 0.17)
        for sq in steps - finals:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(TARGET, max(2.0, cell * 0.06)))
            painter.drawEllipse(self.square_center(sq), cell * 0.2, cell * 0.2)
            painter.setPen(Qt.PenStyle.NoPen)

    def _paint_pick(self, painter: QPainter) -> None:
        if not self._pick:
            return
        cell = self._cell()
        for sq in self._pick:
            c = self.square_center(sq)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(PICK, max(2.5, cell * 0.08)))
            painter.drawEllipse(c, cell * 0.46, cell * 0.46)

    def _paint_numbers(self, painter: QPainter) -> None:
        assert self._position is not None
        cell = self._cell()
        font = QFont(self.font())
        font.setPixelSize(max(7, int(cell * 0.2)))
        font.setBold(True)
        painter.setFont(font)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        shadow = max(1.0, cell * 0.015)
        for sq in range(1, self._position.geometry.squares + 1):
            rect = self.square_rect(sq).adjusted(cell * 0.04, cell * 0.01, 0, 0)
            painter.setPen(QColor(40, 25, 15, 200))
            painter.drawText(rect.translated(shadow, shadow), align, str(sq))
            painter.setPen(QColor(255, 247, 230))
            painter.drawText(rect, align, str(sq))

    def _paint_glow(self, painter: QPainter, center: QPointF, radius: float) -> None:
        grad = QRadialGradient(center, radius * 1.45)
        inner = QColor(GOLD)
        inner.setAlpha(230)
        mid = QColor(GOLD)
        mid.setAlpha(150)
        outer = QColor(GOLD)
        outer.setAlpha(0)
        grad.setColorAt(0.0, inner)
        grad.setColorAt(0.62, inner)
        grad.setColorAt(0.8, mid)
        grad.setColorAt(1.0, outer)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(center, radius * 1.45, radius * 1.45)

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
        """Draw a piece from the cache of pre-rendered pieces (gradients are slow to paint)."""
        pixmap = self._piece_pixmap(radius, colour, king, lifted)
        half = pixmap.width() / pixmap.devicePixelRatio() / 2
        painter.save()
        painter.setOpacity(alpha)
        painter.drawPixmap(QPointF(center.x() - half, center.y() - half), pixmap)
        painter.restore()

    def _piece_pixmap(self, radius: float, colour: Color, king: bool, lifted: bool) -> QPixmap:
        dpr = self.devicePixelRatioF()
        key = (round(radius * 4), colour, king, lifted, dpr)
        pixmap = self._pieces.get(key)
        if pixmap is None:
            r = key[0] / 4
            side = max(2, math.ceil(2 * r * 1.9 * dpr))
            pixmap = QPixmap(side, side)
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(Qt.GlobalColor.transparent)
            p = QPainter(pixmap)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            middle = side / dpr / 2
            self._draw_piece(p, QPointF(middle, middle), r, colour, king, lifted)
            p.end()
            if len(self._pieces) > 32:
                self._pieces.clear()
            self._pieces[key] = pixmap
        return pixmap

    def _draw_piece(
        self, painter: QPainter, center: QPointF, radius: float, colour: Color, king: bool,
        lifted: bool,
    ) -> None:
        thickness = radius * 0.16
        if king:
            lower = QPointF(center.x(), center.y() + thickness * 1.3)
            upper = QPointF(center.x(), center.y() - thickness * 1.2)
            self._paint_shadow(painter, lower, radius, thickness, lifted)
            self._paint_stone(painter, lower, radius, thickness, colour)
            self._paint_stone(painter, upper, radius, thickness, colour)
            self._paint_crown(painter, upper, radius, colour)
        else:
            self._paint_shadow(painter, center, radius, thickness, lifted)
            self._paint_stone(painter, center, radius, thickness, colour)

    def _paint_shadow(
        self, painter: QPainter, center: QPointF, radius: float, thickness: float, lifted: bool
    ) -> None:
        offset = radius * (0.3 if lifted else 0.12)
        spread = 1.25 if lifted else 1.1
        c = QPointF(center.x() + offset * 0.6, center.y() + thickness + offset)
        grad = QRadialGradient(c, radius * spread)
        grad.setColorAt(0.0, QColor(0, 0, 0, 120 if lifted else 140))
        grad.setColorAt(0.75, QColor(0, 0, 0, 60))
        grad.setColorAt(1.0, QColor(0, 0, 0, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(c, radius * spread, radius * spread * 0.92)

    def _paint_stone(
        self, painter: QPainter, center: QPointF, radius: float, thickness: float, colour: Color
    ) -> None:
        top, mid, edge = self._light_piece if colour is Color.WHITE else self._dark_piece
        # the side of the stone, seen below its top face
        side = QPointF(center.x(), center.y() + thickness)
        painter.setPen(QPen(edge.darker(130), max(0.8, radius * 0.03)))
        painter.setBrush(edge)
        painter.drawEllipse(side, radius, radius * 0.96)
        # the top face with a light from the upper left
        grad = QRadialGradient(
            QPointF(center.x() - radius * 0.35, center.y() - radius * 0.4), radius * 1.5
        )
        grad.setColorAt(0.0, top)
        grad.setColorAt(0.55, mid)
        grad.setColorAt(1.0, edge)
        painter.setPen(QPen(edge.darker(115), max(0.8, radius * 0.035)))
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(center, radius, radius * 0.96)
        # the turned grooves of a wooden draughts piece
        groove_dark = QColor(edge)
        groove_dark.setAlpha(170)
        groove_light = QColor(top)
        groove_light.setAlpha(140 if colour is Color.WHITE else 70)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for factor in (0.74, 0.5):
            painter.setPen(QPen(groove_dark, max(0.8, radius * 0.045)))
            painter.drawEllipse(center, radius * factor, radius * factor * 0.96)
            painter.setPen(QPen(groove_light, max(0.6, radius * 0.03)))
            shifted = QPointF(center.x() + radius * 0.02, center.y() + radius * 0.03)
            painter.drawEllipse(shifted, radius * factor, radius * factor * 0.96)

    def _paint_crown(
        self, painter: QPainter, center: QPointF, radius: float, colour: Color
    ) -> None:
        w = radius * 0.95
        h = radius * 0.62
        left = center.x() - w / 2
        base = center.y() + h * 0.45
        top = center.y() - h * 0.55
        path = QPainterPath(QPointF(left, base))
        path.lineTo(left - w * 0.04, top + h * 0.2)
        path.lineTo(left + w * 0.27, top + h * 0.52)
        path.lineTo(center.x(), top)
        path.lineTo(left + w * 0.73, top + h * 0.52)
        path.lineTo(left + w * 1.04, top + h * 0.2)
        path.lineTo(left + w, base)
        path.closeSubpath()
        grad = QLinearGradient(QPointF(center.x(), top), QPointF(center.x(), base))
        grad.setColorAt(0.0, CROWN.lighter(135))
        grad.setColorAt(1.0, CROWN.darker(125))
        outline = QColor("#5a3c00") if colour is Color.WHITE else QColor("#f7e7a8")
        painter.setPen(QPen(outline, max(0.8, radius * 0.05)))
        painter.setBrush(QBrush(grad))
        painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(outline)
        for x, y in ((left - w * 0.04, top + h * 0.2), (center.x(), top),
                     (left + w * 1.04, top + h * 0.2)):
            painter.drawEllipse(QPointF(x, y), radius * 0.07, radius * 0.07)
        band = QRectF(left, base - h * 0.18, w, h * 0.18)
        painter.setBrush(CROWN.darker(140))
        painter.drawRect(band)


def _follows(before: Position, move: Move, after: Position) -> bool:
    """True when ``move`` played in ``before`` gives ``after`` (worth animating)."""
    if before.rules != after.rules or before.piece_at(move.from_sq) is None:
        return False
    try:
        return before.play(move) == after
    except ValueError:
        return False


def _shades(base: QColor) -> tuple[QColor, QColor, QColor]:
    """Highlight, body and rim colours of a piece of colour ``base``."""
    light = base.lightness() > 128
    top = base.lighter(108) if light else base.lighter(190)
    edge = base.darker(150) if light else base.darker(250)
    return top, base, edge
