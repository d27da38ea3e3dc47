"""The --smoke-test logic (dame_desktop/ui/smoke.py), run as the bundle would run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "packaging" / "smoke" / "sample.pdn"


def _smoke(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "dame_desktop.ui.app.smoke", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


@pytest.mark.slow
def test_smoke_test_passes_with_the_sample_game() -> None:
    result = _smoke(str(SAMPLE))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "smoke: open the main window: ok" in out
    assert "sample.pdn: 9 plies read" in out
    # the computer moved for White from the position after 5. 6-10
    assert "smoke: computer move: ok" in out and "in W:W14,19,24" in out
    assert "smoke: passed" in out


@pytest.mark.slow
def test_smoke_test_names_a_missing_file() -> None:
    result = _smoke("no-such-game.pdn")
    assert result.returncode == 1
    assert "smoke test failed: read the PDN file: no such file: no-such-game.pdn" in result.stderr
    assert "smoke: passed" not in result.stdout


def test_smoke_test_rejects_a_broken_game(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdn"
    broken.write_text('[GameType "21"]\n1. 11-15 11-15 *\n', encoding="utf-8")
    result = _smoke(str(broken))
    assert result.returncode == 1
    assert "smoke test failed: read the PDN file" in result.stderr
