"""Engine speed: nodes per second and time to each depth from the start position.

    python bench/ai_speed.py                      # german, english, international, 10 s each
    python bench/ai_speed.py --rules german --seconds 30
    python bench/ai_speed.py --compare-pure       # compiled and pure Python side by side
    taskset -c 1 python bench/ai_speed.py --compare-pure --depths german=13,english=14
    python bench/ai_speed.py --compare-pure --baseline /tmp/old-checkout /tmp/old-venv/bin/python

``--compare-pure`` searches each rule set to a fixed depth in fresh processes, with the
modules as installed (compiled where the build compiled them) and with ``DAME_PURE=1`` (the
``.py`` sources), ``--reps`` times in turn, and prints the time to every depth and the nodes
per second of both with their ratio, in CPU seconds of each process (a loaded machine
disturbs them less than the wall clock), each runner's least time of the repetitions.  The
two searches are the same search (same moves, scores and node counts, see
tests/core/test_native_identity.py), so the ratio of times is the ratio of speeds.

``--baseline CHECKOUT PYTHON`` adds another version of the program (an older commit's
checkout and the interpreter of a venv where it is installed, compiled where its build
compiled) to the same table, compiled and pure, searched by that checkout's own copy of this
script: before and after side by side, on the same machine in the same minute.  Its node
counts can differ from this version's where the search changed.
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

from _smoke import add_smoke, smoke_settings

from dame_desktop.ai import Limit, SearchResult, search
from dame_desktop.core import Position, find_rules
from dame_desktop.native import describe

COMPARE_DEPTHS = {"german": 13, "english": 14, "international": 10}

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
            print(
                f"  {r.depth:5d} {r.seconds:8.3f} {r.nodes:10d} {rate:9.0f} {r.score:6d}  {pv}",
                flush=True,
            )

    result = search(Position.start(rules), rules, limit, on_iteration=seen)
    if show:
        rate = result.nodes / result.seconds if result.seconds > 0 else 0.0
        print(
            f"  total: depth {result.depth}, {result.nodes} nodes in {result.seconds:.2f} s "
            f"= {rate:.0f} nodes/s, best {result.move}"
        )
    return rows


def child(python: str, script: str, key: str, depth: int, pure: bool) -> list[Row]:
    """The iterations of one search in a subprocess (``pure``: with DAME_PURE=1)."""
    env = {k: v for k, v in os.environ.items() if k != "DAME_PURE"}
    if pure:
        env["DAME_PURE"] = "1"
    done = subprocess.run(
        [python, script, "--child", key, "--depth", str(depth)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(script).parent.parent,
    )
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]


def fastest(runs: list[list[Row]]) -> list[Row]:
    """The repetitions of one search merged: at each depth its least CPU time."""
    merged = []
    for rows in zip(*runs, strict=True):
        merged.append(min(rows, key=lambda row: row[1]))
    return merged


def rate(rows: list[Row]) -> float:
    return rows[-1][2] / rows[-1][1] if rows and rows[-1][1] > 0 else 0.0


def compare(
    keys: list[str], depths: dict[str, int], baseline: tuple[str, str] | None = None, reps: int = 1
) -> None:
    print(
        f"installed: {describe()}; beside it: DAME_PURE=1 (pure Python); every search in a "
        f"fresh process, the least CPU time of {reps} interleaved repetition(s)"
    )
    summary: list[str] = []
    runners = [(sys.executable, __file__, False), (sys.executable, __file__, True)]
    if baseline is not None:
        checkout, python = baseline
        script = str(Path(checkout) / "bench" / "ai_speed.py")
        runners += [(python, script, False), (python, script, True)]
    for key in keys:
        depth = depths.get(key, COMPARE_DEPTHS.get(key, 10))
        runs: list[list[list[Row]]] = [[] for _ in runners]
        for r in range(reps):
            for i in range(len(runners)):
                turn = (i + r) % len(runners)  # the order rotates between repetitions
                python, script, pure_mode = runners[turn]
                runs[turn].append(child(python, script, key, depth, pure=pure_mode))
        native, pure = fastest(runs[0]), fastest(runs[1])
        if baseline is not None:
            old, old_pure = fastest(runs[2]), fastest(runs[3])
            summary.append(
                f"  {key:<14} {rate(old):>12,.0f} {rate(old_pure):>10,.0f} "
                f"{rate(old) / rate(old_pure):>6.2f}x {rate(native):>12,.0f} "
                f"{rate(pure):>10,.0f} {rate(native) / rate(pure):>6.2f}x "
                f"{rate(native) / rate(old):>7.2f}x"
            )
        print(f"\n{key}: start position, to depth {depth} (CPU seconds)")
        print(f"  {'depth':>5} {'nodes':>9} {'compiled s':>11} {'pure s':>9} {'speed-up':>9}")
        for a, b in zip(native, pure, strict=True):
            same = "" if a[2] == b[2] and a[3:] == b[3:] else "  (DIFFERENT SEARCH)"
            ratio = b[1] / a[1] if a[1] > 0 else 0.0
            print(f"  {a[0]:5d} {a[2]:9d} {a[1]:11.3f} {b[1]:9.3f} {ratio:8.2f}x{same}")
        last_a, last_b = native[-1], pure[-1]
        rate_a = last_a[2] / last_a[1]
        rate_b = last_b[2] / last_b[1]
        print(
            f"  nodes/s: compiled {rate_a:,.0f}, pure {rate_b:,.0f}: "
            f"{rate_a / rate_b:.2f}x; best move {last_a[4]} (score {last_a[3]})"
        )
    if baseline is not None:
        print(f"\nnodes/s to the same depths, before ({baseline[0]}) and after (this checkout)")
        print(
            f"  {'':<14} {'before comp.':>12} {'pure':>10} {'ratio':>7} {'after comp.':>12} "
            f"{'pure':>10} {'ratio':>7} {'gain':>8}"
        )
        print("\n".join(summary))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="german,english,international")
    parser.add_argument("--seconds", type=float, default=10.0, help="time per rule set")
    parser.add_argument("--depth", type=int, default=None, help="stop at this depth")
    parser.add_argument(
        "--compare-pure",
        action="store_true",
        help="compiled and pure Python side by side, to fixed depths",
    )
    parser.add_argument(
        "--depths", default="", help="depths for --compare-pure, e.g. german=13,english=14"
    )
    parser.add_argument(
        "--baseline",
        nargs=2,
        metavar=("CHECKOUT", "PYTHON"),
        default=None,
        help="with --compare-pure: another version side by side (before/after)",
    )
    parser.add_argument(
        "--reps",
        type=int,
        default=3,
        help="with --compare-pure: repetitions (each runner's least time counts)",
    )
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, rules="german", seconds=0.2, depth=4)
    if args.child is not None:
        print(json.dumps(iterations(args.child, Limit(depth=args.depth), cpu=True)))
        return 0
    keys = args.rules.split(",")
    if args.compare_pure:
        depths = {}
        for item in filter(None, args.depths.split(",")):
            name, _, value = item.partition("=")
            depths[name] = int(value)
        compare(keys, depths, tuple(args.baseline) if args.baseline else None, args.reps)
        return 0
    print(f"engine: {describe()}")
    for key in keys:
        print(f"{key}: start position")
        print(f"  {'depth':>5} {'seconds':>8} {'nodes':>10} {'nodes/s':>9} {'score':>6}  pv")
        iterations(key, Limit(movetime=args.seconds, depth=args.depth), show=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
