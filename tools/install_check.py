"""`pip install .` in fresh venvs, with a C compiler, without one, and with DAME_PURE=1.

    python tools/install_check.py                          # all three, one after the other
    python tools/install_check.py --modes no-compiler      # one of them
    python tools/install_check.py --keep /tmp/dame-venvs   # keep the venvs there

For each mode a fresh venv is made, the checkout is copied (its tracked and new files, not
``build/`` or in-place extensions: a pure build removes those from the tree it builds) and
``pip install`` of the copy runs with a wall clock, on a pseudo-terminal (as someone typing
the command sees it; POSIX).  Then the venv's ``dame --version`` must name the native modules
(with a compiler) or say "pure Python" (the others), and the notice lines the terminal showed
(``dame-desktop: ...``) are printed: one for each fallback, none for a native build.

"Without a compiler" hides it the way a machine without one looks: PATH points at a folder
of links to everything on the usual PATH except the C compilers (gcc, cc, clang, ...), and
``CC`` is unset, so the build's compiler probe finds no compiler at all.  The tool checks
that ``gcc`` and ``cc`` really cannot be found there.

Exit status 1 when an install fails or ``dame --version`` does not say what the mode should
give.  pip's own index settings apply (the runtime dependencies are installed too).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import shutil
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODES = ("compiler", "no-compiler", "pure")
# names a build looks for as a C compiler (plain and target-prefixed)
COMPILER = re.compile(r"^(?:[\w.-]+-)?(?:gcc|cc|c\+\+|g\+\+|clang|clang\+\+|tcc|icc)(?:-[\d.]+)?$")


@dataclass
class Outcome:
    mode: str
    seconds: float
    installed: bool
    version: str
    notices: list[str]
    expected: bool


def copy_checkout(target: Path) -> None:
    """The checkout's files as git sees them (tracked and untracked, not ignored)."""
    listed = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, listed):
        source = ROOT / name
        if not source.is_file():
            continue  # deleted in the working tree
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / name)


def path_without_compilers(folder: Path) -> str:
    """A PATH of one folder linking every program on PATH except the C compilers."""
    folder.mkdir(parents=True, exist_ok=True)
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        if not entry or not os.path.isdir(entry):
            continue
        for name in sorted(os.listdir(entry)):
            link = folder / name
            if COMPILER.match(name) or link.exists() or link.is_symlink():
                continue
            source = Path(entry) / name
            if source.is_file() and os.access(source, os.X_OK):
                link.symlink_to(source)
    return str(folder)


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def on_terminal(command: list[str], env: dict[str, str], cwd: Path) -> tuple[int, str]:
    """Run ``command`` with a pseudo-terminal as its controlling terminal; (status, text)."""
    leader, follower = os.openpty()

    def take_terminal() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # a new session's first terminal: /dev/tty

    process = subprocess.Popen(
        command,
        env=env,
        cwd=cwd,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        start_new_session=True,
        preexec_fn=take_terminal,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: every writer has closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    status = process.wait()
    text = ANSI.sub("", b"".join(chunks).decode("utf-8", "replace")).replace("\r\n", "\n")
    return status, text


def install(mode: str, workdir: Path) -> Outcome:
    venv = workdir / f"venv-{mode}"
    source = workdir / f"src-{mode}"
    source.mkdir(parents=True)
    copy_checkout(source)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = dict(os.environ)
    env.pop("DAME_PURE", None)
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    if mode == "pure":
        env["DAME_PURE"] = "1"
    if mode == "no-compiler":
        env.pop("CC", None)
        env["PATH"] = path_without_compilers(workdir / "bin-without-compilers")
        for name in ("gcc", "cc", "clang"):
            found = shutil.which(name, path=env["PATH"])
            if found:
                raise SystemExit(f"could not hide the compiler: {name} is at {found}")
    env["PATH"] = str(venv / "bin") + os.pathsep + env["PATH"]
    started = time.perf_counter()
    status, output = on_terminal(
        [str(venv / "bin" / "python"), "-m", "pip", "install", str(source)], env, workdir
    )
    seconds = time.perf_counter() - started
    # the build's notices (not pip's "Created wheel for dame-desktop: ..." line)
    notices = [
        line.strip()[line.strip().index("dame-desktop:") :]
        for line in output.splitlines()
        if "dame-desktop:" in line and "Created wheel for dame-desktop" not in line
    ]
    if status != 0:
        print(output[-3000:], file=sys.stderr)
        return Outcome(mode, seconds, False, "", notices, False)
    # the installed program, run from outside the copy (DAME_PURE unset: what the build gave)
    env.pop("DAME_PURE", None)
    shown = subprocess.run(
        [str(venv / "bin" / "dame"), "--version"],
        env=env,
        capture_output=True,
        text=True,
        cwd=workdir,
    )
    version = (shown.stdout + shown.stderr).strip()
    native = "native:" in version
    expected = shown.returncode == 0 and (
        native if mode == "compiler" else "pure Python" in version
    )
    return Outcome(mode, seconds, True, version, notices, expected)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--modes", default=",".join(MODES), help=f"comma-separated, of {', '.join(MODES)}"
    )
    parser.add_argument(
        "--keep", type=Path, default=None, help="make the venvs in this (new) folder and keep them"
    )
    args = parser.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        parser.error(f"unknown mode {unknown[0]!r} (known: {', '.join(MODES)})")
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=False)
        workdir = args.keep
    else:
        workdir = Path(tempfile.mkdtemp(prefix="dame-install-"))
    outcomes = []
    try:
        for mode in modes:
            print(f"pip install . ({mode}) ...", flush=True)
            outcomes.append(install(mode, workdir))
    finally:
        if args.keep is None:
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"\n{'mode':<12} {'wall s':>7}  {'result':<8} dame --version")
    for o in outcomes:
        result = "ok" if o.expected else ("WRONG" if o.installed else "FAILED")
        print(f"{o.mode:<12} {o.seconds:7.1f}  {result:<8} {o.version}")
        for line in o.notices:
            print(f"{'':<12} {'':>7}  notice:  {line}")
    return 0 if all(o.expected for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
