"""One file has one index, whatever asked for it first (the game list with no default rule
set, the explorer with the shown position's rule set, the command line with ``--rules``)."""

from __future__ import annotations

import re
from pathlib import Path

from dame_desktop.core import find_rules
from dame_desktop.db.index import GameIndex
from dame_desktop.db.library import Library

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "tests" / "data" / "db" / "library.pdn"


def copy(tmp_path: Path, text: str | None = None) -> Path:
    path = tmp_path / "games.pdn"
    if text is None:
        path.write_bytes(LIBRARY.read_bytes())
    else:
        path.write_text(text, encoding="utf-8")
    return path


def tagged_games() -> str:
    """The fixture's games that name their rule set (a GameType tag) and no others."""
    games = re.split(r"\n\s*\n(?=\[)", LIBRARY.read_text(encoding="utf-8"))
    kept = [g.strip() for g in games if "[GameType" in g]
    assert len(kept) >= 5
    return "\n\n".join(kept) + "\n"


def indexes(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.sqlite"))


def test_the_list_first_then_the_explorer_use_one_index(tmp_path: Path) -> None:
    path = copy(tmp_path)
    folder = tmp_path / "cache"
    listed = GameIndex(path, None, folder, any_default=True).open()
    assert listed.stats.rebuilt_because == "no index yet"
    games = listed.meta()["games"]
    english = find_rules("english")
    explorer = Library([path], english, folder, any_default=True).open()
    assert explorer.indexes[0].stats.rebuilt_because == ""  # taken as it is
    assert indexes(folder) == [listed.file]
    start = explorer.positions(None, english)
    assert explorer.explore(start).games > 0
    assert explorer.indexes[0].meta()["games"] == games
    explorer.close()
    listed.close()


def test_the_explorer_first_then_the_list_use_one_index(tmp_path: Path) -> None:
    path = copy(tmp_path)
    folder = tmp_path / "cache"
    german = find_rules("german")
    explorer = Library([path], german, folder, any_default=True).open()
    assert explorer.indexes[0].stats.rebuilt_because == "no index yet"
    listed = GameIndex(path, None, folder, any_default=True)
    assert listed.open_if_current()
    assert indexes(folder) == [explorer.indexes[0].file]
    listed.close()
    explorer.close()


def test_an_explicit_default_rebuilds_the_one_index_when_it_decides_games(
    tmp_path: Path,
) -> None:
    path = copy(tmp_path)  # most of its games name no rule set
    folder = tmp_path / "cache"
    GameIndex(path, None, folder).open().close()
    german = find_rules("german")
    again = GameIndex(path, german, folder).open()
    assert again.stats.rebuilt_because == "another default rule set"
    assert indexes(folder) == [again.file]
    assert again.meta()["default_rules"].startswith("german:")
    again.close()
    same = GameIndex(path, german, folder).open()
    assert same.stats.rebuilt_because == ""
    same.close()


def test_a_file_naming_every_rule_set_keeps_its_index_for_any_default(tmp_path: Path) -> None:
    path = copy(tmp_path, tagged_games())
    folder = tmp_path / "cache"
    first = GameIndex(path, None, folder).open()
    assert first.meta()["undecided"] == "0"
    first.close()
    other = GameIndex(path, find_rules("german"), folder).open()
    assert other.stats.rebuilt_because == ""
    assert indexes(folder) == [other.file]
    other.close()
