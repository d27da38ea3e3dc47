"""Game › Analyse game… and File › Analyse file…: a time per move, progress, Cancel.

Both dialogs are modeless (the window calls ``show()``, not ``exec()``): the review runs in
the background and the window stays usable.  Nothing is written while a review runs.

Mounting (the window)::

    dialog = AnalyseGameDialog(game, engine_factory, parent=window)
    dialog.analysed.connect(on_game_analysed)    # Game: annotated in place (mark it edited)
    dialog.reviewed.connect(graph.set_review)     # GameReview (before the annotation)
    dialog.finished_analysis.connect(...)         # bool: True annotated, False not
    dialog.show()

    dialog = AnalyseFileDialog(document, engine_path=..., jobs=None, parent=window)
    dialog.analysed.connect(on_file_analysed)     # dict[int, Game]: index -> annotated game
    dialog.show()                                 # apply_file_analysis(document, games)

:class:`AnalyseGameDialog` takes the main line when *Analyse* is pressed and, when the review
is done, writes it into ``game`` with :func:`~dame_desktop.engines.annotate` (``[%eval]``
after each move, ``?!``/``?``/``??``, the better move's line as a variation, the summary in
the game comment; an earlier analysis of ours is replaced, the user's comments, marks and
variations stay).  If the main line was edited meanwhile, the annotation stops where the line
no longer matches.

:class:`AnalyseFileDialog` reviews every readable game of a :class:`PdnDocument` over several
processes and emits the annotated games; the document itself is never touched by the dialog
(Cancel leaves it exactly as it was).  :func:`apply_file_analysis` puts the games into the
document as edits, which the window saves like any edit (only those games are rewritten).
"""

from __future__ import annotations

import io
import os

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.ui.words.analysis import side_name

from ...ai.search import Limit
from ...core import RuleSet
from ...engines import GameReview, annotate
from ...engines.batch import GameResult, GameTask
from ...engines.review import line_of
from ...pdn import Game, read_game, write_game
from ...pdn.document import PdnDocument
from .jobs import FileReviewJob, GameReviewJob
from .runner import EngineFactory

DEFAULT_MOVETIME = 1.0
MIN_MOVETIME = 0.05
MAX_MOVETIME = 60.0


