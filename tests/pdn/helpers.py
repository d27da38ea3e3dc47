"""Helpers for the PDN tests: a canonical, comparable picture of a game tree."""

from __future__ import annotations

import io
from typing import Any

from dame_desktop.pdn import Game, GameNode, read_game, write_game


def node_data(node: GameNode) -> list[Any]:
    """Every variation below ``node`` as nested lists of (move identity, annotations)."""
    out = []
    for child in node.variations:
        move = child.move
        out.append((
            (move.from_sq, move.to_sq, tuple(sorted(move.captured))),
            child.comment,
            child.starting_comment,
            tuple(child.nags),
            child.setup,
            node_data(child),
        ))
    return out


def game_data(game: Game) -> dict[str, Any]:
    """What a write/read round trip must keep."""
    return {
        "headers": [(k, v) for k, v in game.headers.items()
                    if k.lower() not in ("gametype", "rules", "setup", "fen", "result")],
        "rules": game.rules,
        "start": game.state,
        "comment": game.comment,
        "outcome": game.outcome(),
        "tree": node_data(game),
    }


def reread(game: Game) -> Game:
    text = write_game(game)
    back = read_game(io.StringIO(text))
    assert isinstance(back, Game), text
    assert back.errors == [], (back.errors, text)
    return back


def read_one(text: str, **kwargs: Any) -> Game:
    game = read_game(io.StringIO(text), **kwargs)
    assert isinstance(game, Game)
    return game
