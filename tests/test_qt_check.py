"""The start check on Linux: missing system libraries of Qt's xcb plugin are named, with the
packages that install them, instead of Qt's abort ("Starting on Linux")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dame_desktop import qt_check

LDD_FRESH_DEBIAN = """\
\tlinux-vdso.so.1 (0x00007ffd5c7f2000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x1)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f69f371d000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007f69f370e000)
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f69f1000000)
"""

X11 = {"DISPLAY": ":0"}


def test_the_missing_libraries_are_read_from_ldd() -> None:
    missing = qt_check.missing_libraries(LDD_FRESH_DEBIAN)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert qt_check.missing_libraries("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


def test_the_message_names_the_libraries_and_the_packages() -> None:
    text = qt_check.message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    assert text == (
        "Dame needs these system libraries: libxcb-icccm.so.4, libxcb-keysyms.so.1."
        " Install them with: sudo apt install libxcb-icccm4 libxcb-keysyms1"
    )
    assert "cursor" not in text, "Qt's misleading hint is not repeated"
    # without apt: the package manager, with the Debian names as a hint
    assert "package manager (on Debian and Ubuntu: libxcb-icccm4)" in qt_check.message(
        ["libxcb-icccm.so.4"], apt=False
    )
    # a library without a known package is still named
    assert qt_check.message(["libfoo.so.3"]) == (
        "Dame needs these system libraries: libfoo.so.3. Install them with your system's "
        "package manager."
    )


def test_every_package_is_in_the_readme_line() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if x.strip().startswith("sudo apt install"))
    listed = set(line.split()[3:])
    wanted = {
        "libxcb-icccm4",
        "libxcb-keysyms1",
        "libxcb-cursor0",
        "libxcb-shape0",
        "libxkbcommon-x11-0",
        "libegl1",
        "libgl1",
        "libfontconfig1",
        "libglib2.0-0",
        "libdbus-1-3",
        "libxkbcommon0",
    }
    assert wanted <= listed
    assert listed <= set(qt_check.PACKAGES.values()), "the line names real package names"


def test_the_check_applies_only_to_the_xcb_plugin() -> None:
    assert qt_check.uses_xcb({"DISPLAY": ":0"})
    assert qt_check.uses_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"})
    assert qt_check.uses_xcb(
        {"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}
    )
    assert not qt_check.uses_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"})
    assert not qt_check.uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"})
    assert not qt_check.uses_xcb({"QT_QPA_PLATFORM": "wayland"})
    assert not qt_check.uses_xcb({})
    assert qt_check.startup_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


linux_with_ldd = pytest.mark.skipif(
    not sys.platform.startswith("linux")
    or shutil.which("ldd") is None
    or qt_check.xcb_plugin() is None,
    reason="needs Linux, ldd and PySide6's xcb plugin",
)


@linux_with_ldd
def test_the_check_passes_on_this_machine() -> None:
    assert qt_check.startup_problem(X11) is None


def _plugin_needing(tmp_path: Path, renames: dict[str, str]) -> Path:
    """A copy of PySide6's xcb plugin whose list of needed libraries names libraries that do
    not exist (same length, so the ELF file stays valid), beside the real Qt libraries."""
    real = qt_check.xcb_plugin()
    assert real is not None
    platforms = tmp_path / "plugins" / "platforms"
    platforms.mkdir(parents=True)
    (tmp_path / "lib").symlink_to(real.parents[2] / "lib")  # RUNPATH $ORIGIN/../../lib
    data = real.read_bytes()
    for old, new in renames.items():
        assert len(old) == len(new)
        needle = old.encode() + b"\0"
        assert needle in data
        data = data.replace(needle, new.encode() + b"\0")
    copy = platforms / "libqxcb.so"
    copy.write_bytes(data)
    return copy


@linux_with_ldd
def test_a_plugin_with_missing_libraries_is_refused_by_name(tmp_path: Path) -> None:
    plugin = _plugin_needing(
        tmp_path,
        {"libxcb-icccm.so.4": "libxcb-icccm.so.9", "libxcb-keysyms.so.1": "libxcb-keysyms.so.9"},
    )
    text = qt_check.startup_problem(X11, plugin=plugin)
    assert text is not None
    assert text.startswith(
        "Dame needs these system libraries: libxcb-icccm.so.9, libxcb-keysyms.so.9."
    )
    assert text.endswith("libxcb-icccm4 libxcb-keysyms1") or "package manager" in text
    assert (
        qt_check.startup_problem({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, plugin=plugin)
        is None
    )


def test_the_program_passes_the_check_and_starts_offscreen() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "dame_desktop", "--smoke-test"],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    assert "Dame needs" not in done.stderr


def test_the_check_loads_no_qt() -> None:
    code = (
        "import sys\nfrom dame_desktop import qt_check\nqt_check.startup_problem()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@linux_with_ldd
def test_a_bundle_counts_the_libraries_it_carries(tmp_path: Path, monkeypatch) -> None:
    plugin = _plugin_needing(
        tmp_path,
        {"libxcb-icccm.so.4": "libxcb-icccm.so.9", "libxcb-keysyms.so.1": "libxcb-keysyms.so.9"},
    )
    (tmp_path / "libxcb-icccm.so.9").write_bytes(b"")  # carried beside the program
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    text = qt_check.startup_problem(X11, plugin=plugin)
    assert text is not None and text.startswith(
        "Dame needs these system libraries: libxcb-keysyms.so.9."
    )
    (tmp_path / "libxcb-keysyms.so.9").write_bytes(b"")
    assert qt_check.startup_problem(X11, plugin=plugin) is None


@linux_with_ldd
def test_the_entry_point_prints_the_sentence_and_exits_1(tmp_path: Path) -> None:
    plugin = _plugin_needing(tmp_path, {"libxcb-keysyms.so.1": "libxcb-keysyms.so.9"})
    code = (
        "import sys\nfrom pathlib import Path\nfrom dame_desktop import qt_check\n"
        f"qt_check.xcb_plugin = lambda: Path({str(plugin)!r})\n"
        "from dame_desktop.__main__ import main\n"
        "sys.argv = ['dame-desktop']\nsys.exit(main())\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = ":0"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 1
    assert done.stderr.startswith("Dame needs these system libraries: libxcb-keysyms.so.9.")
    assert "Could not load the Qt platform plugin" not in done.stderr
    assert done.stdout == ""
