"""An engine's fault said in the window's language: every template of engines/faults.py is
taken apart again and has a German text; the English stays English."""

from __future__ import annotations

from collections.abc import Iterator
from string import Formatter

import pytest

from dame_desktop.engines import faults
from dame_desktop.ui.app.i18n import LanguageManager
from dame_desktop.ui.engine_texts import engine_reason_text


@pytest.fixture
def german(qapp) -> Iterator[None]:
    languages = LanguageManager()
    languages.set_language("de")
    yield
    languages.set_language("en")


def _fields(template: str) -> dict[str, str]:
    # values that look like nothing in any template, one per field
    names = [name for _, name, _, _ in Formatter().parse(template) if name]
    return {name: f"<{name.upper()}{i}%1>" for i, name in enumerate(names)}


def _message(template: str, note: str = "") -> tuple[str, dict[str, str]]:
    fields = _fields(template)
    name = "Scan: 3.1"  # a name that holds the separator itself
    return faults.PREFIX.format(name=name) + template.format(**fields) + note, fields


@pytest.mark.parametrize("template", faults.TEMPLATES)
def test_every_fault_is_taken_apart_again(template: str) -> None:
    message, fields = _message(template, faults.CRASHED.format(signal=11))
    fault = faults.parse(message)
    assert fault is not None
    assert (fault.template, fault.fields, fault.name) == (template, fields, "Scan: 3.1")
    assert fault.note == faults.CRASHED and fault.note_fields == {"signal": "11"}


@pytest.mark.parametrize("template", faults.TEMPLATES)
def test_every_fault_in_english_keeps_its_words_and_values(qapp, template: str) -> None:
    message, fields = _message(template, faults.EXITED.format(status=3))
    text = engine_reason_text(message)
    assert "Scan" not in text  # the sentence around it names the engine
    assert text.endswith(" (it exited with status 3)")
    for value in fields.values():
        assert text.count(value) == 1  # each value once, "%1" inside it untouched
    assert text.startswith(("it ", "the engine ", "cannot start the engine "))


@pytest.mark.parametrize("template", faults.TEMPLATES)
def test_every_fault_has_a_german_text(german, template: str) -> None:
    message, fields = _message(template, faults.CRASHED.format(signal=9))
    text = engine_reason_text(message)
    english = template.format(**fields)
    assert english not in text
    assert text.endswith(" (sie ist abgestürzt: Signal 9)")
    for value in fields.values():
        assert text.count(value) == 1


def test_the_crash_of_a_real_fake_reads_in_german(german) -> None:
    message = "engine Fake 1.0: quit during the search (it exited with status 3)"
    assert engine_reason_text(message) == (
        "sie hat sich während der Suche beendet (sie hat sich mit Status 3 beendet)")


def test_a_message_that_is_none_of_ours_is_shown_as_it_came(german) -> None:
    assert engine_reason_text("engine X: TypeError: bad") == "TypeError: bad"
    assert engine_reason_text("something else") == "something else"
