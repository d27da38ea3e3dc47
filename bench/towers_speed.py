"""The Bashni engine's speed: the depth it reaches and the CPU seconds it takes, on seeded
positions with towers, for the engine in the checkout and (``--against FILE``) another copy
of ``ai/towers.py`` (say the one before a change), in one run so the machine's load hits both.

    python bench/towers_speed.py --positions 8 --depth 5
    python bench/towers_speed.py --against /tmp/towers_old.py
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from _smoke import add_smoke, smoke_settings  # noqa: E402

from dame_desktop.ai import Limit  # noqa: E402
from dame_desktop.ai import towers as current  # noqa: E402
from dame_desktop.core import Game, Position, find_rules  # noqa: E402

BASHNI = find_rules("bashni")


def positions(count: int, seed: int) -> list[Position]:
    """Seeded positions of random games once towers have formed (and the start)."""
    rng = random.Random(seed)
    out = [Position.start(BASHNI)]
    game = Game(BASHNI)
    while len(out) < count:
        if game.is_over or len(game.states) > 50:
            game = Game(BASHNI)
        game.play(rng.choice(game.legal_moves()))
        if not game.is_over and len(game.position.stacks) >= 2 and rng.random() < 0.3:
            out.append(game.position)
    return out


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("dame_desktop.ai._towers_other", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure(module: ModuleType, start: list[Position], depth: int) -> tuple[float, int]:
    """(CPU seconds, nodes) to search every position to ``depth``."""
    began = time.process_time()
    nodes = 0
    for pos in start:
        result = module.tower_search(pos, Limit(depth=depth))
        nodes += result.nodes
    return time.process_time() - began, nodes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        metavar="FILE",
        help="another ai/towers.py to compare with",
    )
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, positions=2, depth=2)
    start = positions(args.positions, args.seed)
    seconds, nodes = measure(current, start, args.depth)
    print(
        f"this engine: depth {args.depth} on {len(start)} positions: {seconds:.2f} CPU s, "
        f"{nodes} nodes, {nodes / max(seconds, 1e-9):.0f} nodes/s"
    )
    if args.against is not None:
        other = load(args.against)
        o_seconds, o_nodes = measure(other, start, args.depth)
        print(
            f"{args.against.name}: depth {args.depth}: {o_seconds:.2f} CPU s, {o_nodes} "
            f"nodes, {o_nodes / max(o_seconds, 1e-9):.0f} nodes/s"
        )
        print(f"ratio (other / this): {o_seconds / max(seconds, 1e-9):.2f}x CPU time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
