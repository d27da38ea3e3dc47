"""The Hub client against real processes: ``dame hub`` and fault-injecting fake engines."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import TypedDict, Unpack

import pytest

from dame_desktop.ai.search import Limit
from dame_desktop.core import Move, Position, find_rules
from dame_desktop.engines import Analysis, EngineError, EngineInfo, HubEngine
from dame_desktop.engines.hub import _start_and_moves, supports_rules
from tests.engines.helpers import (
    assert_gone,
    child_states,
    dame_command,
    fake,
    needs_proc,
    process_ended,
    wait_until,
    wrapped,
)

INTERNATIONAL = find_rules("international")
GERMAN = find_rules("german")


class Timing(TypedDict, total=False):
    """The HubEngine time limits a test sets."""

    timeout: float
    margin: float
    stop_grace: float


# Real processes on a machine that may be busy: limits no loaded machine reaches (a hang or a
# time-out itself is tested on a scripted engine's clock, tests/engines/test_hub_scripted.py).
PATIENT = Timing(timeout=120.0, margin=120.0, stop_grace=120.0)


def patient(timing: Timing) -> Timing:
    merged: Timing = {**PATIENT}
    merged.update(timing)
    return merged


def dame_hub(**timing: Unpack[Timing]) -> HubEngine:
    command = dame_command()
    return HubEngine(command[0], (*command[1:], "hub"), **patient(timing))


def fake_engine(name: str, *args: str, **timing: Unpack[Timing]) -> HubEngine:
    return HubEngine(sys.executable, (fake(name), *args), **patient(timing))


# -- against dame hub -------------------------------------------------------------------------


def test_handshake_records_name_and_variants() -> None:
    with dame_hub() as engine:
        assert engine.info.name == "Dame"
        assert engine.info.version
        assert "normal" in engine.info.variants and "german" in engine.info.variants
        assert "dame-rules" in engine.info.params
        assert engine.supports(GERMAN) and engine.supports(INTERNATIONAL)


def test_probe_reads_the_identity_and_stops_the_engine() -> None:
    before = set(child_states())
    command = dame_command()
    info = HubEngine.probe(command[0], (*command[1:], "hub"))
    assert info.name == "Dame" and "german" in info.variants
    assert set(child_states()) <= before


def test_analysis_gives_a_legal_line_with_score_and_depth() -> None:
    with dame_hub() as engine:
        start = Position.start(INTERNATIONAL)
        seen: list[int] = []
        result = engine.analyse(start, Limit(movetime=0.3), on_info=lambda a: seen.append(a.depth))
        assert result.move in start.legal_moves()
        assert result.depth >= 2 and seen
        assert abs(result.score.men) < 1.0 and not result.score.is_forced
        pos = start
        for move in result.pv:  # the whole line replays
            assert move in pos.legal_moves()
            pos = pos.play(move)
        assert result.pv[0] == result.move


def test_play_under_german_rules_takes_the_capture_and_restarts_for_new_rules() -> None:
    with dame_hub() as engine:
        # German: White men 22 and 30, Black man on 18: 22x13 is the only move... of the man
        pos = Position.from_fen("W:W22,30:B18,1", GERMAN)
        move = engine.play(pos, Limit(movetime=0.2))
        assert move in pos.legal_moves() and move.is_capture
        process = engine.process
        assert process is not None
        first_pid = process.pid
        engine.play(Position.start(INTERNATIONAL), Limit(depth=3))
        second = engine.process
        assert second is not None and second.pid != first_pid  # parameters only before init
        assert_gone(first_pid)


def test_stop_ends_an_infinite_analysis_from_another_thread() -> None:
    with dame_hub() as engine:
        start = Position.start(INTERNATIONAL)
        box: list[Analysis] = []

        def work() -> None:
            box.append(engine.analyse(start, Limit()))

        thread = threading.Thread(target=work)
        thread.start()
        time.sleep(0.6)
        engine.stop()
        thread.join()  # an infinite analysis ends only when stopped
        result = box[0]
        assert result.move in start.legal_moves()
        assert result.complete is False


def test_forced_win_comes_back_as_a_win_in_moves() -> None:
    with dame_hub() as engine:
        # Black's last man can be taken: White wins in one move
        pos = Position.from_fen("W:W22:B18", GERMAN)
        result = engine.analyse(pos, Limit(depth=4))
        assert result.score.is_forced and result.score.wins and result.score.moves == 1


def test_close_reaps_the_process() -> None:
    engine = dame_hub()
    process = engine.process
    assert process is not None
    engine.close()
    assert process.returncode is not None
    assert_gone(process.pid)
    with pytest.raises(EngineError):
        engine.analyse(Position.start(INTERNATIONAL), Limit(depth=1))


def move_of(analysis: Analysis) -> str:
    move = analysis.move
    assert move is not None
    return move.full_text()


def is_king(position: Position, square: int) -> bool:
    piece = position.piece_at(square)
    assert piece is not None
    return piece.is_king


def test_king_moves_are_sent_for_repetitions() -> None:
    rules = GERMAN
    a = Position.from_fen("W:WK32,12:BK1,21", rules)
    steps: list[Position] = []
    played: list[Move] = []
    pos = a
    for _ in range(4):  # there and back again with both kings
        move = next(m for m in pos.legal_moves() if is_king(pos, m.from_sq))
        assert not move.is_capture
        steps.append(pos)
        played.append(move)
        pos = pos.play(move)
    start, moves = _start_and_moves(pos, steps)
    assert start == a and moves == played
    man = next(m for m in a.legal_moves() if not is_king(a, m.from_sq))
    after = a.play(man)
    start, moves = _start_and_moves(after, [a])
    assert start == after and moves == []


# -- against engines that misbehave -------------------------------------------------------------


def _fails(engine: HubEngine, expected: str, limit: Limit | None = None) -> None:
    process = engine.process
    assert process is not None
    with pytest.raises(EngineError, match=expected) as caught:
        engine.analyse(Position.start(INTERNATIONAL), limit or Limit(movetime=0.2))
    assert "\n" not in str(caught.value)
    assert engine.process is None and process.returncode is not None
    assert_gone(process.pid)
    with pytest.raises(EngineError, match=expected):  # later calls fail at once
        engine.analyse(Position.start(INTERNATIONAL), Limit(depth=1))


@needs_proc
def test_crash_in_a_search() -> None:
    _fails(fake_engine("crash"), "quit during the search .*status 3")


@needs_proc
def test_illegal_move() -> None:
    _fails(fake_engine("illegal"), "illegal move '32-23'")


@needs_proc
@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("junk", "garbled line"),
        ("huge", "longer than"),  # the reader's own limit on a real pipe
    ],
)
def test_garbage(mode: str, expected: str) -> None:
    _fails(fake_engine("garbage", mode), expected)


@needs_proc
def test_version_1_engine_is_taken_and_closed_without_a_trace() -> None:
    before = set(child_states())
    engine = fake_engine("silent", "v1")  # answers 'wait' at once, nothing else
    assert engine.info.protocol == 1
    engine.close()
    assert set(child_states()) <= before


def test_missing_executable() -> None:
    with pytest.raises(EngineError, match="cannot start the engine"):
        HubEngine("/nonexistent/engine")


def test_engine_without_the_rules_refuses_them() -> None:
    with fake_engine("illegal") as engine:
        assert engine.supports(INTERNATIONAL) and not engine.supports(GERMAN)
        with pytest.raises(EngineError, match="does not play"):
            engine.analyse(Position.start(GERMAN), Limit(depth=1))


# -- playing: go think, stop, the name a player gets -------------------------------------------


def test_think_plays_a_legal_move_with_what_the_engine_said() -> None:
    with dame_hub() as engine:
        start = Position.start(INTERNATIONAL)
        result = engine.think(start, Limit(movetime=0.3))
        assert result.move in start.legal_moves() and result.complete
        assert result.engine == "Dame" and result.depth >= 1
        assert result.pv and result.pv[0] == result.move
        assert engine.play(start, Limit(movetime=0.2)) in start.legal_moves()


def test_stop_ends_a_long_think_with_a_legal_move() -> None:
    with dame_hub() as engine:
        start = Position.start(INTERNATIONAL)
        box: list[Analysis] = []
        thread = threading.Thread(
            target=lambda: box.append(engine.think(start, Limit(movetime=60.0)))
        )
        thread.start()
        time.sleep(0.5)
        engine.stop()
        thread.join()
        assert box[0].move in start.legal_moves() and box[0].complete is False
        assert engine.failed is None  # a stop is no fault: the engine plays on
        assert engine.think(start, Limit(movetime=0.1)).move in start.legal_moves()


def test_a_should_stop_flag_ends_a_think() -> None:
    with dame_hub() as engine:
        start = Position.start(INTERNATIONAL)
        began = time.monotonic()
        result = engine.think(
            start, Limit(movetime=60.0), should_stop=lambda: time.monotonic() - began > 0.4
        )
        assert result.move in start.legal_moves() and not result.complete


@needs_proc
@pytest.mark.parametrize(
    ("name", "expected"),
    [("crash", "quit during the search"), ("illegal", "illegal move"), ("garbage", "garbled line")],
)
def test_think_against_a_bad_engine_fails_cleanly(name: str, expected: str) -> None:
    engine = fake_engine(name)
    process = engine.process
    assert process is not None
    with pytest.raises(EngineError, match=expected):
        engine.think(Position.start(INTERNATIONAL), Limit(movetime=0.2))
    assert engine.process is None
    assert_gone(process.pid)


def test_the_title_is_name_and_version() -> None:
    assert EngineInfo("Scan", version="3.1").title == "Scan 3.1"
    assert EngineInfo("Scan 3.1", version="3.1").title == "Scan 3.1"
    assert EngineInfo("Kingsrow").title == "Kingsrow"


def test_supports_rules_reads_the_declared_variants() -> None:
    scan = EngineInfo(
        "Scan", variants=("normal", "frisian"), params={"variant": {"name": "variant"}}
    )
    assert supports_rules(scan, INTERNATIONAL) and not supports_rules(scan, GERMAN)
    bare = EngineInfo("Old")  # no variant parameter: international only
    assert supports_rules(bare, INTERNATIONAL) and not supports_rules(bare, GERMAN)
    ours = EngineInfo("Dame", params={"dame-rules": {"name": "dame-rules"}})
    assert supports_rules(ours, GERMAN) and supports_rules(ours, find_rules("english"))


@needs_proc
def test_abort_from_another_thread_ends_a_hanging_search() -> None:
    engine = fake_engine("hang")
    process = engine.process
    assert process is not None
    errors: list[EngineError] = []

    def work() -> None:
        try:
            engine.think(Position.start(INTERNATIONAL), Limit(movetime=60.0))
        except EngineError as exc:
            errors.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(0.3)
    engine.abort()  # neither 'stop' nor SIGTERM reaches this engine; SIGKILL does
    thread.join(20)
    assert not thread.is_alive()
    assert len(errors) == 1 and "crashed: signal 9" in str(errors[0])
    engine.close()
    assert_gone(process.pid)


@needs_proc
def test_a_hanging_engine_behind_a_wrapper_script_is_stopped_with_its_wrapper(
    tmp_path: Path,
) -> None:
    """The wrapper does not ``exec`` the engine: stopping the wrapper alone would leave the
    hanging engine (which ignores SIGTERM) running; its whole process group goes."""
    script, pid_file = wrapped(tmp_path, "hang")
    engine = HubEngine(script, margin=0.5)
    wrapper = engine.process
    assert wrapper is not None
    grandchild = int(pid_file.read_text())
    assert grandchild != wrapper.pid and not process_ended(grandchild)
    with pytest.raises(EngineError, match="it hangs"):
        engine.think(Position.start(INTERNATIONAL), Limit(movetime=0.2))
    assert_gone(wrapper.pid)
    wait_until(lambda: process_ended(grandchild), f"the wrapped engine {grandchild} ends")


@needs_proc
def test_abort_reaches_the_engine_behind_a_wrapper_script(tmp_path: Path) -> None:
    script, pid_file = wrapped(tmp_path, "hang")
    engine = HubEngine(script)
    grandchild = int(pid_file.read_text())
    errors: list[EngineError] = []
    asked = threading.Event()

    def work() -> None:
        asked.set()
        try:
            engine.think(Position.start(INTERNATIONAL), Limit(movetime=60.0))
        except EngineError as exc:
            errors.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    asked.wait()
    engine.abort()
    thread.join()
    assert len(errors) == 1
    engine.close()
    wait_until(lambda: process_ended(grandchild), f"the wrapped engine {grandchild} ends")
