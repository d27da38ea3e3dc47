"""The rules core: rule sets, positions, moves, FEN, notation and games.  Standard library only."""

from __future__ import annotations

from .clock import (
    NO_CLOCK,
    TIME_CONTROLS,
    Clock,
    ClockError,
    ClockEvent,
    ClockEventKind,
    PauseReason,
    TimeControl,
    clk_command,
    clock_text,
    parse_clk,
    time_control_tags,
    time_controls_from_tags,
    with_clk,
)
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
from .geometry import Geometry, geometry, geometry_of
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
    play_fields,
    same_play,
)


def perft(position: Position, depth: int) -> int:
    """Leaf count ``depth`` plies below ``position`` (one move per identity)."""
    if position.rules.towers:
        from .towers import tower_generator

        return tower_generator(position.rules).perft(
            position.white,
            position.black,
            position.kings,
            dict(position.stacks),
            position.turn is Color.WHITE,
            depth,
        )
    gen = position.generator
    return gen.perft(
        position.white, position.black, position.kings, position.turn is Color.WHITE, depth
    )


__all__ = [
    "NO_CLOCK",
    "PRESETS",
    "SWITCHES",
    "TIME_CONTROLS",
    "AmbiguousMoveError",
    "CaptureRule",
    "Clock",
    "ClockError",
    "ClockEvent",
    "ClockEventKind",
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
    "PauseReason",
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
    "TimeControl",
    "Touch",
    "Verdict",
    "apply_switches",
    "can_still_win",
    "clk_command",
    "clock_text",
    "differences",
    "drawn_material",
    "find_rules",
    "geometry",
    "geometry_of",
    "matching_preset",
    "play_fields",
    "same_play",
    "parse_clk",
    "perft",
    "time_control_tags",
    "time_controls_from_tags",
    "time_out_winner",
    "who_won",
    "who_won_token",
    "with_clk",
]
