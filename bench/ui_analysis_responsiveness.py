"""How responsive the window stays while the analysis panel analyses.

    python bench/ui_analysis_responsiveness.py                  # 10 s per case, offscreen
    python bench/ui_analysis_responsiveness.py --seconds 20 --step 2
    python bench/ui_analysis_responsiveness.py --window         # the real main window

``--window``: the program's own ``MainWindow`` (1280x800), a 60-ply German game studied in
it, View › Analysis switched on by its action (``QAction.trigger``), and every ``--step``
seconds View › Next move (its action) steps the shown position -- board, move tree, graph and panel
all follow, as when a user steps through a game.  Cases: the idle window, the panel
analysing with one line and with three, stepping fast (every 0.3 s), the panel hidden again.

A panel (``dame_desktop.ui.analysis.AnalysisPanel``) is shown next to a board and analyses
with the real built-in engine in its thread; every ``--step`` seconds the shown position
changes (as when stepping through a game), so requests start, stop and are dropped.  A
``QTimer`` probe fires every 5 ms in the GUI thread and records how late each tick is.
Printed for: the idle window, one line, three lines (multi-PV), and Analyse game (the
review of a 24-ply game at ``--movetime`` seconds a move in its background thread, the
panel hidden).  Goals: p99 <= 25 ms, max <= 100 ms.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from _smoke import add_smoke, smoke_settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PROBE_MS = 5
PLIES = 24  # a game made by a fixed rule (the n-th ply plays legal move 7n mod count)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="probe time per case")
    parser.add_argument("--step", type=float, default=2.0, help="seconds between position changes")
    parser.add_argument("--movetime", type=float, default=0.3, help="Analyse game: seconds a move")
    parser.add_argument(
        "--window",
        action="store_true",
        help="measure in the real main window (View > Analysis, View > Next move)",
    )
    add_smoke(parser)
    args = parser.parse_args()
    if smoke_settings(args, seconds=0.6, step=0.25, movetime=0.02):
        global PAUSE
        PAUSE = 0.2
        panel_main(args)  # both cases, the panel's and the window's
        return window_main(args)
    if args.window:
        return window_main(args)
    return panel_main(args)


def panel_main(args: argparse.Namespace) -> int:
    """The cases of the panel beside a board (see the module docstring)."""

    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication, QHBoxLayout, QWidget

    from dame_desktop.core import Position, find_rules
    from dame_desktop.ui.analysis import AnalysisPanel
    from dame_desktop.ui.board.widget import BoardWidget
    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()
    app = QApplication.instance() or QApplication(sys.argv[:1])  # alive until main returns
    assert app is not None
    rules = find_rules("german")
    positions = [Position.start(rules)]
    for ply in range(PLIES):
        legal = positions[-1].legal_moves()
        if not legal:
            break
        positions.append(positions[-1].play(legal[(7 * ply) % len(legal)]))

    window = QWidget()
    layout = QHBoxLayout(window)
    board = BoardWidget()
    panel = AnalysisPanel()
    layout.addWidget(board, 2)
    layout.addWidget(panel, 1)
    window.resize(900, 560)
    window.show()

    print(
        f"platform {QGuiApplication.platformName()}, switch interval "
        f"{sys.getswitchinterval() * 1000:.1f} ms, {os.cpu_count()} cores",
        flush=True,
    )
    panel.hide()
    report(f"idle window, panel hidden ({PAUSE:g} s)", probe(PAUSE))
    panel.show()
    index = [0]
    depths: list[int] = []
    panel.evaluated.connect(lambda e: depths.append(e.depth))

    def step() -> None:
        index[0] = (index[0] + 1) % len(positions)
        position = positions[index[0]]
        board.set_position(position, animate=False)
        panel.show_position(position, ply=index[0])

    for lines in (1, 3):
        panel.set_more_lines(lines == 3)
        depths.clear()
        step()
        late = probe(args.seconds, step, args.step)
        changes = int(args.seconds / args.step)
        report(
            f"analysing, {lines} line{'s' if lines > 1 else ''}, position changed every "
            f"{args.step:g} s ({changes} changes, deepest {max(depths, default=0)}, "
            f"{len(depths)} updates)",
            late,
        )
    panel.hide()
    report(f"panel hidden again ({PAUSE:g} s)", probe(PAUSE))

    from dame_desktop.ai.search import Limit
    from dame_desktop.ui.analysis.jobs import GameReviewJob

    moves = _moves(positions)
    job = GameReviewJob(positions[0], moves, Limit(movetime=args.movetime))
    done: list[object] = []
    job.done.connect(done.append)
    job.start()
    late = probe(args.seconds)
    report(
        f"Analyse game running ({len(moves)} plies at {args.movetime:g} s a move, "
        f"{'finished' if done else 'still running'} after {args.seconds:g} s)",
        late,
    )
    job.wait()
    panel.shutdown()
    return 0


def probe(seconds: float, step: object = None, step_seconds: float = 2.0) -> list[float]:
    """Run the event loop for ``seconds``; how late each PROBE_MS tick was (ms).
    ``step`` (a callable) is called every ``step_seconds`` meanwhile."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer

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
    stepper = QTimer()
    if callable(step):
        stepper.setInterval(int(step_seconds * 1000))
        stepper.timeout.connect(step)
        stepper.start()
    loop = QEventLoop()  # not app.exec()/quit(): quit() closes the windows
    stop = QTimer()
    stop.setSingleShot(True)
    stop.timeout.connect(loop.quit)
    clock.start()
    last[0] = clock.nsecsElapsed()
    timer.start()
    stop.start(int(seconds * 1000))
    loop.exec()
    timer.stop()
    stepper.stop()
    return late[1:]


