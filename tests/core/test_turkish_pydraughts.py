"""Turkish legal moves against pydraughts' on random play (skipped where pydraughts is absent).

The comparison itself is bench/turkish_vs_pydraughts.py (which also runs longer samples);
here a few games from each of its start positions must show no mismatch.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "turkish_vs_pydraughts.py"


def _bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    # the bench imports its neighbour bench/_smoke.py, as it does when run as a script
    monkeypatch.syspath_prepend(str(BENCH.parent))
    spec = importlib.util.spec_from_file_location("turkish_vs_pydraughts", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_turkish_moves_agree_with_pydraughts(monkeypatch: pytest.MonkeyPatch) -> None:
    draughts = pytest.importorskip("draughts", reason="pydraughts is not installed")
    try:
        draughts.Board(variant="turkish")
    except Exception as exc:  # another package called draughts (py-draughts)
        pytest.skip(f"the installed 'draughts' is not pydraughts with Turkish: {exc}")
    tally = _bench(monkeypatch).compare(games=2, plies=120, seed=11)
    assert tally["positions"] > 100 and tally["captures"] > 10
    assert tally["mismatches"] == 0
