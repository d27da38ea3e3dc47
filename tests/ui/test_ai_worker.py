"""The engine worker thread: answers, request ids, cancelling, and the same moves as the AI."""

from __future__ import annotations

import random
import time

from dame_desktop.ai import BEGINNER, MEDIUM, choose_move
from dame_desktop.core import Position, find_rules
from dame_desktop.ui.ai_worker import AiClient

MIDGAME = "W:W18,21,22,23,25,26,27,28,29,30,31:B1,2,3,4,6,7,8,9,10,11,12,14"


def test_worker_plays_what_choose_move_plays(qtbot):
    client = AiClient()
    try:
        position = Position.from_fen(MIDGAME, find_rules("german"))
        for level, seed in ((BEGINNER, 11), (MEDIUM, 5)):
            with qtbot.waitSignal(client.answered, timeout=10_000) as blocker:
                client.submit("move", position, level=level, seed=seed)
            worker_move = blocker.args[0].value.move
            direct = choose_move(position, level, random.Random(seed)).move
            assert worker_move == direct, level.key
    finally:
        assert client.close()


def test_cancelled_requests_are_dropped_and_the_thread_stops(qtbot):
    client = AiClient()
    answers: list[object] = []
    client.answered.connect(answers.append)
    position = Position.start(find_rules("german"))
    first = client.submit("hint", position, movetime=20.0)
    second = client.submit("hint", position, movetime=0.05)
    assert first != second
    client.cancel(first)
    with qtbot.waitSignal(client.answered, timeout=10_000) as blocker:
        pass
    assert blocker.args[0].request.id == second
    assert [a.request.id for a in answers] == [second], "the cancelled answer never arrives"
    started = time.perf_counter()
    client.submit("move", position, level=MEDIUM, movetime=30.0)
    assert client.close()
    assert time.perf_counter() - started < 2.0
    assert client.worker_thread.isFinished()
