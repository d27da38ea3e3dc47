"""``dame db index/find/explore``: output, JSON shapes, exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dame_desktop.cli.command import main
from dame_desktop.core import find_rules
from dame_desktop.pdn.reader import read_games

LIBRARY = Path(__file__).resolve().parent.parent / "data" / "db" / "library.pdn"
ENGLISH_START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def english_games() -> int:
    """Games of the fixture read as English with ``--rules english`` that start normally."""
    english = find_rules("english")
    return sum(
        1 for g in read_games(LIBRARY, english) if g.rules == english and g.is_standard_start()
    )


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DAME_CACHE_DIR", str(folder))
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["db", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_index_prints_one_line_per_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, cache: Path
) -> None:
    other = tmp_path / "other.pdn"
    other.write_text('[Event "x"]\n1. 11-15 23-19 *\n', encoding="utf-8")
    code, out, err = run(capsys, "index", str(LIBRARY), str(other))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{LIBRARY}: games: 32, positions: ")
    assert lines[1].startswith(f"{other}: games: 1, positions: 3, seconds: ")
    assert len(list((cache / "db").glob("*.sqlite"))) == 2


def test_find_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "find",
        str(LIBRARY),
        "--fen",
        ENGLISH_START,
        "--rules",
        "english",
        "--json",
        "--limit",
        "2",
    )
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["fen", "total", "games"]
    assert data["fen"] == ENGLISH_START
    assert data["total"] == english_games() >= 11
    assert len(data["games"]) == 2
    first = data["games"][0]
    assert list(first) == ["file", "game", "ply", "white", "black", "result", "event", "date"]
    assert first == {
        "file": str(LIBRARY),
        "game": 1,
        "ply": 0,
        "white": "Wyllie, J.",
        "black": "Moorhead, W.",
        "result": "0-1",
        "event": "Manchester 1841",
        "date": "1841-??-??",
    }


def test_find_counts_a_ply_after_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    after = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"  # 11-15
    code, out, _ = run(capsys, "find", str(LIBRARY), "--fen", after, "--rules", "english", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["total"] == len(data["games"]) >= 4
    assert {g["ply"] for g in data["games"]} == {1}


def test_explore_json_shape_and_first_mover_results(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explore", str(LIBRARY), "--rules", "english", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["fen", "games", "moves"]
    assert data["fen"] == ENGLISH_START
    assert data["games"] == english_games()
    moves = {m["move"]: m for m in data["moves"]}
    for m in data["moves"]:
        assert list(m) == ["move", "games", "first", "draws", "second", "unknown"]
    # OCA's games 1-8 open 11-15: 0-1 (game 1) is a win of the side that moves second
    # (White in English), 1-0 of the side that moves first (Black)
    assert moves["11-15"]["games"] >= 8
    assert moves["11-15"]["second"] >= 1 and moves["11-15"]["first"] >= 1
    # the game without moves ends at the start: counted in "games", under no move
    assert sum(m["games"] for m in data["moves"]) == data["games"] - 1
    assert [m["games"] for m in data["moves"]] == sorted(
        (m["games"] for m in data["moves"]), reverse=True
    )


def test_explore_counts_unknown_results(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explore", str(LIBRARY), "--rules", "german", "--json")
    data = json.loads(out)
    assert code == 0
    assert sum(m["unknown"] for m in data["moves"]) >= 2  # "*" and no result at all


def test_explore_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explore", str(LIBRARY), "--rules", "english")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{ENGLISH_START}: {english_games()} games"
    assert lines[1].split() == ["move", "games", "first", "draws", "second", "unknown"]


@pytest.mark.parametrize(
    "args,message",
    [
        (["find", "FILE", "--fen", "W:W99:B1", "--rules", "german"], "99"),
        (["find", "FILE", "--fen", "nonsense"], "nonsense"),
        (["explore", "FILE", "--rules", "klingon"], "klingon"),
        (["find", "FILE", "--fen", "W:W21:B1", "--limit", "-1"], "limit"),
        (["find", "missing.pdn", "--fen", "W:W21:B1"], "missing.pdn"),
        (["explore", "PICTURE"], "PICTURE"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    picture = tmp_path / "PICTURE"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    args = [str(LIBRARY) if a == "FILE" else str(picture) if a == "PICTURE" else a for a in args]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and message in err


def test_index_of_an_unreadable_file_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "index", str(tmp_path / "nope.pdn"), str(LIBRARY))
    assert code == 2
    assert err.startswith(f"dame: cannot read {tmp_path / 'nope.pdn'}")
    assert out.startswith(f"{LIBRARY}: games: 32")
