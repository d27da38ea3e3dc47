"""Legal moves of many positions with py-draughts' public board API (run in the peers' venv).

Input: lines ``VARIANT<TAB>FEN`` on stdin.  Output: one JSON list per input, in order; each is
a list of ``[from, to, [captured...]]`` (PDN squares, captured sorted), or an error string.
"""

from __future__ import annotations

import json
import sys

from draughts import BrazilianBoard, RussianBoard, StandardBoard

BOARDS = {"international": StandardBoard, "russian": RussianBoard, "brazilian": BrazilianBoard}


def main() -> int:
    for line in sys.stdin:
        variant, fen = line.rstrip("\n").split("\t")
        try:
            board = BOARDS[variant].from_fen(fen)
            moves = sorted(
                {
                    (
                        m.square_list[0] + 1,
                        m.square_list[-1] + 1,
                        tuple(sorted(c + 1 for c in m.captured_list)),
                    )
                    for m in board.legal_moves
                }
            )
            print(json.dumps([[a, b, list(c)] for a, b, c in moves]))
        except Exception as exc:  # report, keep going
            print(json.dumps(f"error: {exc}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
