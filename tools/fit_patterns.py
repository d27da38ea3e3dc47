"""Fit pattern tables for a family of rule sets on self-play games (logistic regression).

    python tools/fit_patterns.py play --rules german --games 521 --nodes 800 --seed 1 \
        --out /tmp/german-s1.jsonl   # and --games 490 --seed 2 into german-s2.jsonl
    python tools/fit_patterns.py fit /tmp/german-s1.jsonl /tmp/german-s2.jsonl --seed 1 --write

``play`` plays the engine against itself at a small node budget a move, from openings of a
few random plies (seeded), with a little evaluation noise that differs from game to game, and
writes every game as one JSON line: its result for White and its positions (white, black and
king masks, White to move, the searcher's score from White's side).  Games go on from where a
file ends (``--out`` is appended to), so a run can be stopped and resumed.

``fit`` keeps the quiet positions of those games (no capture for the side to move, nor for
the other side) from ply 6 on, holds out the games whose seeded draw falls in ``--hold``,
and fits the window tables of :class:`dame_desktop.ai.evaluate.Weights` (the eight squares of
each four-by-four window, each empty / White's man / Black's man; an opening and an ending
value per state, blended by the pieces left) on top of today's evaluation, so that
``sigmoid(c * score / 100)`` predicts each position's label: the game's result, mixed with
the searcher's own score by ``--mix``.  The values are tied so that a position and its mirror
image score exactly opposite (``tune_moves.Shapes``).  It prints the positions, the loss and
the held-out accuracy (the share of decided games' positions whose score has the winner's
sign, and of all positions the mean log-loss), today's evaluation beside the new one on the
same held-out positions.  ``--write`` writes the weights file of the family (see
``evaluate.LEARNED_FILES``), ``--out FILE`` another file.  Needs numpy and scipy (development
tools; the program does not).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import numpy as np  # noqa: E402
from scipy import optimize, sparse  # noqa: E402

from dame_desktop.ai import Limit, SearchMemory, evaluate, search  # noqa: E402
from dame_desktop.core import Color, Game, Position, RuleSet, find_rules  # noqa: E402
from dame_desktop.core.movegen import generator  # noqa: E402


def recent_history(game: Game) -> list[Position]:
    """Positions since the last capture or man move (the only ones that can come back)."""
    out: list[Position] = []
    for state in reversed(game.states[:-1]):
        out.append(state.position)
        if state.move is None or state.move.is_capture:
            break
        if state.position.kings == 0:
            break
    return out


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
        )
        assert result.move is not None
        white_score = result.score if wtm else -result.score
        rows.append([p.white, p.black, p.kings, int(wtm), white_score])
        game.play(result.move)
        plies += 1
    winner = game.result.winner if game.result is not None else None
    y = 0.5 if winner is None else float(winner is Color.WHITE)
    return {"seed": seed, "result": y, "positions": rows}


def cmd_play(args: argparse.Namespace) -> int:
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


class Tied:
    """The windows' parameters, tied so that the values are colour-symmetric and, by ``tie``,
    shared between windows: "none" (each window its own), "rows" (the windows of the same
    rows share them), "all" (one table for every window).

    A parameter ``t[g, s]`` counts +1 where a window of group ``g`` is in state ``s`` and -1
    where the board turned half round with the colours swapped puts a window of group ``g``
    in state ``s`` (the turned window, and the state read backwards with the colours
    swapped); the evaluator's values are then ``v[j, s] = t[g(j), s] - t[g(j*), s*]``, so
    a position and its mirror image score exactly opposite.
    """

    def __init__(self, rules: RuleSet, tie: str) -> None:
        from tune_moves import Shapes

        shapes = Shapes(rules, [evaluate.windows(rules)])
        self.boxes = shapes.shapes
        self.turned = shapes.turned
        self.star = shapes.star[8]
        columns = len(evaluate._window_corners(rules.board_size))
        count = len(self.boxes)
        if tie == "none":
            self.group = list(range(count))
        elif tie == "rows":
            self.group = [j // columns for j in range(count)]
        elif tie == "all":
            self.group = [0] * count
        else:
            raise SystemExit(f"--tie is none, rows or all, not {tie!r}")
        self.size = (max(self.group) + 1) * evaluate.WINDOW_STATES

    def entries(self, wm: int, bm: int) -> tuple[list[int], list[float]]:
        idx: list[int] = []
        sign: list[float] = []
        states = evaluate.WINDOW_STATES
        for j, box in enumerate(self.boxes):
            state = evaluate.pattern_state(wm, bm, box)
            idx += [
                self.group[j] * states + state,
                self.group[self.turned[j]] * states + self.star[state],
            ]
            sign += [1.0, -1.0]
        return idx, sign

    def values(self, t: np.ndarray) -> tuple[int, ...]:
        """The evaluator's table (every window's values) from the fitted parameters ``t``."""
        states = evaluate.WINDOW_STATES
        star = np.array(self.star)
        out: list[int] = []
        for j in range(len(self.boxes)):
            mine = t[self.group[j] * states : (self.group[j] + 1) * states]
            g = self.group[self.turned[j]]
            other = t[g * states : (g + 1) * states][star]
            out += [int(v) for v in np.rint(mine - other)]
        return tuple(out)


class Data:
    """The quiet positions of some games: today's score, the window entries, the labels."""

    def __init__(
        self, rules: RuleSet, games: list[dict[str, Any]], min_ply: int, shapes: Tied
    ) -> None:
        ev = evaluate.Evaluator(rules)  # today's evaluation of these rules
        gen = generator(rules)
        self.size = shapes.size
        base: list[float] = []
        search_scores: list[float] = []
        results: list[float] = []
        rows: list[int] = []
        cols: list[int] = []
        vals: list[float] = []
        n = 0
        for g in games:
            for ply, (w, b, k, wtm_i, score) in enumerate(g["positions"]):
                wtm = bool(wtm_i)
                if ply < min_ply or not quiet(gen, w, b, k, wtm):
                    continue
                mover = ev(w, b, k, wtm)
                base.append(float(mover if wtm else -mover))
                search_scores.append(float(score))
                results.append(float(g["result"]))
                pieces = (w | b).bit_count()
                phase = min(256, pieces * 256 // ev.start_pieces)
                po, pe = phase / 256, (256 - phase) / 256
                idx, sign = shapes.entries(w & ~k, b & ~k)
                for i, sg in zip(idx, sign, strict=True):
                    rows += [n, n]
                    cols += [i, self.size + i]
                    vals += [sg * po, sg * pe]
                n += 1
        self.shapes = shapes
        self.base = np.array(base)
        self.search = np.array(search_scores)
        self.result = np.array(results)
        self.x = sparse.csr_matrix(
            (np.array(vals), (np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64))),
            shape=(n, 2 * self.size),
        )

    def __len__(self) -> int:
        return len(self.base)


