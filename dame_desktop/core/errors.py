"""Errors of the rules core.  All are ValueError subclasses carrying a readable reason."""

from __future__ import annotations

import enum


class DameError(ValueError):
    """Base class for every error the core raises on bad input."""


class RulesError(DameError):
    """An unknown rule set, switch or switch value."""


class FenError(DameError):
    """A malformed or impossible FEN; the message names the offending part."""


class MoveParseError(DameError):
    """Move text that cannot be read at all."""


class IllegalKind(enum.Enum):
    """Why a move was refused, for the UI to word."""

    NOT_LEGAL = "not-legal"  # not a legal move in the position
    TOUCHED = "touched"  # touch-move: another piece was touched and must move


class IllegalMoveError(DameError):
    """A move that is not legal in the position.

    ``kind`` says why; for ``IllegalKind.TOUCHED`` ``square`` is the touched piece's square.
    """

    def __init__(
        self, message: str, *, kind: IllegalKind = IllegalKind.NOT_LEGAL, square: int | None = None
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.square = square


class AmbiguousMoveError(DameError):
    """Move text that matches more than one legal move."""


class GameError(DameError):
    """An action the game cannot take now (e.g. undo at the start, move after the end)."""
