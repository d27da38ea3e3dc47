"""Our engine against an older version of itself (another checkout of this repository).

The engine's goals are set against "a checkout of main" at some commit.  Make one beside this
one and build its compiled modules in place, then play it:

    git worktree add --detach ../base COMMIT
    (cd ../base && python setup.py build_ext --inplace)
    python bench/ai_vs_checkout.py --checkout ../base --rules german --movetime 0.5 --games 200

The old engine runs in a subprocess started in the checkout (its own ``dame_desktop`` on the
path, never this one's) that reads one JSON line per move (the position as FEN, the earlier
positions, the quiet-move count and the budget) and answers with the move's squares; every
answer is checked against our legal moves.  Both sides keep their search tables from move to
move within a game (``SearchMemory``) and think a fixed ``--movetime`` (or ``--nodes``) a
move (``--cpu``: CPU seconds of its own process, so that a busy machine takes nothing from
either side's thinking).  The openings are ai_ab.py's (10x10: seeded 4-ply openings; German
and English: the corpus' 11-man ballots where present, else balanced random ones), each played
twice with colours swapped.  At the end: W/D/L and Elo for this checkout, and for each side
the nodes a second, the mean depth and the mean time a move.  ``--smoke`` plays this checkout
against itself.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import (
    Counted,
    Tally,
    add_skip,
    parse_shard,
    play_game,
    recent_history,
    shard_games,
    table_draws,
)
from _smoke import add_smoke, smoke_settings
from ai_ab import match_openings
from ai_vs_pydraughts import game_record

from dame_desktop.ai import Limit
from dame_desktop.core import Color, Game, Move, find_rules

ROOT = Path(__file__).resolve().parent.parent

# The program the checkout runs: only API that every version of the engine has had
# (find_rules, Position.from_fen, search with history/quiet_plies/memory, Move.path/captured).
DRIVER = r"""
import json, signal, sys, time
signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the match, which ends this
from dame_desktop import native
from dame_desktop.ai import Limit, SearchMemory, search
from dame_desktop.core import Position, find_rules

rules = find_rules(sys.argv[1])
memory = SearchMemory()
print(json.dumps({"ready": native.describe()}), flush=True)
for line in sys.stdin:
    ask = json.loads(line)
    if ask.get("new_game"):
        memory = SearchMemory()
    position = Position.from_fen(ask["fen"], rules)
    history = [Position.from_fen(fen, rules) for fen in ask["history"]]
    limit = Limit(movetime=ask.get("movetime"), nodes=ask.get("nodes"))
    began = time.process_time()
    cpu = ask.get("cpu")
    stop = (lambda: time.process_time() - began >= cpu) if cpu else None
    result = search(position, rules, limit, stop, history=history, quiet_plies=ask["quiet"],
                    memory=memory)
    move = result.move
    print(json.dumps({
        "path": list(move.path), "captured": sorted(move.captured),
        "nodes": result.nodes, "depth": result.depth, "cpu": time.process_time() - began,
    }), flush=True)
