"""``dame egtb build`` and ``dame egtb probe``: the endgame tables from the command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from dame_desktop.ai import egtb
from dame_desktop.cli.common import UsageError, number
from dame_desktop.core import DameError, Position, RuleSet, apply_switches, find_rules
from dame_desktop.store.files import StorageError

_LEFT_OUT = (
    "The tables know the rules of the position (captures, precedence, crowning, the old German "
    "three-kings rule) but no move counts: the quiet-move draw rule, the FMJD and Russian "
    "endgame counts and the kings-against-king limit are not in them, so a table's win may "
    "take longer than such a count allows.  Repetition is a draw."
)


def _rules(args: argparse.Namespace) -> RuleSet:
    try:
        rules = find_rules(args.rules)
        if args.set:
            rules = apply_switches(rules, args.set)
    except DameError as exc:
        raise UsageError(str(exc)) from None
    return rules


def _folder(args: argparse.Namespace) -> Path:
    return Path(args.folder) if args.folder else egtb.default_folder()


def cmd_build(args: argparse.Namespace) -> int:
    rules = _rules(args)
    reason = egtb.no_tables(rules)
    if reason:
        raise UsageError(f"no tables for {rules.key}: {reason}")
    limit = egtb.max_pieces(rules)
    if not 2 <= args.pieces <= limit:
        raise UsageError(
            f"--pieces {args.pieces} is out of range 2-{limit} for a "
            f"{rules.board_size}x{rules.board_size} board"
        )
    folder = _folder(args)
    key = egtb.table_key(rules)
    print(f"tables {key} in {folder / key}", flush=True)
    started = time.process_time()
    wall = time.perf_counter()
    jobs = egtb.default_jobs(rules, args.pieces) if args.jobs is None else args.jobs
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: at least 1")

    def progress(done: int, total: int, material: str) -> None:
        if not args.quiet:
            print(f"  {material}: {100 * done // max(total, 1)} %", file=sys.stderr, flush=True)

    try:
        report = egtb.build(rules, args.pieces, folder, progress, jobs=jobs)
    except egtb.TablesBusy as exc:
        print(f"dame: {exc}", file=sys.stderr)
        return 1
    except StorageError as exc:  # names the file and the reason
        raise UsageError(f"cannot write the tables: {exc}") from None
    except OSError as exc:
        raise UsageError(f"cannot write the tables in {folder}: {exc}") from None
    by_pieces: dict[int, list[egtb.Built]] = {}
    for item in report:
        by_pieces.setdefault(item.pieces, []).append(item)
    for pieces, items in sorted(by_pieces.items()):
        print(
            f"{pieces} pieces: {len(items)} materials, "
            f"{sum(i.positions for i in items):,} positions, "
            f"{sum(i.file_bytes for i in items):,} bytes, "
            f"{sum(i.cpu_seconds for i in items):.1f} CPU s"
        )
    if args.verbose:
        for item in report:
            print(f"  {item.material}\t{item.positions}\t{item.file_bytes}\t{item.cpu_seconds:.2f}")
    # the worker processes' time too, where the system counts it (not on Windows)
    times = os.times()
    children = times.children_user + times.children_system
    print(
        f"total {time.process_time() - started + children:.1f} CPU s, "
        f"{time.perf_counter() - wall:.1f} s, {jobs} job{'s' if jobs != 1 else ''}"
    )
    egtb.forget()
    return 0


def cmd_probe(args: argparse.Namespace) -> int:
    rules = _rules(args)
    reason = egtb.no_tables(rules)
    if reason:
        raise UsageError(f"no tables for {rules.key}: {reason}")
    try:
        position = Position.from_fen(args.fen, rules)
    except DameError as exc:
        raise UsageError(str(exc)) from None
    pieces = (position.white | position.black).bit_count()
    folder = _folder(args)
    try:
        tables = egtb.tables_for(rules, folder)
        if tables is None:
            raise UsageError(
                f"no endgame tables for {rules.key} ({egtb.table_key(rules)}) in "
                f"{folder}: build them with 'dame egtb build --rules {rules.key} "
                f"--pieces N'"
            )
        if pieces > tables.max_pieces:
            raise UsageError(
                f"the position has {pieces} pieces; the tables for {rules.key} "
                f"go up to {tables.max_pieces}"
            )
        result = tables.result(position)
    except egtb.TableError as exc:
        raise UsageError(str(exc)) from None
    if result is None:
        raise UsageError(f"the tables do not cover {position.fen()}")
    if args.json:
        print(json.dumps({"result": result, "pieces": pieces}))
    else:
        print(result)
    return 0


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="german", help="rule set key (see 'dame rules')")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a rule switch (see 'dame rules --help')",
    )
    p.add_argument(
        "--folder",
        help=f"where the tables are (default: the user data folder, or ${egtb.FOLDER_ENV})",
    )


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``egtb build`` and ``egtb probe`` to the ``dame`` command's subparsers."""
    from dame_desktop.cli.common import Parser

    p = sub.add_parser(
        "egtb",
        help="endgame tables: build them, probe a position",
        description="Win/loss/draw tables for positions of few pieces. " + _LEFT_OUT,
    )
    inner = p.add_subparsers(dest="egtb_command", required=True, parser_class=Parser)
    b = inner.add_parser(
        "build",
        help="solve the tables up to N pieces",
        description="Solve every material of up to N pieces by retrograde "
        "analysis and store the tables (materials already there are kept). Up to 5 pieces "
        "on 8x8 and 4 on 10x10 each material also gets its distances (the plies a win takes "
        "until a capture or crowning), with which the computer finishes a won ending; tables "
        "an older version built without them get them by building again. " + _LEFT_OUT,
    )
    _common(b)
    b.add_argument(
        "--pieces",
        type=number,
        required=True,
        metavar="N",
        help="the most pieces on the board (8x8: up to 6, 10x10: up to 4; the window builds "
        "5 on 8x8 by itself; 6 take about 45 CPU minutes, 25 minutes on two cores, 220 MB of "
        "files and 3-4 GB of memory a job)",
    )
    b.add_argument(
        "--jobs",
        type=number,
        metavar="N",
        help="solve up to N materials at once in worker processes (default: one a core, at "
        "most 4, as many as half the memory holds)",
    )
    b.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    b.add_argument("--verbose", action="store_true", help="one line per material")
    b.set_defaults(func=cmd_build)
    q = inner.add_parser(
        "probe",
        help="win, loss or draw for the side to move",
        description="Print win, loss or draw for the side to move of a "
        "position within the tables. " + _LEFT_OUT,
    )
    _common(q)
    q.add_argument("--fen", required=True, help="position as PDN FEN (as 'dame moves' takes)")
    q.add_argument("--json", action="store_true", help='print {"result": ..., "pieces": N}')
    q.set_defaults(func=cmd_probe)
