"""Parse and replay a PDN file with pydraughts (run inside a venv that has pydraughts only).

Usage: python pydraughts_pdn_peer.py FILE
Prints one JSON line: {"games", "replayed", "failed", "seconds", "parse_seconds"}.
Import time is not counted.  pydraughts' import name ``draughts`` clashes with py-draughts,
so this venv must not contain py-draughts.
"""

from __future__ import annotations

import json
import sys
import time

from draughts import Board, Move
from draughts.PDN import PDNReader


def main() -> int:
    path = sys.argv[1]
    started = time.perf_counter()
    reader = PDNReader(filename=path)
    parsed = time.perf_counter()
    replayed = failed = 0
    for game in reader.games:
        try:
            variant = game.variant or "english"
            fen = game.tags.get("FEN", "startpos")
            board = Board(variant=variant, fen=fen)
            for text in game.moves:
                board.push(Move(board, pdn_move=text))
            replayed += 1
        except Exception:
            failed += 1
    done = time.perf_counter()
    print(
        json.dumps(
            {
                "games": len(reader.games),
                "replayed": replayed,
                "failed": failed,
                "seconds": round(done - started, 3),
                "parse_seconds": round(parsed - started, 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
