"""PDN problems in the user's language: the PDN layer reports a kind and its values
(:class:`~dame_desktop.pdn.problems.PdnProblem`), this module words them.

One entry point, :func:`pdn_problem_text`, used wherever the window shows a PDN problem (the
problem dialog, the status line when a game is opened).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dame_desktop.pdn.problems import PdnProblem, ProblemKind

__all__ = ["pdn_problem_text"]


def _fill(template: str, *values: object) -> str:
    """``template`` with %1, %2, ... replaced in one pass (a value holding "%2" stays as it is)."""
    out: list[str] = []
    index = 0
    while index < len(template):
        char = template[index]
        if char == "%" and index + 1 < len(template) and template[index + 1] in "123456789":
            number = int(template[index + 1])
            if number <= len(values):
                out.append(str(values[number - 1]))
                index += 2
                continue
        out.append(char)
        index += 1
    return "".join(out)


def _templates() -> dict[ProblemKind, tuple[str, tuple[str, ...]]]:
    """Each kind's translated template and the names of the values for %1, %2, ..."""
    kinds = ProblemKind
    return {
        kinds.UNEXPECTED_TEXT: (
            QCoreApplication.translate("ProblemTexts", "unexpected text '%1'"),
            ("text",),
        ),
        kinds.UNCLOSED_COMMENT: (
            QCoreApplication.translate("ProblemTexts", "comment '{' is never closed"),
            (),
        ),
        kinds.UNCLOSED_VARIATION: (
            QCoreApplication.translate("ProblemTexts", "a variation '(' is never closed"),
            (),
        ),
        kinds.UNMATCHED_CLOSE: (
            QCoreApplication.translate("ProblemTexts", "')' without a matching '('"),
            (),
        ),
        kinds.VARIATION_BEFORE_MOVE: (
            QCoreApplication.translate("ProblemTexts", "a variation '(' before any move"),
            (),
        ),
        kinds.SETUP_AT_VARIATION_START: (
            QCoreApplication.translate("ProblemTexts", "a setup at the start of a variation"),
            (),
        ),
        kinds.BAD_SETUP: (
            QCoreApplication.translate("ProblemTexts", 'setup /%1/ is not /FEN "..."/'),
            ("text",),
        ),
        kinds.BAD_FEN: (
            QCoreApplication.translate("ProblemTexts", "the position '%1' cannot be read: %2"),
            ("fen", "reason"),
        ),
        kinds.ILLEGAL_MOVE: (
            QCoreApplication.translate(
                "ProblemTexts",
                "the move %1 is not possible in the position reached here (%2 to move)",
            ),
            ("move", "side"),
        ),
        kinds.AMBIGUOUS_MOVE: (
            QCoreApplication.translate(
                "ProblemTexts",
                "the capture %1 is ambiguous in the position reached here "
                "(%2 to move): it may be %3",
            ),
            ("move", "side", "options"),
        ),
        kinds.SQUARE_OFF_BOARD: (
            QCoreApplication.translate(
                "ProblemTexts", "square %1 in move %2 is not on the board (1-%3)"
            ),
            ("square", "move", "squares"),
        ),
        kinds.NOT_A_PLAYING_SQUARE: (
            QCoreApplication.translate("ProblemTexts", "%1 in move %2 is not a playing square"),
            ("square", "move"),
        ),
        kinds.UNREADABLE_MOVE: (
            QCoreApplication.translate("ProblemTexts", "cannot read move %1"),
            ("move",),
        ),
        kinds.UNKNOWN_MOVE: (
            QCoreApplication.translate(
                "ProblemTexts", "unknown move '%1': the game cannot be replayed past it"
            ),
            ("text",),
        ),
        kinds.BAD_GAMETYPE: (
            QCoreApplication.translate("ProblemTexts", "the GameType tag '%1' cannot be read"),
            ("value",),
        ),
        kinds.UNSUPPORTED_VARIANT: (
            QCoreApplication.translate("ProblemTexts", "game type %1 (%2) is not played by Dame"),
            ("number", "name"),
        ),
        kinds.UNSUPPORTED_BOARD: (
            QCoreApplication.translate("ProblemTexts", "Dame plays no game on a board of size %1"),
            ("size",),
        ),
        kinds.BAD_RULES_TAG: (
            QCoreApplication.translate("ProblemTexts", "the rules '%1' cannot be read: %2"),
            ("value", "reason"),
        ),
        kinds.TOKEN_TOO_LONG: (
            QCoreApplication.translate(
                "ProblemTexts", "a %1 of %2 characters is too long (at most %3)"
            ),
            ("what", "length", "limit"),
        ),
        kinds.TOO_MANY_PROBLEMS: (
            QCoreApplication.translate("ProblemTexts", "…and %1 more problems of the same kind"),
            ("count",),
        ),
        kinds.INTERNAL_ERROR: (
            QCoreApplication.translate(
                "ProblemTexts",
                "internal error while reading this game (%1)",
            ),
            ("reason",),
        ),
        kinds.CONTROL_CHARACTER: (
            QCoreApplication.translate(
                "ProblemTexts", "control character %1 in this %2: saving the game does not keep it"
            ),
            ("char", "what"),
        ),
        kinds.NOT_PDN: (
            QCoreApplication.translate("ProblemTexts", "this is not a PDN file: %1"),
            ("reason",),
        ),
        kinds.NO_GAME: (QCoreApplication.translate("ProblemTexts", "no game can be read here"), ()),
    }


