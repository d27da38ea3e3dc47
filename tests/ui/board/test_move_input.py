"""The move-input model driven square by square, without any widget."""

from __future__ import annotations

import pytest

from dame_desktop.core import Move, Position, find_rules
from dame_desktop.ui.board.move_input import (
    Chosen,
    Event,
    Held,
    MoveInput,
    Refusal,
    Refused,
    Stepped,
    Touched,
)
from tests.core.test_qt_free import loaded_qt_modules

GERMAN = find_rules("german")
FORCED = "W:W18,22,23,31:B14,10,6,1"  # 18x9x2 is the only move
AMBIGUOUS = "W:W18,31:B4,6,7,14,15,23"  # 18x9x2 and 18x11x2 end on the same square


class Recorder:
    """A MoveInput on a position, with every event it reports."""

    def __init__(self, fen: str | None = None, rules: str = "german") -> None:
        ruleset = find_rules(rules)
        self.position = Position.from_fen(fen, ruleset) if fen else Position.start(ruleset)
        self.input = MoveInput()
        self.events: list[Event] = []
        self.input.listen(self.events.append)
        self.input.reset(self.position, self.position.legal_moves())
        self.events.clear()

    def chosen(self) -> list[Move]:
        return [e.move for e in self.events if isinstance(e, Chosen)]

    def refusals(self) -> list[Refused]:
        return [e for e in self.events if isinstance(e, Refused)]

    def drag(self, a: int, b: int | None, light: bool = False) -> None:
        self.input.press(a)
        self.input.release(b, dragged=True, light=light)


def test_move_input_loads_no_qt() -> None:
    pytest.importorskip("PySide6.QtCore")  # the probe must be able to see Qt at all
    assert loaded_qt_modules("import dame_desktop.ui.board.move_input") == []


def test_click_click_and_drag_simple_moves() -> None:
    r = Recorder()
    r.input.click(23)
    assert r.input.held == 23
    assert r.input.targets() == ({18, 19}, set())
    assert r.events == [Touched(23), Held(23)]
    r.input.click(19)
    assert [m.path for m in r.chosen()] == [(23, 19)]
    assert r.input.held is None
    assert isinstance(r.events[-1], Chosen) and not r.events[-1].dragged
    r2 = Recorder()
    assert r2.input.press(22), "a piece that can move is held under the pointer"
    r2.input.release(18, dragged=True)
    assert [m.path for m in r2.chosen()] == [(22, 18)]
    assert r2.events[-1] == Chosen(r2.chosen()[0], dragged=True)


def test_second_click_puts_the_piece_down_and_another_piece_is_taken_instead() -> None:
    r = Recorder()
    r.input.click(22)
    r.input.click(22)
    assert r.input.held is None and r.events[-1] == Held(None)
    r.input.click(22)
    r.input.click(23)  # another own piece that can move: it is taken instead
    assert r.input.held == 23
    assert r.chosen() == []
    assert r.input.put_back() and r.input.held is None
    assert not r.input.put_back(), "nothing held: nothing to put back"


def test_refusals_name_their_reason() -> None:
    r = Recorder()
    r.drag(22, 15)  # two rows at once
    assert r.refusals()[-1] == Refused(Refusal.NOT_A_TARGET)
    assert r.input.held == 22, "a refused drop keeps the piece in hand"
    r.drag(22, 9)
    assert r.refusals()[-1] == Refused(Refusal.OCCUPIED)
    r.drag(22, 26)  # reaching for an own piece that cannot move: the hand is emptied
    assert r.refusals()[-1] == Refused(Refusal.NO_MOVE_FOR_PIECE)
    assert r.input.held is None
    r.input.click(22)
    r.drag(22, None, light=True)
    assert r.refusals()[-1] == Refused(Refusal.LIGHT_SQUARE)
    r.input.put_back()
    r.input.click(29)  # blocked back-row piece
    assert r.refusals()[-1] == Refused(Refusal.NO_MOVE_FOR_PIECE)
    r.input.click(9)
    assert r.refusals()[-1] == Refused(Refusal.NOT_YOUR_PIECE)
    r.input.click(17)  # an empty square with nothing held: nothing to say
    assert len(r.refusals()) == 6
    back = Recorder("W:W18:B1")
    back.drag(18, 22)
    assert back.refusals() == [Refused(Refusal.MEN_MOVE_FORWARD)]
    idle = Recorder()
    idle.input.reset(idle.position, ())  # looking only
    idle.input.click(22)
    assert idle.refusals() == [Refused(Refusal.NO_MOVE_NOW)]
    assert idle.input.held is None


