"""Engine speed: nodes per second and time to each depth from the start position.

    python bench/ai_speed.py                      # german, english, international, 10 s each
    python bench/ai_speed.py --rules german --seconds 30
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dame_desktop.ai import Limit, SearchResult, search  # noqa: E402
from dame_desktop.core import Position, find_rules  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="german,english,international")
    parser.add_argument("--seconds", type=float, default=10.0, help="time per rule set")
    parser.add_argument("--depth", type=int, default=None, help="stop at this depth")
    args = parser.parse_args()
    for key in args.rules.split(","):
        rules = find_rules(key)
        pos = Position.start(rules)
        print(f"{key}: start position")
        print(f"  {'depth':>5} {'seconds':>8} {'nodes':>10} {'nodes/s':>9} {'score':>6}  pv")

        def show(r: SearchResult) -> None:
            rate = r.nodes / r.seconds if r.seconds > 0 else 0.0
            pv = " ".join(m.full_text() for m in r.pv[:8])
            print(f"  {r.depth:5d} {r.seconds:8.3f} {r.nodes:10d} {rate:9.0f} {r.score:6d}  {pv}",
                  flush=True)

        result = search(pos, rules, Limit(movetime=args.seconds, depth=args.depth),
                        on_iteration=show)
        rate = result.nodes / result.seconds if result.seconds > 0 else 0.0
        print(f"  total: depth {result.depth}, {result.nodes} nodes in {result.seconds:.2f} s "
              f"= {rate:.0f} nodes/s, best {result.move}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
