"""Fixtures for the window tests: offscreen Qt (set in tests/conftest.py), real mouse events."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import dame_desktop

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("DAME_NO_SOUND", "1")  # the window's sounds stay silent in the tests

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from dame_desktop.ui.compat import keep_none_alive

keep_none_alive()

from PySide6.QtCore import QCoreApplication, QTranslator  # noqa: E402

from dame_desktop.ui.app.main_window import MainWindow  # noqa: E402


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch) -> None:
    """Finished games are counted in the score table: never in the user's data folder."""
    if not os.environ.get("DAME_DATA_DIR") and not os.environ.get("DAME_CONFIG_DIR"):
        monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:
    """A main window with no game yet; its engine thread is stopped and checked afterwards."""
    win = MainWindow(start_game=False)
    qtbot.addWidget(win)
    win.board.set_animated(False)
    win.action("animate").setChecked(False)
    win.resize(900, 660)
    win.show()
    qtbot.waitExposed(win)
    yield win
    if win.play.over_box is not None:
        win.play.over_box.close()
    win.shutdown()
    assert win.client.worker_thread.isFinished(), "the engine thread must stop on shutdown"


CATALOGUES = Path(dame_desktop.__file__).resolve().parent / "translations"


@pytest.fixture
def german(qapp) -> Iterator[None]:
    """Our German catalogue installed for one test (English again afterwards)."""
    translator = QTranslator()
    assert translator.load("dame_de", str(CATALOGUES)), "dame_de.qm must load"
    QCoreApplication.installTranslator(translator)
    QCoreApplication.processEvents()
    yield
    QCoreApplication.removeTranslator(translator)
    QCoreApplication.processEvents()
