"""Game clocks: time controls, two clocks that switch on each move, pauses, flag fall.

Standard library only and no wall clock inside: every method that needs the time takes
``now``, a monotonic reading in seconds (``time.monotonic()`` in the window, plain numbers
in tests).  The window drives a :class:`Clock` like this:

- ``Clock(control_white, control_black)``, then ``start(side_to_move, now)``;
- before a move is played: ``press(now)``.  It returns ``[FLAG]`` when the mover's time had
  already run out (the move is then not played), else it adds the increment and starts the
  opponent's clock;
- after undo, redo or a blow: ``follow(side_to_move, now)`` (no increment);
- ``pause(reason, now)`` / ``resume(reason, now)`` around dialogs, the huffing decision and a
  minimised window; the clock runs only while no reason is left;
- a timer calls ``tick(now)`` a few times a second and gets LOW_TIME (the last ten seconds)
  and FLAG events; on FLAG the game ends with :func:`~dame_desktop.core.game.time_out_winner`;
- ``stop(now)`` at the end of the game; ``to_dict(now)`` / ``Clock.from_dict`` for the
  autosave.

PDN: :func:`time_control_tags` / :func:`time_controls_from_tags` for the ``TimeControl``
tags and :func:`clk_command` / :func:`parse_clk` for the ``[%clk h:mm:ss]`` comment command.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import DameError
from .rules import Color

MAX_SECONDS = 10 * 3600  # the longest starting time one can set
MAX_INCREMENT = 600
LOW_TIME_SECONDS = 10.0


class ClockError(DameError):
    """A time control text or stored clock that cannot be used; the message says why."""


@dataclass(frozen=True)
class TimeControl:
    """One player's time: ``seconds`` at the start (0 = no clock) and ``increment`` seconds
    added after each of their moves (Fischer)."""

    seconds: int = 0
    increment: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.seconds <= MAX_SECONDS:
            raise ClockError(f"starting time {self.seconds} s is out of range 0-{MAX_SECONDS}")
        if not 0 <= self.increment <= MAX_INCREMENT:
            raise ClockError(f"increment {self.increment} s is out of range 0-{MAX_INCREMENT}")
        if self.seconds == 0 and self.increment:
            raise ClockError("an increment needs a starting time")

    @classmethod
    def sudden_death(cls, minutes: float) -> TimeControl:
        return cls(round(minutes * 60))

    @classmethod
    def fischer(cls, minutes: float, increment: int) -> TimeControl:
        return cls(round(minutes * 60), increment)

    @property
    def is_none(self) -> bool:
        return self.seconds == 0

    def text(self) -> str:
        """PDN/PGN ``TimeControl`` text: ``-`` (no clock), ``300``, ``180+2``."""
        if self.is_none:
            return "-"
        return f"{self.seconds}+{self.increment}" if self.increment else str(self.seconds)

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``-``, ``300`` or ``180+2``; raises ClockError naming what is not understood
        (move-count periods such as ``40/7200:3600`` and sandglass ``*120`` are not played)."""
        value = text.strip()
        if value == "-":
            return cls()
        match = re.fullmatch(r"([0-9]{1,6})(?:\+([0-9]{1,4}))?", value)
        if match is None:
            raise ClockError(f"time control {text!r}: expected '-', seconds or seconds+increment")
        seconds = int(match.group(1))
        if seconds == 0:
            raise ClockError(f"time control {text!r}: the starting time is zero")
        return cls(seconds, int(match.group(2) or 0))


NO_CLOCK = TimeControl()
TIME_CONTROLS: tuple[TimeControl, ...] = (
    NO_CLOCK,
    TimeControl.sudden_death(5),
    TimeControl.sudden_death(10),
    TimeControl.sudden_death(15),
    TimeControl.fischer(3, 2),
)
"""The choices the new-game dialog offers before "own values"."""


class PauseReason(enum.Enum):
    """Why the clock stands still; it runs again when every reason is lifted."""

    DIALOG = "dialog"
    HUFF = "huff"  # the huffing ("Blasen") decision is open
    MINIMISED = "minimised"
    USER = "user"
    AWAY = "away"  # the live game is not shown (an earlier position, another game)


class ClockEventKind(enum.Enum):
    LOW_TIME = "low-time"  # the running side entered its last LOW_TIME_SECONDS
    FLAG = "flag"  # the running side's time ran out


@dataclass(frozen=True)
class ClockEvent:
    kind: ClockEventKind
    colour: Color


