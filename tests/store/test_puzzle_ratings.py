"""Puzzle ratings on disk: per member and rule set, damage set aside, several programs."""

from __future__ import annotations

import json
import multiprocessing
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest

from dame_desktop.store.files import WarningKind
from dame_desktop.store.puzzle_ratings import (
    PersonalPuzzle,
    PuzzleRatings,
    load_ratings,
    ratings_path,
    save_ratings,
    update_ratings,
)


def test_ratings_are_kept_per_member_and_rule_set(tmp_path: Path) -> None:
    table = PuzzleRatings()
    before, after = table.record("Anna", "german", "german-1", 1200, True)
    assert before.rating.rating == 1500 and after.rating.rating > 1500 and after.solved == 1
    _b, lost = table.record("anna ", "german", "german-2", 1200, False)  # the same Anna
    assert 0 < after.rating.rating - lost.rating.rating <= 30 and lost.failed == 1
    assert lost.recent == ("german-1", "german-2")
    _b, half = table.record("Anna", "german", "german-3", 1200, 0.5)  # solved after a hint
    assert (half.solved, half.failed, half.hinted) == (1, 1, 1)
    assert table.get("Paul", "german").solved == 0
    assert table.get("Anna", "english").rating.rating == 1500
    assert table.record_run("Anna", "german", 7) and not table.record_run("Anna", "german", 5)
    table.add_personal(
        "Anna", [PersonalPuzzle("mine-1", "german", "W:W21:B5", ("21-17",), "game 1")]
    )
    save_ratings(table, tmp_path)
    loaded = load_ratings(tmp_path)
    assert loaded.warnings == ()
    again = loaded.value
    assert again.get("ANNA", "german") == table.get("Anna", "german")
    assert again.get("Anna", "german").best_run == 7 and again.get("Anna", "german").hinted == 1
    assert again.names() == ["Anna"] and [p.id for p in again.personal("anna")] == ["mine-1"]


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b'{"format": "other"}', b""])
def test_a_damaged_file_is_set_aside_with_a_message(tmp_path: Path, content: bytes) -> None:
    path = ratings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    loaded = load_ratings(tmp_path)
    assert loaded.value.names() == []
    assert [w.kind for w in loaded.warnings] == [WarningKind.DAMAGED]
    assert not path.exists()
    aside = list(path.parent.glob("puzzles.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content  # nothing is lost


def test_a_bad_entry_is_dropped_and_named_the_rest_kept(tmp_path: Path) -> None:
    table = PuzzleRatings()
    table.record("Anna", "german", "g-1", 1300, True)
    data = table.to_json()
    ratings = data["ratings"]
    assert isinstance(ratings, list)
    ratings.append(
        {"name": "Paul", "rules": "german", "rating": "lots", "deviation": 50, "volatility": 0.06}
    )
    path = ratings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_ratings(tmp_path)
    assert [w.kind for w in loaded.warnings] == [WarningKind.ENTRIES_DROPPED]
    assert loaded.warnings[0].values[0].name == "ratings[1]"
    assert loaded.value.names() == ["Anna"]
    assert load_ratings(tmp_path).warnings == ()  # the repaired file was written back


def _solve_some(folder: str, barrier: Barrier, index: int) -> None:
    barrier.wait(timeout=300)
    for number in range(8):

        def solve(table: PuzzleRatings, n: int = number) -> object:
            return table.record(f"Kind {index}", "german", f"p{n}", 1400, True)

        update_ratings(solve, folder)


@pytest.mark.slow  # starts interpreters
def test_four_programs_rating_at_once_lose_nothing(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(4)
    children = [
        context.Process(target=_solve_some, args=(str(tmp_path), barrier, i)) for i in range(4)
    ]
    for child in children:
        child.start()
    for child in children:
        child.join()
    assert [c.exitcode for c in children] == [0] * 4
    table = load_ratings(tmp_path).value
    assert sorted(table.names()) == [f"Kind {i}" for i in range(4)]
    assert all(table.get(f"Kind {i}", "german").solved == 8 for i in range(4))
