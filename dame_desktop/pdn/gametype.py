"""GameType tag <-> RuleSet, our ``Rules`` tag for house rules, and result styles.

PDN's GameType (``"20"`` or ``"20,W,10,10,N2,0"``) names a variant by number.  German rules
have no number: they are written with a 21-shaped full form and our ``Rules`` tag, e.g.
``[Rules "german; huffing=on"]`` -- the preset key followed by the switches that differ
(``dame rules --help``).  A Rules tag always decides over GameType, so a game reopens with
exactly its rules.  Without either tag the rules are guessed from the FEN, the board size and
the notation of the moves, else the caller's default.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core import Color, Numbering, RulesError, RuleSet, apply_switches, differences, find_rules
from ..core.rules import PRESETS
from .problems import PdnProblem, ProblemKind

GAMETYPE_PRESETS: dict[int, str] = {
    20: "international",
    21: "english",
    22: "italian",
    23: "pool",
    24: "spanish",
    25: "russian",
    26: "brazilian",
    28: "spanish",  # Portuguese: the same rules and numbering as Spanish
    29: "czech",
    30: "turkish",
    # Bashni (column draughts) has no number in the PDN standard: a number outside its list,
    # written together with [Variant "Bashni"] (README: "Towers in FEN and PDN")
    97: "bashni",
}
BASHNI_GAMETYPE = 97
UNSUPPORTED = {
    0: "chess",
    1: "Chinese chess",
    27: "Canadian draughts",
    31: "Thai draughts",
    40: "Frisian draughts",
    41: "Spantsiretti",
    50: "Othello",
}
_PRESET_OF_NUMBER = {number: key for number, key in GAMETYPE_PRESETS.items() if number != 28}
_GAMETYPE = re.compile(
    r"\s*([0-9]{1,5})\s*(?:,\s*([WB?])\s*,\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*,\s*([ANS])"
    r"\s*([0-3])\s*(?:,\s*([01]))?)?\s*",
    re.IGNORECASE,
)
_FOREIGN = re.compile(r"[^\x00-\x7f]")
_VARIANTS = {
    "standard": "international",
    "international": "international",
    "english": "english",
    "american": "english",
    "checkers": "english",
    "italian": "italian",
    "pool": "pool",
    "spanish": "spanish",
    "portuguese": "spanish",
    "russian": "russian",
    "brazilian": "brazilian",
    "czech": "czech",
    "german": "german",
    "turkish": "turkish",
    "bashni": "bashni",
}


@dataclass(frozen=True)
class GameType:
    """A parsed GameType tag; the optional fields are None in the bare form."""

    number: int
    first: Color | None = None
    width: int | None = None
    height: int | None = None
    notation: str | None = None  # "A", "N" or "S", followed by the corner digit
    invert: int | None = None


def parse_gametype(text: str) -> GameType:
    """Parse a GameType value; raises ValueError naming the problem."""
    m = _GAMETYPE.fullmatch(text)
    if not m:
        raise ValueError(f"GameType {text!r} is not 'number' or 'number,W,w,h,N1,0'")
    number = int(m.group(1))
    if m.group(2) is None:
        return GameType(number)
    colour = m.group(2).upper()
    return GameType(
        number,
        None if colour == "?" else Color(colour),
        int(m.group(3)),
        int(m.group(4)),
        m.group(5).upper() + m.group(6),
        int(m.group(7)) if m.group(7) is not None else None,
    )


def gametype_text(rules: RuleSet) -> str:
    """The six-field GameType of ``rules`` (PDN 3.0 full form)."""
    if rules.algebraic:
        notation = "A0"
    else:
        corner = 1 if rules.numbering is Numbering.SPANISH else 2  # seen from White's side
        if rules.first is Color.BLACK:
            corner = 3 - corner
        notation = f"N{corner}"
    invert = 0 if rules.numbering is Numbering.STANDARD else 1
    size = rules.board_size
    return f"{rules.gametype},{rules.first.value},{size},{size},{notation},{invert}"


def rules_tag(rules: RuleSet) -> str | None:
    """Our Rules tag for ``rules``, or None when GameType alone says everything."""
    base = _base_preset(rules)
    diffs = differences(rules, base)
    if not diffs and _preset_of_gametype(rules.gametype) == base.key == rules.key:
        return None
    parts = [base.key] + [f"{name}={value}" for name, value in diffs.items()]
    return "; ".join(parts)


def _base_preset(rules: RuleSet) -> RuleSet:
    try:
        return find_rules(rules.key)
    except RulesError:
        pass
    for preset in PRESETS:
        if preset.gametype == rules.gametype and preset.board_size == rules.board_size:
            return preset
    return (
        next(p for p in PRESETS if p.board_size == rules.board_size)
        if any(p.board_size == rules.board_size for p in PRESETS)
        else PRESETS[0]
    )


def _preset_of_gametype(number: int) -> str | None:
    return _PRESET_OF_NUMBER.get(number)


def parse_rules_tag(text: str) -> RuleSet:
    """``"german; huffing=on; landing=behind"`` -> RuleSet; raises RulesError naming the part."""
    parts = [p.strip() for p in re.split(r"[;,]", text) if p.strip()]
    if not parts:
        raise RulesError("the Rules tag is empty")
    foreign = _FOREIGN.search(text)
    if foreign is not None:  # numbers are ASCII digits; names are ASCII words
        raise RulesError(f"{foreign.group()!r} in {text!r} is not part of a rule name or value")
    rules = find_rules(parts[0])
    if len(parts) > 1:
        rules = apply_switches(rules, parts[1:])
    return rules


def rules_from_gametype(gt: GameType) -> RuleSet:
    """The rule set a GameType names; raises RulesError for variants Dame does not play."""
    key = GAMETYPE_PRESETS.get(gt.number)
    if key is None:
        name = UNSUPPORTED.get(gt.number)
        what = f" ({name})" if name else ""
        raise RulesError(f"GameType {gt.number}{what} is not a rule set Dame plays")
    rules = find_rules(key)
    changes: dict[str, object] = {}
    if gt.first is not None and gt.first is not rules.first:
        changes["first"] = gt.first
    if gt.notation is not None and gt.notation[0] in "AN":
        algebraic = gt.notation[0] == "A"
        if algebraic != rules.algebraic and rules.board_size == 8 and not rules.names_squares:
            changes["algebraic"] = algebraic
    if changes:
        rules = dataclasses.replace(rules, **changes)  # type: ignore[arg-type]
    return rules


_NUMERIC = re.compile(r"[0-9]+")
_ALGEBRAIC = re.compile(r"[a-l]([0-9]{1,2})")
_COMPACT = re.compile(r"\b[0-9]{4}\b")
_DIGITS = frozenset("0123456789")


def board_shape(move_texts: Sequence[str], fen: str | None) -> tuple[int | None, bool | None]:
    """(board size, algebraic?) implied by the FEN and the moves, None where unknown."""
    largest = 0
    algebraic: bool | None = None
    files = 0
    if fen:
        for part in fen.strip().rstrip(".").split(":")[1:]:
            if not part or part[0].upper() not in "WB":
                continue
            for item in part[1:].split(","):
                for square in item.strip().lstrip("Kk").split("-"):
                    square = square.strip().lstrip("Kk").lower()
                    if square and len(square) <= 3 and set(square) <= _DIGITS:
                        largest = max(largest, int(square))
                    elif _ALGEBRAIC.fullmatch(square):
                        algebraic = True
                        files = max(files, "abcdefghijkl".index(square[0]) + 1, int(square[1:]))
    joined = " ".join(move_texts[:40]).lower()
    if joined:
        letters = _ALGEBRAIC.findall(joined)
        if letters:
            algebraic = True
            for m in _ALGEBRAIC.finditer(joined):
                files = max(files, "abcdefghijkl".index(m.group()[0]) + 1, int(m.group(1)))
        elif not algebraic:
            algebraic = False
            numbers = [int(x) for x in _NUMERIC.findall(joined)]
            compact = [int(x) for x in _COMPACT.findall(joined)]
            for value in compact:
                numbers.append(max(value // 100, value % 100))
                numbers.remove(value)
            largest = max([largest, *numbers])
    size: int | None = None
    if largest > 50 or files > 10:
        size = 12
    elif largest > 32 or files > 8:
        size = 10
    elif largest > 0 or files > 0:
        size = 8
    return size, algebraic


@dataclass(frozen=True)
class RulesChoice:
    """The rules chosen for a game, whether they were guessed, and problems to report."""

    rules: RuleSet | None
    guessed: bool
    problems: tuple[tuple[str, PdnProblem], ...] = ()  # (tag name, problem not yet placed)
    alternatives: tuple[RuleSet, ...] = ()


def choose_rules(
    headers: Mapping[str, str], move_texts: Sequence[str], default: RuleSet | None
) -> RulesChoice:
    """:func:`_choose_rules`; ``[Variant "Bashni"]`` names Bashni whatever GameType says
    (Bashni's own number is not in the standard, so another program may write Russian's)."""
    variant = headers.get("Variant", "")
    if variant.strip().lower() == "bashni" and "Rules" not in headers:
        headers = {**headers, "GameType": str(BASHNI_GAMETYPE)}
    return _choose_rules(headers, move_texts, default)


def _choose_rules(
    headers: Mapping[str, str], move_texts: Sequence[str], default: RuleSet | None
) -> RulesChoice:
    """Rules tag, then GameType, then Variant, then FEN/board/notation heuristics, then default.

    A caller's ``default`` wins over the guess whenever it fits the board and notation.
    Without one, numeric 8x8 games are English (PDN 2.0 covered English only, and OCA and
    CheckerBoard write no GameType) unless White opens from squares 21-32; an empty game
    is German.

    ``rules`` is None when the game names a variant Dame cannot play.
    """
    problems: list[tuple[str, PdnProblem]] = []
    gt: GameType | None = None
    gt_text = headers.get("GameType")
    if gt_text is not None and gt_text.strip():
        try:
            gt = parse_gametype(gt_text)
        except ValueError as exc:
            problems.append(
                (
                    "GameType",
                    PdnProblem(str(exc), 0, 0, ProblemKind.BAD_GAMETYPE, (("value", gt_text),)),
                )
            )
    rules_text = headers.get("Rules")
    if rules_text is not None:
        try:
            rules = parse_rules_tag(rules_text)
        except RulesError as exc:
            problems.append(
                (
                    "Rules",
                    PdnProblem(
                        f"Rules tag: {exc}",
                        0,
                        0,
                        ProblemKind.BAD_RULES_TAG,
                        (("value", rules_text), ("reason", str(exc))),
                    ),
                )
            )
        else:
            if (
                gt is not None
                and gt.notation is not None
                and rules.board_size == 8
                and not rules.names_squares
            ):
                wants = gt.notation[0] == "A"
                if wants != rules.algebraic:
                    rules = dataclasses.replace(rules, algebraic=wants)
            return RulesChoice(rules, False, tuple(problems))
    if gt is not None:
        try:
            return RulesChoice(rules_from_gametype(gt), False, tuple(problems))
        except RulesError as exc:
            problems.append(
                (
                    "GameType",
                    PdnProblem(
                        str(exc),
                        0,
                        0,
                        ProblemKind.UNSUPPORTED_VARIANT,
                        (("number", gt.number), ("name", UNSUPPORTED.get(gt.number, ""))),
                    ),
                )
            )
            return RulesChoice(None, False, tuple(problems))
    variant = headers.get("Variant")
    if variant is not None and variant.strip().lower() in _VARIANTS:
        return RulesChoice(find_rules(_VARIANTS[variant.strip().lower()]), False, tuple(problems))
    fen = _fen_of(headers)
    if "Bianco" in headers or "Nero" in headers:  # Italian tag names: an Italian game
        italian = find_rules("italian")
        return RulesChoice(italian, True, tuple(problems), _others(italian, 8, False))
    size, algebraic = board_shape(move_texts, fen)
    if size is None:
        return RulesChoice(default or find_rules("german"), True, tuple(problems), ())
    if size == 12:
        problems.append(
            (
                "",
                PdnProblem(
                    "12x12 squares: Canadian draughts is not a rule set Dame plays",
                    0,
                    0,
                    ProblemKind.UNSUPPORTED_BOARD,
                    (("size", 12),),
                ),
            )
        )
        return RulesChoice(None, True, tuple(problems))
    fits = (
        default is not None
        and default.board_size == size
        and (algebraic is None or size != 8 or default.algebraic == algebraic)
    )
    if (
        default is not None
        and fits
        and not (
            size == 8
            and not algebraic
            and _black_starts(move_texts, fen)
            and default.first is Color.WHITE
        )
    ):
        return RulesChoice(default, True, tuple(problems), _others(default, size, algebraic))
    if size == 10:
        guess = find_rules("international")
    elif algebraic:
        guess = find_rules("russian")
    elif _black_starts(move_texts, fen):
        guess = find_rules("english")
    elif default is not None and default.board_size == 8:
        guess = default
    elif fen is None and _first_from(move_texts) in range(21, 33):
        guess = find_rules("german")  # White opens from the bottom rows: not English
    else:
        guess = find_rules("english")
    return RulesChoice(guess, True, tuple(problems), _others(guess, size, algebraic))


def _others(chosen: RuleSet, size: int, algebraic: bool | None) -> tuple[RuleSet, ...]:
    """Other presets worth a try when the guess fails: same board and notation first."""

    def rank(p: RuleSet) -> tuple[int, int]:
        return (p.board_size != size, algebraic is not None and p.algebraic != algebraic)

    key = (id(chosen), size, algebraic)
    found = _OTHERS.get(key)
    if found is None or found[0] is not chosen:
        found = (chosen, tuple(sorted((p for p in PRESETS if p is not chosen), key=rank)))
        if len(_OTHERS) >= _OTHERS_KEPT:  # a caller's own rule sets: one per call, maybe
            _OTHERS.clear()
        _OTHERS[key] = found
    return found[1]


_OTHERS: dict[tuple[int, int, bool | None], tuple[RuleSet, tuple[RuleSet, ...]]] = {}
_OTHERS_KEPT = 64


def _fen_of(headers: Mapping[str, str]) -> str | None:
    for key in ("FEN", "Fen", "fen"):
        if key in headers:
            return headers[key]
    return None


def _first_from(move_texts: Sequence[str]) -> int | None:
    for text in move_texts[:1]:
        m = _NUMERIC.match(text.strip())
        if m:
            return int(m.group())
    return None


def _black_starts(move_texts: Sequence[str], fen: str | None) -> bool:
    """English-style numbering with Black (on 1-12) moving first."""
    if fen:
        return fen.strip().upper().startswith("B")
    for text in move_texts[:1]:
        m = _NUMERIC.match(text.strip())
        if m:
            return 1 <= int(m.group()) <= 12
    return False


KNOWN_RESULTS = frozenset(("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "½-½", "0.5-0.5"))


def result_style(rules: RuleSet) -> str:
    """``"international"`` (2-0, 1-1, 0-2) for 10x10 and 12x12, else ``"default"`` (1-0 ...)."""
    return "international" if rules.board_size >= 10 else "default"


def styled_result(token: str, rules: RuleSet) -> str:
    """A result token in the rule set's style; unknown strings are kept as they are."""
    from .tree import result_scores

    text = token.strip()
    if text in ("*", ""):
        return "*"
    scores = result_scores(text) if text in KNOWN_RESULTS else None
    if scores is None:
        return text
    first, second = scores
    intl = result_style(rules) == "international"
    if first == second == 0:
        return "0-0"
    if first > second:
        return "2-0" if intl else "1-0"
    if second > first:
        return "0-2" if intl else "0-1"
    return "1-1" if intl else "1/2-1/2"
