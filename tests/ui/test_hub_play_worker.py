"""The AI thread with an external engine: moves and hints from `dame hub` and from fake engines
that crash, hang, send an illegal move or garbage -- real processes, the real worker thread."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from dame_desktop.ai import BEGINNER, HARD
from dame_desktop.core import Position, find_rules
from dame_desktop.ui.ai_worker import (
    AiClient,
    EngineAnswer,
    HintAnswer,
    HintRequest,
    MoveAnswer,
    MoveRequest,
)
from tests.engines.helpers import assert_gone, needs_proc

ENGINES = Path(__file__).resolve().parents[1] / "data" / "engines"
INTERNATIONAL = find_rules("international")
GERMAN = find_rules("german")
ENGLISH = find_rules("english")


@pytest.fixture(autouse=True)
def _engine_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The launchers under tests/data/engines run this interpreter."""
    monkeypatch.setenv("DAME_TEST_PYTHON", sys.executable)


def launcher(name: str) -> str:
    path = ENGINES / name
    assert os.access(path, os.X_OK), f"{path} must be executable"
    return str(path)


def started(client: AiClient, qtbot, name: str) -> int:
    """Choose the engine ``name`` and wait until it has shaken hands; its pid."""
    with qtbot.waitSignal(client.external_ready, timeout=60_000):
        assert client.set_external_engine(launcher(name))
    pid = client.external_pid
    assert pid is not None
    return pid


def ask(
    client: AiClient, qtbot, request: MoveRequest | HintRequest, timeout: int = 60_000
) -> EngineAnswer:
    got: list[EngineAnswer] = []
    client.answered.connect(got.append)
    try:
        submitted = client.submit(request)
        qtbot.waitUntil(lambda: any(a.request.id == submitted.id for a in got), timeout=timeout)
    finally:
        client.answered.disconnect(got.append)
    return next(a for a in got if a.request.id == submitted.id)


def test_moves_and_hints_come_from_dame_hub_where_it_plays_the_rules(qtbot) -> None:
    client = AiClient()
    try:
        pid = started(client, qtbot, "dame-hub")
        info = client.external_info
        assert info is not None and info.name == "Dame" and info.version
        title = info.title
        assert title == f"Dame {info.version}"
        assert client.external_title(GERMAN) == title  # dame hub plays every rule set
        start = Position.start(GERMAN)
        move = ask(client, qtbot, MoveRequest(position=start, level=BEGINNER, game_key=1))
        assert isinstance(move, MoveAnswer) and move.engine == title
        assert move.result.move in start.legal_moves()
        hint = ask(client, qtbot, HintRequest(position=start, movetime=0.2))
        assert isinstance(hint, HintAnswer) and hint.engine == title
        assert hint.result.move in start.legal_moves()
        assert client.external_pid == pid  # one process for the session
    finally:
        assert client.close()
    assert_gone(pid)  # closing quits and reaps the engine


@needs_proc
def test_rules_the_engine_does_not_declare_are_the_builtin_engines(qtbot) -> None:
    client = AiClient()
    try:
        started(client, qtbot, "fake-illegal")  # declares International ("normal") only
        assert client.external_title(ENGLISH) == ""
        position = Position.start(ENGLISH)
        answer = ask(client, qtbot, MoveRequest(position=position, level=BEGINNER))
        assert isinstance(answer, MoveAnswer) and answer.engine == ""
        assert answer.result.move in position.legal_moves()
        assert not client.external_broken  # never asked: it did not fail
    finally:
        assert client.close()


@needs_proc
@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("fake-crash", "quit during the search"),
        ("fake-hang", "did not answer within"),
        ("fake-illegal", "illegal move '32-23'"),
        ("fake-garbage", "garbled line"),
    ],
)
def test_a_failing_engine_is_stopped_once_and_the_builtin_engine_answers(qtbot, name, what) -> None:
    client = AiClient()
    failures: list[str] = []
    client.external_failed.connect(lambda fault: failures.append(fault.text()))
    try:
        pid = started(client, qtbot, name)
        start = Position.start(INTERNATIONAL)
        # the level's half second, then the margin: a hanging engine is killed within seconds
        answer = ask(client, qtbot, MoveRequest(position=start, level=BEGINNER, game_key=1))
        assert isinstance(answer, MoveAnswer) and answer.engine == ""
        assert answer.result.move in start.legal_moves()  # the built-in engine played
        assert len(failures) == 1 and what in failures[0] and "Fake" in failures[0]
        assert "\n" not in failures[0]
        assert client.external_broken and client.external_title(INTERNATIONAL) == ""
        assert client.external_pid is None
        assert_gone(pid)  # stopped and reaped: no zombie
        # the rest of the session: the built-in engine, without a second message
        after = start.play(answer.result.move)
        hint = ask(client, qtbot, HintRequest(position=after, movetime=0.1))
        assert isinstance(hint, HintAnswer) and hint.engine == ""
        assert hint.result.move in after.legal_moves()
        assert len(failures) == 1
        # choosing an engine anew tries it again
        assert client.set_external_engine("")
        again = started(client, qtbot, name)
        assert again != pid and not client.external_broken
    finally:
        assert client.close()


def test_an_engine_that_cannot_start_is_said_once(qtbot, tmp_path) -> None:
    client = AiClient()
    try:
        with qtbot.waitSignal(client.external_failed, timeout=60_000) as blocker:
            client.set_external_engine(str(tmp_path / "gone"))
        assert "cannot start the engine" in blocker.args[0].text()
        assert not client.set_external_engine(str(tmp_path / "gone"))  # the same choice
        position = Position.start(INTERNATIONAL)
        answer = ask(client, qtbot, HintRequest(position=position, movetime=0.1))
        assert isinstance(answer, HintAnswer) and answer.engine == ""
    finally:
        assert client.close()


def test_a_cancelled_move_of_the_hub_engine_is_dropped_and_the_next_one_counts(qtbot) -> None:
    client = AiClient()
    got: list[EngineAnswer] = []
    client.answered.connect(got.append)
    try:
        started(client, qtbot, "dame-hub")
        start = Position.start(INTERNATIONAL)
        first = client.submit(MoveRequest(position=start, level=HARD, movetime=20.0))
        qtbot.wait(300)
        first.cancel()  # the worker says 'stop'; the engine answers with done
        second = client.submit(HintRequest(position=start, movetime=0.2))
        qtbot.waitUntil(lambda: any(a.request.id == second.id for a in got), timeout=60_000)
        assert [a.request.id for a in got] == [second.id]  # the stopped move never arrived
        assert isinstance(got[0], HintAnswer) and got[0].engine
        assert not client.external_broken  # a stop is no fault
    finally:
        assert client.close()


@needs_proc
def test_closing_while_a_hanging_engine_thinks_stops_and_reaps_it(qtbot) -> None:
    client = AiClient()
    closed = False
    try:
        pid = started(client, qtbot, "fake-hang")
        client.submit(
            MoveRequest(position=Position.start(INTERNATIONAL), level=BEGINNER, movetime=30.0)
        )
        qtbot.wait(300)  # it is thinking (and will never answer, nor heed 'stop' or SIGTERM)
        closed = client.close()
        assert closed  # 'stop', the grace, then terminate and kill: well within the wait
        assert_gone(pid)
    finally:
        if not closed:
            client.close()


def test_choosing_an_engine_after_closing_changes_nothing(qtbot, tmp_path) -> None:
    """The window applies preferences while it closes (a dock hidden on close saves one)."""
    client = AiClient()
    assert client.close()
    assert not client.set_external_engine(str(tmp_path / "engine"))
    assert client.external_path == ""
