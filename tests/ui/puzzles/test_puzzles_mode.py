"""Puzzles mode driven as the user does it: Game › Puzzles, moves by real clicks and drags on
the board, the buttons; the ratings land in the data folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Position, find_rules
from dame_desktop.pdn import Game, GameNode, Nag, write_game
from dame_desktop.puzzles.mine import Puzzle
from dame_desktop.store.puzzle_ratings import load_ratings, ratings_path
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.puzzles.controller import PuzzleController
from tests.ui.uihelp import click, drag

# White's 8-4 crowns; after 18x25 the new king takes two men along 18 or along 22
ROUTES = Puzzle(
    "german-routes",
    "german",
    "W:W8,21,22,24,26,28:B5,9,13,15,18",
    ("8-4", "18x25", "4x29"),
    (("8-4", "18x25", "4x22x29"),),
    ("breakthrough", "quiet-start"),
    1060,
    "self-play",
    1,
)


def open_puzzles(qtbot, win: MainWindow, member: str = "Anna") -> PuzzleController:
    win.action("puzzles").trigger()
    puzzles = win.puzzles
    assert puzzles is not None and win.in_puzzles()
    assert win.lines.currentWidget() is puzzles.panel
    puzzles.reply_delay_ms = 0
    edit = puzzles.panel.member.lineEdit()
    assert edit is not None
    edit.selectAll()
    QTest.keyClicks(edit, member)
    assert puzzles.member() == member
    return puzzles


def replied(puzzles: PuzzleController) -> bool:
    a = puzzles.attempt
    return a is not None and puzzles.accepting and puzzles.shown == a.position


def test_a_puzzle_solved_by_clicks_with_a_retry_for_the_other_capture_order(
    qtbot, window: MainWindow
) -> None:
    puzzles = open_puzzles(qtbot, window)
    puzzles.load(ROUTES)
    board = window.board
    assert (
        board.is_flipped() is False and puzzles.panel.stipulation.text() == "Light to move and win"
    )
    drag(board, 8, 4)
    qtbot.waitUntil(lambda: replied(puzzles))
    assert "18x25" in puzzles.feedback and puzzles.attempt is not None
    assert window.board.position() == puzzles.attempt.position
    expected = puzzles.attempt.expected()
    assert expected is not None and len(expected.paths) == 2
    other = next(r for r in expected.paths if r != expected.path)
    for square in other:  # the same two men, taken in the other order
        click(board, square)
    assert puzzles.feedback == "Not quite, try again" == board.banner_text()
    assert not puzzles.attempt.failed and board.position() == puzzles.attempt.position
    for square in expected.path:
        click(board, square)
    assert puzzles.attempt.done and puzzles.attempt.clean
    assert puzzles.feedback == "Solved!"
    standing = load_ratings().value.get("Anna", "german")
    assert standing.solved == 1 and standing.rating.rating > 1500
    assert f"Anna's puzzle rating: {round(standing.rating.rating)}" in puzzles.panel.rating.text()
    assert "+" in puzzles.panel.rating.text()


def test_a_wrong_move_shows_the_refutation_and_costs_rating(qtbot, window: MainWindow) -> None:
    puzzles = open_puzzles(qtbot, window, "Paul")
    puzzles.load(ROUTES)
    board = window.board
    drag(board, 22, 17)  # not the crowning move
    assert puzzles.attempt is not None and puzzles.attempt.failed
    assert puzzles.feedback.startswith("That is not it: the answer is ")
    assert board.banner_text() == "That is not it."  # on the board too, for a child
    qtbot.waitUntil(lambda: puzzles.last is not None and puzzles.last.from_sq != 22)
    assert board.moves() == []  # the refutation is shown: nothing to play
    standing = load_ratings().value.get("Paul", "german")
    assert standing.failed == 1 and 1470 <= standing.rating.rating < 1500  # at most 30 lost
    QTest.mouseClick(puzzles.panel.retry, Qt.MouseButton.LeftButton)
    assert board.position() == puzzles.attempt.start and board.moves()
    drag(board, 8, 4)
    qtbot.waitUntil(lambda: replied(puzzles))
    assert puzzles.attempt.expected() is not None
    click(board, 4)
    for square in puzzles.attempt.expected().path[1:]:  # type: ignore[union-attr]
        click(board, square)
    assert puzzles.feedback == "Solved, but not on the first try."
    assert load_ratings().value.get("Paul", "german").failed == 1  # counted once


HINT_COSTS = "Hint used: this puzzle counts half for your rating."


def test_a_hint_marks_the_piece_and_the_solution_plays_itself(qtbot, window: MainWindow) -> None:
    puzzles = open_puzzles(qtbot, window, "Oma")
    puzzles.load(ROUTES)
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    hint = window.board.hint()
    assert hint is not None and hint.from_sq == 8
    assert puzzles.feedback == f"Move the piece on 8.\n{HINT_COSTS}"
    assert load_ratings().value.get("Oma", "german").failed == 0  # counted when it ends
    QTest.mouseClick(puzzles.panel.solution, Qt.MouseButton.LeftButton)
    assert puzzles.feedback == "The solution: 8-4 18x25 4x29"
    qtbot.waitUntil(
        lambda: puzzles.attempt is not None and window.board.position() == puzzles.attempt.position
    )
    assert puzzles.attempt is not None and puzzles.attempt.done
    assert load_ratings().value.get("Oma", "german").failed == 1
    QTest.mouseClick(puzzles.panel.next, Qt.MouseButton.LeftButton)
    assert puzzles.attempt.puzzle.id != ROUTES.id and not puzzles.attempt.done


def test_filters_choose_among_the_shipped_set_and_leaving_returns_to_the_game(
    qtbot, window: MainWindow
) -> None:
    puzzles = open_puzzles(qtbot, window)
    panel = puzzles.panel
    panel.theme.setCurrentIndex(panel.theme.findData("ending"))
    panel.difficulty.setCurrentIndex(panel.difficulty.findData("easy"))
    assert puzzles.attempt is not None
    assert "ending" in puzzles.attempt.puzzle.themes and puzzles.attempt.puzzle.rating < 1150
    assert window.board.position() == puzzles.attempt.start
    assert not window.action("hint").isVisible()  # the engine would give the answer away
    panel.theme.setCurrentIndex(0)
    panel.rules.setCurrentIndex(panel.rules.findData("international"))
    assert puzzles.attempt.rules.key == "international"
    board_position = window.board.position()
    assert board_position is not None and board_position.rules.board_size == 10
    assert not window.action("puzzles").isEnabled()
    QTest.mouseClick(panel.leave, Qt.MouseButton.LeftButton)
    assert window.is_playing() and window.lines.currentIndex() == 0
    assert window.action("puzzles").isEnabled() and window.action("hint").isVisible()


def test_a_timed_run_runs_on_the_given_clock(qtbot, window: MainWindow) -> None:
    puzzles = open_puzzles(qtbot, window, "Kind")
    now = [1000.0]
    puzzles.clock = lambda: now[0]
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    assert puzzles.run is not None and puzzles.run_timer.isActive()
    assert puzzles.panel.run_clock.text() == "Time left: 3:00 · solved: 0"
    assert puzzles.panel.hint.isEnabled()  # a hint costs seconds in a run (see below)
    first = puzzles.attempt
    assert first is not None
    wrong = next(m for m in first.position.legal_moves() if m != first.expected())
    for square in wrong.path:
        click(window.board, square)
    assert puzzles.run.mistakes == 1 and puzzles.feedback == "Wrong: 10 seconds off the clock."
    assert puzzles.panel.run_clock.text() == "Time left: 2:50 · solved: 0"
    qtbot.waitUntil(lambda: puzzles.attempt is not first)  # on to the next puzzle
    now[0] += 100
    qtbot.waitUntil(lambda: puzzles.panel.run_clock.text() == "Time left: 1:10 · solved: 0")
    now[0] += 70
    qtbot.waitUntil(lambda: puzzles.run is None)  # the timer saw the time run out
    assert puzzles.feedback.startswith("Time is up: solved 0, mistakes 1.")
    assert not puzzles.run_timer.isActive()
    assert window.board.moves()  # the last puzzle, untouched, may be finished at leisure
    assert load_ratings().value.get("Kind", "german").failed == 1


def _marked_game(rules_key: str) -> tuple[Game, Position, str]:
    game = Game(find_rules(rules_key))
    game.headers["White"] = "Anna"
    game.headers["Black"] = "Opa"
    node: GameNode = game
    for ply in range(5):
        position = node.position()
        moves = sorted(position.legal_moves(), key=lambda m: m.path)
        child = node.add_main_variation(moves[0])
        if ply == 4:
            child.nags.append(Nag(2, "?"))
            node.add_variation(moves[-1])
            marked, better = position, position.move_text(moves[-1])
        node = child
    return game, marked, better


def test_my_mistakes_become_puzzles_solved_on_the_board(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    puzzles = open_puzzles(qtbot, window, "Anna")
    game, marked, better = _marked_game("german")
    path = tmp_path / "annas-games.pdn"
    path.write_text(write_game(game), encoding="utf-8")
    assert puzzles.load_mistakes(path) == 1
    assert puzzles.panel.source.currentData() == "mine" and puzzles.personal
    assert puzzles.attempt is not None and puzzles.attempt.start == marked
    assert puzzles.panel.stipulation.text() == "Light to move: find the better move"
    move = marked.parse_move(better)
    drag(window.board, move.from_sq, move.to_sq)
    assert puzzles.attempt.done and puzzles.feedback == "Solved!"
    assert [p.fen for p in load_ratings().value.personal("anna")] == [marked.fen()]
    assert load_ratings().value.get("Anna", "german").solved == 0  # not rated


def test_a_damaged_ratings_file_is_set_aside_with_a_message(qtbot, window: MainWindow) -> None:
    path = ratings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "dame-puzzle-ratings", "version": 1, "ratings": 5}')
    puzzles = open_puzzles(qtbot, window, "Anna")
    assert "set aside as puzzles.json.damaged-" in window.last_message
    puzzles.load(ROUTES)
    drag(window.board, 22, 17)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["ratings"][0]["name"] == "Anna" and data["ratings"][0]["failed"] == 1


def test_in_german_the_puzzle_says_who_wins_and_a_retry_says_not_quite(
    qtbot, german: None, window: MainWindow
) -> None:
    puzzles = open_puzzles(qtbot, window, "Anna")
    puzzles.load(ROUTES)
    assert puzzles.panel.stipulation.text() == "Hell zieht und gewinnt"
    assert puzzles.panel.hint.text() == "&Tipp"
    drag(window.board, 8, 4)
    qtbot.waitUntil(lambda: replied(puzzles))
    assert puzzles.feedback == "Gut! Die Antwort war 18x25. Weiter so."
    expected = puzzles.attempt.expected() if puzzles.attempt else None
    assert expected is not None
    for square in next(r for r in expected.paths if r != expected.path):
        click(window.board, square)
    assert puzzles.feedback == "Nicht ganz, versuch es noch einmal"
    for square in expected.path:
        click(window.board, square)
    assert puzzles.feedback == "Gelöst!"
    assert puzzles.panel.rating.text().startswith("Aufgaben-Wertung von Anna: ")


def test_the_window_starts_without_importing_the_puzzles() -> None:
    import subprocess
    import sys

    code = (
        "import sys; import dame_desktop.ui.app.main_window; "
        "print(sorted(m for m in sys.modules if 'puzzles' in m))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_language_changes_under_an_open_puzzle(qtbot, window: MainWindow) -> None:
    from PySide6.QtCore import QCoreApplication, QTranslator

    from tests.ui.conftest import CATALOGUES

    puzzles = open_puzzles(qtbot, window, "Anna")
    puzzles.load(ROUTES)
    assert not window.players_label.isVisible()  # the panel names who solves
    translator = QTranslator()
    assert translator.load("dame_de", str(CATALOGUES))
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: puzzles.panel.stipulation.text() == "Hell zieht und gewinnt")
        assert puzzles.panel.next.text() == "Nä&chste Aufgabe"
        assert puzzles.panel.rating.text().startswith("Aufgaben-Wertung von Anna")
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: puzzles.panel.stipulation.text() == "Light to move and win")
    window.action("leavePuzzles").trigger()
    assert window.is_playing() and window.players_label.isVisible()


def test_the_game_goes_on_after_the_puzzles(qtbot, window: MainWindow) -> None:
    from dame_desktop.core import Color
    from tests.ui.uihelp import start

    start(window, computer=True, colour=Color.WHITE)
    assert window.live.playable()
    window.action("puzzles").trigger()
    assert window.in_puzzles() and window.board.position() != window.controller.game.position
    window.action("leavePuzzles").trigger()
    assert window.live.playable()  # the human to move may move again
    drag(window.board, 21, 17)
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 2, timeout=60_000)


def test_the_theme_filter_offers_only_the_themes_of_the_rule_sets_puzzles(
    qtbot, german: None, window: MainWindow
) -> None:
    """No tower capture among the German puzzles' themes, the towers' themes under Bashni,
    in the user's language; the theme chosen stays where the next rule set has it."""
    from dame_desktop.puzzles.mine import THEMES
    from dame_desktop.puzzles.sets import shipped_puzzles
    from dame_desktop.ui.words.puzzles import theme_name

    puzzles = open_puzzles(qtbot, window, "Anna")
    panel = puzzles.panel

    def offered() -> list[str]:
        return [str(panel.theme.itemData(i)) for i in range(1, panel.theme.count())]

    for key in ("german", "bashni", "turkish", "english"):
        panel.rules.setCurrentIndex(panel.rules.findData(key))
        present = {t for p in shipped_puzzles(key) for t in p.themes}
        assert offered() == [t for t in THEMES if t in present], key
        assert panel.theme.itemText(0) == "Alle Themen"
        names = [panel.theme.itemText(i) for i in range(1, panel.theme.count())]
        assert names == [theme_name(t) for t in offered()]
    panel.rules.setCurrentIndex(panel.rules.findData("german"))
    assert "tower-capture" not in offered() and "liberation" not in offered()
    assert "Turmschlag" not in [panel.theme.itemText(i) for i in range(panel.theme.count())]
    panel.theme.setCurrentIndex(panel.theme.findData("ending"))
    panel.rules.setCurrentIndex(panel.rules.findData("bashni"))
    assert "tower-capture" in offered() and panel.theme.currentData() == "ending"
    assert puzzles.attempt is not None and "ending" in puzzles.attempt.puzzle.themes
    panel.theme.setCurrentIndex(panel.theme.findData("tower-capture"))
    panel.rules.setCurrentIndex(panel.rules.findData("german"))
    assert panel.theme.currentIndex() == 0  # no tower capture here: all themes
    assert puzzles.attempt is not None and puzzles.attempt.rules.key == "german"
    panel.source.setCurrentIndex(panel.source.findData("mine"))
    assert offered() == [] and not panel.theme.isEnabled()


