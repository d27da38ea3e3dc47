"""Before Qt starts on Linux: are the system libraries of Qt's X11 (xcb) platform plugin there?

Without them Qt aborts with a message that names libxcb-cursor0 whatever is really missing.
:func:`startup_problem` runs ``ldd`` on PySide6's ``libqxcb.so`` (without importing PySide6),
collects the libraries reported "not found" and returns one sentence naming them and the
Debian/Ubuntu packages to install; ``python -m dame_desktop`` and ``dame-desktop`` print it
and exit 1 instead of letting Qt abort.  Standard library only, no Qt.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

# The libraries Qt's xcb plugin needs, by name without ".so.N", and the Debian/Ubuntu package
# that ships each (README's install line lists the same packages).
PACKAGES: dict[str, str] = {
    "libxcb-cursor": "libxcb-cursor0",
    "libxcb-icccm": "libxcb-icccm4",
    "libxcb-keysyms": "libxcb-keysyms1",
    "libxcb-shape": "libxcb-shape0",
    "libxcb-image": "libxcb-image0",
    "libxcb-render-util": "libxcb-render-util0",
    "libxcb-randr": "libxcb-randr0",
    "libxcb-sync": "libxcb-sync1",
    "libxcb-xfixes": "libxcb-xfixes0",
    "libxcb-shm": "libxcb-shm0",
    "libxcb-xkb": "libxcb-xkb1",
    "libxcb-render": "libxcb-render0",
    "libxcb-util": "libxcb-util1",
    "libxcb-glx": "libxcb-glx0",
    "libxcb": "libxcb1",
    "libX11-xcb": "libx11-xcb1",
    "libX11": "libx11-6",
    "libxkbcommon-x11": "libxkbcommon-x11-0",
    "libxkbcommon": "libxkbcommon0",
    "libEGL": "libegl1",
    "libGL": "libgl1",
    "libOpenGL": "libopengl0",
    "libfontconfig": "libfontconfig1",
    "libfreetype": "libfreetype6",
    "libglib-2.0": "libglib2.0-0",
    "libgthread-2.0": "libglib2.0-0",
    "libdbus-1": "libdbus-1-3",
}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$")


def missing_libraries(ldd_output: str) -> list[str]:
    """The libraries ``ldd`` reports as "not found", in its order, each once."""
    out: list[str] = []
    for line in ldd_output.splitlines():
        match = _NOT_FOUND.match(line)
        if match and match.group(1) not in out:
            out.append(match.group(1))
    return out


def package_for(soname: str) -> str | None:
    """The Debian/Ubuntu package of ``libxcb-keysyms.so.1`` (``libxcb-keysyms1``), or None."""
    stem = soname.split(".so", 1)[0]
    return PACKAGES.get(stem)


def message(missing: Iterable[str], apt: bool = True) -> str:
    """The sentence the user reads: what is missing and the command that installs it."""
    names = list(missing)
    packages: list[str] = []
    for name in names:
        package = package_for(name)
        if package is not None and package not in packages:
            packages.append(package)
    text = f"Dame needs these system libraries: {', '.join(names)}."
    if packages and apt:
        return f"{text} Install them with: sudo apt install {' '.join(packages)}"
    if packages:
        return (
            f"{text} Install them with your system's package manager "
            f"(on Debian and Ubuntu: {' '.join(packages)})."
        )
    return f"{text} Install them with your system's package manager."


def uses_xcb(environ: Mapping[str, str]) -> bool:
    """True when Qt will pick its X11 plugin: QT_QPA_PLATFORM unset or xcb, an X display and
    no Wayland session it could use instead."""
    platform = environ.get("QT_QPA_PLATFORM", "").strip().lower()
    if platform and not platform.startswith("xcb"):
        return False  # offscreen, wayland, ... (a list like "wayland;xcb" tries wayland first)
    if not environ.get("DISPLAY"):
        return False
    return bool(platform) or not environ.get("WAYLAND_DISPLAY")


def xcb_plugin() -> Path | None:
    """PySide6's ``libqxcb.so``, found without importing PySide6 (or None)."""
    roots: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle) / "PySide6")
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        roots.extend(Path(p) for p in spec.submodule_search_locations)
    for root in roots:
        for candidate in (
            root / "Qt" / "plugins" / "platforms" / "libqxcb.so",
            root / "plugins" / "platforms" / "libqxcb.so",
        ):
            if candidate.is_file():
                return candidate
    return None


def run_ldd(path: Path) -> str | None:
    """``ldd``'s report on ``path``, or None when there is no ldd or it failed to run."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return None
    try:
        done = subprocess.run(
            [ldd, str(path)],
            capture_output=True,
            text=True,
            timeout=20,
            env=dict(os.environ, LC_ALL="C"),
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout


def startup_problem(
    environ: Mapping[str, str] | None = None, plugin: Path | None = None
) -> str | None:
    """The message to print instead of starting Qt, or None when Qt can start (or when this
    check does not apply: not Linux, not the xcb plugin, no ldd, no plugin found)."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux") or not uses_xcb(env):
        return None
    plugin = plugin or xcb_plugin()
    if plugin is None:
        return None
    report = run_ldd(plugin)
    if report is None:
        return None
    missing = missing_libraries(report)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:  # a one-folder bundle carries most of them beside the program
        missing = [m for m in missing if not (Path(bundle) / m).exists()]
    if not missing:
        return None
    return message(
        missing, apt=shutil.which("apt") is not None or shutil.which("apt-get") is not None
    )
