"""What the random-action run of the window (bench/ui_stress.py) found, one test each: real
widgets, real clicks and the window's actions, in the program as it starts."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QMessageBox

from dame_desktop.core import Color
from dame_desktop.store.settings import Preferences, save_preferences
from tests.ui.test_session import start_program  # noqa: F401
from tests.ui.uihelp import drag


def test_the_move_list_keeps_marking_the_shown_move_when_a_preference_changes(
        start_program, tmp_path):  # noqa: F811
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


def test_a_new_game_while_an_earlier_position_is_shown_starts_cleanly(
        start_program, tmp_path):  # noqa: F811
    """Stepped back in a game, then Game › New game: the new game's start asked for the
    shown position of the old game (the step looked at, beyond the new game's end) -- an
    IndexError in the middle of the start, and the new game's clocks never set."""
    save_preferences(Preferences(language="en", opponent="human", animate=False,
                                 clock_white="300", clock_black="300"), tmp_path)
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


def test_the_new_game_dialog_keeps_the_clocks_of_the_preferences(start_program, tmp_path):  # noqa: F811, E501
    """The preferences' clocks are the next game's: Game › New game › OK kept the rest of
    the game but offered no clocks, so the new game was played without them."""
    save_preferences(Preferences(language="en", opponent="human", animate=False,
                                 clock_white="300", clock_black="180+2"), tmp_path)
    _session, window = start_program()
    panel = window.family.clocks
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
