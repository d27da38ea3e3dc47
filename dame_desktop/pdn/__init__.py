"""PDN (Portable Draughts Notation): reading, writing and the annotated game tree.  No Qt.

Modelled on python-chess's ``chess.pgn``: :func:`read_game` returns the next :class:`Game`
(or None at the end), problems are collected in ``game.errors``, and :func:`write_game`
writes PDN 3.0.
"""

from __future__ import annotations

from .gametype import (
    GameType,
    choose_rules,
    gametype_text,
    parse_gametype,
    parse_rules_tag,
    rules_tag,
)
from .reader import decode, iter_games, open_pdn, read_game, read_games, read_headers, skip_game
from .tree import ChildNode, Game, GameNode, Headers, Nag, PdnError, State
from .visitors import SKIP, BaseVisitor, ErrorCounter, GameBuilder, HeadersBuilder, SkipVisitor
from .writer import write_game, write_games

__all__ = [
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
    "PdnError",
    "SkipVisitor",
    "State",
    "choose_rules",
    "decode",
    "gametype_text",
    "iter_games",
    "open_pdn",
    "parse_gametype",
    "parse_rules_tag",
    "read_game",
    "read_games",
    "read_headers",
    "rules_tag",
    "skip_game",
    "write_game",
    "write_games",
]
