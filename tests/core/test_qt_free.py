"""The rules core and the ``dame`` command run without Qt: no PySide6 module gets loaded."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
{imports}
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6"))
print(json.dumps(qt))
"""


def loaded_qt_modules(imports: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(imports=imports)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_probe_can_see_qt() -> None:
    # the probe itself must be able to fail: importing PySide6 shows up
    pytest.importorskip("PySide6.QtCore")
    assert "PySide6.QtCore" in loaded_qt_modules("import PySide6.QtCore")


def test_core_is_qt_free() -> None:
    assert loaded_qt_modules("import dame_desktop.core") == []


def test_cli_is_qt_free() -> None:
    # build the parser too: it registers the PDN and engine subcommands when present
    imports = (
        "import contextlib, io\n"
        "import dame_desktop.cli.command as cli\n"
        "cli.build_parser()\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    cli.main(['perft', '--depth', '2'])"
    )
    assert loaded_qt_modules(imports) == []
