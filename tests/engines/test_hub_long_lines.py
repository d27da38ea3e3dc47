"""``dame hub`` bounds what it reads: a line longer than the protocol's 64 KB is read in bounded
pieces and answered with one short ``error`` line, the engine keeps working, and its memory
does not grow with the line (a real ``dame hub`` process, measured by ``wait4``)."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest

from dame_desktop.engines.protocol import MAX_LINE, LongLine, read_lines
from dame_desktop.engines.server import MAX_ERROR, HubServer

from .helpers import dame_command


def hub_session(*lines: bytes) -> tuple[list[str], int]:
    """The answers of a real ``dame hub`` to ``lines`` (then ``ping``) and its peak resident
    memory in KB, read from ``/proc`` once it answered the ping (``VmHWM`` counts from the
    engine's own start, not from the fork of this test's process)."""
    proc = subprocess.Popen(
        [*dame_command(), "hub"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers: list[str] = []
    try:
        for line in (*lines, b"ping"):
            proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        while answers.count("pong") < lines.count(b"ping") + 1:
            got = proc.stdout.readline()
            assert got, answers
            answers.append(got.decode().rstrip("\n"))
        status = Path(f"/proc/{proc.pid}/status")
        peak = 0
        if status.exists():
            peak = int(re.search(r"VmHWM:\s+(\d+)", status.read_text()).group(1))  # type: ignore[union-attr]
        proc.stdin.write(b"quit\n")
        proc.stdin.close()
        assert proc.wait(60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.stderr is not None and proc.stderr.read() == b""
    return answers, peak


def test_a_huge_pos_line_gets_one_short_error_and_the_engine_goes_on() -> None:
    huge = b"pos pos=W" + b"e" * (8 << 20)
    answers, _ = hub_session(b"hub", b"init", huge, b"go", b"ping", b"pos")
    errors = [a for a in answers if a.startswith("error")]
    assert len(errors) == 2, errors
    assert all(len(a) < MAX_ERROR + 30 for a in answers), [len(a) for a in answers]
    assert f"a line of {len(huge) + 1} bytes is longer than {MAX_LINE}: ignored" in errors[0]
    assert "no position to search" in errors[1]  # the long pos left no position behind
    assert answers.count("pong") == 2 and answers[-1] == "pong"


def test_a_long_line_within_the_limit_is_read_and_its_error_is_short() -> None:
    long = b"pos pos=W" + b"e" * (MAX_LINE - 20)
    answers, _ = hub_session(b"hub", long)
    (error,) = [a for a in answers if a.startswith("error")]
    assert f"has {MAX_LINE - 19} characters, expected 51" in error and len(error) < 200
    assert answers[-1] == "pong"


def test_memory_does_not_grow_with_the_line() -> None:
    _, small = hub_session(b"pos pos=W" + b"e" * 1000)
    _, large = hub_session(b"pos pos=W" + b"e" * (24 << 20))
    if not small:
        pytest.skip("no /proc here to read the engine's peak memory from")
    # reading the 24 MB line whole took several times its size before; now a few pieces of
    # 64 KB are in memory at once
    assert large < small + 8 * 1024, (small, large)


def test_read_lines_gives_long_lines_as_what_they_began_with() -> None:
    data = b"ping\n" + b"x" * (3 * MAX_LINE) + b"\npong\n" + b"y" * (MAX_LINE + 5)
    lines = list(read_lines(io.BytesIO(data)))
    assert lines[0] == "ping\n" and lines[2] == "pong\n"
    assert lines[1] == LongLine("x" * 40, 3 * MAX_LINE + 1)
    assert lines[3] == LongLine("y" * 40, MAX_LINE + 5)  # the end of input ends it too
    assert list(read_lines(io.BytesIO(b"a" * (MAX_LINE - 1) + b"\n"))) == [
        "a" * (MAX_LINE - 1) + "\n"
    ]


def test_an_error_quotes_little_of_the_input() -> None:
    out = io.StringIO()
    server = HubServer(out)
    server.handle("init\n")
    server.handle("pos pos=" + "W" + "x" * 50 + "\n")
    server.handle("pos moves=" + "1" * 60_000 + "\n")
    server.handle('set-param name="' + "n" * 60_000 + "\n")
    errors = [line for line in out.getvalue().splitlines() if line.startswith("error")]
    assert len(errors) == 3 and all(len(line) < 200 for line in errors), errors
