"""Draw offers at the family table: the computer's one-sentence answers and the offer flow.

The engine decides (``ai.advice.answer_draw_offer`` -> ``DrawAnswer(accept, reason,
position, score)``); this module words the reason ("Nein danke, es ist noch viel zu
spielen.") and keeps the flow honest: an answer belongs to the position it was asked for, so
:meth:`DrawOffers.receive` drops an answer once the game has moved on, and the computer's own
offers (``should_offer_draw``) are not repeated after the human declined until the material
changes.

The computer judges with its evaluation history: :class:`ScoreHistory` keeps, per game, its
steady score (a short noise-free search, ``ai.advice.steady_score``'s kind) of the position
after each of its moves; the draw request and the computer's own offer get the scores of the
line being played, so a long stable equal evaluation counts as a dead draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from dame_desktop.ai.levels import Level
from dame_desktop.core import Color, Game, Kind, Position
from dame_desktop.ui.board.widget import BoardWidget

if TYPE_CHECKING:  # the engine's advice loads with its first answer
    from dame_desktop.ai.advice import DrawAnswer, DrawReason

translate = QCoreApplication.translate

BANNER_SECONDS = 4.0
KEPT_SCORES = 40  # more than twice the largest level's stable_moves
STEADY_SECONDS = 0.1  # the short search after each of the computer's moves


def draw_answer_text(reason: DrawReason) -> str:
    """The computer's answer to a draw offer as one short sentence."""
    from dame_desktop.ai.advice import DrawReason

    if reason is DrawReason.DEAD_DRAW:
        return translate("Draw", "Gladly: neither of us can win this any more.")
    if reason is DrawReason.STABLE_EQUAL:
        return translate("Draw", "Agreed: we have been going round in circles for a while.")
    if reason is DrawReason.STANDS_WORSE:
        return translate("Draw", "Yes, I accept: I stand worse.")
    if reason is DrawReason.MUCH_PLAY_LEFT:
        return translate("Draw", "No thanks, there is still a lot to play.")
    if reason is DrawReason.STANDS_BETTER:
        return translate("Draw", "No thanks, I think I stand better.")
    if reason is DrawReason.UNDECIDED:
        return translate("Draw", "No thanks, nothing is decided yet.")
    return translate("Draw", "The game is already over.")


def _material(position: Position) -> tuple[int, int, int, int]:
    return (
        position.count(Color.WHITE, Kind.MAN),
        position.count(Color.WHITE, Kind.KING),
        position.count(Color.BLACK, Kind.MAN),
        position.count(Color.BLACK, Kind.KING),
    )


class DrawOffers(QObject):
    """One draw offer at a time, tied to the position it was made in.

    The human's offer: :meth:`offer` (False while one is waiting or the same position was
    asked already), the window sends the request to the engine, then passes the answer to
    :meth:`receive` with the position shown now, which gives the answer's sentence; on
    ``accept`` the window calls ``Game.agree_draw()``.
    :meth:`cancel` when the position changes (a move, undo, a new game).

    The computer's offer: :meth:`computer_may_offer` after its move;
    :meth:`human_declined` remembers the material so it does not ask again at once.
    """

    dropped = Signal(object)  # a DrawAnswer that came for another position

    def __init__(self, parent: QObject | None = None, *, board: BoardWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board  # when given, the answer is also shown over the board
        self._pending: Position | None = None
        self._declined: tuple[int, int, int, int] | None = None

    @property
    def pending(self) -> Position | None:
        """The position of the offer waiting for its answer (None when none)."""
        return self._pending

    def offer(self, position: Position) -> bool:
        """The human offers a draw in ``position``; False when an offer is still waiting."""
        if self._pending is not None:
            return False
        self._pending = position
        return True

    def cancel(self) -> None:
        """Forget the waiting offer (the game moved on); its answer will be dropped."""
        self._pending = None

    def receive(self, answer: DrawAnswer, shown: Position) -> str | None:
        """The engine's answer; returns its sentence, or None when it is dropped because it
        belongs to another position than the offer's or the one ``shown`` now."""
        pending = self._pending
        if pending is None or answer.position != pending or shown != pending:
            self.dropped.emit(answer)
            return None
        self._pending = None
        text = draw_answer_text(answer.reason)
        if self.board is not None:
            self.board.show_banner(text, BANNER_SECONDS)
        return text

    def computer_may_offer(
        self,
        position: Position,
        level: Level | None = None,
        recent_scores: tuple[int, ...] | list[int] = (),
    ) -> bool:
        """Whether the computer offers a draw now (dead-drawn positions only), not again in
        the material the human declined in."""
        if self._declined is not None and self._declined == _material(position):
            return False
        from dame_desktop.ai.advice import should_offer_draw

        return should_offer_draw(position, level, recent_scores=recent_scores)

    def human_declined(self, position: Position) -> None:
        self._declined = _material(position)

    def reset(self) -> None:
        """A new game."""
        self._pending = None
        self._declined = None


class ScoreHistory:
    """The computer's steady scores in one game, each tied to the position it judged.

    :meth:`record` a score for the position after state ``index``; :meth:`recent` gives the
    scores (oldest first, at most ``KEPT_SCORES``) that belong to the game's present line:
    after undo, or a move taken back and replaced, the scores of the other line drop out.
    """

    def __init__(self) -> None:
        self._scores: dict[int, tuple[Position, int]] = {}

    def clear(self) -> None:
        self._scores.clear()

    def record(self, index: int, position: Position, score: int) -> None:
        self._scores[index] = (position, score)

    def line(self, game: Game) -> list[tuple[int, int]]:
        """(state index, score) of every score that belongs to the game's present line,
        oldest first."""
        states = game.states
        return [
            (index, score)
            for index, (position, score) in sorted(self._scores.items())
            if index < len(states) and states[index].position == position
        ]

    def recent(self, game: Game) -> tuple[int, ...]:
        return tuple(score for _index, score in self.line(game)[-KEPT_SCORES:])

    def __len__(self) -> int:
        return len(self._scores)


def offer_box(parent: QWidget | None, offerer: str) -> QMessageBox:
    """The question shown when ``offerer`` (the computer's name) offers a draw: Yes accepts.
    Not shown yet: ``box.open()`` it and listen to ``finished``."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        translate("Draw", "Draw offer"),
        translate("Draw", "%1 offers a draw. Do you accept?").replace("%1", offerer),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setObjectName("drawOfferBox")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box
