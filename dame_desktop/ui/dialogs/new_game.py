"""The new-game dialog: opponent, colour, rule set and the players' names."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.ai import LEVELS
from dame_desktop.core import PRESETS, Color, RuleSet, matching_preset
from dame_desktop.ui.dialogs.game_settings import NewGameSettings as NewGameSettings
from dame_desktop.ui.dialogs.rules import RulesDialog
from dame_desktop.ui.dialogs.wheel import guard_wheel
from dame_desktop.ui.family.time_control import TimeControlWidget
from dame_desktop.ui.words import rules as rule_texts
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.names import colour_text


class NewGameDialog(QDialog):
    def __init__(
        self,
        rules: RuleSet,
        previous: NewGameSettings | None = None,
        parent: QWidget | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self._rng = rng or random.Random()
        self._rules = rules
        layout = QVBoxLayout(self)

        opponent = self.opponent_group = QGroupBox(self.tr("Opponent"))
        col = QVBoxLayout(opponent)
        self.computer_radio = QRadioButton(self.tr("The computer"))
        self.people_radio = QRadioButton(self.tr("Two people at this computer"))
        group = QButtonGroup(self)
        group.addButton(self.computer_radio)
        group.addButton(self.people_radio)
        row = QHBoxLayout()
        row.addWidget(self.computer_radio)
        self.level_box = QComboBox()
        for level in LEVELS:
            self.level_box.addItem(texts.level_name(level.key), level.key)
        row.addWidget(self.level_box)
        row.addStretch()
        col.addLayout(row)
        col.addWidget(self.people_radio)
        layout.addWidget(opponent)

        colour = self.colour_group = QGroupBox(self.tr("You play"))
        crow = QHBoxLayout(colour)
        self.light_radio = QRadioButton()  # named by the rules (_name_sides)
        self.dark_radio = QRadioButton()
        self.lots_radio = QRadioButton(self.tr("Draw lots"))
        cgroup = QButtonGroup(self)
        for button in (self.light_radio, self.dark_radio, self.lots_radio):
            cgroup.addButton(button)
            crow.addWidget(button)
        layout.addWidget(colour)

        form = self.form = QFormLayout()
        rules_row = QHBoxLayout()
        self.rules_box = QComboBox()
        # the whole name, "German (Schmidt) with house rules" too
        self.rules_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for preset in PRESETS:
            self.rules_box.addItem(texts.rules_name(preset), preset.key)
        self.rules_box.activated.connect(self._on_preset)
        rules_row.addWidget(self.rules_box, 1)
        self.rules_button = QPushButton(self.tr("Change rules…"))
        self.rules_button.setObjectName("changeRulesButton")
        self.rules_button.clicked.connect(self._edit_rules)
        rules_row.addWidget(self.rules_button)
        form.addRow(self.tr("Rules:"), rules_row)
        self.rules_note = QLabel()  # what the house rules change, in words
        self.rules_note.setObjectName("rulesNote")
        self.rules_note.setWordWrap(True)
        form.addRow("", self.rules_note)
        self.light_name = QLineEdit()
        self.dark_name = QLineEdit()
        form.addRow(QLabel(), self.light_name)  # named by the rules (_name_sides)
        form.addRow(QLabel(), self.dark_name)
        self.time_control = TimeControlWidget()  # the clocks: none by default
        self.time_control.set_players(self._rules)
        if previous is not None and previous.clocks is not None:
            self.time_control.set_value(*previous.clocks)
        self.time_control.choice_label.hide()  # the form's "Clocks:" names the row once
        self.clocks_label = QLabel(self.tr("Clocks:"))
        self.clocks_label.setBuddy(self.time_control.choice_box)
        form.addRow(self.clocks_label, self.time_control)
        layout.addLayout(form)
        layout.addStretch(1)  # a taller dialog grows below the fields, not inside the groups

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

        self.level_box.setAccessibleName(self.tr("Level"))
        self.rules_box.setAccessibleName(self.tr("Rules"))
        self.computer_radio.toggled.connect(self._sync)
        if previous is None or previous.against_computer:
            self.computer_radio.setChecked(True)
        else:
            self.people_radio.setChecked(True)
        if previous is not None:
            self.level_box.setCurrentIndex(max(0, self.level_box.findData(previous.level_key)))
            if previous.drawn_by_lot:
                self.lots_radio.setChecked(True)
            elif previous.colour is Color.BLACK:
                self.dark_radio.setChecked(True)
            else:
                self.light_radio.setChecked(True)
            self.light_name.setText(previous.light_name)
            self.dark_name.setText(previous.dark_name)
        else:
            self.level_box.setCurrentIndex(max(0, self.level_box.findData("easy")))
            self.light_radio.setChecked(True)
        self._set_rules(rules)
        guard_wheel(self)
        self.retranslate_ui()  # also sets the accessible names

    def retranslate_ui(self) -> None:
        """All texts again in the language now installed."""
        self.setWindowTitle(self.tr("New game"))
        self.opponent_group.setTitle(self.tr("Opponent"))
        self.computer_radio.setText(self.tr("The computer"))
        self.people_radio.setText(self.tr("Two people at this computer"))
        for index in range(self.level_box.count()):
            self.level_box.setItemText(index, texts.level_name(str(self.level_box.itemData(index))))
        self.level_box.setAccessibleName(self.tr("Level"))
        self.colour_group.setTitle(self.tr("You play"))
        self.lots_radio.setText(self.tr("Draw lots"))
        for index in range(self.rules_box.count()):
            key = self.rules_box.itemData(index)
            preset = next((p for p in PRESETS if p.key == key), None)
            self.rules_box.setItemText(
                index,
                texts.rules_name(preset) if preset is not None else texts.rules_name(self._rules),
            )
        self.rules_box.setAccessibleName(self.tr("Rules"))
        self.rules_button.setText(self.tr("Change rules…"))
        self.clocks_label.setText(self.tr("Clocks:"))
        self._show_rules_note()
        self._name_sides()
        for row in range(self.form.rowCount()):  # the rules row holds a layout, not a widget
            field = self.form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            name = self.form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if field is not None and field.layout() is not None and name is not None:
                widget = name.widget()
                if isinstance(widget, QLabel):
                    widget.setText(self.tr("Rules:"))
        self._sync()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _sync(self) -> None:
        computer = self.computer_radio.isChecked()
        self.level_box.setEnabled(computer)
        self.colour_group.setEnabled(computer)  # two people: each plays a side, no choice
        self._name_sides()

    def _name_sides(self) -> None:
        """The sides named as the chosen rules name them: Hell/Dunkel for the German sets,
        White/Black, Black/White in English checkers (Black moves first, so it comes first)."""
        if not hasattr(self, "dark_name"):
            return  # still being built
        rules = self._rules
        light, dark = colour_text(rules, Color.WHITE), colour_text(rules, Color.BLACK)
        self.light_radio.setText(light)
        self.dark_radio.setText(dark)
        row = self.colour_group.layout()
        if isinstance(row, QHBoxLayout):  # the side that moves first first
            first, second = (
                (self.light_radio, self.dark_radio)
                if rules.first is Color.WHITE
                else (self.dark_radio, self.light_radio)
            )
            row.removeWidget(first)
            row.removeWidget(second)
            row.insertWidget(0, first)
            row.insertWidget(1, second)
        for editor, side in ((self.light_name, light), (self.dark_name, dark)):
            text = self.tr("%1 player:").replace("%1", side)
            label = self.form.labelForField(editor)
            if isinstance(label, QLabel):
                label.setText(text)
            editor.setAccessibleName(text.rstrip(":"))
            editor.setPlaceholderText(side)

    def _set_rules(self, rules: RuleSet) -> None:
        self._rules = rules
        if hasattr(self, "time_control"):  # the clocks name the sides as the rules do
            self.time_control.set_players(rules)
        self._name_sides()
        preset = matching_preset(rules)
        custom_index = self.rules_box.findData("custom")
        if preset is not None:
            if custom_index >= 0:
                self.rules_box.removeItem(custom_index)
            self.rules_box.setCurrentIndex(self.rules_box.findData(preset.key))
        else:
            label = texts.rules_name(rules)  # "German (Schmidt) with house rules"
            if custom_index < 0:
                self.rules_box.addItem(label, "custom")
                custom_index = self.rules_box.count() - 1
            self.rules_box.setItemText(custom_index, label)
            self.rules_box.setCurrentIndex(custom_index)
        self._show_rules_note()

    def _show_rules_note(self) -> None:
        phrases = rule_texts.difference_phrases(self._rules)
        self.rules_note.setText(
            self.tr("House rules: %1").replace("%1", ", ".join(phrases)) if phrases else ""
        )
        self.rules_note.setVisible(bool(phrases))

    def _on_preset(self, index: int) -> None:
        key = self.rules_box.itemData(index)
        for preset in PRESETS:
            if preset.key == key:
                self._set_rules(preset)

    def _edit_rules(self) -> None:
        dialog = RulesDialog(self._rules, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self._set_rules(dialog.rules())

    def set_rules(self, rules: RuleSet) -> None:
        """Show ``rules`` as chosen (a preset, or a preset with house rules)."""
        self._set_rules(rules)

    def settings(self) -> NewGameSettings:
        against = self.computer_radio.isChecked()
        lots = self.lots_radio.isChecked()
        if lots:
            colour = self._rng.choice((Color.WHITE, Color.BLACK))
        elif self.dark_radio.isChecked():
            colour = Color.BLACK
        else:
            colour = Color.WHITE
        return NewGameSettings(
            against_computer=against,
            level_key=str(self.level_box.currentData()),
            colour=colour,
            rules=self._rules,
            light_name=self.light_name.text().strip(),
            dark_name=self.dark_name.text().strip(),
            drawn_by_lot=lots,
            clocks=self.time_control.value(),
        )
