"""User preferences and recent files, stored as versioned JSON.  No Qt.

``load_preferences()`` never fails: a damaged file is moved aside and reported, invalid
values fall back to their defaults with a warning each, unknown keys are ignored.
``save_preferences()`` writes atomically (see :mod:`dame_desktop.store.files`).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import dataclasses
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Literal, TypeVar, get_args

from dame_desktop.core import PRESETS, RulesError, RuleSet, apply_switches, differences, find_rules
from dame_desktop.store.files import (
    PathArg,
    StorageError,
    StorageWarning,
    WarningKind,
    config_dir,
    read_json,
    report_damage,
    write_json,
)

SCHEMA_VERSION = 1
SETTINGS_FILE = "settings.json"
RECENT_FILE = "recent-files.json"
RECENT_LIMIT = 10

Language = Literal["system", "de", "en"]
Theme = Literal["wood", "green", "blue", "grey", "custom"]
Opponent = Literal["computer", "human"]
Level = Literal["beginner", "easy", "medium", "hard", "master"]
HumanColor = Literal["light", "dark", "random"]

LANGUAGES: tuple[Language, ...] = get_args(Language)
THEMES: tuple[Theme, ...] = get_args(Theme)
OPPONENTS: tuple[Opponent, ...] = get_args(Opponent)
LEVELS: tuple[Level, ...] = get_args(Level)
HUMAN_COLORS: tuple[HumanColor, ...] = get_args(HumanColor)
ANIMATION_MS_MIN = 50
ANIMATION_MS_MAX = 2000
_TEXT_MAX = 4096
_GEOMETRY_MAX = 65536
_COLOR_RE = re.compile(r"#[0-9a-fA-F]{6}")

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
}


@dataclass(frozen=True)
class Preferences:
    """Everything the preferences dialog edits, with its defaults.  Change a value with
    ``dataclasses.replace(prefs, level="hard")``."""

    language: Language = "system"
    board_theme: Theme = "wood"
    custom_colors: BoardColors = THEME_COLORS["wood"]  # used when board_theme == "custom"
    show_square_numbers: bool = False
    animate: bool = True
    animation_ms: int = 250  # duration of one step of a move
    rules: str = "german"  # preset key, see dame_desktop.core.PRESETS
    rule_switches: tuple[str, ...] = ()  # NAME=VALUE, canonical (dame_desktop.core.differences)
    opponent: Opponent = "computer"
    level: Level = "medium"
    human_color: HumanColor = "light"
    confirm_resign: bool = True
    confirm_discard: bool = True  # new game / open / quit over moves not saved to a file
    turn_board_hot_seat: bool = False  # human vs human: show the side to move at the bottom
    window_geometry: str = ""  # base64 of QWidget.saveGeometry()
    window_state: str = ""  # base64 of QMainWindow.saveState()
    last_directory: str = ""

    def rule_set(self) -> RuleSet:
        """The default rule set: the preset with the switches applied."""
        return rules_from_spec(self.rules, self.rule_switches)

    def with_rule_set(self, rules: RuleSet) -> Preferences:
        """A copy whose default rule set is ``rules``; raises ValueError when ``rules`` is not
        a preset plus switches."""
        key, switches = rules_spec(rules)
        return dataclasses.replace(self, rules=key, rule_switches=switches)

    def board_colors(self) -> BoardColors:
        """The colours to paint with: the theme's, or the custom ones."""
        if self.board_theme == "custom":
            return self.custom_colors
        return THEME_COLORS[self.board_theme]

    def effective_language(self, system_locale: str) -> Literal["de", "en"]:
        """"de" or "en"; "system" follows ``system_locale`` (e.g. QLocale.system().name())."""
        if self.language != "system":
            return self.language
        return "de" if system_locale.lower().replace("-", "_").startswith("de") else "en"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"version": SCHEMA_VERSION}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, BoardColors):
                out[f.name] = dataclasses.asdict(value)
            elif isinstance(value, tuple):
                out[f.name] = list(value)
            else:
                out[f.name] = value
        return out


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """A loaded value and what was wrong with the file (empty when all was well)."""

    value: T
    warnings: tuple[StorageWarning, ...] = ()


# -- rule sets as preset key + switches --------------------------------------------------------

