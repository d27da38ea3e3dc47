"""Engines: one interface for the built-in search and external Hub engines, the ``dame hub``
server, and game review.  No Qt.

``Engine.analyse(position, limit, ...) -> Analysis`` (lines best first, each with a
:class:`Score` from the side to move and the principal variation), ``Engine.play``,
``Engine.stop``; :class:`BuiltinEngine` and :class:`HubEngine` implement it.
:func:`review_game` judges a game's main line and :func:`annotate` writes the result into
the PDN tree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dame_desktop.lazy import exports

if TYPE_CHECKING:
    from .base import Analysis, Engine, EngineError, EngineInfo, Line
    from .builtin import BuiltinEngine
    from .hub import HubEngine
    from .review import (
        BLUNDER,
        INACCURACY,
        MISTAKE,
        GameReview,
        MoveReview,
        PlayerSummary,
        ReviewCancelled,
        annotate,
        clear_review,
        line_of,
        mainline_evals,
        mark_for,
        review_game,
        review_line,
    )
    from .score import Score, Verdict, eval_command, parse_eval, review_value, verdict

# each name is imported from its module the first time it is used
__getattr__, __dir__ = exports(
    __name__,
    {
        ".base": ("Analysis", "Engine", "EngineError", "EngineInfo", "Line"),
        ".builtin": ("BuiltinEngine",),
        ".hub": ("HubEngine",),
        ".review": (
            "BLUNDER",
            "INACCURACY",
            "MISTAKE",
            "GameReview",
            "MoveReview",
            "PlayerSummary",
            "ReviewCancelled",
            "annotate",
            "clear_review",
            "line_of",
            "mainline_evals",
            "mark_for",
            "review_game",
            "review_line",
        ),
        ".score": ("Score", "Verdict", "eval_command", "parse_eval", "review_value", "verdict"),
    },
)

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "Analysis",
    "BuiltinEngine",
    "Engine",
    "EngineError",
    "EngineInfo",
    "GameReview",
    "HubEngine",
    "Line",
    "MoveReview",
    "PlayerSummary",
    "ReviewCancelled",
    "Score",
    "Verdict",
    "annotate",
    "clear_review",
    "eval_command",
    "line_of",
    "mainline_evals",
    "mark_for",
    "parse_eval",
    "review_game",
    "review_line",
    "review_value",
    "verdict",
]
