"""Random actions in the real window while the computer thinks, checked after every step.

The program's window (with its session: preferences, autosave, clocks) runs offscreen in this
process.  A seeded random sequence of what a user does -- new game (answering the dialog:
opponent, level, rules, clocks), undo, redo, hint, draw offer, resign, analysis on/off,
stepping back and forth, flip, moves played by real mouse clicks and drags on the board,
clicks on the move list, stray clicks, switching rule sets, opening a small PDN file and
stepping in it, huffing decisions ("Blasen"), pausing the clocks -- is played through the
window's action table (``QAction.trigger()``, found by action id) and QTest mouse events.
Every modal dialog an action opens is answered (a random button, or the dialog filled in).

After every step it checks:

- no exception and no Qt critical message (``sys.excepthook`` and a Qt message handler
  record them);
- no stale answer applied: a hint, a computer move or an analysis line shown only for the
  position it was computed for (the signals are watched when they are emitted, and the board
  and panel are looked at after every step);
- the board shows the navigator's position and offers only legal moves of it;
- the move list matches the game being played;
- the computer answers: at every checkpoint it must stop thinking within a time limit;
- memory stays bounded: the RSS (and, with ``--tracemalloc``, Python's own allocations) is
  sampled every ``--sample`` steps; the ratio of the last sample to the first is printed.

Usage::

    python bench/ui_stress.py --seeds 1 2 3 4 5 --actions 1000
    python bench/ui_stress.py --smoke          # 30 actions, one seed: the CI check

The action sequence is fixed by the seed; what the computer answers, and when, depends on
the machine's speed, so a failure prints the seed, the step and the last actions to rerun.
Exit status 1 when a check failed.
"""

from __future__ import annotations

