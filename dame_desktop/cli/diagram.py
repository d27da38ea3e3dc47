"""``dame diagram``: a position as an SVG or PNG diagram, for batch use.

The SVG comes from :mod:`dame_desktop.diagram` (no Qt).  A PNG needs Qt's SVG renderer: it is
drawn by ``python -m dame_desktop.ui.diagram_png`` in a process of its own, so this command
never loads Qt itself.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from dame_desktop.cli.common import UsageError, number
from dame_desktop.core import Color, DameError, Position, find_rules
from dame_desktop.diagram import Diagram, render_svg
from dame_desktop.diagram.svg import MAX_SIZE, MIN_SIZE
from dame_desktop.store.files import StorageError, atomic_write_bytes

PNG_TIMEOUT = 120.0  # seconds for the drawing process (it starts Qt: about a second)


def side_word(position: Position, colour: Color) -> str:
    """The side's English name as its rule set names it (White, Black, Light, Dark)."""
    return position.rules.colour_name(colour).value.capitalize()


def diagram_of(position: Position, labels: str, flipped: bool, size: int) -> Diagram:
    """The command's diagram of ``position``: the sides named, "White to move" under it."""
    top, bottom = (Color.WHITE, Color.BLACK) if flipped else (Color.BLACK, Color.WHITE)
    return Diagram(
        position,
        flipped=flipped,
        labels="numbers"
        if labels == "numbers"
        else "coordinates"
        if labels == "coordinates"
        else "none",
        top=side_word(position, top),
        bottom=side_word(position, bottom),
        stipulation=f"{side_word(position, position.turn)} to move",
        size=size,
    )


def png_of(svg: str, width: int) -> bytes:
    """The SVG drawn as PNG by Qt in a process of its own; UsageError when that fails."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "dame_desktop.ui.diagram_png", str(width)],
            input=svg.encode("utf-8"),
            capture_output=True,
            env=env,
            timeout=PNG_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UsageError(f"cannot draw the PNG: {exc}") from None
    if done.returncode != 0 or not done.stdout.startswith(b"\x89PNG"):
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        why = lines[-1] if lines else f"exit status {done.returncode}"
        raise UsageError(f"cannot draw the PNG (it needs PySide6): {why}")
    return done.stdout


def cmd_diagram(args: argparse.Namespace) -> int:
    out = Path(args.out)
    kind = out.suffix.lower()
    if kind not in (".svg", ".png"):
        raise UsageError(f"--out {args.out}: the file name must end in .svg or .png")
    if not MIN_SIZE <= args.size <= MAX_SIZE:
        raise UsageError(f"--size {args.size}: must be {MIN_SIZE} to {MAX_SIZE} pixels")
    try:
        rules = find_rules(args.rules)
        position = Position.from_fen(args.fen, rules) if args.fen else Position.start(rules)
    except DameError as exc:
        raise UsageError(str(exc)) from None
    labels = "numbers" if args.numbers else "coordinates" if args.coordinates else "none"
    svg = render_svg(diagram_of(position, labels, args.flip, args.size))
    data = svg.encode("utf-8") if kind == ".svg" else png_of(svg, args.size)
    try:
        atomic_write_bytes(out, data)
    except StorageError as exc:
        raise UsageError(f"cannot write {args.out}: {exc}") from None
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``diagram`` to the ``dame`` command's subparsers."""
    p = sub.add_parser(
        "diagram",
        help="draw a position as an SVG or PNG diagram",
        description="Draw a position as printed in draughts books: the sides named above and "
        "below, who is to move, and the FEN under the board.  SVG needs nothing else; PNG is "
        "drawn with PySide6.",
    )
    p.add_argument("--rules", required=True, help="rule set key (see 'dame rules')")
    p.add_argument("--fen", help="position as PDN FEN (default: the start position)")
    p.add_argument(
        "--out",
        required=True,
        metavar="FILE.svg|FILE.png",
        help="the file to write; its ending chooses SVG or PNG",
    )
    p.add_argument(
        "--size",
        type=number,
        default=400,
        metavar="PX",
        help=f"width in pixels ({MIN_SIZE}-{MAX_SIZE}, default 400)",
    )
    group = p.add_mutually_exclusive_group()
    group.add_argument("--numbers", action="store_true", help="square numbers on the squares")
    group.add_argument(
        "--coordinates", action="store_true", help="letters and numbers in the frame"
    )
    p.add_argument("--flip", action="store_true", help="the second side at the bottom")
    p.set_defaults(func=cmd_diagram)
