"""The external engine as the computer opponent and hint giver: the window's side of it.

The user picks a Hub engine in Preferences › Engines; :class:`OpponentEngine` hands the
choice to the AI thread (:meth:`AiClient.set_external_engine`), which starts the engine and
from then on asks it for moves and hints wherever it plays the rules in use.  The window
asks :meth:`OpponentEngine.computer_name` for the computer's name (players' label, status
line, the PDN tags of the played game): "Scan 3.1" while the Hub engine plays these rules,
"Dame (Schwer)" while the built-in engine does.

When the engine fails (it would not start, crashed, hung past its time, sent an illegal or
garbled move) the AI thread has stopped and reaped it, and the built-in engine answers the
same request at once; ``message`` carries the one sentence for the user, and ``changed``
tells the window to name the built-in engine again.  A failed engine is tried again only
when the user chooses an engine anew (another one, or the built-in one and then this one).

One verdict per engine: the analysis panel runs a process of the same engine of its own.
Whichever side finds the chosen engine broken first, the other stops using it too, and the
user hears of it once: the panel's failures come in through :meth:`report_failure` (which
makes the AI thread abandon its process), play's through ``AiClient.external_failed``; both
end in ``judged(path)`` -- the analysis side's cue to use the built-in engine -- and one
``message``.  A second failure of the same choice (the other process dying on its own a
moment later) says nothing.

The computer's time for a move is its level's, and never more than :func:`clock_budget`
while the clocks beside the board run (``ComputerPlayer.budget``): a share of the time left
plus most of the increment -- for the built-in engine and the Hub engine alike.  The
level's depth cap, noise and opening book are the built-in engine's: a Hub engine plays at
its own strength in that time.

Mounting (the window)::

    self.opponent = OpponentEngine(self.client, self)
    self.opponent.changed.connect(self._update_labels)
    self.opponent.message.connect(self.show_message)
    self.analysis.external_failed.connect(self.opponent.report_failure)  # one verdict
    self.opponent.judged.connect(self.analysis.engine_judged)
    self.opponent.apply_preferences(prefs)                 # with the window's preferences
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dame_desktop.ai.timeman import move_budget
from dame_desktop.core import Color, RuleSet
from dame_desktop.engines.faults import Fault
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.ai_worker import AiClient
from dame_desktop.ui.family.clocks import ClocksPanel
from dame_desktop.ui.words import names as family_names
from dame_desktop.ui.words.engine_texts import fault_reason_text

if TYPE_CHECKING:
    from dame_desktop.engines import EngineInfo


def clock_budget(clocks: ClocksPanel, colour: Color) -> float | None:
    """:func:`move_budget` of ``colour``'s clock beside the board (None when it has none)."""
    clock = clocks.clock
    if clock is None or not clock.timed or clock.controls[colour].is_none:
        return None
    return move_budget(clocks.remaining(colour), float(clock.controls[colour].increment))


class OpponentEngine(QObject):
    """See the module docstring."""

    changed = Signal()  # the engine that speaks may have changed (started, failed, chosen)
    message = Signal(str)  # one sentence for the user (the engine failed)
    judged = Signal(str)  # the engine at this path is broken: nobody uses it any more

    def __init__(self, client: AiClient, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self.name = ""  # the name the user's choice was added with (Preferences › Engines)
        self.broken_path = ""  # the chosen engine, once found broken (until chosen anew)
        # a choice made while a game against the computer runs: (path, name), taken up when
        # the next game starts -- the running game keeps its opponent and its name
        self.pending: tuple[str, str] | None = None
        client.external_ready.connect(self._on_ready)
        client.external_failed.connect(self._on_failed)

    @property
    def path(self) -> str:
        return self.client.external_path

    def set_engine(self, path: str, name: str = "") -> None:
        """Play and hint with the Hub engine at ``path`` ("" = the built-in engine)."""
        self.name = name
        if self.client.set_external_engine(path):
            self.broken_path = ""  # chosen anew: tried again
            self.changed.emit()

    def apply_preferences(self, prefs: Preferences, game_running: bool = False) -> None:
        """The engine the preferences choose; while a game against the computer runs
        (``game_running``) another choice waits for the next game (:meth:`game_started`)."""
        entry = prefs.engine_entry()
        chosen = ("", "") if entry is None else (entry.path, entry.name)
        if chosen[0] == self.path:
            self.pending = None
            self.name = chosen[1]
            return
        if game_running:
            if self.pending != chosen:
                self.pending = chosen
                self.message.emit(
                    self.tr(
                        "The engine you chose plays from the next game on; "
                        "this game keeps its opponent."
                    )
                )
            return
        self.pending = None
        self.set_engine(*chosen)

    def game_started(self) -> None:
        """A new game: the engine chosen during the last one takes over now."""
        pending, self.pending = self.pending, None
        if pending is not None:
            self.set_engine(*pending)

    def speaker(self, rules: RuleSet) -> str:
        """The Hub engine's name when it moves and hints under ``rules``, else ""."""
        return self.client.external_title(rules)

    def computer_name(self, level_key: str, rules: RuleSet) -> str:
        """The computer as a player under ``rules``: the Hub engine ("Scan 3.1") or the
        built-in engine at its level ("Dame (Schwer)")."""
        return self.speaker(rules) or family_names.computer_name(level_key)

    def _on_ready(self, _info: EngineInfo) -> None:
        self.changed.emit()

    def report_failure(self, path: str, reason: Fault) -> bool:
        """Another user of the engine at ``path`` (the analysis panel) found it broken: the
        computer and the hints leave it too, and the user hears of it once.  False when it
        was said already, or ``path`` is not the chosen engine (nothing to say)."""
        if not path or path == self.broken_path:
            return False
        if path == self.path:
            self.client.abandon_external()
        self._judge(path, reason)
        return True

    def _on_failed(self, reason: Fault) -> None:
        path = self.path
        if path and path == self.broken_path:
            return  # the panel found it first and said so
        self._judge(path, reason)

    def _judge(self, path: str, reason: Fault) -> None:
        chosen = path == self.path
        if chosen:
            self.broken_path = path
        info = self.client.external_info if chosen else None
        who = (self.name if chosen else "") or (info.name if info is not None else "") or path
        text = fault_reason_text(reason)  # the fault in the window's words
        self.message.emit(
            self.tr(
                "The engine %1 failed and was stopped: %2. Dame's own engine plays on "
                "and gives the hints until you choose an engine in the preferences."
            )
            .replace("%1", who)
            .replace("%2", text)
        )
        self.changed.emit()
        self.judged.emit(path)
