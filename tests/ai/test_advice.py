"""What the UI asks: hints, analysis, draw offers and the huffing decision."""

from __future__ import annotations

import random

import pytest

from dame_desktop.ai import (
    BEGINNER,
    EASY,
    HARD,
    LEVELS,
    MASTER,
    MEDIUM,
    DrawReason,
    Limit,
    accept_draw,
    analyse,
    answer_draw_offer,
    choose_move,
    hint,
    should_huff,
    should_offer_draw,
    steady_score,
)
from dame_desktop.ai.advice import DRAW_MARGIN, YOUNG_EDGE, judge_draw_offer
from dame_desktop.core import Color, Game, HuffChoice, Position, find_rules

QUICK = Limit(depth=4)
# how far from level the start may be judged: German's window values give the first player
# about a fifth of a man (+0.21 at four plies, +0.12 to +0.17 at eight to fourteen)
NEAR_LEVEL = 30
GERMAN = find_rules("german")


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


# -- fair draw offers --------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["german", "english", "international"])
def test_an_offer_on_move_one_is_declined_at_every_level(key: str) -> None:
    rules = find_rules(key)
    start = Position.start(rules)
    for level in LEVELS:
        answer = answer_draw_offer(start, level, limit=QUICK)
        assert not answer.accept, level.key
        assert answer.score is not None and abs(answer.score) <= NEAR_LEVEL
        assert answer.reason is DrawReason.MUCH_PLAY_LEFT
        assert answer.position == start and answer.score is not None
    # the child offers on its own turn: the computer is the side not to move
    after = start.play(start.legal_moves()[0])
    answer = answer_draw_offer(after, BEGINNER, engine=start.turn, limit=QUICK)
    assert answer.score is not None and abs(answer.score) <= NEAR_LEVEL
    assert (answer.accept, answer.reason) == (False, DrawReason.MUCH_PLAY_LEFT)
    assert not accept_draw(start, rules, limit=QUICK)


def test_a_young_game_is_declined_as_young_unless_the_edge_is_clear() -> None:
    start = Position.start(GERMAN)
    few = Position.from_fen("W:W21,22,30:B3,10,11", GERMAN)
    for level in LEVELS:
        # the first player's small edge at the start is no reason to give: the game is young
        assert judge_draw_offer(start, DRAW_MARGIN + 1, level).reason is DrawReason.MUCH_PLAY_LEFT
        assert judge_draw_offer(start, YOUNG_EDGE, level).reason is DrawReason.MUCH_PLAY_LEFT
        assert judge_draw_offer(start, YOUNG_EDGE + 1, level).reason is DrawReason.STANDS_BETTER
        # with few pieces left the same small edge is better
        answer = judge_draw_offer(few, DRAW_MARGIN + 1, level)
        assert answer.reason is DrawReason.STANDS_BETTER and not answer.accept


def test_declined_when_better_accepted_when_clearly_worse_at_every_level() -> None:
    better = Position.from_fen("W:W21-32:B3-12", GERMAN)  # White (to move) two men up
    worse = Position.from_fen("W:W23-32:B1-12", GERMAN)  # White two men down
    for level in LEVELS:
        up = answer_draw_offer(better, level, limit=QUICK)
        assert (up.accept, up.reason) == (False, DrawReason.STANDS_BETTER), level.key
        down = answer_draw_offer(worse, level, limit=QUICK)
        assert (down.accept, down.reason) == (True, DrawReason.STANDS_WORSE), level.key
        assert down.score is not None and down.score < -100
        # the same positions with the computer on the other side answer the other way
        assert answer_draw_offer(better, level, engine=Color.BLACK, limit=QUICK).accept
        assert not answer_draw_offer(worse, level, engine=Color.BLACK, limit=QUICK).accept


def test_beginner_accepts_a_smaller_disadvantage_than_master() -> None:
    middle = Position.from_fen("W:W21-28:B1-8", GERMAN)  # 16 pieces, the middle game
    answers = {level.key: judge_draw_offer(middle, -40, level) for level in LEVELS}
    assert answers["beginner"].accept and answers["beginner"].reason is DrawReason.STANDS_WORSE
    for key in ("easy", "medium", "hard", "master"):
        assert not answers[key].accept, key
    assert judge_draw_offer(middle, -70, MEDIUM).accept
    assert not judge_draw_offer(middle, -70, HARD).accept
    assert judge_draw_offer(middle, -100, MASTER).accept
    assert not judge_draw_offer(middle, -99, MASTER).accept
    # None means Medium
    assert judge_draw_offer(middle, -60, None).accept
    assert not judge_draw_offer(middle, -59, None).accept


def test_how_much_play_is_left_depends_on_the_level() -> None:
    seventeen = Position.from_fen("W:W21-29:B1-8", GERMAN)  # 17 of 24 pieces
    assert judge_draw_offer(seventeen, 0, BEGINNER).reason is DrawReason.UNDECIDED
    assert judge_draw_offer(seventeen, 0, EASY).reason is DrawReason.MUCH_PLAY_LEFT
    assert judge_draw_offer(seventeen, 0, MASTER).reason is DrawReason.MUCH_PLAY_LEFT


