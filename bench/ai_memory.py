"""Search memory: time to a fixed depth along a game, with and without the kept tables.

A game is played by a quick search (depth 4, deterministic); then, for one side's moves, the
engine searches each position to ``--depth`` once with fresh tables and once with a
SearchMemory that has seen its previous moves of the game (as in a match or in the app).

    python bench/ai_memory.py                         # international, depth 9, 40 plies
    python bench/ai_memory.py --rules german --depth 11 --plies 60
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _smoke import add_smoke, smoke_settings

from dame_desktop.ai import Limit, SearchMemory, search
from dame_desktop.core import Game, find_rules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="international")
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--plies", type=int, default=40, help="length of the game replayed")
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, rules="german", depth=3, plies=4)
    rules = find_rules(args.rules)
    game = Game(rules)
    positions = [game.position]
    for _ in range(args.plies):
        if game.result is not None:
            break
        result = search(game.position, rules, Limit(depth=4))
        assert result.move is not None
        game.play(result.move)
        positions.append(game.position)
    ours = [p for i, p in enumerate(positions) if i % 2 == 0 and p.legal_moves()]
    limit = Limit(depth=args.depth)
    memory = SearchMemory()
    rows = []
    for pos in ours:
        started = time.perf_counter()
        fresh = search(pos, rules, limit)
        fresh_s = time.perf_counter() - started
        started = time.perf_counter()
        kept = search(pos, rules, limit, memory=memory)
        kept_s = time.perf_counter() - started
        rows.append(
            (
                fresh_s,
                fresh.nodes,
                kept_s,
                kept.nodes,
                fresh.move == kept.move,
                fresh.score,
                kept.score,
            )
        )
    print(f"{args.rules}: {len(rows)} positions of one side, depth {args.depth}")
    print(f"  {'fresh s':>8} {'nodes':>9} {'memory s':>9} {'nodes':>9}  same move  scores")
    for fresh_s, fresh_n, kept_s, kept_n, same, fs, ks in rows:
        mark = "yes" if same else "no"
        print(
            f"  {fresh_s:8.3f} {fresh_n:9d} {kept_s:9.3f} {kept_n:9d}  {mark:>9}  {fs:+d} {ks:+d}"
        )
    total_fresh = sum(r[0] for r in rows)
    total_kept = sum(r[2] for r in rows)
    nodes_fresh = sum(r[1] for r in rows)
    nodes_kept = sum(r[3] for r in rows)
    same_moves = sum(1 for r in rows if r[4])
    print(
        f"total: fresh {total_fresh:.2f} s / {nodes_fresh} nodes, with memory "
        f"{total_kept:.2f} s / {nodes_kept} nodes; time ratio {total_kept / total_fresh:.2f}, "
        f"node ratio {nodes_kept / nodes_fresh:.2f}; same move {same_moves}/{len(rows)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
