"""10x10 match: our engine against dame-rs's engine (Rust, ``dame hub``) at equal time a move.

dame-rs lives in its own venv (it installs a ``dame`` command and a top-level ``dame``
package of its own: never beside ours): ``python -m venv VENV && VENV/bin/pip install
dame-rs``.  This script starts ``VENV/bin/dame hub`` as a subprocess and speaks the Hub
protocol to it (``level move-time=T``, ``go think``); every move it sends is checked against
our legal moves.  The openings are those of bench/ai_vs_pydraughts.py (seeded random 4-ply
openings a quick search calls level), each played twice with colours swapped.

Our side thinks with the game clock (``timeman.GameClock``: T seconds a move on average,
never more in all) unless ``--fixed`` gives it a plain T per search.  Both sides' mean time
a move is printed at the end.

    taskset -c 1 python bench/ai_vs_damers.py --games 40 --movetime 1.0 --pdn games.pdn
    python bench/ai_vs_damers.py --games 4 --movetime 0.1                  # quick look
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _match import (
    Player,
    Tally,
    add_skip,
    elo,
    engine_player,
    parse_shard,
    play_game,
    shard_games,
    with_settings,
)
from _smoke import StandInPeer, add_smoke, skipped, smoke_settings
from ai_ab import parse_settings
from ai_vs_pydraughts import game_record, openings

from dame_desktop.ai import Limit
from dame_desktop.core import Color, Game, Move, Position, find_rules

HERE = Path(__file__).resolve().parent
# the first ``venvs/damers`` beside the checkout or above it (worktrees sit one level deeper)
DEFAULT_VENV = next(
    (
        folder / "venvs" / "damers"
        for folder in HERE.parents
        if (folder / "venvs" / "damers").is_dir()
    ),
    HERE.parent.parent / "venvs" / "damers",
)


def hub_position(position: Position) -> str:
    """The Hub position string: side to move, then one letter per square 1..50."""
    geo = position.geometry
    squares = ["e"] * geo.squares
    for mask, man, king in ((position.white, "w", "W"), (position.black, "b", "B")):
        for sq in geo.squares_of(mask & ~position.kings):
            squares[sq - 1] = man
        for sq in geo.squares_of(mask & position.kings):
            squares[sq - 1] = king
    return ("W" if position.turn is Color.WHITE else "B") + "".join(squares)


def hub_move(move: Move) -> str:
    """Hub's move text: ``from-to``, or ``from x to x every captured square``."""
    if not move.captured:
        return f"{move.path[0]}-{move.path[-1]}"
    return "x".join(str(sq) for sq in (move.path[0], move.path[-1], *sorted(move.captured)))


def parse_hub_move(position: Position, text: str) -> Move:
    """The legal move of ``position`` that ``text`` (Hub notation) names; ValueError if none."""
    sep = "x" if "x" in text else "-"
    try:
        squares = [int(part) for part in text.split(sep)]
    except ValueError:
        raise ValueError(f"not a Hub move: {text!r}") from None
    if len(squares) < 2:
        raise ValueError(f"not a Hub move: {text!r}")
    wanted = (squares[0], squares[1], frozenset(squares[2:]))
    for move in position.legal_moves():
        if (move.path[0], move.path[-1], frozenset(move.captured)) == wanted:
            return move
    raise ValueError(f"{text!r} is not a legal move in {position.fen()}")


