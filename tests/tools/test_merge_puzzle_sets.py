"""tools/merge_puzzle_sets.py: the puzzles that fail the check are left out, duplicates are
merged, and the themes of those kept are worked out again from their solutions."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from dame_desktop.core import Position, find_rules
from dame_desktop.puzzles.mine import MineSettings, examine
from dame_desktop.puzzles.sets import puzzles_json, read_puzzles

ROOT = Path(__file__).resolve().parents[2]
# OCA game 1 after 41 plies: White gives a man and takes three at once, crowning
SHOT = "W:W8,12,23,30,31,32:B3,6,9,14,18,20,22,28"


def test_merging_keeps_the_puzzles_that_hold_with_their_themes_again(tmp_path: Path) -> None:
    english = find_rules("english")
    good = examine(Position.from_fen(SHOT, english), "OCA", MineSettings())
    assert good is not None and good.themes
    stripped = dataclasses.replace(good, themes=())  # as mined before its themes existed
    bad = dataclasses.replace(good, id="bad-1", solution=("31-27",))
    first, second, out = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "out.json"
    first.write_text(puzzles_json("english", [stripped]), encoding="utf-8")
    second.write_text(puzzles_json("english", [good, bad]), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "merge_puzzle_sets.py"),
            str(out),
            str(first),
            str(second),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "read 3, duplicates 1, failed the check 1, kept 1" in done.stdout
    rules, kept = read_puzzles(out)
    assert rules == "english" and kept == [good]  # the themes are back


def test_a_set_already_checked_is_kept_without_searching_it_again(tmp_path: Path) -> None:
    english = find_rules("english")
    good = examine(Position.from_fen(SHOT, english), "OCA", MineSettings())
    assert good is not None
    # a puzzle that would fail the check, in the set named as checked: taken on trust
    trusted = dataclasses.replace(good, id="trusted-1", solution=("31-27",), themes=())
    checked, new, out = tmp_path / "checked.json", tmp_path / "new.json", tmp_path / "out.json"
    checked.write_text(puzzles_json("english", [trusted]), encoding="utf-8")
    new.write_text(puzzles_json("english", [good, trusted]), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "merge_puzzle_sets.py"),
            str(out),
            str(new),
            "--checked",
            str(checked),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "read 3, duplicates 1, failed the check 0, kept 2" in done.stdout
    assert {p.id for p in read_puzzles(out)[1]} == {good.id, "trusted-1"}
