"""``dame pdn check FILE... [--rules KEY] [--json]``: replay every game of PDN files.

Exit status: 0 when every game is clean, 1 when some have errors, 2 when a file cannot be read
or is not PDN text (a picture, an archive: one line on stderr, as for a missing file; the file
is left out of the JSON) or the command line is bad.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from typing import Any

from dame_desktop.cli.common import UsageError
from dame_desktop.core import RulesError, RuleSet, find_rules
from dame_desktop.db.replay import replay_file
from dame_desktop.pdn.problems import NotPdnError, PdnProblem


@dataclass
class FileReport:
    path: str
    games: int = 0
    clean: int = 0
    errors: list[tuple[int, PdnProblem]] = field(default_factory=list)

    @property
    def with_errors(self) -> int:
        return self.games - self.clean


def check_file(path: str, rules: RuleSet | None = None) -> FileReport:
    """Replay every game of ``path`` (the database's fast replay: the full reader's problems,
    read in a fraction of its time); raises OSError when the file cannot be read and
    NotPdnError when it is not PDN text."""
    report = FileReport(path)
    for game in replay_file(path, rules):
        report.games += 1
        if game.problems:
            report.errors.extend((report.games, e) for e in game.problems)
        else:
            report.clean += 1
    return report


def _counts(games: int, clean: int) -> str:
    return f"games: {games}, clean: {clean}, with errors: {games - clean}"


def cmd_check(args: argparse.Namespace) -> int:

    rules: RuleSet | None = None
    if args.rules:
        try:
            rules = find_rules(args.rules)
        except RulesError as exc:
            raise UsageError(str(exc)) from None
    reports: list[FileReport] = []
    unreadable = False
    for path in args.files:
        try:
            reports.append(check_file(path, rules))
        except OSError as exc:
            print(f"dame: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
            unreadable = True
        except NotPdnError as exc:
            print(f"dame: cannot read {path}: {exc.message}", file=sys.stderr)
            unreadable = True
        except Exception as exc:  # a reader bug must not become a traceback
            print(f"dame: internal error while reading {path}: {exc!r}", file=sys.stderr)
            unreadable = True
    games = sum(r.games for r in reports)
    clean = sum(r.clean for r in reports)
    if args.json:
        data: dict[str, Any] = {
            "files": [
                {
                    "path": r.path,
                    "games": r.games,
                    "clean": r.clean,
                    "errors": [
                        {"game": game, "line": e.line, "column": e.column, "message": e.message}
                        for game, e in r.errors
                    ],
                }
                for r in reports
            ],
            "games": games,
            "clean": clean,
        }
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        for r in reports:
            print(f"{r.path}: {_counts(r.games, r.clean)}")
        print(f"total: {_counts(games, clean)}")
        for r in reports:
            for _game, e in r.errors:
                print(f"{r.path}:{e.line}:{e.column}: {e.message}")
    if unreadable:
        return 2
    return 0 if games == clean else 1


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``dame pdn check`` to the ``dame`` command."""
    pdn = sub.add_parser("pdn", help="PDN file tools", description="PDN file tools.")
    pdn_sub = pdn.add_subparsers(dest="pdn_command", required=True, parser_class=type(pdn))
    p = pdn_sub.add_parser(
        "check",
        help="replay every game of PDN files and report problems",
        description="Replay every game and print, per file and in total, 'games: N, clean: M, "
        "with errors: K', then each problem as file:line:column: message. Exit "
        "status 0: all clean, 1: some games have errors, 2: a file cannot be read.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument(
        "--rules",
        help="rule set for games that do not name theirs "
        "(default: guessed from the moves, else german)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_check)
