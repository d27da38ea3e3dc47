"""The Hub client against a scripted engine on a clock of its own: every fault, hang and
time-out without real seconds (tests/engines/test_hub_client.py keeps one real process per
fault family)."""

from __future__ import annotations

import pytest

from dame_desktop.ai.search import Limit
from dame_desktop.core import Position, find_rules
from dame_desktop.engines import EngineError, HubEngine
from dame_desktop.engines.faults import ExitKind, FaultKind
from tests.engines.scripted import HUGE, Exit, FakeClock, Reply, ScriptedTransport

INTERNATIONAL = find_rules("international")
START = Position.start(INTERNATIONAL)


def scripted() -> tuple[ScriptedTransport, FakeClock]:
    clock = FakeClock()
    return ScriptedTransport(clock), clock


SHORT = Limit(movetime=0.2)


def engine_of(
    side: ScriptedTransport,
    clock: FakeClock,
    *,
    timeout: float = 10.0,
    init_timeout: float = 60.0,
    margin: float = 2.0,
    depth_timeout: float = 300.0,
    stop_grace: float = 3.0,
) -> HubEngine:
    return HubEngine(
        "fake-engine",
        transport=side.start,
        clock=clock,
        timeout=timeout,
        init_timeout=init_timeout,
        margin=margin,
        depth_timeout=depth_timeout,
        stop_grace=stop_grace,
    )


def fault_of(
    engine: HubEngine, limit: Limit = SHORT, mode: str = "think", **kwargs: object
) -> EngineError:
    with pytest.raises(EngineError) as caught:
        if mode == "think":
            engine.think(START, limit, **kwargs)  # type: ignore[arg-type]
        else:
            engine.analyse(START, limit, **kwargs)  # type: ignore[arg-type]
    error = caught.value
    assert engine.failed == error.fault and engine.pid is None  # stopped for good
    with pytest.raises(EngineError) as again:  # later calls fail at once, the same way
        engine.think(START, limit)
    assert again.value.fault == error.fault
    return error


def test_a_move_comes_back_with_what_the_engine_said() -> None:
    side, clock = scripted()
    side.ready()
    side.search(
        "go think",
        Reply("info depth=5 score=0.25 pv=32-28 19-23", after=0.1),
        Reply("done move=32-28 ponder=19-23", after=0.2),
    )
    engine = engine_of(side, clock)
    analysis = engine.think(START, Limit(movetime=0.2))
    assert analysis.move is not None and analysis.move.full_text() == "32-28"
    assert analysis.depth == 5 and abs(analysis.score.number() - 0.25) < 1e-9
    engine.close()
    assert [line.split()[0] for line in side.sent] == ["hub", "init", "pos", "level", "go", "quit"]
    assert side.finished and side.closed


def test_a_hang_past_the_move_time_and_margin() -> None:
    side, clock = scripted()
    side.ready()
    side.search("go think")  # and then nothing
    engine = engine_of(side, clock, margin=2.0)
    began = clock.now
    error = fault_of(engine)
    assert error.fault.kind is FaultKind.HANGS_MOVETIME and error.fault.field("seconds") == "0.2"
    assert str(error) == "engine Fake: did not answer within 0.2 s and a margin (it hangs)"
    assert 2.2 <= clock.now - began < 2.3  # the move time and the margin, on the engine's clock
    assert side.closed


def test_a_depth_search_that_never_ends_is_given_the_depth_timeout() -> None:
    side, clock = scripted()
    side.ready()
    side.search("go analyze", Reply("info depth=1 score=0 pv=32-28", after=1.0))
    engine = engine_of(side, clock, depth_timeout=300.0)
    began = clock.now
    error = fault_of(engine, Limit(depth=40), mode="analyse")
    assert error.fault.kind is FaultKind.HANGS_SECONDS and error.fault.field("seconds") == "300"
    assert 300.0 <= clock.now - began < 300.1


def test_a_flood_of_info_lines_does_not_hide_the_clock() -> None:
    side, clock = scripted()
    side.ready()
    side.search(
        "go think",
        *[Reply("info depth=1 score=0.00 pv=32-28", after=i * 0.01) for i in range(1000)],
    )
    error = fault_of(engine_of(side, clock, margin=0.5))
    assert error.fault.kind is FaultKind.HANGS_MOVETIME


