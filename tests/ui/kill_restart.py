"""Kill the real program with SIGKILL during a clocked game, start it again, and check that
every move and the clocks' times came back.

One round: tests/ui/session_driver.py starts the program (offscreen, its files in
``config``), answers "Continue the game?" with Continue, reports the game it got back
(``RESTORED``) and plays random moves by mouse clicks at a random pace, reporting each
(``MOVE``); after a random number of moves and a random delay it is killed -- between
moves, inside an autosave, while the clock runs.  The next round's ``RESTORED`` is checked
against what the killed round showed:

- the moves: every move reported is back, in order, and at most one more (a move on the
  board and saved, whose report had not been printed yet); a finished game leaves nothing;
- the ``[%clk]`` times of those moves, exactly;
- the clocks in the autosave left by the kill: the waiting side has exactly what it had
  after its last move; the running side no more than when its turn began, and no less
  than it had at the last report minus the time until the kill (what may be lost is the
  time since the last checkpoint, never more);
- the restarted clocks: what the autosave holds, less at most the time the start took.

Used by tests/ui/app/test_kill_restart.py (a round or two) and bench/ui_kill_restart.py (many).
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DRIVER = Path(__file__).resolve().parent / "session_driver.py"
SLACK = 0.05  # seconds: the autosave rounds times to milliseconds, the clock reads jitter


@dataclass
class Round:
    """What one run of the program showed before it was killed."""

    restored: dict[str, Any] | None = None
    reports: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    started: float = 0.0  # when the program was started (time.monotonic)
    restored_at: float = 0.0
    killed_at: float = 0.0
    saved: dict[str, Any] | None = None  # the autosave file after the kill (None: none)
    temps: list[str] = field(default_factory=list)  # half-written files the kill left
    stderr: str = ""

    def last(self) -> tuple[float, dict[str, Any]] | None:
        """The last state shown: the last move's report, or the restored game."""
        if self.reports:
            return self.reports[-1]
        if self.restored is not None:
            return self.restored_at, self.restored
        return None


def _reader(stream: Iterable[str], lines: queue.Queue[tuple[float, str]]) -> None:
    for line in stream:
        lines.put((time.monotonic(), line))
    lines.put((time.monotonic(), ""))