def test_a_new_solvers_first_puzzles_come_from_the_middle_of_the_set(
    qtbot, window: MainWindow
) -> None:
    """Every solver starts at 1500 (deviation 350) while most shipped puzzles are rated
    below 1300: the first puzzles are neither all the hardest nor all the easiest."""
    from dame_desktop.puzzles.sets import shipped_puzzles

    ratings = sorted(p.rating for p in shipped_puzzles("german"))
    low, high = ratings[len(ratings) // 10], ratings[3 * len(ratings) // 4]
    puzzles = open_puzzles(qtbot, window, "Lena")
    seen: list[int] = []
    for _ in range(4):
        assert puzzles.attempt is not None
        seen.append(puzzles.attempt.puzzle.rating)
        QTest.mouseClick(puzzles.panel.solution, Qt.MouseButton.LeftButton)  # counts as failed
        QTest.mouseClick(puzzles.panel.next, Qt.MouseButton.LeftButton)
    assert all(low <= r <= high for r in seen), (seen, low, high)
    assert load_ratings().value.get("Lena", "german").failed == 4


def test_a_refused_move_is_said_on_the_board_in_a_puzzle(qtbot, german: None, window) -> None:
    """A child who moves another man where a capture is compulsory reads why on the board
    (and the puzzle does not count it as a wrong move)."""
    must = Puzzle("german-must", "german", "W:W18,29,30:B14,1,2", ("18x9",), (), (), 1100, "x")
    puzzles = open_puzzles(qtbot, window, "Anna")
    puzzles.load(must)
    drag(window.board, 29, 25)
    assert window.board.banner_text() == "Du musst schlagen"
    assert puzzles.attempt is not None and not puzzles.attempt.failed
    assert not window.board.banner_rect().intersects(window.board.square_rect(29))


def test_after_a_timed_run_the_rating_shows_what_the_whole_run_changed(
    qtbot, window: MainWindow
) -> None:
    from dame_desktop.ui.words.puzzles import change_text

    puzzles = open_puzzles(qtbot, window, "Max")
    now = [0.0]
    puzzles.clock = lambda: now[0]
    before = load_ratings().value.get("Max", "german").rating.rating
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    first = puzzles.attempt
    assert first is not None
    wrong = next(m for m in first.position.legal_moves() if m != first.expected())
    for square in wrong.path:
        click(window.board, square)
    qtbot.waitUntil(lambda: puzzles.attempt is not first)
    second = puzzles.attempt
    assert second is not None
    while not second.done:  # solved by clicks, the computer answering in between
        expected = second.expected()
        assert expected is not None
        for square in expected.path:
            click(window.board, square)
        qtbot.waitUntil(lambda: second.done or puzzles.accepting)
    qtbot.waitUntil(lambda: puzzles.attempt is not second)
    now[0] += 200
    qtbot.waitUntil(lambda: puzzles.run is None)
    standing = load_ratings().value.get("Max", "german")
    assert standing.solved == 1 and standing.failed == 1 and standing.best_run == 1
    total = change_text(standing.rating.rating - before)
    assert puzzles.panel.rating.text().splitlines()[0].endswith(f"({total})")
    assert puzzles.feedback.startswith("Time is up: solved 1, mistakes 1.")


def test_a_hint_names_the_square_by_the_puzzles_own_rules(qtbot, window: MainWindow) -> None:
    """With a Turkish game open, a Bashni, an English and an International puzzle: the hint
    names the piece in each puzzle's own notation (c3 for Bashni, numbers for the others),
    and the board shows what the hint uses."""
    from dame_desktop.core import find_rules
    from tests.ui.uihelp import start

    start(window, rules=find_rules("turkish"))
    puzzles = open_puzzles(qtbot, window, "Ben")
    panel = puzzles.panel
    for key, named in (("bashni", True), ("english", False), ("international", False)):
        panel.rules.setCurrentIndex(panel.rules.findData(key))
        attempt = puzzles.attempt
        assert attempt is not None and attempt.rules.key == key
        expected = attempt.expected()
        assert expected is not None
        QTest.mouseClick(panel.hint, Qt.MouseButton.LeftButton)
        square = expected.from_sq
        name = attempt.position.geometry.sq_name(square) if named else str(square)
        assert puzzles.feedback.splitlines()[0] == f"Move the piece on {name}.", key
        assert (
            window.board.shows_coordinates() is named and window.board.shows_numbers() is not named
        )


def _solve_by_clicks(qtbot, puzzles: PuzzleController, board) -> None:
    """The shown puzzle solved by clicks, the computer answering in between."""
    attempt = puzzles.attempt
    assert attempt is not None
    while not attempt.done:
        expected = attempt.expected()
        assert expected is not None
        for square in expected.path:
            click(board, square)
        qtbot.waitUntil(lambda: attempt.done or puzzles.accepting)


def test_a_puzzle_solved_after_a_hint_counts_half(qtbot, window: MainWindow) -> None:
    """A hint is no failure: solved after it, the puzzle is half a win against its rating
    (the panel shows the smaller change); it is counted when the puzzle ends."""
    from dame_desktop.puzzles.rating import Rating, after_puzzle
    from dame_desktop.store.puzzle_ratings import MemberRating
    from dame_desktop.ui.words.puzzles import change_text

    puzzles = open_puzzles(qtbot, window, "Oma")
    puzzles.load(ROUTES)
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    assert puzzles.feedback.endswith(HINT_COSTS)
    assert load_ratings().value.get("Oma", "german") == MemberRating()
    _solve_by_clicks(qtbot, puzzles, window.board)
    assert puzzles.feedback == "Solved with a hint: it counts half."
    standing = load_ratings().value.get("Oma", "german")
    assert (standing.solved, standing.failed, standing.hinted) == (0, 0, 1)
    start, puzzle = Rating(), Rating(ROUTES.rating, 80.0)
    half = after_puzzle(start, puzzle, 0.5)[0].rating
    lost = after_puzzle(start, puzzle, 0.0)[0].rating
    won = after_puzzle(start, puzzle, 1.0)[0].rating
    assert standing.rating.rating == pytest.approx(half, abs=0.01)
    assert lost < half < won  # a new solver on an easy puzzle: -15 for the hint, -30 a miss
    assert f"({change_text(half - 1500)})" in puzzles.panel.rating.text()


def test_a_puzzle_left_after_a_hint_counts_as_failed(qtbot, window: MainWindow) -> None:
    puzzles = open_puzzles(qtbot, window, "Paul")
    puzzles.load(ROUTES)
    QTest.mouseClick(puzzles.panel.next, Qt.MouseButton.LeftButton)  # untouched: free
    assert load_ratings().value.get("Paul", "german").failed == 0
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    QTest.mouseClick(puzzles.panel.next, Qt.MouseButton.LeftButton)
    standing = load_ratings().value.get("Paul", "german")
    assert (standing.solved, standing.failed, standing.hinted) == (0, 1, 0)
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)  # left for a timed run
    standing = load_ratings().value.get("Paul", "german")
    assert standing.failed == 2
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)  # stopped at once
    assert "(+0 points)" in puzzles.panel.rating.text()  # the run changed nothing


