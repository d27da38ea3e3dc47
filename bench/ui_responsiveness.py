"""How responsive the window stays while the computer thinks, and how fast it starts.

    python bench/ui_responsiveness.py                 # both figures, offscreen
    python bench/ui_responsiveness.py --seconds 10 --yield-every 0.002 --switch-interval 0.005
    python bench/ui_responsiveness.py --only start --runs 5
    python bench/ui_responsiveness.py --only loop --level master --movetime 2 --seconds 10

1. Event-loop delay: the engine searches at the Hard level (``--level``) for ``--seconds`` in
   the worker thread (one request with its think time raised, or one after the other of
   ``--movetime`` each, so that the ends and starts of searches fall inside the probe, the
   first search of the fresh process included); a QTimer probe fires every 5 ms in the
   GUI thread and records how late each tick is.  Reports p50, p99 and max lateness (goals:
   p99 <= 25 ms, max <= 100 ms), plus a baseline with no search running.
2. Cold start: a fresh interpreter imports the program, builds the main window and paints
   it; the time from spawning the process to the end of the first paint of the board
   (goal <= 1 s).  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PROBE_MS = 5
MIDGAME = "W:W18,21,22,23,25,26,27,28,29,30,31:B1,2,3,4,6,7,8,9,10,11,12,14"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def probe(app, seconds: float, busy: object = None) -> list[float]:  # type: ignore[no-untyped-def]
    """Run the event loop for ``seconds`` with a 5 ms timer; return each tick's lateness (ms)."""
    from PySide6.QtCore import QElapsedTimer, Qt, QTimer

    late: list[float] = []
    clock = QElapsedTimer()
    last = [0]

    def tick() -> None:
        now = clock.nsecsElapsed()
        late.append(max(0.0, (now - last[0]) / 1e6 - PROBE_MS))
        last[0] = now

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(PROBE_MS)
    timer.timeout.connect(tick)
    stop = QTimer()
    stop.setSingleShot(True)
    stop.timeout.connect(app.quit)
    clock.start()
    last[0] = clock.nsecsElapsed()
    timer.start()
    stop.start(int(seconds * 1000))
    app.exec()
    timer.stop()
    return late[1:]


def report(name: str, late: list[float]) -> None:
    print(f"{name}: {len(late)} ticks, lateness p50 {percentile(late, 50):.2f} ms, "
          f"p99 {percentile(late, 99):.2f} ms, max {max(late, default=0):.2f} ms")


def responsiveness(seconds: float, yield_every: float, switch_interval: float | None,
                   level_key: str = "hard", movetime: float | None = None) -> None:
    from PySide6.QtWidgets import QApplication

    from dame_desktop.ai import find_level
    from dame_desktop.core import Position, find_rules
    from dame_desktop.native import describe
    from dame_desktop.ui import ai_worker
    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()
    if switch_interval is not None:
        sys.setswitchinterval(switch_interval)
    ai_worker.YIELD_EVERY = yield_every
    level = find_level(level_key)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    print(f"platform {app.platformName()}, switch interval {sys.getswitchinterval() * 1000:.1f}"
          f" ms, worker yields every {yield_every * 1000:.1f} ms"
          + (" (off)" if yield_every <= 0 else "") + f"; engine {describe()}")
    report("idle baseline (2 s)", probe(app, 2.0))
    client = ai_worker.AiClient()
    answers: list[object] = []
    position = Position.from_fen(MIDGAME, find_rules("german"))
    deadline = time.perf_counter() + seconds

    def again(answer: object) -> None:
        # keep the engine busy for the whole probe: a finished search starts the next one
        answers.append(answer)
        remaining = deadline - time.perf_counter()
        if remaining > 0.05:
            think = remaining if movetime is None else min(movetime, remaining)
            client.submit(ai_worker.MoveRequest(position=position, level=level, movetime=think))

    client.answered.connect(again)
    first = seconds if movetime is None else min(movetime, seconds)
    client.submit(ai_worker.MoveRequest(position=position, level=level, movetime=first))
    late = probe(app, seconds)
    report(f"while searching at {level.name_en} ({seconds:.0f} s, {len(answers) + 1} searches)",
           late)
    client.cancel_all()
    for answer in answers[:1]:
        result = answer.result  # type: ignore[attr-defined]
        print(f"first search: depth {result.depth}, {result.nodes} nodes, "
              f"{result.nodes / max(result.seconds, 1e-9):.0f} nodes/s, {result.seconds:.1f} s")
    cancel_started = time.perf_counter()
    client.submit(ai_worker.MoveRequest(position=position, level=level, movetime=30))
    time.sleep(0.3)
    client.close()
    print(f"cancel + quit + wait of a running 30 s search: "
          f"{(time.perf_counter() - cancel_started - 0.3) * 1000:.0f} ms")


def cold_start(runs: int) -> None:
    times: list[float] = []
    for _ in range(runs):
        t0 = time.time()
        out = subprocess.run(
            [sys.executable, __file__, "--child-start", repr(t0)],
            capture_output=True, text=True, timeout=60,
        )
        if out.returncode != 0:
            print(out.stdout, out.stderr)
            raise SystemExit("the child failed")
        times.append(float(out.stdout.strip().splitlines()[-1]))
    print(f"cold start to first painted window ({os.environ['QT_QPA_PLATFORM']}, {runs} runs): "
          f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, "
          f"all {', '.join(f'{t * 1000:.0f}' for t in times)} ms")


def child_start(t0: float) -> None:
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from dame_desktop.ui.app.start import create_window
    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()
    app = QApplication(sys.argv[:1])
    window = create_window()
    done: list[float] = []

    def finished() -> None:
        if not done:
            done.append(time.time() - t0)
            app.quit()

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):  # type: ignore[no-untyped-def]  # noqa: N802
            if event.type() == QEvent.Type.Paint and not done:
                QTimer.singleShot(0, finished)
            return False

    spy = FirstPaint()
    window.board.installEventFilter(spy)
    window.show()
    app.exec()
    window.shutdown()
    print(f"{done[0]:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--yield-every", type=float, default=None,
                        help="seconds between the worker's GIL hand-overs (0 = never)")
    parser.add_argument("--switch-interval", type=float, default=None,
                        help="sys.setswitchinterval for the whole process (seconds)")
    parser.add_argument("--level", default="hard", help="the engine's level (hard, master, ...)")
    parser.add_argument("--movetime", type=float, default=None,
                        help="seconds per search (default: one search for the whole probe)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=("loop", "start"))
    parser.add_argument("--child-start", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_start is not None:
        child_start(args.child_start)
        return
    if args.only != "start":
        from dame_desktop.ui import ai_worker

        every = ai_worker.YIELD_EVERY if args.yield_every is None else args.yield_every
        responsiveness(args.seconds, every, args.switch_interval, args.level, args.movetime)
    if args.only != "loop":
        cold_start(args.runs)


if __name__ == "__main__":
    main()
