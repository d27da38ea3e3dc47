"""A Hub protocol client (versions 2 and 1): an external draughts engine such as Scan.  No Qt.

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

Version 1 (Scan 2.0) is told apart by the missing ``id`` line: the lines before ``wait`` are
its name in free text, it plays International only, and a search is ``pos`` with the side to
move in lower case and no ``pos=``, one ``move`` line per king move since then, ``time`` (in
milliseconds) and/or ``depth``, then ``go``; it answers positional ``info`` lines (depth, mean
depth, score in men, nodes, seconds, Mnps, line) and ``move <best> [<ponder>]``.  It knows no
node budget (a budget of N nodes is sent as N microseconds, about what an engine searching a
million nodes a second spends on it) and no ``stop``, but any line stops its search, so
``stop`` is sent as in version 2.

Threads: one daemon thread reads the engine's output into a queue; the public methods lock,
so an engine may be used from a worker thread while ``stop()`` comes from another one.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NoReturn

from ..ai.search import Limit
from ..core import Move, Position, RuleSet
from ..core.digits import ascii_float
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
from .faults import ExitKind, Fault, FaultKind, exit_of
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
from .transport import (
    EOF,
    HUGE,
    Clock,
    ProcessTransport,
    Transport,
    TransportFactory,
)

POLL = 0.05  # seconds between looks at the stop flag while waiting
V1_NODES_A_SECOND = 1_000_000  # a version-1 engine gets a node budget as this many a second
MAX_KING_MOVES = 200  # the longest run of king moves sent as moves=


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
        transport: TransportFactory | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        """``transport`` starts the engine (a real process by default), ``clock`` measures
        every deadline (``time.monotonic``): a test may give its own of both."""
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
        self._start: TransportFactory = transport or ProcessTransport
        self._clock = clock
        self._lock = threading.RLock()
        self._transport: Transport | None = None
        self._dead: Fault | None = None
        self._rules: RuleSet | None = None  # the rules the running process was initialised for
        self.version = 2  # the protocol the engine speaks, known after the handshake
        self._info = EngineInfo(name=Path(self.path).name)
        with self._lock:
            self._launch()

    # -- public ------------------------------------------------------------------------------

    @classmethod
    def probe(
        cls, path: str | os.PathLike[str], args: Sequence[str] = ("hub",), timeout: float = 10.0
    ) -> EngineInfo:
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
        """The running engine process (None once it has been stopped, or with a transport
        that is no process)."""
        transport = self._transport
        return transport.process if isinstance(transport, ProcessTransport) else None

    @property
    def pid(self) -> int | None:
        """The running engine's process id (None once it has been stopped)."""
        transport = self._transport
        return transport.pid if transport is not None else None

    @property
    def failed(self) -> Fault | None:
        """The fault that stopped the engine, if one did."""
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
            raise EngineError(self._fault(FaultKind.NO_LEGAL_MOVE, fen=position.fen()))
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
                self._send("new-game" if self.version >= 2 else "new")

    def abort(self) -> None:
        """Kill the engine process now, without waiting for the lock (any thread, also while
        a search runs: for closing the program).  The search in progress sees the end of
        the engine's output and raises EngineError; the process is reaped there or by
        :meth:`close`, which the owner still calls."""
        transport = self._transport
        if transport is not None:
            transport.kill_now()

    def close(self) -> None:
        """Ask the engine to quit; stop it if it does not within a second.  Idempotent."""
        self.stop()
        with self._lock:
            if self._transport is None:
                return
            self._ask_to_quit()
            self._shutdown()
            if self._dead is None:
                self._dead = Fault.of(FaultKind.CLOSED)

    # -- process -----------------------------------------------------------------------------

    def _launch(self) -> None:
        """Start the process and do the handshake up to ``wait``."""
        cwd = self.cwd
        if cwd is None:
            parent = Path(self.path).parent
            cwd = str(parent) if str(parent) not in ("", ".") else None
        try:
            self._transport = self._start([self.path, *self.args], cwd)
        except OSError as exc:
            self._dead = Fault.of(FaultKind.CANNOT_START, path=self.path, error=exc.strerror or exc)
            raise EngineError(self._dead) from None
        self._handshake()

    def _handshake(self) -> None:
        """``hub`` ... ``wait``: version 2 introduces itself with ``id`` and ``param`` lines,
        version 1 with free text (its name)."""
        self._send("hub")
        deadline = self._clock() + self.timeout
        lines: list[str] = []
        while True:
            line = self._next(deadline, FaultKind.QUIT_IN_HANDSHAKE)
            if line is None or self._clock() > deadline:
                self._fail(FaultKind.HANDSHAKE_TIMEOUT, seconds=f"{self.timeout:g}")
            if line.split()[:1] == ["wait"]:
                break
            lines.append(line)
        if any(line.split()[:1] == ["id"] for line in lines):
            self._info = self._info_v2(lines)
            self.version = 2
        else:
            self._info = _info_v1(lines, self._info.name)
            self.version = 1

    def _info_v2(self, lines: Sequence[str]) -> EngineInfo:
        info = EngineInfo(name=Path(self.path).name, protocol=2)
        for line in lines:
            command, args = self._parse(line)
            if command == "id":
                info.name = args.get("name", info.name) or info.name
                info.author = args.get("author", "")
                info.version = args.get("version", "")
                info.country = args.get("country", "")
            elif command == "param" and args.get("name"):
                info.params[args["name"]] = dict(args)
                if args["name"] == "variant":
                    values = args.get("values", "").split() or [args.get("value", "")]
                    info.variants = tuple(v for v in values if v)
        if "variant" not in info.params:
            info.variants = ("normal",)
        return info

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
        if self.version >= 2:
            params.update(self.user_params)
        for key, value in params.items():
            if declared.get(key, {}).get("value") != value:
                self._send(format_line("set-param", [("name", key), ("value", value)]))
        self._send("init")
        deadline = self._clock() + self.init_timeout
        while True:
            line = self._next(deadline, FaultKind.QUIT_IN_INIT)
            if line is None or self._clock() > deadline:
                self._fail(FaultKind.NOT_READY, seconds=f"{self.init_timeout:g}")
            try:
                command, _args = parse_line(line)
            except ProtocolError:
                continue  # free text while initialising is allowed
            if command == "ready":
                break
        self._rules = rules

    def _ask_to_quit(self) -> None:
        """Say 'quit' and give the engine a second to end by itself."""
        transport = self._transport
        if transport is not None and transport.exit_code(0) is None:
            with contextlib.suppress(OSError, ValueError):
                transport.send(b"quit\n")
            transport.exit_code(1.0)

    def _restart(self) -> None:
        self._ask_to_quit()
        self._shutdown()
        self._rules = None
        self._launch()

    def _shutdown(self) -> None:
        """Stop the engine for good (its process group: terminate, kill, wait; reaped)."""
        transport, self._transport = self._transport, None
        if transport is not None:
            transport.close()

    def _fault(
        self, kind: FaultKind, ended: tuple[ExitKind | None, int] = (None, 0), **fields: object
    ) -> Fault:
        """A fault of this engine (``ended``: how its process ended, from :meth:`_ended`)."""
        return Fault.of(kind, engine=self._info.name, exit=ended[0], code=ended[1], **fields)

    def _fail(
        self, kind: FaultKind, ended: tuple[ExitKind | None, int] = (None, 0), **fields: object
    ) -> NoReturn:
        """Stop the engine for the fault ``kind`` and raise."""
        self._dead = self._fault(kind, ended, **fields)
        self._shutdown()
        raise EngineError(self._dead)

    def _alive(self) -> None:
        if self._dead is not None:
            raise EngineError(self._dead)

    # -- lines -------------------------------------------------------------------------------

    def _send(self, line: str) -> None:
        transport = self._transport
        if transport is None:
            self._fail(FaultKind.NOT_RUNNING)
        try:
            transport.send(line.encode("utf-8") + b"\n")
        except (OSError, ValueError):
            self._fail(FaultKind.STOPPED_READING, self._ended())

    def _next(self, deadline: float | None, waiting: FaultKind) -> str | None:
        """The next line, or None when ``deadline`` (monotonic) passes first; ``waiting`` is
        the fault when the engine quits meanwhile."""
        transport = self._transport
        if transport is None:
            self._fail(FaultKind.NOT_RUNNING)
        timeout = None if deadline is None else max(deadline - self._clock(), 0.0)
        item = transport.receive(timeout)
        if item is None:
            return None
        if item is EOF:
            self._fail(waiting, self._ended())
        if item is HUGE:
            self._fail(FaultKind.LONG_LINE, limit=MAX_LINE)
        assert isinstance(item, bytes)
        try:
            return item.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            self._fail(FaultKind.NOT_UTF8)

    def _drain(self) -> None:
        transport = self._transport
        while transport is not None:
            item = transport.receive(0)
            if item is None:
                return
            if item is EOF:
                self._fail(FaultKind.HAS_QUIT, self._ended())
            if item is HUGE:
                self._fail(FaultKind.LONG_LINE, limit=MAX_LINE)

    def _parse(self, line: str) -> tuple[str, dict[str, str]]:
        try:
            return parse_line(line)
        except ProtocolError as exc:
            self._fail(FaultKind.GARBLED, problem=exc, line=_clip(line))

    @property
    def _answer(self) -> str:
        """The first word of the line that ends a search."""
        return "done" if self.version >= 2 else "move"

    def _parse_v1(self, line: str) -> tuple[str, dict[str, str]]:
        """A version-1 line as a version-2 command and fields: ``info`` with its positional
        fields named, ``move`` with ``move`` and ``ponder``; anything else by its first
        word.  Control characters are garbage, as in version 2."""
        if any(ord(ch) < 32 and ch != "\t" for ch in line):
            self._fail(FaultKind.GARBLED, problem="control characters in a line", line=_clip(line))
        words = line.split()
        if not words:
            return "", {}
        command, rest = words[0], words[1:]
        if command == "info":
            names = ("depth", "mean-depth", "score", "nodes", "time", "nps")
            args = dict(zip(names, rest, strict=False))
            if len(rest) > len(names):
                args["pv"] = " ".join(rest[len(names) :])
            return command, args
        if command == "move":
            return command, dict(zip(("move", "ponder"), rest, strict=False))
        return command, {}

    def _ended(self) -> tuple[ExitKind | None, int]:
        """How the process ended (crashed by a signal, exited with a status), if it has."""
        transport = self._transport
        return exit_of(transport.exit_code(0.5) if transport is not None else None)

    # -- searching ---------------------------------------------------------------------------

    def _search(
        self,
        position: Position,
        limit: Limit,
        mode: str,
        history: Sequence[Position],
        should_stop: StopFlag | None,
        on_info: InfoCallback | None,
    ) -> Analysis:
        stop = self._begin(should_stop)
        with self._lock:
            self._alive()
            rules = position.rules
            if not self.supports(rules):
                raise EngineError(self._fault(FaultKind.WRONG_RULES, rules=rules.name))
            if not position.legal_moves():
                return Analysis(position, (), terminal_score(position), engine=self.name)
            self._configure(rules)
            return self._run(position, limit, mode, history, stop, on_info)

    def _run(
        self,
        position: Position,
        limit: Limit,
        mode: str,
        history: Sequence[Position],
        stop: StopFlag,
        on_info: InfoCallback | None,
    ) -> Analysis:
        self._drain()  # lines left from before belong to no question of ours
        start, moves = _start_and_moves(position, history)
        if self.version >= 2:
            pos_args: list[tuple[str, str | None]] = [("pos", position_text(start))]
            if moves:
                pos_args.append(("moves", " ".join(move_text(m) for m in moves)))
            self._send(format_line("pos", pos_args))
            self._send(format_line("level", _level_args(limit)))
            started = self._clock()
            self._send(f"go {mode}")
        else:
            for request in _v1_request(start, moves, limit):
                self._send(request)
            started = self._clock()
            self._send("go")
        if limit.movetime is not None:
            deadline: float | None = (
                started + limit.movetime + max(self.margin, limit.movetime * 0.5)
            )
            hangs, hang_seconds = FaultKind.HANGS_MOVETIME, f"{limit.movetime:g}"
        elif limit.depth is not None or limit.nodes is not None:
            deadline = started + self.depth_timeout
            hangs, hang_seconds = FaultKind.HANGS_SECONDS, f"{self.depth_timeout:g}"
        else:
            deadline = None
            hangs, hang_seconds = FaultKind.HANGS, ""
        stopping_since: float | None = None
        best: Line | None = None
        depth = nodes = 0
        while True:
            if stopping_since is None and stop():
                self._send("stop")
                stopping_since = self._clock()
            wait_until = self._clock() + POLL
            if deadline is not None:
                wait_until = min(wait_until, deadline)
            if stopping_since is not None:
                wait_until = min(wait_until, stopping_since + self.stop_grace)
            line = self._next(wait_until, FaultKind.QUIT_IN_SEARCH)
            now = self._clock()
            answered = line is not None and line.startswith(self._answer)
            if not answered:  # a flood of other lines must not hide the clock
                if stopping_since is not None and now >= stopping_since + self.stop_grace:
                    self._fail(FaultKind.NO_STOP, seconds=f"{self.stop_grace:g}")
                if deadline is not None and now >= deadline:
                    self._fail(hangs, seconds=hang_seconds)
            if line is None:
                continue
            command, args = self._parse(line) if self.version >= 2 else self._parse_v1(line)
            if command == "info":
                line_found, d, n = self._info_line(position, args, best)
                if line_found is not None:
                    best = line_found
                depth = max(depth, d)
                nodes = max(nodes, n)
                if on_info is not None and best is not None:
                    on_info(
                        Analysis(
                            position,
                            (best,),
                            best.score,
                            depth,
                            nodes,
                            now - started,
                            self.name,
                            complete=False,
                        )
                    )
            elif command == self._answer:
                text = args.get("move", "")
                if not text:
                    self._fail(FaultKind.NO_MOVE, line=_clip(line))
                try:
                    move = parse_move(text, position)
                except ProtocolError:
                    self._fail(FaultKind.ILLEGAL_MOVE, move=_clip(text), fen=position.fen())
                if best is None or best.move != move:
                    pv: list[Move] = [move]
                    ponder = args.get("ponder")
                    if ponder:
                        with contextlib.suppress(ProtocolError):
                            pv.append(parse_move(ponder, position.play(move)))
                    score = best.score if best is not None and best.move == move else Score()
                    best = Line(move, score, depth, tuple(pv))
                return Analysis(
                    position,
                    (best,),
                    best.score,
                    depth,
                    nodes,
                    self._clock() - started,
                    self.name,
                    complete=stopping_since is None,
                )
            elif command == "error":
                self._fail(FaultKind.REPORTED_ERROR, message=_clip(args.get("message", line), 120))
            # pong and anything unknown: ignored, as the protocol asks

    def _info_line(
        self, position: Position, args: dict[str, str], previous: Line | None
    ) -> tuple[Line | None, int, int]:
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


