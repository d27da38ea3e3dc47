"""Random and mutated input: the reader never raises (problems become PdnError entries in
``game.errors``) and always ends; whatever it reads can be written and read again."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dame_desktop.pdn import Game, PdnProblem, read_game, write_game

DATA = Path(__file__).resolve().parent.parent / "data" / "pdn"
SAMPLES = [p.read_bytes().decode("utf-8", errors="replace") for p in sorted(DATA.glob("*.pdn"))]
PIECES = ['[Event "x"]', "[GameType \"20\"]", '[FEN "W:W31-50:B1-20"]', "[Empty]", "1.", "1...",
          "32-28", "19-23", "28x19", "14x23", "11-15", "c3-d4", "d4:b6", "1-0", "2-0", "1/2-1/2",
          "*", "{", "}", "(", ")", "$3", "!?", "(?)", "/FEN \"B:W1:B2\"/", "/", ";", "%", "\n",
          "\\r", " ", "...", "-", "x", "[", "]", '"', "\ufeff", "0-0", "1-1", "1-10", "05"]


def read_all(text: str) -> list[Game]:
    handle = io.StringIO(text)
    games: list[Game] = []
    while True:
        game = read_game(handle)
        if game is None:
            return games
        assert isinstance(game, Game)
        assert all(isinstance(e, PdnProblem) and e.line >= 1 and e.column >= 1
                   for e in game.errors)
        games.append(game)
        assert len(games) <= len(text) + 1, "the reader does not advance"


def check(text: str) -> None:
    for game in read_all(text):
        again = read_all(write_game(game))
        assert len(again) == 1


@settings(max_examples=300, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=60))
def test_random_token_soup(pieces: list[str]) -> None:
    check(" ".join(pieces))


@settings(max_examples=300, deadline=2000)
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    check(text)


@settings(max_examples=200, deadline=4000, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.lists(
    st.tuples(st.integers(0, 10_000), st.integers(0, 5), st.sampled_from(PIECES)), max_size=8))
def test_mutated_fixtures(sample: str, edits: list[tuple[int, int, str]]) -> None:
    text = sample
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut:]
    check(text)


def test_unclosed_comment_in_a_large_file_stays_linear() -> None:
    import time

    games = '[Event "g"]\n1. 11-15 *\n' * 30_000
    for stray in ("{ never closed\n", "/ stray slash\n", "[\n"):
        text = games[:2000] + stray + games[2000:]
        started = time.perf_counter()
        read = read_all(text)
        assert time.perf_counter() - started < 30  # quadratic re-reading would take minutes
        assert 30_000 <= len(read) <= 30_002
        assert sum(1 for g in read if g.errors) == 1
