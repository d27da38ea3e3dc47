"""Setting up a position: put men and kings on the board by clicking, choose who moves,
clear or reset, read or write a FEN; then play from it or save it as a PDN game."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import Color, DameError, Kind, Position, RuleSet
from dame_desktop.ui.board.widget import BoardWidget

# palette entries: (colour, kind) or None for the eraser
TOOLS: tuple[tuple[Color, Kind] | None, ...] = (
    (Color.WHITE, Kind.MAN), (Color.WHITE, Kind.KING),
    (Color.BLACK, Kind.MAN), (Color.BLACK, Kind.KING), None)


def fen_of(pieces: dict[int, tuple[Color, Kind]], turn: Color) -> str:
    """A PDN FEN of ``pieces`` (square -> colour, kind) with ``turn`` to move."""
    parts = [turn.value]
    for colour in (Color.WHITE, Color.BLACK):
        squares = [("K" if kind is Kind.KING else "") + str(sq)
                   for sq, (c, kind) in sorted(pieces.items()) if c is colour]
        parts.append(colour.value + ",".join(squares))
    return ":".join(parts)


class SetupEditor(QDialog):
    """Accepted with ``action`` = "play" or "save"; :meth:`position` is the result."""

    def __init__(self, rules: RuleSet, start: Position | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupEditor")
        self.setWindowTitle(self.tr("Set up a position"))
        self.rules = rules
        self.action = ""
        self.pieces: dict[int, tuple[Color, Kind]] = {}
        self.turn = rules.first
        layout = QHBoxLayout(self)
        self.board = BoardWidget()
        self.board.setObjectName("setupBoard")
        self.board.set_animated(False)
        self.board.set_show_numbers(True)
        self.board.setMinimumSize(360, 360)
        layout.addWidget(self.board, 1)
        side = QVBoxLayout()
        layout.addLayout(side)
        hint = QLabel(self.tr("Click a square to put the chosen piece there; "
                              "click it again to take it away."))
        hint.setWordWrap(True)
        side.addWidget(hint)
        names = (self.tr("Light man"), self.tr("Light king"), self.tr("Dark man"),
                 self.tr("Dark king"), self.tr("Empty square"))
        self.tool_group = QButtonGroup(self)
        grid = QGridLayout()
        for i, text in enumerate(names):
            button = QRadioButton(text)
            button.setObjectName(f"tool{i}")
            self.tool_group.addButton(button, i)
            grid.addWidget(button, i // 2, i % 2)
        self.tool_group.button(0).setChecked(True)
        side.addLayout(grid)
        turn_row = QHBoxLayout()
        turn_row.addWidget(QLabel(self.tr("To move:")))
        self.turn_box = QComboBox()
        self.turn_box.setObjectName("turnBox")
        self.turn_box.addItem(self.tr("Light"), Color.WHITE.value)
        self.turn_box.addItem(self.tr("Dark"), Color.BLACK.value)
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
        self.fen_edit = QLineEdit()
        self.fen_edit.setObjectName("fenEdit")
        self.fen_edit.returnPressed.connect(self.apply_fen)
        side.addWidget(self.fen_edit)
        self.fen_button = QPushButton(self.tr("Read FEN"))
        self.fen_button.clicked.connect(self.apply_fen)
        side.addWidget(self.fen_button)
        self.message = QLabel()
        self.message.setObjectName("setupMessage")
        self.message.setWordWrap(True)
        side.addWidget(self.message)
        side.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.play_button = buttons.addButton(self.tr("Play from here"),
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button = buttons.addButton(self.tr("Save as PDN…"),
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.play_button.clicked.connect(lambda: self._finish("play"))
        self.save_button.clicked.connect(lambda: self._finish("save"))
        buttons.rejected.connect(self.reject)
        side.addWidget(buttons)
        self.board.installEventFilter(self)  # clicks place pieces; no moves are played
        self.load(start if start is not None else Position.start(rules))
        self.resize(760, 460)

    # -- editing ---------------------------------------------------------------------------

    def load(self, position: Position) -> None:
        self.pieces = {sq: (p.color, p.kind) for sq, p in position.pieces().items()}
        self.turn = position.turn
        self._refresh()

    def clear(self) -> None:
        self.pieces = {}
        self._refresh()

    def reset(self) -> None:
        self.load(Position.start(self.rules))

    def tool(self) -> tuple[Color, Kind] | None:
        return TOOLS[max(0, self.tool_group.checkedId())]

    def click_square(self, square: int) -> None:
        tool = self.tool()
        if tool is None or self.pieces.get(square) == tool:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = tool
        self._refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.board and isinstance(event, QMouseEvent):
            if event.type() == QEvent.Type.MouseButtonPress:
                if event.button() == Qt.MouseButton.LeftButton:
                    square = self.board.square_at(event.position())
                    if square is not None:
                        self.click_square(square)
                return True
            if event.type() in (QEvent.Type.MouseButtonRelease, QEvent.Type.MouseMove,
                                QEvent.Type.MouseButtonDblClick):
                return True
        return super().eventFilter(watched, event)

    def _on_turn(self, _index: int) -> None:
        self.turn = Color(str(self.turn_box.currentData()))
        self._refresh()

    def fen(self) -> str:
        return fen_of(self.pieces, self.turn)

    def position(self) -> Position:
        return Position.from_fen(self.fen(), self.rules)

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
        problem = self.problem()
        self.message.setText(problem)
        self.play_button.setEnabled(not problem)
        self.save_button.setEnabled(bool(self.pieces))

    def problem(self) -> str:
        """Why one cannot play from this position ("" when one can)."""
        position = self.position()
        if not self.pieces:
            return self.tr("The board is empty.")
        if not position.legal_moves():
            return self.tr("The side to move has no move: the game would be over at once.")
        return ""

    def _finish(self, action: str) -> None:
        self.action = action
        self.accept()
