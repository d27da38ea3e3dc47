"""Helpers for the PDN tests: a canonical, comparable picture of a game tree."""

from __future__ import annotations

import io
from typing import Any

from dame_desktop.pdn import Game, GameNode, read_game, write_game


def node_data(node: GameNode) -> list[Any]:
    """Every node below ``node``, in written order, as a flat list of (index of its parent
    entry or -1, move identity, annotations): equal lists mean equal trees.

    Flat and built without recursion, so trees 10,000 variations deep compare too (nested
    lists would make ``==`` itself recurse).
    """
    out: list[Any] = []
    stack: list[tuple[GameNode, int]] = [(node, -1)]
    while stack:
        parent, index = stack.pop()
        for child in reversed(parent.variations):
            move = child.move
            out.append(
                (
                    index,
                    (move.from_sq, move.to_sq, tuple(sorted(move.captured))),
                    child.comment,
                    child.starting_comment,
                    tuple(child.nags),
                    child.setup,
                )
            )
            stack.append((child, len(out) - 1))
    return out


def game_data(game: Game) -> dict[str, Any]:
    """What a write/read round trip must keep."""
    return {
        "headers": [
            (k, v)
            for k, v in game.headers.items()
            # written from the game's rules (Variant names Bashni beside its GameType)
            if k.lower() not in ("gametype", "variant", "rules", "setup", "fen", "result")
        ],
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
