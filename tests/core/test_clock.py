"""Game clocks: time controls, switching, pauses, the low-time warning, flag fall, storing."""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from dame_desktop.core import (
    NO_CLOCK,
    TIME_CONTROLS,
    Clock,
    ClockError,
    ClockEvent,
    ClockEventKind,
    Color,
    Game,
    PauseReason,
    Position,
    TimeControl,
    can_still_win,
    clk_command,
    clock_text,
    drawn_material,
    find_rules,
    parse_clk,
    time_control_tags,
    time_controls_from_tags,
    time_out_winner,
    with_clk,
)
from dame_desktop.pdn import read_game, write_game
from dame_desktop.pdn.tree import Game as PdnGame
from dame_desktop.store.autosave import release_slots, save_autosave

W, B = Color.WHITE, Color.BLACK
FLAG = ClockEventKind.FLAG
LOW = ClockEventKind.LOW_TIME
GERMAN = find_rules("german")


# -- time controls -----------------------------------------------------------------------------


def test_time_control_texts_round_trip() -> None:
    assert [tc.text() for tc in TIME_CONTROLS] == ["-", "300", "600", "900", "180+2"]
    for tc in TIME_CONTROLS:
        assert TimeControl.parse(tc.text()) == tc
    assert TimeControl.parse(" 4800+60 ") == TimeControl(4800, 60)
    assert TimeControl.fischer(3, 2) == TimeControl(180, 2)
    assert NO_CLOCK.is_none and not TimeControl(1).is_none


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("40/7200:3600", "expected"),
        ("*120", "expected"),
        ("5 min", "expected"),
        ("", "expected"),
        ("0", "zero"),
        ("0+5", "zero"),
        ("999999", "out of range"),
        ("300+601", "out of range"),
    ],
)
def test_time_control_texts_that_are_refused(text: str, problem: str) -> None:
    with pytest.raises(ClockError, match=problem):
        TimeControl.parse(text)


def test_own_values_are_checked() -> None:
    with pytest.raises(ClockError, match="out of range"):
        TimeControl(-1)
    with pytest.raises(ClockError, match="needs a starting time"):
        TimeControl(0, 2)


# -- running -----------------------------------------------------------------------------------


def test_sudden_death_counts_down_the_side_to_move_only() -> None:
    clock = Clock(TimeControl.sudden_death(5))
    assert clock.running is None and clock.remaining(W, 0.0) == 300
    clock.start(W, 100.0)
    assert clock.running is W
    assert clock.remaining(W, 112.5) == pytest.approx(287.5)
    assert clock.remaining(B, 112.5) == 300
    assert clock.press(120.0) == []
    assert clock.running is B
    assert clock.remaining(W, 150.0) == pytest.approx(280)
    assert clock.remaining(B, 150.0) == pytest.approx(270)
    with pytest.raises(ClockError, match="already"):
        clock.start(W, 150.0)


def test_fischer_adds_the_increment_after_each_move() -> None:
    clock = Clock(TimeControl.fischer(3, 2))
    clock.start(B, 0.0)  # English: Black starts
    clock.press(10.0)
    assert clock.remaining(B, 10.0) == pytest.approx(172)
    clock.press(11.0)
    assert clock.remaining(W, 11.0) == pytest.approx(181)


def test_each_player_has_a_time_of_their_own() -> None:
    clock = Clock(TimeControl.sudden_death(15), TimeControl.sudden_death(3))  # child, parent
    clock.start(W, 0.0)
    assert clock.remaining(W, 0.0) == 900 and clock.remaining(B, 0.0) == 180


def test_pauses_stack_and_the_clock_runs_only_when_all_are_lifted() -> None:
    clock = Clock(TimeControl(300))
    clock.start(W, 0.0)
    clock.pause(PauseReason.DIALOG, 10.0)
    clock.pause(PauseReason.MINIMISED, 12.0)
    assert clock.paused and clock.running is None and clock.to_move is W
    clock.resume(PauseReason.DIALOG, 20.0)
    assert clock.remaining(W, 25.0) == pytest.approx(290)  # still minimised
    clock.resume(PauseReason.MINIMISED, 30.0)
    assert clock.running is W
    assert clock.remaining(W, 40.0) == pytest.approx(280)
    clock.pause(PauseReason.HUFF, 40.0)
    assert clock.tick(1000.0) == []  # nothing runs out while paused
    clock.press(1000.0)  # a move made during the pause is not charged
    clock.resume(PauseReason.HUFF, 1000.0)
    assert clock.remaining(W, 1000.0) == pytest.approx(280)
    assert clock.running is B and clock.remaining(B, 1001.0) == pytest.approx(299)