class Clock:
    """Two players' clocks; only the side to move's clock runs.  A clock with no time
    control for a side never runs out for that side (and never warns)."""

    def __init__(
        self,
        white: TimeControl,
        black: TimeControl | None = None,
        *,
        low_time: float = LOW_TIME_SECONDS,
    ) -> None:
        self.controls: dict[Color, TimeControl] = {
            Color.WHITE: white,
            Color.BLACK: black if black is not None else white,
        }
        self._left: dict[Color, float] = {c: float(t.seconds) for c, t in self.controls.items()}
        self.low_time = low_time
        self._running: Color | None = None
        self._since = 0.0
        self._pauses: set[PauseReason] = set()
        self._warned: set[Color] = set()
        self.flagged: Color | None = None
        self.stopped = False

    # -- reading -----------------------------------------------------------------------------

    @property
    def timed(self) -> bool:
        """True when at least one side plays with a clock."""
        return any(not t.is_none for t in self.controls.values())

    @property
    def running(self) -> Color | None:
        """The side whose clock is counting down now (None while paused or stopped)."""
        if self._running is None or self._pauses or self.stopped:
            return None
        return self._running

    @property
    def to_move(self) -> Color | None:
        """The side whose clock runs when not paused (None before start and after stop)."""
        return None if self.stopped else self._running

    @property
    def paused(self) -> bool:
        return bool(self._pauses)

    @property
    def pause_reasons(self) -> frozenset[PauseReason]:
        return frozenset(self._pauses)

    def remaining(self, colour: Color, now: float) -> float:
        """Seconds left for ``colour`` (never below zero; ``inf`` without a time control)."""
        if self.controls[colour].is_none:
            return math.inf
        left = self._left[colour]
        if colour is self.running:
            left -= max(0.0, now - self._since)
        return max(0.0, left)

    # -- driving -----------------------------------------------------------------------------

    def _settle(self, now: float) -> None:
        """Charge the running side for the time since the last reading."""
        side = self.running
        if side is not None and not self.controls[side].is_none:
            self._left[side] -= max(0.0, now - self._since)
        self._since = now

    def start(self, colour: Color, now: float) -> None:
        """Start the clock of ``colour`` (the side to move); raises ClockError when running."""
        if self.stopped:
            raise ClockError("the clock has been stopped (the game is over)")
        if self._running is not None:
            raise ClockError("the clock has already been started")
        self._running = colour
        self._since = now

    def press(self, now: float) -> list[ClockEvent]:
        """The side to move completes a move: its increment is added and the opponent's clock
        starts.  If its time had run out already, returns ``[FLAG]`` and stops instead.
        A move made while paused (say just after the huffing decision) costs no time."""
        side = self._running
        if side is None or self.stopped:
            return []
        self._settle(now)
        control = self.controls[side]
        if not control.is_none and self._left[side] <= 0:
            return self._flag(side)
        if not control.is_none:
            self._left[side] += control.increment
            if self._left[side] > self.low_time:
                self._warned.discard(side)
        self._running = side.opponent
        return []

    def follow(self, colour: Color, now: float) -> None:
        """Make ``colour``'s clock the running one without an increment (after undo, redo or
        a blow, when the side to move changed without a move)."""
        if self.stopped:
            return
        self._settle(now)
        self._running = colour

    def pause(self, reason: PauseReason, now: float) -> None:
        self._settle(now)
        self._pauses.add(reason)

    def resume(self, reason: PauseReason, now: float) -> None:
        """Lift one pause reason; the clock runs again when none is left."""
        self._settle(now)
        self._pauses.discard(reason)

    def tick(self, now: float) -> list[ClockEvent]:
        """Events since the last call: LOW_TIME once when the running side enters its last
        ``low_time`` seconds, FLAG when its time runs out (the clock then stops)."""
        side = self.running
        if side is None or self.controls[side].is_none:
            return []
        left = self.remaining(side, now)
        if left <= 0:
            self._settle(now)
            return self._flag(side)
        if left <= self.low_time and side not in self._warned:
            self._warned.add(side)
            return [ClockEvent(ClockEventKind.LOW_TIME, side)]
        return []

    def _flag(self, side: Color) -> list[ClockEvent]:
        self._left[side] = 0.0
        self.flagged = side
        self.stopped = True
        return [ClockEvent(ClockEventKind.FLAG, side)]

    def stop(self, now: float) -> None:
        """Freeze both clocks (the game is over)."""
        self._settle(now)
        self.stopped = True

    def reopen(self, colour: Color, now: float) -> bool:
        """The game goes on after its end was taken back (an agreed draw or a resignation
        undone): the clocks run again, ``colour``'s first.  A clock that ran out stays
        stopped; returns whether the clocks run again."""
        if not self.stopped or self.flagged is not None:
            return False
        self.stopped = False
        self._running = colour
        self._since = now
        return True

    # -- storing -----------------------------------------------------------------------------

    def to_dict(self, now: float) -> dict[str, object]:
        """The clock as JSON data for the autosave (pauses are not kept: a restored clock
        runs until the window pauses it again)."""

        def side(colour: Color) -> dict[str, object]:
            left = self.remaining(colour, now)
            return {
                "control": self.controls[colour].text(),
                "remaining": None if math.isinf(left) else round(left, 3),
            }

        return {
            "white": side(Color.WHITE),
            "black": side(Color.BLACK),
            "running": self._running.value if self._running is not None else None,
            "flagged": self.flagged.value if self.flagged is not None else None,
            "stopped": self.stopped,
        }

    @classmethod
    def from_dict(cls, data: object, now: float) -> Clock:
        """Rebuild a clock saved by :meth:`to_dict`, running from ``now``.

        Raises ClockError naming the part that is missing or wrong.
        """
        if not isinstance(data, Mapping):
            raise ClockError("clock: expected an object")
        controls: dict[Color, TimeControl] = {}
        left: dict[Color, float] = {}
        for colour, key in ((Color.WHITE, "white"), (Color.BLACK, "black")):
            part = data.get(key)
            if not isinstance(part, Mapping):
                raise ClockError(f"clock: {key} is missing")
            text = part.get("control")
            if not isinstance(text, str):
                raise ClockError(f"clock: {key}.control must be text")
            controls[colour] = TimeControl.parse(text)
            remaining = part.get("remaining")
            if controls[colour].is_none:
                left[colour] = 0.0
                continue
            if (
                isinstance(remaining, bool)
                or not isinstance(remaining, int | float)
                or not (0 <= remaining <= MAX_SECONDS + 100 * MAX_INCREMENT)
            ):
                raise ClockError(f"clock: {key}.remaining must be a number of seconds")
            left[colour] = float(remaining)
        clock = cls(controls[Color.WHITE], controls[Color.BLACK])
        clock._left = left
        clock._since = now
        clock._running = _colour_or_none(data.get("running"), "running")
        clock.flagged = _colour_or_none(data.get("flagged"), "flagged")
        stopped = data.get("stopped", False)
        if not isinstance(stopped, bool):
            raise ClockError("clock: stopped must be true or false")
        clock.stopped = stopped or clock.flagged is not None
        return clock  # a side already in its last seconds is warned again


