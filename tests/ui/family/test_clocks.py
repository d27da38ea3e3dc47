"""The clocks panel: it runs, pauses and flags, driven by its QTimer and a time source the
test moves (no sleeps for the clock's own time)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QWidget

from dame_desktop.audio import NO_SOUND_ENV, Backend, SoundPlayer
from dame_desktop.core import Clock, Color, Game, Position, Reason, Result, TimeControl, find_rules
from dame_desktop.core.clock import ClockEventKind, PauseReason
from dame_desktop.ui.family.clocks import ClocksPanel
from dame_desktop.ui.family.sounds import GameSounds
from tests.ui.family.conftest import FakeTime

GERMAN = find_rules("german")
W, B = Color.WHITE, Color.BLACK


def panel_for(
    qtbot, fake_time: FakeTime, clock: Clock, sounds: GameSounds | None = None
) -> ClocksPanel:
    panel = ClocksPanel(time_source=fake_time, sounds=sounds)
    qtbot.addWidget(panel)
    panel.set_clock(clock, GERMAN, {W: "Anna", B: "Paul"})
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def test_the_running_clock_counts_down_and_is_marked(qtbot, fake_time) -> None:
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(300)))
    assert panel.isVisible()
    assert panel.face(W).name() == "Anna (Light)" and panel.face(B).name() == "Paul (Dark)"
    panel.start(W)
    assert panel.timer.isActive()
    fake_time.advance(1.5)
    qtbot.waitUntil(lambda: panel.face(W).time_text() == "4:58", timeout=10_000)
    assert panel.face(B).time_text() == "5:00"
    assert panel.face(W).is_running() and not panel.face(B).is_running()
    fake_time.advance(8.5)
    assert panel.press() == []
    assert panel.face(B).is_running() and not panel.face(W).is_running()
    assert panel.face(W).time_text() == "4:50"
    fake_time.advance(61)
    qtbot.waitUntil(lambda: panel.face(B).time_text() == "3:59", timeout=10_000)
    assert panel.face(W).time_text() == "4:50", "only the side to move loses time"


def test_pauses_stop_the_time_until_every_reason_is_lifted(qtbot, fake_time) -> None:
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(600)))
    panel.start(W)
    fake_time.advance(30)
    panel.pause(PauseReason.HUFF)
    assert panel.state_label.text() == "Clocks paused"
    assert not panel.face(W).is_running()
    fake_time.advance(500)
    qtbot.wait(250)  # a few real ticks go by while paused
    assert panel.face(W).time_text() == "9:30"
    dialog = QDialog()
    qtbot.addWidget(dialog)
    panel.pause(PauseReason.DIALOG)
    dialog.finished.connect(lambda _code: panel.resume(PauseReason.DIALOG))
    dialog.open()
    panel.resume(PauseReason.HUFF)
    fake_time.advance(100)
    qtbot.wait(250)
    assert panel.face(W).time_text() == "9:30", "the dialog still holds the clock"
    dialog.reject()
    fake_time.advance(10)
    qtbot.waitUntil(lambda: panel.face(W).time_text() == "9:20", timeout=10_000)
    assert panel.face(W).is_running() and panel.state_label.text() == ""
    panel.pause(PauseReason.DIALOG)
    fake_time.advance(45)
    panel.resume(PauseReason.DIALOG)
    assert panel.face(W).time_text() == "9:20"


def test_minimising_the_window_pauses_the_clock(qtbot, fake_time) -> None:
    top = QWidget()
    qtbot.addWidget(top)
    panel = ClocksPanel(top, time_source=fake_time)
    panel.set_clock(Clock(TimeControl(300)), GERMAN)
    panel.watch_window(top)
    top.show()
    panel.start(W)
    top.setWindowState(Qt.WindowState.WindowMinimized)
    qtbot.waitUntil(lambda: panel.clock is not None and panel.clock.paused, timeout=10_000)
    assert panel.clock is not None
    assert panel.clock.pause_reasons == {PauseReason.MINIMISED}
    fake_time.advance(100)
    top.setWindowState(Qt.WindowState.WindowNoState)
    qtbot.waitUntil(lambda: not panel.clock.paused, timeout=10_000)
    assert panel.clock.remaining(W, fake_time()) == 300


def test_the_flag_falls_and_the_game_is_lost_on_time(qtbot, fake_time) -> None:
    game = Game(GERMAN)
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(20)))
    panel.flagged.connect(lambda colour: game.time_out(colour))
    panel.start(game.position.turn)
    fake_time.advance(10.5)
    with qtbot.waitSignal(panel.low_time, timeout=10_000) as low:
        pass
    assert low.args == [W]
    qtbot.waitUntil(lambda: panel.face(W).is_low(), timeout=10_000)
    assert panel.face(W).time_text() == "9.5"
    fake_time.advance(10)
    with qtbot.waitSignal(panel.flagged, timeout=10_000) as flag:
        pass
    assert flag.args == [W]
    assert game.result == Result(B, Reason.TIME)
    assert panel.face(W).time_text() == "0.0"
    assert panel.state_label.text() == "Anna (Light): time is up"
    qtbot.waitUntil(lambda: not panel.timer.isActive(), timeout=10_000)
    assert panel.press() == [], "a stopped clock does nothing more"


def test_a_move_made_after_the_time_ran_out_is_a_flag(qtbot, fake_time) -> None:
    game = Game(GERMAN, Position.from_fen("W:W21,22,K30:BK4", GERMAN))
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(10)))
    panel.timer.stop()  # the move comes before the next tick
    panel.start(W)
    panel.timer.stop()
    fake_time.advance(12)
    events = panel.press()
    assert [e.kind for e in events] == [ClockEventKind.FLAG]
    assert game.time_out(events[0].colour) == Result(None, Reason.TIME), (
        "Black's lone king cannot win: a draw"
    )


def test_the_low_time_sound_is_played(
    qtbot, fake_time, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NO_SOUND_ENV, raising=False)
    log = tmp_path / "played.txt"
    script = tmp_path / "player.py"
    script.write_text(
        textwrap.dedent(f"""
        import sys
        with open({str(log)!r}, "a") as out:
            out.write(sys.argv[1] + "\\n")
    """),
        encoding="utf-8",
    )
    sounds = GameSounds(SoundPlayer(True, 100, backend=Backend("t", (sys.executable, str(script)))))
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(15)), sounds=sounds)
    panel.start(W)
    fake_time.advance(6)
    qtbot.waitUntil(lambda: log.exists() and "low-time.wav" in log.read_text(), timeout=10000)
    sounds.close()


def test_the_panel_saves_the_clock_for_the_autosave(qtbot, fake_time) -> None:
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(180, 2), TimeControl(600)))
    panel.start(W)
    fake_time.advance(20)
    panel.press()
    fake_time.advance(5)
    data = panel.to_dict()
    restored = Clock.from_dict(data, 0.0)
    assert restored.remaining(W, 0.0) == pytest.approx(162)
    assert restored.remaining(B, 0.0) == pytest.approx(595)
    again = ClocksPanel(time_source=fake_time)
    qtbot.addWidget(again)
    again.set_clock(Clock.from_dict(data, fake_time()), GERMAN)
    assert again.face(W).time_text() == "2:42" and again.face(B).time_text() == "9:55"


def test_no_clock_hides_the_panel_and_flipping_moves_the_clocks(qtbot, fake_time) -> None:
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(60)))
    assert panel.isVisible()
    panel.set_clock(Clock(TimeControl()), GERMAN)
    assert not panel.isVisible(), "a game without clocks shows none"
    panel.set_clock(None, GERMAN)
    assert not panel.isVisible()
    panel.set_clock(Clock(TimeControl(60)), GERMAN)
    assert panel.isVisible()
    layout = panel.layout()
    assert layout is not None
    assert layout.indexOf(panel.face(B)) < layout.indexOf(panel.face(W))
    panel.set_flipped(True)
    assert layout.indexOf(panel.face(W)) < layout.indexOf(panel.face(B))


def test_the_clocks_speak_german(qtbot, fake_time, german) -> None:
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(60)))
    assert panel.face(W).name() == "Anna (Hell)"
    panel.start(W)
    panel.pause(PauseReason.DIALOG)
    assert panel.state_label.text() == "Uhren angehalten"


def test_the_players_pause_their_clocks_for_a_break(qtbot, fake_time) -> None:
    panel = panel_for(qtbot, fake_time, Clock(TimeControl(300)))
    assert panel.pause_action.text() == "&Pause the clocks"
    panel.start(W)
    fake_time.advance(20)
    panel.pause_action.trigger()
    assert panel.clock is not None and panel.clock.pause_reasons == {PauseReason.USER}
    fake_time.advance(600)
    panel.pause_action.trigger()
    fake_time.advance(1)
    qtbot.waitUntil(lambda: panel.face(W).time_text() == "4:39", timeout=10_000)
    assert panel.remaining(W) == pytest.approx(279)
    assert panel.remaining(B) == pytest.approx(300)
    panel.pause_action.trigger()
    panel.set_clock(Clock(TimeControl(60)), GERMAN)  # a new game: no pause carried over
    assert not panel.pause_action.isChecked()
    panel.start(W)
    assert panel.clock is not None and not panel.clock.paused
    panel.stop()
    assert not panel.pause_action.isEnabled()