def test_a_long_stable_equal_score_with_few_pieces_is_accepted() -> None:
    few = Position.from_fen("W:W22,25,26,29,30:B3,4,7,8,11", GERMAN)  # 5 men each
    steady = [3, -5, 0, 8, -2, 1, 0, -4, 2, 0, 1, -1]
    beginner = judge_draw_offer(few, 0, BEGINNER, steady[-4:])
    assert (beginner.accept, beginner.reason) == (True, DrawReason.STABLE_EQUAL)
    medium_short = judge_draw_offer(few, 0, MEDIUM, steady[-4:])
    assert (medium_short.accept, medium_short.reason) == (False, DrawReason.UNDECIDED)
    assert judge_draw_offer(few, 0, MEDIUM, steady[-8:]).accept
    assert not judge_draw_offer(few, 0, MASTER, steady[-8:]).accept
    assert judge_draw_offer(few, 0, MASTER, steady).accept
    # one score outside the equal band among the last N breaks the run
    assert not judge_draw_offer(few, 0, BEGINNER, [0, 40, 0, 0]).accept
    assert not judge_draw_offer(few, 30, BEGINNER, [0, 0, 0, 0]).accept  # better now
    # the same history with much play left is still declined
    full = Position.start(GERMAN)
    assert judge_draw_offer(full, 0, BEGINNER, steady).reason is DrawReason.MUCH_PLAY_LEFT
    searched = answer_draw_offer(few, BEGINNER, recent_scores=steady, limit=QUICK)
    assert searched.accept and searched.reason is DrawReason.STABLE_EQUAL


@pytest.mark.parametrize(
    ("key", "fen"),
    [
        ("german", "W:WK29:BK4"),  # king against king
        ("english", "B:WK29:BK4"),  # short kings too
        ("international", "W:WK46:BK5"),
        ("german", "W:WK29,K32:BK4"),  # two flying kings cannot catch one
        ("russian", "W:WK29,31:BK4"),  # king and man against a king (7.2.8)
        ("german", "W:WK1,K2,K3:BK22"),  # three kings, the lone king on a1-h8 (seed 001)
    ],
)
def test_dead_draws_are_accepted_at_every_level_without_a_search(key: str, fen: str) -> None:
    pos = Position.from_fen(fen, find_rules(key))
    for level in LEVELS:
        for engine in (Color.WHITE, Color.BLACK):
            answer = answer_draw_offer(pos, level, engine=engine, limit=Limit(depth=64))
            assert (answer.accept, answer.reason) == (True, DrawReason.DEAD_DRAW)
            assert answer.score is None  # decided by the material alone
    assert should_offer_draw(pos, BEGINNER)


@pytest.mark.parametrize(
    ("key", "fen"),
    [
        ("english", "W:WK29,K32:BK4"),  # short kings win two against one
        ("german", "W:WK1,K2,K3:BK21"),  # the lone king off the long diagonal
        ("international", "W:WK1,K2,K3:BK46"),  # no diagonal draw rule in FMJD
        ("german", "W:WK22:BK18"),  # White captures the lone king at once
        ("german", "W:W29:BK4"),  # no king on the stronger side
    ],
)
def test_near_misses_are_not_dead_draws(key: str, fen: str) -> None:
    pos = Position.from_fen(fen, find_rules(key))
    answer = answer_draw_offer(pos, MEDIUM, limit=QUICK)
    assert answer.reason is not DrawReason.DEAD_DRAW
    assert not should_offer_draw(pos, MEDIUM)


def test_giveaway_has_no_dead_draw() -> None:
    rules = GERMAN.with_switches(["giveaway=on"])
    pos = Position.from_fen("W:WK29:BK4", rules)
    assert answer_draw_offer(pos, MEDIUM, limit=QUICK).reason is not DrawReason.DEAD_DRAW


def test_no_answer_to_agree_on_when_the_game_is_over() -> None:
    blocked = Position.from_fen("W:W29:B25,22", GERMAN)  # White's man cannot move
    assert not blocked.legal_moves()
    answer = answer_draw_offer(blocked, MEDIUM, limit=QUICK)
    assert (answer.accept, answer.reason) == (False, DrawReason.GAME_OVER)
    assert not should_offer_draw(blocked)


def test_the_computer_offers_only_in_drawn_positions() -> None:
    few = Position.from_fen("W:W21,22,25,26,30:B1,2,5,6,10", GERMAN)
    assert not should_offer_draw(Position.start(GERMAN), MASTER, recent_scores=[0] * 30)
    assert not should_offer_draw(few, BEGINNER)  # no history yet
    assert not should_offer_draw(few, BEGINNER, recent_scores=[0] * 7)
    assert should_offer_draw(few, BEGINNER, recent_scores=[0] * 8)  # twice Beginner's 4
    assert not should_offer_draw(few, MASTER, recent_scores=[0] * 8)
    assert not should_offer_draw(few, BEGINNER, recent_scores=[0] * 7 + [50])


def test_accept_draw_stays_a_thin_wrapper() -> None:
    worse = Position.from_fen("W:W23-32:B1-12", GERMAN)
    assert accept_draw(worse, GERMAN, limit=QUICK, level=MASTER)
    assert accept_draw(worse, None, Color.WHITE, QUICK)
    with pytest.raises(ValueError, match="position's rule set"):
        accept_draw(worse, find_rules("english"), limit=QUICK)


def test_steady_scores_are_the_computers_view_without_noise() -> None:
    start = Position.start(GERMAN)
    assert abs(steady_score(start, limit=QUICK)) <= NEAR_LEVEL
    worse = Position.from_fen("W:W23-32:B1-12", GERMAN)
    assert steady_score(worse, limit=QUICK) < -100
    assert steady_score(worse, Color.BLACK, QUICK) > 100
    assert steady_score(worse, Color.WHITE, QUICK) == steady_score(worse, limit=QUICK)
    assert steady_score(Position.from_fen("W:W29:B25,22", GERMAN)) == 0  # no move left
    # a noisy level's own move score jitters; the steady score of the same position does not
    noisy = {choose_move(start, BEGINNER, random.Random(seed)).score for seed in range(6)}
    assert len(noisy) > 1
    assert len({steady_score(start, limit=QUICK) for _ in range(3)}) == 1
