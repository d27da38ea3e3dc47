"""Evaluations in words, side names and line notation, shared by the panel, graph and dialogs.

Every evaluation the window shows is *from the first player's side* (the side that moves
first under the rule set: Light in German draughts, White in International, Black in
English checkers), in
men.  The words follow these thresholds (``v`` the evaluation in men, first player's view):

==================  ================================
``|v| < 0.25``      about equal
``|v| < 0.75``      <side> is slightly better
``|v| < 2.0``       <side> is clearly better
otherwise           <side> is winning
a forced end        <side> wins in N (moves of the winner), <side> has won (N = 0)
==================  ================================

A man is 1.0: a quarter of a man is noise at the depths the panel reaches, three quarters
is about the review's "mistake" loss (0.6) plus a margin, and two men up is a won game in
practice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from dame_desktop.core import Color, ColourName, Move, Position, RuleSet
from dame_desktop.core.numbering import number_label, numbered_at
from dame_desktop.ui.words.notation import Notation, move_text

if TYPE_CHECKING:
    from dame_desktop.engines import Score

EQUAL = 0.25
SLIGHT = 0.75
CLEAR = 2.0


def side_name(rules: RuleSet, colour: Color) -> str:
    """The translated name of ``colour``'s side under ``rules``: the rule set's traditional
    colour name (``RuleSet.colour_name``: Light/Dark for the German sets, White/Black for
    the others), as ``ui.words.names`` names them."""
    name = rules.colour_name(colour)
    if name is ColourName.LIGHT:
        return QCoreApplication.translate("AnalysisWords", "Light")
    if name is ColourName.DARK:
        return QCoreApplication.translate("AnalysisWords", "Dark")
    if name is ColourName.WHITE:
        return QCoreApplication.translate("AnalysisWords", "White")
    return QCoreApplication.translate("AnalysisWords", "Black")


def first_view(score: Score, position: Position) -> Score:
    """A score from the side to move of ``position``, seen from the first player's side."""
    return score if position.turn is position.rules.first else score.negated()


def value_text(score: Score) -> str:
    """``+0.35`` / ``-1.20`` / ``#7`` / ``#-7`` (first player's view)."""
    if score.plies is None:
        men = round(score.men, 2) + 0.0
        return f"{men:+.2f}"
    return score.text()


def words(score: Score, rules: RuleSet) -> str:
    """The evaluation (first player's view) in words; see the module's thresholds."""
    first, second = rules.first, rules.first.opponent
    if score.plies is not None:
        side = side_name(rules, first if score.wins else second)
        moves = score.moves or 0
        if moves == 0:
            text = QCoreApplication.translate("AnalysisWords", "%1 has won")
        elif moves == 1:
            text = QCoreApplication.translate("AnalysisWords", "%1 wins in 1 move")
        else:
            text = QCoreApplication.translate("AnalysisWords", "%1 wins in %2 moves")
            text = text.replace("%2", str(moves))
        return text.replace("%1", side)
    value = score.men
    if abs(value) < EQUAL:
        return QCoreApplication.translate("AnalysisWords", "about equal")
    side = side_name(rules, first if value > 0 else second)
    if abs(value) < SLIGHT:
        text = QCoreApplication.translate("AnalysisWords", "%1 is slightly better")
    elif abs(value) < CLEAR:
        text = QCoreApplication.translate("AnalysisWords", "%1 is clearly better")
    else:
        text = QCoreApplication.translate("AnalysisWords", "%1 is winning")
    return text.replace("%1", side)


def table_words(verdict: str, position: Position, quiet_plies: int = 0) -> str:
    """The endgame tables' verdict on ``position`` (``verdict`` for the side to move: "win",
    "loss", "draw"; "" gives "") in words: "Light wins: endgame table".  A win that a draw
    count could still take away says so: the tables know no move counts."""
    if verdict not in ("win", "loss", "draw"):
        return ""
    if verdict == "draw":
        return QCoreApplication.translate("AnalysisWords", "Draw: endgame table")
    rules = position.rules
    winner = position.turn if verdict == "win" else position.turn.opponent
    text = QCoreApplication.translate("AnalysisWords", "%1 wins: endgame table").replace(
        "%1", side_name(rules, winner)
    )
    limit = rules.draw_fmjd_endgame or rules.draw_russian_endgame or rules.draw_kings_vs_king_moves
    if rules.draw_quiet_plies:
        if limit:
            note = QCoreApplication.translate(
                "AnalysisWords",
                "The tables count no moves: the draw rule's count (%1 of %2 plies) or the "
                "endgame's move limit may end the game first.",
            )
        else:
            note = QCoreApplication.translate(
                "AnalysisWords",
                "The tables count no moves: the draw rule's count (%1 of %2 plies) may end "
                "the game first.",
            )
        note = note.replace("%1", str(quiet_plies)).replace("%2", str(rules.draw_quiet_plies))
        text += "\n" + note
    elif limit:
        note = QCoreApplication.translate(
            "AnalysisWords",
            "The tables count no moves: the endgame's move limit may end the game first.",
        )
        text += "\n" + note
    return text


def line_texts(
    position: Position, moves: Sequence[Move], notation: Notation = Notation.RULES
) -> list[str]:
    """The moves' texts as the move list spells them under the notation preference
    (``11-15``, ``15x24`` or ``c3-d4``, ``c3:e5``)."""
    out: list[str] = []
    pos = position
    for move in moves:
        out.append(move_text(pos, move, notation))
        pos = pos.play(move)
    return out


def move_number_prefix(position: Position, ply: int | None, offset: int) -> str:
    """The number before the line's move ``offset``: ``12.`` before a move of the first
    player, ``12...`` before a line that starts with the second player's move, "" otherwise.
    ``ply`` counts the plies played before ``position`` (None: the game starts there).
    Numbered as ``core.numbering`` numbers every list."""
    played = max(0, ply or 0)
    start_first = (position.turn is position.rules.first) == (played % 2 == 0)
    at = numbered_at(played + offset, start_first)
    if at.first or offset == 0:
        return number_label(at.number, at.first)
    return ""
