"""A game against an external Hub engine is counted in the score table under the engine's
name, never under the built-in level it stood in for.  Real window, real
preferences dialog, real `dame hub` process, the score table file on disk."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from dame_desktop.core import Color, Reason, Result, find_rules
from dame_desktop.store.scores import Outcome, load_scores, save_scores
from dame_desktop.ui.family.scores import ScoresDialog, record_result
from tests.ui.app.test_hub_play_window import choose_engine, program  # noqa: F401 - the fixture
from tests.ui.uihelp import start

GERMAN = find_rules("german")


def _rows(view) -> list[list[str]]:
    return [
        [view.item(r, c).text() for c in range(view.columnCount())] for r in range(view.rowCount())
    ]


def test_a_game_against_a_hub_engine_goes_under_its_name(program, qtbot) -> None:  # noqa: F811
    session, window = program()
    choose_engine(session, window, qtbot, "dame-hub")
    title = window.opponent.speaker(GERMAN)
    assert title.startswith("Dame "), title
    start(window, computer=True, colour=Color.WHITE, level="hard")
    window.controller.resign(Color.WHITE)
    assert window.family.last_recorded
    table = load_scores().value
    assert table.levels() == [], "the built-in level 'Hard' did not play: not counted"
    [engine] = table.engines()
    assert engine.name == title
    assert (engine.tally.wins, engine.tally.draws, engine.tally.losses) == (0, 0, 1)
    window.play.over_box.close()
    window.action("scores").trigger()
    dialog = window.family.scores_dialog
    assert dialog is not None
    assert _rows(dialog.levels_view) == [[title, "0", "0", "1"]]
    dialog.show_engine(title)
    assert dialog.last_label.text() == f"Last games against {title}"
    assert dialog.last_view.item(0, 1).text() == f"{title} won"


def test_engine_rows_survive_the_file_and_sit_beside_the_levels(qtbot, tmp_path: Path) -> None:
    table = load_scores(tmp_path).value
    when = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    assert record_result(
        table,
        Result(Color.WHITE, Reason.NO_MOVES),
        GERMAN,
        names={Color.WHITE: "Anna"},
        computer=Color.BLACK,
        level="hard",
        when=when,
    )
    assert record_result(
        table,
        Result(Color.WHITE, Reason.NO_MOVES),
        GERMAN,
        names={Color.WHITE: "Anna"},
        computer=Color.BLACK,
        level="hard",
        engine="Scan 3.1",
        when=when,
    )
    assert record_result(
        table,
        Result(None, Reason.REPETITION),
        GERMAN,
        computer=Color.WHITE,
        level="hard",
        engine="scan 3.1",
        when=when,
    )
    save_scores(table, tmp_path)
    loaded = load_scores(tmp_path)
    assert not loaded.warnings
    again = loaded.value
    assert again == table
    assert [(lv.level, lv.tally.wins) for lv in again.levels()] == [("hard", 1)]
    [scan] = again.engines()
    assert scan.name == "Scan 3.1" and (scan.tally.wins, scan.tally.draws) == (1, 1)
    assert scan.last[0].outcome in (Outcome.WIN, Outcome.DRAW)
    dialog = ScoresDialog(directory=tmp_path)
    qtbot.addWidget(dialog)
    assert _rows(dialog.levels_view) == [["Hard", "1", "0", "0"], ["Scan 3.1", "1", "1", "0"]]
    dialog.reset_scores()
    assert load_scores(tmp_path).value.is_empty
