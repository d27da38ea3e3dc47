"""One test (or a few) per rule of RULES.md, from positions built by hand from the rule text.

Square numbers follow RULES.md section 1: standard 8x8 (1 = b8, 29 = a1), FMJD 10x10
(1 = b10, 46 = a1), Italian (1 = a8, 32 = h1) and Spanish (Italian mirrored, White on 1-12).
Every expected move list below was worked out on paper from the rule text; the comments give
the geometry so that a reader can check it on a board.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dame_desktop.core import (
    AmbiguousMoveError,
    Color,
    FenError,
    Game,
    GameError,
    HuffChoice,
    IllegalMoveError,
    Kind,
    Move,
    MoveParseError,
    Position,
    Reason,
    Result,
    RuleSet,
    find_rules,
    geometry,
)
from dame_desktop.core.rules import Numbering


def rules(key: str, *switches: str) -> RuleSet:
    return find_rules(key).with_switches(list(switches))


def position(fen: str, key: str, *switches: str) -> Position:
    return Position.from_fen(fen, rules(key, *switches))


def legal(fen: str, key: str, *switches: str) -> list[str]:
    """The full-path texts of the strict legal moves, sorted."""
    return sorted(m.full_text() for m in position(fen, key, *switches).legal_moves())


# --- landing: Schmidt (any square beyond) vs ASS (directly behind) -----------------------

# White king a1 (29); black men c3 (22) and d6 (10).  Along the long diagonal the king may
# land on d4 18, e5 15, f6 11, g7 8, h8 4.  Only from e5 can it go on: up-left over d6 to
# c7 (6) or b8 (1).
KING_CONTINUES = "W:WK29:B22,10"


def test_schmidt_king_must_land_where_it_can_continue() -> None:
    assert legal(KING_CONTINUES, "german") == ["29x15x1", "29x15x6"]


def test_schmidt_without_mandatory_continuation_gives_both_answers() -> None:
    got = legal(KING_CONTINUES, "german", "must-land-to-continue=off")
    # every single-capture stop, and the two double captures (the capture, once the king
    # stands on e5, must still be completed: there is no stop on e5)
    assert got == ["29x11", "29x15x1", "29x15x6", "29x18", "29x4", "29x8"]


def test_ass_lands_directly_behind_every_piece() -> None:
    # directly behind c3 is d4; from d4 nothing can be captured
    assert legal(KING_CONTINUES, "german-ass") == ["29x18"]


def test_ass_behind_last_reading_frees_the_intermediate_landing() -> None:
    # the second reading: free while capturing, directly behind the last piece at the end
    assert legal(KING_CONTINUES, "german", "landing=behind-last") == ["29x15x6"]


def test_ass_king_may_approach_from_a_distance() -> None:
    # a1 king, black man on d4 (18) with b2 and c3 empty: lands on e5 only
    assert legal("W:WK29:B18", "german-ass") == ["29x15"]
    assert legal("W:WK29:B18", "german") == ["29x11", "29x15", "29x4", "29x8"]


def test_russian_and_international_kings_must_continue() -> None:
    assert legal(KING_CONTINUES, "russian") == ["29x15x1", "29x15x6"]
    # 10x10: king a1 (46) over c3 (37) may land on d4 32, e5 28, f6 23 ... j10 5; only from
    # e5 can it go on, up-left over d6 (22) to c7 17, b8 11 or a9 6.
    assert legal("W:WK46:B37,22", "international") == ["46x28x11", "46x28x17", "46x28x6"]


# --- the capture routine: ghosts, origin square, jumped once --------------------------


def test_captured_pieces_block_and_are_jumped_once() -> None:
    # King a1 (29); black d4 18, g5 16, g3 24, c5 14.  Over d4 the king lands e5 15 or f6 11.
    # From e5: over g3 to h2 (28).  From f6: over g5 to h4 (20), then over g3 to f2 (27) or
    # e1 (31).  From f2 the way up-left to c5 passes d4, which is still on the board as a
    # captured piece: it blocks, so c5 is never captured.
    expected = ["29x11x20x27", "29x11x20x31", "29x15x28"]
    for key in ("german", "russian"):
        got = position("W:WK29:B18,16,24,14", key).legal_moves()
        assert sorted(m.full_text() for m in got) == expected
        assert all(14 not in m.captured for m in got)


def test_piece_cannot_be_jumped_twice() -> None:
    # a lone victim: after jumping c3 the king could turn back over it - never allowed
    moves = position("W:WK29:B22", "german").legal_moves()
    assert moves and all(len(m.captured) == 1 for m in moves)


def test_origin_square_counts_as_empty() -> None:
    # Russian man c3 (22) runs round the diamond b4 17, b6 9, d6 10, d4 18 and lands on its
    # own starting square.  Both directions are one move (same from, to and captured set).
    moves = position("W:W22:B18,10,9,17", "russian").legal_moves()
    assert len(moves) == 1
    (move,) = moves
    assert move.from_sq == move.to_sq == 22
    assert sorted(move.captured) == [9, 10, 17, 18]
    assert len(move.paths) == 2
    after = position("W:W22:B18,10,9,17", "russian").play(move)
    assert after.fen() == "B:W22:B"


# --- promotion during a capture ---------------------------------------------------------

# White man f6 (11) jumps e7 (7) to d8 (2), the crowning row.  From d8 a piece moving
# backward could jump c7 (6) to b6 (9); a flying king could also land on a5 (13).
PROMOTION = "W:W11:B7,6"


@pytest.mark.parametrize("key", ["german", "german-ass", "english", "czech", "backward-men"])
def test_promotion_stop(key: str) -> None:
    if key == "backward-men":
        # even a man that could capture backward stops when it is crowned
        pos = position(PROMOTION, "german", "promotion=stop", "men-capture-backward=on")
    else:
        pos = position(PROMOTION, key)
    (move,) = pos.legal_moves()
    assert move.full_text() == "11x2"
    assert move.promotes
    after = pos.play(move)
    crowned = after.piece_at(2)
    assert crowned is not None and crowned.kind is Kind.KING
    assert after.piece_at(6) is not None  # the move ended: c7 survives


def test_promotion_continue_as_king_russian() -> None:
    moves = position(PROMOTION, "russian").legal_moves()
    assert sorted(m.full_text() for m in moves) == ["11x2x13", "11x2x9"]
    assert all(m.promotes and sorted(m.captured) == [6, 7] for m in moves)


@pytest.mark.parametrize("key", ["brazilian", "pool"])
def test_promotion_pass_through_8x8(key: str) -> None:
    pos = position(PROMOTION, key)
    (move,) = pos.legal_moves()
    assert move.full_text() == "11x2x9"  # continues as a man: one step beyond c7 only
    assert not move.promotes
    after = pos.play(move)
    assert after.piece_at(9) == position("W:W9:B", key).piece_at(9)  # still a man
    # if the capture ends on the back row, the man is crowned
    (ends,) = position("W:W11:B7", key).legal_moves()
    assert ends.full_text() == "11x2" and ends.promotes


def test_promotion_pass_through_international() -> None:
    # man f8 (13) over e9 (8) to d10 (2), then backward over c9 (7) to b8 (11)
    (move,) = position("W:W13:B8,7", "international").legal_moves()
    assert move.full_text() == "13x2x11"
    assert not move.promotes


def test_promotion_stop_italian() -> None:
    # Italian board: man e6 (11) over f7 (7) to g8 (4); e6 up-right is f7, then g8
    (move,) = position("W:W11:B7,8", "italian").legal_moves()
    assert move.full_text() == "11x4" and move.promotes


# --- capture precedence -----------------------------------------------------------------


def test_italian_count_first() -> None:
    # Italian squares: man d3 (22) over e4 19 to f5 15, over g6 12 to h7 8 (two pieces);
    # man c2 (26) over b3 21 to a4 17 (one piece); a king d1 (30) could take one.
    assert legal("W:W22,26:B19,12,21", "italian") == ["22x15x8"]
    assert legal("W:W22,K30:B19,12,26", "italian") == ["22x15x8"]
    free = legal("W:W22,26:B19,12,21", "italian", "capture-rule=free")
    assert free == ["22x15x8", "26x17"]


def test_italian_capture_with_the_king_first() -> None:
    # king d1 (30) over c2 26 to b3 21; man f3 (23) over g4 20 to h5 16: equal count
    assert legal("W:WK30,23:B26,20", "italian") == ["30x21"]


def test_italian_most_kings() -> None:
    # king d1 (30): over the man c2 (26) to b3 21, or over the king e2 (27) to f3 23
    assert legal("W:WK30:B26,K27", "italian") == ["30x23"]


def test_italian_earliest_king() -> None:
    # king d3 (22): over king c4 18 to b5 13, then man c6 10 to d7 6 (king first), or over
    # man e4 19 to f5 15, then king g6 12 to h7 8 (king second).  Same count and kings.
    assert legal("W:WK22:BK18,10,19,K12", "italian") == ["22x13x6"]
    assert legal("W:WK22:BK18,10,19,K12", "italian", "capture-rule=max") == [
        "22x13x6",
        "22x15x8",
    ]


def test_italian_men_cannot_capture_kings() -> None:
    # man d3 (22) next to a black king on e4 (19), f5 free: no capture
    assert legal("W:W22:BK19", "italian") == ["22-18"]
    assert legal("W:W22:BK19", "italian", "men-capture-kings=on") == ["22x15"]
    assert legal("W:WK22:BK19", "italian") == ["22x15"]  # kings take kings
    # the switch works on any rule set (standard numbering: man c3 22, king d4 18)
    assert legal("W:W22:BK18", "german", "men-capture-kings=off") == ["22-17"]
    assert legal("W:W22:BK18", "german") == ["22x15"]


def test_spanish_quality_rule() -> None:
    # Spanish numbers (White on 1-12): men d3 (11) and b3 (12); black man e4 (14), black
    # king c4 (15).  Three single captures; only the two that take the king remain.
    assert legal("W:W11,12:B14,K15", "spanish") == ["11x20", "12x19"]
    assert legal("W:W11,12:B14,K15", "spanish", "capture-rule=free") == [
        "11x18",
        "11x20",
        "12x19",
    ]
    # quantity before quality: two men (e4 14, f5? no - g6 21) beat one king
    assert legal("W:W11,12:B14,21,K15", "spanish") == ["11x18x25"]


def test_czech_king_priority_even_against_more_pieces() -> None:
    # man h2 (28) over g3 24 and e5 15 to d6 10 (two pieces); king a1 (29) over e5 15
    # (b2, c3, d4 free) to f6 11, g7 8 or h8 4 (one piece)
    fen = "W:W28,K29:B24,15"
    assert legal(fen, "czech") == ["29x11", "29x4", "29x8"]
    assert legal(fen, "german") == ["28x19x10", "29x11", "29x4", "29x8"]


def test_max_rule() -> None:
    fen = "W:W28,K29:B24,15"
    assert legal(fen, "german", "largest-capture=on") == ["28x19x10"]
    assert legal(fen, "brazilian") == ["28x19x10"]
    assert legal(fen, "german", "capture-rule=max") == ["28x19x10"]
    # International: a king and a man count the same (INT-11).  King a1 (46) and man b4
    # (31) can each take c3 (37): the king lands anywhere from d4 (32) to j10 (5), the man
    # on d2 (42).  All eight single captures stay.
    assert legal("W:WK46,31:B37,26", "international") == [
        "31x42",
        "46x10",
        "46x14",
        "46x19",
        "46x23",
        "46x28",
        "46x32",
        "46x5",
    ]


# --- huffing ("Blasen"), RULES.md decision 4 and section 5 (DE-10) --------------------

# White men c3 (22) and h2 (28), black man d4 (18) with e5 (15) free, and a black man on b8
# (1).  Strict: 22x15.  With huffing White may also play 22-17 or 28-24.
HUFF = "W:W22,28:B18,1"


def huff_game() -> Game:
    return Game(rules("german", "huffing=on"), start=position(HUFF, "german", "huffing=on"))


def test_huffing_move_lists() -> None:
    assert legal(HUFF, "german") == ["22x15"]
    assert sorted(m.full_text() for m in huff_game().legal_moves()) == [
        "22-17",
        "22x15",
        "28-24",
    ]
    strict = Game(rules("german"), start=position(HUFF, "german"))
    with pytest.raises(IllegalMoveError):
        strict.play("28-24")


def test_huffing_blow_after_other_piece_moved() -> None:
    game = huff_game()
    game.play("28-24")
    pending = game.pending_huff
    assert pending is not None and pending.offender is Color.WHITE
    assert pending.candidates == (22,)
    with pytest.raises(GameError):
        game.huff(HuffChoice.BLOW, 24)
    game.huff(HuffChoice.BLOW, 22)
    assert game.position.piece_at(22) is None
    assert game.position.turn is Color.BLACK  # the blow is not a move
    assert game.position.fen() == "B:W24:B1,18"
    assert game.pending_huff is None
    game.play("18-22")  # Black then moves normally
    after = game.position  # a new name: mypy would keep the narrowing to BLACK from above
    assert after.turn is Color.WHITE


def test_huffing_blow_the_piece_that_moved() -> None:
    game = huff_game()
    game.play("22-17")
    pending = game.pending_huff
    assert pending is not None and pending.candidates == (17,)
    game.huff(HuffChoice.BLOW, 17)
    assert game.position.fen() == "B:W28:B1,18"


def test_huffing_accept_and_correct() -> None:
    game = huff_game()
    game.play("22-17")
    game.huff(HuffChoice.ACCEPT)
    assert game.pending_huff is None
    assert game.position.fen() == "B:W17,28:B1,18"

    game = huff_game()
    game.play("28-24")
    game.huff(HuffChoice.CORRECT)
    assert game.position == position(HUFF, "german")
    assert [m.full_text() for m in game.legal_moves()] == ["22x15"]
    with pytest.raises(IllegalMoveError):
        game.play("22-17")
    game.play("22x15")
    assert game.pending_huff is None


def test_huffing_not_pending_after_a_capture_and_error_without_one() -> None:
    game = huff_game()
    game.play("22x15")
    assert game.pending_huff is None
    with pytest.raises(GameError):
        game.huff(HuffChoice.ACCEPT)


# --- results ----------------------------------------------------------------------------


def test_blocked_side_loses_and_giveaway_inverts() -> None:
    # White man a1 (29) faces black men b2 (25) and c3 (22): no move, no capture
    blocked = "W:W29:B25,22"
    assert legal(blocked, "german") == []
    game = Game(rules("german"), start=position(blocked, "german"))
    assert game.result == Result(Color.BLACK, Reason.NO_MOVES)
    game = Game(rules("german", "giveaway=on"), start=position(blocked, "german", "giveaway=on"))
    assert game.result == Result(Color.WHITE, Reason.NO_MOVES)


def test_no_pieces_loses_and_giveaway_inverts() -> None:
    # Black captures White's last piece
    for giveaway, winner in (("off", Color.BLACK), ("on", Color.WHITE)):
        rs = rules("german", f"giveaway={giveaway}")
        game = Game(rs, start=Position.from_fen("B:W22:B18,1", rs))
        game.play("18x25")
        assert game.result == Result(winner, Reason.NO_PIECES)
        with pytest.raises(GameError):
            game.play("1-5")


def test_agreement_and_resignation() -> None:
    game = Game(rules("german"))
    game.agree_draw()
    assert game.result == Result(None, Reason.AGREEMENT)
    assert game.result.is_draw and game.legal_moves() == []
    game = Game(rules("german"))
    game.play("22-18")
    game.resign(Color.BLACK)
    assert game.result == Result(Color.WHITE, Reason.RESIGNATION)
    with pytest.raises(GameError):
        game.agree_draw()


# --- draw rules -------------------------------------------------------------------------


def play_all(game: Game, moves: list[str]) -> None:
    for text in moves:
        assert game.result is None, f"game ended before {text}: {game.result}"
        game.play(text)


def shuffle(
    game: Game,
    plies: int,
    *,
    kings_only: bool = True,
    men_only: bool = False,
    keep: Callable[[Position], bool] = lambda _pos: True,
) -> None:
    """Play ``plies`` quiet moves that leave no capture to the opponent (first in order).

    ``keep`` filters the positions the moves may lead to (e.g. the lone king stays on the
    long diagonal).  Fails if the game ends before the last ply.
    """
    for ply in range(plies):
        assert game.result is None, f"game ended at ply {ply} of {plies}: {game.result}"
        pos = game.position
        for move in game.legal_moves():
            piece = pos.piece_at(move.from_sq)
            assert piece is not None
            if men_only:
                if move.is_capture or piece.is_king:
                    continue
            elif move.is_capture or (kings_only and not piece.is_king):
                continue
            after = pos.play(move)
            if after.has_capture() or not keep(after):
                continue
            game.play(move)
            break
        else:
            raise AssertionError(f"no quiet safe move in {pos.fen()}")


def shuffle_then_check(
    game: Game, plies: int, reason: Reason, keep: Callable[[Position], bool] = lambda _pos: True
) -> None:
    """After plies-1 quiet plies the game goes on; the next one draws for ``reason``."""
    shuffle(game, plies - 1, keep=keep)
    assert game.result is None
    shuffle(game, 1, keep=keep)
    assert game.result == Result(None, reason)


def test_threefold_repetition_needs_the_same_side_to_move() -> None:
    # kings g1 (32) and h8 (4).  White's triangle g1-e3-f2-g1 brings the placement back
    # with Black to move; then 4-ply cycles g1-h2 / h8-g7 repeat it.
    game = Game(rules("german"), start=position("W:WK32:BK4", "german"))
    play_all(game, ["32-23", "4-8", "23-27", "8-4", "27-32"])  # (P, Black) #1
    play_all(game, ["4-8", "32-28", "8-4", "28-32"])  # (P, Black) #2; P seen 3 times
    assert game.result is None
    play_all(game, ["4-8", "32-28", "8-4", "28-32"])  # (P, Black) #3
    assert game.result == Result(None, Reason.REPETITION)


def test_repetition_switch() -> None:
    game = Game(rules("german", "repetition=0"), start=position("W:WK32:BK4", "german"))
    play_all(game, ["32-28", "4-8", "28-32", "8-4"] * 3)
    assert game.result is None


def test_german_80_plies_man_moves_do_not_reset() -> None:
    rs = rules("german", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK32,21:BK4", rs))
    play_all(game, ["32-28", "4-8", "28-32", "8-4"] * 19 + ["32-28", "4-8"])  # 78 plies
    game.play("21-17")  # a man move: no reset in German
    assert game.state.quiet_plies == 79 and game.result is None
    game.play("8-4")
    assert game.result == Result(None, Reason.MOVE_LIMIT)


def test_german_80_plies_reset_by_promotion_and_capture() -> None:
    rs = rules("german", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK32,6:BK4", rs))
    play_all(game, ["32-28", "4-8"])
    assert game.state.quiet_plies == 2
    game.play("6-1")  # promotion
    assert game.state.quiet_plies == 0
    game = Game(rules("german"))
    play_all(game, ["22-18", "11-15"])
    assert game.state.quiet_plies == 2
    game.play("18x11")
    assert game.state.quiet_plies == 0


def test_english_40_moves_each() -> None:
    rs = rules("english", "repetition=0")
    cycle = ["4-8", "32-28", "8-4", "28-32"]  # Black moves first in English
    game = Game(rs, start=Position.from_fen("B:WK32,21:BK4", rs))
    play_all(game, cycle * 19 + ["4-8", "32-28", "8-4"])  # 79 plies
    assert game.result is None
    game.play("28-32")
    assert game.result == Result(None, Reason.MOVE_LIMIT)
    # a man move restarts the count
    game = Game(rs, start=Position.from_fen("B:WK32,21:BK4", rs))
    play_all(game, cycle * 19 + ["4-8", "21-17", "8-4"])
    assert game.state.quiet_plies == 1
    game.play("32-28")
    assert game.result is None


def test_fmjd_25_king_moves() -> None:
    rs = rules("international", "repetition=0")
    fen = "W:WK47,36:BK4,15"  # kings and a man each: no few-piece endgame rule applies
    game = Game(rs, start=Position.from_fen(fen, rs))
    shuffle_then_check(game, 50, Reason.MOVE_LIMIT)
    game = Game(rs, start=Position.from_fen(fen, rs))
    shuffle(game, 30)
    game.play("36-31")  # a man move resets
    assert game.state.quiet_plies == 0
    shuffle(game, 49)
    assert game.result is None


def test_fmjd_16_moves_three_pieces_against_a_king() -> None:
    rs = rules("international", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK46,K47,K48:BK3", rs))
    shuffle_then_check(game, 32, Reason.ENDGAME_LIMIT)
    # a king and two men count too
    game = Game(rs, start=Position.from_fen("W:WK46,36,37:BK3", rs))
    shuffle_then_check(game, 32, Reason.ENDGAME_LIMIT)


def test_fmjd_5_moves_two_pieces_against_a_king() -> None:
    rs = rules("international", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK46,K47:BK3", rs))
    shuffle_then_check(game, 10, Reason.ENDGAME_LIMIT)


def test_fmjd_capture_from_three_to_two_starts_a_fresh_5_move_count() -> None:
    rs = rules("international", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK46,K47,K48:BK3", rs))
    shuffle(game, 6)
    assert game.state.endgame_plies == 6
    pos = game.position
    # White leaves a king en prise; Black must take it
    hang = next(m for m in game.legal_moves() if not m.is_capture and pos.play(m).has_capture())
    game.play(hang)
    (take, *_rest) = game.legal_moves()
    assert take.is_capture
    game.play(take)
    assert game.position.count(Color.WHITE) == 2
    assert game.state.endgame_plies == 0 and game.state.endgame_limit == 10
    shuffle_then_check(game, 10, Reason.ENDGAME_LIMIT)


def test_russian_7_2_5_fifteen_king_moves() -> None:
    rs = rules("russian", "repetition=0")
    # 8 pieces: kings and men on both sides, so 7.2.6 (4-7 pieces) does not apply
    fen = "W:WK32,21,25,29:BK1,12,8,4"
    game = Game(rs, start=Position.from_fen(fen, rs))
    shuffle_then_check(game, 30, Reason.MOVE_LIMIT)


def test_russian_7_2_6_unchanged_balance() -> None:
    rs = rules("russian", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK32,29:BK1,4", rs))  # 4 pieces, kings both
    assert game.state.endgame_limit == 60
    shuffle(game, 28)
    shuffle(game, 1, men_only=True)
    assert game.state.quiet_plies == 0  # 7.2.5 restarted by the man move ...
    assert game.state.endgame_plies == 29  # ... but not the balance count
    shuffle(game, 27)
    shuffle(game, 1, men_only=True)
    assert game.state.endgame_plies == 57
    shuffle_then_check(game, 3, Reason.ENDGAME_LIMIT)
    six = Game(rs, start=Position.from_fen("W:WK32,29,30:BK1,4,3", rs))
    assert six.state.endgame_limit == 120


def _on_long_diagonal(colour: Color) -> Callable[[Position], bool]:
    diagonal = {29, 25, 22, 18, 15, 11, 8, 4}

    def check(pos: Position) -> bool:
        lone = [sq for sq, p in pos.pieces().items() if p.color is colour]
        return len(lone) == 1 and lone[0] in diagonal

    return check


def test_russian_7_2_4_three_kings_against_one() -> None:
    # lone king on b8 (1), kept off the long diagonal.  With kings only, 7.2.5 (15 king
    # moves) ends the game at the same ply, so switch it off to see 7.2.4 on its own.
    on_diagonal = _on_long_diagonal(Color.BLACK)
    rs = rules("russian", "repetition=0", "quiet-plies=0")
    game = Game(rs, start=Position.from_fen("W:WK30,K31,K32:BK1", rs))
    assert game.state.endgame_limit == 30
    shuffle_then_check(game, 30, Reason.ENDGAME_LIMIT, keep=lambda p: not on_diagonal(p))
    rs = rules("russian", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK30,K31,K32:BK1", rs))
    shuffle(game, 29, keep=lambda p: not on_diagonal(p))
    assert game.result is None
    shuffle(game, 1, keep=lambda p: not on_diagonal(p))
    assert game.result is not None and game.result.is_draw


def test_russian_7_2_4_count_survives_a_visit_to_the_long_diagonal() -> None:
    # 7.2.4 counts from the moment the balance (3 kings vs 1) arises.  The lone king b8 (1)
    # steps onto the long diagonal (e5, 15) and back; the count must not start again.
    # White shuffles e1-d2 (31-26), Black b8-a7 (1-5); nothing can capture.
    rs = rules("russian", "repetition=0", "quiet-plies=0")
    game = Game(rs, start=Position.from_fen("W:WK30,K31,K32:BK1", rs))
    cycle = ["31-26", "1-5", "26-31", "5-1"]
    play_all(game, cycle * 3 + ["31-26", "1-15", "26-31", "15-1"] + cycle * 3 + ["31-26"])
    assert game.result is None  # 29 plies
    game.play("1-5")
    assert game.result == Result(None, Reason.ENDGAME_LIMIT)


def test_russian_7_2_7_long_diagonal() -> None:
    rs = rules("russian", "repetition=0")
    keep = _on_long_diagonal(Color.BLACK)
    game = Game(rs, start=Position.from_fen("W:WK30,K31,24:BK4", rs))  # 2 kings + man
    shuffle_then_check(game, 10, Reason.ENDGAME_LIMIT, keep=keep)


def test_russian_7_2_7_three_kings_on_the_long_diagonal() -> None:
    # 3 kings vs a lone king on a1-h8 falls under 7.2.7 (5 moves) as well as 7.2.4 (15):
    # the 5-move limit comes first.
    rs = rules("russian", "repetition=0")
    keep = _on_long_diagonal(Color.BLACK)
    game = Game(rs, start=Position.from_fen("W:WK30,K31,K32:BK4", rs))
    shuffle_then_check(game, 10, Reason.ENDGAME_LIMIT, keep=keep)


@pytest.mark.parametrize("fen", ["W:WK30,K31:BK1", "W:WK30,24:BK1", "W:WK30:BK1"])
def test_russian_7_2_8_two_pieces_or_fewer(fen: str) -> None:
    rs = rules("russian", "repetition=0")
    game = Game(rs, start=Position.from_fen(fen, rs))
    shuffle_then_check(game, 10, Reason.ENDGAME_LIMIT)


def test_pool_three_kings_against_one_in_13_moves() -> None:
    rs = rules("pool", "repetition=0")
    game = Game(rs, start=Position.from_fen("W:WK30,K31,K32:BK1", rs))
    shuffle_then_check(game, 26, Reason.ENDGAME_LIMIT)


def test_german_three_kings_against_one_on_the_long_diagonal() -> None:
    german = rules("german")
    # kings b8, d8, f8 (1, 2, 3) against a king on c3 (22): none of them can take it
    game = Game(german, start=Position.from_fen("W:WK1,K2,K3:BK22", german))
    assert game.result == Result(None, Reason.THREE_KINGS_DIAGONAL)
    game = Game(german, start=Position.from_fen("B:WK1,K2,K3:BK22", german))
    assert game.result == Result(None, Reason.THREE_KINGS_DIAGONAL)
    # the lone king off the diagonal (a3 = 21): play on
    game = Game(german, start=Position.from_fen("W:WK1,K2,K3:BK21", german))
    assert game.result is None
    # the strong side to move can take it at once: g7 (8) over c3 to b2 - play on
    game = Game(german, start=Position.from_fen("W:WK1,K2,K8:BK22", german))
    assert game.result is None
    # the switch
    off = rules("german", "three-kings-diagonal=off")
    game = Game(off, start=Position.from_fen("W:WK1,K2,K3:BK22", off))
    assert game.result is None


def test_german_three_kings_rule_when_it_arises_in_play() -> None:
    german = rules("german")
    game = Game(german, start=Position.from_fen("W:WK1,K2,7:BK22", german))
    assert game.result is None
    game.play("7-3")  # crowned: 3 kings vs 1 on the diagonal, Black to move
    assert game.result == Result(None, Reason.THREE_KINGS_DIAGONAL)


# --- FEN --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("W:W021,022:B01", "W:W21,22:B1"),
        (" W : W21 , 22 : B1 ", "W:W21,22:B1"),
        ("W:W21,22:B1.", "W:W21,22:B1"),
        ('"W:W21,22:B1"', "W:W21,22:B1"),
        ("W:W21-32:B1-12", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"),
        ("B:WK1-3:B30", "B:WK1,K2,K3:B30"),
        ("B:WK1-K3:B30", "B:WK1,K2,K3:B30"),
        ("W:W:B1", "W:W:B1"),
        ("W:W21:B", "W:W21:B"),
        ("W:B1:W21", "W:W21:B1"),
        ("W:Wc3,Ke3:Bd6", "W:W22,K23:B10"),
        ("W:Wh6:Bg7,c5,d2", "W:W12:B8,14,26"),
        ("W:W21-32:B1-12:H0:F1", Position.start(find_rules("german")).fen()),
        ("w:w21:b1", "W:W21:B1"),
    ],
)
def test_fen_tolerance(text: str, expected: str) -> None:
    assert Position.from_fen(text, find_rules("german")).fen() == expected


def test_fen_question_mark_turn_uses_the_rule_sets_first_player() -> None:
    assert Position.from_fen("?:W21:B1", find_rules("german")).turn is Color.WHITE
    assert Position.from_fen("?:W21:B1", find_rules("english")).turn is Color.BLACK


def test_fen_algebraic_output() -> None:
    pos = Position.from_fen("W:W22,K23:B10", find_rules("russian"))
    assert pos.fen(algebraic=True) == "W:Wc3,Ke3:Bd6"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("", "empty"),
        ("X:W21:B1", "'X'"),
        ("W:W21,99:B1", "99"),
        ("W:W21,,22:B1", "'W21,,22'"),
        ("W:Wzz:B1", "'zz'"),
        ("W:Wc4:B1", "'c4'"),
        ("W:W21:B21", "21"),
        ("W:W23-21:B1", "'23-21'"),
        ("W:Q21:B1", "'Q21'"),
        ("W:W21:W22", "listed twice"),
        ("W", "no piece lists"),
    ],
)
def test_fen_errors_name_the_bad_part(text: str, named: str) -> None:
    with pytest.raises(FenError) as info:
        Position.from_fen(text, find_rules("german"))
    assert named in str(info.value)


def test_fen_10x10_range_and_error() -> None:
    intl = find_rules("international")
    assert Position.from_fen("W:W31-50:B1-20", intl) == Position.start(intl)
    with pytest.raises(FenError, match="51"):
        Position.from_fen("W:W51:B1", intl)


# --- numbering and first moves ------------------------------------------------------------


def test_standard_numbering() -> None:
    geo = geometry(8)
    assert [geo.sq_name(s) for s in (1, 4, 29, 32, 22, 12)] == ["b8", "h8", "a1", "g1", "c3", "h6"]
    long_diagonal = [geo.sq_from_name(n) for n in ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")]
    assert long_diagonal == [29, 25, 22, 18, 15, 11, 8, 4]
    ten = geometry(10)
    assert [ten.sq_name(s) for s in (1, 5, 6, 46, 50)] == ["b10", "j10", "a9", "a1", "i1"]


def test_italian_numbering_and_first_moves() -> None:
    geo = geometry(8, Numbering.ITALIAN)
    assert [geo.sq_name(s) for s in (1, 4, 5, 29, 32)] == ["a8", "g8", "b7", "b1", "h1"]
    start = Position.start(find_rules("italian"))
    assert start.fen() == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert sorted(m.full_text() for m in start.legal_moves()) == [
        "21-17",
        "21-18",
        "22-18",
        "22-19",
        "23-19",
        "23-20",
        "24-20",
    ]  # IT-01


def test_spanish_numbering() -> None:
    geo = geometry(8, Numbering.SPANISH)
    ita = geometry(8, Numbering.ITALIAN)
    assert all(geo.sq_name(n) == ita.sq_name(33 - n) for n in range(1, 33))
    start = Position.start(find_rules("spanish"))
    white = [sq for sq, p in start.pieces().items() if p.color is Color.WHITE]
    assert white == list(range(1, 13))
    assert start.turn is Color.WHITE
    assert {geo.sq_name(sq) for sq in white} == {ita.sq_name(sq) for sq in range(21, 33)}


def test_german_first_moves() -> None:
    start = Position.start(find_rules("german"))
    assert start.fen() == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert sorted(m.full_text() for m in start.legal_moves()) == [
        "21-17",
        "22-17",
        "22-18",
        "23-18",
        "23-19",
        "24-19",
        "24-20",
    ]  # DE-01


def test_who_starts() -> None:
    for key, first in (
        ("german", Color.WHITE),
        ("english", Color.BLACK),
        ("pool", Color.BLACK),
        ("international", Color.WHITE),
        ("russian", Color.WHITE),
    ):
        assert Position.start(find_rules(key)).turn is first
    assert Position.start(rules("german", "first=black")).turn is Color.BLACK


# --- move text ----------------------------------------------------------------------------

# White man c3 (22) with black men b4 17, b6 9, d4 18, d6 10: two double captures from c3 to
# c7 (6), one over the b-file men (via a5 13), one over the d-file men (via e5 15).
TWO_WAYS = "W:W22:B17,9,18,10"


def test_parse_quiet_and_algebraic() -> None:
    start = Position.start(find_rules("german"))
    for text in ("22-18", "22x18", " 22 - 18 ", "022-018", "c3-d4", "C3-D4", "c3:d4"):
        assert start.parse_move(text).full_text() == "22-18"
    with pytest.raises(IllegalMoveError):
        start.parse_move("22-15")
    for bad in ("hello", "22", "22-99", "z9-a1", ""):
        with pytest.raises(MoveParseError):
            start.parse_move(bad)


def test_parse_captures_full_short_and_ambiguous() -> None:
    pos = position(TWO_WAYS, "german")
    assert sorted(m.full_text() for m in pos.legal_moves()) == ["22x13x6", "22x15x6"]
    assert set(pos.parse_move("22x13x6").captured) == {9, 17}
    assert set(pos.parse_move("22x15x6").captured) == {10, 18}
    assert set(pos.parse_move("c3:e5:c7").captured) == {10, 18}
    assert set(pos.parse_move("22-15-6").captured) == {10, 18}  # the separator is a hint
    with pytest.raises(AmbiguousMoveError):
        pos.parse_move("22x6")
    with pytest.raises(AmbiguousMoveError):
        pos.parse_move("c3:c7")
    with pytest.raises(IllegalMoveError):
        pos.parse_move("22x13")  # not a complete capture
    with pytest.raises(IllegalMoveError):
        pos.parse_move("22-17")  # capture is compulsory
    # writing: short form only where unambiguous
    for move in pos.legal_moves():
        assert pos.move_text(move) == move.full_text()


def test_parse_short_capture_and_three_square_path() -> None:
    # man 10 (d6) for Black: over 15 (e5) to 19 (f4), over 24? use a White man instead:
    # White man 27 (f2) over 23 (e3) to 18 (d4), over 14 (c5) to 9 (b6)
    pos = position("W:W27:B23,14", "german")
    (move,) = pos.legal_moves()
    assert move.full_text() == "27x18x9"
    assert pos.parse_move("27x9") == move
    assert pos.parse_move("27x18x9") == move
    assert pos.parse_move("27-9") == move
    assert pos.parse_move("f2:b6") == move
    assert pos.parse_move("f2:d4:b6") == move
    assert pos.move_text(move) == "27x9"
    assert pos.move_text(move, style="full") == "27x18x9"
    assert pos.move_text(move, algebraic=True) == "f2xb6"
    assert position("W:W27:B23,14", "russian").move_text(move, algebraic=True) == "f2:b6"
    with pytest.raises(IllegalMoveError):
        pos.parse_move("27x18x14")


def test_same_endpoints_different_captured_sets_are_two_moves() -> None:
    moves = position(TWO_WAYS, "german").legal_moves()
    assert len(set(moves)) == 2
    a, b = moves
    assert a != b and (a.from_sq, a.to_sq) == (b.from_sq, b.to_sq)


def test_game_play_accepts_move_or_text() -> None:
    game = Game(rules("german"))
    move = game.play("c3-d4")
    assert isinstance(move, Move) and move.full_text() == "22-18"
    game.undo()
    assert game.position == Position.start(find_rules("german"))
    game.redo()
    assert game.last_move == move


def test_routes_differing_only_in_the_landing_between_two_pieces_are_one_move() -> None:
    # King a1 (29) over c3 (22) may land on d4 (18) or e5 (15) before jumping f6 (11) to
    # g7 (8) or h8 (4): two moves, each with two routes (INT-03 on 8x8).  The written path
    # takes the landing nearest the captured piece; either route reads back.
    pos = position("W:WK29:B22,11", "german")
    moves = pos.legal_moves()
    assert sorted(m.full_text() for m in moves) == ["29x18x4", "29x18x8"]
    for move in moves:
        assert sorted(move.paths) == sorted([(29, 18, move.to_sq), (29, 15, move.to_sq)])
        assert pos.move_text(move) == f"29x{move.to_sq}"
        assert pos.parse_move(f"29x15x{move.to_sq}") == move
        assert pos.parse_move(f"29x18x{move.to_sq}") == move


def test_position_as_text() -> None:
    pos = position("W:W22:B18", "german")
    assert pos.describe().text("de") == "Hell c3; Dunkel d4. Hell ist am Zug."
    assert pos.describe().text("en") == "Light c3; Dark d4. Light to move."
    desc = position("B:WK22:B18,K1", "german").describe()
    assert [(e.color, e.kind, e.square, e.name) for e in desc.pieces] == [
        (Color.WHITE, Kind.KING, 22, "c3"),
        (Color.BLACK, Kind.KING, 1, "b8"),
        (Color.BLACK, Kind.MAN, 18, "d4"),
    ]
    assert desc.turn is Color.BLACK
    assert desc.text("de").endswith("Dunkel ist am Zug.") and "Dame c3" in desc.text("de")


def test_fen_empty_board_is_accepted() -> None:
    # Problem files carry the empty board as `W::.` (FMJD suite, bridges.pdn).
    empty = Position.from_fen("W::.", find_rules("english"))
    assert empty.pieces() == {} and empty.fen() == "W:W:B"


def test_exact_full_path_wins_over_a_longer_route_through_the_same_squares() -> None:
    # Russian: 16x23x32, or crown on 30 and come back as a king 30x21x14x32; both pass 23.
    pos = position("B:W17,19,20,25,26,27,29,31:B1,2,3,4,8,9,10,11,12,16", "russian")
    assert sorted(m.full_text() for m in pos.legal_moves()) == ["16x23x30x21x14x32", "16x23x32"]
    assert pos.parse_move("16x23x32").path == (16, 23, 32)
    assert pos.parse_move("g5:e3:g1").path == (16, 23, 32)
    assert pos.parse_move("16x23x30x21x14x32").path == (16, 23, 30, 21, 14, 32)
    assert pos.parse_move("16x30x32").path == (16, 23, 30, 21, 14, 32)  # a subsequence still fits
    with pytest.raises(AmbiguousMoveError):
        pos.parse_move("16x32")
