"""How responsive the window stays while the computer thinks: the built-in engine side by side
with a Hub engine (``dame hub`` as an external engine, started as the user would add it).

    python bench/ui_hub_play_responsiveness.py                    # 16 plies, level hard
    python bench/ui_hub_play_responsiveness.py --plies 30 --level master

A real ``MainWindow`` (offscreen) plays German: the human side plays its first legal move
as soon as it is its turn, the computer answers at ``--level``.  A ``QTimer`` probe fires
every 5 ms in the GUI thread and records how late each tick is.  Printed per engine: the
probe's p50/p99/max lateness, the computer's mean seconds a move, and the ratios
built-in / Hub.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
import time
from pathlib import Path

from _smoke import add_smoke, smoke_settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("DAME_NO_SOUND", "1")
# no endgame tables built in the background: they would take the measured CPU
os.environ.setdefault("DAME_NO_TABLE_BUILD", "1")

PROBE_MS = 5


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def hub_launcher(folder: Path) -> Path:
    script = folder / "dame-hub"
    # this checkout's program, installed or not
    script.write_text(
        f"#!/bin/sh\nPYTHONPATH='{ROOT}'${{PYTHONPATH:+:$PYTHONPATH}} "
        f"exec '{sys.executable}' -m dame_desktop.cli \"$@\"\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=16, help="plies per game")
    parser.add_argument("--level", default="hard", help="the computer's level")
    add_smoke(parser)
    args = parser.parse_args()
    smoke_settings(args, plies=4, level="beginner")

    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("DAME_CONFIG_DIR", str(Path(tmp) / "config"))
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication

        from dame_desktop.core import Color, find_rules
        from dame_desktop.ui.ai_worker import EngineAnswer, MoveAnswer
        from dame_desktop.ui.app.main_window import MainWindow
        from dame_desktop.ui.compat import keep_none_alive
        from dame_desktop.ui.dialogs.new_game import NewGameSettings

        keep_none_alive()
        app = QApplication.instance() or QApplication(sys.argv[:1])
        assert app is not None
        launcher = str(hub_launcher(Path(tmp)))

        def run(engine: str) -> tuple[list[float], list[float], str]:
            window = MainWindow(start_game=False)
            window.show()
            window.opponent.set_engine(engine)
            began = time.perf_counter()
            while (
                engine and window.client.external_info is None and time.perf_counter() - began < 30
            ):
                app.processEvents()
                time.sleep(0.01)
            late: list[float] = []
            seconds: list[float] = []
            names: set[str] = set()
            last = [time.perf_counter()]

            def tick() -> None:
                now = time.perf_counter()
                late.append(max(0.0, now - last[0] - PROBE_MS / 1000))
                last[0] = now

            def answered(answer: EngineAnswer) -> None:
                if isinstance(answer, MoveAnswer):
                    seconds.append(answer.seconds)
                    names.add(answer.engine or "built-in")

            window.client.answered.connect(answered)
            probe = QTimer()
            probe.setInterval(PROBE_MS)
            probe.timeout.connect(tick)
            window.play.start_game(
                NewGameSettings(True, args.level, Color.WHITE, find_rules("german"), "", "")
            )
            probe.start()
            controller = window.controller
            while len(controller.game.moves) < args.plies and not controller.game.is_over:
                if not controller.is_thinking():
                    controller.submit_move(controller.game.legal_moves()[0])
                app.processEvents()
                time.sleep(0.001)
            probe.stop()
            window.shutdown()
            window.deleteLater()
            app.processEvents()
            return late, seconds, ", ".join(sorted(names))

        rows = []
        for label, path in (("built-in", ""), ("dame hub", launcher)):
            late, seconds, who = run(path)
            rows.append(
                (
                    label,
                    percentile(late, 50),
                    percentile(late, 99),
                    max(late, default=0),
                    sum(seconds) / max(len(seconds), 1),
                    who,
                )
            )
        print(f"German, level {args.level}, {args.plies} plies; probe every {PROBE_MS} ms")
        print(
            f"{'engine':10s} {'p50 ms':>8s} {'p99 ms':>8s} {'max ms':>8s} {'s/move':>7s}  played by"
        )
        for label, p50, p99, worst, mean, who in rows:
            print(
                f"{label:10s} {p50 * 1000:8.2f} {p99 * 1000:8.2f} {worst * 1000:8.2f} "
                f"{mean:7.2f}  {who}"
            )
        (_, _, a99, amax, _, _), (_, _, b99, bmax, _, hub_who) = rows
        print(
            f"{'ratio':10s} {'':8s} {a99 / max(b99, 1e-4):8.1f} "
            f"{amax / max(bmax, 1e-4):8.1f}  (built-in / Hub)"
        )
        if hub_who in ("", "built-in"):
            print(
                "the Hub engine did not play: the figures compare the built-in engine with itself",
                file=sys.stderr,
            )
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
