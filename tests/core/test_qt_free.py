"""The layers below the window run without Qt: a fresh interpreter that imports them (and
runs a little of each) has no PySide6 or shiboken6 module loaded."""

from __future__ import annotations

import importlib.util
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
    assert "PySide6.QtCore" in loaded_qt_modules("import dame_desktop.ui.words.texts")


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


def _all_modules(package: str) -> str:
    """Code that imports every module of ``package``."""
    return (
        "import importlib, pkgutil\n"
        f"import {package} as pkg\n"
        "for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    if not info.name.endswith('.__main__'):  # that one runs the command\n"
        "        importlib.import_module(info.name)\n"
    )


@pytest.mark.parametrize(
    "package",
    [
        "dame_desktop.core",
        "dame_desktop.pdn",
        "dame_desktop.ai",
        "dame_desktop.store",
        "dame_desktop.cli",
        "dame_desktop.engines",
    ],
)
def test_every_module_of_a_layer_is_qt_free(package: str) -> None:
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} does not exist yet")
    assert loaded_qt_modules(_all_modules(package)) == []


def test_the_layers_work_without_qt() -> None:
    """Not only importing: a search, a PDN round trip and the settings load stay Qt-free."""
    imports = (
        "import io, os, tempfile\n"
        "os.environ['DAME_CONFIG_DIR'] = tempfile.mkdtemp()\n"
        "from dame_desktop.core import Position, find_rules\n"
        "from dame_desktop.ai.search import Limit, search\n"
        "from dame_desktop.pdn import read_game, write_game\n"
        "from dame_desktop.store.settings import load_preferences\n"
        "rules = find_rules('german')\n"
        "assert search(Position.start(rules), rules, Limit(depth=2)).move is not None\n"
        "game = read_game(io.StringIO('1. 22-18 11-15 *'))\n"
        "assert '22-18' in write_game(game)\n"
        "load_preferences()\n"
    )
    assert loaded_qt_modules(imports) == []


def test_the_start_check_and_the_rules_change_are_qt_free() -> None:
    imports = (
        "import dame_desktop, dame_desktop.__main__\n"
        "from dame_desktop import qt_check\n"
        "qt_check.startup_problem({'QT_QPA_PLATFORM': 'offscreen'})\n"
        "from dame_desktop.core import Game, find_rules\n"
        "from dame_desktop.core.rules_change import rules_change\n"
        "rules_change(Game(find_rules('german')), find_rules('czech'))\n"
    )
    assert loaded_qt_modules(imports) == []
