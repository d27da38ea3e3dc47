"""An engine's fault in the user's language.

The engine layer says what went wrong as a value (:class:`~dame_desktop.engines.faults.Fault`:
a kind, its fields, how the process ended).  :func:`fault_reason_text` says it in the
language of the window, without the engine's name (the sentences around it name the engine);
a fault of kind ``OTHER`` (our own side of the talk failed) is shown as it came.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from dame_desktop.engines.faults import ExitKind, Fault, FaultKind


def _kind_text(kind: FaultKind) -> str:
    """The translated sentence; its fields are %1, %2 ... in the order the English names them."""
    translate = QCoreApplication.translate
    texts = {
        FaultKind.CANNOT_START: translate("EngineFault", "cannot start the engine %1: %2"),
        FaultKind.CLOSED: translate("EngineFault", "the engine was closed"),
        FaultKind.HANDSHAKE_TIMEOUT: translate(
            "EngineFault", "it did not finish the handshake ('wait') within %1 s"
        ),
        FaultKind.NOT_READY: translate("EngineFault", "it was not ready within %1 s of 'init'"),
        FaultKind.NOT_RUNNING: translate("EngineFault", "it is not running"),
        FaultKind.STOPPED_READING: translate("EngineFault", "it stopped reading its input"),
        FaultKind.QUIT_IN_HANDSHAKE: translate("EngineFault", "it quit during the handshake"),
        FaultKind.QUIT_IN_INIT: translate("EngineFault", "it quit while getting ready ('init')"),
        FaultKind.QUIT_IN_SEARCH: translate("EngineFault", "it quit during the search"),
        FaultKind.HAS_QUIT: translate("EngineFault", "it has quit"),
        FaultKind.LONG_LINE: translate("EngineFault", "it sent a line longer than %1 bytes"),
        FaultKind.NOT_UTF8: translate("EngineFault", "it sent a garbled line (not UTF-8 text)"),
        FaultKind.GARBLED: translate("EngineFault", "it sent a garbled line (%1): %2"),
        FaultKind.NO_STOP: translate("EngineFault", "it did not answer 'stop' within %1 s"),
        FaultKind.HANGS_MOVETIME: translate(
            "EngineFault", "it did not answer within %1 s and a margin (it hangs)"
        ),
        FaultKind.HANGS_SECONDS: translate(
            "EngineFault", "it did not answer within %1 s (it hangs)"
        ),
        FaultKind.HANGS: translate("EngineFault", "it did not answer in time (it hangs)"),
        FaultKind.NO_MOVE: translate("EngineFault", "it answered without a move: %1"),
        FaultKind.ILLEGAL_MOVE: translate("EngineFault", "it sent an illegal move %1 in %2"),
        FaultKind.REPORTED_ERROR: translate("EngineFault", "it reported an error: %1"),
        FaultKind.WRONG_RULES: translate("EngineFault", "it does not play %1"),
        FaultKind.NO_LEGAL_MOVE: translate("EngineFault", "it found no legal move in %1"),
    }
    return texts.get(kind, "%1")  # OTHER: the message as it came


def _exit_text(exit: ExitKind) -> str:
    if exit is ExitKind.CRASHED:
        return QCoreApplication.translate("EngineFault", " (it crashed: signal %1)")
    return QCoreApplication.translate("EngineFault", " (it exited with status %1)")


def _fill(text: str, values: list[str]) -> str:
    """``text`` with %1, %2 ... replaced in one pass by ``values`` (a value holding "%1"
    stays as it is)."""
    return re.sub(
        r"%(\d)",
        lambda hit: (
            values[int(hit.group(1)) - 1] if 0 < int(hit.group(1)) <= len(values) else hit.group(0)
        ),
        text,
    )


def fault_reason_text(fault: Fault) -> str:
    """What went wrong, in the window's language, without the engine's name."""
    text = _fill(_kind_text(fault.kind), [value for _, value in fault.fields])
    if fault.exit is not None:
        text += _fill(_exit_text(fault.exit), [str(fault.code)])
    return text