def _words() -> dict[str, str]:
    """Translations of the English words the PDN layer puts into some values."""
    return {
        "move": QCoreApplication.translate("ProblemTexts", "move"),
        "comment": QCoreApplication.translate("ProblemTexts", "comment"),
        "tag": QCoreApplication.translate("ProblemTexts", "tag"),
        "setup": QCoreApplication.translate("ProblemTexts", "set-up"),
        "text": QCoreApplication.translate("ProblemTexts", "text"),
        "line": QCoreApplication.translate("ProblemTexts", "line"),
        "it is a PNG image": QCoreApplication.translate("ProblemTexts", "it is a PNG image"),
        "it is a GIF image": QCoreApplication.translate("ProblemTexts", "it is a GIF image"),
        "it is a JPEG image": QCoreApplication.translate("ProblemTexts", "it is a JPEG image"),
        "it is a PDF document": QCoreApplication.translate("ProblemTexts", "it is a PDF document"),
        "it is a ZIP archive (or an office document)": QCoreApplication.translate(
            "ProblemTexts", "it is a ZIP archive (or an office document)"
        ),
        "it is a ZIP archive": QCoreApplication.translate("ProblemTexts", "it is a ZIP archive"),
        "it is a gzip archive": QCoreApplication.translate("ProblemTexts", "it is a gzip archive"),
        "it is a program (ELF)": QCoreApplication.translate(
            "ProblemTexts", "it is a program (ELF)"
        ),
        "it holds NUL bytes (binary data)": QCoreApplication.translate(
            "ProblemTexts", "it holds NUL bytes (binary data)"
        ),
        "it holds too many control characters (binary data)": QCoreApplication.translate(
            "ProblemTexts", "it holds too many control characters (binary data)"
        ),
        # problems of the file as a whole that older code reports without a kind
        "some bytes are neither UTF-8 nor Windows-1252": QCoreApplication.translate(
            "ProblemTexts", "some bytes are neither UTF-8 nor Windows-1252"
        ),
    }


def _side_to_move(fen: str) -> str:
    """ "White" or "Black" (the FEN's own letters) for the side to move of ``fen``."""
    first = fen.strip().strip('"')[:1].upper()
    if first == "B":
        return QCoreApplication.translate("ProblemTexts", "Black")
    if first == "W":
        return QCoreApplication.translate("ProblemTexts", "White")
    return QCoreApplication.translate("ProblemTexts", "?")


def pdn_problem_text(problem: PdnProblem) -> str:
    """``problem`` worded in the user's language, its values filled in.

    A problem without a kind (OTHER) keeps its message (translated when it is one of the
    few known ones); English words inside values (a token's name, a NOT_PDN reason) are
    translated where they are known.
    """
    words = _words()
    entry = _templates().get(problem.kind)
    if entry is None:  # OTHER
        return words.get(problem.message, problem.message)
    template, names = entry
    values = dict(problem.value_map())
    if "side" in names:  # the side to move, read off the position's FEN (never the FEN itself)
        values["side"] = _side_to_move(str(values.get("fen", "")))
    filled = []
    for name in names:
        value = values.get(name, "")
        filled.append(words.get(value, value) if isinstance(value, str) else value)
    text = _fill(template, *filled)
    if problem.kind is ProblemKind.UNSUPPORTED_VARIANT and not values.get("name"):
        text = _fill(
            QCoreApplication.translate("ProblemTexts", "game type %1 is not played by Dame"),
            values.get("number", ""),
        )
    return text
