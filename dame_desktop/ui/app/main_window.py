"""The main window: the layout, the one action table, and the wiring of the parts.

Parts: the :class:`GameController` (the game being played), the navigator (the shown line:
:class:`LiveNavigator` while playing, a tree cursor while a file's game is studied), the
:class:`DocumentController` (the open file), the :class:`StudyController` (tree, annotations)
and, attached from outside, the session (preferences, autosave, help).  Each part exposes
actions, signals and widgets; only the window places widgets and builds menus.
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, Qt
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QKeySequence,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dame_desktop import pdn
from dame_desktop.ai import find_level
from dame_desktop.core import (
    Color,
    Game,
    HuffChoice,
    Move,
    PendingHuff,
    Position,
    Result,
    RulesError,
    RuleSet,
    differences,
    find_rules,
    matching_preset,
)
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.ai_worker import AiClient
from dame_desktop.ui.app.actions import ActionSpec, ActionTable, MenuSpec
from dame_desktop.ui.app.analysis_controller import AnalysisController
from dame_desktop.ui.app.document import DocumentController, game_record
from dame_desktop.ui.app.family_controller import FamilyController
from dame_desktop.ui.app.game_controller import (
    ComputerPlayer,
    GameController,
    HumanPlayer,
    Player,
    TurnInfo,
)
from dame_desktop.ui.app.hints import HintAdvisor
from dame_desktop.ui.app.huff_bar import HuffBar
from dame_desktop.ui.app.navigator import END, HOME, LiveNavigator, Navigator
from dame_desktop.ui.app.opponent_engine import OpponentEngine, clock_budget
from dame_desktop.ui.board.keyboard import BoardKeyboard
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.dialogs.new_game import NewGameDialog, NewGameSettings
from dame_desktop.ui.dialogs.rules import RulesAnswer, RulesDialog, ask_new_rules
from dame_desktop.ui.dialogs.rules_change import continue_under, rules_change
from dame_desktop.ui.models.move_list import MoveListModel
from dame_desktop.ui.study.study import StudyController
from dame_desktop.ui.words import names as family_names
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.notation import Notation

SIDE_MIN = 260  # the side panel's narrowest width (pixels)


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None, start_game: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.client = AiClient(self)
        self.controller = GameController(self.client, self)
        self.live = LiveNavigator(self.controller, self)
        self.navigator: Navigator = self.live
        self.hints = HintAdvisor(self.client, self._shown_or_none, self)
        self.opponent = OpponentEngine(self.client, self)  # a Hub engine as the computer
        self.study = StudyController(self)
        self.document = DocumentController(self, self, self)
        self.analysis = AnalysisController(self)
        self.rng = random.Random()
        self.settings = NewGameSettings(
            against_computer=True, level_key="easy", colour=Color.WHITE,
            rules=find_rules("german"), light_name="", dark_name="")
        self._played_settings: NewGameSettings | None = None  # given back after a study
        self.user_flipped = False
        self.auto_turn = False
        self.last_message = ""
        self.over_box: QMessageBox | None = None
        self._picking_blow = False
        self.confirm_resign = False  # the preferences turn these on
        self.confirm_discard = False
        self.use_book = True  # the computer opens from its book (the preference opening_book)
        self.new_game_defaults: NewGameSettings | None = None  # set when the preferences change
        self._rules_start: Position | None = None  # where a game under new rules starts
        self._build()
        self.family = FamilyController(self)
        self.board_row.addWidget(self.family.clocks)
        self._make_actions()
        self._connect()
        self.family.attach()
        self.setAcceptDrops(True)
        self._show_navigator(animate=False)
        if start_game:
            self.start_game(self.settings)

    # -- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        self.board = BoardWidget()
        self.board.setObjectName("board")
        self.board.setAccessibleName(self.tr("Board"))
        self.keyboard = BoardKeyboard(self.board, self)
        self.huff_bar = HuffBar()
        left = QWidget()
        lcol = QVBoxLayout(left)
        lcol.setContentsMargins(6, 6, 6, 6)
        lcol.addWidget(self.huff_bar)
        self.board_row = QHBoxLayout()  # the board, and the clocks beside it
        self.board_row.setContentsMargins(0, 0, 0, 0)
        self.board_row.addWidget(self.board, 1)
        lcol.addLayout(self.board_row, 1)
        self.board.setMinimumSize(240, 240)

        self.side = QWidget()
        self.side.setObjectName("sidePanel")
        self.side.setMinimumWidth(SIDE_MIN)
        rcol = QVBoxLayout(self.side)
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
        self.lines = QStackedWidget()  # the played game's move list, or the studied tree
        self.lines.addWidget(self.move_view)
        self.lines.addWidget(self.study.panel)
        self.lines.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        rcol.addWidget(self.lines, 1)
        rcol.addWidget(self.analysis.graph)

        self.splitter = QSplitter()
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.analysis.dock)
        self._base_font = QFont(self.side.font())

        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.statusBar().addPermanentWidget(self.turn_label)
        self._accessible_names()
        self.setMinimumSize(640, 480)
        self.resize(900, 660)

    def _accessible_names(self) -> None:
        self.board.setAccessibleName(self.tr("Board"))
        self.move_view.setAccessibleName(self.tr("Moves"))
        self.turn_label.setAccessibleName(self.tr("Status"))
        self.players_label.setAccessibleName(self.tr("Players"))
        self.rules_label.setAccessibleName(self.tr("Rules"))

    def _make_actions(self) -> None:
        table = self.actions_table = ActionTable(self)
        table.add_menus([
            MenuSpec("file", lambda: self.tr("&File")),
            MenuSpec("edit", lambda: self.tr("&Edit")),
            MenuSpec("game", lambda: self.tr("&Game")),
            MenuSpec("view", lambda: self.tr("&View")),
            MenuSpec("marks", lambda: self.tr("Move &mark"), parent="edit"),
        ])
        table.add_toolbar("gameToolBar", lambda: self.tr("Game"))
        playing = self.is_playing
        table.add(self.document.action_specs())
        table.add([
            ActionSpec("quit", lambda: self.tr("&Quit"), self.close, menu="file",
                       shortcuts=(QKeySequence.StandardKey.Quit,), separator_before=True,
                       role=QAction.MenuRole.QuitRole),
        ])
        table.add(self.study.action_specs())
        table.add([
            ActionSpec("marksMenu", lambda: self.tr("Move &mark"), lambda: None, menu="edit",
                       submenu="marks"),
            ActionSpec("new", lambda: self.tr("&New game…"), self.ask_new_game, menu="game",
                       shortcuts=(QKeySequence.StandardKey.New,), toolbar=True),
            ActionSpec("rules", lambda: self.tr("&Rules…"), self.edit_rules, menu="game"),
            ActionSpec("undo", lambda: self.tr("&Undo move"), self.undo, menu="game",
                       shortcuts=(QKeySequence.StandardKey.Undo,), separator_before=True,
                       toolbar=True, enabled=self._can_undo),
            ActionSpec("redo", lambda: self.tr("&Redo move"), self.redo, menu="game",
                       shortcuts=(QKeySequence.StandardKey.Redo,), toolbar=True,
                       enabled=self._can_redo),
            ActionSpec("hint", lambda: self.tr("&Hint"), self.ask_hint, menu="game",
                       shortcuts=("H",), toolbar=True, enabled=self._hint_possible),
            ActionSpec("draw", lambda: self.tr("Offer a &draw"), self.offer_draw, menu="game",
                       separator_before=True, enabled=lambda: playing() and self._game_on()),
            ActionSpec("resign", lambda: self.tr("Re&sign"), self.resign, menu="game",
                       enabled=lambda: playing() and self._game_on()),
            ActionSpec("flip", lambda: self.tr("&Flip board"), self.flip, menu="view",
                       shortcuts=("F",), toolbar=True),
            ActionSpec("turn", lambda: self.tr("&Turn the board to the side to move"),
                       self.set_auto_turn, menu="view", checkable=True,
                       enabled=lambda: len(self.controller.humans()) == 2),
            ActionSpec("numbers", lambda: self.tr("Show square &numbers"),
                       self.board.set_show_numbers, menu="view", shortcuts=("N",),
                       checkable=True),
            ActionSpec("animate", lambda: self.tr("&Animate moves"), self.board.set_animated,
                       menu="view", checkable=True, checked=True),
            ActionSpec("first", lambda: self.tr("First position"), lambda: self.step(HOME),
                       menu="view", shortcuts=("Home",), separator_before=True),
            ActionSpec("prev", lambda: self.tr("Previous move"), lambda: self.step(-1),
                       menu="view", shortcuts=("Left", "Ctrl+Left")),
            ActionSpec("next", lambda: self.tr("Next move"), lambda: self.step(1), menu="view",
                       shortcuts=("Right", "Ctrl+Right")),
            ActionSpec("last", lambda: self.tr("Last move"), lambda: self.step(END),
                       menu="view", shortcuts=("End",)),
        ])
        table.add(self.family.action_specs())
        view = table.menus["view"]  # the variation steps go after the move steps
        for name in ("nextVariation", "prevVariation"):
            view.removeAction(table[name])
        view.addSeparator()
        for name in ("nextVariation", "prevVariation"):
            view.addAction(table[name])
        table.add(self.analysis.action_specs())
        self.analysis.place_actions(table)

    def action(self, action_id: str) -> QAction:
        """The action called ``action_id`` in the window's table."""
        return self.actions_table[action_id]

    def _connect(self) -> None:
        c = self.controller
        c.position_changed.connect(self._on_game_changed)
        c.turn_started.connect(self._on_turn_started)
        c.game_over.connect(self._on_game_over)
        c.thinking_changed.connect(self._on_thinking)
        c.huff_pending.connect(self._on_huff_pending)
        c.huff_decided.connect(self._on_huff_decided)
        c.draw_answered.connect(self._on_draw_answer)
        c.error.connect(self.show_message)
        self.hints.hint_ready.connect(self._on_hint)
        self.hints.failed.connect(self.show_message)
        self.opponent.changed.connect(self._update_labels)
        self.opponent.message.connect(self.show_message)
        self.analysis.external_failed.connect(self.opponent.report_failure)  # one verdict
        self.opponent.judged.connect(self.analysis.engine_judged)
        self.board.move_chosen.connect(self._on_board_move)
        self.board.illegal_drop.connect(self.show_message)
        self.board.square_picked.connect(self._on_square_picked)
        self.board.step_requested.connect(self.step)  # Left/Right/Home/End on the board
        self.move_view.clicked.connect(self._on_move_clicked)
        self.huff_bar.accept_button.clicked.connect(lambda: self.decide_huff(HuffChoice.ACCEPT))
        self.huff_bar.blow_button.clicked.connect(self._start_blow)
        self.huff_bar.correct_button.clicked.connect(
            lambda: self.decide_huff(HuffChoice.CORRECT))
        self.keyboard.cursor_moved.connect(lambda text: self.statusBar().showMessage(text, 4000))
        self.live.changed.connect(self._on_navigator_changed)
        self.live.moves_changed.connect(self._on_moves_changed)
        self.study.edited.connect(self._on_study_edited)
        self.study.headers_changed.connect(self._on_headers_changed)
        self.study.message.connect(self.show_message)
        self.study.context_menu_requested.connect(self._fill_tree_menu)
        self.document.title_changed.connect(self._update_title)
        self.document.state_changed.connect(self.update_actions)
        # after the document's own handler, which opens the editor: the panel follows it
        self.action("setup").triggered.connect(
            lambda: self.analysis.follow_setup(self.document.setup_dialog))

    # -- the parts' questions (DocumentHost) -----------------------------------------------

    def current_rules(self) -> RuleSet:
        return self.navigator.position().rules

    def shown_position(self) -> Position:
        return self.navigator.position()

    def _shown_or_none(self) -> Position | None:
        return self.navigator.position()

    def played_game(self) -> pdn.Game:
        names = self.result_names()  # "You" means nothing in a file
        record = game_record(self.controller.game,
                             {c: n or "?" for c, n in names.items()})
        self.family.add_clocks_to(record)
        return record

    def result_names(self) -> dict[Color, str]:
        """The names a sentence about the game uses: an unnamed human against the computer
        is called by their colour ("Hell gewinnt"), never "You wins"."""
        names = self.names()
        human = self.controller.human_colour() if self.is_playing() else None
        if human is not None and not self.settings_name(human):
            names[human] = ""
        return names

    def settings_name(self, colour: Color) -> str:
        s = self.settings
        return s.light_name if colour is Color.WHITE else s.dark_name

    def studied_game(self) -> pdn.Game | None:
        return self.study.game

    def commit_edits(self) -> None:
        self.study.commit()

    def is_playing(self) -> bool:
        return self.navigator is self.live

    def studying(self) -> bool:
        return not self.is_playing()

    def may_replace_game(self) -> bool:
        """True when the game on the board may be given up (asks when the preferences say
        so); a studied game asks only about unsaved edits (the document's question)."""
        if not self.is_playing():
            return True
        game = self.controller.game
        if not self.confirm_discard or game.is_over or not game.moves:
            return True
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Game in progress"),
                          self.tr("The game in progress will be given up. Continue?"),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("discardGameBox")
        return box.exec() == QMessageBox.StandardButton.Yes

    def discard_ok(self) -> bool:
        """Before a new game: the edited file and the running game may go."""
        return self.document.may_close_document() and self.may_replace_game()

    # -- modes -------------------------------------------------------------------------------

    def _set_navigator(self, navigator: Navigator) -> None:
        old = self.navigator
        if old is navigator:
            return
        if old is not self.live:
            old.changed.disconnect(self._on_navigator_changed)
        if navigator is not self.live:
            navigator.changed.connect(self._on_navigator_changed)
        self.navigator = navigator
        self.lines.setCurrentIndex(0 if navigator is self.live else 1)
        self._on_navigator_changed(animate=False)

    def show_study(self, game: pdn.Game) -> None:
        """Show ``game`` of the open file: both sides moved by hand, the tree as move list."""
        if self.is_playing():
            self._played_settings = self.settings
        self.controller.pause()
        self._close_game_over()
        self.huff_bar.hide()
        self._picking_blow = False
        self.board.end_pick()
        self.settings = _study_settings(game, self.settings.level_key)
        navigator = self.study.start(game)
        self._set_navigator(navigator)
        self._widen_side()
        self._update_title()

    def _leave_study(self) -> None:
        if self.is_playing():
            return
        self.study.stop()
        self.document.leave_study()
        self._set_navigator(self.live)
        if self._played_settings is not None:
            self.settings = self._played_settings
        self._played_settings = None
        self._update_title()

    def _widen_side(self, width: int = 340) -> None:
        """Comments and variations need more room than the plain move table."""
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if len(sizes) == 2 and sizes[1] < width < total - 300:
            self.splitter.setSizes([total - width, width])

    # -- games -------------------------------------------------------------------------------

    def names(self) -> dict[Color, str]:
        s = self.settings
        names = {Color.WHITE: s.light_name, Color.BLACK: s.dark_name}
        rules = self.current_rules()
        for colour in (Color.WHITE, Color.BLACK):
            player = self.controller.players.get(colour) if self.is_playing() else None
            if player is not None and not player.is_human:
                # the computer's side never keeps a typed (hot-seat) name
                level = getattr(player, "level", None)
                names[colour] = self.opponent.computer_name(level.key if level else "", rules)
            elif not names[colour]:
                names[colour] = (self.tr("You") if self.is_playing()
                                 and self.controller.against_computer()
                                 else family_names.colour_text(rules, colour))
        return names

    def colour_text(self, colour: Color) -> str:
        """The name of ``colour``'s pieces under the rules shown (Hell/Dunkel, Weiß/Schwarz,
        Black/White in English checkers)."""
        return family_names.colour_text(self.current_rules(), colour)

    def start_game(self, settings: NewGameSettings, players: dict[Color, Player] | None = None,
                   start: Position | Game | None = None) -> None:
        """Start a game as ``settings`` say (``players`` overrides, for tests and benches)."""
        self._leave_study()
        self.settings = settings
        if players is None:
            human = settings.colour
            players = {human: HumanPlayer(self.tr("You"))}
            if settings.against_computer:
                level = find_level(settings.level_key)
                computer = ComputerPlayer(self.client, level, rng=self.rng)
                computer.use_book = self.use_book
                computer.budget = lambda c=human.opponent: clock_budget(self.family.clocks, c)
                players[human.opponent] = computer
            else:
                players[human.opponent] = HumanPlayer(
                    family_names.colour_text(settings.rules, human.opponent))
        self.board.set_hint(None)
        self.board.end_pick()
        self._picking_blow = False
        self.huff_bar.hide()
        self.huff_bar.set_reserved(settings.rules.huffing)
        self._close_game_over()
        self.controller.new_game(settings.rules, players, start)

    def _close_game_over(self) -> None:
        if self.over_box is not None:
            self.over_box.close()
            self.over_box = None

    def ask_new_game(self) -> None:
        if not self.discard_ok():
            return
        defaults = self.new_game_defaults  # the preferences' new defaults, once
        settings = self._played_settings or self.settings
        if defaults is not None:
            dialog = NewGameDialog(defaults.rules, defaults, self, self.rng)
        else:
            dialog = NewGameDialog(settings.rules, settings, self, self.rng)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.new_game_defaults = None
            chosen = dialog.settings()
            if chosen.clocks is not None:
                self.family.set_time_controls(*chosen.clocks)
            if chosen.drawn_by_lot:
                self.show_message(self.tr("The lot says: you play %1.").replace(
                    "%1", family_names.colour_text(chosen.rules, chosen.colour)))
            self.start_game(chosen)

    def edit_rules(self) -> None:
        dialog = RulesDialog(self.current_rules(), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            new = dialog.rules()
            if new != self.current_rules():
                self.change_rules(new)

    def change_rules(self, rules: RuleSet) -> bool:
        """New rules: from the current position when it is legal under them and the user
        wants that, else a new game with the same opponents (after asking)."""
        if not self.discard_ok_for_rules(rules):
            return False
        s = self._played_settings or self.settings
        settings = NewGameSettings(s.against_computer, s.level_key, s.colour, rules,
                                   s.light_name, s.dark_name, s.drawn_by_lot)
        start = self._rules_start
        self._rules_start = None
        self.start_game(settings, start=start)
        return True

    def discard_ok_for_rules(self, rules: RuleSet) -> bool:
        """Ask what to do with the game on the board; remembers where the new game starts.

        The question and its checks are the rules dialog's (:func:`ask_new_rules`, which offers
        to go on only where :func:`rules_change` allows it: the same board and numbering, no
        open huffing decision, no uncrowned man on its crowning row)."""
        self._rules_start = None
        game = self.controller.game
        running = self.is_playing() and bool(game.moves) and not game.is_over
        if not running:
            return self.document.may_close_document()
        answer = ask_new_rules(self, game, rules)
        if answer is RulesAnswer.CANCEL:
            return False
        if answer is RulesAnswer.CONTINUE or (
                answer is RulesAnswer.NOTHING and rules_change(game, rules).can_continue):
            self._rules_start = continue_under(game, rules).position
        return True

    # -- what the controller says ----------------------------------------------------------

    def _orientation(self) -> bool:
        c = self.controller
        base = False
        if self.is_playing():
            human = c.human_colour()
            if human is not None:
                base = human is Color.BLACK
            elif self.auto_turn and len(c.humans()) == 2:
                base = c.game.position.turn is Color.BLACK
        return base != self.user_flipped

    def show_moves(self) -> None:
        """The played game's move list, its end named by player at the bottom."""
        game = self.controller.game
        result = ""
        if game.result is not None:
            result = family_names.result_text(game.result, game.rules, self.result_names(),
                                              position=game.position)
        self.model.set_game(game, result=result, notation=self.family.notation)
        row = self.model.result_row()
        self.move_view.clearSpans()
        if row is not None:
            self.move_view.setSpan(row, 1, 1, 2)

    def _on_game_changed(self) -> None:
        self.show_moves()
        if self.controller.game.pending_huff is None:
            self.huff_bar.hide()
            if self._picking_blow:
                self.board.end_pick()
                self._picking_blow = False

    def _on_navigator_changed(self, animate: bool = True) -> None:
        self.hints.forget()  # a hint belongs to the position it was asked for
        self._show_navigator(animate)

    def _show_navigator(self, animate: bool = True) -> None:
        nav = self.navigator
        live_end = nav is self.live and self.live.is_live()
        self.board.set_flipped(self._orientation())
        self.board.set_position(nav.position(), nav.playable(), last_move=nav.last_move(),
                                animate=animate and live_end, blown=nav.blown())
        self.board.bind_touch(nav.touched())
        self.board.set_idle_reason(self._idle_reason())
        self.board.setAccessibleDescription(self._position_text())
        if nav is self.live:
            self._select_current()
        self._update_labels()
        self.update_actions()
        self.analysis.follow(nav)
        self.family.follow_view()  # the live clocks stand still while it is not shown

    def _position_text(self) -> str:
        return self.family.position_text(self.navigator.position())

    def position_text(self, position: Position) -> str:
        """``position`` in words as the window says it (Edit › Copy position as text)."""
        return self.family.position_text(position)

    def notation(self) -> Notation:
        """How the window names squares now (the preference; the set-up editor too)."""
        return self.family.notation

    def _on_moves_changed(self) -> None:
        if self.is_playing():
            self.board.set_moves(self.live.playable())
            self.board.bind_touch(self.live.touched())
            self.board.set_idle_reason(self._idle_reason())
            self._update_labels()
            self.update_actions()

    def _on_turn_started(self, info: TurnInfo) -> None:
        self.board.set_flipped(self._orientation())

    def _on_thinking(self, thinking: bool) -> None:
        self.board.set_idle_reason(self._idle_reason())

    def _on_game_over(self, result: Result) -> None:
        self.huff_bar.hide()
        text = family_names.result_text(result, self.controller.rules, self.result_names(),
                                        position=self.controller.game.position)
        self.show_message(text)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Game over"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("gameOverBox")
        self._close_game_over()
        self.over_box = box
        box.open()

    def _on_huff_pending(self, pending: PendingHuff) -> None:
        side = self.colour_text(pending.offender)
        name = self.names()[pending.offender]
        offender = side if name == side else f"{name} ({side})"
        squares = self.family.squares_text(pending.candidates)
        self.huff_bar.label.setText(
            self.tr("%1 did not capture although it had to (piece on %2). What do you do?")
            .replace("%1", offender).replace("%2", squares))
        self.huff_bar.show()

    def _on_huff_decided(self, choice: HuffChoice, square: int | None) -> None:
        self.huff_bar.hide()
        if choice is HuffChoice.BLOW:
            self.show_message(self.tr("The piece on %1 was blown away.").replace(
                "%1", self.family.squares_text([square] if square is not None else [])))
        elif choice is HuffChoice.CORRECT:
            self.show_message(self.tr("The move was taken back: now the capture must be made."))
        else:
            self.show_message(self.tr("The missed capture is let stand."))

    def _on_hint(self, position: Position, move: Move | None) -> None:
        if move is None:
            self.show_message(self.tr("No hint: there is no move."))
            return
        self.board.set_hint(move)
        text = self.family.move_text(position, move)
        if self.hints.speaker:
            self.show_message(self.hints.named_text(text))
        else:
            self.show_message(self.tr("Hint: %1").replace("%1", text))

    def _on_draw_answer(self, accepted: bool) -> None:
        if not accepted:
            self.show_message(self.tr("The computer declines the draw."))

    def _on_study_edited(self) -> None:
        game = self.study.game
        if game is not None:
            self.document.game_edited(game)

    def _on_headers_changed(self) -> None:
        """The studied game's names may have changed: the labels show the new ones."""
        game = self.study.game
        if game is not None:
            self.settings = _study_settings(game, self.settings.level_key)
        self._update_labels()

    def _fill_tree_menu(self, menu: QMenu) -> None:
        for name in ("promote", "deleteVariation", "deleteAfter"):
            menu.addAction(self.action(name))
        menu.addSeparator()
        menu.addMenu(self.actions_table.menus["marks"])
        menu.addAction(self.action("headers"))

    # -- what the user does ----------------------------------------------------------------

    def _on_board_move(self, move: Move) -> None:
        self.board.set_hint(None)
        if not self.navigator.play(move):
            self.show_message(self.tr("It is not your turn."))

    def step(self, delta: int) -> None:
        self.navigator.step(delta)

    def undo(self) -> None:
        if self.is_playing():
            self.controller.undo()
        else:
            self.navigator.step(-1)

    def redo(self) -> None:
        if self.is_playing():
            self.controller.redo()
        else:
            self.navigator.step(1)

    def _can_undo(self) -> bool:
        if not self.is_playing():
            return self.navigator.can_step(-1)
        return self.controller.can_undo() and bool(self.controller.humans())

    def _can_redo(self) -> bool:
        if not self.is_playing():
            return self.navigator.can_step(1)
        return self.controller.game.can_redo and bool(self.controller.humans())

    def _game_on(self) -> bool:
        return not self.controller.game.is_over and bool(self.controller.humans())

    def _hint_possible(self) -> bool:
        if not self.is_playing():
            return bool(self.navigator.playable())
        info = self.controller.turn_info()
        return info is not None and info.human and self.live.is_live()

    def ask_hint(self) -> None:
        if not self._hint_possible():
            self.show_message(self.tr("A hint is given when it is your turn."))
            return
        self.show_message(self.tr("Looking for a good move…"))
        nav = self.navigator
        self.hints.ask(nav.position(), nav.history(), nav.quiet_plies())

    def offer_draw(self) -> None:
        c = self.controller
        if c.game.is_over or not self.is_playing():
            return
        if c.against_computer():
            self.show_message(self.tr("You offer a draw…"))
            c.offer_draw_to_computer()
            return
        mover = c.game.position.turn
        answer = QMessageBox.question(
            self, self.tr("Draw offer"),
            self.tr("%1 offers a draw. %2, do you accept?")
            .replace("%1", self.names()[mover])
            .replace("%2", self.names()[mover.opponent]))
        if answer == QMessageBox.StandardButton.Yes:
            c.agree_draw()
        else:
            self.show_message(self.tr("The draw offer was declined."))

    def resign(self) -> None:
        if self.controller.game.is_over or not self.is_playing():
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

    def _on_move_clicked(self, index: QModelIndex) -> None:
        entry = self.model.entry_at(index)
        if entry is not None and self.is_playing():
            self.live.show_step(entry)

    def _select_current(self) -> None:
        entries = self.model.entries()
        index = self.live.index
        current = (len(entries) - 1 if index is None else index) if entries else None
        if current is None or current < 0:
            self.model.set_current(None)
            self.move_view.clearSelection()
            return
        self.model.set_current(current)
        model_index = self.model.index_of(current)
        self.move_view.setCurrentIndex(model_index)
        self.move_view.scrollTo(model_index)

    # -- status ------------------------------------------------------------------------------

    def _idle_reason(self) -> str:
        c = self.controller
        if not self.is_playing():
            return self.tr("No move from here")
        if not self.live.is_live():
            return self.tr("You are looking at an earlier position: press End to go back")
        if c.game.is_over:
            return self.tr("The game is over")
        if c.is_thinking():
            return self.tr("The computer is thinking")
        return self.tr("It is not your turn")

    def status_text(self) -> str:
        names = self.names()
        if not self.is_playing():
            turn = self.navigator.position().turn
            return self.tr("%1 to move").replace("%1", names[turn])
        c = self.controller
        game = c.game
        if game.is_over and game.result is not None:
            return family_names.result_text(game.result, game.rules, self.result_names(),
                                            position=game.position)
        if not self.live.is_live():
            return self.tr("Viewing an earlier position")
        colour = game.position.turn
        player = c.players.get(colour)
        if player is not None and not player.is_human:
            return self.tr("%1 is thinking…").replace("%1", names[colour])
        if c.against_computer():
            text = self.tr("Your move")
        else:
            text = self.tr("%1 to move").replace("%1", names[colour])
        info = c.turn_info()
        if info is not None and info.must_capture and not game.rules.huffing:
            text += " — " + self.tr("You must capture")
        return text

    def _update_labels(self) -> None:
        self.turn_label.setText(self.status_text())
        names = self.names()
        lines = []
        for colour in (Color.WHITE, Color.BLACK):
            side = self.colour_text(colour)
            lines.append(side if names[colour] == side else f"{side}: {names[colour]}")
        self.players_label.setText("\n".join(lines))
        rules = self.current_rules()
        self.rules_label.setText(self.tr("Rules: %1").replace("%1", texts.rules_name(rules)))
        try:
            base = matching_preset(rules) or find_rules(rules.key)
        except RulesError:
            base = None
        changed = differences(rules, base) if base is not None else {}
        self.rules_label.setToolTip(
            "\n".join(f"{name} = {value}" for name, value in changed.items()))

    def _update_title(self) -> None:
        self.setWindowTitle(self.document.title() or self.tr("Dame"))

    def update_actions(self) -> None:
        self.actions_table.update()

    def show_message(self, text: str) -> None:
        self.last_message = text
        self.statusBar().showMessage(text, 6000)

    # -- preferences ---------------------------------------------------------------------------

    def apply_preferences(self, prefs: Preferences) -> None:
        """Show the window as ``prefs`` say (the language is the session's business)."""
        board = self.board
        if prefs.board_theme == "wood":
            board.reset_colors()  # the board's own wooden look, with its hand-picked shading
        else:
            colors = prefs.board_colors()
            board.set_colors(colors.light_square, colors.dark_square, colors.light_piece,
                             colors.dark_piece)
        self.action("numbers").setChecked(prefs.show_square_numbers)
        self.action("animate").setChecked(prefs.animate)
        self.action("turn").setChecked(prefs.turn_board_hot_seat)
        self.confirm_resign = prefs.confirm_resign
        self.confirm_discard = prefs.confirm_discard
        self.use_book = prefs.opening_book  # from the computer's next move on, this game too
        for player in self.controller.players.values():
            if isinstance(player, ComputerPlayer):
                player.use_book = prefs.opening_book
        board.animation_ms = prefs.animation_ms
        self.family.apply_preferences(prefs)
        self.study.tree.set_notation(self.family.notation)  # a studied file's moves too
        self.analysis.apply_preferences(prefs)
        self.opponent.apply_preferences(prefs)
        self.sync_numbers_action()

    def sync_numbers_action(self) -> None:
        """View › Show square numbers: checked and disabled while the texts name squares by
        number (the board shows them anyway); otherwise the user's own choice, which the
        board kept meanwhile (the preference is not touched)."""
        action = self.action("numbers")
        forced = self.board.numbers_for_notation()
        blocked = action.blockSignals(True)
        action.setChecked(forced or self.board.numbers_wanted())
        action.setEnabled(not forced)
        action.blockSignals(blocked)

    # -- layout ------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_board()

    def _fit_board(self) -> None:
        """The board column as wide as the board can be tall; the side panel gets the rest,
        and its text grows with it."""
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if total <= 0:
            return
        height = self.splitter.height()
        reserve = self.huff_bar.height() if self.huff_bar.sizePolicy().retainSizeWhenHidden() \
            else 0
        board_column = height - reserve + 12
        side = max(SIDE_MIN, total - board_column)
        self.splitter.setSizes([total - side, side])
        scale = max(1.0, min(1.6, min(side / 300, height / 560)))
        font = QFont(self._base_font)
        if self._base_font.pointSizeF() > 0:
            font.setPointSizeF(self._base_font.pointSizeF() * scale)
        self.side.setFont(font)

    # -- drops, language, closing ------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_path(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = _dropped_path(event)
        if path is not None:
            event.acceptProposedAction()
            self.document.open_path(path)

    def retranslate_ui(self) -> None:
        """Every text of the window again, in the language now installed."""
        self.actions_table.retranslate()
        self.study.retranslate()
        self._accessible_names()
        self.show_moves()  # entries carry translated notes
        if self.is_playing():
            self._select_current()
        self.board.set_idle_reason(self._idle_reason())
        pending = self.controller.game.pending_huff
        if pending is not None and self.huff_bar.isVisible():
            self._on_huff_pending(pending)
        self._update_labels()
        self._update_title()
        self.board.setAccessibleDescription(self._position_text())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.document.may_close_document():
            event.ignore()
            return
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Cancel the engine and stop its thread (also done on close)."""
        self.controller.shutdown()
        self.family.close()
        self.analysis.shutdown()
        self.hints.forget()
        self.client.close()


def _study_settings(game: pdn.Game, level_key: str) -> NewGameSettings:
    """The names and rules of a studied game (both sides moved by hand)."""
    white, black = game.headers.get("White", ""), game.headers.get("Black", "")
    return NewGameSettings(False, level_key, Color.WHITE, game.rules,
                           "" if white in ("", "?") else white,
                           "" if black in ("", "?") else black)


def _dropped_path(event: QDropEvent | QDragEnterEvent) -> Path | None:
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            return Path(url.toLocalFile())
    return None
