"""Puzzle files: reading, writing and checking them, and the sets shipped with the program.

A puzzle file is JSON: ``{"rules": KEY, "puzzles": [{"id", "fen", "solution", "alternatives",
"themes", "rating", "source", "depth"}, ...]}`` -- the shape ``dame puzzles list --json``
prints.  Moves are in the move list's notation (square numbers, ``11-15``, ``15x24``), the
solution alternating the solver's and the defender's moves.  The shipped sets live in this
package's ``data`` folder as ``<rules key>.json``.

Standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path

from ..ai.search import WIN_BOUND
from ..core import DameError, Position, RuleSet, find_rules
from .mine import MineSettings, Puzzle, best_two, is_unique, material


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be read; the message names the file and the place."""


def _text_list(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PuzzleFileError(f"{where} must be a list of texts")
    return tuple(value)


def puzzle_from_json(data: object, rules: str, where: str) -> Puzzle:
    if not isinstance(data, dict):
        raise PuzzleFileError(f"{where} is not an object")
    for name in ("id", "fen", "solution"):
        if name not in data:
            raise PuzzleFileError(f"{where} has no {name!r}")
    if not isinstance(data["id"], str) or not isinstance(data["fen"], str):
        raise PuzzleFileError(f"{where}: 'id' and 'fen' must be texts")
    alternatives = data.get("alternatives", [])
    if not isinstance(alternatives, list):
        raise PuzzleFileError(f"{where}: 'alternatives' must be a list of move lists")
    rating = data.get("rating", 1500)
    depth = data.get("depth", 0)
    if not isinstance(rating, int) or not isinstance(depth, int):
        raise PuzzleFileError(f"{where}: 'rating' and 'depth' must be whole numbers")
    source = data.get("source", "")
    if not isinstance(source, str):
        raise PuzzleFileError(f"{where}: 'source' must be a text")
    return Puzzle(
        data["id"],
        rules,
        data["fen"],
        _text_list(data["solution"], f"{where} solution"),
        tuple(_text_list(a, f"{where} alternative {i + 1}") for i, a in enumerate(alternatives)),
        _text_list(data.get("themes", []), f"{where} themes"),
        rating,
        source,
        depth,
    )


def read_puzzles(path: str | Path) -> tuple[str, list[Puzzle]]:
    """The rule set key and the puzzles of a file; ``OSError`` or :class:`PuzzleFileError`."""
    raw = Path(path).read_bytes()
    return parse_puzzles(raw, str(path))


def parse_puzzles(raw: bytes, name: str) -> tuple[str, list[Puzzle]]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise PuzzleFileError(f"{name} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise PuzzleFileError(f"{name} is not JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict) or not isinstance(data.get("rules"), str):
        raise PuzzleFileError(f'{name} has no "rules" key naming the rule set')
    items = data.get("puzzles")
    if not isinstance(items, list):
        raise PuzzleFileError(f'{name} has no "puzzles" list')
    rules = data["rules"]
    return rules, [
        puzzle_from_json(item, rules, f"{name}: puzzle {i + 1}") for i, item in enumerate(items)
    ]


def puzzles_json(rules: str, puzzles: Iterable[Puzzle]) -> str:
    return json.dumps(
        {"rules": rules, "puzzles": [p.to_json() for p in puzzles]}, ensure_ascii=False, indent=1
    )


def shipped_path(rules_key: str) -> Path:
    return Path(str(files("dame_desktop.puzzles") / "data" / f"{rules_key}.json"))


def shipped_puzzles(rules_key: str) -> list[Puzzle]:
    """The set shipped for a rule set (empty when there is none)."""
    path = shipped_path(rules_key)
    if not path.is_file():
        return []
    return read_puzzles(path)[1]


def check_puzzle(puzzle: Puzzle, settings: MineSettings | None = None) -> str | None:
    """Why the puzzle fails its checks again (deeper search), or None when it holds."""
    settings = settings or MineSettings()
    try:
        rules: RuleSet = find_rules(puzzle.rules)
        position = Position.from_fen(puzzle.fen, rules)
    except DameError as exc:
        return f"bad position: {exc}"
    if not puzzle.solution:
        return "no solution"
    solver = position.turn
    start = material(position, solver, settings.king_value)
    current = position
    first_score = 0
    for index, text in enumerate(puzzle.solution):
        try:
            move = current.parse_move(text)
        except DameError as exc:
            return f"move {index + 1} ({text}) is not legal: {exc}"
        if current.turn == solver:
            step = best_two(current, settings.verify_depth)
            if step is None or step.move != move:
                better = current.move_text(step.move) if step is not None else "none"
                return f"move {index + 1} ({text}) is not the best move (the search plays {better})"
            if not is_unique(step, settings.margin):
                return f"move {index + 1} ({text}) is not the only good move"
            if index == 0:
                first_score = step.score
        current = current.play(move)
    for number, line in enumerate(puzzle.alternatives, 1):
        end = position
        try:
            for text in line:
                end = end.play(end.parse_move(text))
        except DameError as exc:
            return f"alternative {number} has an illegal move: {exc}"
        if end != current:
            return f"alternative {number} does not end in the solution's position"
    if not current.legal_moves():
        return None  # the defender is out of moves
    if first_score > WIN_BOUND or first_score - start >= settings.gain:
        return None
    return "the line does not win two men"
