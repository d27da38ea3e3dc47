"""User preferences and recent files, stored as versioned JSON.  No Qt.

``load_preferences()`` never fails: a damaged file is moved aside and reported, invalid
values fall back to their defaults with a warning each, unknown keys are ignored.
``save_preferences()`` writes atomically (see :mod:`dame_desktop.store.files`).

Two programs of the same user share these files.  A window saves its preferences with
:func:`update_preferences` (only the values it changed since it read them go in; the other
program's changes stay) and changes the recent files with :func:`update_recent_files` (the
change is applied to the list as it is now); both re-read the file under the update lock
(:mod:`dame_desktop.store.locking`).

At start the window calls ``load_preferences(system_language=QLocale.system().name())``:
with no usable settings file the first default rule set follows that language
(:func:`first_start_rules_key`); once a file exists the preferences decide.  The level keys
are those of :data:`dame_desktop.ai.levels.LEVELS`, the one list of levels.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import dataclasses
import logging
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Literal, NewType, TypeVar, get_args

from dame_desktop.ai.levels import LEVELS as _AI_LEVELS
from dame_desktop.core import (
    PRESETS,
    RulesError,
    RuleSet,
    apply_switches,
    differences,
    find_rules,
    same_play,
)
from dame_desktop.core.clock import ClockError, TimeControl
from dame_desktop.store.files import (
    Damage,
    PathArg,
    ResetValue,
    StorageError,
    StorageWarning,
    StoreFile,
    WarningKind,
    config_dir,
    read_json,
    report_damage,
    settle_damage,
    shorten,
    write_json,
)
from dame_desktop.store.locking import LOCK_TIMEOUT, locked, locked_read, locked_update

SCHEMA_VERSION = 1
SETTINGS_FILE = "settings.json"
RECENT_FILE = "recent-files.json"
RECENT_LIMIT = 10

Language = Literal["system", "de", "en"]
Theme = Literal["wood", "green", "blue", "grey", "contrast", "custom"]
Opponent = Literal["computer", "human"]
HumanColor = Literal["light", "dark", "random"]
Notation = Literal["rules", "numbers", "coordinates"]  # as dame_desktop.ui.words.notation

LevelKey = NewType("LevelKey", str)
"""A playing level's key, checked against the one list of levels,
:data:`dame_desktop.ai.levels.LEVELS` (``LevelKey("hard")`` where a type checker asks)."""

LANGUAGES: tuple[Language, ...] = get_args(Language)
THEMES: tuple[Theme, ...] = get_args(Theme)
OPPONENTS: tuple[Opponent, ...] = get_args(Opponent)
LEVELS: tuple[LevelKey, ...] = tuple(LevelKey(level.key) for level in _AI_LEVELS)
HUMAN_COLORS: tuple[HumanColor, ...] = get_args(HumanColor)
NOTATIONS: tuple[Notation, ...] = get_args(Notation)
ANIMATION_MS_MIN = 50
ANIMATION_MS_MAX = 2000
VOLUME_MIN = 0
VOLUME_MAX = 100
ANALYSIS_LINES: tuple[int, ...] = (1, 3)
MOVETIME_MIN = 0.1  # seconds per move for Analyse game
MOVETIME_MAX = 60.0
ENGINES_MAX = 16
ENGINE_NAME_MAX = 200
_VARIANTS_MAX = 64
_VARIANT_TEXT_MAX = 100
_TEXT_MAX = 4096
_GEOMETRY_MAX = 65536
_COLOR_RE = re.compile(r"#[0-9a-fA-F]{6}")
_SWITCHES_MAX = 64
_FILES_MAX = 256  # files of the game library
_SWITCH_TEXT_MAX = 200
_PATH_MAX = 4096
_FILE_LIMIT = 1024 * 1024  # settings and recent files: bigger is damaged

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True)
class BoardColors:
    """Board and piece colours as ``#rrggbb``."""

    light_square: str
    dark_square: str
    light_piece: str
    dark_piece: str


THEME_COLORS: dict[str, BoardColors] = {
    "wood": BoardColors("#f0d9b5", "#b58863", "#fbf4e6", "#3b2a20"),
    "green": BoardColors("#eeeed2", "#769656", "#fafaf5", "#262421"),
    "blue": BoardColors("#dee3e6", "#7d97a8", "#ffffff", "#1f2a36"),
    "grey": BoardColors("#d9d9d9", "#8c8c8c", "#f7f7f7", "#2b2b2b"),
    "contrast": BoardColors("#f5f5f5", "#767676", "#ffffff", "#000000"),  # high contrast
}