def test_the_low_time_warning_comes_once_and_again_after_an_increment() -> None:
    clock = Clock(TimeControl(30, 5))
    clock.start(W, 0.0)
    assert clock.tick(19.0) == []
    assert clock.tick(20.5) == [ClockEvent(LOW, W)]
    assert clock.tick(21.0) == []
    clock.press(22.0)  # 8 + 5 = 13 s: above ten again
    clock.press(23.0)  # Black answers at once
    assert clock.tick(25.0) == []
    assert clock.tick(26.5) == [ClockEvent(LOW, W)]


def test_the_flag_falls_on_a_tick() -> None:
    clock = Clock(TimeControl(60))
    clock.start(W, 0.0)
    assert clock.tick(59.9) == [ClockEvent(LOW, W)]
    assert clock.tick(60.0) == [ClockEvent(FLAG, W)]
    assert clock.flagged is W and clock.stopped and clock.running is None
    assert clock.remaining(W, 70.0) == 0 and clock.remaining(B, 70.0) == 60
    assert clock.tick(80.0) == [] and clock.press(80.0) == []


def test_a_move_after_the_time_ran_out_is_a_flag() -> None:
    clock = Clock(TimeControl(60, 10))
    clock.start(W, 0.0)
    assert clock.press(61.0) == [ClockEvent(FLAG, W)]  # no tick came in between
    assert clock.flagged is W and clock.remaining(W, 61.0) == 0  # and no increment


def test_follow_switches_without_an_increment() -> None:
    clock = Clock(TimeControl(60, 10))
    clock.start(W, 0.0)
    clock.press(5.0)
    clock.follow(W, 8.0)  # undo: White to move again
    assert clock.running is W
    assert clock.remaining(B, 8.0) == pytest.approx(57)
    assert clock.remaining(W, 10.0) == pytest.approx(63)


def test_no_clock_and_a_one_sided_clock() -> None:
    untimed = Clock(NO_CLOCK)
    untimed.start(W, 0.0)
    assert not untimed.timed and math.isinf(untimed.remaining(W, 1e9))
    assert untimed.tick(1e9) == [] and untimed.press(1e9) == []
    handicap = Clock(NO_CLOCK, TimeControl(60))  # only the parent plays on time
    handicap.start(W, 0.0)
    assert handicap.timed and handicap.tick(1e6) == []
    handicap.press(1e6)
    assert handicap.tick(1e6 + 61) == [ClockEvent(FLAG, B)]


def test_stop_freezes_both_clocks() -> None:
    clock = Clock(TimeControl(60))
    clock.start(W, 0.0)
    clock.stop(10.0)
    assert clock.remaining(W, 100.0) == pytest.approx(50) and clock.tick(100.0) == []
    with pytest.raises(ClockError, match="stopped"):
        clock.start(B, 100.0)


# -- storing -----------------------------------------------------------------------------------


def test_the_clock_survives_the_autosave_as_json() -> None:
    clock = Clock(TimeControl(300, 2), TimeControl(120))
    clock.start(W, 0.0)
    clock.press(30.5)
    data = json.loads(json.dumps(clock.to_dict(40.0)))
    assert data["white"] == {"control": "300+2", "remaining": 271.5}
    assert data["black"] == {"control": "120", "remaining": 110.5}
    again = Clock.from_dict(data, 5000.0)  # monotonic time of the new process
    assert again.running is B
    assert again.remaining(W, 5000.0) == pytest.approx(271.5)
    assert again.remaining(B, 5010.0) == pytest.approx(100.5)
    again.press(5010.0)
    assert again.remaining(B, 5010.0) == pytest.approx(100.5)  # no increment for Black
    flagged = Clock(TimeControl(5))
    flagged.start(B, 0.0)
    flagged.tick(6.0)
    restored = Clock.from_dict(flagged.to_dict(6.0), 0.0)
    assert restored.flagged is B and restored.stopped and restored.tick(100.0) == []
    untimed = Clock.from_dict(Clock(NO_CLOCK).to_dict(0.0), 0.0)
    assert not untimed.timed and untimed.running is None


