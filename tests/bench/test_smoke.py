"""Every bench script still runs: ``python bench/NAME.py --smoke`` exits 0 in seconds.

The list is every ``bench/*.py`` that is not a helper module (``_*.py``), found at run time,
so a new bench is covered as soon as it is added -- and fails here until it has ``--smoke``
(see bench/_smoke.py).  A bench whose peer (py-draughts, dame-rs) or corpus file is absent
says what it skips and still runs our side; nothing is skipped here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHES = sorted(p.name for p in (ROOT / "bench").glob("*.py") if not p.name.startswith("_"))


def test_the_benches_are_found() -> None:
    assert len(BENCHES) >= 18 and "ui_open_oca.py" in BENCHES


@pytest.mark.slow  # an interpreter each, some with a window; 1-10 s
@pytest.mark.parametrize("name", BENCHES)
def test_the_bench_runs_in_its_smoke_mode(name: str, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "DAME_NO_SOUND": "1",
        "DAME_CONFIG_DIR": str(tmp_path / "config"),
        "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))),
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / name), "--smoke"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=900,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, (
        f"{name} --smoke: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    assert "smoke run" in done.stdout, "the bench ignored --smoke"
