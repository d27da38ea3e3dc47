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
import json
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


FOLDER_GOAL_MB = 120  # the one-folder bundle's size goal (decimal MB)


def sounds_size(bundle: Path) -> int:
    """The bytes of the sound files in a one-folder bundle (resources/sounds, wherever it is)."""
    return sum(
        tree_size(folder)
        for folder in bundle.rglob("sounds")
        if folder.is_dir() and folder.parent.name == "resources"
    )


NATIVE_PROBE = (
    "import json; from dame_desktop import native; "
    "print(json.dumps({'compiled': list(native.COMPILED), 'native': native.native_modules(), "
    "'stale': native.stale_sources()}))"
)


def native_state() -> dict[str, list[str]]:
    """Which modules the source tree runs compiled (PyInstaller collects from the tree)."""
    env = {k: v for k, v in os.environ.items() if k != "DAME_PURE"}
    result = subprocess.run(
        [sys.executable, "-c", NATIVE_PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise BuildError(f"cannot import dame_desktop from {ROOT}: {result.stderr.strip()}")
    state: dict[str, list[str]] = json.loads(result.stdout.strip().splitlines()[-1])
    return state


def ensure_native(allow_pure: bool) -> list[str]:
    """Make sure the tree has the compiled modules (build them in place when missing or stale).

    The bundle always ships them: without a C compiler this fails unless ``allow_pure``.
    Returns the compiled modules the bundle will contain.
    """
    state = native_state()
    wanted = [name.removeprefix("dame_desktop.") for name in state["compiled"]]
    if state["native"] == wanted and not state["stale"]:
        print(f"native modules: {', '.join(wanted)} (built)")
        return wanted
    print("native modules: compiling them in place (setup.py build_ext --inplace)")
    env = {k: v for k, v in os.environ.items() if k != "DAME_PURE"}
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    notices = [
        line
        for line in (result.stdout + result.stderr).splitlines()
        if line.startswith("dame-desktop:")
    ]
    for line in notices:
        print(f"  {line}")
    state = native_state()
    if result.returncode == 0 and state["native"] == wanted and not state["stale"]:
        print(
            f"native modules: {', '.join(wanted)} (compiled in {time.perf_counter() - start:.0f} s)"
        )
        return wanted
    if allow_pure:
        print("native modules: not available, the bundle runs pure Python (--allow-pure)")
        return []
    detail = notices[-1] if notices else (result.stderr.strip().splitlines() or ["?"])[-1]
    raise BuildError(
        "the bundle ships the compiled modules, but they could not be built "
        f"({detail}); install a C compiler and the Python headers and mypy "
        '(python -m pip install -e ".[package]"), or pass --allow-pure'
    )


def check_bundle_native(program: Path, wanted: list[str]) -> None:
    """The built program itself reports the compiled modules it imports."""
    if sys.platform == "darwin" and program.suffix == ".app":
        program = program / "Contents" / "MacOS" / "Dame"
    env = dict(os.environ, DAME_NATIVE_REPORT="1", QT_QPA_PLATFORM="offscreen")
    env.pop("DAME_PURE", None)
    result = subprocess.run(
        [str(program)], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    lines = result.stdout.strip().splitlines()
    report = lines[-1] if lines else ""
    expected = f"native: {', '.join(wanted)}" if wanted else "pure Python"
    if result.returncode != 0 or report != expected:
        raise BuildError(
            f"{program.name} reports {report or result.stderr.strip()!r}, expected {expected!r}"
        )
    print(f"bundle imports: {report}")


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
    parser.add_argument(
        "--allow-pure",
        action="store_true",
        help="build a pure-Python bundle where the native modules cannot be built",
    )
    args = parser.parse_args(argv)

    variants = [False, True] if args.both else [args.onefile]
    try:
        compile_translations()
        wanted = ensure_native(args.allow_pure)
        for onefile in variants:
            program, seconds = run_pyinstaller(onefile, args.clean)
            check_bundle_native(program, wanted)
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
            if not onefile and bundle.is_dir():
                sounds = sounds_size(bundle)
                met = "met" if size <= FOLDER_GOAL_MB * 1e6 else "NOT met"
                print(
                    f"  of which the sounds: {sounds / 1e3:.1f} kB; without them "
                    f"{(size - sounds) / 1e6:.1f} MB ({size - sounds} bytes); goal <= "
                    f"{FOLDER_GOAL_MB} MB: {met}"
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
