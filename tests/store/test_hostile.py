"""Hostile settings, recent-files and autosave files: every load returns, sets the damage
aside (never deletes it), reports it as data, and keeps what is valid.  Seeded fuzzing."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from dame_desktop.core import Game, find_rules
from dame_desktop.store.autosave import (
    AutosaveLoad,
    autosave_path,
    autosave_record,
    load_autosave,
    save_autosave,
)
from dame_desktop.store.files import (
    Damage,
    StoreFile,
    WarningKind,
    atomic_write_bytes,
)
from dame_desktop.store.settings import (
    LevelKey,
    Loaded,
    Preferences,
    RecentFiles,
    load_preferences,
    load_recent_files,
    recent_files_path,
    save_preferences,
    save_recent_files,
    settings_path,
)

BOM = b"\xef\xbb\xbf"
HUGE = "1" * 5000  # int() refuses it (ValueError: exceeds the limit for integer strings)
DEEP = "[" * 100_000 + "]" * 100_000  # RecursionError in the decoder
GOOD = Preferences(
    language="de",
    level=LevelKey("hard"),
    animation_ms=400,
    board_theme="green",
    rules="russian",
    show_square_numbers=True,
)


Loader = Callable[[Path], "Loaded[Preferences] | Loaded[RecentFiles] | AutosaveLoad"]
LOADERS: dict[str, Loader] = {
    "settings.json": load_preferences,
    "autosave.json": load_autosave,
    "recent-files.json": load_recent_files,
}


def asides(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.damaged-*"))


def a_game() -> Game:
    game = Game(find_rules("german"))
    for move in ("22-18", "11-15", "18x11", "8x15", "21-17"):
        game.play(move)
    return game


def settings_text(**change: object) -> str:
    data = GOOD.to_json()
    data.update(change)
    return json.dumps(data, indent=2)


# -- the reported crashes ----------------------------------------------------------------------


def test_a_5000_digit_setting_resets_that_setting_only(tmp_path: Path) -> None:
    text = settings_text().replace('"animation_ms": 400', f'"animation_ms": {HUGE}')
    settings_path(tmp_path).write_text(text, encoding="utf-8")
    loaded = load_preferences(tmp_path)
    assert loaded.value == GOOD.__class__(**{**GOOD.__dict__, "animation_ms": 250})
    (warning,) = loaded.warnings  # one warning, not "damaged: starts with the defaults"
    assert warning.kind is WarningKind.INVALID_VALUE and warning.file is StoreFile.SETTINGS
    (reset,) = warning.values
    assert reset.name == "animation_ms" and reset.default == "250"
    assert "5000" in reset.value and len(reset.value) <= 60
    assert warning.moved_to is not None and warning.moved_to.read_text("utf-8") == text
    assert load_preferences(tmp_path) == type(loaded)(loaded.value)  # repaired: next start clean


@pytest.mark.parametrize("name", ["settings.json", "autosave.json", "recent-files.json"])
@pytest.mark.parametrize("poison", ["huge-version", "deep"])
def test_absurd_files_are_set_aside_and_the_next_start_is_clean(
    tmp_path: Path,
    name: str,
    poison: str,
) -> None:
    text = (
        f'{{"version": {HUGE}, "format": "dame-autosave", "files": []}}'
        if poison == "huge-version"
        else f'{{"version": 1, "files": {DEEP}}}'
    )
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    load = LOADERS[name]
    first = load(tmp_path)
    (warning,) = first.warnings
    assert warning.kind is WarningKind.DAMAGED and warning.path == path
    assert warning.damage in (Damage.TOO_DEEP, Damage.WRONG_SHAPE)
    assert (
        warning.file
        is {
            "settings.json": StoreFile.SETTINGS,
            "autosave.json": StoreFile.AUTOSAVE,
            "recent-files.json": StoreFile.RECENT_FILES,
        }[name]
    )
    assert warning.moved_to is not None and warning.moved_to.read_text("utf-8") == text
    assert not path.exists()
    assert load(tmp_path).warnings == ()


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-32"])
def test_a_byte_order_mark_is_accepted_in_every_file(tmp_path: Path, encoding: str) -> None:
    save_preferences(GOOD, tmp_path)
    recent = RecentFiles([tmp_path / "a.pdn", tmp_path / "b.pdn"])
    save_recent_files(recent, tmp_path)
    save_autosave(a_game(), {"level": "hard"}, tmp_path)
    for path in (settings_path(tmp_path), recent_files_path(tmp_path), autosave_path(tmp_path)):
        path.write_bytes(path.read_text("utf-8").encode(encoding))
        assert path.read_bytes()[:2] in (BOM[:2], b"\xff\xfe")
    assert load_preferences(tmp_path) == type(load_preferences(tmp_path))(GOOD)
    assert load_recent_files(tmp_path).value == recent
    assert load_recent_files(tmp_path).warnings == ()
    loaded = load_autosave(tmp_path)
    assert loaded.warnings == () and loaded.game is not None
    assert loaded.game.states == a_game().states
    assert asides(tmp_path, "*") == []


def test_a_damaged_recent_files_list_is_reported(tmp_path: Path) -> None:
    path = recent_files_path(tmp_path)
    path.write_text('{"version": 1, "files": "not a list"}', encoding="utf-8")
    loaded = load_recent_files(tmp_path)
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.DAMAGED and warning.file is StoreFile.RECENT_FILES
    assert warning.damage is Damage.WRONG_SHAPE and warning.moved_to is not None
    assert len(loaded.value) == 0
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "files": [
                    str(tmp_path / "a.pdn"),
                    7,
                    "",
                    "x\x00y",
                    str(tmp_path / "b.pdn"),
                    "z" * 10_000,
                ],
            }
        ),
        encoding="utf-8",
    )
    loaded = load_recent_files(tmp_path)
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.ENTRIES_DROPPED and warning.moved_to is not None
    assert [v.name for v in warning.values] == ["files[1]", "files[2]", "files[3]", "files[5]"]
    assert all(len(v.value) <= 60 for v in warning.values)
    assert [p.name for p in loaded.value] == ["a.pdn", "b.pdn"]
    assert load_recent_files(tmp_path).warnings == ()  # repaired


def test_several_bad_values_are_named_each_and_the_rest_kept(tmp_path: Path) -> None:
    text = settings_text(
        level="expert",
        animate="no",
        last_directory="d" * 100_000,
        rule_switches=["huffing=on", "bogus=1"],
    )
    settings_path(tmp_path).write_text(text, encoding="utf-8")
    loaded = load_preferences(tmp_path)
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.INVALID_VALUE
    assert [v.name for v in warning.values] == [
        "animate",
        "level",
        "last_directory",
        "rule_switches",
    ]
    assert warning.values[1].value == "'expert'" and warning.values[1].default == "'medium'"
    assert warning.values[3].value == "'bogus=1'" and warning.values[3].default == ""
    prefs = loaded.value
    assert (prefs.language, prefs.board_theme, prefs.rules) == ("de", "green", "russian")
    assert prefs.rule_switches == ("huffing=on",)


def test_duplicate_keys_nan_and_infinity(tmp_path: Path) -> None:
    text = (
        '{"version": 1, "level": "hard", "level": "easy", "language": "de",'
        ' "language": "de", "animation_ms": NaN, "show_square_numbers": Infinity}'
    )
    settings_path(tmp_path).write_text(text, encoding="utf-8")
    loaded = load_preferences(tmp_path)
    (warning,) = loaded.warnings
    assert [v.name for v in warning.values] == ["show_square_numbers", "animation_ms", "level"]
    assert loaded.value.language == "de"  # the same value twice is no conflict


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX users")
def test_a_file_the_system_will_not_read_is_set_aside_not_overwritten() -> None:
    """Run as a user whom permissions bind (root drops to 'nobody' in a subprocess)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="dame-unreadable-", dir="/tmp"))  # others may enter
    try:
        _unreadable_case(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _unreadable_case(folder: Path) -> None:
    import subprocess
    import textwrap

    save_preferences(GOOD, folder)
    path = settings_path(folder)
    before = path.read_bytes()
    path.chmod(0o200)  # write-only: it cannot be read, but it could be replaced
    folder.chmod(0o777)
    script = textwrap.dedent(f"""
        import os, sys
        from dame_desktop.store.settings import load_preferences, save_preferences
        if os.geteuid() == 0:  # imports first: the interpreter may live in root's home
            os.setgid(65534)
            os.setuid(65534)
        loaded = load_preferences({str(folder)!r})
        (warning,) = loaded.warnings
        print(warning.kind.value, warning.moved_to is not None)
        save_preferences(loaded.value, {str(folder)!r})
    """)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["unreadable", "True"]
    (aside,) = asides(folder, "settings.json")
    aside.chmod(0o600)
    assert aside.read_bytes() == before  # kept, and the new file took its place
    assert path.exists()


# -- the autosave ------------------------------------------------------------------------------


def autosave_with(tmp_path: Path, **change: object) -> Path:
    data = autosave_record(a_game(), {"level": "hard"})
    data.update(change)
    path = autosave_path(tmp_path)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "damage"),
    [
        ({"rules": {"preset": "klingon", "switches": []}}, Damage.UNKNOWN_RULES),
        ({"rules": {"preset": "german", "switches": ["board=99"]}}, Damage.UNKNOWN_RULES),
        ({"rules": {"preset": "german", "switches": ["x" * 10_000]}}, Damage.UNKNOWN_RULES),
        ({"start": "W:W3²:B1"}, Damage.BAD_START),
        ({"start": '[Event "x"] 1. 11-15 {'}, Damage.BAD_START),
        ({"start": "W:W" + HUGE + ":B1"}, Damage.BAD_START),
        ({"format": "something else"}, Damage.NOT_AUTOSAVE),
        ({"version": 0}, Damage.WRONG_SHAPE),
    ],
)
def test_an_autosave_without_a_usable_start_is_damaged(
    tmp_path: Path,
    change: dict[str, object],
    damage: Damage,
) -> None:
    path = autosave_with(tmp_path, **change)
    text = path.read_text("utf-8")
    loaded = load_autosave(tmp_path)
    (warning,) = loaded.warnings
    assert loaded.game is None and warning.kind is WarningKind.DAMAGED
    assert warning.damage is damage and warning.file is StoreFile.AUTOSAVE
    assert warning.moved_to is not None and warning.moved_to.read_text("utf-8") == text


