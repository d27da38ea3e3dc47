"""The fast replay gives what the full reader gives: games, main lines and the same problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from dame_desktop.core import find_rules
from dame_desktop.db.replay import Replayer, replay_file
from dame_desktop.pdn.problems import NotPdnError
from dame_desktop.pdn.reader import open_pdn, read_game
from dame_desktop.pdn.tree import Game
from dame_desktop.pdn.visitors import ErrorCounter

DATA = Path(__file__).resolve().parent.parent / "data"
LIBRARY = DATA / "db" / "library.pdn"


def full_reader(path: Path, rules_key: str | None = None) -> list[Game]:
    rules = find_rules(rules_key) if rules_key else None
    games: list[Game] = []
    with open_pdn(path) as handle:
        while (game := read_game(handle, default_rules=rules)) is not None:
            assert isinstance(game, Game)
            games.append(game)
    return games


def problems_of(path: Path, rules_key: str | None = None) -> list[tuple[int, tuple[object, ...]]]:
    rules = find_rules(rules_key) if rules_key else None
    out: list[tuple[int, tuple[object, ...]]] = []
    number = 0
    with open_pdn(path) as handle:
        while (errors := read_game(handle, ErrorCounter, default_rules=rules)) is not None:
            number += 1
            assert isinstance(errors, list)
            out.extend((number, tuple(e)) for e in errors)
    return out


def fast_problems(
    path: Path, rules_key: str | None = None, chunk: int | None = None
) -> tuple[int, list[tuple[int, tuple[object, ...]]]]:
    rules = find_rules(rules_key) if rules_key else None
    replayer = Replayer(path, rules) if chunk is None else Replayer(path, rules, chunk)
    games = 0
    out: list[tuple[int, tuple[object, ...]]] = []
    for game in replayer.games():
        games += 1
        assert game.number == games
        out.extend((game.number, tuple(p)) for p in game.problems)
    return games, out


def pdn_files() -> list[Path]:
    return sorted(
        p for p in DATA.rglob("*") if p.is_file() and p.suffix.lower() in (".pdn", ".txt")
    )


@pytest.mark.parametrize("path", pdn_files(), ids=lambda p: str(p.relative_to(DATA)))
def test_every_test_file_gives_the_full_readers_problems(path: Path) -> None:
    try:
        expected = problems_of(path)
    except NotPdnError:
        with pytest.raises(NotPdnError):
            list(replay_file(path))
        return
    games, got = fast_problems(path)
    assert got == expected
    assert games == len(full_reader(path))


@pytest.mark.parametrize("rules", ["german", "english", "russian", "international"])
def test_a_default_rule_set_gives_the_same_problems(rules: str) -> None:
    for path in (LIBRARY, DATA / "pdn" / "ambiguous.pdn"):
        assert fast_problems(path, rules)[1] == problems_of(path, rules)


def test_main_lines_are_the_full_readers() -> None:
    expected = full_reader(LIBRARY)
    got = list(replay_file(LIBRARY))
    assert len(got) == len(expected) == 32
    for fast, full in zip(got, expected, strict=True):
        assert fast.rules == full.rules
        line = [full.state] + [node.state for node in full.mainline()]
        assert fast.states == line
        assert [m[:3] for m in fast.moves if m is not None] == [
            node.raw[:3] for node in full.mainline()
        ]
        assert fast.result_token == full.result_token
        assert dict(fast.headers) == dict(full.headers.items())


def test_offsets_and_lengths_cut_each_game_out_of_the_file() -> None:
    data = LIBRARY.read_bytes()
    for game in replay_file(LIBRARY):
        text = data[game.offset : game.offset + game.length].decode("utf-8")
        assert text.startswith("[Event")
        alone = read_game(__import__("io").StringIO(text))
        assert isinstance(alone, Game)
        assert alone.headers["Event"] == game.header("Event")
        assert len(list(alone.mainline())) == game.plies


def test_small_chunks_change_nothing() -> None:
    """Games cut by the end of a chunk are read again with more data."""
    expected = fast_problems(LIBRARY)
    for chunk in (64, 1000, 4096):
        assert fast_problems(LIBRARY, chunk=chunk) == expected


def test_the_full_reader_reads_what_the_plain_grammar_does_not(tmp_path: Path) -> None:
    path = tmp_path / "odd.pdn"
    path.write_bytes(
        b'[Event "a"]\r\n1. 11-15 23-19 2. 8-11! 22-17 1-0\r\n\r\n'
        b'[Event "b"]\n[Site "x\\"y"]\n1. 11-15 (9-13) 23-19 0-1 [Event "c"]\n1. 11-15 *\n'
        b'{before} [Event "d"]\n1. 11-15 24-19 *\n'
    )
    assert fast_problems(path) == (4, problems_of(path))
    replayer = Replayer(path)
    list(replayer.games())
    assert replayer.fallbacks >= 2


def test_corpus_problems_are_the_full_readers(corpus: Path) -> None:
    for path in sorted(corpus.rglob("*")):
        if not path.is_file() or path.name == "README.md":
            continue
        try:
            expected = problems_of(path)
        except NotPdnError:
            continue
        games, got = fast_problems(path)
        assert got == expected, path
