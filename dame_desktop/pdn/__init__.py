"""PDN (Portable Draughts Notation): reading, writing and the annotated game tree.  No Qt.

Modelled on python-chess's ``chess.pgn``: :func:`read_game` returns the next :class:`Game`
(or None at the end), problems are collected in ``game.errors`` as :class:`PdnProblem`
(message, line, column, kind, values; the kinds are listed in :mod:`.problems`), and
:func:`write_game` (the :class:`PdnExporter` visitor) writes PDN 3.0.  A file that is not
text raises :class:`NotPdnError` from :func:`open_pdn` / :func:`read_games`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dame_desktop.lazy import exports

if TYPE_CHECKING:
    from .gametype import (
        GameType,
        choose_rules,
        gametype_text,
        parse_gametype,
        parse_rules_tag,
        rules_tag,
    )
    from .problems import (
        MAX_PROBLEMS,
        NotPdnError,
        PdnError,
        PdnProblem,
        ProblemKind,
        not_pdn_reason,
    )
    from .reader import (
        check_pdn_bytes,
        decode,
        iter_games,
        open_pdn,
        read_game,
        read_games,
        read_headers,
        read_text,
        skip_game,
    )
    from .tree import ChildNode, Game, GameNode, Headers, Nag, State, walk
    from .visitors import SKIP, BaseVisitor, ErrorCounter, GameBuilder, HeadersBuilder, SkipVisitor
    from .writer import PdnExporter, write_game, write_games

# each name is imported from its module the first time it is used
__getattr__, __dir__ = exports(
    __name__,
    {
        ".gametype": (
            "GameType",
            "choose_rules",
            "gametype_text",
            "parse_gametype",
            "parse_rules_tag",
            "rules_tag",
        ),
        ".problems": (
            "MAX_PROBLEMS",
            "NotPdnError",
            "PdnError",
            "PdnProblem",
            "ProblemKind",
            "not_pdn_reason",
        ),
        ".reader": (
            "check_pdn_bytes",
            "decode",
            "iter_games",
            "open_pdn",
            "read_game",
            "read_games",
            "read_headers",
            "read_text",
            "skip_game",
        ),
        ".tree": ("ChildNode", "Game", "GameNode", "Headers", "Nag", "State", "walk"),
        ".visitors": (
            "SKIP",
            "BaseVisitor",
            "ErrorCounter",
            "GameBuilder",
            "HeadersBuilder",
            "SkipVisitor",
        ),
        ".writer": ("PdnExporter", "write_game", "write_games"),
    },
)

__all__ = [
    "MAX_PROBLEMS",
    "SKIP",
    "BaseVisitor",
    "ChildNode",
    "ErrorCounter",
    "Game",
    "GameBuilder",
    "GameNode",
    "GameType",
    "HeadersBuilder",
    "Headers",
    "Nag",
    "NotPdnError",
    "PdnError",
    "PdnExporter",
    "PdnProblem",
    "ProblemKind",
    "SkipVisitor",
    "State",
    "check_pdn_bytes",
    "choose_rules",
    "decode",
    "gametype_text",
    "iter_games",
    "not_pdn_reason",
    "open_pdn",
    "parse_gametype",
    "parse_rules_tag",
    "read_game",
    "read_games",
    "read_headers",
    "read_text",
    "rules_tag",
    "skip_game",
    "walk",
    "write_game",
    "write_games",
]
