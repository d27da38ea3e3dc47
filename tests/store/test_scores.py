"""The score table: games recorded, stored, read back, reset, and damaged files."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import platformdirs
import pytest

from dame_desktop.store.files import Damage, StoreFile, WarningKind
from dame_desktop.store.scores import (
    LAST_GAMES,
    MAX_COUNT,
    SCORES_FILE,
    SCORES_FORMAT,
    Outcome,
    ScoreTable,
    Tally,
    load_scores,
    save_scores,
    scores_path,
)

DAY = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def damaged_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{SCORES_FILE}.damaged-*"))


def family_evening() -> ScoreTable:
    table = ScoreTable()
    table.record_hot_seat("Paul", "Anna", Outcome.WIN, DAY, rules="german", reason="no-moves")
    table.record_hot_seat("Anna", "Paul", Outcome.WIN, DAY + timedelta(minutes=20))
    table.record_hot_seat("anna ", " PAUL", Outcome.DRAW, DAY + timedelta(minutes=40))
    table.record_hot_seat("Oma", "Paul", Outcome.LOSS, DAY + timedelta(minutes=50))
    table.record_against_computer("beginner", Outcome.WIN, DAY, player="Paul")
    table.record_against_computer("beginner", Outcome.LOSS, DAY + timedelta(hours=1))
    table.record_against_computer("master", Outcome.LOSS, DAY, player="Oma", rules="english")
    return table


def test_a_few_games_give_each_pair_and_level_its_score() -> None:
    table = family_evening()
    paul = table.pair("Paul", "Anna")
    assert (paul.name, paul.other) == ("Paul", "Anna")
    assert paul.tally == Tally(wins=1, draws=1, losses=1)
    assert [e.outcome for e in paul.last] == [Outcome.DRAW, Outcome.LOSS, Outcome.WIN]
    assert paul.last[0].when == DAY + timedelta(minutes=40)  # newest first
    assert paul.last[-1].rules == "german" and paul.last[-1].reason == "no-moves"
    anna = table.pair("ANNA", "paul")  # the same record, from Anna's side
    assert anna.tally == Tally(wins=1, draws=1, losses=1)
    assert [e.outcome for e in anna.last] == [Outcome.DRAW, Outcome.WIN, Outcome.LOSS]
    assert table.pair("Paul", "Oma").tally == Tally(wins=1)
    assert table.pair("Paul", "Nobody").tally == Tally()
    assert [p.other for p in table.pairs()] == ["Paul", "Paul"]  # Oma's game was the last
    beginner = table.level("beginner")
    assert beginner.tally == Tally(wins=1, losses=1) and beginner.tally.games == 2
    assert beginner.last[1].player == "Paul"
    assert [lv.level for lv in table.levels()] == ["beginner", "master"]
    assert table.level("hard").tally == Tally()


def test_the_table_round_trips_through_the_data_folder(tmp_path: Path) -> None:
    table = family_evening()
    path = save_scores(table, tmp_path)
    assert path == tmp_path / SCORES_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == SCORES_FORMAT and data["version"] == 1
    loaded = load_scores(tmp_path)
    assert loaded.warnings == () and loaded.value == table
    assert loaded.value.pair("Anna", "Paul") == table.pair("Anna", "Paul")
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic write left no temp file


def test_only_the_last_games_are_kept_but_every_game_counts(tmp_path: Path) -> None:
    table = ScoreTable()
    for minute in range(LAST_GAMES + 5):
        table.record_against_computer("easy", Outcome.DRAW, DAY + timedelta(minutes=minute))
    score = table.level("easy")
    assert score.tally.draws == LAST_GAMES + 5 and len(score.last) == LAST_GAMES
    assert score.last[0].when == DAY + timedelta(minutes=LAST_GAMES + 4)
    save_scores(table, tmp_path)
    assert load_scores(tmp_path).value.level("easy") == score


def test_dates_are_kept_in_utc() -> None:
    table = ScoreTable()
    berlin = timezone(timedelta(hours=1))
    table.record_against_computer("hard", Outcome.WIN, datetime(2026, 12, 1, 19, 0, tzinfo=berlin))
    assert table.level("hard").last[0].when == datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def test_bad_records_are_refused_with_a_reason() -> None:
    table = ScoreTable()
    with pytest.raises(ValueError, match="empty"):
        table.record_hot_seat("  ", "Anna", Outcome.WIN, DAY)
    with pytest.raises(ValueError, match="both players"):
        table.record_hot_seat("Anna", "ANNA", Outcome.WIN, DAY)
    with pytest.raises(ValueError, match="longer than"):
        table.record_hot_seat("A" * 101, "Anna", Outcome.WIN, DAY)
    with pytest.raises(ValueError, match="time zone"):
        table.record_hot_seat("Paul", "Anna", Outcome.WIN, datetime(2026, 12, 1))
    with pytest.raises(ValueError, match="unknown level"):
        table.record_against_computer("grandmaster", Outcome.WIN, DAY)
    assert table.is_empty


def test_reset(tmp_path: Path) -> None:
    table = family_evening()
    assert table.reset_pair("anna", "paul") and not table.reset_pair("anna", "paul")
    assert table.pair("Paul", "Anna").tally == Tally()
    assert table.pair("Paul", "Oma").tally == Tally(wins=1)
    assert table.reset_level("master") and not table.reset_level("master")
    table.reset()
    assert table.is_empty
    save_scores(table, tmp_path)
    loaded = load_scores(tmp_path)
    assert loaded.value.is_empty and loaded.warnings == ()


def test_the_file_lives_in_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DAME_DATA_DIR", raising=False)
    monkeypatch.delenv("DAME_CONFIG_DIR", raising=False)
    folder = Path(platformdirs.user_data_dir("Dame", appauthor=False))
    assert scores_path() == folder / SCORES_FILE
    monkeypatch.setenv("DAME_DATA_DIR", str(tmp_path))
    assert scores_path() == tmp_path / SCORES_FILE


def test_a_missing_file_is_an_empty_table(tmp_path: Path) -> None:
    loaded = load_scores(tmp_path)
    assert loaded.value.is_empty and loaded.warnings == ()


@pytest.mark.parametrize(
    "content",
    [
        b"{ not json",
        b"",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"format": "dame-autosave", "version": 1}',
        b'{"format": "dame-scores", "version": "one"}',
        b'{"format": "dame-scores", "version": 1, "pairs": {}}',
    ],
)
def test_a_damaged_file_is_set_aside_and_reported(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / SCORES_FILE
    path.write_bytes(content)
    loaded = load_scores(tmp_path)
    assert loaded.value.is_empty
    assert [w.kind for w in loaded.warnings] == [WarningKind.DAMAGED]
    warning = loaded.warnings[0]
    assert warning.file is StoreFile.SCORES and warning.damage is not None
    assert warning.path == path and warning.moved_to is not None
    assert warning.moved_to.read_bytes() == content  # nothing is lost
    assert not path.exists() and damaged_files(tmp_path) == [warning.moved_to]
    table = family_evening()  # the next game is stored as usual
    save_scores(table, tmp_path)
    assert load_scores(tmp_path).value == table


def test_deep_nesting_is_damage_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / SCORES_FILE
    path.write_text(
        '{"format": "dame-scores", "version": 1, "pairs": ' + "[" * 200_000 + "]" * 200_000 + "}",
        encoding="utf-8",
    )
    loaded = load_scores(tmp_path)
    assert loaded.value.is_empty
    assert [(w.kind, w.damage) for w in loaded.warnings] == [(WarningKind.DAMAGED, Damage.TOO_DEEP)]
    assert loaded.warnings[0].moved_to is not None
    assert not path.exists() and len(damaged_files(tmp_path)) == 1


def test_huge_numbers_are_not_counted(tmp_path: Path) -> None:
    path = tmp_path / SCORES_FILE
    good = {"wins": 2, "draws": 0, "losses": 1, "last": []}
    path.write_text(
        json.dumps(
            {
                "format": SCORES_FORMAT,
                "version": 1,
                "pairs": [{"names": ["Paul", "Anna"], **good}],
                "levels": {"easy": {"wins": 10**40}, "medium": good},
            }
        ),
        encoding="utf-8",
    )
    loaded = load_scores(tmp_path)
    assert loaded.value.level("easy").tally == Tally()  # dropped, not believed
    assert loaded.value.level("medium").tally == Tally(2, 0, 1)
    assert loaded.value.pair("Paul", "Anna").tally == Tally(2, 0, 1)
    assert [w.kind for w in loaded.warnings] == [WarningKind.ENTRIES_DROPPED]
    warning = loaded.warnings[0]
    assert [v.name for v in warning.values] == ["levels['easy']"]
    assert warning.moved_to is not None and len(damaged_files(tmp_path)) == 1  # kept aside
    again = load_scores(tmp_path)  # the repaired table was written back
    assert again.warnings == () and again.value == loaded.value
    # a number with thousands of digits (Python refuses to convert it) is not believed either
    path.write_text(
        '{"format": "dame-scores", "version": 1, "levels": {"easy": {"wins": '
        + "9" * 5000
        + '}, "hard": {"wins": 1e999}, "medium": {"draws": 4}}}',
        encoding="utf-8",
    )
    huge = load_scores(tmp_path)
    assert huge.value.level("easy").tally == Tally() == huge.value.level("hard").tally
    assert huge.value.level("medium").tally == Tally(draws=4)
    assert [w.kind for w in huge.warnings] == [WarningKind.ENTRIES_DROPPED]
    assert len(huge.warnings[0].values) == 2 and len(damaged_files(tmp_path)) == 2
    table = ScoreTable()
    for _ in range(3):
        table.record_against_computer("easy", Outcome.WIN, DAY)
    assert table.level("easy").tally.wins == 3 and MAX_COUNT > 10**8


def test_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    table = family_evening()
    save_scores(table, tmp_path)
    path = scores_path(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as a Windows editor saves it
    loaded = load_scores(tmp_path)
    assert loaded.value == table and loaded.warnings == ()


def test_bad_records_are_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    good = {
        "wins": 1,
        "draws": 2,
        "losses": 3,
        "last": [{"date": "2026-12-01T18:00:00+00:00", "outcome": "win"}],
    }
    path = tmp_path / SCORES_FILE
    path.write_text(
        json.dumps(
            {
                "format": SCORES_FORMAT,
                "version": 1,
                "pairs": [
                    {"names": ["Paul", "Anna"], **good},
                    {"names": ["Paul"], **good},
                    {"names": ["Paul", "paul"], **good},
                    {"names": ["Oma", "Opa"], "wins": -1},
                    {"names": ["Oma", "Opa"], "wins": True},
                    {"names": ["Oma", "Opa"], "last": [{"date": "gestern", "outcome": "win"}]},
                    {"names": ["Oma", "Opa"], "last": [{"date": "2026-12-01", "outcome": "won"}]},
                    "Paul",
                ],
                "levels": {"grandmaster": good, "easy": {"last": "x"}, "hard": good},
            }
        ),
        encoding="utf-8",
    )
    loaded = load_scores(tmp_path)
    table = loaded.value
    assert table.pair("Paul", "Anna").tally == Tally(1, 2, 3)
    assert table.pair("Oma", "Opa").tally == Tally()
    assert table.level("hard").tally == Tally(1, 2, 3)
    assert [lv.level for lv in table.levels()] == ["hard"]
    assert [w.kind for w in loaded.warnings] == [WarningKind.ENTRIES_DROPPED]
    warning = loaded.warnings[0]
    assert warning.detail.startswith("9 record(s)") and len(warning.values) == 9
    assert [v.name for v in warning.values][:2] == ["pairs[1]", "pairs[2]"]
    assert warning.moved_to is not None
    assert load_scores(tmp_path).warnings == ()


def test_a_newer_file_is_read_as_far_as_known(tmp_path: Path) -> None:
    path = tmp_path / SCORES_FILE
    path.write_text(
        json.dumps(
            {
                "format": SCORES_FORMAT,
                "version": 7,
                "future": {"x": 1},
                "levels": {"easy": {"wins": 4, "streak": 3}},
            }
        ),
        encoding="utf-8",
    )
    loaded = load_scores(tmp_path)
    assert [w.kind for w in loaded.warnings] == [WarningKind.NEWER_VERSION]
    assert loaded.value.level("easy").tally == Tally(wins=4)
    assert path.exists()  # not damaged: left where it is
