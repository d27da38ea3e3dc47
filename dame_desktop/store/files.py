"""Per-user folders, the one atomic file write, and damaged-file handling.  No Qt.

Every file the program writes -- settings, recent files, the autosave, PDN documents (and the
score table) -- goes through :func:`atomic_write_bytes`: a temporary file beside the target,
flush, fsync, ``os.replace``, then an fsync of the folder, keeping the replaced file's mode
and writing through a symbolic link to its target.  The temporary files are named
``.NAME.dame-save-<pid>-<random>.tmp`` so that the leftovers of a killed save are recognised
and removed (:func:`remove_stale_temps`) at the next open or save of that file.

Reading goes through :func:`read_json`, which never raises: whatever the damage (not text,
not JSON, absurd numbers, deep nesting, a huge file), the file is moved aside to
``<name>.damaged-<timestamp>`` and reported as a :class:`StorageWarning` carrying data the
UI can word in the user's language.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import json
import logging
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "Dame"
CONFIG_ENV = "DAME_CONFIG_DIR"  # overrides the settings folder (and the data folder, see below)
DATA_ENV = "DAME_DATA_DIR"  # overrides the data folder (autosave)
CACHE_ENV = "DAME_CACHE_DIR"  # overrides the cache folder (the game database's indexes)

TEMP_MARK = ".dame-save-"
"""Part of every temporary file name: ``.NAME.dame-save-<pid>-<8 hex digits>.tmp``."""
STALE_TEMP_SECONDS = 15 * 60.0
"""A temporary file of ours this old is a leftover even when its pid is alive (pid reuse)."""
_LEGACY_STALE_SECONDS = 600.0
_NAME_BYTES = 120  # of the target's name kept in a temp name (NAME_MAX is 255 bytes)
JSON_LIMIT = 16 * 1024 * 1024
"""Default upper size of a JSON file read by :func:`read_json` (bigger is damaged)."""
_NUMBER_DIGITS = 30  # longer integers in a stored file are nonsense (and slow to convert)
_SHORT = 60

PathArg = str | os.PathLike[str]


class FileProblem(enum.Enum):
    """Why a file could not be written or read, as data the UI words."""

    READ_ONLY = "read-only"  # the file is write-protected: offer "Save as"
    FOLDER_READ_ONLY = "folder-read-only"  # no file can be made in the folder (or a read-only disk)
    FOLDER_MISSING = "folder-missing"  # the folder does not exist (any more)
    DISK_FULL = "disk-full"  # no space left (ENOSPC, a quota, the largest file size)
    NOT_A_FILE = "not-a-file"  # a folder, device or symbolic-link loop sits at the path
    NOT_FOUND = "not-found"  # reading: no such file
    PERMISSION = "permission"  # the system refused (no read right, file locked or immutable)
    TOO_BIG = "too-big"  # reading: the file is larger than anything we could have written
    NO_PATH = "no-path"  # a document without a file yet: "Save as" must choose one
    NOT_PDN = "not-pdn"  # opening a document: the bytes are no text (a picture, an archive)
    OTHER = "other"  # anything else; ``reason`` has the system's words

    @property
    def save_as_helps(self) -> bool:
        """True when saving elsewhere ("Save as") is the way out of this problem."""
        return self in _SAVE_AS_HELPS


_SAVE_AS_HELPS = frozenset(
    {
        FileProblem.READ_ONLY,
        FileProblem.FOLDER_READ_ONLY,
        FileProblem.FOLDER_MISSING,
        FileProblem.DISK_FULL,
        FileProblem.NOT_A_FILE,
        FileProblem.PERMISSION,
        FileProblem.NO_PATH,
    }
)


class StorageError(Exception):
    """A file could not be written (or read); the message names the file and the reason.

    ``kind`` says what went wrong as data, ``path`` the file, ``reason`` the system's text.
    """

    def __init__(
        self,
        message: str,
        path: Path | None = None,
        kind: FileProblem = FileProblem.OTHER,
        reason: str = "",
    ) -> None:
        super().__init__(message)
        self.path = path
        self.kind = kind
        self.reason = reason


class WarningKind(enum.Enum):
    """What went wrong while reading a file (the UI words it in the user's language)."""

    DAMAGED = "damaged"  # unusable content; the file was moved aside, nothing from it used
    INVALID_VALUE = "invalid-value"  # some values (``values``) were reset; the rest was kept
    ENTRIES_DROPPED = "entries-dropped"  # some list entries (``values``) were left out
    UNREADABLE = "unreadable"  # the operating system refused to read the file
    UNWRITABLE = "unwritable"  # a repaired file could not be written back
    NEWER_VERSION = "newer-version"  # written by a newer Dame; unknown parts ignored
    PARTIAL_GAME = "partial-game"  # the autosave stopped at an illegal or unreadable move
    MISMATCH = "mismatch"  # the replayed game differs from the recorded check data


class StoreFile(enum.Enum):
    """Which of the program's own files a warning is about."""

    SETTINGS = "settings"
    RECENT_FILES = "recent-files"
    AUTOSAVE = "autosave"
    SCORES = "scores"
    OTHER = "other"


class Damage(enum.Enum):
    """Why a file counts as damaged (``StorageWarning.damage``)."""

    NOT_TEXT = "not-text"  # neither UTF-8 nor UTF-16/32 with a byte order mark
    EMPTY = "empty"
    SYNTAX = "syntax"  # not JSON; ``line`` and ``column`` say where
    TOO_DEEP = "too-deep"  # lists or objects nested absurdly deep
    TOO_BIG = "too-big"  # larger than the size limit
    WRONG_SHAPE = "wrong-shape"  # valid JSON, but not the structure this file has
    NOT_AUTOSAVE = "not-autosave"  # the format marker is missing
    UNKNOWN_RULES = "unknown-rules"  # the autosave's rule set cannot be built
    BAD_START = "bad-start"  # the autosave's start position cannot be read
    UNEXPECTED = "unexpected"  # an unforeseen failure while reading (logged with its trace)


@dataclass(frozen=True)
class ResetValue:
    """One stored value that could not be used: ``name`` (a setting, or "files[3]"), the bad
    value shortened for a message, the default it was replaced by ("" when dropped) and the
    reason in English."""

    name: str
    value: str
    default: str = ""
    reason: str = ""


@dataclass(frozen=True)
class StorageWarning:
    """One problem found while loading ``path``.

    ``detail`` is a technical English description; ``moved_to`` is where the original file
    was put aside (None when it stayed where it was).  ``file`` says which of the program's
    files it is, ``damage`` why it was damaged (DAMAGED only), ``values`` which values were
    reset or dropped (INVALID_VALUE, ENTRIES_DROPPED), ``line``/``column`` where the JSON
    syntax broke (0 when unknown).
    """

    kind: WarningKind
    path: Path
    detail: str
    moved_to: Path | None = None
    file: StoreFile = StoreFile.OTHER
    damage: Damage | None = None
    values: tuple[ResetValue, ...] = ()
    line: int = 0
    column: int = 0
    stuck: bool = False  # it could not be set aside: the user must remove or rename it

    @property
    def message(self) -> str:
        """An English sentence naming the file, the problem and where the file went."""
        text = f"{self.path}: {self.detail}"
        if self.moved_to is not None:
            text += f"; the file was moved aside to {self.moved_to}"
        if self.stuck:
            text += (
                f"; it could not be moved aside either: remove or rename {self.path} "
                f"so that a new file can be saved there"
            )
        return text

    def __str__(self) -> str:
        return self.message


# -- folders ---------------------------------------------------------------------------------


def config_dir(override: PathArg | None = None) -> Path:
    """The folder for settings and recent files.

    ``override`` (tests) wins, then the environment variable DAME_CONFIG_DIR, then
    platformdirs' user config folder for "Dame".  The folder is not created here.
    """
    if override is not None:
        return Path(override)
    env = os.environ.get(CONFIG_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir(override: PathArg | None = None) -> Path:
    """The folder for the autosave.

    ``override`` wins, then DAME_DATA_DIR, then DAME_CONFIG_DIR (so one variable isolates
    everything, e.g. in GUI tests), then platformdirs' user data folder for "Dame".
    """
    if override is not None:
        return Path(override)
    for name in (DATA_ENV, CONFIG_ENV):
        env = os.environ.get(name, "").strip()
        if env:
            return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir(override: PathArg | None = None) -> Path:
    """The folder for caches that can be rebuilt at any time (the game database's indexes).

    ``override`` wins, then DAME_CACHE_DIR, then DAME_CONFIG_DIR (one variable isolates
    everything), then platformdirs' user cache folder for "Dame".  Not created here.
    """
    if override is not None:
        return Path(override)
    for name in (CACHE_ENV, CONFIG_ENV):
        env = os.environ.get(name, "").strip()
        if env:
            return Path(env).expanduser()
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


# -- writing ---------------------------------------------------------------------------------


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows cannot open folders)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def real_target(path: PathArg) -> Path:
    """The file a write to ``path`` must change: symbolic links followed (also a chain of
    them, and links in the folders), the result absolute.  A link whose target does not exist
    gives that target, so the link stays a link."""
    return Path(os.path.realpath(os.fspath(path)))


def _temp_prefix(name: str) -> str:
    """``.NAME.dame-save-`` with NAME cut so the temp name fits into 255 bytes."""
    raw = name.encode("utf-8", "surrogateescape")
    if len(raw) > _NAME_BYTES:
        name = raw[:_NAME_BYTES].decode("utf-8", "ignore") or "file"
    return f".{name}{TEMP_MARK}"


def temp_name_for(path: PathArg) -> str:
    """A fresh temporary file name for writing ``path`` (its folder is the target's)."""
    return f"{_temp_prefix(Path(path).name)}{os.getpid()}-{secrets.token_hex(4)}.tmp"


def problem_of(exc: OSError, creating: bool = False) -> FileProblem:
    """Turn an OSError into a FileProblem; ``creating`` is True while making a file (then a
    refusal means the folder is write-protected)."""
    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1), errno.EFBIG):
        return FileProblem.DISK_FULL
    if code == errno.EROFS:
        return FileProblem.FOLDER_READ_ONLY
    if code in (errno.EACCES, errno.EPERM):
        return FileProblem.FOLDER_READ_ONLY if creating else FileProblem.PERMISSION
    if code in (errno.ENOENT, errno.ENOTDIR):
        return FileProblem.FOLDER_MISSING
    if code in (errno.EISDIR, errno.ELOOP):
        return FileProblem.NOT_A_FILE
    return FileProblem.OTHER


