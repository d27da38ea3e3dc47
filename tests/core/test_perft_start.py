"""Start-position perft against the published drop rows of PERFT.md."""

from __future__ import annotations

import pytest

from dame_desktop.core import Position, find_rules, perft

# (rule set, depth -> leaves), drop convention; depths chosen to run in seconds.
DROP_ROWS = {
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929896],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783],
    "czech": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    "german": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    "german-ass": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
}


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(DROP_ROWS))
def test_start_position_perft(key: str) -> None:
    rules = find_rules(key)
    start = Position.start(rules)
    got = [perft(start, d) for d in range(1, len(DROP_ROWS[key]) + 1)]
    assert got == DROP_ROWS[key]
