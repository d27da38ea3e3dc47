"""What the UI asks: hints, analysis, draw offers and the huffing decision."""

from __future__ import annotations

import pytest

from dame_desktop.ai import Limit, accept_draw, analyse, hint, should_huff
from dame_desktop.core import Color, Game, HuffChoice, Position, find_rules

QUICK = Limit(depth=4)


def test_hint_and_analysis_give_a_legal_move_and_a_line() -> None:
    pos = Position.start(find_rules("german"))
    result = hint(pos, QUICK)
    assert result.move in pos.legal_moves()
    line = analyse(pos, QUICK)
    assert line.pv and line.pv[0] in pos.legal_moves()


def test_draw_offer_refused_when_winning_accepted_when_losing() -> None:
    rules = find_rules("german")
    # White to move with three men against one: the engine (White) refuses
    pos = Position.from_fen("W:W21,22,23:B3", rules)
    assert not accept_draw(pos, rules, limit=QUICK)
    # the same position with the engine playing Black accepts
    assert accept_draw(pos, rules, engine=Color.BLACK, limit=QUICK)


def test_draw_offer_accepted_in_a_dead_draw() -> None:
    rules = find_rules("german")
    pos = Position.from_fen("W:WK29:BK4", rules)  # king against king
    assert accept_draw(pos, rules, limit=QUICK)


def test_huff_blows_the_piece_that_could_have_captured() -> None:
    rules = find_rules("german").with_switches(["huffing=on"])
    game = Game(rules, Position.from_fen("W:W22,25,31:B18,3,4", rules))
    before = game.position
    # White ignores 22x15 and plays 31-27; blowing 22 away wins a man
    game.play("31-27")
    pending = game.pending_huff
    assert pending is not None and pending.candidates == (22,)
    choice, square = should_huff(before, game.position, rules, pending.candidates, QUICK)
    assert (choice, square) == (HuffChoice.BLOW, 22)
    game.huff(choice, square)
    assert game.position.count(Color.WHITE) == 2


def test_huff_works_out_the_candidates_itself() -> None:
    rules = find_rules("german").with_switches(["huffing=on"])
    before = Position.from_fen("W:W22,25,31:B18,3,4", rules)
    game = Game(rules, before)
    game.play("22-17")  # the offending piece itself moved: the candidate is now on 17
    assert game.pending_huff is not None and game.pending_huff.candidates == (17,)
    choice, square = should_huff(before, game.position, rules, limit=QUICK)
    assert (choice, square) == (HuffChoice.BLOW, 17)


def test_huff_correction_when_the_capture_loses() -> None:
    rules = find_rules("german").with_switches(["huffing=on"])
    # Black must take 12x19, after which White's king on 24 wins everything; Black played
    # 18-22 instead, and White demands the capture
    before = Position.from_fen("B:W16,K24,28,29:B12,18,26", rules)
    game = Game(rules, before)
    game.play("18-22")
    choice, square = should_huff(before, game.position, rules, limit=QUICK)
    assert (choice, square) == (HuffChoice.CORRECT, None)


def test_huff_needs_the_other_side_to_move() -> None:
    rules = find_rules("german")
    pos = Position.start(rules)
    with pytest.raises(ValueError, match="other side"):
        should_huff(pos, pos, rules, limit=QUICK)


def test_analysis_reports_every_depth() -> None:
    pos = Position.start(find_rules("english"))
    seen: list[int] = []
    result = analyse(pos, Limit(depth=5), on_iteration=lambda r: seen.append(r.depth))
    assert seen == [1, 2, 3, 4, 5] and result.depth == 5
