"""``dame hub``: Dame's engine behind the Hub protocol (version 2) on stdin/stdout.  No Qt.

Hub GUIs (and Dame's own client) can play every rule set against it.  The rules come from two
parameters, set with ``set-param`` before ``init``:

* ``variant`` (enum): ``normal`` (International draughts, as Scan calls it), ``losing``
  (International with ``giveaway=on``), or one of our preset keys (``german``,
  ``german-ass``, ``english``, ``russian``, ``brazilian``, ``pool``, ``italian``, ``spanish``,
  ``czech``; ``dame rules`` lists them);
* ``dame-rules`` (string): a preset key and ``NAME=VALUE`` switches (``dame rules --help``)
  separated by spaces or ``;``, e.g. ``set-param name=dame-rules value="german huffing=on"``.
  When it is not empty it decides over ``variant``.

The defaults are ``dame hub --rules KEY --set NAME=VALUE``'s (International without them).
Positions are ``pos=`` strings of the side to move and one character per square in the rule
set's PDN numbering: 51 characters on 10x10, 33 on 8x8.  Moves are ``from-to`` or
``from x to x captured ...`` (every captured square).  Scores are in men from the side to
move (``go analyze`` searches beyond a forced move, ``go think`` plays it at once); a forced
end is sent as ``score=+-(100 - plies/100)`` (Scan's style) with our extension
``mate=N`` (the side to move wins in N moves; negative: loses in N).  ``go ponder`` searches
until ``ponder-hit`` (then the level's time applies) or ``stop``; ``level time=T [moves=M]
[inc=I]`` gives each move ``T/M`` (M = 30 when not given) plus 0.9 of the increment, at most
0.8 T.  A command the engine cannot follow is answered with ``error message="..."``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Sequence
from typing import TextIO

from ..ai.search import Limit, SearchMemory, SearchResult, search
from ..core import DameError, Move, Position, RuleSet
from ..core.digits import ascii_float, ascii_int
from ..core.rules import INTERNATIONAL, PRESETS
from .base import Analysis
from .builtin import BUILTIN_NAME, BuiltinEngine, _version
from .protocol import (
    LOSING,
    MAX_LINE,
    RULES_PARAM,
    LongLine,
    ProtocolError,
    format_line,
    move_text,
    parse_line,
    parse_moves,
    parse_position,
    parse_rules_text,
    rules_text,
    shown,
    variant_name,
    variant_rules,
)
from .score import Score

MAX_ERROR = 300
"""The longest message of an ``error`` line (characters): the input it quotes is cut."""
VARIANTS = ("normal", LOSING, *(p.key for p in PRESETS if p.key != "international"))


class HubServer:
    """The engine side of the protocol; ``run`` reads commands until ``quit`` or the end."""

    def __init__(
        self, out: TextIO, rules: RuleSet = INTERNATIONAL, memory: SearchMemory | None = None
    ) -> None:
        self.out = out
        self.default_rules = rules
        default_variant = variant_name(rules) or rules.key
        if default_variant not in VARIANTS:
            default_variant = "normal"
        custom = variant_rules(default_variant) != rules
        self.declared = {
            "variant": default_variant,
            RULES_PARAM: rules_text(rules) if custom else "",
        }
        self.params = dict(self.declared)
        self.rules = rules
        self.memory = memory if memory is not None else SearchMemory()
        self.position: Position | None = None
        self.history: list[Position] = []
        self.limit = Limit(movetime=1.0)
        self.time_per_move: float | None = None  # the level's time when pondering ends
        self._write_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._deadline: float | None = None  # for ponder-hit

    # -- output ------------------------------------------------------------------------------

    def send(self, line: str) -> None:
        with self._write_lock:
            self.out.write(line + "\n")
            self.out.flush()

    def error(self, message: str) -> None:
        """Send ``error message="..."``: one short line whatever the input was (at most
        :data:`MAX_ERROR` characters of message)."""
        text = " ".join(message.split())
        if len(text) > MAX_ERROR:
            text = text[: MAX_ERROR - 1] + "…"
        self.send(format_line("error", [("message", text)]))

    # -- the loop ----------------------------------------------------------------------------

    def run(self, lines: Iterable[str | LongLine]) -> int:
        """Follow the commands of ``lines`` (:func:`~.protocol.read_lines` of a stream bounds
        them) until ``quit`` or their end."""
        for raw in lines:
            if not self.handle(raw):
                break
        self._end_search()
        return 0

    def handle(self, raw: str | LongLine) -> bool:
        """Follow one command; False after ``quit``."""
        if isinstance(raw, LongLine):  # ignored, as any line that cannot be read
            if raw.head.split(maxsplit=1)[:1] == ["pos"]:
                self._end_search()
                self.position = None  # as after a position that cannot be read
            self.error(
                f"a line of {raw.length} bytes is longer than {MAX_LINE}: ignored "
                f"(it begins {shown(raw.head)})"
            )
            return True
        try:
            command, args = parse_line(raw)
        except ProtocolError as exc:
            self.error(f"cannot read {shown(raw.strip())}: {exc}")
            return True
        if not command:
            return True
        if command == "ping":
            self.send("pong")
            return True
        if command == "stop":
            self._stop.set()
            return True
        if command == "ponder-hit":
            self._ponder_hit()
            return True
        if command == "quit":
            return False
        self._end_search()  # other commands come between searches; finish one if it runs
        handler = getattr(self, "cmd_" + command.replace("-", "_"), None)
        if handler is not None:
            handler(args)
        return True  # unknown commands are ignored, as the protocol asks

    # -- commands ----------------------------------------------------------------------------

    def cmd_hub(self, args: dict[str, str]) -> None:
        self.send(
            format_line(
                "id",
                [
                    ("name", BUILTIN_NAME),
                    ("version", _version()),
                    ("author", "the Dame authors"),
                    ("country", "Germany"),
                ],
            )
        )
        self.send(
            format_line(
                "param",
                [
                    ("name", "variant"),
                    ("value", self.declared["variant"]),
                    ("type", "enum"),
                    ("values", " ".join(VARIANTS)),
                ],
            )
        )
        self.send(
            format_line(
                "param",
                [("name", RULES_PARAM), ("value", self.declared[RULES_PARAM]), ("type", "string")],
            )
        )
        self.send("wait")

    def cmd_set_param(self, args: dict[str, str]) -> None:
        name = args.get("name", "")
        if name not in self.params:
            return  # not ours: ignored
        self.params[name] = args.get("value", "")

    def cmd_init(self, args: dict[str, str]) -> None:
        try:
            self.rules = self._chosen_rules()
        except (DameError, ValueError) as exc:
            self.error(str(exc))
            self.rules = self.default_rules
        self.memory.clear()
        self.position = Position.start(self.rules)
        self.history = []
        self.send(f"info rules={self.rules.key}")
        self.send("ready")

    def _chosen_rules(self) -> RuleSet:
        text = self.params[RULES_PARAM].strip()
        if text:
            return parse_rules_text(text)
        variant = self.params["variant"]
        rules = variant_rules(variant)
        if rules is None:
            raise ValueError(f"unknown variant {variant!r} (known: {' '.join(VARIANTS)})")
        return rules

    def cmd_new_game(self, args: dict[str, str]) -> None:
        self.memory.clear()

    def cmd_pos(self, args: dict[str, str]) -> None:
        try:
            start = (
                parse_position(args.get("pos", ""), self.rules)
                if "pos" in args
                else (Position.start(self.rules))
            )
            moves, _end = parse_moves(args.get("moves", ""), start)
        except (ProtocolError, DameError) as exc:
            self.error(str(exc))
            self.position = None
            return
        history = [start]
        pos = start
        for move in moves:
            pos = pos.play(move)
            history.append(pos)
        self.position = history.pop()
        self.history = history

    def cmd_level(self, args: dict[str, str]) -> None:
        try:
            movetime = ascii_float(args["move-time"]) if "move-time" in args else None
            depth = ascii_int(args["depth"]) if "depth" in args else None
            nodes = ascii_int(args["nodes"]) if "nodes" in args else None
            if "time" in args:
                remaining = ascii_float(args["time"])
                moves = ascii_int(args.get("moves", "30") or "30")
                inc = ascii_float(args.get("inc", "0") or "0")
                share = remaining / max(moves, 1) + 0.9 * inc
                movetime = max(0.01, min(share, 0.8 * remaining))
            if "infinite" in args:
                movetime = depth = nodes = None
            self.limit = Limit(movetime=movetime, depth=depth, nodes=nodes)
        except (ValueError, KeyError) as exc:
            self.error(f"cannot read the level: {exc}")

    def cmd_go(self, args: dict[str, str]) -> None:
        position = self.position
        if position is None:
            self.error("no position to search (send pos first)")
            return
        if not position.legal_moves():
            self.error("no legal move in this position")
            return
        ponder = "ponder" in args
        limit = self.limit
        self.time_per_move = limit.movetime
        self._deadline = None
        if ponder:
            limit = Limit()  # until ponder-hit or stop
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._think,
            args=(position, list(self.history), limit, "analyze" in args),
            name="dame-hub-search",
            daemon=True,
        )
        self._thread.start()

    # -- searching ---------------------------------------------------------------------------

    def _ponder_hit(self) -> None:
        if self.time_per_move is not None:
            self._deadline = time.monotonic() + self.time_per_move

    def _should_stop(self) -> bool:
        if self._stop.is_set():
            return True
        deadline = self._deadline
        return deadline is not None and time.monotonic() >= deadline

    def _think(
        self, position: Position, history: list[Position], limit: Limit, analyse: bool = False
    ) -> None:
        started = time.perf_counter()

        def report(result: SearchResult) -> None:
            self.send(self._info(result, time.perf_counter() - started))

        def report_analysis(found: Analysis) -> None:
            if found.lines:
                line = found.lines[0]
                self.send(
                    self._info_line(
                        line.score, found.depth, found.nodes, line.pv, time.perf_counter() - started
                    )
                )

        pv: tuple[Move, ...] | list[Move] = ()
        try:
            if analyse:  # "go analyze": a forced move is searched beyond it, as Dame shows it
                engine = BuiltinEngine(self.memory)
                found = engine.analyse(
                    position,
                    limit,
                    history=history,
                    should_stop=self._should_stop,
                    on_info=report_analysis,
                )
                report_analysis(found)
                pv = found.pv
            else:
                result = search(
                    position,
                    self.rules,
                    limit,
                    self._should_stop,
                    history=history,
                    on_iteration=report,
                    memory=self.memory,
                )
                pv = result.pv if result.pv else ([result.move] if result.move else [])
        except Exception as exc:  # a bug must not leave the GUI waiting for done
            self.error(f"search failed: {exc!r}")
        if not pv:
            move = position.legal_moves()[0]
            self.send(format_line("done", [("move", move_text(move))]))
            return
        args = [("move", move_text(pv[0]))]
        if len(pv) > 1:
            args.append(("ponder", move_text(pv[1])))
        self.send(format_line("done", args))

    def _info(self, result: SearchResult, seconds: float) -> str:
        return self._info_line(
            Score.from_search(result.score), result.depth, result.nodes, result.pv, seconds
        )

    def _info_line(
        self, score: Score, depth: int, nodes: int, pv: Sequence[Move], seconds: float
    ) -> str:
        score_text, mate = score.to_hub()
        args: list[tuple[str, str | None]] = [("depth", str(depth)), ("score", score_text)]
        if mate is not None:
            args.append(("mate", str(mate)))
        args += [("nodes", str(nodes)), ("time", f"{seconds:.3f}")]
        if seconds > 0:
            args.append(("nps", f"{nodes / seconds / 1e6:.3f}"))
        if pv:
            args.append(("pv", " ".join(move_text(m) for m in pv)))
        return format_line("info", args)

    def _end_search(self) -> None:
        thread = self._thread
        if thread is not None:
            self._stop.set()
            thread.join()
            self._thread = None
