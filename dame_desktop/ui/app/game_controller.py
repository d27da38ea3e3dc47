"""The game controller: owns the ``core.Game``, asks players for moves, applies them.

Humans and the computer are players behind one interface: asked for a move (with a request
id) they answer through ``move_ready(id, move)``.  An answer for an id the controller no
longer waits for (after undo, a new game, a rules change) is dropped.
"""

from __future__ import annotations

import copy
import itertools
import logging
import random
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from dame_desktop.ai.levels import Level
from dame_desktop.core import (
    Color,
    Game,
    GameError,
    HuffChoice,
    IllegalMoveError,
    Move,
    PendingHuff,
    Position,
    RuleSet,
)
from dame_desktop.engines.faults import Fault
from dame_desktop.ui.ai_worker import (
    AiClient,
    DrawReply,
    DrawRequest,
    HuffAnswer,
    HuffRequest,
    MoveAnswer,
    MoveRequest,
)
from dame_desktop.ui.engine_thread import Handle
from dame_desktop.ui.words.notation import illegal_move_text

log = logging.getLogger(__name__)
_GAME_KEYS = itertools.count(1)  # one key per game a computer player plays


class Player(QObject):
    """Someone who answers 'your move' with ``move_ready(request_id, move)``."""

    move_ready = Signal(int, object)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._request: int | None = None

    @property
    def is_human(self) -> bool:
        return False

    @property
    def waiting(self) -> bool:
        return self._request is not None

    def request_move(self, request_id: int, game: Game) -> None:
        self._request = request_id

    def cancel(self) -> None:
        self._request = None


class HumanPlayer(Player):
    """A person at the board: the window hands the board's moves to :meth:`offer`."""

    @property
    def is_human(self) -> bool:
        return True

    def offer(self, move: Move) -> bool:
        """The person chose ``move``; False when nobody asked this player for a move."""
        if self._request is None:
            return False
        request, self._request = self._request, None
        self.move_ready.emit(request, move)
        return True


