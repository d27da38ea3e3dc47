"""Helpers for the engine tests: the ``dame`` command, fake engines, zombie checks."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from dame_desktop.pdn import GameNode

FAKES = Path(__file__).parent / "fakes"
ROOT = Path(__file__).resolve().parents[2]


def dame_command() -> list[str]:
    """How to run ``dame`` from these tests (the installed script, else the module)."""
    found = shutil.which("dame", path=str(Path(sys.executable).parent))
    if found:
        return [found]
    # this checkout's package, whatever the folder it runs in (a Hub engine runs in its own)
    return [
        sys.executable,
        "-c",
        "import sys; sys.path.insert(0, sys.argv.pop(1)); "
        "from dame_desktop.cli.command import main; sys.exit(main())",
        str(ROOT),
    ]


def run_dame(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*dame_command(), *args], capture_output=True, text=True, timeout=timeout)


def parent(node: GameNode) -> GameNode:
    """The node a move node hangs from (typed: a move node always has one)."""
    assert node.parent is not None
    return node.parent


def fake(name: str) -> str:
    return str(FAKES / f"{name}.py")


def child_states() -> dict[int, str]:
    """pid -> state letter of this process's children (Linux /proc)."""
    me = os.getpid()
    out: dict[int, str] = {}
    if not os.path.isdir("/proc"):  # elsewhere the waitpid checks remain
        return out
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                stat = handle.read()
        except OSError:
            continue
        rest = stat.rsplit(")", 1)[1].split()
        state, ppid = rest[0], int(rest[1])
        if ppid == me:
            out[int(entry)] = state
    return out


def worker_children() -> set[int]:
    """Children of this process, without multiprocessing's own resource tracker."""
    out = set()
    for pid in child_states():
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                cmdline = handle.read()
        except OSError:
            continue
        if b"resource_tracker" not in cmdline:
            out.add(pid)
    return out


def assert_gone(pid: int) -> None:
    """The process is neither running nor a zombie: it was reaped.

    The engine layer may still be reaping it in its own thread when the window already says
    the engine is gone, so this waits for the reap (looking at /proc only: a ``waitpid`` here
    would reap a zombie itself and hide a leak), then checks it with ``waitpid``.
    """
    if os.path.isdir("/proc"):
        wait_until(lambda: pid not in child_states(), f"process {pid} is reaped")
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs Linux /proc")


def wrapped(tmp_path: Path, name: str, *args: str) -> tuple[str, Path]:
    """A shell script that runs the fake engine ``name`` without ``exec`` (the engine is the
    script's child, the caller's grandchild), and the file the engine's pid is written to."""
    pid_file = tmp_path / f"{name}.pid"
    script = tmp_path / f"{name}-wrapper.sh"
    quoted = " ".join(shlex.quote(word) for word in (sys.executable, fake(name), *args))
    script.write_text(
        "#!/bin/sh\n"
        f"/bin/sh -c 'echo $$ > {shlex.quote(str(pid_file))}; exec \"$@\"' engine {quoted}\n"
        "echo the wrapper ends >&2\n"
    )
    script.chmod(0o755)
    return str(script), pid_file


def process_ended(pid: int) -> bool:
    """The process no longer runs (gone, or a zombie its new parent has not reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")


def wait_until(condition: Callable[[], bool], what: str, limit: float = 120.0) -> None:
    """Wait for ``condition`` (looked at every 20 ms); fail naming ``what`` only after
    ``limit`` seconds, a bound no loaded machine reaches for a process that is ending."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"still waiting after {limit:g} s: {what}")
        time.sleep(0.02)
