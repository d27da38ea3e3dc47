"""The bar over the board when the opponent missed a capture (huffing, "Blasen")."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class HuffBar(QFrame):
    """Shown when the opponent missed a capture: accept, blow away, or demand the capture."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("huffBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        row.addWidget(self.label, 1)
        self.accept_button = QPushButton()
        self.blow_button = QPushButton()
        self.correct_button = QPushButton()
        for button in (self.accept_button, self.blow_button, self.correct_button):
            row.addWidget(button)
        self.retranslate_ui()
        # the bar keeps its place while hidden, so the board never jumps (see set_reserved)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.setFixedHeight(self.sizeHint().height() + 8)
        self.hide()

    def set_reserved(self, reserved: bool) -> None:
        """Keep room for the bar (games with huffing) or none at all (the others)."""
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(reserved)
        self.setSizePolicy(policy)
        self.updateGeometry()

    def retranslate_ui(self) -> None:
        self.accept_button.setText(self.tr("Let it stand"))
        self.blow_button.setText(self.tr("Blow the piece away"))
        self.correct_button.setText(self.tr("Demand the capture"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
