"""Core enums and data turned into translated text.  The core never produces user text.

Every string is a literal inside ``QCoreApplication.translate`` so that lupdate finds it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..core import Color, Kind, Reason, Result, RuleSet, matching_preset
from ..core.rules import Switch


def colour_name(colour: Color) -> str:
    """'Light' or 'Dark' (never White/Black: the pieces are often brown and cream)."""
    if colour is Color.WHITE:
        return QCoreApplication.translate("texts", "Light")
    return QCoreApplication.translate("texts", "Dark")


def kind_name(kind: Kind) -> str:
    if kind is Kind.KING:
        return QCoreApplication.translate("texts", "king")
    return QCoreApplication.translate("texts", "man")


def reason_text(reason: Reason) -> str:
    """Why a game ended, as a sentence fragment."""
    tr = QCoreApplication.translate
    texts = {
        Reason.NO_PIECES: tr("texts", "no pieces left"),
        Reason.NO_MOVES: tr("texts", "no move left"),
        Reason.REPETITION: tr("texts", "the same position came up again (repetition)"),
        Reason.MOVE_LIMIT: tr("texts", "too many moves without a capture (move-count rule)"),
        Reason.ENDGAME_LIMIT: tr("texts", "the endgame was not won in time"),
        Reason.THREE_KINGS_DIAGONAL: tr(
            "texts", "three kings against one king on the long diagonal"
        ),
        Reason.AGREEMENT: tr("texts", "agreed by both players"),
        Reason.RESIGNATION: tr("texts", "resignation"),
    }
    return texts[reason]


def result_text(result: Result, names: dict[Color, str] | None = None) -> str:
    """A full sentence: who won and why."""
    tr = QCoreApplication.translate
    if result.winner is None:
        return tr("texts", "Draw: %1.").replace("%1", reason_text(result.reason))
    winner = result.winner
    who = names.get(winner, "") if names else ""
    side = colour_name(winner)
    label = f"{who} ({side})" if who else side
    loser = winner.opponent
    if result.reason is Reason.RESIGNATION:
        return tr("texts", "%1 wins: %2 resigned.").replace("%1", label).replace(
            "%2", colour_name(loser)
        )
    if result.reason is Reason.NO_PIECES:
        if result.winner is loser:  # giveaway: the side without pieces wins
            return tr("texts", "%1 wins: no pieces left.").replace("%1", label)
        return tr("texts", "%1 wins: %2 has no pieces left.").replace("%1", label).replace(
            "%2", colour_name(loser)
        )
    if result.reason is Reason.NO_MOVES:
        return tr("texts", "%1 wins: %2 cannot move.").replace("%1", label).replace(
            "%2", colour_name(loser)
        )
    return tr("texts", "%1 wins: %2.").replace("%1", label).replace(
        "%2", reason_text(result.reason)
    )


def score_text(result: Result) -> str:
    """The PDN-style score from Light's point of view: 2-0, 0-2 or 1-1."""
    if result.winner is None:
        return "1-1"
    return "2-0" if result.winner is Color.WHITE else "0-2"


def rules_name(rules: RuleSet) -> str:
    """The translated name of a preset; a changed preset is '<preset> with house rules'."""
    tr = QCoreApplication.translate
    preset = matching_preset(rules)
    if preset is None:
        return tr("texts", "%1 with house rules").replace("%1", _preset_name(rules))
    return _preset_name(preset)


def _preset_name(rules: RuleSet) -> str:
    tr = QCoreApplication.translate
    names = {
        "german": tr("texts", "German (Schmidt)"),
        "german-ass": tr("texts", "German (ASS Altenburger)"),
        "english": tr("texts", "English draughts / American checkers"),
        "international": tr("texts", "International (FMJD 10×10)"),
        "russian": tr("texts", "Russian (shashki)"),
        "brazilian": tr("texts", "Brazilian"),
        "pool": tr("texts", "Pool checkers"),
        "italian": tr("texts", "Italian"),
        "spanish": tr("texts", "Spanish / Portuguese"),
        "czech": tr("texts", "Czech"),
    }
    return names.get(rules.key, rules.name)


def level_name(key: str, fallback: str = "") -> str:
    tr = QCoreApplication.translate
    names = {
        "beginner": tr("texts", "Beginner"),
        "easy": tr("texts", "Easy"),
        "medium": tr("texts", "Medium"),
        "hard": tr("texts", "Hard"),
        "master": tr("texts", "Master"),
    }
    return names.get(key, fallback or key)


