"""What the random-action run of the window (bench/ui_stress.py) found, one test each: real
widgets, real clicks and the window's actions, in the program as it starts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QMessageBox, QWidget

from dame_desktop.core import Color
from dame_desktop.store.settings import Preferences, save_preferences
from tests.conftest import DATA
from tests.ui.app import test_session
from tests.ui.uihelp import drag

start_program = test_session.start_program  # the fixture, used by name


def test_the_move_list_keeps_marking_the_shown_move_when_a_preference_changes(
    start_program,
    tmp_path,
):
    """View › Analysis is a preference: saving it applies every preference again, which
    rebuilt the move list -- its mark jumped to the last move while the board still showed
    the earlier position the user had stepped back to."""
    save_preferences(Preferences(language="en", opponent="human", animate=False), tmp_path)
    _session, window = start_program()
    drag(window.board, 22, 18)
    drag(window.board, 9, 13)
    drag(window.board, 21, 17)
    window.action("prev").trigger()
    window.action("prev").trigger()
    assert window.live.index == 0
    assert window.model.current() == 0
    window.action("analysis").trigger()  # shows the panel, saved as a preference
    assert window.board.position() == window.navigator.position()
    assert window.model.current() == 0, "the list marks the move whose position is shown"
    assert window.move_view.currentIndex() == window.model.index_of(0)
    window.action("analysis").trigger()
    assert window.model.current() == 0


def answer_dialogs(answers: list[tuple[str, str | None]], seen: list[str]) -> None:
    """Answer the modal dialogs as they open, in order: (class name, object name of the
    button to click; None: accept the dialog)."""
    left = list(answers)

    def look() -> None:
        widget = QApplication.activeModalWidget()
        if left and widget is not None and type(widget).__name__ == left[0][0]:
            _kind, button = left.pop(0)
            seen.append(type(widget).__name__ + ":" + widget.objectName())
            if button is None:
                assert isinstance(widget, QDialog)
                widget.accept()
            else:
                target = widget.findChild(QAbstractButton, button)
                if target is None and isinstance(widget, QMessageBox):
                    target = widget.button(QMessageBox.StandardButton[button])
                assert target is not None, button
                target.click()
        if left:
            QTimer.singleShot(10, look)

    QTimer.singleShot(0, look)


def test_a_new_game_while_an_earlier_position_is_shown_starts_cleanly(start_program, tmp_path):
    """Stepped back in a game, then Game › New game: the new game's start asked for the
    shown position of the old game (the step looked at, beyond the new game's end) -- an
    IndexError in the middle of the start, and the new game's clocks never set."""
    save_preferences(
        Preferences(
            language="en", opponent="human", animate=False, clock_white="300", clock_black="300"
        ),
        tmp_path,
    )
    _session, window = start_program()
    for a, b in ((22, 18), (9, 13), (21, 17), (13, 22)):
        drag(window.board, a, b)
    assert len(window.controller.game.moves) == 4
    window.action("prev").trigger()
    window.action("prev").trigger()
    assert window.live.index == 1
    seen: list[str] = []
    answer_dialogs([("QMessageBox", "Yes"), ("NewGameDialog", None)], seen)
    window.action("new").trigger()
    assert seen == ["QMessageBox:discardGameBox", "NewGameDialog:"]
    game = window.controller.game
    assert not game.moves and window.live.is_live()
    assert window.board.position() == game.position
    assert window.model.entries() == []
    drag(window.board, 22, 18)
    assert len(game.moves) == 1


def test_the_new_game_dialog_keeps_the_clocks_of_the_preferences(start_program, tmp_path):
    """The preferences' clocks are the next game's: Game › New game › OK kept the rest of
    the game but offered no clocks, so the new game was played without them."""
    save_preferences(
        Preferences(
            language="en", opponent="human", animate=False, clock_white="300", clock_black="180+2"
        ),
        tmp_path,
    )
    _session, window = start_program()
    panel = window.clocks.panel
    assert panel.clock is not None and panel.clock.timed
    seen: list[str] = []
    answer_dialogs([("NewGameDialog", None)], seen)
    window.action("new").trigger()
    assert seen == ["NewGameDialog:"]
    clock = panel.clock
    assert clock is not None and clock.timed, "the new game has the preferences' clocks"
    assert clock.controls[Color.WHITE].text() == "300"
    assert clock.controls[Color.BLACK].text() == "180+2"
    assert panel.isVisible()


def _dialogs_alive(window: QWidget, kind: type[QDialog]) -> int:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return len([d for d in window.findChildren(kind) if type(d) is kind])


def _close_open_dialogs() -> None:
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QDialog) and widget.isVisible():
            widget.reject()


