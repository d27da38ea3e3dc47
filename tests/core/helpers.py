"""Helpers for comparing the compiled modules with their pure-Python sources.

A test module defines a function that computes JSON-ready figures; :func:`pure_figures` runs
that same function in a subprocess with ``DAME_PURE=1`` (the ``.py`` sources) and returns
what it computed there, for the test to compare with the figures of this process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from dame_desktop.ai import Limit, search
from dame_desktop.core import Position

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from importlib import import_module
from dame_desktop.native import native_modules
figures = getattr(import_module(sys.argv[1]), sys.argv[2])()
print(json.dumps({"native": native_modules(), "figures": figures}))
"""


def pure_figures(module: str, function: str, timeout: float = 600) -> Any:
    """What ``module.function()`` returns when the sources run instead of the compiled
    modules; asserts that the subprocess really loaded nothing compiled."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, module, function],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, DAME_PURE="1"),
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr
    pure: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert pure["native"] == []  # the subprocess really ran the sources
    return pure["figures"]


def search_figures(
    pos: Position, runs: tuple[tuple[str, Limit, int], ...], seed: int
) -> dict[str, list[object]]:
    """Per (label, limit, noise) of ``runs``: the search's move, score, depth, node count
    and principal variation from ``pos``, as JSON-ready lists."""
    out: dict[str, list[object]] = {}
    for label, limit, noise in runs:
        result = search(pos, None, limit, noise=noise, seed=seed)
        out[label] = [
            result.move.full_text() if result.move else None,
            result.score,
            result.depth,
            result.nodes,
            [m.full_text() for m in result.pv],
        ]
    return out
