"""The rules dialog: a preset to start from and every switch of the rules core.

The switches stand in sections (start, capturing, kings, draw), each with a line of help in
the normal text colour that wraps to the dialog's width: the page scrolls only up and down,
and the wheel over a field scrolls the page unless the field has the focus (``wheel.py``).
"""

from __future__ import annotations

import dataclasses
import enum

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import (
    PRESETS as ALL_PRESETS,
)
from dame_desktop.core import (
    Game,
    RulesError,
    RuleSet,
    apply_switches,
    matching_preset,
)
from dame_desktop.core.rules import Switch, switch_value
from dame_desktop.core.rules_change import rules_change
from dame_desktop.ui.dialogs.wheel import guard_wheel
from dame_desktop.ui.words import rules as rule_texts
from dame_desktop.ui.words import texts

PRESETS = ALL_PRESETS  # every rule set, Bashni's towers included


class RulesDialog(QDialog):
    """Edit a rule set: pick a preset, change switches; shows the preset or what differs."""

    def __init__(self, rules: RuleSet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesDialog")
        self.setWindowTitle(self.tr("Rules"))
        self._base = rule_texts.base_preset(rules)
        self._rules = rules
        self._editors: dict[str, QWidget] = {}
        self._labels: dict[str, QLabel | QCheckBox] = {}
        self._help_labels: dict[str, QLabel] = {}
        self._section_labels: dict[str, QLabel] = {}
        self._updating = False

        layout = QVBoxLayout(self)
        top = QFormLayout()
        top.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.preset_box = QComboBox()
        for preset in PRESETS:
            self.preset_box.addItem(texts.rules_name(preset), preset.key)
        self.preset_box.setCurrentIndex(PRESETS.index(self._base))
        self.preset_box.activated.connect(self._on_preset)
        self.preset_label = QLabel()
        self.preset_label.setBuddy(self.preset_box)
        top.addRow(self.preset_label, self.preset_box)
        self.match_label = QLabel()
        self.match_label.setObjectName("matchLabel")
        self.match_label.setWordWrap(True)
        self.match_title = QLabel()
        top.addRow(self.match_title, self.match_label)
        layout.addLayout(top)

        inner = self.page = QWidget()
        page = QVBoxLayout(inner)
        for key, switches in rule_texts.sections():
            heading = QLabel()
            font = heading.font()
            font.setBold(True)
            heading.setFont(font)
            self._section_labels[key] = heading
            page.addWidget(heading)
            form = QFormLayout()
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
            form.setContentsMargins(0, 0, 0, 8)
            for switch in switches:
                self._add_row(form, switch)
            page.addLayout(form)
        page.addStretch()
        scroll = self.scroll_area = QScrollArea()
        scroll.setObjectName("rulesScroll")
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(scroll, 1)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        guard_wheel(self)
        self.retranslate_ui()
        self._show(rules)
        self.resize(max(self.sizeHint().width(), 640), 640)

    def _add_row(self, form: QFormLayout, switch: Switch) -> None:
        editor = self._make_editor(switch)
        self._editors[switch.name] = editor
        help_label = QLabel()
        help_label.setObjectName(f"help-{switch.name}")
        help_label.setWordWrap(True)
        # the palette's normal text colour (not the dimmed one), a little smaller
        font = help_label.font()
        font.setPointSizeF(max(8.0, font.pointSizeF() * 0.92))
        help_label.setFont(font)
        help_label.setContentsMargins(0, 0, 0, 4)
        self._help_labels[switch.name] = help_label
        if isinstance(editor, QCheckBox):
            self._labels[switch.name] = editor
            form.addRow(editor)
            indent = self.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 4
            help_label.setIndent(indent)
        else:
            label = QLabel()
            label.setBuddy(editor)
            self._labels[switch.name] = label
            form.addRow(label, editor)
        form.addRow(help_label)

    def _fit_width(self) -> None:
        """The page scrolls only up and down: the scroll area is never narrower than the page
        needs (the help lines wrap, so that is the widest field or check box)."""
        self.page.ensurePolished()
        for child in self.page.findChildren(QWidget):
            child.ensurePolished()
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        needed = self.page.minimumSizeHint().width() + 2 * self.scroll_area.frameWidth() + bar + 2
        self.scroll_area.setMinimumWidth(needed)
        self.scroll_area.setMinimumHeight(160)

    def showEvent(self, event: QShowEvent) -> None:
        self._fit_width()
        super().showEvent(event)

    def retranslate_ui(self) -> None:
        """All texts again in the language now installed."""
        self.setWindowTitle(self.tr("Rules"))
        for index, preset in enumerate(PRESETS):
            self.preset_box.setItemText(index, texts.rules_name(preset))
        self.preset_label.setText(self.tr("Start from:"))
        self.preset_box.setAccessibleName(self.tr("Start from"))
        self.match_title.setText(self.tr("These rules:"))
        for key, heading in self._section_labels.items():
            heading.setText(rule_texts.section_title(key))
        for _key, switches in rule_texts.sections():
            for switch in switches:
                self._retranslate_switch(switch)
        self._show_match()
        if self.isVisible():
            self._fit_width()

    def _retranslate_switch(self, switch: Switch) -> None:
        editor = self._editors[switch.name]
        label_text = rule_texts.switch_label(switch)
        help_text = rule_texts.switch_help(switch)
        label = self._labels[switch.name]
        label.setText(label_text if isinstance(label, QCheckBox) else label_text + ":")
        editor.setAccessibleName(label_text)
        editor.setAccessibleDescription(help_text)
        self._help_labels[switch.name].setText(help_text)
        if isinstance(editor, QComboBox):
            for index in range(editor.count()):
                editor.setItemText(
                    index, rule_texts.choice_text(str(editor.itemData(index)), self._rules)
                )
        elif isinstance(editor, QSpinBox):
            editor.setSuffix(rule_texts.count_suffix(switch))
            editor.setSpecialValueText(rule_texts.zero_text(switch))

    def changeEvent(self, event: QEvent) -> None:
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
            combo.addItem(rule_texts.choice_text(choice, self._rules), choice)
        combo.currentIndexChanged.connect(lambda _i, name=switch.name: self._on_edit(name))
        return combo

    def _switch(self, name: str) -> Switch:
        return next(s for _k, group in rule_texts.sections() for s in group if s.name == name)

    def _show(self, rules: RuleSet) -> None:
        self._updating = True
        try:
            for name, editor in self._editors.items():
                value = switch_value(rules, self._switch(name))
                if isinstance(editor, QCheckBox):
                    editor.setChecked(value == "on")
                elif isinstance(editor, QSpinBox):
                    editor.setValue(int(value))
                elif isinstance(editor, QComboBox):
                    editor.setCurrentIndex(max(0, editor.findData(value)))
        finally:
            self._updating = False
        self._rules = rules
        for editor in self._editors.values():  # the sides as the rules name them
            if isinstance(editor, QComboBox):
                for index in range(editor.count()):
                    editor.setItemText(
                        index, rule_texts.choice_text(str(editor.itemData(index)), rules)
                    )
        self._show_match()

    def _show_match(self) -> None:
        preset = matching_preset(self._rules)
        if preset is None:
            self.match_label.setText(rule_texts.describe_rules(self._rules, self._base))
        else:
            self.match_label.setText(texts.rules_name(preset))

    def _value(self, name: str) -> str:
        editor = self._editors[name]
        if isinstance(editor, QCheckBox):
            return "on" if editor.isChecked() else "off"
        if isinstance(editor, QSpinBox):
            return str(editor.value())
        assert isinstance(editor, QComboBox)
        return str(editor.currentData())

    def _on_edit(self, name: str) -> None:
        if self._updating:
            return
        try:
            rules = apply_switches(self._rules, {name: self._value(name)})
        except RulesError:
            return
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
        """Set one switch (any of the core's, also the command line's shortcuts)."""
        self._show(apply_switches(self._rules, {name: value}))


# -- Game › Rules › OK in the middle of a game ---------------------------------------------------


class RulesAnswer(enum.Enum):
    """What the window does with new rules chosen during a game."""

    NOTHING = "nothing"  # the rules play as before: keep the game
    CONTINUE = "continue"  # go on from the current position: rules_change.continue_under
    NEW_GAME = "new-game"  # start a new game under the new rules
    CANCEL = "cancel"  # keep the game and its old rules


def ask_new_rules(parent: QWidget | None, game: Game, new: RuleSet) -> RulesAnswer:
    """Ask what new rules mean for ``game``: go on from this position (where
    :func:`rules_change` allows it), start a new game, or keep the game as it is.

    A game without a move yet is simply started again (nothing is lost), and rules that play
    as before change nothing; both without a question.
    """
    change = rules_change(game, new)
    if not change.changed:
        return RulesAnswer.NOTHING
    if len(game.states) == 1:
        return RulesAnswer.NEW_GAME
    box = QMessageBox(parent)
    box.setObjectName("newRulesQuestion")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("RulesDialog", "New rules"))
    box.setText(
        QCoreApplication.translate("RulesDialog", "The rules are now: %1.").replace(
            "%1", rule_texts.describe_rules(new)
        )
    )
    buttons: dict[QAbstractButton, RulesAnswer] = {}
    first: QPushButton | None = None
    if change.can_continue:
        box.setInformativeText(
            QCoreApplication.translate(
                "RulesDialog",
                "Go on with this game from the current position under the new "
                "rules, or start a new game?",
            )
        )
        go_on = box.addButton(
            QCoreApplication.translate("RulesDialog", "&Go on from here"),
            QMessageBox.ButtonRole.AcceptRole,
        )
        go_on.setObjectName("continueButton")
        buttons[go_on] = RulesAnswer.CONTINUE
        first = go_on
    else:
        reasons = " ".join(rule_texts.blocker_text(b) for b in change.blockers)
        box.setInformativeText(
            reasons
            + " "
            + QCoreApplication.translate(
                "RulesDialog", "Start a new game with the new rules? The current game ends."
            )
        )
    new_game = box.addButton(
        QCoreApplication.translate("RulesDialog", "Start a &new game"),
        QMessageBox.ButtonRole.DestructiveRole,
    )
    new_game.setObjectName("newGameButton")
    buttons[new_game] = RulesAnswer.NEW_GAME
    keep = box.addButton(
        QCoreApplication.translate("RulesDialog", "&Keep the game"),
        QMessageBox.ButtonRole.RejectRole,
    )
    keep.setObjectName("keepButton")
    buttons[keep] = RulesAnswer.CANCEL
    box.setDefaultButton(first or new_game)
    box.setEscapeButton(keep)
    box.exec()
    return buttons.get(box.clickedButton(), RulesAnswer.CANCEL)
