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
from dame_desktop.ui.ai_worker import AiClient, EngineAnswer, HintAnswer, HintRequest


class HintAdvisor(QObject):
    """Asks the engine for a hint and hands it on only while its position is still shown."""

    hint_ready = Signal(object, object)  # Position, Move or None
    failed = Signal(str)

    def __init__(self, client: AiClient, shown: Callable[[], Position | None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self._shown = shown
        self._request: HintRequest | None = None
        self.speaker = ""  # the external engine that gave the last hint ("" = built-in)
        client.answered.connect(self._on_answer)
        client.failed.connect(self._on_failed)

    def ask(self, position: Position, history: tuple[Position, ...] = (), quiet_plies: int = 0,
            movetime: float | None = None) -> None:
        self.forget()
        self._request = self.client.submit(HintRequest(
            position=position, history=history, quiet_plies=quiet_plies, movetime=movetime))

    def pending(self) -> bool:
        return self._request is not None

    def forget(self) -> None:
        """The shown position changed: a hint on its way is no longer wanted."""
        if self._request is not None:
            self.client.cancel(self._request.id)
            self._request = None

    def _on_answer(self, answer: EngineAnswer) -> None:
        if not isinstance(answer, HintAnswer) or answer.request != self._request:
            return
        self._request = None
        if answer.request.position != self._shown():
            return  # asked for another position
        self.speaker = answer.engine
        self.hint_ready.emit(answer.request.position, answer.result.move)

    def named_text(self, move_text: str) -> str:
        """The status line for a hint from the external engine ``speaker``."""
        return self.tr("Hint from %1: %2").replace("%1", self.speaker).replace("%2", move_text)

    def _on_failed(self, request_id: int, message: str) -> None:
        if self._request is not None and request_id == self._request.id:
            self._request = None
            self.failed.emit(message)