def test_must_capture_names_the_capturing_pieces() -> None:
    r = Recorder(FORCED)
    assert r.input.must_capture_squares() == {18}
    r.input.click(23)
    assert r.refusals() == [Refused(Refusal.MUST_CAPTURE, (18,))]
    assert r.input.held is None
    r.drag(18, 15)
    assert r.refusals()[-1] == Refused(Refusal.MUST_CAPTURE, (18,))
    r.drag(18, 2)
    (move,) = r.chosen()
    assert move.path == (18, 9, 2) and set(move.captured) == {14, 6}


def test_multi_capture_click_by_click() -> None:
    r = Recorder(FORCED)
    r.input.click(18)
    assert r.input.targets() == ({2}, {9})
    r.input.click(9)
    assert r.events[-1] == Stepped(9)
    assert r.input.landings == (9,) and r.input.held_square() == 9
    assert r.input.partial_captures() == [14]
    assert r.input.targets() == ({2}, set())
    r.input.click(17)
    assert r.refusals()[-1] == Refused(Refusal.CAPTURE_UNFINISHED, (2,))
    assert r.input.landings == (9,), "a wrong click does not abandon the capture"
    r.input.click(9)  # a click on the piece where it stands now changes nothing
    assert r.input.landings == (9,)
    r.input.click(18)  # back on the start square: start the capture again
    assert not r.input.landings and r.input.held == 18
    r.input.click(9)
    r.input.click(2)
    assert [m.path for m in r.chosen()] == [(18, 9, 2)]
    assert r.input.held is None and r.input.landings == ()


def test_escape_during_a_capture_puts_everything_back() -> None:
    r = Recorder(FORCED)
    r.input.click(18)
    r.input.click(9)
    assert r.input.put_back()
    assert r.input.held is None and r.input.landings == ()
    assert r.chosen() == []


def test_ambiguous_route_is_settled_by_the_next_landing() -> None:
    r = Recorder(AMBIGUOUS)
    r.drag(18, 2)
    assert r.refusals() == [Refused(Refusal.AMBIGUOUS_ROUTE, (9, 11))]
    assert r.input.held == 18 and r.chosen() == []
    r.input.click(11)
    assert r.events[-1] == Stepped(11)
    r.drag(11, 2)
    (move,) = r.chosen()
    assert set(move.captured) == {15, 7} and move.path == (18, 11, 2)


def test_a_direct_capture_and_a_long_one_to_the_same_square_are_both_reachable() -> None:
    # the king on 15 takes 10 and lands on 1, or goes round 22, 31, 24 to 1 taking four
    fen = "W:WK15:B10,K13,18,26,27"
    r = Recorder(fen)
    r.drag(15, 1)
    (short,) = r.chosen()
    assert short.captured == (10,), "dropped on the next landing: the direct capture"
    r = Recorder(fen)
    r.input.click(15)
    for sq in (22, 31, 24):
        r.input.click(sq)
    assert r.input.partial_captures() == [18, 26, 27]
    r.input.click(1)
    (long,) = r.chosen()
    assert set(long.captured) == {18, 26, 27, 10} and long.path == (15, 22, 31, 24, 1)


def test_flying_king_may_land_on_any_square_beyond() -> None:
    r = Recorder("W:WK29:B18")
    r.input.click(29)
    finals, steps = r.input.targets()
    assert finals == {15, 11, 8, 4} and steps == set()
    r.input.click(8)
    (move,) = r.chosen()
    assert move.path == (29, 8) and move.captured == (18,)
    # a two-piece capture: first landing 22 only, then any square beyond 18
    r = Recorder("W:WK29:B25,18")
    r.input.click(29)
    assert r.input.targets() == ({15, 11, 8, 4}, {22})
    r.input.click(22)
    assert r.input.targets() == ({15, 11, 8, 4}, set())
    r.input.click(4)
    assert [m.path for m in r.chosen()] == [(29, 22, 4)]


