"""The family table's parts in the window: touch-move, board messages, draw offers, huffing
messages, sounds, the score table, the players' names and the notation.

:class:`FamilyController` is made by the main window after its board, game controller and
live navigator.  It exposes its commands as ``action_specs()`` rows for the window's
``ActionTable`` ("straighten" for touch-move, "Score table…"), listens to the game
controller's and the navigator's signals, and owns the parts of ``ui/family``:

- :class:`TouchMove`: a piece the human to move picks up is bound (``Game.touch``), the
  board gets the narrowed moves again after every redraw of the live position; the computer
  never touches;
- :class:`BoardMessages`: "You must capture" at a human's turn, the computer blowing away a
  piece (marked where it stood), the game's end -- none while a file's game is only browsed;
- :class:`DrawOffers`: the computer's answer to a draw offer as one sentence over the board,
  an answer for another position dropped; the computer's own offer in dead-drawn positions;
- :class:`GameSounds`: move, capture, crowning, end (the preferences' switch and volume);
- the score table (``store.scores``): each finished game is counted, the game-over box
  offers the table, and "Game › Score table…" shows it (with its reset).

The clocks are :class:`~dame_desktop.ui.app.clock_controller.ClockController`'s.

The core decides everything (what is legal, who won, the draw answer); this module only
connects and words.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox, QWidget

from dame_desktop.core import (
    Color,
    Game,
    HuffChoice,
    Move,
    Piece,
    Position,
    Result,
    RuleSet,
)
from dame_desktop.store.files import StorageError, StorageWarning
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.ai_worker import AiClient, DrawReply, ScoreAnswer, ScoreRequest
from dame_desktop.ui.app.game_controller import ComputerPlayer, GameController, TurnInfo
from dame_desktop.ui.app.navigator import LiveNavigator
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.family.draw import STEADY_SECONDS, DrawOffers, ScoreHistory, offer_box
from dame_desktop.ui.family.messages import BoardMessages
from dame_desktop.ui.family.sounds import GameSounds
from dame_desktop.ui.family.touch import TouchMove
from dame_desktop.ui.words.names import player_label
from dame_desktop.ui.words.notation import (
    Notation,
    apply_to_board,
    illegal_move_text,
    square_text,
    squares_text,
)
from dame_desktop.ui.words.notation import move_text as notation_move_text
from dame_desktop.ui.words.notation import position_text as notation_position_text

if TYPE_CHECKING:  # the engine's advice and the score table's dialog load when first used
    from dame_desktop.ai.advice import DrawAnswer
    from dame_desktop.store.scores import ScoreTable
    from dame_desktop.ui.family.scores import ScoresDialog

translate = QCoreApplication.translate


def _labels_key(rules: RuleSet) -> tuple[object, ...]:
    """What the board's labels depend on: the board, its numbering, its notation."""
    return (rules.board_size, rules.numbering, rules.algebraic)


class FamilyHost(Protocol):
    """What the family table needs from the window."""

    def is_playing(self) -> bool: ...

    def current_rules(self) -> RuleSet: ...

    def shown_position(self) -> Position: ...

    def action(self, action_id: str) -> QAction: ...

    def update_actions(self) -> None: ...

    def show_moves(self) -> None: ...

    def sync_numbers_action(self) -> None: ...

    def show_message(self, text: str) -> None: ...

    def status_message(self) -> str: ...

    def clear_status_message(self) -> None: ...

    def result_names(self) -> dict[Color, str]: ...

    def settings_name(self, colour: Color) -> str: ...

    def game_over_box(self) -> QMessageBox | None: ...

    def engine_speaker(self, rules: RuleSet) -> str: ...


