"""Move numbers in pairs: the one rule the move list, the autosave offer and PDN share.

A pair is one move of the side that starts (``rules.first``) and the reply; a game that
starts with the other side to move opens with a pair that has only its second half.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .game import Game
from .move import Move
from .rules import Color


@dataclass(frozen=True)
class Numbered:
    """Where one move stands: pair ``number`` (from ``start``), first or second half."""

    number: int
    first: bool


def pair_numbers(movers: Iterable[Color], first: Color, start: int = 1) -> list[Numbered]:
    """The pair number and half of each move, given the side that made each move in order.

    A new pair begins with every move of the side that starts, and also when one side
    moves twice in a row (a position set up that way).
    """
    out: list[Numbered] = []
    number = start
    previous: Color | None = None
    for mover in movers:
        if previous is not None:
            number = number + 1 if mover is previous else number_after(number, previous, first)
        out.append(Numbered(number, mover is first))
        previous = mover
    return out


def numbered_at(ply: int, start_first: bool) -> Numbered:
    """Where the move after ``ply`` plies of a game stands: its pair number and half.
    ``start_first``: the game starts with the first side (``rules.first``) to move; a game
    that starts with the other side opens with a pair of only its second half."""
    shifted = ply if start_first else ply + 1
    return Numbered(shifted // 2 + 1, shifted % 2 == 0)


def number_after(number: int, mover: Color, first: Color) -> int:
    """The pair number of the move that follows ``mover``'s move in pair ``number``: a pair
    ends with the reply, so the number grows after the second side's move."""
    return number if mover is first else number + 1


def number_label(number: int, first_half: bool) -> str:
    """How a move's number is written: ``N.`` before a first half, ``N...`` before a second."""
    return f"{number}." if first_half else f"{number}..."


@dataclass(frozen=True)
class GameStep:
    """One move of a played game as a list shows it, with the blow that may follow it.

    ``state`` is the index in ``game.states`` of the position to show for this step (the one
    after the blow when a piece was blown away right after the move).
    """

    state: int
    move: Move
    mover: Color
    text: str
    blown: int | None
    number: int
    first: bool


def game_steps(game: Game) -> list[GameStep]:
    """The moves of ``game`` numbered in pairs (blows folded into the move before them)."""
    states = game.states
    rules = game.rules
    raw: list[tuple[int, Move, Color, str, int | None]] = []
    for i in range(1, len(states)):
        state = states[i]
        if state.move is None:
            if raw and state.blown is not None:
                index, move, mover, text, _ = raw[-1]
                raw[-1] = (i, move, mover, text, state.blown)
            continue
        before = states[i - 1].position
        raw.append(
            (
                i,
                state.move,
                before.turn,
                before.move_text(state.move, algebraic=rules.algebraic),
                None,
            )
        )
    numbers = pair_numbers((r[2] for r in raw), rules.first)
    return [
        GameStep(i, move, mover, text, blown, n.number, n.first)
        for (i, move, mover, text, blown), n in zip(raw, numbers, strict=True)
    ]
