"""The stored files as an ordinary user meets them: a read-only folder, a file of its own it
may not read, and what a run as root leaves behind (files, a folder, lock files owned by
root).  Each case runs in a subprocess as a user whom permissions bind: as root the test
makes the files and the subprocess drops to 'nobody'; as an ordinary user the cases that
need another user's files are skipped (they say so).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dame_desktop.core import Game, find_rules
from dame_desktop.store.autosave import release_slots, save_autosave
from dame_desktop.store.locking import locked
from dame_desktop.store.scores import Outcome, ScoreTable, save_scores
from dame_desktop.store.settings import (
    LevelKey,
    Preferences,
    RecentFiles,
    save_preferences,
    save_recent_files,
)

pytestmark = [
    pytest.mark.slow,  # starts an interpreter per case
    pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX users and permissions"),
]

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
NEEDS_ROOT = pytest.mark.skipif(
    not AS_ROOT,
    reason="making another user's files needs root (run the suite as root to try these)",
)
FILES = ("scores.json", "settings.json", "recent-files.json", "autosave.json")

CHILD = textwrap.dedent("""
    import dataclasses, json, os, sys
    from datetime import UTC, datetime
    from dame_desktop.core import Game, find_rules
    from dame_desktop.store.autosave import clear_autosave, load_autosave, save_autosave
    from dame_desktop.store.locking import locked
    from dame_desktop.store.scores import Outcome, load_scores, update_scores
    from dame_desktop.store.settings import (Preferences, load_preferences, load_recent_files,
                                             update_preferences, update_recent_files)
    folder = sys.argv[1]
    if os.geteuid() == 0:  # imports first: the interpreter may live in root's home
        os.setgid(%(nobody)d)
        os.setuid(%(nobody)d)

    def count(table):
        table.record_against_computer("easy", Outcome.WIN, datetime(2026, 1, 1, tzinfo=UTC))
        return True

    def warnings(loaded):
        return [{"kind": w.kind.value, "moved": w.moved_to is not None, "stuck": w.stuck,
                 "message": w.message} for w in loaded.warnings]

    steps = {
        "load scores": lambda: warnings(load_scores(folder)),
        "load settings": lambda: warnings(load_preferences(folder)),
        "load recent": lambda: warnings(load_recent_files(folder)),
        "load autosave": lambda: warnings(load_autosave(folder)),
        "record": lambda: update_scores(count, folder).changed,
        "settings": lambda: update_preferences(
            dataclasses.replace(Preferences(), sound=True), Preferences(), folder).sound,
        "recent": lambda: len(update_recent_files(lambda r: r.add("/new.pdn"), folder)),
        "autosave": lambda: str(save_autosave(Game(find_rules("german")), {}, folder)),
        "clear": lambda: clear_autosave(folder),
    }
    out = {}
    for name, step in steps.items():
        try:
            out[name] = step()
        except Exception as exc:
            out[name] = {"error": type(exc).__name__, "kind": getattr(exc, "kind", None)
                         and exc.kind.value, "message": str(exc)}
    with locked(os.path.join(folder, "scores.json"), timeout=5) as held:
        out["lock held"] = held
    print(json.dumps(out))
""") % {"nobody": NOBODY}


def run_child(folder: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder in /tmp (others may enter it) with every stored file, made by this user."""
    where = Path(tempfile.mkdtemp(prefix="dame-unprivileged-", dir="/tmp"))
    where.chmod(0o755)
    table = ScoreTable()
    table.record_against_computer("hard", Outcome.WIN, datetime(2025, 1, 1, tzinfo=UTC))
    save_scores(table, where)
    save_preferences(Preferences(level=LevelKey("hard")), where)
    save_recent_files(RecentFiles(["/old.pdn"]), where)
    game = Game(find_rules("german"))
    game.play(game.legal_moves()[0])
    save_autosave(game, {}, where)
    release_slots()  # the autosave is left behind, as by a program that ended
    for name in ("scores.json", "settings.json", "recent-files.json"):
        with locked(where / name):
            pass  # the lock files, as a run leaves them
    try:
        yield where
    finally:
        where.chmod(0o755)
        shutil.rmtree(where, ignore_errors=True)


