"""Score conversions: search units, Hub text, [%eval], the review scale and the marks."""

from __future__ import annotations

import pytest

from dame_desktop.ai.search import WIN, WIN_BOUND
from dame_desktop.engines import Score, eval_command, mark_for, parse_eval, review_value
from dame_desktop.engines.review import loss_between


def test_search_units_are_hundredths_and_forced_ends() -> None:
    assert Score.from_search(35) == Score(0.35)
    win = Score.from_search(WIN - 7)
    assert win.is_forced and win.wins and win.plies == 7 and win.moves == 4 and win.mate == 4
    loss = Score.from_search(-(WIN - 6))
    assert loss.is_forced and not loss.wins and loss.moves == 3 and loss.mate == -3
    assert win.sort_key() > Score(50.0).sort_key() > Score(-50.0).sort_key() > loss.sort_key()
    assert Score.from_search(WIN - 3).sort_key() > win.sort_key()  # a shorter win is better


def test_before_move_adds_a_ply_and_turns_the_side() -> None:
    stuck = Score.forced(0, False)  # the side to move has no move left
    assert stuck.before_move() == Score(0.0, 1, True)
    assert Score(0.4).before_move() == Score(-0.4)
    assert Score.from_mate(3) == Score(0.0, 5, True)
    assert Score.from_mate(-3) == Score(0.0, 6, False)


def test_eval_command_takes_the_first_players_side() -> None:
    assert eval_command(Score(0.35), True) == "[%eval 0.35]"
    assert eval_command(Score(0.35), False) == "[%eval -0.35]"
    assert eval_command(Score(-0.001), True) == "[%eval 0.00]"
    assert eval_command(Score(0.0, 13, True), True) == "[%eval #7]"
    assert eval_command(Score(0.0, 13, True), False) == "[%eval #-7]"
    assert eval_command(Score(0.0, 0, True), True) == "[%eval #0]"
    assert eval_command(Score(0.0, 0, True), False) == "[%eval #-0]"


@pytest.mark.parametrize("text", ["0.35", "-1.20", "#7", "#-7", "#0", "#-0"])
def test_eval_round_trip(text: str) -> None:
    score = parse_eval(text)
    assert score is not None
    assert eval_command(score, True) == f"[%eval {text}]"


def test_unreadable_evals() -> None:
    assert parse_eval("abc") is None and parse_eval("#x") is None and parse_eval("nan") is None
    assert parse_eval("0.5,23") == Score(0.5)


def test_losses_flatten_when_the_game_is_decided() -> None:
    assert loss_between(Score(0.05), Score(-0.95)) > 0.9  # a man dropped: a blunder
    assert mark_for(loss_between(Score(0.05), Score(-0.95))) == "??"
    assert loss_between(Score(8.0), Score(6.0)) < 0.3  # still winning: no mark
    assert mark_for(loss_between(Score(8.0), Score(6.0))) is None
    assert mark_for(loss_between(Score(3.0), Score(1.0))) == "??"
    assert mark_for(loss_between(Score(0.0, 5, True), Score(0.0, 9, True))) is None
    assert mark_for(loss_between(Score(0.0, 5, True), Score(0.2))) == "??"
    assert loss_between(Score(-0.5), Score(0.2)) == 0.0
    assert review_value(Score(0.0, 3, False)) == -3.0


def test_mark_thresholds() -> None:
    assert mark_for(0.29) is None
    assert mark_for(0.3) == "?!"
    assert mark_for(0.59) == "?!"
    assert mark_for(0.6) == "?"
    assert mark_for(0.9) == "??"


def test_verdicts_for_the_panel() -> None:
    from dame_desktop.engines import Verdict, verdict

    assert verdict(Score(0.1)) is Verdict.EQUAL
    assert verdict(Score(0.5)) is Verdict.BETTER
    assert verdict(Score(-1.0)) is Verdict.CLEARLY_WORSE
    assert verdict(Score(2.5)) is Verdict.WINNING
    assert verdict(Score(0.0, 3, True)) is Verdict.WINS
    assert verdict(Score(0.0, 3, True).negated()) is Verdict.LOSES


@pytest.mark.parametrize("value", [0, 35, -120, WIN - 7, -(WIN - 12), WIN - 1, -(WIN - 1)])
def test_to_search_is_the_inverse_of_from_search(value: int) -> None:
    assert Score.from_search(value).to_search() == value


def test_to_search_keeps_men_below_the_forced_range() -> None:
    assert Score(0.354).to_search() == 35
    assert Score(1e9).to_search() == WIN_BOUND - 1  # a huge score is no forced win
    assert Score(-1e9).to_search() == -(WIN_BOUND - 1)
    assert Score.forced(5000, True).to_search() > WIN_BOUND  # a very long win stays a win
