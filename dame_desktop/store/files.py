"""Per-user folders, atomic file writes and damaged-file handling.  No Qt.

Settings, recent files and the autosave all go through here, so every write is atomic
(temp file in the same folder, flush, fsync, ``os.replace``) and every damaged file is
moved aside to ``<name>.damaged-<timestamp>`` and reported instead of being lost.
"""

from __future__ import annotations

import contextlib
import enum
import json
import logging
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "Dame"
CONFIG_ENV = "DAME_CONFIG_DIR"  # overrides the settings folder (and the data folder, see below)
DATA_ENV = "DAME_DATA_DIR"  # overrides the data folder (autosave)
_TEMP_SUFFIX = ".tmp"
_STALE_TEMP_SECONDS = 600.0

PathArg = str | os.PathLike[str]


class StorageError(Exception):
    """A file could not be written; the message names the file and the reason."""


class WarningKind(enum.Enum):
    """What went wrong while reading a file (the UI words it in the user's language)."""

    DAMAGED = "damaged"  # unreadable content; the file was moved aside
    INVALID_VALUE = "invalid-value"  # one setting was replaced by its default
    UNREADABLE = "unreadable"  # the operating system refused to read the file
    UNWRITABLE = "unwritable"  # a repaired file could not be written back
    NEWER_VERSION = "newer-version"  # written by a newer Dame; unknown parts ignored
    PARTIAL_GAME = "partial-game"  # the autosave stopped at an illegal or unreadable move
    MISMATCH = "mismatch"  # the replayed game differs from the recorded check data


@dataclass(frozen=True)
class StorageWarning:
    """One problem found while loading ``path``.

    ``detail`` is a technical English description; ``moved_to`` is where the original file
    was put aside (None when it stayed where it was).
    """

    kind: WarningKind
    path: Path
    detail: str
    moved_to: Path | None = None

    @property
    def message(self) -> str:
        """An English sentence naming the file, the problem and where the file went."""
        text = f"{self.path}: {self.detail}"
        if self.moved_to is not None:
            text += f"; the file was moved aside to {self.moved_to}"
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


def atomic_write_text(path: PathArg, text: str) -> None:
    """Replace ``path`` with ``text`` atomically: readers see the old or the new file, never
    a mixture, even if the program is killed mid-write.

    Raises StorageError naming the file when the folder or the file cannot be written.
    """
    target = Path(path)
    tmp_name: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=_TEMP_SUFFIX
        )
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
        tmp_name = None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise StorageError(f"could not write {target}: {reason}") from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    _fsync_dir(target.parent)


def write_json(path: PathArg, data: Mapping[str, object]) -> None:
    """Write ``data`` as indented UTF-8 JSON atomically.

    Raises StorageError for a value JSON cannot hold or a file that cannot be written.
    """
    try:
        text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StorageError(f"cannot store {Path(path).name}: {exc}") from exc
    atomic_write_text(path, text + "\n")


def remove_stale_temps(path: PathArg, older_than: float = _STALE_TEMP_SECONDS) -> list[Path]:
    """Delete temp files a killed writer of ``path`` left behind (older than ``older_than``
    seconds, so a concurrent writer's file is left alone).  Returns what was removed."""
    target = Path(path)
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(target.parent.glob(f".{target.name}.*{_TEMP_SUFFIX}"))
    except OSError:
        return removed
    for candidate in candidates:
        try:
            if now - candidate.stat().st_mtime >= older_than:
                candidate.unlink()
                removed.append(candidate)
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
    while candidate.exists():
        candidate = base.with_name(f"{base.name}-{counter}")
        counter += 1
    try:
        os.replace(source, candidate)
    except OSError as exc:
        raise StorageError(f"could not move {source} aside: {exc.strerror or exc}") from exc
    _fsync_dir(source.parent)
    log.warning("moved damaged file %s to %s", source, candidate)
    return candidate


def report_damage(path: PathArg, detail: str, kind: WarningKind = WarningKind.DAMAGED
                  ) -> StorageWarning:
    """Move ``path`` aside and describe it; if even the move fails, say so in the detail."""
    source = Path(path)
    try:
        moved: Path | None = move_aside(source)
    except StorageError as exc:
        moved = None
        detail = f"{detail} (and {exc})"
    return StorageWarning(kind, source, detail, moved)


@dataclass(frozen=True)
class JsonRead:
    """The outcome of reading a JSON file: ``found`` is True when the file was read and
    decoded into ``data`` (which may be any JSON value, even null)."""

    found: bool
    data: object = None
    warnings: tuple[StorageWarning, ...] = ()


def read_json(path: PathArg) -> JsonRead:
    """Read ``path`` as JSON.  A missing file gives ``found=False`` and no warning; a file
    that is not valid UTF-8 JSON is moved aside and reported; a read error is reported and
    the file left alone."""
    source = Path(path)
    remove_stale_temps(source)
    try:
        raw = source.read_bytes()
    except FileNotFoundError:
        return JsonRead(False)
    except OSError as exc:
        reason = f"could not be read: {exc.strerror or exc}"
        return JsonRead(False, warnings=(StorageWarning(WarningKind.UNREADABLE, source, reason),))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        detail = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
        return JsonRead(False, warnings=(report_damage(source, detail),))
    if not text.strip():
        return JsonRead(False, warnings=(report_damage(source, "the file is empty"),))
    try:
        data: object = json.loads(text)
    except json.JSONDecodeError as exc:
        detail = f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        return JsonRead(False, warnings=(report_damage(source, detail),))
    return JsonRead(True, data)
