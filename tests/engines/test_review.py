"""Game review with the built-in engine: marks, forced moves, annotation, re-analysis."""

from __future__ import annotations

import io

import pytest

from dame_desktop.ai.search import Limit
from dame_desktop.core import Position, find_rules
from dame_desktop.engines import (
    BuiltinEngine,
    ReviewCancelled,
    annotate,
    clear_review,
    parse_eval,
    review_game,
)
from dame_desktop.pdn import ChildNode, Game, Nag, read_game, write_game
from tests.engines.helpers import parent

GERMAN = find_rules("german")
LIMIT = Limit(depth=6)

# 3. 17-14?? drops a man to 9x18x25; 29x22 is then forced (10x17 21x14 only exchanges)
BLUNDER = """[Event "test"]
[White "A"]
[Black "B"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
[Rules "german"]
1. 22-17 11-16 2. 25-22 {a user comment} 8-11 3. 17-14 9x25 4. 29x22 *
"""


def load(text: str) -> Game:
    game = read_game(io.StringIO(text))
    assert isinstance(game, Game) and not game.errors
    return game


def reread(game: Game) -> Game:
    return load(write_game(game))


def nodes(game: Game) -> list[ChildNode]:
    return list(game.mainline())


def test_a_dropped_man_is_a_blunder_with_the_better_move_and_its_line() -> None:
    game = load(BLUNDER)
    review = review_game(game, BuiltinEngine(), LIMIT)
    assert [m.ply for m in review.moves] == list(range(1, 8))
    blunder = review.moves[4]
    assert blunder.move.full_text() == "17-14"
    assert blunder.mark == "??" and blunder.loss >= 0.9
    assert blunder.best != blunder.move
    assert blunder.best_score.men - blunder.score.men >= 0.9
    assert blunder.best_line[0] == blunder.best and len(blunder.best_line) > 2
    # the refutation: the double capture wins the man
    assert blunder.reply_line[0].full_text() == "9x18x25"
    assert review.first.blunders == 1 and review.second.blunders == 0
    assert all(m.mark is None for m in review.moves if m.ply != 5)


def test_a_forced_capture_is_never_marked() -> None:
    game = load(BLUNDER)
    review = review_game(game, BuiltinEngine(), LIMIT)
    forced = review.moves[6]
    assert forced.move.full_text() == "29x22" and forced.forced
    assert forced.mark is None and forced.loss == 0.0 and forced.best == forced.move


def test_a_forced_capture_into_a_shot_is_not_marked() -> None:
    # White must take 22x15 (its only move), after which Black takes two men
    pos = Position.from_fen("W:W22,27,32:B18,10,5", GERMAN)
    legal = pos.legal_moves()
    assert len(legal) == 1 and legal[0].is_capture
    game = Game(GERMAN, pos)
    game.add_line([legal[0]])
    review = review_game(game, BuiltinEngine(), LIMIT)
    assert review.moves[0].forced and review.moves[0].mark is None


def test_annotation_writes_evals_marks_and_the_variation() -> None:
    game = load(BLUNDER)
    review = review_game(game, BuiltinEngine(), LIMIT)
    assert annotate(game, review) == 7
    game = reread(game)
    line = nodes(game)
    for node in line:
        score = parse_eval(node.commands()["eval"])
        assert score is not None
    blunder = line[4]
    assert [n.value for n in blunder.nags] == [4]
    assert "[%review $4]" in blunder.comment
    before = parent(blunder)
    assert len(before.variations) == 2
    ours = before.variations[1]
    assert ours.move == review.moves[4].best and "[%review line]" in ours.starting_comment
    assert ours.next() is not None  # the line goes on
    white_view = parse_eval(blunder.commands()["eval"])
    assert white_view is not None and white_view.men <= -0.9  # White (first) dropped a man
    assert line[1].commands()["eval"] == f"{-review.moves[1].score.men:.2f}"  # Black's move
    assert "a user comment" in line[2].comment
    assert "[%review White: 0 inaccuracies, 0 mistakes, 1 blunder" in game.comment


