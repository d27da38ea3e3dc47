"""Preferences › Board colours offers the high-contrast theme; it is applied and remembered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dame_desktop.store.settings import Preferences, load_preferences, save_preferences
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.board.theme import CONTRAST, WOOD


@pytest.fixture
def program(qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    save_preferences(Preferences(language="en", opponent="human", animate=False))
    session = Session()
    window = MainWindow(start_game=False)
    qtbot.addWidget(window)
    session.attach(window)
    window.show()
    qtbot.waitExposed(window)
    session.begin()
    yield session, window
    window.shutdown()


def test_the_contrast_theme_is_chosen_applied_and_remembered(program) -> None:
    session, window = program
    assert window.board.theme is WOOD
    dialog = session.show_preferences()
    index = dialog.theme_box.findData("contrast")
    assert index >= 0
    assert "contrast" in dialog.theme_box.itemText(index).lower()
    dialog.theme_box.setCurrentIndex(index)
    assert window.board.theme is CONTRAST
    assert load_preferences().value.board_theme == "contrast"
    rect = window.board.square_rect(15)
    image = window.board.grab().toImage()
    corner = image.pixelColor(int(rect.left()) + 3, int(rect.top()) + 3)
    assert corner.name() == CONTRAST.dark_square  # flat squares, no shading
    dialog.close()
    again = Session()
    assert again.prefs.board_theme == "contrast"
