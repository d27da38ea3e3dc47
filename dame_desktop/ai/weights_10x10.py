"""Evaluation weights for 10x10 boards, fitted to master games (written by tools/tune_eval.py).

Piece-square values run over the 50 squares in reading order from the top-left corner as the
man's owner sees the board (the opponent's back row first, the own back row last).  Fitted to
the results of the 10x10 games in the PDN corpus (quiet positions with equal material), with a
pull towards the hand-set values so that thinly covered squares stay near them.
"""

MEN_OPEN: tuple[int, ...] = (
     10,  12,  13,  11,   7,
      4,  11,  13,  12,  10,
     10,  12,  13,  11,   6,
     -1,  12,  12,  11,   9,
      6,   7,  11,  10,   9,
      7,  10,   6,  14,   3,
     10,  10,  12,  12,  -5,
      5,  12,  11,  10,   0,
      2,   7,   1,   4,  -2,
     -2,   7,  -2,  11,   6,
)

MEN_END: tuple[int, ...] = (
     48,  48,  48,  48,  48,
     34,  36,  36,  36,  36,
     28,  29,  28,  29,  27,
     15,  22,  20,  21,  20,
     13,  12,  16,  17,  13,
      3,  14,  14,  15,   4,
      2,   7,   7,   3,   1,
      3,   8,   5,  -2,   1,
     -4,   3,  -8,   1,  -2,
     -4,   2,  -5,  -1,   5,
)

SCALARS: dict[str, int] = {
    "tempo": 2,
    "back": 2,
    "mobility": 7,
    "balance": 1,
    "runaway": 66,
    "backed": 5,
    "locked": 6,
}
