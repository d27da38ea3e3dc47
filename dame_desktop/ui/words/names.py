"""One naming of the sides and the winner everywhere in the window.

The rule set says how its tradition names the two sides (``RuleSet.colour_names``: German
family sets Hell/Dunkel, the federations White/Black, and in English checkers Black moves
first); this module only translates those names and builds the sentences that name the
winner *by player* ("Anna gewinnt mit Hell: Paul kann nicht mehr ziehen."), never as a bare
``1-0`` that an English reader takes the wrong way round.

Every text goes through ``QCoreApplication.translate`` on a literal (context ``Names``).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from dame_desktop.core import Color, Position, Reason, Result, RuleSet
from dame_desktop.core.game import who_won, who_won_token
from dame_desktop.store import settings
from dame_desktop.ui.words.texts import colour_name_text as colour_name_text
from dame_desktop.ui.words.texts import level_name, reason_text, side_name

translate = QCoreApplication.translate

Names = Mapping[Color, str]


def colour_text(rules: RuleSet, colour: Color) -> str:
    """The name of ``colour``'s pieces under ``rules``, translated: Hell/Dunkel for the
    German sets, White/Black (Weiß/Schwarz) for the others."""
    return side_name(rules, colour)


def computer_name(level_key: str) -> str:
    """The computer as a player: "Dame (Beginner)" / "Dame (Anfänger)".  The same name goes
    into a copied or saved PDN (never "You" or "Computer")."""
    return translate("Names", "Dame (%1)").replace("%1", level_name(level_key))


def first_start_rules_key(language: str) -> str:
    """The rule set of the very first start, following the user-interface language:
    German rules for German, English draughts otherwise.  (The preferences decide later.)"""
    return settings.first_start_rules_key(language)


def player_label(rules: RuleSet, colour: Color, names: Names | None = None) -> str:
    """A player's name when there is one, else the name of their colour."""
    name = (names or {}).get(colour, "").strip()
    return name or colour_text(rules, colour)


def _winner_head(rules: RuleSet, winner: Color, names: Names | None) -> str:
    name = (names or {}).get(winner, "").strip()
    colour = colour_text(rules, winner)
    if name:
        return translate("Names", "%1 wins with %2").replace("%1", name).replace("%2", colour)
    return translate("Names", "%1 wins").replace("%1", colour)


def result_text(
    result: Result | str,
    rules: RuleSet,
    names: Names | None = None,
    *,
    position: Position | None = None,
) -> str:
    """A whole sentence naming who won and why.

    ``result`` is a core :class:`Result` or a PDN result token (``1-0``, ``2-0``, ``1/2-1/2``,
    ``*``: read by the convention of ``rules``, so ``1-0`` in English checkers is Black's
    win).  ``names`` maps colours to players' names ("Anna", "Dame (Beginner)"); a side
    without a name is called by its colour.  ``position``, the final position, lets a draw
    on time say who ran out of time (the side to move).
    """
    if isinstance(result, str):
        return _token_text(result, rules, names)
    verdict = who_won(result, rules)
    reason = result.reason
    if verdict.winner is None:
        if reason is Reason.TIME and position is not None:
            flagged = position.turn
            return (
                translate("Names", "Draw: %1 ran out of time, but %2 can no longer win.")
                .replace("%1", player_label(rules, flagged, names))
                .replace("%2", player_label(rules, flagged.opponent, names))
            )
        return translate("Names", "Draw: %1.").replace("%1", reason_text(reason))
    head = _winner_head(rules, verdict.winner, names)
    loser = player_label(rules, verdict.winner.opponent, names)
    if reason is Reason.RESIGNATION:
        clause = translate("Names", "%1 resigned.").replace("%1", loser)
    elif reason is Reason.TIME:
        clause = translate("Names", "%1 ran out of time.").replace("%1", loser)
    elif reason is Reason.NO_MOVES:
        clause = translate("Names", "%1 cannot move.").replace("%1", loser)
    elif reason is Reason.NO_PIECES:
        if rules.giveaway:  # the side without pieces is the winner
            clause = translate("Names", "no pieces left.")
        else:
            clause = translate("Names", "%1 has no pieces left.").replace("%1", loser)
    else:
        clause = reason_text(reason) + "."
    return translate("Names", "%1: %2").replace("%1", head).replace("%2", clause)


def _token_text(token: str, rules: RuleSet, names: Names | None) -> str:
    verdict = who_won_token(token, rules)
    if verdict is None:
        return translate("Names", "Not finished.")
    if verdict.winner is not None:
        return _winner_head(rules, verdict.winner, names) + "."
    if verdict.is_draw:
        return translate("Names", "Draw.")
    return translate("Names", "No winner.")
