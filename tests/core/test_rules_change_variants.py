"""New rules in the middle of a game of Turkish draughts or Bashni: the towers go along when
the new rules have towers, and block the change when they have none; all squares against
dark squares is another board."""

from __future__ import annotations

from dame_desktop.core import Game, Position, find_rules
from dame_desktop.core.rules_change import Blocker, continue_under, rules_change

BASHNI = find_rules("bashni")


def test_a_bashni_house_rule_keeps_the_towers() -> None:
    game = Game(BASHNI, Position.from_fen("W:Wc3/bw,e3:Bd6/w,f8", BASHNI))
    house = BASHNI.with_switches(["repetition=4"])
    change = rules_change(game, house)
    assert change.can_continue
    again = continue_under(game, house)
    assert again.position.fen() == game.position.fen()
    assert again.position.stacks == game.position.stacks != ()


def test_towers_block_rules_without_towers() -> None:
    game = Game(BASHNI, Position.from_fen("W:Wc3/b:Bf8", BASHNI))
    assert Blocker.TOWERS in rules_change(game, find_rules("russian")).blockers
    # without a tower on the board Russian can take over
    plain = Game(BASHNI, Position.from_fen("W:Wc3:Bf8", BASHNI))
    assert rules_change(plain, find_rules("russian")).blockers == ()


def test_turkish_and_the_dark_square_games_are_other_boards() -> None:
    turkish = Game(find_rules("turkish"))
    assert Blocker.BOARD in rules_change(turkish, find_rules("german")).blockers
    russian = Game(find_rules("russian"))
    assert Blocker.BOARD in rules_change(russian, find_rules("turkish")).blockers
