"""The rules core: rule sets, positions, moves, FEN, notation and games.  Standard library only."""

from __future__ import annotations

from .errors import (
    AmbiguousMoveError,
    DameError,
    FenError,
    GameError,
    IllegalMoveError,
    MoveParseError,
    RulesError,
)
from .game import Game, HuffChoice, PendingHuff, Reason, Result
from .geometry import Geometry, geometry
from .move import Move
from .position import Kind, Piece, PieceEntry, Position, PositionDescription
from .rules import (
    PRESETS,
    SWITCHES,
    CaptureRule,
    Color,
    Landing,
    Numbering,
    Promotion,
    RuleSet,
    apply_switches,
    differences,
    find_rules,
    matching_preset,
)


def perft(position: Position, depth: int) -> int:
    """Leaf count ``depth`` plies below ``position`` (one move per identity)."""
    gen = position.generator
    return gen.perft(
        position.white, position.black, position.kings, position.turn is Color.WHITE, depth
    )


__all__ = [
    "PRESETS",
    "SWITCHES",
    "AmbiguousMoveError",
    "CaptureRule",
    "Color",
    "DameError",
    "FenError",
    "Game",
    "GameError",
    "Geometry",
    "HuffChoice",
    "IllegalMoveError",
    "Kind",
    "Landing",
    "Move",
    "MoveParseError",
    "Numbering",
    "PendingHuff",
    "Piece",
    "PieceEntry",
    "Position",
    "PositionDescription",
    "Promotion",
    "Reason",
    "Result",
    "RuleSet",
    "RulesError",
    "apply_switches",
    "differences",
    "find_rules",
    "geometry",
    "matching_preset",
    "perft",
]