def _start_and_moves(
    position: Position, history: Sequence[Position]
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


def _info_v1(lines: Sequence[str], default_name: str) -> EngineInfo:
    """What a version-1 engine says about itself: its first line of text is its name, with a
    version when the second word starts with a digit ("Scan 2.0 ..."); it plays
    International ("normal") only and has no parameters."""
    info = EngineInfo(name=default_name, variants=("normal",), protocol=1)
    for line in lines:
        words = "".join(ch for ch in line if ch.isprintable()).split()
        if not words:
            continue
        if len(words) >= 2 and words[1][:1].isdigit():
            info.name, info.version = words[0][:40], words[1][:20]
        else:
            info.name = " ".join(words)[:40]
        break
    return info


def _v1_request(start: Position, moves: Sequence[Move], limit: Limit) -> list[str]:
    """The version-1 lines before ``go``: the position, the moves since then, the limit."""
    text = position_text(start)
    lines = [f"pos {text[0].lower()}{text[1:]}"]
    lines.extend(f"move {move_text(move)}" for move in moves)
    millis: float | None = None
    if limit.movetime is not None:
        millis = limit.movetime * 1000.0
    elif limit.nodes is not None and limit.depth is None:
        millis = limit.nodes * 1000.0 / V1_NODES_A_SECOND
    if millis is not None:
        lines.append(f"time {max(1, round(millis))}")
    if limit.depth is not None:
        lines.append(f"depth {limit.depth}")
    return lines


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
