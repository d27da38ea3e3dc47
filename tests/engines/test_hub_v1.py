"""The Hub client speaking version 1 (Scan 2.0's protocol): against a real fake engine process
(tests/engines/fakes/hub1.py) and, for every time-out, a scripted engine on its own clock."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import TypedDict, Unpack

import pytest

from dame_desktop.ai.search import Limit
from dame_desktop.core import Move, Position, find_rules
from dame_desktop.engines import EngineError, HubEngine
from dame_desktop.engines.faults import ExitKind, FaultKind
from dame_desktop.engines.protocol import move_text
from tests.engines.helpers import assert_gone, fake, needs_proc, run_dame, wait_until
from tests.engines.scripted import Exit, FakeClock, Reply, ScriptedTransport

INTERNATIONAL = find_rules("international")
GERMAN = find_rules("german")
START = Position.start(INTERNATIONAL)
START_TEXT = "w" + "b" * 20 + "e" * 10 + "w" * 20


class Timing(TypedDict, total=False):
    """The HubEngine time limits a test sets."""

    timeout: float
    margin: float
    stop_grace: float
    depth_timeout: float


# real processes on a machine that may be busy: limits no loaded machine reaches
PATIENT = Timing(timeout=120.0, margin=120.0, stop_grace=120.0, depth_timeout=600.0)


def engine_v1(mode: str, log: Path | None = None, **timing: Unpack[Timing]) -> HubEngine:
    args = [fake("hub1"), mode] + ([str(log)] if log is not None else [])
    merged: Timing = {**PATIENT}
    merged.update(timing)
    return HubEngine(sys.executable, args, **merged)


def logged(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


# -- a real version-1 process ------------------------------------------------------------------


@needs_proc
def test_the_handshake_finds_version_1_and_its_name(tmp_path: Path) -> None:
    engine = engine_v1("play")
    try:
        info = engine.info
        assert (info.protocol, info.name, info.version) == (1, "Fake1", "1.5")
        assert info.title == "Fake1 1.5" and info.variants == ("normal",)
        assert engine.supports(INTERNATIONAL) and not engine.supports(GERMAN)
        with pytest.raises(EngineError, match="does not play"):
            engine.analyse(Position.start(GERMAN), Limit(depth=1))
    finally:
        engine.close()
    probed = HubEngine.probe(sys.executable, (fake("hub1"), "play"))
    assert probed.protocol == 1 and probed.name == "Fake1"


@needs_proc
def test_a_banner_that_is_no_protocol_text_is_its_name() -> None:
    engine = engine_v1("banner")
    try:
        assert engine.info.protocol == 1
        assert engine.info.name == 'Fake "one 1.5 (a version-1 engine'
        assert engine.think(START, Limit(depth=2)).move in START.legal_moves()
    finally:
        engine.close()


@needs_proc
def test_think_sends_version_1_lines_and_reads_the_answer(tmp_path: Path) -> None:
    log = tmp_path / "lines"
    engine = engine_v1("play", log)
    try:
        result = engine.think(START, Limit(movetime=0.25))
        first = START.legal_moves()[0]
        assert result.move == first and result.complete
        assert result.depth == 12 and result.nodes == 12345
        assert abs(result.score.number() - 0.25) < 1e-9
        assert len(result.pv) == 2 and result.pv[0] == first
        assert engine.play(START, Limit(depth=7)) == first
        engine.new_game()
    finally:
        engine.close()
    assert logged(log) == [
        "hub",
        "init",
        f"pos {START_TEXT}",
        "time 250",
        "go",
        f"pos {START_TEXT}",
        "depth 7",
        "go",
        "new",
        "quit",
    ]


@needs_proc
def test_a_move_alone_without_info_is_enough(tmp_path: Path) -> None:
    engine = engine_v1("noinfo")
    try:
        result = engine.analyse(START, Limit(movetime=0.1, depth=3))
        assert result.move == START.legal_moves()[0] and result.pv[0] == result.move
        assert len(result.pv) == 2  # the ponder move is the rest of the line
    finally:
        engine.close()


def _kings() -> tuple[Position, list[Position], list[Move]]:
    """A position reached by four king moves: the history and the moves."""
    position = Position.from_fen("W:WK50,45:BK1,6", INTERNATIONAL)
    history: list[Position] = []
    played: list[Move] = []
    for _ in range(4):  # quiet king moves after which no capture is due
        move = next(
            m
            for m in position.legal_moves()
            if (piece := position.piece_at(m.from_sq)) is not None
            and piece.is_king
            and not m.is_capture
            and not any(r.is_capture for r in position.play(m).legal_moves())
        )
        history.append(position)
        played.append(move)
        position = position.play(move)
    return position, history, played


@needs_proc
def test_king_moves_since_the_position_are_sent_one_a_line(tmp_path: Path) -> None:
    log = tmp_path / "lines"
    position, history, played = _kings()
    engine = engine_v1("play", log)
    try:
        result = engine.analyse(position, Limit(depth=4), history=history)
        assert result.move in position.legal_moves()  # the engine replayed the moves
    finally:
        engine.close()
    lines = logged(log)
    go = lines.index("go")
    assert lines[go - 6].startswith("pos w") and len(lines[go - 6]) == 4 + 51
    assert lines[go - 5 : go - 1] == [f"move {move_text(m)}" for m in played]
    assert lines[go - 1] == "depth 4"


@needs_proc
def test_stop_ends_a_version_1_search(tmp_path: Path) -> None:
    """Version 1 has no 'stop' of its own: any line ends the search, so 'stop' does."""
    log = tmp_path / "lines"
    engine = engine_v1("wait", log)
    stop = threading.Event()
    results = []

    def work() -> None:
        results.append(engine.analyse(START, Limit(), should_stop=stop.is_set))

    thread = threading.Thread(target=work)
    thread.start()
    wait_until(lambda: "go" in logged(log), "the engine reads 'go'")
    stop.set()
    thread.join()
    engine.close()
    assert results and results[0].move == START.legal_moves()[0]
    assert not results[0].complete
    assert logged(log)[-3:] == ["go", "stop", "quit"]


SHORT = Limit(movetime=0.2)


def _fails(engine: HubEngine, expected: str, limit: Limit = SHORT) -> EngineError:
    process = engine.process
    assert process is not None
    with pytest.raises(EngineError, match=expected) as caught:
        engine.think(START, limit)
    assert "\n" not in str(caught.value)
    assert engine.process is None
    assert_gone(process.pid)
    with pytest.raises(EngineError, match=expected):  # later calls fail at once
        engine.think(START, Limit(depth=1))
    return caught.value


@needs_proc
def test_an_illegal_move_stops_it() -> None:
    error = _fails(engine_v1("illegal"), "illegal move '32-23'")
    assert error.fault.kind is FaultKind.ILLEGAL_MOVE


@needs_proc
def test_garbage_stops_it() -> None:
    error = _fails(engine_v1("garbage"), "garbled line")
    assert error.fault.kind is FaultKind.GARBLED


@needs_proc
def test_dying_in_a_search_says_how_it_ended() -> None:
    error = _fails(engine_v1("dies"), "quit during the search")
    assert (error.fault.exit, error.fault.code) == (ExitKind.EXITED, 3)


@needs_proc
def test_a_hang_is_stopped_and_reaped() -> None:
    """The engine ignores every line and SIGTERM; the move time and a short margin pass."""
    error = _fails(engine_v1("hang", margin=0.3), "it hangs")
    assert error.fault.kind is FaultKind.HANGS_MOVETIME


@needs_proc
def test_dame_analyse_with_a_version_1_engine(tmp_path: Path) -> None:
    script = tmp_path / "scan1.sh"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} {fake('hub1')} play\n")
    script.chmod(0o755)
    games = tmp_path / "intl.pdn"
    games.write_text('[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n', encoding="utf-8")
    done = run_dame("analyse", str(games), "--engine", str(script), "--depth", "3", "--json")
    assert done.returncode == 0, done.stderr
    moves = json.loads(done.stdout)["games"][0]["moves"]
    assert [m["move"] for m in moves] == ["32-28", "19-23", "28x19", "14x23"]
    assert {abs(m["best_score"]) for m in moves} == {0.25}  # what the fake says, always
    text = run_dame("analyse", str(games), "--engine", str(script), "--depth", "3")
    assert text.returncode == 0 and "4 plies, Fake1)" in text.stdout, text.stderr


# -- scripted: every time-out without real seconds ---------------------------------------------


def scripted_v1() -> tuple[ScriptedTransport, FakeClock]:
    clock = FakeClock()
    side = ScriptedTransport(clock)
    side.expect("hub", "Scan 2.0 Copyright (C) 2015 Fabien Letouzey.", "wait")
    side.expect("init", "ready")
    return side, clock


def engine_of(side: ScriptedTransport, clock: FakeClock, **timing: Unpack[Timing]) -> HubEngine:
    return HubEngine("scan", transport=side.start, clock=clock, **timing)


def test_scripted_info_fields_in_their_places() -> None:
    side, clock = scripted_v1()
    side.expect(f"pos {START_TEXT}")
    side.expect("time 1000")
    side.expect(
        "go",
        Reply("info 0 0.0 0.00 0 0.000 0.0 ", after=0.01),
        Reply("info 13 12.4 -0.31 1500000 0.75 2.0 33-28 18-23 39-33", after=0.8),
        Reply("info 14 13.2 -0.12 3100000 0.95 3.2 32-28 18-23", after=0.9),
        Reply("move 32-28 18-23", after=0.95),
    )
    engine = engine_of(side, clock)
    seen: list[tuple[int, str]] = []
    result = engine.analyse(
        START, Limit(movetime=1.0), on_info=lambda a: seen.append((a.depth, move_text(a.pv[0])))
    )
    assert engine.info.name == "Scan" and engine.info.version == "2.0"
    assert result.depth == 14 and result.nodes == 3_100_000
    assert abs(result.score.number() + 0.12) < 1e-9 and move_text(result.pv[1]) == "18-23"
    assert seen == [(13, "33-28"), (14, "32-28")]
    engine.close()
    assert side.finished


def test_scripted_node_budget_becomes_a_time() -> None:
    side, clock = scripted_v1()
    side.expect("pos")
    side.expect("time 250")  # 250,000 nodes at a million a second
    side.expect("go", Reply("move 32-28", after=0.2))
    engine = engine_of(side, clock)
    assert engine.think(START, Limit(nodes=250_000)).move is not None
    engine.close()


def test_scripted_hang_past_the_move_time_and_margin() -> None:
    side, clock = scripted_v1()
    side.expect("pos")
    side.expect("time 200")
    side.expect("go")  # and then nothing
    engine = engine_of(side, clock, margin=2.0)
    began = clock.now
    with pytest.raises(EngineError) as caught:
        engine.think(START, Limit(movetime=0.2))
    assert caught.value.fault.kind is FaultKind.HANGS_MOVETIME
    assert 2.2 <= clock.now - began < 2.3 and side.closed


def test_scripted_depth_search_that_never_ends() -> None:
    side, clock = scripted_v1()
    side.expect("pos")
    side.expect("depth 30")
    side.expect("go", Reply("info 12 11.0 0.1 100 0.1 1.0 32-28", after=1.0))
    engine = engine_of(side, clock, depth_timeout=50.0)
    began = clock.now
    with pytest.raises(EngineError) as caught:
        engine.think(START, Limit(depth=30))
    assert caught.value.fault.kind is FaultKind.HANGS_SECONDS
    assert 50.0 <= clock.now - began < 50.1


def test_scripted_stop_not_answered() -> None:
    side, clock = scripted_v1()
    side.expect("pos")
    side.expect("go")
    side.expect("stop")  # and then nothing
    engine = engine_of(side, clock, stop_grace=3.0)
    with pytest.raises(EngineError) as caught:
        engine.analyse(START, Limit(), should_stop=lambda: True)
    assert caught.value.fault.kind is FaultKind.NO_STOP


def test_scripted_handshake_without_wait() -> None:
    clock = FakeClock()
    side = ScriptedTransport(clock)
    side.expect("hub", "Scan 2.0")  # and never 'wait'
    with pytest.raises(EngineError) as caught:
        engine_of(side, clock, timeout=10.0)
    assert caught.value.fault.kind is FaultKind.HANDSHAKE_TIMEOUT and side.closed


def test_scripted_death_after_init() -> None:
    side, clock = scripted_v1()
    side.expect("pos")
    side.expect("time")
    side.expect("go", Exit(-11, after=0.1))
    engine = engine_of(side, clock)
    with pytest.raises(EngineError) as caught:
        engine.think(START, Limit(movetime=0.5))
    fault = caught.value.fault
    assert (fault.kind, fault.exit, fault.code) == (FaultKind.QUIT_IN_SEARCH, ExitKind.CRASHED, 11)


def test_scripted_move_without_a_move() -> None:
    side, clock = scripted_v1()
    side.expect("pos")
    side.expect("time")
    side.expect("go", Reply("move", after=0.1))
    engine = engine_of(side, clock)
    with pytest.raises(EngineError) as caught:
        engine.think(START, Limit(movetime=0.5))
    assert caught.value.fault.kind is FaultKind.NO_MOVE


def test_scripted_unreadable_info_is_advice_only() -> None:
    side, clock = scripted_v1()
    side.expect("pos")
    side.expect("time")
    side.expect(
        "go",
        Reply("info twelve x nan 5 0.1 1.0 99-98", after=0.1),
        Reply("bestmove 32-28", after=0.1),
        Reply("move 31-27", after=0.2),
    )
    engine = engine_of(side, clock)
    result = engine.think(START, Limit(movetime=0.5))
    assert result.move is not None and move_text(result.move) == "31-27"
