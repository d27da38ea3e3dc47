"""Levels with a rule set's own depth and noise (``ai.levels.BY_RULES``, ``for_rules``)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dame_desktop.ai import HARD, LEVELS, Level, Limit, choose_move, search
from dame_desktop.ai.levels import BY_RULES, for_rules
from dame_desktop.ai.search import random_seed
from dame_desktop.core import Position, find_rules
from dame_desktop.core.rules import PRESETS

TUNED = [(rules, key) for rules, table in BY_RULES.items() for key in table]


def test_only_turkish_has_levels_of_its_own() -> None:
    # German and English keep their ladder; Bashni's holds with the common levels
    assert set(BY_RULES) == {"turkish"}
    assert all(BY_RULES[key] for key in BY_RULES)
    known = {level.key for level in LEVELS}
    assert all(set(table) <= known for table in BY_RULES.values())


@pytest.mark.parametrize("rules", [r.key for r in PRESETS if r.key not in BY_RULES])
def test_every_other_rule_set_plays_the_common_levels(rules: str) -> None:
    for level in LEVELS:
        assert for_rules(level, rules) is level


def _depth(level: Level) -> float:
    depth = level.effective_limit.depth
    return float("inf") if depth is None else depth


@pytest.mark.parametrize("rules", [r.key for r in PRESETS])
def test_under_every_rule_set_each_level_is_at_least_the_one_below(rules: str) -> None:
    played = [for_rules(level, rules) for level in LEVELS]
    noises = [level.noise for level in played]
    depths = [_depth(level) for level in played]
    assert noises == sorted(noises, reverse=True)
    assert depths == sorted(depths)
    assert played[-1].noise == 0 and played[-1].effective_limit.depth is None  # Master


@pytest.mark.parametrize(("rules", "key"), TUNED)
def test_a_tuned_level_changes_depth_and_noise_only_and_once(rules: str, key: str) -> None:
    level = next(level for level in LEVELS if level.key == key)
    tuned = BY_RULES[rules][key]
    played = for_rules(level, rules)
    assert played.noise == tuned.noise
    assert played.effective_limit.depth == tuned.depth
    assert played.effective_limit.movetime == level.limit.movetime
    assert (played.book, played.clock, played.draw) == (level.book, level.clock, level.draw)
    assert for_rules(played, rules) == played


@pytest.mark.parametrize("rules", sorted(BY_RULES))
def test_a_tighter_depth_put_on_the_limit_stays(rules: str) -> None:
    capped = dataclasses.replace(HARD, limit=Limit(movetime=1.0, depth=2))
    assert for_rules(capped, rules).effective_limit.depth == 2


@pytest.mark.parametrize(("rules", "key"), TUNED)
def test_choose_move_plays_the_rule_sets_own_depth_and_noise(rules: str, key: str) -> None:
    """The move, score and depth are those of a search with the rule set's settings (a node
    budget instead of the level's time, so that the test is the same on any machine)."""
    level = next(level for level in LEVELS if level.key == key)
    limit = level.limit
    level = dataclasses.replace(level, limit=Limit(depth=limit.depth, nodes=3000), clock=False)
    pos = Position.start(find_rules(rules))
    for _ in range(3):
        pos = pos.play(pos.legal_moves()[len(pos.legal_moves()) // 2])
    got = choose_move(pos, level, random.Random(3))
    tuned = BY_RULES[rules][key]
    seed = random_seed(random.Random(3)) if tuned.noise else 0
    want = search(
        pos,
        pos.rules,
        Limit(depth=tuned.depth, nodes=3000),
        noise=tuned.noise,
        seed=seed,
    )
    assert (got.move, got.score, got.depth) == (want.move, want.score, want.depth)
