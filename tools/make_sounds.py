"""Synthesise Dame's sounds into dame_desktop/resources/sounds/*.wav (our own, no samples).

    python tools/make_sounds.py            # write the files
    python tools/make_sounds.py --check    # exit 1 when the committed files differ

Standard library only (``wave`` + ``math``); the output is the same bytes on every run (no
time stamps, a fixed noise generator; a different maths library could change a last bit).
16-bit mono, 22050 Hz, each file well under 40 KB:

- move: a wooden click (damped partials of a small wooden block, a breath of noise);
- capture: two clicks, the second a little higher;
- crown: a rising three-note chime (bell partials);
- end: a short fanfare (four brassy notes, the last one held);
- low-time: a dry tick for the last ten seconds of a clock.
"""

from __future__ import annotations

import argparse
import io
import math
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.7  # of full scale: headroom, and the volume control only ever scales down
OUT = Path(__file__).resolve().parents[1] / "dame_desktop" / "resources" / "sounds"


class Noise:
    """A tiny linear congruential generator: the same noise on every Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> float:
        self.state = (self.state * 1103515245 + 12345) % 2**31
        return self.state / 2**30 - 1.0


def silence(seconds: float) -> list[float]:
    return [0.0] * round(seconds * RATE)


def mix(into: list[float], sound: list[float], at: float) -> None:
    start = round(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += value


def click(pitch: float = 1.0, seconds: float = 0.07, seed: int = 1) -> list[float]:
    """A knock on wood: a few inharmonic partials decaying within milliseconds."""
    noise = Noise(seed)
    partials = (
        (620.0, 1.0, 0.018),
        (1480.0, 0.6, 0.010),
        (2950.0, 0.35, 0.006),
        (4100.0, 0.2, 0.004),
    )
    out = []
    previous = 0.0
    for i in range(round(seconds * RATE)):
        t = i / RATE
        value = sum(
            a * math.exp(-t / tau) * math.sin(2 * math.pi * f * pitch * t) for f, a, tau in partials
        )
        previous = 0.6 * previous + 0.4 * noise.next()  # softened noise for the contact
        value += 0.5 * previous * math.exp(-t / 0.003)
        out.append(value * min(1.0, t / 0.0008))  # no click at sample zero
    return out


def bell(frequency: float, seconds: float, loud: float = 1.0) -> list[float]:
    """A small bell: the strike tone with its inharmonic partials, a soft attack."""
    partials = ((1.0, 1.0, 0.35), (2.76, 0.4, 0.16), (5.4, 0.18, 0.08), (8.93, 0.08, 0.04))
    out = []
    for i in range(round(seconds * RATE)):
        t = i / RATE
        value = sum(
            a * math.exp(-t / tau) * math.sin(2 * math.pi * frequency * k * t)
            for k, a, tau in partials
        )
        out.append(loud * value * min(1.0, t / 0.004))
    return out


def brass(frequency: float, seconds: float, loud: float = 1.0) -> list[float]:
    """A brassy note: odd and even harmonics, bright at the attack, a short release."""
    out = []
    attack, release = 0.02, 0.06
    for i in range(round(seconds * RATE)):
        t = i / RATE
        envelope = min(1.0, t / attack) * min(1.0, (seconds - t) / release)
        brightness = 0.55 + 0.45 * math.exp(-t / 0.08)
        vibrato = 1.0 + 0.003 * math.sin(2 * math.pi * 5.5 * t) * min(1.0, t / 0.2)
        value = sum(
            (brightness ** (n - 1)) / n * math.sin(2 * math.pi * frequency * n * vibrato * t)
            for n in range(1, 7)
        )
        out.append(loud * envelope * value)
    return out


def tick() -> list[float]:
    """A dry, high tick: one fast-decaying partial and a touch of noise."""
    noise = Noise(7)
    out = []
    for i in range(round(0.035 * RATE)):
        t = i / RATE
        value = math.exp(-t / 0.004) * math.sin(2 * math.pi * 2600 * t)
        value += 0.3 * noise.next() * math.exp(-t / 0.0015)
        value += 0.4 * math.exp(-t / 0.008) * math.sin(2 * math.pi * 1300 * t)
        out.append(value)
    return out


def move_sound() -> list[float]:
    return click(1.0, seed=1)


def capture_sound() -> list[float]:
    out = silence(0.0)
    mix(out, click(1.0, seed=2), 0.0)
    mix(out, click(1.18, seed=3), 0.085)
    return out


def crown_sound() -> list[float]:
    out: list[float] = []
    for index, frequency in enumerate((1046.5, 1318.5, 1568.0)):  # C6 E6 G6
        mix(out, bell(frequency, 0.42, 0.8 + 0.1 * index), 0.09 * index)
    return out


def end_sound() -> list[float]:
    out: list[float] = []
    notes = (
        (392.0, 0.0, 0.12),
        (523.25, 0.13, 0.12),
        (659.25, 0.26, 0.12),
        (783.99, 0.39, 0.38),
    )  # G4 C5 E5 G5, the last held
    for frequency, at, length in notes:
        mix(out, brass(frequency, length, 0.9), at)
    return out


def low_time_sound() -> list[float]:
    return tick()


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "move": move_sound,
    "capture": capture_sound,
    "crown": crown_sound,
    "end": end_sound,
    "low-time": low_time_sound,
}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit mono WAV at RATE, the loudest sample at PEAK of full scale."""
    loudest = max(abs(s) for s in samples) or 1.0
    scale = PEAK * 32767 / loudest
    frames = struct.pack(f"<{len(samples)}h", *(round(s * scale) for s in samples))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def build() -> dict[str, bytes]:
    return {f"{name}.wav": wav_bytes(make()) for name, make in SOUNDS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="compare with the committed files instead of writing"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the .wav files")
    args = parser.parse_args(argv)
    files = build()
    if args.check:
        stale = [
            name
            for name, data in files.items()
            if not (args.out / name).is_file() or (args.out / name).read_bytes() != data
        ]
        for name in stale:
            print(f"{args.out / name} differs from what tools/make_sounds.py makes")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, data in files.items():
        (args.out / name).write_bytes(data)
        total += len(data)
        print(f"{name:14} {len(data):6d} bytes")
    print(f"{'total':14} {total:6d} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
