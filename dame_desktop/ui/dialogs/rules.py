"""The rules dialog: a preset to start from and every switch of the rules core."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import (
    PRESETS,
    RulesError,
    RuleSet,
    apply_switches,
    differences,
    matching_preset,
)
from dame_desktop.core.rules import SWITCHES, Switch, switch_value
from dame_desktop.ui import texts


class RulesDialog(QDialog):
    """Edit a rule set: pick a preset, change switches; shows the matching preset or custom."""

    def __init__(self, rules: RuleSet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Rules"))
        self._base = matching_preset(rules) or _nearest_preset(rules)
        self._rules = rules
        self._editors: dict[str, QWidget] = {}
        self._updating = False

        layout = QVBoxLayout(self)
        top = self.top_form = QFormLayout()
        self.preset_box = QComboBox()
        for preset in PRESETS:
            self.preset_box.addItem(texts.rules_name(preset), preset.key)
        self.preset_box.setCurrentIndex(PRESETS.index(self._base))
        self.preset_box.activated.connect(self._on_preset)
        top.addRow(self.tr("Start from:"), self.preset_box)
        self.match_label = QLabel()
        self.match_label.setObjectName("matchLabel")
        top.addRow(self.tr("These rules are:"), self.match_label)
        layout.addLayout(top)

        inner = QWidget()
        form = self.form = QFormLayout(inner)
        self._help_labels: dict[str, QLabel] = {}
        self._rows: dict[str, QWidget] = {}
        for switch in SWITCHES:
            editor = self._make_editor(switch)
            self._editors[switch.name] = editor
            editor.setToolTip(texts.switch_help(switch))
            box = QWidget()
            col = QVBoxLayout(box)
            col.setContentsMargins(0, 0, 0, 6)
            col.setSpacing(1)
            col.addWidget(editor)
            help_label = QLabel(texts.switch_help(switch))
            help_label.setWordWrap(True)
            font = help_label.font()
            font.setPointSizeF(max(7.0, font.pointSizeF() * 0.88))
            help_label.setFont(font)
            help_label.setEnabled(False)  # drawn in the palette's dimmed text colour
            col.addWidget(help_label)
            self._help_labels[switch.name] = help_label
            self._rows[switch.name] = box
            editor.setAccessibleName(texts.switch_label(switch))
            form.addRow(texts.switch_label(switch) + ":", box)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setMinimumSize(560, 420)
        layout.addWidget(scroll)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._show(rules)

    def retranslate_ui(self) -> None:
        """All texts again in the language now installed."""
        self.setWindowTitle(self.tr("Rules"))
        for index, preset in enumerate(PRESETS):
            self.preset_box.setItemText(index, texts.rules_name(preset))
        for field, text in ((self.preset_box, self.tr("Start from:")),
                            (self.match_label, self.tr("These rules are:"))):
            label = self.top_form.labelForField(field)
            if isinstance(label, QLabel):
                label.setText(text)
        for switch in SWITCHES:
            editor = self._editors[switch.name]
            editor.setToolTip(texts.switch_help(switch))
            editor.setAccessibleName(texts.switch_label(switch))
            self._help_labels[switch.name].setText(texts.switch_help(switch))
            label = self.form.labelForField(self._rows[switch.name])
            if isinstance(label, QLabel):
                label.setText(texts.switch_label(switch) + ":")
            if isinstance(editor, QComboBox):
                for index in range(editor.count()):
                    editor.setItemText(index, texts.choice_text(str(editor.itemData(index))))
        self._show_match()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # -- editors -------------------------------------------------------------------------

    def _make_editor(self, switch: Switch) -> QWidget:
        if switch.kind in ("bool", "largest"):
            check = QCheckBox()
            check.toggled.connect(lambda _on, name=switch.name: self._on_edit(name))
            return check
        if switch.kind == "int":
            spin = QSpinBox()
            spin.setRange(0, 10_000)
            spin.valueChanged.connect(lambda _v, name=switch.name: self._on_edit(name))
            return spin
        combo = QComboBox()
        for choice in switch.choices:
            combo.addItem(texts.choice_text(choice), choice)
        combo.currentIndexChanged.connect(lambda _i, name=switch.name: self._on_edit(name))
        return combo

    def _show(self, rules: RuleSet) -> None:
        self._updating = True
        try:
            for switch in SWITCHES:
                editor = self._editors[switch.name]
                value = switch_value(rules, switch)
                if isinstance(editor, QCheckBox):
                    editor.setChecked(value == "on")
                elif isinstance(editor, QSpinBox):
                    editor.setValue(int(value))
                elif isinstance(editor, QComboBox):
                    editor.setCurrentIndex(max(0, editor.findData(value)))
        finally:
            self._updating = False
        self._rules = rules
        self._show_match()

    def _show_match(self) -> None:
        preset = matching_preset(self._rules)
        if preset is None:
            self.match_label.setText(self.tr("custom (based on %1)").replace(
                "%1", texts.rules_name(self._base)))
            self.match_label.setToolTip(", ".join(
                f"{k}={v}" for k, v in differences(self._rules, self._base).items()))
        else:
            self.match_label.setText(texts.rules_name(preset))
            self.match_label.setToolTip("")

    def _value(self, switch: Switch) -> str:
        editor = self._editors[switch.name]
        if isinstance(editor, QCheckBox):
            return "on" if editor.isChecked() else "off"
        if isinstance(editor, QSpinBox):
            return str(editor.value())
        assert isinstance(editor, QComboBox)
        return str(editor.currentData())

    def _on_edit(self, name: str) -> None:
        if self._updating:
            return
        switch = next(s for s in SWITCHES if s.name == name)
        try:
            rules = apply_switches(self._rules, {name: self._value(switch)})
        except RulesError:
            return
        # the largest-capture shortcut and capture-rule edit the same field: re-show both
        self._show(rules)

    def _on_preset(self, index: int) -> None:
        preset = PRESETS[index]
        self._base = preset
        self._show(preset)

    # -- result --------------------------------------------------------------------------

    def rules(self) -> RuleSet:
        """The edited rules: the preset itself when they match one, else the preset changed
        by switches (it keeps the preset's key, so it is 'preset + switches')."""
        preset = matching_preset(self._rules)
        if preset is not None:
            return preset
        base = self._base
        return dataclasses.replace(
            self._rules,
            key=base.key,
            name=f"{base.name} with house rules",
            name_de=f"{base.name_de} mit Hausregeln",
            gametype=base.gametype,
        )

    def set_switch(self, name: str, value: str) -> None:
        """Set one switch as the user would (used by tests and the new-game dialog)."""
        self._show(apply_switches(self._rules, {name: value}))


def _nearest_preset(rules: RuleSet) -> RuleSet:
    """The preset that differs from ``rules`` in the fewest parameters."""
    fields = [f.name for f in dataclasses.fields(RuleSet)
              if f.name not in ("key", "name", "name_de", "gametype")]

    def distance(preset: RuleSet) -> int:
        return sum(getattr(preset, f) != getattr(rules, f) for f in fields)

    return min(PRESETS, key=distance)
