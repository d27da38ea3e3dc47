"""The rules core: rule sets, positions, moves, FEN, notation and games.  Standard library only."""

from __future__ import annotations

from .errors import (
    AmbiguousMoveError,
    DameError,
    FenError,
    GameError,
    IllegalKind,
    IllegalMoveError,
    MoveParseError,
    RulesError,
)
from .game import (
    Game,
    HuffChoice,
    Mover,
    PendingHuff,
    Reason,
    Result,
    Touch,
    Verdict,
    can_still_win,
    drawn_material,
    time_out_winner,
    who_won,
    who_won_token,
)
from .geometry import Geometry, geometry
from .move import Move
from .position import Kind, Piece, PieceEntry, Position, PositionDescription
from .rules import (
    PRESETS,
    SWITCHES,
    CaptureRule,
    Color,
    ColourName,
    ColourNames,
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
    "ColourName",
    "ColourNames",
    "DameError",
    "FenError",
    "Game",
    "GameError",
    "Geometry",
    "HuffChoice",
    "IllegalKind",
    "IllegalMoveError",
    "Kind",
    "Landing",
    "Move",
    "MoveParseError",
    "Mover",
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
    "Touch",
    "Verdict",
    "apply_switches",
    "can_still_win",
    "differences",
    "drawn_material",
    "find_rules",
    "geometry",
    "matching_preset",
    "perft",
    "time_out_winner",
    "who_won",
    "who_won_token",
]
