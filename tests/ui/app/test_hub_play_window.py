"""In the window: a Hub engine chosen in Preferences › Engines plays as the computer
and gives the hints -- `dame hub`, and fake engines that crash, hang, send an illegal move or
garbage.  Real window, real preferences dialog, real clicks and actions, real processes."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtTest import QTest

from dame_desktop.core import Color, Move, TimeControl, find_rules
from dame_desktop.store.settings import EngineEntry, Preferences, load_preferences, save_preferences
from dame_desktop.ui.ai_worker import EngineAnswer, HintAnswer, MoveAnswer
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.engine_thread import DispatchWorker
from tests.engines.helpers import assert_gone, needs_proc
from tests.ui.uihelp import click, start

ENGINES = Path(__file__).resolve().parents[2] / "data" / "engines"
INTERNATIONAL = find_rules("international")
FAULTS = [
    ("fake-crash", "quit during the search"),
    ("fake-hang", "did not answer within"),
    ("fake-illegal", "illegal move"),
    ("fake-garbage", "garbled line"),
]
FAILED = "failed and was stopped"


@pytest.fixture
def program(qtbot, tmp_path, monkeypatch) -> Iterator[Callable[..., tuple[Session, MainWindow]]]:
    """The program as app.main starts it (settings in tmp_path); the launchers under
    tests/data/engines run this interpreter."""
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("DAME_TEST_PYTHON", sys.executable)
    started: list[tuple[Session, MainWindow]] = []

    def begin(before: Callable[[MainWindow], object] | None = None) -> tuple[Session, MainWindow]:
        session = Session()
        window = MainWindow(start_game=False)
        qtbot.addWidget(window)
        if before is not None:  # e.g. listen to the window before the preferences arrive
            before(window)
        session.attach(window)
        window.board.set_animated(False)
        window.action("animate").setChecked(False)
        window.resize(900, 660)
        window.show()
        qtbot.waitExposed(window)
        session.begin()
        started.append((session, window))
        return session, window

    yield begin
    for session, window in started:
        if window.play.over_box is not None:
            window.play.over_box.close()
        session.languages.set_language("en")
        window.shutdown()
        assert window.client.worker_thread.isFinished()


def choose_engine(session: Session, window: MainWindow, qtbot, name: str) -> int:
    """Preferences › Engines › Add… the launcher ``name``; the pid of the engine the AI thread
    has started for moves and hints."""
    path = str(ENGINES / name)
    window.action("preferences").trigger()
    dialog = session.preferences_dialog
    assert dialog is not None and dialog.isVisible()
    page = dialog.engines_page
    dialog.tabs.setCurrentWidget(page)
    page.choose_file = lambda: path
    QTest.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    assert page.error_box is None and load_preferences().value.engine == path
    client = window.client
    qtbot.waitUntil(lambda: client.external_info is not None, timeout=60_000)
    dialog.close()
    pid = client.external_pid
    assert pid is not None
    return pid


class Messages:
    """Every status-bar message the window shows."""

    def __init__(self, window: MainWindow) -> None:
        self.seen: list[str] = []
        window.statusBar().messageChanged.connect(self._add)

    def _add(self, text: str) -> None:
        if text:
            self.seen.append(text)

    def failures(self) -> list[str]:
        return [m for m in self.seen if FAILED in m]


class Ticks:
    """The event loop's largest gap while it runs (a frozen window has long ones)."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.worst = 0.0
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.worst = max(self.worst, now - self.last)
        self.last = now

    def stop(self) -> float:
        self.timer.stop()
        return self.worst


class EndedRequests(QObject):
    """Lives in the GUI thread: the ids of the requests the worker is done with (answered,
    stale ones too, or skipped), noted when that news is delivered here -- after the window's
    own handling of the answer, which the worker sent before it."""

    def __init__(self, worker: DispatchWorker) -> None:
        super().__init__()
        self.ids: list[int] = []
        worker.ended.connect(self.take)

    @Slot(int)
    def take(self, request_id: int) -> None:
        self.ids.append(request_id)


def answers(window: MainWindow) -> list[EngineAnswer]:
    got: list[EngineAnswer] = []
    window.client.answered.connect(got.append)
    return got


def play_by_clicks(window: MainWindow, move: Move) -> None:
    """Click the piece, then each landing square of ``move``."""
    click(window.board, move.from_sq)
    for square in move.path[1:]:
        click(window.board, square)


def players_text(window: MainWindow) -> str:
    return window.players_label.text()