def test_the_clock_rides_in_the_autosaves_player_setup(tmp_path: Path) -> None:
    game = Game(GERMAN)
    clock = Clock(TimeControl(600), TimeControl(180, 2))
    clock.start(W, 0.0)
    game.play("22-18")
    clock.press(12.25)
    save_autosave(game, {"opponent": "human", "clock": clock.to_dict(20.0)}, tmp_path)
    # the program is killed here (it lets go of its autosave); the next start reads the file
    # in a new process
    release_slots()
    script = (
        "import json, sys\n"
        "from dame_desktop.core import Clock, Color\n"
        "from dame_desktop.store.autosave import load_autosave\n"
        "loaded = load_autosave(sys.argv[1])\n"
        "assert loaded.game is not None and loaded.meta is not None and loaded.meta.complete\n"
        "clock = Clock.from_dict(loaded.meta.player['clock'], 1000.0)\n"
        "print(json.dumps([clock.to_move.value, clock.remaining(Color.WHITE, 1000.0),\n"
        "                  clock.remaining(Color.BLACK, 1005.0), len(loaded.game.moves)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    # White used 12.25 s; Black 7.75 s until the save, 5 s after the restart
    assert json.loads(done.stdout) == ["B", 587.75, 167.25, 1]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "expected an object"),
        ({"black": {"control": "60", "remaining": 1}}, "white is missing"),
        (
            {"white": {"control": 60, "remaining": 1}, "black": {"control": "60", "remaining": 1}},
            "text",
        ),
        (
            {"white": {"control": "x", "remaining": 1}, "black": {"control": "60", "remaining": 1}},
            "expected",
        ),
        (
            {
                "white": {"control": "60", "remaining": True},
                "black": {"control": "60", "remaining": 1},
            },
            "number",
        ),
        (
            {
                "white": {"control": "60", "remaining": -1},
                "black": {"control": "60", "remaining": 1},
            },
            "number",
        ),
        (
            {
                "white": {"control": "60", "remaining": 1e308},
                "black": {"control": "60", "remaining": 1},
            },
            "number",
        ),
        (
            {
                "white": {"control": "60", "remaining": 1},
                "black": {"control": "60", "remaining": 1},
                "running": "X",
            },
            "running",
        ),
        (
            {
                "white": {"control": "60", "remaining": 1},
                "black": {"control": "60", "remaining": 1},
                "stopped": "yes",
            },
            "stopped",
        ),
    ],
)
def test_damaged_clock_data_is_refused_with_a_reason(data: object, problem: str) -> None:
    with pytest.raises(ClockError, match=problem):
        Clock.from_dict(data, 0.0)


# -- PDN ---------------------------------------------------------------------------------------


def test_time_control_tags() -> None:
    blitz = TimeControl(180, 2)
    assert time_control_tags(blitz) == {"TimeControl": "180+2"}
    assert time_control_tags(blitz, blitz) == {"TimeControl": "180+2"}
    assert time_control_tags(NO_CLOCK) == {}
    assert time_control_tags(TimeControl(900), TimeControl(180)) == {
        "TimeControlWhite": "900",
        "TimeControlBlack": "180",
    }
    assert time_controls_from_tags({"TimeControl": "180+2"}) == (blitz, blitz)
    assert time_controls_from_tags({"TimeControlWhite": "900", "TimeControlBlack": "180"}) == (
        TimeControl(900),
        TimeControl(180),
    )
    assert time_controls_from_tags({"TimeControl": "600", "TimeControlBlack": "60"}) == (
        TimeControl(600),
        TimeControl(60),
    )
    assert time_controls_from_tags({"TimeControl": "-"}) == (NO_CLOCK, NO_CLOCK)
    assert time_controls_from_tags({"TimeControl": "?"}) is None
    assert time_controls_from_tags({"Event": "x"}) is None
    with pytest.raises(ClockError, match="TimeControlBlack tag"):
        time_controls_from_tags({"TimeControlBlack": "40/7200"})