@dataclass(frozen=True)
class EngineEntry:
    """A Hub engine the user added: its executable (kept as the text the user chose), the
    name it gave in the handshake and the Hub variant names it declared."""

    path: str
    name: str = ""
    variants: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "name": self.name, "variants": list(self.variants)}


@dataclass(frozen=True)
class Preferences:
    """Everything the preferences dialog edits, with its defaults.  Change a value with
    ``dataclasses.replace(prefs, level="hard")``."""

    language: Language = "system"
    board_theme: Theme = "wood"
    custom_colors: BoardColors = THEME_COLORS["wood"]  # used when board_theme == "custom"
    show_square_numbers: bool = True
    animate: bool = True
    animation_ms: int = 250  # duration of one step of a move
    rules: str = "german"  # preset key, see dame_desktop.core.PRESETS
    rule_switches: tuple[str, ...] = ()  # NAME=VALUE, canonical (dame_desktop.core.differences)
    opponent: Opponent = "computer"
    level: LevelKey = LevelKey("medium")  # a key of dame_desktop.ai.levels.LEVELS
    human_color: HumanColor = "light"
    confirm_resign: bool = True
    confirm_discard: bool = True  # new game / open / quit over moves not saved to a file
    turn_board_hot_seat: bool = False  # human vs human: show the side to move at the bottom
    window_geometry: str = ""  # base64 of QWidget.saveGeometry()
    window_state: str = ""  # base64 of QMainWindow.saveState()
    docks_arranged: bool = False  # the user moved the docks: the window no longer tabs them
    last_directory: str = ""
    # the family table
    sound: bool = False  # off until the user turns it on (never a surprise noise, silent tests)
    sound_volume: int = 70  # percent, VOLUME_MIN-VOLUME_MAX
    notation: Notation = "rules"  # ui.words.notation.Notation values
    clock_white: str = "-"  # new games' time control, PDN TimeControl text ("-", "300", "180+2")
    clock_black: str = "-"
    # study with an engine
    analysis_panel: bool = False  # View > Analysis shown
    analysis_lines: int = 1  # lines the panel shows: 1 or 3
    analysis_movetime: float = 1.0  # seconds per move for Analyse game, 0.1-60
    engines: tuple[EngineEntry, ...] = ()  # the Hub engines the user added, at most 16
    engine: str = ""  # the path of the engine in use (one of ``engines``); "" = built-in
    # the computer (Hard, Master) opens from its opening book
    opening_book: bool = True
    # the endgame tables of a rule set are built when the computer first needs them
    endgame_tables: bool = True
    # the game database: View > Opening explorer shown, the files of the library
    explorer_panel: bool = False
    explorer_files: tuple[str, ...] = ()

    def rule_set(self) -> RuleSet:
        """The default rule set: the preset with the switches applied."""
        return rules_from_spec(self.rules, self.rule_switches)

    def with_rule_set(self, rules: RuleSet) -> Preferences:
        """A copy whose default rule set is ``rules``; raises ValueError when ``rules`` is not
        a preset plus switches."""
        key, switches = rules_spec(rules)
        return dataclasses.replace(self, rules=key, rule_switches=switches)

    def time_controls(self) -> tuple[TimeControl, TimeControl]:
        """The new-game clocks (white's, black's); a value that does not parse (only possible
        when set in code, loading checks them) counts as no clock."""
        return _time_control(self.clock_white), _time_control(self.clock_black)

    def with_time_controls(self, white: TimeControl, black: TimeControl) -> Preferences:
        """A copy whose new-game clocks are ``white`` and ``black``."""
        return dataclasses.replace(self, clock_white=white.text(), clock_black=black.text())

    def engine_entry(self) -> EngineEntry | None:
        """The added engine in use, None for the built-in one."""
        return next((e for e in self.engines if e.path == self.engine), None)

    def board_colors(self) -> BoardColors:
        """The colours to paint with: the theme's, or the custom ones."""
        if self.board_theme == "custom":
            return self.custom_colors
        return THEME_COLORS[self.board_theme]

    def effective_language(self, system_locale: str) -> Literal["de", "en"]:
        """ "de" or "en"; "system" follows ``system_locale`` (e.g. QLocale.system().name())."""
        if self.language != "system":
            return self.language
        return "de" if system_locale.lower().replace("-", "_").startswith("de") else "en"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"version": SCHEMA_VERSION}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, BoardColors):
                out[f.name] = dataclasses.asdict(value)
            elif f.name == "engines":
                out[f.name] = [entry.to_json() for entry in value]
            elif isinstance(value, tuple):
                out[f.name] = list(value)
            else:
                out[f.name] = value
        return out


