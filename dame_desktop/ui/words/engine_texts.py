"""An engine's fault in the user's language.

The engine layer says what went wrong in English (``engines/faults.py``: one template per
fault, "engine NAME: " in front, an exit note behind).  :func:`engine_reason_text` takes
such a message apart and says it again in the language of the window, without the engine's
name (the sentences around it name the engine).  A message that is none of the templates
(our own side of the talk failed) is shown as it came.
"""

from __future__ import annotations

import re
from string import Formatter

from PySide6.QtCore import QCoreApplication

from dame_desktop.engines import faults


def _template_text(template: str) -> str:
    """The translated template; its fields are %1, %2 ... in the order the English names them."""
    translate = QCoreApplication.translate
    texts = {
        faults.CANNOT_START: translate("EngineFault", "cannot start the engine %1: %2"),
        faults.CLOSED: translate("EngineFault", "the engine was closed"),
        faults.HANDSHAKE_TIMEOUT: translate(
            "EngineFault", "it did not finish the handshake ('wait') within %1 s"),
        faults.OLD_PROTOCOL: translate(
            "EngineFault",
            "it speaks version 1 of the Hub protocol (no 'id' line); version 2 is needed"),
        faults.NOT_READY: translate("EngineFault", "it was not ready within %1 s of 'init'"),
        faults.NOT_RUNNING: translate("EngineFault", "it is not running"),
        faults.STOPPED_READING: translate("EngineFault", "it stopped reading its input"),
        faults.QUIT_IN_HANDSHAKE: translate("EngineFault", "it quit during the handshake"),
        faults.QUIT_IN_INIT: translate("EngineFault", "it quit while getting ready ('init')"),
        faults.QUIT_IN_SEARCH: translate("EngineFault", "it quit during the search"),
        faults.HAS_QUIT: translate("EngineFault", "it has quit"),
        faults.LONG_LINE: translate("EngineFault", "it sent a line longer than %1 bytes"),
        faults.NOT_UTF8: translate("EngineFault", "it sent a garbled line (not UTF-8 text)"),
        faults.GARBLED: translate("EngineFault", "it sent a garbled line (%1): %2"),
        faults.NO_STOP: translate("EngineFault", "it did not answer 'stop' within %1 s"),
        faults.HANGS_MOVETIME: translate(
            "EngineFault", "it did not answer within %1 s and a margin (it hangs)"),
        faults.HANGS_SECONDS: translate("EngineFault", "it did not answer within %1 s (it hangs)"),
        faults.HANGS: translate("EngineFault", "it did not answer in time (it hangs)"),
        faults.NO_MOVE: translate("EngineFault", "it answered without a move: %1"),
        faults.ILLEGAL_MOVE: translate("EngineFault", "it sent an illegal move %1 in %2"),
        faults.REPORTED_ERROR: translate("EngineFault", "it reported an error: %1"),
        faults.WRONG_RULES: translate("EngineFault", "it does not play %1"),
        faults.NO_LEGAL_MOVE: translate("EngineFault", "it found no legal move in %1"),
    }
    return texts[template]


def _note_text(note: str) -> str:
    if note == faults.CRASHED:
        return QCoreApplication.translate("EngineFault", " (it crashed: signal %1)")
    return QCoreApplication.translate("EngineFault", " (it exited with status %1)")


def _fill(text: str, template: str, fields: dict[str, str]) -> str:
    """``text`` with %1, %2 ... replaced in one pass by ``fields`` in the order ``template``
    names them (a value holding "%1" stays as it is)."""
    values = [fields.get(name, "") for _, name, _, _ in Formatter().parse(template) if name]
    return re.sub(r"%(\d)", lambda hit: values[int(hit.group(1)) - 1]
                  if 0 < int(hit.group(1)) <= len(values) else hit.group(0), text)


def engine_reason_text(message: str) -> str:
    """What went wrong, in the window's language, without the engine's name."""
    fault = faults.parse(message)
    if fault is None:
        head, sep, rest = message.partition(": ")
        return rest if sep and head.startswith("engine ") else message
    text = _fill(_template_text(fault.template), fault.template, fault.fields)
    if fault.note is not None and fault.note_fields is not None:
        text += _fill(_note_text(fault.note), fault.note, fault.note_fields)
    return text
