"""Read-modify-write of the program's own files by several programs at once.  No Qt.

Two windows of the same user (two programs) share the settings, the recent files and the
score table.  Each of those files is written whole, so an update is "read the file, change
it, write it back"; done by two programs at the same moment, one change would be lost.
:func:`locked` makes such an update one step: it holds an advisory lock on a lock file
beside the data file (``.NAME.lock``: ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on
Windows) while the caller re-reads the file, applies its change to what it read and writes
the result with the one atomic write.  The operating system lets go of the lock when its
holder ends, however it ends, so a killed program never leaves the file locked.

The wait is bounded: a holder that keeps the lock longer than ``timeout`` seconds (a
program stopped in a debugger) is not waited for; the update then goes ahead without the
lock, still re-reading first, and a warning is logged.  Where no lock file can be made
(a read-only folder, a file system without locks) the update goes ahead the same way: the
write then reports its own problem.  The UI never hangs on a lock, and the re-read keeps
the chance of a lost change to the milliseconds between reading and renaming.

Lock files are never removed (removing one while another program waits on it would let
two programs in at once); they are empty and hidden.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from dame_desktop.store.files import PathArg, real_target

log = logging.getLogger(__name__)

LOCK_TIMEOUT = 5.0
"""Seconds an update waits for another program's update of the same file."""
LOCK_SUFFIX = ".lock"
_FIRST_PAUSE = 0.002
_LONGEST_PAUSE = 0.05

T = TypeVar("T")
R = TypeVar("R")

_held = threading.local()  # the lock files this thread holds (a nested update re-enters)


def lock_path(path: PathArg) -> Path:
    """The lock file of the data file ``path``: ``.NAME.lock`` beside its real target."""
    target = real_target(path)
    return target.with_name(f".{target.name}{LOCK_SUFFIX}")


if sys.platform == "win32":  # pragma: no cover - Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        """Take the lock on ``fd`` without waiting; False when another holder has it."""
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        """Take the lock on ``fd`` without waiting; False when another holder has it."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)


def _open_lock(path: Path) -> int | None:
    """The lock file, opened (made where missing); None when that is impossible."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NONBLOCK", 0)
    try:
        return os.open(path, flags, 0o666)
    except PermissionError:
        pass  # another user's lock file (a run as root): locking needs no write access
    except OSError as exc:
        log.info("no lock file %s (%s): updating without a lock", path, exc.strerror or exc)
        return None
    try:
        return os.open(path, (flags & ~(os.O_RDWR | os.O_CREAT)) | os.O_RDONLY)
    except OSError as exc:
        log.info("no lock file %s (%s): updating without a lock", path, exc.strerror or exc)
        return None


@contextlib.contextmanager
def locked(path: PathArg, timeout: float = LOCK_TIMEOUT) -> Iterator[bool]:
    """Hold the update lock of the data file ``path`` for the ``with`` block.

    Yields True when the lock is held, False when the block runs without it (no lock file
    could be made, or another holder kept it longer than ``timeout`` seconds: logged).
    Re-entrant in one thread.  Never raises for the lock itself.
    """
    try:
        where = lock_path(path)
    except (OSError, ValueError):
        yield False
        return
    held: set[str] = getattr(_held, "paths", None) or set()
    _held.paths = held
    key = os.fspath(where)
    if key in held:
        yield True
        return
    fd = _open_lock(where)
    if fd is None:
        yield False
        return
    try:
        try:
            got = _wait(fd, timeout)
        except OSError as exc:  # a file system without locks
            log.info("cannot lock %s (%s): updating without a lock", where, exc.strerror or exc)
            got = False
        else:
            if not got:
                log.warning(
                    "%s stayed locked by another program for %.1f s: updating without the lock",
                    where,
                    timeout,
                )
        held.add(key)
        try:
            yield got
        finally:
            held.discard(key)
            if got:
                _unlock(fd)
    finally:
        os.close(fd)


def _wait(fd: int, timeout: float) -> bool:
    """Take the lock, trying again with growing pauses until ``timeout`` seconds passed."""
    deadline = time.monotonic() + max(0.0, timeout)
    pause = _FIRST_PAUSE
    while True:
        if _try_lock(fd):
            return True
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        time.sleep(min(pause, left))
        pause = min(pause * 2, _LONGEST_PAUSE)


def hold(path: PathArg) -> int | None:
    """Take the lock file ``path`` itself without waiting and keep it: the open descriptor is
    returned (closing it lets go; so does the end of the process, however it ends).  None
    when another holder has it or no lock file can be made.  Never raises."""
    return hold_or_busy(path)[0]


def hold_or_busy(path: PathArg) -> tuple[int | None, bool]:
    """:func:`hold`, telling why it holds nothing: ``(descriptor, False)`` when the lock is
    taken, ``(None, True)`` when another holder has it, ``(None, False)`` when no lock file
    can be made or the file system has no locks (the caller goes on without one).  Never
    raises."""
    try:
        where = Path(os.path.abspath(os.fspath(path)))
    except (OSError, ValueError):
        return None, False
    fd = _open_lock(where)
    if fd is None:
        return None, False
    try:
        if _try_lock(fd):
            return fd, False
        busy = True
    except OSError:
        busy = False
    os.close(fd)
    return None, busy


def locked_read(
    path: PathArg, timeout: float = LOCK_TIMEOUT
) -> contextlib.AbstractContextManager[bool]:
    """The update lock for reading the stored file ``path`` (a ``with`` block).

    Reading is a write too when the file is damaged: it is set aside and a repaired file may
    be written in its place.  Done without the lock, that could set aside (or overwrite)
    what another program's update wrote a moment after this program read the damage.  The
    lock is held while the file is there (a file that is not there is neither set aside nor
    repaired, and no lock file is made for it).  Yields what :func:`locked` yields.
    """
    try:
        present = os.path.lexists(path)
    except (OSError, ValueError):
        present = False
    return locked(path, timeout) if present else contextlib.nullcontext(False)


def locked_update(
    path: PathArg,
    load: Callable[[], T],
    change: Callable[[T], R],
    save: Callable[[T], object],
    *,
    timeout: float = LOCK_TIMEOUT,
) -> tuple[T, R]:
    """One read-modify-write of the stored file ``path`` among several programs.

    Under the update lock: ``load()`` the file as it is now, apply ``change`` to what it
    gave, and ``save`` the value unless ``change`` answered False (nothing changed).  Returns
    the value and ``change``'s answer; raises what ``save`` raises.  Every shared store goes
    through this (or :func:`locked` directly): the score table, the recent files, and a new
    one such as puzzle ratings.
    """
    with locked(path, timeout):
        value = load()
        answer = change(value)
        if answer is not False:
            save(value)
    return value, answer
