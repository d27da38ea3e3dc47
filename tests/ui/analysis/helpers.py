"""Games and positions for the analysis window tests."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable

from PySide6.QtCore import Qt, SignalInstance

from dame_desktop.core import Position, find_rules
from dame_desktop.pdn import Game, read_game

GERMAN = find_rules("german")

# 3. 17-14?? drops a man to 9x18x25; 29x22 is then forced
BLUNDER = """[Event "test"]
[White "A"]
[Black "B"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
[Rules "german"]
1. 22-17 11-16 2. 25-22 {a user comment} 8-11 3. 17-14 9x25 4. 29x22 *
"""

QUIET = """[Event "quiet"]
[White "C"]
[Black "D"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
[Rules "german"]
1. 22-18 11-15 2. 18x11 8x15 *
"""

MIDGAME = "W:W18,21,22,23,25,26,27,28,29,30,31:B1,2,3,4,6,7,8,9,10,11,12,14"


def load(text: str) -> Game:
    game = read_game(io.StringIO(text))
    assert isinstance(game, Game) and not game.errors
    return game


def start() -> Position:
    return Position.start(GERMAN)


def midgame() -> Position:
    return Position.from_fen(MIDGAME, GERMAN)


def positions_of(game: Game) -> list[Position]:
    """The start and the position after every main-line move."""
    out = [game.position()]
    for node in game.mainline():
        out.append(node.position())
    return out


class Emitted:
    """Counts a signal's emissions in the thread that emits them (a direct connection), so a
    test can tell how many are queued for the GUI thread while it does not run its loop.

    Use it in a ``with`` block: leaving it disconnects the counter.  A plain object's method
    left connected is called by the signal's sender after the object is gone (the sender's
    wrapper may be reused by the next test), which crashed the test run.
    """

    def __init__(self, signal: SignalInstance) -> None:
        self._lock = threading.Lock()
        self._count = 0
        self._signal = signal
        signal.connect(self._take, Qt.ConnectionType.DirectConnection)

    def __enter__(self) -> Emitted:
        return self

    def __exit__(self, *_exc: object) -> None:
        self._signal.disconnect(self._take)

    def _take(self, *_args: object) -> None:
        with self._lock:
            self._count += 1

    def count(self) -> int:
        with self._lock:
            return self._count


def hold_gui_thread(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Keep the GUI thread busy (no queued signal is delivered) until ``condition`` holds.

    A fixed sleep would hope the other thread gets its work done in time; on a loaded machine
    it may not.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the other thread did not get there in time"
        time.sleep(0.01)
