"""A Hub protocol (version 2) client: an external draughts engine such as Scan.  No Qt.

``HubEngine(path)`` starts ``path hub`` (in the executable's folder, where Scan finds its
``data/``), sends ``hub`` and reads ``id``/``param`` lines up to ``wait``: ``info`` then holds
the name, author, version and the variants the engine declares.  The engine is initialised
(``set-param`` for the variant, ``init`` ... ``ready``) the first time it is asked about a
rule set, and started afresh when the rules change (parameters are set before ``init`` only).

A search is ``pos`` (the last position before a run of king moves, with those ``moves=`` so
the engine sees repetitions), ``level`` and ``go analyze`` (``go think`` to play); ``info``
lines give score, depth and line, ``done move=...`` the move, which is checked against our
legal moves by identity.

A bad engine cannot hang or crash the caller: every wait has a deadline (the move time plus a
margin; ``timeout`` for the handshake, ``init_timeout`` for ``init``, ``depth_timeout`` for a
search without a move time), and a crash, a hang, an illegal or unreadable move, a garbled,
partial or huge line stops the engine and whatever it started (its process group, so an
engine behind a wrapper script goes too): ``terminate``, then ``kill``, then ``wait`` (no
zombie), and raises :class:`~dame_desktop.engines.base.EngineError` with one line for the
user.  Every later call raises the same error at once, so the caller falls back to the
built-in engine.

Threads: one daemon thread reads the engine's output into a queue; the public methods lock,
so an engine may be used from a worker thread while ``stop()`` comes from another one.
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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, NoReturn

from ..ai.search import Limit
from ..core import Move, Position, RuleSet
from ..core.digits import ascii_float
from . import faults
from .base import (
    Analysis,
    Engine,
    EngineError,
    EngineInfo,
    InfoCallback,
    Line,
    StopFlag,
    terminal_score,
)
from .protocol import (
    MAX_LINE,
    RULES_PARAM,
    ProtocolError,
    format_line,
    move_text,
    parse_line,
    parse_move,
    position_text,
    rules_text,
    variant_name,
)
from .score import Score

_EOF = object()
_HUGE = object()
POLL = 0.05  # seconds between looks at the stop flag while waiting
MAX_KING_MOVES = 200  # the longest run of king moves sent as moves=
QUEUED_LINES = 10_000  # lines read ahead; a flooding engine then blocks (and times out)


class HubEngine(Engine):
    """An external engine speaking the Hub protocol (see the module docstring)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        args: Sequence[str] = ("hub",),
        *,
        cwd: str | os.PathLike[str] | None = None,
        timeout: float = 10.0,
        init_timeout: float = 60.0,
        margin: float = 2.0,
        depth_timeout: float = 300.0,
        stop_grace: float = 3.0,
        params: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.path = str(path)
        if os.path.dirname(self.path):  # relative to here, not to the engine's folder
            self.path = os.path.abspath(self.path)
        self.args = tuple(args)
        self.cwd = str(cwd) if cwd is not None else None
        self.timeout = timeout
        self.init_timeout = init_timeout
        self.margin = margin
        self.depth_timeout = depth_timeout
        self.stop_grace = stop_grace
        self.user_params = dict(params or {})
        self._lock = threading.RLock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[object] = queue.Queue(QUEUED_LINES)
        self._reader: threading.Thread | None = None
        self._finalizer: weakref.finalize | None = None  # type: ignore[type-arg]
        self._dead: str | None = None
        self._rules: RuleSet | None = None  # the rules the running process was initialised for
        self._info = EngineInfo(name=Path(self.path).name)
        with self._lock:
            self._launch()

    # -- public ------------------------------------------------------------------------------

    @classmethod
    def probe(cls, path: str | os.PathLike[str], args: Sequence[str] = ("hub",),
              timeout: float = 10.0) -> EngineInfo:
        """Start an engine, shake hands, stop it: what it says about itself (for adding an
        engine in the preferences).  Raises EngineError; the process is gone either way."""
        engine = cls(path, args, timeout=timeout)
        try:
            return engine.info
        finally:
            engine.close()

    @property
    def info(self) -> EngineInfo:
        return self._info

    @property
    def process(self) -> subprocess.Popen[bytes] | None:
        """The running engine process (None once it has been stopped)."""
        return self._proc

    @property
    def failed(self) -> str | None:
        """The message of the fault that stopped the engine, if one did."""
        return self._dead

    def supports(self, rules: RuleSet) -> bool:
        return supports_rules(self._info, rules)

    def analyse(
        self,
        position: Position,
        limit: Limit,
        *,
        lines: int = 1,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        should_stop: StopFlag | None = None,
        on_info: InfoCallback | None = None,
    ) -> Analysis:
        return self._search(position, limit, "analyze", history, should_stop, on_info)

    def play(
        self,
        position: Position,
        limit: Limit,
        *,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        should_stop: StopFlag | None = None,
    ) -> Move:
        result = self.think(position, limit, history=history, should_stop=should_stop)
        if result.move is None:
            raise EngineError(self._text(faults.NO_LEGAL_MOVE, fen=position.fen()))
        return result.move

    def think(
        self,
        position: Position,
        limit: Limit,
        *,
        history: Sequence[Position] = (),
        should_stop: StopFlag | None = None,
    ) -> Analysis:
        """The move to play (``go think``: the engine may use its book) with what the engine
        said about it (score, depth, line); no lines when there is no legal move.  Raises
        EngineError as ``analyse`` does."""
        return self._search(position, limit, "think", history, should_stop, None)

    def new_game(self) -> None:
        with self._lock:
            if self._dead is None and self._rules is not None:
                self._send("new-game")

    def abort(self) -> None:
        """Kill the engine process now, without waiting for the lock (any thread, also while
        a search runs: for closing the program).  The search in progress sees the end of
        the engine's output and raises EngineError; the process is reaped there or by
        :meth:`close`, which the owner still calls."""
        proc = self._proc
        if proc is not None:
            _signal_group(proc, _SIGKILL)

    def close(self) -> None:
        """Ask the engine to quit; stop it if it does not within a second.  Idempotent."""
        self.stop()
        with self._lock:
            proc = self._proc
            if proc is None:
                return
            if proc.poll() is None:
                with contextlib.suppress(OSError, ValueError):
                    assert proc.stdin is not None
                    proc.stdin.write(b"quit\n")
                    proc.stdin.flush()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(1.0)
            self._shutdown()
            if self._dead is None:
                self._dead = faults.CLOSED

    # -- process -----------------------------------------------------------------------------

    def _launch(self) -> None:
        """Start the process and do the handshake up to ``wait``."""
        cwd = self.cwd
        if cwd is None:
            parent = Path(self.path).parent
            cwd = str(parent) if str(parent) not in ("", ".") else None
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) if sys.platform == "win32" else 0
        try:
            proc = subprocess.Popen(
                [self.path, *self.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, cwd=cwd, bufsize=0, creationflags=flags,
                start_new_session=sys.platform != "win32")
        except OSError as exc:
            self._dead = faults.CANNOT_START.format(path=self.path, error=exc.strerror or exc)
            raise EngineError(self._dead) from None
        self._proc = proc
        self._lines = queue.Queue(QUEUED_LINES)
        assert proc.stdout is not None
        self._reader = threading.Thread(target=_read_lines, args=(proc.stdout, self._lines),
                                        name=f"hub-reader-{proc.pid}", daemon=True)
        self._reader.start()
        self._finalizer = weakref.finalize(self, _kill, proc)
        self._handshake()

    def _handshake(self) -> None:
        self._send("hub")
        deadline = time.monotonic() + self.timeout
        info = EngineInfo(name=Path(self.path).name)
        seen_id = False
        while True:
            line = self._next(deadline, faults.QUIT_IN_HANDSHAKE)
            if line is None or time.monotonic() > deadline:
                self._fail(faults.HANDSHAKE_TIMEOUT, seconds=f"{self.timeout:g}")
            command, args = self._parse(line)
            if command == "id":
                seen_id = True
                info.name = args.get("name", info.name) or info.name
                info.author = args.get("author", "")
                info.version = args.get("version", "")
                info.country = args.get("country", "")
            elif command == "param" and args.get("name"):
                info.params[args["name"]] = dict(args)
                if args["name"] == "variant":
                    values = args.get("values", "").split() or [args.get("value", "")]
                    info.variants = tuple(v for v in values if v)
            elif command == "wait":
                break
        if not seen_id:
            self._fail(faults.OLD_PROTOCOL)
        if "variant" not in info.params:
            info.variants = ("normal",)
        self._info = info

    def _configure(self, rules: RuleSet) -> None:
        """Make the running process play ``rules`` (restart it if it plays others)."""
        if self._rules == rules:
            return
        if self._rules is not None:
            self._restart()
        params: dict[str, str] = {}
        declared = self._info.params
        name = variant_name(rules)
        if RULES_PARAM in declared:
            params[RULES_PARAM] = rules_text(rules)
            if name is not None and "variant" in declared:
                params["variant"] = name
        elif name is not None and "variant" in declared:
            params["variant"] = name
        params.update(self.user_params)
        for key, value in params.items():
            if declared.get(key, {}).get("value") != value:
                self._send(format_line("set-param", [("name", key), ("value", value)]))
        self._send("init")
        deadline = time.monotonic() + self.init_timeout
        while True:
            line = self._next(deadline, faults.QUIT_IN_INIT)
            if line is None or time.monotonic() > deadline:
                self._fail(faults.NOT_READY, seconds=f"{self.init_timeout:g}")
            try:
                command, _args = parse_line(line)
            except ProtocolError:
                continue  # free text while initialising is allowed
            if command == "ready":
                break
        self._rules = rules

    def _restart(self) -> None:
        proc = self._proc
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                assert proc.stdin is not None
                proc.stdin.write(b"quit\n")
                proc.stdin.flush()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(1.0)
        self._shutdown()
        self._rules = None
        self._launch()

    def _shutdown(self) -> None:
        """Stop the process for good: terminate, kill, wait (reaped); the reader ends."""
        proc = self._proc
        if proc is None:
            return
        _kill(proc)
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
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
        self._proc = None

    def _text(self, template: str, **fields: object) -> str:
        """The message of one of ``faults``' templates, naming this engine."""
        return faults.PREFIX.format(name=self._info.name) + template.format(**fields)

    def _fail(self, template: str, note: str = "", **fields: object) -> NoReturn:
        """Stop the engine for the fault ``template`` (of ``faults``; ``note``: how it
        ended, from :meth:`_exit_note`) and raise."""
        self._dead = self._text(template, **fields) + note
        self._shutdown()
        raise EngineError(self._dead)

    def _alive(self) -> None:
        if self._dead is not None:
            raise EngineError(self._dead)

    # -- lines -------------------------------------------------------------------------------

    def _send(self, line: str) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            self._fail(faults.NOT_RUNNING)
        try:
            proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            self._fail(faults.STOPPED_READING, self._exit_note())

    def _next(self, deadline: float | None, waiting: str) -> str | None:
        """The next line, or None when ``deadline`` (monotonic) passes first; ``waiting`` is
        the fault (of ``faults``) when the engine quits meanwhile."""
        timeout = None if deadline is None else max(deadline - time.monotonic(), 0.0)
        try:
            item = self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is _EOF:
            self._fail(waiting, self._exit_note())
        if item is _HUGE:
            self._fail(faults.LONG_LINE, limit=MAX_LINE)
        assert isinstance(item, bytes)
        try:
            return item.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            self._fail(faults.NOT_UTF8)

    def _drain(self) -> None:
        while True:
            try:
                item = self._lines.get_nowait()
            except queue.Empty:
                return
            if item is _EOF:
                self._fail(faults.HAS_QUIT, self._exit_note())
            if item is _HUGE:
                self._fail(faults.LONG_LINE, limit=MAX_LINE)

    def _parse(self, line: str) -> tuple[str, dict[str, str]]:
        try:
            return parse_line(line)
        except ProtocolError as exc:
            self._fail(faults.GARBLED, problem=exc, line=_clip(line))

    def _exit_note(self) -> str:
        """How the process ended (``faults.CRASHED`` or ``EXITED`` filled in), or ""."""
        proc = self._proc
        code = None
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = proc.wait(0.5)
        if code is None:
            return ""
        if code < 0:
            return faults.CRASHED.format(signal=-code)
        return faults.EXITED.format(status=code)

    # -- searching ---------------------------------------------------------------------------

    def _search(self, position: Position, limit: Limit, mode: str,
                history: Sequence[Position], should_stop: StopFlag | None,
                on_info: InfoCallback | None) -> Analysis:
        stop = self._begin(should_stop)
        with self._lock:
            self._alive()
            rules = position.rules
            if not self.supports(rules):
                raise EngineError(self._text(faults.WRONG_RULES, rules=rules.name))
            if not position.legal_moves():
                return Analysis(position, (), terminal_score(position), engine=self.name)
            self._configure(rules)
            return self._run(position, limit, mode, history, stop, on_info)

    def _run(self, position: Position, limit: Limit, mode: str,
             history: Sequence[Position], stop: StopFlag,
             on_info: InfoCallback | None) -> Analysis:
        self._drain()  # lines left from before belong to no question of ours
        start, moves = _start_and_moves(position, history)
        pos_args: list[tuple[str, str | None]] = [("pos", position_text(start))]
        if moves:
            pos_args.append(("moves", " ".join(move_text(m) for m in moves)))
        self._send(format_line("pos", pos_args))
        self._send(format_line("level", _level_args(limit)))
        started = time.monotonic()
        self._send(f"go {mode}")
        if limit.movetime is not None:
            deadline: float | None = started + limit.movetime + max(self.margin,
                                                                     limit.movetime * 0.5)
            hangs, hang_seconds = faults.HANGS_MOVETIME, f"{limit.movetime:g}"
        elif limit.depth is not None or limit.nodes is not None:
            deadline = started + self.depth_timeout
            hangs, hang_seconds = faults.HANGS_SECONDS, f"{self.depth_timeout:g}"
        else:
            deadline = None
            hangs, hang_seconds = faults.HANGS, ""
        stopping_since: float | None = None
        best: Line | None = None
        depth = nodes = 0
        while True:
            if stopping_since is None and stop():
                self._send("stop")
                stopping_since = time.monotonic()
            wait_until = time.monotonic() + POLL
            if deadline is not None:
                wait_until = min(wait_until, deadline)
            if stopping_since is not None:
                wait_until = min(wait_until, stopping_since + self.stop_grace)
            line = self._next(wait_until, faults.QUIT_IN_SEARCH)
            now = time.monotonic()
            if line is None or not line.startswith("done"):  # a flood must not hide the clock
                if stopping_since is not None and now >= stopping_since + self.stop_grace:
                    self._fail(faults.NO_STOP, seconds=f"{self.stop_grace:g}")
                if deadline is not None and now >= deadline:
                    self._fail(hangs, seconds=hang_seconds)
            if line is None:
                continue
            command, args = self._parse(line)
            if command == "info":
                line_found, d, n = self._info_line(position, args, best)
                if line_found is not None:
                    best = line_found
                depth = max(depth, d)
                nodes = max(nodes, n)
                if on_info is not None and best is not None:
                    on_info(Analysis(position, (best,), best.score, depth, nodes,
                                     now - started, self.name, complete=False))
            elif command == "done":
                text = args.get("move", "")
                if not text:
                    self._fail(faults.NO_MOVE, line=_clip(line))
                try:
                    move = parse_move(text, position)
                except ProtocolError:
                    self._fail(faults.ILLEGAL_MOVE, move=_clip(text), fen=position.fen())
                if best is None or best.move != move:
                    pv: list[Move] = [move]
                    ponder = args.get("ponder")
                    if ponder:
                        with contextlib.suppress(ProtocolError):
                            pv.append(parse_move(ponder, position.play(move)))
                    score = best.score if best is not None and best.move == move else Score()
                    best = Line(move, score, depth, tuple(pv))
                return Analysis(position, (best,), best.score, depth, nodes,
                                time.monotonic() - started, self.name,
                                complete=stopping_since is None)
            elif command == "error":
                self._fail(faults.REPORTED_ERROR, message=_clip(args.get("message", line), 120))
            # pong and anything unknown: ignored, as the protocol asks

    def _info_line(self, position: Position, args: dict[str, str],
                   previous: Line | None) -> tuple[Line | None, int, int]:
        depth = _int(args.get("depth"))
        nodes = _int(args.get("nodes"))
        score: Score | None = None
        if "mate" in args and _int(args["mate"]):
            score = Score.from_mate(_int(args["mate"]))
        elif "score" in args:
            try:
                men = ascii_float(args["score"])
            except ValueError:
                men = float("nan")
            if men == men and abs(men) != float("inf"):
                score = Score(men)
        pv_text = args.get("pv", "")
        pv: list[Move] = []
        pos = position
        for word in pv_text.split():
            try:
                move = parse_move(word, pos)
            except ProtocolError:
                break  # a line is advice: keep the legal start of it
            pv.append(move)
            pos = pos.play(move)
        if not pv:
            if score is not None and previous is not None:
                return Line(previous.move, score, depth, previous.pv), depth, nodes
            return None, depth, nodes
        if score is None:
            score = previous.score if previous is not None else Score()
        return Line(pv[0], score, depth, tuple(pv)), depth, nodes


# -- helpers ----------------------------------------------------------------------------------

def supports_rules(info: EngineInfo, rules: RuleSet) -> bool:
    """Whether an engine that introduced itself with ``info`` plays ``rules``: every rule set
    with our ``dame-rules`` parameter, else only a Hub variant it declares (``normal`` when
    it declares no variant parameter at all)."""
    if RULES_PARAM in info.params:
        return True
    name = variant_name(rules)
    if name is None:
        return False
    if "variant" not in info.params:
        return name == "normal"
    return name in info.variants


def _read_lines(stream: IO[bytes], lines: queue.Queue[object]) -> None:
    """The reader thread: the engine's output, one item per line, then _EOF."""
    try:
        while True:
            data = stream.readline(MAX_LINE + 1)
            if not data:
                break
            if len(data) > MAX_LINE:
                lines.put(_HUGE)
                return
            lines.put(data)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(_EOF)


_GROUPS = sys.platform != "win32"  # the engine leads a process group of its own (a session)
_SIGKILL: int = getattr(signal, "SIGKILL", signal.SIGTERM)
GROUP_GRACE = 1.0  # seconds the engine's group has to end after SIGTERM before SIGKILL


def _signal_group(proc: subprocess.Popen[bytes], sig: int) -> bool:
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


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """terminate, then kill, then wait: the engine and every process it started are gone, the
    engine is reaped.  The group is signalled even when the engine itself has ended (what a
    wrapper started may run on)."""
    if _signal_group(proc, signal.SIGTERM):
        deadline = time.monotonic() + GROUP_GRACE
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(GROUP_GRACE)
        while _group_alive(proc) and time.monotonic() < deadline:
            time.sleep(0.01)  # a grandchild may still be ending after its SIGTERM
        _signal_group(proc, _SIGKILL)
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


def _start_and_moves(position: Position, history: Sequence[Position]
                     ) -> tuple[Position, list[Move]]:
    """The position to send and the king moves after it that lead to ``position``."""
    chain = [*history[-MAX_KING_MOVES:], position]
    moves: list[Move] = []
    i = len(chain) - 1
    while i > 0:
        step = _king_step(chain[i - 1], chain[i])
        if step is None:
            break
        moves.append(step)
        i -= 1
    moves.reverse()
    return chain[i], moves


def _king_step(before: Position, after: Position) -> Move | None:
    if before.rules != after.rules or before.turn == after.turn:
        return None
    for move in before.legal_moves():
        if move.is_capture:
            continue
        piece = before.piece_at(move.from_sq)
        if piece is not None and piece.is_king and before.play(move) == after:
            return move
    return None


def _level_args(limit: Limit) -> list[tuple[str, str | None]]:
    args: list[tuple[str, str | None]] = []
    if limit.movetime is not None:
        args.append(("move-time", f"{limit.movetime:g}"))
    if limit.depth is not None:
        args.append(("depth", str(limit.depth)))
    if limit.nodes is not None:
        args.append(("nodes", str(limit.nodes)))
    if not args:
        args.append(("infinite", None))
    return args


def _int(text: str | None) -> int:
    if not text:
        return 0
    try:
        return int(ascii_float(text))
    except (ValueError, OverflowError):
        return 0


def _clip(text: str, width: int = 60) -> str:
    text = text.strip()
    return repr(text if len(text) <= width else text[:width] + "...")
