"""The preferences added for sound, notation, new-game clocks, the analysis
panel and Hub engines, the level keys from ai.levels, and the first start by language."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from dame_desktop.ai import LEVELS as AI_LEVELS
from dame_desktop.core.clock import TimeControl
from dame_desktop.store.files import ResetValue, StorageWarning, WarningKind
from dame_desktop.store.settings import (
    ENGINES_MAX,
    LEVELS,
    NOTATIONS,
    EngineEntry,
    LevelKey,
    Preferences,
    first_start_preferences,
    first_start_rules_key,
    load_preferences,
    preferences_from_json,
    save_preferences,
    settings_path,
)

SCAN = EngineEntry("/opt/scan/scan", "Scan 3.1", ("normal", "frisian"))
KINGSROW = EngineEntry("C:\\Engines\\kingsrow.exe", "Kingsrow", ("normal",))

# A settings file as the Dame before these fields wrote it.
OLD_FILE = {
    "version": 1,
    "language": "de",
    "board_theme": "green",
    "custom_colors": {
        "light_square": "#f0d9b5",
        "dark_square": "#b58863",
        "light_piece": "#fbf4e6",
        "dark_piece": "#3b2a20",
    },
    "show_square_numbers": True,
    "animate": True,
    "animation_ms": 400,
    "rules": "czech",
    "rule_switches": [],
    "opponent": "human",
    "level": "hard",
    "human_color": "dark",
    "confirm_resign": True,
    "confirm_discard": True,
    "turn_board_hot_seat": False,
    "window_geometry": "",
    "window_state": "",
    "last_directory": "/home/anna",
}

NEW_VALUES: dict[str, object] = {
    "sound": True,
    "sound_volume": 0,
    "notation": "numbers",
    "clock_white": "600",
    "clock_black": "180+2",
    "analysis_panel": True,
    "analysis_lines": 3,
    "analysis_movetime": 0.1,
    "engines": (SCAN, KINGSROW),
    "docks_arranged": True,
}


def write(folder: Path, data: object) -> str:
    text = json.dumps(data)
    settings_path(folder).write_text(text, encoding="utf-8")
    return text


def resets(loaded_warnings: tuple[StorageWarning, ...]) -> list[ResetValue]:
    out: list[ResetValue] = []
    for warning in loaded_warnings:
        assert warning.kind is WarningKind.INVALID_VALUE
        out.extend(warning.values)
    return out


def test_an_old_file_loads_with_the_new_defaults_and_no_warning(tmp_path: Path) -> None:
    write(tmp_path, OLD_FILE)
    loaded = load_preferences(tmp_path, system_language="en_GB")
    assert loaded.warnings == ()
    prefs, defaults = loaded.value, Preferences()
    for name in list(NEW_VALUES) + ["engine"]:
        assert getattr(prefs, name) == getattr(defaults, name), name
    assert (prefs.rules, prefs.level, prefs.animation_ms) == ("czech", "hard", 400)
    assert settings_path(tmp_path).read_text(encoding="utf-8") == json.dumps(OLD_FILE)


def test_the_new_defaults() -> None:
    prefs = Preferences()
    assert prefs.sound is False  # no surprise noise; the tests are silent
    assert (prefs.sound_volume, prefs.notation) == (70, "rules")
    assert (prefs.clock_white, prefs.clock_black) == ("-", "-")
    assert prefs.time_controls() == (TimeControl(), TimeControl())
    assert (prefs.analysis_panel, prefs.analysis_lines, prefs.analysis_movetime) == (False, 1, 1.0)
    assert (prefs.engines, prefs.engine, prefs.engine_entry()) == ((), "", None)


@pytest.mark.parametrize(("name", "value"), list(NEW_VALUES.items()))
def test_each_new_field_round_trips(tmp_path: Path, name: str, value: Any) -> None:
    prefs = dataclasses.replace(Preferences(), **{name: value})
    assert prefs != Preferences()
    save_preferences(prefs, tmp_path)
    loaded = load_preferences(tmp_path)
    assert loaded.warnings == ()
    assert loaded.value == prefs


def test_the_engine_in_use_round_trips_with_its_list(tmp_path: Path) -> None:
    prefs = dataclasses.replace(Preferences(), engines=(SCAN, KINGSROW), engine=KINGSROW.path)
    save_preferences(prefs, tmp_path)
    stored = json.loads(settings_path(tmp_path).read_text(encoding="utf-8"))
    assert stored["engines"][0] == {
        "path": "/opt/scan/scan",
        "name": "Scan 3.1",
        "variants": ["normal", "frisian"],
    }
    assert stored["engine"] == KINGSROW.path
    loaded = load_preferences(tmp_path)
    assert loaded.warnings == ()
    assert loaded.value == prefs
    assert loaded.value.engine_entry() == KINGSROW


def test_an_integer_movetime_is_read_as_seconds(tmp_path: Path) -> None:
    write(tmp_path, {"version": 1, "analysis_movetime": 60})
    loaded = load_preferences(tmp_path)
    assert loaded.warnings == ()
    assert loaded.value.analysis_movetime == 60.0
    assert isinstance(loaded.value.analysis_movetime, float)


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("sound", '"yes"'),
        ("sound", "1"),
        ("sound", "null"),
        ("sound_volume", "101"),
        ("sound_volume", "-1"),
        ("sound_volume", "true"),
        ("sound_volume", "50.5"),
        ("sound_volume", '"70"'),
        ("sound_volume", "1" + "0" * 40),  # an absurd number
        ("notation", '"Rules"'),
        ("notation", '"algebraic"'),
        ("notation", "[]"),
        ("clock_white", '"0"'),
        ("clock_white", '"40/7200:3600"'),
        ("clock_white", '"*120"'),
        ("clock_white", '"300+601"'),
        ("clock_white", '"36001"'),
        ("clock_black", "300"),
        ("clock_black", '"' + "9" * 100 + '"'),
        ("clock_black", '"5 min"'),
        ("clock_black", '"\\u0000"'),
        ("analysis_panel", '"true"'),
        ("analysis_lines", "2"),
        ("analysis_lines", "true"),
        ("analysis_lines", "3.0"),
        ("analysis_movetime", "0.05"),
        ("analysis_movetime", "61"),
        ("analysis_movetime", "NaN"),
        ("analysis_movetime", "1e999"),
        ("analysis_movetime", "-Infinity"),
        ("analysis_movetime", "false"),
        ("analysis_movetime", '"1.0"'),
        ("engines", '"scan"'),
        ("engines", "{}"),
        ("engines", "null"),
        ("engine", "3"),
        ("engine", '"/nowhere/engine"'),
        ("engine", '"' + "x" * 5000 + '"'),
        ("level", '"grandmaster"'),
    ],
)
def test_a_bad_new_value_is_reset_alone(tmp_path: Path, name: str, raw: str) -> None:
    base = dataclasses.replace(
        Preferences(),
        language="de",
        rules="russian",
        sound=True,
        sound_volume=20,
        notation="coordinates",
        clock_white="300",
        clock_black="600+5",
        analysis_panel=True,
        analysis_lines=3,
        analysis_movetime=4.0,
        engines=(SCAN,),
        engine=SCAN.path,
        level=LevelKey("easy"),
    )
    data = base.to_json()
    del data[name]
    # raw JSON text, so that NaN, 1e999 and huge numbers reach the reader as written
    text = json.dumps(data)[:-1] + f", {json.dumps(name)}: {raw}}}"
    settings_path(tmp_path).write_text(text, encoding="utf-8")

    loaded = load_preferences(tmp_path)

    expected = dataclasses.replace(base, **{name: getattr(Preferences(), name)})
    if name == "engines":  # the engine in use is no longer listed
        expected = dataclasses.replace(expected, engine="")
    assert loaded.value == expected
    named = [r.name for r in resets(loaded.warnings)]
    assert name in named
    assert set(named) <= {name, "engine"}
    assert all(r.reason for r in resets(loaded.warnings))
    assert load_preferences(tmp_path).warnings == ()  # the repaired file is clean


def test_clock_texts_are_stored_canonically(tmp_path: Path) -> None:
    write(tmp_path, {"version": 1, "clock_white": " 300 ", "clock_black": "180+0"})
    loaded = load_preferences(tmp_path)
    assert loaded.warnings == ()
    assert (loaded.value.clock_white, loaded.value.clock_black) == ("300", "180")
    assert loaded.value.time_controls() == (TimeControl(300), TimeControl(180))


def test_time_controls_helpers() -> None:
    prefs = Preferences().with_time_controls(TimeControl.fischer(3, 2), TimeControl(600))
    assert (prefs.clock_white, prefs.clock_black) == ("180+2", "600")
    assert prefs.time_controls() == (TimeControl(180, 2), TimeControl(600))
    # set in code to something odd: counts as no clock instead of raising
    odd = dataclasses.replace(Preferences(), clock_white="later")
    assert odd.time_controls()[0] == TimeControl()


def test_bad_engine_entries_are_dropped_one_by_one(tmp_path: Path) -> None:
    good = SCAN.to_json()
    entries: list[object] = [
        good,
        "scan",  # not an object
        {"name": "no path"},
        {"path": "", "name": "empty path"},
        {"path": "/a" * 3000, "name": "too long"},
        {"path": "/opt/b", "name": "N" * 201},
        {"path": "/opt/c", "name": "c", "variants": "normal"},
        {"path": "/opt/d", "name": "d", "variants": ["normal", 7]},
        {"path": "/opt/e\u0000x", "name": "e"},
        {"path": "/opt/f", "name": "f", "variants": ["v"] * 65},
        dict(good, name="Scan again"),  # the same path twice
        KINGSROW.to_json(),
        {"path": "/opt/g"},  # name and variants are optional
    ]
    data = dict(OLD_FILE, engines=entries, engine=KINGSROW.path)
    write(tmp_path, data)

    loaded = load_preferences(tmp_path)

    assert loaded.value.engines == (SCAN, KINGSROW, EngineEntry("/opt/g"))
    assert loaded.value.engine == KINGSROW.path
    assert loaded.value.rules == "czech"  # the rest of the file is kept
    named = [r.name for r in resets(loaded.warnings)]
    assert named == [f"engines[{i}]" for i in range(1, 11)]
    assert all(r.default == "" and r.reason for r in resets(loaded.warnings))
    (warning,) = loaded.warnings
    assert "the entry was dropped" in warning.detail
    assert "listed twice" in warning.detail and "longer than 200" in warning.detail
    assert warning.moved_to is not None  # the original is kept aside
    assert load_preferences(tmp_path).value == loaded.value


def test_at_most_sixteen_engines(tmp_path: Path) -> None:
    entries = [EngineEntry(f"/opt/e{i}", f"E{i}").to_json() for i in range(ENGINES_MAX + 3)]
    write(tmp_path, {"version": 1, "engines": entries, "engine": "/opt/e17"})
    loaded = load_preferences(tmp_path)
    assert [e.path for e in loaded.value.engines] == [f"/opt/e{i}" for i in range(ENGINES_MAX)]
    assert loaded.value.engine == ""  # it pointed at an engine that was dropped
    named = [r.name for r in resets(loaded.warnings)]
    assert named == ["engines[16]", "engines[17]", "engines[18]", "engine"]


def test_a_hostile_engine_list_is_handled(tmp_path: Path) -> None:
    nested: object = "deep"
    for _ in range(30):
        nested = {"path": nested}
    entries = [
        nested,
        {"path": ["/opt/x"]},
        {"path": "/opt/y", "variants": [[[]]]},
        {"path": "/opt/z", "name": {"n": 1}},
    ] * 100
    write(tmp_path, {"version": 1, "engines": entries, "sound": True})
    loaded = load_preferences(tmp_path)
    assert loaded.value.engines == ()
    assert loaded.value.sound is True
    assert len(resets(loaded.warnings)) == 20  # named up to a limit, not four hundred


def test_level_keys_are_the_ai_levels(tmp_path: Path) -> None:
    assert tuple(level.key for level in AI_LEVELS) == LEVELS
    assert Preferences().level in LEVELS
    for key in LEVELS:
        write(tmp_path, {"version": 1, "level": key})
        loaded = load_preferences(tmp_path)
        assert (loaded.value.level, loaded.warnings) == (key, ())


def test_notation_values_match_the_window() -> None:
    # the values of dame_desktop.ui.words.notation.Notation (read there, not imported:
    # the store is Qt-free)
    assert NOTATIONS == ("rules", "numbers", "coordinates")


# -- the first start ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "rules"),
    [
        ("de", "german"),
        ("de_DE", "german"),
        ("de_AT", "german"),
        ("DE-ch", "german"),
        ("en", "english"),
        ("en_GB", "english"),
        ("en_US", "english"),
        ("fr_FR", "english"),
        ("C", "english"),
        ("", "english"),
        ("dev", "english"),
    ],
)
def test_first_start_rules_follow_the_language(tmp_path: Path, language: str, rules: str) -> None:
    assert first_start_rules_key(language) == rules
    assert first_start_preferences(language) == dataclasses.replace(Preferences(), rules=rules)
    loaded = load_preferences(tmp_path, system_language=language)
    assert loaded.warnings == ()
    assert loaded.value.rules == rules
    assert loaded.value.rule_set().key == rules
    assert list(tmp_path.iterdir()) == []  # nothing written until the window saves


def test_after_the_first_start_the_preferences_decide(tmp_path: Path) -> None:
    first = load_preferences(tmp_path, system_language="en_GB").value
    save_preferences(first, tmp_path)
    assert load_preferences(tmp_path, system_language="de_DE").value.rules == "english"
    save_preferences(dataclasses.replace(first, rules="czech"), tmp_path)
    assert load_preferences(tmp_path, system_language="en_GB").value.rules == "czech"
    write(tmp_path, {"version": 1})  # a file without a rule set: the plain default
    assert load_preferences(tmp_path, system_language="en_GB").value.rules == "german"


@pytest.mark.parametrize("content", [b'{"version": 1, "rul', b"[1, 2]", b"\xc3\x28", b""])
def test_a_damaged_file_gives_the_first_start_choice(tmp_path: Path, content: bytes) -> None:
    settings_path(tmp_path).write_bytes(content)
    loaded = load_preferences(tmp_path, system_language="en_US")
    assert loaded.value == first_start_preferences("en_US")
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.DAMAGED
    assert warning.moved_to is not None and warning.moved_to.read_bytes() == content


def test_a_folder_in_place_of_the_file_gives_the_first_start_choice(tmp_path: Path) -> None:
    settings_path(tmp_path).mkdir()
    loaded = load_preferences(tmp_path, system_language="en")
    assert loaded.value.rules == "english"
    assert [w.kind for w in loaded.warnings] == [WarningKind.UNREADABLE]


def test_preferences_from_json_takes_the_fallback_for_broken_data() -> None:
    english = first_start_preferences("en")
    prefs, warnings, damaged = preferences_from_json([], broken_default=english)
    assert (prefs, damaged) == (english, True)
    assert warnings[0].kind is WarningKind.DAMAGED
    prefs, warnings, damaged = preferences_from_json({"version": 1}, broken_default=english)
    assert (prefs, warnings, damaged) == (Preferences(), [], False)