def test_a_second_analysis_replaces_its_own_and_keeps_the_users() -> None:
    game = load(BLUNDER)
    engine = BuiltinEngine()
    annotate(game, review_game(game, engine, LIMIT))
    game = reread(game)
    line = nodes(game)
    line[0].nags.append(Nag(1, "!"))  # the user's marks and words
    line[0].comment = line[0].comment + " good start"
    game.comment = "Annotated by me. " + game.comment
    user_variation = parent(line[5]).add_variation(
        next(m for m in parent(line[5]).position().legal_moves() if m != line[5].move)
    )
    user_variation.comment = "the other capture"
    # every review starts with the engine's tables fresh, as the window's and `dame analyse`'s
    engine.new_game()
    annotate(game, review_game(reread(game), engine, LIMIT))
    game = reread(game)
    line = nodes(game)
    assert [n.value for n in line[0].nags] == [1]
    assert "good start" in line[0].comment and line[0].comment.count("[%eval") == 1
    assert [n.value for n in line[4].nags] == [4]
    assert len(parent(line[4]).variations) == 2  # ours once, not twice
    assert len(parent(line[5]).variations) == 2  # the user's kept
    assert parent(line[5]).variations[1].comment == "the other capture"
    assert game.comment.startswith("Annotated by me.") and game.comment.count("[%review") == 1
    second_text = write_game(game)
    engine.new_game()
    annotate(game, review_game(reread(game), engine, LIMIT))
    assert write_game(game) == second_text  # the same analysis again: the same file
    clear_review(game)
    text = " ".join(write_game(game).split())  # the writer wraps long comments
    assert "[%eval" not in text and "[%review" not in text
    assert "good start" in text and "the other capture" in text and "Annotated by me." in text


def test_the_users_own_mark_stays_and_ours_is_not_added() -> None:
    game = load(BLUNDER.replace("3. 17-14 ", "3. 17-14? "))
    annotate(game, review_game(game, BuiltinEngine(), LIMIT))
    blunder = nodes(reread(game))[4]
    assert [n.value for n in blunder.nags] == [2]  # the user's "?", not our "??" on top
    assert "[%review $" not in blunder.comment
    clear_review(game)
    assert [n.value for n in nodes(game)[4].nags] == [2]


def test_our_variation_edited_by_the_user_becomes_theirs() -> None:
    game = load(BLUNDER)
    engine = BuiltinEngine()
    annotate(game, review_game(game, engine, LIMIT))
    ours = parent(nodes(game)[4]).variations[1]
    ours.comment = ours.comment + " I like this"
    clear_review(game)
    kept = parent(nodes(game)[4]).variations
    assert len(kept) == 2 and "I like this" in kept[1].comment
    assert "[%review line]" not in kept[1].starting_comment


def test_the_move_that_ends_the_game_is_a_win_now() -> None:
    pos = Position.from_fen("W:W22,30:B18", GERMAN)
    game = Game(GERMAN, pos)
    game.add_line([pos.parse_move("22x15")])
    review = review_game(game, BuiltinEngine(), LIMIT)
    annotate(game, review)
    assert nodes(game)[0].commands()["eval"] == "#0"
    assert review.moves[0].score.wins and review.moves[0].mark is None


def test_cancel_stops_the_review() -> None:
    game = load(BLUNDER)
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return calls["n"] > 50

    with pytest.raises(ReviewCancelled):
        review_game(game, BuiltinEngine(), Limit(movetime=5.0), should_stop=stop)


def test_progress_counts_the_searches() -> None:
    game = load(BLUNDER)
    seen: list[tuple[int, int]] = []
    review_game(game, BuiltinEngine(), Limit(depth=3), progress=lambda d, t: seen.append((d, t)))
    assert (
        seen
        and seen[-1][0] == seen[-1][1]
        and [d for d, _ in seen] == list(range(1, len(seen) + 1))
    )


def test_annotate_stops_where_the_game_was_edited() -> None:
    game = load(BLUNDER)
    review = review_game(game, BuiltinEngine(), Limit(depth=3))
    third = nodes(game)[2]
    third.variations.clear()  # the line was cut after move 3 meanwhile
    assert annotate(game, review) == 3


def test_the_review_ends_at_a_setup_in_the_line() -> None:
    game = load(
        BLUNDER.replace(
            "2. 25-22 {a user comment}",
            '2. 25-22 /FEN "B:W17,21,22,23,24,26,27,28,29,30,31,32:B2,3,4,5,6,7,8,9,10,12,16"/',
        )
    )
    assert not game.errors
    review = review_game(game, BuiltinEngine(), Limit(depth=3))
    assert [m.move.full_text() for m in review.moves] == ["22-17", "11-16", "25-22"]
    assert annotate(game, review) == 3


def test_mainline_evals_feed_a_graph() -> None:
    from dame_desktop.engines import mainline_evals

    game = load(BLUNDER)
    assert mainline_evals(game) == [None] * 7
    annotate(game, review_game(game, BuiltinEngine(), Limit(depth=3)))
    evals = mainline_evals(reread(game))
    assert len(evals) == 7 and all(e is not None for e in evals)
    assert evals[4] is not None and evals[4].men < -0.9  # after White's blunder
