"""Core enums and data turned into translated text.  The core never produces user text.

Every string is a literal inside ``QCoreApplication.translate`` so that lupdate finds it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..core import Color, ColourName, Kind, Reason, Result, RuleSet, matching_preset
from ..core.rules import Switch
from ..store.files import FileProblem


def colour_name_text(name: ColourName) -> str:
    """The translated word for one traditional colour name (context "Names")."""
    if name is ColourName.LIGHT:
        return QCoreApplication.translate("Names", "Light")
    if name is ColourName.DARK:
        return QCoreApplication.translate("Names", "Dark")
    if name is ColourName.WHITE:
        return QCoreApplication.translate("Names", "White")
    return QCoreApplication.translate("Names", "Black")


def side_name(rules: RuleSet, colour: Color) -> str:
    """The name of ``colour``'s pieces as ``rules`` name them (``RuleSet.colour_names``):
    Hell/Dunkel, Weiß/Schwarz, Black/White in English checkers.  The one place a side is
    named; ``ui.family.names.colour_text`` is the same."""
    return colour_name_text(rules.colour_name(colour))


def kind_name(kind: Kind) -> str:
    if kind is Kind.KING:
        return QCoreApplication.translate("texts", "king")
    return QCoreApplication.translate("texts", "man")


def reason_text(reason: Reason) -> str:
    """Why a game ended, as a sentence fragment."""
    texts = {
        Reason.NO_PIECES: QCoreApplication.translate("texts", "no pieces left"),
        Reason.NO_MOVES: QCoreApplication.translate("texts", "no move left"),
        Reason.REPETITION: QCoreApplication.translate(
            "texts", "the same position came up again (repetition)"
        ),
        Reason.MOVE_LIMIT: QCoreApplication.translate(
            "texts", "too many moves without a capture (move-count rule)"
        ),
        Reason.ENDGAME_LIMIT: QCoreApplication.translate(
            "texts", "the endgame was not won in time"
        ),
        Reason.THREE_KINGS_DIAGONAL: QCoreApplication.translate(
            "texts", "three kings against one king on the long diagonal"
        ),
        Reason.AGREEMENT: QCoreApplication.translate("texts", "agreed by both players"),
        Reason.RESIGNATION: QCoreApplication.translate("texts", "resignation"),
        Reason.TIME: QCoreApplication.translate("texts", "the time ran out"),
    }
    return texts[reason]




def score_text(result: Result) -> str:
    """The PDN-style score from Light's point of view: 2-0, 0-2 or 1-1."""
    if result.winner is None:
        return "1-1"
    return "2-0" if result.winner is Color.WHITE else "0-2"


def rules_name(rules: RuleSet) -> str:
    """The translated name of a preset; a changed preset is '<preset> with house rules'."""
    preset = matching_preset(rules)
    if preset is None:
        return QCoreApplication.translate("texts", "%1 with house rules").replace(
            "%1", _preset_name(rules)
        )
    return _preset_name(preset)


def _preset_name(rules: RuleSet) -> str:
    names = {
        "german": QCoreApplication.translate("texts", "German (Schmidt)"),
        "german-ass": QCoreApplication.translate("texts", "German (ASS Altenburger)"),
        "english": QCoreApplication.translate("texts", "English draughts / American checkers"),
        "international": QCoreApplication.translate("texts", "International (FMJD 10×10)"),
        "russian": QCoreApplication.translate("texts", "Russian (shashki)"),
        "brazilian": QCoreApplication.translate("texts", "Brazilian"),
        "pool": QCoreApplication.translate("texts", "Pool checkers"),
        "italian": QCoreApplication.translate("texts", "Italian"),
        "spanish": QCoreApplication.translate("texts", "Spanish / Portuguese"),
        "czech": QCoreApplication.translate("texts", "Czech"),
        "turkish": QCoreApplication.translate("texts", "Turkish draughts"),
        "bashni": QCoreApplication.translate("texts", "Bashni (column draughts)"),
    }
    return names.get(rules.key, rules.name)


def level_name(key: str, fallback: str = "") -> str:
    names = {
        "beginner": QCoreApplication.translate("texts", "Beginner"),
        "easy": QCoreApplication.translate("texts", "Easy"),
        "medium": QCoreApplication.translate("texts", "Medium"),
        "hard": QCoreApplication.translate("texts", "Hard"),
        "master": QCoreApplication.translate("texts", "Master"),
    }
    return names.get(key, fallback or key)


