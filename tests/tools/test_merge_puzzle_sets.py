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
