"""Build the opening books (dame_desktop/ai/data/book_<rules>.json) from games.

International and English: the games of the shared PDN corpus (``../shared/pdn-corpus``
beside the checkout, or ``--corpus``) that start from the standard position and have a
result.  Every position of their first ``--plies`` plies is counted with the move played and
the mover's result.  A move stays in the book when it was played at least ``--min-count``
times with a mover's score of at least ``--min-score`` per mille, and a search of
``--verify-depth`` plies does not find it more than ``--margin`` hundredths worse than the
best move (the corpus has weak games too).  At most ``--max-moves`` moves per position.

German (no corpus): the engine's own games, short (``--selfplay-plies``) and at a low depth
(``--selfplay-depth``) with a little noise in its judgement, from the start position
(``--selfplay GAMES``): every move is counted the same way, as a draw (there is no result),
then checked by the deeper search like the corpus' moves.

    python tools/make_book.py                       # all three books
    python tools/make_book.py --rules english --plies 20 --min-count 8
    python tools/make_book.py --check               # every stored move legal? sizes

Skips a rule set with a message when its corpus is absent (the corpus is not part of the
repository).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dame_desktop.ai.book import BOOKS, Book  # noqa: E402
from dame_desktop.ai.search import Limit, search  # noqa: E402
from dame_desktop.core import Position, RuleSet, find_rules  # noqa: E402
from dame_desktop.pdn import iter_games, open_pdn  # noqa: E402

DATA = ROOT / "dame_desktop" / "ai" / "data"


def default_corpus() -> Path:
    for folder in ROOT.parents:
        candidate = folder / "shared" / "pdn-corpus"
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "pdn-corpus"


# (rules key, corpus folders): every .pdn file under them is read; games of other rule sets
# or from set-up positions are skipped
SOURCES = {
    "international": ["international", "lidraughts", "fmjd-pdn-testsuite/succeed"],
    "english": ["english", "fmjd-pdn-testsuite/succeed"],
}

Counts = dict[str, dict[str, list[int]]]  # FEN -> move text -> [count, score sum per mille]


def count_corpus(rules: RuleSet, corpus: Path, plies: int) -> tuple[Counts, int]:
    counts: Counts = defaultdict(dict)
    games = 0
    for folder in SOURCES[rules.key]:
        base = corpus / folder
        if not base.is_dir():
            continue
        for path in sorted(p for p in base.rglob("*") if p.suffix.lower() == ".pdn"):
            try:
                with open_pdn(path) as handle:
                    for game in iter_games(handle, rules):
                        if game.rules.key != rules.key or not game.is_standard_start():
                            continue
                        if game.errors:
                            continue
                        outcome = game.outcome()
                        if outcome is None:
                            continue
                        winner = game.winner()
                        games += 1
                        pos = game.position()
                        for i, move in enumerate(game.mainline_moves()):
                            if i >= plies:
                                break
                            score = 500 if winner is None else (1000 if winner is pos.turn else 0)
                            entry = counts[pos.fen()].setdefault(move.full_text(), [0, 0])
                            entry[0] += 1
                            entry[1] += score
                            pos = pos.play(move)
            except (OSError, ValueError) as exc:
                print(f"  skipped {path.name}: {exc}", file=sys.stderr)
    return counts, games


def count_selfplay(rules: RuleSet, games: int, plies: int, depth: int, seed: int) -> Counts:
    """The engine's own short games: noisy low-depth searches (every move counts as a draw)."""
    counts: Counts = defaultdict(dict)
    rng = random.Random(seed)
    for _ in range(games):
        pos = Position.start(rules)
        for _ in range(plies):
            if not pos.legal_moves():
                break
            result = search(pos, rules, Limit(depth=depth), noise=15, seed=rng.randrange(1 << 30))
            assert result.move is not None
            entry = counts[pos.fen()].setdefault(result.move.full_text(), [0, 0])
            entry[0] += 1
            entry[1] += 500  # no result: every chosen move counts as a draw
            pos = pos.play(result.move)
    return counts