def test_in_a_timed_run_a_hint_costs_five_seconds_and_the_puzzle_still_counts(
    qtbot, window: MainWindow
) -> None:
    puzzles = open_puzzles(qtbot, window, "Kind")
    now = [0.0]
    puzzles.clock = lambda: now[0]
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    first = puzzles.attempt
    assert first is not None and puzzles.panel.hint.isEnabled()
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    assert puzzles.feedback.endswith(
        "Hint used: 5 seconds off the clock; this puzzle counts half for your rating."
    )
    assert puzzles.panel.run_clock.text() == "Time left: 2:55 · solved: 0"
    _solve_by_clicks(qtbot, puzzles, window.board)
    qtbot.waitUntil(lambda: puzzles.attempt is not first)
    assert puzzles.panel.run_clock.text() == "Time left: 2:55 · solved: 1"
    assert load_ratings().value.get("Kind", "german").hinted == 1
    now[0] += 200
    qtbot.waitUntil(lambda: puzzles.run is None)
    assert puzzles.feedback.startswith("Time is up: solved 1, mistakes 0. Solved after a hint: 1.")
    assert load_ratings().value.get("Kind", "german").best_run == 1


def test_after_a_run_the_last_puzzle_can_be_finished_and_a_new_run_is_one_click_away(
    qtbot, window: MainWindow
) -> None:
    """The time runs out while the computer's answer is still to come: the answer is shown,
    the solver may finish the puzzle (rated as an ordinary one); the run's summary stays
    beside the run button, over the board for a moment, in the message strip."""
    from dame_desktop.ui.words.puzzles import after_run_text

    puzzles = open_puzzles(qtbot, window, "Max")
    now = [0.0]
    puzzles.clock = lambda: now[0]
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    puzzles.load(ROUTES)  # two moves to find
    puzzles.reply_delay_ms = 60_000  # the answer is still to come when the time runs out
    drag(window.board, 8, 4)
    assert puzzles.attempt is not None and not puzzles.accepting
    now[0] += 200
    qtbot.waitUntil(lambda: puzzles.run is None)
    summary, way_on = puzzles.feedback.splitlines()
    assert summary.startswith("Time is up: solved 0, mistakes 0.")
    assert way_on == after_run_text(True)
    assert window.board.banner_text().startswith("Time is up: solved 0, mistakes 0.")
    assert puzzles.panel.run_clock.text() == "Last run: 0 solved, +0 points"
    assert puzzles.panel.run.hasFocus() and puzzles.panel.run.text() == "Timed run (3 minutes)"
    assert window.board.position() == puzzles.attempt.position  # with the computer's answer
    assert puzzles.panel.hint.isEnabled() and window.board.moves()
    puzzles.reply_delay_ms = 0
    _solve_by_clicks(qtbot, puzzles, window.board)
    assert puzzles.feedback == "Solved!"
    assert load_ratings().value.get("Max", "german").solved == 1
    assert puzzles.panel.run_clock.text() == "Last run: 0 solved, +0 points"
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    assert puzzles.run is not None and puzzles.panel.run_clock.text().startswith("Time left: 3:00")


