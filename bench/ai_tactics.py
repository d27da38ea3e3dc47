"""How many positions of the tactics set a level solves (goal for Hard: at least 95 %).

python bench/ai_tactics.py                   # Hard (about 1 s a position)
python bench/ai_tactics.py --level medium
python bench/ai_tactics.py --movetime 0.3    # a fixed time instead of a level
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from _match import evaluating_with, weighted  # noqa: E402
from _smoke import add_smoke, smoke_settings  # noqa: E402

from dame_desktop.ai import Limit, choose_move, find_level, search  # noqa: E402
from dame_desktop.core import Position, find_rules  # noqa: E402

DEFAULT_FILE = ROOT / "tests" / "data" / "ai" / "tactics.txt"


def read_tactics(path: Path) -> list[tuple[str, str, str, str]]:
    """(rules, FEN, best move, kind) for every line that is not blank or a comment."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) < 4:
            raise ValueError(f"{path}:{number}: expected 'rules | FEN | move | kind'")
        out.append((parts[0], parts[1], parts[2], parts[3]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--movetime", type=float, default=None)
    parser.add_argument("--rules", default=None, help="only these rule sets (comma list)")
    parser.add_argument(
        "--peer-check",
        type=float,
        default=None,
        metavar="SECONDS",
        help="also ask py-draughts' TurboEngine (10x10 lines only) and report "
        "how often it agrees with the expected move",
    )
    parser.add_argument(
        "--eval",
        default=None,
        metavar="fitted|hand|FILE.json",
        help="evaluation weights (default: the ones in use)",
    )
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, movetime=0.02, rules="german")
    with evaluating_with(weighted(args.eval) if args.eval is not None else None):
        return run(args)


def run(args: argparse.Namespace) -> int:
    peer = None
    if args.peer_check is not None:
        from ai_vs_pydraughts import DEFAULT_VENV, Peer

        peer = Peer(
            str(Path(os.environ.get("DAME_PEERS_VENV", str(DEFAULT_VENV))) / "bin" / "python")
        )
    agree = asked = 0
    level = find_level(args.level)
    wanted = set(args.rules.split(",")) if args.rules else None
    solved: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    total = found = 0
    for key, fen, best, kind in read_tactics(args.file):
        if wanted is not None and key not in wanted:
            continue
        rules = find_rules(key)
        pos = Position.from_fen(fen, rules)
        if args.movetime is not None:
            result = search(pos, rules, Limit(movetime=args.movetime))
        else:
            result = choose_move(pos, level, random.Random(0))
        ok = result.move is not None and result.move.full_text() == best
        total += 1
        found += ok
        for group in (key, kind):
            solved[group][0] += ok
            solved[group][1] += 1
        if peer is not None and rules.board_size == 10 and rules.key == "international":
            theirs = peer.best(pos, args.peer_check)
            asked += 1
            agree += theirs.full_text() == best
            if theirs.full_text() != best:
                print(f"peer disagrees {fen}: expected {best}, TurboEngine {theirs}")
        if not ok:
            print(
                f"miss {key} {fen}: expected {best}, played {result.move} "
                f"(score {result.score}, depth {result.depth})",
                flush=True,
            )
    for group, (hits, count) in sorted(solved.items()):
        print(f"  {group:14s} {hits:3d}/{count:<3d} {100 * hits / count:5.1f} %")
    what = f"movetime {args.movetime}s" if args.movetime is not None else f"level {level.key}"
    print(f"{what}: {found}/{total} = {100 * found / max(total, 1):.1f} % solved")
    if peer is not None:
        peer.close()
        print(f"TurboEngine at {args.peer_check}s agrees on {agree}/{asked} 10x10 positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
