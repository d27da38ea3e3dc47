"""What every subcommand module of the ``dame`` command shares: the usage error and its parser."""

from __future__ import annotations

import argparse

from dame_desktop.core import Move, Position
from dame_desktop.core.digits import ascii_float, ascii_int
from dame_desktop.core.position import full_text as core_full_text


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def number(text: str) -> int:
    """An argparse type: a whole number written with the digits 0-9 (int() would take "３")."""
    try:
        return ascii_int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number (digits 0-9), got {text!r}"
        ) from None


def seconds(text: str) -> float:
    """An argparse type: seconds written with the digits 0-9 (``2``, ``0.5``)."""
    try:
        return ascii_float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None


def full_text(position: Position, move: Move) -> str:
    """A move of ``position`` with every landing square: by number (``10x19x26``), or by name
    where the rule set has no square numbers (Turkish: ``d4xd6xf6``)."""
    return core_full_text(move, position.rules)


def line_texts(position: Position, moves: list[Move]) -> list[str]:
    """:func:`full_text` of each move of a line played from ``position``."""
    return [core_full_text(move, position.rules) for move in moves]