import argparse
import faulthandler
import gc
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from _smoke import add_smoke, smoke_settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("DAME_NO_SOUND", "1")
# no endgame tables built in the background: they would take the measured CPU
os.environ.setdefault("DAME_NO_TABLE_BUILD", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import random  # noqa: E402

from dame_desktop.ui.compat import keep_none_alive  # noqa: E402

keep_none_alive()

import shiboken6  # noqa: E402
from PySide6.QtCore import (  # noqa: E402
    QCoreApplication,
    QEvent,
    QMessageLogContext,
    Qt,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QApplication,
    QDialog,
    QMessageBox,
    QWidget,
)

from dame_desktop.core import (  # noqa: E402
    PRESETS,
    Color,
    Game,
    Move,
    Position,
    RuleSet,
    apply_switches,
)
from dame_desktop.core.clock import NO_CLOCK, TimeControl  # noqa: E402
from dame_desktop.core.numbering import game_steps  # noqa: E402
from dame_desktop.store.settings import Preferences, save_preferences  # noqa: E402

PDN_FILES = [
    ROOT / "tests" / "data" / "ui" / "three_games.pdn",
    ROOT / "tests" / "data" / "pdn" / "annotated.pdn",
    ROOT / "tests" / "data" / "pdn" / "russian.pdn",
    ROOT / "tests" / "data" / "pdn" / "rules_tag.pdn",
    ROOT / "tests" / "data" / "ui" / "damaged.pdn",
]
# the levels a new game is played at, with their weights: mostly fast ones, the Master
# (5 s a move) often enough that its answers arrive while other things happen
LEVELS = (("beginner", 4), ("easy", 3), ("medium", 2), ("hard", 1), ("master", 2))
THINK_LIMIT = 60.0  # seconds the computer may take at a checkpoint before it counts as hung


@dataclass
class Findings:
    """What went wrong: one line per problem, with the step it was seen at."""

    errors: list[str] = field(default_factory=list)
    warnings: Counter[str] = field(default_factory=Counter)
    step: int = 0

    def add(self, text: str) -> None:
        self.errors.append(f"step {self.step}: {text}")


def rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # not Linux: the peak instead
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


class Stress:
    """One seeded run in one window."""

    def __init__(self, seed: int, findings: Findings, verbose: bool = False) -> None:
        from dame_desktop.ui.app.main_window import MainWindow
        from dame_desktop.ui.app.session import Session

        self.seed = seed
        self.rng = random.Random(seed)
        self.found = findings
        self.verbose = verbose
        self.history: list[str] = []
        self.counts: Counter[str] = Counter()
        self.session = Session()
        self.window = MainWindow(start_game=False)
        self.window.play.rng = random.Random(seed)  # the computer's own choices
        self.session.attach(self.window)
        self.window.board.set_animated(False)
        self.window.show()
        self._answering: set[int] = set()
        self.first_snapshot: tracemalloc.Snapshot | None = None  # at the second sample
        self.answerer = QTimer()
        self.answerer.setInterval(5)
        self.answerer.timeout.connect(self.answer_modal)
        self.answerer.start()
        self.session.begin()
        self._watch()

    # -- watching the window's signals -----------------------------------------------------------

    def _watch(self) -> None:
        w = self.window
        w.hints.hint_ready.connect(self._on_hint)
        w.controller.error.connect(lambda text: self.found.add(f"the game refused: {text}"))
        w.controller.move_played.connect(self._on_move_played)
        w.analysis.panel.evaluated.connect(self._on_evaluated)

    def _on_hint(self, position: Position, move: object) -> None:
        shown = self.window.navigator.position()
        if position != shown:
            self.found.add("a hint arrived for a position that is not shown")
        if isinstance(move, Move) and move not in shown.legal_moves():
            self.found.add(f"the hint {move} is not a legal move of the shown position")

    def _on_move_played(self, move: Move) -> None:
        game = self.window.controller.game
        before = game.states[-2].position if len(game.states) > 1 else None
        if (
            before is not None
            and game.states[-1].move == move
            and move not in game_legal(game, len(game.states) - 2)
        ):
            self.found.add(f"the move {move} was played although it was not legal")

    def _on_evaluated(self, evaluation: object) -> None:
        panel = self.window.analysis.panel
        position = getattr(evaluation, "position", None)
        if position != panel.position():
            self.found.add("an analysis line was shown for another position")

    # -- dialogs -------------------------------------------------------------------------------

    def answer_modal(self) -> None:
        popup = QApplication.activePopupWidget()  # a context menu runs its own loop
        if popup is not None:
            self.counts["popup " + type(popup).__name__] += 1
            popup.close()
            return
        widget = QApplication.activeModalWidget()
        if widget is None or not widget.isVisible() or id(widget) in self._answering:
            return
        # answered as an event of its own: an answer that opens another dialog (a question
        # before the chosen game is shown) runs that dialog's loop, where this timer goes on
        key = id(widget)
        self._answering.add(key)
        QTimer.singleShot(0, lambda: self._answer_once(widget, key))

    def _answer_once(self, widget: QWidget, key: int) -> None:
        try:
            if shiboken6.isValid(widget) and widget.isVisible():
                self._answer(widget)
        except Exception:
            self.found.add("answering a dialog failed:\n" + traceback.format_exc())
            if shiboken6.isValid(widget):
                widget.close()
        finally:
            self._answering.discard(key)

    def _answer(self, widget: QWidget) -> None:
        from dame_desktop.ui.dialogs.new_game import NewGameDialog
        from dame_desktop.ui.dialogs.rules import RulesDialog
        from dame_desktop.ui.study.game_list import GameListDialog

        rng = self.rng
        name = type(widget).__name__ + ":" + widget.objectName()
        self.counts["dialog " + name] += 1
        if isinstance(widget, NewGameDialog):
            if rng.random() < 0.15:
                widget.reject()
                return
            computer = rng.random() < 0.7
            (widget.computer_radio if computer else widget.people_radio).setChecked(True)
            level = rng.choices([k for k, _ in LEVELS], [w for _, w in LEVELS])[0]
            widget.level_box.setCurrentIndex(widget.level_box.findData(level))
            rng.choice((widget.light_radio, widget.dark_radio, widget.lots_radio)).setChecked(True)
            widget.set_rules(self.random_rules())
            roll = rng.random()
            if roll < 0.2:
                widget.time_control.set_value(TimeControl(rng.choice((5, 10, 20))))
            elif roll < 0.45:
                widget.time_control.set_value(
                    TimeControl(rng.choice((60, 180, 300)), rng.choice((0, 2)))
                )
            else:
                widget.time_control.set_value(NO_CLOCK)
            widget.accept()
        elif isinstance(widget, RulesDialog):
            if rng.random() < 0.2:
                widget.reject()
                return
            preset = rng.randrange(len(PRESETS))
            widget.preset_box.setCurrentIndex(preset)
            widget.preset_box.activated.emit(preset)
            if rng.random() < 0.4:
                widget.set_switch("huffing", "on")
            widget.accept()
        elif isinstance(widget, GameListDialog):
            rows = widget.visible_rows()
            if rows and rng.random() < 0.85:
                widget.select_row(rng.choice(rows))
                widget.accept()
            else:
                widget.reject()
        elif isinstance(widget, QMessageBox):
            buttons = [b for b in widget.buttons() if b.isVisible() and b.isEnabled()]
            if buttons:
                rng.choice(buttons).click()
            else:
                widget.close()
        elif isinstance(widget, QDialog):
            widget.reject()
        else:
            widget.close()

    def random_rules(self) -> RuleSet:
        rules = self.rng.choice(PRESETS)
        if self.rng.random() < 0.4:
            rules = apply_switches(rules, ["huffing=on"])
        return rules

    # -- actions -------------------------------------------------------------------------------

    def trigger(self, action_id: str) -> bool:
        action = self.window.action(action_id)
        if not action.isEnabled() or not action.isVisible():
            return False
        action.trigger()
        return True

    def actions(self) -> list[tuple[str, float, Callable[[], object]]]:
        return [
            ("move", 30, self.board_move),
            ("wait", 8, self.wait_a_little),
            ("waitComputer", 4, self.wait_for_computer),
            ("new", 3, lambda: self.trigger("new")),
            ("undo", 6, lambda: self.trigger("undo")),
            ("redo", 4, lambda: self.trigger("redo")),
            ("hint", 6, lambda: self.trigger("hint")),
            ("draw", 2, lambda: self.trigger("draw")),
            ("resign", 0.5, lambda: self.trigger("resign")),
            ("analysis", 4, lambda: self.trigger("analysis")),
            ("first", 2, lambda: self.trigger("first")),
            ("prev", 5, lambda: self.trigger("prev")),
            ("next", 4, lambda: self.trigger("next")),
            ("last", 3, lambda: self.trigger("last")),
            ("flip", 2, lambda: self.trigger("flip")),
            ("turn", 1, lambda: self.trigger("turn")),
            ("pauseClocks", 2, lambda: self.trigger("pauseClocks")),
            ("straighten", 0.5, lambda: self.trigger("straighten")),
            ("rules", 1.5, lambda: self.trigger("rules")),
            ("open", 1.5, self.open_file),
            ("moveList", 3, self.click_move_list),
            ("stray", 3, self.stray_click),
            ("huff", 6, self.huff_decision),
            ("copyFen", 0.5, lambda: self.trigger("copyFen")),
            ("paste", 0.5, lambda: self.trigger("paste")),
        ]

    def board_move(self) -> None:
        board = self.window.board
        moves = board.moves()
        if board.picking():
            squares = sorted(board.pick_squares())
            if squares:
                self.click(self.rng.choice(squares))
            return
        if not moves:
            self.stray_click()
            return
        move = self.rng.choice(sorted(moves, key=lambda m: (m.path, sorted(m.captured))))
        before = self.window.navigator.position()
        path = move.path
        selected = board.selected_square()
        by_clicks = self.rng.random() < 0.5 or len(path) > 2
        if by_clicks:
            # a second click on the piece already picked up puts it down again
            for square in path[1:] if selected == path[0] else path:
                self.click(square)
        else:
            self.drag(path[0], path[-1])
        QApplication.processEvents()
        self.history[-1] += f" {move}"
        same = [m for m in moves if m.path == path]
        if (
            self.window.navigator.position() == before
            and len(same) == 1
            and not board.pending_route()
        ):
            game = self.window.controller.game
            self.found.add(
                f"the move {move} offered on the board was not played by "
                f"{'clicks' if by_clicks else 'a drag'} (selected before: {selected}, "
                f"after: {board.selected_square()}, touched: {game.touched}, message: "
                f"{self.window.statusBar().currentMessage()!r}, banner: "
                f"{board.banner_text()!r}, offered now: {move in board.moves()})"
            )

    def click(self, square: int) -> None:
        board = self.window.board
        QTest.mouseClick(
            board,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            board.square_center(square).toPoint(),
        )

    def drag(self, a: int, b: int) -> None:
        board = self.window.board
        pa, pb = board.square_center(a), board.square_center(b)
        QTest.mousePress(
            board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pa.toPoint()
        )
        for i in range(1, 5):
            QTest.mouseMove(board, (pa + (pb - pa) * (i / 4)).toPoint())
        QTest.mouseRelease(
            board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pb.toPoint()
        )

    def stray_click(self) -> None:
        board = self.window.board
        position = board.position()
        size = position.rules.board_size if position is not None else 8
        squares = size * size // 2
        square = self.rng.randint(1, squares)
        if self.rng.random() < 0.3:
            QTest.mouseClick(
                board,
                Qt.MouseButton.RightButton,
                Qt.KeyboardModifier.NoModifier,
                board.square_center(square).toPoint(),
            )
        else:
            self.click(square)

    def huff_bar_buttons(self) -> list[QAbstractButton]:
        bar = self.window.huff_bar
        if not bar.isVisible():
            return []
        return [bar.accept_button, bar.blow_button, bar.correct_button]

    def huff_decision(self) -> None:
        buttons = self.huff_bar_buttons()
        if not buttons:
            self.board_move()
            return
        button = self.rng.choice(buttons)
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        board = self.window.board
        if board.picking() and self.rng.random() < 0.8:
            self.click(self.rng.choice(sorted(board.pick_squares())))

    def click_move_list(self) -> None:
        w = self.window
        if w.lines.currentIndex() != 0:
            return
        entries = w.model.entries()
        if not entries:
            return
        index = w.model.index_of(self.rng.randrange(len(entries)))
        view = w.move_view
        view.scrollTo(index)
        rect = view.visualRect(index)
        if rect.isValid() and not rect.isEmpty():
            QTest.mouseClick(
                view.viewport(),
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
                rect.center(),
            )

    def open_file(self) -> None:
        """A copy of a small test file: the run may save its edits."""
        source = self.rng.choice(PDN_FILES)
        copy = Path(os.environ["DAME_CONFIG_DIR"]) / source.name
        if not copy.exists():
            shutil.copyfile(source, copy)
        self.window.document.open_path(copy)

    def wait_a_little(self) -> None:
        QTest.qWait(self.rng.choice((10, 50, 200, 500)))

    def wait_for_computer(self) -> None:
        c = self.window.controller
        deadline = time.monotonic() + self.rng.choice((1.0, 3.0, 8.0))
        while c.is_thinking() and time.monotonic() < deadline:
            QTest.qWait(20)

    # -- checks --------------------------------------------------------------------------------

    def check(self) -> None:
        w = self.window
        if QApplication.activeModalWidget() is not None:
            return  # a dialog is still being answered: look after it
        nav = w.navigator
        shown = nav.position()
        board = w.board
        if board.position() != shown:
            self.found.add("the board shows another position than the navigator")
        playable = set(nav.playable())
        offered = set(board.moves())
        if not offered <= playable:
            self.found.add(
                f"the board offers moves the navigator does not: "
                f"{sorted(map(str, offered - playable))}"
            )
        if w.is_playing():
            game = w.controller.game
            legal = set(game_legal(game, len(game.states) - 1))
            if not playable <= legal:
                self.found.add("the board offers moves that are not legal in the game")
            if w.live.is_live() and shown != game.position:
                self.found.add("live, but the board does not show the game's position")
            entries = w.model.entries()
            steps = game_steps(game)
            if [e.state for e in entries] != [s.state for s in steps]:
                self.found.add(
                    f"the move list ({len(entries)} entries) does not match the "
                    f"game ({len(steps)} steps)"
                )
            current = w.model.current()
            expect = len(entries) - 1 if w.live.index is None else w.live.index
            if entries and current != (expect if expect >= 0 else None) and current != expect:
                self.found.add(f"the move list marks entry {current}, the board shows {expect}")
            self._check_clock(game)
        else:
            self._check_clock(w.controller.game)
            if not playable <= set(shown.legal_moves()):
                self.found.add("the study offers moves that are not legal")
        hint = board.hint()
        if (
            hint is not None
            and hint not in shown.legal_moves()
            and not (
                w.is_playing()
                and hint in game_legal(w.controller.game, len(w.controller.game.states) - 1)
            )
        ):
            self.found.add(f"the board shows the hint {hint}, not legal in the shown position")
        panel = w.analysis.panel
        if w.analysis.dock.isVisible() and w.analysis.setup_editor is None:
            if panel.position() is not None and panel.position() != shown:
                self.found.add("the analysis panel analyses another position than the shown")
            update = panel.current()
            if update is not None:
                if update.position != panel.position():
                    self.found.add("the analysis panel shows a line of another position")
                lines = update.analysis.lines
                if lines and lines[0].pv and lines[0].pv[0] not in update.position.legal_moves():
                    self.found.add("the analysis line starts with an illegal move")

    def _check_clock(self, game: Game) -> None:
        clock = self.window.clocks.panel.clock
        if clock is None or not clock.timed:
            return
        if game.is_over and clock.running is not None:
            self.found.add("the game is over, but a clock still runs")
        if game.is_over or clock.stopped:
            return
        w = self.window
        if clock.running is not None and not (w.is_playing() and w.live.is_live()):
            self.found.add("a clock runs while the game's present position is not shown")
        if clock.to_move is not None and clock.to_move is not game.position.turn:
            self.found.add(
                f"the clock runs for {clock.to_move}, but {game.position.turn} is to move"
            )
        for colour in (Color.WHITE, Color.BLACK):
            if self.window.clocks.panel.remaining(colour) < -0.5:
                self.found.add(f"{colour}'s clock shows less than nothing")

    def settle(self) -> None:
        """The computer must come to an answer (or be stopped) within THINK_LIMIT."""
        c = self.window.controller
        deadline = time.monotonic() + THINK_LIMIT
        while time.monotonic() < deadline:
            if QApplication.activeModalWidget() is None and not c.is_thinking():
                return
            QTest.qWait(50)
        self.found.add(f"the computer was still thinking after {THINK_LIMIT:.0f} s")

    # -- the run -------------------------------------------------------------------------------

    def run(self, count: int, sample: int, tracing: bool) -> dict[str, object]:
        table = self.actions()
        names = [n for n, _, _ in table]
        weights = [wt for _, wt, _ in table]
        handlers = {n: h for n, _, h in table}
        rss: list[int] = []
        traced: list[int] = []
        before_errors = len(self.found.errors)
        started = time.process_time()
        for step in range(1, count + 1):
            self.found.step = step
            name = self.rng.choices(names, weights)[0]
            self.history.append(f"{step}:{name}")
            self.counts[name] += 1
            try:
                handlers[name]()
            except Exception:
                self.found.add(f"{name} raised:\n" + traceback.format_exc())
            QTest.qWait(self.rng.choice((0, 0, 1, 5, 20)))
            self.check()
            if self.verbose:
                print(self.history[-1], flush=True)
            if step % sample == 0 or step == 1 or step == count:
                if step % (sample * 5) == 0:
                    self.settle()
                gc.collect()
                rss.append(rss_bytes())
                if tracing:
                    traced.append(tracemalloc.get_traced_memory()[0])
                    if len(traced) == 2:
                        self.first_snapshot = tracemalloc.take_snapshot()
            if len(self.found.errors) > before_errors and step > 0:
                before_errors = len(self.found.errors)
                print(
                    f"seed {self.seed}: {self.found.errors[-1]}\n  last actions: "
                    + " | ".join(self.history[-12:]),
                    flush=True,
                )
        self.settle()
        self.check()
        cpu = time.process_time() - started
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        alive = Counter(type(d).__name__ for d in self.window.findChildren(QDialog))
        growth: list[str] = []
        if tracing and self.first_snapshot is not None:
            stats = tracemalloc.take_snapshot().compare_to(self.first_snapshot, "lineno")
            growth = [str(stat) for stat in stats[:10]]
        return {
            "rss": rss,
            "traced": traced,
            "cpu": cpu,
            "growth": growth,
            "dialogs": ", ".join(f"{n} {c}" for n, c in alive.most_common()) or "none",
        }

    def close(self) -> None:
        w = self.window
        if w.play.over_box is not None:
            w.play.over_box.close()
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QDialog) and widget.isVisible():
                widget.close()
        self.session.autosave_enabled = False
        w.close()  # "Save the changes?" is answered too: the answerer still runs
        self.answerer.stop()
        w.shutdown()
        w.deleteLater()
        QApplication.processEvents()


