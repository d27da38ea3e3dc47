"""The rule switches in words a family uses: labels, explanations, choices and differences.

The rules dialog, the new-game dialog and the preferences show rules with these texts; every
string is a literal inside ``QCoreApplication.translate("RuleTexts", ...)`` so that lupdate
finds it.  The core's own switch help (``Switch.help``) stays the command line's text.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dame_desktop.core import (
    PRESETS,
    Color,
    ColourNames,
    RulesError,
    RuleSet,
    differences,
    find_rules,
    matching_preset,
)
from dame_desktop.core.rules import SWITCHES, Switch, play_fields
from dame_desktop.core.rules_change import Blocker
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.names import colour_text
from dame_desktop.ui.words.texts import colour_name_text

# The dialog shows the capture choice once, as "capture-rule"; "largest-capture" is the command
# line's shortcut for the same field.
HIDDEN_SWITCHES = frozenset({"largest-capture"})

_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("start", ("first", "touch-move")),
    (
        "capture",
        ("capture-rule", "men-capture-backward", "men-capture-kings", "huffing", "giveaway"),
    ),
    ("kings", ("flying-kings", "landing", "must-land-to-continue", "promotion")),
    (
        "draw",
        (
            "repetition",
            "quiet-plies",
            "quiet-reset-man-move",
            "quiet-reset-promotion",
            "three-kings-diagonal",
            "one-each",
            "kings-vs-king",
            "fmjd-endgame",
            "russian-endgame",
        ),
    ),
)


def sections() -> list[tuple[str, list[Switch]]]:
    """The switches the dialog shows, in sections (key, switches); a switch the core adds
    later and no section names lands in the last section, so that none is ever missing."""
    by_name = {s.name: s for s in SWITCHES}
    out = [(key, [by_name[n] for n in names if n in by_name]) for key, names in _SECTIONS]
    placed = {n for _key, names in _SECTIONS for n in names} | HIDDEN_SWITCHES
    out[-1][1].extend(s for s in SWITCHES if s.name not in placed)
    return out


def section_title(key: str) -> str:
    titles = {
        "start": QCoreApplication.translate("RuleTexts", "Moving"),
        "capture": QCoreApplication.translate("RuleTexts", "Capturing"),
        "kings": QCoreApplication.translate("RuleTexts", "Kings"),
        "draw": QCoreApplication.translate("RuleTexts", "Draw (nobody wins)"),
    }
    return titles.get(key, key)


def switch_label(switch: Switch) -> str:
    """A short label for a rule switch (a check box's text, or the label beside a field)."""
    labels = {
        "first": QCoreApplication.translate("RuleTexts", "Who moves first"),
        "touch-move": QCoreApplication.translate(
            "RuleTexts", "Touch-move: a piece picked up must move"
        ),
        "men-capture-backward": QCoreApplication.translate(
            "RuleTexts", "Men also capture backward"
        ),
        "men-capture-kings": QCoreApplication.translate("RuleTexts", "Men may capture kings"),
        "flying-kings": QCoreApplication.translate("RuleTexts", "Flying kings (move any distance)"),
        "landing": QCoreApplication.translate("RuleTexts", "Where a flying king lands"),
        "must-land-to-continue": QCoreApplication.translate(
            "RuleTexts", "A king must land where it can capture again"
        ),
        "capture-rule": QCoreApplication.translate("RuleTexts", "With several captures"),
        "promotion": QCoreApplication.translate("RuleTexts", "A man crowned while capturing"),
        "huffing": QCoreApplication.translate("RuleTexts", "Huffing (blowing away a piece)"),
        "giveaway": QCoreApplication.translate(
            "RuleTexts", "Giveaway: whoever loses all pieces wins"
        ),
        "repetition": QCoreApplication.translate("RuleTexts", "Draw when a position repeats"),
        "quiet-plies": QCoreApplication.translate(
            "RuleTexts", "Draw after moves without a capture"
        ),
        "quiet-reset-man-move": QCoreApplication.translate(
            "RuleTexts", "A move with a man starts the count again"
        ),
        "quiet-reset-promotion": QCoreApplication.translate(
            "RuleTexts", "A new king starts the count again"
        ),
        "fmjd-endgame": QCoreApplication.translate(
            "RuleTexts", "Short endgames (international rule)"
        ),
        "russian-endgame": QCoreApplication.translate("RuleTexts", "Endgames (Russian rules)"),
        "kings-vs-king": QCoreApplication.translate(
            "RuleTexts", "Three kings against one: moves to win"
        ),
        "three-kings-diagonal": QCoreApplication.translate(
            "RuleTexts", "Three kings against one on the long diagonal"
        ),
        "one-each": QCoreApplication.translate("RuleTexts", "One piece each is a draw"),
    }
    return labels.get(switch.name, switch.name)


def switch_help(switch: Switch) -> str:
    """One or two sentences explaining a rule switch."""
    helps = {
        "first": QCoreApplication.translate(
            "RuleTexts", "Which colour makes the first move of the game."
        ),
        "touch-move": QCoreApplication.translate(
            "RuleTexts",
            "Whoever picks up a piece that can move must move it: putting it back and "
            "taking another one is not allowed.",
        ),
        "men-capture-backward": QCoreApplication.translate(
            "RuleTexts",
            "A plain piece (not a king) may also jump backward when it captures. It still "
            "moves forward only.",
        ),
        "men-capture-kings": QCoreApplication.translate(
            "RuleTexts", "Off: only a king can capture a king, as in Italian draughts."
        ),
        "flying-kings": QCoreApplication.translate(
            "RuleTexts",
            "A king moves and captures any number of free squares along a diagonal. Off: a "
            "king moves one square, forward or backward, as in English checkers.",
        ),
        "landing": QCoreApplication.translate(
            "RuleTexts",
            "After jumping a piece, a flying king may stop on any free square beyond it "
            "(Schmidt), must stop right behind it (ASS Altenburger), or only at the end of "
            "the capture right behind the last piece.",
        ),
        "must-land-to-continue": QCoreApplication.translate(
            "RuleTexts",
            "If the king can capture again from some of its landing squares, it must pick "
            "one of those.",
        ),
        "capture-rule": QCoreApplication.translate(
            "RuleTexts",
            "Capturing is compulsory. This says which capture may be chosen when there are "
            "several: any of them, the one that takes the most pieces, or the Italian, "
            "Spanish or Czech order (most pieces, then with a king or the most kings; Czech: "
            "a king captures first).",
        ),
        "promotion": QCoreApplication.translate(
            "RuleTexts",
            "A man that reaches the far row in the middle of a capture and could capture "
            "on: it becomes a king and the move ends, it becomes a king and captures on, or "
            "it captures on as a man and becomes a king only if the move ends there.",
        ),
        "huffing": QCoreApplication.translate(
            "RuleTexts",
            "A missed capture still counts as a move. The opponent then chooses: let it "
            "stand, blow the piece away (take it off the board), or demand the capture. "
            "Off: whoever can capture must capture, other moves are refused.",
        ),
        "giveaway": QCoreApplication.translate(
            "RuleTexts",
            "The other way round: whoever has lost all pieces or cannot move any more wins.",
        ),
        "repetition": QCoreApplication.translate(
            "RuleTexts",
            "Draw when the same position comes up this many times with the same player to "
            "move. 0 = never.",
        ),
        "quiet-plies": QCoreApplication.translate(
            "RuleTexts",
            "Draw after this many half-moves without a capture. A half-move is one player's "
            "move: 80 half-moves are 40 moves by each player. 0 = never.",
        ),
        "quiet-reset-man-move": QCoreApplication.translate(
            "RuleTexts",
            "Only king moves count towards this draw: when a plain piece moves, counting "
            "starts from zero again (English and international rules).",
        ),
        "quiet-reset-promotion": QCoreApplication.translate(
            "RuleTexts",
            "When a man becomes a king, counting starts from zero again (German rule: 80 "
            "half-moves without a capture and without a new king).",
        ),
        "fmjd-endgame": QCoreApplication.translate(
            "RuleTexts",
            "A lone king against a king with up to two more pieces: draw unless won within "
            "16 moves each (three pieces) or 5 moves each (one or two pieces).",
        ),
        "russian-endgame": QCoreApplication.translate(
            "RuleTexts",
            "A lone king against three pieces with a king while it stands on the long "
            "diagonal, or against two: draw after 5 moves each. Kings on both sides and 4 to "
            "7 pieces on the board: draw after 30 or 60 moves each.",
        ),
        "kings-vs-king": QCoreApplication.translate(
            "RuleTexts",
            "With three or more kings against a lone king, the stronger side must win "
            "within this many of its own moves, or the game is a draw. 0 = no limit.",
        ),
        "three-kings-diagonal": QCoreApplication.translate(
            "RuleTexts",
            "Old German rule: three kings against one king that stands on the long diagonal "
            "a1–h8 is a draw, unless the lone king can be captured at once.",
        ),
        "one-each": QCoreApplication.translate(
            "RuleTexts",
            "Turkish rule: when each side has a single piece left, man or king, the game is "
            "a draw at once.",
        ),
    }
    return helps.get(switch.name, switch.help)


def side_text(value: str, rules: RuleSet | None = None) -> str:
    """The side a switch value ("white"/"black") means, named as ``rules`` name it (Hell,
    Dunkel; White, Black; in English checkers Black moves first); without rules the family
    names Light/Dark."""
    colour = Color.WHITE if value == "white" else Color.BLACK
    if rules is None:
        return colour_name_text(ColourNames.LIGHT_DARK.of(colour))
    return colour_text(rules, colour)


def choice_text(value: str, rules: RuleSet | None = None) -> str:
    """A choice of a switch with choices (an enum value) as text (the sides named as
    ``rules`` name them)."""
    if value in ("white", "black"):
        return side_text(value, rules)
    choices = {
        "any": QCoreApplication.translate("RuleTexts", "any free square beyond"),
        "behind": QCoreApplication.translate("RuleTexts", "right behind the piece"),
        "behind-last": QCoreApplication.translate("RuleTexts", "right behind the last piece"),
        "free": QCoreApplication.translate("RuleTexts", "free choice"),
        "max": QCoreApplication.translate("RuleTexts", "take the most pieces"),
        "italian": QCoreApplication.translate("RuleTexts", "Italian order"),
        "spanish": QCoreApplication.translate("RuleTexts", "Spanish order"),
        "czech": QCoreApplication.translate("RuleTexts", "a king captures first (Czech)"),
        "stop": QCoreApplication.translate("RuleTexts", "becomes a king, the move ends"),
        "continue": QCoreApplication.translate("RuleTexts", "becomes a king and captures on"),
        "pass": QCoreApplication.translate("RuleTexts", "captures on as a man"),
    }
    return choices.get(value, value)


def count_suffix(switch: Switch) -> str:
    """The unit shown after a number field's value (with its leading space)."""
    suffixes = {
        "repetition": QCoreApplication.translate("RuleTexts", " times"),
        "quiet-plies": QCoreApplication.translate("RuleTexts", " half-moves"),
        "kings-vs-king": QCoreApplication.translate("RuleTexts", " moves"),
    }
    return suffixes.get(switch.name, "")


def zero_text(switch: Switch) -> str:
    """What a number field shows at 0 (the rule is off)."""
    if switch.name == "kings-vs-king":
        return QCoreApplication.translate("RuleTexts", "no limit")
    return QCoreApplication.translate("RuleTexts", "never")


def difference_text(switch: Switch, value: str, rules: RuleSet | None = None) -> str:
    """One difference from a preset as a short phrase: 'men also capture backward' (a side
    is named as ``rules`` name it)."""
    on = value == "on"
    name = switch.name
    if name == "men-capture-backward":
        return (
            QCoreApplication.translate("RuleTexts", "men also capture backward")
            if on
            else QCoreApplication.translate("RuleTexts", "men capture forward only")
        )
    if name == "men-capture-kings":
        return (
            QCoreApplication.translate("RuleTexts", "men may capture kings")
            if on
            else QCoreApplication.translate("RuleTexts", "only kings capture kings")
        )
    if name == "flying-kings":
        return (
            QCoreApplication.translate("RuleTexts", "flying kings")
            if on
            else QCoreApplication.translate("RuleTexts", "kings move one square")
        )
    if name == "must-land-to-continue":
        return (
            QCoreApplication.translate("RuleTexts", "a king must land where it can capture again")
            if on
            else QCoreApplication.translate(
                "RuleTexts", "a king may land on any square after a jump"
            )
        )
    if name == "huffing":
        return (
            QCoreApplication.translate("RuleTexts", "with huffing")
            if on
            else QCoreApplication.translate("RuleTexts", "no huffing")
        )
    if name == "giveaway":
        return (
            QCoreApplication.translate("RuleTexts", "giveaway (losing all pieces wins)")
            if on
            else QCoreApplication.translate("RuleTexts", "no giveaway")
        )
    if name == "quiet-reset-man-move":
        return (
            QCoreApplication.translate("RuleTexts", "a move with a man restarts the draw count")
            if on
            else QCoreApplication.translate(
                "RuleTexts", "a move with a man does not restart the draw count"
            )
        )
    if name == "quiet-reset-promotion":
        return (
            QCoreApplication.translate("RuleTexts", "a new king restarts the draw count")
            if on
            else QCoreApplication.translate(
                "RuleTexts", "a new king does not restart the draw count"
            )
        )
    if name == "fmjd-endgame":
        return (
            QCoreApplication.translate("RuleTexts", "short endgames are drawn (international rule)")
            if on
            else QCoreApplication.translate("RuleTexts", "no short-endgame rule")
        )
    if name == "russian-endgame":
        return (
            QCoreApplication.translate("RuleTexts", "Russian endgame rules")
            if on
            else QCoreApplication.translate("RuleTexts", "no Russian endgame rules")
        )
    if name == "three-kings-diagonal":
        return (
            QCoreApplication.translate(
                "RuleTexts", "three kings against one on the long diagonal: draw"
            )
            if on
            else QCoreApplication.translate(
                "RuleTexts", "no draw for three kings against one on the long diagonal"
            )
        )
    if name == "one-each":
        return (
            QCoreApplication.translate("RuleTexts", "one piece each: draw")
            if on
            else QCoreApplication.translate("RuleTexts", "no draw for one piece each")
        )
    if name == "touch-move":
        return (
            QCoreApplication.translate("RuleTexts", "touch-move (a piece picked up must move)")
            if on
            else QCoreApplication.translate("RuleTexts", "no touch-move")
        )
    if name == "first":
        return QCoreApplication.translate("RuleTexts", "%1 moves first").replace(
            "%1", side_text(value, rules)
        )
    if name == "repetition":
        if value == "0":
            return QCoreApplication.translate("RuleTexts", "no draw by repetition")
        return QCoreApplication.translate(
            "RuleTexts", "draw when a position comes up %1 times"
        ).replace("%1", value)
    if name == "quiet-plies":
        if value == "0":
            return QCoreApplication.translate("RuleTexts", "no draw for moves without a capture")
        return QCoreApplication.translate(
            "RuleTexts", "draw after %1 half-moves without a capture"
        ).replace("%1", value)
    if name == "kings-vs-king":
        if value == "0":
            return QCoreApplication.translate(
                "RuleTexts", "no move limit for three kings against one"
            )
        return QCoreApplication.translate(
            "RuleTexts", "three kings against one must win within %1 moves"
        ).replace("%1", value)
    if switch.choices:  # landing, capture-rule, promotion
        return f"{switch_label(switch)}: {choice_text(value, rules)}"
    return f"{switch_label(switch)}: {value}"


def base_preset(rules: RuleSet) -> RuleSet:
    """The preset ``rules`` were made from: the matching one, else the one whose key they
    carry (a changed preset keeps its key), else the nearest."""
    preset = matching_preset(rules)
    if preset is not None:
        return preset
    try:
        return find_rules(rules.key)
    except RulesError:
        return nearest_preset(rules)


def nearest_preset(rules: RuleSet) -> RuleSet:
    """The preset that differs from ``rules`` in the fewest parameters."""
    fields = play_fields()

    def distance(preset: RuleSet) -> int:
        return sum(getattr(preset, f) != getattr(rules, f) for f in fields)

    return min(PRESETS, key=distance)


def difference_phrases(rules: RuleSet, base: RuleSet | None = None) -> list[str]:
    """Every way ``rules`` differ from ``base`` (their own preset by default), in words."""
    base = base_preset(rules) if base is None else base
    by_name = {s.name: s for s in SWITCHES}
    return [
        difference_text(by_name[name], value, rules)
        for name, value in differences(rules, base).items()
    ]


def describe_rules(rules: RuleSet, base: RuleSet | None = None) -> str:
    """'German (Schmidt)' for a preset, else 'German (Schmidt) + men also capture backward,
    no huffing': the preset and what differs from it."""
    base = base_preset(rules) if base is None else base
    phrases = difference_phrases(rules, base)
    if not phrases:
        return texts.rules_name(base)
    return (
        QCoreApplication.translate("RuleTexts", "%1 + %2")
        .replace("%1", texts.rules_name(base))
        .replace("%2", ", ".join(phrases))
    )


def blocker_text(blocker: Blocker) -> str:
    """Why the new rules cannot take over the game in progress, as a sentence."""
    reasons = {
        Blocker.BOARD: QCoreApplication.translate(
            "RuleTexts", "The new rules are played on another board."
        ),
        Blocker.NUMBERING: QCoreApplication.translate(
            "RuleTexts", "The new rules number and turn the board differently."
        ),
        Blocker.GAME_OVER: QCoreApplication.translate("RuleTexts", "The game is already over."),
        Blocker.MAN_ON_CROWNING_ROW: QCoreApplication.translate(
            "RuleTexts", "A man stands on the row where it would have been crowned."
        ),
        Blocker.HUFF_PENDING: QCoreApplication.translate(
            "RuleTexts", "A huffing decision is still open: decide it first."
        ),
        Blocker.TOWERS: QCoreApplication.translate(
            "RuleTexts", "Towers stand on the board, and the new rules have none."
        ),
    }
    return reasons[blocker]
