"""Setting up a position: put men and kings on the board by clicking or dragging, choose the
rule set and who moves, clear or reset, read or write a FEN; then play from it or save it.

Pieces come from a palette (click to choose, or drag one onto the board); on the board a
click puts the chosen piece down (a second click or a right click takes it away), a piece can
be dragged to another square, and a piece dragged off the board is removed.  The board is the
game's own :class:`BoardWidget`, so it looks the same and grows with the dialog.

Towers (rule sets with towers, Bashni): a Shift+click with a piece puts it at the bottom of the
square's tower (the piece already there stays on top), a Shift+click with the eraser or a
Shift+right click takes the bottom piece away; a plain click on a tower with its top piece
takes the top away (the next piece comes up), a right click clears the square, and a drag
moves the whole tower.  The FEN field reads and shows towers (``c3/bw``).

A position that cannot come about in a game is refused with the reason (a man on the row where
it would have been crowned, more pieces than a side starts with); a position where the game
would be over at once (a side without pieces, or no move for the side to move) may be saved
but not played, and the editor says why.

The sides are named as the rule set names them (Hell/Dunkel, White/Black, Black moving first
in English checkers), and squares as the window's notation preference names them -- in the
messages and on the board (square numbers, or the a-h/1-8 frame) -- like everywhere else.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import PRESETS, Color, DameError, Kind, Position, RuleSet, matching_preset
from dame_desktop.core.geometry import geometry_of
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.dialogs.wheel import guard_wheel
from dame_desktop.ui.words.names import colour_text
from dame_desktop.ui.words.notation import Notation, apply_to_board, squares_text
from dame_desktop.ui.words.texts import rules_name

Tool = tuple[Color, Kind] | None  # a piece, or None for the eraser

# palette entries: (colour, kind) or None for the eraser
TOOLS: tuple[Tool, ...] = (
    (Color.WHITE, Kind.MAN),
    (Color.WHITE, Kind.KING),
    (Color.BLACK, Kind.MAN),
    (Color.BLACK, Kind.KING),
    None,
)


def fen_of(
    pieces: dict[int, tuple[Color, Kind]], turn: Color, towers: dict[int, str] | None = None
) -> str:
    """A PDN FEN of ``pieces`` (square -> colour, kind) with ``turn`` to move; ``towers``
    gives the letters of the pieces under a square's top (``c3/bw``)."""
    parts = [turn.value]
    for colour in (Color.WHITE, Color.BLACK):
        squares = [
            ("K" if kind is Kind.KING else "")
            + str(sq)
            + (f"/{towers[sq]}" if towers and towers.get(sq) else "")
            for sq, (c, kind) in sorted(pieces.items())
            if c is colour
        ]
        parts.append(colour.value + ",".join(squares))
    return ":".join(parts)


def letter_of(piece: tuple[Color, Kind]) -> str:
    """The FEN letter of a piece inside a tower: w, W, b, B."""
    letter = "w" if piece[0] is Color.WHITE else "b"
    return letter.upper() if piece[1] is Kind.KING else letter


def piece_of(letter: str) -> tuple[Color, Kind]:
    return (
        Color.WHITE if letter in "wW" else Color.BLACK,
        Kind.KING if letter in "WB" else Kind.MAN,
    )


