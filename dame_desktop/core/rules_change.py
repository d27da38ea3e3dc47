"""Can new rules take over a game in progress from its current position?

Game › Rules › OK in the middle of a game: the window asks :func:`rules_change` and either
offers to go on from the current position under the new rules (:func:`continue_under`) or
asks before it starts a new game.  Part of the core: the answer is tested without a window.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import RulesError
from .game import Game
from .rules import RuleSet, same_play


class Blocker(enum.Enum):
    """Why the current position cannot go on under the new rules."""

    BOARD = "board"  # another board size
    NUMBERING = "numbering"  # another numbering / board orientation (Italian, Spanish)
    GAME_OVER = "game-over"  # nothing to go on with
    MAN_ON_CROWNING_ROW = "man-on-crowning-row"  # an uncrowned man on its far row
    HUFF_PENDING = "huff-pending"  # a huffing decision (or the capture it demanded) is open
    TOWERS = "towers"  # towers stand, and the new rules have none


@dataclass(frozen=True)
class RulesChange:
    """What switching ``game`` from its rules to ``new`` means."""

    old: RuleSet
    new: RuleSet
    blockers: tuple[Blocker, ...]

    @property
    def changed(self) -> bool:
        """False when the new rules play exactly like the old ones (names aside)."""
        return not same_play(self.old, self.new)

    @property
    def can_continue(self) -> bool:
        """True when the game can go on from its current position under the new rules."""
        return self.changed and not self.blockers


def rules_change(game: Game, new: RuleSet) -> RulesChange:
    """Check whether ``new`` can take over ``game`` at its current position.

    Blocked by another board (size or numbering), a finished game, a position that is not
    legal under any rules (an uncrowned man on its crowning row) and an open huffing decision
    (it belongs to the old rules and would be lost).
    """
    old = game.rules
    pos = game.position
    blockers: list[Blocker] = []
    if new.board_size != old.board_size or new.board_squares is not old.board_squares:
        blockers.append(Blocker.BOARD)  # another size, or all squares against dark ones
    elif new.numbering is not old.numbering:
        blockers.append(Blocker.NUMBERING)
    if game.is_over:
        blockers.append(Blocker.GAME_OVER)
    if pos.stacks and not new.towers:
        blockers.append(Blocker.TOWERS)
    if new.board_size == old.board_size and new.board_squares is old.board_squares:
        geo = pos.geometry
        men = ~pos.kings
        if (pos.white & men & geo.white_promo) or (pos.black & men & geo.black_promo):
            blockers.append(Blocker.MAN_ON_CROWNING_ROW)
    state = game.state
    if state.pending_huff is not None or (state.must_capture and new.huffing):
        blockers.append(Blocker.HUFF_PENDING)
    return RulesChange(old, new, tuple(blockers))


def continue_under(game: Game, new: RuleSet) -> Game:
    """``game`` going on under ``new`` from its current position, same side to move, its
    moves kept (``Game.continued_under``).  The counts of the draw rules (repetitions,
    moves without a capture) start afresh.

    Raises RulesError naming the blockers when :func:`rules_change` says it cannot be done.
    """
    change = rules_change(game, new)
    if change.blockers:
        names = ", ".join(b.value for b in change.blockers)
        raise RulesError(f"the new rules cannot take over this position ({names})")
    return game.continued_under(new)
