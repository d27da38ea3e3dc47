"""Fit the evaluation's own weights for a family of rule sets to self-play (Texel's method).

    python tools/fit_eval.py play --rules german --games 800 --nodes 2000 --seed 11 \
        --out /tmp/german-a.jsonl          # and --seed 12 into german-b.jsonl, and so on
    python tools/fit_eval.py fit /tmp/german-a.jsonl /tmp/german-b.jsonl --seed 1 --write

``play``: the engine against itself (with the hand-set evaluation, so that a seed gives the
same games whatever weights are shipped) at a node budget a move from seeded openings of a few
random plies, with a little evaluation noise per game; each game one JSON line with its
result for White and every position (white, black and king masks, White to move) with the
searcher's score from White's side.  ``--out`` is appended to and the games already there are
not played again, so a run can be stopped and resumed.  The games are played without endgame
tables, whatever the user's folder holds, so that a seed gives the same games on every
machine; ``--tables FOLDER`` plays with the tables built in FOLDER (``dame egtb build --rules
KEY --pieces N`` with ``DAME_EGTB_DIR=FOLDER``), the same folder then giving the same games.
Play with them where they exist: without them many won endings end drawn, and the weights
fitted on such games value a king too low (on 10x10 they lost to those fitted with tables).

``fit`` keeps the quiet positions (no capture for either side) from ply ``--min-ply`` on and
fits the weights of :class:`dame_desktop.ai.evaluate.Weights` that the hand-set evaluation
already has (and, with ``--windows``, the windows' values): a man's value per square in the
opening and in the ending (blended by the pieces left) and the scalar terms (side to move,
back-rank guard, mobility, wing balance, runaway men, backed men, locked men).  Without
``--windows`` no new term, so the engine's speed is that of today.  The label of a position is
``--mix`` times the game's result plus the rest times the searcher's score mapped through the
same logistic (the search at that position saw deeper than the static evaluation: its score
is a less noisy label than a low-level game's result).  The features are read off the
evaluator itself (the score with one weight raised, less the score with all at
zero), so the fit matches what the engine computes.  Logistic loss with a pull (``--lam``)
towards the hand-set weights; the games whose seeded draw falls in ``--hold`` are held out.
It prints the loss against the labels and against the results, and the held-out accuracy (the
share of decided games' positions whose score has the winner's sign), hand-set beside fitted.
``--mix`` and ``--lam`` take a list (``--mix 0.2,0.3,0.5 --lam 1e-6,1e-5``): every pair is
fitted on the same first linearisation (the features, the costly part, are read once), the
held-out result loss and accuracy of each are printed, and the pair with the lowest held-out
result loss is fitted the remaining rounds and written (the held-out games then chose it: its
held-out figures are a little flattering).
``--write`` writes the family's learned weights file (``evaluate.LEARNED_FILES``), ``--out``
another file.  Where today's weights have diamonds and windows (10x10: ``--rules
international``, the weights fitted to master games), the fit keeps them as they are (the
windows unless ``--windows``), part of the score it starts from, and the file written
(``weights_10x10_learned.json``) carries them, so that the engine scores with them and the
refitted terms.  Self-play and the fit start from
the master games' weights (``weights_10x10.json``), which the learned file leaves as they are:
the same seeds regenerate the same games and weights.  On a board played on every square
(Turkish) a square and its mirror image left to right share one value (``mirror_ties``): the
game is the same mirrored, and untied the fit lets the two sides drift apart.
``--windows`` (boards of dark squares) fits, with the rest, a value for every state of the men
in each four-by-four window (``evaluate.windows``), one for the opening and one for the ending,
tied so that a position and the board turned half round with the colours swapped score exactly
opposite; they are pulled towards zero by ``--lam-windows`` (a list is tried as ``--lam`` is),
and a state seen in fewer than ``--min-count`` positions keeps the value 0.  On the 8x8 boards
this adds a term (the evaluation reads the windows through a few more table lookups).  On
10x10, whose weights have windows already (one table for the whole game, fitted to master
games), it fits steps from them instead: the opening's and the ending's tables each start from
the master games' values and are pulled back towards them, and a state seen too seldom keeps
them; the diamonds stay as they are.  The fit then also prints the held-out figures of the
evaluator itself with the weights as written.
Needs numpy and scipy (development tools; the program does not).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import numpy as np  # noqa: E402
from _match import recent_history, tuned  # noqa: E402
from scipy import optimize, sparse  # noqa: E402
from tune_moves import Shapes  # noqa: E402

from dame_desktop.ai import Limit, SearchMemory, egtb, evaluate, search  # noqa: E402
from dame_desktop.ai.evaluate import Evaluator, Weights, weights_from  # noqa: E402
from dame_desktop.core import Color, Game, Position, RuleSet, find_rules  # noqa: E402
from dame_desktop.core.geometry import geometry_of  # noqa: E402
from dame_desktop.core.movegen import generator  # noqa: E402


def play_one(rules_key: str, nodes: int, seed: int, max_plies: int = 200) -> dict[str, Any]:
    """One self-play game from a seeded opening: its result for White and its positions."""
    rules = find_rules(rules_key)
    rng = random.Random(seed)
    pos = Position.start(rules)
    for _ in range(rng.randint(2, 7)):
        moves = pos.legal_moves()
        if not moves:
            break
        pos = pos.play(rng.choice(moves))
    game = Game(rules, pos)
    noise = rng.choice((0, 5, 10, 20))
    memories = (SearchMemory(), SearchMemory())
    rows: list[list[int]] = []
    plies = 0
    while not game.is_over and plies < max_plies:
        p = game.position
        wtm = p.turn is Color.WHITE
        result = search(
            p,
            rules,
            Limit(nodes=nodes),
            history=recent_history(game),
            quiet_plies=game.state.quiet_plies,
            noise=noise,
            seed=seed,
            memory=memories[0 if wtm else 1],
            learned=False,  # the hand-set evaluation, as every shipped file's games were played
        )
        assert result.move is not None
        white_score = result.score if wtm else -result.score
        rows.append([p.white, p.black, p.kings, int(wtm), white_score])
        game.play(result.move)
        plies += 1
    winner = game.result.winner if game.result is not None else None
    y = 0.5 if winner is None else float(winner is Color.WHITE)
    return {"seed": seed, "result": y, "positions": rows}


@contextlib.contextmanager
def use_tables(folder: str | None) -> Iterator[None]:
    """Self-play with the endgame tables of ``folder`` only, or none at all (None): never the
    tables that happen to be in the user's folder.  What it changes (the search's switch, the
    tables' folder) is put back on leaving, so ``main(["play", ...])`` called in-process leaves
    the engine as it found it."""
    if folder is not None and not Path(folder).is_dir():
        raise SystemExit(f"--tables: {folder} is not a folder")
    # only the search's switch when there is no folder: the variable stays as it was
    folders = {} if folder is None else {egtb.FOLDER_ENV: str(Path(folder).resolve())}
    egtb.forget()
    try:
        with tuned({"endgame_tables": folder is not None}), mock.patch.dict(os.environ, folders):
            yield
    finally:
        egtb.forget()


def cmd_play(args: argparse.Namespace) -> int:
    with use_tables(args.tables):
        return play_games(args)


def play_games(args: argparse.Namespace) -> int:
    out = Path(args.out)
    done: set[int] = set()
    if out.is_file():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                done.add(json.loads(line)["seed"])
    master = random.Random(args.seed)
    seeds = [master.randrange(1 << 30) for _ in range(args.games)]
    began = time.process_time()
    played = 0
    with out.open("a", encoding="utf-8") as f:
        for i, s in enumerate(seeds):
            if s in done:
                continue
            g = play_one(args.rules, args.nodes, s, args.max_plies)
            f.write(json.dumps(g, separators=(",", ":")) + "\n")
            f.flush()
            played += 1
            if played % 20 == 0:
                cpu = time.process_time() - began
                print(f"game {i + 1}/{len(seeds)}: {played} played, {cpu:.0f} s CPU", flush=True)
    print(f"{played} games played ({len(done)} were there), {out}")
    return 0


def quiet(gen: Any, w: int, b: int, k: int, wtm: bool) -> bool:
    """No capture for either side."""
    return not gen.captures(w, b, k, wtm) and not gen.captures(w, b, k, not wtm)


def split(games: list[dict[str, Any]], seed: int, hold: float) -> tuple[list[Any], list[Any]]:
    rng = random.Random(seed)
    train: list[Any] = []
    held: list[Any] = []
    for g in sorted(games, key=lambda g: g["seed"]):
        (held if rng.random() < hold else train).append(g)
    return train, held


SCALARS = evaluate.SCALAR_NAMES
# the probes' steps (see features): a king's value changes which side is ahead where the
# material is close, so it is probed close by; the rest is linear, probed far (the evaluator's
# rounding is lost in a large step)
STEP = 100
KING_STEP = 20

Sample = tuple[int, int, int, bool]  # white, black, kings, white to move


def flatten(w: Weights) -> list[float]:
    """The weights as one vector: men (opening, ending), scalars, then a king's value on the
    first half of the squares (the other half mirrors it)."""
    assert w.kings is not None
    half = len(w.kings) // 2
    return [
        *w.men_open,
        *w.men_end,
        *(float(getattr(w, name)) for name in SCALARS),
        *w.kings[:half],
    ]


def unflatten(v: list[int], squares: int, fixed: Weights | None = None) -> Weights:
    """The weights of the vector ``v``, with the diamonds and windows of ``fixed`` (kept as
    they are: the fit does not move them)."""
    scalars = dict(zip(SCALARS, v[2 * squares : 2 * squares + len(SCALARS)], strict=True))
    half = list(v[2 * squares + len(SCALARS) :])
    kings = tuple(half + half[::-1])
    out = weights_from(tuple(v[:squares]), tuple(v[squares : 2 * squares]), scalars, kings=kings)
    if fixed is None:
        return out
    return dataclasses.replace(
        out, patterns=fixed.patterns, windows=fixed.windows, windows_end=fixed.windows_end
    )


def hand_weights(rules: RuleSet) -> Weights:
    """The weights the engine plays today on this board, with every derived value spelt out
    (the runaway bonus, a king's value and its values by square); on 10x10 with the diamonds
    and windows fitted to master games, which the fit keeps fixed."""
    ev = Evaluator(rules)
    kings = tuple(
        sum(1 << shift for shift, mask in ev.king_pst if (mask >> bit) & 1)
        for bit, _, _ in evaluate._cells(rules)
    )
    return dataclasses.replace(ev.weights, runaway=ev.runaway, king=ev.king, kings=kings)


def white_scores(ev: Evaluator, data: list[Sample]) -> np.ndarray:
    out = np.empty(len(data))
    for i, (w, b, k, wtm) in enumerate(data):
        v = ev.finish(ev.white_score(w, b, k), wtm)
        out[i] = v if wtm else -v
    return out


def features(
    rules: RuleSet, data: list[Sample], squares: int, at: list[int], fixed: Weights
) -> tuple[np.ndarray, np.ndarray]:
    """The evaluation made linear around the weights ``at``: one column per weight (what a
    unit of it adds to each score, from a step up and a step down), and the rest of the score
    (with the diamonds and windows of ``fixed``).
    """
    king = 2 * squares + SCALARS.index("king")
    cols = []
    for j in range(len(at)):
        step = KING_STEP if j == king else STEP
        up, down = list(at), list(at)
        up[j] += step
        down[j] -= step
        high = white_scores(Evaluator(rules, unflatten(up, squares, fixed)), data)
        low = white_scores(Evaluator(rules, unflatten(down, squares, fixed)), data)
        cols.append((high - low) / (2 * step))
    x = np.stack(cols, axis=1)
    centre = white_scores(Evaluator(rules, unflatten(at, squares, fixed)), data)
    return x, centre - x @ np.array(at, dtype=float)


def sigmoid(z: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1.0 / (1.0 + np.exp(-z))
    return out


def log_loss(y: np.ndarray, score: np.ndarray, c: float) -> float:
    p = np.clip(sigmoid(c * score / 100.0), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(result: np.ndarray, score: np.ndarray) -> float:
    """The share of decided games' positions whose score has the winner's sign (0: half)."""
    decided = result != 0.5
    sign = np.sign(score[decided])
    want = np.where(result[decided] > 0.5, 1.0, -1.0)
    return float(((sign == want).sum() + 0.5 * (sign == 0).sum()) / max(decided.sum(), 1))


def fit_scale(y: np.ndarray, score: np.ndarray) -> float:
    """The ``c`` of ``sigmoid(c * score / 100)`` that fits ``y`` best (golden section)."""
    lo, hi = 0.01, 5.0
    ratio = (5**0.5 - 1) / 2
    for _ in range(60):
        a = hi - ratio * (hi - lo)
        b = lo + ratio * (hi - lo)
        if log_loss(y, score, a) < log_loss(y, score, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def labels(mix: float, c: float, search_scores: np.ndarray, results: np.ndarray) -> np.ndarray:
    """``mix`` times the results plus the rest times the search's scores through the logistic
    (clipped: a found win is a sure label, not a larger one)."""
    clipped = np.clip(search_scores, -2000, 2000)
    out: np.ndarray = mix * results + (1 - mix) * sigmoid(c * clipped / 100.0)
    return out


def floats(text: str) -> list[float]:
    """A comma-separated list of numbers (one or more)."""
    try:
        return [float(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None


def mirror_ties(rules: RuleSet, size: int) -> np.ndarray | None:
    """On a board played on every square (Turkish) the game is the same mirrored left to
    right, so a square and its mirror image share one value: a matrix that spreads the tied
    weights (columns) over the vector's ``size`` entries (rows), the scalars alone; None on
    the boards of dark squares, where the mirror image of a square is a light one."""
    cells = evaluate._cells(rules)
    squares = len(cells)
    if not geometry_of(rules).orthogonal:
        return None
    where = {(row, col): i for i, (_bit, row, col) in enumerate(cells)}
    width = 1 + max(col for _bit, _row, col in cells)
    mirror = [where[(row, width - 1 - col)] for _bit, row, col in cells]
    group: list[int] = []  # entry -> the first entry of its group
    for i in range(size):
        if i < 2 * squares:  # men, opening then ending
            start = 0 if i < squares else squares
            group.append(start + min(i - start, mirror[i - start]))
        elif i < 2 * squares + len(SCALARS):
            group.append(i)
        else:  # a king's values on the first half of the squares
            start = 2 * squares + len(SCALARS)
            group.append(start + min(i - start, mirror[i - start]))
    columns = sorted(set(group))
    ties = np.zeros((size, len(columns)))
    for i, g in enumerate(group):
        ties[i, columns.index(g)] = 1.0
    return ties


def fit(
    x: Any, base: np.ndarray, y: np.ndarray, prior: np.ndarray, c: float, lam: float | np.ndarray
) -> np.ndarray:
    """The weights that minimise the log-loss of ``sigmoid(c * score / 100)`` against ``y``
    plus ``lam`` times the squared distance from ``prior`` (in hundredths of a man; ``lam``
    may give each weight its own pull).  ``x`` may be a sparse matrix.

    The optimiser moves ``u``, the distance from the prior in units of the logit, where the
    gradient has a size it handles (in hundredths it is a hundred times smaller)."""
    k = c / 100.0
    n = len(y)
    start = k * (base + x @ prior)

    def loss(u: np.ndarray) -> tuple[float, np.ndarray]:
        p = sigmoid(start + x @ u)
        eps = 1e-12
        value = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
        grad = (x.T @ (p - y)) / n + 2 * lam * u / (k * k)
        return float(value + (lam * u) @ u / (k * k)), grad

    out = optimize.minimize(
        loss,
        np.zeros(len(prior)),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": 3000, "gtol": 1e-10, "ftol": 1e-14},
    )
    return prior + np.asarray(out.x) / k


def load(
    rules: RuleSet, games: list[dict[str, Any]], min_ply: int
) -> tuple[list[Sample], np.ndarray, np.ndarray]:
    """The quiet positions of ``games`` from ``min_ply`` on, their search scores and results."""
    gen = generator(rules)
    data: list[Sample] = []
    scores: list[float] = []
    results: list[float] = []
    for g in games:
        for ply, (w, b, k, wtm_i, score) in enumerate(g["positions"]):
            wtm = bool(wtm_i)
            if ply < min_ply or not quiet(gen, w, b, k, wtm):
                continue
            data.append((w, b, k, wtm))
            scores.append(float(score))
            results.append(float(g["result"]))
    return data, np.array(scores), np.array(results)


class WindowFeatures:
    """The four-by-four windows' states of the men as sparse features: one column per window
    state in the opening and one in the ending, a position's entries weighted by the phase as
    the evaluator blends them, and tied (:class:`tune_moves.Shapes`) so that the values score a
    position and the board turned half round with the colours swapped exactly opposite."""

    def __init__(self, rules: RuleSet) -> None:
        self.shapes = Shapes(rules, [evaluate.windows(rules)])
        self.size = self.shapes.size
        self.start = Evaluator(rules).start_pieces

    def matrix(self, data: list[Sample]) -> Any:
        rows: list[int] = []
        cols: list[int] = []
        vals: list[float] = []
        size = self.size
        for r, (w, b, k, _wtm) in enumerate(data):
            idx, sign = self.shapes.entries(w, b, k)
            phase = min(256, (w | b).bit_count() * 256 // self.start)
            po = phase / 256
            pe = 1.0 - po
            for i, sg in zip(idx, sign, strict=True):
                rows += (r, r)
                cols += (i, size + i)
                vals += (sg * po, sg * pe)
        return sparse.csr_matrix((vals, (rows, cols)), shape=(len(data), 2 * size))

    def values(self, t: np.ndarray) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The evaluator's window tables (opening, ending) of the fitted parameters ``t``."""
        (opening,) = self.shapes.values(t[: self.size])
        (ending,) = self.shapes.values(t[self.size :])
        return opening, ending


def on_top(
    start: Weights, opening: tuple[int, ...], ending: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The window tables of ``start`` (its opening's values throughout when it has no
    ending's) with the fitted steps ``opening`` and ``ending`` added."""
    assert start.windows is not None
    end = start.windows_end if start.windows_end is not None else start.windows
    return (
        tuple(a + b for a, b in zip(start.windows, opening, strict=True)),
        tuple(a + b for a, b in zip(end, ending, strict=True)),
    )


def cmd_fit(args: argparse.Namespace) -> int:
    rules = find_rules(args.rules)
    name = evaluate.family(rules)
    if args.write and name not in evaluate.LEARNED_FILES:
        raise SystemExit(f"no learned weights file for the {name} family: use --out")
    games: list[dict[str, Any]] = []
    for path in args.games:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                games.append(json.loads(line))
    train_games, held_games = split(games, args.seed, args.hold)
    began = time.process_time()
    train, train_search, train_result = load(rules, train_games, args.min_ply)
    held, held_search, held_result = load(rules, held_games, args.min_ply)
    hand = hand_weights(rules)
    if args.windows and geometry_of(rules).orthogonal:
        raise SystemExit(f"--windows: {rules.name} is played on every square (a window has 16)")
    squares = len(hand.men_open)
    prior = np.array(flatten(hand))
    dense = len(prior)
    at = [int(v) for v in prior]
    x, base = features(rules, train, squares, at, hand)
    hx, hbase = features(rules, held, squares, at, hand)
    wf = WindowFeatures(rules) if args.windows else None
    train_windows = held_windows = None
    if wf is not None:
        train_windows = wf.matrix(train)
        held_windows = wf.matrix(held)
        # a state seen in fewer than --min-count positions keeps the value 0 (the default, 1,
        # fits every state seen; on German's games fitting only the common ones played weaker)
        seen = np.asarray((train_windows != 0).sum(axis=0)).ravel()
        keep = sparse.diags((seen >= args.min_count).astype(float))
        train_windows, held_windows = train_windows @ keep, held_windows @ keep
        print(
            f"windows: {int((seen[: wf.size] >= args.min_count).sum())} of "
            f"{int((seen[: wf.size] > 0).sum())} states seen are fitted "
            f"(seen in {args.min_count} positions or more)"
        )
        prior = np.concatenate([prior, np.zeros(2 * wf.size)])

    def joined(xd: np.ndarray, xw: Any) -> Any:
        """The terms' columns, then the windows' (sparse) where they are fitted."""
        if xw is None:
            return xd
        return sparse.hstack([sparse.csr_matrix(xd), xw]).tocsr()

    x, hx = joined(x, train_windows), joined(hx, held_windows)
    print(
        f"{len(games)} games ({len(train_games)} to fit, {len(held_games)} held out): "
        f"{len(train)} and {len(held)} quiet positions from ply {args.min_ply}, "
        f"{len(prior)} weights ({time.process_time() - began:.0f} s CPU)"
    )
    c = fit_scale(train_result, base + x @ prior)
    ties = mirror_ties(rules, len(prior))

    def pulls(la: float, lw: float) -> np.ndarray:
        return np.concatenate([np.full(dense, la), np.full(len(prior) - dense, lw)])

    def tied_fit(xs: Any, ys: np.ndarray, la: float, lw: float) -> np.ndarray:
        """``fit``, with the weights that ``ties`` ties moving together."""
        if ties is None:
            return fit(xs, base, ys, prior, c, pulls(la, lw))
        shared = (ties.T @ prior) / ties.sum(axis=0)
        return np.asarray(ties @ fit(xs @ ties, base, ys, shared, c, la))

    began = time.process_time()
    mix, lam, lam_w = args.mix[0], args.lam[0], args.lam_windows[0]
    lam_ws = args.lam_windows if wf is not None else [lam_w]
    if len(args.mix) * len(args.lam) * len(lam_ws) > 1:
        print(f"scale c = {c:.3f} (today's evaluation against the results)")
        wide = f" {'lam (windows)':>13}" if wf is not None else ""
        print(f"{'mix':>5} {'lam':>8}{wide} {'result loss (held)':>19} {'accuracy (held)':>16}")
        tried: list[tuple[float, float, float, float]] = []
        for m in args.mix:
            ym = labels(m, c, train_search, train_result)
            for la in args.lam:
                for lw in lam_ws:
                    he = hbase + hx @ np.round(tied_fit(x, ym, la, lw))
                    loss = log_loss(held_result, he, c)
                    tried.append((loss, m, la, lw))
                    shown = f" {lw:13.0e}" if wf is not None else ""
                    print(
                        f"{m:5.2f} {la:8.0e}{shown} {loss:19.4f} "
                        f"{100 * accuracy(held_result, he):15.2f}%"
                    )
        _, mix, lam, lam_w = min(tried)
        shown = f", lam (windows) {lam_w:g}" if wf is not None else ""
        print(f"chosen: mix {mix}, lam {lam:g}{shown} (the lowest held-out result loss)")
    y = labels(mix, c, train_search, train_result)
    hy = labels(mix, c, held_search, held_result)
    print(f"scale c = {c:.3f} (today's evaluation against the results); label mix {mix}")
    w = tied_fit(x, y, lam, lam_w)
    for _ in range(args.rounds - 1):
        # the king's value is linear only nearby: once more, made linear around the fit
        at = [int(round(v)) for v in w[:dense]]
        x, base = features(rules, train, squares, at, hand)
        hx, hbase = features(rules, held, squares, at, hand)
        x, hx = joined(x, train_windows), joined(hx, held_windows)
        w = tied_fit(x, y, lam, lam_w)
    rounded = np.array([round(v) for v in w[:dense]], dtype=float)
    fitted = unflatten([int(v) for v in rounded], squares, hand)
    if wf is not None:
        opening, ending = wf.values(w[dense:])
        if hand.windows is not None:
            # fitted as steps from the windows the fit started from (already in ``base``)
            opening, ending = on_top(hand, opening, ending)
        fitted = dataclasses.replace(fitted, windows=opening, windows_end=ending)
        rounded = np.concatenate([rounded, np.round(w[dense:])])
    print(f"fitted {len(w)} weights in {time.process_time() - began:.0f} s CPU")
    print(
        f"{'':16} {'label loss (fit)':>17} {'label loss (held)':>18} {'result loss (held)':>19} "
        f"{'accuracy (held)':>16}"
    )
    for label, weights in (("hand-set", prior), ("fitted", rounded)):
        tr = base + x @ weights
        he = hbase + hx @ weights
        print(
            f"{label:16} {log_loss(y, tr, c):17.4f} {log_loss(hy, he, c):18.4f} "
            f"{log_loss(held_result, he, c):19.4f} {100 * accuracy(held_result, he):15.2f}%"
        )
    # the evaluator itself with the weights as written (the fit above is made linear)
    he = white_scores(Evaluator(rules, fitted), held)
    print(
        f"{'fitted, scored':16} {'':17} {log_loss(hy, he, c):18.4f} "
        f"{log_loss(held_result, he, c):19.4f} {100 * accuracy(held_result, he):15.2f}%"
    )
    print(
        f"search score as a predictor of the held-out results: loss "
        f"{log_loss(held_result, np.clip(held_search, -2000, 2000), c):.4f}, accuracy "
        f"{100 * accuracy(held_result, held_search):.2f}%"
    )
    print({key: getattr(fitted, key) for key in SCALARS})
    print("men (opening):", fitted.men_open)
    print("men (ending): ", fitted.men_end)
    print("kings:        ", fitted.kings)
    if fitted.windows is not None:
        used = sum(1 for v in fitted.windows if v)
        print(f"windows: {used} of {len(fitted.windows)} opening values not zero")
    out = evaluate.DATA / evaluate.LEARNED_FILES[name] if args.write else Path(args.out or "")
    if args.write or args.out:
        about = (
            f"The evaluation's own weights for the {name} family fitted by tools/fit_eval.py "
            f"on {len(train)} quiet self-play positions of {len(train_games)} games (seed "
            f"{args.seed}, lam {lam:g}, mix {mix}, from ply {args.min_ply})."
        )
        if wf is not None and hand.windows is not None:
            about += (
                " The diamonds are the ones it started from (fitted to master games by"
                " tools/tune_moves.py; see evaluate.diamonds), kept as they were; the"
                " four-by-four windows' values (evaluate.windows) started from the master"
                " games' too and were refitted with the rest, one table for the opening and one"
                f" for the ending (--windows, pulled towards the start by lam {lam_w:g})."
            )
        elif wf is not None:
            about += (
                f" The four-by-four windows' values (evaluate.windows; opening and ending) were"
                f" fitted with them (--windows, lam {lam_w:g})."
            )
        elif hand.patterns is not None or hand.windows is not None:
            about += (
                " The diamonds and windows are the ones it started from, kept as they were"
                " (fitted to master games by tools/tune_moves.py; see evaluate.diamonds and"
                " evaluate.windows); only the men's values by square, the scalars and the kings'"
                " values were refitted."
            )
        out.write_text(evaluate.weights_to_json(fitted, about), encoding="utf-8")
        print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="self-play games into a JSON-lines file")
    p.add_argument("--rules", default="german")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-plies", type=int, default=200)
    p.add_argument("--out", required=True)
    p.add_argument(
        "--tables",
        metavar="FOLDER",
        help="play with the endgame tables built in FOLDER (default: without tables)",
    )
    f = sub.add_parser("fit", help="fit the weights to the games of JSON-lines files")
    f.add_argument("games", nargs="+", help="files written by play")
    f.add_argument("--rules", default="german")
    f.add_argument("--seed", type=int, default=1, help="picks the held-out games")
    f.add_argument("--hold", type=float, default=0.2, help="share of the games held out")
    f.add_argument("--min-ply", type=int, default=6)
    for flag, default, what in (
        ("--mix", 0.3, "weight of the result in the label"),
        ("--lam", 1e-6, "pull towards the hand-set weights"),
        (
            "--lam-windows",
            1e-8,
            "pull of the windows' values towards zero (10x10: towards the master games' values)",
        ),
    ):
        f.add_argument(flag, type=floats, default=[default], help=f"{what} (a list: each tried)")
    f.add_argument(
        "--windows",
        action="store_true",
        help="fit values for the four-by-four windows' states too (boards of dark squares;"
        " 10x10 refits its own)",
    )
    f.add_argument(
        "--min-count",
        type=int,
        default=1,
        help="with --windows: fit only the states seen in this many positions or more",
    )
    f.add_argument("--rounds", type=int, default=2, help="fits, each made linear anew")
    f.add_argument("--write", action="store_true", help="write the family's weights file")
    f.add_argument("--out", default=None, help="write the weights to this file instead")
    args = parser.parse_args(argv)
    if args.command == "play":
        return cmd_play(args)
    return cmd_fit(args)


if __name__ == "__main__":
    sys.exit(main())
