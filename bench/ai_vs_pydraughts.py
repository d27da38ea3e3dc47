"""10x10 match: our engine against py-draughts' TurboEngine at equal time per move.

The peer runs in its own venv (``python -m venv VENV && VENV/bin/pip install py-draughts``)
and speaks a line protocol (bench/peers/pydraughts_peer.py).  Each opening is played twice
with colours swapped.  Prints the score and the Elo difference.

    python bench/ai_vs_pydraughts.py --games 100 --movetime 1.0
    python bench/ai_vs_pydraughts.py --games 20 --movetime 0.1      # quick look
    python bench/ai_vs_pydraughts.py --shard 0/2 &  python bench/ai_vs_pydraughts.py --shard 1/2
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import (
    Tally,
    elo,
    engine_player,
    evaluating_with,
    parse_shard,
    play_game,
    shard_games,
    weighted,
    with_settings,
)
from _smoke import StandInPeer, add_smoke, skipped, smoke_settings

from dame_desktop.ai import Limit, search
from dame_desktop.core import Color, Game, Move, Position, find_rules
from dame_desktop.pdn import Game as PdnGame
from dame_desktop.pdn import write_game

HERE = Path(__file__).resolve().parent
# the first ``venvs/peers`` beside the checkout or above it (worktrees sit one level deeper)
DEFAULT_VENV = next(
    (
        folder / "venvs" / "peers"
        for folder in HERE.parents
        if (folder / "venvs" / "peers").is_dir()
    ),
    HERE.parent.parent / "venvs" / "peers",
)


class Peer:
    """py-draughts' TurboEngine in a subprocess."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen(
            [python, str(HERE / "peers" / "pydraughts_peer.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.used = 0.0
        self.moves = 0

    def best(self, position: Position, seconds: float) -> Move:
        """The peer's move in ``position`` after ``seconds`` of thought."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"go {seconds} {position.fen()}\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().split()
        if len(reply) != 3 or reply[0] != "move":
            raise RuntimeError(f"peer said {reply!r}")
        self.used += float(reply[2])
        self.moves += 1
        return position.parse_move(reply[1])

    def move(self, game: Game, seconds: float) -> Move:
        return self.best(game.position, seconds)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def game_record(
    game: Game, start: Position, white: str, black: str, event: str, reason: str
) -> str:
    """The finished game as PDN (the opening position as its FEN setup)."""
    record = PdnGame(game.rules, start)
    record.headers["Event"] = event
    record.headers["White"] = white
    record.headers["Black"] = black
    winner = game.result.winner if game.result is not None else None
    record.headers["Result"] = (
        "1/2-1/2" if winner is None else "1-0" if winner is Color.WHITE else "0-1"
    )
    record.headers["Termination"] = reason
    record.add_line(game.moves)
    return write_game(record)


def openings(count: int, seed: int) -> list[Position]:
    """Seeded random 4-ply openings that a quick search calls roughly level.

    The search judges with the hand-set weights, so a seed gives the same openings whatever
    weights the engine plays with.
    """
    rules = find_rules("international")
    rng = random.Random(seed)
    out: list[Position] = []
    seen: set[Position] = set()
    with evaluating_with(weighted("hand")):
        while len(out) < count:
            pos = Position.start(rules)
            for _ in range(4):
                pos = pos.play(rng.choice(pos.legal_moves()))
            if pos in seen:
                continue
            if abs(search(pos, rules, Limit(depth=4)).score) <= 40:
                seen.add(pos)
                out.append(pos)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games (an even number)")
    parser.add_argument("--movetime", type=float, default=1.0, help="seconds per move, both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-plies", type=int, default=240, help="adjudicate a draw after this many plies"
    )
    parser.add_argument(
        "--no-memory", action="store_true", help="fresh tables for every move (no SearchMemory)"
    )
    parser.add_argument(
        "--fixed",
        action="store_true",
        help="our engine thinks exactly --movetime per search (without it: the "
        "game clock, --movetime a move on average)",
    )
    parser.add_argument(
        "--shard",
        default="0/1",
        metavar="I/N",
        help="play only every N-th opening from the I-th (0-based), so that N "
        "processes share one match",
    )
    parser.add_argument(
        "--pdn", type=Path, default=None, metavar="FILE", help="append every finished game to FILE"
    )
    parser.add_argument("--venv", default=os.environ.get("DAME_PEERS_VENV", str(DEFAULT_VENV)))
    parser.add_argument(
        "--eval",
        default=None,
        metavar="fitted|hand|FILE.json",
        help="our evaluation weights (default: the ones in use); the openings "
        "are picked the same way whatever this says",
    )
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, games=2, movetime=0.02, max_plies=8)
    shard, shards = parse_shard(parser, args.shard)
    python = str(Path(args.venv) / "bin" / "python")
    rules = find_rules("international")
    peer: Peer | StandInPeer
    if Path(python).exists():
        peer = Peer(python)
    elif args.smoke:
        skipped(f"py-draughts (no peers venv at {args.venv}): our engine plays its side")
        peer = StandInPeer(engine_player(Limit(movetime=args.movetime)))
    else:
        print(
            f"no peers venv at {args.venv}: python -m venv {args.venv} && "
            f"{args.venv}/bin/pip install py-draughts",
            file=sys.stderr,
        )
        return 2

    def new_player() -> Callable[[Game], Move]:
        player = engine_player(
            Limit(movetime=args.movetime), memory=not args.no_memory, clock=not args.fixed
        )
        return with_settings(player, {}, args.eval) if args.eval is not None else player

    ours = new_player()
    our_used = 0.0
    our_moves = 0

    def timed_ours(game: Game) -> Move:
        nonlocal our_used, our_moves
        started = time.perf_counter()
        move = ours(game)
        our_used += time.perf_counter() - started
        our_moves += 1
        return move

    def theirs(game: Game) -> Move:
        return peer.move(game, args.movetime)

    tally = Tally()
    starts = openings((args.games + 1) // 2, args.seed)
    try:
        for i, start, ours_white in shard_games(starts, args.games, shard, shards):
            if not args.fixed:
                ours = new_player()  # a fresh game clock
            game = Game(rules, start)
            white, black = (timed_ours, theirs) if ours_white else (theirs, timed_ours)
            outcome = play_game(game, white, black, args.max_plies)
            if args.pdn is not None:
                names = ("Dame", "TurboEngine") if ours_white else ("TurboEngine", "Dame")
                with args.pdn.open("a", encoding="utf-8") as out:
                    out.write(
                        game_record(
                            game,
                            start,
                            *names,
                            f"{args.movetime}s seed {args.seed} opening {i + 1}",
                            outcome.reason,
                        )
                        + "\n"
                    )
            mark = tally.add(outcome.winner, Color.WHITE if ours_white else Color.BLACK)
            print(
                f"game {tally.games:3d} opening {i + 1:3d} ours={'W' if ours_white else 'B'} "
                f"{mark} {outcome.reason} after {outcome.plies} plies  [{tally}]",
                flush=True,
            )
    finally:
        peer.close()
    played = tally.games
    diff, margin = elo(tally.points / played, played)
    print(
        f"movetime {args.movetime}s, {played} games: {tally}, "
        f"score {tally.points:.1f}/{played} = {100 * tally.points / played:.1f} %, "
        f"Elo {diff:+.0f} ± {margin:.0f}"
    )
    print(
        f"our side: {'fixed' if args.fixed else 'clock'}; mean time per move: "
        f"ours {our_used / max(our_moves, 1):.3f}s, "
        f"peer {peer.used / max(peer.moves, 1):.3f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
