"""The "opening book" preference: a click in Preferences reaches the engine thread.

The computer at Hard opens the German game from its book (an answer with no search: depth 0,
no nodes).  Turning the box off in the dialog, with a real mouse click, is saved and makes
the next request say ``book=False``; the worker then searches the same start position.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton

from dame_desktop.ai import HARD
from dame_desktop.ai.book import book_for
from dame_desktop.core import Position, find_rules
from dame_desktop.store.settings import (
    LevelKey,
    Preferences,
    load_preferences,
    save_preferences,
)
from dame_desktop.ui.ai_worker import AiWorker, EngineAnswer, MoveAnswer, MoveRequest
from dame_desktop.ui.app.game_controller import ComputerPlayer
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.dialogs.preferences import PreferencesDialog


@pytest.fixture
def program(qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    # the computer (Hard) has White and moves first, in German draughts
    save_preferences(
        Preferences(
            language="en",
            opponent="computer",
            level=LevelKey("hard"),
            human_color="dark",
            rules="german",
            animate=False,
        )
    )
    session = Session()
    window = MainWindow(start_game=False)
    qtbot.addWidget(window)
    session.attach(window)
    window.show()
    qtbot.waitExposed(window)
    yield session, window
    window.shutdown()


def run(worker: AiWorker, request: MoveRequest) -> None:
    """Answer ``request`` in this thread, as the worker's own thread would."""
    worker.run(request.id, request, threading.Event())


def click_box(check: QCheckBox) -> None:
    """A left click on the box's indicator, as the user makes it."""
    option = QStyleOptionButton()
    check.initStyleOption(option)
    box = check.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, check)
    QTest.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(box.center()))


def first_answer(qtbot, window: MainWindow, start) -> MoveAnswer:
    """Start a game with ``start`` and return the computer's answer to its first move."""
    answers: list[MoveAnswer] = []

    def heard(answer: object) -> None:
        if isinstance(answer, MoveAnswer):
            answers.append(answer)

    window.client.answered.connect(heard)
    try:
        start()
        qtbot.waitUntil(lambda: bool(answers), timeout=20000)
    finally:
        window.client.answered.disconnect(heard)
    return answers[0]


def test_the_german_start_is_in_the_book():
    start = Position.start(find_rules("german"))
    book = book_for(start.rules)
    assert book is not None and book.moves(start)


def test_turning_the_book_off_in_preferences_reaches_the_engine_thread(program, qtbot):
    session, window = program
    on = first_answer(qtbot, window, session.begin)
    assert on.request.book is True
    assert (on.result.depth, on.result.nodes) == (0, 0)  # answered from the book

    dialog = session.show_preferences()
    assert dialog.book_check.isChecked() and dialog.book_check.isEnabled()
    click_box(dialog.book_check)
    assert not dialog.book_check.isChecked()
    assert load_preferences().value.opening_book is False
    computer = next(p for p in window.controller.players.values() if isinstance(p, ComputerPlayer))
    off = first_answer(qtbot, window, lambda: window.play.start_game(window.play.settings))
    assert off.request.book is False
    assert off.request.position == on.request.position  # the same start, now searched
    assert off.result.nodes > 0 and off.result.depth > 0
    assert window.client._worker.book.enabled is False  # what the worker was told
    assert computer.use_book is False  # the game that was in progress followed too

    click_box(dialog.book_check)  # and back on
    assert load_preferences().value.opening_book is True
    again = first_answer(qtbot, window, lambda: window.play.start_game(window.play.settings))
    assert again.request.book is True and again.result.nodes == 0


def test_the_box_follows_the_opponent_and_the_saved_value(qtbot):
    dialog = PreferencesDialog(Preferences(language="en", opponent="human", opening_book=False))
    qtbot.addWidget(dialog)
    assert not dialog.book_check.isChecked()
    assert not dialog.book_check.isEnabled()  # no computer, no book to choose
    dialog.opponent_box.setCurrentIndex(dialog.opponent_box.findData("computer"))
    assert dialog.book_check.isEnabled() and not dialog.book_check.isChecked()
    assert dialog.preferences().opening_book is False


def test_a_wrong_saved_value_falls_back_to_the_book_on(tmp_path, monkeypatch):
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(
        '{"version": 1, "opening_book": "no"}', encoding="utf-8"
    )
    loaded = load_preferences()
    assert loaded.value.opening_book is True
    assert any("opening_book" in str(w) for w in loaded.warnings)


def book_game(
    worker: AiWorker, answers: list[EngineAnswer], game_key: int, undo_at: int = 0
) -> list[str]:
    """The worker's moves while it plays from the book, against the book's favourite replies
    (the same each game), with the whole game as history, as the window sends it.  With
    ``undo_at`` the player takes back to the start once, after that many book moves."""
    rules = find_rules("english")
    book = book_for(rules)
    assert book is not None
    game = [Position.start(rules)]
    line: list[str] = []
    while True:
        run(
            worker,
            MoveRequest(
                id=len(answers) + 1,
                position=game[-1],
                level=HARD,
                history=tuple(game[:-1]),
                seed=game_key,
                game_key=game_key,
                movetime=0.02,
            ),
        )
        answer = answers[-1]
        assert isinstance(answer, MoveAnswer)
        if answer.result.nodes:  # out of the book: the engine searched
            return line
        move = answer.result.move
        assert move is not None
        line.append(move.full_text())
        game.append(game[-1].play(move))
        options = book.moves(game[-1])  # the opponent: always the same reply
        game.append(game[-1].play(options[0].move if options else game[-1].legal_moves()[0]))
        if undo_at and len(line) == undo_at:
            undo_at = 0
            game, line = game[:1], []  # "Undo" back to the start: the computer moves again


def test_the_engine_thread_never_opens_two_games_in_a_row_the_same_way(qapp):
    """Game after game against the same replies, the worker's book line changes each time
    (each game has its own key, as the window's players give them)."""
    worker = AiWorker()
    answers: list[EngineAnswer] = []
    worker.answered.connect(lambda _id, answer: answers.append(answer))
    lines = [book_game(worker, answers, key) for key in range(1, 7)]
    assert all(lines)
    for before, after in zip(lines, lines[1:], strict=False):
        assert before != after, "the same book line twice in a row"


def test_an_undo_takes_the_book_moves_back_in_the_engine_thread(qapp):
    """After an undo to the start the worker's book line is the game's line again, so the
    next game is compared with what was really played."""
    worker = AiWorker()
    answers: list[EngineAnswer] = []
    worker.answered.connect(lambda _id, answer: answers.append(answer))
    played = book_game(worker, answers, 1, undo_at=3)
    assert [move for _fen, move in worker.book.line] == played
    again = book_game(worker, answers, 2)
    assert again != played