@pytest.mark.parametrize(
    "bad", ["1-2", "22-18", "²²-18", HUGE + "-18", "x" * 100_000, "1. 11-15 {garbage", "\x00"]
)
def test_an_unplayable_move_restores_the_game_up_to_it(tmp_path: Path, bad: str) -> None:
    events = ["22-18", "11-15", bad, "18x11"]
    autosave_with(tmp_path, events=events)
    loaded = load_autosave(tmp_path)
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.PARTIAL_GAME and warning.moved_to is not None
    assert loaded.game is not None and [m.full_text() for m in loaded.game.moves] == [
        "22-18",
        "11-15",
    ]
    assert loaded.meta is not None and "move 2 (ply 3)" in loaded.meta.problems[0]
    assert len(loaded.meta.problems[0]) < 600


def test_absurd_numbers_and_values_in_an_autosave(tmp_path: Path) -> None:
    huff = [{"huff": "blow", "square": 10**20}]
    autosave_with(tmp_path, events=["22-18", *huff])
    assert load_autosave(tmp_path).warnings[0].kind is WarningKind.PARTIAL_GAME
    autosave_with(
        tmp_path,
        check={"fen": "x" * 5000, "states": 10**25},
        saved_at="0001-01-01T00:00:00",
        player={"light_name": "n" * 10_000, "level": "hard", "deep": [[[[1]]]]},
    )
    loaded = load_autosave(tmp_path)
    assert loaded.game is not None and loaded.meta is not None
    assert loaded.meta.saved_at is None
    assert loaded.meta.player == {"level": "hard"}
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.MISMATCH and len(warning.detail) < 1500


