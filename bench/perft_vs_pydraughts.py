"""Perft speed: our rules core against py-draughts, interleaved in one run.

py-draughts runs in its own venv, in a subprocess that speaks a line protocol
(bench/peers/pydraughts_perft_peer.py); nothing of it is imported here.  Set the venv up once:

    python -m venv ../venvs/peers && ../venvs/peers/bin/pip install py-draughts

Then (from the repository root):

    python bench/perft_vs_pydraughts.py                    # International d7, Russian d8, 5 reps
    python bench/perft_vs_pydraughts.py --reps 3 --international-depth 8
    python bench/perft_vs_pydraughts.py --peer-python /path/to/venv/bin/python
    python bench/perft_vs_pydraughts.py --no-peer          # only our figures

Each repetition runs every case twice, ours and theirs, alternating who goes first.  Both
count the drop convention (one move per (from, to, captured set)) with bulk counting at the
last ply; the leaf counts must agree.  The ratio is their time / our time (> 1: we are
faster).  Afterwards the script times ``Position.legal_moves()`` on fresh positions: start
positions, middlegames from seeded random play and king endings (goal: under 1 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from _smoke import add_smoke, skipped, smoke_settings  # noqa: E402

from dame_desktop.core import Game, Position, find_rules, perft  # noqa: E402

DEFAULT_PEER_PYTHON = HERE.parent.parent / "venvs" / "peers" / "bin" / "python"


class Peer:
    """py-draughts' perft in a subprocess of the peer interpreter."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen(
            [python, str(HERE / "peers" / "pydraughts_perft_peer.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def perft(self, variant: str, depth: int) -> tuple[int, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"perft {variant} {depth}\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().split()[:2]  # nodes, seconds (then CPU seconds)
        if len(reply) != 2 or not reply[0].isdigit():
            raise RuntimeError(f"peer replied {reply!r} (is py-draughts installed there?)")
        return int(reply[0]), float(reply[1])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def our_perft(variant: str, depth: int) -> tuple[int, float]:
    start = Position.start(find_rules(variant))
    started = time.perf_counter()
    nodes = perft(start, depth)
    return nodes, time.perf_counter() - started


# --- legal-move timing -------------------------------------------------------------------

KING_ENDINGS = [
    ("german", "W:WK29,K32,K4:BK22"),
    ("german", "W:WK29,K30,21,26:BK1,K4,10"),
    ("russian", "W:WK30,K31,K32:BK4"),
    ("russian", "W:WK18,K23,27:BK5,K9,12"),
    ("international", "W:WK46,K47,K48:BK3"),
    ("international", "W:WK28,K33,36,41:BK5,K17,20,25"),
    ("international", "W:WK31,K32,K33,K34,K35,K36:BK1,K2,K3,K15,K16,K20"),
    ("italian", "W:WK21,K22,25:BK9,K10,5"),
]


def middlegames(per_rules: int, seed: int) -> list[Position]:
    """``per_rules`` positions 16-60 plies into seeded random games of three rule sets."""
    rng = random.Random(seed)
    out: list[Position] = []
    for key in ("german", "international", "russian"):
        found: list[Position] = []
        while len(found) < per_rules:
            game = Game(find_rules(key))
            ply = 0
            while not game.is_over and ply < 60 and len(found) < per_rules:
                if ply >= 16 and ply % 4 == 0:
                    found.append(game.position)
                game.play(rng.choice(game.legal_moves()))
                ply += 1
        out += found
    return out


def time_legal_moves(pos: Position, repeats: int) -> float:
    """Median seconds for one ``legal_moves()`` call on a fresh (uncached) position."""
    rules, w, b, k, turn = pos.rules, pos.white, pos.black, pos.kings, pos.turn
    samples = []
    for _ in range(repeats):
        fresh = Position(rules, w, b, k, turn)
        started = time.perf_counter()
        fresh.legal_moves()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def legal_move_report(repeats: int, seed: int) -> None:
    groups = {
        "start": [Position.start(find_rules(k)) for k in ("german", "international", "russian")],
        "middlegame": middlegames(8, seed),
        "king endings": [Position.from_fen(fen, find_rules(k)) for k, fen in KING_ENDINGS],
    }
    print()
    print(f"Position.legal_moves() on fresh positions (median of {repeats} calls each)")
    print(f"{'positions':<14}{'count':>6}{'median µs':>12}{'max µs':>10}{'moves (avg)':>13}")
    every: list[float] = []
    for name, positions in groups.items():
        times = [time_legal_moves(p, repeats) for p in positions]
        every += times
        moves = statistics.mean(len(p.legal_moves()) for p in positions)
        print(
            f"{name:<14}{len(times):>6}{statistics.median(times) * 1e6:>12.1f}"
            f"{max(times) * 1e6:>10.1f}{moves:>13.1f}"
        )
    median = statistics.median(every)
    verdict = "under" if median < 1e-3 else "OVER"
    print(
        f"{'all':<14}{len(every):>6}{median * 1e6:>12.1f}{max(every) * 1e6:>10.1f}"
        f"   -> median {verdict} the 1 ms goal"
    )


# --- main ----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--peer-python",
        default=str(DEFAULT_PEER_PYTHON),
        help="python of the venv with py-draughts (default: %(default)s)",
    )
    parser.add_argument("--no-peer", action="store_true", help="time only our perft")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--international-depth", type=int, default=7)
    parser.add_argument("--russian-depth", type=int, default=8)
    parser.add_argument(
        "--legal-repeats",
        type=int,
        default=200,
        help="calls per position for the legal-move timing",
    )
    parser.add_argument("--seed", type=int, default=2024)
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke_settings(args, reps=1, international_depth=3, russian_depth=3, legal_repeats=2)

    if args.smoke and not args.no_peer and not Path(args.peer_python).exists():
        skipped(f"py-draughts (no {args.peer_python}): only our perft is timed")
        args.no_peer = True
    cases = [("international", args.international_depth), ("russian", args.russian_depth)]
    peer = None
    if not args.no_peer:
        if not Path(args.peer_python).exists():
            print(
                f"peer python {args.peer_python} not found; use --peer-python or --no-peer",
                file=sys.stderr,
            )
            return 2
        peer = Peer(args.peer_python)
    ours: dict[str, list[float]] = {v: [] for v, _ in cases}
    theirs: dict[str, list[float]] = {v: [] for v, _ in cases}
    nodes: dict[str, tuple[int, int]] = {}
    try:
        for rep in range(args.reps):
            for variant, depth in cases:
                order = ("ours", "theirs") if rep % 2 == 0 else ("theirs", "ours")
                for who in order:
                    if who == "ours":
                        n, secs = our_perft(variant, depth)
                        ours[variant].append(secs)
                        nodes[variant] = (n, nodes.get(variant, (0, 0))[1])
                    elif peer is not None:
                        n, secs = peer.perft(variant, depth)
                        theirs[variant].append(secs)
                        nodes[variant] = (nodes.get(variant, (0, 0))[0], n)
            print(f"repetition {rep + 1}/{args.reps} done", file=sys.stderr, flush=True)
    finally:
        if peer is not None:
            peer.close()

    print(f"perft from the start position, {args.reps} interleaved repetitions, median times")
    head = (
        f"{'case':<18}{'leaves':>11}{'ours s':>9}{'ours leaves/s':>15}"
        f"{'theirs s':>10}{'theirs leaves/s':>17}{'ratio':>8}"
    )
    print(head)
    print("-" * len(head))
    all_ratios: list[float] = []
    for variant, depth in cases:
        mine, peer_nodes = nodes[variant]
        ours_s = statistics.median(ours[variant])
        line = f"{variant + ' d' + str(depth):<18}{mine:>11,}{ours_s:>9.3f}{mine / ours_s:>15,.0f}"
        if theirs[variant]:
            if peer_nodes != mine:
                line += f"   LEAF COUNTS DIFFER: theirs {peer_nodes:,}"
            theirs_s = statistics.median(theirs[variant])
            ratios = [t / o for t, o in zip(theirs[variant], ours[variant], strict=True)]
            all_ratios += ratios
            line += (
                f"{theirs_s:>10.3f}{peer_nodes / theirs_s:>17,.0f}"
                f"{statistics.median(ratios):>7.2f}x"
            )
        print(line)
    if all_ratios:
        overall = statistics.median(all_ratios)
        print(f"median ratio over all runs (their time / ours): {overall:.2f}x")
    legal_move_report(args.legal_repeats, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
