"""What can go wrong with an engine, as values: a :class:`Fault` is a kind and its fields.

:class:`~dame_desktop.engines.base.EngineError` carries one (``error.fault``).  The engine
layer and the ``dame`` command say it in English (:meth:`Fault.text`: "engine NAME: " in
front, the English template of the kind filled in, an exit note behind); the window says it
in the user's language from the kind and the fields (``ui/words/engine_texts.py``), never by
reading the English back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from string import Formatter


class FaultKind(enum.Enum):
    """One kind of fault; its value is the English sentence part with ``{field}`` holes."""

    CANNOT_START = "cannot start the engine {path}: {error}"
    CLOSED = "the engine was closed"
    HANDSHAKE_TIMEOUT = "did not finish the handshake ('wait') within {seconds} s"
    NOT_READY = "was not ready within {seconds} s of 'init'"
    NOT_RUNNING = "is not running"
    STOPPED_READING = "stopped reading its input"
    QUIT_IN_HANDSHAKE = "quit during the handshake"
    QUIT_IN_INIT = "quit during init"
    QUIT_IN_SEARCH = "quit during the search"
    HAS_QUIT = "has quit"
    LONG_LINE = "sent a line longer than {limit} bytes"
    NOT_UTF8 = "sent a garbled line (not UTF-8 text)"
    GARBLED = "sent a garbled line ({problem}): {line}"
    NO_STOP = "did not answer 'stop' within {seconds} s"
    HANGS_MOVETIME = "did not answer within {seconds} s and a margin (it hangs)"
    HANGS_SECONDS = "did not answer within {seconds} s (it hangs)"
    HANGS = "did not answer in time (it hangs)"
    NO_MOVE = "answered without a move: {line}"
    ILLEGAL_MOVE = "sent an illegal move {move} in {fen}"
    REPORTED_ERROR = "reported an error: {message}"
    WRONG_RULES = "does not play {rules}"
    NO_LEGAL_MOVE = "no legal move in {fen}"
    #: our side failed (a bug, an answer we could not use): the message as it came
    OTHER = "{message}"

    @property
    def field_names(self) -> tuple[str, ...]:
        """The fields the sentence names, in its order."""
        return tuple(name for _, name, _, _ in Formatter().parse(self.value) if name)


class ExitKind(enum.Enum):
    """How the engine's process ended, when it had ended at the fault."""

    CRASHED = " (it crashed: signal {code})"
    EXITED = " (it exited with status {code})"


@dataclass(frozen=True)
class Fault:
    """One fault of one engine: ``kind`` with its ``fields`` (name, value pairs in the
    sentence's order), the engine's name ("" for a fault before it had one, which the English
    does not prefix) and how the process ended (``exit`` and its signal or status)."""

    kind: FaultKind
    fields: tuple[tuple[str, str], ...] = ()
    engine: str = ""
    exit: ExitKind | None = None
    code: int = 0

    @classmethod
    def of(
        cls,
        kind: FaultKind,
        *,
        engine: str = "",
        exit: ExitKind | None = None,
        code: int = 0,
        **fields: object,
    ) -> Fault:
        """A fault of ``kind`` with every field it names (missing ones are empty)."""
        values = tuple((name, str(fields.get(name, ""))) for name in kind.field_names)
        return cls(kind, values, engine, exit, code)

    def field(self, name: str) -> str:
        return dict(self.fields).get(name, "")

    def reason(self) -> str:
        """What went wrong in English, without the engine's name, with the exit note."""
        text = self.kind.value.format(**dict(self.fields))
        if self.exit is not None:
            text += self.exit.value.format(code=self.code)
        return text

    def text(self) -> str:
        """The whole English message: "engine NAME: " and :meth:`reason`."""
        if not self.engine:
            return self.reason()
        return f"engine {self.engine}: {self.reason()}"

    def __str__(self) -> str:
        return self.text()


def exit_of(code: int | None) -> tuple[ExitKind | None, int]:
    """A process's return code as the exit note's kind and number (None: still running)."""
    if code is None:
        return None, 0
    if code < 0:
        return ExitKind.CRASHED, -code
    return ExitKind.EXITED, code