class FamilyController(QObject):
    """Touch-move, board messages, draw offers, sounds and scores of the game played on
    ``board`` (see the module docstring)."""

    def __init__(
        self,
        host: FamilyHost,
        board: BoardWidget,
        controller: GameController,
        live: LiveNavigator,
        client: AiClient,
        dialog_parent: QWidget,
        *,
        scores_directory: str | None = None,
    ) -> None:
        super().__init__(dialog_parent)
        self.host = host
        self.board = board
        self.controller = controller
        self.live = live
        self.client = client
        self.parent_widget = dialog_parent
        self.notation = Notation.RULES
        self.scores_directory = scores_directory  # None: the data folder
        self.scores_dialog: ScoresDialog | None = None
        self.draw_box: QMessageBox | None = None
        self.last_recorded = False  # whether the last finished game was counted
        self._counted: tuple[datetime, str] | None = None  # when and why it was counted
        self._accepted_text = ""  # the computer's "yes" to a draw, said again at the end
        self._score_warnings: tuple[StorageWarning, ...] = ()  # not shown yet
        board = self.board
        self.touch = TouchMove(board, self._live_game, self, is_human_turn=self._human_turn)
        self.messages = BoardMessages(
            board,
            is_browsing=lambda: not host.is_playing(),
            notation=lambda: self.notation,
            parent=self,
        )
        self.draws = DrawOffers(self, board=board)
        # the computer's evaluation history of this game, for its draw answers and offers
        self.scores = ScoreHistory()
        self._restored_scores: list[tuple[int, int]] = []  # from the autosave, for the next start
        self._steady: tuple[int, int, Color] | None = None  # request id, state index, engine
        self.sounds = GameSounds(parent=self)
        self.sounds.apply_preferences(False, 0)  # silent until the preferences say otherwise
        self._over_message = ""  # the status bar's words at the last game's end
        # the computer's last blow: (square, piece, index of the blow's state); marked on
        # the board until the human's next move, also over the computer's reply
        self._blow: tuple[int, Piece | None, int] | None = None
        # what the board's labels were last made for (see _labels_key)
        self._board_rules: tuple[object, ...] = ()

    def attach(self) -> None:
        """After the window connected its own slots (so that ours run after them, on the
        board the window has just set) and its table holds our rows."""
        c = self.controller
        c.game_started.connect(self._on_game_started)
        c.position_changed.connect(self._on_position_changed)
        c.turn_started.connect(self._on_turn_started)
        c.move_played.connect(self._on_move_played)
        c.game_over.connect(self._on_game_over)
        c.huff_decided.connect(self._on_huff_decided)
        c.draw_offered.connect(self.draws.offer)
        c.draw_replied.connect(self._on_draw_reply)
        c.draw_history = lambda: self.scores.recent(self.controller.game)
        # every square a message names goes through the notation preference
        c.refusal_text = lambda exc: illegal_move_text(exc, self.notation, c.game)
        self.board.square_name = self.square_text
        self.sounds.silent.connect(self.host.show_message)  # once: why nothing is heard
        self.touch.bound.connect(lambda _square: self.live.refresh_moves())
        self.live.changed.connect(self.touch.update_enabled)
        self.live.changed.connect(self._mark_blow)
        self.live.moves_changed.connect(self.touch.update_enabled)
        # the "straighten" row's action stands in for the TouchMove's own: both in step
        action = self.host.action("straighten")
        self.touch.straighten_action.toggled.connect(
            lambda on: action.setChecked(on) if action.isChecked() != on else None
        )
        self.touch.update_enabled()
        # the toggle is there only in games under the touch-move rule (none yet: hidden)
        action.setVisible(self.controller.rules.touch_move and bool(self.controller.players))

    # -- for the window ----------------------------------------------------------------------

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "straighten",
                lambda: self.tr("S&traighten (touch-move)"),
                self._on_straighten,
                menu="game",
                checkable=True,
                toolbar=True,
                separator_before=True,
                enabled=self._touch_possible,
                tip=lambda: self.tr(
                    "Straighten a piece without moving it: press "
                    "before touching the piece (touch-move rule)"
                ),
            ),
            ActionSpec("scores", lambda: self.tr("Score ta&ble…"), self.show_scores, menu="game"),
        ]

    def apply_preferences(self, prefs: Preferences) -> None:
        """Sound switch and volume, the notation -- at once."""
        self.sounds.apply_preferences(prefs.sound, prefs.sound_volume)
        self.set_notation(Notation.from_value(prefs.notation))

    def set_notation(self, notation: Notation) -> None:
        """Name squares by ``notation``; the board shows what the texts use: the square
        numbers on the squares, or the a-h/1-8 frame for coordinates.  The rules' own
        notation (the default) is the one those rules write: numbers for the German sets,
        coordinates for Russian and the other algebraic ones."""
        self.notation = notation
        self._notation_to_board()
        if self.host.is_playing():
            self.host.show_moves()  # the move list in the new notation at once
        self.board.setAccessibleDescription(self.position_text(self.host.shown_position()))

    def _notation_to_board(self) -> None:
        rules = self.host.current_rules()
        self._board_rules = _labels_key(rules)
        apply_to_board(self.board, self.notation, rules)
        self.host.sync_numbers_action()

    def squares_text(self, squares: Iterable[int]) -> str:
        """Squares named in a message as the notation preference says: ``18`` or ``d4``."""
        return squares_text(squares, self.host.current_rules(), self.notation)

    def square_text(self, square: int) -> str:
        """One square named in a message as the notation preference says."""
        return square_text(square, self.host.current_rules(), self.notation)

    def move_text(self, position: Position, move: Move) -> str:
        """A move named in a message (a hint, a listing) as the notation preference says."""
        return notation_move_text(position, move, self.notation)

    def position_text(self, position: Position) -> str:
        """The position in words (Help › Describe, the board's accessible description) with
        the rule set's colour names and the notation preference's squares."""
        return notation_position_text(position, self.notation)

    def load_table(self) -> tuple[ScoreTable, tuple[StorageWarning, ...]]:
        from dame_desktop.store.scores import load_scores

        loaded = load_scores(self.scores_directory)
        return loaded.value, tuple(loaded.warnings)

    def show_scores(self) -> ScoresDialog:
        """The score table in its own dialog (not modal: the game goes on behind it)."""
        if self.scores_dialog is not None:  # the last table goes: a session keeps one
            self.scores_dialog.close()
            self.scores_dialog.deleteLater()
        table, warnings = self.load_table()
        warnings, self._score_warnings = (*self._score_warnings, *warnings), ()
        from dame_desktop.ui.family.scores import ScoresDialog

        dialog = ScoresDialog(
            self.parent_widget, directory=self.scores_directory, table=table, warnings=warnings
        )
        self.scores_dialog = dialog
        dialog.open()
        return dialog

    def close(self) -> None:
        self.sounds.close()

    def score_record(self) -> dict[str, object]:
        """The computer's steady scores for the autosave's player setup, as two lists of
        numbers: the states they judged (``scored``) and the scores."""
        line = self.scores.line(self.controller.game)
        if not line:
            return {}
        return {"scored": [index for index, _ in line], "scores": [score for _, score in line]}

    def restore_scores(self, record: dict[str, object]) -> None:
        """Before a saved game is started again: the scores of :meth:`score_record`, kept
        when the game starts (a damaged record gives none)."""
        scored, scores = record.get("scored"), record.get("scores")
        self._restored_scores = []
        if isinstance(scored, list) and isinstance(scores, list) and len(scored) == len(scores):
            self._restored_scores = [
                (index, score)
                for index, score in zip(scored, scores, strict=True)
                if type(index) is int and type(score) is int and index >= 0
            ]

    def follow_view(self) -> None:
        """The window shows another position: one under other rules (a file's game) gets
        the board labels of its notation."""
        if _labels_key(self.host.current_rules()) != self._board_rules:
            self._notation_to_board()

    # -- the game's questions ----------------------------------------------------------------

    def _live_game(self) -> Game | None:
        if not self.host.is_playing() or not self.live.is_live():
            return None
        return self.controller.game

    def _human_turn(self) -> bool:
        info = self.controller.turn_info()
        return info is not None and info.human

    def _touch_possible(self) -> bool:
        game = self._live_game()
        return (
            game is not None and game.rules.touch_move and not game.is_over and self._human_turn()
        )

    def _computer(self) -> tuple[Color, ComputerPlayer] | None:
        for colour, player in self.controller.players.items():
            if isinstance(player, ComputerPlayer):
                return colour, player
        return None

    def _name(self, colour: Color) -> str:
        return player_label(self.controller.rules, colour, self.host.result_names())

    # -- what the game controller says --------------------------------------------------------

    def _on_straighten(self, checked: bool) -> None:
        if self.touch.straighten_action.isChecked() != checked:
            self.touch.straighten_action.setChecked(checked)

    def _on_game_started(self) -> None:
        self._blow = None
        # a message over the board belongs to the last game ("You must capture" there)
        self.board.clear_banner()
        if self._over_message and self.host.status_message() == self._over_message:
            self.host.clear_status_message()  # the last game's end belongs to that game
        self._over_message = ""
        self.scores.clear()
        restored, self._restored_scores = self._restored_scores, []
        states = self.controller.game.states
        for index, score in restored:
            if index < len(states):
                self.scores.record(index, states[index].position, score)
        self._steady = None
        self.draws.reset()
        self._accepted_text = ""
        self._close_draw_box()
        self.last_recorded = False
        self._counted = None  # the last game's counted result stays counted
        self.touch.update_enabled()
        # the toggle is there only in games under the touch-move rule
        self.host.action("straighten").setVisible(self.controller.rules.touch_move)
        self._notation_to_board()

    def _on_position_changed(self) -> None:
        self.draws.cancel()  # an answer still coming belongs to the position before
        if not self.controller.game.is_over and self._counted is not None:
            self._withdraw_result()  # the counted end was undone: it is no result any more

    def _on_turn_started(self, info: TurnInfo) -> None:
        self.touch.update_enabled()
        self.host.update_actions()
        if self.live.is_live():
            self.messages.turn_started(self.controller.game.position, human=info.human)

    def _on_move_played(self, move: Move) -> None:
        self.sounds.on_move_played(move)
        c = self.controller
        computer = self._computer()
        game = c.game
        if computer is None or game.is_over or not c.humans():
            return
        colour, player = computer
        if game.position.turn is colour:
            return  # the human just moved; the computer offers only after its own move
        self._judge_steadily(colour)
        self._maybe_offer(colour, player)

    def _judge_steadily(self, engine: Color) -> None:
        """After the computer's move: a short noise-free search of the position for the
        evaluation history (a noisy level's own score would never look stable)."""
        game = self.controller.game
        handle = self.client.submit(ScoreRequest(position=game.position, movetime=STEADY_SECONDS))
        handle.done.connect(self._on_steady_score)
        self._steady = (handle.id, len(game.states) - 1, engine)

    def _on_steady_score(self, answer: ScoreAnswer) -> None:
        steady = self._steady
        if steady is None or answer.request.id != steady[0]:
            return  # a newer score was asked for meanwhile
        self._steady = None
        _id, index, engine = steady
        position = answer.request.position
        game = self.controller.game
        if index >= len(game.states) or game.states[index].position != position:
            return  # the game went another way meanwhile: the score is of no use
        score = answer.result.score
        self.scores.record(index, position, score if position.turn is engine else -score)
        computer = self._computer()
        if (
            computer is not None
            and computer[0] is engine
            and game.position == position
            and not game.is_over
        ):
            self._maybe_offer(engine, computer[1])

    def _maybe_offer(self, colour: Color, player: ComputerPlayer) -> None:
        """The computer offers a draw itself in a dead-drawn position: drawn material, or
        few pieces with a long stable equal evaluation."""
        game = self.controller.game
        if not self.host.is_playing():
            return  # a file's game is on the board: the live game waits
        if self.draw_box is None and self.draws.computer_may_offer(
            game.position, player.level, self.scores.recent(game)
        ):
            self._computer_offers(self._name(colour))

    def _computer_offers(self, who: str) -> None:
        box = offer_box(self.parent_widget, who)
        position = self.controller.game.position
        self.draw_box = box

        def answered(_code: int) -> None:
            self.draw_box = None
            c = self.controller
            if c.game.position != position or c.game.is_over:
                return  # the offer belonged to another position
            if box.clickedButton() is box.button(QMessageBox.StandardButton.Yes):
                c.agree_draw()
            else:
                self.draws.human_declined(position)
                self.host.show_message(self.tr("You declined the draw."))

        box.finished.connect(answered)
        box.open()

    def _close_draw_box(self) -> None:
        if self.draw_box is not None:
            box, self.draw_box = self.draw_box, None
            box.close()

    def _on_draw_reply(self, reply: DrawReply) -> None:
        answer: DrawAnswer = reply.answer
        text = self.draws.receive(answer, self.controller.game.position)
        if text is None:
            self.host.show_message(
                self.tr("The answer to the draw offer came for an earlier position: offer again.")
            )
            return
        self.host.show_message(text)
        if answer.accept:
            self._accepted_text = text  # the game's end repeats it

    def _on_huff_decided(self, choice: HuffChoice, square: int | None) -> None:
        c = self.controller
        if choice is not HuffChoice.BLOW or square is None or len(c.game.states) < 2:
            return
        mover = c.game.position.turn  # the side that decided moves now
        if c.players.get(mover) is None or c.players[mover].is_human:
            return  # a person chose it on the board: they know
        before = c.game.states[-2].position
        self._blow = (square, before.piece_at(square), len(c.game.states) - 1)
        self.messages.blown(before, square, self._name(mover))

    def _mark_blow(self) -> None:
        """After every redraw of the live game: the computer's blow stays marked (the piece
        drawn faintly where it stood) over its reply, until the human's next move."""
        blow = self._blow
        if blow is None:
            return
        square, piece, index = blow
        game = self.controller.game
        last = len(game.states) - 1
        if last < index or last > index + 1 or game.states[index].blown != square:
            self._blow = None  # taken back, or the human has moved since
            return
        if self.host.is_playing() and self.live.is_live():
            self.board.mark_blown(square, piece)

    def _on_game_over(self, result: Result) -> None:
        self._over_message = self.host.status_message()
        self._close_draw_box()
        self.touch.update_enabled()
        self.sounds.on_game_over(result)
        c = self.controller
        if not c.humans():
            return
        from dame_desktop.ui.words.names import result_text

        names = {colour: self._name(colour) for colour in (Color.WHITE, Color.BLACK)}
        text = result_text(result, c.rules, names, position=c.game.position)
        accepted, self._accepted_text = self._accepted_text, ""
        if accepted:
            text = f"{accepted}\n{text}"
            self.host.show_message(text.replace("\n", " "))
            self._over_message = self.host.status_message()
        self.messages.game_over(text)
        self.last_recorded = self._record(result, names)
        box = self.host.game_over_box()
        if box is not None:
            button = box.addButton(self.tr("Score table…"), QMessageBox.ButtonRole.ActionRole)
            button.setObjectName("showScoresButton")
            button.clicked.connect(self.show_scores)

    def _withdraw_result(self) -> None:
        counted, self._counted = self._counted, None
        self.last_recorded = False
        if counted is None:
            return
        when, reason = counted
        from dame_desktop.store.scores import update_scores

        try:
            update_scores(lambda table: table.withdraw(when, reason), self.scores_directory)
        except StorageError as exc:
            self.host.show_message(
                self.tr("The score table could not be saved: %1").replace("%1", str(exc))
            )

    def _record(self, result: Result, names: dict[Color, str]) -> bool:
        from dame_desktop.store.scores import update_scores
        from dame_desktop.ui.family.scores import record_result

        c = self.controller
        computer = self._computer()
        when = datetime.now(UTC)

        def count(table: ScoreTable) -> bool:
            if computer is not None:
                colour, player = computer
                human = colour.opponent
                # a Hub engine that played (it speaks under these rules) is counted under its
                # own name, never under the built-in level it stood in for
                return record_result(
                    table,
                    result,
                    c.rules,
                    names={human: self.host.settings_name(human)},
                    computer=colour,
                    level=player.level.key,
                    engine=self.host.engine_speaker(c.rules),
                    when=when,
                )
            return record_result(
                table,
                result,
                c.rules,
                names={
                    colour: self.host.settings_name(colour) for colour in (Color.WHITE, Color.BLACK)
                },
                when=when,
            )

        try:
            # re-read and counted under the update lock: another window's results stay
            update = update_scores(count, self.scores_directory)
        except StorageError as exc:
            self.host.show_message(
                self.tr("The score table could not be saved: %1").replace("%1", str(exc))
            )
            return False
        # a damaged file was set aside while loading: the next table shown says so
        self._score_warnings = (*self._score_warnings, *update.warnings)
        if update.changed:
            self._counted = (when, result.reason.value)
        return update.changed
