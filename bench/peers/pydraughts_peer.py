"""A tiny line protocol around py-draughts' TurboEngine, run inside the peers' own venv.

Input lines:  ``go SECONDS FEN``  ->  output: ``move FULLPATH SECONDS_USED``
              ``quit``
The engine object lives for the whole match (its tables persist between moves, as they
would in its own GUI).
"""

from __future__ import annotations

import sys
import time

from draughts import Board
from draughts.engines.turbo import TurboEngine


def main() -> int:
    engines: dict[float, TurboEngine] = {}
    for line in sys.stdin:
        parts = line.strip().split(" ", 2)
        if not parts or parts[0] == "quit":
            break
        if parts[0] != "go" or len(parts) != 3:
            print(f"error bad command {line.strip()!r}", flush=True)
            continue
        seconds = float(parts[1])
        engine = engines.get(seconds)
        if engine is None:
            engine = engines[seconds] = TurboEngine(depth_limit=None, time_limit=seconds)
        board = Board.from_fen(parts[2])
        started = time.perf_counter()
        move = engine.get_best_move(board)
        used = time.perf_counter() - started
        print(f"move {move} {used:.4f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