"""


class Checkout:
    """The older engine in its subprocess."""

    def __init__(self, folder: Path, rules_key: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(folder)}
        env.pop("DAME_PURE", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", DRIVER, rules_key],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.described = str(self.read()["ready"])
        self.side = Counted()
        self.new_game = True
        self.cpu: float | None = None  # CPU seconds a move instead of the limit's time

    def read(self) -> dict[str, Any]:
        stdout: IO[str] | None = self.proc.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"the checkout's engine stopped (exit {self.proc.poll()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def move(self, game: Game, limit: Limit) -> Move:
        ask = {
            "fen": game.position.fen(),
            "history": [p.fen() for p in recent_history(game)],
            "quiet": game.state.quiet_plies,
            "movetime": limit.movetime,
            "nodes": limit.nodes,
            "cpu": self.cpu,
            "new_game": self.new_game,
        }
        self.new_game = False
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(json.dumps(ask) + "\n")
        stdin.flush()
        answer = self.read()
        self.side.count(int(answer["nodes"]), int(answer["depth"]), float(answer["cpu"]))
        path, captured = tuple(answer["path"]), sorted(answer["captured"])
        for move in game.position.legal_moves():
            if path in move.paths and sorted(move.captured) == captured:
                return move
        raise RuntimeError(f"the checkout's engine played an illegal move {path} in {ask['fen']}")

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, help="the older checkout (built in place)")
    parser.add_argument("--rules", default="german")
    parser.add_argument("--games", type=int, default=200, help="games (an even number)")
    parser.add_argument("--movetime", type=float, default=0.5, help="seconds a move, both")
    parser.add_argument("--nodes", type=int, default=None, help="nodes a move (not time)")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="--movetime is CPU seconds of each side's own process (a busy machine slows "
        "neither side's thinking)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=240)
    parser.add_argument("--shard", default="0/1", metavar="I/N")
    parser.add_argument(
        "--pdn", type=Path, default=None, metavar="FILE", help="append every finished game to FILE"
    )
    parser.add_argument(
        "--adjudicate",
        action="store_true",
        help="a game is drawn once the endgame tables built here call its position a draw "
        "(quicker, but it takes from this checkout's engine, which has tables, the endings the "
        "other would lose; without it only kings-alone endings that this checkout defends "
        "with fewer pieces are judged, where the tables keep the draw)",
    )
    add_skip(parser)
    add_smoke(parser)
    args = parser.parse_args()
    if smoke_settings(args, games=2, movetime=0.02, max_plies=8, checkout=ROOT):
        args.nodes = None
    if args.checkout is None:
        parser.error("--checkout FOLDER is needed (a checkout of an older commit)")
    if not (args.checkout / "dame_desktop").is_dir():
        parser.error(f"{args.checkout} is not a checkout of this repository")
    shard, shards = parse_shard(parser, args.shard)
    rules = find_rules(args.rules)
    cpu = args.movetime if args.cpu and not args.nodes else None
    if args.nodes:
        limit, budget = Limit(nodes=args.nodes), f"{args.nodes} nodes"
    elif cpu is not None:
        limit, budget = Limit(), f"{cpu} CPU s"
    else:
        limit, budget = Limit(movetime=args.movetime), f"{args.movetime}s"
    old = Checkout(args.checkout.resolve(), rules.key)
    old.cpu = cpu
    print(f"checkout {args.checkout}: {old.described}", flush=True)
    ours = Counted()
    count = (args.games + 1) // 2
    starts = match_openings(rules, count, args.seed)
    if args.adjudicate:
        print("games end as draws where the endgame tables built here say so", flush=True)
    tally = Tally()
    # Ctrl-C or a plain kill stops the match with the figures of the finished games (a job
    # started in the background of a script ignores Ctrl-C unless told otherwise)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for i, start, new_white in shard_games(starts, args.games, shard, shards, args.skip):
            new_side = Color.WHITE if new_white else Color.BLACK
            old.new_game = True
            new = ours.player(limit, cpu)

            def older(game: Game) -> Move:
                return old.move(game, limit)

            white, black = (new, older) if new_white else (older, new)
            judge = table_draws(rules, None if args.adjudicate else new_side)
            game = Game(rules, start)
            outcome = play_game(game, white, black, args.max_plies, judge)
            mark = tally.add(outcome.winner, Color.WHITE if new_white else Color.BLACK)
            print(
                f"game {tally.games:3d} opening {i + 1:3d} new={'W' if new_white else 'B'} "
                f"{mark} {outcome.reason} after {outcome.plies} plies  [new {tally}]",
                flush=True,
            )
            if args.pdn is not None:
                names = ("this checkout", f"checkout {args.checkout.name}")
                white_name, black_name = names if new_white else names[::-1]
                event = f"ai_vs_checkout {rules.key} {budget} opening {i + 1}"
                with args.pdn.open("a", encoding="utf-8") as out:
                    out.write(
                        game_record(game, start, white_name, black_name, event, outcome.reason)
                    )
                    out.write("\n")
    except KeyboardInterrupt:  # a long run stopped by hand: the games finished so far
        print("stopped: the figures below are those of the finished games", flush=True)
    finally:
        old.close()
    if not tally.games:
        return 1
    print(f"this checkout vs {args.checkout}, {rules.key}, {budget} a move: {tally.summary()}")
    print(f"  this checkout: {ours}")
    print(f"  the older one: {old.side}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
