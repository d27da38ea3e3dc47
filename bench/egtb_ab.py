"""Our engine with the endgame tables (A) against itself without them (B), from endings.

    python bench/egtb_ab.py --rules german --pieces 6 --games 40 --movetime 0.1
    python bench/egtb_ab.py --smoke        # two short games from 4 pieces, tables built here

Each start is a random position of ``--pieces`` pieces (the same material for both sides,
no capture for the side to move), played twice with colours swapped.  The tables come from
``--folder`` (default: the user data folder); build them first with ``dame egtb build``.
Prints A's score and the Elo difference, and how many of A's moves the tables decided.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

from _smoke import add_smoke, smoke_settings

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import Tally, engine_player, play_game, with_settings

from dame_desktop.ai import Limit, egtb
from dame_desktop.core import Color, Game, Position, RuleSet, find_rules
from dame_desktop.core.geometry import geometry


def random_endings(
    rules: RuleSet, pieces: int, count: int, seed: int, kings: int = -1
) -> list[Position]:
    """``count`` random positions: each side ``pieces // 2`` pieces, ``kings`` of them kings
    (-1: from one to all, drawn for each position)."""
    rng = random.Random(seed)
    geo = geometry(rules.board_size, rules.numbering)
    out: list[Position] = []
    per_side = pieces // 2
    while len(out) < count:
        crowned = rng.randint(1, per_side) if kings < 0 else min(kings, per_side)
        squares = rng.sample(range(1, geo.squares + 1), 2 * per_side)
        placed: dict[int, tuple[Color, bool]] = {}
        for i, sq in enumerate(squares):
            colour = Color.WHITE if i < per_side else Color.BLACK
            king = i % per_side < crowned
            placed[sq] = (colour, king)
        pos = Position.from_pieces(placed, rng.choice((Color.WHITE, Color.BLACK)), rules)
        promo_w = geo.white_promo
        promo_b = geo.black_promo
        if pos.white & ~pos.kings & promo_w or pos.black & ~pos.kings & promo_b:
            continue  # a man on its crowning row
        if pos.has_capture() or not pos.legal_moves():
            continue
        out.append(pos)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="german")
    parser.add_argument("--pieces", type=int, default=6)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--movetime", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument(
        "--kings",
        type=int,
        default=-1,
        help="kings a side at the start (default: one to all, at random)",
    )
    parser.add_argument("--folder", help="the tables' folder (default: the user data folder)")
    add_smoke(parser)
    args = parser.parse_args()
    rules = find_rules(args.rules)
    limit = Limit(movetime=args.movetime)
    if smoke_settings(args, pieces=4, games=2, max_plies=40):
        # two games of 4 pieces at depth 2, with 3-piece tables built here
        folder = Path(tempfile.mkdtemp(prefix="dame-egtb-"))
        egtb.build(rules, 3, folder)
        limit = Limit(depth=2)
    else:
        folder = Path(args.folder) if args.folder else egtb.default_folder()
    egtb.forget()
    os.environ[egtb.FOLDER_ENV] = str(folder)
    tables = egtb.tables_for(rules)
    if tables is None:
        print(f"no tables for {rules.key} in {folder}: run 'dame egtb build' first")
        return 2
    print(
        f"tables {egtb.table_key(rules)} up to {tables.max_pieces} pieces; "
        f"starts of {args.pieces} pieces"
    )
    tally = Tally()
    starts = random_endings(rules, args.pieces, (args.games + 1) // 2, args.seed, args.kings)
    for i, start in enumerate(starts):
        for a_white in (True, False):
            if tally.games >= args.games:
                break
            a = engine_player(limit)
            b = with_settings(engine_player(limit), {"endgame_tables": False})
            white, black = (a, b) if a_white else (b, a)
            outcome = play_game(Game(rules, start), white, black, args.max_plies)
            mark = tally.add(outcome.winner, Color.WHITE if a_white else Color.BLACK)
            print(
                f"game {tally.games:3d} start {i + 1:3d} A={'W' if a_white else 'B'} {mark} "
                f"{outcome.reason} after {outcome.plies} plies  [A {tally}]",
                flush=True,
            )
    print(
        f"A (tables) vs B (none), {rules.key}, {args.pieces} pieces "
        f"({'random' if args.kings < 0 else args.kings} kings a side), "
        f"{args.movetime if not args.smoke else 'depth 2'} a move, {tally.games} games: "
        f"{tally.summary()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
