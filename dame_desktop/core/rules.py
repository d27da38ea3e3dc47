"""Rule sets as data: every variant and every German house rule is a parameter.

Generic code reads these parameters and never asks which preset it is looking at.
A house rule is ``dataclasses.replace(preset, ...)`` or :func:`apply_switches`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .digits import ascii_int
from .errors import RulesError


class Color(enum.Enum):
    """The two sides; WHITE is the light side, which sits at the bottom of the board."""

    WHITE = "W"
    BLACK = "B"

    @property
    def opponent(self) -> Color:
        return Color.BLACK if self is Color.WHITE else Color.WHITE


class Numbering(enum.Enum):
    """How the playable squares are numbered (RULES.md section 1)."""

    STANDARD = "standard"  # 1 = top-left dark square (b8 / b10), a1 dark
    ITALIAN = "italian"  # mirrored board, 1 = a8, dark square at each player's lower right
    SPANISH = "spanish"  # Italian mirrored by number: n = 33 - n(italian), White on 1-12


class Landing(enum.Enum):
    """Where a flying king may land after jumping a piece."""

    ANY = "any"  # any free square beyond (Schmidt, FMJD, Russian)
    BEHIND = "behind"  # directly behind every captured piece (ASS Altenburger)
    BEHIND_LAST = "behind-last"  # free while capturing, directly behind the last piece at the end


class CaptureRule(enum.Enum):
    """Which of several complete capture sequences a player may choose."""

    FREE = "free"
    MAX = "max"  # most pieces
    ITALIAN = "italian"  # most pieces, then with a king, then most kings, then earliest king
    SPANISH = "spanish"  # most pieces, then most kings
    CZECH = "czech"  # a king capture has priority, otherwise free


class Promotion(enum.Enum):
    """What a man does when a capture takes it across the promotion row."""

    STOP = "stop"  # crowned, the move ends
    CONTINUE = "continue"  # crowned at once, continues capturing as a king (Russian)
    PASS = "pass"  # continues as a man; crowned only when the move ends there (FMJD)


class BoardSquares(enum.Enum):
    """Which squares of the board are played on."""

    DARK = "dark"  # the dark squares only (every rule set played diagonally)
    ALL = "all"  # all of them (Turkish draughts)


class Directions(enum.Enum):
    """The lines pieces move and capture along."""

    DIAGONAL = "diagonal"
    ORTHOGONAL = "orthogonal"  # forward, backward, left and right (Turkish draughts)


class Removal(enum.Enum):
    """When the pieces jumped in a capture leave the board."""

    AT_END = "at-end"  # after the whole move: a piece blocks and is never jumped twice
    IMMEDIATE = "immediate"  # as soon as it is jumped: its square may be crossed again


class ColourName(enum.Enum):
    """One traditional name of a side's pieces; the UI translates it (Hell, Weiß, ...)."""

    LIGHT = "light"
    DARK = "dark"
    WHITE = "white"
    BLACK = "black"


class ColourNames(enum.Enum):
    """How a rule set's tradition names the two sides (``Color.WHITE``, ``Color.BLACK``).

    ``Color.WHITE`` is always the side on 21-32 (31-50) at the bottom, whoever starts:
    German family sets say Hell/Dunkel (seed 003), the federations' texts say White and
    Black (FMJD, WCDF: in English checkers Black moves first, ``RuleSet.first``).
    """

    LIGHT_DARK = "light-dark"
    WHITE_BLACK = "white-black"

    def of(self, colour: Color) -> ColourName:
        """The name of ``colour``'s pieces under this naming."""
        return _COLOUR_NAMES[self][0 if colour is Color.WHITE else 1]


_COLOUR_NAMES: dict[ColourNames, tuple[ColourName, ColourName]] = {
    ColourNames.LIGHT_DARK: (ColourName.LIGHT, ColourName.DARK),
    ColourNames.WHITE_BLACK: (ColourName.WHITE, ColourName.BLACK),
}


