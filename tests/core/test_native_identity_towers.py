"""Bashni's compiled modules (``core.towers``, ``ai.towers``) and their sources agree.

The main identity test (``test_native_identity.py``) reaches Bashni only from the start and
after a few random moves, where few towers stand.  Here seeded random games are played on
until towers (and kings inside them) have formed, and on those positions the tower perft
counts, the legal moves and the tower search's results (move, score, depth, nodes, principal
line) at a depth limit, a node budget and with evaluation noise are computed twice: with the
compiled modules here and with the ``.py`` sources in a subprocess (``DAME_PURE=1``).  A few
house-rule switches send the captures through every precedence rule the towers meet.
Skipped where nothing is compiled.
"""

from __future__ import annotations

import json
import random

import pytest

from dame_desktop.ai import Limit
from dame_desktop.core import Position, apply_switches, find_rules, perft
from dame_desktop.native import native_modules
from tests.core.helpers import pure_figures, search_figures

CONFIGS: list[tuple[str, ...]] = [
    (),
    ("capture-rule=max",),
    ("capture-rule=italian", "promotion=stop"),
    ("giveaway=on", "flying-kings=off"),
]


def tower_positions(switches: tuple[str, ...], seed: int, count: int) -> list[Position]:
    """The start and ``count`` positions of seeded random games with two towers or more."""
    base = find_rules("bashni")
    rules = apply_switches(base, list(switches)) if switches else base
    rng = random.Random(f"towers-{switches}-{seed}")
    out = [Position.start(rules)]
    pos = Position.start(rules)
    plies = 0
    while len(out) <= count:
        moves = pos.legal_moves()
        if not moves or plies > 70:
            pos, plies = Position.start(rules), 0
            continue
        pos = pos.play(rng.choice(moves))
        plies += 1
        if len(pos.stacks) >= 2 and pos.legal_moves() and rng.random() < 0.2:
            out.append(pos)
    return out


def figures() -> dict[str, dict[str, object]]:
    """Every figure compared, by configuration and position: JSON-ready."""
    runs = (
        ("depth", Limit(depth=6), 0),
        ("nodes", Limit(nodes=3000), 0),
        ("noise", Limit(depth=5), 40),
    )
    out: dict[str, dict[str, object]] = {}
    for switches in CONFIGS:
        for i, pos in enumerate(tower_positions(switches, 11, 4)):
            row: dict[str, object] = {
                "fen": pos.fen(),
                "perft": perft(pos, 4),
                "moves": sorted(m.full_text() for m in pos.legal_moves()),
            }
            row.update(search_figures(pos, runs, 4242))
            out[f"bashni{list(switches)}#{i}"] = row
    return out


def test_the_positions_hold_towers_with_kings_and_both_colours_inside() -> None:
    stacks = [
        below
        for switches in CONFIGS
        for pos in tower_positions(switches, 11, 4)
        for _bit, below in pos.stacks
    ]
    letters = set("".join(stacks))
    assert letters >= {"w", "b"}, letters
    assert any(len(below) >= 2 for below in stacks)


def test_compiled_and_pure_towers_give_identical_perft_and_search_results() -> None:
    compiled = native_modules()
    if not compiled:
        pytest.skip("this install runs pure Python: there is nothing compiled to compare")
    assert {"core.towers", "ai.towers"} <= set(compiled), compiled
    pure = pure_figures(__name__, "figures")
    here = figures()
    assert set(here) == set(pure)
    for name, row in here.items():
        assert row == pure[name], name
    # the searches were not trivial: they went deep and differ between positions
    assert len({json.dumps(row["nodes"]) for row in here.values()}) > len(here) // 2
