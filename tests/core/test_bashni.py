"""Bashni (column draughts): Russian rules with towers, hand-made positions with their moves.

Each case gives the position, every legal move with every landing square, and the position
after it (algebraic FEN; ``/`` lists the pieces under a tower's top, top to bottom).
"""

from __future__ import annotations

import pytest

from dame_desktop.core import FenError, Kind, Position, find_rules, perft
from dame_desktop.core.rules import Color

BASHNI = find_rules("bashni")


def outcomes(fen: str) -> dict[str, str]:
    pos = Position.from_fen(fen, BASHNI)
    return {
        pos.move_text(m, "full", algebraic=True): pos.play(m).fen(algebraic=True)
        for m in pos.legal_moves()
    }


def test_a_jumped_man_goes_under_the_capturer() -> None:
    assert outcomes("W:Wc3:Bd4") == {"c3:e5": "B:We5/b:B"}


def test_jumping_a_tower_takes_its_top_only_and_the_rest_changes_owner() -> None:
    # the Black man on d4 stands on a White man: taking it frees the White man
    assert outcomes("W:Wc3:Bd4/w") == {"c3:e5": "B:We5/b,d4:B"}
    # a freed king is a king again
    assert outcomes("W:Wc3:Bd4/W") == {"c3:e5": "B:We5/b,Kd4:B"}


def test_the_same_tower_is_jumped_twice_while_an_opponent_is_on_top() -> None:
    # b2 takes c3's top, comes back over the Black man left there, and ends where it began
    assert outcomes("W:Wb2:Bc3/b") == {"b2:d4:b2": "B:Wb2/bb:B"}
    # a king does the same from a distance; either landing square behind is free
    assert outcomes("W:WKa1:Bc3/b,h8") == {"a1:d4:b2": "B:WKb2/bb:Bh8", "a1:d4:a1": "B:WKa1/bb:Bh8"}


def test_a_tower_jumped_twice_changes_hands_when_its_own_piece_comes_up() -> None:
    # d4 is Black, Black, White from the top: two jumps free the White man; f6 is the
    # other capture (free choice among captures, as in Russian draughts)
    assert outcomes("W:Wc3:Bd4/bw,f6") == {
        "c3:e5:g7": "B:Wg7/bb:Bd4/w",
        "c3:e5:c3": "B:Wd4,c3/bb:Bf6",
    }


def test_a_man_crowned_inside_a_capture_goes_on_as_a_king() -> None:
    got = outcomes("W:Wd6:Be7,c5")
    assert got == {
        "d6:f8:b4": "B:WKb4/bb:B",  # crowned on f8, flies back over c5
        "d6:f8:a3": "B:WKa3/bb:B",
        "d6:b4": "B:Wb4/b:Be7",  # or takes c5 backward first
    }


def test_the_order_of_the_prisoners_is_the_order_of_the_jumps() -> None:
    pos = Position.from_fen("W:Wd6:Be7,c5", BASHNI)
    move = next(
        m
        for m in pos.legal_moves()
        if m.to_sq == pos.geometry.sq_from_name("b4") and m.is_capture and len(m.captured) == 2
    )
    after = pos.play(move)
    tower = after.tower(after.geometry.sq_from_name("b4"))
    assert [(p.color, p.kind) for p in tower] == [
        (Color.WHITE, Kind.KING),
        (Color.BLACK, Kind.MAN),
        (Color.BLACK, Kind.MAN),
    ]


def test_tower_fens_round_trip_and_count_in_equality() -> None:
    fen = "W:WKc3/bw,e3,g3/BBw:Bd6/w,f6"
    pos = Position.from_fen(fen, BASHNI)
    assert pos.fen(algebraic=True) == "W:WKc3/bw,e3,g3/BBw:Bd6/w,f6"
    again = Position.from_fen(pos.fen(), BASHNI)  # numbers both ways
    assert again == pos and hash(again) == hash(pos)
    plain = Position.from_fen("W:WKc3,e3,g3:Bd6,f6", BASHNI)
    assert plain != pos


@pytest.mark.parametrize(
    ("rules", "fen", "part"),
    [
        ("german", "W:W22/b:B11", "no towers"),
        ("turkish", "W:Wa3/b:Bh8", "no towers"),
        ("bashni", "W:Wc3/x:Bf6", "cannot read"),
        ("bashni", "W:Wc3-e3/b:Bf6", "range"),
        ("bashni", "W:W21-23/b:B9", "range"),
        ("bashni", "W:Wc3/:Bf6", "cannot read"),
        ("bashni", "W:Wc3/" + "b" * 80 + ":Bf6", "taller"),
        ("bashni", "W:Wc3/" + "w" * 12 + ":Bf6", "13 White pieces in all, more than the 12"),
        ("bashni", "W:Wc3/bbbbbb:Bf6/bbbbbb", "13 Black pieces"),
        ("bashni", "W:Wb1:Bf6", "'b1' .* is a light square"),
        ("german", "W:Wa1,d1:Bh8", "'d1' .* is a light square"),
        ("russian", "W:Wc3:Bj6", "not a square of the 8x8 board"),
    ],
)
def test_hostile_tower_fens_are_refused(rules: str, fen: str, part: str) -> None:
    with pytest.raises(FenError, match=part):
        Position.from_fen(fen, find_rules(rules))


def test_start_perft_follows_russian_until_towers_matter() -> None:
    start = Position.start(BASHNI)
    russian = Position.start(find_rules("russian"))
    assert [perft(start, d) for d in range(1, 6)] == [perft(russian, d) for d in range(1, 6)]
    assert perft(start, 6) == 37908  # ours; Russian has 37986: taken men stay in play


def test_a_move_with_several_routes_is_played_along_the_route_it_shows() -> None:
    # a3's man takes the four round the ring either way: one move, two routes, two towers
    pos = Position.from_fen("W:Wa3:BKb4,d4,b2,d2", BASHNI)
    (move,) = pos.legal_moves()
    geo = pos.geometry
    names = {tuple(geo.sq_name(sq) for sq in p) for p in move.paths}
    assert names == {("a3", "c5", "e3", "c1", "a3"), ("a3", "c1", "e3", "c5", "a3")}
    towers = set()
    for path in move.paths:
        after = pos.play(move.with_path(path))
        towers.add(after.fen(algebraic=True))
    assert towers == {"B:Wa3/Bbbb:B", "B:Wa3/bbbB:B"}


def test_the_weaker_levels_jitter_is_the_same_in_every_process() -> None:
    """The noise of the tower search was keyed on hash() of the towers' strings, which Python
    changes from one process to the next: the same level played other moves in another run
    (and compiled and pure code disagreed).  Two processes with other hash seeds agree."""
    import os
    import subprocess
    import sys

    code = (
        "from dame_desktop.core import Position, find_rules\n"
        "from dame_desktop.ai.search import Limit\n"
        "from dame_desktop.ai.towers import tower_search\n"
        "pos = Position.start(find_rules('bashni'))\n"
        "for _ in range(2):\n"
        "    pos = pos.play(pos.legal_moves()[0])\n"
        "    pos = pos.play(pos.legal_moves()[0])\n"
        "r = tower_search(pos, Limit(depth=3), noise=40, seed=12345)\n"
        "print(r.move, r.score, r.nodes)\n"
    )
    answers = set()
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
        )
        assert done.returncode == 0, done.stderr
        answers.add(done.stdout)
    assert len(answers) == 1, answers