@dataclass(frozen=True)
class RuleSet:
    """All parameters of a draughts rule set.  Frozen and hashable."""

    key: str
    name: str
    name_de: str
    gametype: int
    board_size: int = 8
    numbering: Numbering = Numbering.STANDARD
    board_squares: BoardSquares = BoardSquares.DARK
    directions: Directions = Directions.DIAGONAL
    men_rows: int = 0  # rows of men each side starts with; 0: 3 on 8x8, else (size - 2) / 2
    empty_back_rows: int = 0  # rows left empty behind the men at the start
    first: Color = Color.WHITE
    men_capture_backward: bool = False
    men_capture_kings: bool = True
    flying_kings: bool = True
    landing: Landing = Landing.ANY
    must_land_to_continue: bool = True
    capture_rule: CaptureRule = CaptureRule.FREE
    promotion: Promotion = Promotion.STOP
    removal: Removal = Removal.AT_END
    no_reversal: bool = False  # a capture may not turn back 180 degrees between two jumps
    towers: bool = False  # jumped pieces go under the capturing tower (Bashni)
    huffing: bool = False
    giveaway: bool = False
    algebraic: bool = False  # preferred move notation for display and PDN
    capture_separator: str = "x"
    # Draw rules.  Counts are in plies unless named "moves".
    draw_repetition: int = 3  # n-fold repetition with the same side to move; 0 = off
    draw_quiet_plies: int = 0  # plies without capture (see the two resets); 0 = off
    draw_quiet_reset_man_move: bool = False
    draw_quiet_reset_promotion: bool = False
    draw_fmjd_endgame: bool = False  # 16 / 5 moves in the few-piece king endings
    draw_russian_endgame: bool = False  # fmjd64 7.2.6 - 7.2.8
    draw_kings_vs_king_moves: int = 0  # 3+ kings vs a lone king: strong side's move limit
    draw_three_kings_diagonal: bool = False  # old German rule: 3 kings vs 1 on a1-h8
    draw_one_each: bool = False  # one piece each, man or king, is a draw (Turkish)
    touch_move: bool = False  # a touched piece must move (Game.touch; seed 001)
    # How the sides are called (not a rule: no switch, ignored by matching_preset)
    colour_names: ColourNames = ColourNames.WHITE_BLACK

    @property
    def squares(self) -> int:
        if self.board_squares is BoardSquares.ALL:
            return self.board_size * self.board_size
        return self.board_size * self.board_size // 2

    @property
    def names_squares(self) -> bool:
        """Squares are written by name only (``a3``): a board of all squares has no numbers
        of its own in the PDN standard (Turkish); FENs and move lists use the names."""
        return self.board_squares is BoardSquares.ALL

    @property
    def start_rows(self) -> int:
        if self.men_rows:
            return self.men_rows
        return 3 if self.board_size == 8 else (self.board_size - 2) // 2

    def colour_name(self, colour: Color) -> ColourName:
        """The traditional name of ``colour``'s pieces under this rule set."""
        return self.colour_names.of(colour)

    @property
    def first_colour_name(self) -> ColourName:
        """The name of the side that moves first (Black in English checkers)."""
        return self.colour_names.of(self.first)

    @property
    def second_colour_name(self) -> ColourName:
        return self.colour_names.of(self.first.opponent)

    @property
    def is_custom(self) -> bool:
        return matching_preset(self) is None

    def with_switches(self, switches: Mapping[str, str] | Iterable[str]) -> RuleSet:
        return apply_switches(self, switches)


GERMAN = RuleSet(
    key="german",
    name="German (Schmidt)",
    name_de="Deutsch (Schmidt)",
    gametype=21,  # no PDN number of its own; the PDN tag "Rules" carries the rule set
    draw_quiet_plies=80,
    draw_quiet_reset_promotion=True,
    draw_three_kings_diagonal=True,
    colour_names=ColourNames.LIGHT_DARK,
)

GERMAN_ASS = dataclasses.replace(
    GERMAN,
    key="german-ass",
    name="German (ASS Altenburger)",
    name_de="Deutsch (ASS Altenburger)",
    landing=Landing.BEHIND,
)

ENGLISH = RuleSet(
    key="english",
    name="English draughts / American checkers",
    name_de="Englisch / Amerikanisch (Checkers)",
    gametype=21,
    first=Color.BLACK,
    flying_kings=False,
    landing=Landing.BEHIND,
    draw_quiet_plies=80,
    draw_quiet_reset_man_move=True,
)

