"""The main window: board, move list, status bar, menus; wires the controller to the widgets."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.ai import find_level
from dame_desktop.core import (
    Color,
    HuffChoice,
    Move,
    PendingHuff,
    Result,
    RulesError,
    RuleSet,
    differences,
    find_rules,
    matching_preset,
)
from dame_desktop.ui import texts
from dame_desktop.ui.ai_worker import AiClient
from dame_desktop.ui.app.game_controller import (
    ComputerPlayer,
    GameController,
    HumanPlayer,
    Player,
    TurnInfo,
)
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.dialogs.new_game import NewGameDialog, NewGameSettings
from dame_desktop.ui.dialogs.rules import RulesDialog
from dame_desktop.ui.models.move_list import MoveListModel


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
        self.accept_button = QPushButton(self.tr("Let it stand"))
        self.blow_button = QPushButton(self.tr("Blow the piece away"))
        self.correct_button = QPushButton(self.tr("Demand the capture"))
        for button in (self.accept_button, self.blow_button, self.correct_button):
            row.addWidget(button)
        self.hide()

    def retranslate_ui(self) -> None:
        self.accept_button.setText(self.tr("Let it stand"))
        self.blow_button.setText(self.tr("Blow the piece away"))
        self.correct_button.setText(self.tr("Demand the capture"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class MainWindow(QMainWindow):
    message_shown = Signal(str)  # every transient status message (tests listen to it)

    def __init__(self, parent: QWidget | None = None, start_game: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Dame"))
        self.client = AiClient(self)
        self.controller = GameController(self.client, self)
        self.rng = random.Random()
        self.settings = NewGameSettings(
            against_computer=True,
            level_key="easy",
            colour=Color.WHITE,
            rules=find_rules("german"),
            light_name="",
            dark_name="",
        )
        self.user_flipped = False
        self.auto_turn = False
        self.view_state: int | None = None  # index of the game state on the board; None = live
        self.last_message = ""
        self.over_box: QMessageBox | None = None
        self._picking_blow = False
        self.confirm_resign = False  # the session turns these on as the preferences say
        self.confirm_discard = False
        self.new_game_defaults: NewGameSettings | None = None  # set when the preferences change
        self._build()
        self._connect()
        from dame_desktop.ui.app.files import (
            FileSupport,  # PDN files, the game tree, set-up, clipboard
        )

        self.files = FileSupport(self)
        if start_game:
            self.start_game(self.settings)

    # -- construction --------------------------------------------------------------------

    def _build(self) -> None:
        self.board = BoardWidget()
        self.board.setObjectName("board")
        self.huff_bar = HuffBar()
        left = QWidget()
        lcol = QVBoxLayout(left)
        lcol.setContentsMargins(6, 6, 6, 6)
        lcol.addWidget(self.huff_bar)
        lcol.addWidget(self.board, 1)

        right = QWidget()
        rcol = QVBoxLayout(right)
        rcol.setContentsMargins(6, 6, 6, 6)
        self.players_label = QLabel()
        self.players_label.setWordWrap(True)
        self.players_label.setTextFormat(Qt.TextFormat.PlainText)
        rcol.addWidget(self.players_label)
        self.rules_label = QLabel()
        self.rules_label.setWordWrap(True)
        rcol.addWidget(self.rules_label)
        self.model = MoveListModel(self)
        self.move_view = QTableView()
        self.move_view.setObjectName("moveList")
        self.move_view.setModel(self.model)
        self.move_view.verticalHeader().hide()
        self.move_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.move_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.move_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.move_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        rcol.addWidget(self.move_view, 1)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([600, 240])
        self.setCentralWidget(splitter)

        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.statusBar().addPermanentWidget(self.turn_label)
        self._make_actions()
        self.resize(900, 660)

    def _action(self, text: str, slot: Any,
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _make_actions(self) -> None:
        self.new_action = self._action(self.tr("&New game…"), self.ask_new_game,
                                       QKeySequence.StandardKey.New)
        self.undo_action = self._action(self.tr("&Undo move"), self.controller.undo,
                                        QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(self.tr("&Redo move"), self.controller.redo,
                                        QKeySequence.StandardKey.Redo)
        self.hint_action = self._action(self.tr("&Hint"), self.ask_hint, "H")
        self.draw_action = self._action(self.tr("Offer a &draw"), self.offer_draw)
        self.resign_action = self._action(self.tr("Re&sign"), self.resign)
        self.rules_action = self._action(self.tr("&Rules…"), self.edit_rules)
        self.quit_action = self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.flip_action = self._action(self.tr("&Flip board"), self.flip, "F")
        self.numbers_action = self._action(self.tr("Show square &numbers"),
                                           self.board.set_show_numbers, "N", checkable=True)
        self.animate_action = self._action(self.tr("&Animate moves"), self.board.set_animated,
                                           checkable=True)
        self.animate_action.setChecked(True)
        self.turn_action = self._action(self.tr("&Turn the board to the side to move"),
                                        self.set_auto_turn, checkable=True)
        self.first_action = self._action(self.tr("First position"), lambda: self.step_view("home"),
                                         "Home")
        self.prev_action = self._action(self.tr("Previous move"), lambda: self.step_view(-1),
                                        "Left")
        self.next_action = self._action(self.tr("Next move"), lambda: self.step_view(1), "Right")
        self.last_action = self._action(self.tr("Last move"), lambda: self.step_view("end"),
                                        "End")
        for action in (self.undo_action, self.redo_action):
            action.setEnabled(False)

        bar = self.menuBar()
        game_menu = self.game_menu = bar.addMenu(self.tr("&Game"))
        game_items: tuple[QAction | None, ...] = (
            self.new_action, self.rules_action, None, self.undo_action, self.redo_action,
            self.hint_action, None, self.draw_action, self.resign_action, None, self.quit_action)
        for item in game_items:
            if item is None:
                game_menu.addSeparator()
            else:
                game_menu.addAction(item)
        view_menu = self.view_menu = bar.addMenu(self.tr("&View"))
        view_items: tuple[QAction | None, ...] = (
            self.flip_action, self.turn_action, self.numbers_action, self.animate_action, None,
            self.first_action, self.prev_action, self.next_action, self.last_action)
        for item in view_items:
            if item is None:
                view_menu.addSeparator()
            else:
                view_menu.addAction(item)
        tools = self.tool_bar = self.addToolBar(self.tr("Game"))
        tools.setObjectName("gameToolBar")
        for action in (self.new_action, self.undo_action, self.redo_action, self.hint_action,
                       self.flip_action):
            tools.addAction(action)

    def _connect(self) -> None:
        c = self.controller
        c.position_changed.connect(self._on_position_changed)
        c.turn_started.connect(self._on_turn_started)
        c.game_over.connect(self._on_game_over)
        c.thinking_changed.connect(self._on_thinking)
        c.undo_available.connect(self.undo_action.setEnabled)
        c.redo_available.connect(self.redo_action.setEnabled)
        c.huff_pending.connect(self._on_huff_pending)
        c.huff_decided.connect(self._on_huff_decided)
        c.hint_ready.connect(self._on_hint)
        c.draw_answered.connect(self._on_draw_answer)
        c.error.connect(self.show_message)
        self.board.move_chosen.connect(self._on_board_move)
        self.board.illegal_drop.connect(self.show_message)
        self.board.square_picked.connect(self._on_square_picked)
        self.move_view.clicked.connect(self._on_move_clicked)
        self.huff_bar.accept_button.clicked.connect(lambda: self.decide_huff(HuffChoice.ACCEPT))
        self.huff_bar.blow_button.clicked.connect(self._start_blow)
        self.huff_bar.correct_button.clicked.connect(
            lambda: self.decide_huff(HuffChoice.CORRECT))

    # -- games ---------------------------------------------------------------------------

    def names(self) -> dict[Color, str]:
        s = self.settings
        names = {Color.WHITE: s.light_name, Color.BLACK: s.dark_name}
        for colour, player in self.controller.players.items():
            if not names[colour]:
                if player.is_human:
                    names[colour] = (self.tr("You") if self.controller.against_computer()
                                     else texts.colour_name(colour))
                else:
                    level = getattr(player, "level", None)
                    level_text = texts.level_name(level.key) if level is not None else ""
                    names[colour] = self.tr("Computer (%1)").replace("%1", level_text)
        return names

    def start_game(self, settings: NewGameSettings, players: dict[Color, Player] | None = None,
                   start: object = None) -> None:
        """Start a game as ``settings`` say (``players`` overrides, for tests and benches)."""
        self.settings = settings
        if players is None:
            human = settings.colour
            players = {human: HumanPlayer(self.tr("You"))}
            if settings.against_computer:
                level = find_level(settings.level_key)
                players[human.opponent] = ComputerPlayer(self.client, level, rng=self.rng)
            else:
                players[human.opponent] = HumanPlayer(texts.colour_name(human.opponent))
        self.view_state = None
        self.board.set_hint(None)
        self.board.end_pick()
        self._picking_blow = False
        self.huff_bar.hide()
        if self.over_box is not None:
            self.over_box.close()
            self.over_box = None
        self.controller.new_game(settings.rules, players, start)  # type: ignore[arg-type]

    def discard_ok(self) -> bool:
        """True when the game in progress may be given up (asks when the preferences say so)."""
        if self.files.studying:  # a game of a file: asks only about unsaved changes
            return self.files.before_new_game()
        game = self.controller.game
        if not self.confirm_discard or game.is_over or not game.moves:
            return True
        answer = QMessageBox.question(
            self, self.tr("Game in progress"),
            self.tr("The game in progress will be given up. Continue?"))
        return answer == QMessageBox.StandardButton.Yes

    def ask_new_game(self) -> None:
        if not self.discard_ok():
            return
        defaults = self.new_game_defaults  # the preferences' new defaults, once
        if defaults is not None:
            dialog = NewGameDialog(defaults.rules, defaults, self, self.rng)
        else:
            dialog = NewGameDialog(self.controller.rules, self.settings, self, self.rng)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.new_game_defaults = None
            settings = dialog.settings()
            if settings.drawn_by_lot:
                self.show_message(self.tr("The lot says: you play %1.").replace(
                    "%1", texts.colour_name(settings.colour)))
            self.start_game(settings)

    def edit_rules(self) -> None:
        dialog = RulesDialog(self.controller.rules, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.change_rules(dialog.rules())

    def change_rules(self, rules: RuleSet) -> None:
        """New rules start a new game with the same opponents."""
        s = self.settings
        self.start_game(NewGameSettings(s.against_computer, s.level_key, s.colour, rules,
                                        s.light_name, s.dark_name, s.drawn_by_lot))

    # -- what the controller says --------------------------------------------------------

    def _orientation(self) -> bool:
        c = self.controller
        human = c.human_colour()
        base = False
        if human is not None:
            base = human is Color.BLACK
        elif self.auto_turn and len(c.humans()) == 2:
            base = c.game.position.turn is Color.BLACK
        return base != self.user_flipped

    def _on_position_changed(self) -> None:
        game = self.controller.game
        self.model.set_game(game)
        self.view_state = None
        self._select_current()
        self.board.set_flipped(self._orientation())
        state = game.state
        self.board.set_position(game.position, (), last_move=state.move, blown=state.blown)
        self.board.set_idle_reason(self._idle_reason())
        if game.pending_huff is None:
            self.huff_bar.hide()
            if self._picking_blow:
                self.board.end_pick()
                self._picking_blow = False
        self._update_labels()
        self._update_actions()

    def _on_turn_started(self, info: TurnInfo) -> None:
        self.board.set_flipped(self._orientation())
        if self.view_state is None and info.human:
            self.board.set_moves(info.moves)
        self._update_labels()
        self._update_actions()

    def _on_thinking(self, thinking: bool) -> None:
        self.board.set_idle_reason(self._idle_reason())
        self._update_labels()
        self._update_actions()

    def _on_game_over(self, result: Result) -> None:
        self.board.set_moves(())
        self.board.set_idle_reason(self._idle_reason())
        self.huff_bar.hide()
        self._update_labels()
        self._update_actions()
        if self.files.studying:  # stepping through a file's game: no box at its end
            return
        text = texts.result_text(result, self.names())
        self.show_message(text)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Game over"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("gameOverBox")
        self.over_box = box
        box.open()

    def _on_huff_pending(self, pending: PendingHuff) -> None:
        side = texts.colour_name(pending.offender)
        name = self.names()[pending.offender]
        offender = side if name == side else f"{name} ({side})"
        squares = ", ".join(str(sq) for sq in pending.candidates)
        self.huff_bar.label.setText(
            self.tr("%1 did not capture although it had to (piece on %2). What do you do?")
            .replace("%1", offender).replace("%2", squares))
        self.huff_bar.show()

    def _on_huff_decided(self, choice: HuffChoice, square: int | None) -> None:
        self.huff_bar.hide()
        if choice is HuffChoice.BLOW:
            self.show_message(self.tr("The piece on %1 was blown away.").replace(
                "%1", str(square)))
        elif choice is HuffChoice.CORRECT:
            self.show_message(self.tr("The move was taken back: now the capture must be made."))
        else:
            self.show_message(self.tr("The missed capture is let stand."))

    def _on_hint(self, move: Move | None) -> None:
        if move is None:
            self.show_message(self.tr("No hint: there is no move."))
            return
        self.board.set_hint(move)
        pos = self.controller.game.position
        text = pos.move_text(move, algebraic=pos.rules.algebraic)
        self.show_message(self.tr("Hint: %1").replace("%1", text))

    def _on_draw_answer(self, accepted: bool) -> None:
        if not accepted:
            self.show_message(self.tr("The computer declines the draw."))

    # -- what the user does --------------------------------------------------------------

    def _on_board_move(self, move: Move) -> None:
        if self.view_state is not None:
            return
        self.board.set_hint(None)
        if not self.controller.submit_move(move):
            self.show_message(self.tr("It is not your turn."))

    def ask_hint(self) -> None:
        info = self.controller.turn_info()
        if info is None or not info.human:
            self.show_message(self.tr("A hint is given when it is your turn."))
            return
        self.show_message(self.tr("Looking for a good move…"))
        self.controller.request_hint()

    def offer_draw(self) -> None:
        c = self.controller
        if c.game.is_over:
            return
        if c.against_computer():
            self.show_message(self.tr("You offer a draw…"))
            c.offer_draw_to_computer()
            return
        mover = c.game.position.turn
        answer = QMessageBox.question(
            self, self.tr("Draw offer"),
            self.tr("%1 offers a draw. %2, do you accept?")
            .replace("%1", texts.colour_name(mover))
            .replace("%2", texts.colour_name(mover.opponent)))
        if answer == QMessageBox.StandardButton.Yes:
            c.agree_draw()
        else:
            self.show_message(self.tr("The draw offer was declined."))

    def resign(self) -> None:
        if self.controller.game.is_over:
            return
        if self.confirm_resign:
            answer = QMessageBox.question(self, self.tr("Resign"),
                                          self.tr("Do you really want to resign this game?"))
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.controller.resign()

    def flip(self) -> None:
        self.user_flipped = not self.user_flipped
        self.board.set_flipped(self._orientation())

    def set_auto_turn(self, on: bool) -> None:
        self.auto_turn = on
        self.board.set_flipped(self._orientation())

    def decide_huff(self, choice: HuffChoice, square: int | None = None) -> None:
        self.board.end_pick()
        self._picking_blow = False
        self.controller.huff(choice, square)

    def _start_blow(self) -> None:
        pending = self.controller.game.pending_huff
        if pending is None:
            return
        self._picking_blow = True
        self.board.begin_pick(pending.candidates)
        self.show_message(self.tr("Click the piece to blow away."))

    def _on_square_picked(self, square: int) -> None:
        if self._picking_blow:
            self.decide_huff(HuffChoice.BLOW, square)

    # -- looking at earlier positions ----------------------------------------------------

    def _view_positions(self) -> list[int]:
        return [0] + [e.state for e in self.model.entries()]

    def _on_move_clicked(self, index: QModelIndex) -> None:
        entry = self.model.entry_at(index)
        if entry is not None:
            self.view_entry(entry)

    def view_entry(self, entry: int | None) -> None:
        """Show the position after move ``entry`` (None or -1: the start)."""
        entries = self.model.entries()
        game = self.controller.game
        if entry is not None and entry >= len(entries) - 1 and entries:
            self._go_live()
            return
        state_index = 0 if entry is None or entry < 0 else entries[entry].state
        if state_index >= len(game.states) - 1:
            self._go_live()
            return
        self.view_state = state_index
        state = game.states[state_index]
        self.board.set_position(state.position, (), last_move=state.move, animate=False,
                                blown=state.blown)
        self.board.set_idle_reason(self._idle_reason())
        self.model.set_current(entry if entry is not None and entry >= 0 else None)
        if entry is not None and entry >= 0:
            self.move_view.setCurrentIndex(self.model.index_of(entry))
        else:
            self.move_view.clearSelection()
        self._update_labels()

    def _go_live(self) -> None:
        game = self.controller.game
        self.view_state = None
        state = game.state
        self.board.set_position(game.position, (), last_move=state.move, animate=False,
                                blown=state.blown)
        info = self.controller.turn_info()
        if info is not None and info.human:
            self.board.set_moves(info.moves)
        self.board.set_idle_reason(self._idle_reason())
        self._select_current()
        self._update_labels()

    def step_view(self, step: int | str) -> None:
        if self.files.step(step):  # studying a game of a file: steps through its tree
            return
        entries = self.model.entries()
        if not entries:
            return
        current = self.model.current() if self.view_state is not None else len(entries) - 1
        position = -1 if current is None else current
        if step == "home":
            target = -1
        elif step == "end":
            target = len(entries) - 1
        else:
            target = max(-1, min(len(entries) - 1, position + int(step)))
        self.view_entry(target)

    def _select_current(self) -> None:
        entries = self.model.entries()
        if entries:
            last = len(entries) - 1
            self.model.set_current(last)
            index = self.model.index_of(last)
            self.move_view.setCurrentIndex(index)
            self.move_view.scrollTo(index)
        else:
            self.model.set_current(None)

    # -- status ---------------------------------------------------------------------------

    def _idle_reason(self) -> str:
        c = self.controller
        if self.view_state is not None:
            return self.tr("You are looking at an earlier position: press End to go back")
        if c.game.is_over:
            return self.tr("The game is over")
        if c.is_thinking():
            return self.tr("The computer is thinking")
        return self.tr("It is not your turn")

    def status_text(self) -> str:
        c = self.controller
        game = c.game
        names = self.names()
        if game.is_over and game.result is not None:
            return texts.result_text(game.result, names)
        if self.view_state is not None:
            return self.tr("Viewing an earlier position")
        colour = game.position.turn
        player = c.players.get(colour)
        if player is not None and not player.is_human:
            return self.tr("%1 is thinking…").replace("%1", names[colour])
        who = names[colour]
        if c.against_computer():
            text = self.tr("Your move")
        else:
            text = self.tr("%1 to move").replace("%1", who)
        info = c.turn_info()
        if info is not None and info.must_capture and not game.rules.huffing:
            text += " — " + self.tr("You must capture")
        return text

    def _update_labels(self) -> None:
        self.turn_label.setText(self.status_text())
        names = self.names()
        lines = []
        for colour in (Color.WHITE, Color.BLACK):
            side = texts.colour_name(colour)
            lines.append(side if names[colour] == side else f"{side}: {names[colour]}")
        self.players_label.setText("\n".join(lines))
        rules = self.controller.rules
        self.rules_label.setText(self.tr("Rules: %1").replace("%1", texts.rules_name(rules)))
        try:
            base = matching_preset(rules) or find_rules(rules.key)
        except RulesError:
            base = None
        changed = differences(rules, base) if base is not None else {}
        self.rules_label.setToolTip(
            "\n".join(f"{name} = {value}" for name, value in changed.items()))

    def _update_actions(self) -> None:
        c = self.controller
        over = c.game.is_over
        info = c.turn_info()
        human_turn = info is not None and info.human
        self.hint_action.setEnabled(human_turn)
        self.resign_action.setEnabled(not over and bool(c.humans()))
        self.draw_action.setEnabled(not over and bool(c.humans()))
        self.undo_action.setEnabled(c.game.can_undo and bool(c.humans()))
        self.redo_action.setEnabled(c.game.can_redo and bool(c.humans()))
        self.turn_action.setEnabled(len(c.humans()) == 2)

    def show_message(self, text: str) -> None:
        self.last_message = text
        self.statusBar().showMessage(text, 6000)
        self.message_shown.emit(text)

    # -- closing --------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Cancel the engine and stop its thread (also done on close)."""
        self.controller.shutdown()
        self.client.close()

    # -- language -------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        """Every text of the window again, in the language now installed."""
        self.setWindowTitle(self.tr("Dame"))
        texts_of = (
            (self.new_action, self.tr("&New game…")),
            (self.undo_action, self.tr("&Undo move")),
            (self.redo_action, self.tr("&Redo move")),
            (self.hint_action, self.tr("&Hint")),
            (self.draw_action, self.tr("Offer a &draw")),
            (self.resign_action, self.tr("Re&sign")),
            (self.rules_action, self.tr("&Rules…")),
            (self.quit_action, self.tr("&Quit")),
            (self.flip_action, self.tr("&Flip board")),
            (self.numbers_action, self.tr("Show square &numbers")),
            (self.animate_action, self.tr("&Animate moves")),
            (self.turn_action, self.tr("&Turn the board to the side to move")),
            (self.first_action, self.tr("First position")),
            (self.prev_action, self.tr("Previous move")),
            (self.next_action, self.tr("Next move")),
            (self.last_action, self.tr("Last move")),
        )
        for action, text in texts_of:
            action.setText(text)
        self.game_menu.setTitle(self.tr("&Game"))
        self.view_menu.setTitle(self.tr("&View"))
        self.tool_bar.setWindowTitle(self.tr("Game"))
        current = self.model.current()
        self.model.set_game(self.controller.game)  # entries carry translated notes
        self.model.set_current(current)
        if current is not None:
            self.move_view.setCurrentIndex(self.model.index_of(current))
        self.board.set_idle_reason(self._idle_reason())
        pending = self.controller.game.pending_huff
        if pending is not None and self.huff_bar.isVisible():
            self._on_huff_pending(pending)
        self._update_labels()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.files.may_close_document():
            event.ignore()
            return
        self.shutdown()
        super().closeEvent(event)
