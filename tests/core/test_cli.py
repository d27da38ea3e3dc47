"""The ``dame`` command (rules, moves, perft) run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dame_desktop.core import PRESETS, SWITCHES

ROOT = Path(__file__).resolve().parents[2]


def dame(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dame_desktop.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_rules_lists_every_preset_key_tab_name() -> None:
    done = dame("rules")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines == [f"{p.key}\t{p.name}" for p in PRESETS]
    assert all(line.count("\t") == 1 for line in lines)


def test_rules_help_documents_every_switch() -> None:
    done = dame("rules", "--help")
    assert done.returncode == 0
    for switch in SWITCHES:
        assert f"  {switch.name}" in done.stdout, switch.name
        for choice in switch.choices:
            assert choice in done.stdout


def test_moves_start_position() -> None:
    done = dame("moves", "--rules", "german")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "21-17",
        "22-17",
        "22-18",
        "23-18",
        "23-19",
        "24-19",
        "24-20",
    ]
    english = dame("moves", "--rules", "english").stdout.split()  # Black moves first
    assert english == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]


@pytest.mark.slow
def test_moves_full_path_and_switches() -> None:
    done = dame("moves", "--rules", "german", "--fen", "W:W27:B23,14")
    assert done.stdout == "27x18x9\n"
    fen = "W:W28,K29:B24,15"
    free = dame("moves", "--fen", fen).stdout.split()
    assert sorted(free) == ["28x19x10", "29x11", "29x4", "29x8"]
    largest = dame("moves", "--fen", fen, "--set", "largest-capture=on").stdout.split()
    assert largest == ["28x19x10"]


def test_moves_fen_file_one_line_per_input_line(tmp_path: Path) -> None:
    path = tmp_path / "positions.fen"
    path.write_text(
        "W:W21-32:B1-12\n"
        "\n"
        "W:W29:B25,22\n"  # blocked: no moves -> empty line
        "W:W27:B23,14\n",
        encoding="utf-8",
    )
    done = dame("moves", "--rules", "german", "--fen-file", str(path))
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.split("\n") == [
        "21-17 22-17 22-18 23-18 23-19 24-19 24-20",
        "",
        "",
        "27x18x9",
        "",  # the final newline
    ]


def test_perft_plain_and_json() -> None:
    plain = dame("perft", "--rules", "german", "--depth", "4")
    assert plain.returncode == 0 and plain.stdout == "1469\n"
    done = dame("perft", "--rules", "international", "--depth", "3", "--json")
    data = json.loads(done.stdout)
    assert set(data) == {"nodes", "seconds", "nodes_per_second"}
    assert data["nodes"] == 658
    assert data["seconds"] >= 0 and data["nodes_per_second"] >= 0
    woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"
    done = dame("perft", "--rules", "international", "--fen", woldouby, "--depth", "5")
    assert done.stdout == "215\n"


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("moves", "--rules", "nope"), "nope"),
        (("moves", "--set", "bogus=1"), "bogus"),
        (("moves", "--set", "huffing=maybe"), "maybe"),
        (("moves", "--set", "huffing"), "NAME=VALUE"),
        (("moves", "--fen", "W:W21,99:B1"), "99"),
        (("moves", "--fen", "X:W21:B1"), "'X'"),
        (("moves", "--fen-file", "/nonexistent/dir/file.fen"), "cannot read"),
        (("perft", "--depth", "99"), "99"),
        (("perft", "--depth", "-1"), "-1"),
        (("perft", "--depth", "x"), "'x'"),
        (("perft",), "--depth"),
        (("bogus",), "bogus"),
        ((), "command"),
    ],
)
def test_bad_input_one_line_exit_2(args: tuple[str, ...], named: str) -> None:
    done = dame(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert named in lines[0]


def test_bad_line_in_fen_file_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.fen"
    path.write_text("W:W21-32:B1-12\nW:W21:Bzz\n", encoding="utf-8")
    done = dame("moves", "--fen-file", str(path))
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert f"{path}:2" in line and "zz" in line