_PROBLEM_TEXT = {
    FileProblem.READ_ONLY: "the file is read-only",
    FileProblem.FOLDER_READ_ONLY: "no file can be written in its folder",
    FileProblem.FOLDER_MISSING: "the folder does not exist",
    FileProblem.DISK_FULL: "the disk is full",
    FileProblem.NOT_A_FILE: "this is not a file",
    FileProblem.NOT_FOUND: "there is no such file",
    FileProblem.PERMISSION: "permission denied",
    FileProblem.TOO_BIG: "the file is too big",
    FileProblem.NO_PATH: "no file was chosen yet",
}


def _write_error(target: Path, kind: FileProblem, exc: OSError | None = None) -> StorageError:
    reason = _PROBLEM_TEXT.get(kind, "")
    if exc is not None:
        system = exc.strerror or str(exc)
        reason = f"{reason} ({system})" if reason else system
    return StorageError(f"could not write {target}: {reason}", target, kind, reason)


def _with_owner(error: StorageError, info: os.stat_result) -> StorageError:
    """``error`` with the owner named when the file or folder is another user's."""
    foreign = _foreign(info)
    if not foreign:
        return error
    return StorageError(f"{error}{foreign}", error.path, error.kind, error.reason + foreign)


def is_read_only(path: PathArg) -> bool:
    """True when the file at ``path`` exists and is write-protected: no write permission for
    anyone (which binds even root here), or none for this user.  False when it is missing."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    return not info.st_mode & 0o222 or not os.access(path, os.W_OK)


def _foreign(info: os.stat_result) -> str:
    """``" (it belongs to the user NAME)"`` when ``info`` is another user's file (POSIX),
    else ""."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None or info.st_uid == geteuid():
        return ""
    try:
        import pwd

        owner = pwd.getpwuid(info.st_uid).pw_name
    except (ImportError, KeyError):
        owner = str(info.st_uid)
    return f" (it belongs to the user {owner})"


