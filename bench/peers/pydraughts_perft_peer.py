"""Perft with py-draughts' public board API, run inside the peers' own venv.

Input lines:  ``perft VARIANT DEPTH``  ->  output: ``NODES SECONDS CPU_SECONDS``
              ``fastperft international DEPTH``  ->  the same, with the private fast perft
              ``quit``
VARIANT is one of ``international``, ``russian``, ``brazilian``, ``english`` (py-draughts'
American board).  The walk uses only the documented board interface (``legal_moves``,
``push``, ``pop``) and counts the moves of the last ply without making them ("bulk counting"),
as our perft does.  py-draughts merges capture routes with the same start, end and captured set,
like our drop convention.  ``fastperft`` calls the bitboard perft inside py-draughts' TurboEngine
module (``draughts.engines.turbo.perft_from_board``, not public API; 10x10 only).
"""

from __future__ import annotations

import sys
import time

from draughts import AmericanBoard, BrazilianBoard, RussianBoard, StandardBoard

BOARDS = {
    "international": StandardBoard,
    "russian": RussianBoard,
    "brazilian": BrazilianBoard,
    "english": AmericanBoard,
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
        fast = parts[0] == "fastperft"
        if (
            parts[0] not in ("perft", "fastperft")
            or len(parts) != 3
            or parts[1] not in BOARDS
            or (fast and parts[1] != "international")
        ):
            print(f"error bad command {line.strip()!r}", flush=True)
            continue
        board = BOARDS[parts[1]]()
        started = time.perf_counter()
        cpu = time.process_time()
        if fast:
            from draughts.engines.turbo import perft_from_board

            nodes = perft_from_board(board, int(parts[2]))
        else:
            nodes = leaves(board, int(parts[2]))
        print(
            f"{nodes} {time.perf_counter() - started:.6f} {time.process_time() - cpu:.6f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
