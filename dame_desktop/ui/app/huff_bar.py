"""The huffing ("Blasen") question: the opponent missed a capture, what now?

It stands at the top of the side panel, beside the board, only while it is asked: the board
never moves for it.  The question wraps over as many lines as it needs and the three answers
stand one under the other, so every word is readable at any window size.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

_LOOK = (
    "QFrame#huffBar { border: 2px solid palette(highlight); border-radius: 6px; "
    "background: palette(base); }"
)


class HuffBar(QFrame):
    """Shown when the opponent missed a capture: accept, blow away, or demand the capture."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("huffBar")
        self.setStyleSheet(_LOOK)
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 8, 8, 8)
        self.label = QLabel()
        self.label.setObjectName("huffQuestion")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.MinimumExpanding)
        column.addWidget(self.label)
        self.accept_button = QPushButton()
        self.blow_button = QPushButton()
        self.correct_button = QPushButton()
        for button in (self.accept_button, self.blow_button, self.correct_button):
            column.addWidget(button)
        # as tall as the wrapped question needs at the panel's width (height for width)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.retranslate_ui()
        self.hide()

    def retranslate_ui(self) -> None:
        self.accept_button.setText(self.tr("Let it stand"))
        self.blow_button.setText(self.tr("Blow the piece away"))
        self.correct_button.setText(self.tr("Demand the capture"))
        self.setAccessibleName(self.tr("Missed capture"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
