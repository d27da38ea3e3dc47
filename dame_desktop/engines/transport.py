"""How the Hub client talks to an engine: a :class:`Transport` carries lines both ways.

:class:`ProcessTransport` is the real one: the engine as a process (``start_new_session``, so
it leads a process group of its own), its output read into a queue by a daemon thread, and
stopping it means the whole group: ``SIGTERM``, a grace, ``SIGKILL``, then ``wait`` (reaped,
no zombie) -- an engine behind a wrapper script that does not ``exec`` it goes too.

When Dame itself dies without stopping it (``SIGKILL``, a crash), an engine that reads its
input ends at the end of that input; one that hangs would run on.  So on Linux, macOS and the
other POSIX systems each engine has a watchdog (:class:`Lifeline`): a tiny Python process
(the interpreter running Dame, ``-I -S``) that holds the reading end of a pipe whose writing
end only Dame holds.  The kernel closes that end when Dame dies, however it dies; the
watchdog then ends the engine's process group (``SIGTERM``, a grace, ``SIGKILL``).  When Dame
stops the engine itself it says so on the pipe first, and the watchdog ends quietly.  Not on
Windows (an engine that does not read its input outlives a killed Dame there) nor in a frozen
bundle, which has no interpreter to run the watchdog with.  ``PR_SET_PDEATHSIG`` is not used:
it fires when the *thread* that started the engine ends, not the program.

A test gives :class:`~dame_desktop.engines.HubEngine` a scripted transport and a clock of its
own instead (``tests/engines/scripted.py``), so hangs and time-outs take no real seconds.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from typing import IO, Protocol

from .protocol import MAX_LINE

EOF = object()
"""What :meth:`Transport.receive` gives when the engine's output has ended."""
HUGE = object()
"""What :meth:`Transport.receive` gives for a line longer than ``MAX_LINE`` (then EOF)."""
QUEUED_LINES = 10_000  # lines read ahead; a flooding engine then blocks (and times out)

Clock = Callable[[], float]
"""Seconds on a monotonic clock (``time.monotonic``; a test's clock of its own)."""


class Transport(Protocol):
    """The engine's end of the talk, as the Hub client needs it."""

    @property
    def pid(self) -> int | None:
        """The engine process's id (None when there is none, or no longer)."""

    def send(self, data: bytes) -> None:
        """Write ``data`` (whole lines); raises OSError or ValueError when the engine stopped
        reading."""

    def receive(self, timeout: float | None) -> bytes | object | None:
        """The next line (bytes with its end of line), :data:`EOF`, :data:`HUGE`, or None when
        nothing came within ``timeout`` seconds (None: wait as long as it takes; 0: only what
        is there already)."""

    def exit_code(self, wait: float) -> int | None:
        """The engine's exit status (negative: the signal that ended it) once it has ended,
        waiting up to ``wait`` seconds for that; None while it runs."""

    def kill_now(self) -> None:
        """End the engine at once, from any thread (its output then ends)."""

    def close(self) -> None:
        """End the engine for good (stopped and reaped) and release the transport."""


TransportFactory = Callable[[Sequence[str], "str | None"], Transport]
"""Starts an engine: its command line and working folder (None: ours); raises OSError."""


class ProcessTransport:
    """The engine as a real process (see the module docstring)."""

    def __init__(self, argv: Sequence[str], cwd: str | None) -> None:
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) if sys.platform == "win32" else 0
        self.process: subprocess.Popen[bytes] | None = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=cwd,
            bufsize=0,
            creationflags=flags,
            start_new_session=sys.platform != "win32",
        )
        proc = self.process
        self._lines: queue.Queue[object] = queue.Queue(QUEUED_LINES)
        assert proc.stdout is not None
        self._reader: threading.Thread | None = threading.Thread(
            target=_read_lines,
            args=(proc.stdout, self._lines),
            name=f"hub-reader-{proc.pid}",
            daemon=True,
        )
        self._reader.start()
        self.lifeline = Lifeline.start(proc.pid)
        self._finalizer = weakref.finalize(self, _stop, proc, self.lifeline)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def send(self, data: bytes) -> None:
        proc = self.process
        if proc is None or proc.stdin is None:
            raise ValueError("the engine is not running")
        proc.stdin.write(data)
        proc.stdin.flush()

    def receive(self, timeout: float | None) -> bytes | object | None:
        try:
            if timeout is not None and timeout <= 0:
                return self._lines.get_nowait()
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def exit_code(self, wait: float) -> int | None:
        proc = self.process
        if proc is None:
            return None
        with contextlib.suppress(subprocess.TimeoutExpired):
            return proc.wait(wait)
        return None

    def kill_now(self) -> None:
        proc = self.process
        if proc is not None:
            signal_group(proc, _SIGKILL)

    def close(self) -> None:
        proc = self.process
        if proc is None:
            return
        stop_process(proc)
        if self.lifeline is not None:
            self.lifeline.release()
        self._finalizer.detach()
        reader = self._reader
        if reader is not None:
            deadline = time.monotonic() + 1.0
            while reader.is_alive() and time.monotonic() < deadline:
                with contextlib.suppress(queue.Empty):  # a full queue must not block it
                    while True:
                        self._lines.get_nowait()
                reader.join(0.05)
            self._reader = None
        for stream in (proc.stdin, proc.stdout):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()
        self.process = None


