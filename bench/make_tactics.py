"""Build tests/data/ai/tactics.txt: positions with one clearly best move, found and verified.

Positions come from seeded games of a noisy low-depth engine (so they look like real play).
A position is kept when a deep search finds a move at least 1.5 men better than every other
move (the runner-up is searched just as deep with the best move excluded) and the position
is a tactic of one of these kinds:

* ``shot``: the best move is quiet and hands the opponent a capture (a sacrifice);
* ``capture``: several captures are legal and only one of them is good;
* ``race``: few men, no kings, and the best move wins the race to crown;
* ``combination``: any other quiet move that a two-ply search does not find;
* ``deep`` (with ``--deep``): a move that a 3-ply search misses, found at 8 plies (6 on
  10x10) and confirmed by the deep search with a margin of one man.

Only positions with at most one man of material difference are tried.

Each line: ``rules | FEN | best move (full path) | kind | deep score``.

    python bench/make_tactics.py --per-rules 34 > tests/data/ai/tactics.txt
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _smoke import add_smoke, smoke_settings

from dame_desktop.ai import Limit, search
from dame_desktop.core import Position, find_rules

MARGIN = 150
DEEP = {8: 11, 10: 8}
QUICK = {8: 4, 10: 4}
MID = {8: 8, 10: 6}


def kind_of(pos: Position, best_text: str) -> str | None:
    legal = pos.legal_moves()
    best = next(m for m in legal if m.full_text() == best_text)
    if best.is_capture:
        return "capture" if len(legal) > 1 else None
    after = pos.play(best)
    if after.has_capture():
        return "shot"
    if pos.kings == 0 and (pos.white | pos.black).bit_count() <= 8:
        return "race"
    shallow = search(pos, pos.rules, Limit(depth=2))
    if shallow.move is not None and shallow.move.full_text() != best_text:
        return "combination"
    return None


def balanced(pos: Position) -> bool:
    """At most one man of difference (a king counts three): tactics, not mopping up."""
    kings = pos.kings
    white = (pos.white & ~kings).bit_count() + 3 * (pos.white & kings).bit_count()
    black = (pos.black & ~kings).bit_count() + 3 * (pos.black & kings).bit_count()
    return abs(white - black) <= 1


def verify(pos: Position, depth: int, deep: bool = False) -> tuple[str, str, int] | None:
    """(best move, kind, score) when ``pos`` has one clearly best move at ``depth``."""
    legal = pos.legal_moves()
    if len(legal) < 2:
        return None
    best = search(pos, pos.rules, Limit(depth=depth))
    if best.move is None or best.score < -50:
        return None
    others = [m for m in legal if m != best.move]
    second = search(pos, pos.rules, Limit(depth=depth), only=others)
    if best.score - second.score < (MARGIN * 2 // 3 if deep else MARGIN):
        return None
    text = best.move.full_text()
    kind = "deep" if deep else kind_of(pos, text)
    if kind is None:
        return None
    return text, kind, best.score


def find_deep(pos: Position) -> tuple[str, str, int] | None:
    """A candidate whose best move a 3-ply search misses but a deeper one finds."""
    if len(pos.legal_moves()) < 2:
        return None
    quick = search(pos, pos.rules, Limit(depth=3))
    mid = search(pos, pos.rules, Limit(depth=MID[pos.rules.board_size]))
    if quick.move is None or mid.move is None or quick.move == mid.move:
        return None
    return mid.move.full_text(), "deep", mid.score


def mine(rules_key: str, wanted: int, seed: int, log: bool, deep: bool = False) -> list[str]:
    rules = find_rules(rules_key)
    size = rules.board_size
    rng = random.Random(seed)
    lines: list[str] = []
    kinds: dict[str, int] = {}
    cap = wanted if deep else wanted // 3 + 2  # keep the kinds mixed
    seen: set[Position] = set()
    while len(lines) < wanted:
        pos = Position.start(rules)
        for ply in range(160):
            legal = pos.legal_moves()
            if not legal:
                break
            if ply >= 6 and pos not in seen and rng.random() < 0.5 and balanced(pos):
                seen.add(pos)
                quick = find_deep(pos) if deep else verify(pos, QUICK[size])
                if quick is not None and kinds.get(quick[1], 0) < cap:
                    checked = verify(pos, DEEP[size], deep)
                    if checked is not None and checked[0] == quick[0]:
                        text, kind, score = checked
                        kinds[kind] = kinds.get(kind, 0) + 1
                        lines.append(f"{rules_key} | {pos.fen()} | {text} | {kind} | {score}")
                        if log:
                            print(lines[-1], file=sys.stderr, flush=True)
                        if len(lines) >= wanted:
                            break
            noise = rng.choice((0, 40, 120))
            move = search(pos, rules, Limit(depth=2), noise=noise, seed=rng.randrange(1 << 30)).move
            assert move is not None
            pos = pos.play(move)
    return lines


def recheck(path: Path) -> int:
    bad = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, fen, best, kind = (p.strip() for p in line.split("|")[:4])
        pos = Position.from_fen(fen, find_rules(key))
        checked = verify(pos, DEEP[pos.rules.board_size], kind == "deep")
        if checked is None or checked[0] != best:
            bad += 1
            print(f"no longer clear: {line}  (now {checked})", flush=True)
    print(f"{bad} line(s) no longer clear")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rules", type=int, default=34)
    parser.add_argument("--rules", default="german,english,international")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--log", action="store_true", help="show finds on stderr as they come")
    parser.add_argument(
        "--deep", action="store_true", help="only tactics that a 3-ply search misses (kind 'deep')"
    )
    parser.add_argument(
        "--recheck",
        type=Path,
        default=None,
        metavar="FILE",
        help="re-verify an existing set with the current engine and print "
        "the lines that no longer have one clearly best move",
    )
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, per_rules=1, rules="german")
    if args.recheck is not None:
        return recheck(args.recheck)
    print("# Tactics: rules | FEN | best move (full path) | kind | deep score")
    print("# Built by bench/make_tactics.py (see its docstring); checked by bench/ai_tactics.py")
    for i, key in enumerate(args.rules.split(",")):
        for line in mine(key, args.per_rules, args.seed + i, args.log, args.deep):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
