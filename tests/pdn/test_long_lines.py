"""A line longer than the lexer's limit (``MAX_LINE``) is cut: its first part is read, the
rest skipped and named as a problem at its line, and memory stays bounded by the limit, not
by the line.  Every reader does it: ``read_game`` on a file or handle and the replay behind
``dame pdn check``.  The limits are made small here so the files stay small."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest

from dame_desktop.cli.pdn import check_file
from dame_desktop.db import replay
from dame_desktop.pdn import Game, ProblemKind, open_pdn, read_game
from dame_desktop.pdn import lexer as lx

LIMIT = 10_000
HEAD = '[Event "long"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 '
NEXT = '\n\n[Event "next"]\n[GameType "20"]\n\n1. 32-28 19-23\n2. 28-22 *\n'


@pytest.fixture(autouse=True)
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lx, "MAX_LINE", LIMIT, raising=False)
    monkeypatch.setattr(lx, "_SKIP_PIECE", 1000, raising=False)
    monkeypatch.setattr(replay, "_PLAIN_LIMIT", LIMIT, raising=False)


LONG_LINES = {
    "text": "x" * 300_000 + " 3. 37-32 *",
    "comment": "{" + "a long note " * 25_000 + "} 3. 37-32 *",
    "unclosed comment": "{" + "z " * 150_000,
    "line comment": ";" + "y" * 300_000,
    "spaces": " " * 300_000 + "3. 37-32 *",
}


def events_and_problems(games: list[Game]) -> list[tuple[str, list[tuple[ProblemKind, int]]]]:
    return [(g.headers.get("Event", ""), [(e.kind, e.line) for e in g.errors]) for g in games]


@pytest.mark.parametrize("name", sorted(LONG_LINES))
def test_a_long_line_is_cut_and_the_next_game_is_read(tmp_path: Path, name: str) -> None:
    path = tmp_path / "long.pdn"
    line = LONG_LINES[name]
    path.write_text(HEAD + line + NEXT.replace("28-22", "28-33"), encoding="utf-8")
    with open_pdn(path) as handle:
        games = [g for g in iter(lambda: read_game(handle), None) if isinstance(g, Game)]
    assert [g.headers.get("Event") for g in games] == ["long", "next"]
    cut = [e for e in games[0].errors if e.kind is ProblemKind.TOKEN_TOO_LONG and e.line == 4]
    (problem,) = [e for e in cut if e.value_map()["what"] == "line"]
    length = len(HEAD.splitlines()[-1]) + len(line)
    assert problem.value_map() == {"what": "line", "length": length, "limit": LIMIT}
    assert problem.column == LIMIT + 1
    assert f"this line is {length} characters long" in problem.message
    # the next game is read whole, its problem (28-33 is no move) at its own line
    assert [(e.kind, e.line) for e in games[1].errors] == [(ProblemKind.ILLEGAL_MOVE, 10)]
    # dame pdn check (the database's replay) says the same
    report = check_file(str(path))
    assert report.games == 2
    assert sorted((n, e.kind.value, e.line) for n, e in report.errors) == sorted(
        [(1, e.kind.value, e.line) for e in games[0].errors] + [(2, "illegal_move", 10)]
    )


def peak(read: object) -> int:
    tracemalloc.start()
    try:
        assert callable(read)
        read()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", ["text", "unclosed comment"])
def test_memory_is_bounded_by_the_limit_not_by_the_line(tmp_path: Path, name: str) -> None:
    """A line of 6 MB read with a limit of 10,000 characters: reading held two copies of the
    whole line at least before; now what the file is read in (1 MiB pieces to find its
    encoding) and a small multiple of the limit."""
    path = tmp_path / "long.pdn"
    line = LONG_LINES[name] * 20  # about 6 MB
    path.write_text(HEAD + line + NEXT, encoding="utf-8")

    def read_file() -> None:
        with open_pdn(path) as handle:
            while read_game(handle) is not None:
                pass

    def read_binary() -> None:
        handle = io.BytesIO(path.read_bytes())
        handle.seek(0)
        while read_game(handle) is not None:
            pass

    def check() -> None:  # dame pdn check's replay, reading the file in small chunks
        assert sum(1 for _ in replay.Replayer(path, chunk=1 << 16).games()) == 2

    size = len(line)
    for read in (read_file, check):
        assert peak(read) < size // 2, read
    # the bytes of the file are held by the handle itself: only what reading adds counts
    assert peak(read_binary) < size + size // 2
