"""The worker keeps the engine's tables from one move to the next (levels without noise)."""

from __future__ import annotations

from dame_desktop.ai import BEGINNER, HARD
from dame_desktop.core import Position, find_rules
from dame_desktop.ui.ai_worker import AiAnswer, AiRequest, AiWorker


def test_worker_keeps_the_table_for_hard_and_not_for_noisy_levels(qapp) -> None:  # type: ignore[no-untyped-def]
    worker = AiWorker()
    answers: list[AiAnswer] = []
    worker.answered.connect(answers.append)
    pos = Position.start(find_rules("german"))
    worker.run(AiRequest(1, "move", pos, HARD, movetime=0.3))
    assert len(answers) == 1 and answers[0].value.move in pos.legal_moves()
    table = worker.memory.tt
    assert len(table) > 100
    after = pos.play(answers[0].value.move)
    reply = after.legal_moves()[0]
    worker.run(AiRequest(2, "move", after.play(reply), HARD, movetime=0.3))
    assert worker.memory.tt is table  # the second search went on from the first one's table
    size = len(table)
    worker.run(AiRequest(3, "move", pos, BEGINNER, seed=5))
    assert len(answers) == 3
    assert worker.memory.tt is table and len(table) == size  # noise: its own fresh tables
