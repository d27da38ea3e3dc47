"""bench/ai_levels.py's random openings (the rule sets without ballots) are fair ones."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from dame_desktop.ai import Limit, search
from dame_desktop.core import Position, find_rules

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai_levels.py"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    # the bench imports its neighbours (_match, _smoke, ai_vs_pydraughts), as when run as a script
    monkeypatch.syspath_prepend(str(BENCH.parent))
    spec = importlib.util.spec_from_file_location("ai_levels_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_opening_with_a_king_or_a_lost_man_is_refused(bench: ModuleType) -> None:
    turkish = find_rules("turkish")
    assert bench.balanced(Position.start(turkish))
    # four random plies once gave Black a king on b1 and a man more
    crowned = (
        "W:Wc4,a3,d3,e3,f3,g3,h3,a2,c2,d2,e2,f2,g2,h2"
        ":Ba7,b7,c7,d7,e7,f7,g7,h7,a6,c6,d6,e6,f6,g6,h6,Kb1"
    )
    assert not bench.balanced(Position.from_fen(crowned, turkish))
    # a man down and nothing to take back
    down = "W:Wa3,b3,c3,d3,e3,f3,g3,h3,a2,b2,c2,d2,e2,f2,g2:Ba7,b7,c7,d7,e7,f7,g7,h7,a6,b6,c6,d6"
    assert not bench.balanced(Position.from_fen(down, turkish))


@pytest.mark.parametrize("rules", ["turkish", "bashni"])
def test_the_random_openings_are_distinct_fair_and_the_same_each_run(
    bench: ModuleType, rules: str
) -> None:
    found = bench.openings(find_rules(rules), 10, 1, bench.BALLOTS)
    assert len(found) == 10 and len(set(found)) == 10
    for pos in found:
        assert not pos.kings
        score = search(pos, pos.rules, Limit(depth=bench.BALANCE_DEPTH)).score
        assert abs(score) <= bench.BALANCE_MARGIN
    assert bench.openings(find_rules(rules), 10, 1, bench.BALLOTS) == found
