"""'My mistakes': the marked moves of one's own analysed games become personal puzzles."""

from __future__ import annotations

from pathlib import Path

from dame_desktop.core import Position, find_rules
from dame_desktop.core.move import Move
from dame_desktop.pdn import Game, GameNode, Nag, write_game
from dame_desktop.puzzles.mistakes import file_mistakes

GERMAN = find_rules("german")


def _game(white: str, black: str) -> tuple[Game, Position, str]:
    """A short game: White's third move is marked '?', with a better move as a variation;
    Black's third move is marked '??' with no variation (the engine finds a better one)."""
    game = Game(GERMAN)
    game.headers["White"] = white
    game.headers["Black"] = black
    node: GameNode = game
    marked_before: Position | None = None
    better_text = ""
    for ply in range(6):
        position = node.position()
        moves = sorted(position.legal_moves(), key=lambda m: m.path)
        move = moves[0]
        child = node.add_main_variation(move)
        if ply == 4:
            child.nags.append(Nag(2, "?"))
            marked_before = position
            better = moves[-1]
            better_text = position.move_text(better)
            node.add_variation(better)
        if ply == 5:
            child.nags.append(Nag(4, "??"))
        node = child
    assert marked_before is not None
    return game, marked_before, better_text


def test_the_players_own_mistakes_become_puzzles_with_the_better_move(tmp_path: Path) -> None:
    game, before, better = _game("Anna", "Paul")
    other, _b, _t = _game("Oma", "Opa")
    path = tmp_path / "mine.pdn"
    path.write_text(write_game(game) + write_game(other), encoding="utf-8")
    puzzles, games = file_mistakes(path, "anna", better=lambda p: None)
    assert games == 2
    assert [(p.fen, p.solution) for p in puzzles] == [(before.fen(), (better,))]
    assert puzzles[0].rules == "german" and "?" in puzzles[0].source
    # Paul's blunder has no variation: the engine's move is the solution
    asked: list[str] = []

    def engine(position: Position) -> Move:
        asked.append(position.fen())
        return sorted(position.legal_moves(), key=lambda m: m.path)[-1]

    pauls, _n = file_mistakes(path, "Paul", better=engine)
    assert (
        len(pauls) == 1
        and len(asked) == 1
        and Position.from_fen(pauls[0].fen, GERMAN).turn.name == "BLACK"
    )


def test_a_file_that_names_nobody_gives_every_marked_move(tmp_path: Path) -> None:
    game, _before, _better = _game("?", "?")
    path = tmp_path / "anon.pdn"
    path.write_text(write_game(game), encoding="utf-8")
    puzzles, _n = file_mistakes(path, "Anna")
    assert len(puzzles) == 2  # the '?' with its variation, the '??' with the engine's move
    for puzzle in puzzles:
        position = Position.from_fen(puzzle.fen, GERMAN)
        position.parse_move(puzzle.solution[0])  # legal
