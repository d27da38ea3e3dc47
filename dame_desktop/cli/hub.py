"""``dame hub``: Dame's engine behind the Hub protocol on stdin/stdout (for Hub GUIs).

The rules: ``set-param name=variant value=KEY`` (``normal`` = International, ``losing``, or a
preset key) or ``set-param name=dame-rules value="german huffing=on"`` (a preset key and
switches), both before ``init``; the defaults come from ``--rules`` and ``--set``.  See
:mod:`dame_desktop.engines.server`.
"""

from __future__ import annotations

import argparse
import sys

from dame_desktop.cli.common import UsageError
from dame_desktop.core import DameError, apply_switches, find_rules


def cmd_hub(args: argparse.Namespace) -> int:
    from dame_desktop.engines.protocol import read_lines
    from dame_desktop.engines.server import HubServer

    try:
        rules = find_rules(args.rules)
        if args.set:
            rules = apply_switches(rules, args.set)
    except DameError as exc:
        raise UsageError(str(exc)) from None
    server = HubServer(sys.stdout, rules)
    return server.run(read_lines(sys.stdin.buffer))  # lines of at most 64 KB


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``hub`` to the ``dame`` command's subparsers."""
    p = sub.add_parser(
        "hub",
        help="play as an engine over the Hub protocol (stdin/stdout)",
        description="Dame's engine for Hub GUIs: the Hub protocol (version 2) on stdin and "
        "stdout.  Rules by 'set-param name=variant value=KEY' (normal = "
        "international, losing, or a preset key) or 'set-param name=dame-rules "
        'value="german huffing=on"\' before init.',
    )
    p.add_argument(
        "--rules",
        default="international",
        help="the default rule set (see 'dame rules'; default international)",
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a rule switch of the default (see 'dame rules --help')",
    )
    p.set_defaults(func=cmd_hub)