INTERNATIONAL = RuleSet(
    key="international",
    name="International (FMJD 10x10)",
    name_de="International (FMJD 10×10)",
    gametype=20,
    board_size=10,
    men_capture_backward=True,
    capture_rule=CaptureRule.MAX,
    promotion=Promotion.PASS,
    draw_quiet_plies=50,
    draw_quiet_reset_man_move=True,
    draw_fmjd_endgame=True,
)

RUSSIAN = RuleSet(
    key="russian",
    name="Russian (shashki)",
    name_de="Russisch (Schaschki)",
    gametype=25,
    men_capture_backward=True,
    promotion=Promotion.CONTINUE,
    algebraic=True,
    capture_separator=":",
    draw_quiet_plies=30,
    draw_quiet_reset_man_move=True,
    draw_russian_endgame=True,
    draw_kings_vs_king_moves=15,
)

BRAZILIAN = RuleSet(
    key="brazilian",
    name="Brazilian",
    name_de="Brasilianisch",
    gametype=26,
    men_capture_backward=True,
    capture_rule=CaptureRule.MAX,
    promotion=Promotion.PASS,
    algebraic=True,
    draw_quiet_plies=40,  # national rule: 20 successive king moves each without capture
    draw_quiet_reset_man_move=True,
)

POOL = RuleSet(
    key="pool",
    name="Pool checkers (APCA)",
    name_de="Pool-Checkers (APCA)",
    gametype=23,
    first=Color.BLACK,
    men_capture_backward=True,
    promotion=Promotion.PASS,
    draw_kings_vs_king_moves=13,
)

ITALIAN = RuleSet(
    key="italian",
    name="Italian (FID)",
    name_de="Italienisch (FID)",
    gametype=22,
    numbering=Numbering.ITALIAN,
    men_capture_kings=False,
    flying_kings=False,
    landing=Landing.BEHIND,
    capture_rule=CaptureRule.ITALIAN,
)

SPANISH = RuleSet(
    key="spanish",
    name="Spanish / Portuguese",
    name_de="Spanisch / Portugiesisch",
    gametype=24,
    numbering=Numbering.SPANISH,
    capture_rule=CaptureRule.SPANISH,
    draw_quiet_plies=40,
    draw_quiet_reset_man_move=True,
)

CZECH = RuleSet(
    key="czech",
    name="Czech",
    name_de="Tschechisch",
    gametype=29,
    capture_rule=CaptureRule.CZECH,
    algebraic=True,
    draw_quiet_plies=30,
    draw_quiet_reset_man_move=True,
)

TURKISH = RuleSet(
    key="turkish",
    name="Turkish (Dama)",
    name_de="Türkisch (Dama)",
    gametype=30,
    board_squares=BoardSquares.ALL,
    directions=Directions.ORTHOGONAL,
    men_rows=2,
    empty_back_rows=1,
    capture_rule=CaptureRule.MAX,
    # a man that reaches the last row inside a capture goes on capturing as a man and is
    # crowned when the move ends there (docs/RULES-decisions.md gives the sources)
    promotion=Promotion.PASS,
    removal=Removal.IMMEDIATE,
    no_reversal=True,
    algebraic=True,
    draw_one_each=True,
)

BASHNI = dataclasses.replace(
    RUSSIAN,
    key="bashni",
    name="Bashni (column draughts)",
    name_de="Baschni (Säulendame)",
    gametype=97,  # no PDN number: one outside the standard's list, with [Variant "Bashni"]
    towers=True,
    # a tower's top is taken as it is jumped; what is left stays (docs/RULES-decisions.md)
    removal=Removal.IMMEDIATE,
    # Russian's endgame counters count pieces, which towers keep on the board
    draw_russian_endgame=False,
    draw_kings_vs_king_moves=0,
)

PRESETS: tuple[RuleSet, ...] = (
    GERMAN,
    GERMAN_ASS,
    ENGLISH,
    INTERNATIONAL,
    RUSSIAN,
    BRAZILIAN,
    POOL,
    ITALIAN,
    SPANISH,
    CZECH,
    TURKISH,
    BASHNI,
)

_BY_KEY = {preset.key: preset for preset in PRESETS}