_NOT_SWITCHES = ("key", "name", "name_de", "gametype", "colour_names")  # names, not rules


def _same_rules(a: RuleSet, b: RuleSet) -> bool:
    return all(
        getattr(a, f.name) == getattr(b, f.name)
        for f in dataclasses.fields(RuleSet)
        if f.name not in _NOT_SWITCHES
    )


def rules_spec(rules: RuleSet) -> tuple[str, tuple[str, ...]]:
    """``rules`` as (preset key, NAME=VALUE switches) such that :func:`rules_from_spec` gives
    it back.  Raises ValueError when no preset plus switches describes it."""
    bases: list[RuleSet] = []
    with contextlib.suppress(RulesError):
        bases.append(find_rules(rules.key))
    bases.extend(p for p in PRESETS if p not in bases)
    for base in bases:
        switches = tuple(f"{k}={v}" for k, v in differences(rules, base).items())
        if _same_rules(apply_switches(base, switches), rules):
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
            raise _Invalid(f"{value!r} is not one of {', '.join(options)}")
        return value

    return check


def _boolean(value: object) -> object:
    if not isinstance(value, bool):
        raise _Invalid(f"{value!r} is not true or false")
    return value


def _integer(low: int, high: int) -> Callable[[object], object]:
    def check(value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Invalid(f"{value!r} is not a whole number")
        if not low <= value <= high:
            raise _Invalid(f"{value} is out of range {low}-{high}")
        return value

    return check


def _text(value: object) -> object:
    if not isinstance(value, str):
        raise _Invalid(f"{value!r} is not text")
    if len(value) > _TEXT_MAX or "\x00" in value:
        raise _Invalid("the text is too long or contains a NUL character")
    return value


def _base64(value: object) -> object:
    if not isinstance(value, str):
        raise _Invalid(f"{value!r} is not text")
    if len(value) > _GEOMETRY_MAX:
        raise _Invalid("the value is too long")
    try:
        base64.b64decode(value.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error):
        raise _Invalid("not valid base64") from None
    return value


def _colors(value: object) -> object:
    if not isinstance(value, Mapping):
        raise _Invalid(f"{value!r} is not an object of colours")
    default = Preferences().custom_colors
    picked: dict[str, str] = {}
    for f in dataclasses.fields(BoardColors):
        colour = value.get(f.name, getattr(default, f.name))
        if not isinstance(colour, str) or not _COLOR_RE.fullmatch(colour):
            raise _Invalid(f"colour {f.name}={colour!r} is not #rrggbb")
        picked[f.name] = colour.lower()
    return BoardColors(**picked)


def _switch_list(value: object) -> object:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _Invalid(f"{value!r} is not a list of NAME=VALUE texts")
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
    "last_directory": _text,
}
assert set(_VALIDATORS) == {f.name for f in dataclasses.fields(Preferences)}