def test_dame_hub_is_the_computer_and_the_hint_giver(program, qtbot) -> None:
    session, window = program()
    choose_engine(session, window, qtbot, "dame-hub")
    info = window.client.external_info
    assert info is not None
    title = info.title
    assert title.startswith("Dame ") and title != "Dame"
    got = answers(window)
    start(window, computer=True, colour=Color.WHITE, level="beginner")  # German rules
    assert f"Dark: {title}" in players_text(window)
    assert "Beginner" not in players_text(window)
    game = window.controller.game
    first = next(m for m in game.legal_moves() if not m.is_capture)
    play_by_clicks(window, first)
    assert game.moves == [first]
    assert window.turn_label.text() == f"{title} is thinking…"
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 2, timeout=60_000)
    moves = [a for a in got if isinstance(a, MoveAnswer)]
    assert len(moves) == 1 and moves[0].engine == title
    assert window.controller.game.moves[1] == moves[0].result.move
    record = window.played_game()
    assert record.headers["Black"] == title  # the PDN tag names the engine that played
    window.action("hint").trigger()
    qtbot.waitUntil(lambda: window.last_message.startswith(f"Hint from {title}: "), timeout=60_000)
    hints = [a for a in got if isinstance(a, HintAnswer)]
    assert len(hints) == 1 and hints[0].engine == title
    assert hints[0].result.move in window.controller.game.legal_moves()
    assert window.board.hint() == hints[0].result.move


def test_undo_while_the_hub_engine_thinks_drops_its_move(program, qtbot) -> None:
    session, window = program()
    choose_engine(session, window, qtbot, "dame-hub")
    got = answers(window)
    start(window, computer=True, colour=Color.WHITE, level="master")  # seconds a move
    game = window.controller.game
    first = next(m for m in game.legal_moves() if not m.is_capture)
    play_by_clicks(window, first)
    assert window.controller.is_thinking()
    computer = window.controller.player(Color.BLACK)
    thinking = getattr(computer, "_engine", None)
    assert thinking is not None  # the handle of its move request
    ended = EndedRequests(window.client.lane.worker)
    window.action("undo").trigger()
    assert window.controller.game.moves == [] and not window.controller.is_thinking()
    # the stopped search answers all the same (unless it had not begun): wait until the
    # worker is done with it and its answer, if any, has reached the window
    qtbot.waitUntil(lambda: thinking.id in ended.ids, timeout=120_000)
    # the stopped search's move was dropped (the computer's score history may have asked
    # for an analysis of its own; that is no move)
    assert window.controller.game.moves == []
    assert not [a for a in got if isinstance(a, (MoveAnswer, HintAnswer))]
    assert not window.client.external_broken  # a stop is no fault


def _failed_and_built_in_plays_on(
    window: MainWindow, messages: Messages, pid: int, what: str
) -> None:
    failures = messages.failures()
    assert len(failures) == 1, messages.seen
    assert "Fake" in failures[0] and what in failures[0]
    assert_gone(pid)  # stopped and reaped: no zombie
    assert window.client.external_pid is None


@needs_proc
@pytest.mark.parametrize(("name", "what"), FAULTS)
def test_a_bad_engine_as_the_computer_one_message_and_the_builtin_plays_on(
    program, qtbot, name, what
) -> None:
    session, window = program()
    pid = choose_engine(session, window, qtbot, name)
    messages = Messages(window)
    ticks = Ticks()
    got = answers(window)
    # International (the fakes declare "normal" only); the computer has the first move
    start(window, rules=INTERNATIONAL, computer=True, colour=Color.BLACK, level="beginner")
    assert "White: Fake 1" in players_text(window)
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 1, timeout=60_000)
    worst = ticks.stop()
    _failed_and_built_in_plays_on(window, messages, pid, what)
    assert [a.engine for a in got if isinstance(a, MoveAnswer)] == [""]  # the built-in one
    assert "White: Dame (Beginner)" in players_text(window)
    assert worst < 1.0, f"the window stood still for {worst:.2f} s"
    assert FAILED in window.statusBar().currentMessage()  # still there to be read
    # the game goes on: a move by clicks, the built-in engine's reply, no second message
    game = window.controller.game
    play_by_clicks(window, game.legal_moves()[0])
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 3, timeout=60_000)
    window.action("hint").trigger()
    qtbot.waitUntil(lambda: window.last_message.startswith("Hint: "), timeout=60_000)
    assert len(messages.failures()) == 1
    assert window.played_game().headers["White"] == "Dame (Beginner)"