def _time_control(text: str) -> TimeControl:
    try:
        return TimeControl.parse(text)
    except (ClockError, AttributeError):
        return TimeControl()


# -- the first start ---------------------------------------------------------------------------


def first_start_rules_key(language: str) -> str:
    """The rule set of the very first start, following the user-interface language
    (``"de"``, ``"de_AT"``, ``"en-GB"``, a QLocale name): German rules for German, English
    draughts otherwise.  (The preferences decide later.)"""
    return "german" if language.lower().split("_")[0].split("-")[0] == "de" else "english"


def first_start_preferences(language: str) -> Preferences:
    """The preferences when there are none yet (or they were unusable): the defaults, with
    the default rule set chosen by :func:`first_start_rules_key`."""
    return Preferences(rules=first_start_rules_key(language))


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """A loaded value and what was wrong with the file (empty when all was well)."""

    value: T
    warnings: tuple[StorageWarning, ...] = ()


def load_locked(
    path: Path, file: StoreFile, empty: T, load: Callable[[], Loaded[T]], timeout: float
) -> Loaded[T]:
    """``load()`` run under the file's update lock while the file exists
    (:func:`~dame_desktop.store.locking.locked_read`), so setting damage aside never meets
    another program's update.  Never raises: an unexpected error is logged, reported as
    UNEXPECTED damage of ``file`` and gives ``empty``."""
    try:
        with locked_read(path, timeout):
            return load()
    except Exception as exc:
        log.exception("loading %s failed", path)
        warning = report_damage(
            path,
            f"unexpected {type(exc).__name__}: {exc}",
            file=file,
            damage=Damage.UNEXPECTED,
        )
        return Loaded(empty, (warning,))


def load_json_file(
    path: Path,
    file: StoreFile,
    limit: int,
    empty: T,
    parse: Callable[[object], tuple[T, list[StorageWarning], bool]],
    repaired: WarningKind,
    save: Callable[[T], object],
) -> Loaded[T]:
    """A JSON store's file read and built by ``parse``: ``empty`` with the reading warnings
    when the file is missing or unreadable; when ``parse`` dropped something, the damage is
    set aside and the repaired value written with ``save`` (:func:`settle_damage`)."""
    read = read_json(path, file=file, limit=limit)
    if not read.found:
        return Loaded(empty, read.warnings)
    value, warnings, damaged = parse(read.data)
    if not damaged:
        return Loaded(value, tuple(warnings))
    return Loaded(value, settle_damage(path, warnings, repaired, file, lambda: save(value)))


# -- rule sets as preset key + switches --------------------------------------------------------


def rules_spec(rules: RuleSet) -> tuple[str, tuple[str, ...]]:
    """``rules`` as (preset key, NAME=VALUE switches) such that :func:`rules_from_spec` gives
    it back.  Raises ValueError when no preset plus switches describes it."""
    bases: list[RuleSet] = []
    with contextlib.suppress(RulesError):
        bases.append(find_rules(rules.key))
    bases.extend(p for p in PRESETS if p not in bases)
    for base in bases:
        switches = tuple(f"{k}={v}" for k, v in differences(rules, base).items())
        if same_play(apply_switches(base, switches), rules):
            return base.key, switches
    raise ValueError(f"rule set {rules.name!r} is not a preset with switches")


def rules_from_spec(key: str, switches: Iterable[str]) -> RuleSet:
    """The preset ``key`` with ``switches`` applied; raises RulesError naming what is wrong."""
    return apply_switches(find_rules(key), list(switches))


# -- validation --------------------------------------------------------------------------------


class _Invalid(Exception):
    """A stored value that cannot be used; the message says why."""


def _choice(options: tuple[str, ...]) -> Callable[[object], object]:
    def check(value: object) -> object:
        if not isinstance(value, str) or value not in options:
            raise _Invalid(f"{shorten(value)} is not one of {', '.join(options)}")
        return value

    return check


def _boolean(value: object) -> object:
    if not isinstance(value, bool):
        raise _Invalid(f"{shorten(value)} is not true or false")
    return value


