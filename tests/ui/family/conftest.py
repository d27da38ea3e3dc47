"""Fixtures for the family-table widgets: the German catalogue, a time source the test sets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

import dame_desktop

CATALOGUES = Path(dame_desktop.__file__).resolve().parent / "translations"


@pytest.fixture
def german(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Our German catalogue installed for one test (English again afterwards)."""
    translator = QTranslator()
    assert translator.load("dame_de", str(CATALOGUES)), "dame_de.qm must load"
    QCoreApplication.installTranslator(translator)
    QCoreApplication.processEvents()
    yield
    QCoreApplication.removeTranslator(translator)
    QCoreApplication.processEvents()


class FakeTime:
    """A monotonic time source the test moves by hand (the QTimer still really fires)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()
