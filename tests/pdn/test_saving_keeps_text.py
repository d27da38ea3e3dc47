"""What saving would change is said when reading, and what is written reads back the same.

* A character a PDN file cannot hold (a control character in a comment or a tag) is a problem
  of its game, named with its place, before anyone saves.
* The writer is a fixed point: write(read(write(game))) == write(game), for the fixtures, the
  corpus (when it is there) and random games with odd results and tags.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dame_desktop.pdn import Game, ProblemKind, open_pdn, read_game, write_game
from dame_desktop.pdn.document import PdnDocument

from .test_roundtrip import random_game

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "tests" / "data").rglob("*.pdn"))
CORPUS = ROOT.parent / "shared" / "pdn-corpus"
K = ProblemKind


def read_one(text: str) -> Game:
    game = read_game(io.StringIO(text))
    assert isinstance(game, Game)
    return game


def lost(game: Game) -> list[tuple[int, int, str | int, str | int]]:
    return [
        (e.line, e.column, dict(e.values)["char"], dict(e.values)["what"])
        for e in game.errors
        if e.kind is K.CONTROL_CHARACTER
    ]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('[GameType "20"]\n1. 32-28 {a\x00b} 19-23 *\n', (2, 12, "U+0000", "comment")),
        ('[GameType "20"]\n1. 32-28\x1a 19-23 *\n', (2, 9, "U+001A", "comment")),
        ('[GameType "20"]\n1. 32-28 ; x\x1fy\n19-23 *\n', (2, 13, "U+001F", "comment")),
        ('[GameType "20"]\n{\x7f} 1. 32-28 19-23 *\n', (2, 2, "U+007F", "comment")),
        ('[Event "a\x0bb"]\n[GameType "20"]\n1. 32-28 *\n', (1, 1, "U+000B", "tag")),
        ('[Event "a"]\n[Site "\x81"]\n[GameType "20"]\n1. 32-28 *\n', (2, 1, "U+0081", "tag")),
    ],
)
def test_a_character_saving_would_not_keep_is_a_problem_where_it_is(
    text: str, where: tuple[int, int, str, str]
) -> None:
    game = read_one(text)
    assert lost(game) == [where]
    (problem,) = [e for e in game.errors if e.kind is K.CONTROL_CHARACTER]
    assert where[2] in problem.message and "saving" in problem.message
    assert len(game.mainline_moves()) >= 1  # the game is read as before


def test_what_survives_saving_is_no_problem() -> None:
    # tabs, line breaks, form feeds and NEL in comments are white space; letters of every
    # script are text
    text = (
        '[Event "Zürich\tOpen"]\n[GameType "20"]\n'
        "1. 32-28 {a\tb\x0cc\x85d\r\ne \u2028 f ½ ✓ 𝄞} 19-23 *\n"
    )
    handle = io.StringIO(text)
    game = read_game(handle)
    assert isinstance(game, Game) and game.errors == []
    assert read_game(handle) is None


def test_the_window_lists_it_with_its_game_and_line(tmp_path: Path) -> None:
    path = tmp_path / "two.pdn"
    path.write_bytes(
        b'[Event "a"]\n[GameType "20"]\n1. 32-28 *\n\n'
        b'[Event "b"]\n[GameType "20"]\n1. 32-28 {note\x00} *\n'
    )
    doc = PdnDocument.open(path)
    problems = [p for index, game in doc.check_all() for p in doc.game_problems(index, game)]
    assert [(p.game, p.line, p.pdn.kind) for p in problems] == [(2, 7, K.CONTROL_CHARACTER)]


def fixed_point(game: Game) -> None:
    first = write_game(game)
    again = read_one(first)
    assert write_game(again) == first, first
    assert again.result() == read_one(first).result()


def test_an_unknown_result_is_written_as_it_reads_back() -> None:
    for result in ("?", "*", "", " ", "1-0", "2-0", "½-½", "0-0", "aborted"):
        game = read_one(f'[Result "{result}"]\n[GameType "20"]\n1. 32-28 19-23\n')
        fixed_point(game)  # the first writing may style it (2-0 on 10x10), the rest keep it
    assert read_one(write_game(read_one('[Result "?"]\n1. 32-28\n'))).result() == "?"


def test_every_fixture_is_a_fixed_point_of_the_writer() -> None:
    count = 0
    for path in FIXTURES:
        try:
            handle = open_pdn(path)
        except ValueError:  # the files that are not PDN on purpose
            continue
        with handle:
            while (game := read_game(handle)) is not None:
                assert isinstance(game, Game)
                fixed_point(game)
                count += 1
    assert count >= 25


@pytest.mark.slow
def test_the_corpus_is_a_fixed_point_of_the_writer() -> None:
    if not CORPUS.is_dir():
        pytest.skip("the PDN corpus (../shared/pdn-corpus) is not here")
    count = 0
    for path in sorted(CORPUS.rglob("*.pdn")):
        if path.name == "OCA_2.0.pdn":
            continue  # 22,000 games: the others cover its style in a tenth of the time
        with open_pdn(path) as handle:
            while (game := read_game(handle)) is not None:
                assert isinstance(game, Game)
                fixed_point(game)
                count += 1
    assert count > 1000


RESULTS = st.sampled_from(
    ["?", "*", "", "1-0", "0-1", "1/2-1/2", "2-0", "1-1", "0-0", "unknown", "1-0 (time)"]
)
VALUES = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30)
TAG_VALUES = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs"], exclude_characters="\r\n"), max_size=30
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), RESULTS, TAG_VALUES, VALUES)
def test_random_games_are_a_fixed_point_of_the_writer(
    seed: int, result: str, event: str, note: str
) -> None:
    game = random_game(seed)
    game.headers["Result"] = result
    game.headers["Event"] = event
    game.comment = note
    fixed_point(game)


TAG_NAMES = st.one_of(
    st.sampled_from(
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "GameType",
            "FEN",
            "TimeControl",
            "Annotator",
            "PlyCount",
            "Variant",
        ]
    ),
    st.from_regex(r"[A-Za-z_]\w{0,10}", fullmatch=True),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=0, max_value=2**32),
    st.lists(st.tuples(TAG_NAMES, TAG_VALUES), max_size=4),
    VALUES,
)
def test_games_with_any_tags_and_move_comments_are_a_fixed_point_of_the_writer(
    seed: int, tags: list[tuple[str, str]], note: str
) -> None:
    """Any tag (those the writer derives from the rules, such as GameType, FEN and Result,
    too) with any value a tag can hold, and a comment of any characters on a move."""
    game = random_game(seed)
    for name, value in tags:
        game.headers[name] = value
    if game.variations:
        game.variations[0].comment = note
    fixed_point(game)