def find_rules(key: str) -> RuleSet:
    """Return the preset called ``key``; raises RulesError for an unknown key."""
    try:
        return _BY_KEY[key.strip().lower()]
    except KeyError:
        known = ", ".join(_BY_KEY)
        raise RulesError(f"unknown rule set {key!r} (known: {known})") from None


NAME_FIELDS = frozenset({"key", "name", "name_de", "gametype", "colour_names"})
"""The fields of a RuleSet that name it (and its sides) without changing how it plays."""


def play_fields() -> tuple[str, ...]:
    """The fields of a RuleSet that decide how a game is played (every field but the names)."""
    return tuple(f.name for f in dataclasses.fields(RuleSet) if f.name not in NAME_FIELDS)


def same_play(a: RuleSet, b: RuleSet) -> bool:
    """True when ``a`` and ``b`` play exactly alike: the same rules apart from the name
    fields (:data:`NAME_FIELDS`: key, names, GameType, the sides' colour names)."""
    return all(getattr(a, f) == getattr(b, f) for f in play_fields())


def matching_preset(rules: RuleSet) -> RuleSet | None:
    """The preset that plays exactly like ``rules`` (names aside), or None for custom."""
    for preset in PRESETS:
        if same_play(preset, rules):
            return preset
    return None


# --- switches: the NAME=VALUE interface shared by the CLI, PDN and settings ---------------


@dataclass(frozen=True)
class Switch:
    """One user-settable rule parameter."""

    name: str
    field: str
    kind: str  # "bool", "int" or an enum's name
    help: str
    choices: tuple[str, ...] = ()


_TRUE = {"1", "yes", "on", "true", "ja", "y"}
_FALSE = {"0", "no", "off", "false", "nein", "n"}

SWITCHES: tuple[Switch, ...] = (
    Switch(
        "first",
        "first",
        "color",
        "who moves first: white (light) or black (dark)",
        ("white", "black"),
    ),
    Switch(
        "men-capture-backward",
        "men_capture_backward",
        "bool",
        "men may capture backward as well as forward",
    ),
    Switch(
        "men-capture-kings", "men_capture_kings", "bool", "men may capture kings (off in Italian)"
    ),
    Switch(
        "flying-kings",
        "flying_kings",
        "bool",
        "kings move and capture any distance (off: one square, as in English)",
    ),
    Switch(
        "landing",
        "landing",
        "landing",
        "where a flying king lands: any square beyond, directly behind each piece, "
        "or free while capturing and directly behind the last piece",
        tuple(v.value for v in Landing),
    ),
    Switch(
        "must-land-to-continue",
        "must_land_to_continue",
        "bool",
        "a king that can continue capturing from some landing squares must pick one of them",
    ),
    Switch(
        "capture-rule",
        "capture_rule",
        "capture",
        "which capture must be chosen: free, max (most pieces), italian, spanish, czech",
        tuple(v.value for v in CaptureRule),
    ),
    Switch(
        "largest-capture",
        "capture_rule",
        "largest",
        "shortcut: on = capture the most pieces (max), off = free choice",
    ),
    Switch(
        "promotion",
        "promotion",
        "promotion",
        "a man crowned during a capture: stop there, continue as a king, or pass through as a man",
        tuple(v.value for v in Promotion),
    ),
    Switch(
        "huffing",
        "huffing",
        "bool",
        "'Blasen': a missed capture may be played; the opponent accepts, blows away "
        "the piece or demands correction",
    ),
    Switch(
        "giveaway", "giveaway", "bool", "'Schlagdame': whoever has no piece or no move left wins"
    ),
    Switch(
        "repetition",
        "draw_repetition",
        "int",
        "draw at the n-th repetition of a position with the same side to move (0 = off)",
    ),
    Switch(
        "quiet-plies",
        "draw_quiet_plies",
        "int",
        "draw after this many plies without a capture (0 = off); see the two resets",
    ),
    Switch(
        "quiet-reset-man-move",
        "draw_quiet_reset_man_move",
        "bool",
        "a man move restarts the quiet-plies count (English 40-move and FMJD 25-move rule)",
    ),
    Switch(
        "quiet-reset-promotion",
        "draw_quiet_reset_promotion",
        "bool",
        "a promotion restarts the quiet-plies count (German 80-ply rule)",
    ),
    Switch(
        "fmjd-endgame",
        "draw_fmjd_endgame",
        "bool",
        "FMJD: 3 pieces with a king vs a lone king drawn after 16 moves, 2 after 5",
    ),
    Switch(
        "russian-endgame",
        "draw_russian_endgame",
        "bool",
        "Russian rules 7.2.6-7.2.8 (king endings with unchanged material, long diagonal)",
    ),
    Switch(
        "kings-vs-king",
        "draw_kings_vs_king_moves",
        "int",
        "3 or more kings vs a lone king: drawn unless won within this many moves (0 = off)",
    ),
    Switch(
        "three-kings-diagonal",
        "draw_three_kings_diagonal",
        "bool",
        "old German rule: 3 kings vs 1 king on the long diagonal a1-h8 is a draw "
        "when the lone king cannot be captured at once",
    ),
    Switch(
        "one-each", "draw_one_each", "bool", "one piece each, man or king, is a draw (Turkish rule)"
    ),
    Switch(
        "touch-move",
        "touch_move",
        "bool",
        "touch-move ('beruehrt - gefuehrt'): a player who touches a piece that can move "
        "must move it, unless they said first that they only straighten it",
    ),
)

