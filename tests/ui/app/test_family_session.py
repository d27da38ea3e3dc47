"""The clocks survive a crash: a clocked hot-seat game is played in a real program through
mouse clicks, the program is killed with SIGKILL, and the next start continues the game
with both clocks as they were after the last move."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from dame_desktop.core import Color
from dame_desktop.store.autosave import load_autosave
from dame_desktop.store.settings import Preferences, save_preferences
from tests.ui.app.test_session import DRIVER, answer_box, start_program  # noqa: F401


def test_a_killed_clocked_game_comes_back_with_its_clocks(start_program, tmp_path):  # noqa: F811
    save_preferences(
        Preferences(
            language="en", opponent="human", animate=False, clock_white="300", clock_black="600+5"
        ),
        tmp_path,
    )
    # the clock runs on; only what was saved after the move counts
    _play_then_kill(tmp_path, 4, 1.0)
    saved = load_autosave()
    assert saved.meta is not None
    record = saved.meta.player
    assert isinstance(record.get("clock"), dict), record
    assert len(record.get("clk", [])) == 4

    seen: list[str] = []
    answer_box("continueGameBox", "continueButton", seen)
    _session, window = start_program()
    assert len(window.controller.game.moves) == 4
    panel = window.clocks.panel
    clock = panel.clock
    assert clock is not None and panel.isVisible()
    assert clock.controls[Color.WHITE].text() == "300"
    assert clock.controls[Color.BLACK].text() == "600+5"
    assert clock.running is Color.WHITE
    white, black = panel.remaining(Color.WHITE), panel.remaining(Color.BLACK)
    assert 240 < white < 300, white  # what was left, not a fresh 5 minutes
    assert 605 < black <= 620, black  # two increments of 5 s were earned: not a fresh clock
    assert window.clocks.clk[:4] == record["clk"]
    record_pdn = window.played_game()
    assert record_pdn.headers["TimeControlWhite"] == "300"
    assert record_pdn.headers["TimeControlBlack"] == "600+5"


def _play_then_kill(tmp_path, plies: int, wait: float) -> None:
    """Run the real program, let the driver play ``plies`` by clicks, wait ``wait`` seconds
    with the clock running, then SIGKILL it (no closing, no saving on exit)."""
    env = dict(os.environ, DAME_CONFIG_DIR=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), str(plies)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline and not line.startswith(("PLAYED", "FAILED")):
            line = proc.stdout.readline()
            if not line and proc.poll() is not None:
                break
        assert line.startswith("PLAYED"), f"the driver said {line!r}"
        time.sleep(wait)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.slow
def test_a_killed_clock_loses_a_few_seconds_at_most(start_program, tmp_path):  # noqa: F811
    """The clock runs on after the last move; the autosave follows it every few seconds,
    so after SIGKILL the restored clock has what was left a few seconds before the kill,
    not what was left at the last move."""
    save_preferences(
        Preferences(
            language="en", opponent="human", animate=False, clock_white="300", clock_black="300"
        ),
        tmp_path,
    )
    began = time.monotonic()
    _play_then_kill(tmp_path, 4, wait=8.0)
    waited = time.monotonic() - began
    saved = load_autosave()
    assert saved.meta is not None
    record = saved.meta.player
    clk = record["clk"]
    clock = record["clock"]
    assert isinstance(clk, list) and isinstance(clock, dict)
    at_last_move = clk[2]  # Light's time after its second move; Dark answered at once
    kept = clock["white"]["remaining"]
    assert clock["running"] == "W"
    # 8 s ran on Light's clock before the kill: at most CHECKPOINT_SECONDS (5) are lost
    assert kept <= at_last_move - 2.5, (kept, at_last_move)
    assert kept >= at_last_move - waited - 1, (kept, at_last_move, waited)

    seen: list[str] = []
    answer_box("continueGameBox", "continueButton", seen)
    _session, window = start_program()
    panel = window.clocks.panel
    assert panel.clock is not None and panel.clock.running is Color.WHITE
    assert kept - 2 < panel.remaining(Color.WHITE) <= kept
    assert (
        panel.remaining(Color.BLACK) == clock["black"]["remaining"]
        or abs(panel.remaining(Color.BLACK) - clock["black"]["remaining"]) < 0.01
    )


def test_closing_saves_the_clocks_as_they_are(start_program, tmp_path, qtbot):  # noqa: F811
    from tests.ui.uihelp import drag

    save_preferences(
        Preferences(
            language="en", opponent="human", animate=False, clock_white="300", clock_black="300"
        ),
        tmp_path,
    )
    _session, window = start_program()
    drag(window.board, 22, 18)
    drag(window.board, 9, 13)
    qtbot.wait(1500)  # less than a checkpoint: only the close saves this
    left = window.clocks.panel.remaining(Color.WHITE)
    assert left < 299.0
    window.close()
    saved = load_autosave()
    assert saved.meta is not None
    clock = saved.meta.player["clock"]
    assert isinstance(clock, dict)
    assert clock["stopped"] is False, "a closed game goes on when it is continued"
    assert clock["running"] == "W"
    assert abs(clock["white"]["remaining"] - left) < 0.3


def test_a_pause_saves_the_clocks_at_once(start_program, tmp_path, qtbot):  # noqa: F811
    from tests.ui.uihelp import drag

    save_preferences(
        Preferences(
            language="en", opponent="human", animate=False, clock_white="300", clock_black="300"
        ),
        tmp_path,
    )
    _session, window = start_program()
    drag(window.board, 22, 18)
    qtbot.wait(1500)
    panel = window.clocks.panel
    panel.pause_action.trigger()
    left = panel.remaining(Color.BLACK)
    saved = load_autosave()
    assert saved.meta is not None
    clock = saved.meta.player["clock"]
    assert isinstance(clock, dict)
    assert abs(clock["black"]["remaining"] - left) < 0.01, (clock, left)


def test_the_preferences_switch_sound_and_notation_at_once(start_program, tmp_path):  # noqa: F811
    from dame_desktop.ui.words.notation import Notation
    from tests.ui.uihelp import drag

    save_preferences(Preferences(language="en", opponent="human", animate=False), tmp_path)
    session, window = start_program()
    drag(window.board, 22, 18)
    assert [e.text for e in window.model.entries()] == ["22-18"]
    window.action("preferences").trigger()
    dialog = session.preferences_dialog
    assert dialog is not None
    dialog.sound_check.click()
    dialog.volume_spin.setValue(35)
    box = dialog.notation_box
    box.setCurrentIndex(box.findData(Notation.COORDINATES.value))
    assert window.family.sounds.player.enabled and window.family.sounds.player.volume == 35
    assert [e.text for e in window.model.entries()] == ["c3-d4"], "applied at once"
    assert session.prefs.notation == "coordinates" and session.prefs.sound
    dialog.close()
