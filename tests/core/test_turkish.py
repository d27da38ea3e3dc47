"""Turkish draughts (Dama): all 64 squares, straight lines, pieces removed at once, no 180° turn.

The start-position perft rows are the published ones (RULES.md 3.15, PERFT.md style): the kish
crate's numbers count every capture route (*keep*); the core counts one move per identity
(*drop*), which differs from depth 7 on.
"""

from __future__ import annotations

import dataclasses

import pytest

from dame_desktop.ai import Limit, search
from dame_desktop.core import (
    FenError,
    Game,
    Position,
    Promotion,
    Reason,
    Result,
    RuleSet,
    find_rules,
    perft,
)
from dame_desktop.core.game import drawn_material
from dame_desktop.core.rules import Removal

from .test_perft_positions import perft_keep

TURKISH = find_rules("turkish")

# depth -> leaves from the start, both conventions (keep: published; drop: one per identity)
KEEP = [8, 64, 708, 7538, 85090, 931312, 10782382]
DROP = [8, 64, 708, 7538, 85090, 931312, 10782308]
FAST_DEPTH = 4


def moves(fen: str, rules: object = TURKISH) -> list[str]:
    pos = Position.from_fen(fen, rules)  # type: ignore[arg-type]
    return sorted(pos.move_text(m, "full") for m in pos.legal_moves())


def test_start_position_is_two_full_rows_each_behind_an_empty_back_row() -> None:
    start = Position.start(TURKISH)
    assert start.fen() == (
        "W:Wa3,b3,c3,d3,e3,f3,g3,h3,a2,b2,c2,d2,e2,f2,g2,h2"
        ":Ba7,b7,c7,d7,e7,f7,g7,h7,a6,b6,c6,d6,e6,f6,g6,h6"
    )
    assert Position.from_fen(start.fen(), TURKISH) == start
    assert sorted(start.move_text(m) for m in start.legal_moves()) == [
        f"{f}3-{f}4" for f in "abcdefgh"
    ]


@pytest.mark.parametrize("depth", range(1, FAST_DEPTH + 1))
def test_start_perft_drop(depth: int) -> None:
    assert perft(Position.start(TURKISH), depth) == DROP[depth - 1]


@pytest.mark.slow
@pytest.mark.parametrize("depth", range(FAST_DEPTH + 1, len(DROP) + 1))
def test_start_perft_drop_deep(depth: int) -> None:
    assert perft(Position.start(TURKISH), depth) == DROP[depth - 1]


@pytest.mark.parametrize("depth", range(1, FAST_DEPTH + 1))
def test_start_perft_keep(depth: int) -> None:
    assert perft_keep(Position.start(TURKISH), depth) == KEEP[depth - 1]


@pytest.mark.slow
def test_start_perft_keep_depth_7_is_the_published_number() -> None:
    assert perft_keep(Position.start(TURKISH), 7) == KEEP[6]


def test_a_man_steps_forward_or_sideways_never_back() -> None:
    assert moves("W:Wd4:Bh8") == ["d4-c4", "d4-d5", "d4-e4"]
    assert moves("B:Wa1:Bd4") == ["d4-c4", "d4-d3", "d4-e4"]


def test_a_man_captures_forward_and_sideways_but_not_backward() -> None:
    assert moves("W:Wd4:Be4") == ["d4xf4"]
    assert moves("W:Wd4:Bd5") == ["d4xd6"]
    assert moves("W:Wd4:Bd3") == ["d4-c4", "d4-d5", "d4-e4"]


def test_the_most_pieces_must_be_taken_king_and_man_alike() -> None:
    # d4 can take the king on e4 (one piece) or the men on d5 and d7 (two)
    assert moves("W:Wd4:BKe4,d5,d7") == ["d4xd6xd8"]


def test_a_king_flies_straight_and_lands_anywhere_beyond() -> None:
    assert moves("W:WKa1:Ba4") == ["a1xa5", "a1xa6", "a1xa7", "a1xa8"]


def test_a_jumped_square_may_be_crossed_again() -> None:
    # b4 goes first; the king later runs down the b-file through b4 to take b2
    fen = "W:WKa4:Bb4,d6,c7,b2"
    got = moves(fen)
    assert got == ["a4xd4xd7xb7xb1"]
    at_end = dataclasses.replace(TURKISH, removal=Removal.AT_END)
    assert all(len(m.captured) == 3 for m in Position.from_fen(fen, at_end).legal_moves())


