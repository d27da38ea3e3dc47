"""``dame analyse FILE``: review the main line of every game (or one) with an engine.

    dame analyse FILE [--game N] [--movetime SECONDS | --depth N] [--jobs N] [--engine PATH]
                      [--out FILE] [--json] [--rules KEY]

Every move gets a score, the engine's best move and a mark (``?!``, ``?``, ``??``; see
:mod:`dame_desktop.engines.review` for the thresholds).  ``--out`` writes the annotated games
there (atomically; the games not analysed keep their bytes); FILE itself is only written when
``--out`` names it.  ``--json`` prints ``{"games": [{"index", "moves": [{"ply", "move",
"best", "score", "best_score", "loss", "mark"}], "summary": {"first", "second"}}]}``; a game
that cannot be replayed has ``"error"`` instead of moves.  ``--jobs`` spreads the games over
processes (default: one per core); ``--engine`` uses a Hub engine for the rule sets it
declares.  ``--rules`` is, as for ``dame pdn check``, the rule set of games that name none.
Bad input (no such file, game out of range, a failing engine) exits 2 with one line.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from typing import Any

from dame_desktop.cli.common import UsageError, number, seconds

MAX_DEPTH = 64
MAX_MOVETIME = 3600.0
DEFAULT_MOVETIME = 1.0


# -- the command ----------------------------------------------------------------------------------


def cmd_analyse(args: argparse.Namespace) -> int:
    from dame_desktop.core import RulesError, find_rules
    from dame_desktop.engines import EngineError, HubEngine
    from dame_desktop.engines.batch import GameResult, GameTask, review_tasks
    from dame_desktop.pdn.document import DocumentError, PdnDocument

    if args.depth is not None and not 1 <= args.depth <= MAX_DEPTH:
        raise UsageError(f"--depth {args.depth} is out of range 1-{MAX_DEPTH}")
    if args.movetime is not None and not 0 < args.movetime <= MAX_MOVETIME:
        raise UsageError(f"--movetime {args.movetime:g} is out of range (0, {MAX_MOVETIME:g}]")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise UsageError(f"--jobs {jobs} must be at least 1")
    if args.rules:
        try:
            find_rules(args.rules)
        except RulesError as exc:
            raise UsageError(str(exc)) from None
    if not os.path.exists(args.file):
        raise UsageError(f"cannot read {args.file}: no such file")
    if not os.path.isfile(args.file):
        raise UsageError(f"cannot read {args.file}: not a file")
    if args.out is not None:  # fail before the work, not after it
        folder = os.path.dirname(os.path.abspath(args.out))
        if not os.path.isdir(folder):
            raise UsageError(f"cannot write {args.out}: the folder does not exist")
        if not os.access(folder, os.W_OK):
            raise UsageError(f"cannot write {args.out}: the folder is not writable")
        if os.path.isdir(args.out):
            raise UsageError(f"cannot write {args.out}: it is a folder")
    try:
        doc = PdnDocument.open(args.file)
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    count = len(doc)
    if args.game is not None:
        if not 1 <= args.game <= count:
            raise UsageError(
                f"--game {args.game} is out of range: {args.file} has "
                f"{count} game{'s' if count != 1 else ''}"
            )
        indices = [args.game - 1]
    else:
        indices = list(range(count))
    engine_path = None
    if args.engine:
        engine_path = os.path.abspath(args.engine)
        try:
            HubEngine(engine_path).close()  # it must start and shake hands
        except EngineError as exc:
            raise UsageError(str(exc)) from None
    movetime = (
        args.movetime if args.movetime is not None or args.depth is not None else (DEFAULT_MOVETIME)
    )
    write = args.out is not None
    tasks = [
        GameTask(
            i,
            doc.game_text(i),
            doc.entries[i].line,
            args.rules,
            movetime,
            args.depth,
            engine_path,
            write,
        )
        for i in indices
    ]
    results: list[GameResult] = []
    for result in review_tasks(tasks, jobs):
        if result.fatal is not None:
            raise UsageError(f"game {result.index}: {result.fatal}")
        results.append(result)
        if not args.json:
            _print_game(result, doc.entries[result.index - 1].tags)
    if write:
        from dame_desktop.pdn import Game, read_game

        default = find_rules(args.rules) if args.rules else None
        for result in results:
            if result.pdn is None:
                continue
            game = read_game(io.StringIO(result.pdn), default_rules=default)
            if isinstance(game, Game) and not game.errors:
                doc.mark_edited(result.index - 1, game)
        try:
            doc.save(args.out)
        except DocumentError as exc:
            raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps({"games": [r.as_json() for r in results]}, ensure_ascii=False))
    elif write:
        print(f"annotated games written to {args.out}")
    return 0


def _print_game(result: Any, tags: dict[str, str]) -> None:
    white, black = tags.get("White", "?"), tags.get("Black", "?")
    head = f"game {result.index}: {white} - {black}"
    if result.error is not None:
        print(f"{head}: not analysed: {result.error}")
        return
    print(f"{head} ({len(result.moves)} plies, {result.engine})")
    assert result.summary is not None
    for side in ("first", "second"):
        s = result.summary[side]
        print(
            f"  {side}: {s['inaccuracies']} ?!, {s['mistakes']} ?, {s['blunders']} ??, "
            f"mean loss {s['mean_loss']:.2f} over {s['moves']} moves"
        )
    for m in result.moves:
        if m["mark"]:
            print(
                f"  ply {m['ply']}: {m['move']}{m['mark']} ({m['score']:+.2f}); "
                f"best {m['best']} ({m['best_score']:+.2f}), loss {m['loss']:.2f}"
            )
    sys.stdout.flush()


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``analyse`` to the ``dame`` command's subparsers."""
    p = sub.add_parser(
        "analyse",
        help="review the games of a PDN file with an engine",
        description="Analyse the main line of every game (or game N): score, best move and "
        "mark (?! inaccuracy from 0.3 men lost, ? mistake from 0.6, ?? blunder "
        "from 0.9) for each move, and a summary per player.",
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("--game", type=number, metavar="N", help="only game N (1-based)")
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--movetime",
        type=seconds,
        metavar="SECONDS",
        help=f"seconds per position (default {DEFAULT_MOVETIME:g})",
    )
    group.add_argument("--depth", type=number, metavar="N", help="search N plies per position")
    p.add_argument(
        "--jobs",
        type=number,
        metavar="N",
        help="processes to spread the games over (default: one per core)",
    )
    p.add_argument(
        "--engine",
        metavar="PATH",
        help="a Hub engine (started as 'PATH hub') for the rule sets it declares",
    )
    p.add_argument("--out", metavar="FILE", help="write the annotated games to FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--rules", help="rule set for games that do not name theirs (as in 'dame pdn check')"
    )
    p.set_defaults(func=cmd_analyse)
