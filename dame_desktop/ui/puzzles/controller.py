"""Puzzles mode: the window's board shows a puzzle, the solver moves on it, the computer
answers with the defence from the solution tree.

:class:`PuzzleController` is made by the main window the first time the user opens Game ›
Puzzles (nothing of the puzzles package is imported before).  It owns the
:class:`~dame_desktop.ui.puzzles.panel.PuzzlePanel` and a :class:`PuzzleNavigator`, which the
window makes its navigator while puzzles are shown: the board's moves come here.  The
checking is :class:`dame_desktop.puzzles.solve.Attempt`'s; the ratings are stored per member
and rule set through :mod:`dame_desktop.store.puzzle_ratings` (one locked update per
attempt).  A timed run reads its time from ``clock`` (``time.monotonic``; a test gives its own)
and a QTimer only asks it again.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from dame_desktop.core import PRESETS, Color, DameError, Move, Position, RuleSet, find_rules
from dame_desktop.pdn.problems import NotPdnError
from dame_desktop.puzzles.mine import THEMES, Puzzle
from dame_desktop.puzzles.mistakes import file_mistakes
from dame_desktop.puzzles.run import HINT_SECONDS, MISTAKE_SECONDS, RUN_SECONDS, TimedRun
from dame_desktop.puzzles.sets import PuzzleFileError, shipped_path, shipped_puzzles
from dame_desktop.puzzles.solve import Attempt, Verdict, choose, matches
from dame_desktop.store.files import StorageError, StorageWarning
from dame_desktop.store.puzzle_ratings import (
    MemberRating,
    PersonalPuzzle,
    PuzzleRatings,
    load_ratings,
    update_ratings,
)
from dame_desktop.store.scores import load_scores
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.navigation import Navigator
from dame_desktop.ui.puzzles.panel import PuzzlePanel
from dame_desktop.ui.words import puzzles as words
from dame_desktop.ui.words import texts

TICK_MS = 200


class PuzzleHost(Protocol):
    """What puzzles mode needs from the window."""

    def current_rules(self) -> RuleSet: ...

    def show_message(self, text: str) -> None: ...

    def dialog_parent(self) -> QWidget: ...

    def enter_puzzles(self, navigator: Navigator, panel: QWidget) -> None: ...

    def leave_puzzles(self) -> None: ...

    def move_text(self, position: Position, move: Move) -> str: ...

    def squares_text(self, squares: Iterable[int]) -> str: ...

    def settings_name(self, colour: Color) -> str: ...


class PuzzleNavigator(Navigator):
    """The shown puzzle position for the window (the board's moves go to the controller)."""

    def __init__(self, owner: PuzzleController) -> None:
        super().__init__(owner)
        self.owner = owner

    def position(self) -> Position:
        return self.owner.shown

    def last_move(self) -> Move | None:
        return self.owner.last

    def playable(self) -> tuple[Move, ...]:
        if not self.owner.accepting:
            return ()
        return tuple(self.owner.shown.legal_moves())

    def play(self, move: Move) -> bool:
        return self.owner.play(move)


def _as_puzzle(item: PersonalPuzzle) -> Puzzle:
    return Puzzle(item.id, item.rules, item.fen, item.solution, (), (), 1500, item.source)


class PuzzleController(QObject):
    rated = Signal()  # a member's rating changed (the panel shows it)

    def __init__(
        self,
        host: PuzzleHost,
        board: BoardWidget,
        parent: QObject | None = None,
        directory: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.board = board
        self.directory = directory  # the data folder (None: the user's)
        self.clock = clock
        self.rng = random.Random()
        self.reply_delay_ms = 450
        self.panel = PuzzlePanel()
        self.navigator = PuzzleNavigator(self)
        self.attempt: Attempt | None = None
        self.personal = False
        self.shown = Position.start(find_rules("german"))
        self.last: Move | None = None
        self.accepting = False
        self.active = False
        self.run: TimedRun | None = None
        self.run_timer = QTimer(self)
        self.run_timer.setInterval(TICK_MS)
        self.run_timer.timeout.connect(self._tick)
        # a timed run's terms: its length and what a mistake and a hint cost (seconds)
        self.run_seconds = RUN_SECONDS
        self.mistake_seconds = MISTAKE_SECONDS
        self.hint_seconds = HINT_SECONDS
        self.last_change: float | None = None  # what the last puzzle (or run) changed
        self._run_from = 0.0  # the rating when the timed run began
        self._last_run: tuple[int, float] | None = None  # the last run's solved and change
        self.feedback = ""
        self._recorded = False
        self._given_up = False  # counted as failed when left after a hint (see _give_up)
        # who the open puzzle counts for: the member named when its first move or hint was
        # made (None: neither yet), so that a name typed into the box afterwards, letter by
        # letter, does not take over a puzzle begun by someone else (in a timed run the box
        # is locked)
        self._owner: str | None = None
        self._token = 0  # a delayed step of an older state does nothing
        self._sets: dict[str, list[Puzzle]] = {}
        self._fill_rules()
        self._connect()
        board.illegal_drop.connect(self._refused)

    # -- set-up ------------------------------------------------------------------------------

    def _connect(self) -> None:
        p = self.panel
        p.hint.clicked.connect(self.hint)
        p.solution.clicked.connect(self.show_solution)
        p.retry.clicked.connect(self.try_again)
        p.next.clicked.connect(self.next_puzzle)
        p.run.clicked.connect(self.toggle_run)
        p.mistakes.clicked.connect(self.choose_mistakes_file)
        p.leave.clicked.connect(self.stop)
        p.rules.currentIndexChanged.connect(lambda _i: self._filters_changed())
        p.source.currentIndexChanged.connect(lambda _i: self._filters_changed())
        p.theme.currentIndexChanged.connect(lambda _i: self._filters_changed())
        p.difficulty.currentIndexChanged.connect(lambda _i: self._filters_changed())
        p.member.currentTextChanged.connect(lambda _t: self._show_rating())
        p.language_changed.connect(self._retranslate)

    def _fill_rules(self) -> None:
        box = self.panel.rules
        box.blockSignals(True)
        box.clear()
        for rules in PRESETS:
            if shipped_path(rules.key).is_file():
                box.addItem(texts.rules_name(rules), rules.key)
        box.blockSignals(False)

    def _fill_members(self) -> None:
        names: list[str] = []
        loaded = load_ratings(self.directory)
        self._report(loaded.warnings)
        names += loaded.value.names()
        try:
            for pair in load_scores(self.directory).value.pairs():
                names += [pair.name, pair.other]
        except Exception:  # the score table reports its own damage where it is shown
            pass
        names += [self.host.settings_name(c) for c in (Color.WHITE, Color.BLACK)]
        unique: dict[str, str] = {}
        for name in names:
            if name and name.strip():
                unique.setdefault(name.strip().casefold(), name.strip())
        box = self.panel.member
        current = box.currentText().strip()
        box.blockSignals(True)
        box.clear()
        box.addItems(list(unique.values()))
        box.setCurrentText(current or (next(iter(unique.values()), "") or self.tr("Guest")))
        box.blockSignals(False)

    # -- entering and leaving ----------------------------------------------------------------

    def start(self) -> None:
        """Show puzzles in the window (the rule set of the game shown, where it has puzzles)."""
        self._fill_members()
        key = self.host.current_rules().key
        index = self.panel.rules.findData(key)
        if index >= 0 and index != self.panel.rules.currentIndex():
            self.panel.rules.blockSignals(True)
            self.panel.rules.setCurrentIndex(index)
            self.panel.rules.blockSignals(False)
        self.active = True
        self.host.enter_puzzles(self.navigator, self.panel)
        if (
            self.attempt is None
            or self.attempt.rules.key != self.rules_key()
            or self._given_up  # counted as failed when the puzzles were left: the next one
        ):
            self.next_puzzle()
        else:
            self._changed()
        self._show_rating()

    def stop(self) -> None:
        """Back to the game (the button, Game › Back to the game, or the window closing).
        A puzzle left unsolved after a hint counts as failed, as one left for the next does
        (see :meth:`_give_up`); coming back then shows the next puzzle."""
        self._end_run(report=False)
        self._give_up()
        self._last_run = None
        self.panel.run_clock.setText("")
        self._token += 1
        self.active = False
        self.host.leave_puzzles()

    # -- what is shown -----------------------------------------------------------------------

    def member(self) -> str:
        return self.panel.member.currentText().strip() or self.tr("Guest")

    def rules_key(self) -> str:
        data = self.panel.rules.currentData()
        return str(data) if data is not None else "german"

    def pool(self) -> list[Puzzle]:
        """The puzzles the source offers (before the filters)."""
        key = self.rules_key()
        if self.panel.source.currentData() == "mine":
            table = load_ratings(self.directory).value
            return [_as_puzzle(p) for p in table.personal(self.member()) if p.rules == key]
        if key not in self._sets:
            try:
                self._sets[key] = shipped_puzzles(key)
            except (OSError, PuzzleFileError) as exc:
                self.host.show_message(
                    self.tr("The puzzles for %1 cannot be read: %2")
                    .replace("%1", key)
                    .replace("%2", str(exc))
                )
                self._sets[key] = []
        return self._sets[key]

    def standing(self) -> MemberRating:
        return load_ratings(self.directory).value.get(self.member(), self.rules_key())

    def _offer_themes(self, pool: list[Puzzle]) -> None:
        """The theme filter offers the themes the puzzles at hand have (no tower capture
        under the German rules); "My mistakes" has no themes to choose from."""
        found = {theme for puzzle in pool for theme in puzzle.themes}
        personal = self.panel.source.currentData() == "mine"
        self.panel.set_themes(() if personal else tuple(t for t in THEMES if t in found))

    def next_puzzle(self) -> None:
        self._give_up()
        pool = self.pool()
        self._offer_themes(pool)
        theme = str(self.panel.theme.currentData() or "")
        difficulty = str(self.panel.difficulty.currentData() or "")
        personal = self.panel.source.currentData() == "mine"
        standing = self.standing()
        puzzle = choose(
            pool,
            standing.rating.rating,
            theme="" if personal else theme,
            difficulty="" if personal else difficulty,
            recent=standing.recent,
            rng=self.rng,
            deviation=standing.rating.deviation,
        )
        matching = sum(1 for p in pool if personal or matches(p, theme, difficulty))
        self.panel.count.setText(words.count_text(matching, len(pool)))
        if puzzle is None:
            self.attempt = None
            self.accepting = False
            if personal:
                self._say(
                    self.tr(
                        "No puzzles of your own yet for these rules: choose a file "
                        "of your analysed games (My mistakes)."
                    )
                )
            else:
                self._say(self.tr("No puzzle matches these filters."))
            self.panel.stipulation.setText("")
            self.panel.info.setText("")
            self._changed()
            return
        self.load(puzzle, personal)

    def load(self, puzzle: Puzzle, personal: bool = False) -> None:
        """Show ``puzzle`` from its start."""
        self._give_up()
        self._token += 1
        self.attempt = Attempt(puzzle)
        self.personal = personal
        self._recorded = False
        self._given_up = False
        self._owner = None
        self.shown = self.attempt.position
        self.last = None
        self.accepting = not (self.run is not None and self.run.over)
        self._describe(puzzle, personal)
        self._say("")
        self.board.clear_banner()  # what was said of the last puzzle
        self._changed()

    def _retranslate(self) -> None:
        """Say what the puzzle is about again in the language now installed (what was said
        about the last move goes)."""
        attempt = self.attempt
        if attempt is not None:
            self._describe(attempt.puzzle, self.personal)
        self._say("")
        self._show_rating()
        self._update_buttons()
        self._tick()
        if self.run is None and self._last_run is not None:
            self.panel.run_clock.setText(words.run_summary_text(*self._last_run))

    def _describe(self, puzzle: Puzzle, personal: bool) -> None:
        assert self.attempt is not None
        self.panel.stipulation.setText(
            words.stipulation(self.attempt.rules, self.attempt.solver, personal)
        )
        themes = ", ".join(words.theme_name(t) for t in puzzle.themes)
        details = [words.source_text(puzzle.source)]
        if not personal:
            details.append(
                self.tr("Puzzle rating %1").replace("%1", str(puzzle.rating))
                + (f" · {themes}" if themes else "")
            )
        self.panel.info.setText("\n".join(details))

    def _changed(self) -> None:
        self.navigator.changed.emit()
        if self.attempt is not None:
            self.board.set_flipped(self.attempt.solver is Color.BLACK)
        self._update_buttons()

    def _update_buttons(self) -> None:
        p = self.panel
        a = self.attempt
        running = self.run is not None
        open_ = a is not None and not a.done
        p.hint.setEnabled(open_ and self.accepting)
        p.solution.setEnabled(open_ and not running)
        p.retry.setEnabled(
            open_
            and not self.accepting
            and not running
            and self.shown != (a.position if a else None)
        )
        p.next.setEnabled(not running)
        p.mistakes.setEnabled(not running)
        for box in (p.rules, p.source, p.theme, p.difficulty, p.member):
            box.setEnabled(not running)
        if p.source.currentData() == "mine":  # one's own positions have no themes
            p.theme.setEnabled(False)
            p.difficulty.setEnabled(False)
        p.run.setText(self.tr("Stop the run") if running else words.run_text(self.run_seconds))
        p.run.setToolTip(words.run_tip(self.mistake_seconds, self.hint_seconds))
        personal = self.personal if a is not None else p.source.currentData() == "mine"
        p.hint.setToolTip(words.hint_tip(rated=not personal))

    def _say(self, text: str) -> None:
        self.feedback = text
        self.panel.say(text)

    def _show_rating(self) -> None:
        standing = self.standing()
        text = words.rating_text(self.member(), standing.rating.rating, standing.rating.deviation)
        if self.last_change is not None:
            text += f" ({words.change_text(self.last_change)})"
        if standing.best_run:
            text += "\n" + self.tr("Best timed run: %1 puzzles").replace(
                "%1", str(standing.best_run)
            )
        self.panel.rating.setText(text)

    def _filters_changed(self) -> None:
        if self.active and self.run is None:
            self.last_change = None
            self.next_puzzle()
            self._show_rating()

    # -- the solver's moves ------------------------------------------------------------------

    def _refused(self, reason: str) -> None:
        """A move the board refused ("You must capture"): said over the board as in a game
        (the game's own messages keep quiet while puzzles are shown)."""
        if self.active and reason:
            self.board.show_banner(reason)

    def play(self, move: Move) -> bool:
        """A move made on the board; False when none may be made now."""
        attempt = self.attempt
        if attempt is None or attempt.done or not self.accepting:
            return False
        self._claim()
        before = attempt.position
        answer = attempt.try_move(move)
        if answer.verdict is Verdict.RETRY:
            self._say(words.retry_text())
            self._changed()  # the piece goes back
            self.board.show_banner(words.retry_text())
            return True
        if answer.verdict is Verdict.WRONG:
            self._record(0.0)
            self._wrong(before, move, answer.refutation)
            return True
        self.shown = before.play(move)
        self.last = move
        self.accepting = False
        if answer.verdict is Verdict.SOLVED:
            self._solved()
            return True
        reply = answer.reply
        assert reply is not None
        after_move = self.shown
        self._say(words.correct_text(self.host.move_text(after_move, reply)))
        self._changed()
        self._later(lambda: self._show_reply(reply))
        return True

    def _show_reply(self, reply: Move) -> None:
        assert self.attempt is not None
        self.shown = self.attempt.position
        self.last = reply
        self.accepting = True
        self._changed()

    def _wrong(self, before: Position, move: Move, refutation: Move | None) -> None:
        after = before.play(move)
        self.shown = after
        self.last = move
        self.accepting = False
        if self.run is not None:
            self.run.mistake()
            self._say(words.penalty_text(int(self.run.penalty)))
            self._changed()
            self._tick()
            self._later(self._next_in_run)
            return
        text = self.host.move_text(after, refutation) if refutation is not None else ""
        self._say(words.wrong_text(text))
        self.board.show_banner(words.wrong_text(""))
        self._changed()
        if refutation is not None:
            self._later(lambda: self._show_refutation(after, refutation))

    def _show_refutation(self, after: Position, refutation: Move) -> None:
        self.shown = after.play(refutation)
        self.last = refutation
        self._changed()

    def try_again(self) -> None:
        """After a wrong move: back to the position before it."""
        if self.attempt is None or self.attempt.done:
            return
        self._token += 1
        self.shown = self.attempt.position
        self.last = self.attempt.last_move()
        self.accepting = True
        self._say("")
        self._changed()

    def _solved(self) -> None:
        attempt = self.attempt
        assert attempt is not None
        clean = attempt.clean
        # after a hint (and no wrong move): half a win for the rating, a solve for the run
        hinted = attempt.hinted and not attempt.failed and not attempt.shown
        rated = not (self.personal or self._recorded)  # what the words may promise
        self._record(1.0 if clean else 0.5 if hinted else 0.0)
        self.board.show_banner(words.solved_text(True))
        if self.run is not None:
            if clean or hinted:
                self.run.solve(hinted)
            self._say(words.solved_text(clean, hinted, rated))
            self._changed()
            self._tick()
            self._later(self._next_in_run)
            return
        self._say(words.solved_text(clean, hinted, rated))
        self._changed()

    def hint(self) -> None:
        """Mark the piece to move.  A hint costs less than a failure: the puzzle, solved
        now, counts half (a draw against the puzzle's rating; in a timed run it counts as
        solved and the hint costs :attr:`hint_seconds`).  What it
        costs is counted when the puzzle ends: solved, failed, or left for another."""
        attempt = self.attempt
        if attempt is None or attempt.done or not self.accepting:
            return
        square = attempt.hint()
        if square is None:
            return
        self._claim()
        seconds = 0
        if self.run is not None:
            self.run.hint()
            seconds = int(self.run.hint_penalty)
        self.board.set_hint(Move((square,)))
        text = words.hint_text(self.host.squares_text([square]))
        cost = words.hint_cost_text(seconds, rated=not (self.personal or self._recorded))
        self._say(f"{text}\n{cost}" if cost else text)
        self._tick()

    def _claim(self) -> str:
        """Who the open puzzle counts for: the member named now, unless it counts for
        someone already."""
        if self._owner is None:
            self._owner = self.member()
        return self._owner

    def _give_up(self) -> None:
        """The puzzle shown is left (for another, for a timed run, or for the game): after a
        hint, unsolved, it counts as failed (one left untouched costs nothing)."""
        attempt = self.attempt
        if attempt is not None and attempt.hinted and not attempt.done and not self._recorded:
            self._record(0.0)
            self._given_up = True

    def show_solution(self) -> None:
        attempt = self.attempt
        if attempt is None or attempt.done:
            return
        self._token += 1
        self._record(0.0)
        start = attempt.position
        steps = attempt.show_solution()
        self.shown = start
        self.accepting = False
        line = " ".join(self.host.move_text(p, m) for p, m in steps)
        self._say(self.tr("The solution: %1").replace("%1", line))
        self._changed()
        self._step_through(steps)

    def _step_through(self, steps: list[tuple[Position, Move]]) -> None:
        if not steps:
            return
        (before, move), rest = steps[0], steps[1:]

        def show() -> None:
            self.shown = before.play(move)
            self.last = move
            self._changed()
            self._step_through(rest)

        self._later(show)

    def _later(self, step: Callable[[], None]) -> None:
        token = self._token

        def run() -> None:
            if token == self._token and self.active:
                step()

        QTimer.singleShot(self.reply_delay_ms, run)

    # -- the rating --------------------------------------------------------------------------

    def _record(self, score: float) -> None:
        """Rate the attempt once: ``score`` 1 solved, 0.5 solved after a hint, 0 failed."""
        attempt = self.attempt
        if attempt is None or self._recorded:
            return
        self._recorded = True
        if self.personal:
            return  # one's own positions have no rating to play against
        name, key = self._claim(), self.rules_key()
        puzzle = attempt.puzzle

        def count(table: PuzzleRatings) -> tuple[MemberRating, MemberRating]:
            return table.record(name, key, puzzle.id, puzzle.rating, score)

        try:
            update = update_ratings(count, self.directory)
        except (StorageError, ValueError) as exc:
            self.host.show_message(
                self.tr("The rating could not be saved: %1").replace("%1", str(exc))
            )
            return
        self._report(update.warnings)
        answer = update.answer
        assert isinstance(answer, tuple)
        before, after = answer
        self.last_change = after.rating.rating - before.rating.rating
        self._show_rating()
        self.rated.emit()

    def _report(self, warnings: Iterable[StorageWarning]) -> None:
        for warning in warnings:
            where = warning.moved_to.name if warning.moved_to is not None else ""
            text = self.tr(
                "The puzzle ratings file was damaged (%1); it was set aside as %2 "
                "and the ratings start afresh."
            ).replace("%1", warning.detail)
            self.host.show_message(text.replace("%2", where or "-"))

    # -- a timed run -------------------------------------------------------------------------

    def toggle_run(self) -> None:
        if self.run is not None:
            self._end_run(stopped=True)
        else:
            self.start_run()

    def start_run(self) -> None:
        self._give_up()  # a puzzle left after a hint counts before the run, not in it
        self.run = TimedRun(self.clock, self.run_seconds, self.mistake_seconds, self.hint_seconds)
        self._run_from = self.standing().rating.rating  # the run's change is shown at its end
        self.last_change = None
        self._last_run = None
        self.run_timer.start()
        self.next_puzzle()
        self._tick()

    def _tick(self) -> None:
        run = self.run
        if run is None:
            return
        self.panel.run_clock.setText(words.run_left_text(run.left(), run.solved))
        if run.over:
            self._end_run()

    def _next_in_run(self) -> None:
        if self.run is not None and not self.run.over:
            self.next_puzzle()

    def _end_run(self, report: bool = True, stopped: bool = False) -> None:
        """The run is over (its time ran out, or the solver ``stopped`` it).  Reported: the
        run's summary is said, over the board too, and the rating shows what the whole run
        changed.  The last puzzle stays and is an ordinary one now: unless it was just
        solved or missed, the solver may finish it on the board (the computer's answer
        that was still to come is shown); else the next puzzle or a new run is the way on."""
        run = self.run
        if run is None:
            return
        self.run = None
        self.run_timer.stop()
        self._token += 1
        self.accepting = False
        self.panel.run_clock.setText("")
        attempt = self.attempt
        open_ = attempt is not None and not attempt.done and not attempt.failed
        if attempt is not None and open_:  # the computer's answer still to come is shown
            self.shown = attempt.position
            self.last = attempt.last_move()
            self.accepting = True
        best = False
        if report:
            name, key = self.member(), self.rules_key()
            try:
                update = update_ratings(
                    lambda t: t.record_run(name, key, run.solved), self.directory
                )
                best = bool(update.answer)
            except (StorageError, ValueError) as exc:
                self.host.show_message(str(exc))
            self.last_change = self.standing().rating.rating - self._run_from  # the whole run
            summary = words.run_over_text(run.solved, run.mistakes, best, run.hinted, stopped)
            self._say(f"{summary}\n{words.after_run_text(open_)}")
            self.board.show_banner(words.run_over_text(run.solved, run.mistakes, best), 4.0)
            self._last_run = (run.solved, self.last_change)
            self.panel.run_clock.setText(words.run_summary_text(*self._last_run))
        self._show_rating()
        self._changed()
        if report:
            self.panel.run.setFocus()  # a new run is one key press away

    # -- my mistakes -------------------------------------------------------------------------

    def choose_mistakes_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self.host.dialog_parent(),
            self.tr("Your analysed games"),
            "",
            self.tr("PDN files (*.pdn *.PDN);;All files (*)"),
        )
        if path:
            self.load_mistakes(path)

    def load_mistakes(self, path: str | Path) -> int:
        """The member's marked mistakes in ``path`` become their puzzles; how many are new."""
        name = self.member()
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            found, games = file_mistakes(path, name)
        except (OSError, NotPdnError, DameError) as exc:
            self.host.show_message(
                self.tr("%1 cannot be read: %2")
                .replace("%1", Path(path).name)
                .replace("%2", str(exc))
            )
            return 0
        finally:
            QGuiApplication.restoreOverrideCursor()
        if not found:
            self._say(
                self.tr(
                    "No move of %1 is marked ? or ?? in %2 games of this file. "
                    "Analyse your games first (Game › Analyse game)."
                )
                .replace("%1", name)
                .replace("%2", str(games))
            )
            return 0
        try:
            update = update_ratings(lambda t: t.add_personal(name, found), self.directory)
        except (StorageError, ValueError) as exc:
            self.host.show_message(str(exc))
            return 0
        new = int(update.answer) if isinstance(update.answer, int) else 0
        rules = {p.rules for p in found}
        index = self.panel.rules.findData(next(iter(rules)))
        for box, value in ((self.panel.source, 1), (self.panel.rules, index)):
            if value >= 0:
                box.blockSignals(True)
                box.setCurrentIndex(value)
                box.blockSignals(False)
        self.next_puzzle()
        self._say(
            self.tr("%1 positions from your games are your puzzles now (%2 new).")
            .replace("%1", str(len(found)))
            .replace("%2", str(new))
        )
        return new
