"""Level against level on 8x8 (German and English) from ballot openings, colours swapped.

Openings are the FENs of the shared corpus' 11-man English ballots when present
(``--ballots``), otherwise seeded random 4-ply openings that a short search finds balanced
(no king, a score within 0.4 of a man).  Hard and Master play with their
game clock and their opening book as in the app (``--no-book``: without the book).
``--scale`` multiplies every level's time per move (0.2 keeps Master:Hard at 5:1 but runs
five times faster).

    python bench/ai_levels.py --games 20                       # every level against the next
    python bench/ai_levels.py --pairs easy:beginner,medium:easy --games 20 --no-book
    python bench/ai_levels.py --pairs hard:medium --games 10 --scale 0.3
    python bench/ai_levels.py --pairs master:hard --games 4 --pdn master-hard.pdn

Each finished game shows both levels' mean seconds a move so far; ``--pdn`` appends every
game to a file (the opening as its FEN setup) to look at later.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from _match import Player, Tally, level_player, parse_shard, play_game, shard_games  # noqa: E402
from _smoke import add_smoke, smoke_settings  # noqa: E402
from ai_vs_pydraughts import game_record  # noqa: E402

from dame_desktop.ai import Level, Limit, find_level, search  # noqa: E402
from dame_desktop.ai.book import BookMemory  # noqa: E402
from dame_desktop.core import Color, Game, Move, Position, RuleSet, find_rules  # noqa: E402

# the shared corpus beside the checkout or above it (worktrees sit one level deeper)
_BALLOTS = Path("shared", "pdn-corpus", "english", "11_man_english_ballots.pdn")
BALLOTS = next(
    (folder / _BALLOTS for folder in HERE.parents if (folder / _BALLOTS).is_file()),
    HERE.parent.parent / _BALLOTS,
)


def ballot_fens(path: Path) -> list[str]:
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    return re.findall(r'\[FEN "([^"]+)"\]', text)


# a random opening is kept when a plain search at this depth scores it within this margin
BALANCE_DEPTH = 4
BALANCE_MARGIN = 40  # hundredths of a man


def balanced(pos: Position) -> bool:
    """Whether ``pos`` is a fair opening: no king yet, and a search of
    :data:`BALANCE_DEPTH` plies scores it within :data:`BALANCE_MARGIN` (an exchange under
    way, whose recapture is forced, is fair).

    Four random plies can decide a game before it starts (in Turkish men can be lost in one
    move, and one can even be crowned on the fourth ply); such an opening is won by
    whichever level has the better side, once with each colour, and every match drifts
    towards 50 %."""
    if pos.kings or not pos.legal_moves():
        return False
    # judged with the hand-set evaluation, so a seed gives the same openings whatever
    # learned weights are shipped
    score = search(pos, pos.rules, Limit(depth=BALANCE_DEPTH), learned=False).score
    return abs(score) <= BALANCE_MARGIN


def openings(rules: RuleSet, count: int, seed: int, path: Path) -> list[Position]:
    """``count`` openings: a sample of the 11-man ballots for German and English, else
    balanced positions four random plies from the start (each one once)."""
    rng = random.Random(seed)
    # the ballots are English-numbered 8x8 positions: German and English only
    fens = ballot_fens(path) if rules.key in ("german", "english") else []
    if fens:
        return [Position.from_fen(fen, rules) for fen in rng.sample(fens, count)]
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start(rules)
        for _ in range(4):
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos not in out and balanced(pos):
            out.append(pos)
    return out


def scaled(level: Level, scale: float, nodes: int | None = None) -> Level:
    """``level`` with its time a move times ``scale``; with ``nodes`` (a node budget a second
    of its time) a fixed node budget instead of a clock, so that the load of the machine
    cannot change the result."""
    limit = level.limit
    if limit.movetime is None:
        return level
    if nodes is not None:
        budget = max(1, int(limit.movetime * scale * nodes))
        return dataclasses.replace(level, limit=Limit(depth=limit.depth, nodes=budget), clock=False)
    return dataclasses.replace(
        level, limit=Limit(movetime=limit.movetime * scale, depth=limit.depth, nodes=limit.nodes)
    )


class Timed:
    """A player that adds up the seconds its moves take."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.moves = 0

    def wrap(self, player: Player) -> Player:
        def play(game: Game) -> Move:
            began = time.perf_counter()
            move = player(game)
            self.seconds += time.perf_counter() - began
            self.moves += 1
            return move

        return play

    @property
    def mean(self) -> float:
        return self.seconds / max(self.moves, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="easy:beginner,medium:easy,hard:medium,master:hard")
    parser.add_argument("--rules", default="german,english")
    parser.add_argument("--games", type=int, default=20, help="games per pair and rule set")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--nodes",
        type=int,
        default=None,
        metavar="N",
        help="fixed budgets: N nodes for each second of a level's time a move "
        "(no clock), so the machine's load does not change the result",
    )
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--ballots", type=Path, default=BALLOTS)
    parser.add_argument("--no-book", action="store_true", help="the levels play without book")
    parser.add_argument(
        "--pdn", type=Path, default=None, metavar="FILE", help="append every finished game to FILE"
    )
    parser.add_argument(
        "--shard",
        default="0/1",
        metavar="I/N",
        help="play only every N-th game from the I-th (0-based), so that N "
        "processes share one match",
    )
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, pairs="easy:beginner", rules="german", games=2, scale=0.05, max_plies=8)
    shard, shards = parse_shard(parser, args.shard)
    for pair in args.pairs.split(","):
        upper_key, lower_key = pair.split(":")
        upper = scaled(find_level(upper_key), args.scale, args.nodes)
        lower = scaled(find_level(lower_key), args.scale, args.nodes)
        for key in args.rules.split(","):
            rules = find_rules(key)
            starts = openings(rules, (args.games + 1) // 2, args.seed, args.ballots)
            tally = Tally()
            upper_time, lower_time = Timed(), Timed()
            # each level keeps its book memory over the match, as one window does
            upper_book, lower_book = BookMemory(), BookMemory()
            for i, start, upper_white in shard_games(starts, args.games, shard, shards):
                a = upper_time.wrap(
                    level_player(
                        upper, seed=1000 * i + 1, book=not args.no_book, opening=upper_book
                    )
                )
                b = lower_time.wrap(
                    level_player(
                        lower, seed=1000 * i + 2, book=not args.no_book, opening=lower_book
                    )
                )
                game = Game(rules, start)
                outcome = play_game(
                    game, a if upper_white else b, b if upper_white else a, args.max_plies
                )
                mark = tally.add(outcome.winner, Color.WHITE if upper_white else Color.BLACK)
                if args.pdn is not None:
                    names = (upper.key, lower.key)
                    white, black = names if upper_white else names[::-1]
                    with args.pdn.open("a", encoding="utf-8") as out:
                        out.write(
                            game_record(
                                game,
                                start,
                                white,
                                black,
                                f"{key} {upper.key}-{lower.key} opening {i + 1}",
                                outcome.reason,
                            )
                            + "\n"
                        )
                print(
                    f"  {key} {upper.key}-{lower.key} game {tally.games}: {mark} "
                    f"{outcome.reason} ({outcome.plies} plies; mean s/move "
                    f"{upper.key} {upper_time.mean:.2f}, {lower.key} {lower_time.mean:.2f}) "
                    f"[{tally}]",
                    flush=True,
                )
            book = "no book" if args.no_book else "book"
            if args.nodes is not None:
                book += f", {args.nodes} nodes a second"
            print(
                f"{key} {upper.key} vs {lower.key} (scale {args.scale}, {book}): {tally.summary()}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
