"""A cursor in a PDN game tree: the navigator while a game of a file is studied.

The cursor is a node; its position is the node's own (kept in the node, nothing is replayed).
A move played from it goes into the tree: the existing child with that move, else a new
variation -- or, with ``overwrite`` on, a new main continuation that replaces the old one.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from dame_desktop import pdn
from dame_desktop.core import Move, Position
from dame_desktop.ui.navigation import END, HOME, Navigator


class TreeNavigator(Navigator):
    edited = Signal()  # a move was added to the tree
    refused = Signal(str)  # a move could not go into the tree (the reason)

    def __init__(self, game: pdn.Game, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.node: pdn.GameNode = game
        self.overwrite = False

    def go_to(self, node: pdn.GameNode) -> None:
        if node is not self.node:
            self.node = node
            self.changed.emit()

    def position(self) -> Position:
        return self.node.position()

    def last_move(self) -> Move | None:
        node = self.node
        return node.move if isinstance(node, pdn.ChildNode) else None

    def history(self) -> tuple[Position, ...]:
        line: list[Position] = []
        node = self.node.parent
        while node is not None:
            line.append(node.position())
            node = node.parent
        line.reverse()
        return tuple(line)

    def playable(self) -> tuple[Move, ...]:
        return tuple(self.position().legal_moves())

    def play(self, move: Move) -> bool:
        node = self.node
        child = next((c for c in node.variations if c.move == move), None)
        if child is None:
            try:
                child = node.add_variation(move)
            except ValueError as exc:
                self.refused.emit(str(exc))
                return False
            if self.overwrite and len(node.variations) > 1:
                node.variations.remove(child)
                node.variations[0] = child
            self.node = child
            self.edited.emit()
        else:
            self.node = child
        self.changed.emit()
        return True

    def _target(self, delta: int) -> pdn.GameNode:
        node = self.node
        if delta <= HOME:
            return self.game
        if delta >= END:
            return node.end()
        for _ in range(abs(delta)):
            if delta < 0:
                node = node.parent if node.parent is not None else node
            else:
                node = node.variations[0] if node.variations else node
        return node

    def can_step(self, delta: int) -> bool:
        return self._target(delta) is not self.node

    def step(self, delta: int) -> bool:
        target = self._target(delta)
        if target is self.node:
            return False
        self.go_to(target)
        return True

    def switch_variation(self, delta: int) -> bool:
        """The sibling variation ``delta`` places away from the shown move."""
        node = self.node
        if not isinstance(node, pdn.ChildNode) or node.parent is None:
            return False
        siblings = node.parent.variations
        j = siblings.index(node) + delta
        if 0 <= j < len(siblings):
            self.go_to(siblings[j])
            return True
        return False
