"""Many games over worker processes: order, cancel, no processes left behind."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from dame_desktop.engines import ReviewCancelled
from dame_desktop.engines.batch import GameTask, review_tasks
from tests.engines.helpers import (
    child_states,
    needs_proc,
    process_ended,
    wait_until,
    worker_children,
    wrapped,
)
from tests.engines.test_review import BLUNDER


def tasks(
    count: int, movetime: float | None = 1.0, depth: int | None = None, write: bool = False
) -> list[GameTask]:
    return [GameTask(i, BLUNDER, movetime=movetime, depth=depth, write=write) for i in range(count)]


def test_results_come_in_game_order_with_the_annotated_text() -> None:
    results = list(review_tasks(tasks(3, movetime=None, depth=3, write=True), jobs=2))
    assert [r.index for r in results] == [1, 2, 3]
    assert all(r.error is None and r.fatal is None and r.pdn and "[%eval" in r.pdn for r in results)
    assert results[0].moves == results[2].moves


@needs_proc
def test_cancel_terminates_the_workers() -> None:
    before = worker_children()
    began = time.monotonic()
    polls = [0]

    def workers_started() -> bool:  # cancel once the workers are there and searching
        polls[0] += 1
        return bool(worker_children() - before) and polls[0] > 3

    with pytest.raises(ReviewCancelled):
        for _ in review_tasks(tasks(6, movetime=30.0), jobs=2, should_stop=workers_started):
            pass
    # the whole review would take over ten minutes (6 games x 7 moves x 30 s over 2
    # workers): terminated, not waited for, by a margin no loaded machine closes
    assert time.monotonic() - began < 300
    assert worker_children() <= before  # workers gone and reaped
    assert "Z" not in child_states().values()


def test_bad_rules_key_is_a_game_error() -> None:
    result = next(review_tasks([GameTask(0, BLUNDER, rules="mars")], jobs=1))
    assert result.error is not None and "mars" in result.error


@needs_proc
def test_cancel_stops_the_workers_hub_engines_behind_wrappers(tmp_path: Path) -> None:
    """Terminated workers take their Hub engines along (each runs in its own process group,
    here behind a wrapper script, and ignores SIGTERM)."""
    searching = tmp_path / "searching"
    script, _pid_file = wrapped(tmp_path, "hang", "--searching", str(searching))
    text = '[GameType "20"]\n1. 32-28 19-23 *\n'
    work = [GameTask(i, text, movetime=600.0, engine=script) for i in range(2)]

    def engines() -> list[int]:  # the engines that have read 'go'
        return [int(pid) for pid in searching.read_text().split()] if searching.exists() else []

    with pytest.raises(ReviewCancelled):  # cancelled once both workers' engines search
        for _ in review_tasks(work, jobs=2, should_stop=lambda: len(engines()) >= 2):
            pass
    pids = engines()
    wait_until(lambda: all(process_ended(pid) for pid in pids), f"the wrapped engines {pids} end")