def test_a_run_stopped_by_hand_says_so_and_a_missed_last_puzzle_offers_try_again(
    qtbot, window: MainWindow
) -> None:
    from dame_desktop.ui.words.puzzles import after_run_text

    puzzles = open_puzzles(qtbot, window, "Lena")
    now = [0.0]
    puzzles.clock = lambda: now[0]
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    puzzles.reply_delay_ms = 60_000  # the next puzzle is still to come when the run stops
    puzzles.load(ROUTES)
    drag(window.board, 22, 17)  # a wrong move
    assert puzzles.run is not None and puzzles.run.mistakes == 1
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)  # "Stop the run"
    assert puzzles.run is None
    summary, way_on = puzzles.feedback.splitlines()
    assert summary == "Run stopped: solved 0, mistakes 1." and way_on == after_run_text(False)
    assert puzzles.panel.retry.isEnabled() and puzzles.panel.next.isEnabled()
    QTest.mouseClick(puzzles.panel.retry, Qt.MouseButton.LeftButton)
    assert puzzles.attempt is not None and window.board.position() == puzzles.attempt.start
    assert window.board.moves()


def test_in_a_narrow_window_the_puzzle_takes_the_room_of_the_docks_and_the_clocks(
    qtbot, window: MainWindow
) -> None:
    """A timed game with the opening explorer open, on a small screen: the puzzles close the
    explorer and set the stopped clocks aside, so the board keeps most of the height; back at
    the game, both are there again."""
    from dame_desktop.core import TimeControl
    from dame_desktop.ui.app.main_window import TABBED_DOCKS_BELOW
    from tests.ui.uihelp import start

    assert window.width() < TABBED_DOCKS_BELOW
    window.clocks.set_time_controls(TimeControl.sudden_death(10))
    start(window, computer=True)
    window.action("explorer").trigger()
    qtbot.waitUntil(window.explorer.dock.isVisible)
    clocks = window.board_area.clocks
    assert clocks is not None and not clocks.isHidden()
    qtbot.wait(50)
    playing = window.board.height()
    open_puzzles(qtbot, window)
    qtbot.waitUntil(lambda: not window.explorer.dock.isVisible())
    assert not window.action("explorer").isChecked() and clocks.isHidden()
    qtbot.wait(50)
    assert window.board.height() > playing
    assert window.board.height() / window.height() >= 0.7, (playing, window.board.height())
    window.action("leavePuzzles").trigger()
    qtbot.waitUntil(window.explorer.dock.isVisible)
    assert window.action("explorer").isChecked() and not clocks.isHidden()


