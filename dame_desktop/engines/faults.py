"""What can go wrong with a Hub engine, as the English sentence parts its errors are made of.

:class:`~dame_desktop.engines.HubEngine` raises ``EngineError("engine NAME: " + part)``, where
``part`` is one of the templates below filled in (``{seconds}``, ``{line}`` ...), perhaps
followed by one of the exit notes.  The English stays the message of the engine layer (logs,
the ``dame`` command); the window reads a message back with :func:`parse` and says it in the
user's language (``ui/engine_texts.py``), so every template here has a translation there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CANNOT_START = "cannot start the engine {path}: {error}"
CLOSED = "the engine was closed"
HANDSHAKE_TIMEOUT = "did not finish the handshake ('wait') within {seconds} s"
OLD_PROTOCOL = "speaks Hub protocol version 1 (no 'id' line); version 2 is needed"
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

TEMPLATES: tuple[str, ...] = (
    CANNOT_START, CLOSED, HANDSHAKE_TIMEOUT, OLD_PROTOCOL, NOT_READY, NOT_RUNNING,
    STOPPED_READING, QUIT_IN_HANDSHAKE, QUIT_IN_INIT, QUIT_IN_SEARCH, HAS_QUIT, LONG_LINE,
    NOT_UTF8, GARBLED, NO_STOP, HANGS_MOVETIME, HANGS_SECONDS, HANGS, NO_MOVE, ILLEGAL_MOVE,
    REPORTED_ERROR, WRONG_RULES, NO_LEGAL_MOVE,
)

CRASHED = " (it crashed: signal {signal})"
EXITED = " (it exited with status {status})"
EXIT_NOTES: tuple[str, ...] = (CRASHED, EXITED)

PREFIX = "engine {name}: "


@dataclass(frozen=True)
class Fault:
    """A message taken apart: the template, its fields, the engine's name ("" when the
    message had none) and the exit note with its fields (None: none)."""

    template: str
    fields: dict[str, str]
    name: str = ""
    note: str | None = None
    note_fields: dict[str, str] | None = None


def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a regular expression with one named group per field."""
    parts = re.split(r"\{(\w+)\}", template)
    body = "".join(f"(?P<{part}>.*?)" if i % 2 else re.escape(part)
                   for i, part in enumerate(parts))
    return re.compile(body + r"\Z", re.DOTALL)


_TEMPLATES = [(template, _pattern(template)) for template in TEMPLATES]
_NOTES = [(note, _pattern(note)) for note in EXIT_NOTES]


def parse(message: str) -> Fault | None:
    """``message`` (an EngineError's text) taken apart, or None when it is none of ours."""
    found = _match(message)
    if found is not None:
        return found
    if message.startswith("engine "):
        # the name may hold ": " itself: try each split until the rest is one of ours
        at = message.find(": ")
        while at != -1:
            found = _match(message[at + 2:], message[len("engine "):at])
            if found is not None:
                return found
            at = message.find(": ", at + 1)
    return None


def _match(text: str, name: str = "") -> Fault | None:
    note: str | None = None
    note_fields: dict[str, str] | None = None
    for candidate, pattern in _NOTES:
        hit = pattern.search(text)
        if hit is not None:
            note, note_fields = candidate, hit.groupdict()
            text = text[:hit.start()]
            break
    for template, pattern in _TEMPLATES:
        hit = pattern.match(text)
        if hit is not None:
            return Fault(template, hit.groupdict(), name, note, note_fields)
    return None
