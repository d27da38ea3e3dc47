"""Build Dame's stand-alone bundle with one command.

    python packaging/build.py                  # translations + one-folder bundle: dist/Dame/
    python packaging/build.py --onefile        # one-file program: dist/onefile/Dame(.exe)
    python packaging/build.py --both --smoke-test   # both, then start each one's smoke test
    python packaging/build.py --archive        # also pack dist/Dame into a .tar.gz / .zip

Steps: compile every translations/*.ts into dame_desktop/translations/ with
pyside6-lrelease; run PyInstaller on packaging/dame.spec; copy the Linux desktop files
into the one-folder bundle; print build time and size. Needs the `package` extra:
``python -m pip install -e ".[package]"``. Exit status: 0 on success, 1 when a step fails,
2 for bad arguments.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "dame.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
SMOKE_PDN = PACKAGING / "smoke" / "sample.pdn"
LINUX_FILES = (
    "install.sh",
    "uninstall.sh",
    "io.github.dame_desktop.Dame.desktop",
    "io.github.dame_desktop.Dame.metainfo.xml",
    "io.github.dame_desktop.Dame.mime.xml",
)
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


class BuildError(Exception):
    """A build step failed; the message says which and why."""


def version() -> str:
    text = (ROOT / "dame_desktop" / "__init__.py").read_text("utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if found is None:
        raise BuildError("dame_desktop/__init__.py has no __version__ line")
    return found.group(1)


def find_lrelease() -> list[str]:
    """The command that runs Qt's lrelease (PySide6-Essentials ships it)."""
    for name in ("pyside6-lrelease", "lrelease"):
        found = shutil.which(name)
        if found:
            return [found]
    try:
        import PySide6
    except ImportError as exc:
        raise BuildError("PySide6 is not installed, so lrelease is missing") from exc
    folder = Path(PySide6.__file__).parent
    for candidate in (folder / f"lrelease{EXE_SUFFIX}", folder / "Qt" / "bin" / "lrelease"):
        if candidate.is_file():
            return [str(candidate)]
    raise BuildError("cannot find pyside6-lrelease or lrelease")


def compile_translations() -> list[Path]:
    """Compile each translations/*.ts into dame_desktop/translations/*.qm (the package data the
    program loads); return the .qm files written."""
    sources = sorted((ROOT / "translations").glob("*.ts"))
    if not sources:
        print("translations: no .ts files, nothing to compile")
        return []
    lrelease = find_lrelease()
    written = []
    for ts in sources:
        qm = ROOT / "dame_desktop" / "translations" / ts.with_suffix(".qm").name
        result = subprocess.run(
            [*lrelease, str(ts), "-qm", str(qm)], capture_output=True, text=True, check=False
        )
        if result.returncode != 0 or not qm.is_file():
            raise BuildError(f"lrelease failed on {ts.relative_to(ROOT)}: {result.stderr.strip()}")
        written.append(qm)
        print(f"translations: {ts.relative_to(ROOT)} -> {qm.name}")
    return written


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def run_pyinstaller(onefile: bool, clean: bool) -> tuple[Path, float]:
    """Run PyInstaller on the spec; return the built program's path and the seconds taken."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError as exc:
        raise BuildError(
            'PyInstaller is not installed: python -m pip install -e ".[package]"'
        ) from exc
    variant = "onefile" if onefile else "onedir"
    distpath = DIST / "onefile" if onefile else DIST
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--workpath",
        str(WORK / variant),
        "--distpath",
        str(distpath),
        str(SPEC),
    ]
    if clean:
        command.insert(3, "--clean")
    env = dict(os.environ, DAME_ONEFILE="1" if onefile else "0")
    print(f"pyinstaller ({variant}): {' '.join(command[3:])}")
    start = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, env=env, check=False)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise BuildError(f"PyInstaller failed ({variant}), exit status {result.returncode}")
    if sys.platform == "darwin":
        program = distpath / "Dame.app"
    elif onefile:
        program = distpath / f"Dame{EXE_SUFFIX}"
    else:
        program = distpath / "Dame" / f"Dame{EXE_SUFFIX}"
    if not program.exists():
        raise BuildError(f"PyInstaller finished but {program} is missing")
    return program, seconds


def add_linux_files(bundle: Path) -> None:
    """Copy install.sh & co. into <bundle>/linux so users can add Dame to their menu."""
    target = bundle / "linux"
    target.mkdir(exist_ok=True)
    for name in LINUX_FILES:
        shutil.copy2(PACKAGING / "linux" / name, target / name)


def smoke_test(program: Path) -> float:
    """Start the built program's --smoke-test offscreen; return the seconds it took."""
    if sys.platform == "darwin" and program.suffix == ".app":
        program = program / "Contents" / "MacOS" / "Dame"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    start = time.perf_counter()
    result = subprocess.run(
        [str(program), "--smoke-test", str(SMOKE_PDN)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    seconds = time.perf_counter() - start
    output = (result.stdout + result.stderr).strip()
    if result.returncode != 0:
        raise BuildError(f"smoke test of {program} failed (exit {result.returncode}): {output}")
    print(f"smoke test: {program.relative_to(ROOT)} passed in {seconds:.2f} s")
    if output:
        print("  " + output.replace("\n", "\n  "))
    return seconds


def archive(bundle: Path) -> Path:
    """Pack the one-folder bundle for download: .zip on Windows, .tar.gz elsewhere."""
    platform = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    import platform as _platform

    base = DIST / f"Dame-{version()}-{platform}-{_platform.machine().lower()}"
    if sys.platform == "win32":
        return Path(shutil.make_archive(str(base), "zip", bundle.parent, bundle.name))
    path = base.with_name(base.name + ".tar.gz")
    with tarfile.open(path, "w:gz", compresslevel=6) as tar:
        tar.add(bundle, arcname=bundle.name)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compile the translations and build Dame's PyInstaller bundle."
    )
    variant = parser.add_mutually_exclusive_group()
    variant.add_argument("--onefile", action="store_true", help="build the one-file program")
    variant.add_argument("--both", action="store_true", help="build one-folder and one-file")
    parser.add_argument(
        "--smoke-test", action="store_true", help="start each build's --smoke-test afterwards"
    )
    parser.add_argument("--archive", action="store_true", help="pack the one-folder bundle")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    args = parser.parse_args(argv)

    variants = [False, True] if args.both else [args.onefile]
    try:
        compile_translations()
        for onefile in variants:
            program, seconds = run_pyinstaller(onefile, args.clean)
            bundle = program if onefile else program.parent
            if sys.platform == "darwin":
                bundle = program
            elif not onefile and sys.platform.startswith("linux"):
                add_linux_files(bundle)
            size = tree_size(bundle)
            print(
                f"built {bundle.relative_to(ROOT)} in {seconds:.0f} s: "
                f"{size / 1e6:.1f} MB ({size} bytes)"
            )
            if args.smoke_test:
                smoke_test(program)
            if args.archive and not onefile:
                path = archive(bundle)
                print(f"archive: {path.relative_to(ROOT)} ({path.stat().st_size / 1e6:.1f} MB)")
    except (BuildError, subprocess.TimeoutExpired) as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
