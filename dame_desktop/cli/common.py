"""What every subcommand module of the ``dame`` command shares: the usage error and its parser."""

from __future__ import annotations

import argparse


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)