def test_too_many_events_are_not_replayed_forever(tmp_path: Path) -> None:
    from dame_desktop.store.autosave import EVENTS_MAX

    autosave_with(tmp_path, events=["nonsense"] * (EVENTS_MAX + 10))
    loaded = load_autosave(tmp_path)
    assert loaded.meta is not None and loaded.meta.stopped_early


# -- the fixture files -------------------------------------------------------------------------

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "store" / "hostile"
EXPECTED: dict[str, tuple[WarningKind, ...]] = {
    "settings--bom.json": (),
    "settings--utf16.json": (),
    "settings--huge-number.json": (WarningKind.INVALID_VALUE,),
    "settings--deep.json": (WarningKind.DAMAGED,),
    "settings--nan.json": (WarningKind.INVALID_VALUE,),
    "settings--list.json": (WarningKind.DAMAGED,),
    "settings--truncated.json": (WarningKind.DAMAGED,),
    "autosave--bom.json": (),
    "autosave--huge-version.json": (WarningKind.DAMAGED,),
    "autosave--deep.json": (WarningKind.DAMAGED,),
    "autosave--illegal-move.json": (WarningKind.PARTIAL_GAME,),
    "autosave--unknown-rules.json": (WarningKind.DAMAGED,),
    "autosave--pdn-start.json": (WarningKind.DAMAGED,),
    "autosave--superscript-move.json": (WarningKind.PARTIAL_GAME,),
    "recent-files--bom.json": (),
    "recent-files--deep.json": (WarningKind.DAMAGED,),
    "recent-files--bad-entries.json": (WarningKind.ENTRIES_DROPPED,),
    "recent-files--not-a-list.json": (WarningKind.DAMAGED,),
}