_SWITCH_BY_NAME = {s.name: s for s in SWITCHES}


def _parse_bool(name: str, text: str) -> bool:
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise RulesError(f"switch {name}: expected on/off, got {text!r}")


def _parse_value(switch: Switch, text: str) -> object:
    low = text.strip().lower()
    if switch.kind == "bool":
        return _parse_bool(switch.name, text)
    if switch.kind == "int":
        try:
            value = ascii_int(low)
        except ValueError:
            raise RulesError(f"switch {switch.name}: expected a number, got {text!r}") from None
        if value < 0 or value > 10_000:
            raise RulesError(f"switch {switch.name}: {value} is out of range 0-10000")
        return value
    if switch.kind == "largest":
        return CaptureRule.MAX if _parse_bool(switch.name, text) else CaptureRule.FREE
    enum_type: type[enum.Enum] = {
        "color": Color,
        "landing": Landing,
        "capture": CaptureRule,
        "promotion": Promotion,
    }[switch.kind]
    if enum_type is Color:
        low = {"white": "W", "w": "W", "light": "W", "black": "B", "b": "B", "dark": "B"}.get(
            low, low
        )
    for member in enum_type:
        if member.value == low or member.value.lower() == low:
            return member
    raise RulesError(
        f"switch {switch.name}: expected one of {', '.join(switch.choices)}, got {text!r}"
    )


def apply_switches(rules: RuleSet, switches: Mapping[str, str] | Iterable[str]) -> RuleSet:
    """Apply ``NAME=VALUE`` switches (or a mapping) and return the new rule set.

    Raises RulesError naming the unknown switch or the bad value.
    """
    if isinstance(switches, Mapping):
        pairs = list(switches.items())
    else:
        pairs = []
        for item in switches:
            if "=" not in item:
                raise RulesError(f"switch {item!r}: expected NAME=VALUE")
            name, value = item.split("=", 1)
            pairs.append((name, value))
    changes: dict[str, object] = {}
    for name, value in pairs:
        key = name.strip().lower().replace("_", "-")
        switch = _SWITCH_BY_NAME.get(key)
        if switch is None:
            raise RulesError(f"unknown switch {name!r} (see 'dame rules --help')")
        changes[switch.field] = _parse_value(switch, str(value))
    if not changes:
        return rules
    return dataclasses.replace(rules, **changes)  # type: ignore[arg-type]


def switch_value(rules: RuleSet, switch: Switch) -> str:
    """The current value of ``switch`` in ``rules`` as switch text."""
    value = getattr(rules, switch.field)
    if switch.kind == "largest":
        return "on" if value is CaptureRule.MAX else "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Color):
        return "white" if value is Color.WHITE else "black"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def differences(rules: RuleSet, base: RuleSet) -> dict[str, str]:
    """The switches (name -> value) that turn ``base`` into ``rules``."""
    out: dict[str, str] = {}
    for switch in SWITCHES:
        if switch.kind == "largest":
            continue
        if getattr(rules, switch.field) != getattr(base, switch.field):
            out[switch.name] = switch_value(rules, switch)
    return out
