"""Games and positions for the analysis window tests."""

from __future__ import annotations

import io

from dame_desktop.core import Position, find_rules
from dame_desktop.pdn import Game, read_game

GERMAN = find_rules("german")

# 3. 17-14?? drops a man to 10x17x26; 31x22 is then forced
BLUNDER = """[Event "test"]
[White "A"]
[Black "B"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
[Rules "german"]
1. 22-17 11-15 2. 26-22 {a user comment} 8-11 3. 17-14 10x26 4. 31x22 *
"""

QUIET = """[Event "quiet"]
[White "C"]
[Black "D"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
[Rules "german"]
1. 22-18 11-15 2. 18x11 8x15 *
"""

MIDGAME = "W:W18,21,22,23,25,26,27,28,29,30,31:B1,2,3,4,6,7,8,9,10,11,12,14"


def load(text: str) -> Game:
    game = read_game(io.StringIO(text))
    assert isinstance(game, Game) and not game.errors
    return game


def start() -> Position:
    return Position.start(GERMAN)


def midgame() -> Position:
    return Position.from_fen(MIDGAME, GERMAN)


def positions_of(game: Game) -> list[Position]:
    """The start and the position after every main-line move."""
    out = [game.position()]
    for node in game.mainline():
        out.append(node.position())
    return out
