"""The engine worker thread: typed answers, request ids, cancelling, the same moves as the AI."""

from __future__ import annotations

import random
import time

from dame_desktop.ai import BEGINNER, MEDIUM, choose_move
from dame_desktop.ai.advice import answer_draw_offer
from dame_desktop.core import Position, find_rules
from dame_desktop.ui.ai_worker import (
    AiClient,
    DrawReply,
    DrawRequest,
    HintAnswer,
    HintRequest,
    MoveAnswer,
    MoveRequest,
)

MIDGAME = "W:W18,21,22,23,25,26,27,28,29,30,31:B1,2,3,4,6,7,8,9,10,11,12,14"


def test_worker_plays_what_choose_move_plays(qtbot):
    client = AiClient()
    try:
        position = Position.from_fen(MIDGAME, find_rules("german"))
        for level, seed in ((BEGINNER, 11), (MEDIUM, 5)):
            with qtbot.waitSignal(client.answered, timeout=60_000) as blocker:
                request = client.submit(MoveRequest(position=position, level=level, seed=seed))
            answer = blocker.args[0]
            assert isinstance(answer, MoveAnswer) and answer.request == request.request
            assert answer.request.position == position and request.id > 0
            direct = choose_move(position, level, random.Random(seed)).move
            assert answer.result.move == direct, level.key
    finally:
        assert client.close()


def test_a_draw_offer_is_answered_as_the_advice_says(qtbot):
    client = AiClient()
    try:
        position = Position.from_fen("W:W21,22,23,24,25,26,27,28:B1,2,3", find_rules("german"))
        with qtbot.waitSignal(client.answered, timeout=60_000) as blocker:
            client.submit(
                DrawRequest(position=position, engine=position.turn.opponent, movetime=0.2)
            )
        answer = blocker.args[0]
        assert isinstance(answer, DrawReply) and answer.request.position == position
        direct = answer_draw_offer(position, engine=position.turn.opponent)
        assert (answer.answer.accept, answer.answer.reason) == (direct.accept, direct.reason)
    finally:
        assert client.close()


def test_cancelled_requests_are_dropped_and_the_thread_stops(qtbot):
    client = AiClient()
    answers: list[HintAnswer] = []
    client.answered.connect(answers.append)
    position = Position.start(find_rules("german"))
    first = client.submit(HintRequest(position=position, movetime=20.0))
    second = client.submit(HintRequest(position=position, movetime=0.05))
    assert first.id != second.id
    first.cancel()
    with qtbot.waitSignal(client.answered, timeout=60_000) as blocker:
        pass
    answer = blocker.args[0]
    assert isinstance(answer, HintAnswer) and answer.request == second.request
    assert [a.request for a in answers] == [second.request], "the cancelled answer never arrives"
    started = time.perf_counter()
    client.submit(MoveRequest(position=position, level=MEDIUM, movetime=1200.0))
    assert client.close()
    # stopped, not waited for (twenty minutes), by a margin no loaded machine closes
    assert time.perf_counter() - started < 300.0
    assert client.worker_thread.isFinished()


def test_hard_opens_from_the_book_unless_it_is_switched_off(qtbot):
    """Hard and Master answer the start position from the opening book (no search: depth 0,
    no nodes) when the request allows it; with the book off they search."""
    from dame_desktop.ai import HARD

    client = AiClient()
    try:
        position = Position.start(find_rules("english"))
        for book, game in ((True, 1), (False, 2)):
            with qtbot.waitSignal(client.answered, timeout=60_000) as blocker:
                client.submit(
                    MoveRequest(
                        position=position,
                        level=HARD,
                        seed=3,
                        game_key=game,
                        book=book,
                        movetime=0.2,
                    )
                )
            answer = blocker.args[0]
            assert isinstance(answer, MoveAnswer)
            assert answer.result.move in position.legal_moves()
            if book:
                assert answer.result.nodes == 0 and answer.result.depth == 0, "a book move"
            else:
                assert answer.result.nodes > 0, "searched"
    finally:
        assert client.close()