def test_every_fixture_is_listed() -> None:
    assert sorted(p.name for p in FIXTURES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("fixture", sorted(EXPECTED))
def test_hostile_fixture_files(tmp_path: Path, fixture: str) -> None:
    name = fixture.split("--")[0] + ".json"
    data = (FIXTURES / fixture).read_bytes()
    (tmp_path / name).write_bytes(data)
    load = LOADERS[name]
    result = load(tmp_path)
    assert tuple(w.kind for w in result.warnings) == EXPECTED[fixture]
    kept = [p.read_bytes() for p in tmp_path.glob(f"{name}.damaged-*")]
    if result.warnings:
        assert kept == [data]
    else:
        assert (tmp_path / name).read_bytes() == data and kept == []
    if isinstance(result, AutosaveLoad) and WarningKind.DAMAGED not in EXPECTED[fixture]:
        assert result.game is not None and result.game.moves  # what was playable came back
    assert load(tmp_path).warnings == ()


# -- fuzzing -----------------------------------------------------------------------------------


def _flip(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def _mutate(rng: random.Random, data: bytes) -> bytes:
    """One seeded mutation; the text ones fall back to byte flips on text they cannot use."""
    choice = rng.randrange(14)
    if choice == 0:
        return data[: rng.randrange(len(data))]
    if choice == 1:
        return _flip(rng, data)
    try:
        return _mutate_text(rng, choice, data)
    except (UnicodeError, ValueError):
        return _flip(rng, data)


def _mutate_text(rng: random.Random, choice: int, data: bytes) -> bytes:
    text = data.decode("utf-8")
    numbers = [i for i, c in enumerate(text) if c.isdigit()]
    if choice == 2 and numbers:
        spot = rng.choice(numbers)
        return (text[:spot] + "9" * rng.choice([31, 4301, 5000]) + text[spot:]).encode()
    colons = [i for i, c in enumerate(text) if c == ":"] or [0]
    spot = rng.choice(colons) + 1
    if choice == 3:
        depth = rng.choice([50, 999, 5000, 100_000])
        return (text[:spot] + " " + "[" * depth + "]" * depth + ", " + text[spot:]).encode()
    if choice == 4:  # a value of another type in front of the old one (then it is a syntax
        value = rng.choice(
            [
                '"x"',
                "null",
                "true",
                "[]",
                "{}",
                "-1",
                "1e400",
                "0.5",
                '"' + "z" * 5000 + '"',
                "NaN",
                "-Infinity",
                "1E+99999",
            ]
        )
        end = text.find(",", spot)
        end = end if end > 0 else text.find("}", spot)
        return (text[:spot] + " " + value + text[end:]).encode()
    if choice == 5:  # a key twice
        first = text.index("\n  ")
        line_end = text.index("\n", first + 1)
        line = text[first:line_end].rstrip(",")
        return (
            text[:line_end] + line.replace(":", ': 12345 ,"pad":', 1) + "," + text[line_end:]
        ).encode()
    if choice == 6:
        return BOM + data
    if choice == 7:
        return text.encode(rng.choice(["utf-16", "utf-16-le", "utf-32", "utf-16-be"]))
    if choice == 8:
        return data.replace(b'"', b"'", rng.randint(1, 5))
    if choice == 9:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
    if choice == 10:
        return text.replace('"', '"\\u0000', 1).encode()
    if choice == 11:
        return (text[:spot] + ' "\\ud800" ' + text[spot:]).encode()
    if choice == 12:
        return b"[" + data + b"]"
    return data.replace(b"\n", b"\r\n") + b"\x00" * rng.randint(0, 3)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["settings", "recent", "autosave"])
def test_fuzzed_files_never_raise_and_nothing_is_lost(tmp_path: Path, which: str) -> None:
    rng = random.Random(f"store-fuzz-{which}")
    folder = tmp_path / "seed"
    save_preferences(GOOD, folder)
    save_recent_files(RecentFiles([tmp_path / "a.pdn", tmp_path / "b.pdn"]), folder)
    save_autosave(a_game(), {"level": "hard", "names": ["Ada", "Bo"]}, folder)
    name = {
        "settings": "settings.json",
        "recent": "recent-files.json",
        "autosave": "autosave.json",
    }[which]
    load = LOADERS[name]
    valid = (folder / name).read_bytes()
    assert load(folder).warnings == ()
    limit = sys.getrecursionlimit()
    for case in range(150):
        here = tmp_path / f"case{case}"
        here.mkdir()
        data = _mutate(rng, valid)
        if data and rng.random() < 0.3:
            data = _mutate(rng, data)
        atomic_write_bytes(here / name, data)
        result = load(here)  # must not raise
        assert sys.getrecursionlimit() == limit
        kept = [p.read_bytes() for p in here.glob(f"{name}.damaged-*")]
        if (here / name).exists() and not kept:
            assert (here / name).read_bytes() == data  # nothing was changed
        else:
            assert data in kept, f"case {case}: the damaged file was not kept"
            assert result.warnings, f"case {case}: set aside without a word"
        for warning in result.warnings:
            assert warning.path == here / name and len(warning.detail) < 3000
        assert all(w.kind is not WarningKind.DAMAGED for w in load(here).warnings), case