def game_legal(game: Game, index: int) -> list[Move]:
    """The moves the game allows from its state ``index`` (the last: what may be played now,
    huffing's non-captures included)."""
    if index == len(game.states) - 1:
        return list(game.legal_moves())
    position = game.states[index].position
    moves = list(position.legal_moves())
    if game.rules.huffing:
        moves.extend(m for m in position.huff_moves() if m not in moves)
    return moves


def install_recorders(found: Findings) -> None:
    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        found.add("uncaught exception:\n" + "".join(traceback.format_exception(kind, value, tb)))

    sys.excepthook = hook

    def handler(mode: QtMsgType, _context: QMessageLogContext, message: str) -> None:
        if mode in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            found.add(f"Qt: {message}")
        elif mode == QtMsgType.QtWarningMsg:
            found.warnings[message[:160]] += 1

    qInstallMessageHandler(handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--sample", type=int, default=50, help="memory sample every N steps")
    parser.add_argument(
        "--tracemalloc", action="store_true", help="also sample Python's allocations (slower)"
    )
    add_smoke(parser)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if hasattr(signal, "SIGUSR1"):  # kill -USR1 shows where a stuck run stands
        faulthandler.register(signal.SIGUSR1, all_threads=True)
    if smoke_settings(args, actions=30, sample=10):
        args.seeds = args.seeds[:1]  # one seed
    if args.tracemalloc:
        tracemalloc.start()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    found = Findings()
    install_recorders(found)
    failed = False
    with tempfile.TemporaryDirectory(prefix="dame-stress-") as folder:
        os.environ["DAME_CONFIG_DIR"] = folder  # never the user's own files
        save_preferences(
            Preferences(language="en", opponent="computer", animate=False), Path(folder)
        )
        for seed in args.seeds:
            found.errors.clear()
            stress = Stress(seed, found, args.verbose)
            figures = stress.run(args.actions, args.sample, args.tracemalloc)
            stress.close()
            rss = figures["rss"]
            assert isinstance(rss, list)
            mb = [r / 2**20 for r in rss]
            print(
                f"seed {seed}: {args.actions} actions, {figures['cpu']:.1f} s CPU, "
                f"RSS first {mb[0]:.1f} MB, last {mb[-1]:.1f} MB, max {max(mb):.1f} MB, "
                f"ratio last/first {mb[-1] / mb[0]:.2f}"
                + (f" (after the first sample: {mb[-1] / mb[1]:.2f})" if len(mb) > 2 else "")
            )
            print("  RSS samples (MB): " + " ".join(f"{m:.0f}" for m in mb))
            print(f"  dialogs still alive in the window at the end: {figures['dialogs']}")
            for line in figures.get("growth") or ():  # type: ignore[attr-defined]
                print("  grew: " + line)
            traced = figures["traced"]
            if traced:
                assert isinstance(traced, list)
                print(
                    f"  traced Python memory: first {traced[0] / 2**20:.1f} MB, last "
                    f"{traced[-1] / 2**20:.1f} MB, ratio {traced[-1] / max(1, traced[0]):.2f}"
                )
            top = ", ".join(f"{n} {c}" for n, c in stress.counts.most_common())
            print(f"  actions and dialogs: {top}")
            if found.errors:
                failed = True
                print(f"  {len(found.errors)} problems:")
                for line in found.errors[:40]:
                    print("   ", line.replace("\n", "\n    "))
            else:
                print("  no problems")
        if found.warnings:
            print("Qt warnings (not failures):")
            for text, count in found.warnings.most_common(10):
                print(f"  {count} × {text}")
    del app
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
