"""The worker keeps the engine's tables from one move to the next (levels without noise)."""

from __future__ import annotations

import dataclasses
import threading

from dame_desktop.ai import BEGINNER, HARD, Limit
from dame_desktop.core import Position, find_rules
from dame_desktop.ui.ai_worker import AiWorker, EngineAnswer, MoveAnswer, MoveRequest

# Hard's search to a fixed depth, not for a time: the same tables however busy the machine
DEEP = dataclasses.replace(HARD, limit=Limit(depth=6), clock=False)


def run(worker: AiWorker, request: MoveRequest) -> None:
    """Answer ``request`` in this thread, as the worker's own thread would."""
    worker.run(request.id, request, threading.Event())


def test_worker_keeps_the_table_for_hard_and_not_for_noisy_levels(qapp) -> None:
    worker = AiWorker()
    answers: list[EngineAnswer] = []
    worker.answered.connect(lambda _id, answer: answers.append(answer))
    pos = Position.start(find_rules("german"))
    # the book off: this is about the search tables (the start position is in the book)
    run(worker, MoveRequest(id=1, position=pos, level=DEEP, book=False))
    first = answers[0]
    assert len(answers) == 1 and isinstance(first, MoveAnswer)
    assert first.result.move in pos.legal_moves()
    table = worker.memory.tt
    assert len(table) > 100
    after = pos.play(first.result.move)
    reply = after.legal_moves()[0]
    run(worker, MoveRequest(id=2, position=after.play(reply), level=DEEP, book=False))
    assert worker.memory.tt is table  # the second search went on from the first one's table
    size = len(table)
    run(worker, MoveRequest(id=3, position=pos, level=BEGINNER, seed=5))
    assert len(answers) == 3
    assert worker.memory.tt is table and len(table) == size  # noise: its own fresh tables
