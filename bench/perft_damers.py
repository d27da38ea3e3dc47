"""International perft: ours (compiled and pure) side by side with dame-rs (its Python API and
its native ``dame perft``), in one run.

dame-rs lives in its own venv (``../venvs/damers``; it has a ``dame`` command and a ``dame``
package of its own, so nothing of it is imported here): its Python API runs in a subprocess
of that venv (``Board.legal_moves``/``push``/``pop``, bulk-counted at the last ply as ours
is), its native perft is its ``dame perft DEPTH`` command (the time it reports itself).  The
leaf counts must agree.

    taskset -c 1 python bench/perft_damers.py --depth 7
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from _smoke import add_smoke, skipped, smoke_settings  # noqa: E402
from perft_native import PURE_CHILD, LineProcess  # noqa: E402

from dame_desktop.core import Position, find_rules, perft  # noqa: E402
from dame_desktop.native import describe  # noqa: E402

DEFAULT_VENV = next(
    (
        folder / "venvs" / "damers"
        for folder in HERE.parents
        if (folder / "venvs" / "damers").is_dir()
    ),
    HERE.parent.parent / "venvs" / "damers",
)

API_CHILD = """
import sys, time
from dame import Board

def perft(board, depth):
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total

for line in sys.stdin:
    depth = int(line.split()[1])
    board = Board()
    t = time.perf_counter()
    n = perft(board, depth)
    print(n, time.perf_counter() - t, flush=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--venv", default=os.environ.get("DAME_RS_VENV", str(DEFAULT_VENV)))
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, depth=3)
    venv = Path(args.venv)
    peer_here = (venv / "bin" / "dame").exists()
    if not peer_here and not args.smoke:
        print(f"no dame-rs venv at {venv}", file=sys.stderr)
        return 2
    depth = args.depth
    rows: list[tuple[str, int, float]] = []

    start = Position.start(find_rules("international"))
    perft(start, 3)  # the tables are built on first use: not part of the figure
    t = time.perf_counter()
    rows.append(
        (f"ours, as installed ({describe()})", perft(start, depth), time.perf_counter() - t)
    )

    pure = LineProcess(
        [sys.executable, "-c", PURE_CHILD], env=dict(os.environ, DAME_PURE="1"), greeting=True
    )
    n, seconds = pure.ask(f"international {depth}")
    pure.close()
    rows.append((f"ours, pure Python ({pure.greeting})", n, seconds))

    if peer_here:
        api = LineProcess([str(venv / "bin" / "python"), "-c", API_CHILD])
        n, seconds = api.ask(f"international {depth}")
        api.close()
        rows.append(("dame-rs 0.2.0, Python API push/pop", n, seconds))

        out = subprocess.run(
            [str(venv / "bin" / "dame"), "perft", str(depth)],
            capture_output=True,
            text=True,
            check=True,
            cwd=str(venv),
        ).stdout
        found = re.search(r"=\s*(\d+)\s+in\s+([\d.]+)\s*s", out)
        if found is None:
            print(f"cannot read dame-rs' perft output: {out!r}", file=sys.stderr)
            return 1
        rows.append(("dame-rs 0.2.0, native `dame perft`", int(found[1]), float(found[2])))
    else:
        skipped(f"dame-rs (no dame-rs venv at {venv}): ours compiled and pure only")

    # a runner that reports a time too short to read (a shallow smoke run) gets no rate
    base = rows[0][1] / rows[0][2] if rows[0][2] > 0 else 0.0
    print(f"International perft depth {depth}")
    print(f"  {'runner':62} {'leaves':>9} {'seconds':>8} {'M leaves/s':>10} {'vs ours':>8}")
    for name, leaves, seconds in rows:
        rate = leaves / seconds if seconds > 0 else 0.0
        shown = f"{rate / 1e6:10.2f}" if rate else f"{'-':>10}"
        ratio = f"{rate / base:7.2f}x" if rate and base else f"{'-':>8}"
        print(f"  {name[:62]:62} {leaves:9d} {seconds:8.3f} {shown} {ratio}")
    if len({leaves for _, leaves, _ in rows}) != 1:
        print("  the leaf counts differ!")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
