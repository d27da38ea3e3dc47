"""Something other than a file where a stored file belongs -- a folder, a named pipe, a link
to /dev/zero, a socket, a link loop -- is set aside at the next start (renamed, whatever it
is), so the warning does not come back and the next save works.  Nothing blocks, nothing
reads without end."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from dame_desktop.core import Game, find_rules
from dame_desktop.store.autosave import autosave_path, load_autosave, save_autosave
from dame_desktop.store.files import NotAFileError, WarningKind, read_bounded
from dame_desktop.store.scores import ScoreTable, load_scores, save_scores, scores_path
from dame_desktop.store.settings import (
    Preferences,
    RecentFiles,
    load_preferences,
    load_recent_files,
    recent_files_path,
    save_preferences,
    save_recent_files,
    settings_path,
)

Store = tuple[Callable[[Path], Path], Callable[[Path], object], Callable[[Path], object]]

STORES: dict[str, Store] = {  # where, load, save
    "settings": (
        settings_path,
        load_preferences,
        lambda folder: save_preferences(Preferences(), folder),
    ),
    "recent files": (
        recent_files_path,
        load_recent_files,
        lambda folder: save_recent_files(RecentFiles(["/a.pdn"]), folder),
    ),
    "autosave": (
        autosave_path,
        load_autosave,
        lambda folder: save_autosave(Game(find_rules("german")), {}, folder),
    ),
    "scores": (scores_path, load_scores, lambda folder: save_scores(ScoreTable(), folder)),
}


def make_folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")


def make_pipe(path: Path) -> None:
    os.mkfifo(path)


def make_zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


def make_loop(path: Path) -> None:
    path.symlink_to(path.name)


def make_socket(path: Path) -> None:
    listener = socket.socket(socket.AF_UNIX)
    try:
        listener.bind(str(path))
    finally:
        listener.close()


KINDS: dict[str, Callable[[Path], None]] = {
    "folder": make_folder,
    "named pipe": make_pipe,
    "link to /dev/zero": make_zero_link,
    "link loop": make_loop,
    "socket": make_socket,
}


def without_hanging(call: Callable[[], object]) -> object:
    """Run ``call`` in a thread; fail (instead of hanging the suite) if it blocks."""
    outcome: list[object] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:
            failure.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=120)  # a guard only: the load takes milliseconds
    assert not worker.is_alive(), "the load blocked"
    if failure:
        raise failure[0]
    return outcome[0]


@pytest.mark.skipif(os.name != "posix", reason="named pipes, sockets and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("store", list(STORES))
def test_what_is_not_a_file_is_set_aside_and_the_next_save_works(
    tmp_path: Path, store: str, kind: str
) -> None:
    where, load, save = STORES[store]
    path = where(tmp_path)
    KINDS[kind](path)
    loaded = without_hanging(lambda: load(tmp_path))
    (warning,) = loaded.warnings  # type: ignore[attr-defined]
    assert warning.kind is WarningKind.UNREADABLE
    assert warning.moved_to is not None and not warning.stuck
    assert os.path.lexists(warning.moved_to) and not os.path.lexists(path)
    if kind == "folder":
        assert (warning.moved_to / "inside.txt").read_text() == "kept"  # nothing lost
    if kind == "link to /dev/zero":
        assert os.readlink(warning.moved_to) == "/dev/zero"  # the link moved, not the device
    assert str(path) in warning.message
    save(tmp_path)
    again = load(tmp_path)
    assert again.warnings == ()  # type: ignore[attr-defined]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_reading_never_blocks_on_a_pipe_nor_reads_without_end(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(NotAFileError, match="a named pipe"):
        without_hanging(lambda: read_bounded(pipe, 100))
    with pytest.raises(NotAFileError, match="a device"):
        read_bounded("/dev/zero", 100)
    regular = tmp_path / "file"
    regular.write_bytes(b"x" * 1000)
    assert read_bounded(regular, 10) == b"x" * 10
