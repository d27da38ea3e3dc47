"""Fit the 10x10 evaluation weights to the results of real games (Texel's method).

    python tools/tune_eval.py [PDN files or folders ...] [--lam 1e-6] [--write]

Reads every 10x10 game with a result from the given files (default: ../shared/pdn-corpus),
keeps the quiet positions (no capture for the side to move) with equal material from ply 8
on, and fits the weights of :class:`dame_desktop.ai.evaluate.Weights` so that
``sigmoid(c * score / 100)`` predicts the game's result, with a pull (``--lam``) towards the
hand-set values.  A fifth of the games, picked by a fixed seed, is held out and its error is
printed next to the hand-set weights' error.  ``--write`` rewrites
``dame_desktop/ai/data/weights_10x10.json``.

The features are read off the evaluator itself: the score with one weight raised by SCALE,
minus the score with the weights at zero, divided by SCALE.  So the fit always matches what the
engine computes.  Needs numpy (a development tool; the program does not).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dame_desktop.ai import evaluate  # noqa: E402
from dame_desktop.ai.evaluate import Evaluator, Weights, weights_from  # noqa: E402
from dame_desktop.core import Color, RuleSet, find_rules  # noqa: E402
from dame_desktop.pdn import Game, read_games  # noqa: E402

SCALE = 1000
# the scalar terms this tool fits (a king's value stays the rule set's: tools/fit_eval.py fits it)
SCALARS = tuple(name for name in evaluate.SCALAR_NAMES if name != "king")
OUT = evaluate.DATA / "weights_10x10.json"

Sample = tuple[int, int, int, bool, float, int]  # white, black, kings, white to move, result, game


def corpus_games(paths: list[Path], rules: RuleSet, with_result: bool = True) -> Iterator[Game]:
    """Every game under ``rules`` from the standard start (with a result), each line once."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files += sorted(q for q in p.rglob("*") if q.suffix.lower() == ".pdn")
        else:
            files.append(p)
    seen: set[tuple[str, ...]] = set()
    for f in files:
        try:
            found = read_games(f)
        except OSError as exc:
            print(f"skipped {f}: {exc}", file=sys.stderr)
            continue
        for g in found:
            if g.rules != rules or not g.is_standard_start() or g.errors:
                continue
            if with_result and g.outcome() not in ("first", "second", "draw"):
                continue
            moves = tuple(str(m) for m in g.mainline_moves())
            if len(moves) < 20 or moves in seen:
                continue
            seen.add(moves)
            yield g


def positions(paths: list[Path], rules: RuleSet) -> list[Sample]:
    """Quiet, materially level positions of every 10x10 game with a result."""
    out: list[Sample] = []
    games = 0
    for g in corpus_games(paths, rules):
        winner = g.winner()
        y = 0.5 if winner is None else float(winner is Color.WHITE)
        games += 1
        for ply, node in enumerate(g.mainline(), start=1):
            pos = node.position()
            if ply < 8:
                continue
            legal = pos.legal_moves()
            if not legal or legal[0].captured:
                continue
            wk, bk = pos.white & pos.kings, pos.black & pos.kings
            if (pos.white ^ wk).bit_count() != (pos.black ^ bk).bit_count():
                continue
            if wk.bit_count() != bk.bit_count() or not pos.white or not pos.black:
                continue
            out.append((pos.white, pos.black, pos.kings, pos.turn is Color.WHITE, y, games))
    print(f"{games} games, {len(out)} positions", file=sys.stderr)
    return out


def flatten(w: Weights) -> list[float]:
    return [*w.men_open, *w.men_end, *(float(getattr(w, k)) for k in SCALARS)]


def unflatten(v: list[int], squares: int) -> Weights:
    scalars = dict(zip(SCALARS, v[2 * squares :], strict=True))
    return weights_from(tuple(v[:squares]), tuple(v[squares : 2 * squares]), scalars)


