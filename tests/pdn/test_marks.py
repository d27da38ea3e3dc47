"""Arrows and circles kept in comments (pdn.marks): read, written, round-tripped through a
PDN file, and hidden from the comment's words."""

from __future__ import annotations

import io

from dame_desktop import pdn
from dame_desktop.core import find_rules, geometry_of
from dame_desktop.pdn.comments import comment_words
from dame_desktop.pdn.marks import Marks, marks_of, with_marks

GERMAN = find_rules("german")
TURKISH = find_rules("turkish")


def test_reading_arrows_and_circles() -> None:
    marks = marks_of("good [%arrow 11-15,22x18] [%circle 22, 27] [%eval 0.3]", GERMAN)
    assert marks == Marks(((11, 15), (22, 18)), (22, 27))


def test_bad_tokens_are_skipped_and_repeats_kept_once() -> None:
    marks = marks_of("[%arrow 11-15,99-1,a-b,7,11-15,3-3] [%circle 0,33,5,5,xyz]", GERMAN)
    assert marks == Marks(((11, 15),), (5,))


def test_square_names_on_a_board_of_all_squares() -> None:
    geo = geometry_of(TURKISH)
    d4, d6, e5 = (geo.sq_from_name(name) for name in ("d4", "d6", "e5"))
    comment = with_marks("", Marks(((d4, d6),), (e5,)), TURKISH)
    assert comment == "[%arrow d4-d6] [%circle e5]"
    assert marks_of(comment, TURKISH) == Marks(((d4, d6),), (e5,))


def test_writing_replaces_only_the_marks() -> None:
    comment = "[%clk 0:01:00] nice shot [%arrow 1-5] [%eval 1.0] [%circle 9]"
    out = with_marks(comment, Marks(((22, 18),), ()), GERMAN)
    assert out == "[%clk 0:01:00] nice shot [%eval 1.0] [%arrow 22-18]"
    assert comment_words(out) == "nice shot"
    assert with_marks(out, Marks(), GERMAN) == "[%clk 0:01:00] nice shot [%eval 1.0]"
    assert with_marks("just words", Marks(), GERMAN) == "just words"


def test_toggling() -> None:
    marks = Marks().toggled_arrow(11, 15).toggled_circle(22)
    assert marks == Marks(((11, 15),), (22,))
    assert marks.toggled_arrow(11, 15).toggled_circle(22) == Marks()
    assert not Marks() and marks


def test_marks_survive_a_pdn_write_and_read() -> None:
    text = (
        '[Event "t"]\n[GameType "20"]\n\n1. 32-28 {threat [%arrow 19-23,28-19] '
        "[%circle 23]} 19-23 2. 28x19 14x23 *\n"
    )
    game = pdn.read_game(io.StringIO(text))
    assert game is not None
    rules = find_rules("international")
    node = game.next()
    assert node is not None
    assert marks_of(node.comment, rules) == Marks(((19, 23), (28, 19)), (23,))
    assert comment_words(node.comment) == "threat"
    written = pdn.write_game(game)
    again = pdn.read_game(io.StringIO(written))
    assert again is not None
    first = again.next()
    assert first is not None
    assert marks_of(first.comment, rules) == Marks(((19, 23), (28, 19)), (23,))
