"""The opening books: every stored move legal, variety across games, the off switch, seeds."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import subprocess
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

from dame_desktop.ai import HARD, MASTER, MEDIUM, choose_move
from dame_desktop.ai.book import BOOKS, Book, BookMemory, book_for
from dame_desktop.core import Position, find_rules
from dame_desktop.pdn import Game as PdnGame
from dame_desktop.pdn import write_game

ROOT = Path(__file__).resolve().parents[2]


def shipped(name: str) -> Book:
    text = resources.files("dame_desktop.ai").joinpath("data", name).read_text(encoding="utf-8")
    return Book.from_json(text)


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_every_move_of_every_book_entry_is_legal_in_its_position(key: str) -> None:
    book = shipped(BOOKS[key])
    assert book.rules_key == key
    rules = find_rules(key)
    assert len(book) > 10
    for fen, entries in book.positions.items():
        pos = Position.from_fen(fen, rules)
        assert pos.fen() == fen, "keys are the positions' own FENs (they survive a rebuild)"
        legal = {m.full_text() for m in pos.legal_moves()}
        assert entries, fen
        for text, count, score in entries:
            assert text in legal, f"{key}: {text} is not legal in {fen}"
            assert count >= 1 and 0 <= score <= 1000
        # the book finds them all again through its own lookup
        assert {m.move.full_text() for m in book.moves(pos)} <= legal


def test_the_books_are_small_and_cover_the_start() -> None:
    total = 0
    for key, name in BOOKS.items():
        total += len(resources.files("dame_desktop.ai").joinpath("data", name).read_bytes())
        book = book_for(find_rules(key))
        assert book is not None
        assert book.moves(Position.start(find_rules(key))), f"{key}: no book move at the start"
    assert total < 2_000_000


def test_two_games_in_a_row_never_repeat_the_same_book_line() -> None:
    """The engine plays itself out of the book twice in a row from the same start: the second
    game's book line differs from the first's."""
    for key in ("international", "english", "german"):
        rules = find_rules(key)
        book = book_for(rules)
        assert book is not None
        memory = BookMemory()
        rng = random.Random(3)
        lines = []
        for _ in range(6):
            memory.new_game()
            pos = Position.start(rules)
            while True:
                move = memory.choose(pos, rng, book)
                if move is None:
                    break
                pos = pos.play(move)
            lines.append(list(memory.line))
        assert all(lines)
        for before, after in zip(lines, lines[1:], strict=False):
            assert before != after, f"{key}: the same book line twice in a row"


def test_a_favourite_move_is_not_repeated_in_the_next_game() -> None:
    """A book whose weights all but force one first move: the weights are kept there, and the
    next game leaves the last line at its last choice."""
    rules = find_rules("german")
    start = Position.start(rules)
    first, other = start.legal_moves()[:2]
    after = start.play(first)
    reply = after.legal_moves()[0]
    book = Book(
        "german",
        {
            start.fen(): [(first.full_text(), 100_000, 500), (other.full_text(), 1, 500)],
            after.play(reply).fen(): [
                (m.full_text(), 10, 500) for m in after.play(reply).legal_moves()[:2]
            ],
        },
    )
    memory = BookMemory()
    rng = random.Random(11)
    lines = []
    for _ in range(10):
        memory.new_game()
        pos = start
        move = memory.choose(pos, rng, book)
        assert move is not None
        pos = pos.play(move)
        if move == first:
            pos = pos.play(reply)  # the opponent's same reply
            assert memory.choose(pos, rng, book) is not None
        lines.append(list(memory.line))
    for before, now in zip(lines, lines[1:], strict=False):
        assert before != now
    assert [line[0][1] for line in lines].count(first.full_text()) == 10


def test_moves_taken_back_leave_the_line_and_the_next_game_still_differs() -> None:
    """Game one: the book's moves, then an undo back to the start and other book moves.  The
    line is what the game finally played, and game two does not repeat it."""
    rules = find_rules("german")
    start = Position.start(rules)
    first, other = start.legal_moves()[:2]
    after = start.play(first)
    reply = after.legal_moves()[0]
    second = after.play(reply)
    choices = [m.full_text() for m in second.legal_moves()[:2]]
    book = Book(
        "german",
        {
            start.fen(): [(first.full_text(), 100_000, 500), (other.full_text(), 1, 500)],
            second.fen(): [(text, 10, 500) for text in choices],
        },
    )

    def play_line(memory: BookMemory, rng: random.Random) -> None:
        memory.follow([])  # at the start: nothing before it
        move = memory.choose(start, rng, book)
        assert move == first
        memory.follow([start, after])
        assert memory.choose(second, rng, book) is not None

    for seed in range(30):
        memory = BookMemory()
        rng = random.Random(seed)
        memory.new_game()
        play_line(memory, rng)
        play_line(memory, rng)  # an undo to the start, and the line again
        played = list(memory.line)
        assert len(played) == 2 and [fen for fen, _ in played] == [start.fen(), second.fen()]
        memory.new_game()
        play_line(memory, rng)
        assert memory.line != played, f"seed {seed}: game two repeats game one"


def test_the_choice_is_weighted_random_and_reproducible_with_a_seed() -> None:
    rules = find_rules("english")
    start = Position.start(rules)
    book = book_for(rules)
    assert book is not None
    firsts = {BookMemory().choose(start, random.Random(seed), book) for seed in range(40)}
    assert len(firsts) >= 2, "one seed after another, the book varies its first move"

    def line(seed: int) -> list[tuple[str, str]]:
        memory = BookMemory()
        rng = random.Random(seed)
        pos = start
        for _ in range(10):
            move = memory.choose(pos, rng, book)
            if move is None:
                break
            pos = pos.play(move)
        return memory.line

    assert line(7) == line(7)
    assert any(line(7) != line(s) for s in range(8, 20))


def test_the_book_can_be_turned_off_and_weak_levels_ignore_it() -> None:
    rules = find_rules("german")
    start = Position.start(rules)
    assert BookMemory(enabled=False).choose(start, random.Random(1)) is None
    from_book = choose_move(start, HARD, random.Random(1), book=BookMemory())
    assert from_book.move is not None and from_book.depth == 0 and from_book.nodes == 0
    assert from_book.move in start.legal_moves()
    quick_hard = dataclasses.replace(HARD, limit=MEDIUM.limit)
    off = choose_move(start, quick_hard, random.Random(1), book=BookMemory(enabled=False))
    assert off.depth > 0 and off.nodes > 0, "with the book off the engine searches"
    medium = choose_move(start, MEDIUM, random.Random(1), book=BookMemory())
    assert medium.depth > 0, "Medium plays no book moves"
    assert HARD.book and MASTER.book and not MEDIUM.book


def test_a_stored_move_that_is_not_legal_is_skipped() -> None:
    rules = find_rules("german")
    start = Position.start(rules)
    legal = start.legal_moves()[0].full_text()
    book = Book("german", {start.fen(): [("1-5", 50, 900), (legal, 3, 500)]})
    assert [m.move.full_text() for m in book.moves(start)] == [legal]
    memory = BookMemory()
    assert memory.choose(start, random.Random(0), book) == start.legal_moves()[0]
    # a position the book does not know: no book move
    other = start.play(start.legal_moves()[0])
    assert memory.choose(other, random.Random(0), book) is None


def test_a_damaged_book_file_is_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="not JSON"):
        Book.from_json("{")
    with pytest.raises(ValueError, match="format"):
        Book.from_json('{"format": 99}')
    bad = {"format": 1, "rules": "german", "positions": {"W:W21:B1": [["21-17", "x", 1]]}}
    with pytest.raises(ValueError, match=r"\[move, count, score\]"):
        Book.from_json(json.dumps(bad))
    book = Book("german", {"W:W21:B1": [("21-17", 2, 500)]}, "test", 4)
    assert Book.from_json(book.to_json()) == book


def make_book_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_book", ROOT / "tools" / "make_book.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_book"] = module
    spec.loader.exec_module(module)
    return module


def test_the_builder_counts_corpus_games_and_keeps_moves_played_often_with_good_results(
    tmp_path: Path,
) -> None:
    tool = make_book_tool()
    rules = find_rules("international")
    start = Position.start(rules)
    a, b = start.legal_moves()[:2]
    reply = start.play(a).legal_moves()[0]
    records = []
    # three games open with a (two won by White), one with b (lost)
    for first, result in ((a, "2-0"), (a, "2-0"), (a, "1-1"), (b, "0-2")):
        game = PdnGame(rules, start)
        game.headers["Result"] = result
        game.headers["GameType"] = "20"
        game.add_line([first] + ([reply] if first == a else []))
        records.append(write_game(game))
    folder = tmp_path / "international"
    folder.mkdir()
    (folder / "games.pdn").write_text("\n".join(records), encoding="utf-8")
    counts, games = tool.count_corpus(rules, tmp_path, 16)
    assert games == 4
    assert counts[start.fen()][a.full_text()] == [3, 2500]
    assert counts[start.fen()][b.full_text()] == [1, 0]
    kept = tool.prune(
        rules, counts, min_count=2, min_score=350, max_moves=4, verify_depth=0, margin=40
    )
    assert kept[start.fen()] == [(a.full_text(), 3, 833)]
    # the reply was played three times too, by a side that scored 1/6
    assert start.play(a).fen() not in kept


def test_the_builder_skips_a_book_with_a_message_when_the_corpus_is_absent(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "make_book.py"),
            "--rules",
            "international",
            "--corpus",
            str(tmp_path / "nowhere"),
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "no corpus" in done.stdout and "skipped" in done.stdout
    assert not list(tmp_path.glob("*.json"))
