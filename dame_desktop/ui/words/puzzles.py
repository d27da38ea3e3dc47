"""Puzzles in the user's language: themes, difficulties, the stipulation, what the window
says to a move.  Every text goes through ``QCoreApplication.translate`` on a literal (context
``Puzzles``)."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from dame_desktop.core import Color, RuleSet
from dame_desktop.puzzles.run import HINT_SECONDS, MISTAKE_SECONDS, RUN_SECONDS
from dame_desktop.ui.words.names import colour_text

translate = QCoreApplication.translate


def theme_name(theme: str) -> str:
    names = {
        "shot": translate("Puzzles", "Shot (combination)"),
        "multi-capture": translate("Puzzles", "Multiple capture"),
        "breakthrough": translate("Puzzles", "Breakthrough to a king"),
        "ending": translate("Puzzles", "Ending"),
        "forced-win": translate("Puzzles", "Forced win"),
        "quiet-start": translate("Puzzles", "Quiet first move"),
        "turkish-strike": translate("Puzzles", "Turkish strike"),
        "tower-capture": translate("Puzzles", "Tower capture"),
        "liberation": translate("Puzzles", "Liberation from a tower"),
    }
    return names.get(theme, theme)


def difficulty_name(key: str) -> str:
    names = {
        "easy": translate("Puzzles", "Easy"),
        "medium": translate("Puzzles", "Medium"),
        "hard": translate("Puzzles", "Hard"),
    }
    return names.get(key, key)


def stipulation(rules: RuleSet, solver: Color, personal: bool = False) -> str:
    """ "White to move and win" ("Weiß zieht und gewinnt"), with the rule set's colour names;
    a personal puzzle asks for the better move instead."""
    side = colour_text(rules, solver)
    if personal:
        return translate("Puzzles", "%1 to move: find the better move").replace("%1", side)
    return translate("Puzzles", "%1 to move and win").replace("%1", side)


def retry_text() -> str:
    return translate("Puzzles", "Not quite, try again")


def wrong_text(refutation: str) -> str:
    if not refutation:
        return translate("Puzzles", "That is not it.")
    return translate("Puzzles", "That is not it: the answer is %1.").replace("%1", refutation)


def correct_text(reply: str) -> str:
    return translate("Puzzles", "Good! The answer was %1. Go on.").replace("%1", reply)


def solved_text(clean: bool, hinted: bool = False, rated: bool = True) -> str:
    """What a solved puzzle earns: clean, after a hint (half, where the puzzle is rated: one's
    own puzzles are not), after a mistake (nothing)."""
    if clean:
        return translate("Puzzles", "Solved!")
    if hinted and rated:
        return translate("Puzzles", "Solved with a hint: it counts half.")
    if hinted:
        return translate("Puzzles", "Solved with a hint.")
    return translate("Puzzles", "Solved, but not on the first try.")


def hint_tip(rated: bool = True) -> str:
    """The hint button's tooltip: what a hint costs (nothing for the rating where the puzzle
    is not rated)."""
    if rated:
        return translate("Puzzles", "Shows the piece to move; the puzzle, solved then, counts half")
    return translate("Puzzles", "Shows the piece to move (your own puzzles are not rated)")


def _seconds(seconds: float) -> str:
    return f"{seconds:g}"


def run_text(seconds: float = RUN_SECONDS) -> str:
    """The timed run's button: how long a run lasts."""
    if seconds == 60:
        return translate("Puzzles", "Timed run (1 minute)")
    if seconds % 60 == 0:
        return translate("Puzzles", "Timed run (%1 minutes)").replace("%1", f"{seconds / 60:g}")
    return translate("Puzzles", "Timed run (%1 seconds)").replace("%1", _seconds(seconds))


def run_tip(mistake: float = MISTAKE_SECONDS, hint: float = HINT_SECONDS) -> str:
    """The timed run's tooltip: what a mistake and a hint cost in the run."""
    return (
        translate(
            "Puzzles",
            "Solve as many puzzles as you can; a mistake costs %1 seconds, a hint %2 seconds",
        )
        .replace("%1", _seconds(mistake))
        .replace("%2", _seconds(hint))
    )


def rating_text(name: str, rating: float, deviation: float) -> str:
    return (
        translate("Puzzles", "%1's puzzle rating: %2 (±%3)")
        .replace("%1", name)
        .replace("%2", str(round(rating)))
        .replace("%3", str(round(deviation)))
    )


