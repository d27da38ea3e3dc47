"""The preferences dialog: every change is applied at once and saved (atomically) at once.

Language, the board's look and colours, square numbers, animation, the default rule set
with its switches, the default opponent, level and colour, whether the computer opens from
its book, and the confirmations.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.ai import LEVELS
from dame_desktop.core import Color, RulesError, find_rules
from dame_desktop.store.settings import (
    ANIMATION_MS_MAX,
    ANIMATION_MS_MIN,
    THEMES,
    VOLUME_MAX,
    VOLUME_MIN,
    BoardColors,
    EngineEntry,
    Preferences,
)
from dame_desktop.ui.dialogs.engines_page import EnginesPage
from dame_desktop.ui.dialogs.rules import PRESETS, RulesDialog
from dame_desktop.ui.dialogs.wheel import guard_wheel
from dame_desktop.ui.words import rules as rule_texts
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.names import colour_text
from dame_desktop.ui.words.notation import Notation, NotationChoice

_COLOR_FIELDS = ("light_square", "dark_square", "light_piece", "dark_piece")


class _ColorButton(QPushButton):
    """A button showing a colour; a click opens the colour chooser."""

    color_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._color = "#000000"
        self.setMinimumWidth(64)
        self.clicked.connect(self._choose)

    def color(self) -> str:
        return self._color

    def set_color(self, color: str) -> None:
        self._color = color
        text = "#202020" if QColor(color).lightness() > 128 else "#f0f0f0"
        self.setStyleSheet(f"background-color: {color}; color: {text};")
        self.setText(color)

    def _choose(self) -> None:
        chosen = QColorDialog.getColor(QColor(self._color), self, self.accessibleName())
        if chosen.isValid():
            self.set_color(chosen.name())
            self.color_chosen.emit(chosen.name())


class PreferencesDialog(QDialog):
    """Edits :class:`~dame_desktop.settings.Preferences`; emits each new value at once."""

    preferences_changed = Signal(object)  # Preferences

    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self._prefs = prefs
        self._updating = False
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs)

        # -- general: language and confirmations
        general = QWidget()
        gform = QFormLayout(general)
        self.language_box = QComboBox()
        self.language_box.setObjectName("languageBox")
        for code in ("system", "de", "en"):
            self.language_box.addItem("", code)
        self.language_label = QLabel()
        self.language_label.setBuddy(self.language_box)
        gform.addRow(self.language_label, self.language_box)
        self.confirm_resign = QCheckBox()
        self.confirm_discard = QCheckBox()
        gform.addRow(self.confirm_resign)
        gform.addRow(self.confirm_discard)
        self.sound_check = QCheckBox()  # the family table's sounds
        self.sound_check.setObjectName("soundCheck")
        gform.addRow(self.sound_check)
        self.volume_spin = QSpinBox()
        self.volume_spin.setObjectName("volumeSpin")
        self.volume_spin.setRange(VOLUME_MIN, VOLUME_MAX)
        self.volume_spin.setSuffix(" %")
        self.volume_label = QLabel()
        self.volume_label.setBuddy(self.volume_spin)
        gform.addRow(self.volume_label, self.volume_spin)
        self.tabs.addTab(general, "")

        # -- board look
        board = QWidget()
        bform = QFormLayout(board)
        self.theme_box = QComboBox()
        self.theme_box.setObjectName("themeBox")
        for theme in THEMES:
            self.theme_box.addItem("", theme)
        self.theme_label = QLabel()
        self.theme_label.setBuddy(self.theme_box)
        bform.addRow(self.theme_label, self.theme_box)
        self.color_buttons: dict[str, _ColorButton] = {}
        self.color_labels: dict[str, QLabel] = {}
        for name in _COLOR_FIELDS:
            button = _ColorButton()
            button.color_chosen.connect(self._on_color)
            label = QLabel()
            label.setBuddy(button)
            self.color_buttons[name] = button
            self.color_labels[name] = label
            bform.addRow(label, button)
        self.numbers_check = QCheckBox()
        self.numbers_check.setObjectName("numbersCheck")
        bform.addRow(self.numbers_check)
        self.notation_box = NotationChoice()  # square numbers or coordinates in the texts
        self.notation_box.setObjectName("notationBox")
        self.notation_label = QLabel()
        self.notation_label.setBuddy(self.notation_box)
        bform.addRow(self.notation_label, self.notation_box)
        self.animate_check = QCheckBox()
        bform.addRow(self.animate_check)
        self.speed_spin = QSpinBox()
        self.speed_spin.setRange(ANIMATION_MS_MIN, ANIMATION_MS_MAX)
        self.speed_spin.setSingleStep(50)
        self.speed_label = QLabel()
        self.speed_label.setBuddy(self.speed_spin)
        bform.addRow(self.speed_label, self.speed_spin)
        self.turn_check = QCheckBox()
        bform.addRow(self.turn_check)
        self.tabs.addTab(board, "")

        # -- new games: rules, opponent, level, colour
        games = QWidget()
        gcol = QVBoxLayout(games)
        self.games_note = QLabel()
        self.games_note.setWordWrap(True)
        gcol.addWidget(self.games_note)
        nform = QFormLayout()
        rules_row = QHBoxLayout()
        self.rules_box = QComboBox()
        self.rules_box.setObjectName("rulesBox")
        for preset in PRESETS:
            self.rules_box.addItem("", preset.key)
        rules_row.addWidget(self.rules_box, 1)
        self.switches_button = QPushButton()
        rules_row.addWidget(self.switches_button)
        self.rules_label = QLabel()
        self.rules_label.setBuddy(self.rules_box)
        nform.addRow(self.rules_label, rules_row)
        self.rules_summary = QLabel()
        self.rules_summary.setWordWrap(True)
        nform.addRow("", self.rules_summary)
        self.opponent_box = QComboBox()
        self.opponent_box.setObjectName("opponentBox")
        for key in ("computer", "human"):
            self.opponent_box.addItem("", key)
        self.opponent_label = QLabel()
        self.opponent_label.setBuddy(self.opponent_box)
        nform.addRow(self.opponent_label, self.opponent_box)
        self.level_box = QComboBox()
        self.level_box.setObjectName("levelBox")
        for level in LEVELS:
            self.level_box.addItem("", level.key)
        self.level_label = QLabel()
        self.level_label.setBuddy(self.level_box)
        nform.addRow(self.level_label, self.level_box)
        self.book_check = QCheckBox()  # Hard and Master open from their book
        self.book_check.setObjectName("bookCheck")
        nform.addRow("", self.book_check)
        self.tables_check = QCheckBox()  # endgame tables built on the computer's first use
        self.tables_check.setObjectName("tablesCheck")
        nform.addRow("", self.tables_check)
        self.colour_box = QComboBox()
        for key in ("light", "dark", "random"):
            self.colour_box.addItem("", key)
        self.colour_label = QLabel()
        self.colour_label.setBuddy(self.colour_box)
        nform.addRow(self.colour_label, self.colour_box)
        gcol.addLayout(nform)
        gcol.addStretch()
        self.tabs.addTab(games, "")
        self.engines_page = EnginesPage()  # Hub engines
        self.tabs.addTab(self.engines_page, "")
        self.engines_page.changed.connect(self._on_engines)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self._show(prefs)
        guard_wheel(self)
        self.retranslate_ui()
        for combo in (
            self.language_box,
            self.theme_box,
            self.rules_box,
            self.opponent_box,
            self.level_box,
            self.colour_box,
            self.notation_box,
        ):
            combo.currentIndexChanged.connect(self._on_edit)
        for check in (
            self.confirm_resign,
            self.confirm_discard,
            self.numbers_check,
            self.animate_check,
            self.turn_check,
            self.sound_check,
            self.book_check,
            self.tables_check,
        ):
            check.toggled.connect(self._on_edit)
        self.speed_spin.valueChanged.connect(self._on_edit)
        self.volume_spin.valueChanged.connect(self._on_edit)
        self.switches_button.clicked.connect(self._edit_switches)

    # -- texts -------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Preferences"))
        self.tabs.setTabText(0, self.tr("General"))
        self.tabs.setTabText(1, self.tr("Board"))
        self.tabs.setTabText(2, self.tr("New games"))
        self.tabs.setTabText(3, self.tr("Engines"))
        self.language_label.setText(self.tr("&Language:"))
        self.language_box.setItemText(0, self.tr("As the system"))
        self.language_box.setItemText(1, "Deutsch")  # each language in its own words
        self.language_box.setItemText(2, "English")
        self.language_box.setAccessibleName(self.tr("Language"))
        self.confirm_resign.setText(self.tr("Ask before &resigning"))
        self.confirm_discard.setText(self.tr("Ask before a game in progress is &discarded"))
        self.theme_label.setText(self.tr("&Board colours:"))
        names = {
            "wood": self.tr("Wood"),
            "green": self.tr("Green"),
            "blue": self.tr("Blue"),
            "grey": self.tr("Grey"),
            "contrast": self.tr("High contrast (for colour-blind players)"),
            "custom": self.tr("My own colours"),
        }
        for index in range(self.theme_box.count()):
            self.theme_box.setItemText(index, names[str(self.theme_box.itemData(index))])
        self.theme_box.setAccessibleName(self.tr("Board colours"))
        labels = {
            "light_square": self.tr("Light squares:"),
            "dark_square": self.tr("Dark squares:"),
            "light_piece": self.tr("Light pieces:"),
            "dark_piece": self.tr("Dark pieces:"),
        }
        for name, label in self.color_labels.items():
            label.setText(labels[name])
            self.color_buttons[name].setAccessibleName(labels[name].rstrip(":"))
        self.numbers_check.setText(self.tr("Show square &numbers"))
        self.animate_check.setText(self.tr("&Animate moves"))
        self.speed_label.setText(self.tr("Time per step:"))
        self.speed_spin.setSuffix(" " + self.tr("ms"))
        self.speed_spin.setAccessibleName(self.tr("Animation time per step in milliseconds"))
        self.turn_check.setText(self.tr("Two people: &turn the board to the side to move"))
        self.sound_check.setText(self.tr("Play so&unds"))
        self.volume_label.setText(self.tr("&Volume:"))
        self.notation_label.setText(self.tr("S&quares in texts:"))
        self.games_note.setText(
            self.tr(
                "Dame starts a game like this when it opens, and the "
                "next New game dialog starts from what you choose "
                "here."
            )
        )
        self.rules_label.setText(self.tr("&Rules:"))
        for index in range(self.rules_box.count()):
            key = self.rules_box.itemData(index)
            preset = next(p for p in PRESETS if p.key == key)
            self.rules_box.setItemText(index, texts.rules_name(preset))
        self.rules_box.setAccessibleName(self.tr("Default rules"))
        self.switches_button.setText(self.tr("C&hange rules…"))
        self.opponent_label.setText(self.tr("&Opponent:"))
        self.opponent_box.setItemText(0, self.tr("The computer"))
        self.opponent_box.setItemText(1, self.tr("Two people at this computer"))
        self.level_label.setText(self.tr("&Level:"))
        for index in range(self.level_box.count()):
            key = str(self.level_box.itemData(index))
            self.level_box.setItemText(index, texts.level_name(key))
        self.book_check.setText(
            self.tr("The computer plays from its opening &book (Hard and Master)")
        )
        self.tables_check.setText(
            self.tr("Build the &endgame tables when the computer first needs them")
        )
        self.tables_check.setToolTip(
            self.tr(
                "A few minutes in the background and about 12 MB a rule set: then the "
                "computer and the analysis know every ending of up to 5 pieces (4 on 10×10)."
            )
        )
        self.colour_label.setText(self.tr("You &play:"))
        self.colour_box.setItemText(2, self.tr("Draw lots"))
        self._show_rules_summary()

    def _name_sides(self) -> None:
        """The sides to choose from, named as the chosen rules name them (Hell/Dunkel,
        White/Black, Black/White in English checkers)."""
        try:
            rules = self._prefs.rule_set()
        except RulesError:
            rules = find_rules("german")
        self.colour_box.setItemText(0, colour_text(rules, Color.WHITE))
        self.colour_box.setItemText(1, colour_text(rules, Color.BLACK))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # -- values ------------------------------------------------------------------------------

    def preferences(self) -> Preferences:
        return self._prefs

    def _show(self, prefs: Preferences) -> None:
        self._updating = True
        try:

            def pick(combo: QComboBox, value: str) -> None:
                combo.setCurrentIndex(max(0, combo.findData(value)))

            pick(self.language_box, prefs.language)
            pick(self.theme_box, prefs.board_theme)
            pick(self.rules_box, prefs.rules)
            pick(self.opponent_box, prefs.opponent)
            pick(self.level_box, prefs.level)
            pick(self.colour_box, prefs.human_color)
            self.confirm_resign.setChecked(prefs.confirm_resign)
            self.confirm_discard.setChecked(prefs.confirm_discard)
            self.numbers_check.setChecked(prefs.show_square_numbers)
            self.animate_check.setChecked(prefs.animate)
            self.speed_spin.setValue(prefs.animation_ms)
            self.speed_spin.setEnabled(prefs.animate)
            self.turn_check.setChecked(prefs.turn_board_hot_seat)
            self.sound_check.setChecked(prefs.sound)
            self.volume_spin.setValue(prefs.sound_volume)
            self.volume_spin.setEnabled(prefs.sound)
            self.notation_box.set_notation(Notation.from_value(prefs.notation))
            colors = prefs.board_colors()
            for name, button in self.color_buttons.items():
                button.set_color(getattr(colors, name))
            self.level_box.setEnabled(prefs.opponent == "computer")
            self.book_check.setChecked(prefs.opening_book)
            self.book_check.setEnabled(prefs.opponent == "computer")
            self.tables_check.setChecked(prefs.endgame_tables)
            self.engines_page.set_values(prefs.engines, prefs.engine)
        finally:
            self._updating = False
        self._show_rules_summary()

    def _show_rules_summary(self) -> None:
        self._name_sides()
        try:
            rules = self._prefs.rule_set()
        except RulesError:
            self.rules_summary.setText("")
            self.rules_summary.hide()
            return
        phrases = rule_texts.difference_phrases(rules)
        self.rules_summary.setText(
            self.tr("House rules: %1").replace("%1", ", ".join(phrases)) if phrases else ""
        )
        self.rules_summary.setVisible(bool(phrases))

    def set_preferences(self, prefs: Preferences) -> None:
        """Show and announce ``prefs`` (as if the user had edited the controls)."""
        self._prefs = prefs
        self._show(prefs)
        self.preferences_changed.emit(prefs)

    def _on_edit(self) -> None:
        if self._updating:
            return
        p = self._prefs
        theme = str(self.theme_box.currentData())
        rules_key = str(self.rules_box.currentData())
        switches = p.rule_switches if rules_key == p.rules else ()
        self.set_preferences(
            dataclasses.replace(
                p,
                language=str(self.language_box.currentData()),  # type: ignore[arg-type]
                board_theme=theme,  # type: ignore[arg-type]
                # "my own colours" start from the look that was shown
                custom_colors=p.board_colors() if theme == "custom" else p.custom_colors,
                show_square_numbers=self.numbers_check.isChecked(),
                animate=self.animate_check.isChecked(),
                animation_ms=self.speed_spin.value(),
                rules=rules_key,
                rule_switches=switches,
                opponent=str(self.opponent_box.currentData()),  # type: ignore[arg-type]
                level=str(self.level_box.currentData()),  # type: ignore[arg-type]
                human_color=str(self.colour_box.currentData()),  # type: ignore[arg-type]
                confirm_resign=self.confirm_resign.isChecked(),
                confirm_discard=self.confirm_discard.isChecked(),
                turn_board_hot_seat=self.turn_check.isChecked(),
                sound=self.sound_check.isChecked(),
                sound_volume=self.volume_spin.value(),
                notation=self.notation_box.notation().value,
                opening_book=self.book_check.isChecked(),
                endgame_tables=self.tables_check.isChecked(),
            )
        )

    def _on_engines(self, engines: tuple[EngineEntry, ...], engine: str) -> None:
        self.set_preferences(dataclasses.replace(self._prefs, engines=engines, engine=engine))

    def _on_color(self, _color: str) -> None:
        """A colour was chosen: the board switches to "my own colours"."""
        colors = BoardColors(**{name: b.color() for name, b in self.color_buttons.items()})
        self.set_preferences(
            dataclasses.replace(self._prefs, board_theme="custom", custom_colors=colors)
        )

    def _edit_switches(self) -> None:
        dialog = RulesDialog(self._prefs.rule_set(), self)
        dialog.setObjectName("defaultRulesDialog")
        if dialog.exec() == QDialog.DialogCode.Accepted:
            try:
                prefs = self._prefs.with_rule_set(dialog.rules())
            except ValueError:
                return
            self.set_preferences(prefs)
