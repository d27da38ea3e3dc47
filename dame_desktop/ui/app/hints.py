"""Hints: one question to the engine at a time, for the position shown when it was asked.

A hint belongs to one position.  The answer is dropped when the shown position has changed
since (a move was played, a step back, another game), so "Hint: 21-17" never appears after
21-17 was played.  A hint from an external engine (the AI thread asks the Hub engine in use
where it plays the rules) names it: ``speaker`` and :meth:`HintAdvisor.named_text`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from dame_desktop.core import Position
from dame_desktop.engines.faults import Fault
from dame_desktop.ui.ai_worker import AiClient, HintAnswer, HintRequest
from dame_desktop.ui.engine_thread import Handle


class HintAdvisor(QObject):
    """Asks the engine for a hint and hands it on only while its position is still shown."""

    hint_ready = Signal(object, object)  # Position, Move or None
    failed = Signal(str)  # what went wrong (our own side's failure: English as it came)

    def __init__(
        self, client: AiClient, shown: Callable[[], Position | None], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.client = client
        self._shown = shown
        self._request: Handle | None = None
        self.speaker = ""  # the external engine that gave the last hint ("" = built-in)

    def ask(
        self,
        position: Position,
        history: tuple[Position, ...] = (),
        quiet_plies: int = 0,
        movetime: float | None = None,
    ) -> None:
        self.forget()
        handle = self.client.submit(
            HintRequest(
                position=position, history=history, quiet_plies=quiet_plies, movetime=movetime
            )
        )
        handle.done.connect(self._on_answer)
        handle.failed.connect(self._on_failed)
        self._request = handle

    def pending(self) -> bool:
        return self._request is not None

    def forget(self) -> None:
        """The shown position changed: a hint on its way is no longer wanted."""
        if self._request is not None:
            self._request.cancel()
            self._request = None

    def _on_answer(self, answer: HintAnswer) -> None:
        self._request = None
        if answer.request.position != self._shown():
            return  # asked for another position
        self.speaker = answer.engine
        self.hint_ready.emit(answer.request.position, answer.result.move)

    def named_text(self, move_text: str) -> str:
        """The status line for a hint from the external engine ``speaker``."""
        return self.tr("Hint from %1: %2").replace("%1", self.speaker).replace("%2", move_text)

    def _on_failed(self, fault: Fault) -> None:
        self._request = None
        self.failed.emit(fault.text())
