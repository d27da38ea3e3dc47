"""A counted game taken back out of the score table (its end was undone)."""

from __future__ import annotations

from datetime import UTC, datetime

from dame_desktop.store.scores import Outcome, ScoreTable, load_scores, update_scores

WHEN = datetime(2026, 3, 1, 12, 30, 15, 123456, tzinfo=UTC)


def test_withdraw_takes_the_entry_and_its_count(tmp_path) -> None:
    def count(table: ScoreTable) -> bool:
        table.record_against_computer("easy", Outcome.WIN, WHEN.replace(minute=1))
        table.record_against_computer("easy", Outcome.LOSS, WHEN, reason="resignation")
        table.record_hot_seat("Paul", "Anna", Outcome.DRAW, WHEN, reason="agreement")
        return True

    update_scores(count, tmp_path)
    # stored to the second and read back: the entry is still found
    update_scores(lambda table: table.withdraw(WHEN, "resignation"), tmp_path)
    table = load_scores(tmp_path).value
    assert table.level("easy").tally.wins == 1 and table.level("easy").tally.losses == 0
    assert [e.outcome for e in table.level("easy").last] == [Outcome.WIN]
    assert table.pair("Anna", "Paul").tally.draws == 1, "another game's entry stays"
    assert table.withdraw(WHEN, "agreement")
    assert table.pair("Anna", "Paul").tally.games == 0
    assert not table.withdraw(WHEN, "agreement"), "nothing left to take back"
