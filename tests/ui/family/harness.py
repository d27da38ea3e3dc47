"""A bare hot-seat table for the tests: a real BoardWidget and a real core Game, no window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Game, Move, Position, RuleSet
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.family.touch import TouchMove


class HotSeat:
    """Two people at one board: what the board chooses is played in the game at once."""

    def __init__(self, qtbot, rules: RuleSet, start: Position | None = None) -> None:
        self.game = Game(rules, start)
        self.board = BoardWidget()
        qtbot.addWidget(self.board)
        self.board.set_animated(False)
        self.board.resize(480, 480)
        self.touch = TouchMove(self.board, lambda: self.game)
        self.refusals: list[str] = []
        self.played: list[Move] = []
        self.board.illegal_drop.connect(self.refusals.append)
        self.board.move_chosen.connect(self.play)
        self.touch.bound.connect(self.narrow)
        self.board.show()
        qtbot.waitExposed(self.board)
        self.show()

    def show(self) -> None:
        game = self.game
        moves = [] if game.is_over else game.legal_moves()
        self.board.set_position(game.position, moves, last_move=game.last_move)
        self.board.bind_touch(game.touched)
        self.touch.update_enabled()

    def narrow(self, _square: int) -> None:
        """A piece was bound: the board offers the game's narrowed moves (the piece stays in
        hand)."""
        self.board.set_moves(self.game.legal_moves())
        self.board.bind_touch(self.game.touched)

    def play(self, move: Move) -> None:
        self.played.append(self.game.play(move))
        self.show()

    def point(self, square: int) -> QPoint:
        return self.board.square_center(square).toPoint()

    def click(self, square: int) -> None:
        QTest.mouseClick(
            self.board,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            self.point(square),
        )

    def drag(self, a: int, b: int, steps: int = 6) -> None:
        pa, pb = self.board.square_center(a), self.board.square_center(b)
        QTest.mousePress(
            self.board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pa.toPoint()
        )
        for i in range(1, steps + 1):
            QTest.mouseMove(self.board, (pa + (pb - pa) * (i / steps)).toPoint())
        QTest.mouseRelease(
            self.board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pb.toPoint()
        )
