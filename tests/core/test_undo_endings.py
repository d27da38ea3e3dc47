"""Undo after the players ended a game (resignation, agreed draw) takes back that ending
alone; the clocks of such a game run again."""

from __future__ import annotations

from dame_desktop.core import Clock, Color, Game, Reason, TimeControl, find_rules

GERMAN = find_rules("german")


def test_undo_after_a_resignation_takes_back_only_the_resignation() -> None:
    game = Game(GERMAN)
    game.play("21-17")
    game.play("10-14")
    game.resign(Color.WHITE)
    assert game.ended_by_players and game.can_undo
    game.undo()
    assert game.result is None and len(game.moves) == 2
    assert not game.can_redo, "nothing to redo: the ending is gone"
    game.undo()
    assert len(game.moves) == 1, "the next undo takes back a move as usual"


def test_an_agreed_draw_before_any_move_can_be_taken_back() -> None:
    game = Game(GERMAN)
    game.agree_draw()
    assert game.can_undo
    game.undo()
    assert game.result is None and game.moves == [] and not game.can_undo


def test_a_natural_end_is_not_an_ending_by_the_players() -> None:
    game = Game(GERMAN)
    game.play("21-17")
    game.time_out(Color.BLACK)
    assert game.result is not None and game.result.reason is Reason.TIME
    assert not game.ended_by_players


def test_a_stopped_clock_reopens_unless_it_ran_out() -> None:
    clock = Clock(TimeControl.sudden_death(5))
    clock.start(Color.WHITE, 0.0)
    clock.press(10.0)
    clock.stop(20.0)
    assert clock.running is None
    assert clock.reopen(Color.BLACK, 100.0)
    assert clock.running is Color.BLACK and not clock.stopped
    assert clock.remaining(Color.BLACK, 110.0) == 300 - 10 - 10, "the time stopped counts nothing"
    flagged = Clock(TimeControl.sudden_death(1))
    flagged.start(Color.WHITE, 0.0)
    flagged.tick(61.0)
    assert flagged.flagged is Color.WHITE
    assert not flagged.reopen(Color.WHITE, 70.0) and flagged.stopped