class HubEngine:
    """dame-rs (or any Hub engine) in a subprocess."""

    def __init__(self, command: list[str], cwd: str) -> None:
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, cwd=cwd
        )
        self.used = 0.0
        self.moves = 0
        self.depths: list[int] = []
        self.name = "hub engine"
        self.send("hub")
        for line in self.lines_until("wait"):
            if line.startswith("id "):
                self.name = line
        self.send("init")
        for _ in self.lines_until("ready"):
            pass

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def lines_until(self, word: str) -> list[str]:
        assert self.proc.stdout is not None
        out = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine ended before {word!r}")
            line = line.strip()
            out.append(line)
            if line.split(" ", 1)[0] == word:
                return out

    def new_game(self) -> None:
        self.send("new-game")

    def move(self, game: Game, seconds: float) -> Move:
        start = game.states[0].position
        moves = " ".join(hub_move(m) for m in game.moves)
        self.send(f"pos pos={hub_position(start)}" + (f' moves="{moves}"' if moves else ""))
        self.send(f"level move-time={seconds}")
        began = time.perf_counter()
        self.send("go think")
        lines = self.lines_until("done")
        self.used += time.perf_counter() - began
        self.moves += 1
        depth = 0
        for line in lines:
            for item in line.split():
                if item.startswith("depth="):
                    depth = int(item[6:])
        self.depths.append(depth)
        done = dict(item.split("=", 1) for item in lines[-1].split()[1:] if "=" in item)
        return parse_hub_move(game.position, done.get("move", "").strip('"'))

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games (an even number)")
    parser.add_argument("--movetime", type=float, default=1.0, help="seconds a move, both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-plies", type=int, default=240, help="adjudicate a draw after this many plies"
    )
    parser.add_argument(
        "--fixed",
        action="store_true",
        help="our engine thinks exactly --movetime per search (no game clock)",
    )
    parser.add_argument("--shard", default="0/1", metavar="I/N")
    parser.add_argument(
        "--pdn", type=Path, default=None, metavar="FILE", help="append every finished game to FILE"
    )
    parser.add_argument("--venv", default=os.environ.get("DAME_RS_VENV", str(DEFAULT_VENV)))
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="our search with search.TUNING.NAME = VALUE (as bench/ai_ab.py --set)",
    )
    add_skip(parser)
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, games=2, movetime=0.02, max_plies=8)
    shard, shards = parse_shard(parser, args.shard)
    settings = parse_settings(parser, args.set)
    command = Path(args.venv) / "bin" / "dame"
    rules = find_rules("international")
    peer: HubEngine | StandInPeer
    if command.exists():
        # its own folder: dame-rs reads nothing from ours
        peer = HubEngine([str(command), "hub"], cwd=str(Path(args.venv)))
    elif args.smoke:
        skipped(f"dame-rs (no dame-rs venv at {args.venv}): our engine plays its side")
        peer = StandInPeer(engine_player(Limit(movetime=args.movetime)))
    else:
        print(
            f"no dame-rs venv at {args.venv}: python -m venv {args.venv} && "
            f"{args.venv}/bin/pip install dame-rs",
            file=sys.stderr,
        )
        return 2
    print(
        f"peer: {peer.name}; ours: {'fixed' if args.fixed else 'clock'} {args.movetime}s"
        + (f", settings {settings}" if settings else ""),
        flush=True,
    )
    our_used = 0.0
    our_moves = 0
    tally = Tally()
    starts = openings((args.games + 1) // 2, args.seed)
    try:
        for i, start, ours_white in shard_games(starts, args.games, shard, shards, args.skip):
            engine = engine_player(Limit(movetime=args.movetime), clock=not args.fixed)
            if settings:
                engine = with_settings(engine, settings)

            def ours(game: Game, engine: Player = engine) -> Move:
                nonlocal our_used, our_moves
                began = time.perf_counter()
                move = engine(game)
                our_used += time.perf_counter() - began
                our_moves += 1
                return move

            def theirs(game: Game) -> Move:
                return peer.move(game, args.movetime)

            peer.new_game()
            game = Game(rules, start)
            white, black = (ours, theirs) if ours_white else (theirs, ours)
            outcome = play_game(game, white, black, args.max_plies)
            if args.pdn is not None:
                names = ("Dame", "dame-rs") if ours_white else ("dame-rs", "Dame")
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
                f"{mark} {outcome.reason} after {outcome.plies} plies  [{tally}]  "
                f"mean s/move ours {our_used / max(our_moves, 1):.3f} "
                f"theirs {peer.used / max(peer.moves, 1):.3f}",
                flush=True,
            )
    finally:
        peer.close()
    played = tally.games
    if not played:
        print(f"no games played: --skip {args.skip} leaves out every opening of this shard")
        return 0
    diff, margin = elo(tally.points / played, played)
    depth = sum(peer.depths) / max(len(peer.depths), 1)
    print(
        f"movetime {args.movetime}s, {played} games: {tally}, "
        f"score {tally.points:.1f}/{played} = {100 * tally.points / played:.1f} %, "
        f"Elo {diff:+.0f} ± {margin:.0f}"
    )
    print(
        f"mean time per move: ours {our_used / max(our_moves, 1):.3f}s, "
        f"dame-rs {peer.used / max(peer.moves, 1):.3f}s (its mean depth {depth:.1f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
