"""What every subcommand module of the ``dame`` command shares: the usage error and its parser."""

from __future__ import annotations

import argparse

from dame_desktop.core.digits import ascii_float, ascii_int


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
            f"expected a whole number (digits 0-9), got {text!r}") from None


def seconds(text: str) -> float:
    """An argparse type: seconds written with the digits 0-9 (``2``, ``0.5``)."""
    try:
        return ascii_float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
