"""The puzzles panel: who solves, which puzzles (rule set, source, theme, difficulty), the
stipulation, what the window says to a move, the rating, and the buttons (hint, solution,
next, try again, a timed run, "My mistakes", leave).  Widgets only; the
:class:`~dame_desktop.ui.puzzles.controller.PuzzleController` fills and answers them."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.puzzles.mine import THEMES
from dame_desktop.puzzles.solve import DIFFICULTIES
from dame_desktop.ui.words import puzzles as words


class WrapLabel(QLabel):
    """A word-wrapped label that asks its layout for the height its lines need at its
    present width (a plain wrapped label in a scrolled column may be given less); hidden
    while it has nothing to say, so it leaves no gap."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setHidden(True)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setHidden(not text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()

    def _fit(self) -> None:
        width = self.width() if self.width() > 0 else self.sizeHint().width()
        needed = self.heightForWidth(width) if self.text() else 0
        if needed != self.minimumHeight():
            self.setMinimumHeight(max(0, needed))


class TextScroll(QScrollArea):
    """A scroll area that asks for the whole height of what it shows (a plain one asks for
    at most some lines), so it scrolls only where the room is short."""

    def __init__(self) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def setWidget(self, widget: QWidget) -> None:
        super().setWidget(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # its text changed: the panel places it again
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        widget = self.widget()
        hint = super().sizeHint()
        if widget is None:
            return hint
        return QSize(hint.width(), widget.sizeHint().height() + 2 * self.frameWidth())


class PuzzlePanel(QWidget):
    """The title with the way back to the game on top and the buttons at the bottom stay in
    view; the choices and the texts between them scroll when the window is too low for all
    of them (wrapped texts keep the height they need)."""

    language_changed = Signal()  # the fixed texts are new; the controller says the rest again

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("puzzlePanel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 4, 0)
        header = QHBoxLayout()
        self.title = QLabel()
        bold = QFont(self.title.font())
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.2 if bold.pointSizeF() > 0 else 12)
        self.title.setFont(bold)
        header.addWidget(self.title, 1)
        self.leave = QPushButton()
        self.leave.setObjectName("puzzleLeave")
        header.addWidget(self.leave)
        outer.addLayout(header)

        self.text_area = TextScroll()
        self.text_area.setObjectName("puzzleScroll")
        inner = QWidget()
        inner.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.text_area.setWidget(inner)
        outer.addWidget(self.text_area)
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 0, 0)

        self.form = QFormLayout()
        self.member = QComboBox()
        self.member.setObjectName("puzzleMember")
        self.member.setEditable(True)
        self.member.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.rules = QComboBox()
        self.rules.setObjectName("puzzleRules")
        self.source = QComboBox()
        self.source.setObjectName("puzzleSource")
        self.source.addItem("", "set")
        self.source.addItem("", "mine")
        self.theme = QComboBox()
        self.theme.setObjectName("puzzleTheme")
        self.theme.addItem("", "")
        self.set_themes(THEMES)
        self.difficulty = QComboBox()
        self.difficulty.setObjectName("puzzleDifficulty")
        self.difficulty.addItem("", "")
        for key in DIFFICULTIES:
            self.difficulty.addItem("", key)
        self.labels = [QLabel() for _ in range(5)]
        for label, field in zip(
            self.labels,
            (self.member, self.rules, self.source, self.theme, self.difficulty),
            strict=True,
        ):
            label.setBuddy(field)
            # as narrow as a few letters need: a long entry is cut, the panel beside the
            # board is not (a small screen with the explorer dock open)
            field.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            field.setMinimumContentsLength(10)
            self.form.addRow(label, field)
        column.addLayout(self.form)
        self.count = WrapLabel()
        self.count.setObjectName("puzzleCount")
        column.addWidget(self.count)

        self.stipulation = WrapLabel()
        self.stipulation.setObjectName("puzzleStipulation")
        self.stipulation.setWordWrap(True)
        big = QFont(bold)
        big.setPointSizeF(bold.pointSizeF() * 1.15)
        self.stipulation.setFont(big)
        column.addWidget(self.stipulation)
        self.feedback = WrapLabel()
        self.feedback.setObjectName("puzzleFeedback")
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.PlainText)
        column.addWidget(self.feedback)
        self.rating = WrapLabel()
        self.rating.setObjectName("puzzleRating")
        self.rating.setWordWrap(True)
        column.addWidget(self.rating)
        self.info = WrapLabel()
        self.info.setObjectName("puzzleInfo")
        self.info.setWordWrap(True)
        self.info.setTextFormat(Qt.TextFormat.PlainText)
        column.addWidget(self.info)

        buttons = QGridLayout()  # the buttons: always in view below the texts
        self.hint = QPushButton()
        self.hint.setObjectName("puzzleHint")
        self.solution = QPushButton()
        self.solution.setObjectName("puzzleSolution")
        self.retry = QPushButton()
        self.retry.setObjectName("puzzleRetry")
        self.next = QPushButton()
        self.next.setObjectName("puzzleNext")
        buttons.addWidget(self.hint, 0, 0)
        buttons.addWidget(self.solution, 0, 1)
        buttons.addWidget(self.retry, 1, 0)
        buttons.addWidget(self.next, 1, 1)
        outer.addLayout(buttons)

        self.run_clock = WrapLabel()  # takes no room while it has nothing to say
        self.run_clock.setObjectName("puzzleRunClock")
        self.run_clock.setFont(bold)
        self.run_clock.setWordWrap(True)
        outer.addWidget(self.run_clock)
        self.run = QPushButton()
        self.run.setObjectName("puzzleRun")
        self.mistakes = QPushButton()
        self.mistakes.setObjectName("puzzleMistakes")
        for button in (self.run, self.mistakes):
            outer.addWidget(button)
        outer.addStretch(1)  # room to spare goes below the buttons, not between the texts
        self.retranslate()

    def set_themes(self, themes: tuple[str, ...]) -> None:
        """Offer ``themes`` (those the puzzles at hand have) after "All themes"; the theme
        chosen stays chosen when it is among them, else "All themes" is.  No signal."""
        box = self.theme
        current = str(box.currentData() or "")
        blocked = box.blockSignals(True)
        while box.count() > 1:
            box.removeItem(box.count() - 1)
        for theme in themes:
            box.addItem(words.theme_name(theme), theme)
        box.setCurrentIndex(max(0, box.findData(current)) if current else 0)
        box.blockSignals(blocked)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Puzzles"))
        for label, text in zip(
            self.labels,
            (
                self.tr("&Solver:"),
                self.tr("&Rules:"),
                self.tr("&Puzzles:"),
                self.tr("&Theme:"),
                self.tr("&Difficulty:"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.source.setItemText(0, self.tr("Puzzle set"))
        self.source.setItemText(1, self.tr("My mistakes"))
        self.theme.setItemText(0, self.tr("All themes"))
        for index in range(1, self.theme.count()):
            self.theme.setItemText(index, words.theme_name(str(self.theme.itemData(index))))
        self.difficulty.setItemText(0, self.tr("Any difficulty"))
        for index in range(1, self.difficulty.count()):
            self.difficulty.setItemText(
                index, words.difficulty_name(str(self.difficulty.itemData(index)))
            )
        self.hint.setText(self.tr("&Hint"))
        self.hint.setToolTip(words.hint_tip())
        self.solution.setText(self.tr("Show &solution"))
        self.retry.setText(self.tr("Try &again"))
        self.next.setText(self.tr("&Next puzzle"))
        self.run.setText(words.run_text())
        self.run.setToolTip(words.run_tip())
        self.mistakes.setText(self.tr("My mistakes from a game file…"))
        self.mistakes.setToolTip(
            self.tr("Positions where your analysed games have a ? or ?? become your own puzzles")
        )
        self.leave.setText(self.tr("Back to the game"))
        self.member.setToolTip(self.tr("Each member of the family has a rating of their own"))

    def say(self, text: str) -> None:
        """What the window says to a move, scrolled into view where the texts scroll."""
        self.feedback.setText(text)
        if text:
            self.text_area.ensureWidgetVisible(self.feedback, 0, 0)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.language_changed.emit()
        super().changeEvent(event)
