"""The notation preference: square numbers (11-15) or coordinates (c3-d4).

It decides how the move list, the messages ("Stein auf 18" / "Stein auf d4") and the position
text name squares; the PDN file keeps its standard notation (the writer never asks this).
:func:`apply_to_board` makes the board show what the text uses: square numbers on the
squares, or the letters and numbers in the frame.

Apart from :func:`apply_to_board` and the translated labels this is plain text work on core
values; the words go through ``QCoreApplication.translate`` (context ``Notation``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, Signal
from PySide6.QtWidgets import QComboBox, QWidget

from dame_desktop.core import Game, IllegalMoveError, Kind, Move, Position, RuleSet
from dame_desktop.core.errors import IllegalKind
from dame_desktop.core.geometry import geometry_of
from dame_desktop.ui.words.names import colour_text

translate = QCoreApplication.translate


class Notation(enum.Enum):
    """How squares are named in the window."""

    RULES = "rules"  # as the rule set writes it (numbers; coordinates for Russian, ...)
    NUMBERS = "numbers"  # 11-15
    COORDINATES = "coordinates"  # c3-d4

    @classmethod
    def from_value(cls, value: object) -> Notation:
        """The notation stored as ``value`` (a preference), RULES for anything unknown."""
        for member in cls:
            if member.value == value:
                return member
        return cls.RULES


def notation_label(notation: Notation) -> str:
    """The choice as the preferences show it."""
    if notation is Notation.NUMBERS:
        return translate("Notation", "Square numbers (11-15)")
    if notation is Notation.COORDINATES:
        return translate("Notation", "Coordinates (c3-d4)")
    return translate("Notation", "As the rules write it")


def uses_coordinates(notation: Notation, rules: RuleSet) -> bool:
    """True when squares are shown as c3, d4 under ``notation`` and ``rules``."""
    if notation is Notation.RULES:
        return rules.algebraic
    return notation is Notation.COORDINATES


def square_text(square: int, rules: RuleSet, notation: Notation) -> str:
    """One square: ``18`` or ``d4``."""
    if uses_coordinates(notation, rules):
        return geometry_of(rules).sq_name(square)
    return str(square)


def squares_text(squares: Iterable[int], rules: RuleSet, notation: Notation) -> str:
    """Several squares for a message: ``18, 22`` or ``d4, e5``."""
    return ", ".join(square_text(sq, rules, notation) for sq in squares)


def move_text(position: Position, move: Move, notation: Notation, style: str = "short") -> str:
    """``move`` played in ``position``: ``11-15`` / ``c3-d4`` (captures ``10x19`` /
    ``c3:e5`` with the rule set's separator), the full route when it is needed."""
    return position.move_text(move, style, algebraic=uses_coordinates(notation, position.rules))


def position_text(position: Position, notation: Notation) -> str:
    """Every piece and who is to move, in the user's language and notation, the side that
    moves first first: "Light: men 21, 22; kings 4. Dark: men 1, 2. Light to move." (the
    sides' names come from the rule set)."""
    rules = position.rules
    first = rules.first
    sides: list[str] = []
    pieces = position.pieces()
    for colour in (first, first.opponent):
        men = sorted(sq for sq, p in pieces.items() if p.color is colour and p.kind is Kind.MAN)
        kings = sorted(sq for sq, p in pieces.items() if p.color is colour and p.kind is Kind.KING)
        parts = []
        if men:
            text = (
                translate("Notation", "man %1")
                if len(men) == 1
                else translate("Notation", "men %1")
            )
            parts.append(text.replace("%1", squares_text(men, rules, notation)))
        if kings:
            text = (
                translate("Notation", "king %1")
                if len(kings) == 1
                else translate("Notation", "kings %1")
            )
            parts.append(text.replace("%1", squares_text(kings, rules, notation)))
        if not parts:
            parts.append(translate("Notation", "no pieces"))
        sides.append(
            translate("Notation", "%1: %2")
            .replace("%1", colour_text(rules, colour))
            .replace("%2", "; ".join(parts))
        )
    tail = translate("Notation", "%1 to move.").replace("%1", colour_text(rules, position.turn))
    return ". ".join(sides) + ". " + tail


class _Board(Protocol):
    def set_notation_labels(self, numbers: bool, coordinates: bool) -> None: ...


def apply_to_board(board: _Board, notation: Notation, rules: RuleSet) -> None:
    """Make the board show the squares as the text names them: numbers on the squares for
    square numbers (also for the rules' own notation when the rules number the squares),
    the a-h / 1-8 frame (and no numbers) for coordinates.  (Where the texts use numbers,
    View › Show square numbers decides whether they are drawn.)"""
    coordinates = uses_coordinates(notation, rules)
    board.set_notation_labels(numbers=not coordinates, coordinates=coordinates)


class NotationChoice(QComboBox):
    """The preference as a list to choose from (the preferences dialog embeds it).
    ``notation_changed(Notation)`` when the user picks another entry."""

    notation_changed = Signal(object)  # Notation

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notationChoice")
        for notation in Notation:
            self.addItem(notation_label(notation), notation.value)
        self.currentIndexChanged.connect(lambda _index: self.notation_changed.emit(self.notation()))

    def notation(self) -> Notation:
        return Notation.from_value(self.currentData())

    def set_notation(self, notation: Notation) -> None:
        self.setCurrentIndex(self.findData(notation.value))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            for index, notation in enumerate(Notation):
                self.setItemText(index, notation_label(notation))
        super().changeEvent(event)


def illegal_move_text(
    error: IllegalMoveError, notation: Notation = Notation.RULES, game: Game | None = None
) -> str:
    """A refused move in words: a touched piece that must be moved is named by its square."""
    if error.kind is IllegalKind.TOUCHED and error.square is not None:
        where = (
            square_text(error.square, game.rules, notation)
            if game is not None
            else str(error.square)
        )
        return translate(
            "Family", "Touch-move rule: you touched the piece on %1, so it must be moved."
        ).replace("%1", where)
    return translate("Family", "That move is not allowed here.")