def report(name: str, late: list[float]) -> None:
    print(
        f"{name}: {len(late)} ticks, lateness p50 {percentile(late, 50):.2f} ms, "
        f"p99 {percentile(late, 99):.2f} ms, max {max(late, default=0):.2f} ms",
        flush=True,
    )


WINDOW_PLIES = 60
PAUSE = 2.0  # seconds of the idle cases (a smoke run: less)


def window_main(args: argparse.Namespace) -> int:
    """The ``--window`` cases (see the module docstring)."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from dame_desktop import native
    from dame_desktop.core import Position, find_rules
    from dame_desktop.pdn import Game, GameNode
    from dame_desktop.ui.app.main_window import MainWindow
    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert app is not None
    rules = find_rules("german")
    game = Game(rules)
    node: GameNode = game
    position = Position.start(rules)
    for ply in range(WINDOW_PLIES):
        legal = position.legal_moves()
        if not legal:
            break
        move = legal[(7 * ply) % len(legal)]
        node = node.add_variation(move)
        position = position.play(move)
    window = MainWindow(start_game=False)
    window.board.set_animated(False)
    window.resize(1280, 800)
    window.show()
    window.document.study_new_game(game)
    print(
        f"platform {QGuiApplication.platformName()}, MainWindow 1280x800, switch interval "
        f"{sys.getswitchinterval() * 1000:.1f} ms, {os.cpu_count()} cores, "
        f"{native.describe()}, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    report(f"idle window, a game studied, panel hidden ({args.seconds:g} s)", probe(args.seconds))
    panel = window.analysis.panel
    depths: list[int] = []
    panel.evaluated.connect(lambda e: depths.append(e.depth))
    window.action("analysis").trigger()  # View > Analysis
    assert window.analysis.dock.isVisible()

    def step() -> None:
        if not window.navigator.can_step(1):
            window.action("first").trigger()  # first position: round again
        else:
            window.action("next").trigger()  # View > Next move

    cases = [(1, args.step), (3, args.step), (1, min(0.3, args.step))]
    for lines, every in cases:
        if panel.more_button.isChecked() != (lines == 3):
            panel.more_button.click()
        depths.clear()
        step()
        late = probe(args.seconds, step, every)
        changes = int(args.seconds / every)
        report(
            f"window, analysing, {lines} line{'s' if lines > 1 else ''}, Next every "
            f"{every:g} s ({changes} steps, deepest {max(depths, default=0)}, "
            f"{len(depths)} updates)",
            late,
        )
    window.action("analysis").trigger()
    report(f"window, panel hidden again ({PAUSE:g} s)", probe(PAUSE))
    window.document.ask_save = lambda: "discard"
    window.shutdown()
    window.close()
    return 0


def _moves(positions: list) -> list:  # type: ignore[type-arg]
    """The move from each position to the next."""
    out = []
    for before, after in zip(positions, positions[1:], strict=False):
        out.append(next(m for m in before.legal_moves() if before.play(m) == after))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
