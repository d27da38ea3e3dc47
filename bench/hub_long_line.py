"""``dame hub`` and one very long line: time, memory and the length of the answer.

Starts ``python -m dame_desktop.cli hub`` as a real process, sends ``hub``, one ``pos`` line of
``--mb`` megabytes (a position that is far too long), then ``ping`` and ``quit``, and prints the
longest line the engine answered, whether it still answered ``pong``, and the engine process's
own CPU seconds and peak resident memory (from ``wait4``).

    python bench/hub_long_line.py --mb 32
    python bench/hub_long_line.py --smoke       # a second or two, for CI
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from _smoke import add_smoke, smoke_settings

ROOT = Path(__file__).resolve().parent.parent


def run(megabytes: float) -> int:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "dame_desktop.cli", "hub"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers: list[bytes] = []

    def collect() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            answers.append(line)

    reader = threading.Thread(target=collect, daemon=True)
    reader.start()
    size = int(megabytes * 1_000_000)
    started = time.perf_counter()
    proc.stdin.write(b"hub\n")
    proc.stdin.write(b"pos pos=W" + b"e" * size + b"\n")
    proc.stdin.write(b"ping\nquit\n")
    proc.stdin.close()
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    reader.join()
    seconds = time.perf_counter() - started
    longest = max((len(a) for a in answers), default=0)
    errors = [a for a in answers if a.startswith(b"error")]
    print(f"a {size / 1e6:.1f} MB pos line into 'dame hub': {seconds:.2f} s")
    print(
        f"  engine: {usage.ru_utime + usage.ru_stime:.2f} CPU s, "
        f"peak RSS {usage.ru_maxrss / 1024:.0f} MB, exit status {proc.returncode}"
    )
    print(
        f"  answers: {len(answers)} lines, the longest {longest} bytes, "
        f"pong: {b'pong' in (a.rstrip() for a in answers)}"
    )
    for line in errors:
        shown = line.decode("utf-8", "replace").rstrip()
        print(f"  {shown[:200]}{'…' if len(shown) > 200 else ''}")
    return 0 if proc.returncode == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=32.0, help="megabytes of the pos line")
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, mb=0.2)
    return run(args.mb)


if __name__ == "__main__":
    sys.exit(main())
