"""Errors of the rules core.  All are ValueError subclasses carrying a readable reason."""

from __future__ import annotations


class DameError(ValueError):
    """Base class for every error the core raises on bad input."""


class RulesError(DameError):
    """An unknown rule set, switch or switch value."""


class FenError(DameError):
    """A malformed or impossible FEN; the message names the offending part."""


class MoveParseError(DameError):
    """Move text that cannot be read at all."""


class IllegalMoveError(DameError):
    """A move that is not legal in the position."""


class AmbiguousMoveError(DameError):
    """Move text that matches more than one legal move."""


class GameError(DameError):
    """An action the game cannot take now (e.g. undo at the start, move after the end)."""
