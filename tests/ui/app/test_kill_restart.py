"""A clocked game survives SIGKILL at any moment: the real program is killed while it plays
(between moves, inside an autosave, while a clock runs), started again, and every move and
the clocks' times are back (tests/ui/kill_restart.py says what is checked;
bench/ui_kill_restart.py runs many kills)."""

from __future__ import annotations

import pytest

from dame_desktop.store.settings import Preferences, save_preferences
from tests.ui.kill_restart import check_restored, check_saved, play_and_kill


@pytest.mark.slow
def test_a_clocked_game_killed_twice_comes_back_each_time(tmp_path):
    save_preferences(
        Preferences(
            language="en", opponent="human", animate=False, clock_white="300", clock_black="180+2"
        ),
        tmp_path,
    )
    first = play_and_kill(tmp_path, plies=8, kill_after=3, delay=0.3, seed=1, pause_ms=400)
    assert first.restored is not None and first.restored["moves"] == []
    assert len(first.reports) >= 3
    assert check_saved(first) == []
    # killed right after a move: the next move may be on its way into the autosave
    second = play_and_kill(tmp_path, plies=8, kill_after=2, delay=0.0, seed=2, pause_ms=20)
    assert check_restored(first, second) == []
    assert second.restored is not None and len(second.restored["moves"]) >= 3
    assert check_saved(second) == []
    third = play_and_kill(tmp_path, plies=1, kill_after=0, delay=0.0, seed=3, pause_ms=0)
    assert check_restored(second, third) == []
    assert third.restored is not None
    assert len(third.restored["moves"]) >= len(second.restored["moves"]) + 2
