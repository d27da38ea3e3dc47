"""Fit the 10x10 evaluation weights to the moves strong players chose (comparison training).

    python tools/tune_moves.py [PDN files or folders ...] [--patterns] [--windows]
        [--spread MU] [--cache FILE] [--write | --out FILE]

Game results say little about a middle-game position (the game is decided later, by other
moves); the move a strong player picks in it says more.  For every quiet decision of the 10x10
games in the given files (default: ../shared/pdn-corpus) - no capture on the board, at least two
moves - each legal move's position is resolved through any captures it allows (a capture-only
minimax with the hand-set evaluation) and scored by the evaluation.  The weights of
:class:`dame_desktop.ai.evaluate.Weights` are fitted so that a softmax over those scores
predicts the move played (cross-entropy, with a pull ``--lam`` towards the hand-set values).
A fifth of the games, picked by a fixed seed, is held out: its top-1 agreement and mean
log-loss are printed for the hand-set, the fitted ones in use (data/weights_10x10.json) and the
new weights.  ``--write`` rewrites ``dame_desktop/ai/data/weights_10x10.json`` with the new ones.

The features are the evaluation's terms counted directly on the bitboards; a self-check at
start compares them with the evaluator itself on random weights.  ``--patterns`` and
``--windows`` fit values for the diamonds' and windows' states as well; the moves only pin
down differences between a decision's candidates, so ``--spread`` pulls the positional part of
the chosen positions' scores towards zero.  Needs numpy (and scipy for the patterns).
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from tune_eval import SCALARS, corpus_games, flatten, unflatten, write  # noqa: E402

from dame_desktop.ai import evaluate  # noqa: E402
from dame_desktop.ai.evaluate import Evaluator  # noqa: E402
from dame_desktop.core import Color, Position, RuleSet, find_rules  # noqa: E402
from dame_desktop.core.movegen import MoveGenerator, generator  # noqa: E402

Leaf = tuple[int, int, int]  # white, black, kings
FITTED_SCALARS = ("back", "mobility", "balance", "runaway", "backed", "locked")  # not tempo


class Features:
    """The evaluation's weighted terms of a position, counted for White minus Black."""

    def __init__(self, rules: RuleSet) -> None:
        self.ev = Evaluator(rules, evaluate.hand_set(rules))
        ev = self.ev
        self.squares = rules.board_size * rules.board_size // 2
        cells = evaluate._cells(rules)
        self.white_index = {bit: i for i, (bit, _, _) in enumerate(cells)}
        self.black_index = {bit: self.squares - 1 - i for i, (bit, _, _) in enumerate(cells)}
        self.n = ev.n
        self.size = 2 * self.squares + len(SCALARS)

    def row(self, w: int, b: int, k: int) -> np.ndarray:
        ev = self.ev
        n = self.n
        sq = self.squares
        x = np.zeros(self.size)
        wk, bk = w & k, b & k
        wm, bm = w ^ wk, b ^ bk
        nwm, nbm = wm.bit_count(), bm.bit_count()
        nwk, nbk = wk.bit_count(), bk.bit_count()
        phase = min(256, (nwm + nbm + nwk + nbk) * 256 // ev.start_pieces)
        po, pe = phase / 256, (256 - phase) / 256
        for men, index, sign in ((wm, self.white_index, 1), (bm, self.black_index, -1)):
            while men:
                low = men & -men
                i = index[low.bit_length() - 1]
                x[i] += sign * po
                x[sq + i] += sign * pe
                men ^= low
        empty = ev.valid & ~(w | b)
        base = 2 * sq
        col = {name: base + j for j, name in enumerate(SCALARS)}
        back = 0
        if nbm and not nbk:
            back += (wm & ev.back_w).bit_count()
        if nwm and not nwk:
            back -= (bm & ev.back_b).bit_count()
        x[col["back"]] = back
        wmob = ((wm >> n) & empty).bit_count() + ((wm >> (n + 1)) & empty).bit_count()
        bmob = ((bm << n) & empty).bit_count() + ((bm << (n + 1)) & empty).bit_count()
        x[col["mobility"]] = wmob - bmob
        wb = (wm & ((wm >> n) | (wm >> (n + 1)))).bit_count()
        bb = (bm & ((bm << n) | (bm << (n + 1)))).bit_count()
        x[col["backed"]] = wb - bb
        wlk = (wm & ~((empty << n) | (empty << (n + 1)))).bit_count()
        blk = (bm & ~((empty >> n) | (empty >> (n + 1)))).bit_count()
        x[col["locked"]] = wlk - blk
        wl, bl = (wm & ev.left).bit_count(), (bm & ev.left).bit_count()
        x[col["balance"]] = -(abs(2 * wl - nwm) - abs(2 * bl - nbm))
        free_w = (empty << n) | (empty << (n + 1))
        free_b = (empty >> n) | (empty >> (n + 1))
        x[col["runaway"]] = (wm & ev.pre_w & free_w).bit_count() - (
            bm & ev.pre_b & free_b
        ).bit_count()
        return x


class Shapes:
    """Sparse features of pattern families, tied so the fitted values are colour-symmetric.

    A family is a list of shapes (tuples of bits) with ``3 ** len`` states each: the diamonds,
    the windows.  A parameter ``t[j, s]`` counts +1 where shape ``j`` is in state ``s`` and -1
    where the board turned half round with the colours swapped puts it there; the values the
    evaluator uses are then ``v[j, s] = t[j, s] - t[j*, s*]`` (``j*``, ``s*``: the turned shape
    and state), so a position and its mirror image score exactly opposite.  A shape's squares
    are listed so that the turned shape lists them in reverse.
    """

    def __init__(self, rules: RuleSet, families: Sequence[Sequence[tuple[int, ...]]]) -> None:
        cells = evaluate._cells(rules)
        size = rules.board_size
        at = {(row, col): bit for bit, row, col in cells}
        place = {bit: (row, col) for bit, row, col in cells}

        def turned(bit: int) -> int:
            row, col = place[bit]
            return at[(size - 1 - row, size - 1 - col)]

        self.families = families
        self.shapes = [shape for family in families for shape in family]
        by_squares = {shape: j for j, shape in enumerate(self.shapes)}
        self.turned = [
            by_squares[tuple(turned(bit) for bit in reversed(shape))] for shape in self.shapes
        ]
        swap = (0, 2, 1)
        self.star: dict[int, list[int]] = {}
        self.offset = []
        total = 0
        for shape in self.shapes:
            length = len(shape)
            if length not in self.star:
                star = []
                for state in range(3**length):
                    digits = [(state // 3**i) % 3 for i in range(length)]
                    star.append(sum(swap[digits[length - 1 - i]] * 3**i for i in range(length)))
                self.star[length] = star
            self.offset.append(total)
            total += 3**length
        self.size = total

    def entries(self, w: int, b: int, k: int) -> tuple[list[int], list[float]]:
        wm, bm = w & ~k, b & ~k
        idx: list[int] = []
        sign: list[float] = []
        offset, turned = self.offset, self.turned
        for j, shape in enumerate(self.shapes):
            state = evaluate.pattern_state(wm, bm, shape)
            idx += [offset[j] + state, offset[turned[j]] + self.star[len(shape)][state]]
            sign += [1.0, -1.0]
        return idx, sign

    def values(self, t: np.ndarray) -> list[tuple[int, ...]]:
        """The evaluator's tables ``v`` (one per family) from the fitted parameters ``t``."""
        out: list[tuple[int, ...]] = []
        j = 0
        for family in self.families:
            vals = []
            for shape in family:
                star = self.star[len(shape)]
                base, other = self.offset[j], self.offset[self.turned[j]]
                for state in range(3 ** len(shape)):
                    vals.append(int(round(t[base + state] - t[other + star[state]])))
                j += 1
            out.append(tuple(vals))
        return out


def self_check(rules: RuleSet, feats: Features, leaves: list[Leaf], hand_v: np.ndarray) -> float:
    """Largest gap between the linear model and the evaluator itself on other weights."""
    rng = random.Random(5)
    other_v = np.array([t + rng.randint(-6, 6) for t in hand_v])
    other_v[2 * feats.squares + SCALARS.index("tempo")] = hand_v[
        2 * feats.squares + SCALARS.index("tempo")
    ]
    other = Evaluator(rules, unflatten([int(t) for t in other_v], feats.squares))
    worst = 0.0
    for w, b, k in leaves:
        x = feats.row(w, b, k)
        base = feats.ev.white_score(w, b, k) - x @ hand_v
        worst = max(worst, abs(base + x @ other_v - other.white_score(w, b, k)))
    return worst


def resolve(
    gen: MoveGenerator, ev: Evaluator, w: int, b: int, k: int, wtm: bool, depth: int = 8
) -> Leaf:
    """The quiet position reached when both sides capture as well as the evaluation sees."""
    caps = gen.captures(w, b, k, wtm)
    if not caps or depth == 0:
        return (w, b, k)
    best: tuple[float, Leaf] | None = None
    for m in gen.filter_captures(caps, k):
        nw, nb, nk = gen.apply(w, b, k, wtm, m)
        leaf = resolve(gen, ev, nw, nb, nk, not wtm, depth - 1)
        s = ev.white_score(*leaf)
        s = s if wtm else -s
        if best is None or s > best[0]:
            best = (s, leaf)
    assert best is not None
    return best[1]


Decision = tuple[list[Leaf], int, bool, int]  # leaves, chosen index, white to move, game


def decisions(paths: list[Path], rules: RuleSet, ev: Evaluator) -> list[Decision]:
    gen = generator(rules)
    out: list[Decision] = []
    games = 0
    for g in corpus_games(paths, rules, with_result=False):
        games += 1
        before: Position = g.position()
        for node in g.mainline():
            move = node.move
            legal = before.legal_moves()
            if len(legal) >= 2 and not legal[0].captured and move in legal:
                wtm = before.turn is Color.WHITE
                leaves = []
                for m in legal:
                    after = before.play(m)
                    leaves.append(resolve(gen, ev, after.white, after.black, after.kings, not wtm))
                out.append((leaves, legal.index(move), wtm, games))
            before = node.position()
    print(f"{games} games, {len(out)} quiet decisions", file=sys.stderr)
    return out


class Table:
    """Every decision's candidate positions as rows: features, weight-free base, segments."""

    def __init__(
        self,
        feats: Features,
        data: list[Decision],
        hand_v: np.ndarray,
        shapes: Shapes | None = None,
    ) -> None:
        rows = sum(len(d[0]) for d in data)
        self.x = np.zeros((rows, feats.size), dtype=np.float32)
        width = 2 * len(shapes.shapes) if shapes is not None else 0
        self.pidx = np.zeros((rows, width), dtype=np.int32)
        self.psign = np.zeros((rows, width), dtype=np.float32)
        self.psize = shapes.size if shapes is not None else 0
        sparse: dict[Leaf, tuple[list[int], list[float]]] = {}
        self.base = np.zeros(rows)
        self.material = np.zeros(rows)  # in the evaluation's units, from the mover's side
        king = feats.ev.king
        self.starts = np.zeros(len(data), dtype=np.int64)
        self.chosen = np.zeros(len(data), dtype=np.int64)
        self.game = np.array([d[3] for d in data])
        cache: dict[Leaf, tuple[np.ndarray, float]] = {}
        r = 0
        for i, (leaves, pick, wtm, _) in enumerate(data):
            sign = 1.0 if wtm else -1.0
            self.starts[i] = r
            self.chosen[i] = r + pick
            for leaf in leaves:
                got = cache.get(leaf)
                if got is None:
                    row = feats.row(*leaf)
                    got = (row, feats.ev.white_score(*leaf) - float(row @ hand_v))
                    cache[leaf] = got
                self.x[r] = sign * got[0]
                self.base[r] = sign * got[1]
                w, b, k = leaf
                self.material[r] = sign * (
                    ((w & ~k).bit_count() - (b & ~k).bit_count()) * evaluate.MAN
                    + ((w & k).bit_count() - (b & k).bit_count()) * king
                )
                if shapes is not None:
                    pat = sparse.get(leaf)
                    if pat is None:
                        pat = sparse[leaf] = shapes.entries(*leaf)
                    self.pidx[r] = pat[0]
                    self.psign[r] = pat[1]
                    self.psign[r] *= sign
                r += 1
        self.seg = np.repeat(np.arange(len(data)), np.diff(np.append(self.starts, rows)))
        self.sparse: Any = None

    def pattern_matrix(self) -> Any:
        """The patterns' features as a sparse matrix (rows x parameters), built once."""
        if self.sparse is None:
            from scipy.sparse import csr_matrix

            rows, width = self.pidx.shape
            self.sparse = csr_matrix(
                (self.psign.ravel(), self.pidx.ravel(), np.arange(0, rows * width + 1, width)),
                shape=(rows, self.psize),
            )
        return self.sparse

    def subset(self, keep: np.ndarray) -> Table:
        """The decisions where ``keep`` is true."""
        rows = keep[self.seg]
        out = object.__new__(Table)
        out.x, out.base, out.game = self.x[rows], self.base[rows], self.game[keep]
        out.material = self.material[rows]
        out.pidx, out.psign, out.psize = self.pidx[rows], self.psign[rows], self.psize
        out.sparse = None
        counts = np.bincount(self.seg, minlength=len(keep))[keep]
        out.starts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
        out.chosen = out.starts + (self.chosen - self.starts)[keep]
        out.seg = np.repeat(np.arange(keep.sum()), counts)
        return out

    def loss(
        self, w: np.ndarray, beta: float, spread: float = 0.0
    ) -> tuple[float, float, np.ndarray]:
        """Mean cross-entropy of the moves played (plus the spread term), top-1 agreement,
        gradient in ``w``.

        ``w`` holds the dense weights, then the patterns' parameters (when the table has them).
        ``spread`` adds that many times the mean square of the positional part (the score
        without the material, in men) of the positions the players chose to the loss whose
        gradient is returned: the moves played pin down only the differences between a
        decision's candidates, so a part common to all of them can grow unchecked.
        """
        dense = self.x.shape[1]
        raw = self.base + self.x @ w[:dense].astype(np.float32)  # float32: no upcast copy
        if self.psize:
            raw = raw + self.pattern_matrix() @ w[dense:]
        s = beta * raw / 100
        s = s - np.maximum.reduceat(s, self.starts)[self.seg]
        e = np.exp(s)
        z = np.add.reduceat(e, self.starts)
        ce = float(np.mean(np.log(z) - s[self.chosen]))
        top = float(np.mean(s[self.chosen] >= 0))
        r = e / z[self.seg]
        r[self.chosen] -= 1
        r *= beta / 100
        if spread:
            # spread * mean(((raw - material) / 100) ** 2) over the chosen rows, and its slope
            positional = (raw - self.material)[self.chosen]
            ce += spread * float(np.mean(positional**2)) / 1e4
            r[self.chosen] += 2 * spread * positional / 1e4
        grad = (self.x.T @ r.astype(np.float32)).astype(float)
        if self.psize:
            grad = np.concatenate((grad, self.pattern_matrix().T @ r))
        return ce, top, grad / len(self.starts)

    def spread(self, w: np.ndarray) -> float:
        """Standard deviation of the positional part of the chosen positions' scores."""
        dense = self.x.shape[1]
        raw = self.base + self.x @ w[:dense].astype(np.float32)
        if self.psize:
            raw = raw + self.pattern_matrix() @ w[dense:]
        return float(np.std((raw - self.material)[self.chosen]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "paths", nargs="*", type=Path, default=[ROOT.parent / "shared" / "pdn-corpus"]
    )
    parser.add_argument("--lam", type=float, default=1e-4, help="pull towards the hand-set values")
    parser.add_argument("--iters", type=int, default=600)
    parser.add_argument(
        "--patterns", action="store_true", help="fit values for the four-square diamonds as well"
    )
    parser.add_argument(
        "--lam-patterns", type=float, default=1e-6, help="pull of the diamonds' values towards zero"
    )
    parser.add_argument(
        "--windows",
        action="store_true",
        help="fit values for the four-by-four windows (eight squares) as well",
    )
    parser.add_argument(
        "--lam-windows", type=float, default=1e-5, help="pull of the windows' values towards zero"
    )
    parser.add_argument(
        "--spread",
        type=float,
        default=0.0,
        help="pull of the chosen positions' positional scores towards zero "
        "(times their mean square in men)",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help="rewrite dame_desktop/ai/data/weights_10x10.json with the new weights",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the new weights to FILE instead (a candidate for the "
        "benches' --eval FILE.json)",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="keep the decisions in this file (read it when it exists)",
    )
    args = parser.parse_args()
    rules = find_rules("international")
    feats = Features(rules)
    if args.cache is not None and args.cache.is_file():
        with args.cache.open("rb") as handle:
            data = pickle.load(handle)
    else:
        data = decisions(args.paths, rules, feats.ev)
        if args.cache is not None:
            with args.cache.open("wb") as handle:
                pickle.dump(data, handle)
    if len(data) < 1000:
        print("too few decisions to fit", file=sys.stderr)
        return 1
    hand = dataclasses.replace(feats.ev.weights, runaway=feats.ev.runaway)
    prior = np.array(flatten(hand), dtype=float)
    sample = [leaf for d in data[:400] for leaf in d[0]]
    gap = self_check(rules, feats, sample, prior)
    print(
        f"self-check: linear model vs evaluator, largest gap {gap:.1f} on {len(sample)} positions",
        file=sys.stderr,
    )
    families: list[Sequence[tuple[int, ...]]] = []
    if args.patterns:
        families.append(evaluate.diamonds(rules))
    if args.windows:
        families.append(evaluate.windows(rules))
    shapes = Shapes(rules, families) if families else None
    table = Table(feats, data, prior, shapes)
    rng = np.random.default_rng(1)
    ids = np.unique(table.game)
    rng.shuffle(ids)
    held_mask = np.isin(table.game, ids[: len(ids) // 5])
    train, held = table.subset(~held_mask), table.subset(held_mask)
    extra = shapes.size if shapes is not None else 0
    prior = np.concatenate((prior, np.zeros(extra)))
    lam = np.full(len(prior), args.lam)
    lam[len(prior) - extra :] = args.lam_patterns
    if args.windows:
        lam[len(prior) - evaluate.WINDOW_STATES * len(evaluate.windows(rules)) :] = args.lam_windows
    fixed = np.ones(len(prior), dtype=bool)
    fixed[: 2 * feats.squares] = False
    fixed[len(prior) - extra :] = False
    for name in FITTED_SCALARS:
        fixed[2 * feats.squares + SCALARS.index(name)] = False
    beta = float(min(np.linspace(0.2, 6.0, 30), key=lambda b: train.loss(prior, b)[0]))
    w = prior.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, args.iters + 1):
        _, _, grad = train.loss(w, beta, args.spread)
        grad += 2 * lam * (w - prior)
        grad[fixed] = 0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= 0.3 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-12)
    result_fit = np.concatenate(
        (np.array(flatten(evaluate.FITTED[10]), dtype=float), np.zeros(extra))
    )
    for name, vec in (("hand-set", prior), ("result-fitted", result_fit), ("move-fitted", w)):
        ce, top, _ = held.loss(vec, beta)
        print(
            f"held-out {name:14s} log-loss {ce:.4f}  agreement {top * 100:.1f} %  "
            f"positional spread {held.spread(vec):.1f}"
        )
    fitted = unflatten([int(round(t)) for t in w[: len(w) - extra]], feats.squares)
    if shapes is not None:
        tables = shapes.values(w[len(w) - extra :])
        if args.patterns:
            fitted = dataclasses.replace(fitted, patterns=tables.pop(0))
        if args.windows:
            fitted = dataclasses.replace(fitted, windows=tables.pop(0))
    print(f"beta {beta:.2f}", {k: getattr(fitted, k) for k in SCALARS})
    if args.write or args.out is not None:
        write(fitted, args.out)
        print(f"wrote the weights to {args.out or 'the package'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
