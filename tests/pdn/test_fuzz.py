"""Random and mutated input: the reader never raises (problems become PdnProblem entries in
``game.errors``) and always ends; whatever it reads can be written and read again.

The hostile classes found earlier, as seeded, reproducible fuzz: foreign digits and control
characters anywhere, comments of any text through the writer, and random hostile texts
repeated 1x, 4x and 16x to check that time and memory grow linearly (by ratio, never by an
absolute time)."""

from __future__ import annotations

import functools
import io
import random
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dame_desktop.core import find_rules
from dame_desktop.pdn import Game, Nag, PdnProblem, ProblemKind, read_game, write_game
from tests.pdn.test_hostile import assert_linear

DATA = Path(__file__).resolve().parent.parent / "data" / "pdn"
SAMPLES = [p.read_bytes().decode("utf-8", errors="replace") for p in sorted(DATA.glob("*.pdn"))]
PIECES = [
    '[Event "x"]',
    '[GameType "20"]',
    '[FEN "W:W31-50:B1-20"]',
    "[Empty]",
    "1.",
    "1...",
    "32-28",
    "19-23",
    "28x19",
    "14x23",
    "11-15",
    "c3-d4",
    "d4:b6",
    "1-0",
    "2-0",
    "1/2-1/2",
    "*",
    "{",
    "}",
    "(",
    ")",
    "$3",
    "!?",
    "(?)",
    '/FEN "B:W1:B2"/',
    "/",
    ";",
    "%",
    "\n",
    "\\r",
    " ",
    "...",
    "-",
    "x",
    "[",
    "]",
    '"',
    "\ufeff",
    "0-0",
    "1-1",
    "1-10",
    "05",
]
# what broke the reader before: foreign digits, control bytes, unclosed openers
HOSTILE = PIECES + [
    "²",
    "٣",
    "３",
    "\x00",
    "\x1b",
    "\ud800",
    "{\n",
    "[a",
    '[a "',
    "(",
    ")",
    '[FEN "W:W3²:B1"]',
    '/FEN "W:W3²:B1"/',
    '[Result "1/0-1"]',
    "29x11x4",
    "11-11-11-11-11-11",
    '[FEN "W:  :  :  x"]',
    "[%clk ",
    "\\",
    "“",
    "”",
]


def read_all(text: str) -> list[Game]:
    handle = io.StringIO(text)
    games: list[Game] = []
    while True:
        game = read_game(handle)
        if game is None:
            return games
        assert isinstance(game, Game)
        assert all(isinstance(e, PdnProblem) and e.line >= 1 and e.column >= 1 for e in game.errors)
        games.append(game)
        assert len(games) <= len(text) + 1, "the reader does not advance"


def check(text: str) -> None:
    for game in read_all(text):
        again = read_all(write_game(game))
        assert len(again) == 1


@pytest.mark.slow
@settings(max_examples=300, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=60))
def test_random_token_soup(pieces: list[str]) -> None:
    check(" ".join(pieces))


@pytest.mark.slow
@settings(max_examples=300, deadline=2000)
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    check(text)


@settings(max_examples=200, deadline=4000, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SAMPLES),
    st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 5), st.sampled_from(PIECES)), max_size=8
    ),
)
def test_mutated_fixtures(sample: str, edits: list[tuple[int, int, str]]) -> None:
    text = sample
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut :]
    check(text)


GAME = '[Event "g"]\n1. 11-15 *\n'


def _games_with(stray: str, count: int) -> str:
    games = GAME * count
    return games[:2000] + stray + games[2000:]


@pytest.mark.slow
@pytest.mark.parametrize("stray", ["{ never closed\n", "/ stray slash\n", "[\n"])
def test_unclosed_comment_in_a_large_file_stays_linear(stray: str) -> None:
    # one damaged game, the others read as before
    read = read_all(_games_with(stray, 3000))
    assert 3000 <= len(read) <= 3002
    assert sum(1 for g in read if g.errors) == 1
    # and no re-reading from the stray opener on: 1x/4x/16x ratios, not a wall-clock limit
    assert_linear(functools.partial(_games_with, stray), 500, read_all)


def _hostile_soup(seed: int, count: int) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(HOSTILE) for _ in range(count))


def _games_of(text: str) -> list[Game]:
    """Read every game; only PdnProblems, never an exception (NotPdn is a game's problem)."""
    games = read_all(text)
    for game in games:
        for problem in game.errors:
            assert isinstance(problem.kind, ProblemKind)
    return games


@settings(max_examples=200, deadline=4000, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(HOSTILE), max_size=80))
def test_hostile_soup_gives_only_pdn_problems(pieces: list[str]) -> None:
    for game in _games_of(" ".join(pieces)):
        text = write_game(game)
        text.encode("utf-8")  # the writer replaced what a file cannot hold
        assert len(read_all(text)) == 1
        game.outcome()


@settings(max_examples=150, deadline=4000)
@given(st.text(max_size=200))
def test_any_comment_and_tag_value_is_written(text: str) -> None:
    game = Game(find_rules("international"))
    node = game.add_variation("32-28")
    node.comment = text
    node.nags = [Nag(5, "!?")]
    game.headers["Event"] = " ".join(text.split())
    written = write_game(game)
    written.encode("utf-8")
    back = read_all(written)
    assert len(back) == 1 and back[0].errors == [], written


def _seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        read_all(text)
        best = min(best, time.process_time() - started)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_random_hostile_text_reads_in_linear_time(seed: int) -> None:
    unit = _hostile_soup(seed, 400)
    repeat = 1
    while _seconds(unit * repeat) < 0.01 and repeat < 1024:
        repeat *= 2
    for _attempt in range(3):  # again after a burst of load on a shared machine
        times = {f: _seconds(unit * repeat * f) for f in (1, 4, 16)}
        small = max(times[1], 0.005)  # below that the timer and the machine's load decide
        if times[16] < 40 * small or times[16] < 12 * times[4]:
            return
    raise AssertionError(f"seed {seed}: not linear: {times}")


@pytest.mark.parametrize("seed", range(4))
def test_random_hostile_text_reads_in_bounded_memory(seed: int) -> None:
    unit = _hostile_soup(100 + seed, 300)

    def peak(text: str) -> float:
        tracemalloc.start()
        try:
            read_all(text)
            return tracemalloc.get_traced_memory()[1] / len(text)
        finally:
            tracemalloc.stop()

    small, large = peak(unit * 2), peak(unit * 32)
    assert large < 200, (seed, large)  # bytes per input character
    assert large < 3 * small + 20, (seed, small, large)