def test_a_puzzle_left_in_a_run_is_playable_when_the_puzzles_are_opened_again(
    qtbot, window: MainWindow
) -> None:
    puzzles = open_puzzles(qtbot, window, "Ben")
    now = [0.0]
    puzzles.clock = lambda: now[0]
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    first = puzzles.attempt
    window.action("leavePuzzles").trigger()  # the run is given up
    assert puzzles.run is None and window.is_playing()
    window.action("puzzles").trigger()
    assert puzzles.attempt is first and puzzles.panel.run_clock.text() == ""
    assert window.board.moves() and puzzles.panel.hint.isEnabled()


def test_the_engine_analysis_is_put_aside_for_the_puzzles_in_a_wide_window(
    qtbot, window: MainWindow
) -> None:
    """The analysis panel's line would give a puzzle away (as the hint would): it closes while
    the puzzles are shown, whatever the window's width, and comes back with the game; the
    explorer stays where there is room for it."""
    from dame_desktop.ui.app.main_window import TABBED_DOCKS_BELOW

    window.resize(TABBED_DOCKS_BELOW + 200, 900)
    qtbot.waitUntil(lambda: window.width() >= TABBED_DOCKS_BELOW)
    window.action("analysis").trigger()
    window.action("explorer").trigger()
    qtbot.waitUntil(lambda: window.analysis.dock.isVisible() and window.explorer.dock.isVisible())
    open_puzzles(qtbot, window)
    qtbot.waitUntil(lambda: not window.analysis.dock.isVisible())
    assert not window.action("analysis").isChecked()
    assert window.action("explorer").isChecked() and window.explorer.dock.isVisible()
    window.action("leavePuzzles").trigger()
    qtbot.waitUntil(window.analysis.dock.isVisible)
    assert window.action("analysis").isChecked()


