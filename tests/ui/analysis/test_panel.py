"""The analysis panel with the real built-in engine in its real thread (offscreen widgets)."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtTest import QTest

from dame_desktop.ai import egtb
from dame_desktop.ai.search import Limit
from dame_desktop.core import Move, Position, find_rules
from dame_desktop.engines import EngineError, HubEngine, Score
from dame_desktop.ui.analysis import AnalysisPanel, AnalysisUpdate, PanelEvaluation
from dame_desktop.ui.words.analysis import move_number_prefix, side_name, table_words, words
from tests.engines.helpers import fake

from .helpers import (
    BLUNDER,
    GERMAN,
    Emitted,
    hold_gui_thread,
    load,
    midgame,
    positions_of,
    start,
)


@pytest.fixture
def panel(qtbot) -> Iterator[AnalysisPanel]:
    widget = AnalysisPanel(max_seconds=20)
    qtbot.addWidget(widget)
    widget.resize(360, 320)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.shutdown()
    assert widget.runner.worker_thread.isFinished(), "the analysis thread must end"


class Relay(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[AnalysisUpdate] = []

    @Slot(object)
    def take(self, update: AnalysisUpdate) -> None:
        self.got.append(update)

    @Slot(int, object)
    def take_sent(self, _request_id: int, update: AnalysisUpdate) -> None:
        """An update as the worker sends it (its request's id, the update)."""
        self.got.append(update)


def updates_of(panel: AnalysisPanel) -> list[AnalysisUpdate]:
    got: list[AnalysisUpdate] = []
    panel.runner.updated.connect(got.append)
    return got


def wait_for_depth(qtbot, panel: AnalysisPanel, position: Position, depth: int) -> None:
    def reached() -> bool:
        update = panel.current()
        return update is not None and update.position == position and update.analysis.depth >= depth

    qtbot.waitUntil(reached, timeout=60_000)


def legal_line(position: Position, moves: Sequence[Move]) -> bool:
    pos = position
    for move in moves:
        if move not in pos.legal_moves():
            return False
        pos = pos.play(move)
    return True


def test_the_panel_follows_stepping_through_a_game(qtbot, panel) -> None:
    game = load(BLUNDER)
    shown = []
    for ply, position in enumerate(positions_of(game)[:5]):
        panel.show_position(position, ply=ply, token=ply)
        wait_for_depth(qtbot, panel, position, 3)
        update = panel.current()
        assert update is not None
        assert legal_line(position, list(update.analysis.pv))
        texts = panel.line_views[0].move_texts()
        first = position.move_text(update.analysis.pv[0])
        assert texts[0] == first
        shown.append(panel.value_label.text())
        assert panel.depth_label.text().endswith(str(update.analysis.depth))
        assert panel.engine_label.text() == "Built-in engine"
    assert len(shown) == 5


def test_values_are_from_the_first_players_side(qtbot, panel) -> None:
    # White (the first player) is a man up; Black is to move: the value stays positive
    position = Position.from_fen("B:W18,22,27,32:B5,10,15", GERMAN)
    evaluations: list[PanelEvaluation] = []
    panel.evaluated.connect(evaluations.append)
    panel.show_position(position)
    wait_for_depth(qtbot, panel, position, 4)
    assert panel.current().analysis.score.men < 0  # the side to move (Black) is worse
    assert panel.value_label.text().startswith("+")
    assert "Light" in panel.words_label.text()
    assert evaluations and evaluations[-1].score.men > 0


def test_hiding_stops_the_engine_and_showing_restarts_it(qtbot, panel) -> None:
    position = midgame()
    panel.show_position(position)
    wait_for_depth(qtbot, panel, position, 2)
    assert panel.is_analysing()
    got = updates_of(panel)
    panel.hide()
    assert not panel.is_analysing()
    assert panel.status_label.text() == "Analysis stopped"
    qtbot.wait(600)
    assert got == [], "no update arrives once the panel is hidden"
    panel.show_position(start())  # a new position while hidden: nothing runs
    assert not panel.is_analysing()
    panel.show()
    assert panel.is_analysing()
    wait_for_depth(qtbot, panel, start(), 2)


def test_a_stale_analysis_is_dropped(qtbot, panel) -> None:
    old, new = midgame(), start()
    relay = Relay()  # lives in the GUI thread: hears what the thread sent when it arrives
    raw = relay.got
    # counted in the thread, as it sends
    with Emitted(panel.runner._lane.worker.progressed) as emitted:
        panel.runner._lane.worker.progressed.connect(relay.take_sent)
        shown: list[tuple[Position, bool]] = []  # what the panel shows at each evaluation

        def record(evaluation: object) -> None:
            update = panel.current()
            assert update is not None
            shown.append((update.position, legal_line(new, list(update.analysis.pv))))

        panel.evaluated.connect(record)
        panel.show_position(old)
        qtbot.waitUntil(lambda: bool(raw), timeout=60_000)
        old_id = raw[0].request_id
        # block the GUI thread while the engine keeps sending lines for the old position, then
        # switch before the queued ones are delivered
        hold_gui_thread(lambda: emitted.count() > len(raw))
        switch_at = len(raw)
        panel.show_position(new)
        shown.clear()
        wait_for_depth(qtbot, panel, new, 4)
        late_old = [u for u in raw[switch_at:] if u.request_id == old_id]
        assert late_old, "the scenario needs old updates delivered after the switch"
        assert shown and all(p == new and legal for p, legal in shown), (
            "a line for the old position reached the panel"
        )
        update = panel.current()
        assert update is not None and update.position == new
        assert legal_line(new, list(update.analysis.pv))


def test_clicking_a_move_of_the_line_emits_the_moves_up_to_it(qtbot, panel) -> None:
    position = start()
    panel.show_position(position, ply=0)
    wait_for_depth(qtbot, panel, position, 5)
    panel.hide()  # freeze the line so the click hits what is drawn
    panel.show()
    panel.runner.stop()
    view = panel.line_views[0]
    pv = list(panel.current().analysis.lines[0].pv)
    assert len(pv) >= 3
    with qtbot.waitSignal(panel.line_clicked, timeout=60_000) as blocker:
        QTest.mouseClick(
            view,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            view.move_rect(2).center(),
        )
    assert blocker.args[0] == pv[:3]
    with qtbot.waitSignal(panel.line_clicked, timeout=60_000) as blocker:
        QTest.mouseClick(
            view,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            view.move_rect(0).center(),
        )
    assert blocker.args[0] == pv[:1]


def test_more_lines_shows_the_best_three(qtbot, panel) -> None:
    position = start()
    panel.show_position(position)
    wait_for_depth(qtbot, panel, position, 2)
    QTest.mouseClick(panel.more_button, Qt.MouseButton.LeftButton)
    assert panel.lines_wanted() == 3
    qtbot.waitUntil(
        lambda: (
            panel.current() is not None
            and len(panel.current().analysis.lines) == 3
            and panel.current().analysis.depth >= 3
        ),
        timeout=60_000,
    )
    lines = panel.current().analysis.lines
    assert len({line.move for line in lines}) == 3
    keys = [line.score.sort_key() for line in lines]
    assert keys == sorted(keys, reverse=True)
    assert all(view.isVisible() and view.move_count() > 0 for view in panel.line_views)


def test_a_position_without_moves_shows_the_result_and_runs_nothing(qtbot, panel) -> None:
    over = Position.from_fen("B:W18,22:B", GERMAN)  # Black has nothing left
    panel.show_position(over)
    assert not panel.is_analysing()
    assert panel.words_label.text() == "Light has won"
    assert panel.value_label.text() == "#0"


def test_the_endgame_tables_verdict_shows_under_the_value(
    qtbot, panel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    egtb.build(GERMAN, 3, tmp_path)
    monkeypatch.setenv(egtb.FOLDER_ENV, str(tmp_path))
    egtb.forget()
    try:
        # a king against a man: Light wins; the draw count may still end it (12 plies played)
        won = Position.from_fen("W:WK29:B10", GERMAN)
        panel.show_position(won, quiet_plies=12)
        wait_for_depth(qtbot, panel, won, 2)
        assert panel.current().analysis.endgame == "win"
        assert panel.endgame_label.isVisible()
        assert panel.endgame_label.text().splitlines() == [
            "Light wins: endgame table",
            "The tables count no moves: the draw rule's count (12 of 80 plies) may end the "
            "game first.",
        ]
        # Dark to move and lost: the winner is still named, not the side to move
        lost = Position.from_fen("B:WK29:B10", GERMAN)
        panel.show_position(lost)
        wait_for_depth(qtbot, panel, lost, 2)
        assert panel.endgame_label.text().startswith("Light wins: endgame table")
        drawn = Position.from_fen("W:WK1:BK23", GERMAN)  # a king each
        panel.show_position(drawn)
        wait_for_depth(qtbot, panel, drawn, 2)
        assert panel.endgame_label.text() == "Draw: endgame table"
        assert panel.value_label.text() == "+0.00"
        # more pieces than the tables hold: no verdict, and no empty line left behind
        panel.show_position(midgame())
        wait_for_depth(qtbot, panel, midgame(), 2)
        assert panel.current().analysis.endgame == ""
        assert not panel.endgame_label.isVisible()
    finally:
        egtb.forget()


def test_the_tables_verdict_in_words_names_the_draw_counts_of_the_rule_set() -> None:
    assert table_words("", start()) == ""
    assert table_words("draw", Position.from_fen("W:WK1:BK23", GERMAN)) == "Draw: endgame table"
    # English: Black moves first; White to move and lost, three quiet plies played
    english = find_rules("english")
    assert table_words("loss", Position.from_fen("W:W30:BK5,K6", english), 3).splitlines() == [
        "Black wins: endgame table",
        "The tables count no moves: the draw rule's count (3 of 80 plies) may end the game first.",
    ]
    # Russian counts quiet plies and has the endgame's move limits; Pool only the limit;
    # Italian neither: a win is then only a win
    russian = find_rules("russian")
    assert "(0 of 30 plies) or the endgame's move limit" in table_words(
        "win", Position.from_fen("W:WK1:B30", russian)
    )
    pool = find_rules("pool")
    assert table_words("win", Position.from_fen("W:WK1:B30", pool)).splitlines()[1] == (
        "The tables count no moves: the endgame's move limit may end the game first."
    )
    italian = find_rules("italian")
    italian_win = table_words("win", Position.from_fen("W:WK1:B30", italian))
    assert italian_win == "White wins: endgame table"


def test_a_failing_hub_engine_is_reported_once_and_the_builtin_takes_over(qtbot) -> None:
    engines: list[HubEngine] = []

    def factory(rules):
        engine = HubEngine(sys.executable, (fake("crash"),), timeout=120)
        engines.append(engine)
        return engine

    panel = AnalysisPanel(factory, max_seconds=10)
    qtbot.addWidget(panel)
    panel.show()
    messages: list[str] = []
    panel.engine_failed.connect(messages.append)
    try:
        position = start()
        panel.show_position(position)
        wait_for_depth(qtbot, panel, position, 3)
        assert len(messages) == 1 and messages[0]
        current = panel.current()
        assert current is not None and current.engine == "Dame"
        assert engines and engines[0].process is None  # stopped and reaped
        panel.show_position(midgame())
        wait_for_depth(qtbot, panel, midgame(), 2)
        assert len(messages) == 1 and len(engines) == 1  # no second try, no second message
    finally:
        panel.shutdown()
    with pytest.raises(EngineError):
        engines[0].analyse(start(), Limit(depth=1))  # dead: every later call fails at once


def test_words_and_thresholds() -> None:
    assert words(Score(0.1), GERMAN) == "about equal"
    assert words(Score(-0.4), GERMAN) == "Dark is slightly better"
    assert words(Score(1.0), GERMAN) == "Light is clearly better"
    assert words(Score(-3.0), GERMAN) == "Dark is winning"
    assert words(Score(0.0, 13, True), GERMAN) == "Light wins in 7 moves"
    assert words(Score(0.0, 1, False), GERMAN) == "Dark wins in 1 move"
    assert side_name(GERMAN, GERMAN.first) == "Light"
    english = find_rules("english")  # Black moves first: the values are Black's
    assert words(Score(1.0), english) == "Black is clearly better"
    assert words(Score(-0.5), english) == "White is slightly better"


def test_move_numbers_of_a_line() -> None:
    position = start()
    assert [move_number_prefix(position, 0, i) for i in range(4)] == ["1.", "", "2.", ""]
    after = position.play(position.legal_moves()[0])
    assert [move_number_prefix(after, 1, i) for i in range(3)] == ["1...", "2.", ""]
    assert move_number_prefix(after, 9, 0) == "5..."


def test_a_line_is_numbered_as_the_move_list_numbers_the_game() -> None:
    """One numbering (core.numbering): a game that starts with the second side to move
    opens with a half pair, and a line's number after it agrees with the move list's."""
    from dame_desktop.core import Game
    from dame_desktop.core.numbering import game_steps

    begin = start()
    second = begin.with_turn(begin.turn.opponent)
    game = Game(begin.rules, second)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    steps = game_steps(game)
    for ply, step in enumerate(steps):
        before = game.states[step.state - 1].position
        prefix = move_number_prefix(before, ply, 0)
        assert prefix == (f"{step.number}." if step.first else f"{step.number}..."), ply