def _integer(low: int, high: int) -> Callable[[object], object]:
    def check(value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Invalid(f"{shorten(value)} is not a whole number")
        if not low <= value <= high:
            raise _Invalid(f"{shorten(value)} is out of range {low}-{high}")
        return value

    return check


def _text(value: object) -> object:
    if not isinstance(value, str):
        raise _Invalid(f"{shorten(value)} is not text")
    if len(value) > _TEXT_MAX or "\x00" in value:
        raise _Invalid("the text is too long or contains a NUL character")
    return value


def _base64(value: object) -> object:
    if not isinstance(value, str):
        raise _Invalid(f"{shorten(value)} is not text")
    if len(value) > _GEOMETRY_MAX:
        raise _Invalid("the value is too long")
    try:
        base64.b64decode(value.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error):
        raise _Invalid("not valid base64") from None
    return value


def _colors(value: object) -> object:
    if not isinstance(value, Mapping):
        raise _Invalid(f"{shorten(value)} is not an object of colours")
    default = Preferences().custom_colors
    picked: dict[str, str] = {}
    for f in dataclasses.fields(BoardColors):
        colour = value.get(f.name, getattr(default, f.name))
        if not isinstance(colour, str) or not _COLOR_RE.fullmatch(colour):
            raise _Invalid(f"colour {f.name}={shorten(colour)} is not #rrggbb")
        picked[f.name] = colour.lower()
    return BoardColors(**picked)


def _number(low: float, high: float) -> Callable[[object], object]:
    def check(value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _Invalid(f"{shorten(value)} is not a number")
        if not math.isfinite(value) or not low <= value <= high:
            raise _Invalid(f"{shorten(value)} is out of range {low:g}-{high:g}")
        return float(value)

    return check


def _int_choice(options: tuple[int, ...]) -> Callable[[object], object]:
    def check(value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int) or value not in options:
            raise _Invalid(f"{shorten(value)} is not one of {', '.join(str(o) for o in options)}")
        return value

    return check


def _clock(value: object) -> object:
    """A PDN TimeControl text, stored in the canonical form core.clock writes."""
    if not isinstance(value, str) or len(value) > 40:
        raise _Invalid(f"{shorten(value)} is not a time control text ('-', '300', '180+2')")
    try:
        return TimeControl.parse(value).text()
    except ClockError as exc:
        raise _Invalid(str(exc)) from None


def _clean_text(value: object, limit: int, what: str, *, empty: bool = True) -> str:
    if not isinstance(value, str):
        raise _Invalid(f"{what} {shorten(value)} is not text")
    if not empty and not value:
        raise _Invalid(f"{what} is empty")
    if len(value) > limit:
        raise _Invalid(f"{what} is longer than {limit} characters")
    if "\x00" in value:
        raise _Invalid(f"{what} contains a NUL character")
    return value


def _engine_path(value: object) -> object:
    return _clean_text(value, _PATH_MAX, "the engine path")


def _engine_entry(value: object) -> EngineEntry:
    if not isinstance(value, Mapping):
        raise _Invalid(f"{shorten(value)} is not an engine (path, name, variants)")
    path = _clean_text(value.get("path"), _PATH_MAX, "the path", empty=False)
    name = _clean_text(value.get("name", ""), ENGINE_NAME_MAX, "the name")
    variants = value.get("variants", [])
    if not isinstance(variants, list) or len(variants) > _VARIANTS_MAX:
        raise _Invalid(
            f"the variants {shorten(variants)} are not a list of up to {_VARIANTS_MAX} names"
        )
    for variant in variants:
        _clean_text(variant, _VARIANT_TEXT_MAX, "a variant", empty=False)
    return EngineEntry(path, name, tuple(variants))


def _engine_list(value: object) -> object:
    if not isinstance(value, list):
        raise _Invalid(f"{shorten(value)} is not a list of engines")
    return tuple(value)  # the entries are checked one by one in _checked_engines


def _file_list(value: object) -> object:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _Invalid(f"{shorten(value)} is not a list of file names")
    if len(value) > _FILES_MAX or any(len(item) > _TEXT_MAX or "\x00" in item for item in value):
        raise _Invalid("the list of files is too long")
    return tuple(value)


def _switch_list(value: object) -> object:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _Invalid(f"{shorten(value)} is not a list of NAME=VALUE texts")
    if len(value) > _SWITCHES_MAX or any(len(item) > _SWITCH_TEXT_MAX for item in value):
        raise _Invalid("the list of switches is too long")
    return tuple(value)


_VALIDATORS: dict[str, Callable[[object], object]] = {
    "language": _choice(LANGUAGES),
    "board_theme": _choice(THEMES),
    "custom_colors": _colors,
    "show_square_numbers": _boolean,
    "animate": _boolean,
    "animation_ms": _integer(ANIMATION_MS_MIN, ANIMATION_MS_MAX),
    "rules": _choice(tuple(p.key for p in PRESETS)),
    "rule_switches": _switch_list,
    "opponent": _choice(OPPONENTS),
    "level": _choice(LEVELS),
    "human_color": _choice(HUMAN_COLORS),
    "confirm_resign": _boolean,
    "confirm_discard": _boolean,
    "turn_board_hot_seat": _boolean,
    "window_geometry": _base64,
    "window_state": _base64,
    "docks_arranged": _boolean,
    "last_directory": _text,
    "sound": _boolean,
    "sound_volume": _integer(VOLUME_MIN, VOLUME_MAX),
    "notation": _choice(NOTATIONS),
    "clock_white": _clock,
    "clock_black": _clock,
    "analysis_panel": _boolean,
    "analysis_lines": _int_choice(ANALYSIS_LINES),
    "analysis_movetime": _number(MOVETIME_MIN, MOVETIME_MAX),
    "engines": _engine_list,
    "engine": _engine_path,
    "opening_book": _boolean,
    "endgame_tables": _boolean,
    "explorer_panel": _boolean,
    "explorer_files": _file_list,
}
assert set(_VALIDATORS) == {f.name for f in dataclasses.fields(Preferences)}


def _canonical_switches(
    key: str, switches: tuple[str, ...]
) -> tuple[tuple[str, ...], list[ResetValue]]:
    """Apply the switches one by one to preset ``key``; return the canonical list and the
    switches that had to be dropped."""
    base = find_rules(key)
    rules = base
    dropped: list[ResetValue] = []
    for item in switches:
        try:
            rules = apply_switches(rules, [item])
        except Exception as exc:
            dropped.append(ResetValue("rule_switches", shorten(item), "", str(exc)[:200]))
    return tuple(f"{k}={v}" for k, v in differences(rules, base).items()), dropped


def _checked_engines(raw: tuple[object, ...]) -> tuple[tuple[EngineEntry, ...], list[ResetValue]]:
    """The usable engine entries (at most ENGINES_MAX, no path twice) and the dropped ones."""
    kept: list[EngineEntry] = []
    dropped: list[ResetValue] = []
    for index, item in enumerate(raw):
        name = f"engines[{index}]"
        try:
            entry = _engine_entry(item)
        except _Invalid as exc:
            reason = str(exc)
        else:
            if any(e.path == entry.path for e in kept):
                reason = "the engine is listed twice"
            elif len(kept) >= ENGINES_MAX:
                reason = f"more than {ENGINES_MAX} engines"
            else:
                kept.append(entry)
                continue
        if len(dropped) < 20:
            dropped.append(ResetValue(name, shorten(item), "", reason))
    return tuple(kept), dropped


def _shown_default(value: object) -> str:
    if isinstance(value, BoardColors):
        return shorten(dataclasses.asdict(value))
    if isinstance(value, tuple):
        return shorten(list(value))
    return shorten(value)


@dataclass(frozen=True)
class _Parsed:
    """Preferences read from decoded JSON: what was reset, what broke the whole file."""

    prefs: Preferences
    resets: tuple[ResetValue, ...] = ()
    broken: str = ""  # the file as a whole is unusable (then ``prefs`` are the defaults)
    newer: int = 0  # the schema version of a newer Dame


def _version(data: dict[str, object]) -> int:
    version = data.get("version", SCHEMA_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= 1_000_000:
        raise _Invalid(f"'version' is {shorten(version)}, expected a positive whole number")
    return version


def _parse_preferences(data: object, defaults: Preferences) -> _Parsed:
    if not isinstance(data, dict):
        return _Parsed(
            defaults, broken=f"expected a JSON object of settings, found {_json_type(data)}"
        )
    try:
        version = _version(data)
    except _Invalid as exc:
        return _Parsed(defaults, broken=str(exc))
    values: dict[str, object] = {}
    resets: list[ResetValue] = []
    for f in dataclasses.fields(Preferences):
        if f.name not in data:
            continue
        try:
            values[f.name] = _VALIDATORS[f.name](data[f.name])
        except _Invalid as exc:
            default = getattr(defaults, f.name)
            resets.append(
                ResetValue(f.name, shorten(data[f.name]), _shown_default(default), str(exc))
            )
    key = str(values.get("rules", defaults.rules))
    raw_switches = values.get("rule_switches", ())
    assert isinstance(raw_switches, tuple)
    switches, dropped = _canonical_switches(key, raw_switches)
    resets.extend(dropped)
    values["rule_switches"] = switches
    raw_engines = values.get("engines", ())
    assert isinstance(raw_engines, tuple)
    engines, dropped_engines = _checked_engines(raw_engines)
    resets.extend(dropped_engines)
    values["engines"] = engines
    engine = values.get("engine", defaults.engine)
    if engine and all(e.path != engine for e in engines):
        resets.append(
            ResetValue(
                "engine",
                shorten(engine),
                _shown_default(defaults.engine),
                "not one of the added engines",
            )
        )
        values["engine"] = defaults.engine
    prefs = dataclasses.replace(defaults, **values)  # type: ignore[arg-type]
    return _Parsed(prefs, tuple(resets), newer=version if version > SCHEMA_VERSION else 0)


def _json_type(data: object) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true or false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }
    return names.get(type(data), "a value")


def _resets_detail(resets: tuple[ResetValue, ...]) -> str:
    parts = []
    for reset in resets:
        if reset.default:
            parts.append(
                f"setting {reset.name!r}: {reset.reason}; using the default {reset.default}"
            )
        else:
            what = "switch" if reset.name == "rule_switches" else "entry"
            parts.append(f"setting {reset.name!r}: {reset.reason}; the {what} was dropped")
    return "; ".join(parts)


def _newer_warning(path: Path, version: int) -> StorageWarning:
    detail = (
        f"written by a newer Dame (settings version {version}, this one reads "
        f"{SCHEMA_VERSION}); settings it does not know are ignored"
    )
    return StorageWarning(WarningKind.NEWER_VERSION, path, detail, file=StoreFile.SETTINGS)


def preferences_from_json(
    data: object, path: PathArg = SETTINGS_FILE, *, broken_default: Preferences | None = None
) -> tuple[Preferences, list[StorageWarning], bool]:
    """Build Preferences from decoded JSON; never raises.

    Returns the preferences, the warnings and whether the data was damaged.  A wrong
    structure gives ``broken_default`` (the defaults when None) and one DAMAGED warning;
    invalid single values are replaced by their defaults and named in one INVALID_VALUE
    warning (``values``), the other values are kept.  Unknown keys are ignored, and so are
    keys a settings file of an older Dame does not have (they take their defaults, no
    warning).  Nothing is moved aside here.
    """
    source = Path(path)
    fallback = broken_default if broken_default is not None else Preferences()
    try:
        parsed = _parse_preferences(data, Preferences())
    except Exception as exc:
        log.exception("reading the settings failed")
        parsed = _Parsed(fallback, broken=f"unexpected {type(exc).__name__}: {exc}")
    warnings: list[StorageWarning] = []
    if parsed.broken:
        warnings.append(
            StorageWarning(
                WarningKind.DAMAGED,
                source,
                parsed.broken,
                file=StoreFile.SETTINGS,
                damage=Damage.WRONG_SHAPE,
            )
        )
        return fallback, warnings, True
    if parsed.newer:
        warnings.append(_newer_warning(source, parsed.newer))
    if parsed.resets:
        warnings.append(
            StorageWarning(
                WarningKind.INVALID_VALUE,
                source,
                _resets_detail(parsed.resets),
                file=StoreFile.SETTINGS,
                values=parsed.resets,
            )
        )
    return parsed.prefs, warnings, bool(parsed.resets)


# -- files -------------------------------------------------------------------------------------


def settings_path(directory: PathArg | None = None) -> Path:
    return config_dir(directory) / SETTINGS_FILE


def load_preferences(
    directory: PathArg | None = None,
    *,
    system_language: str | None = None,
    timeout: float = LOCK_TIMEOUT,
) -> Loaded[Preferences]:
    """Read the preferences; never raises (whatever the file holds).

    A missing file gives the defaults; with ``system_language`` (the user-interface
    language at start, e.g. ``QLocale.system().name()``) it gives
    :func:`first_start_preferences` of it instead: German rules for German, English draughts
    otherwise.  A file that is not JSON or not a settings object (also absurd numbers, deep
    nesting, a huge file): moved aside to ``settings.json.damaged-<timestamp>``, one DAMAGED
    warning, and the same first-start preferences (the settings are gone either way, so the
    language is the best guess; the defaults without ``system_language``).  Invalid single
    values: one INVALID_VALUE warning naming each (``values``); the file is moved aside as
    well (nothing is lost) and a repaired file keeping every valid value takes its place.
    A UTF-8 byte order mark is accepted.  Nothing is written for a missing file: the
    language-based choice is kept once the window saves the preferences.  An existing file
    is read under the update lock (:func:`~dame_desktop.store.locking.locked_read`), so
    setting damage aside never meets another program's update.
    """
    path = settings_path(directory)
    fresh = (
        first_start_preferences(system_language) if system_language is not None else Preferences()
    )
    return load_locked(
        path,
        StoreFile.SETTINGS,
        fresh,
        lambda: _load_preferences(path, directory, fresh),
        timeout,
    )


def _load_preferences(
    path: Path, directory: PathArg | None, fresh: Preferences
) -> Loaded[Preferences]:
    return load_json_file(
        path,
        StoreFile.SETTINGS,
        _FILE_LIMIT,
        fresh,
        lambda data: preferences_from_json(data, path, broken_default=fresh),
        WarningKind.INVALID_VALUE,
        lambda prefs: save_preferences(prefs, directory),
    )


def save_preferences(prefs: Preferences, directory: PathArg | None = None) -> Path:
    """Write ``prefs`` atomically and return the file; raises StorageError naming the file."""
    path = settings_path(directory)
    write_json(path, prefs.to_json())
    return path


# values that only make sense together: one program's change takes the whole group
_MERGED_TOGETHER: tuple[tuple[str, ...], ...] = (
    ("rules", "rule_switches"),  # the switches are relative to the preset
    ("engines", "engine"),  # the engine in use is one of the engines
    ("board_theme", "custom_colors"),
    ("window_geometry", "window_state", "docks_arranged"),
)


def merge_preferences(current: Preferences, base: Preferences, mine: Preferences) -> Preferences:
    """``current`` (the file as it is now) with the values ``mine`` changed since ``base``
    (what this program read or last wrote): another program's changes stay, ours go in.
    Values that belong together (the preset and its switches, the engines and the one in
    use) are taken together."""
    names = [f.name for f in dataclasses.fields(Preferences)]
    grouped = {name for group in _MERGED_TOGETHER for name in group}
    groups = [*_MERGED_TOGETHER, *((name,) for name in names if name not in grouped)]
    changed: dict[str, object] = {}
    for group in groups:
        if any(getattr(mine, name) != getattr(base, name) for name in group):
            changed.update({name: getattr(mine, name) for name in group})
    return dataclasses.replace(current, **changed)  # type: ignore[arg-type]


def update_preferences(
    prefs: Preferences,
    base: Preferences,
    directory: PathArg | None = None,
    *,
    timeout: float = LOCK_TIMEOUT,
) -> Preferences:
    """Save ``prefs`` without undoing another program's changes; return what was written.

    ``base`` is what this program last read or wrote.  Under the update lock the file is
    read again (damage set aside as :func:`load_preferences` does; a missing or unusable
    file counts as ``base``), the values ``prefs`` changed since ``base`` are put into it
    (:func:`merge_preferences`) and the result is written.  Keep the result as the next
    ``base``.  Raises StorageError naming the file when it cannot be written.
    """
    path = settings_path(directory)
    with locked(path, timeout):
        try:
            current = _load_preferences(path, directory, base).value
        except Exception:
            log.exception("re-reading %s before saving failed", path)
            current = base
        merged = merge_preferences(current, base, prefs)
        save_preferences(merged, directory)
    return merged


# -- recent files ------------------------------------------------------------------------------


def _normal(path: PathArg) -> Path:
    return Path(os.path.abspath(os.fspath(path)))


def _same_key(path: Path) -> str:
    return os.path.normcase(os.path.normpath(os.fspath(path)))


class RecentFiles:
    """The most recently used game files: most recent first, no duplicates, at most
    ``limit``.  Paths are stored absolute."""

    def __init__(self, paths: Iterable[PathArg] = (), limit: int = RECENT_LIMIT) -> None:
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        self.limit = limit
        self._paths: list[Path] = []
        for item in reversed(list(paths)):
            self.add(item)

    @property
    def paths(self) -> tuple[Path, ...]:
        return tuple(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def __iter__(self) -> Iterator[Path]:
        return iter(self._paths)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RecentFiles):
            return NotImplemented
        return self._paths == other._paths and self.limit == other.limit

    def __repr__(self) -> str:
        return f"RecentFiles({[str(p) for p in self._paths]!r})"

    def add(self, path: PathArg) -> None:
        """Put ``path`` first (moving it up when it is already listed); drop the oldest."""
        entry = _normal(path)
        self.remove(entry)
        self._paths.insert(0, entry)
        del self._paths[self.limit :]

    def remove(self, path: PathArg) -> bool:
        """Forget ``path``; True when it was listed."""
        key = _same_key(_normal(path))
        before = len(self._paths)
        self._paths = [p for p in self._paths if _same_key(p) != key]
        return len(self._paths) != before

    def clear(self) -> None:
        self._paths.clear()

    def prune(self, exists: Callable[[Path], bool] = Path.is_file) -> tuple[Path, ...]:
        """Drop the entries whose file is gone; return them."""
        gone = tuple(p for p in self._paths if not exists(p))
        self._paths = [p for p in self._paths if p not in gone]
        return gone

    def to_json(self) -> dict[str, object]:
        return {"version": SCHEMA_VERSION, "files": [str(p) for p in self._paths]}


def recent_files_path(directory: PathArg | None = None) -> Path:
    return config_dir(directory) / RECENT_FILE


def load_recent_files(
    directory: PathArg | None = None, *, timeout: float = LOCK_TIMEOUT
) -> Loaded[RecentFiles]:
    """Read the recent-files list; never raises (whatever the file holds).

    A missing file gives an empty list.  A damaged file (not JSON, no list ``files``, a bad
    version, also absurd numbers, deep nesting, a huge file) is moved aside and reported as
    DAMAGED with ``file`` RECENT_FILES; the list starts empty.  Single entries that are not
    usable file names are left out and named in one ENTRIES_DROPPED warning (``values``); the
    file is moved aside and a repaired one written.  A UTF-8 byte order mark is accepted.
    Read under the update lock, as :func:`load_preferences`.
    """
    path = recent_files_path(directory)
    return load_locked(
        path,
        StoreFile.RECENT_FILES,
        RecentFiles(),
        lambda: _load_recent_files(path, directory),
        timeout,
    )


def _usable_name(entry: object) -> bool:
    return isinstance(entry, str) and 0 < len(entry) <= _PATH_MAX and "\x00" not in entry


def _load_recent_files(path: Path, directory: PathArg | None) -> Loaded[RecentFiles]:
    read = read_json(path, file=StoreFile.RECENT_FILES, limit=_FILE_LIMIT)
    if not read.found:
        return Loaded(RecentFiles(), read.warnings)
    data = read.data
    problem = ""
    files: object = None
    if not isinstance(data, dict):
        problem = f"expected an object with a list 'files', found {_json_type(data)}"
    else:
        files = data.get("files")
        try:
            _version(data)
        except _Invalid as exc:
            problem = str(exc)
        if not problem and not isinstance(files, list):
            problem = f"expected a list 'files', found {_json_type(files)}"
    if problem or not isinstance(files, list):
        warning = report_damage(
            path, problem, file=StoreFile.RECENT_FILES, damage=Damage.WRONG_SHAPE
        )
        return Loaded(RecentFiles(), (warning,))
    good: list[str] = []
    dropped: list[ResetValue] = []
    for index, entry in enumerate(files):
        if _usable_name(entry):
            assert isinstance(entry, str)
            good.append(entry)
        elif len(dropped) < 20:
            dropped.append(ResetValue(f"files[{index}]", shorten(entry), "", "not a file name"))
    recent = RecentFiles(good[: RECENT_LIMIT * 10])
    if len(good) == len(files):
        return Loaded(recent)
    bad = len(files) - len(good)
    warnings = [
        report_damage(
            path,
            f"{bad} entries were not file names and were dropped",
            WarningKind.ENTRIES_DROPPED,
            file=StoreFile.RECENT_FILES,
            values=tuple(dropped),
        )
    ]
    try:
        save_recent_files(recent, directory)
    except StorageError as exc:
        warnings.append(
            StorageWarning(WarningKind.UNWRITABLE, path, str(exc), file=StoreFile.RECENT_FILES)
        )
    return Loaded(recent, tuple(warnings))


def update_recent_files(
    change: Callable[[RecentFiles], object],
    directory: PathArg | None = None,
    *,
    timeout: float = LOCK_TIMEOUT,
) -> RecentFiles:
    """Apply ``change`` (e.g. ``lambda r: r.add(path)``) to the stored list as it is now
    and write it; return the list written.  Under the update lock, so a file another
    program added meanwhile stays listed.  Raises StorageError naming the file when the list
    cannot be written."""

    def apply(recent: RecentFiles) -> bool:
        change(recent)
        return True

    recent, _ = locked_update(
        recent_files_path(directory),
        lambda: load_recent_files(directory).value,
        apply,
        lambda recent: save_recent_files(recent, directory),
        timeout=timeout,
    )
    return recent


def save_recent_files(recent: RecentFiles, directory: PathArg | None = None) -> Path:
    """Write the list atomically and return the file; raises StorageError naming the file."""
    path = recent_files_path(directory)
    write_json(path, recent.to_json())
    return path