def play_and_kill(
    config: Path,
    *,
    plies: int,
    kill_after: int,
    delay: float,
    seed: int,
    pause_ms: int,
    timeout: float = 120.0,
) -> Round:
    """Start the program, let it report ``kill_after`` moves (of ``plies``), wait ``delay``
    seconds and SIGKILL it."""
    env = dict(
        os.environ, DAME_CONFIG_DIR=str(config), QT_QPA_PLATFORM="offscreen", DAME_NO_SOUND="1"
    )
    result = Round(started=time.monotonic())
    proc = subprocess.Popen(
        [
            sys.executable,
            str(DRIVER),
            str(plies),
            "--continue",
            "--each",
            "--seed",
            str(seed),
            "--pause-ms",
            str(pause_ms),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    errors: list[str] = []
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    threading.Thread(target=lambda: errors.extend(proc.stderr or ()), daemon=True).start()
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                at, line = lines.get(timeout=1.0)
            except queue.Empty:
                continue
            if not line:
                raise AssertionError(
                    f"the program ended before it was killed (exit "
                    f"{proc.wait(10)}): {''.join(errors)[-2000:]}"
                )
            kind, _, data = line.partition(" ")
            if kind == "RESTORED":
                result.restored, result.restored_at = json.loads(data), at
            elif kind == "MOVE":
                result.reports.append((at, json.loads(data)))
            elif kind == "FAILED":
                raise AssertionError(f"the driver said {line!r}")
            if result.restored is not None and (
                len(result.reports) >= kill_after or kind == "PLAYED"
            ):
                break
        else:
            raise AssertionError("the program did not report in time")
        time.sleep(delay)
        result.killed_at = time.monotonic()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
        while True:  # a report printed just before the kill counts as shown
            try:
                at, line = lines.get(timeout=5.0)
            except queue.Empty:
                break
            if not line:
                break
            kind, _, data = line.partition(" ")
            if kind == "MOVE" and at <= result.killed_at:
                result.reports.append((at, json.loads(data)))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
    if proc.returncode != -signal.SIGKILL:
        raise AssertionError(f"the program was not killed but ended with {proc.returncode}")
    result.stderr = "".join(errors)
    # the atomic write's temporary files beside the autosave: the kill came inside a save
    result.temps = sorted(p.name for p in config.glob(".autosave.json.*.tmp"))
    path = config / "autosave.json"
    if path.exists():
        result.saved = json.loads(path.read_text(encoding="utf-8"))
    return result


def saved_moves(saved: dict[str, Any]) -> list[str]:
    """The autosave's moves replayed, named as the program names them (the file writes a
    capture with every square it passes)."""
    from dame_desktop.store.autosave import restore_game

    try:
        game, _meta = restore_game(saved)
    except ValueError as exc:
        return [f"<the autosave cannot be replayed: {exc}>"]
    return [game.states[i].position.move_text(m) for i, m in enumerate(game.moves)]


def check_saved(killed: Round) -> list[str]:
    """What the autosave left by the kill must hold (see the module docstring)."""
    problems: list[str] = []
    last = killed.last()
    if last is None:
        return ["the killed program showed no game"]
    shown_at, shown = last
    moves = list(shown["moves"])
    saved = killed.saved
    if shown["over"] or not moves:
        if saved is not None and not moves:
            problems.append("an autosave was left for a game without moves")
        return problems  # a finished game: the autosave may be gone or hold the last move
    if saved is None:
        return [f"the autosave is gone, {len(moves)} moves were shown"]
    events = saved_moves(saved)
    if events[: len(moves)] != moves or len(events) > len(moves) + 1:
        problems.append(f"the autosave holds the moves {events}, the program showed {moves}")
        return problems
    player = saved.get("player", {})
    clk, shown_clk = player.get("clk", []), list(shown["clk"])
    if clk[: len(shown_clk)] != shown_clk:
        problems.append(f"the autosave's move times {clk} are not the times shown {shown_clk}")
    clock = player.get("clock")
    if shown["white"] is None:
        return problems
    if not isinstance(clock, dict):
        return problems + [f"the autosave lost the clock: {player}"]
    if len(events) > len(moves):
        return problems  # a move after the last report: its times were not shown
    running = shown["running"]
    for colour, key in (("W", "white"), ("B", "black")):
        left = clock[key]["remaining"]
        seen = float(shown[key])
        if colour != running:
            if abs(left - seen) > SLACK:
                problems.append(
                    f"{key} was not to move and had {seen:.3f} s; the autosave says {left}"
                )
            continue
        began = _turn_start(killed, colour, key)
        elapsed = killed.killed_at - shown_at
        if left > began + SLACK:
            problems.append(
                f"{key}'s clock in the autosave ({left}) has more than when its "
                f"turn began ({began:.3f})"
            )
        if left < seen - elapsed - SLACK:
            problems.append(
                f"{key}'s clock in the autosave ({left}) lost more than the "
                f"{elapsed:.2f} s from the last report ({seen:.3f}) to the kill"
            )
    if clock.get("running") != running:
        problems.append(
            f"the autosave's running clock is {clock.get('running')}, the program's was {running}"
        )
    return problems


def _turn_start(killed: Round, colour: str, key: str) -> float:
    """The running side's time when its turn began: its time in the report before its turn
    (or the restored game's, or the first report's)."""
    states = ([killed.restored] if killed.restored is not None else []) + [
        state for _, state in killed.reports
    ]
    began = float("inf")
    for state in states:
        if state["running"] != colour:
            began = float(state[key])
    return began


def check_restored(killed: Round, restarted: Round) -> list[str]:
    """The restarted program's game against the autosave the kill left."""
    restored = restarted.restored
    if restored is None:
        return ["the restarted program showed no game"]
    saved = killed.saved
    if saved is None:
        if restored["moves"]:
            return [f"no autosave, yet the program started with moves {restored['moves']}"]
        return []
    events = saved_moves(saved)
    problems: list[str] = []
    if restored["moves"] != events:
        problems.append(
            f"the restarted game has the moves {restored['moves']}, the autosave {events}"
        )
        return problems
    player = saved.get("player", {})
    if restored["clk"] != player.get("clk", []):
        problems.append(
            f"the restarted game's move times {restored['clk']} are not the "
            f"autosave's {player.get('clk')}"
        )
    clock = player.get("clock")
    if not isinstance(clock, dict):
        return problems
    if restored["white"] is None:
        return problems + ["the restarted game has no clock"]
    took = restarted.restored_at - restarted.started
    for key in ("white", "black"):
        left = clock[key]["remaining"]
        now = float(restored[key])
        if now > left + SLACK or now < left - took - SLACK:
            problems.append(
                f"{key}'s restarted clock shows {now:.3f} s, the autosave "
                f"{left} (the start took {took:.2f} s)"
            )
    if restored["running"] != clock.get("running"):
        problems.append(
            f"the restarted clock runs for {restored['running']}, the autosave "
            f"says {clock.get('running')}"
        )
    return problems
