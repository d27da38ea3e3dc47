"""Won endings played out: does the winner finish them, with the tables' distances and without?

    python bench/egtb_convert.py --rules german --pdn GAMES.pdn [GAMES2.pdn ...] --nodes 100000
    python bench/egtb_convert.py --smoke        # three positions, 3-piece tables built here

The starts are taken from games (``bench/ai_vs_checkout.py --pdn`` writes them): in each game
the first position the tables call won for the side to move (no capture to make).  Each is
played out by our engine on both sides, once as it was before the distances (A: the values
alone, the search scoring the ending's positions by the evaluation: ``table_band`` off) and
once as it is (B: values, distances and the verdict's band), under the rule set's draw rules
(the quiet-move count starts afresh).  Prints each start's outcome and, side by side, how many
wins each finished and the CPU seconds each took.  The tables come from ``--folder`` (default:
the user data folder); A reads a copy of their values without the distances.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import engine_player, play_game, with_settings
from _smoke import add_smoke, smoke_settings

from dame_desktop.ai import Limit, egtb
from dame_desktop.ai.egtb_build import WIN
from dame_desktop.core import Color, Game, Position, RuleSet, find_rules
from dame_desktop.pdn import read_games


def won_starts(rules: RuleSet, tables: egtb.Tables, files: list[Path]) -> list[Position]:
    """The first position of each game that the tables call won for the side to move."""
    starts: list[Position] = []
    for path in files:
        for game in read_games(path):
            for node in game.mainline():
                pos = node.position()
                if pos.rules != rules or (pos.white | pos.black).bit_count() > tables.max_pieces:
                    continue
                if any(m.is_capture for m in pos.legal_moves()):
                    continue
                wtm = pos.turn is Color.WHITE
                if tables.probe(pos.white, pos.black, pos.kings, wtm) == WIN:
                    starts.append(pos)
                    break
    return starts


def values_only(folder: Path, rules: RuleSet) -> Path:
    """A copy of ``folder``'s tables for ``rules`` without their distances."""
    key = egtb.table_key(rules)
    copy = Path(tempfile.mkdtemp(prefix="dame-values-"))
    (copy / key).mkdir()
    for path in (folder / key).glob("*.wdl"):
        shutil.copyfile(path, copy / key / path.name)
    return copy


def play_out(
    rules: RuleSet, starts: list[Position], limit: Limit, folder: Path, settings: dict[str, float]
) -> tuple[int, float]:
    """Wins finished from ``starts`` and the CPU seconds it took, with the tables of
    ``folder`` and the search ``settings``."""
    os.environ[egtb.FOLDER_ENV] = str(folder)
    egtb.forget()
    finished = 0
    began = time.process_time()
    for pos in starts:
        white = with_settings(engine_player(limit), settings)
        black = with_settings(engine_player(limit), settings)
        outcome = play_game(Game(rules, pos), white, black, 300)
        won = outcome.winner is pos.turn
        finished += won
        verdict = "finished" if won else "NOT finished"
        print(f"  {pos.fen():40s} {verdict}: {outcome.reason} after {outcome.plies} plies")
    egtb.forget()
    return finished, time.process_time() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="german")
    parser.add_argument("--pdn", nargs="+", type=Path, default=[], help="games to take starts from")
    parser.add_argument("--nodes", type=int, default=100_000, help="nodes a move")
    parser.add_argument("--folder", help="the tables' folder (default: the user data folder)")
    add_smoke(parser)
    args = parser.parse_args()
    rules = find_rules(args.rules)
    if smoke_settings(args, nodes=2000):
        folder = Path(tempfile.mkdtemp(prefix="dame-egtb-"))
        egtb.build(rules, 3, folder)
        fens = ["W:WK29:B10", "B:W23:BK4", "W:WK32:B2"]  # won for the side to move
        starts = [Position.from_fen(fen, rules) for fen in fens]
    else:
        folder = Path(args.folder) if args.folder else egtb.default_folder()
        if not args.pdn:
            parser.error("--pdn: the games to take the starts from")
        starts = []
    tables = egtb.Tables(rules, folder)
    if tables.max_pieces < 2 or tables.distance_pieces < 2:
        print(f"no tables with distances for {rules.key} in {folder}: run 'dame egtb build'")
        return 2
    if not starts:
        starts = won_starts(rules, tables, args.pdn)
    print(
        f"{len(starts)} won starts, {args.nodes} nodes a move, tables up to "
        f"{tables.max_pieces} pieces (distances up to {tables.distance_pieces})",
        flush=True,
    )
    limit = Limit(nodes=args.nodes)
    print("A: values only, the ending scored by the evaluation", flush=True)
    plain = values_only(folder, rules)
    a_won, a_cpu = play_out(rules, starts, limit, plain, {"table_band": False})
    shutil.rmtree(plain, ignore_errors=True)
    print("B: values, distances and the verdict's band", flush=True)
    b_won, b_cpu = play_out(rules, starts, limit, folder, {})
    print(
        f"finished: A {a_won}/{len(starts)} in {a_cpu:.0f} CPU s, "
        f"B {b_won}/{len(starts)} in {b_cpu:.0f} CPU s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
