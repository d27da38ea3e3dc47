"""The PDN package runs without Qt: importing and using it loads no PySide6 module."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import io, json, sys
import dame_desktop.pdn as pdn
game = pdn.read_game(io.StringIO('1. 11-15 23-19 *'))
pdn.write_game(game)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6"))))
"""


def test_pdn_is_qt_free() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
