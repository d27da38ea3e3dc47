"""Core enums and data turned into translated text.  The core never produces user text.

Every string is a literal inside ``QCoreApplication.translate`` so that lupdate finds it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dame_desktop.core import Color, ColourName, Reason, RuleSet, matching_preset
from dame_desktop.store.files import FileProblem


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
    named; ``ui.words.names.colour_text`` is the same."""
    return colour_name_text(rules.colour_name(colour))


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
        Reason.ONE_EACH: QCoreApplication.translate(
            "texts", "one piece each (a draw by the rules)"
        ),
        Reason.AGREEMENT: QCoreApplication.translate("texts", "agreed by both players"),
        Reason.RESIGNATION: QCoreApplication.translate("texts", "resignation"),
        Reason.TIME: QCoreApplication.translate("texts", "the time ran out"),
    }
    return texts[reason]


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


def file_problem(kind: FileProblem, reason: str = "") -> str:
    """Why a file could not be opened or saved, in the user's language (``reason``, the
    system's own words, only where no sentence of ours says it)."""
    texts = {
        FileProblem.READ_ONLY: QCoreApplication.translate("texts", "the file is write-protected"),
        FileProblem.FOLDER_READ_ONLY: QCoreApplication.translate(
            "texts", "no file can be made in this folder"
        ),
        FileProblem.FOLDER_MISSING: QCoreApplication.translate(
            "texts", "the folder does not exist"
        ),
        FileProblem.DISK_FULL: QCoreApplication.translate("texts", "the disk is full"),
        FileProblem.NOT_A_FILE: QCoreApplication.translate(
            "texts", "there is a folder or device at this place, not a file"
        ),
        FileProblem.NOT_FOUND: QCoreApplication.translate("texts", "there is no such file"),
        FileProblem.PERMISSION: QCoreApplication.translate("texts", "the system does not allow it"),
        FileProblem.TOO_BIG: QCoreApplication.translate("texts", "the file is too big"),
        FileProblem.NO_PATH: QCoreApplication.translate("texts", "the game has no file yet"),
        FileProblem.NOT_PDN: QCoreApplication.translate(
            "texts", "this is not a PDN file (it is not text)"
        ),
    }
    unknown = QCoreApplication.translate("texts", "an unknown problem")
    return texts.get(kind, reason or unknown)
