"""``dame analyse`` as a user runs it: real subprocesses, real files."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from dame_desktop.pdn import read_games
from tests.engines.helpers import (
    dame_command,
    fake,
    needs_proc,
    parent,
    process_ended,
    run_dame,
    wait_until,
    wrapped,
)
from tests.engines.test_review import BLUNDER

BROKEN = """[Event "broken"]
[White "C"]
[Black "D"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
[Rules "german"]
1. 22-17 11-15 2. 17-10 *
"""

MOVE_KEYS = ["ply", "move", "best", "score", "best_score", "loss", "mark"]


@pytest.fixture()
def games(tmp_path: Path) -> Path:
    path = tmp_path / "games.pdn"
    path.write_text(
        BLUNDER + "\n" + BROKEN + "\n" + BLUNDER.replace('"test"', '"again"'), encoding="utf-8"
    )
    return path


def analyse_json(*args: str) -> dict[str, Any]:
    done = run_dame("analyse", *args, "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.mark.slow
def test_json_shape_marks_and_errors(games: Path) -> None:
    data = analyse_json(str(games), "--depth", "6", "--jobs", "1")
    assert list(data) == ["games"]
    first, broken, third = data["games"]
    assert [g["index"] for g in data["games"]] == [1, 2, 3]
    assert list(first) == ["index", "moves", "summary"]
    assert list(first["summary"]) == ["first", "second"]
    for move in first["moves"]:
        assert list(move) == MOVE_KEYS
        assert isinstance(move["score"], float) and isinstance(move["best_score"], float)
        assert move["mark"] in (None, "?!", "?", "??")
    blunder = first["moves"][4]
    assert blunder["move"] == "17-14" and blunder["mark"] == "??"
    assert blunder["best"] != "17-14" and blunder["best_score"] - blunder["score"] >= 0.9
    assert first["moves"][5]["move"] == "9x18x25"  # full paths
    forced = first["moves"][6]
    assert forced["move"] == "29x22" and forced["mark"] is None and forced["loss"] == 0.0
    assert first["summary"]["first"]["blunders"] == 1
    assert "error" in broken and "17-10" in broken["error"] and broken["moves"] == []
    assert third["moves"] == first["moves"]


@pytest.mark.slow
def test_jobs_spread_the_games_and_keep_their_order(games: Path) -> None:
    one = analyse_json(str(games), "--depth", "4", "--jobs", "1")
    two = analyse_json(str(games), "--depth", "4", "--jobs", "2")
    assert one == two


def test_out_writes_an_annotated_file_that_reads_back(games: Path, tmp_path: Path) -> None:
    before = games.read_bytes()
    out = tmp_path / "annotated.pdn"
    done = run_dame("analyse", str(games), "--depth", "6", "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "17-14??" in done.stdout
    assert games.read_bytes() == before  # FILE is never written without --out FILE
    back = read_games(out)
    assert len(back) == 3 and not back[0].errors and not back[2].errors and back[1].errors
    line = list(back[0].mainline())
    assert all("eval" in node.commands() for node in line)
    assert [n.value for n in line[4].nags] == [4]
    variation = parent(line[4]).variations[1]
    assert "[%review line]" in variation.starting_comment and variation.move != line[4].move
    assert "[%review" in back[0].comment
    # the broken game was not rewritten: its bytes are as they were
    assert "1. 22-17 11-15 2. 17-10 *" in out.read_text(encoding="utf-8")


def test_a_second_analysis_replaces_only_its_own(games: Path, tmp_path: Path) -> None:
    out = tmp_path / "annotated.pdn"
    assert (
        run_dame("analyse", str(games), "--game", "1", "--depth", "5", "--out", str(out)).returncode
        == 0
    )
    text = out.read_text(encoding="utf-8").replace("1. 22-17 {", "1. 22-17! {my start ")
    out.write_text(text, encoding="utf-8")
    done = run_dame("analyse", str(out), "--game", "1", "--depth", "5", "--out", str(out))
    assert done.returncode == 0, done.stderr
    game = read_games(out)[0]
    line = list(game.mainline())
    assert [n.value for n in line[0].nags] == [1] and "my start" in line[0].comment
    assert "a user comment" in line[2].comment
    assert all(node.comment.count("[%eval") == 1 for node in line)
    assert len(parent(line[4]).variations) == 2 and game.comment.count("[%review") == 1


def test_game_out_of_range_is_one_line_and_status_2(games: Path) -> None:
    done = run_dame("analyse", str(games), "--game", "4")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--game 4 is out of range" in done.stderr


def test_missing_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    done = run_dame("analyse", str(tmp_path / "none.pdn"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "none.pdn" in done.stderr


def test_a_failing_engine_is_one_line_and_status_2(games: Path, tmp_path: Path) -> None:
    script = tmp_path / "engine.sh"
    script.write_text(f'#!/bin/sh\nexec {sys.executable} {fake("crash")} "$@"\n')
    script.chmod(0o755)
    international = tmp_path / "intl.pdn"
    international.write_text('[GameType "20"]\n1. 32-28 19-23 *\n', encoding="utf-8")
    done = run_dame("analyse", str(international), "--engine", str(script), "--depth", "3")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "engine" in done.stderr and "quit during the search" in done.stderr


def test_dame_hub_as_the_engine(games: Path, tmp_path: Path) -> None:
    command = dame_command()
    if len(command) > 1:
        script = tmp_path / "dame.sh"
        script.write_text("#!/bin/sh\nexec " + shlex.join(command) + ' "$@"\n')
        script.chmod(0o755)
        engine = str(script)
    else:
        engine = command[0]
    data = analyse_json(str(games), "--game", "1", "--depth", "6", "--engine", engine)
    blunder = data["games"][0]["moves"][4]
    assert blunder["move"] == "17-14" and blunder["mark"] == "??"


def test_out_into_a_missing_folder_is_refused_before_the_work(games: Path, tmp_path: Path) -> None:
    # the work would take hours (ten minutes a move): refused at once, it never starts
    done = run_dame(
        "analyse",
        str(games),
        "--movetime",
        "600",
        "--out",
        str(tmp_path / "no" / "such" / "out.pdn"),
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "folder does not exist" in done.stderr


@pytest.mark.slow
def test_bad_limits_are_usage_errors(games: Path) -> None:
    for args in (
        ["--depth", "0"],
        ["--movetime", "-1"],
        ["--jobs", "0"],
        ["--movetime", "1", "--depth", "3"],
        ["--rules", "mars"],
    ):
        done = run_dame("analyse", str(games), *args)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, args


@needs_proc
def test_a_hanging_engine_behind_a_wrapper_is_gone_when_the_command_ends(tmp_path: Path) -> None:
    script, pid_file = wrapped(tmp_path, "hang")
    international = tmp_path / "intl.pdn"
    international.write_text('[GameType "20"]\n1. 32-28 19-23 *\n', encoding="utf-8")
    done = run_dame("analyse", str(international), "--engine", script, "--movetime", "0.2")
    assert done.returncode == 2 and "it hangs" in done.stderr, done.stderr
    grandchild = int(pid_file.read_text())
    wait_until(lambda: process_ended(grandchild), f"the wrapped engine {grandchild} ends")
