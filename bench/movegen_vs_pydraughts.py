"""Differential check: our legal moves against py-draughts' on positions from random play.

Compares the set of (from, to, captured set) per position for International, Russian and
Brazilian, from the start position and from king-rich starts.  py-draughts runs in its own venv
(see bench/perft_vs_pydraughts.py); nothing of it is imported here.

    python bench/movegen_vs_pydraughts.py [--games 60] [--peer-python PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from _smoke import add_smoke, skipped, smoke_settings  # noqa: E402

from dame_desktop.core import Game, Position, find_rules  # noqa: E402

DEFAULT_PEER_PYTHON = HERE.parent.parent / "venvs" / "peers" / "bin" / "python"

STARTS = {
    "international": ["", "W:WK31-35,41-45:BK16-20,6-10", "W:W26-35,K45:B16-25,K6"],
    "russian": ["", "W:WK21,K22,K23,26,27:BK9,K10,K11,5,6", "W:W17-24,K29:B9-16,K4"],
    "brazilian": ["", "W:WK21,K22,K23,26,27:BK9,K10,K11,5,6", "W:W17-24,K29:B9-16,K4"],
}

Identity = tuple[int, int, tuple[int, ...]]


def sample(games: int, seed: int) -> list[tuple[str, str, list[Identity]]]:
    rng = random.Random(seed)
    rows = []
    for key, fens in STARTS.items():
        rules = find_rules(key).with_switches(["repetition=0"])
        for fen in fens:
            for _ in range(games):
                game = Game(rules, start=Position.from_fen(fen, rules) if fen else None)
                while not game.is_over and len(game.states) < 150:
                    pos = game.position
                    ids = sorted(
                        (m.from_sq, m.to_sq, tuple(sorted(m.captured))) for m in pos.legal_moves()
                    )
                    rows.append((key, pos.fen(), ids))
                    game.play(rng.choice(game.legal_moves()))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="our legal moves vs py-draughts'")
    parser.add_argument("--peer-python", default=str(DEFAULT_PEER_PYTHON))
    parser.add_argument("--games", type=int, default=60, help="games per start position")
    parser.add_argument("--seed", type=int, default=7)
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke_settings(args, games=1)
    rows = sample(args.games, args.seed)
    if args.smoke and not Path(args.peer_python).exists():
        skipped(
            f"py-draughts (no {args.peer_python}): our {len(rows)} positions' moves "
            f"were generated, not compared"
        )
        return 0
    feed = "".join(f"{key}\t{fen}\n" for key, fen, _ in rows)
    done = subprocess.run(
        [args.peer_python, str(HERE / "peers" / "pydraughts_moves_peer.py")],
        input=feed,
        capture_output=True,
        text=True,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(rows), "peer answered a different number of positions"
    mismatches = errors = 0
    for (key, fen, ours), theirs in zip(rows, replies, strict=True):
        if isinstance(theirs, str):
            errors += 1
            continue
        peer = sorted((a, b, tuple(c)) for a, b, c in theirs)
        if peer != ours:
            mismatches += 1
            if mismatches <= 10:
                print(
                    f"{key} {fen}\n  only ours:   {sorted(set(ours) - set(peer))}"
                    f"\n  only theirs: {sorted(set(peer) - set(ours))}"
                )
    captures = sum(1 for _k, _f, ids in rows if ids and ids[0][2])
    print(
        f"positions {len(rows)} (with captures {captures}): "
        f"{mismatches} differ, {errors} peer errors"
    )
    return 1 if mismatches or errors else 0


if __name__ == "__main__":
    sys.exit(main())
