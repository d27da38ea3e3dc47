"""Sounds: our own generated files, the player search, volume, and background playing."""

from __future__ import annotations

import array
import logging
import shutil
import subprocess
import sys
import textwrap
import time
import wave
from collections import Counter
from pathlib import Path

import pytest

from dame_desktop.audio import (
    MAX_RUNNING,
    NO_SOUND_ENV,
    Backend,
    Sound,
    SoundPlayer,
    find_backend,
    scaled_wav,
    sound_file,
)

ROOT = Path(__file__).resolve().parents[1]


def samples(path: Path) -> array.array[int]:
    with wave.open(str(path), "rb") as inp:
        out = array.array("h")
        out.frombytes(inp.readframes(inp.getnframes()))
    if sys.byteorder == "big":
        out.byteswap()
    return out


@pytest.fixture
def sound_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NO_SOUND_ENV, raising=False)


def fake_player(tmp_path: Path, seconds: float) -> Backend:
    """A real player program: it reads the WAV it is given, notes its peak, then waits."""
    script = tmp_path / "player.py"
    script.write_text(
        textwrap.dedent(f"""
        import array, sys, time, wave
        with wave.open(sys.argv[1], "rb") as w:
            data = array.array("h")
            data.frombytes(w.readframes(w.getnframes()))
        with open({str(tmp_path / "played.txt")!r}, "a") as log:
            log.write(f"{{sys.argv[1]}} {{max(abs(x) for x in data)}}\\n")
        time.sleep({seconds})
    """),
        encoding="utf-8",
    )
    return Backend("test", (sys.executable, str(script)))


