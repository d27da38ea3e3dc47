"""The puzzle sets shipped with the program: readable, legal, one rule set each, unique."""

from __future__ import annotations

import pytest

from dame_desktop.core import Position, find_rules
from dame_desktop.puzzles.mine import THEMES
from dame_desktop.puzzles.sets import read_puzzles, shipped_path, shipped_puzzles

# the sets shipped and the least each holds (every rule set gets one as it is mined)
MINIMUM = {
    "english": 500,
    "german": 500,
    "international": 500,
    "brazilian": 100,
    "pool": 100,
    "spanish": 100,
    "czech": 100,
    "italian": 100,
    "russian": 100,
    "turkish": 100,
    "german-ass": 150,
    "bashni": 100,
}
SHIPPED = tuple(MINIMUM)


@pytest.mark.parametrize("key", SHIPPED)
def test_a_shipped_set_is_well_formed(key: str) -> None:
    rules_key, puzzles = read_puzzles(shipped_path(key))
    assert rules_key == key and puzzles == shipped_puzzles(key)
    assert len(puzzles) >= MINIMUM[key]
    rules = find_rules(key)
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert len({p.fen for p in puzzles}) == len(puzzles)
    for puzzle in puzzles:
        assert set(puzzle.themes) <= set(THEMES), puzzle.id
        assert puzzle.source and 800 <= puzzle.rating <= 2500, puzzle.id
        position = Position.from_fen(puzzle.fen, rules)
        solver = position.turn
        assert len(puzzle.solution) % 2 == 1, "the solver makes the last move"
        for number, text in enumerate(puzzle.solution):
            assert (position.turn is solver) == (number % 2 == 0), puzzle.id
            position = position.play(position.parse_move(text))  # legal, or it raises


def test_a_rule_set_without_a_set_has_no_puzzles() -> None:
    assert shipped_puzzles("no-such-rules") == []


@pytest.mark.slow  # searches to depth 8 for every solver move
@pytest.mark.parametrize("key", SHIPPED)
def test_shipped_puzzles_still_hold_when_searched_again(key: str) -> None:
    from dame_desktop.puzzles.sets import check_puzzle

    puzzles = shipped_puzzles(key)
    sample = puzzles[:: max(1, len(puzzles) // 2)][:2]
    assert [p.id for p in sample if check_puzzle(p) is not None] == []