def _stop(proc: subprocess.Popen[bytes], lifeline: Lifeline | None) -> None:
    stop_process(proc)
    if lifeline is not None:
        lifeline.release()


# The watchdog: argv is the pipe's reading end and the engine's process group.  Any byte is
# "Dame stopped the engine itself"; the end of the input is "Dame is gone".
_WATCHDOG = """
import os, signal, sys, time
fd, group = int(sys.argv[1]), int(sys.argv[2])
signal.signal(signal.SIGINT, signal.SIG_IGN)
try:
    said = os.read(fd, 1)
except OSError:
    said = b""
if not said:
    try:
        os.killpg(group, signal.SIGTERM)
        deadline = time.monotonic() + float(sys.argv[3])
        while time.monotonic() < deadline:
            time.sleep(0.02)
            os.killpg(group, 0)
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass
"""


class Lifeline:
    """The watchdog that ends an engine's process group when Dame dies (see the module
    docstring); :meth:`release` when Dame stops the engine itself."""

    def __init__(self, process: subprocess.Popen[bytes], write_end: int) -> None:
        self.process = process
        self._write_end: int | None = write_end
        self._lock = threading.Lock()

    @classmethod
    def start(cls, group: int) -> Lifeline | None:
        """A watchdog for the process group ``group``; None where there can be none (or it
        could not be started: the engine then runs without one)."""
        if not _GROUPS or getattr(sys, "frozen", False) or not sys.executable:
            return None
        read_end, write_end = os.pipe()  # neither end is inherited but as passed below
        try:
            process = subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", _WATCHDOG, str(read_end), str(group)]
                + [str(GROUP_GRACE)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(read_end,),
                start_new_session=True,  # not in the engine's group, nor the terminal's
            )
        except OSError:
            os.close(write_end)
            return None
        finally:
            os.close(read_end)
        return cls(process, write_end)

    def release(self) -> None:
        """Dame stopped the engine: the watchdog ends without signalling (and is reaped)."""
        with self._lock:
            write_end, self._write_end = self._write_end, None
        if write_end is None:
            return
        with contextlib.suppress(OSError):
            os.write(write_end, b"q")
        os.close(write_end)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(30.0)


def _read_lines(stream: IO[bytes], lines: queue.Queue[object]) -> None:
    """The reader thread: the engine's output, one item per line, then EOF."""
    try:
        while True:
            data = stream.readline(MAX_LINE + 1)
            if not data:
                break
            if len(data) > MAX_LINE:
                lines.put(HUGE)
                return
            lines.put(data)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(EOF)


_GROUPS = sys.platform != "win32"  # the engine leads a process group of its own (a session)
_SIGKILL: int = getattr(signal, "SIGKILL", signal.SIGTERM)
GROUP_GRACE = 1.0  # seconds the engine's group has to end after SIGTERM before SIGKILL


def signal_group(proc: subprocess.Popen[bytes], sig: int) -> bool:
    """Send ``sig`` to the engine and every process it started (its process group: an engine
    run by a wrapper script that does not ``exec`` it is the wrapper's child).  False when
    none of them is left."""
    if not _GROUPS:
        if proc.poll() is not None:
            return False
        with contextlib.suppress(OSError):
            if sig == signal.SIGTERM:
                proc.terminate()
            else:
                proc.kill()
        return True
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        return False
    except OSError:  # not ours to signal: the engine alone then
        if proc.poll() is not None:
            return False
        with contextlib.suppress(OSError):
            proc.send_signal(sig)
    return True


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """terminate, then kill, then wait: the engine and every process it started are gone, the
    engine is reaped.  The group is signalled even when the engine itself has ended (what a
    wrapper started may run on)."""
    if signal_group(proc, signal.SIGTERM):
        deadline = time.monotonic() + GROUP_GRACE
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(GROUP_GRACE)
        while _group_alive(proc) and time.monotonic() < deadline:
            time.sleep(0.01)  # a grandchild may still be ending after its SIGTERM
        signal_group(proc, _SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(5.0)


def _group_alive(proc: subprocess.Popen[bytes]) -> bool:
    """Whether a process of the engine's group is left (the engine itself included)."""
    if not _GROUPS:
        return proc.poll() is None
    try:
        os.killpg(proc.pid, 0)
    except OSError:
        return False
    return True
