"""An engine's fault said in the window's language: every kind of engines/faults.py has a
German text, filled from the fault's fields (no English read back); the English of the
engine layer stays the same sentence."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dame_desktop.engines.faults import ExitKind, Fault, FaultKind
from dame_desktop.ui.app.i18n import LanguageManager
from dame_desktop.ui.words.engine_texts import fault_reason_text

WORDED = [kind for kind in FaultKind if kind is not FaultKind.OTHER]


@pytest.fixture
def german(qapp) -> Iterator[None]:
    languages = LanguageManager()
    languages.set_language("de")
    yield
    languages.set_language("en")


def _fault(kind: FaultKind, exit: ExitKind | None = None, code: int = 0) -> Fault:
    # values that look like nothing in any sentence, one per field, each holding "%1"
    values = {name: f"<{name.upper()}{i}%1>" for i, name in enumerate(kind.field_names)}
    return Fault.of(kind, engine="Scan: 3.1", exit=exit, code=code, **values)


def test_the_english_is_the_sentence_the_engine_layer_always_said() -> None:
    fault = Fault.of(FaultKind.QUIT_IN_SEARCH, engine="Fake 1.0", exit=ExitKind.EXITED, code=3)
    assert fault.text() == "engine Fake 1.0: quit during the search (it exited with status 3)"
    hang = Fault.of(FaultKind.HANGS_MOVETIME, engine="Scan", seconds="0.2")
    assert str(hang) == "engine Scan: did not answer within 0.2 s and a margin (it hangs)"
    start = Fault.of(FaultKind.CANNOT_START, path="/x/scan", error="No such file or directory")
    assert start.text() == "cannot start the engine /x/scan: No such file or directory"
    assert Fault.of(FaultKind.CLOSED).text() == "the engine was closed"
    assert len(WORDED) + len(ExitKind) == 24  # the German texts


@pytest.mark.parametrize("kind", WORDED)
def test_every_fault_in_english_keeps_its_words_and_values(qapp, kind: FaultKind) -> None:
    fault = _fault(kind, ExitKind.EXITED, 3)
    text = fault_reason_text(fault)
    assert "Scan" not in text  # the sentence around it names the engine
    assert text.endswith(" (it exited with status 3)")
    for _, value in fault.fields:
        assert text.count(value) == 1  # each value once, "%1" inside it untouched
    assert text.startswith(("it ", "the engine ", "cannot start the engine "))


@pytest.mark.parametrize("kind", WORDED)
def test_every_fault_has_a_german_text(german, kind: FaultKind) -> None:
    fault = _fault(kind, ExitKind.CRASHED, 9)
    text = fault_reason_text(fault)
    assert fault.reason().removesuffix(" (it crashed: signal 9)") not in text
    assert text.endswith(" (sie ist abgestürzt: Signal 9)")
    for _, value in fault.fields:
        assert text.count(value) == 1


def test_the_crash_of_a_real_fake_reads_in_german(german) -> None:
    fault = Fault.of(FaultKind.QUIT_IN_SEARCH, engine="Fake 1.0", exit=ExitKind.EXITED, code=3)
    assert fault_reason_text(fault) == (
        "sie hat sich während der Suche beendet (sie hat sich mit Status 3 beendet)"
    )


def test_a_fault_of_our_own_side_is_shown_as_it_came(german) -> None:
    fault = Fault.of(FaultKind.OTHER, engine="X", message="TypeError: bad %1")
    assert fault_reason_text(fault) == "TypeError: bad %1"
    assert fault.text() == "engine X: TypeError: bad %1"
