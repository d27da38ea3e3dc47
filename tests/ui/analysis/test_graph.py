"""The evaluation graph: values from an annotated game or a review, clicks, hover text."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from dame_desktop.ai.search import Limit
from dame_desktop.engines import BuiltinEngine, Score, annotate, review_game
from dame_desktop.ui.analysis import EvaluationGraph
from dame_desktop.ui.analysis.graph import graph_value

from .helpers import BLUNDER, load


def reviewed_game():
    game = load(BLUNDER)
    review = review_game(game, BuiltinEngine(), Limit(depth=4))
    annotate(game, review)
    return game, review


def make_graph(qtbot, width: int = 400) -> EvaluationGraph:
    graph = EvaluationGraph()
    qtbot.addWidget(graph)
    graph.resize(width, 120)
    graph.show()
    qtbot.waitExposed(graph)
    return graph


def test_a_click_emits_the_ply_of_its_column(qtbot) -> None:
    game, _review = reviewed_game()
    graph = make_graph(qtbot)
    graph.set_game(game)
    assert graph.plies() == 7
    for ply in (1, 4, 7):
        x = round(graph.x_of(ply))
        with qtbot.waitSignal(graph.ply_clicked, timeout=60_000) as blocker:
            QTest.mouseClick(
                graph,
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
                QPoint(x, graph.height() // 2),
            )
        assert blocker.args == [ply]
    # the edges of a column belong to it
    left = graph.plot_rect().left() + 2 * graph.column_width() + 1
    with qtbot.waitSignal(graph.ply_clicked, timeout=60_000) as blocker:
        QTest.mouseClick(
            graph,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            QPoint(round(left), 10),
        )
    assert blocker.args == [3]


def test_values_and_marks_come_from_the_annotation_and_from_the_review(qtbot) -> None:
    game, review = reviewed_game()
    from_tree = make_graph(qtbot)
    from_tree.set_game(game)
    from_review = make_graph(qtbot)
    from_review.set_review(review)
    marks = [p.mark for p in from_tree.points()]
    assert marks[4] == "??" and marks.count(None) == 6
    assert [p.mark for p in from_review.points()] == marks
    for a, b in zip(from_tree.points(), from_review.points(), strict=True):
        assert a.label == b.label
        assert a.score is not None and b.score is not None
        assert abs(a.score.number() - b.score.number()) < 0.011
    assert from_tree.points()[4].label == "3. 17-14"
    assert from_tree.points()[5].label == "3... 9x25"
    dropped = from_tree.points()[4].score
    assert dropped is not None and dropped.men <= -0.9  # White dropped a man
    assert graph_value(dropped) < -0.4


def test_hover_shows_the_move_and_its_value(qtbot) -> None:
    game, _review = reviewed_game()
    graph = make_graph(qtbot)
    graph.set_game(game)
    QTest.mouseMove(graph, QPoint(round(graph.x_of(5)), 30))
    qtbot.waitUntil(lambda: graph.toolTip().startswith("3. 17-14??: -"), timeout=60_000)
    assert "Dark" in graph.toolTip()


def test_forced_wins_reach_the_edge_and_live_values_fill_gaps(qtbot) -> None:
    assert graph_value(Score(0.0, 3, True)) == 1.0
    assert -1.0 < graph_value(Score(-9.0)) < graph_value(Score(-3.0)) < -0.9
    game = load(BLUNDER)  # no [%eval] yet
    graph = make_graph(qtbot)
    graph.set_game(game)
    assert graph.value_at(2) is None
    graph.set_live_value(2, Score(0.4))
    assert graph.value_at(2) == Score(0.4)
    assert "+0.40" in graph.hover_text(2)
    graph.set_game(None)
    assert graph.plies() == 0
    QTest.mouseClick(graph, Qt.MouseButton.LeftButton)  # nothing to jump to: no signal, no error
