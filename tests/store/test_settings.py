"""Preferences and recent files: round trips, defaults, damaged files, atomic writes."""

from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path

import platformdirs
import pytest

from dame_desktop.core import apply_switches, find_rules
from dame_desktop.store import files as storage
from dame_desktop.store.files import StorageError, WarningKind
from dame_desktop.store.settings import (
    LEVELS,
    RECENT_LIMIT,
    SCHEMA_VERSION,
    THEME_COLORS,
    BoardColors,
    EngineEntry,
    LevelKey,
    Preferences,
    RecentFiles,
    load_preferences,
    load_recent_files,
    preferences_from_json,
    recent_files_path,
    rules_spec,
    save_preferences,
    save_recent_files,
    settings_path,
)

CHANGED = Preferences(
    language="de",
    board_theme="custom",
    custom_colors=BoardColors("#ffffff", "#000000", "#ff0000", "#00ff00"),
    show_square_numbers=False,
    animate=False,
    animation_ms=700,
    rules="russian",
    rule_switches=("huffing=on",),
    opponent="human",
    level=LevelKey("master"),
    human_color="random",
    confirm_resign=False,
    confirm_discard=False,
    turn_board_hot_seat=True,
    window_geometry="AdnQywADAAA=",
    window_state="AAAA/wAAAAD9",
    docks_arranged=True,
    last_directory="/home/someone/Partien",
    sound=True,
    sound_volume=35,
    notation="coordinates",
    clock_white="300",
    clock_black="180+2",
    analysis_panel=True,
    analysis_lines=3,
    analysis_movetime=2.5,
    engines=(
        EngineEntry("/opt/scan/scan", "Scan 3.1", ("normal", "frisian")),
        EngineEntry("C:\\Engines\\kingsrow.exe", "Kingsrow", ("normal",)),
    ),
    engine="/opt/scan/scan",
    opening_book=False,
    endgame_tables=False,
    explorer_panel=True,
    explorer_files=("/games/a.pdn", "/games/b.pdn"),
)