def test_clk_commands() -> None:
    assert clk_command(299.9) == "[%clk 0:04:59]"
    assert clk_command(3725) == "[%clk 1:02:05]"
    assert clk_command(-3) == "[%clk 0:00:00]"
    assert parse_clk("{nice} [%clk 0:04:59] [%eval 0.1]") == 299
    assert parse_clk("[%clk 0:00:09.5]") == 9.5
    assert parse_clk("[%clock w0:00:10 B0:00:03]") is None
    assert parse_clk("no clock here") is None
    assert with_clk("", 61) == "[%clk 0:01:01]"
    assert with_clk("a good move", 61) == "[%clk 0:01:01] a good move"
    assert with_clk("[%clk 0:05:00] a good move", 61) == "[%clk 0:01:01] a good move"


def test_clock_tags_and_comments_survive_a_pdn_round_trip() -> None:
    game = PdnGame(rules=GERMAN)
    game.headers.update(time_control_tags(TimeControl(900), TimeControl(180, 2)))
    node = game.add_main_variation("22-18", comment=with_clk("", 895.2))
    node.add_main_variation("11-15", comment=with_clk("gut", 170.0))
    back = read_game(io.StringIO(write_game(game)))
    assert back is not None and not back.errors
    assert time_controls_from_tags(back.headers) == (TimeControl(900), TimeControl(180, 2))
    first = back.variations[0]
    assert parse_clk(first.comment) == 895 and parse_clk(first.variations[0].comment) == 170


def test_clock_text_for_the_big_display() -> None:
    assert clock_text(3725.0) == "1:02:05"
    assert clock_text(299.99) == "4:59"
    assert clock_text(10.0) == "0:10"
    assert clock_text(9.96) == "9.9"
    assert clock_text(0.0) == "0.0"
    assert clock_text(math.inf) == "-"


# -- who wins when the flag falls ----------------------------------------------------------


def test_running_out_of_time_loses_when_the_opponent_can_still_win() -> None:
    start = Position.start(GERMAN)
    assert time_out_winner(start, W) is B and time_out_winner(start, B) is W
    lone_man = Position.from_fen("W:W29:B1,2", GERMAN)  # one man against men only
    assert time_out_winner(lone_man, B) is W
    english = find_rules("english")
    two_kings = Position.from_fen("B:WK29,K30:BK4", english)  # short kings win 2 against 1
    assert time_out_winner(two_kings, B) is W


@pytest.mark.parametrize(
    ("key", "fen", "flagged"),
    [
        ("german", "W:WK29:BK4", W),  # king against king
        ("english", "B:WK29:BK4", B),
        ("german", "W:WK29,K30:BK4", B),  # two flying kings cannot catch one
        ("german", "W:WK1,K2,K3:BK22", B),  # the old German long-diagonal rule
        ("german", "W:W21,22,K30:BK4", W),  # the opponent's lone king against a king and men
        ("international", "W:W31,32,33,K46:B5", W),  # a lone man against a king
    ],
)
def test_running_out_of_time_draws_when_the_opponent_cannot_win(
    key: str, fen: str, flagged: Color
) -> None:
    pos = Position.from_fen(fen, find_rules(key))
    assert not can_still_win(pos, flagged.opponent)
    assert time_out_winner(pos, flagged) is None


def test_a_lone_king_still_wins_on_time_against_men_only() -> None:
    pos = Position.from_fen("W:W21,22,23:BK4", GERMAN)
    assert can_still_win(pos, B) and time_out_winner(pos, W) is B


def test_giveaway_always_gives_the_win_to_the_opponent() -> None:
    rules = GERMAN.with_switches(["giveaway=on"])
    pos = Position.from_fen("W:WK29:BK4", rules)
    assert not drawn_material(pos)
    assert time_out_winner(pos, W) is B


def test_a_capture_at_once_is_not_a_dead_draw() -> None:
    pos = Position.from_fen("W:WK22:BK18", GERMAN)  # White takes the lone king at once
    assert not drawn_material(pos)
    assert can_still_win(pos, W) and not can_still_win(pos, B)
    assert time_out_winner(pos, W) is None  # White's flag: Black's lone king cannot win


def test_a_clocked_game_ends_with_the_time_out_winner() -> None:
    game = Game(GERMAN, Position.from_fen("W:W21,22,K30:BK4", GERMAN))
    clock = Clock(TimeControl(10))
    clock.start(game.position.turn, 0.0)
    events = clock.tick(10.0)
    assert events == [ClockEvent(FLAG, W)]
    assert time_out_winner(game.position, events[0].colour) is None  # Black cannot win