def test_king_capture_round_to_its_own_square() -> None:
    r = Recorder("W:WK20:B1,10,16,17,23,24,31")
    circle = [m for m in r.position.legal_moves() if m.to_sq == 20]
    assert circle
    route = circle[0].paths[0]
    r.input.click(20)
    for sq in route[1:-1]:
        r.input.click(sq)
    r.input.click(20)
    assert r.chosen() == [circle[0]]


def test_ten_by_ten_moves_and_captures() -> None:
    r = Recorder(rules="international")
    r.input.click(32)
    assert r.input.targets() == ({27, 28}, set())
    r.drag(32, 28)
    assert [m.path for m in r.chosen()] == [(32, 28)]
    cap = Recorder("W:W28:B23,12", rules="international")
    cap.input.click(28)
    assert cap.input.targets() == ({19}, set())
    cap.input.click(19)
    assert [m.captured for m in cap.chosen()] == [(23,)]


def test_set_moves_keeps_the_held_piece_while_it_can_move() -> None:
    r = Recorder()
    r.input.click(22)
    only_22 = [m for m in r.position.legal_moves() if m.from_sq == 22]
    r.input.set_moves(only_22)
    assert r.input.held == 22
    r.input.set_moves([m for m in r.position.legal_moves() if m.from_sq == 23])
    assert r.input.held is None


def test_touch_move_binds_the_touched_piece() -> None:
    r = Recorder()
    r.input.click(22)
    assert Touched(22) in r.events
    # the window tells the core, which narrows the legal moves, and binds the touch
    r.input.set_moves([m for m in r.position.legal_moves() if m.from_sq == 22])
    r.input.bind_touch(22)
    r.input.click(22)  # letting go on its own square does not free it
    assert r.input.held == 22
    assert not r.input.put_back() and r.input.held == 22, "Escape does not free it"
    r.events.clear()
    r.input.click(23)  # another piece
    assert r.refusals() == [Refused(Refusal.TOUCHED, (22,))]
    assert r.input.held == 22
    assert not any(isinstance(e, Touched) for e in r.events), "no second touch"
    r.input.click(18)
    assert [m.path for m in r.chosen()] == [(22, 18)]
    assert r.input.touched is None, "the move ends the binding"


def test_touch_is_reported_only_for_a_piece_that_can_move() -> None:
    r = Recorder()
    r.input.click(29)  # blocked
    r.input.click(9)  # the other side's
    assert not any(isinstance(e, Touched) for e in r.events)
    r.input.press(21)
    assert r.events[-2:] == [Touched(21), Held(21)]


def test_without_a_binding_a_second_touch_is_reported_again() -> None:
    r = Recorder()
    r.input.click(22)
    r.input.click(23)
    assert [e for e in r.events if isinstance(e, Touched)] == [Touched(22), Touched(23)]


def test_a_new_position_ends_the_binding() -> None:
    r = Recorder()
    r.input.click(22)
    r.input.bind_touch(22)
    r.input.reset(r.position, r.position.legal_moves())
    assert r.input.touched is None and r.input.held is None


def test_one_capture_with_two_routes_is_played_the_way_the_user_went() -> None:
    # the king on 16 takes the same four pieces round either way: one move, two routes
    fen = "W:WK16:B6,11,14,21,22,23"
    for route in ((16, 2, 13, 26, 16), (16, 26, 13, 2, 16)):
        r = Recorder(fen)
        (move,) = [m for m in r.position.legal_moves() if len(m.paths) > 1]
        assert set(move.paths) == {(16, 2, 13, 26, 16), (16, 26, 13, 2, 16)}
        r.input.click(16)
        for sq in route[1:]:
            r.input.click(sq)
        (chosen,) = r.chosen()
        assert chosen == move and chosen.path == route