def test_a_puzzle_left_for_the_game_after_a_hint_counts_as_failed_and_the_next_one_follows(
    qtbot, window: MainWindow
) -> None:
    """Back to the game after a hint is leaving the puzzle, as the next puzzle is: it counts
    as failed (the hint's half only when solved), once; the puzzles open on the next one."""
    puzzles = open_puzzles(qtbot, window, "Paul")
    puzzles.load(ROUTES)
    QTest.mouseClick(puzzles.panel.leave, Qt.MouseButton.LeftButton)  # untouched: free
    assert window.is_playing() and load_ratings().value.get("Paul", "german").failed == 0
    window.action("puzzles").trigger()
    assert puzzles.attempt is not None and puzzles.attempt.puzzle.id == ROUTES.id
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    QTest.mouseClick(puzzles.panel.leave, Qt.MouseButton.LeftButton)
    standing = load_ratings().value.get("Paul", "german")
    assert (standing.solved, standing.failed, standing.hinted) == (0, 1, 0)
    assert 1470 <= standing.rating.rating < 1500  # a failure: at most 30 points
    window.action("puzzles").trigger()
    assert puzzles.attempt is not None and puzzles.attempt.puzzle.id != ROUTES.id
    assert puzzles.panel.hint.isEnabled() and not puzzles.attempt.hinted
    window.action("leavePuzzles").trigger()
    assert load_ratings().value.get("Paul", "german").failed == 1  # counted once


