"""Find, explore and the piece-pattern search on a real file: CPU time per query.

    python bench/db_positions.py [FILE] [--rules KEY] [--cache DIR] [--smoke]

Indexes FILE (OCA from the shared corpus by default, else the test fixture) in ``--cache``
(default: a temporary folder), then asks for positions from the file's own games: explore
and find (exact, and with reversed colours) at the start and after each of the first eight
plies, and the search of 2, 4 and 6 pieces taken from a position after ply 12 that stand for
4 plies.  Prints median and maximum CPU milliseconds per kind of query (the goal for a step
of the opening explorer on OCA is 50 ms).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from _smoke import add_smoke, smoke_settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dame_desktop.core import Color, Position, RuleSet, find_rules
from dame_desktop.core.geometry import geometry
from dame_desktop.core.position import Kind, Piece
from dame_desktop.db.library import Library
from dame_desktop.db.replay import replay_file
from dame_desktop.db.similar import Pattern
from dame_desktop.pdn.tree import State

HERE = Path(__file__).resolve().parent
OCA = HERE.parent.parent / "shared" / "pdn-corpus" / "english" / "OCA_2.0.pdn"
FIXTURE = HERE.parent / "tests" / "data" / "db" / "library.pdn"


def cpu_ms(action: Callable[[], object]) -> float:
    start = time.process_time()
    action()
    return (time.process_time() - start) * 1000


def line(name: str, times: list[float]) -> str:
    times = sorted(times)
    return (
        f"{name:<34} median {times[len(times) // 2]:7.1f}  max {times[-1]:7.1f} CPU ms "
        f"({len(times)} queries)"
    )


def pieces_of(rules: RuleSet, state: State) -> list[tuple[int, Piece]]:
    geo = geometry(rules.board_size, rules.numbering)
    out = []
    for sq in range(1, geo.squares + 1):
        bit = 1 << geo.sq_to_bit[sq]
        for mask, color in ((state[0], Color.WHITE), (state[1], Color.BLACK)):
            if mask & bit:
                out.append((sq, Piece(color, Kind.KING if state[2] & bit else Kind.MAN)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path)
    parser.add_argument("--rules", help="rule set of games that name none")
    parser.add_argument("--cache", type=Path, help="index folder (default: a temporary one)")
    parser.add_argument("--samples", type=int, default=30, help="games asked per kind")
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke_settings(args, samples=3)
    path = args.file or (OCA if OCA.exists() and not args.smoke else FIXTURE)
    rules = find_rules(args.rules) if args.rules else None
    cache = args.cache or Path(tempfile.mkdtemp(prefix="dame-db-positions-"))
    try:
        library = Library([path], rules, folder=cache)
        started = time.process_time()
        library.open()
        print(
            f"{path.name}: {library.indexes[0].meta()['games']} games, opened in "
            f"{time.process_time() - started:.1f} CPU s "
            f"({library.indexes[0].stats.rebuilt_because or 'index current'}), "
            f"index {library.indexes[0].size_bytes() / 1e6:.1f} MB"
        )
        games = [g for g in replay_file(path, rules) if g.rules is not None and g.plies > 16]
        step = max(len(games) // args.samples, 1)
        chosen = games[::step][: args.samples]
        for ply in range(9):
            asked = [
                Position(
                    g.rules,  # type: ignore[arg-type]
                    *g.states[ply][:3],
                    Color.WHITE if g.states[ply][3] else Color.BLACK,
                )
                for g in chosen
            ]
            print(
                line(
                    f"explore after {ply} plies",
                    [cpu_ms(partial(library.explore, [p])) for p in asked],
                )
            )
            print(
                line(
                    f"find after {ply} plies",
                    [cpu_ms(partial(library.find, [p], limit=50)) for p in asked],
                )
            )
            print(
                line(
                    f"find reversed after {ply} plies",
                    [cpu_ms(partial(library.find, [p], reverse=True, limit=50)) for p in asked],
                )
            )
        chooser = random.Random(3)
        for size in (2, 4, 6):
            patterns = []
            for g in chosen:
                assert g.rules is not None
                pieces = pieces_of(g.rules, g.states[12])
                patterns.append(Pattern.of(g.rules, chooser.sample(pieces, min(size, len(pieces)))))
            found = [library.similar(p, limit=50).total for p in patterns]
            times = [cpu_ms(partial(library.similar, p, limit=50)) for p in patterns]
            print(
                line(f"similar {size} pieces for 4 plies", times)
                + f", games found median {sorted(found)[len(found) // 2]}"
            )
            times = [cpu_ms(partial(library.similar, p, reverse=True, limit=50)) for p in patterns]
            print(line(f"similar {size} pieces, reversed too", times))
        library.close()
    finally:
        if args.cache is None:
            shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
