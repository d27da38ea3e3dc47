"""The mouse wheel scrolls the page, not the field under the pointer.

A spin box or combo box changes its value on a wheel turn even when the user only scrolls a
long dialog past it (the rules dialog went from 80 to 72 half-moves that way and silently
became "custom").  :func:`guard_wheel` gives every such field of a dialog the strong focus
policy (a click or Tab focuses it, the wheel does not) and an event filter: while a field has
no focus, a wheel turn over it goes to the scroll area around it, or to its parent when there
is none.  A focused field still takes the wheel, as the user chose it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QScrollBar,
    QWidget,
)

_FIELDS = (QAbstractSpinBox, QComboBox, QAbstractSlider)


class WheelGuard(QObject):
    """Event filter: a wheel over an unfocused field scrolls the surrounding page."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget):
            return False
        if watched.hasFocus():
            return False  # the user is in the field: the wheel is theirs
        area = _scroll_area_of(watched)
        if area is not None:
            bar = area.verticalScrollBar()
            if bar.isVisible() and bar.maximum() > bar.minimum():
                QApplication.sendEvent(bar, event)
                event.accept()
                return True
        event.ignore()  # a real (spontaneous) wheel then goes on to the parent widgets
        return True


def _scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def guard_wheel(root: QWidget) -> WheelGuard:
    """Protect every spin box, combo box and slider under ``root`` (scroll bars aside) from
    wheel turns while it has no focus; returns the filter (owned by ``root``)."""
    guard = root.findChild(WheelGuard, "wheelGuard")
    if guard is None:
        guard = WheelGuard(root)
        guard.setObjectName("wheelGuard")
    for field in root.findChildren(QWidget):
        if isinstance(field, _FIELDS) and not isinstance(field, QScrollBar):
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            field.removeEventFilter(guard)
            field.installEventFilter(guard)
    return guard