def _folder_read_only(folder: Path) -> bool:
    """No write permission for anyone on the folder, none for this user, or a file system
    mounted read-only."""
    try:
        info = os.stat(folder)
    except OSError:
        return False
    if stat.S_ISDIR(info.st_mode) and not info.st_mode & 0o222:
        return True
    if stat.S_ISDIR(info.st_mode) and not os.access(folder, os.W_OK | os.X_OK):
        return True
    statvfs = getattr(os, "statvfs", None)
    if statvfs is None:
        return False
    try:
        return bool(statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def atomic_write_bytes(
    path: PathArg, data: bytes, *, make_folder: bool = False, own_file: bool = False
) -> Path:
    """Replace the file ``path`` with ``data`` atomically and durably; return the file written.

    Readers see the old or the new file, never a mixture, even when the program is killed
    mid-write.  A symbolic link is followed: its target is replaced and the link stays.  The
    new file keeps the replaced file's permission bits and, where allowed, its owner (a new
    one gets the usual 0o666 minus the umask).  Hard links to the old file keep the old
    content (a rename cannot keep them).  ``make_folder`` creates missing folders (the
    program's own files); otherwise a missing folder is an error.  ``own_file`` (the
    program's own files in the user's folders): a file of another user that this user may
    not write (left by running the program once as root) is replaced all the same, the
    folder permitting; a user's own write-protected file never is.  Leftover temporary files of
    earlier killed writes of this file are removed first.

    Raises StorageError naming the file, with ``kind`` READ_ONLY (the file is write-protected:
    it is not touched), FOLDER_READ_ONLY, FOLDER_MISSING, DISK_FULL, NOT_A_FILE, PERMISSION or
    OTHER.  On every error the original file is unchanged and no temporary file is left.
    """
    try:
        target = real_target(path)
    except (OSError, ValueError) as exc:  # e.g. a NUL character in the name
        raise StorageError(
            f"could not write {path}: {exc}", Path(path), FileProblem.OTHER, str(exc)
        ) from exc
    folder = target.parent
    if os.path.islink(target):  # realpath stopped at a link: a loop
        raise _write_error(target, FileProblem.NOT_A_FILE)
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise _write_error(target, problem_of(exc, creating=False), exc) from exc
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise _write_error(target, FileProblem.NOT_A_FILE)
    if make_folder:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _write_error(target, problem_of(exc, creating=True), exc) from exc
    elif not folder.is_dir():
        raise _write_error(target, FileProblem.FOLDER_MISSING)
    if _folder_read_only(folder):
        error = _write_error(target, FileProblem.FOLDER_READ_ONLY)
        with contextlib.suppress(OSError):
            error = _with_owner(error, os.stat(folder))
        raise error
    if info is not None and is_read_only(target):
        foreign = _foreign(info)
        if not (own_file and foreign and info.st_mode & 0o200):
            raise _with_owner(_write_error(target, FileProblem.READ_ONLY), info)
    remove_stale_temps(target)
    temp = folder / temp_name_for(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(temp, flags, 0o666)  # the umask applies, as for any new file
    except OSError as exc:
        raise _write_error(target, problem_of(exc, creating=True), exc) from exc
    done = False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if info is not None:
            with contextlib.suppress(OSError):
                os.chmod(temp, stat.S_IMODE(info.st_mode))
            chown = getattr(os, "chown", None)
            if chown is not None and os.name == "posix":
                with contextlib.suppress(OSError):  # owner and group stay, where allowed
                    chown(temp, info.st_uid, info.st_gid)
        os.replace(temp, target)
        done = True
    except OSError as exc:
        raise _write_error(target, problem_of(exc, creating=False), exc) from exc
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    _fsync_dir(folder)
    return target


def install_file(built: PathArg, path: PathArg) -> None:
    """Put a file that was written whole elsewhere in the same folder (a cache the program
    built) in place of ``path`` in one rename; raises OSError."""
    target = Path(path)
    os.replace(built, target)
    _fsync_dir(target.parent)


def atomic_write_text(path: PathArg, text: str) -> Path:
    """Write ``text`` as UTF-8 with ``\\n`` line ends through :func:`atomic_write_bytes` as
    one of the program's own files (``make_folder``, ``own_file``).  Raises StorageError."""
    return atomic_write_bytes(path, text.encode("utf-8"), make_folder=True, own_file=True)


def write_json(path: PathArg, data: Mapping[str, object]) -> Path:
    """Write ``data`` as indented UTF-8 JSON atomically.

    Raises StorageError for a value JSON cannot hold or a file that cannot be written.
    """
    try:
        text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StorageError(f"cannot store {Path(path).name}: {exc}", Path(path)) from exc
    return atomic_write_text(path, text + "\n")


_OURS = re.compile(r"([0-9]{1,10})-[0-9a-f]{8}\.tmp")
_LEGACY = re.compile(r"[a-z0-9_]{8}\.tmp")  # tempfile.mkstemp's names of older versions


def _pid_gone(pid: int) -> bool:
    """True when no process ``pid`` exists (POSIX; elsewhere we cannot tell safely)."""
    if os.name != "posix" or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists, but is someone else's
        return False
    return False


def remove_stale_temps(path: PathArg, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files killed writes of ``path`` left beside it; never raises.

    Only our own names count (``.NAME.dame-save-<pid>-<hex>.tmp``, and the
    ``.NAME.XXXXXXXX.tmp`` of older versions), only regular files, and only stale ones: the
    writing process is gone (POSIX), or the file is older than ``older_than`` seconds (older
    versions' names: ten minutes).  Returns what was removed.
    """
    removed: list[Path] = []
    try:
        target = real_target(path)
        folder = target.parent
        prefix = _temp_prefix(target.name)
        legacy = f".{target.name}."
        names = os.listdir(folder)
    except (OSError, ValueError):
        return removed
    now = time.time()
    for name in names:
        if name.startswith(prefix):
            match = _OURS.fullmatch(name, len(prefix))
            if match is None:
                continue
            pid_gone = int(match.group(1)) != os.getpid() and _pid_gone(int(match.group(1)))
            limit = older_than
        elif name.startswith(legacy) and _LEGACY.fullmatch(name, len(legacy)):
            pid_gone = False
            limit = min(older_than, _LEGACY_STALE_SECONDS)
        else:
            continue
        candidate = folder / name
        try:
            info = os.lstat(candidate)
            if not stat.S_ISREG(info.st_mode):
                continue
            if pid_gone or now - info.st_mtime >= limit:
                os.unlink(candidate)
                removed.append(candidate)
                log.info("removed the leftover temporary file %s", candidate)
        except OSError:
            continue
    return removed


# -- reading ---------------------------------------------------------------------------------


def move_aside(path: PathArg, now: datetime | None = None) -> Path:
    """Rename a damaged file to ``<name>.damaged-<UTC timestamp>`` (never overwriting an
    earlier one) and return the new path.  Raises StorageError when the rename fails."""
    source = Path(path)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    base = source.with_name(f"{source.name}.damaged-{stamp}")
    candidate = base
    counter = 1
    try:
        while os.path.lexists(candidate):
            candidate = base.with_name(f"{base.name}-{counter}")
            counter += 1
        os.replace(source, candidate)
    except OSError as exc:
        raise StorageError(
            f"could not move {source} aside: {exc.strerror or exc}",
            source,
            problem_of(exc, creating=True),
            exc.strerror or str(exc),
        ) from exc
    _fsync_dir(source.parent)
    log.warning("moved damaged file %s to %s", source, candidate)
    return candidate


def move_file(source: PathArg, target: PathArg) -> None:
    """Rename ``source`` to ``target`` (replacing it) durably, in one folder; raises OSError.
    The one rename of a whole file besides the atomic write (an autosave taken over)."""
    os.replace(source, target)
    _fsync_dir(Path(target).parent)


def report_damage(
    path: PathArg,
    detail: str,
    kind: WarningKind = WarningKind.DAMAGED,
    *,
    file: StoreFile = StoreFile.OTHER,
    damage: Damage | None = None,
    values: tuple[ResetValue, ...] = (),
    line: int = 0,
    column: int = 0,
) -> StorageWarning:
    """Move ``path`` aside and describe it; never raises (if even the move fails, the detail
    says so and ``moved_to`` is None)."""
    source = Path(path)
    stuck = False
    try:
        moved: Path | None = move_aside(source)
    except Exception as exc:
        moved = None
        detail = f"{detail} (and {exc})"
        stuck = os.path.lexists(source)
    if kind is WarningKind.DAMAGED and damage is None:
        damage = Damage.WRONG_SHAPE
    return StorageWarning(kind, source, detail, moved, file, damage, values, line, column, stuck)


def shorten(value: object, limit: int = _SHORT) -> str:
    """A short, safe text for a stored value in a message (any depth, any size)."""
    text = _short(value, 3)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short(value: object, depth: int) -> str:
    if isinstance(value, str):
        return repr(value[: _SHORT + 1])
    if isinstance(value, (bool, int, float)) or value is None:
        return repr(value)
    if isinstance(value, BadNumber | Conflict):
        return repr(value)
    if isinstance(value, list):
        if depth <= 0:
            return "[…]"
        parts = [_short(item, depth - 1) for item in value[:4]]
        return "[" + ", ".join(parts) + (", …" if len(value) > 4 else "") + "]"
    if isinstance(value, dict):
        if depth <= 0:
            return "{…}"
        parts = [f"{_short(k, 0)}: {_short(v, depth - 1)}" for k, v in list(value.items())[:4]]
        return "{" + ", ".join(parts) + (", …" if len(value) > 4 else "") + "}"
    return f"<{type(value).__name__}>"


@dataclass(frozen=True)
class BadNumber:
    """A number in a stored file that no setting can hold: more than 30 digits, NaN or
    infinite.  Validators see it as a value of the wrong type."""

    text: str

    def __repr__(self) -> str:
        if len(self.text) > 12:
            return f"<a number of {len(self.text)} characters>"
        return self.text


@dataclass(frozen=True)
class Conflict:
    """A key given more than once in one JSON object with different values."""

    key: str
    count: int

    def __repr__(self) -> str:
        return f"<{self.key!r} given {self.count} times with different values>"


@dataclass(frozen=True)
class JsonRead:
    """The outcome of reading a JSON file: ``found`` is True when the file was read and
    decoded into ``data`` (which may be any JSON value, even null)."""

    found: bool
    data: object = None
    warnings: tuple[StorageWarning, ...] = ()


def _parse_int(text: str) -> object:
    digits = len(text.lstrip("-"))
    return int(text) if digits <= _NUMBER_DIGITS else BadNumber(text)


def _parse_float(text: str) -> object:
    if len(text) > 400:  # float() is linear, but no stored value is this long
        return BadNumber(text)
    number = float(text)
    return number if number not in (float("inf"), float("-inf")) else BadNumber(text)


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """Build an object; a key given again with another value becomes a Conflict."""
    out: dict[str, object] = {}
    counts: dict[str, int] = {}
    for key, value in pairs:
        if key in out:
            counts[key] = counts.get(key, 1) + 1
            previous = out[key]
            if isinstance(previous, Conflict) or previous != value:
                out[key] = Conflict(key, counts[key])
        else:
            out[key] = value
    return out


_BOMS = (
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xfe\xff", "utf-16-be"),
    (b"\xff\xfe", "utf-16-le"),
)


def decode_text(raw: bytes) -> str:
    """UTF-8 text, with or without a byte order mark; UTF-16/32 only with their mark.
    Raises UnicodeDecodeError."""
    for mark, codec in _BOMS:
        if raw.startswith(mark):
            return raw[len(mark) :].decode(codec)
    return raw.decode("utf-8")


def parse_json(text: str) -> object:
    """Decode stored JSON strictly: NaN, infinities and numbers of more than 30 digits become
    :class:`BadNumber`, a key repeated with another value a :class:`Conflict`.

    Raises json.JSONDecodeError (bad syntax) or RecursionError (nested too deep).
    """
    return json.loads(
        text,
        parse_int=_parse_int,
        parse_float=_parse_float,
        parse_constant=BadNumber,
        object_pairs_hook=_pairs,
    )


class NotAFileError(OSError):
    """A folder, pipe, device or socket where a file was expected; ``what`` names it."""

    def __init__(self, path: PathArg, what: str) -> None:
        super().__init__(errno.EINVAL, f"this is {what}, not a file", os.fspath(path))
        self.what = what


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bounded(path: PathArg, limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file ``path`` (links followed).

    Never blocks and never reads without end: the file is opened without waiting (a named
    pipe with no writer would block an ordinary open forever) and checked on the open
    handle; anything but a regular file (a folder, a pipe, ``/dev/zero``, a socket) raises
    NotAFileError.  Raises OSError (FileNotFoundError, PermissionError, ...) otherwise.
    """
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:  # Windows cannot open a folder
        raise NotAFileError(path, "a folder") from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, or a pipe that refuses us
            raise NotAFileError(path, _kind_of(os.stat(path).st_mode)) from None
        raise
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFileError(path, _kind_of(mode))
        return handle.read(limit)


def read_json(
    path: PathArg, *, file: StoreFile = StoreFile.OTHER, limit: int = JSON_LIMIT
) -> JsonRead:
    """Read ``path`` as JSON; never raises.

    A missing file gives ``found=False`` and no warning.  A file that is larger than
    ``limit`` bytes, not text, empty, not JSON or nested absurdly deep is moved aside and
    reported (DAMAGED, with ``damage`` saying which).  A file the system will not let us read
    is reported as UNREADABLE and moved aside when the system allows it (``moved_to``), so
    that the next save does not replace it unread; so is a folder, pipe, device or socket
    at the path (a link to one: the link is moved), read without blocking
    (:func:`read_bounded`).  What cannot be moved aside is reported with ``stuck``.
    Stale temporary files of ours beside it are removed first.
    """
    source = Path(path)
    remove_stale_temps(source)

    def damaged(damage: Damage, detail: str, line: int = 0, column: int = 0) -> JsonRead:
        warning = report_damage(source, detail, file=file, damage=damage, line=line, column=column)
        return JsonRead(False, warnings=(warning,))

    try:
        raw = read_bounded(source, limit + 1)
    except NotAFileError as exc:
        # set aside whatever it is (the link, not its target), or the next save fails too
        warning = report_damage(
            source,
            f"could not be read: this is {exc.what}, not a file",
            WarningKind.UNREADABLE,
            file=file,
        )
        return JsonRead(False, warnings=(warning,))
    except FileNotFoundError:
        return JsonRead(False)
    except (OSError, ValueError) as exc:
        # set aside too, when the system lets us: the next save would replace it unread
        reason = f"could not be read: {getattr(exc, 'strerror', None) or exc}"
        warning = report_damage(source, reason, WarningKind.UNREADABLE, file=file)
        return JsonRead(False, warnings=(warning,))
    except MemoryError:
        return damaged(Damage.TOO_BIG, "the file is too big to read")
    if len(raw) > limit:
        return damaged(Damage.TOO_BIG, f"the file is larger than {limit} bytes")
    try:
        text = decode_text(raw)
    except UnicodeDecodeError as exc:
        return damaged(Damage.NOT_TEXT, f"not UTF-8 text ({exc.reason} at byte {exc.start})")
    if not text.strip():
        return damaged(Damage.EMPTY, "the file is empty")
    try:
        data: object = parse_json(text)
    except json.JSONDecodeError as exc:
        detail = f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        return damaged(Damage.SYNTAX, detail, exc.lineno, exc.colno)
    except RecursionError:
        return damaged(Damage.TOO_DEEP, "lists or objects are nested too deeply")
    except MemoryError:
        return damaged(Damage.TOO_BIG, "the file is too big to read")
    except Exception as exc:
        log.exception("reading %s failed", source)
        return damaged(Damage.UNEXPECTED, f"could not be read: {type(exc).__name__}: {exc}")
    return JsonRead(True, data)


def settle_damage(
    path: Path,
    warnings: Iterable[StorageWarning],
    repaired: WarningKind,
    file: StoreFile,
    save: Callable[[], object],
) -> tuple[StorageWarning, ...]:
    """Set a damaged file aside and report it; when only some of it was bad (``repaired``),
    write the repaired contents with ``save``.  Never raises: a failed write is a warning."""
    out: list[StorageWarning] = []
    for warning in warnings:
        if warning.kind in (WarningKind.DAMAGED, repaired):
            out.append(
                report_damage(
                    path,
                    warning.detail,
                    warning.kind,
                    file=warning.file,
                    damage=warning.damage,
                    values=warning.values,
                )
            )
        else:
            out.append(warning)
    if any(w.kind is repaired for w in out):
        try:
            save()
        except StorageError as exc:
            out.append(StorageWarning(WarningKind.UNWRITABLE, path, str(exc), file=file))
    return tuple(out)