def damaged_files(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.damaged-*"))


def test_every_field_of_changed_differs_from_the_default() -> None:
    # Guards the round-trip test below: it must exercise every field.
    defaults = Preferences()
    same = [
        f.name
        for f in dataclasses.fields(Preferences)
        if getattr(defaults, f.name) == getattr(CHANGED, f.name)
    ]
    assert same == []


def test_missing_file_gives_defaults_and_writes_nothing(tmp_path: Path) -> None:
    loaded = load_preferences(tmp_path)
    assert loaded.value == Preferences()
    assert loaded.warnings == ()
    assert list(tmp_path.iterdir()) == []


def test_round_trip_keeps_every_value(tmp_path: Path) -> None:
    path = save_preferences(CHANGED, tmp_path)
    assert path == tmp_path / "settings.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["version"] == SCHEMA_VERSION
    assert stored["level"] == "master"
    assert stored["rule_switches"] == ["huffing=on"]
    loaded = load_preferences(tmp_path)
    assert loaded.warnings == ()
    assert loaded.value == CHANGED
    # no temp file left (the hidden lock file of the updates stays: store.locking)
    assert [p.name for p in tmp_path.iterdir() if p.name != ".settings.json.lock"] == [
        "settings.json"
    ]


def test_rule_set_round_trip_through_switches() -> None:
    custom = apply_switches(
        find_rules("german"), ["huffing=on", "quiet-plies=60", "landing=behind-last"]
    )
    prefs = Preferences().with_rule_set(custom)
    assert prefs.rules == "german"
    assert prefs.rule_switches == ("landing=behind-last", "huffing=on", "quiet-plies=60")
    assert prefs.rule_set() == custom
    assert Preferences().with_rule_set(find_rules("czech")).rule_switches == ()


def test_rule_set_that_no_preset_describes_is_refused() -> None:
    # 10x10 with German rules is International plus switches, so it can be stored ...
    german10 = dataclasses.replace(find_rules("german"), board_size=10)
    key, switches = rules_spec(german10)
    assert key == "international"
    assert Preferences(rules=key, rule_switches=switches).rule_set().flying_kings
    # ... but nothing describes a 12x12 board.
    odd = dataclasses.replace(find_rules("german"), board_size=12)  # no 12x12 preset
    with pytest.raises(ValueError, match="not a preset with switches"):
        rules_spec(odd)


def test_switches_are_stored_canonically(tmp_path: Path) -> None:
    data = Preferences().to_json()
    data["rules"] = "german"
    data["rule_switches"] = ["largest-capture=on", "huffing=off"]  # the second is a no-op
    prefs, warnings, damaged = preferences_from_json(data)
    assert (warnings, damaged) == ([], False)
    assert prefs.rule_switches == ("capture-rule=max",)


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    data = CHANGED.to_json()
    data["future_feature"] = {"anything": [1, 2]}
    settings_path(tmp_path).write_text(json.dumps(data), encoding="utf-8")
    loaded = load_preferences(tmp_path)
    assert loaded.value == CHANGED
    assert loaded.warnings == ()
    assert damaged_files(tmp_path, "settings.json") == []


def test_partial_settings_fill_in_defaults(tmp_path: Path) -> None:
    settings_path(tmp_path).write_text('{"version": 1, "level": "hard"}', encoding="utf-8")
    loaded = load_preferences(tmp_path)
    assert loaded.warnings == ()
    assert loaded.value == dataclasses.replace(Preferences(), level=LevelKey("hard"))


def test_invalid_values_fall_back_to_defaults_and_the_file_is_kept_aside(
    tmp_path: Path,
) -> None:
    data = CHANGED.to_json()
    data.update(
        level="expert",
        animation_ms=5,
        show_square_numbers="yes",
        custom_colors={"light_square": "white"},
        rule_switches=["bogus=1", "huffing=on"],
        window_geometry="not base64!",
        confirm_resign=1,
    )
    original = json.dumps(data)
    settings_path(tmp_path).write_text(original, encoding="utf-8")

    loaded = load_preferences(tmp_path)

    prefs, defaults = loaded.value, Preferences()
    assert prefs.level == defaults.level
    assert prefs.animation_ms == defaults.animation_ms
    assert prefs.show_square_numbers is defaults.show_square_numbers
    assert prefs.custom_colors == defaults.custom_colors
    assert prefs.window_geometry == defaults.window_geometry
    assert prefs.confirm_resign is defaults.confirm_resign
    assert prefs.rule_switches == ("huffing=on",)  # the good switch survives
    assert prefs.language == "de" and prefs.rules == "russian"  # valid values kept
    invalid = [w for w in loaded.warnings if w.kind is WarningKind.INVALID_VALUE]
    named = " ".join(w.detail for w in invalid)
    for name in (
        "level",
        "animation_ms",
        "show_square_numbers",
        "custom_colors",
        "window_geometry",
        "confirm_resign",
        "bogus",
    ):
        assert name in named
    assert all(w.path == settings_path(tmp_path) for w in loaded.warnings)
    # The original is kept aside byte for byte; a repaired file took its place.
    aside = damaged_files(tmp_path, "settings.json")
    assert len(aside) == 1
    assert aside[0].read_text(encoding="utf-8") == original
    assert [w.moved_to for w in loaded.warnings if w.moved_to] == aside
    again = load_preferences(tmp_path)
    assert again.warnings == ()
    assert again.value == prefs


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"version": 1, "language": "de", "lev', "invalid JSON"),  # cut off mid-write
        (b"", "empty"),
        (b"\xc3\x28garbage", "not UTF-8"),
        (b"\xff\xfe\x00garbage", "invalid JSON"),  # UTF-16 by its mark, but not JSON
        (b"[1, 2, 3]", "expected a JSON object"),
        (b'{"version": "one"}', "'version'"),
        (b"null", "expected a JSON object"),
    ],
)
def test_damaged_settings_are_moved_aside_and_defaults_used(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    other = tmp_path / "recent-files.json"
    save_recent_files(RecentFiles([tmp_path / "a.pdn"]), tmp_path)
    before = other.read_bytes()
    settings_path(tmp_path).write_bytes(content)

    loaded = load_preferences(tmp_path)

    assert loaded.value == Preferences()
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.DAMAGED
    assert problem in warning.detail
    assert warning.moved_to is not None and warning.moved_to.read_bytes() == content
    assert "settings.json" in warning.message and str(warning.moved_to) in warning.message
    assert not settings_path(tmp_path).exists()
    assert other.read_bytes() == before  # nothing else touched
    assert load_preferences(tmp_path).warnings == ()  # the next start is clean


def test_newer_version_is_read_with_a_note(tmp_path: Path) -> None:
    data = CHANGED.to_json()
    data["version"] = SCHEMA_VERSION + 1
    settings_path(tmp_path).write_text(json.dumps(data), encoding="utf-8")
    loaded = load_preferences(tmp_path)
    assert loaded.value == CHANGED
    assert [w.kind for w in loaded.warnings] == [WarningKind.NEWER_VERSION]
    assert settings_path(tmp_path).exists()


def test_move_aside_never_overwrites_an_earlier_copy(tmp_path: Path) -> None:
    first = tmp_path / "settings.json"
    moved = []
    for text in ("one", "two", "three"):
        first.write_text(text, encoding="utf-8")
        moved.append(storage.move_aside(first))
    assert len(set(moved)) == 3
    assert [p.read_text(encoding="utf-8") for p in moved] == ["one", "two", "three"]


def test_failed_replace_leaves_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_preferences(CHANGED, tmp_path)
    before = settings_path(tmp_path).read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(StorageError, match="settings.json"):
        save_preferences(Preferences(), tmp_path)
    monkeypatch.undo()

    assert settings_path(tmp_path).read_bytes() == before
    assert load_preferences(tmp_path).value == CHANGED
    # the temp file removed (the hidden lock file of the updates stays: store.locking)
    assert [p.name for p in tmp_path.iterdir() if p.name != ".settings.json.lock"] == [
        "settings.json"
    ]


def test_stale_temp_files_are_cleaned_fresh_ones_kept(tmp_path: Path) -> None:
    save_preferences(CHANGED, tmp_path)
    # the names tempfile.mkstemp gave in earlier versions (8 characters)
    stale = tmp_path / ".settings.json.abc123_x.tmp"
    fresh = tmp_path / ".settings.json.def456_y.tmp"
    stale.write_text("{half", encoding="utf-8")
    fresh.write_text("{half", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert load_preferences(tmp_path).value == CHANGED
    assert not stale.exists()
    assert fresh.exists()  # may belong to a writer that is still running


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0,
    reason="needs a POSIX user whom file permissions bind (not root)",
)
def test_unwritable_folder_raises_a_clear_error(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(StorageError, match="could not write .*settings.json"):
            save_preferences(CHANGED, tmp_path)
    finally:
        tmp_path.chmod(0o700)


def test_env_var_overrides_the_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(storage.CONFIG_ENV, raising=False)
    monkeypatch.delenv(storage.DATA_ENV, raising=False)
    assert storage.config_dir() == Path(platformdirs.user_config_dir("Dame", appauthor=False))
    assert storage.data_dir() == Path(platformdirs.user_data_dir("Dame", appauthor=False))

    monkeypatch.setenv(storage.CONFIG_ENV, str(tmp_path / "cfg"))
    assert storage.config_dir() == tmp_path / "cfg"
    assert storage.data_dir() == tmp_path / "cfg"  # one variable isolates everything
    save_preferences(CHANGED)
    assert (tmp_path / "cfg" / "settings.json").is_file()
    assert load_preferences().value == CHANGED

    monkeypatch.setenv(storage.DATA_ENV, str(tmp_path / "data"))
    assert storage.data_dir() == tmp_path / "data"
    assert storage.config_dir(tmp_path / "param") == tmp_path / "param"  # parameter wins


def test_theme_colours_and_language() -> None:
    assert Preferences().board_colors() == THEME_COLORS["wood"]
    assert (
        dataclasses.replace(Preferences(), board_theme="green").board_colors()
        == (THEME_COLORS["green"])
    )
    assert CHANGED.board_colors() == CHANGED.custom_colors
    system = Preferences()
    assert system.effective_language("de_AT") == "de"
    assert system.effective_language("en_GB") == "en"
    assert system.effective_language("fr_FR") == "en"
    assert CHANGED.effective_language("en_US") == "de"
    assert "medium" in LEVELS and Preferences().level in LEVELS


# -- recent files ------------------------------------------------------------------------------


def test_recent_files_order_dedupe_and_limit(tmp_path: Path) -> None:
    recent = RecentFiles()
    for i in range(12):
        recent.add(tmp_path / f"game{i}.pdn")
    assert len(recent) == RECENT_LIMIT
    assert recent.paths[0] == tmp_path / "game11.pdn"
    assert recent.paths[-1] == tmp_path / "game2.pdn"
    recent.add(tmp_path / "sub" / ".." / "game5.pdn")  # same file, other spelling
    assert recent.paths[0].name == "game5.pdn"
    assert len(recent) == RECENT_LIMIT
    assert [p.name for p in recent].count("game5.pdn") == 1
    assert recent.remove(tmp_path / "game5.pdn")
    assert not recent.remove(tmp_path / "game5.pdn")
    assert len(recent) == RECENT_LIMIT - 1


def test_recent_files_are_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    recent = RecentFiles(["partie.pdn"])
    assert recent.paths == (tmp_path / "partie.pdn",)


def test_recent_files_prune_missing(tmp_path: Path) -> None:
    kept, gone = tmp_path / "kept.pdn", tmp_path / "gone.pdn"
    kept.write_text("", encoding="utf-8")
    gone.write_text("", encoding="utf-8")
    recent = RecentFiles([kept, gone])
    gone.unlink()
    assert recent.paths == (kept, gone)  # nothing dropped until asked
    assert recent.prune() == (gone,)
    assert list(recent.paths) == [kept]


def test_recent_files_round_trip_and_damage(tmp_path: Path) -> None:
    recent = RecentFiles([tmp_path / "b.pdn", tmp_path / "a.pdn"])
    save_recent_files(recent, tmp_path)
    assert load_recent_files(tmp_path).value == recent
    assert load_recent_files(tmp_path).warnings == ()

    path = recent_files_path(tmp_path)
    path.write_text('{"version": 1, "files": ["/x/a.pdn", 7, null]}', encoding="utf-8")
    loaded = load_recent_files(tmp_path)
    assert [str(p) for p in loaded.value] == [os.path.abspath("/x/a.pdn")]
    (warning,) = loaded.warnings
    assert "2 entries" in warning.detail and warning.moved_to is not None

    path.write_text('{"files": ', encoding="utf-8")
    loaded = load_recent_files(tmp_path)
    assert len(loaded.value) == 0
    assert loaded.warnings[0].kind is WarningKind.DAMAGED
    assert len(damaged_files(tmp_path, "recent-files.json")) == 2


def test_recent_files_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        RecentFiles(limit=0)
