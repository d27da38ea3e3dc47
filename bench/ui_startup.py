"""How much CPU the program spends from a cold start to the first paint of its board.

    python bench/ui_startup.py                # 3 fresh programs, CPU to first paint, top imports
    python bench/ui_startup.py --runs 5 --top 25
    python bench/ui_startup.py --from-source  # every module compiled anew (no bytecode cache)
    python bench/ui_startup.py --smoke        # one run, no import table (seconds)

Each run is a fresh interpreter with a fresh, empty user folder (no preferences, no autosave,
so no question is asked): it starts the program the way ``dame-desktop`` does
(``ui.app.start.main``) and stops at the end of the board's first paint.  The figure is the
child's CPU time (user + system, ``time.process_time``) at that moment: the interpreter's own
start, every import, building the window and painting it.  CPU time, not wall time, so a busy
machine does not change it much.  A last run with ``python -X importtime`` lists the imports
that cost the most (cumulative microseconds, the program's and Qt's).

Bytecode: an installed program runs from compiled bytecode (``pip`` and the bundle write the
``.pyc`` files), so the runs share a bytecode cache in a temporary folder
(``PYTHONPYCACHEPREFIX``; an untimed first run fills it) even where ``PYTHONDONTWRITEBYTECODE``
is set; the checkout gets no ``__pycache__``.  ``--from-source`` measures the other case:
every module of the program compiled from its source in every run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _smoke import add_smoke, smoke_settings

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

app = QApplication(sys.argv[:1])
done = []

class FirstBoardPaint(QObject):
    def eventFilter(self, obj, event):
        if (not done and event.type() == QEvent.Type.Paint
                and type(obj).__name__ == "BoardWidget"):
            done.append(time.process_time())
            QTimer.singleShot(0, app.quit)
        return False

spy = FirstBoardPaint()
app.installEventFilter(spy)
from dame_desktop.ui.app.start import main
main(["dame-desktop"])
print("CPU", done[0] if done else -1.0)
"""


def child_env(home: str, pycache: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # and no cache folder: compiled in every run
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["HOME"] = home
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = os.path.join(home, name.lower())
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def one_run(pycache: str | None, extra: tuple[str, ...] = ()) -> tuple[float, str]:
    with tempfile.TemporaryDirectory(prefix="dame-start-") as home:
        done = subprocess.run(
            [sys.executable, *extra, "-c", CHILD],
            capture_output=True,
            text=True,
            env=child_env(home, pycache),
            cwd=home,
            timeout=300,
        )
    lines = [line for line in done.stdout.splitlines() if line.startswith("CPU ")]
    if done.returncode != 0 or not lines or float(lines[-1].split()[1]) < 0:
        print(done.stdout, done.stderr, file=sys.stderr)
        raise SystemExit("the program did not paint its board")
    return float(lines[-1].split()[1]), done.stderr


def import_table(stderr: str, top: int) -> list[tuple[int, str]]:
    """The costliest imports (cumulative µs) among the program's own and Qt's modules."""
    rows: list[tuple[int, str]] = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = [p.strip() for p in line[len("import time:") :].split("|")]
        if len(parts) != 3 or not parts[1].isdigit():
            continue
        name = parts[2]
        if name.strip().startswith(("dame_desktop", "PySide6", "shiboken6")):
            rows.append((int(parts[1]), name.strip()))
    rows.sort(reverse=True)
    return rows[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--top", type=int, default=20, help="imports to list")
    parser.add_argument(
        "--from-source",
        action="store_true",
        help="no bytecode cache: every module compiled in every run",
    )
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, runs=1, top=0)
    runs = args.runs
    with tempfile.TemporaryDirectory(prefix="dame-pycache-") as cache_folder:
        pycache = None if args.from_source else cache_folder
        if pycache is not None:
            one_run(pycache)  # fills the bytecode cache, as installing the program does
        figures = [one_run(pycache)[0] for _ in range(runs)]
        kind = "compiled from source" if pycache is None else "bytecode cached"
        print(
            f"CPU s from a cold start to the board's first paint ({kind}, {runs} runs): "
            + ", ".join(f"{f:.3f}" for f in figures)
            + f"; median {statistics.median(figures):.3f} (goal <= 0.5)"
        )
        if args.smoke:
            return
        _cpu, stderr = one_run(pycache, ("-X", "importtime"))
    print("costliest imports (cumulative ms, one run with -X importtime):")
    for micros, name in import_table(stderr, args.top):
        print(f"  {micros / 1000:8.1f}  {name}")


if __name__ == "__main__":
    main()