def _window_of_a_session(qtbot, tmp_path, monkeypatch) -> MainWindow:
    """A shown window started as the program starts it (a session: preferences, autosave,
    what closing saves), its settings in ``tmp_path``."""
    from dame_desktop.ui.app.session import Session

    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    session = Session()
    win = MainWindow(start_game=False)
    qtbot.addWidget(win)
    session.attach(win)
    win.show()
    qtbot.waitExposed(win)
    session.begin()
    return win


def test_a_puzzle_left_by_closing_the_window_after_a_hint_counts_as_failed(
    qtbot, tmp_path, monkeypatch
) -> None:
    win = _window_of_a_session(qtbot, tmp_path, monkeypatch)
    try:
        puzzles = open_puzzles(qtbot, win, "Lena")
        QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
        assert puzzles.attempt is not None and puzzles.attempt.hinted
        rules = puzzles.rules_key()  # the rules of the game the program started with
        assert load_ratings().value.get("Lena", rules).failed == 0
        assert win.close()
        standing = load_ratings().value.get("Lena", rules)
        assert (standing.solved, standing.failed, standing.hinted) == (0, 1, 0)
    finally:
        win.shutdown()


def test_closing_cancelled_at_the_save_question_keeps_the_puzzle(
    qtbot, tmp_path, monkeypatch
) -> None:
    """A studied file with a new comment, then a puzzle with a hint: closing asks about the
    file; Cancel keeps the window as it was (the puzzle still shown, nothing counted), and only
    the close that goes ahead leaves the puzzle (the hint counts as failed)."""
    from tests.ui.app.test_files import copy, open_game

    win = _window_of_a_session(qtbot, tmp_path, monkeypatch)
    try:
        open_game(win, qtbot, copy(tmp_path, "three_games.pdn"), "clara")
        win.action("last").trigger()
        win.study.annotation.comment_edit.setPlainText("mine")
        win.study.commit()
        assert win.document.modified
        puzzles = open_puzzles(qtbot, win, "Lena")
        QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
        attempt = puzzles.attempt
        assert attempt is not None and attempt.hinted
        rules = puzzles.rules_key()
        asked: list[str] = []

        def cancel() -> str:
            asked.append("cancel")
            return "cancel"

        win.document.ask_save = cancel
        assert not win.close()
        assert asked and win.isVisible() and win.in_puzzles() and puzzles.attempt is attempt
        assert win.lines.currentWidget() is puzzles.panel
        assert load_ratings().value.get("Lena", rules).failed == 0
        win.document.ask_save = lambda: "discard"
        assert win.close()
        assert load_ratings().value.get("Lena", rules).failed == 1
    finally:
        win.shutdown()