def test_a_stop_that_is_not_answered() -> None:
    side, clock = scripted()
    side.ready()
    side.search("go analyze", Reply("info depth=3 score=0.1 pv=32-28", after=0.2))
    side.expect("stop")  # and then nothing
    engine = engine_of(side, clock, stop_grace=3.0)
    began = clock.now
    error = fault_of(engine, Limit(), mode="analyse", should_stop=lambda: clock.now - began >= 1.0)
    assert error.fault.kind is FaultKind.NO_STOP and error.fault.field("seconds") == "3"
    assert 4.0 <= clock.now - began < 4.1


def test_a_stop_ends_an_infinite_analysis_with_the_best_line_so_far() -> None:
    side, clock = scripted()
    side.ready()
    side.search("go analyze", Reply("info depth=7 score=0.3 pv=33-28", after=5.0))
    side.expect("stop", Reply("done move=33-28", after=0.5))
    engine = engine_of(side, clock)
    began = clock.now
    analysis = engine.analyse(START, Limit(), should_stop=lambda: clock.now - began >= 60.0)
    assert analysis.move is not None and analysis.move.full_text() == "33-28"
    assert not analysis.complete and analysis.depth == 7
    assert engine.failed is None


def test_a_handshake_that_never_ends() -> None:
    side, clock = scripted()
    side.expect("hub", "id name=Fake")  # no 'wait'
    with pytest.raises(EngineError) as caught:
        engine_of(side, clock, timeout=10.0)
    assert caught.value.fault.kind is FaultKind.HANDSHAKE_TIMEOUT
    assert caught.value.fault.field("seconds") == "10" and side.closed


def test_an_engine_that_is_never_ready() -> None:
    side, clock = scripted()
    side.handshake()
    side.expect("init", "free text while it loads")
    engine = engine_of(side, clock, init_timeout=60.0)
    began = clock.now
    error = fault_of(engine)
    assert error.fault.kind is FaultKind.NOT_READY and 60.0 <= clock.now - began < 60.1


def test_an_engine_without_an_id_line_speaks_version_1() -> None:
    side, clock = scripted()
    side.expect("hub", "param name=variant value=normal", "wait")
    engine = engine_of(side, clock)
    assert engine.version == 1 and engine.info.protocol == 1
    assert engine.info.params == {} and engine.info.variants == ("normal",)
    engine.close()


def test_a_crash_in_the_search_says_how_it_ended() -> None:
    side, clock = scripted()
    side.ready()
    side.search("go think", Reply("info depth=1 score=0 pv=32-28"), Exit(-11, after=0.1))
    error = fault_of(engine_of(side, clock))
    fault = error.fault
    assert (fault.kind, fault.exit, fault.code) == (FaultKind.QUIT_IN_SEARCH, ExitKind.CRASHED, 11)
    assert str(error) == "engine Fake: quit during the search (it crashed: signal 11)"


@pytest.mark.parametrize(
    ("reply", "kind"),
    [
        ("done move=32-23", FaultKind.ILLEGAL_MOVE),
        ("done", FaultKind.NO_MOVE),
        ('info depth=2 pv="32-28 18-23', FaultKind.GARBLED),
        (b"\xff\xfe\x00garbage\x81\n", FaultKind.NOT_UTF8),
        (HUGE, FaultKind.LONG_LINE),
        ("error message=out-of-memory", FaultKind.REPORTED_ERROR),
    ],
)
def test_a_bad_answer_stops_the_engine(reply: str | object, kind: FaultKind) -> None:
    side, clock = scripted()
    side.ready()
    side.search("go think", Reply(reply, after=0.05))
    error = fault_of(engine_of(side, clock))
    assert error.fault.kind is kind and error.fault.engine == "Fake"


def test_a_stale_answer_does_not_answer_the_next_search() -> None:
    side, clock = scripted()
    side.ready()
    side.search("go think", "done move=32-28", Reply("done move=31-26", after=0.1))
    side.search("go think", Reply("done move=33-29", after=0.1))
    engine = engine_of(side, clock)
    first = engine.think(START, Limit(movetime=0.2))
    clock.now += 1.0  # the stale line has come by the next search
    second = engine.think(START, Limit(movetime=0.2))
    assert first.move is not None and first.move.full_text() == "32-28"
    assert second.move is not None and second.move.full_text() == "33-29"


def test_an_engine_that_quits_before_the_search_is_said_so() -> None:
    side, clock = scripted()
    side.ready()
    side.expect("pos", Exit(0))
    side.expect("level")
    side.expect("go think")
    error = fault_of(engine_of(side, clock))
    assert error.fault.kind in (FaultKind.QUIT_IN_SEARCH, FaultKind.STOPPED_READING)
    assert error.fault.exit is ExitKind.EXITED
