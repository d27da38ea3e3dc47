"""Fixtures for the family-table widgets: a time source the test sets (the German catalogue
is tests/ui/conftest.py's ``german``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import dame_desktop

CATALOGUES = Path(dame_desktop.__file__).resolve().parent / "translations"


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
