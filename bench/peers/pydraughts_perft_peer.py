"""Perft with py-draughts' public board API, run inside the peers' own venv.

Input lines:  ``perft VARIANT DEPTH``  ->  output: ``NODES SECONDS``
              ``quit``
VARIANT is one of ``international``, ``russian``, ``brazilian``.  The walk uses only the
documented board interface (``legal_moves``, ``push``, ``pop``) and counts the moves of the
last ply without making them ("bulk counting"), as our perft does.  py-draughts merges
capture routes with the same start, end and captured set, like our drop convention.
"""

from __future__ import annotations

import sys
import time

from draughts import BrazilianBoard, RussianBoard, StandardBoard

BOARDS = {
    "international": StandardBoard,
    "russian": RussianBoard,
    "brazilian": BrazilianBoard,
}


def leaves(board, depth: int) -> int:  # type: ignore[no-untyped-def]
    moves = board.legal_moves
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for move in moves:
        board.push(move)
        total += leaves(board, depth - 1)
        board.pop()
    return total


def main() -> int:
    for line in sys.stdin:
        parts = line.split()
        if not parts or parts[0] == "quit":
            break
        if parts[0] != "perft" or len(parts) != 3 or parts[1] not in BOARDS:
            print(f"error bad command {line.strip()!r}", flush=True)
            continue
        board = BOARDS[parts[1]]()
        started = time.perf_counter()
        nodes = leaves(board, int(parts[2]))
        print(f"{nodes} {time.perf_counter() - started:.6f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