def switch_label(switch: Switch) -> str:
    """A short label for a rule switch."""
    labels = {
        "first": QCoreApplication.translate("texts", "Who starts"),
        "men-capture-backward": QCoreApplication.translate("texts", "Men capture backward"),
        "men-capture-kings": QCoreApplication.translate("texts", "Men may capture kings"),
        "flying-kings": QCoreApplication.translate("texts", "Flying kings"),
        "landing": QCoreApplication.translate("texts", "King lands"),
        "must-land-to-continue": QCoreApplication.translate(
            "texts", "King must land where it can go on"
        ),
        "capture-rule": QCoreApplication.translate("texts", "Which capture"),
        "largest-capture": QCoreApplication.translate("texts", "Largest capture compulsory"),
        "promotion": QCoreApplication.translate("texts", "Crowned during a capture"),
        "huffing": QCoreApplication.translate("texts", "Huffing (Blasen)"),
        "giveaway": QCoreApplication.translate("texts", "Giveaway (Schlagdame)"),
        "repetition": QCoreApplication.translate("texts", "Draw by repetition"),
        "quiet-plies": QCoreApplication.translate("texts", "Draw after quiet plies"),
        "quiet-reset-man-move": QCoreApplication.translate(
            "texts", "A man move restarts the count"
        ),
        "quiet-reset-promotion": QCoreApplication.translate(
            "texts", "A promotion restarts the count"
        ),
        "fmjd-endgame": QCoreApplication.translate("texts", "FMJD endgame rule"),
        "russian-endgame": QCoreApplication.translate("texts", "Russian endgame rules"),
        "kings-vs-king": QCoreApplication.translate("texts", "Kings against a lone king"),
        "three-kings-diagonal": QCoreApplication.translate(
            "texts", "Three kings vs one on the long diagonal"
        ),
    }
    return labels.get(switch.name, switch.name)


def switch_help(switch: Switch) -> str:
    """A one-line explanation of a rule switch."""
    helps = {
        "first": QCoreApplication.translate("texts", "Which side makes the first move."),
        "men-capture-backward": QCoreApplication.translate(
            "texts", "Plain pieces may also jump backward when capturing."
        ),
        "men-capture-kings": QCoreApplication.translate(
            "texts", "Plain pieces may capture kings (not allowed in Italian draughts)."
        ),
        "flying-kings": QCoreApplication.translate(
            "texts", "Kings move and capture over any distance; off: one square at a time."
        ),
        "landing": QCoreApplication.translate(
            "texts",
            "Where a flying king stops after a jump: any free square beyond, directly behind "
            "each piece, or directly behind the last one.",
        ),
        "must-land-to-continue": QCoreApplication.translate(
            "texts", "A king must choose a landing square from which it can capture again."
        ),
        "capture-rule": QCoreApplication.translate(
            "texts",
            "Free choice among captures, or the one that takes the most pieces (with the "
            "Italian, Spanish or Czech refinements).",
        ),
        "largest-capture": QCoreApplication.translate(
            "texts", "Shortcut: on means the capture taking the most pieces is compulsory."
        ),
        "promotion": QCoreApplication.translate(
            "texts",
            "A man reaching the far row during a capture stops, goes on as a king, or passes "
            "through as a man.",
        ),
        "huffing": QCoreApplication.translate(
            "texts",
            "A missed capture may be played; the opponent accepts it, blows the piece away or "
            "demands the capture.",
        ),
        "giveaway": QCoreApplication.translate(
            "texts", "Whoever loses all pieces or cannot move wins."
        ),
        "repetition": QCoreApplication.translate(
            "texts",
            "Draw when a position comes up this many times with the same side to move (0 = off).",
        ),
        "quiet-plies": QCoreApplication.translate(
            "texts", "Draw after this many single moves without a capture (0 = off)."
        ),
        "quiet-reset-man-move": QCoreApplication.translate(
            "texts", "Moving a plain piece starts the quiet-move count again."
        ),
        "quiet-reset-promotion": QCoreApplication.translate(
            "texts", "A crowning starts the quiet-move count again."
        ),
        "fmjd-endgame": QCoreApplication.translate(
            "texts",
            "Three pieces with a king against a lone king: draw after 16 moves; two "
            "pieces: after 5.",
        ),
        "russian-endgame": QCoreApplication.translate(
            "texts", "The Russian draw rules for king endings and the long diagonal."
        ),
        "kings-vs-king": QCoreApplication.translate(
            "texts",
            "Three or more kings against a lone king: draw unless won in this many "
            "moves (0 = off).",
        ),
        "three-kings-diagonal": QCoreApplication.translate(
            "texts",
            "Old German rule: three kings against one king on the long diagonal is a "
            "draw unless it can be taken at once.",
        ),
    }
    return helps.get(switch.name, switch.help)




def file_problem(kind: FileProblem, reason: str = "") -> str:
    """Why a file could not be opened or saved, in the user's language (``reason``, the
    system's own words, only where no sentence of ours says it)."""
    texts = {
        FileProblem.READ_ONLY: QCoreApplication.translate(
            "texts", "the file is write-protected"),
        FileProblem.FOLDER_READ_ONLY: QCoreApplication.translate(
            "texts", "no file can be made in this folder"),
        FileProblem.FOLDER_MISSING: QCoreApplication.translate(
            "texts", "the folder does not exist"),
        FileProblem.DISK_FULL: QCoreApplication.translate("texts", "the disk is full"),
        FileProblem.NOT_A_FILE: QCoreApplication.translate(
            "texts", "there is a folder or device at this place, not a file"),
        FileProblem.NOT_FOUND: QCoreApplication.translate(
            "texts", "there is no such file"),
        FileProblem.PERMISSION: QCoreApplication.translate(
            "texts", "the system does not allow it"),
        FileProblem.TOO_BIG: QCoreApplication.translate("texts", "the file is too big"),
        FileProblem.NO_PATH: QCoreApplication.translate(
            "texts", "the game has no file yet"),
        FileProblem.NOT_PDN: QCoreApplication.translate(
            "texts", "this is not a PDN file (it is not text)"),
    }
    unknown = QCoreApplication.translate("texts", "an unknown problem")
    return texts.get(kind, reason or unknown)