def change_text(change: float) -> str:
    points = round(change)
    sign = "+" if points >= 0 else "−"
    return translate("Puzzles", "%1 points").replace("%1", f"{sign}{abs(points)}")


def hint_text(square: str) -> str:
    return translate("Puzzles", "Move the piece on %1.").replace("%1", square)


def hint_cost_text(seconds: int = 0, rated: bool = True) -> str:
    """What a hint costs: half the puzzle for the rating (when the puzzle is rated and not
    failed already) and, in a timed run, some seconds; "" when nothing."""
    if seconds and rated:
        return translate(
            "Puzzles",
            "Hint used: %1 seconds off the clock; this puzzle counts half for your rating.",
        ).replace("%1", str(seconds))
    if seconds:
        return translate("Puzzles", "Hint used: %1 seconds off the clock.").replace(
            "%1", str(seconds)
        )
    if rated:
        return translate("Puzzles", "Hint used: this puzzle counts half for your rating.")
    return ""


def run_left_text(seconds: float, solved: int) -> str:
    whole = max(0, int(seconds + 0.999))
    return (
        translate("Puzzles", "Time left: %1 · solved: %2")
        .replace("%1", f"{whole // 60}:{whole % 60:02d}")
        .replace("%2", str(solved))
    )


def run_over_text(
    solved: int, mistakes: int, best: bool, hinted: int = 0, stopped: bool = False
) -> str:
    """The end of a timed run: the time ran out (or the solver stopped it), what it brought."""
    if stopped:
        text = translate("Puzzles", "Run stopped: solved %1, mistakes %2.")
    else:
        text = translate("Puzzles", "Time is up: solved %1, mistakes %2.")
    text = text.replace("%1", str(solved)).replace("%2", str(mistakes))
    if hinted:
        text += " " + translate("Puzzles", "Solved after a hint: %1.").replace("%1", str(hinted))
    if best:
        text += " " + translate("Puzzles", "A new best run!")
    return text


def after_run_text(puzzle_open: bool) -> str:
    """The way on after a timed run: the last puzzle is an ordinary one now."""
    if puzzle_open:
        return translate(
            "Puzzles",
            "You may finish the last puzzle at leisure (it counts as an ordinary one), "
            "take the next puzzle or start a new run.",
        )
    return translate("Puzzles", "Take the next puzzle or start a new run.")


def run_summary_text(solved: int, change: float) -> str:
    """The last run, kept above the run button until the next run starts."""
    return (
        translate("Puzzles", "Last run: %1 solved, %2")
        .replace("%1", str(solved))
        .replace("%2", change_text(change))
    )


def penalty_text(seconds: int) -> str:
    return translate("Puzzles", "Wrong: %1 seconds off the clock.").replace("%1", str(seconds))


def count_text(shown: int, total: int) -> str:
    return (
        translate("Puzzles", "%1 of %2 puzzles match")
        .replace("%1", str(shown))
        .replace("%2", str(total))
    )


_SELF_PLAY = re.compile(r"^self-play seed \d+ game \d+ ply (\d+)$")
_ARCHIVE = re.compile(r"^(.+) game (\d+) ply (\d+)$")
_PERSONAL = re.compile(r"^(.+) game (\d+)(?: \((.*)\))?, move (\d+): (.+)$")


def source_text(source: str) -> str:
    """Where a puzzle comes from, in words (the sets store it as data: ``OCA_2.0.pdn game 12
    ply 30``, ``self-play seed 1 game 4 ply 40``; a personal puzzle names the game and the
    move that was marked)."""
    found = _SELF_PLAY.match(source)
    if found:
        return translate(
            "Puzzles", "From a game the computer played against itself, after %1 plies"
        ).replace("%1", found.group(1))
    found = _PERSONAL.match(source)
    if found:
        return (
            translate("Puzzles", "From your game %1 in %2, move %3: %4")
            .replace("%1", found.group(2))
            .replace("%2", found.group(1))
            .replace("%3", found.group(4))
            .replace("%4", found.group(5))
        )
    found = _ARCHIVE.match(source)
    if found:
        return (
            translate("Puzzles", "From %1, game %2, after %3 plies")
            .replace("%1", found.group(1))
            .replace("%2", found.group(2))
            .replace("%3", found.group(3))
        )
    return translate("Puzzles", "From: %1").replace("%1", source)
