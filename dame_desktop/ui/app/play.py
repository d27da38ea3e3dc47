"""The play presenter: the game commands and what the window shows of the game being played.

:class:`PlayController` owns the game state the window used to keep (the players' setup
``settings``, the setup put aside while a file's game is studied, where a game under new rules
starts, the huffing pick) and the commands of the Game menu and the board's turning: new game,
rules, undo, redo, hint, draw offer, resignation, huffing decisions, flip and turn.  It reacts
to the :class:`GameController` (the game's end, huffing, the computer's draw answer, hints) and
words the game's state for the status bar (:meth:`status_text`, :meth:`names`).

It is given its collaborators (the game controller, the live navigator, the board, the huffing
bar, the hint advisor, the Hub opponent, the clocks) and asks the window only what
:class:`PlayHost` lists.  What it has to say goes out as signals: ``message(text)`` for the
status bar, ``labels_changed()`` when the names or the status change, ``clocks_chosen(white,
black)`` when the new-game dialog chose the clocks.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from typing import Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from dame_desktop import pdn
from dame_desktop.ai.levels import find_level
from dame_desktop.core import (
    Color,
    Game,
    HuffChoice,
    Move,
    PendingHuff,
    Position,
    Reason,
    Result,
    RuleSet,
    TimeControl,
    find_rules,
)
from dame_desktop.core.rules_change import continue_under, rules_change
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.app.game_controller import (
    ComputerPlayer,
    GameController,
    HumanPlayer,
    Player,
    TurnInfo,
)
from dame_desktop.ui.app.hints import HintAdvisor
from dame_desktop.ui.app.huff_bar import HuffBar
from dame_desktop.ui.app.navigator import LiveNavigator
from dame_desktop.ui.app.opponent_engine import OpponentEngine, clock_budget
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.dialogs.game_settings import NewGameSettings
from dame_desktop.ui.family.clocks import ClocksPanel
from dame_desktop.ui.navigation import Navigator
from dame_desktop.ui.words import names as family_names


class PlayHost(Protocol):
    """What the play presenter needs from the window."""

    navigator: Navigator  # the shown line (the live game's, or a file's game's)

    def current_rules(self) -> RuleSet: ...

    def leave_study(self) -> None: ...

    def may_close_document(self) -> bool: ...

    def squares_text(self, squares: Iterable[int]) -> str: ...

    def move_text(self, position: Position, move: Move) -> str: ...

    def next_clocks(self) -> tuple[TimeControl, TimeControl]: ...


class PlayController(QObject):
    """The game being played, as the window shows and commands it (see the module
    docstring)."""

    message = Signal(str)  # a sentence for the status bar
    labels_changed = Signal()  # the names or the status text changed
    clocks_chosen = Signal(object, object)  # TimeControl, TimeControl: the next game's clocks

    def __init__(
        self,
        host: PlayHost,
        controller: GameController,
        live: LiveNavigator,
        board: BoardWidget,
        huff_bar: HuffBar,
        hints: HintAdvisor,
        opponent: OpponentEngine,
        clocks: ClocksPanel,
        dialog_parent: QWidget,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.controller = controller
        self.live = live
        self.board = board
        self.huff_bar = huff_bar
        self.hints = hints
        self.opponent = opponent
        self.clocks = clocks
        self.parent_widget = dialog_parent
        self.rng = random.Random()
        self.settings = NewGameSettings(
            against_computer=True,
            level_key="easy",
            colour=Color.WHITE,
            rules=find_rules("german"),
            light_name="",
            dark_name="",
        )
        self._played_settings: NewGameSettings | None = None  # given back after a study
        # the game going on under new rules from where it stands (Rules › go on from here)
        self._rules_start: Game | None = None
        self._picking_blow = False
        self.user_flipped = False
        self.auto_turn = False
        self.over_box: QMessageBox | None = None
        self.confirm_resign = False  # the preferences turn these on
        self.confirm_discard = False
        self.use_book = True  # the computer opens from its book (the preference opening_book)
        self.new_game_defaults: NewGameSettings | None = None  # set when the preferences change
        c = controller
        c.position_changed.connect(self._on_game_changed)
        c.turn_started.connect(self._on_turn_started)
        c.game_over.connect(self._on_game_over)
        c.thinking_changed.connect(self._on_thinking)
        c.huff_pending.connect(self._on_huff_pending)
        c.huff_decided.connect(self._on_huff_decided)
        c.draw_answered.connect(self._on_draw_answer)
        hints.hint_ready.connect(self._on_hint)
        board.square_picked.connect(self._on_square_picked)
        huff_bar.accept_button.clicked.connect(lambda: self.decide_huff(HuffChoice.ACCEPT))
        huff_bar.blow_button.clicked.connect(self._start_blow)
        huff_bar.correct_button.clicked.connect(lambda: self.decide_huff(HuffChoice.CORRECT))

    # -- the commands ------------------------------------------------------------------------

    def action_specs(self) -> list[ActionSpec]:
        playing = self.is_playing
        return [
            ActionSpec(
                "new",
                lambda: self.tr("&New game…"),
                self.ask_new_game,
                menu="game",
                shortcuts=(QKeySequence.StandardKey.New,),
                toolbar=True,
            ),
            ActionSpec("rules", lambda: self.tr("&Rules…"), self.edit_rules, menu="game"),
            ActionSpec(
                "undo",
                lambda: self.tr("&Undo move"),
                self.undo,
                menu="game",
                shortcuts=(QKeySequence.StandardKey.Undo,),
                separator_before=True,
                toolbar=True,
                enabled=self.can_undo,
            ),
            ActionSpec(
                "redo",
                lambda: self.tr("&Redo move"),
                self.redo,
                menu="game",
                shortcuts=(QKeySequence.StandardKey.Redo,),
                toolbar=True,
                enabled=self.can_redo,
            ),
            ActionSpec(
                "hint",
                lambda: self.tr("&Hint"),
                self.ask_hint,
                menu="game",
                shortcuts=("H",),
                toolbar=True,
                enabled=self.hint_possible,
            ),
            ActionSpec(
                "draw",
                lambda: self.tr("Offer a &draw"),
                self.offer_draw,
                menu="game",
                separator_before=True,
                enabled=lambda: playing() and self._game_on(),
            ),
            ActionSpec(
                "resign",
                lambda: self.tr("Re&sign"),
                self.resign,
                menu="game",
                enabled=lambda: playing() and self._game_on(),
            ),
            ActionSpec(
                "flip",
                lambda: self.tr("&Flip board"),
                self.flip,
                menu="view",
                shortcuts=("F",),
                toolbar=True,
            ),
            ActionSpec(
                "turn",
                lambda: self.tr("&Turn the board to the side to move"),
                self.set_auto_turn,
                menu="view",
                checkable=True,
                enabled=lambda: len(self.controller.humans()) == 2,
            ),
        ]

    def is_playing(self) -> bool:
        """The live game is shown (not a file's game)."""
        return self.host.navigator is self.live

    def undo(self) -> None:
        if self.is_playing():
            if not self.can_undo():
                return
            self._forget_said()
            self.controller.undo()
        else:
            self.host.navigator.step(-1)

    def redo(self) -> None:
        if self.is_playing():
            self._forget_said()
            self.controller.redo()
        else:
            self.host.navigator.step(1)

    def _forget_said(self) -> None:
        """Before an undo or redo: what was said about the position left (the status
        bar's sentence, the words over the board, a hint, the game-over box) goes."""
        self.message.emit("")
        self.board.clear_banner()
        self.board.set_hint(None)
        self.close_game_over()

    def can_undo(self) -> bool:
        if not self.is_playing():
            return self.host.navigator.can_step(-1)
        result = self.controller.game.result
        if result is not None and result.reason is Reason.TIME:
            return False  # the time that ran out cannot be given back
        return self.controller.can_undo() and bool(self.controller.humans())

    def can_redo(self) -> bool:
        if not self.is_playing():
            return self.host.navigator.can_step(1)
        return self.controller.game.can_redo and bool(self.controller.humans())

    def _game_on(self) -> bool:
        return not self.controller.game.is_over and bool(self.controller.humans())

    def hint_possible(self) -> bool:
        if not self.is_playing():
            return bool(self.host.navigator.playable())
        info = self.controller.turn_info()
        return info is not None and info.human and self.live.is_live()

    def ask_hint(self) -> None:
        if not self.hint_possible():
            self.message.emit(self.tr("A hint is given when it is your turn."))
            return
        self.message.emit(self.tr("Looking for a good move…"))
        nav = self.host.navigator
        self.hints.ask(nav.position(), nav.history(), nav.quiet_plies())

    def offer_draw(self) -> None:
        c = self.controller
        if c.game.is_over or not self.is_playing():
            return
        if c.against_computer():
            self.message.emit(self.tr("You offer a draw…"))
            c.offer_draw_to_computer()
            return
        mover = c.game.position.turn
        answer = QMessageBox.question(
            self.parent_widget,
            self.tr("Draw offer"),
            self.tr("%1 offers a draw. %2, do you accept?")
            .replace("%1", self.names()[mover])
            .replace("%2", self.names()[mover.opponent]),
        )
        if answer == QMessageBox.StandardButton.Yes:
            c.agree_draw()
        else:
            self.message.emit(self.tr("The draw offer was declined."))

    def resign(self) -> None:
        if self.controller.game.is_over or not self.is_playing():
            return
        if self.confirm_resign:
            answer = QMessageBox.question(
                self.parent_widget,
                self.tr("Resign"),
                self.tr("Do you really want to resign this game?"),
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.controller.resign()

    def flip(self) -> None:
        self.user_flipped = not self.user_flipped
        self.turn_board()

    def set_auto_turn(self, on: bool) -> None:
        self.auto_turn = on
        self.turn_board()

    def turn_board(self) -> None:
        """The board seen from the side it belongs to now."""
        self.board.set_flipped(self.orientation())

    def orientation(self) -> bool:
        """True when the board is shown from the dark side's end."""
        c = self.controller
        base = False
        if self.is_playing():
            human = c.human_colour()
            if human is not None:
                base = human is Color.BLACK
            elif self.auto_turn and len(c.humans()) == 2:
                base = c.game.position.turn is Color.BLACK
        return base != self.user_flipped

    def decide_huff(self, choice: HuffChoice, square: int | None = None) -> None:
        self._end_pick()
        self.controller.huff(choice, square)

    def _start_blow(self) -> None:
        pending = self.controller.game.pending_huff
        if pending is None:
            return
        self._picking_blow = True
        self.board.begin_pick(pending.candidates)
        self.message.emit(self.tr("Click the piece to blow away."))

    def _on_square_picked(self, square: int) -> None:
        if self._picking_blow:
            self.decide_huff(HuffChoice.BLOW, square)

    def _end_pick(self) -> None:
        self.board.end_pick()
        self._picking_blow = False

    # -- games -------------------------------------------------------------------------------

    def start_game(
        self,
        settings: NewGameSettings,
        players: dict[Color, Player] | None = None,
        start: Position | Game | None = None,
    ) -> None:
        """Start a game as ``settings`` say (``players`` overrides, for tests and benches)."""
        self.host.leave_study()
        self.settings = settings
        if players is None:
            human = settings.colour
            players = {human: HumanPlayer(self.tr("You"))}
            if settings.against_computer:
                level = find_level(settings.level_key)
                computer = ComputerPlayer(self.controller.client, level, rng=self.rng)
                computer.use_book = self.use_book
                computer.budget = lambda c=human.opponent: clock_budget(self.clocks, c)
                players[human.opponent] = computer
            else:
                players[human.opponent] = HumanPlayer(
                    family_names.colour_text(settings.rules, human.opponent)
                )
        self.board.set_hint(None)
        self._end_pick()
        self.huff_bar.hide()
        self.close_game_over()
        self.controller.new_game(settings.rules, players, start)

    def close_game_over(self) -> None:
        if self.over_box is not None:
            self.over_box.close()
            self.over_box.deleteLater()  # one box per finished game: never kept
            self.over_box = None

    def may_replace_game(self) -> bool:
        """True when the game on the board may be given up (asks when the preferences say
        so); a studied game asks only about unsaved edits (the document's question)."""
        if not self.is_playing():
            return True
        game = self.controller.game
        if not self.confirm_discard or game.is_over or not game.moves:
            return True
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Game in progress"),
            self.tr("The game in progress will be given up. Continue?"),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self.parent_widget,
        )
        box.setObjectName("discardGameBox")
        return box.exec() == QMessageBox.StandardButton.Yes

    def discard_ok(self) -> bool:
        """Before a new game: the edited file and the running game may go."""
        return self.host.may_close_document() and self.may_replace_game()

    def ask_new_game(self) -> None:
        if not self.discard_ok():
            return
        defaults = self.new_game_defaults  # the preferences' new defaults, once
        previous = defaults or self._played_settings or self.settings
        if previous.clocks is None:  # the dialog offers the clocks the next game would get
            previous = dataclasses.replace(previous, clocks=self.host.next_clocks())
        from dame_desktop.ui.dialogs.new_game import NewGameDialog

        dialog = NewGameDialog(previous.rules, previous, self.parent_widget, self.rng)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.new_game_defaults = None
            chosen = dialog.settings()
            if chosen.clocks is not None:
                self.clocks_chosen.emit(*chosen.clocks)
            if chosen.drawn_by_lot:
                self.message.emit(
                    self.tr("The lot says: you play %1.").replace(
                        "%1", family_names.colour_text(chosen.rules, chosen.colour)
                    )
                )
            self.start_game(chosen)

    def edit_rules(self) -> None:
        from dame_desktop.ui.dialogs.rules import RulesDialog

        dialog = RulesDialog(self.host.current_rules(), self.parent_widget)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        new = dialog.rules()
        dialog.deleteLater()  # made anew each time: never kept
        if accepted and new != self.host.current_rules():
            self.change_rules(new)

    def change_rules(self, rules: RuleSet) -> bool:
        """New rules: from the current position when it is legal under them and the user
        wants that, else a new game with the same opponents (after asking)."""
        if not self.discard_ok_for_rules(rules):
            return False
        s = self._played_settings or self.settings
        settings = NewGameSettings(
            s.against_computer,
            s.level_key,
            s.colour,
            rules,
            s.light_name,
            s.dark_name,
            s.drawn_by_lot,
        )
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
            return self.host.may_close_document()
        from dame_desktop.ui.dialogs.rules import RulesAnswer, ask_new_rules

        answer = ask_new_rules(self.parent_widget, game, rules)
        if answer is RulesAnswer.CANCEL:
            return False
        if answer is RulesAnswer.CONTINUE or (
            answer is RulesAnswer.NOTHING and rules_change(game, rules).can_continue
        ):
            self._rules_start = continue_under(game, rules)
        return True

    # -- a file's game instead of the played one ---------------------------------------------

    def enter_study(self, game: pdn.Game) -> None:
        """A file's game is shown: the live game waits, its setup is put aside, the names
        are the studied game's."""
        if self.is_playing():
            self._played_settings = self.settings
        self.controller.pause()
        self.close_game_over()
        self.huff_bar.hide()
        self._end_pick()
        self.settings = study_settings(game, self.settings.level_key)

    def studied_names_changed(self, game: pdn.Game) -> None:
        """The studied game's headers changed: its names are shown."""
        self.settings = study_settings(game, self.settings.level_key)
        self.labels_changed.emit()

    def leave_study(self) -> None:
        """The live game is shown again, with its own setup."""
        if self._played_settings is not None:
            self.settings = self._played_settings
        self._played_settings = None

    # -- names and words ---------------------------------------------------------------------

    def names(self) -> dict[Color, str]:
        s = self.settings
        names = {Color.WHITE: s.light_name, Color.BLACK: s.dark_name}
        rules = self.host.current_rules()
        playing = self.is_playing()
        for colour in (Color.WHITE, Color.BLACK):
            player = self.controller.players.get(colour) if playing else None
            if player is not None and not player.is_human:
                # the computer's side never keeps a typed (hot-seat) name
                level = getattr(player, "level", None)
                names[colour] = self.opponent.computer_name(level.key if level else "", rules)
            elif not names[colour]:
                names[colour] = (
                    self.tr("You")
                    if playing and self.controller.against_computer()
                    else family_names.colour_text(rules, colour)
                )
        return names

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

    def colour_text(self, colour: Color) -> str:
        """The name of ``colour``'s pieces under the rules shown (Hell/Dunkel, Weiß/Schwarz,
        Black/White in English checkers)."""
        return family_names.colour_text(self.host.current_rules(), colour)

    def result_text(self) -> str:
        """The played game's end named by player ("" while it goes on)."""
        game = self.controller.game
        if game.result is None:
            return ""
        return family_names.result_text(
            game.result, game.rules, self.result_names(), position=game.position
        )

    def idle_reason(self) -> str:
        """Why nobody may move on the board now."""
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
            turn = self.host.navigator.position().turn
            return self.tr("%1 to move").replace("%1", names[turn])
        c = self.controller
        game = c.game
        if game.is_over and game.result is not None:
            return self.result_text()
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

    def apply_preferences(self, prefs: Preferences) -> None:
        self.confirm_resign = prefs.confirm_resign
        self.confirm_discard = prefs.confirm_discard
        self.use_book = prefs.opening_book  # from the computer's next move on, this game too
        for player in self.controller.players.values():
            if isinstance(player, ComputerPlayer):
                player.use_book = prefs.opening_book

    def retranslate(self) -> None:
        """The huffing question again in the language now installed."""
        pending = self.controller.game.pending_huff
        if pending is not None and self.huff_bar.isVisible():
            self._on_huff_pending(pending)

    # -- what the game controller says -------------------------------------------------------

    def _on_game_changed(self) -> None:
        if self.controller.game.pending_huff is None:
            self.huff_bar.hide()
            if self._picking_blow:
                self._end_pick()

    def _on_turn_started(self, _info: TurnInfo) -> None:
        self.turn_board()

    def _on_thinking(self, _thinking: bool) -> None:
        self.board.set_idle_reason(self.idle_reason())

    def _on_game_over(self, result: Result) -> None:
        self.huff_bar.hide()
        text = family_names.result_text(
            result,
            self.controller.rules,
            self.result_names(),
            position=self.controller.game.position,
        )
        self.message.emit(text)
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Game over"),
            text,
            QMessageBox.StandardButton.Ok,
            self.parent_widget,
        )
        box.setObjectName("gameOverBox")
        self.close_game_over()
        self.over_box = box
        box.open()

    def _on_huff_pending(self, pending: PendingHuff) -> None:
        side = self.colour_text(pending.offender)
        name = self.names()[pending.offender]
        offender = side if name == side else f"{name} ({side})"
        squares = self.host.squares_text(pending.candidates)
        self.huff_bar.label.setText(
            self.tr("%1 did not capture although it had to (piece on %2). What do you do?")
            .replace("%1", offender)
            .replace("%2", squares)
        )
        self.huff_bar.show()

    def _on_huff_decided(self, choice: HuffChoice, square: int | None) -> None:
        self.huff_bar.hide()
        if choice is HuffChoice.BLOW:
            self.message.emit(
                self.tr("The piece on %1 was blown away.").replace(
                    "%1", self.host.squares_text([square] if square is not None else [])
                )
            )
        elif choice is HuffChoice.CORRECT:
            self.message.emit(self.tr("The move was taken back: now the capture must be made."))
        else:
            self.message.emit(self.tr("The missed capture is let stand."))

    def _on_hint(self, position: Position, move: Move | None) -> None:
        if move is None:
            self.message.emit(self.tr("No hint: there is no move."))
            return
        self.board.set_hint(move)
        text = self.host.move_text(position, move)
        if self.hints.speaker:
            self.message.emit(self.hints.named_text(text))
        else:
            self.message.emit(self.tr("Hint: %1").replace("%1", text))

    def _on_draw_answer(self, accepted: bool) -> None:
        if not accepted:
            self.message.emit(self.tr("The computer declines the draw."))


def study_settings(game: pdn.Game, level_key: str) -> NewGameSettings:
    """The names and rules of a studied game (both sides moved by hand)."""
    white, black = game.headers.get("White", ""), game.headers.get("Black", "")
    return NewGameSettings(
        False,
        level_key,
        Color.WHITE,
        game.rules,
        "" if white in ("", "?") else white,
        "" if black in ("", "?") else black,
    )
