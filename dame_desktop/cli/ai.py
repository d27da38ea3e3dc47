"""``dame bestmove``: the engine's move for a position, as text or JSON."""

from __future__ import annotations

import argparse
import json

from dame_desktop.ai.search import Limit, search
from dame_desktop.cli.common import UsageError, full_text, line_texts, number, seconds
from dame_desktop.core import DameError, Position, apply_switches, find_rules

MAX_DEPTH = 64
MAX_MOVETIME = 3600.0


def _usage_error(message: str) -> Exception:
    return UsageError(message)


def cmd_bestmove(args: argparse.Namespace) -> int:
    try:
        rules = find_rules(args.rules)
        if args.set:
            rules = apply_switches(rules, args.set)
        position = Position.from_fen(args.fen, rules) if args.fen else Position.start(rules)
    except DameError as exc:
        raise _usage_error(str(exc)) from None
    if args.depth is not None and not 1 <= args.depth <= MAX_DEPTH:
        raise _usage_error(f"--depth {args.depth} is out of range 1-{MAX_DEPTH}")
    if args.movetime is not None and not 0 < args.movetime <= MAX_MOVETIME:
        raise _usage_error(f"--movetime {args.movetime} is out of range (0, {MAX_MOVETIME:g}]")
    limit = Limit(movetime=args.movetime, depth=args.depth)
    result = search(position, rules, limit)
    if args.json:
        print(
            json.dumps(
                {
                    "move": full_text(position, result.move) if result.move else None,
                    "score": result.score,
                    "depth": result.depth,
                    "nodes": result.nodes,
                    "pv": line_texts(position, list(result.pv)),
                }
            )
        )
        return 0
    if result.move is None:
        raise _usage_error(f"no legal move in {position.fen()}")
    print(full_text(position, result.move))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``bestmove`` to the ``dame`` command's subparsers."""
    p = sub.add_parser(
        "bestmove",
        help="the engine's best move for a position",
        description="Search a position and print the best move in full-path notation "
        "(every landing square), or a JSON object with --json.",
    )
    p.add_argument("--rules", default="german", help="rule set key (see 'dame rules')")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a rule switch (see 'dame rules --help')",
    )
    p.add_argument("--fen", help="position as PDN FEN (default: the start position)")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument(
        "--movetime", type=seconds, metavar="SECONDS", help="think this many seconds"
    )
    group.add_argument("--depth", type=number, metavar="N", help="search N plies deep")
    p.add_argument(
        "--json",
        action="store_true",
        help='print {"move", "score", "depth", "nodes", "pv"}; score in hundredths '
        "of a man from the side to move, a forced win or loss as +-(30000 - plies)",
    )
    p.set_defaults(func=cmd_bestmove)
