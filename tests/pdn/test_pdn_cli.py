"""``dame pdn check``: counts, problem lines, JSON schema and exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dame_desktop.cli.command import main

DATA = Path(__file__).resolve().parent.parent / "data" / "pdn"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["pdn", "check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_clean_files_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(DATA / "annotated.pdn"), str(DATA / "one_line.pdn"))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        f"{DATA / 'annotated.pdn'}: games: 1, clean: 1, with errors: 0",
        f"{DATA / 'one_line.pdn'}: games: 4, clean: 4, with errors: 0",
        "total: games: 5, clean: 5, with errors: 0",
    ]


def test_problems_exit_1_with_file_line_column(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "ambiguous.pdn"
    code, out, _err = run(capsys, str(path))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"{path}: games: 4, clean: 2, with errors: 2"
    assert lines[1] == "total: games: 4, clean: 2, with errors: 2"
    assert lines[2].startswith(f"{path}:5:4: ambiguous capture 10x26 in position ")
    assert lines[3].startswith(f"{path}:14:19: illegal move 15-20 in position B:")


def test_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "ambiguous.pdn"
    code, out, _err = run(capsys, str(path), "--json")
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"files", "games", "clean"}
    assert (data["games"], data["clean"]) == (4, 2)
    (entry,) = data["files"]
    assert set(entry) == {"path", "games", "clean", "errors"}
    assert entry["path"] == str(path)
    assert [(e["game"], e["line"], e["column"]) for e in entry["errors"]] == [
        (1, 5, 4),
        (3, 14, 19),
    ]
    assert set(entry["errors"][0]) == {"game", "line", "column", "message"}


def test_rules_option_is_the_default_for_untagged_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "czech.pdn"
    path.write_text('[FEN "W:Wa1:Bh8"]\n1. a1-b2 *\n', encoding="utf-8")
    code, out, _err = run(capsys, str(path), "--rules", "czech")
    assert code == 0
    code, _out, err = run(capsys, str(path), "--rules", "nonsense")
    assert code == 2 and err.startswith("dame: unknown rule set 'nonsense'")


def test_unreadable_file_exits_2_without_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "missing.pdn"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "dame_desktop.cli",
            "pdn",
            "check",
            str(DATA / "annotated.pdn"),
            str(missing),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == f"dame: cannot read {missing}: No such file or directory"
    assert "total: games: 1, clean: 1, with errors: 0" in result.stdout