class SetupBoard(BoardWidget):
    """The board of the editor: clicks and drags edit the pieces instead of playing moves."""

    square_clicked = Signal(int)  # a left click on a playing square
    square_cleared = Signal(int)  # a right click on a playing square
    square_shift_clicked = Signal(int)  # Shift + left click: a piece under the tower's top
    square_shift_cleared = Signal(int)  # Shift + right click: the tower's bottom piece off
    piece_dragged = Signal(int, int)  # from, to (0: dropped off the board)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._press_square: int | None = None
        self._press_at = QPointF()
        self._lifting = False
        self._floating: tuple[Color, Kind, QPointF] | None = None

    def float_piece(self, piece: tuple[Color, Kind] | None, point: QPointF | None) -> None:
        """Draw ``piece`` at ``point`` (board coordinates) above the board; None hides it."""
        self._floating = None if piece is None or point is None else (*piece, point)
        self.update()

    def floating(self) -> tuple[Color, Kind, QPointF] | None:
        return self._floating

    def lifted_square(self) -> int | None:
        """The square whose piece is being dragged (shown at the pointer, not on its square)."""
        return self._press_square if self._lifting else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        square = self.square_at(event.position())
        if event.button() == Qt.MouseButton.RightButton:
            if square is not None:
                if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                    self.square_shift_cleared.emit(square)
                else:
                    self.square_cleared.emit(square)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._press_square = square
        self._press_at = event.position()
        self._lifting = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press_square is None or not (event.buttons() & Qt.MouseButton.LeftButton):
            return
        position = self.position()
        piece = position.piece_at(self._press_square) if position is not None else None
        if piece is None:
            return
        if not self._lifting:
            distance = (event.position() - self._press_at).manhattanLength()
            if distance < QApplication.startDragDistance():
                return
            self._lifting = True
        self.float_piece((piece.color, piece.kind), event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        start, lifting = self._press_square, self._lifting
        self._press_square = None
        self._lifting = False
        self.float_piece(None, None)
        point = event.position()
        square = self.square_at(point)
        if lifting and start is not None:
            if square is not None:
                if square != start:
                    self.piece_dragged.emit(start, square)
            elif not self._squares_rect().contains(point):
                self.piece_dragged.emit(start, 0)  # off the board: taken away
            return
        if start is not None and square == start:
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.square_shift_clicked.emit(square)
            else:
                self.square_clicked.emit(square)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        event.accept()  # a quick second click is a second click, nothing more

    def keyPressEvent(self, event: QKeyEvent) -> None:
        event.ignore()  # no moves, no stepping in the editor; Escape reaches the dialog

    def paintEvent(self, event: QPaintEvent) -> None:
        lifted = self.lifted_square()
        position = self.position()
        if lifted is not None and position is not None and position.piece_at(lifted):
            # paint the board without the lifted piece, then the piece at the pointer
            self._position = position.without(lifted)
            try:
                super().paintEvent(event)
            finally:
                self._position = position
        else:
            super().paintEvent(event)
        if self._floating is not None and position is not None:
            colour, kind, where = self._floating
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._paint_piece(
                painter, where, self._cell() * 0.43, colour, kind is Kind.KING, lifted=True
            )
            painter.end()


class PaletteButton(QToolButton):
    """One piece of the palette: click to choose it, or drag it onto the board."""

    def __init__(self, editor: SetupEditor, tool: Tool) -> None:
        super().__init__()
        self.editor = editor
        self.tool = tool
        self.setCheckable(True)
        self.setAutoExclusive(True)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setIconSize(QSize(30, 30))
        if tool is not None:
            self.setIcon(
                editor.board.art.icon(tool[0], tool[1] is Kind.KING, 30, self.devicePixelRatioF())
            )
        self._press = QPoint()
        self._dragging = False

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
            self._dragging = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not (event.buttons() & Qt.MouseButton.LeftButton):
            super().mouseMoveEvent(event)
            return
        point = event.position().toPoint()
        if not self._dragging:
            if (point - self._press).manhattanLength() < QApplication.startDragDistance():
                return
            self._dragging = True
            self.setChecked(True)
        self.editor.palette_drag(self.tool, self.mapToGlobal(point))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._dragging and event.button() == Qt.MouseButton.LeftButton:
            self._dragging = False
            self.setDown(False)
            self.setChecked(True)
            self.editor.palette_drop(self.tool, self.mapToGlobal(event.position().toPoint()))
            return
        super().mouseReleaseEvent(event)


class SetupEditor(QDialog):
    """Accepted with ``action`` = "play" or "save"; :meth:`position` is the result.

    ``position_edited`` follows every edit: the position on the board when one can play from
    it, else None (:meth:`problem` says why) -- the analysis panel analyses it meanwhile.
    """

    position_edited = Signal(object)  # Position | None

    def __init__(
        self,
        rules: RuleSet,
        start: Position | None = None,
        parent: QWidget | None = None,
        *,
        notation: Notation = Notation.RULES,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("setupEditor")
        self.setWindowTitle(self.tr("Set up a position"))
        self.rules = rules
        self.notation = notation  # how squares are named (the window's preference)
        self.action = ""
        self.pieces: dict[int, tuple[Color, Kind]] = {}
        self.towers: dict[int, str] = {}  # square -> letters under its top (towers only)
        self.turn = rules.first
        outer = QVBoxLayout(self)
        layout = QHBoxLayout()
        outer.addLayout(layout, 1)
        self.board = SetupBoard()
        self.board.setObjectName("setupBoard")
        self.board.set_animated(False)
        apply_to_board(self.board, notation, rules)
        self.board.setMinimumSize(300, 300)
        self.board.square_clicked.connect(self.click_square)
        self.board.square_cleared.connect(self.clear_square)
        self.board.square_shift_clicked.connect(self.add_below)
        self.board.square_shift_cleared.connect(self.remove_bottom)
        self.board.piece_dragged.connect(self.drag_piece)
        layout.addWidget(self.board, 1)
        side_widget = QWidget()
        side_widget.setMaximumWidth(320)
        side = QVBoxLayout(side_widget)
        side.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(side_widget)

        side.addWidget(QLabel(self.tr("Rules:")))
        self.rules_box = QComboBox()
        self.rules_box.setObjectName("rulesBox")
        self._choices: list[RuleSet] = []
        if matching_preset(rules) is None:
            self._choices.append(rules)  # the game's own house rules come first
        self._choices.extend(PRESETS)
        for choice in self._choices:
            self.rules_box.addItem(rules_name(choice), choice.key)
        self.rules_box.setCurrentIndex(self._choices.index(self._matching(rules)))
        self.rules_box.currentIndexChanged.connect(self._on_rules)
        side.addWidget(self.rules_box)

        self.hint = QLabel(
            self.tr(
                "Click a square to put the chosen piece there; click it again or right-click to "
                "take it away. Drag a piece from the list or from square to square; drag it off "
                "the board to remove it."
            )
        )
        self.hint.setWordWrap(True)
        side.addWidget(self.hint)
        self.tower_hint = QLabel(
            self.tr(
                "Towers: Shift+click puts the chosen piece at the bottom of the tower on that "
                "square; Shift+right-click takes the bottom piece away. A drag moves the whole "
                "tower."
            )
        )
        self.tower_hint.setObjectName("towerHint")
        self.tower_hint.setWordWrap(True)
        side.addWidget(self.tower_hint)
        self.tool_group = QButtonGroup(self)
        grid = QGridLayout()
        self.tool_buttons: list[PaletteButton] = []
        for i, tool in enumerate(TOOLS):
            button = PaletteButton(self, tool)
            button.setObjectName(f"tool{i}")
            self.tool_group.addButton(button, i)
            self.tool_buttons.append(button)
            grid.addWidget(button, i // 2, i % 2)
        self.tool_group.button(0).setChecked(True)
        side.addLayout(grid)

        turn_row = QHBoxLayout()
        turn_row.addWidget(QLabel(self.tr("To move:")))
        self.turn_box = QComboBox()
        self.turn_box.setObjectName("turnBox")
        for colour in (Color.WHITE, Color.BLACK):
            self.turn_box.addItem("", colour.value)
        self.turn_box.currentIndexChanged.connect(self._on_turn)
        turn_row.addWidget(self.turn_box, 1)
        side.addLayout(turn_row)
        row = QHBoxLayout()
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.clicked.connect(self.clear)
        self.start_button = QPushButton(self.tr("Start position"))
        self.start_button.clicked.connect(self.reset)
        row.addWidget(self.clear_button)
        row.addWidget(self.start_button)
        side.addLayout(row)
        side.addWidget(QLabel(self.tr("FEN:")))
        fen_row = QHBoxLayout()
        self.fen_edit = QLineEdit()
        self.fen_edit.setObjectName("fenEdit")
        self.fen_edit.returnPressed.connect(self.apply_fen)
        fen_row.addWidget(self.fen_edit, 1)
        self.fen_button = QPushButton(self.tr("Read FEN"))
        self.fen_button.clicked.connect(self.apply_fen)
        fen_row.addWidget(self.fen_button)
        side.addLayout(fen_row)
        self.message = QLabel()
        self.message.setObjectName("setupMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        side.addWidget(self.message)
        side.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.play_button = buttons.addButton(
            self.tr("Play from here"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.save_button = buttons.addButton(
            self.tr("Save as PDN…"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.play_button.clicked.connect(lambda: self._finish("play"))
        self.save_button.clicked.connect(lambda: self._finish("save"))
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        if start is not None and start.rules.board_size != rules.board_size:
            start = None
        self._name_sides()
        self.tower_hint.setVisible(rules.towers)
        self.load(start if start is not None else Position.start(rules))
        self.resize(980, 640)
        guard_wheel(self)  # a wheel turn over the rules or turn box does not change them

    # -- rules -------------------------------------------------------------------------------

    def _side(self, colour: Color) -> str:
        return colour_text(self.rules, colour)

    def _name_sides(self) -> None:
        """The palette and the side to move, named as the rules name the sides."""
        for button in self.tool_buttons:
            tool = button.tool
            if tool is None:
                button.setText(self.tr("Empty square"))
            else:
                text = self.tr("%1 king") if tool[1] is Kind.KING else self.tr("%1 man")
                button.setText(text.replace("%1", self._side(tool[0])))
        for index, colour in enumerate((Color.WHITE, Color.BLACK)):
            self.turn_box.setItemText(index, self._side(colour))

    def _matching(self, rules: RuleSet) -> RuleSet:
        for choice in self._choices:
            if choice == rules:
                return choice
        return self._choices[0]

    def set_rules(self, rules: RuleSet) -> None:
        """Edit under ``rules``: on a board of the same size the pieces stay on their cells
        (mirrored left to right where the dark squares lie the other way, as in Spanish and
        Italian draughts), on another size the new rules' start position is shown."""
        old = self.rules
        self.rules = rules
        index = self._choices.index(self._matching(rules)) if rules in self._choices else -1
        if index >= 0 and index != self.rules_box.currentIndex():
            self.rules_box.blockSignals(True)
            self.rules_box.setCurrentIndex(index)
            self.rules_box.blockSignals(False)
        self._name_sides()
        self.tower_hint.setVisible(rules.towers)
        apply_to_board(self.board, self.notation, rules)
        if not rules.towers:
            self.towers = {}  # the tops stay
        if old.board_size == rules.board_size:
            before = Position.from_fen(self.fen(), old).geometry
            after = Position.start(rules).geometry
            moved: dict[int, tuple[Color, Kind]] = {}
            towers: dict[int, str] = {}
            for sq, piece in self.pieces.items():
                row, col = before.sq_rowcol[sq]
                # a board with its light corner on the other side: the mirror image
                new = after.sq_at(row, col) or after.sq_at(row, after.size - 1 - col)
                if new is not None and new not in moved:
                    moved[new] = piece
                    if sq in self.towers:
                        towers[new] = self.towers[sq]
            self.pieces = moved
            self.towers = towers
            self._refresh()
        else:
            self.load(Position.start(rules))

    def _on_rules(self, index: int) -> None:
        if 0 <= index < len(self._choices):
            self.set_rules(self._choices[index])

    # -- editing ---------------------------------------------------------------------------

    def load(self, position: Position) -> None:
        self.pieces = {sq: (p.color, p.kind) for sq, p in position.pieces().items()}
        geo = position.geometry
        self.towers = {geo.bit_to_sq[bit]: below for bit, below in position.stacks}
        self.turn = position.turn
        self._refresh()

    def clear(self) -> None:
        self.pieces = {}
        self.towers = {}
        self._refresh()

    def reset(self) -> None:
        self.load(Position.start(self.rules))

    def tool(self) -> Tool:
        return TOOLS[max(0, self.tool_group.checkedId())]

    def click_square(self, square: int) -> None:
        """Put the chosen piece on ``square``; the same piece again takes it away (on a
        tower: the top goes and the next piece comes up)."""
        tool = self.tool()
        if tool is None or self.pieces.get(square) == tool:
            self._take_top(square)
        else:
            self.pieces[square] = tool
        self._refresh()

    def _take_top(self, square: int) -> None:
        below = self.towers.pop(square, "")
        if below:
            self.pieces[square] = piece_of(below[0])
            if below[1:]:
                self.towers[square] = below[1:]
        else:
            self.pieces.pop(square, None)

    def add_below(self, square: int) -> None:
        """Towers: the chosen piece goes to the bottom of the tower on ``square`` (on an
        empty square it is the top); the eraser takes the bottom piece away.  Without towers
        a plain click."""
        tool = self.tool()
        if not self.rules.towers:
            self.click_square(square)
            return
        if tool is None:
            self.remove_bottom(square)
            return
        if square not in self.pieces:
            self.pieces[square] = tool
        else:
            self.towers[square] = self.towers.get(square, "") + letter_of(tool)
        self._refresh()

    def remove_bottom(self, square: int) -> None:
        """Towers: the bottom piece of the tower on ``square`` is taken away (a single piece
        goes); without towers a right click."""
        below = self.towers.get(square, "")
        if not self.rules.towers or not below:
            self.clear_square(square)
            return
        if below[:-1]:
            self.towers[square] = below[:-1]
        else:
            del self.towers[square]
        self._refresh()

    def clear_square(self, square: int) -> None:
        self.towers.pop(square, None)
        if self.pieces.pop(square, None) is not None:
            self._refresh()

    def drag_piece(self, start: int, target: int) -> None:
        """Move the piece (the tower) on ``start`` to ``target`` (0: off the board, taken
        away)."""
        piece = self.pieces.pop(start, None)
        below = self.towers.pop(start, "")
        self.towers.pop(target, None)
        if piece is not None and target:
            self.pieces[target] = piece
            if below:
                self.towers[target] = below
        self._refresh()

    def palette_drag(self, tool: Tool, global_point: QPoint) -> None:
        """A palette piece is being dragged: show it over the board under the pointer."""
        local = QPointF(self.board.mapFromGlobal(global_point))
        inside = self.board.rect().contains(local.toPoint())
        self.board.float_piece(tool if inside else None, local)

    def palette_drop(self, tool: Tool, global_point: QPoint) -> None:
        """A palette piece was let go: put it on the square under the pointer, if any."""
        self.board.float_piece(None, None)
        square = self.board.square_at(QPointF(self.board.mapFromGlobal(global_point)))
        if square is None:
            return
        if tool is None:
            self.pieces.pop(square, None)
            self.towers.pop(square, None)
        else:
            self.pieces[square] = tool
        self._refresh()

    def _on_turn(self, _index: int) -> None:
        self.turn = Color(str(self.turn_box.currentData()))
        self._refresh()

    def fen(self) -> str:
        return fen_of(self.pieces, self.turn, self.towers if self.rules.towers else None)

    def position(self) -> Position:
        """The position on the board; a tower column the core refuses (more pieces of a
        colour than a side has: :meth:`impossible` says so) is shown by its tops only."""
        try:
            return Position.from_fen(self.fen(), self.rules)
        except DameError:
            if not self.towers:
                raise
            return Position.from_fen(fen_of(self.pieces, self.turn), self.rules)

    def apply_fen(self) -> bool:
        text = self.fen_edit.text().strip()
        try:
            position = Position.from_fen(text, self.rules)
        except DameError as exc:
            self.message.setText(self.tr("This FEN cannot be read: %1").replace("%1", str(exc)))
            return False
        self.load(position)
        return True

    def _refresh(self) -> None:
        position = self.position()
        self.board.set_position(position, (), animate=False)
        self.turn_box.blockSignals(True)
        self.turn_box.setCurrentIndex(0 if self.turn is Color.WHITE else 1)
        self.turn_box.blockSignals(False)
        self.fen_edit.setText(position.fen())
        impossible = self.impossible()
        problem = self.problem()
        self.message.setText(problem)
        self.message.setStyleSheet("color: #b00020;" if impossible else "")
        self.play_button.setEnabled(not problem)
        self.save_button.setEnabled(bool(self.pieces) and not impossible)
        self.play_button.setToolTip(problem)
        self.position_edited.emit(None if problem else position)

    def playable_position(self) -> Position | None:
        """The position on the board when one can play from it, else None."""
        return None if self.problem() else self.position()

    # -- checks ------------------------------------------------------------------------------

    def impossible(self) -> str:
        """Why this position cannot come about in a game under the rules ("" when it can)."""
        geo = geometry_of(self.rules)
        sides = (
            (Color.WHITE, self._side(Color.WHITE), geo.white_promo),
            (Color.BLACK, self._side(Color.BLACK), geo.black_promo),
        )
        for colour, name, crown_row in sides:
            men = sorted(
                sq
                for sq, (c, kind) in self.pieces.items()
                if c is colour and kind is Kind.MAN and crown_row >> geo.sq_to_bit[sq] & 1
            )
            if not men:
                continue
            text = (
                self.tr(
                    "%1 has a man on %2, the row where it is crowned: make it a king or move it."
                )
                if len(men) == 1
                else self.tr(
                    "%1 has men on %2, the row where they are crowned: make them "
                    "kings or move them."
                )
            )
            return text.replace("%1", name).replace(
                "%2", squares_text(men, self.rules, self.notation)
            )
        most = self.rules.start_rows * geo.n
        inside = "".join(self.towers.values())
        for colour, name, _row in sides:
            count = sum(1 for c, _kind in self.pieces.values() if c is colour)
            count += sum(1 for letter in inside if (letter in "wW") == (colour is Color.WHITE))
            if count > most:
                return (
                    self.tr("%1 has %2 pieces, but starts with %3 under these rules.")
                    .replace("%1", name)
                    .replace("%2", str(count))
                    .replace("%3", str(most))
                )
        return ""

    def problem(self) -> str:
        """Why one cannot play from this position ("" when one can)."""
        if not self.pieces:
            return self.tr("The board is empty.")
        impossible = self.impossible()
        if impossible:
            return impossible
        for colour in (Color.WHITE, Color.BLACK):
            name = self._side(colour)
            if not any(c is colour for c, _kind in self.pieces.values()):
                return self.tr(
                    "%1 has no pieces: the game would be over at once. You can "
                    "still save the position."
                ).replace("%1", name)
        if not self.position().legal_moves():
            name = self._side(self.turn)
            return self.tr(
                "%1 is to move but has no move: the game would be over at once. "
                "Choose the other side to move, or save the position."
            ).replace("%1", name)
        return ""

    def _finish(self, action: str) -> None:
        self.action = action
        self.accept()
