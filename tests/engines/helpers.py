"""Helpers for the engine tests: the ``dame`` command, fake engines, zombie checks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FAKES = Path(__file__).parent / "fakes"


def dame_command() -> list[str]:
    """How to run ``dame`` from these tests (the installed script, else the module)."""
    found = shutil.which("dame", path=str(Path(sys.executable).parent))
    if found:
        return [found]
    return [sys.executable, "-m", "dame_desktop.cli"]


def run_dame(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*dame_command(), *args], capture_output=True, text=True,
                          timeout=timeout)


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
    """The process is neither running nor a zombie: it was reaped."""
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
    assert pid not in child_states()


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs Linux /proc")
