"""Time to a fixed depth with one search setting changed: the cost of a change in one run.

    python bench/ai_depth_ab.py --rules international --depth 12 --positions 36 \\
        --set leaves_in_table=0
    python bench/ai_depth_ab.py --rules german --depth 14,16 --set-a prune_margin=0

A is the engine as it is (``--set-a`` changes it), B has ``search.TUNING.<name> = value`` for
each ``--set``.  Both search the same seeded positions (6 to 39 random plies from the start)
to each ``--depth`` without kept tables, A and B in turn position by position, so that a
machine that gets busier slows both alike.  Prints, per depth, each side's nodes and CPU
seconds and B's ratios to A.  A change that alters the tree changes the nodes too: fewer
nodes at the same depth is a quicker search only where the tree's judgement stays as good,
which the self-play A/B (``bench/ai_ab.py``) decides.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import tuned
from _smoke import add_smoke, smoke_settings
from ai_ab import parse_settings

from dame_desktop.ai import Limit, search
from dame_desktop.core import Position, RuleSet, find_rules


def positions(rules: RuleSet, count: int, seed: int) -> list[Position]:
    """``count`` positions a few random plies from the start, each with a move to make."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start(rules)
        for _ in range(rng.randrange(6, 40)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        if pos.legal_moves():
            out.append(pos)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="international")
    parser.add_argument("--depth", default="11", help="depths, comma-separated")
    parser.add_argument("--positions", type=int, default=36)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--set-a", action="append", default=[], metavar="NAME=VALUE")
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, depth="3", positions=2)
    rules = find_rules(args.rules)
    b_settings = parse_settings(parser, args.set)
    a_settings = parse_settings(parser, args.set_a)
    try:
        depths = [int(d) for d in args.depth.split(",")]
    except ValueError:
        parser.error(f"--depth takes depths separated by commas, got {args.depth!r}")
    starts = positions(rules, args.positions, args.seed)
    print(
        f"{rules.key}, {len(starts)} positions (seed {args.seed}); A {a_settings or 'as is'}, "
        f"B {b_settings or 'as is'}",
        flush=True,
    )
    print(
        f"{'depth':>5} {'A nodes':>12} {'A CPU s':>9} {'B nodes':>12} {'B CPU s':>9} "
        f"{'nodes B/A':>9} {'time B/A':>8}"
    )
    for depth in depths:
        totals = {"A": [0, 0.0], "B": [0, 0.0]}
        for pos in starts:
            for side, settings in (("A", a_settings), ("B", b_settings)):
                with tuned(settings):
                    began = time.process_time()
                    result = search(pos, rules, Limit(depth=depth))
                    spent = time.process_time() - began
                totals[side][0] += result.nodes
                totals[side][1] += spent
        (an, at), (bn, bt) = totals["A"], totals["B"]
        print(
            f"{depth:>5} {an:>12,} {at:>9.2f} {bn:>12,} {bt:>9.2f} "
            f"{bn / max(an, 1):>9.3f} {bt / max(at, 1e-9):>8.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