def test_a_capture_may_not_turn_back_180_degrees() -> None:
    fen = "W:WKe4:Bc4,g4"
    assert moves(fen) == ["e4xa4", "e4xb4", "e4xh4"]
    turning = dataclasses.replace(TURKISH, no_reversal=False)
    back_again = Position.from_fen(fen, turning).legal_moves()
    assert back_again and all(len(m.captured) == 2 for m in back_again)


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        (Promotion.PASS, ["c6xc8"]),  # default: goes on as a man, no man's capture left
        (Promotion.CONTINUE, ["c6xc8xg8", "c6xc8xh8"]),  # crowned at once, flies on
        (Promotion.STOP, ["c6xc8"]),
    ],
)
def test_a_man_reaching_the_last_row_inside_a_capture(mode: Promotion, expected: list[str]) -> None:
    rules = dataclasses.replace(TURKISH, promotion=mode)
    got = Position.from_fen("W:Wc6:Bc7,f8", rules).legal_moves()
    assert (
        sorted(Position.from_fen("W:Wc6:Bc7,f8", rules).move_text(m, "full") for m in got)
        == expected
    )
    assert all(m.promotes for m in got)


def test_by_default_a_man_on_the_last_row_goes_on_capturing_sideways_as_a_man() -> None:
    assert TURKISH.promotion is Promotion.PASS
    pos = Position.from_fen("W:Wc6:Bc7,d8", TURKISH)
    (move,) = pos.legal_moves()
    assert pos.move_text(move, "full") == "c6xc8xe8" and move.promotes
    after = pos.play(move)
    assert after.fen() == "B:WKe8:B"


@pytest.mark.parametrize(
    "fen",
    [
        "W:Wa9:Bh8",
        "W:W65:B1",
        "W:Wa1,a1:Bh8",
        "W:Wi1:Bh8",
        "W:WK:Bh8",
        "X:Wa1:Bh8",
        "W:Wa1:Ba1",
    ],
)
def test_hostile_fens_are_refused_with_a_reason(fen: str) -> None:
    with pytest.raises(FenError):
        Position.from_fen(fen, TURKISH)


def test_numbers_name_the_squares_row_by_row_from_a8() -> None:
    pos = Position.from_fen("W:W57,64:B1,8", TURKISH)
    assert pos.fen() == "W:Wa1,h1:Ba8,h8"
    assert pos.fen(algebraic=False) == "W:W57,64:B1,8"


def play_out(fen: str, line: list[str], rules: RuleSet = TURKISH) -> Game:
    game = Game(rules, Position.from_fen(fen, rules))
    for text in line:
        game.play(game.position.parse_move(text))
    return game


def test_one_piece_each_is_a_draw_king_against_king() -> None:
    game = play_out("W:WKa1:Bd1,Kc5", ["a1xe1"])
    assert game.position.fen() == "B:WKe1:BKc5"
    assert game.result == Result(None, Reason.ONE_EACH)


def test_one_piece_each_is_a_draw_man_against_king_even_with_a_capture_at_hand() -> None:
    # the rule counts pieces, not kinds; Black's king could take c2 next, and still
    game = play_out("W:Wa2:BKc8,b2", ["a2xc2"])
    assert game.position.fen() == "B:Wc2:BKc8"
    assert game.position.has_capture()
    assert game.result == Result(None, Reason.ONE_EACH)
    assert drawn_material(game.position)


def test_two_pieces_against_one_play_on_and_the_switch_turns_the_rule_off() -> None:
    assert play_out("W:WKa1,h8:Bd1,Kc5", ["a1xe1"]).result is None
    off = TURKISH.with_switches(["one-each=off"])
    assert play_out("W:WKa1:Bd1,Kc5", ["a1xe1"], off).result is None
    assert not find_rules("german").draw_one_each and TURKISH.draw_one_each


def test_the_search_scores_one_piece_each_as_a_draw() -> None:
    # White's king must take d1 and is left with a king against a man: drawn by the rule,
    # a win to play for without it
    fen = "W:WKa1:Bd1,b6"
    off = TURKISH.with_switches(["one-each=off"])
    assert search(Position.from_fen(fen, TURKISH), TURKISH, Limit(depth=4)).score == 0
    assert search(Position.from_fen(fen, off), off, Limit(depth=4)).score > 0
