"""``dame db``: the game database of PDN files (an index per file in the user cache folder).

``dame db index FILE...``
    builds or refreshes each file's index; one line per file: games, positions, seconds.
``dame db find FILE... --fen FEN [--rules KEY] [--reversed] [--limit N] [--json]``
    the games whose main line reaches the position; ``--json`` prints
    ``{"fen", "total", "games": [{"file", "game", "ply", "white", "black", "result",
    "event", "date"}]}``.
``dame db explore FILE... [--fen FEN] [--rules KEY] [--json]``
    the moves played at the position; ``--json`` prints ``{"fen", "games", "moves":
    [{"move", "games", "first", "draws", "second", "unknown"}]}``.

``game`` is the 1-based number in the file (as ``dame analyse --game`` counts); ``ply`` the
plies played before the position first occurs in the game's main line.  ``--fen`` takes what
``dame moves --fen`` takes (without it: the start position); ``--rules`` is the rule set of
games that name none, as for ``dame pdn check``, and the rule set of the position.  Bad
input (a malformed FEN, a file that cannot be read or is not PDN, an unknown rule set): one
line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from dame_desktop.cli.common import UsageError, number
from dame_desktop.core import DameError, RulesError, RuleSet, find_rules
from dame_desktop.db.index import GameIndex
from dame_desktop.db.library import BadQuery, Library
from dame_desktop.pdn.problems import NotPdnError


def _rules(args: argparse.Namespace) -> RuleSet | None:
    if not args.rules:
        return None
    try:
        return find_rules(args.rules)
    except RulesError as exc:
        raise UsageError(str(exc)) from None


def _open(args: argparse.Namespace) -> tuple[Library, RuleSet | None]:
    rules = _rules(args)
    library = Library(args.files, rules)
    for name, index in zip(library.names, library.indexes, strict=True):
        try:
            index.open()
        except OSError as exc:
            raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from None
        except NotPdnError as exc:
            raise UsageError(f"cannot read {name}: {exc.message}") from None
    return library, rules


def _positions(library: Library, args: argparse.Namespace, rules: RuleSet | None) -> list[Any]:
    try:
        return library.positions(args.fen, rules)
    except (BadQuery, DameError) as exc:
        raise UsageError(str(exc)) from None


def cmd_index(args: argparse.Namespace) -> int:
    rules = _rules(args)
    failed = False
    for path in args.files:
        started = time.perf_counter()
        index = GameIndex(path, rules)
        try:
            index.open()
        except OSError as exc:
            print(f"dame: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
            failed = True
            continue
        except NotPdnError as exc:
            print(f"dame: cannot read {path}: {exc.message}", file=sys.stderr)
            failed = True
            continue
        meta = index.meta()
        seconds = time.perf_counter() - started
        print(
            f"{path}: games: {meta.get('games', '0')}, positions: "
            f"{meta.get('positions', '0')}, seconds: {seconds:.2f}"
        )
        index.close()
    return 2 if failed else 0


def cmd_find(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 0:
        raise UsageError(f"--limit must be 0 or more, got {args.limit}")
    library, rules = _open(args)
    with library:
        positions = _positions(library, args, rules)
        found = library.find(positions, args.reversed, args.limit)
        fen = positions[0].fen()
        if args.json:
            games: list[dict[str, Any]] = []
            for hit in found.hits:
                item: dict[str, Any] = {
                    "file": hit.file,
                    "game": hit.game,
                    "ply": hit.ply,
                    "white": hit.white,
                    "black": hit.black,
                    "result": hit.result,
                    "event": hit.event,
                    "date": hit.date,
                }
                games.append(item)
            print(
                json.dumps(
                    {"fen": fen, "total": found.total, "games": games}, ensure_ascii=False, indent=1
                )
            )
        else:
            print(f"{fen}: {found.total} games")
            for hit in found.hits:
                mark = " (colours reversed)" if hit.reversed else ""
                print(
                    f"{hit.file}:{hit.game}: ply {hit.ply}{mark}: {hit.white} - {hit.black}"
                    f" {hit.result}, {hit.event}, {hit.date}"
                )
    return 0


def cmd_explore(args: argparse.Namespace) -> int:
    library, rules = _open(args)
    with library:
        positions = _positions(library, args, rules)
        result = library.explore(positions)
        fen = positions[0].fen()
        if args.json:
            print(
                json.dumps(
                    {
                        "fen": fen,
                        "games": result.games,
                        "moves": [
                            {
                                "move": m.move,
                                "games": m.games,
                                "first": m.first,
                                "draws": m.draws,
                                "second": m.second,
                                "unknown": m.unknown,
                            }
                            for m in result.moves
                        ],
                    },
                    ensure_ascii=False,
                    indent=1,
                )
            )
        else:
            print(f"{fen}: {result.games} games")
            if result.moves:
                width = max(len(m.move) for m in result.moves)
                print(f"{'move':<{width}}  games  first  draws  second  unknown")
                for m in result.moves:
                    print(
                        f"{m.move:<{width}}  {m.games:5}  {m.first:5}  {m.draws:5}  "
                        f"{m.second:6}  {m.unknown:7}"
                    )
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``dame db index/find/explore`` to the ``dame`` command."""
    db = sub.add_parser(
        "db",
        help="the game database: index, find a position, explore",
        description="The game database: an index per PDN file (kept in the "
        "user cache folder, rebuilt when the file changes).",
    )
    db_sub = db.add_subparsers(dest="db_command", required=True, parser_class=type(db))
    rules_help = (
        "rule set of games that do not name theirs, and of the position "
        "(default: guessed per game; the position in every rule set of the games)"
    )

    p = db_sub.add_parser(
        "index",
        help="build or refresh the index of PDN files",
        description="Build or refresh each file's index and print "
        "'FILE: games: N, positions: M, seconds: S'.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--rules", help=rules_help)
    p.set_defaults(func=cmd_index)

    p = db_sub.add_parser(
        "find",
        help="the games that reach a position",
        description="List the games whose main line reaches the position "
        "(each game once, at its first ply there), by file "
        "then game.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--fen", required=True, help="the position as PDN FEN (as 'dame moves')")
    p.add_argument("--rules", help=rules_help)
    p.add_argument(
        "--reversed",
        action="store_true",
        help="also find the colour-reversed position (board turned, colours "
        "swapped, the other side to move)",
    )
    p.add_argument("--limit", type=number, help="list at most N games (total counts all)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_find)

    p = db_sub.add_parser(
        "explore",
        help="the moves played at a position",
        description="For each move played at the position: its games and "
        "results by the side that moves first and second.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--fen", help="the position as PDN FEN (default: the start position)")
    p.add_argument("--rules", help=rules_help)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_explore)