def prune(
    rules: RuleSet,
    counts: Counts,
    min_count: int,
    min_score: int,
    max_moves: int,
    verify_depth: int,
    margin: int,
) -> dict[str, list[tuple[str, int, int]]]:
    out: dict[str, list[tuple[str, int, int]]] = {}
    for fen, moves in counts.items():
        kept = [
            (text, c, s // c)
            for text, (c, s) in moves.items()
            if c >= min_count and s // c >= min_score
        ]
        if not kept:
            continue
        kept.sort(key=lambda m: (-m[1], m[0]))
        kept = kept[:max_moves]
        pos = Position.from_fen(fen, rules)
        legal = {m.full_text(): m for m in pos.legal_moves()}
        kept = [m for m in kept if m[0] in legal]
        if verify_depth and kept and len(legal) > 1:
            best = search(pos, rules, Limit(depth=verify_depth)).score
            checked = []
            for m in kept:
                score = search(pos, rules, Limit(depth=verify_depth), only=[legal[m[0]]]).score
                if score >= best - margin:
                    checked.append(m)
            kept = checked
        if kept:
            out[fen] = kept
    return out


def check(path: Path) -> int:
    """Every stored move legal in its position; prints the size.  1 on a problem."""
    book = Book.from_json(path.read_text(encoding="utf-8"))
    rules = find_rules(book.rules_key)
    bad = 0
    moves = 0
    for fen, entries in book.positions.items():
        pos = Position.from_fen(fen, rules)
        legal = {m.full_text() for m in pos.legal_moves()}
        for text, _, _ in entries:
            moves += 1
            if text not in legal:
                bad += 1
                print(f"  {path.name}: {text} is not legal in {fen}")
    print(
        f"{path.name}: {len(book)} positions, {moves} moves, {path.stat().st_size} bytes, "
        f"{bad} illegal"
    )
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default=",".join(BOOKS))
    parser.add_argument("--corpus", type=Path, default=None)
    parser.add_argument(
        "--plies",
        type=int,
        default=None,
        help="plies of each game to count (default 16 for 10x10, 20 for 8x8)",
    )
    parser.add_argument(
        "--min-count",
        type=int,
        default=None,
        help="times a move must be played (default: 2 international, 8 english, 2 german)",
    )
    parser.add_argument("--min-score", type=int, default=350, help="per mille, the mover's")
    parser.add_argument("--max-moves", type=int, default=4)
    parser.add_argument(
        "--verify-depth",
        type=int,
        default=None,
        help="plies of the blunder check (default 6, German 8; 0: none)",
    )
    parser.add_argument("--margin", type=int, default=40, help="hundredths of a man")
    parser.add_argument("--selfplay", type=int, default=150, help="German self-play games")
    parser.add_argument(
        "--selfplay-plies",
        type=int,
        default=14,
        help="plies of each self-play game (--plies does not apply)",
    )
    parser.add_argument("--selfplay-depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--check", action="store_true", help="only check the stored books")
    args = parser.parse_args()
    keys = args.rules.split(",")
    if args.check:
        return max(
            (check(args.out / BOOKS[k]) for k in keys if (args.out / BOOKS[k]).exists()), default=0
        )
    corpus = args.corpus if args.corpus is not None else default_corpus()
    for key in keys:
        if key not in BOOKS:
            parser.error(f"no book for {key!r} (known: {', '.join(BOOKS)})")
        rules = find_rules(key)
        small = rules.board_size == 8
        plies = args.plies or (20 if small else 16)
        verify = (
            args.verify_depth if args.verify_depth is not None else (8 if key == "german" else 6)
        )
        started = time.perf_counter()
        if key in SOURCES:
            if not corpus.is_dir():
                print(
                    f"{key}: no corpus at {corpus} (the shared PDN corpus is not part of the "
                    f"repository): skipped"
                )
                continue
            counts, games = count_corpus(rules, corpus, plies)
            source = f"{games} games of the PDN corpus, first {plies} plies"
            min_count = args.min_count or (8 if key == "english" else 2)
        else:
            plies = args.selfplay_plies
            counts = count_selfplay(rules, args.selfplay, plies, args.selfplay_depth, args.seed)
            source = (
                f"{args.selfplay} self-play games of {plies} plies at depth "
                f"{args.selfplay_depth} (noise 15), seed {args.seed}"
            )
            min_count = args.min_count or 2
        positions = prune(
            rules, counts, min_count, args.min_score, args.max_moves, verify, args.margin
        )
        book = Book(key, positions, source, plies)
        path = args.out / BOOKS[key]
        path.write_text(book.to_json(), encoding="utf-8")
        print(
            f"{key}: {len(counts)} positions counted, {len(book)} kept, "
            f"{path.stat().st_size} bytes in {path.name} "
            f"({time.perf_counter() - started:.0f} s; {source})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
