"""PDN benchmark: parse and replay the OCA archive, and compare with pydraughts.

    python bench/pdn_bench.py [--file OCA_2.0.pdn] [--peer PYTHON] [--peer-games 1000]
                              [--tracemalloc]

Prints seconds (wall and CPU) and games per second for the whole file with the default
GameBuilder (the full annotated tree) and with the error-only visitor that ``dame pdn check``
uses, the peak memory (maximum resident set; with --tracemalloc also the Python heap peak,
which slows the run), and -- when --peer names a Python interpreter of a venv holding
pydraughts -- both readers on the first N games of the file, side by side.  The peer runs in
a subprocess (bench/peers/pydraughts_pdn_peer.py); its import time is not counted.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _smoke import add_smoke, small_pdn, smoke_settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runs from a checkout

from dame_desktop.pdn import (
    BaseVisitor,
    ErrorCounter,
    Game,
    decode,
    open_pdn,
    read_game,
)

HERE = Path(__file__).resolve().parent
DEFAULT_FILE = HERE.parent.parent / "shared" / "pdn-corpus" / "english" / "OCA_2.0.pdn"


def run(
    path: Path, visitor: Callable[[], BaseVisitor[Any]] | None, limit: int | None = None
) -> dict[str, float]:
    handle = open_pdn(path)  # streamed; closed when the run ends
    wall, cpu = time.perf_counter(), time.process_time()
    games = clean = plies = 0
    while limit is None or games < limit:
        result = read_game(handle) if visitor is None else read_game(handle, visitor)
        if result is None:
            break
        games += 1
        if isinstance(result, Game):
            clean += not result.errors
            plies += sum(1 for _ in result.mainline())
        else:
            clean += not result
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    handle.close()
    return {"games": games, "clean": clean, "plies": plies, "seconds": wall, "cpu": cpu}


def first_games(path: Path, count: int) -> Path:
    """A temporary file with the first ``count`` games, cut where the next game begins."""
    text = decode(path.read_bytes())
    starts = [
        i
        for i in range(len(text))
        if text.startswith("[Event ", i) and (i == 0 or text[i - 1] == "\n")
    ][: count + 1]
    cut = text[: starts[count]] if len(starts) > count else text
    out = Path(tempfile.mkstemp(suffix=".pdn")[1])
    out.write_text(cut, encoding="utf-8")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--peer", help="python interpreter of a venv with pydraughts")
    parser.add_argument("--peer-games", type=int, default=1000)
    parser.add_argument("--tracemalloc", action="store_true")
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, file=small_pdn(), peer_games=2)
    if not args.file.is_file():
        print(f"pdn_bench: {args.file} not found (pass --file)", file=sys.stderr)
        return 2

    full = run(args.file, None)
    print(
        f"{args.file.name}: {full['games']} games, {full['clean']} clean, "
        f"{full['plies']} main-line plies"
    )
    print(
        f"  read_game (GameBuilder): {full['seconds']:.2f} s wall, {full['cpu']:.2f} s CPU, "
        f"{full['games'] / full['seconds']:.0f} games/s"
    )
    check = run(args.file, ErrorCounter)
    print(
        f"  read_game (ErrorCounter, as dame pdn check): {check['seconds']:.2f} s wall, "
        f"{check['cpu']:.2f} s CPU"
    )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak resident memory of this process: {rss:.0f} MiB")
    if args.tracemalloc:
        tracemalloc.start()
        run(args.file, None)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"  tracemalloc peak (one game tree alive at a time): {peak / 2**20:.1f} MiB")

    if args.peer:
        part = first_games(args.file, args.peer_games)
        try:
            ours = run(part, None)
            done = subprocess.run(
                [args.peer, str(HERE / "peers" / "pydraughts_pdn_peer.py"), str(part)],
                capture_output=True,
                text=True,
                timeout=3600,
            )
        finally:
            part.unlink()
        if done.returncode != 0:
            print(f"pdn_bench: the peer failed: {done.stderr.strip()[-500:]}", file=sys.stderr)
            return 1
        peer = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"first {ours['games']} games:")
        print(
            f"  dame:       {ours['seconds']:.2f} s, {ours['clean']} replayed cleanly "
            "(comments, NAGs and variations kept)"
        )
        print(
            f"  pydraughts: {peer['seconds']:.2f} s ({peer['parse_seconds']:.2f} s reading), "
            f"{peer['replayed']} replayed, {peer['failed']} failed"
        )
        print(f"  ratio pydraughts / dame: {peer['seconds'] / ours['seconds']:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
