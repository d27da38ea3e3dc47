"""``--smoke``: every bench runs its real code path in seconds, so a bench that no longer
works is found by the test suite (tests/bench/test_smoke.py runs each one) and not months
later.  Tiny settings, no figures worth reading; a peer (py-draughts, dame-rs) or a file of
the shared corpus that is absent is skipped with a line saying so, and our side still runs.

A new bench adds the flag with :func:`add_smoke` and, after parsing, shrinks its settings
with :func:`smoke_settings`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dame_desktop.core import Game, Move

SMOKE_HELP = "a run of a few seconds with tiny settings: checks the bench still works"


def add_smoke(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP)


def smoke_settings(args: argparse.Namespace, **tiny: object) -> bool:
    """With ``--smoke``, set each of ``tiny`` on ``args`` and say so; True when smoking."""
    if not getattr(args, "smoke", False):
        return False
    for name, value in tiny.items():
        if not hasattr(args, name):
            raise AttributeError(f"the bench has no setting {name!r}")
        setattr(args, name, value)
    shown = ", ".join(f"{name.replace('_', '-')}={value}" for name, value in tiny.items())
    print(f"smoke run ({shown or 'as it is'})", flush=True)
    return True


def skipped(what: str) -> None:
    """Say what a smoke run leaves out (a peer or a file that is not here)."""
    print(f"smoke run: skipped {what}", flush=True)


def small_pdn() -> Path:
    """Three short games of the test data, for a smoke run instead of a corpus file."""
    return Path(__file__).resolve().parent.parent / "tests" / "data" / "ui" / "three_games.pdn"


class StandInPeer:
    """Our engine in a peer's place, for a smoke run where the peer is not installed: the
    match loop, the records and the summary still run (against ourselves)."""

    name = "our engine standing in for the peer"

    def __init__(self, player: Callable[[Game], Move]) -> None:
        self.player = player
        self.used = 0.0
        self.moves = 0
        self.depths: list[int] = []

    def move(self, game: Game, movetime: float) -> Move:
        began = time.perf_counter()
        move = self.player(game)
        self.used += time.perf_counter() - began
        self.moves += 1
        return move

    def new_game(self) -> None:
        pass

    def close(self) -> None:
        pass
