"""Endgame tables built when the computer first needs them: a process of their own, a bar in
the status bar, a button that stops them.

The engine looks the tables up once they are in the user data folder (``ai/egtb.py``); a
family never types ``dame egtb build``.  The first request to the window's engine (the
computer's move, a hint, the analysis panel, a draw offer) under a rule set whose tables are
missing starts a build in a spawned process at a lower priority, so the computer's thinking
and the window keep theirs.  The status bar shows its progress and a stop button.  Materials
finished before a stop stay written and the next build goes on from them; a stopped or failed
build is not started again for those tables in this session (the next start of the program
goes on with it).  Preferences › New games turns the building off; ``DAME_NO_TABLE_BUILD`` (the
tests set it) keeps it off whatever the preference says.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QProgressBar,
    QSizePolicy,
    QStatusBar,
    QToolButton,
    QWidget,
)

from dame_desktop.core import Position, RuleSet
from dame_desktop.store.files import FileProblem
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.words.texts import file_problem, rules_name

NO_BUILD_ENV = "DAME_NO_TABLE_BUILD"
POLL_MS = 200  # how often the window reads the building process's reports
# the table keys being built by this program's windows (two windows never build the same)
_BUILDING: set[str] = set()


# The tables' module is imported when first needed, not at the program's start (the first
# paint loads only what it shows).


def table_pieces(rules: RuleSet) -> int:
    """The pieces of the tables the window builds for ``rules`` (0: none for this board)."""
    from dame_desktop.ai import egtb

    return egtb.usual_pieces(rules)


class BuildNotStarted(Exception):
    """The building process could not be started (the reason is the message)."""


class TablesBuilder(QObject):
    """One building process at a time, watched from the GUI thread by a timer.

    ``progressed(done, total)`` as materials are finished (positions), ``finished(bytes)``
    when every table is written, ``busy(folder)`` when another program is building them
    there, ``failed(reason)`` when the process reported a problem or ended without a word.
    :meth:`stop` ends the process; nothing is emitted after it.
    """

    progressed = Signal(int, int)
    finished = Signal(int)
    busy = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._process: BaseProcess | None = None
        self._reports: Any = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def running(self) -> bool:
        return self._process is not None

    def start(self, rules: RuleSet, pieces: int, folder: Path) -> None:
        if self._process is not None:
            raise RuntimeError("a build is running already")
        from dame_desktop.ai import egtb

        # spawned, not forked: the window has threads, which a fork copies badly
        context = multiprocessing.get_context("spawn")
        self._reports = context.Queue()
        process = context.Process(
            target=egtb.build_reporting,
            args=(rules, pieces, str(folder), self._reports),
            name="dame-endgame-tables",
            daemon=True,  # ends with the program, whatever way it ends
        )
        try:
            process.start()
        except (OSError, RuntimeError) as exc:  # no process could be made: say why, go on
            self._end()
            raise BuildNotStarted(str(exc)) from None
        self._process = process
        self._timer.start()

    def stop(self) -> None:
        """End the building process (the tables it finished stay written)."""
        process = self._process
        self._end()
        if process is not None and process.is_alive():
            process.terminate()
            process.join(2.0)
            if process.is_alive():
                process.kill()
                process.join(2.0)

    def _end(self) -> None:
        self._timer.stop()
        self._process = None
        reports, self._reports = self._reports, None
        if reports is not None:
            reports.cancel_join_thread()
            reports.close()

    def _poll(self) -> None:
        process = self._process
        if process is None:
            return
        alive = process.is_alive()  # before reading: a report put before the end is there
        while self._reports is not None:
            try:
                report = self._reports.get_nowait()
            except queue.Empty:
                break
            except (OSError, ValueError, EOFError):  # the queue broke with the process
                break
            kind = report[0]
            if kind == "progress":
                self.progressed.emit(int(report[1]), int(report[2]))
            elif kind == "done":
                self._finish(process)
                self.finished.emit(int(report[1]))
                return
            elif kind == "busy":
                self._finish(process)
                self.busy.emit(str(report[1]))
                return
            elif kind == "unwritable":
                self._finish(process)
                problem = file_problem(FileProblem(report[2]), str(report[3]))
                self.failed.emit(f"{report[1]}: {problem}")
                return
            else:
                self._finish(process)
                self.failed.emit(str(report[1]))
                return
        if not alive:
            self._finish(process)
            self.failed.emit(
                f"the building process ended unexpectedly (exit code {process.exitcode})"
            )

    def _finish(self, process: BaseProcess) -> None:
        self._end()
        process.join(1.0)  # it has said its last word and ends (a daemon if it lingers)


class TablesStatus(QWidget):
    """The status bar's part: a bar with the progress and a button that stops the build."""

    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tablesStatus")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.bar = QProgressBar()
        self.bar.setObjectName("tablesProgress")
        self.bar.setRange(0, 100)
        self.bar.setFixedWidth(max(170, self.fontMetrics().horizontalAdvance("M") * 16))
        self.bar.setMaximumHeight(self.fontMetrics().height() + 4)
        layout.addWidget(self.bar)
        self.stop_button = QToolButton()
        self.stop_button.setObjectName("tablesStop")
        self.stop_button.setAutoRaise(True)
        self.stop_button.setText("×")
        self.stop_button.clicked.connect(self.stop_requested)
        layout.addWidget(self.stop_button)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.rules_text = ""
        self.pieces = 0
        self.retranslate_ui()
        self.hide()

    def show_build(self, rules_text: str, pieces: int) -> None:
        self.rules_text, self.pieces = rules_text, pieces
        self.bar.setValue(0)
        self.retranslate_ui()
        self.show()

    def retranslate_ui(self) -> None:
        # %p is the bar's own percentage
        self.bar.setFormat(self.tr("Endgame tables %p %"))
        tip = (
            self.tr(
                "Building the endgame tables for %1 (every ending of up to %2 pieces) in the "
                "background, for a few minutes; the computer plays on meanwhile and uses them "
                "once they are ready, as does the analysis."
            )
            .replace("%1", self.rules_text)
            .replace("%2", str(self.pieces))
        )
        self.bar.setToolTip(tip)
        self.bar.setAccessibleName(self.tr("Endgame tables"))
        self.bar.setAccessibleDescription(tip)
        stop = self.tr("Stop building the endgame tables (what is built stays)")
        self.stop_button.setToolTip(stop)
        self.stop_button.setAccessibleName(stop)


