"""The window's one engine thread: play's requests and the analysis panel's lines share it,
and a running analysis gives way to every other request, then goes on."""

from __future__ import annotations

from dame_desktop.ai import BEGINNER
from dame_desktop.core import Position, find_rules
from dame_desktop.ui.ai_worker import AiClient, HintAnswer, HintRequest, MoveAnswer, MoveRequest
from dame_desktop.ui.analysis import AnalysisRunner, AnalysisUpdate

from .analysis.helpers import midgame


def test_the_analysis_gives_way_to_a_move_and_goes_on_after_it(qtbot) -> None:
    client = AiClient()
    runner = AnalysisRunner(lane=client.lane)
    assert runner.worker_thread is client.worker_thread  # one thread
    try:
        updates: list[AnalysisUpdate] = []
        runner.updated.connect(updates.append)
        with qtbot.waitSignal(runner.updated, timeout=60_000):
            # no time limit: it would run until stopped, so the move below is answered only
            # because the analysis gives way to it
            analysis_id = runner.start(midgame(), max_seconds=None)
        position = Position.start(find_rules("german"))
        with qtbot.waitSignal(client.answered, timeout=60_000) as blocker:
            client.submit(MoveRequest(position=position, level=BEGINNER, seed=3))
        assert isinstance(blocker.args[0], MoveAnswer)
        assert blocker.args[0].result.move in position.legal_moves()
        assert runner.is_running() and runner.current_id == analysis_id  # the same request
        before = len(updates)
        with qtbot.waitSignal(runner.updated, timeout=60_000):
            pass  # it goes on after the move
        assert updates[before].request_id == analysis_id
        assert updates[before].position == midgame()
        # play's own housekeeping leaves the analysis alone
        client.cancel_all()
        assert runner.is_running() and not client.busy()
    finally:
        runner.close()  # the shared thread is the client's: it goes on
        assert not client.worker_thread.isFinished()
        assert client.close()
    assert client.worker_thread.isFinished()


def test_requests_of_play_keep_their_order_around_a_running_analysis(qtbot) -> None:
    client = AiClient()
    runner = AnalysisRunner(lane=client.lane)
    try:
        got: list[object] = []
        client.answered.connect(got.append)
        with qtbot.waitSignal(runner.updated, timeout=60_000):
            runner.start(midgame(), max_seconds=None)
        position = Position.start(find_rules("german"))
        client.submit(HintRequest(position=position, movetime=0.05))
        with qtbot.waitSignal(
            client.answered, timeout=60_000, check_params_cb=lambda a: isinstance(a, MoveAnswer)
        ):
            client.submit(MoveRequest(position=position, level=BEGINNER, seed=1))
        assert [type(a) for a in got] == [HintAnswer, MoveAnswer]
        assert runner.is_running()
    finally:
        runner.close()
        assert client.close()
