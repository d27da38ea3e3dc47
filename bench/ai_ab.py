"""Our engine against itself with one search or evaluation setting changed (A/B self-play).

    python bench/ai_ab.py --set prune_margin=0 --games 100 --movetime 0.1 [--shard 0/2]

Player A is the engine as it is; player B has ``search.TUNING.<name> = value`` for each ``--set``
(``--eval fitted``, ``--eval hand`` or ``--eval FILE.json``, a weights file written like
``dame_desktop/ai/data/weights_10x10.json``: B evaluates with those weights; ``--eval-a``
the same for A).
International rules, seeded varied openings, each played twice with colours swapped; prints
B's score and the Elo difference.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import (
    Tally,
    engine_player,
    parse_shard,
    play_game,
    shard_games,
    with_settings,
)
from _smoke import add_smoke, smoke_settings
from ai_vs_pydraughts import openings

from dame_desktop.ai import Limit
from dame_desktop.ai.search import TUNING
from dame_desktop.core import Color, Game, find_rules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--eval", default=None, metavar="fitted|hand|FILE.json",
                        help="B's evaluation weights")
    parser.add_argument("--eval-a", default=None, metavar="fitted|hand|FILE.json",
                        help="A's evaluation weights")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--movetime", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=240)
    parser.add_argument("--shard", default="0/1", metavar="I/N")
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, games=2, movetime=0.02, max_plies=8)
    settings: dict[str, float] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(TUNING, name):
            parser.error(f"the search has no setting {name!r} (see search.Tuning)")
        settings[name] = float(value) if "." in value else int(value)
    shard, shards = parse_shard(parser, args.shard)
    rules = find_rules("international")
    limit = Limit(movetime=args.movetime)
    tally = Tally()
    starts = openings((args.games + 1) // 2, args.seed)
    for i, start, b_white in shard_games(starts, args.games, shard, shards):
        a = with_settings(engine_player(limit), {}, args.eval_a)
        b = with_settings(engine_player(limit), settings, args.eval)
        white, black = (b, a) if b_white else (a, b)
        outcome = play_game(Game(rules, start), white, black, args.max_plies)
        tally.add(outcome.winner, Color.WHITE if b_white else Color.BLACK)
        print(f"game {tally.games:3d} opening {i + 1:3d} B={'W' if b_white else 'B'} "
              f"{outcome.reason} after {outcome.plies} plies  [B {tally}]", flush=True)
    label = ", ".join(args.set + ([f"{args.eval} weights"] if args.eval else [])) or "unchanged"
    if args.eval_a:
        label += f" against A with {args.eval_a} weights"
    print(f"B ({label}) vs A, {args.movetime}s per move, {tally.games} games: {tally.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
