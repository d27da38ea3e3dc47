"""Many games over worker processes: order, cancel, no processes left behind."""

from __future__ import annotations

import time

import pytest

from dame_desktop.engines import ReviewCancelled
from dame_desktop.engines.batch import GameTask, review_tasks
from tests.engines.helpers import child_states, needs_proc, worker_children
from tests.engines.test_review import BLUNDER


def tasks(count: int, **kwargs: object) -> list[GameTask]:
    return [GameTask(i, BLUNDER, **kwargs) for i in range(count)]  # type: ignore[arg-type]


def test_results_come_in_game_order_with_the_annotated_text() -> None:
    results = list(review_tasks(tasks(3, movetime=None, depth=3, write=True), jobs=2))
    assert [r.index for r in results] == [1, 2, 3]
    assert all(r.error is None and r.fatal is None and r.pdn and "[%eval" in r.pdn
               for r in results)
    assert results[0].moves == results[2].moves


@needs_proc
def test_cancel_terminates_the_workers() -> None:
    before = worker_children()
    began = time.monotonic()
    with pytest.raises(ReviewCancelled):
        for _ in review_tasks(tasks(6, movetime=2.0), jobs=2,
                              should_stop=lambda: time.monotonic() - began > 1.0):
            pass
    assert time.monotonic() - began < 10
    assert worker_children() <= before  # workers gone and reaped
    assert "Z" not in child_states().values()


def test_bad_rules_key_is_a_game_error() -> None:
    result = next(review_tasks([GameTask(0, BLUNDER, rules="mars")], jobs=1))
    assert result.error is not None and "mars" in result.error
