"""The computer opponent: search, evaluation and playing levels.  Pure Python, no Qt.

``search(position, rules, limit, should_stop)`` is the engine; ``choose_move`` plays at a
:class:`Level`; ``hint``, ``analyse``, ``answer_draw_offer`` (``accept_draw``),
``should_offer_draw`` and ``should_huff`` answer the UI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dame_desktop.lazy import exports

if TYPE_CHECKING:
    from .advice import (
        DrawAnswer,
        DrawReason,
        accept_draw,
        analyse,
        answer_draw_offer,
        choose_move,
        hint,
        should_huff,
        should_offer_draw,
        steady_score,
    )
    from .evaluate import Evaluator, evaluator
    from .levels import BEGINNER, EASY, HARD, LEVELS, MASTER, MEDIUM, Level, find_level
    from .limit import Limit
    from .search import WIN, SearchMemory, SearchResult, search

# each name is imported from its module the first time it is used
__getattr__, __dir__ = exports(
    __name__,
    {
        ".advice": (
            "DrawAnswer",
            "DrawReason",
            "accept_draw",
            "analyse",
            "answer_draw_offer",
            "choose_move",
            "hint",
            "should_huff",
            "should_offer_draw",
            "steady_score",
        ),
        ".evaluate": ("Evaluator", "evaluator"),
        ".levels": (
            "BEGINNER",
            "EASY",
            "HARD",
            "LEVELS",
            "MASTER",
            "MEDIUM",
            "Level",
            "find_level",
        ),
        ".limit": ("Limit",),
        ".search": ("WIN", "SearchMemory", "SearchResult", "search"),
    },
)

__all__ = [
    "BEGINNER",
    "EASY",
    "HARD",
    "LEVELS",
    "MASTER",
    "MEDIUM",
    "WIN",
    "DrawAnswer",
    "DrawReason",
    "Evaluator",
    "Level",
    "Limit",
    "SearchMemory",
    "SearchResult",
    "accept_draw",
    "analyse",
    "answer_draw_offer",
    "choose_move",
    "evaluator",
    "find_level",
    "hint",
    "search",
    "should_huff",
    "should_offer_draw",
    "steady_score",
]
