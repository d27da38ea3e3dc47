"""The ``dame`` command: rules, moves, perft (and the subcommands of the PDN and AI layers).

Qt-free.  Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from dame_desktop.cli.common import Parser, UsageError, full_text, number
from dame_desktop.core import (
    PRESETS,
    SWITCHES,
    DameError,
    Position,
    RuleSet,
    apply_switches,
    find_rules,
    perft,
)
from dame_desktop.store.files import StorageError

MAX_PERFT_DEPTH = 30


def _switch_help() -> str:
    lines = ["switches for --set NAME=VALUE (on/off for yes-no switches):"]
    for s in SWITCHES:
        choices = f" [{'|'.join(s.choices)}]" if s.choices else ""
        lines.append(f"  {s.name}{choices}: {s.help}")
    return "\n".join(lines)


def _rules_from(args: argparse.Namespace) -> RuleSet:
    rules = find_rules(args.rules)
    if getattr(args, "set", None):
        rules = apply_switches(rules, args.set)
    return rules


def _position(args: argparse.Namespace, rules: RuleSet) -> Position:
    if getattr(args, "fen", None):
        return Position.from_fen(args.fen, rules)
    return Position.start(rules)


def cmd_rules(args: argparse.Namespace) -> int:
    for preset in PRESETS:
        print(f"{preset.key}\t{preset.name}")
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    if args.fen_file:
        try:
            with open(args.fen_file, encoding="utf-8-sig") as handle:
                lines = handle.read().splitlines()
        except OSError as exc:
            raise UsageError(f"cannot read {args.fen_file}: {exc.strerror}") from None
        out = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                out.append("")
                continue
            try:
                pos = Position.from_fen(line, rules)
            except DameError as exc:
                raise UsageError(f"{args.fen_file}:{number}: {exc}") from None
            out.append(" ".join(full_text(pos, m) for m in pos.legal_moves()))
        sys.stdout.write("\n".join(out) + ("\n" if out else ""))
        return 0
    pos = _position(args, rules)
    for move in pos.legal_moves():
        print(full_text(pos, move))
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    if not 0 <= args.depth <= MAX_PERFT_DEPTH:
        raise UsageError(f"depth {args.depth} is out of range 0-{MAX_PERFT_DEPTH}")
    pos = _position(args, rules)
    started = time.perf_counter()
    nodes = perft(pos, args.depth)
    seconds = time.perf_counter() - started
    if args.json:
        rate = nodes / seconds if seconds > 0 else 0.0
        print(
            json.dumps(
                {"nodes": nodes, "seconds": round(seconds, 6), "nodes_per_second": round(rate, 1)}
            )
        )
    else:
        print(nodes)
    return 0


def _add_rules_options(p: argparse.ArgumentParser, fen: bool = True) -> None:
    p.add_argument("--rules", default="german", help="rule set key (see 'dame rules')")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a rule switch (see 'dame rules --help')",
    )
    if fen:
        p.add_argument("--fen", help="position as PDN FEN (default: the start position)")


def version_text() -> str:
    """``dame 0.1.0 (native: core.movegen, ...)`` or ``dame 0.1.0 (pure Python)``."""
    from dame_desktop import __version__
    from dame_desktop.native import describe

    return f"dame {__version__} ({describe()})"


class _Version(argparse.Action):
    """--version: print the version and which modules run compiled, then exit 0."""

    def __init__(
        self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, help: str | None = None
    ) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(version_text())
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="dame", description="Dame: draughts rules, perft, PDN and engine tools")
    parser.add_argument(
        "--version",
        action=_Version,
        help="print the version and whether the native modules are in use",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    p = sub.add_parser(
        "rules",
        help="list the rule sets",
        description="List the rule set presets: key, tab, name.",
        epilog=_switch_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("moves", help="list the legal moves of a position")
    _add_rules_options(p, fen=False)
    group = p.add_mutually_exclusive_group()
    group.add_argument("--fen", help="position as PDN FEN (default: the start position)")
    group.add_argument("--fen-file", help="file with one FEN per line")
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("perft", help="count the leaf nodes of the move tree")
    _add_rules_options(p)
    p.add_argument("--depth", type=number, required=True)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_perft)

    _load_extras(sub)
    return parser


def _load_extras(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Subcommands of the other layers (PDN, engine), each in its own module of this package."""
    import importlib

    for name in (
        "dame_desktop.cli.pdn",
        "dame_desktop.cli.ai",
        "dame_desktop.cli.analyse",
        "dame_desktop.cli.hub",
        "dame_desktop.cli.db",
        "dame_desktop.cli.egtb",
        "dame_desktop.cli.puzzles",
        "dame_desktop.cli.diagram",
    ):
        importlib.import_module(name).register(sub)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        result: int = args.func(args)
        return result
    except UsageError as exc:
        print(f"dame: {exc}", file=sys.stderr)
        return 2
    except DameError as exc:
        print(f"dame: {exc}", file=sys.stderr)
        return 2
    except StorageError as exc:  # a file that could not be written: named, with the reason
        print(f"dame: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("dame: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
