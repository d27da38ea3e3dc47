"""Game.time_out: a clock that ran out ends the game with Reason.TIME."""

from __future__ import annotations

import pytest

from dame_desktop.core import (
    Clock,
    Color,
    Game,
    GameError,
    Position,
    Reason,
    Result,
    TimeControl,
    Touch,
    find_rules,
)
from dame_desktop.core.clock import ClockEventKind

GERMAN = find_rules("german").with_switches(["touch-move=on"])


def test_the_flagged_side_loses_when_the_opponent_can_still_win() -> None:
    game = Game(GERMAN)
    assert game.touch(23) is Touch.BOUND and game.touched == 23
    result = game.time_out(Color.WHITE)
    assert result == Result(Color.BLACK, Reason.TIME)
    assert game.result == result and game.is_over
    assert game.touched is None, "the end of the game frees a touched piece"


def test_a_time_out_is_a_draw_when_the_opponent_cannot_win() -> None:
    game = Game(GERMAN, Position.from_fen("W:W21,22,K30:BK4", GERMAN))
    clock = Clock(TimeControl(10))
    clock.start(game.position.turn, 0.0)
    (event,) = clock.tick(10.5)
    assert event.kind is ClockEventKind.FLAG
    assert game.time_out(event.colour) == Result(None, Reason.TIME)
    assert game.result is not None and game.result.is_draw


def test_a_finished_game_cannot_run_out_of_time() -> None:
    game = Game(GERMAN)
    game.resign(Color.WHITE)
    with pytest.raises(GameError):
        game.time_out(Color.BLACK)
    assert game.result == Result(Color.BLACK, Reason.RESIGNATION)


def test_undo_after_a_time_out_goes_back_before_the_last_move() -> None:
    game = Game(GERMAN)
    game.play("21-17")
    game.time_out(Color.BLACK)
    game.undo()
    assert game.result is None and game.position.turn is Color.WHITE
