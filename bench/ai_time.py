"""How much of its time the engine uses: a fixed time per search against the game clock.

Self-play games on 10x10 from the match openings (bench/ai_vs_pydraughts.py); both sides
think the same way.  ``fixed`` is a plain ``Limit(movetime=T)`` for every search (the engine
as it was); ``clock`` is a ``timeman.GameClock(T)`` per side (T seconds a move on average,
unstable positions get more, never beyond the hard limit).  Prints, per mode and time, the
mean, 95th percentile and maximum time a move took, the mean depth, and for the clock the
worst overshoot of a search past its own hard limit.

    taskset -c 1 python bench/ai_time.py --movetime 0.5,1.0 --games 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import recent_history
from _smoke import add_smoke, smoke_settings
from ai_vs_pydraughts import openings

from dame_desktop.ai import Limit, SearchMemory, search
from dame_desktop.ai.timeman import GameClock
from dame_desktop.core import Game, find_rules


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(share * len(ordered)), len(ordered) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--movetime", default="0.5,1.0", help="seconds a move, comma-separated")
    parser.add_argument("--modes", default="fixed,clock")
    parser.add_argument("--games", type=int, default=2, help="self-play games per mode")
    parser.add_argument("--max-plies", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, movetime="0.02", games=1, max_plies=4)
    rules = find_rules("international")
    starts = openings(args.games, args.seed)
    print(
        f"{'mode':>6} {'T':>5} {'moves':>5} {'mean':>6} {'p95':>6} {'max':>6} {'used':>5} "
        f"{'depth':>5} {'over-hard':>9}"
    )
    for movetime in (float(t) for t in args.movetime.split(",")):
        for mode in args.modes.split(","):
            used: list[float] = []
            depths: list[int] = []
            overshoot = 0.0
            for start in starts:
                game = Game(rules, start)
                memories = (SearchMemory(), SearchMemory())
                clocks = (GameClock(movetime), GameClock(movetime))
                for ply in range(args.max_plies):
                    if game.is_over:
                        break
                    side = ply % 2
                    plan = clocks[side].plan() if mode == "clock" else None
                    began = time.perf_counter()
                    result = search(
                        game.position,
                        rules,
                        Limit(movetime=movetime),
                        history=recent_history(game),
                        quiet_plies=game.state.quiet_plies,
                        memory=memories[side],
                        timer=plan,
                    )
                    took = time.perf_counter() - began
                    clocks[side].spend(took)
                    if plan is not None:
                        overshoot = max(overshoot, took - plan.hard)
                    used.append(took)
                    depths.append(result.depth)
                    assert result.move is not None
                    game.play(result.move)
            mean = statistics.fmean(used)
            print(
                f"{mode:>6} {movetime:5.2f} {len(used):5d} {mean:6.3f} "
                f"{percentile(used, 0.95):6.3f} {max(used):6.3f} {mean / movetime:5.0%} "
                f"{statistics.fmean(depths):5.1f} "
                f"{overshoot * 1000 if mode == 'clock' else float('nan'):7.1f}ms",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