def sigmoid(z: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1.0 / (1.0 + np.exp(-z))
    return out


def log_loss(y: np.ndarray, score: np.ndarray, c: float) -> float:
    p = np.clip(sigmoid(c * score / 100.0), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(result: np.ndarray, score: np.ndarray) -> tuple[float, int]:
    """The share of decided games' positions whose score has the winner's sign (0: half)."""
    decided = result != 0.5
    if not decided.any():
        return 0.0, 0
    sign = np.sign(score[decided])
    want = np.where(result[decided] > 0.5, 1.0, -1.0)
    right = (sign == want).sum() + 0.5 * (sign == 0).sum()
    return float(right / decided.sum()), int(decided.sum())


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


def fit_tables(data: Data, y: np.ndarray, c: float, lam: float, iters: int) -> np.ndarray:
    """The window parameters (opening's, then ending's) that minimise the log-loss of
    ``sigmoid(c * (today + patterns) / 100)`` against ``y``, plus ``lam`` times the squares of
    the parameters in units of the logit (the fit runs in those units, where the gradient is of
    a size the optimiser handles; the values returned are in hundredths of a man)."""
    x = data.x
    xt = x.T.tocsr()
    n = len(data)
    k = c / 100.0
    base = k * data.base

    def loss(u: np.ndarray) -> tuple[float, np.ndarray]:
        p = sigmoid(base + x @ u)
        eps = 1e-12
        value = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
        grad = (xt @ (p - y)) / n
        return float(value + lam * u @ u), grad + 2 * lam * u

    start = np.zeros(x.shape[1])
    out = optimize.minimize(
        loss,
        start,
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": iters, "gtol": 1e-10, "ftol": 1e-12},
    )
    return np.asarray(out.x) / k


def split(games: list[dict[str, Any]], seed: int, hold: float) -> tuple[list[Any], list[Any]]:
    rng = random.Random(seed)
    train: list[Any] = []
    held: list[Any] = []
    for g in sorted(games, key=lambda g: g["seed"]):
        (held if rng.random() < hold else train).append(g)
    return train, held


def cmd_fit(args: argparse.Namespace) -> int:
    rules = find_rules(args.rules)
    name = evaluate.family(rules)
    games: list[dict[str, Any]] = []
    for path in args.games:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                games.append(json.loads(line))
    train_games, held_games = split(games, args.seed, args.hold)
    began = time.process_time()
    tied = Tied(rules, args.tie)
    train = Data(rules, train_games, args.min_ply, tied)
    held = Data(rules, held_games, args.min_ply, tied)
    print(
        f"{len(games)} games ({len(train_games)} to fit, {len(held_games)} held out): "
        f"{len(train)} and {len(held)} quiet positions from ply {args.min_ply} "
        f"({time.process_time() - began:.0f} s CPU)"
    )
    c = fit_scale(train.result, train.base)
    print(f"scale c = {c:.3f} (today's evaluation against the results)")
    sig_search = sigmoid(c * train.search / 100.0)
    y = args.mix * train.result + (1 - args.mix) * sig_search
    began = time.process_time()
    t = fit_tables(train, y, c, args.lam, args.iters)
    print(f"fitted {len(t)} parameters in {time.process_time() - began:.0f} s CPU")
    values = [tied.values(t[: train.size]), tied.values(t[train.size :])]
    weights = dataclasses.replace(
        evaluate.Evaluator(rules).weights, windows=values[0], windows_end=values[1]
    )
    # the scores as the engine computes them, with the rounded values
    learned = evaluate.Evaluator(rules, weights)

    def engine_scores(data: Data, games: list[dict[str, Any]]) -> np.ndarray:
        gen = generator(rules)
        out: list[float] = []
        for g in games:
            for ply, (w, b, k, wtm_i, _) in enumerate(g["positions"]):
                wtm = bool(wtm_i)
                if ply < args.min_ply or not quiet(gen, w, b, k, wtm):
                    continue
                s = learned(w, b, k, wtm)
                out.append(float(s if wtm else -s))
        return np.array(out)

    print(f"{'':24} {'loss (fit)':>10} {'loss (held)':>11} {'accuracy (held)':>16}")
    for label, tr, he in (
        ("today's evaluation", train.base, held.base),
        ("with the windows", engine_scores(train, train_games), engine_scores(held, held_games)),
    ):
        acc, decided = accuracy(held.result, he)
        print(
            f"{label:24} {log_loss(train.result, tr, c):10.4f} "
            f"{log_loss(held.result, he, c):11.4f} {100 * acc:15.2f}%"
        )
    print(f"(accuracy: held-out positions of decided games, {decided} of them)")
    nonzero = sum(1 for v in values[0] if v) + sum(1 for v in values[1] if v)
    print(f"{nonzero} window values not zero; largest {max(map(abs, values[0] + values[1]))}")
    out = evaluate.DATA / evaluate.LEARNED_FILES[name] if args.write else Path(args.out or "")
    if args.write or args.out:
        about = (
            f"Window tables for the {name} family fitted by tools/fit_patterns.py on "
            f"{len(train)} quiet self-play positions of {len(train_games)} games "
            f"(seed {args.seed}, lam {args.lam}, mix {args.mix}, tie {args.tie}); "
            "the rest is today's weights."
        )
        out.write_text(evaluate.weights_to_json(weights, about), encoding="utf-8")
        print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="self-play games into a JSON-lines file")
    p.add_argument("--rules", default="german")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-plies", type=int, default=200)
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the window tables to the games of JSON-lines files")
    f.add_argument("games", nargs="+", help="files written by play")
    f.add_argument("--rules", default="german")
    f.add_argument("--seed", type=int, default=1, help="picks the held-out games")
    f.add_argument("--hold", type=float, default=0.2, help="share of the games held out")
    f.add_argument("--min-ply", type=int, default=6)
    f.add_argument("--mix", type=float, default=0.5, help="weight of the result in the label")
    f.add_argument("--lam", type=float, default=1e-4, help="pull of the values towards 0")
    f.add_argument("--iters", type=int, default=300)
    f.add_argument("--tie", default="rows", help="windows sharing values: none, rows or all")
    f.add_argument("--write", action="store_true", help="write the family's weights file")
    f.add_argument("--out", default=None, help="write the weights to this file instead")
    args = parser.parse_args(argv)
    if args.command == "play":
        return cmd_play(args)
    return cmd_fit(args)


if __name__ == "__main__":
    sys.exit(main())
