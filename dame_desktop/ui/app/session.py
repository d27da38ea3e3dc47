"""The program's session around the main window: preferences, language, the autosave.

At start the preferences are read (a damaged file is moved aside and reported, the program
starts with the defaults), the language is installed, and the game that was in progress when
the program was last closed or killed is offered back ("Continue the game?") with every move
and its rules.  After that the game is saved after every change -- move, undo, redo, huffing
decision, resignation -- so a crash loses nothing; with clocks also when they are paused,
every few seconds while one runs, and on close, so a crash loses a few seconds at most.
The session also adds the Settings and Help menus (rows of the window's action table) to
the window.
"""

from __future__ import annotations

import dataclasses
import html
import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QDateTime,
    QLocale,
    QMetaObject,
    QObject,
    Qt,
    SignalInstance,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from dame_desktop.ai.levels import LEVELS
from dame_desktop.core import Color, Game, Position
from dame_desktop.core.numbering import game_steps
from dame_desktop.store.autosave import (
    AutosaveMeta,
    clear_autosave,
    load_autosave,
    save_autosave,
)
from dame_desktop.store.files import StorageError, StorageWarning, StoreFile, WarningKind
from dame_desktop.store.settings import (
    Preferences,
    load_preferences,
    update_preferences,
)
from dame_desktop.ui.actions import ActionSpec, ActionTable, MenuSpec
from dame_desktop.ui.app.i18n import LanguageManager
from dame_desktop.ui.dialogs.game_settings import NewGameSettings
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.notation import Notation, move_text, square_text

if TYPE_CHECKING:  # the window's parts (the window made them) and the dialogs, when opened
    from dame_desktop.ui.app.analysis_controller import AnalysisController
    from dame_desktop.ui.app.clock_controller import ClockController
    from dame_desktop.ui.app.document import DocumentController
    from dame_desktop.ui.app.family_controller import FamilyController
    from dame_desktop.ui.app.game_controller import GameController
    from dame_desktop.ui.app.play import PlayController
    from dame_desktop.ui.dialogs.help import HelpDialog
    from dame_desktop.ui.dialogs.preferences import PreferencesDialog
    from dame_desktop.ui.study.explorer import ExplorerController

log = logging.getLogger(__name__)


def settings_from_preferences(
    prefs: Preferences, rng: random.Random | None = None
) -> NewGameSettings:
    """The first game's setup from the preferences (a random colour is drawn here)."""
    lots = prefs.human_color == "random"
    if lots:
        colour = (rng or random.Random()).choice((Color.WHITE, Color.BLACK))
    else:
        colour = Color.BLACK if prefs.human_color == "dark" else Color.WHITE
    return NewGameSettings(
        against_computer=prefs.opponent == "computer",
        level_key=prefs.level,
        colour=colour,
        rules=prefs.rule_set(),
        light_name="",
        dark_name="",
        drawn_by_lot=lots,
    )


def player_record(settings: NewGameSettings) -> dict[str, object]:
    """The window's player setup as plain JSON data for the autosave."""
    return {
        "against_computer": settings.against_computer,
        "level": settings.level_key,
        "colour": settings.colour.value,
        "light_name": settings.light_name,
        "dark_name": settings.dark_name,
        "drawn_by_lot": settings.drawn_by_lot,
    }


def settings_from_record(
    record: dict[str, object], game: Game, prefs: Preferences
) -> NewGameSettings:
    """The player setup back from the autosave; anything missing or odd comes from ``prefs``."""
    default = settings_from_preferences(prefs)

    def text(name: str) -> str:
        value = record.get(name)
        return value if isinstance(value, str) else ""

    against = record.get("against_computer")
    level = record.get("level")
    levels = {known.key for known in LEVELS}
    colour = {c.value: c for c in Color}.get(text("colour"), default.colour)
    return NewGameSettings(
        against_computer=against if isinstance(against, bool) else default.against_computer,
        level_key=level if isinstance(level, str) and level in levels else default.level_key,
        colour=colour,
        rules=game.rules,
        light_name=text("light_name"),
        dark_name=text("dark_name"),
        drawn_by_lot=record.get("drawn_by_lot") is True,
    )


def moves_listing(game: Game, notation: Notation = Notation.RULES) -> str:
    """Every move of ``game`` numbered in pairs: "1. 22-18 9-13\n2. …" (blown pieces too),
    the squares named as ``notation`` says."""
    lines: list[str] = []
    for step in game_steps(game):
        before = game.states[step.state - (2 if step.blown is not None else 1)].position
        text = move_text(before, step.move, notation)
        if step.blown is not None:
            text += " " + QCoreApplication.translate("Session", "(blown: %1)").replace(
                "%1", square_text(step.blown, game.rules, notation)
            )
        if step.first or not lines:
            lead = f"{step.number}." if step.first else f"{step.number}. …"
            lines.append(f"{lead} {text}")
        else:
            lines[-1] += f" {text}"
    return "\n".join(lines)


