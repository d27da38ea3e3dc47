"""Differential check for Turkish draughts: our legal moves against pydraughts' on random play.

pydraughts (``pip install pydraughts``, imported as ``draughts``) numbers the 64 squares from
a1 = 1 row by row upwards (d4 = 28); moves are compared as (from, to, set of captured squares)
by square name.  Captures must agree exactly.  On quiet moves pydraughts' kings also slide
through pieces in their way, their own (RULES.md 3.15) and, we found, the opponent's: every
extra quiet move of theirs must be such a king move, and every quiet move of ours theirs too.

    python bench/turkish_vs_pydraughts.py [--games 40] [--plies 150] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from _smoke import add_smoke, smoke_settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dame_desktop.core import Game, Position, find_rules

STARTS = [
    "",  # the start position
    "W:WKa1,Kh1,a3,c3,e3,g3,b4,d4:BKa8,Kh8,b6,d6,f6,h6,a5,c5",
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,Kd1:Ba7,b7,c7,d7,e7,f7,g7,h7,Ke8",
]

Identity = tuple[str, str, frozenset[str]]


def peer_name(number: int) -> str:
    """pydraughts' square number as a name: 1 = a1, 8 = h1, 9 = a2 ... 64 = h8."""
    return "abcdefgh"[(number - 1) % 8] + str((number - 1) // 8 + 1)


def ours(pos: Position) -> tuple[set[Identity], set[Identity]]:
    """(captures, quiet moves) as identities by square name."""
    name = pos.geometry.sq_name
    caps: set[Identity] = set()
    quiet: set[Identity] = set()
    for m in pos.legal_moves():
        ident = (name(m.from_sq), name(m.to_sq), frozenset(name(s) for s in m.captured))
        (caps if m.captured else quiet).add(ident)
    return caps, quiet


def theirs(fen: str) -> tuple[set[Identity], set[Identity]]:
    from draughts import Board  # pydraughts

    board = Board(variant="turkish", fen=fen)
    caps: set[Identity] = set()
    quiet: set[Identity] = set()
    for m in board.legal_moves():
        steps = m.steps_move
        ident = (
            peer_name(steps[0]),
            peer_name(steps[-1]),
            frozenset(peer_name(s) for s in m.captures),
        )
        (caps if m.captures else quiet).add(ident)
    return caps, quiet


def slides_through(pos: Position, ident: Identity) -> bool:
    """A quiet king move along a straight line with a piece (of either side) in the way."""
    geo = pos.geometry
    frm, to = geo.sq_from_name(ident[0]), geo.sq_from_name(ident[1])
    piece = pos.piece_at(frm)
    if piece is None or not piece.is_king:
        return False
    (r1, c1), (r2, c2) = geo.sq_rowcol[frm], geo.sq_rowcol[to]
    if r1 != r2 and c1 != c2:
        return False
    dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
    r, c = r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        sq = geo.sq_at(r, c)
        if sq is not None and pos.piece_at(sq) is not None:
            return True
        r, c = r + dr, c + dc
    return False


def compare(games: int, plies: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    rules = find_rules("turkish").with_switches(["repetition=0"])
    tally = {"positions": 0, "captures": 0, "quiet": 0, "their_slides": 0, "mismatches": 0}
    for fen in STARTS:
        for _ in range(games):
            game = Game(rules, start=Position.from_fen(fen, rules) if fen else None)
            while not game.is_over and len(game.states) < plies:
                pos = game.position
                our_caps, our_quiet = ours(pos)
                their_caps, their_quiet = theirs(pos.fen())
                tally["positions"] += 1
                tally["captures"] += len(our_caps)
                tally["quiet"] += len(our_quiet)
                extra = their_quiet - our_quiet
                slides = {i for i in extra if slides_through(pos, i)}
                tally["their_slides"] += len(slides)
                if our_caps != their_caps or not our_quiet <= their_quiet or extra != slides:
                    tally["mismatches"] += 1
                    if tally["mismatches"] <= 5:
                        print(
                            f"mismatch in {pos.fen()}:\n  ours   {sorted(map(str, our_caps))}"
                            f" {sorted(map(str, our_quiet))}\n  theirs "
                            f"{sorted(map(str, their_caps))} {sorted(map(str, their_quiet))}"
                        )
                game.play(rng.choice(game.legal_moves()))
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Turkish legal moves: ours vs pydraughts'")
    parser.add_argument("--games", type=int, default=40, help="random games per start")
    parser.add_argument("--plies", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke = smoke_settings(args, games=1, plies=20)
    try:
        import draughts  # noqa: F401
    except ImportError:
        print("pydraughts is not installed (pip install pydraughts)")
        if smoke:  # our side still runs: the random games and our legal moves
            from dame_desktop.core import Position, find_rules

            position = Position.start(find_rules("turkish"))
            rng = random.Random(args.seed)
            for _ in range(args.plies):
                moves = position.legal_moves()
                if not moves:
                    break
                position = position.play(rng.choice(moves))
            print(f"our side alone: {args.plies} random plies of Turkish played")
            return 0
        return 2
    started = time.process_time()
    tally = compare(args.games, args.plies, args.seed)
    print(
        f"{tally['positions']} positions, {tally['captures']} captures and {tally['quiet']} "
        f"quiet moves of ours; pydraughts' extra king slides through pieces: "
        f"{tally['their_slides']}; mismatches: {tally['mismatches']} "
        f"({time.process_time() - started:.1f} CPU-s)"
    )
    return 1 if tally["mismatches"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
