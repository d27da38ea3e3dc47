"""Reading keeps nothing alive: a game read from a fresh handle (a file, a text, a game of the
game list, a game reviewed by ``dame analyse``) leaves no lexer, handle or text behind once the
caller drops it.  Memory is compared by ratio to the input's size after ``gc.collect()``."""

from __future__ import annotations

import gc
import io
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from dame_desktop.engines.batch import GameTask, review_task
from dame_desktop.pdn import Game, open_pdn, read_game, read_text
from dame_desktop.pdn.document import PdnDocument
from dame_desktop.pdn.lexer import GameLexer

MOVES = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10"


def big_game(size: int) -> str:
    """A German game of about ``size`` characters, most of them one comment."""
    note = ("a long note on this position " * (size // 29 + 1))[:size]
    return f'[Event "memory"]\n[GameType "20"]\n\n{MOVES} {{{note}}} 5. 46-41 *\n'


def live_lexers() -> int:
    gc.collect()
    return sum(1 for obj in gc.get_objects() if isinstance(obj, GameLexer))


def held_after(reads: int, read: Callable[[], object]) -> int:
    """The bytes Python still holds (tracemalloc, after gc.collect()) after ``reads`` reads."""
    gc.collect()
    tracemalloc.start()
    try:
        for _ in range(reads):
            read()
        gc.collect()
        return tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()


def test_a_game_read_from_fresh_handles_is_not_kept() -> None:
    text = big_game(200_000)

    def read() -> None:
        game = read_game(io.StringIO(text))
        assert isinstance(game, Game) and not game.errors

    read()  # the caches of the first read (move generator, resolver) are not the question
    before = live_lexers()
    few, many = held_after(3, read), held_after(30, read)
    assert live_lexers() == before
    # each read kept its handle, lexer and text (two copies of 200 KB at least) before
    assert many < few + 4 * len(text), (few, many)


def test_binary_handles_and_files_read_to_the_end_leave_nothing(tmp_path: Path) -> None:
    text = big_game(50_000)
    path = tmp_path / "one.pdn"
    path.write_text(text, encoding="utf-8")
    before = live_lexers()
    for _ in range(10):
        assert isinstance(read_game(io.BytesIO(text.encode())), Game)
        with open_pdn(path) as handle:
            assert isinstance(read_game(handle), Game)
            assert read_game(handle) is None
    del handle  # the last one: the test's own name for it
    assert live_lexers() == before


def test_the_game_list_and_the_review_keep_no_game_they_read() -> None:
    games = "\n".join(big_game(20_000).replace('"memory"', f'"game {n}"') for n in range(12))
    doc = PdnDocument.from_bytes(games.encode())
    assert len(doc) == 12

    def load_all() -> None:
        for index in range(len(doc)):
            game = doc.load_game(index)
            assert game.headers["Event"] == f"game {index}" and not game.errors

    load_all()
    before = live_lexers()
    few, many = held_after(1, load_all), held_after(8, load_all)
    assert live_lexers() == before
    assert many < few + 2 * len(games), (few, many)
    task = GameTask(0, doc.game_text(0), 1, None, None, 1, None, False)
    for _ in range(5):
        assert review_task(task).error is None
    assert live_lexers() == before


def test_read_text_reads_the_first_game_and_judges_it_by_the_one_rule() -> None:
    game = read_text('[Event "a\x01"]\n[GameType "20"]\n1. 32-28 *\n[Event "b"]\n1. 31-27 *')
    assert isinstance(game, Game)
    assert game.headers["Event"] == "a\x01"  # one stray control character: a problem, no more
    assert [p.kind.value for p in game.errors] == ["control_character"]
    picture = read_text("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01\n\n")
    assert isinstance(picture, Game)
    assert [p.message for p in picture.errors] == ["this is not a PDN file: it is a PNG image"]


def test_rule_sets_made_per_read_are_not_kept() -> None:
    import dataclasses

    from dame_desktop.core import find_rules
    from dame_desktop.pdn import gametype

    german = find_rules("german")
    text = "1. 22-18 11-15 *"  # no GameType: the caller's rules are taken, others kept to try
    for _ in range(300):  # a caller that builds its rule set anew for each game
        rules = dataclasses.replace(german)
        game = read_text(text, default_rules=rules)
        assert isinstance(game, Game) and game.rules is rules
    assert len(gametype._OTHERS) <= gametype._OTHERS_KEPT