class ComputerPlayer(Player):
    """The engine at a level, thinking in the worker thread."""

    def __init__(
        self,
        client: AiClient,
        level: Level,
        name: str = "",
        rng: random.Random | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(name or level.key, parent)
        self.client = client
        self.level = level
        self.rng = rng or random.Random()
        self.movetime: float | None = None
        # the seconds the running game clock allows one move (None: no clock runs); the
        # computer thinks no longer than that, whichever engine it is
        self.budget: Callable[[], float | None] | None = None
        self.use_book = True  # the preference "use the opening book"
        self._engine: Handle | None = None
        self._game: weakref.ref[Game] | None = None
        self._game_key = 0

    def request_move(self, request_id: int, game: Game) -> None:
        super().request_move(request_id, game)
        if self._game is None or self._game() is not game:
            self._game = weakref.ref(game)
            self._game_key = next(_GAME_KEYS)
        handle = self.client.submit(
            MoveRequest(
                position=game.position,
                level=self.level,
                history=tuple(s.position for s in game.states[:-1]),
                quiet_plies=game.state.quiet_plies,
                seed=self.rng.randrange(1 << 30),
                movetime=self._movetime(),
                game_key=self._game_key,
                book=self.use_book,
            )
        )
        handle.done.connect(self._on_answered)
        handle.failed.connect(self._on_failed)
        self._engine = handle

    def _movetime(self) -> float | None:
        """The request's time: ``movetime`` or the level's, cut to the clock's budget."""
        budget = self.budget() if self.budget is not None else None
        if budget is None:
            return self.movetime
        own = self.movetime if self.movetime is not None else self.level.limit.movetime
        return budget if own is None else min(own, budget)

    def cancel(self) -> None:
        if self._engine is not None:
            self._engine.cancel()
        self._engine = None
        super().cancel()

    def _on_answered(self, answer: MoveAnswer) -> None:
        self._engine = None
        if self._request is None:
            return
        request, self._request = self._request, None
        self.move_ready.emit(request, answer.result.move)

    def _on_failed(self, fault: Fault) -> None:
        log.error("the engine failed: %s", fault)
        request, self._request, self._engine = self._request, None, None
        if request is not None:
            self.move_ready.emit(request, None)


@dataclass(frozen=True)
class TurnInfo:
    """Who is to move now, for the window's status bar and board."""

    colour: Color
    human: bool
    moves: tuple[Move, ...]
    must_capture: bool


class GameController(QObject):
    """Runs one game between two players."""

    game_started = Signal()
    position_changed = Signal()
    move_played = Signal(object)  # Move
    game_over = Signal(object)  # Result
    turn_started = Signal(object)  # TurnInfo
    thinking_changed = Signal(bool)
    huff_pending = Signal(object)  # PendingHuff: a human must decide
    huff_decided = Signal(object, object)  # HuffChoice, square or None (by the computer too)
    draw_answered = Signal(bool)  # the computer's answer to a draw offer
    draw_offered = Signal(object)  # Position: a human offered the computer a draw here
    draw_replied = Signal(object)  # DrawReply for the offer (also when the game moved on)
    error = Signal(str)

    def __init__(self, client: AiClient, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self.game = Game(_default_rules())
        self.players: dict[Color, Player] = {}
        self._request = 0
        self._awaiting: Color | None = None
        self._draw: Handle | None = None  # the draw offer the computer is thinking about
        self._huff: Handle | None = None  # its decision on a missed capture
        # the game as it was before "let it stand" or "demand the capture", so that undo
        # returns to the decision as it does after "blow away"
        self._before_correction: Game | None = None
        # asked before a move is played; False keeps it off the board (the mover's clock
        # had run out: the window has ended the game on time)
        self.before_move: Callable[[Color], bool] | None = None
        # the computer's steady scores after its last moves in this game, oldest first, for
        # its answer to a draw offer (the family table keeps them)
        self.draw_history: Callable[[], tuple[int, ...]] | None = None
        # a refused move in words (the family table names the square as the notation says)
        self.refusal_text: Callable[[IllegalMoveError], str] | None = None

    # -- setup ---------------------------------------------------------------------------

    def new_game(
        self,
        rules: RuleSet,
        players: dict[Color, Player],
        start: Position | Game | None = None,
    ) -> None:
        """Start a game between ``players``: from the rules' start, from a ``start``
        position, or -- a ``Game`` -- going on with that game (a restored autosave)."""
        self._stop_everything()
        for player in self.players.values():
            if player not in players.values():
                player.move_ready.disconnect(self._on_move_ready)
                player.deleteLater()
        self.game = start if isinstance(start, Game) else Game(rules, start)
        self._before_correction = None
        self.players = dict(players)
        for player in self.players.values():
            player.setParent(self)
            player.move_ready.connect(self._on_move_ready)
        self.game_started.emit()
        self._changed()
        self._next_turn()

    def pause(self) -> None:
        """Stop asking anyone for moves (the window studies a file's game meanwhile)."""
        self._stop_everything()

    def resume(self) -> None:
        """Ask the side to move for its move again after :meth:`pause` (the window shows
        the game again); a finished game, or none started, stays as it is."""
        if (
            self.game.is_over
            or self.game.position.turn not in self.players
            or self._awaiting is not None
        ):
            return
        self._next_turn()

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    def player(self, colour: Color) -> Player:
        return self.players[colour]

    def humans(self) -> list[Color]:
        return [c for c, p in self.players.items() if p.is_human]

    def against_computer(self) -> bool:
        return len(self.humans()) == 1

    def human_colour(self) -> Color | None:
        """The human's colour against the computer (None in hot-seat or computer-only)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def is_thinking(self) -> bool:
        colour = self._awaiting
        return (
            colour is not None and colour in self.players and not self.players[colour].is_human
        ) or self._huff is not None

    def turn_info(self) -> TurnInfo | None:
        if self._awaiting is None or self.game.is_over:
            return None
        colour = self._awaiting
        moves = tuple(self.game.legal_moves())
        strict = self.game.position.legal_moves()
        must = bool(strict) and all(m.is_capture for m in strict)
        return TurnInfo(colour, self.players[colour].is_human, moves, must)

    # -- the turn loop -------------------------------------------------------------------

    def _stop_everything(self) -> None:
        for player in self.players.values():
            player.cancel()
        self._awaiting = None
        for handle in (self._draw, self._huff):
            if handle is not None:
                handle.cancel()
        self._draw = self._huff = None
        self.thinking_changed.emit(False)

    def _changed(self) -> None:
        self.position_changed.emit()

    def _next_turn(self) -> None:
        game = self.game
        if game.is_over:
            self._awaiting = None
            self.thinking_changed.emit(False)
            self.game_over.emit(game.result)
            return
        colour = game.position.turn
        player = self.players[colour]
        pending = game.pending_huff
        if pending is not None:
            if player.is_human:
                self.huff_pending.emit(pending)
            else:
                self._ask_engine_about_huff(pending)
                return
        self._request += 1
        self._awaiting = colour
        info = self.turn_info()
        assert info is not None
        self.turn_started.emit(info)
        self.thinking_changed.emit(not player.is_human)
        player.request_move(self._request, game)

    def _on_move_ready(self, request_id: int, move: object) -> None:
        if request_id != self._request or self._awaiting is None:
            log.debug("dropping a stale move answer %s", request_id)
            return
        colour = self._awaiting
        if move is None:
            self._awaiting = None
            self.thinking_changed.emit(False)
            self.error.emit(self.tr("The computer could not find a move."))
            return
        assert isinstance(move, Move)
        if self.before_move is not None and not self.before_move(colour):
            return
        try:
            played = self.game.play(move)
        except (IllegalMoveError, GameError) as exc:
            log.warning("refused a move from %s: %s", colour, exc)
            if isinstance(exc, IllegalMoveError):
                if self.refusal_text is not None:
                    self.error.emit(self.refusal_text(exc))
                else:
                    self.error.emit(illegal_move_text(exc, game=self.game))
            else:
                self.error.emit(str(exc))
            # ask the same player again
            self._request += 1
            self.players[colour].request_move(self._request, self.game)
            return
        self._awaiting = None
        self._before_correction = None
        self.thinking_changed.emit(False)
        self.move_played.emit(played)
        self._changed()
        self._next_turn()

    def submit_move(self, move: Move) -> bool:
        """A human at the board chose ``move``."""
        colour = self._awaiting
        if colour is None:
            return False
        player = self.players[colour]
        if not isinstance(player, HumanPlayer):
            return False
        return player.offer(move)

    # -- huffing -------------------------------------------------------------------------

    def _ask_engine_about_huff(self, pending: PendingHuff) -> None:
        states = self.game.states
        if len(states) < 2:
            self._apply_huff(HuffChoice.ACCEPT, None)
            return
        self.thinking_changed.emit(True)
        self._huff = self.client.submit(
            HuffRequest(
                position=self.game.position,
                before=states[-2].position,
                candidates=tuple(pending.candidates),
            )
        )
        self._huff.done.connect(self._on_huff_answer)
        self._huff.failed.connect(self._on_huff_failed)

    def huff(self, choice: HuffChoice, square: int | None = None) -> None:
        """A human decides on the opponent's missed capture."""
        if self.game.pending_huff is None:
            return
        for player in self.players.values():
            player.cancel()
        self._awaiting = None
        self._apply_huff(choice, square)

    def _apply_huff(self, choice: HuffChoice, square: int | None) -> None:
        """The one place a decision on a missed capture is made (by a human or the engine)."""
        # BLOW adds a state of its own (undo pops it); ACCEPT and CORRECT change the game in
        # place, so the game before them is kept for undo
        before = copy.deepcopy(self.game) if choice is not HuffChoice.BLOW else None
        self.game.huff(choice, square)
        self._before_correction = before
        self.huff_decided.emit(choice, square)
        self._changed()
        self._next_turn()

    # -- undo / redo ---------------------------------------------------------------------

    def _human_to_move(self) -> bool:
        return self.players[self.game.position.turn].is_human

    def can_undo(self) -> bool:
        return self.game.can_undo or self._before_correction is not None

    def undo(self) -> None:
        """Take back a move; against the computer your move and its reply.

        Right after a decision on a missed capture, undo returns to that decision, whichever
        it was (after "blow away" the game does it by itself: the blow is a state of its own).
        """
        corrected = self._before_correction
        if corrected is not None:
            self._stop_everything()
            self._before_correction = None
            self.game = corrected
            self._changed()
            self._next_turn()
            return
        if self.game.ended_by_players:  # a resignation or agreed draw: only that goes
            self._stop_everything()
            self.game.undo()
            self._changed()
            self._next_turn()
            return
        self._step(self.game.undo, lambda: self.game.can_undo)

    def redo(self) -> None:
        """Play a taken-back move again; against the computer up to your next turn."""
        self._step(self.game.redo, lambda: self.game.can_redo)

    def _step(self, action: Callable[[], None], possible: Callable[[], bool]) -> None:
        if not possible():
            return
        self._stop_everything()
        action()
        if self.humans() and not all(p.is_human for p in self.players.values()):
            while possible() and not self._human_to_move():
                action()
        self._changed()
        self._next_turn()

    # -- the players' other requests -----------------------------------------------------

    def resign(self, colour: Color | None = None) -> None:
        """``colour`` resigns (default: the human against the computer, else the mover)."""
        if self.game.is_over:
            return
        loser = colour or self.human_colour() or self.game.position.turn
        self._stop_everything()
        self.game.resign(loser)
        self._changed()
        self._next_turn()

    def time_out(self, colour: Color) -> None:
        """``colour``'s clock ran out: the game ends (a loss, or a draw when the opponent
        cannot win any more -- ``core.Game.time_out``)."""
        if self.game.is_over:
            return
        self._stop_everything()
        self.game.time_out(colour)
        self._changed()
        self._next_turn()

    def offer_draw_to_computer(self) -> bool:
        """Offer the computer a draw; its answer comes as draw_answered (and game_over)."""
        if self.game.is_over:
            return False
        engine = [c for c, p in self.players.items() if not p.is_human]
        if not engine:
            return False
        if self._draw is not None:
            self._draw.cancel()
        player = self.players[engine[0]]
        level = player.level if isinstance(player, ComputerPlayer) else None
        game = self.game
        self._draw = self.client.submit(
            DrawRequest(
                position=game.position,
                engine=engine[0],
                level=level,
                history=tuple(s.position for s in game.states[:-1]),
                quiet_plies=game.state.quiet_plies,
                recent_scores=self.draw_history() if self.draw_history is not None else (),
            )
        )
        self._draw.done.connect(self._on_draw_reply)
        self._draw.failed.connect(self._on_draw_failed)
        self.draw_offered.emit(game.position)
        return True

    def agree_draw(self) -> None:
        if self.game.is_over:
            return
        self._stop_everything()
        self.game.agree_draw()
        self._changed()
        self._next_turn()

    def _on_draw_reply(self, answer: DrawReply) -> None:
        self._draw = None
        if answer.request.position != self.game.position:
            self.draw_replied.emit(answer)  # dropped there, said why
            return  # the position changed since the offer
        self.draw_answered.emit(answer.accepted)
        self.draw_replied.emit(answer)
        if answer.accepted:
            self.agree_draw()

    def _on_huff_answer(self, answer: HuffAnswer) -> None:
        self._huff = None
        self.thinking_changed.emit(False)
        if self.game.pending_huff is None or answer.request.position != self.game.position:
            self._next_turn()
            return
        self._apply_huff(answer.choice, answer.square)

    def _on_huff_failed(self, fault: Fault) -> None:
        self._huff = None
        self._apply_huff(HuffChoice.ACCEPT, None)
        self.error.emit(fault.text())

    def _on_draw_failed(self, fault: Fault) -> None:
        self._draw = None
        self.error.emit(fault.text())

    def shutdown(self) -> None:
        self._stop_everything()


def _default_rules() -> RuleSet:
    from dame_desktop.core import find_rules

    return find_rules("german")