def give(folder: Path, *, files: bool, dot: bool = False, mode: int | None = None) -> None:
    """As root: hand the folder (and the files, with ``files``) to 'nobody'."""
    if AS_ROOT:
        os.chown(folder, NOBODY, NOBODY)
    for path in folder.iterdir():
        if path.name.startswith(".") and not dot:
            continue
        if files and AS_ROOT:
            os.chown(path, NOBODY, NOBODY)
        if mode is not None:
            path.chmod(mode)


def contents(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in FILES}


def warnings_of(result: dict[str, object], step: str) -> list[dict[str, object]]:
    value = result[step]
    assert isinstance(value, list)
    return value


def error(result: dict[str, object], step: str) -> dict[str, object]:
    value = result[step]
    assert isinstance(value, dict), f"{step} did not fail: {value!r}"
    return value


def test_a_read_only_folder_keeps_every_file_and_says_so(folder: Path) -> None:
    give(folder, files=True, dot=True)
    before = contents(folder)
    folder.chmod(0o555)
    result = run_child(folder)
    for step in ("load scores", "load settings", "load recent", "load autosave"):
        assert result[step] == []
    for step in ("record", "settings", "recent", "autosave", "clear"):
        failure = error(result, step)
        assert failure["kind"] == "folder-read-only", failure
        assert str(folder) in str(failure["message"])
    folder.chmod(0o755)
    assert contents(folder) == before


def test_a_file_of_its_own_it_may_not_read_is_set_aside_and_replaced(folder: Path) -> None:
    before = contents(folder)
    give(folder, files=True, mode=0o200)
    result = run_child(folder)
    for step in ("load scores", "load settings", "load recent", "load autosave"):
        (warning,) = warnings_of(result, step)
        assert warning["kind"] == "unreadable" and warning["moved"], warning
    assert result["record"] is True and result["settings"] is True
    for name in FILES:
        (aside,) = folder.glob(f"{name}.damaged-*")
        aside.chmod(0o600)
        assert aside.read_bytes() == before[name]  # kept as it was


def test_its_own_write_protected_files_are_respected(folder: Path) -> None:
    before = contents(folder)
    give(folder, files=True, mode=0o444)
    result = run_child(folder)
    for step in ("record", "settings", "recent", "autosave"):
        assert error(result, step)["kind"] == "read-only"
    assert result["clear"] is True  # a finished game's autosave may still go: the folder is ours
    del before["autosave.json"]
    assert {name: (folder / name).read_bytes() for name in before} == before


@NEEDS_ROOT
def test_files_root_left_in_the_users_folder_are_replaced(folder: Path) -> None:
    give(folder, files=False)  # the folder is the user's, the files and locks root's
    result = run_child(folder)
    assert result["record"] is True and result["settings"] is True
    assert result["recent"] == 2 and str(result["autosave"]).endswith("autosave.json")
    assert result["lock held"] is True  # root's lock file still locks
    for name in ("scores.json", "settings.json", "recent-files.json"):
        assert (folder / name).stat().st_uid == NOBODY


@NEEDS_ROOT
def test_a_folder_root_left_behind_is_named_with_its_owner(folder: Path) -> None:
    before = contents(folder)
    result = run_child(folder)  # everything is root's
    for step in ("record", "settings", "recent", "autosave"):
        failure = error(result, step)
        assert failure["kind"] == "folder-read-only", failure
        assert "belongs to the user root" in str(failure["message"])
    assert contents(folder) == before


@NEEDS_ROOT
def test_what_can_neither_be_read_nor_moved_says_what_to_remove(folder: Path) -> None:
    for name in FILES:
        (folder / name).chmod(0o600)
    result = run_child(folder)
    for step, name in zip(
        ("load scores", "load settings", "load recent", "load autosave"), FILES, strict=True
    ):
        (warning,) = warnings_of(result, step)
        assert warning["kind"] == "unreadable" and warning["stuck"], warning
        assert f"remove or rename {folder / name}" in str(warning["message"])