def switch_label(switch: Switch) -> str:
    """A short label for a rule switch."""
    tr = QCoreApplication.translate
    labels = {
        "first": tr("texts", "Who starts"),
        "men-capture-backward": tr("texts", "Men capture backward"),
        "men-capture-kings": tr("texts", "Men may capture kings"),
        "flying-kings": tr("texts", "Flying kings"),
        "landing": tr("texts", "King lands"),
        "must-land-to-continue": tr("texts", "King must land where it can go on"),
        "capture-rule": tr("texts", "Which capture"),
        "largest-capture": tr("texts", "Largest capture compulsory"),
        "promotion": tr("texts", "Crowned during a capture"),
        "huffing": tr("texts", "Huffing (Blasen)"),
        "giveaway": tr("texts", "Giveaway (Schlagdame)"),
        "repetition": tr("texts", "Draw by repetition"),
        "quiet-plies": tr("texts", "Draw after quiet plies"),
        "quiet-reset-man-move": tr("texts", "A man move restarts the count"),
        "quiet-reset-promotion": tr("texts", "A promotion restarts the count"),
        "fmjd-endgame": tr("texts", "FMJD endgame rule"),
        "russian-endgame": tr("texts", "Russian endgame rules"),
        "kings-vs-king": tr("texts", "Kings against a lone king"),
        "three-kings-diagonal": tr("texts", "Three kings vs one on the long diagonal"),
    }
    return labels.get(switch.name, switch.name)


def switch_help(switch: Switch) -> str:
    """A one-line explanation of a rule switch."""
    tr = QCoreApplication.translate
    helps = {
        "first": tr("texts", "Which side makes the first move."),
        "men-capture-backward": tr(
            "texts", "Plain pieces may also jump backward when capturing."
        ),
        "men-capture-kings": tr(
            "texts", "Plain pieces may capture kings (not allowed in Italian draughts)."
        ),
        "flying-kings": tr(
            "texts", "Kings move and capture over any distance; off: one square at a time."
        ),
        "landing": tr(
            "texts",
            "Where a flying king stops after a jump: any free square beyond, directly behind "
            "each piece, or directly behind the last one.",
        ),
        "must-land-to-continue": tr(
            "texts", "A king must choose a landing square from which it can capture again."
        ),
        "capture-rule": tr(
            "texts",
            "Free choice among captures, or the one that takes the most pieces (with the "
            "Italian, Spanish or Czech refinements).",
        ),
        "largest-capture": tr(
            "texts", "Shortcut: on means the capture taking the most pieces is compulsory."
        ),
        "promotion": tr(
            "texts",
            "A man reaching the far row during a capture stops, goes on as a king, or passes "
            "through as a man.",
        ),
        "huffing": tr(
            "texts",
            "A missed capture may be played; the opponent accepts it, blows the piece away or "
            "demands the capture.",
        ),
        "giveaway": tr("texts", "Whoever loses all pieces or cannot move wins."),
        "repetition": tr(
            "texts", "Draw when a position comes up this many times with the same side to move "
            "(0 = off)."
        ),
        "quiet-plies": tr(
            "texts", "Draw after this many single moves without a capture (0 = off)."
        ),
        "quiet-reset-man-move": tr(
            "texts", "Moving a plain piece starts the quiet-move count again."
        ),
        "quiet-reset-promotion": tr("texts", "A crowning starts the quiet-move count again."),
        "fmjd-endgame": tr(
            "texts", "Three pieces with a king against a lone king: draw after 16 moves; two "
            "pieces: after 5."
        ),
        "russian-endgame": tr(
            "texts", "The Russian draw rules for king endings and the long diagonal."
        ),
        "kings-vs-king": tr(
            "texts", "Three or more kings against a lone king: draw unless won in this many "
            "moves (0 = off)."
        ),
        "three-kings-diagonal": tr(
            "texts", "Old German rule: three kings against one king on the long diagonal is a "
            "draw unless it can be taken at once."
        ),
    }
    return helps.get(switch.name, switch.help)


def choice_text(value: str) -> str:
    """A switch choice (enum value) as text."""
    tr = QCoreApplication.translate
    texts = {
        "white": tr("texts", "Light"),
        "black": tr("texts", "Dark"),
        "any": tr("texts", "any square beyond"),
        "behind": tr("texts", "directly behind"),
        "behind-last": tr("texts", "behind the last piece"),
        "free": tr("texts", "free choice"),
        "max": tr("texts", "most pieces"),
        "italian": tr("texts", "Italian order"),
        "spanish": tr("texts", "Spanish order"),
        "czech": tr("texts", "king capture first (Czech)"),
        "stop": tr("texts", "stops"),
        "continue": tr("texts", "continues as a king"),
        "pass": tr("texts", "passes through as a man"),
    }
    return texts.get(value, value)
