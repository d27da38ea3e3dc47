"""The set-up editor's combo boxes ignore a wheel turn while they have no focus (the page or
the dialog gets it), like every other dialog's fields."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

from dame_desktop.core import find_rules
from dame_desktop.ui.study.setup_editor import SetupEditor


def wheel(widget: QWidget, notches: int = -1) -> None:
    """A real wheel turn over the middle of ``widget`` (negative: towards the user)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_leaves_the_set_up_editors_boxes_alone(qtbot) -> None:
    editor = SetupEditor(find_rules("german"))
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    boxes = [editor.rules_box, editor.turn_box]
    assert all(isinstance(box, QComboBox) and box.count() > 1 for box in boxes)
    rules, turn, fen = editor.rules, editor.turn, editor.fen()
    for box in boxes:
        editor.board.setFocus()
        before = box.currentIndex()
        wheel(box, -1 if before == 0 else 1)
        assert box.currentIndex() == before
        assert box.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert editor.rules is rules and editor.turn is turn and editor.fen() == fen
    # a box the user went into (Tab) takes the wheel
    box = editor.turn_box
    editor.activateWindow()
    box.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(box.hasFocus, timeout=2000)
    before = box.currentIndex()
    wheel(box, -1 if before == 0 else 1)
    assert box.currentIndex() != before
    assert editor.turn is not turn