def _colour_or_none(value: object, name: str) -> Color | None:
    if value is None:
        return None
    if value in ("W", "B"):
        return Color(value)
    raise ClockError(f"clock: {name} must be 'W', 'B' or null")


# -- PDN ---------------------------------------------------------------------------------------


def time_control_tags(white: TimeControl, black: TimeControl | None = None) -> dict[str, str]:
    """The PDN tags for the players' time controls: ``TimeControl`` when both are equal,
    ``TimeControlWhite`` and ``TimeControlBlack`` (PDN 3.0) when they differ, none at all
    for a game without clocks (PDN 3.0 leaves out tags without a value)."""
    black = white if black is None else black
    if white == black:
        return {} if white.is_none else {"TimeControl": white.text()}
    return {"TimeControlWhite": white.text(), "TimeControlBlack": black.text()}


def time_controls_from_tags(headers: Mapping[str, str]) -> tuple[TimeControl, TimeControl] | None:
    """(White's, Black's) time control from PDN tags, or None when none is given.

    ``TimeControlWhite``/``TimeControlBlack`` win over ``TimeControl``; ``?`` and an empty
    value count as not given.  Raises ClockError for a value that is not understood.
    """

    def read(name: str) -> TimeControl | None:
        value = headers.get(name, "").strip()
        if value in ("", "?"):
            return None
        try:
            return TimeControl.parse(value)
        except ClockError as exc:
            raise ClockError(f"{name} tag: {exc}") from None

    both = read("TimeControl")
    white = read("TimeControlWhite") or both
    black = read("TimeControlBlack") or both
    if white is None and black is None:
        return None
    return white or NO_CLOCK, black or NO_CLOCK


def format_clk(seconds: float) -> str:
    """``h:mm:ss`` (whole seconds, rounded down) as the ``[%clk]`` command writes it."""
    whole = max(0, math.floor(seconds)) if math.isfinite(seconds) else 0
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def clk_command(seconds: float) -> str:
    """``[%clk 0:04:59]``: the remaining time after a move, for that move's comment."""
    return f"[%clk {format_clk(seconds)}]"


_CLK = re.compile(r"\[%clk\s+([0-9]{1,3}):([0-5]?[0-9]):([0-5]?[0-9](?:\.[0-9]+)?)\s*\]")


def parse_clk(comment: str) -> float | None:
    """The seconds of the first ``[%clk h:mm:ss]`` in ``comment``, or None."""
    match = _CLK.search(comment)
    if match is None:
        return None
    hours, minutes, seconds = match.groups()
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def with_clk(comment: str, seconds: float) -> str:
    """``comment`` with its ``[%clk]`` command set to ``seconds`` (replaced or prepended)."""
    command = clk_command(seconds)
    if _CLK.search(comment):
        return _CLK.sub(command, comment, count=1)
    return f"{command} {comment}".strip()


def clock_text(seconds: float) -> str:
    """The big clock display: ``1:02:03``, ``4:59``, and tenths in the last ten seconds
    (``9.3``); ``-`` without a time control."""
    if math.isinf(seconds):
        return "-"
    if seconds < LOW_TIME_SECONDS:
        tenths = max(0, math.floor(seconds * 10))
        return f"{tenths // 10}.{tenths % 10}"
    whole = math.floor(seconds)
    if whole >= 3600:
        return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"
    return f"{whole // 60}:{whole % 60:02d}"
