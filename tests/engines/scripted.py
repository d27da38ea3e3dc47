"""A scripted engine for the Hub client: a transport that answers from a script, on a clock of
its own, so hangs and time-outs take no real seconds (python-chess's MockTransport is the
model).

    clock = FakeClock()
    engine_side = ScriptedTransport(clock)
    engine_side.handshake()                      # 'hub' ... 'wait'
    engine_side.expect("init", "ready")
    engine_side.expect("pos"); engine_side.expect("level")
    engine_side.expect("go think")               # and then nothing: it hangs
    engine = HubEngine("fake", transport=engine_side.start, clock=clock, margin=0.5)

Every line the client sends must be the next one the script expects (a prefix of it);
replies come ``after`` seconds (of the fake clock) after the line they answer.  Waiting for
a line that never comes moves the clock on by the whole wait.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dame_desktop.engines.transport import EOF, HUGE


class FakeClock:
    """A monotonic clock that only moves when told to (by the transport's waits)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class Reply:
    """A line the engine writes ``after`` seconds after the line it answers (or EOF/HUGE)."""

    line: str | object
    after: float = 0.0


class Exit(Reply):
    """The engine ends ``after`` seconds later with ``code`` (negative: killed by a signal)."""

    def __init__(self, code: int, after: float = 0.0) -> None:
        super().__init__(EOF, after)
        object.__setattr__(self, "code", code)


class ScriptedTransport:
    """The engine's end of the talk, played from a script (see the module docstring)."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.sent: list[str] = []
        self.argv: list[str] = []
        self._expected: list[tuple[str, tuple[Reply, ...]]] = []
        self._due: list[tuple[float, int, object, int | None]] = []  # when, order, item, exit
        self._order = 0
        self.code: int | None = None  # the exit status once ended
        self.closed = False
        self.killed = False

    # -- the script --------------------------------------------------------------------------

    def expect(self, line: str, *replies: str | Reply) -> None:
        """The client's next line starts with ``line``; the engine answers ``replies``."""
        self._expected.append(
            (line, tuple(r if isinstance(r, Reply) else Reply(r) for r in replies))
        )

    def handshake(self, name: str = "Fake", variants: str = "normal") -> None:
        self.expect(
            "hub",
            f"id name={name} version=1 author=tests",
            f'param name=variant value=normal type=enum values="{variants}"',
            "wait",
        )

    def ready(self) -> None:
        """The handshake, then 'init' ... 'ready'."""
        self.handshake()
        self.expect("init", "ready")

    def search(self, go: str, *replies: str | Reply) -> None:
        """'pos', 'level', then ``go`` answered by ``replies``."""
        self.expect("pos")
        self.expect("level")
        self.expect(go, *replies)

    @property
    def finished(self) -> bool:
        """Every expected line was sent."""
        return not self._expected

    # -- the transport -----------------------------------------------------------------------

    def start(self, argv: Sequence[str], cwd: str | None) -> ScriptedTransport:
        """The transport factory HubEngine calls to start the engine."""
        self.argv = list(argv)
        return self

    @property
    def pid(self) -> int | None:
        return None if self.closed else 4242

    def send(self, data: bytes) -> None:
        if self.closed or self.code is not None:
            raise BrokenPipeError("the scripted engine has ended")
        for line in data.decode("utf-8").splitlines():
            self.sent.append(line)
            if not self._expected:
                if line == "quit":
                    self._schedule(Exit(0))
                    continue
                raise AssertionError(f"the client sent {line!r}; the script expected nothing")
            wanted, replies = self._expected.pop(0)
            assert line.startswith(wanted), f"the client sent {line!r}, expected {wanted!r}"
            for reply in replies:
                self._schedule(reply)

    def _schedule(self, reply: Reply) -> None:
        self._order += 1
        code = getattr(reply, "code", None)
        item = (
            reply.line if not isinstance(reply.line, str) else (reply.line + "\n").encode("utf-8")
        )
        self._due.append((self.clock.now + reply.after, self._order, item, code))
        self._due.sort(key=lambda due: (due[0], due[1]))

    def receive(self, timeout: float | None) -> bytes | object | None:
        if self.killed:
            return EOF
        if self._due:
            when, _order, item, code = self._due[0]
            if when <= self.clock.now or timeout is None or when <= self.clock.now + timeout:
                self.clock.now = max(self.clock.now, when)
                self._due.pop(0)
                if code is not None:
                    self.code = code
                return item
        if timeout is None:
            raise AssertionError("the client would wait forever for a line")
        self.clock.now += timeout
        return None

    def exit_code(self, wait: float) -> int | None:
        if self.code is None:
            for when, _order, _item, code in self._due:
                if code is not None and when <= self.clock.now + wait:
                    self.clock.now = max(self.clock.now, when)
                    self.code = code
                    break
        return self.code

    def kill_now(self) -> None:
        self.killed = True
        if self.code is None:
            self.code = -9

    def close(self) -> None:
        self.closed = True
        if self.code is None:
            self.code = -15


__all__ = ["EOF", "HUGE", "Exit", "FakeClock", "Reply", "ScriptedTransport"]
