"""Engine speed: nodes per second and time to each depth from the start position.

    python bench/ai_speed.py                      # german, english, international, 10 s each
    python bench/ai_speed.py --rules german --seconds 30
    python bench/ai_speed.py --compare-pure       # compiled and pure Python side by side
    taskset -c 1 python bench/ai_speed.py --compare-pure --depths german=13,english=14

``--compare-pure`` searches each rule set to a fixed depth twice, in this process (the
modules as installed: compiled where the build compiled them) and in a subprocess with
``DAME_PURE=1`` (the ``.py`` sources), one after the other, and prints the time to every
depth and the nodes per second of both with their ratio, in CPU seconds of each process (a
loaded machine disturbs them less than the wall clock).  The two searches are the same
search (same moves, scores and node counts, see tests/core/test_native_identity.py), so the
ratio of times is the ratio of speeds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dame_desktop.ai import Limit, SearchResult, search  # noqa: E402
from dame_desktop.core import Position, find_rules  # noqa: E402
from dame_desktop.native import describe  # noqa: E402

COMPARE_DEPTHS = {"german": 13, "english": 14, "international": 9}

Row = tuple[int, float, int, int, str]  # depth, seconds, nodes, score, best move


def iterations(key: str, limit: Limit, show: bool = False, cpu: bool = False) -> list[Row]:
    """Every completed iteration of a search from the start position (``cpu``: the seconds
    are the process's CPU time since the search began, not the wall clock)."""
    rules = find_rules(key)
    rows: list[Row] = []
    started = time.process_time()

    def seen(r: SearchResult) -> None:
        seconds = time.process_time() - started if cpu else r.seconds
        rows.append((r.depth, seconds, r.nodes, r.score, str(r.move)))
        if show:
            rate = r.nodes / r.seconds if r.seconds > 0 else 0.0
            pv = " ".join(m.full_text() for m in r.pv[:8])
            print(f"  {r.depth:5d} {r.seconds:8.3f} {r.nodes:10d} {rate:9.0f} {r.score:6d}  {pv}",
                  flush=True)

    result = search(Position.start(rules), rules, limit, on_iteration=seen)
    if show:
        rate = result.nodes / result.seconds if result.seconds > 0 else 0.0
        print(f"  total: depth {result.depth}, {result.nodes} nodes in {result.seconds:.2f} s "
              f"= {rate:.0f} nodes/s, best {result.move}")
    return rows


def compare(keys: list[str], depths: dict[str, int]) -> None:
    print(f"this process: {describe()}; the other: DAME_PURE=1 (pure Python)")
    env = dict(os.environ, DAME_PURE="1")
    for key in keys:
        depth = depths.get(key, COMPARE_DEPTHS.get(key, 10))
        native = iterations(key, Limit(depth=depth), cpu=True)
        done = subprocess.run(
            [sys.executable, __file__, "--child", key, "--depth", str(depth)],
            env=env, capture_output=True, text=True, check=True,
        )
        pure = [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]
        print(f"\n{key}: start position, to depth {depth} (CPU seconds)")
        print(f"  {'depth':>5} {'nodes':>9} {'compiled s':>11} {'pure s':>9} {'speed-up':>9}")
        for a, b in zip(native, pure, strict=True):
            same = "" if a[2] == b[2] and a[3:] == b[3:] else "  (DIFFERENT SEARCH)"
            ratio = b[1] / a[1] if a[1] > 0 else 0.0
            print(f"  {a[0]:5d} {a[2]:9d} {a[1]:11.3f} {b[1]:9.3f} {ratio:8.2f}x{same}")
        last_a, last_b = native[-1], pure[-1]
        rate_a = last_a[2] / last_a[1]
        rate_b = last_b[2] / last_b[1]
        print(f"  nodes/s: compiled {rate_a:,.0f}, pure {rate_b:,.0f}: "
              f"{rate_a / rate_b:.2f}x; best move {last_a[4]} (score {last_a[3]})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="german,english,international")
    parser.add_argument("--seconds", type=float, default=10.0, help="time per rule set")
    parser.add_argument("--depth", type=int, default=None, help="stop at this depth")
    parser.add_argument("--compare-pure", action="store_true",
                        help="compiled and pure Python side by side, to fixed depths")
    parser.add_argument("--depths", default="",
                        help="depths for --compare-pure, e.g. german=13,english=14")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(iterations(args.child, Limit(depth=args.depth), cpu=True)))
        return 0
    keys = args.rules.split(",")
    if args.compare_pure:
        depths = {}
        for item in filter(None, args.depths.split(",")):
            name, _, value = item.partition("=")
            depths[name] = int(value)
        compare(keys, depths)
        return 0
    print(f"engine: {describe()}")
    for key in keys:
        print(f"{key}: start position")
        print(f"  {'depth':>5} {'seconds':>8} {'nodes':>10} {'nodes/s':>9} {'score':>6}  pv")
        iterations(key, Limit(movetime=args.seconds, depth=args.depth), show=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
