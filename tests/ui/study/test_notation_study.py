"""Every move list follows the notation preference: the move tree of a studied
file, the analysis panel's lines and the evaluation graph's tooltips say ``c3-d4`` when the
user chose coordinates and ``22-17`` for square numbers -- while the file keeps its standard
notation.  The real window, a real file, the real built-in engine; English and German."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from dame_desktop.pdn import read_game, write_game
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.app.i18n import LanguageManager
from dame_desktop.ui.app.main_window import MainWindow
from tests.ui.analysis.helpers import BLUNDER, QUIET
from tests.ui.app.test_analysis_window import analyse_shown, open_file

# BLUNDER's moves: 1. 22-17 11-16 2. 25-22 8-11 3. 17-14 9x25 4. 29x22
NUMBERS = ["22-17", "11-16", "25-22", "8-11", "17-14", "9x25", "29x22"]
COORDINATES = ["c3-b4", "f6-g5", "b2-c3", "g7-f6", "b4-c5", "b6xb2", "a1xc3"]


@pytest.fixture(params=["en", "de"])
def language(request) -> Iterator[str]:
    languages = LanguageManager()
    languages.set_language(request.param)
    yield request.param
    languages.set_language("en")


def _prefer(window: MainWindow, notation: str) -> None:
    """The preference as the preferences dialog hands it to the window (the rest as shown)."""
    window.apply_preferences(
        Preferences(
            notation=notation,  # type: ignore[arg-type]
            analysis_panel=window.action("analysis").isChecked(),
        )
    )


def test_the_study_tree_follows_the_notation(window: MainWindow, language: str, tmp_path) -> None:
    path = tmp_path / "blunder.pdn"
    path.write_text(BLUNDER)
    _prefer(window, "coordinates")
    open_file(window, path)
    text = window.study.tree.toPlainText()
    for numbers, coordinates in zip(NUMBERS, COORDINATES, strict=True):
        assert numbers not in text, (numbers, text)
        assert coordinates in text, (coordinates, text)
    # stepping keeps the highlight on the move as spelt now
    window.action("next").trigger()
    assert window.study.tree.current_text() == "1. " + COORDINATES[0]
    # back to numbers at once, without opening the file again
    _prefer(window, "numbers")
    text = window.study.tree.toPlainText()
    assert all(numbers in text for numbers in NUMBERS), text
    assert window.study.tree.current_text() == "1. " + NUMBERS[0]
    # the game as it is written keeps the standard notation
    _prefer(window, "coordinates")
    game = window.study.game
    assert game is not None
    written = write_game(game)
    assert "1. 22-17 11-16" in written and "c3" not in written, written
    again = read_game(io.StringIO(written))
    assert again is not None
    assert again.mainline_moves() == game.mainline_moves()


def test_the_graph_tooltips_follow_the_notation(
    window: MainWindow, language: str, tmp_path
) -> None:
    path = tmp_path / "blunder.pdn"
    path.write_text(BLUNDER)
    _prefer(window, "coordinates")
    open_file(window, path)
    graph = window.analysis.graph
    assert graph.plies() == len(NUMBERS)
    assert graph.hover_text(1).startswith("1. " + COORDINATES[0]), graph.hover_text(1)
    assert graph.hover_text(2).startswith("1... " + COORDINATES[1]), graph.hover_text(2)
    _prefer(window, "numbers")
    assert graph.hover_text(1).startswith("1. " + NUMBERS[0]), graph.hover_text(1)
    assert graph.hover_text(6).startswith("3... " + NUMBERS[5]), graph.hover_text(6)


def test_the_analysis_lines_follow_the_notation(
    window: MainWindow, language: str, qtbot, tmp_path
) -> None:
    path = tmp_path / "quiet.pdn"
    path.write_text(QUIET)
    _prefer(window, "coordinates")
    open_file(window, path)
    panel = analyse_shown(window, qtbot)
    update = panel.current()
    moves = panel.line_views[0].move_texts()
    assert all(text[0] in "abcdefgh" and text[1].isdigit() for text in moves), moves
    # the line shown is spelt again at once, the same moves, the analysis goes on
    _prefer(window, "numbers")
    assert panel.current() is update and window.analysis.dock.isVisible()
    again = panel.line_views[0].move_texts()
    assert len(again) == len(moves) and all(text[0].isdigit() for text in again), again
    window.action("analysis").trigger()
    qtbot.waitUntil(lambda: not panel.is_analysing(), timeout=5_000)
