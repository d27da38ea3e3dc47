"""Perft speed of this tree's rules core against another checkout's, in one run (CPU seconds).

Each repetition runs, in turn (the order alternates), ``perft(start, depth)`` in a subprocess
whose ``sys.path`` starts with each tree, and records that process's CPU seconds around the
call.  Medians and the ratio (other tree's time over this tree's) are printed per rule set.
``DAME_PURE=1`` in the environment times the pure-Python sources of both trees; without it a
tree's compiled modules are used where it has them (``python setup.py build_ext --inplace``).

    python bench/perft_trees.py --other ../before --rules german --depth 8 --reps 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from _smoke import add_smoke, smoke_settings

HERE = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
sys.path.insert(0, {tree!r})
from dame_desktop.core import Position, find_rules, perft
from dame_desktop.native import describe
start = Position.start(find_rules({rules!r}))
began = time.process_time()
nodes = perft(start, {depth})
print(json.dumps({{"nodes": nodes, "cpu": time.process_time() - began, "native": describe()}}))
"""


def run(tree: Path, rules: str, depth: int) -> dict[str, object]:
    code = CHILD.format(tree=str(tree), rules=rules, depth=depth)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=str(tree), check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="perft CPU time: this tree vs another")
    parser.add_argument(
        "--other",
        help="the other checkout's root folder (required but with "
        "--smoke, which compares this tree with itself)",
    )
    parser.add_argument("--rules", action="append", default=[], help="rule set key(s)")
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--reps", type=int, default=5)
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke_settings(args, other=str(HERE), depth=3, reps=1)
    if args.other is None:
        parser.error("--other is required")
    other = Path(args.other).resolve()
    for rules in args.rules or ["german"]:
        times: dict[str, list[float]] = {"this": [], "other": []}
        natives = {}
        for rep in range(args.reps):
            order = [("this", HERE), ("other", other)]
            if rep % 2:
                order.reverse()
            for name, tree in order:
                got = run(tree, rules, args.depth)
                times[name].append(float(got["cpu"]))  # type: ignore[arg-type]
                natives[name] = got["native"]
                nodes = got["nodes"]
        this, that = statistics.median(times["this"]), statistics.median(times["other"])
        print(
            f"{rules} d{args.depth} ({nodes} leaves): this {this:.3f} CPU-s "
            f"[{natives['this']}], other {that:.3f} CPU-s [{natives['other']}], "
            f"other/this {that / this:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
