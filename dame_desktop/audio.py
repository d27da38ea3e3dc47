"""Short game sounds without Qt Multimedia (not in PySide6-Essentials) and without new
dependencies.  No Qt.

How a sound is played:

- Windows: the standard library's ``winsound.PlaySound`` with ``SND_ASYNC`` (returns at
  once; a new sound cuts the previous one short);
- macOS: ``/usr/bin/afplay FILE``, which every macOS has;
- Linux and other Unixes: the first of ``paplay`` (PulseAudio, also on PipeWire),
  ``pw-play`` (PipeWire) and ``aplay`` (ALSA) found on the PATH.

A player program runs as a child process that is never waited for: :meth:`SoundPlayer.play`
returns at once, finished children are reaped on the next call, and :meth:`close` ends those
still running.  The volume (0-100) scales the samples into a temporary WAV per sound and
volume, made once and cached.  Without a player nothing is heard, and that is logged once.
Sound is off when ``DAME_NO_SOUND`` is set (the tests set it) or ``enabled`` is False.
"""

from __future__ import annotations

import contextlib
import enum
import importlib.resources
import logging
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

log = logging.getLogger(__name__)

NO_SOUND_ENV = "DAME_NO_SOUND"
MAX_RUNNING = 4  # player processes at once; more sounds than that are skipped
_LINUX_PLAYERS: tuple[tuple[str, ...], ...] = (("paplay",), ("pw-play",), ("aplay", "-q"))


class Sound(enum.Enum):
    """The game's sounds; the value is the file name under resources/sounds."""

    MOVE = "move"
    CAPTURE = "capture"
    CROWN = "crown"
    END = "end"
    LOW_TIME = "low-time"


def sound_file(sound: Sound) -> Path:
    """The packaged WAV of ``sound`` (a real file in a checkout, a wheel and a bundle)."""
    resource = importlib.resources.files("dame_desktop") / "resources" / "sounds"
    return Path(str(resource / f"{sound.value}.wav"))


@dataclass(frozen=True)
class Backend:
    """How to play a file: a command line (the file name is appended), or winsound."""

    name: str
    command: tuple[str, ...] = ()

    @property
    def uses_winsound(self) -> bool:
        return not self.command


def find_backend(
    platform: str = sys.platform, which: Callable[[str], str | None] = shutil.which
) -> Backend | None:
    """The way to play sounds on ``platform``, or None when there is none."""
    if platform.startswith("win"):
        return Backend("winsound")
    if platform == "darwin":
        afplay = "/usr/bin/afplay"
        return Backend("afplay", (afplay,)) if Path(afplay).exists() or which("afplay") else None
    for command in _LINUX_PLAYERS:
        found = which(command[0])
        if found:
            return Backend(command[0], (found, *command[1:]))
    return None


def scaled_wav(source: Path, target: Path, volume: int) -> None:
    """Write ``source`` with its samples scaled to ``volume`` percent (16-bit WAV only).

    Raises OSError, EOFError (cut short) or wave.Error for a file that cannot be read or
    written.
    """
    with wave.open(str(source), "rb") as inp:
        params = inp.getparams()
        frames = inp.readframes(params.nframes)
    if params.sampwidth != 2:
        raise wave.Error(f"{source.name}: expected 16-bit samples")
    count = len(frames) // 2
    factor = max(0, min(100, volume)) / 100
    scaled = [round(s * factor) for s in struct.unpack(f"<{count}h", frames[: 2 * count])]
    with wave.open(str(target), "wb") as out:
        out.setparams(params)
        out.writeframes(struct.pack(f"<{count}h", *scaled))