def _canonical_switches(key: str, switches: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
    """Apply the switches one by one to preset ``key``; return the canonical list and the
    problems with the switches that had to be dropped."""
    base = find_rules(key)
    rules = base
    problems: list[str] = []
    for item in switches:
        try:
            rules = apply_switches(rules, [item])
        except RulesError as exc:
            problems.append(str(exc))
    return tuple(f"{k}={v}" for k, v in differences(rules, base).items()), problems


def preferences_from_json(data: object, path: PathArg = SETTINGS_FILE
                          ) -> tuple[Preferences, list[StorageWarning], bool]:
    """Build Preferences from decoded JSON.

    Returns the preferences, the warnings and whether the data was damaged (wrong top-level
    type or invalid values, which were replaced by defaults).  Unknown keys are ignored.
    """
    source = Path(path)
    defaults = Preferences()
    if not isinstance(data, dict):
        detail = f"expected a JSON object of settings, found {type(data).__name__}"
        return defaults, [StorageWarning(WarningKind.DAMAGED, source, detail)], True
    warnings: list[StorageWarning] = []
    damaged = False
    version = data.get("version", SCHEMA_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        detail = f"'version' is {version!r}, expected a positive whole number"
        return defaults, [StorageWarning(WarningKind.DAMAGED, source, detail)], True
    if version > SCHEMA_VERSION:
        detail = (f"written by a newer Dame (settings version {version}, this one reads "
                  f"{SCHEMA_VERSION}); settings it does not know are ignored")
        warnings.append(StorageWarning(WarningKind.NEWER_VERSION, source, detail))
    values: dict[str, object] = {}
    for f in dataclasses.fields(Preferences):
        if f.name not in data:
            continue
        try:
            values[f.name] = _VALIDATORS[f.name](data[f.name])
        except _Invalid as exc:
            default = getattr(defaults, f.name)
            shown = dataclasses.asdict(default) if isinstance(default, BoardColors) else default
            detail = f"setting {f.name!r}: {exc}; using the default {shown!r}"
            warnings.append(StorageWarning(WarningKind.INVALID_VALUE, source, detail))
            damaged = True
    key = str(values.get("rules", defaults.rules))
    raw_switches = values.get("rule_switches", ())
    assert isinstance(raw_switches, tuple)
    switches, problems = _canonical_switches(key, raw_switches)
    for problem in problems:
        detail = f"setting 'rule_switches': {problem}; the switch was dropped"
        warnings.append(StorageWarning(WarningKind.INVALID_VALUE, source, detail))
        damaged = True
    values["rule_switches"] = switches
    prefs = dataclasses.replace(defaults, **values)  # type: ignore[arg-type]
    return prefs, warnings, damaged


# -- files -------------------------------------------------------------------------------------


def settings_path(directory: PathArg | None = None) -> Path:
    return config_dir(directory) / SETTINGS_FILE


def load_preferences(directory: PathArg | None = None) -> Loaded[Preferences]:
    """Read the preferences; never raises.

    A missing file gives the defaults.  Invalid JSON or a wrong structure: the file is moved
    aside to ``settings.json.damaged-<timestamp>`` and the defaults are used.  Invalid single
    values: the file is moved aside as well (so nothing is lost) and a repaired file keeping
    every valid value is written in its place.
    """
    path = settings_path(directory)
    read = read_json(path)
    if not read.found:
        return Loaded(Preferences(), read.warnings)
    prefs, warnings, damaged = preferences_from_json(read.data, path)
    if not damaged:
        return Loaded(prefs, tuple(warnings))
    kept = [w for w in warnings if w.kind is not WarningKind.DAMAGED]
    invalid = [w for w in kept if w.kind is WarningKind.INVALID_VALUE]
    if invalid:
        summary = f"{len(invalid)} invalid setting(s) replaced by defaults"
    else:
        summary = "; ".join(w.detail for w in warnings if w.kind is WarningKind.DAMAGED)
    aside = report_damage(path, summary)
    out = [*kept, aside]
    if invalid:
        try:
            save_preferences(prefs, directory)
        except StorageError as exc:
            out.append(StorageWarning(WarningKind.UNWRITABLE, path, str(exc)))
    return Loaded(prefs, tuple(out))


def save_preferences(prefs: Preferences, directory: PathArg | None = None) -> Path:
    """Write ``prefs`` atomically and return the file; raises StorageError naming the file."""
    path = settings_path(directory)
    write_json(path, prefs.to_json())
    return path


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
        del self._paths[self.limit:]

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


def load_recent_files(directory: PathArg | None = None) -> Loaded[RecentFiles]:
    """Read the recent-files list; never raises.  A damaged file is moved aside and reported;
    single entries that are not text are dropped (and the file moved aside as well)."""
    path = recent_files_path(directory)
    read = read_json(path)
    if not read.found:
        return Loaded(RecentFiles(), read.warnings)
    data = read.data
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, list):
        detail = "expected an object with a list 'files'"
        return Loaded(RecentFiles(), (report_damage(path, detail),))
    good = [f for f in files if isinstance(f, str) and f and "\x00" not in f]
    recent = RecentFiles(good)
    if len(good) != len(files):
        bad = len(files) - len(good)
        warnings = [report_damage(path, f"{bad} entries were not file names and were dropped")]
        try:
            save_recent_files(recent, directory)
        except StorageError as exc:
            warnings.append(StorageWarning(WarningKind.UNWRITABLE, path, str(exc)))
        return Loaded(recent, tuple(warnings))
    return Loaded(recent)


def save_recent_files(recent: RecentFiles, directory: PathArg | None = None) -> Path:
    """Write the list atomically and return the file; raises StorageError naming the file."""
    path = recent_files_path(directory)
    write_json(path, recent.to_json())
    return path
