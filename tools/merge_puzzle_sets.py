"""Merge mined puzzle files into one set, keeping only the puzzles that pass the check again.

    python tools/merge_puzzle_sets.py OUT.json IN.json [IN.json ...] [--depth 8]
        [--checked SET.json]

Every puzzle of the inputs (the first of two with the same id wins) is verified with the
same check ``dame puzzles check`` makes (at ``--depth``, 8 by default); those that fail are
left out and counted.  The themes of those kept are worked out again from their solutions (so
a set mined before a theme existed gets it too).  The result is written sorted by rating, in
the shipped sets' format.
``--checked`` names a set that passed the check at this depth already (an earlier merge's
output): its puzzles are kept without searching them again, the others' duplicates of them
dropped.  Prints one line: how many were read, duplicated, failed and kept.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dame_desktop.core import Position, find_rules
from dame_desktop.puzzles.mine import MineSettings, Puzzle, solution_themes
from dame_desktop.puzzles.sets import check_puzzle, puzzles_json, read_puzzles
from dame_desktop.store.files import atomic_write_text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--checked", help="a set already checked at this depth")
    args = parser.parse_args()
    rules = ""
    found: dict[str, Puzzle] = {}
    checked: set[str] = set()
    read = duplicates = 0
    for path in ([args.checked] if args.checked else []) + args.inputs:
        key, puzzles = read_puzzles(path)
        if rules and key != rules:
            raise SystemExit(f"{path} holds {key} puzzles, the others {rules}")
        rules = key
        for puzzle in puzzles:
            read += 1
            if puzzle.id in found:
                duplicates += 1
                continue
            found[puzzle.id] = puzzle
            if path == args.checked:
                checked.add(puzzle.id)
    settings = MineSettings(verify_depth=args.depth)
    kept: list[Puzzle] = []
    failed = 0
    for puzzle in found.values():
        if puzzle.id in checked or check_puzzle(puzzle, settings) is None:
            position = Position.from_fen(puzzle.fen, find_rules(puzzle.rules))
            forced = "forced-win" in puzzle.themes
            themes = solution_themes(position, puzzle.solution, forced, settings)
            kept.append(dataclasses.replace(puzzle, themes=themes))
        else:
            failed += 1
    kept.sort(key=lambda p: (p.rating, p.id))
    atomic_write_text(args.out, puzzles_json(rules, kept) + "\n")
    print(
        f"{rules}: read {read}, duplicates {duplicates}, failed the check {failed}, "
        f"kept {len(kept)} -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
