"""Faults with nothing lost: damaged or foreign indexes, two builders, an unwritable cache,
a file that changes while it is indexed, a builder killed mid-way, cancelling."""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dame_desktop.db.index import GameIndex, IndexCancelled

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "tests" / "data" / "db" / "library.pdn"
GAMES = 32


def copy(tmp_path: Path, times: int = 1) -> Path:
    path = tmp_path / "games.pdn"
    data = LIBRARY.read_bytes()
    path.write_bytes(b"\n".join([data] * times))
    return path


def index_files(folder: Path) -> list[Path]:
    return sorted((folder / "db").glob("*.sqlite")) if (folder / "db").exists() else []


def leftovers(folder: Path) -> list[Path]:
    return sorted((folder / "db").glob(".*.tmp")) if (folder / "db").exists() else []


def test_a_damaged_index_is_rebuilt_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = copy(tmp_path)
    cache = tmp_path / "cache"
    GameIndex(path, folder=cache / "db").open().close()
    (target,) = index_files(cache)
    target.write_bytes(b"this is not a database" * 100)
    with caplog.at_level(logging.WARNING, logger="dame_desktop.db.index"):
        index = GameIndex(path, folder=cache / "db").open()
    assert index.stats.rebuilt_because.startswith("damaged")
    assert index.count_games() == GAMES
    assert any("damaged" in r.getMessage() for r in caplog.records)
    index.close()


def test_a_foreign_database_is_rebuilt(tmp_path: Path) -> None:
    path = copy(tmp_path)
    cache = tmp_path / "cache"
    index = GameIndex(path, folder=cache / "db")
    index.file.parent.mkdir(parents=True)
    other = sqlite3.connect(index.file)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    index.open()
    assert index.stats.rebuilt_because.startswith("damaged")
    assert index.count_games() == GAMES
    index.close()


def test_a_half_written_index_is_rebuilt(tmp_path: Path) -> None:
    path = copy(tmp_path)
    cache = tmp_path / "cache"
    GameIndex(path, folder=cache / "db").open().close()
    (target,) = index_files(cache)
    conn = sqlite3.connect(target)
    conn.execute("UPDATE meta SET value = '0' WHERE name = 'complete'")
    conn.commit()
    conn.close()
    index = GameIndex(path, folder=cache / "db").open()
    assert index.stats.rebuilt_because.startswith("damaged")
    assert index.count_games() == GAMES


def test_an_unwritable_cache_folder_means_an_index_in_memory(tmp_path: Path) -> None:
    path = copy(tmp_path)
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    index = GameIndex(path, folder=blocker / "db").open()
    assert index.in_memory
    assert index.count_games() == GAMES
    assert index.open() is index and index.in_memory  # still current for the session
    assert blocker.read_text(encoding="utf-8").startswith("a file")


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0,
    reason="needs a POSIX user that folder permissions apply to",
)
def test_a_read_only_cache_folder_means_an_index_in_memory(tmp_path: Path) -> None:
    path = copy(tmp_path)
    folder = tmp_path / "cache" / "db"
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        index = GameIndex(path, folder=folder).open()
        assert index.in_memory and index.count_games() == GAMES
    finally:
        folder.chmod(0o700)


def test_a_file_that_changes_while_indexed_is_indexed_again(tmp_path: Path) -> None:
    path = copy(tmp_path)
    calls: list[int] = []

    def progress(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 1:  # another program appends a game while the index is built
            with open(path, "ab") as handle:
                handle.write(b'\n[Event "late"]\n1. 22-18 9-14 *\n')

    index = GameIndex(path, folder=tmp_path / "cache" / "db").open(progress)
    assert index.stats.rounds == 2
    assert index.count_games() == GAMES + 1
    assert index.games()[-1].event == "late"


def test_cancel_leaves_nothing(tmp_path: Path) -> None:
    path = copy(tmp_path)
    cache = tmp_path / "cache"
    with pytest.raises(IndexCancelled):
        GameIndex(path, folder=cache / "db").open(cancel=lambda: True)
    assert index_files(cache) == [] and leftovers(cache) == []


def _child_env(cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["DAME_CACHE_DIR"] = str(cache)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_two_programs_indexing_at_once_both_finish_with_one_index(tmp_path: Path) -> None:
    path = copy(tmp_path, times=8)
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "dame_desktop.cli", "db", "index", str(path)]
    first = subprocess.Popen(
        command, env=_child_env(cache), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    second = subprocess.Popen(
        command, env=_child_env(cache), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    out1, err1 = first.communicate(timeout=600)
    out2, err2 = second.communicate(timeout=600)
    assert first.returncode == 0 and second.returncode == 0, (err1, err2)
    assert out1.startswith(f"{path}: games: {GAMES * 8}, ")
    assert out2.startswith(f"{path}: games: {GAMES * 8}, ")
    assert len(index_files(cache)) == 1 and leftovers(cache) == []
    index = GameIndex(path, folder=cache / "db").open()
    assert index.stats.rebuilt_because == "" and index.count_games() == GAMES * 8


_KILLED_CHILD = """
import sys
from dame_desktop.db.index import GameIndex

def progress(done, total):
    print("progress", done, total, flush=True)
    sys.stdin.readline()  # wait here, mid-index, until killed

GameIndex(sys.argv[1]).open(progress)
print("finished", flush=True)
"""


def test_a_build_killed_mid_way_is_rebuilt_at_the_next_start(tmp_path: Path) -> None:
    path = copy(tmp_path, times=12)  # enough games for a progress report before the end
    cache = tmp_path / "cache"
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED_CHILD, str(path)],
        env=_child_env(cache),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("progress ")
    done, total = map(int, line.split()[1:])
    assert done < total
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL
    assert index_files(cache) == []  # nothing half-built passes for an index
    assert len(leftovers(cache)) == 1
    index = GameIndex(path, folder=cache / "db").open()
    assert index.stats.rebuilt_because == "no index yet"
    assert index.count_games() == GAMES * 12
    assert leftovers(cache) == []  # the killed builder's file is cleared away