class SoundPlayer:
    """Plays the game's sounds in the background.

    ``enabled`` and ``volume`` (0-100) follow the preferences; ``backend`` is found for this
    system by default (None: no player; tests pass a command of their own).  Call
    :meth:`close` when the window closes.
    """

    def __init__(
        self,
        enabled: bool = True,
        volume: int = 80,
        *,
        backend: Backend | None | Literal["auto"] = "auto",
        sounds: Callable[[Sound], Path] = sound_file,
    ) -> None:
        self.enabled = enabled
        self.volume = volume
        self._backend = find_backend() if backend == "auto" else backend
        self._sounds = sounds
        self._running: list[subprocess.Popen[bytes]] = []
        self._cache: dict[tuple[Sound, int], Path] = {}
        self._folder: Path | None = None
        self._warned = False

    @property
    def volume(self) -> int:
        return self._volume

    @volume.setter
    def volume(self, value: int) -> None:
        self._volume = max(0, min(100, int(value)))

    @property
    def backend(self) -> Backend | None:
        return self._backend

    @property
    def active(self) -> bool:
        """True when a sound would be heard now."""
        return (
            self.enabled
            and self._volume > 0
            and self._backend is not None
            and not os.environ.get(NO_SOUND_ENV)
        )

    def silent_because(self) -> str | None:
        """Why nothing can be heard although sounds are on: "no-player" (no program to play
        them was found), "cannot-play" (the player failed), None when nothing is wrong or
        sounds are off (the switch, volume 0, or ``DAME_NO_SOUND``)."""
        if not (self.enabled and self._volume > 0) or os.environ.get(NO_SOUND_ENV):
            return None
        if self._backend is None:
            return "no-player"
        return "cannot-play" if self._warned else None

    @staticmethod
    def players_looked_for() -> tuple[str, ...]:
        """The programs looked for on this system (named to the user when none is there)."""
        if sys.platform.startswith("win"):
            return ("winsound",)
        if sys.platform == "darwin":
            return ("afplay",)
        return tuple(command[0] for command in _LINUX_PLAYERS)

    @property
    def running(self) -> int:
        """Player processes that have not finished yet (after reaping)."""
        self._reap()
        return len(self._running)

    def play(self, sound: Sound) -> bool:
        """Start ``sound`` and return at once; True when a player was started."""
        if not (self.enabled and self._volume > 0) or os.environ.get(NO_SOUND_ENV):
            return False
        backend = self._backend
        if backend is None:
            if not self._warned:
                self._warned = True
                log.info("no sound player found (paplay, pw-play, aplay): sounds are off")
            return False
        self._reap()
        if len(self._running) >= MAX_RUNNING:
            return False
        try:
            path = self._file(sound)
        except (OSError, EOFError, ValueError, wave.Error, struct.error) as exc:
            self._warn_once(f"cannot prepare the sound {sound.value}: {type(exc).__name__} {exc}")
            return False
        if backend.uses_winsound:
            return self._winsound(path)
        try:
            process = subprocess.Popen(
                [*backend.command, str(path)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                close_fds=True,
            )
        except OSError as exc:
            self._warn_once(f"cannot start {backend.name}: {exc}")
            return False
        self._running.append(process)
        return True

    def _winsound(self, path: Path) -> bool:  # pragma: no cover - Windows only
        if sys.platform != "win32":
            self._warn_once("winsound exists only on Windows")
            return False
        import winsound

        try:
            flags = winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT
            winsound.PlaySound(str(path), flags)
        except (RuntimeError, OSError) as exc:
            self._warn_once(f"winsound failed: {exc}")
            return False
        return True

    def _warn_once(self, text: str) -> None:
        if not self._warned:
            self._warned = True
            log.warning("%s; sounds are off", text)

    def _file(self, sound: Sound) -> Path:
        source = self._sounds(sound)
        if self._volume == 100:
            return source
        key = (sound, self._volume)
        cached = self._cache.get(key)
        if cached is not None and cached.exists():
            return cached
        if self._folder is None or not self._folder.is_dir():  # a temp cleaner may remove it
            self._folder = Path(tempfile.mkdtemp(prefix="dame-sounds-"))
        target = self._folder / f"{sound.value}-{self._volume}.wav"
        scaled_wav(source, target, self._volume)
        self._cache[key] = target
        return target

    def _reap(self) -> None:
        self._running = [p for p in self._running if p.poll() is None]

    def close(self) -> None:
        """End the player processes still running and remove the scaled files."""
        for process in self._running:
            if process.poll() is None:
                process.terminate()
        for process in self._running:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=2)
            if process.poll() is None:
                process.kill()
                process.wait()
        self._running.clear()
        self._cache.clear()
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