@needs_proc
@pytest.mark.parametrize(("name", "what"), FAULTS)
def test_a_bad_engine_asked_for_a_hint_one_message_and_the_builtin_hint(
    program, qtbot, name, what
) -> None:
    session, window = program()
    pid = choose_engine(session, window, qtbot, name)
    messages = Messages(window)
    start(window, rules=INTERNATIONAL, computer=False)  # hot-seat: hints for both sides
    ticks = Ticks()
    window.action("hint").trigger()
    qtbot.waitUntil(lambda: window.last_message.startswith("Hint: "), timeout=60_000)
    worst = ticks.stop()
    _failed_and_built_in_plays_on(window, messages, pid, what)
    assert worst < 1.0, f"the window stood still for {worst:.2f} s"
    hint = window.board.hint()
    assert hint is not None and hint in window.controller.game.legal_moves()
    play_by_clicks(window, hint)  # the board still plays
    assert window.controller.game.moves == [hint]
    window.action("hint").trigger()
    qtbot.waitUntil(
        lambda: window.last_message.startswith("Hint: ") and window.board.hint() is not None,
        timeout=60_000,
    )
    assert len(messages.failures()) == 1


def test_a_running_clock_cuts_the_computers_time(program, qtbot) -> None:
    """With 20 s on its clock the computer (here the Hub engine, master level: 5 s a move)
    asks for a move of at most a share of that."""
    session, window = program()
    choose_engine(session, window, qtbot, "dame-hub")
    got = answers(window)
    window.clocks.set_time_controls(TimeControl(20))
    start(window, computer=True, colour=Color.BLACK, level="master")  # it moves first
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 1, timeout=60_000)
    move = next(a for a in got if isinstance(a, MoveAnswer))
    movetime = move.request.movetime
    assert movetime is not None and movetime <= 20 / 30 + 1e-9
    assert move.engine  # the Hub engine played it


@needs_proc
def test_rules_the_engine_does_not_declare_keep_the_builtin_engine(program, qtbot) -> None:
    """The fake declares International only: a German game is the built-in engine's (named
    so, and no message), an International one the Hub engine's."""
    session, window = program()
    choose_engine(session, window, qtbot, "fake-illegal")
    messages = Messages(window)
    got = answers(window)
    start(window, computer=True, colour=Color.BLACK, level="beginner")  # German
    assert "Light: Dame (Beginner)" in players_text(window)
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 1, timeout=60_000)
    assert [a.engine for a in got if isinstance(a, MoveAnswer)] == [""]
    assert messages.failures() == [] and not window.client.external_broken
    start(window, rules=INTERNATIONAL, computer=True, colour=Color.WHITE, level="beginner")
    assert "Black: Fake 1" in players_text(window)


def test_an_engine_gone_since_the_last_run_gets_one_message_and_the_builtin_plays(
    program, qtbot, tmp_path
) -> None:
    """The preferences name an engine that is no longer there: the start says so once, and
    the computer (to move first) plays with the built-in engine."""
    gone = str(tmp_path / "engines" / "scan")
    entry = EngineEntry(gone, "Gone", ("normal",))
    save_preferences(
        Preferences(
            rules="international",
            opponent="computer",
            level="beginner",  # type: ignore[arg-type]
            human_color="dark",
            engines=(entry,),
            engine=gone,
        ),
        tmp_path / "config",
    )
    box: list[Messages] = []
    _session, window = program(lambda w: box.append(Messages(w)))
    messages = box[0]
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 1, timeout=60_000)
    failures = messages.failures()
    assert len(failures) == 1 and "Gone" in failures[0] and "cannot start" in failures[0]
    assert window.client.external_broken and window.client.external_pid is None
    assert "White: Dame (Beginner)" in players_text(window)


@needs_proc
def test_a_crashing_engine_is_reported_in_the_windows_language(program, qtbot) -> None:
    """The engine layer says "quit during the search"; a German window says it in German."""
    session, window = program()
    session.languages.set_language("de")
    pid = choose_engine(session, window, qtbot, "fake-crash")
    messages = Messages(window)
    start(window, rules=INTERNATIONAL, computer=True, colour=Color.BLACK, level="beginner")
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 1, timeout=60_000)
    failed = [m for m in messages.seen if "hat versagt und wurde beendet" in m]
    assert len(failed) == 1, messages.seen
    assert "sie hat sich während der Suche beendet" in failed[0]
    assert "quit" not in failed[0] and "status" not in failed[0]
    assert_gone(pid)