@pytest.mark.parametrize(
    "action, kind",
    [
        ("rules", "RulesDialog"),
        ("scores", "ScoresDialog"),
        ("setup", "SetupEditor"),
        ("analyseGame", "AnalyseGameDialog"),
        ("describe", "QMessageBox"),
        ("gameList", "GameListDialog"),
        ("problems", "ProblemsDialog"),
    ],
)
def test_a_dialog_opened_again_and_again_is_not_kept_each_time(
    start_program,
    tmp_path,
    action,
    kind,
):
    """Every Game › Rules… (and each of these commands) made a dialog that was closed but
    never deleted: a long session kept them all (Game › Rules…: 112 widgets, about 0.6 MB
    each time)."""
    from dame_desktop.ui.analysis import AnalyseGameDialog
    from dame_desktop.ui.dialogs.problems import ProblemsDialog
    from dame_desktop.ui.dialogs.rules import RulesDialog
    from dame_desktop.ui.family.scores import ScoresDialog
    from dame_desktop.ui.study.game_list import GameListDialog
    from dame_desktop.ui.study.setup_editor import SetupEditor

    kinds: dict[str, type[QDialog]] = {
        "RulesDialog": RulesDialog,
        "ScoresDialog": ScoresDialog,
        "SetupEditor": SetupEditor,
        "AnalyseGameDialog": AnalyseGameDialog,
        "QMessageBox": QMessageBox,
        "GameListDialog": GameListDialog,
        "ProblemsDialog": ProblemsDialog,
    }
    save_preferences(Preferences(language="en", opponent="human", animate=False), tmp_path)
    _session, window = start_program()
    if action in ("gameList", "problems"):  # a file of games, some with problems
        name = "three_games.pdn" if action == "gameList" else "damaged.pdn"
        window.document.open_path(DATA / "ui" / name)
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, GameListDialog) and widget.isVisible():
                widget.select_row(0)  # the file is open once a game is chosen
                widget.accept()
        _close_open_dialogs()
        assert window.action(action).isEnabled()
    else:
        drag(window.board, 22, 18)
    for _ in range(4):
        QTimer.singleShot(0, _close_open_dialogs)  # a dialog run with exec() is closed too
        window.action(action).trigger()
        _close_open_dialogs()
        assert _dialogs_alive(window, kinds[kind]) <= 1, f"{kind} dialogs pile up"


def test_the_game_over_boxes_of_finished_games_are_not_kept(start_program, tmp_path):
    save_preferences(Preferences(language="en", opponent="human", animate=False), tmp_path)
    _session, window = start_program()
    for _ in range(4):
        drag(window.board, 22, 18)
        asked: list[str] = []
        answer_dialogs([("QMessageBox", "Yes")], asked)  # "Do you really want to resign?"
        window.action("resign").trigger()
        box = window.play.over_box
        assert box is not None and box.isVisible()
        box.button(QMessageBox.StandardButton.Ok).click()
        seen: list[str] = []
        answer_dialogs([("NewGameDialog", None)], seen)
        window.action("new").trigger()
        assert seen == ["NewGameDialog:"] and not window.controller.game.is_over
        assert _dialogs_alive(window, QMessageBox) <= 1, "a box per finished game is kept"
