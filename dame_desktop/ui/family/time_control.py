"""Choosing the clocks for a new game (the new-game dialog embeds this widget).

No clock (the default), sudden death 5/10/15 minutes, Fischer 3 minutes + 2 seconds, or own
values; and, for a child who should get more time than a parent, a separate time for each
player.  :meth:`TimeControlWidget.value` gives the core's
:class:`~dame_desktop.core.clock.TimeControl` for each side.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from dame_desktop.core import Color, RuleSet, TimeControl
from dame_desktop.core.clock import MAX_INCREMENT, MAX_SECONDS, NO_CLOCK, TIME_CONTROLS
from dame_desktop.ui.words.names import colour_text

OWN = "own"


class TimeControlWidget(QWidget):
    """A choice of clocks: a list of time controls, minutes and increment for own values,
    and "a different time for each player".  ``changed()`` after every change."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("timeControl")
        self._rules: RuleSet | None = None
        self._names: dict[Color, str] = {}
        self._first = Color.WHITE
        self._updating = False
        self.choice_box = QComboBox(self)
        self.choice_box.setObjectName("timeControlChoice")
        self.separate_box = QCheckBox(self)
        self.separate_box.setObjectName("separateTimes")
        self.minutes: dict[Color, QSpinBox] = {}
        self.increments: dict[Color, QSpinBox] = {}
        self.side_labels: dict[Color, QLabel] = {}
        self.choice_label = QLabel(self)
        self.choice_label.setBuddy(self.choice_box)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.choice_label, 0, 0)
        layout.addWidget(self.choice_box, 0, 1, 1, 3)
        layout.addWidget(self.separate_box, 1, 1, 1, 3)
        for row, colour in enumerate((Color.WHITE, Color.BLACK), start=2):
            label = QLabel(self)
            minutes = QSpinBox(self)
            minutes.setObjectName(f"minutes{colour.value}")
            minutes.setRange(1, MAX_SECONDS // 60)
            minutes.setValue(10)
            increment = QSpinBox(self)
            increment.setObjectName(f"increment{colour.value}")
            increment.setRange(0, MAX_INCREMENT)
            label.setBuddy(minutes)
            layout.addWidget(label, row, 0)
            layout.addWidget(minutes, row, 1)
            layout.addWidget(increment, row, 2)
            self.side_labels[colour] = label
            self.minutes[colour] = minutes
            self.increments[colour] = increment
            minutes.valueChanged.connect(self._on_spin)
            increment.valueChanged.connect(self._on_spin)
        self._fill_choices()
        self.choice_box.currentIndexChanged.connect(self._on_choice)
        self.separate_box.toggled.connect(self._on_separate)
        self._retranslate()
        self._update_rows()

    # -- for the dialog ----------------------------------------------------------------------

    def set_players(self, rules: RuleSet, names: dict[Color, str] | None = None) -> None:
        """Label the two rows by the sides' names under ``rules`` (and the players' names);
        the side that moves first comes first."""
        self._rules = rules
        self._names = {c: n.strip() for c, n in (names or {}).items() if n.strip()}
        self._first = rules.first
        self._retranslate()
        self._update_rows()

    def value(self) -> tuple[TimeControl, TimeControl]:
        """(White's, Black's) time control; NO_CLOCK for both without clocks."""
        data = self.choice_box.currentData()
        if data is None:
            return NO_CLOCK, NO_CLOCK
        first = self._spin_value(self._first)
        if not self.separate_box.isChecked():
            return first, first
        second = self._spin_value(self._first.opponent)
        return (first, second) if self._first is Color.WHITE else (second, first)

    def set_value(self, white: TimeControl, black: TimeControl | None = None) -> None:
        """Show a stored choice (the last new game's)."""
        black = white if black is None else black
        self._updating = True
        try:
            if white.is_none and black.is_none:
                self.choice_box.setCurrentIndex(0)
                self.separate_box.setChecked(False)
            else:
                for colour, control in ((Color.WHITE, white), (Color.BLACK, black)):
                    if control.is_none:  # one side without a clock: give it a long time
                        control = TimeControl(MAX_SECONDS)
                    self.minutes[colour].setValue(max(1, control.seconds // 60))
                    self.increments[colour].setValue(control.increment)
                self.separate_box.setChecked(white != black)
                self._select_matching()
        finally:
            self._updating = False
        self._update_rows()
        self.changed.emit()

    def is_timed(self) -> bool:
        return self.choice_box.currentData() is not None

    # -- inside ------------------------------------------------------------------------------

    def _spin_value(self, colour: Color) -> TimeControl:
        return TimeControl(self.minutes[colour].value() * 60, self.increments[colour].value())

    def _fill_choices(self) -> None:
        self.choice_box.clear()
        for control in TIME_CONTROLS:
            self.choice_box.addItem(
                self._control_label(control), None if control.is_none else control.text()
            )
        self.choice_box.addItem(self.tr("Own values"), OWN)

    def _control_label(self, control: TimeControl) -> str:
        if control.is_none:
            return self.tr("No clock")
        minutes = control.seconds // 60
        if control.increment:
            return (
                self.tr("%1 min + %2 s per move (Fischer)")
                .replace("%1", str(minutes))
                .replace("%2", str(control.increment))
            )
        return self.tr("%1 minutes (sudden death)").replace("%1", str(minutes))

    def _retranslate(self) -> None:
        index = self.choice_box.currentIndex()
        self._updating = True
        try:
            for i, control in enumerate(TIME_CONTROLS):
                self.choice_box.setItemText(i, self._control_label(control))
            self.choice_box.setItemText(len(TIME_CONTROLS), self.tr("Own values"))
            self.choice_box.setCurrentIndex(max(0, index))
        finally:
            self._updating = False
        self.choice_label.setText(self.tr("&Clocks:"))
        self.separate_box.setText(self.tr("A &different time for each player"))
        for colour in (Color.WHITE, Color.BLACK):
            self.minutes[colour].setSuffix(self.tr(" min"))
            self.increments[colour].setPrefix(self.tr("+ "))
            self.increments[colour].setSuffix(self.tr(" s per move"))
            self.side_labels[colour].setText(self._side_text(colour))

    def _side_text(self, colour: Color) -> str:
        if not self.separate_box.isChecked():
            return self.tr("Both players:")
        side = (
            colour_text(self._rules, colour)
            if self._rules is not None
            else (self.tr("First player") if colour is self._first else self.tr("Second player"))
        )
        name = self._names.get(colour)
        label = (
            self.tr("%1 (%2)").replace("%1", name).replace("%2", side)
            if name and name != side
            else side
        )
        return self.tr("%1:").replace("%1", label)

    def _update_rows(self) -> None:
        timed = self.is_timed()
        separate = self.separate_box.isChecked()
        self.separate_box.setEnabled(timed)
        layout = self.layout()
        assert isinstance(layout, QGridLayout)
        # the side that moves first is on the first row
        for row, colour in enumerate((self._first, self._first.opponent), start=2):
            for column, widget in enumerate(
                (self.side_labels[colour], self.minutes[colour], self.increments[colour])
            ):
                layout.addWidget(widget, row, column)
        for colour in (Color.WHITE, Color.BLACK):
            shown = timed and (colour is self._first or separate)
            for widget in (self.side_labels[colour], self.minutes[colour], self.increments[colour]):
                widget.setVisible(shown)
            self.side_labels[colour].setText(self._side_text(colour))

    def _select_matching(self) -> None:
        """Choose the list entry that matches the spins (own values when none does)."""
        first = self._spin_value(self._first)
        same = not self.separate_box.isChecked() or first == self._spin_value(self._first.opponent)
        index = self.choice_box.findData(first.text()) if same else -1
        self.choice_box.setCurrentIndex(index if index > 0 else len(TIME_CONTROLS))

    def _on_choice(self, index: int) -> None:
        if self._updating:
            return
        data = self.choice_box.itemData(index)
        if data not in (None, OWN):
            control = TimeControl.parse(str(data))
            self._updating = True
            try:
                for colour in (Color.WHITE, Color.BLACK):
                    self.minutes[colour].setValue(control.seconds // 60)
                    self.increments[colour].setValue(control.increment)
            finally:
                self._updating = False
        if data is None:
            self.separate_box.setChecked(False)
        self._update_rows()
        self.changed.emit()

    def _on_spin(self, _value: int) -> None:
        if self._updating:
            return
        if not self.separate_box.isChecked():  # one time for both: keep the rows equal
            source = self._first
            self._updating = True
            try:
                self.minutes[source.opponent].setValue(self.minutes[source].value())
                self.increments[source.opponent].setValue(self.increments[source].value())
            finally:
                self._updating = False
        self._updating = True
        try:
            self._select_matching()
        finally:
            self._updating = False
        self._update_rows()
        self.changed.emit()

    def _on_separate(self, _checked: bool) -> None:
        if self._updating:
            self._update_rows()
            return
        self._updating = True
        try:
            self._select_matching()
        finally:
            self._updating = False
        self._update_rows()
        self.changed.emit()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self._update_rows()
        super().changeEvent(event)
