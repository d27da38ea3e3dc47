"""The compiled modules and their pure-Python sources give the same answers.

On seeded positions of every preset (and a few house-rule switches) the perft counts and the
search results (best move, score, depth, node count, principal variation) for depth limits, node
limits and evaluation noise are computed twice: here, with the install's compiled modules, and
in a subprocess with ``DAME_PURE=1``, which loads the ``.py`` sources.  Skipped where nothing is
compiled (a pure install compares nothing).
"""

from __future__ import annotations

import json
import random

import pytest

from dame_desktop.ai import Limit
from dame_desktop.core import PRESETS, Position, apply_switches, find_rules, perft
from dame_desktop.native import native_modules
from tests.core.helpers import pure_figures, search_figures

CONFIGS: list[tuple[str, tuple[str, ...]]] = [(p.key, ()) for p in PRESETS] + [
    ("german", ("huffing=on", "largest-capture=on")),
    ("german", ("giveaway=on",)),
    ("international", ("giveaway=on",)),
    ("russian", ("promotion=pass", "capture-rule=italian")),
]


def positions(key: str, switches: tuple[str, ...], seed: int) -> list[Position]:
    """The start position and two positions reached by seeded random moves."""
    rules = apply_switches(find_rules(key), list(switches)) if switches else find_rules(key)
    rng = random.Random(f"{key}-{switches}-{seed}")
    out = [Position.start(rules)]
    for plies in (8, 22):
        pos = Position.start(rules)
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        if pos.legal_moves():
            out.append(pos)
    return out


def figures() -> dict[str, dict[str, object]]:
    """Every figure compared, by configuration and position: JSON-ready."""
    runs = (
        ("depth", Limit(depth=5), 0),
        ("nodes", Limit(nodes=2500), 0),
        ("noise", Limit(depth=4), 40),
    )
    out: dict[str, dict[str, object]] = {}
    for key, switches in CONFIGS:
        for i, pos in enumerate(positions(key, switches, 7)):
            depth = 3 if pos.rules.board_size >= 10 else 4
            name = f"{key}{list(switches)}#{i}"
            row: dict[str, object] = {"fen": pos.fen(), "perft": perft(pos, depth)}
            row.update(search_figures(pos, runs, 12345))
            out[name] = row
    return out


def test_compiled_and_pure_give_identical_perft_and_search_results() -> None:
    compiled = native_modules()
    if not compiled:
        pytest.skip("this install runs pure Python: there is nothing compiled to compare")
    pure = pure_figures(__name__, "figures")
    here = figures()
    assert set(here) == set(pure)
    for name, row in here.items():
        assert row == pure[name], name
    # the figures are not trivial: searches went deep enough to differ between positions
    assert len({json.dumps(row["depth"]) for row in here.values()}) > len(here) // 2
