"""What the New game dialog asks for, as plain data: the window keeps the players' setup in it
from the start, before (and without) the dialog."""

from __future__ import annotations

from dataclasses import dataclass

from dame_desktop.core import Color, RuleSet, TimeControl


@dataclass(frozen=True)
class NewGameSettings:
    """What the user chose.  ``colour`` is the (first) human's side, already drawn by lot."""

    against_computer: bool
    level_key: str
    colour: Color
    rules: RuleSet
    light_name: str
    dark_name: str
    drawn_by_lot: bool = False
    # each player's time control (core.clock.NO_CLOCK for none), None: not chosen here
    clocks: tuple[TimeControl, TimeControl] | None = None