class _AnalyseDialog(QDialog):
    """The common frame: time per move, a progress bar, Analyse / Cancel / Close."""

    finished_analysis = Signal(bool)  # True: the result was handed over; False: it was not
    engine_failed = Signal(object)  # the chosen engine's Fault; the built-in one went on

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setMinimumWidth(460)
        self._job: GameReviewJob | FileReviewJob | None = None
        self._steps = (0, 0)  # (done, total) of the running review; total 0: not known yet
        self._outcome = ""  # "", running, done, cancelled, failed
        self._message = ""
        self.about = QLabel()
        self.about.setObjectName("analyseAbout")
        self.about.setWordWrap(True)
        self.movetime = QDoubleSpinBox()
        self.movetime.setObjectName("analyseMovetime")
        self.movetime.setDecimals(2)
        self.movetime.setRange(MIN_MOVETIME, MAX_MOVETIME)
        self.movetime.setSingleStep(0.5)
        self.movetime.setValue(DEFAULT_MOVETIME)
        self.movetime_label = QLabel()
        self.movetime_label.setBuddy(self.movetime)
        self.form = QFormLayout()
        self.form.addRow(self.movetime_label, self.movetime)
        self.progress = QProgressBar()
        self.progress.setObjectName("analyseProgress")
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m")  # "12 / 40", not only a per cent
        self.status = QLabel()
        self.status.setObjectName("analyseStatus")
        self.status.setWordWrap(True)
        self.start_button = QPushButton()
        self.start_button.setObjectName("analyseStart")
        self.start_button.setDefault(True)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("analyseCancel")
        self.close_button = QPushButton()
        self.close_button.setObjectName("analyseClose")
        self.start_button.clicked.connect(self._on_start)
        self.cancel_button.clicked.connect(self._on_cancel)
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.about)
        layout.addLayout(self.form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(buttons)

    # -- state ---------------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self._job is not None and self._outcome == "running"

    def outcome(self) -> str:
        """ "" (not started), running, done, cancelled or failed."""
        return self._outcome

    def _sync(self) -> None:
        running = self._outcome == "running"
        self.start_button.setEnabled(not running and self._can_start())
        self.cancel_button.setEnabled(running)
        self.movetime.setEnabled(not running)
        self._retranslate_status()

    def _can_start(self) -> bool:
        return True

    def _begin(self, job: GameReviewJob | FileReviewJob) -> None:
        self._job = job
        job.progress.connect(self._on_progress)
        job.cancelled.connect(self._on_cancelled)
        job.failed.connect(self._on_failed)
        job.engine_failed.connect(self.engine_failed)
        self._outcome = "running"
        total = self._expected_steps()
        self._steps = (0, total)
        if total:
            self.progress.setRange(0, total)  # "0 / 40" from the start
            self.progress.setValue(0)
        else:
            self.progress.setRange(0, 0)  # busy until the first step is known
        self._sync()
        job.start()

    def _expected_steps(self) -> int:
        """How many steps the review will have, when known before it starts (0: not)."""
        return 0

    def _steps_text(self, done: int, total: int) -> str:
        """The running review's progress in words ("12 of 40 games done")."""
        raise NotImplementedError

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self._steps = (done, total)
        self._retranslate_status()

    def _on_cancel(self) -> None:
        if self._job is not None and self._outcome == "running":
            self._job.cancel()
            self.cancel_button.setEnabled(False)

    def _on_cancelled(self) -> None:
        self._outcome = "cancelled"
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self._sync()
        self.finished_analysis.emit(False)

    def _on_failed(self, message: str) -> None:
        self._outcome = "failed"
        self._message = message
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self._sync()
        self.finished_analysis.emit(False)

    def _finish(self, message: str) -> None:
        self._outcome = "done"
        self._message = message
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self._sync()
        self.finished_analysis.emit(True)

    def _on_start(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- closing -------------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Cancel a running review and wait for its thread (nothing is written)."""
        if self._job is not None:
            self._job.wait()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._job is not None and self._outcome == "running":
            self._job.cancel()
            self._job.wait()
        super().closeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- text ----------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.movetime_label.setText(self.tr("&Time per move:"))
        self.movetime.setSuffix(self.tr(" s"))
        self.movetime.setToolTip(self.tr("How long the engine thinks about each position"))
        self.start_button.setText(self.tr("&Analyse"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.close_button.setText(self.tr("Close"))
        self._retranslate_status()

    def _retranslate_status(self) -> None:
        done, total = self._steps
        texts = {
            "": self.tr("Press Analyse to start. The window stays usable meanwhile."),
            "running": self._steps_text(done, total) if total else self.tr("Analysing…"),
            "cancelled": self.tr("Cancelled: nothing was changed."),
            "failed": self.tr("The analysis failed: %1").replace("%1", self._message),
            "done": self._message,
        }
        self.status.setText(texts.get(self._outcome, ""))
        self.status.setMinimumHeight(self.status.heightForWidth(max(self.status.width(), 400)))


def _limit(seconds: float) -> Limit:
    return Limit(movetime=max(MIN_MOVETIME, seconds))


class AnalyseGameDialog(_AnalyseDialog):
    """Analyse the main line of one game and annotate it (see the module docstring)."""

    analysed = Signal(object)  # Game: annotated in place
    reviewed = Signal(object)  # GameReview

    def __init__(
        self, game: Game, engine_factory: EngineFactory | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("analyseGameDialog")
        self.game = game
        self._factory = engine_factory
        self.review: GameReview | None = None
        self.written = 0
        self.retranslate()
        self._sync()

    def _can_start(self) -> bool:
        return bool(line_of(self.game)[1])

    def _steps_text(self, done: int, total: int) -> str:
        return (
            self.tr("Analysing… %1 of %2 positions done")
            .replace("%1", str(done))
            .replace("%2", str(total))
        )

    def _on_start(self) -> None:
        if self.is_running():
            return
        start, moves = line_of(self.game)  # a copy for the review thread
        if not moves:
            return
        job = GameReviewJob(start, moves, _limit(self.movetime.value()), self._factory, self)
        job.done.connect(self._on_done)
        self.review = None
        self._begin(job)

    def _on_done(self, review: GameReview) -> None:
        self.review = review
        self.reviewed.emit(review)
        self.written = annotate(self.game, review)
        summary = self.tr("Done: %1 moves annotated.").replace("%1", str(self.written))
        self._finish(summary + " " + self._summary(review))
        self.analysed.emit(self.game)

    def _summary(self, review: GameReview) -> str:
        rules = review.start.rules
        parts = []
        for colour, summary in ((rules.first, review.first), (rules.first.opponent, review.second)):
            parts.append(
                self.tr("%1: inaccuracies %2, mistakes %3, blunders %4.")
                .replace("%1", side_name(rules, colour))
                .replace("%2", str(summary.inaccuracies))
                .replace("%3", str(summary.mistakes))
                .replace("%4", str(summary.blunders))
            )
        return " ".join(parts)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Analyse game"))
        moves = len(line_of(self.game)[1])
        white, black = self.game.headers.get("White", ""), self.game.headers.get("Black", "")
        players = f"{white} – {black}" if white or black else self.tr("This game")
        self.about.setText(
            self.tr("%1: the %2 moves of the main line will be judged.")
            .replace("%1", players)
            .replace("%2", str(moves))
        )
        super().retranslate()


class AnalyseFileDialog(_AnalyseDialog):
    """Analyse every game of a document over several processes (see the module docstring)."""

    analysed = Signal(object)  # dict[int, Game]: document index -> annotated game

    def __init__(
        self,
        document: PdnDocument,
        *,
        engine_path: str | None = None,
        jobs: int | None = None,
        default_rules: RuleSet | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("analyseFileDialog")
        self.document = document
        self.engine_path = engine_path
        self.default_rules = default_rules
        self.results: list[GameResult] = []
        self.games: dict[int, Game] = {}
        self.jobs = QSpinBox()
        self.jobs.setObjectName("analyseJobs")
        cores = os.cpu_count() or 1
        self.jobs.setRange(1, max(cores, 1) * 2)
        self.jobs.setValue(jobs if jobs is not None else cores)
        self.jobs_label = QLabel()
        self.jobs_label.setBuddy(self.jobs)
        self.form.addRow(self.jobs_label, self.jobs)
        self.retranslate()
        self._sync()

    def _can_start(self) -> bool:
        return len(self.document) > 0

    def _expected_steps(self) -> int:
        return len(self.document)

    def _steps_text(self, done: int, total: int) -> str:
        return (
            self.tr("Analysing… %1 of %2 games done")
            .replace("%1", str(done))
            .replace("%2", str(total))
        )

    def _sync(self) -> None:
        super()._sync()
        if hasattr(self, "jobs"):
            self.jobs.setEnabled(self._outcome != "running")

    def tasks(self) -> list[GameTask]:
        """One task per game of the document (its edited version where there is one)."""
        doc = self.document
        movetime = max(MIN_MOVETIME, self.movetime.value())
        rules = self.default_rules.key if self.default_rules is not None else None
        out: list[GameTask] = []
        for index in range(len(doc)):
            in_memory = index in doc.edited or index >= len(doc.entries)
            if in_memory:
                text = write_game(doc.load_game(index))
                first_line = 1
            else:
                text = doc.game_text(index)
                first_line = doc.entries[index].line
            out.append(
                GameTask(index, text, first_line, rules, movetime, None, self.engine_path, True)
            )
        return out

    def _on_start(self) -> None:
        if self.is_running() or not len(self.document):
            return
        job = FileReviewJob(self.tasks(), self.jobs.value(), self)
        job.done.connect(self._on_done)
        self.results, self.games = [], {}
        self._begin(job)

    def _on_done(self, results: list[GameResult]) -> None:
        self.results = results
        games: dict[int, Game] = {}
        for result in results:
            if result.pdn is None:
                continue
            found = read_game(io.StringIO(result.pdn), default_rules=self.default_rules)
            if isinstance(found, Game) and not found.errors:
                games[result.index - 1] = found
        self.games = games
        skipped = [r for r in results if r.error is not None]
        text = (
            self.tr("Done: %1 of %2 games analysed.")
            .replace("%1", str(len(games)))
            .replace("%2", str(len(results)))
        )
        if skipped:
            first = skipped[0]
            text += " " + self.tr("Game %1 was skipped: %2").replace(
                "%1", str(first.index)
            ).replace("%2", str(first.error))
        self._finish(text)
        self.analysed.emit(games)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Analyse file"))
        name = self.document.path.name if self.document.path is not None else self.tr("Untitled")
        self.about.setText(
            self.tr("%1: every game will be analysed (%2 games).")
            .replace("%1", name)
            .replace("%2", str(len(self.document)))
        )
        self.jobs_label.setText(self.tr("&Processes:"))
        self.jobs.setToolTip(self.tr("How many games are analysed at once (one per core)"))
        super().retranslate()


def apply_file_analysis(document: PdnDocument, games: dict[int, Game]) -> None:
    """Put the analysed games into ``document`` as edits (the window then saves as usual)."""
    count = len(document.entries)
    for index, game in sorted(games.items()):
        if index < count:
            document.mark_edited(index, game)
        elif index - count < len(document.added):
            document.added[index - count] = game
