"""The session's preference listeners let go of the window when it shuts down.

With the analysis and explorer panels open, the window's shutdown (then the program's exit,
which destroys the window and hides its docks) and closing the window used to tell the
session "the panel was closed": it saved the panels as off and applied that to actions
already deleted ("Internal C++ object already deleted" printed at exit).  The exit runs in a
real subprocess, since the error happens when the interpreter ends.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from dame_desktop.store.settings import load_preferences
from dame_desktop.ui.app.start import open_main_window

ROOT = Path(__file__).resolve().parents[3]

EXIT_AFTER_SHUTDOWN = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from dame_desktop.ui.app.start import open_main_window
session, window = open_main_window(app)
app.processEvents()
for name in ("analysis", "explorer"):
    window.actions_table[name].trigger()
app.processEvents()
window.shutdown()
if sys.argv[1] == "quit":
    app.quit()
print("shut down", flush=True)
"""


@pytest.mark.parametrize("how", ["exit", "quit"])
def test_exit_after_shutdown_keeps_the_panels_and_prints_no_error(tmp_path: Path, how: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DAME_CONFIG_DIR=str(tmp_path))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", EXIT_AFTER_SHUTDOWN, how],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0 and done.stdout.strip() == "shut down", done.stderr
    assert "Traceback" not in done.stderr and "already deleted" not in done.stderr, done.stderr
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["analysis_panel"] is True and saved["explorer_panel"] is True


def test_closing_the_window_keeps_the_open_panels_for_the_next_start(qtbot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    session, window = open_main_window(app)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    for name in ("analysis", "explorer"):
        window.actions_table[name].trigger()
        assert window.actions_table[name].isChecked()
    window.close()  # as the title bar's close button does
    window.shutdown()
    prefs = load_preferences().value
    assert prefs.analysis_panel and prefs.explorer_panel
    assert session.prefs.analysis_panel and session.prefs.explorer_panel
    # the dock's own close button still closes the panel, and that is remembered
    again, second = open_main_window(app)
    qtbot.addWidget(second)
    qtbot.waitExposed(second)
    assert second.actions_table["analysis"].isChecked()
    second.analysis.dock.close()
    assert not second.actions_table["analysis"].isChecked()
    assert not again.prefs.analysis_panel and not load_preferences().value.analysis_panel
    second.shutdown()