class SessionHost(Protocol):
    """What the session needs of the window: its parts, its preferences and its state."""

    actions_table: ActionTable
    controller: GameController
    document: DocumentController
    family: FamilyController
    clocks: ClockController
    analysis: AnalysisController
    explorer: ExplorerController
    play: PlayController
    shut_down: SignalInstance  # emitted when the window shuts down: the session lets go
    closing: SignalInstance  # the window's close goes ahead (no question was cancelled)

    def dialog_parent(self) -> QWidget: ...

    def apply_preferences(self, prefs: Preferences) -> None: ...

    def show_message(self, text: str) -> None: ...

    def studying(self) -> bool: ...

    def shown_position(self) -> Position: ...

    def saveGeometry(self) -> QByteArray: ...

    def saveState(self, version: int = ...) -> QByteArray: ...

    def restoreGeometry(self, geometry: QByteArray | bytes | bytearray | memoryview) -> bool: ...

    docks_arranged: bool  # the user has moved the docks: the program leaves them be

    def leave_puzzles_mode(self) -> None: ...

    def restore_layout(self, state: QByteArray, arranged: bool) -> bool: ...


class Session(QObject):
    """Preferences, language and autosave for one main window (see the module docstring)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # the very first start (no settings file): the first rules follow the UI language
        loaded = load_preferences(system_language=QLocale.system().name())
        self.prefs: Preferences = loaded.value
        # what the file held when last read or written: a save puts in only what changed
        # since, so another window's changes stay (store.settings.update_preferences)
        self.saved_prefs: Preferences = loaded.value
        self.pending_warnings: list[StorageWarning] = list(loaded.warnings)
        self.languages = LanguageManager()
        self.language = self.languages.set_language(
            self.prefs.effective_language(QLocale.system().name())
        )
        self.window: SessionHost | None = None
        self.preferences_dialog: PreferencesDialog | None = None
        self.help_dialog: HelpDialog | None = None
        self.autosave_enabled = False
        self.last_save_error = ""
        self.rng = random.Random()
        self.actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self._listening: list[QMetaObject.Connection] = []  # to the window: see detach

    # -- set-up ----------------------------------------------------------------------------

    def attach(self, window: SessionHost) -> None:
        """Apply the preferences to ``window``, add the Settings and Help menus, autosave."""
        self.window = window
        self.setParent(window.dialog_parent())
        window.apply_preferences(self.prefs)
        if self.prefs.window_geometry:
            window.restoreGeometry(QByteArray.fromBase64(self.prefs.window_geometry.encode()))
        if self.prefs.window_state:
            window.restore_layout(
                QByteArray.fromBase64(self.prefs.window_state.encode()), self.prefs.docks_arranged
            )
        window.document.last_directory = self.prefs.last_directory
        table = window.actions_table
        table.add_menus(
            [
                MenuSpec("settings", lambda: self.tr("&Settings")),
                MenuSpec("help", lambda: self.tr("&Help")),
            ]
        )
        table.add(self.action_specs())
        self.actions = table.actions
        self.menus = table.menus
        listen = self._listening.append
        listen(window.controller.position_changed.connect(self._on_position_changed))
        # the clocks' times, while they run and when they stop, so a crash loses seconds only
        listen(window.clocks.panel.checkpoint.connect(self._on_position_changed))
        for action, key in (
            (table["numbers"], "show_square_numbers"),
            (table["animate"], "animate"),
            (table["turn"], "turn_board_hot_seat"),
        ):
            listen(action.toggled.connect(lambda on, key=key: self._remember(key, on)))
        listen(window.analysis.preference_changed.connect(self._remember))
        listen(window.explorer.preference_changed.connect(self._remember))
        listen(window.shut_down.connect(self.detach))
        listen(window.closing.connect(self._on_closing))

    def detach(self) -> None:
        """The window shuts down: what its parts do from now on (the program's exit hides
        the docks and deletes the actions) changes no preference, and the session no longer
        applies preferences to it.  Closing the window still saves its size and state."""
        for connection in self._listening:
            QObject.disconnect(connection)
        self._listening = []

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "preferences",
                lambda: self.tr("&Preferences…"),
                self.show_preferences,
                menu="settings",
                shortcuts=(QKeySequence.StandardKey.Preferences,),
                role=QAction.MenuRole.PreferencesRole,
            ),
            ActionSpec(
                "rulesHelp",
                lambda: self.tr("&Rules of this game"),
                lambda: self.show_help("rules"),
                menu="help",
                shortcuts=(QKeySequence.StandardKey.HelpContents,),
            ),
            ActionSpec(
                "tipsHelp",
                lambda: self.tr("Strategy &tips"),
                lambda: self.show_help("tips"),
                menu="help",
            ),
            ActionSpec(
                "keysHelp",
                lambda: self.tr("&Keyboard"),
                lambda: self.show_help("keys"),
                menu="help",
            ),
            ActionSpec(
                "describe",
                lambda: self.tr("&Describe the position"),
                self.describe_position,
                menu="help",
                shortcuts=("Ctrl+I",),
                separator_before=True,
                tip=lambda: self.tr("Every piece with its square, as text (for screen readers)"),
            ),
            ActionSpec(
                "about",
                lambda: self.tr("&About Dame"),
                self.show_about,
                menu="help",
                separator_before=True,
                role=QAction.MenuRole.AboutRole,
            ),
        ]

    def _on_closing(self) -> None:
        """The window closes (after its questions, none cancelled): the game's window is what
        is kept (docks put aside for the puzzles come back), with the clocks as they are now."""
        if self.window is None:
            return
        self.window.leave_puzzles_mode()
        if self.autosave_enabled:
            self.save_game()
        self.save_window_state()

    # -- start -------------------------------------------------------------------------------

    def begin(self, path: str | None = None) -> None:
        """Report damaged files, then offer the unfinished game or start a new one.

        Started with a file (``path``: a double-clicked PDN file), the file is opened
        instead: no game is started behind it and the unfinished game stays saved for the
        next start.  Only when the file cannot be shown (or its game list is closed without
        a choice) does the program start as it does without a file."""
        window = self.window
        assert window is not None, "attach a window first"
        loaded = load_autosave()
        self.pending_warnings.extend(window.document.recent_warnings)
        self.pending_warnings.extend(loaded.warnings)
        if self.pending_warnings:
            self.show_warnings(self.pending_warnings)
            self.pending_warnings = []
        if path is not None and window.document.open_path(path):
            # the autosave (an unfinished game) is kept until a game is played here
            window.controller.game_started.connect(self._enable_autosave)
            dialog = window.document.list_dialog
            if window.studying() or dialog is None:
                return
            dialog.finished.connect(lambda _code: self._after_file_list())
            return
        self._start_playing()

    def _enable_autosave(self) -> None:
        self.autosave_enabled = True

    def _after_file_list(self) -> None:
        """The game list of the file the program was started with was closed: without a
        game chosen, the program starts as usual."""
        window = self.window
        if window is not None and not window.studying() and not self.autosave_enabled:
            self._start_playing()

    def _start_playing(self) -> None:
        """Offer the unfinished game, or start a new one as the preferences say."""
        window = self.window
        assert window is not None, "attach a window first"
        loaded = load_autosave()
        restored = False
        if loaded.game is not None and loaded.meta is not None and loaded.game.moves:
            if self.offer_to_continue(loaded.game, loaded.meta):
                settings = settings_from_record(loaded.meta.player, loaded.game, self.prefs)
                window.clocks.restore_clock(loaded.meta.player)
                window.family.restore_scores(loaded.meta.player)
                window.play.start_game(settings, start=loaded.game)
                restored = True
                window.show_message(
                    self.tr("The game was restored; moves played: %1.").replace(
                        "%1", str(len(loaded.game.moves))
                    )
                )
            else:
                self._clear()
        self.autosave_enabled = True
        if not restored:
            window.play.start_game(settings_from_preferences(self.prefs, self.rng))

    def offer_to_continue(self, game: Game, meta: AutosaveMeta) -> bool:
        """Ask "Continue the game?" showing the rules and every move; True for yes."""
        box = QMessageBox(self._parent_widget())
        box.setObjectName("continueGameBox")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Continue the game?"))
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText("<b>" + html.escape(self.tr("Continue the game?")) + "</b>")
        info = (
            self.tr("The last game was not finished.")
            + "\n"
            + self.tr("Rules: %1").replace("%1", texts.rules_name(game.rules))
            + "\n"
            + self.tr("Moves played: %1").replace("%1", str(len(game.moves)))
        )
        if meta.saved_at is not None:
            saved = QDateTime.fromSecsSinceEpoch(int(meta.saved_at.timestamp()))
            when = QLocale().toString(saved, QLocale.FormatType.ShortFormat)
            info += "\n" + self.tr("Saved: %1").replace("%1", when)
        box.setInformativeText(html.escape(info).replace("\n", "<br>"))
        details = self.tr("Rules: %1").replace("%1", texts.rules_name(game.rules))
        notation = Notation.from_value(self.prefs.notation)
        details += "\n\n" + moves_listing(game, notation)
        box.setDetailedText(details)
        yes = box.addButton(self.tr("Continue"), QMessageBox.ButtonRole.YesRole)
        yes.setObjectName("continueButton")
        no = box.addButton(self.tr("New game"), QMessageBox.ButtonRole.NoRole)
        no.setObjectName("newGameButton")
        box.setDefaultButton(yes)
        for button in box.buttons():  # show every move at once, not behind "Show Details…"
            if box.buttonRole(button) == QMessageBox.ButtonRole.ActionRole:
                button.click()
        box.exec()
        return box.clickedButton() is yes

    def show_warnings(self, warnings: Sequence[StorageWarning]) -> None:
        """One message naming every damaged or repaired file and where it was put."""
        parts = []
        for warning in warnings:
            line = self.warning_headline(warning)
            if warning.moved_to is not None:
                line += " " + self.tr("The old file was kept as %1.").replace(
                    "%1", str(warning.moved_to)
                )
            elif warning.stuck:
                line += " " + self.tr(
                    "It could not be moved aside either: please remove or "
                    "rename %1, so that Dame can save there again."
                ).replace("%1", str(warning.path))
            parts.append(line)
        box = QMessageBox(self._parent_widget())
        box.setObjectName("storageWarningBox")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Damaged files"))
        box.setText(self.tr("Some saved data could not be used."))
        box.setInformativeText("\n\n".join(parts))
        box.setDetailedText("\n".join(w.message for w in warnings))
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        box.exec()

    def warning_headline(self, warning: StorageWarning) -> str:
        """The warning in the user's language, naming the values that were reset."""
        kind = warning.kind
        which = warning.file
        if kind is WarningKind.DAMAGED:
            if which is StoreFile.SETTINGS:
                return self.tr(
                    "The settings file was damaged; Dame starts with the default settings."
                )
            if which is StoreFile.AUTOSAVE:
                return self.tr("The saved game was damaged and cannot be continued.")
            if which is StoreFile.RECENT_FILES:
                return self.tr("The list of recent files was damaged; it starts empty.")
            return self.tr("The file %1 was damaged.").replace("%1", warning.path.name)
        if kind is WarningKind.INVALID_VALUE:
            if not warning.values:
                return self.tr("A setting had an invalid value and was reset: %1").replace(
                    "%1", warning.detail
                )
            lines = [
                self.tr(
                    "The setting %1 had an invalid value (%2) and was reset to %3; "
                    "the other settings were kept."
                )
                .replace("%1", v.name)
                .replace("%2", v.value)
                .replace("%3", v.default or "—")
                for v in warning.values
            ]
            return "\n".join(lines)
        if kind is WarningKind.ENTRIES_DROPPED:
            names = ", ".join(v.name for v in warning.values) or warning.detail
            return (
                self.tr("Some entries of %1 could not be used and were left out: %2")
                .replace("%1", warning.path.name)
                .replace("%2", names)
            )
        if kind is WarningKind.UNREADABLE:
            return self.tr("The file %1 could not be read.").replace("%1", str(warning.path))
        if kind is WarningKind.UNWRITABLE:
            return self.tr("The repaired file %1 could not be written.").replace(
                "%1", str(warning.path)
            )
        if kind is WarningKind.NEWER_VERSION:
            return self.tr(
                "The settings come from a newer version of Dame; what this version "
                "does not know is ignored."
            )
        if kind is WarningKind.PARTIAL_GAME:
            return self.tr(
                "The saved game could only be restored up to a move that could not be read."
            )
        return self.tr("The restored game differs from what was recorded.")

    # -- autosave ----------------------------------------------------------------------------

    def _on_position_changed(self) -> None:
        if self.autosave_enabled:
            self.save_game()

    def save_game(self) -> None:
        """Save the game in progress (an ended or empty game removes the autosave)."""
        window = self.window
        if window is None:
            return
        game = window.controller.game
        # a file's game: the file is its record; an ended or empty game needs none
        if window.studying() or game.is_over or not game.states[1:]:
            self._clear()
            return
        try:
            save_autosave(
                game,
                {
                    **player_record(window.play.settings),
                    **window.clocks.clock_record(),
                    **window.family.score_record(),
                },
            )
        except (StorageError, ValueError, TypeError) as exc:
            message = str(exc)
            log.warning("autosave failed: %s", message)
            if message != self.last_save_error:  # say it once, not after every move
                window.show_message(
                    self.tr("The game could not be saved: %1").replace("%1", message)
                )
            self.last_save_error = message
        else:
            self.last_save_error = ""

    def _clear(self) -> None:
        try:
            clear_autosave()
        except StorageError as exc:
            message = str(exc)
            log.warning("%s", message)
            # said once: left unsaid, the same game would be offered at every start
            if message != self.last_save_error and self.window is not None:
                self.window.show_message(
                    self.tr(
                        "The saved game could not be removed, so it will be offered again "
                        "at the next start: %1"
                    ).replace("%1", message)
                )
            self.last_save_error = message

    # -- preferences -------------------------------------------------------------------------

    def _remember(self, key: str, value: object) -> None:
        if getattr(self.prefs, key) != value:
            self.set_preferences(dataclasses.replace(self.prefs, **{key: value}))  # type: ignore[arg-type]

    def set_preferences(self, prefs: Preferences) -> None:
        """Apply ``prefs`` at once and save them."""
        old = self.prefs
        self.prefs = prefs
        if self.window is not None and self._listening:  # a window not shut down yet
            self.window.apply_preferences(prefs)
            fields = ("rules", "rule_switches", "opponent", "level", "human_color")
            if any(getattr(old, f) != getattr(prefs, f) for f in fields):
                # the next "New game" dialog starts from the new defaults
                self.window.play.new_game_defaults = settings_from_preferences(prefs, self.rng)
        if prefs.language != old.language:
            self.language = self.languages.set_language(
                prefs.effective_language(QLocale.system().name())
            )
        self.save_preferences()

    def save_preferences(self) -> None:
        try:
            self.prefs = self.saved_prefs = update_preferences(self.prefs, self.saved_prefs)
        except StorageError as exc:
            log.warning("%s", exc)
            if self.window is not None:
                self.window.show_message(
                    self.tr("The settings could not be saved: %1").replace("%1", str(exc))
                )

    def save_window_state(self) -> None:
        window = self.window
        if window is None:
            return
        geometry = bytes(window.saveGeometry().toBase64().data()).decode("ascii")
        state = bytes(window.saveState().toBase64().data()).decode("ascii")
        folder = window.document.last_directory
        arranged = window.docks_arranged
        if (geometry, state, folder, arranged) != (
            self.prefs.window_geometry,
            self.prefs.window_state,
            self.prefs.last_directory,
            self.prefs.docks_arranged,
        ):
            self.prefs = dataclasses.replace(
                self.prefs,
                window_geometry=geometry,
                window_state=state,
                last_directory=folder,
                docks_arranged=arranged,
            )
            self.save_preferences()

    def show_preferences(self) -> PreferencesDialog:
        if self.preferences_dialog is None:
            from dame_desktop.ui.dialogs.preferences import PreferencesDialog

            dialog = PreferencesDialog(self.prefs, self._parent_widget())
            dialog.preferences_changed.connect(self.set_preferences)
            dialog.finished.connect(self._forget_preferences_dialog)
            self.preferences_dialog = dialog
        self.preferences_dialog.show()
        self.preferences_dialog.raise_()
        self.preferences_dialog.activateWindow()
        return self.preferences_dialog

    def _forget_preferences_dialog(self) -> None:
        if self.preferences_dialog is not None:
            self.preferences_dialog.deleteLater()
            self.preferences_dialog = None

    def _parent_widget(self) -> QWidget | None:
        return self.window.dialog_parent() if self.window is not None else None

    # -- help and accessibility --------------------------------------------------------------

    def show_help(self, page: str = "rules") -> HelpDialog:
        window = self.window
        assert window is not None
        if self.help_dialog is None:
            from dame_desktop.ui.dialogs.help import HelpDialog

            self.help_dialog = HelpDialog(window.dialog_parent())
        self.help_dialog.show_rules(window.controller.rules)
        self.help_dialog.show_page(page)
        self.help_dialog.show()
        self.help_dialog.raise_()
        return self.help_dialog

    def describe_position(self) -> str:
        """Show the position as text (also the board's accessible description)."""
        window = self.window
        assert window is not None
        text = window.family.position_text(window.shown_position())
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("The position"),
            text,
            QMessageBox.StandardButton.Ok,
            window.dialog_parent(),
        )
        box.setObjectName("positionBox")
        box.finished.connect(box.deleteLater)  # made anew each time: never kept
        box.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        box.open()
        return text

    def show_about(self) -> None:
        """Help › About: version, the compiled modules in use, Python and Qt."""
        from dame_desktop.ui.dialogs.help import show_about

        show_about(self._parent_widget())