def features(rules: RuleSet, data: list[Sample], squares: int) -> tuple[np.ndarray, np.ndarray]:
    """The feature matrix (one column per weight) and the weight-free part of each score."""
    zero = unflatten([0] * (2 * squares + len(SCALARS)), squares)
    base_ev = Evaluator(rules, zero)

    def score(ev: Evaluator, s: Sample) -> int:
        w, b, k, wtm = s[0], s[1], s[2], s[3]
        v = ev.finish(ev.white_score(w, b, k), wtm)
        return v if wtm else -v  # from White's side

    base = np.array([score(base_ev, s) for s in data], dtype=float)
    cols = []
    for j in range(2 * squares + len(SCALARS)):
        v = [0] * (2 * squares + len(SCALARS))
        v[j] = SCALE
        ev = Evaluator(rules, unflatten(v, squares))
        cols.append((np.array([score(ev, s) for s in data], dtype=float) - base) / SCALE)
    return np.stack(cols, axis=1), base


def fit(
    x: np.ndarray,
    y: np.ndarray,
    base: np.ndarray,
    prior: np.ndarray,
    c: float,
    lam: float,
    iters: int = 3000,
) -> np.ndarray:
    """Adam on the mean squared error of the predicted result, L2 pull towards ``prior``."""
    w = prior.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    active = np.abs(x).sum(axis=0) > 0
    for t in range(1, iters + 1):
        p = 1 / (1 + np.exp(-c * (x @ w + base) / 100))
        grad = x.T @ ((p - y) * p * (1 - p)) * (2 * c / 100) / len(y) + 2 * lam * (w - prior)
        grad[~active] = 0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= 0.5 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-12)
    return w


def mse(x: np.ndarray, y: np.ndarray, base: np.ndarray, w: np.ndarray, c: float) -> float:
    p = 1 / (1 + np.exp(-c * (x @ w + base) / 100))
    return float(np.mean((p - y) ** 2))


def write(w: Weights, path: Path | None = None, about: str | None = None) -> None:
    """Rewrite the package's weights file (or write ``path``) with ``w``, as JSON.

    ``about`` describes how the weights were made (default: the current file's description).
    """
    if about is None:
        try:
            about = str(json.loads(OUT.read_text(encoding="utf-8")).get("about", ""))
        except (OSError, ValueError):
            about = ""
    (path or OUT).write_text(evaluate.weights_to_json(w, about), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "paths", nargs="*", type=Path, default=[ROOT.parent / "shared" / "pdn-corpus"]
    )
    parser.add_argument("--lam", type=float, default=1e-6, help="pull towards the hand-set values")
    parser.add_argument("--write", action="store_true", help=f"rewrite {OUT.name}")
    args = parser.parse_args()
    rules = find_rules("international")
    data = positions(args.paths, rules)
    if len(data) < 1000:
        print("too few positions to fit", file=sys.stderr)
        return 1
    hand_ev = Evaluator(rules, evaluate.hand_set(rules))
    hand = dataclasses.replace(hand_ev.weights, runaway=hand_ev.runaway)
    squares = len(hand.men_open)
    x, base = features(rules, data, squares)
    y = np.array([s[4] for s in data])
    games = np.array([s[5] for s in data])
    rng = np.random.default_rng(1)
    ids = np.unique(games)
    rng.shuffle(ids)
    held = np.isin(games, ids[: len(ids) // 5])
    prior = np.array(flatten(hand))
    tr = ~held
    c = min(np.linspace(0.05, 2.0, 80), key=lambda c: mse(x[tr], y[tr], base[tr], prior, c))
    w = fit(x[tr], y[tr], base[tr], prior, c, args.lam)
    const = float(np.mean((y[held] - y[tr].mean()) ** 2))
    print(
        f"c = {c:.3f}; held-out mean squared error: constant {const:.5f}, "
        f"hand-set {mse(x[held], y[held], base[held], prior, c):.5f}, "
        f"fitted {mse(x[held], y[held], base[held], w, c):.5f}"
    )
    fitted = unflatten([int(round(v)) for v in w], squares)
    print({k: getattr(fitted, k) for k in SCALARS})
    if args.write:
        write(fitted)
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
