"""The program's start: what the first paint loads, and the engine waiting for that paint."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from dame_desktop.core import Color, find_rules
from dame_desktop.ui.app.start import EngineAfterFirstPaint
from dame_desktop.ui.dialogs.game_settings import NewGameSettings

ROOT = Path(__file__).resolve().parents[3]

# Started the way dame-desktop starts; at the board's first paint the child lists the
# program's modules loaded so far and quits.
CHILD = r"""
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

app = QApplication(sys.argv[:1])
seen = []

class FirstBoardPaint(QObject):
    def eventFilter(self, obj, event):
        if (not seen and event.type() == QEvent.Type.Paint
                and type(obj).__name__ == "BoardWidget"):
            seen.append(sorted(m for m in sys.modules if m.startswith("dame_desktop")))
            QTimer.singleShot(0, app.quit)
        return False

spy = FirstBoardPaint()
app.installEventFilter(spy)
from dame_desktop.ui.app.start import main
main(["dame-desktop"])
print("MODULES", json.dumps(seen[0] if seen else None))
"""

# What the first paint does not need: the PDN reader and tree, the search and the engines,
# the analysis panel, the study's views, the dialogs.  Each loads when it is first used.
NOT_AT_START = (
    "dame_desktop.pdn.reader",
    "dame_desktop.pdn.tree",
    "dame_desktop.pdn.document",
    "dame_desktop.pdn.writer",
    "dame_desktop.ai.search",
    "dame_desktop.ai.advice",
    "dame_desktop.ai.evaluate",
    "dame_desktop.ai.egtb",
    "dame_desktop.ai.book",
    "dame_desktop.engines.base",
    "dame_desktop.engines.hub",
    "dame_desktop.engines.review",
    "dame_desktop.engines.builtin",
    "dame_desktop.engines.batch",
    "dame_desktop.store.scores",
    "dame_desktop.ui.analysis.panel",
    "dame_desktop.ui.analysis.runner",
    "dame_desktop.ui.analysis.analyse_dialog",
    "dame_desktop.ui.analysis.jobs",
    "dame_desktop.ui.study.move_tree",
    "dame_desktop.ui.study.annotation",
    "dame_desktop.ui.study.setup_editor",
    "dame_desktop.ui.study.game_list",
    "dame_desktop.ui.dialogs.new_game",
    "dame_desktop.ui.dialogs.rules",
    "dame_desktop.ui.dialogs.preferences",
    "dame_desktop.ui.dialogs.help",
    "dame_desktop.ui.dialogs.problems",
    "dame_desktop.ui.family.scores",
)


def test_the_first_paint_loads_only_what_it_shows(tmp_path):
    env = dict(
        os.environ, QT_QPA_PLATFORM="offscreen", DAME_CONFIG_DIR=str(tmp_path), DAME_NO_SOUND="1"
    )
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("MODULES ")]
    assert done.returncode == 0 and lines, done.stderr[-3000:]
    loaded = json.loads(lines[-1].split(" ", 1)[1])
    assert loaded, "the board was painted"
    assert "dame_desktop.ui.app.main_window" in loaded and "dame_desktop.core" in loaded
    assert sorted(set(NOT_AT_START) & set(loaded)) == []


def test_the_computers_first_move_waits_for_the_first_paint(window, qtbot):
    """The computer has the first move: its request is held until the board has painted,
    then it plays."""
    rules = find_rules("german")
    EngineAfterFirstPaint(window)
    held = window.client._lane._held
    assert held == []
    human: Color = rules.first.opponent  # the computer moves first
    window.play.start_game(NewGameSettings(True, "beginner", human, rules, "", ""))
    assert window.client.busy() and len(held) == 1  # asked, not sent: nothing painted yet
    with qtbot.waitSignal(window.controller.move_played, timeout=60_000):
        window.show()  # the first paint sends it
    assert window.client._lane._held is None
    assert len(window.controller.game.moves) == 1


def test_the_clocks_pause_command_speaks_german(window, german) -> None:
    """Game › Pause the clocks moved to the clock controller: its words (a translation
    context of their own) are still German."""
    window.retranslate_ui()
    action = window.action("pauseClocks")
    assert action.text() == "Uhren an&halten"
    assert action.toolTip().startswith("Beide Uhren")
