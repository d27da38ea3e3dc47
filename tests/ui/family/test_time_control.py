"""Choosing the clocks: none by default, the usual time controls, own values, and a time of
their own for each player; chosen with real keys and clicks."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Color, TimeControl, find_rules
from dame_desktop.core.clock import NO_CLOCK
from dame_desktop.ui.family.time_control import TimeControlWidget

W, B = Color.WHITE, Color.BLACK


def make(qtbot) -> TimeControlWidget:
    widget = TimeControlWidget()
    qtbot.addWidget(widget)
    widget.set_players(find_rules("german"), {W: "Mama", B: "Lena"})
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def type_into(spin, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, text)
    QTest.keyClick(spin, Qt.Key.Key_Tab)


def test_no_clock_is_the_default(qtbot) -> None:
    widget = make(qtbot)
    assert widget.value() == (NO_CLOCK, NO_CLOCK) and not widget.is_timed()
    assert widget.choice_box.currentText() == "No clock"
    assert not widget.separate_box.isEnabled()
    assert widget.minutes[W].isHidden() and widget.minutes[B].isHidden()


def test_the_usual_time_controls(qtbot) -> None:
    widget = make(qtbot)
    labels = [widget.choice_box.itemText(i) for i in range(widget.choice_box.count())]
    assert labels == [
        "No clock",
        "5 minutes (sudden death)",
        "10 minutes (sudden death)",
        "15 minutes (sudden death)",
        "3 min + 2 s per move (Fischer)",
        "Own values",
    ]
    widget.choice_box.setFocus()
    QTest.keyClick(widget.choice_box, Qt.Key.Key_Down)
    assert widget.value() == (TimeControl(300), TimeControl(300))
    QTest.keyClick(widget.choice_box, Qt.Key.Key_Down)
    QTest.keyClick(widget.choice_box, Qt.Key.Key_Down)
    assert widget.value() == (TimeControl(900), TimeControl(900))
    QTest.keyClick(widget.choice_box, Qt.Key.Key_Down)
    assert widget.value() == (TimeControl(180, 2), TimeControl(180, 2))
    assert widget.side_labels[W].text() == "Both players:"


def test_own_values_and_a_separate_time_for_the_child(qtbot) -> None:
    widget = make(qtbot)
    changes: list[None] = []
    widget.changed.connect(lambda: changes.append(None))
    widget.choice_box.setFocus()
    QTest.keyClick(widget.choice_box, Qt.Key.Key_Down)  # 5 minutes
    type_into(widget.minutes[W], "7")
    assert widget.choice_box.currentText() == "Own values"
    assert widget.value() == (TimeControl(420), TimeControl(420))
    QTest.mouseClick(widget.separate_box, Qt.MouseButton.LeftButton)
    assert widget.separate_box.isChecked()
    assert not widget.minutes[B].isHidden()
    assert widget.side_labels[W].text() == "Mama (Light):"
    assert widget.side_labels[B].text() == "Lena (Dark):"
    type_into(widget.minutes[B], "20")
    type_into(widget.increments[B], "5")
    assert widget.value() == (TimeControl(420), TimeControl(1200, 5))
    assert changes, "changes are announced"
    QTest.mouseClick(widget.separate_box, Qt.MouseButton.LeftButton)
    assert widget.value() == (TimeControl(420), TimeControl(420)), "one time for both again"


def test_the_first_mover_comes_first_and_a_stored_choice_comes_back(qtbot) -> None:
    widget = make(qtbot)
    widget.set_players(find_rules("english"))
    widget.set_value(TimeControl(600), TimeControl(300, 3))
    assert widget.separate_box.isChecked()
    assert widget.choice_box.currentText() == "Own values"
    assert widget.side_labels[B].text() == "Black:"
    layout = widget.layout()
    assert layout is not None
    assert layout.indexOf(widget.minutes[B]) < layout.indexOf(widget.minutes[W]), (
        "Black moves first in English checkers: its row is first"
    )
    assert widget.value() == (TimeControl(600), TimeControl(300, 3))
    widget.set_value(TimeControl(180, 2))
    assert widget.choice_box.currentText() == "3 min + 2 s per move (Fischer)"
    assert not widget.separate_box.isChecked()
    widget.set_value(NO_CLOCK)
    assert widget.value() == (NO_CLOCK, NO_CLOCK)


def test_the_choice_in_german(qtbot, german) -> None:
    widget = make(qtbot)
    assert widget.choice_box.itemText(0) == "Keine Uhr"
    assert widget.choice_box.itemText(1) == "5 Minuten (ohne Zeitzuschlag)"
    assert widget.choice_box.itemText(4) == "3 Min. + 2 s pro Zug (Fischer)"
    assert widget.separate_box.text() == "Für jeden Spieler eine &eigene Zeit"