def test_ones_own_puzzles_promise_no_rating_for_a_hint(
    qtbot, german: None, window: MainWindow, tmp_path: Path
) -> None:
    """ "My mistakes" are not rated: the hint's tooltip and the solved puzzle say nothing of
    counting half (in German, as every text)."""
    puzzles = open_puzzles(qtbot, window, "Anna")
    rated_tip = puzzles.panel.hint.toolTip()
    assert "halb" in rated_tip  # the set's puzzles: a hint costs half
    game, marked, better = _marked_game("german")
    path = tmp_path / "annas-games.pdn"
    path.write_text(write_game(game), encoding="utf-8")
    assert puzzles.load_mistakes(path) == 1 and puzzles.personal
    tip = puzzles.panel.hint.toolTip()
    assert tip == "Zeigt den Stein, der ziehen muss (deine eigenen Aufgaben werden nicht gewertet)"
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    move = marked.parse_move(better)
    assert puzzles.feedback.startswith("Zieh den Stein auf ") and "halb" not in puzzles.feedback
    drag(window.board, move.from_sq, move.to_sq)
    assert puzzles.attempt is not None and puzzles.attempt.done
    assert puzzles.feedback == "Mit Tipp gelöst."
    assert load_ratings().value.get("Anna", "german").hinted == 0  # not rated
    puzzles.panel.source.setCurrentIndex(0)  # the puzzle set again: rated
    assert puzzles.panel.hint.toolTip() == rated_tip


def test_the_timed_runs_texts_follow_the_terms_it_runs_by(
    qtbot, german: None, window: MainWindow
) -> None:
    from dame_desktop.ui.words.puzzles import run_left_text

    puzzles = open_puzzles(qtbot, window, "Kind")
    assert puzzles.panel.run.text() == "Lauf auf Zeit (3 Minuten)"
    assert puzzles.panel.run.toolTip() == (
        "Löse so viele Aufgaben wie möglich; ein Fehler kostet 10 Sekunden, ein Tipp 5 Sekunden"
    )
    puzzles.run_seconds, puzzles.mistake_seconds, puzzles.hint_seconds = 120.0, 12.0, 4.0
    QTest.mouseClick(puzzles.panel.next, Qt.MouseButton.LeftButton)
    assert puzzles.panel.run.text() == "Lauf auf Zeit (2 Minuten)"
    assert puzzles.panel.run.toolTip() == (
        "Löse so viele Aufgaben wie möglich; ein Fehler kostet 12 Sekunden, ein Tipp 4 Sekunden"
    )
    now = [0.0]
    puzzles.clock = lambda: now[0]
    QTest.mouseClick(puzzles.panel.run, Qt.MouseButton.LeftButton)
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    assert puzzles.panel.run_clock.text() == run_left_text(116, 0)  # 2:00 less the hint's 4
    assert "4 Sekunden" in puzzles.feedback


def _type_member(puzzles: PuzzleController, name: str) -> None:
    """Another member types their name into the box, letter by letter, as a person does."""
    edit = puzzles.panel.member.lineEdit()
    assert edit is not None
    edit.selectAll()
    QTest.keyClicks(edit, name)
    assert puzzles.member() == name


def test_a_puzzle_counts_for_the_member_who_began_it_not_for_a_name_typed_later(
    qtbot, window: MainWindow
) -> None:
    """A hint fixes whose puzzle it is: Oma takes the hint, Paul then types his name (each
    letter a change of the box), and the puzzle Oma leaves counts for Oma alone.  A name
    typed before the first move or hint takes the puzzle over."""
    puzzles = open_puzzles(qtbot, window, "Oma")
    puzzles.load(ROUTES)
    QTest.mouseClick(puzzles.panel.hint, Qt.MouseButton.LeftButton)
    _type_member(puzzles, "Paul")
    QTest.mouseClick(puzzles.panel.next, Qt.MouseButton.LeftButton)  # left after the hint
    ratings = load_ratings().value
    assert ratings.get("Oma", "german").failed == 1
    for name in ("P", "Pa", "Pau", "Paul"):
        assert ratings.get(name, "german").failed == 0
    # untouched, the next puzzle is Paul's once he has typed his name
    puzzles.load(ROUTES)
    _type_member(puzzles, "Lena")
    drag(window.board, 8, 4)
    qtbot.waitUntil(lambda: replied(puzzles))
    _type_member(puzzles, "Oma")  # back to Oma in the middle of Lena's puzzle
    assert puzzles.attempt is not None
    for square in puzzles.attempt.expected().path:  # type: ignore[union-attr]
        click(window.board, square)
    assert puzzles.feedback == "Solved!"
    ratings = load_ratings().value
    assert ratings.get("Lena", "german").solved == 1
    assert ratings.get("Oma", "german").solved == 0
