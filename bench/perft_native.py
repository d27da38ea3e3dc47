"""Perft speed of the compiled rules core, side by side with the pure-Python one and py-draughts.

    python bench/perft_native.py                       # International d7, English d10, 3 reps
    python bench/perft_native.py --international-depth 8 --english-depth 10 --reps 1
    taskset -c 1 python bench/perft_native.py          # one core, as the figures in the note

For each case and repetition, in turn (the order rotates): our perft as installed (compiled
where the build compiled it), the same in a subprocess with ``DAME_PURE=1`` (the ``.py``
sources), py-draughts' public board API (``legal_moves``/``push``/``pop``, bulk-counted) and,
for 10x10, py-draughts' private bitboard perft (``draughts.engines.turbo``).  py-draughts runs
in its own venv (``python -m venv ../venvs/peers && ../venvs/peers/bin/pip install
py-draughts``); nothing of it is imported here.  Every runner is timed in CPU seconds of its
own process (``time.process_time``), which a loaded machine disturbs less than the wall clock.
Medians are printed with the ratios
(the compiled leaves/s over the runner's: with equal leaf counts, their time over the compiled
time).  The leaf counts are checked: py-draughts' American board counts other moves than English
draughts (379 leaves at depth 3, the published count is 302; its tree grows about eight-fold per
ply), so it runs to ``--english-peer-depth`` and its English figure compares rates, not a race.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from _smoke import add_smoke, skipped, smoke_settings  # noqa: E402

from dame_desktop.core import Position, find_rules, perft  # noqa: E402
from dame_desktop.native import describe  # noqa: E402

# ../venvs/peers beside the repository (or beside the folder of worktrees)
DEFAULT_PEER_PYTHON = next(
    (
        folder / "venvs" / "peers" / "bin" / "python"
        for folder in (ROOT.parent, ROOT.parent.parent)
        if (folder / "venvs" / "peers" / "bin" / "python").exists()
    ),
    ROOT.parent / "venvs" / "peers" / "bin" / "python",
)

PURE_CHILD = """
import sys, time
from dame_desktop.core import Position, find_rules, perft
from dame_desktop.native import describe
print(describe(), flush=True)
for line in sys.stdin:
    variant, depth = line.split()
    start = Position.start(find_rules(variant))
    t = time.process_time()
    n = perft(start, int(depth))
    print(n, time.process_time() - t, flush=True)
"""


class LineProcess:
    """A subprocess that answers one line per request line (``NODES SECONDS``)."""

    def __init__(
        self, command: list[str], env: dict[str, str] | None = None, greeting: bool = False
    ) -> None:
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=ROOT,
            env=env,
        )
        self.greeting = self._read() if greeting else ""

    def _read(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def ask(self, line: str) -> tuple[int, float]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self._read().split()
        if len(reply) < 2 or not reply[0].isdigit():
            raise RuntimeError(f"{line!r}: the subprocess replied {reply!r}")
        return int(reply[0]), float(reply[-1])  # the last figure: CPU seconds

    def close(self, farewell: str | None = None) -> None:
        assert self.proc.stdin is not None
        if farewell:
            self.proc.stdin.write(farewell + "\n")
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--peer-python", default=str(DEFAULT_PEER_PYTHON))
    parser.add_argument("--no-peer", action="store_true", help="compiled against pure only")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--international-depth", type=int, default=7)
    parser.add_argument("--english-depth", type=int, default=10)
    parser.add_argument(
        "--english-peer-depth",
        type=int,
        default=7,
        help="py-draughts' English depth (its tree is another, larger one)",
    )
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke_settings(args, reps=1, international_depth=3, english_depth=4, english_peer_depth=3)

    if args.smoke and not args.no_peer and not Path(args.peer_python).exists():
        skipped(f"py-draughts (no {args.peer_python}): compiled against pure only")
        args.no_peer = True
    cases = [("international", args.international_depth), ("english", args.english_depth)]
    env = dict(os.environ, DAME_PURE="1")
    pure = LineProcess([sys.executable, "-c", PURE_CHILD], env=env, greeting=True)
    peer = None
    if not args.no_peer:
        if not Path(args.peer_python).exists():
            print(
                f"peer python {args.peer_python} not found; use --peer-python or --no-peer",
                file=sys.stderr,
            )
            return 2
        peer = LineProcess([args.peer_python, str(HERE / "peers" / "pydraughts_perft_peer.py")])
    print(f"this process: {describe()}; the pure subprocess: {pure.greeting}")
    runners = ["compiled", "pure", "public", "private"]
    times: dict[tuple[str, str], list[float]] = {}
    counts: dict[tuple[str, str], int] = {}
    try:
        for rep in range(args.reps):
            for variant, depth in cases:
                order = runners[rep % len(runners) :] + runners[: rep % len(runners)]
                for who in order:
                    if who == "compiled":
                        start = Position.start(find_rules(variant))
                        t = time.process_time()
                        n = perft(start, depth)
                        secs = time.process_time() - t
                    elif who == "pure":
                        n, secs = pure.ask(f"{variant} {depth}")
                    elif peer is None or (who == "private" and variant != "international"):
                        continue
                    else:
                        verb = "perft" if who == "public" else "fastperft"
                        peer_depth = args.english_peer_depth if variant == "english" else depth
                        n, secs = peer.ask(f"{verb} {variant} {peer_depth}")
                    times.setdefault((variant, who), []).append(secs)
                    counts[(variant, who)] = n
            print(f"repetition {rep + 1}/{args.reps} done", file=sys.stderr, flush=True)
    finally:
        pure.close()
        if peer is not None:
            peer.close("quit")

    labels = {
        "compiled": "compiled",
        "pure": "pure Python",
        "public": "py-draughts API",
        "private": "py-draughts fast",
    }
    print(f"perft from the start position, median of {args.reps} interleaved runs, CPU seconds")
    head = (
        f"{'case':<18}{'runner':<18}{'depth':>6}{'leaves':>13}{'seconds':>10}"
        f"{'leaves/s':>13}{'ratio':>9}"
    )
    print(head)
    print("-" * len(head))
    for variant, depth in cases:
        base = counts[(variant, "compiled")] / statistics.median(times[(variant, "compiled")])
        for who in runners:
            if (variant, who) not in times:
                continue
            secs = statistics.median(times[(variant, who)])
            n = counts[(variant, who)]
            shown = depth
            note = ""
            if n != counts[(variant, "compiled")]:
                shown = args.english_peer_depth if variant == "english" else depth
                note = "  (another tree: rates compared)"
            ratio = "" if who == "compiled" else f"{base / (n / secs):.2f}x"
            print(
                f"{variant:<18}{labels[who]:<18}{shown:>6}{n:>13,}{secs:>10.3f}"
                f"{n / secs:>13,.0f}{ratio:>9}{note}"
            )
    print("ratio: compiled leaves/s over the runner's (> 1: the compiled core is faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
