"""Our engine against itself with one search or evaluation setting changed (A/B self-play).

    python bench/ai_ab.py --set prune_margin=0 --games 100 --movetime 0.1 [--shard 0/2]
    python bench/ai_ab.py --rules german --nodes 20000 --set singular_margin=20 --games 100

Player A is the engine as it is; player B has ``search.TUNING.<name> = value`` for each ``--set``
(``--set-a`` the same for A; ``--eval fitted``, ``--eval hand`` or ``--eval FILE.json``, a
weights file written like ``dame_desktop/ai/data/weights_10x10.json``: B evaluates with those
weights; ``--eval-a`` the same for A).
``--rules`` (International by default; 8x8 rule sets start from the corpus' ballots, else
seeded random openings), seeded varied openings, each played twice with colours swapped.  The
budget is the same for both: ``--movetime`` seconds, or (load-proof) ``--nodes`` or ``--depth``
a move.  Prints B's score and Elo difference, and each side's nodes a second and mean depth.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import (
    Counted,
    Tally,
    parse_shard,
    play_game,
    shard_games,
    with_settings,
)
from _smoke import add_smoke, smoke_settings
from ai_levels import BALLOTS
from ai_levels import openings as openings_8x8
from ai_vs_pydraughts import openings

from dame_desktop.ai import Limit
from dame_desktop.ai.search import TUNING
from dame_desktop.core import Color, Game, Position, RuleSet, find_rules


def match_openings(rules: RuleSet, count: int, seed: int) -> list[Position]:
    """The openings of a self-play match: 10x10 seeded 4-ply ones; 8x8 the corpus' 11-man
    ballots where present (German, English), else balanced random ones."""
    if rules.board_size == 10:
        return openings(count, seed)
    return openings_8x8(rules, count, seed, BALLOTS)


def parse_settings(parser: argparse.ArgumentParser, items: list[str]) -> dict[str, float]:
    settings: dict[str, float] = {}
    for item in items:
        name, _, value = item.partition("=")
        if not hasattr(TUNING, name):
            parser.error(f"the search has no setting {name!r} (see search.Tuning)")
        current = getattr(TUNING, name)
        if isinstance(current, bool):
            if value.lower() not in ("0", "1", "true", "false", "on", "off"):
                parser.error(f"{name} is on or off (1/0), got {value!r}")
            settings[name] = value.lower() in ("1", "true", "on")
        else:
            settings[name] = float(value) if "." in value else int(value)
    return settings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument(
        "--set-a",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="A's settings (B has the --set ones)",
    )
    parser.add_argument(
        "--eval", default=None, metavar="fitted|hand|FILE.json", help="B's evaluation weights"
    )
    parser.add_argument(
        "--eval-a", default=None, metavar="fitted|hand|FILE.json", help="A's evaluation weights"
    )
    parser.add_argument("--rules", default="international")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--movetime", type=float, default=0.1)
    parser.add_argument("--nodes", type=int, default=None, help="nodes a move (not time)")
    parser.add_argument("--depth", type=int, default=None, help="plies a move (not time)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=240)
    parser.add_argument("--shard", default="0/1", metavar="I/N")
    add_smoke(parser)
    args = parser.parse_args()
    if smoke_settings(args, games=2, movetime=0.02, max_plies=8):
        args.nodes = args.depth = None
    settings = parse_settings(parser, args.set)
    settings_a = parse_settings(parser, args.set_a)
    shard, shards = parse_shard(parser, args.shard)
    rules = find_rules(args.rules)
    if args.nodes or args.depth:
        limit = Limit(nodes=args.nodes, depth=args.depth)
        budget = " and ".join(
            ([f"{args.nodes} nodes"] if args.nodes else [])
            + ([f"depth {args.depth}"] if args.depth else [])
        )
    else:
        limit = Limit(movetime=args.movetime)
        budget = f"{args.movetime}s"
    tally = Tally()
    count = (args.games + 1) // 2
    starts = match_openings(rules, count, args.seed)
    counted_a, counted_b = Counted(), Counted()
    for i, start, b_white in shard_games(starts, args.games, shard, shards):
        a = with_settings(counted_a.player(limit), settings_a, args.eval_a)
        b = with_settings(counted_b.player(limit), settings, args.eval)
        white, black = (b, a) if b_white else (a, b)
        outcome = play_game(Game(rules, start), white, black, args.max_plies)
        tally.add(outcome.winner, Color.WHITE if b_white else Color.BLACK)
        print(
            f"game {tally.games:3d} opening {i + 1:3d} B={'W' if b_white else 'B'} "
            f"{outcome.reason} after {outcome.plies} plies  [B {tally}]",
            flush=True,
        )
    label = ", ".join(args.set + ([f"{args.eval} weights"] if args.eval else [])) or "unchanged"
    if args.eval_a:
        label += f" against A with {args.eval_a} weights"
    if args.set_a:
        label += " against A with " + ", ".join(args.set_a)
    print(f"B ({label}) vs A, {rules.key}, {budget} a move, {tally.games} games: {tally.summary()}")
    print(f"  A: {counted_a}")
    print(f"  B: {counted_b}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
