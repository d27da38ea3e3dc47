"""Personal puzzles from the player's own analysed games ("My mistakes").

A move of the game's main line marked ``?`` (NAG 2) or ``??`` (NAG 4) -- by Game › Analyse
game or by hand -- was a mistake; the position before it becomes a puzzle whose solution is
the better move: the first move of a variation beside the marked move (Analyse game writes
the engine's line there), else the engine's best move found by a search.  A better move that
is the mistake itself, or none at all, gives no puzzle.

Only the player's own moves count: a game whose White or Black tag is the player's name
(compared without case) gives the mistakes of that side; a game that names neither side as
the player gives nothing -- unless no game of the file names the player at all, when every
marked move counts (a file of one's own games often has no names).

Standard library only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path

from ..ai.search import Limit, search
from ..core import Color, Position
from ..core.move import Move
from ..pdn.reader import iter_games, open_pdn
from ..pdn.tree import ChildNode, Game
from ..store.puzzle_ratings import PersonalPuzzle
from ..store.scores import clean_name

MISTAKE_NAGS = {2: "?", 4: "??"}
SEARCH_DEPTH = 6


def engine_move(position: Position) -> Move | None:
    if len(position.legal_moves()) < 2:
        return None
    return search(position, limit=Limit(depth=SEARCH_DEPTH)).move


def _sides(game: Game, player: str) -> set[Color]:
    key = clean_name(player).casefold()
    return {
        colour
        for colour, tag in ((Color.WHITE, "White"), (Color.BLACK, "Black"))
        if key and clean_name(game.headers.get(tag, "")).casefold() == key
    }


def _better(node: ChildNode, better: Callable[[Position], Move | None]) -> Move | None:
    parent = node.parent
    assert parent is not None
    for other in parent.variations:
        if other is not node and other.move != node.move:
            return other.move
    found = better(parent.position())
    return found if found is not None and found != node.move else None


def game_mistakes(
    game: Game,
    number: int,
    name: str,
    sides: set[Color] | None,
    better: Callable[[Position], Move | None] = engine_move,
) -> list[PersonalPuzzle]:
    """The personal puzzles of one game (``sides``: whose moves count; None: both)."""
    found: list[PersonalPuzzle] = []
    event = game.headers.get("Event", "") or ""
    title = f"{name} game {number}" + (f" ({event})" if event and event != "?" else "")
    for node in game.mainline():
        marks = [MISTAKE_NAGS[n.value] for n in node.nags if n.value in MISTAKE_NAGS]
        if not marks:
            continue
        parent = node.parent
        assert parent is not None
        before = parent.position()
        if sides is not None and before.turn not in sides:
            continue
        move = _better(node, better)
        if move is None:
            continue
        fen = before.fen()
        digest = hashlib.sha1(f"{game.rules.key} {fen}".encode()).hexdigest()[:10]
        played = node.text()
        found.append(
            PersonalPuzzle(
                f"mine-{digest}",
                game.rules.key,
                fen,
                (before.move_text(move),),
                f"{title}, move {parent.ply() // 2 + 1}: {played}{marks[0]}",
            )
        )
    return found


def file_mistakes(
    path: str | Path, player: str, better: Callable[[Position], Move | None] = engine_move
) -> tuple[list[PersonalPuzzle], int]:
    """The personal puzzles of ``player`` in a PDN file, and how many games were read.
    Raises OSError (or the reader's NotPdnError) when the file cannot be read."""
    with open_pdn(path) as handle:
        games = list(iter_games(handle))
    return puzzles_of_games(games, Path(path).name, player, better), len(games)


def puzzles_of_games(
    games: Iterable[Game],
    name: str,
    player: str,
    better: Callable[[Position], Move | None] = engine_move,
) -> list[PersonalPuzzle]:
    games = list(games)
    named = [_sides(g, player) for g in games]
    anyone = not any(named)
    out: list[PersonalPuzzle] = []
    seen: set[str] = set()
    for number, (game, sides) in enumerate(zip(games, named, strict=True), 1):
        if not sides and not anyone:
            continue
        for puzzle in game_mistakes(game, number, name, None if anyone else sides, better):
            if puzzle.id not in seen:
                seen.add(puzzle.id)
                out.append(puzzle)
    return out