class EndgameTables(QObject):
    """Builds the tables a rule set misses when the window's engine is first asked under it.

    ``consider(request)`` is connected to the engine lane's submissions.  ``message(text)``
    says what happened (started, ready, stopped, failed) for the status bar.
    """

    message = Signal(str)
    # RuleSet, pieces: its tables are built (up to that many pieces) and in use from the next
    # search
    ready = Signal(object, int)

    def __init__(self, status_bar: QStatusBar, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.builder = TablesBuilder(self)
        self.status = TablesStatus()
        status_bar.insertPermanentWidget(0, self.status)  # left of the others
        # the preference: off until the preferences are applied (a window made without them,
        # as the bundle's self-test makes one, builds nothing)
        self.enabled = False
        # the most pieces built for a rule set (tests build small ones)
        self.pieces_for: Callable[[RuleSet], int] = table_pieces
        self._left: set[str] = set()  # table keys stopped or failed in this session
        # table keys another program was building: used once it has finished
        self._waiting: set[str] = set()
        self._rules: RuleSet | None = None  # what the running build is for
        self._key = ""  # and its table key ("" while none runs)
        self._pieces = 0  # and the most pieces it builds
        self._closed = False
        self.builder.progressed.connect(self._on_progress)
        self.builder.finished.connect(self._on_finished)
        self.builder.failed.connect(self._on_failed)
        self.builder.busy.connect(self._on_busy)
        self.status.stop_requested.connect(self.stop)

    @property
    def building(self) -> RuleSet | None:
        """The rule set whose tables are being built (None: no build runs)."""
        return self._rules if self.builder.running else None

    def apply_preferences(self, prefs: Preferences) -> None:
        self.enabled = prefs.endgame_tables
        if not self.enabled and self.builder.running:
            self.stop()

    def consider(self, request: object) -> None:
        """A request to the engine: build the tables of its rule set if they are missing."""
        position = getattr(request, "position", None)
        if isinstance(position, Position):
            self.want(position.rules)

    def want(self, rules: RuleSet) -> bool:
        """Start building the tables of ``rules`` where they are missing and allowed; True
        when a build started."""
        if self._closed or not self.enabled or os.environ.get(NO_BUILD_ENV) or self.builder.running:
            return False
        pieces = self.pieces_for(rules)
        if pieces < 2:
            return False  # a board without tables (Turkish, Bashni)
        from dame_desktop.ai import egtb

        key = egtb.table_key(rules)
        if key in self._left or key in _BUILDING:
            return False
        waited = key in self._waiting
        if waited:
            if egtb.build_lock_busy(rules):  # another program still builds them
                return False
            self._waiting.discard(key)  # it has finished (or stopped)
            egtb.forget()  # open the folder afresh: what it wrote is used from now on
        tables = egtb.tables_for(rules)
        if tables is not None and tables.complete(pieces):
            if waited:  # the other program's tables are in use from the next search
                self.ready.emit(rules, pieces)
            return False
        if egtb.build_lock_busy(rules):  # another program builds them: wait for it
            self._waiting.add(key)
            self._say_busy(rules)
            return False
        self._rules, self._key, self._pieces = rules, key, pieces
        try:
            self.builder.start(rules, pieces, egtb.default_folder())
        except BuildNotStarted as exc:
            self._on_failed(str(exc))
            return False
        _BUILDING.add(key)
        self.status.show_build(rules_name(rules), pieces)
        self.message.emit(
            self.tr("Building the endgame tables for %1 in the background.").replace(
                "%1", rules_name(rules)
            )
        )
        return True

    def stop(self) -> None:
        """Stop the running build (the button, the preference): not again in this session."""
        rules = self.building
        if rules is None:
            return
        self._left.add(self._key)
        self.builder.stop()
        self._done()
        self.message.emit(
            self.tr(
                "Stopped building the endgame tables. What is built stays; the program goes "
                "on with them the next time it starts (Preferences can turn this off)."
            )
        )

    def close(self) -> None:
        """The window closes: end a running build without a word (what is built stays)."""
        self._closed = True
        self.builder.stop()
        self._done()

    def _done(self) -> None:
        _BUILDING.discard(self._key)
        self._rules, self._key = None, ""  # a later close frees nothing another window built
        self.status.hide()

    def _on_progress(self, done: int, total: int) -> None:
        self.status.bar.setValue(100 * done // max(total, 1))

    def _on_finished(self, size: int) -> None:
        from dame_desktop.ai import egtb

        rules, pieces = self._rules, self._pieces
        self._done()
        egtb.forget()  # the engine opens the folder afresh at its next search
        if rules is None:
            return
        self.message.emit(
            self.tr(
                "The endgame tables for %1 are ready (%2 MB): the computer and the analysis "
                "now know every ending of up to %3 pieces."
            )
            .replace("%1", rules_name(rules))
            .replace("%2", f"{size / 1e6:.1f}")
            .replace("%3", str(pieces))
        )
        self.ready.emit(rules, pieces)

    def _on_busy(self, _folder: str) -> None:
        """Another program began building the same tables just before this one."""
        rules, key = self._rules, self._key
        self._done()
        if rules is None:
            return
        self._waiting.add(key)
        self._say_busy(rules)

    def _say_busy(self, rules: RuleSet) -> None:
        self.message.emit(
            self.tr("Another Dame program is building the endgame tables for %1.").replace(
                "%1", rules_name(rules)
            )
        )

    def _on_failed(self, reason: str) -> None:
        from dame_desktop.ai import egtb

        rules, key = self._rules, self._key
        self._done()
        if rules is None:
            return
        self._left.add(key)
        egtb.forget()  # the materials finished before the problem are used
        self.message.emit(
            self.tr("The endgame tables for %1 could not be built: %2")
            .replace("%1", rules_name(rules))
            .replace("%2", reason)
        )

    def retranslate_ui(self) -> None:
        self.status.retranslate_ui()