def wait_for(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


# -- the files ---------------------------------------------------------------------------------


def test_every_sound_is_a_small_16_bit_mono_wav() -> None:
    total = 0
    for sound in Sound:
        path = sound_file(sound)
        size = path.stat().st_size
        total += size
        assert size < 40_000, sound
        with wave.open(str(path), "rb") as inp:
            assert (inp.getnchannels(), inp.getsampwidth(), inp.getframerate()) == (1, 2, 22050)
            seconds = inp.getnframes() / 22050
        assert 0.02 < seconds < 0.9, sound
        peak = max(abs(s) for s in samples(path))
        assert 0.65 * 32767 < peak <= 0.71 * 32767  # normalised, with headroom
    assert total < 100_000


@pytest.mark.slow
def test_the_generator_makes_exactly_the_committed_files(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "tools/make_sounds.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout
    fresh = subprocess.run(
        [sys.executable, "tools/make_sounds.py", "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert fresh.returncode == 0 and "total" in fresh.stdout
    for sound in Sound:
        assert (tmp_path / f"{sound.value}.wav").read_bytes() == sound_file(sound).read_bytes()
    (tmp_path / "move.wav").write_bytes(b"RIFF")
    stale = subprocess.run(
        [sys.executable, "tools/make_sounds.py", "--check", "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert stale.returncode == 1 and "move.wav" in stale.stdout


def test_sounds_differ_from_each_other() -> None:
    data = {sound: sound_file(sound).read_bytes() for sound in Sound}
    assert len(set(data.values())) == len(Sound)
    capture = samples(sound_file(Sound.CAPTURE))
    loud = [i for i, s in enumerate(capture) if abs(s) > 8000]
    assert loud[-1] - loud[0] > 0.07 * 22050  # two clicks, apart


# -- finding a player --------------------------------------------------------------------------


def test_the_player_for_each_system() -> None:
    def only(*names: str):
        return lambda name: f"/usr/bin/{name}" if name in names else None

    assert find_backend("win32", only()) == Backend("winsound")
    assert find_backend("darwin", only("afplay")) == Backend("afplay", ("/usr/bin/afplay",))
    assert find_backend("linux", only("aplay", "paplay", "pw-play")) == Backend(
        "paplay", ("/usr/bin/paplay",)
    )
    assert find_backend("linux", only("pw-play", "aplay")) == Backend(
        "pw-play", ("/usr/bin/pw-play",)
    )
    assert find_backend("linux", only("aplay")) == Backend("aplay", ("/usr/bin/aplay", "-q"))
    assert find_backend("linux", only()) is None
    assert find_backend("freebsd13", only("aplay")) is not None
    assert Backend("winsound").uses_winsound and not Backend("x", ("x",)).uses_winsound


# -- volume ------------------------------------------------------------------------------------


def test_volume_scales_the_samples(tmp_path: Path) -> None:
    source = sound_file(Sound.CROWN)
    original = samples(source)
    for volume, factor in ((100, 1.0), (50, 0.5), (0, 0.0)):
        target = tmp_path / f"{volume}.wav"
        scaled_wav(source, target, volume)
        got = samples(target)
        assert len(got) == len(original)
        assert all(abs(g - round(o * factor)) <= 1 for g, o in zip(got, original, strict=True))


# -- playing -----------------------------------------------------------------------------------


@pytest.mark.usefixtures("sound_on")
def test_play_returns_at_once_and_close_ends_the_player(tmp_path: Path) -> None:
    player = SoundPlayer(volume=50, backend=fake_player(tmp_path, 60))
    assert player.active
    assert player.play(Sound.MOVE)
    assert player.running == 1  # still playing (a minute): play() did not wait
    log = tmp_path / "played.txt"
    wait_for(lambda: log.exists() and log.read_text().endswith("\n"))
    name, peak = log.read_text().split()
    played = Path(name)
    assert played != sound_file(Sound.MOVE) and played.exists()
    full = max(abs(s) for s in samples(sound_file(Sound.MOVE)))
    assert abs(int(peak) - full / 2) <= 1  # the half-volume copy was played
    player.close()
    assert player.running == 0 and not played.exists()  # ended and cleaned up


@pytest.mark.usefixtures("sound_on")
def test_finished_players_are_reaped_and_scaled_files_cached(tmp_path: Path) -> None:
    player = SoundPlayer(volume=30, backend=fake_player(tmp_path, 0))
    assert player.play(Sound.CAPTURE)
    wait_for(lambda: player.running == 0)
    assert player.play(Sound.CAPTURE)
    player.volume = 100  # full volume plays the packaged file itself
    assert player.play(Sound.CAPTURE)
    wait_for(lambda: player.running == 0)
    lines = (tmp_path / "played.txt").read_text().splitlines()
    first = Path(lines[0].split()[0])
    shutil.rmtree(first.parent)  # a temp cleaner removed the cached copies
    player.volume = 30
    assert player.play(Sound.CAPTURE)
    wait_for(lambda: player.running == 0)
    assert Path((tmp_path / "played.txt").read_text().splitlines()[-1].split()[0]).exists()
    paths = Counter(line.split()[0] for line in lines)  # the last two ran side by side
    packaged = str(sound_file(Sound.CAPTURE))
    assert paths[packaged] == 1 and len(paths) == 2
    assert [n for p, n in paths.items() if p != packaged] == [2]  # one cached copy, twice
    player.close()


@pytest.mark.usefixtures("sound_on")
def test_at_most_a_few_players_at_once(tmp_path: Path) -> None:
    player = SoundPlayer(volume=100, backend=fake_player(tmp_path, 60))
    try:
        assert all(player.play(Sound.LOW_TIME) for _ in range(MAX_RUNNING))
        assert not player.play(Sound.LOW_TIME)
        assert player.running == MAX_RUNNING
    finally:
        player.close()
    assert player.running == 0


def test_switched_off_by_the_preference_the_volume_or_the_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NO_SOUND_ENV, raising=False)
    backend = fake_player(tmp_path, 0)
    assert not SoundPlayer(enabled=False, backend=backend).play(Sound.END)
    assert not SoundPlayer(volume=0, backend=backend).play(Sound.END)
    monkeypatch.setenv(NO_SOUND_ENV, "1")
    player = SoundPlayer(backend=backend)
    assert not player.active and not player.play(Sound.END)
    assert not (tmp_path / "played.txt").exists()
    assert SoundPlayer(volume=250, backend=backend).volume == 100
    assert SoundPlayer(volume=-5, backend=backend).volume == 0


@pytest.mark.usefixtures("sound_on")
def test_without_a_player_nothing_happens_and_it_is_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    player = SoundPlayer(backend=None)
    with caplog.at_level(logging.INFO, logger="dame_desktop.audio"):
        assert not player.play(Sound.MOVE)
        assert not player.play(Sound.CROWN)
    assert len(caplog.records) == 1 and "no sound player" in caplog.records[0].getMessage()
    assert not player.active


@pytest.mark.usefixtures("sound_on")
def test_a_broken_sound_file_or_player_is_no_crash(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "broken.wav"
    for content in (b"not a wav", b"RIFF", b"", sound_file(Sound.MOVE).read_bytes()[:40]):
        broken.write_bytes(content)
        player = SoundPlayer(
            volume=40, backend=fake_player(tmp_path, 0), sounds=lambda sound: broken
        )
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="dame_desktop.audio"):
            assert not player.play(Sound.MOVE)
            assert not player.play(Sound.MOVE)
        assert len(caplog.records) == 1, content
    (tmp_path / "gone").mkdir()
    player = SoundPlayer(
        volume=40,
        backend=fake_player(tmp_path, 0),
        sounds=lambda sound: tmp_path / "gone" / "missing.wav",
    )
    assert not player.play(Sound.MOVE)
    missing = SoundPlayer(backend=Backend("gone", (str(tmp_path / "no-such-player"),)))
    assert not missing.play(Sound.MOVE)
    player.close()
    missing.close()


def test_sound_and_score_modules_load_no_qt() -> None:
    probe = (
        "import sys, dame_desktop.audio, dame_desktop.store.scores, dame_desktop.core.clock\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
