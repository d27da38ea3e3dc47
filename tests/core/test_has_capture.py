"""``has_capture`` answers exactly what ``captures`` would, for every preset and both sides."""

from __future__ import annotations

import random

import pytest

from dame_desktop.core import PRESETS, find_rules
from dame_desktop.core.geometry import geometry_of
from dame_desktop.core.movegen import generator


def _scattered(
    valid: int, rng: random.Random, most: int = 18, king_share: float = 0.35
) -> tuple[int, int, int]:
    """White, black and kings dropped on random squares (not always reachable in a game)."""
    bits = [i for i in range(valid.bit_length()) if (valid >> i) & 1]
    chosen = rng.sample(bits, rng.randint(2, min(len(bits), most)))
    white = black = kings = 0
    for i, bit in enumerate(chosen):
        if i % 2:
            black |= 1 << bit
        else:
            white |= 1 << bit
        if rng.random() < king_share:
            kings |= 1 << bit
    return white, black, kings


@pytest.mark.parametrize("sparse", [False, True], ids=["crowded", "endgame"])
@pytest.mark.parametrize("key", [p.key for p in PRESETS])
def test_has_capture_agrees_with_the_generator(key: str, sparse: bool) -> None:
    """Crowded boards, and endgames of a few pieces, mostly kings (long flights across empty
    diagonals, as the endgame tables ask)."""
    rules = find_rules(key)
    gen = generator(rules)
    geo = geometry_of(rules)
    rng = random.Random(f"{key} {sparse}")
    seen = {True: 0, False: 0}
    for _ in range(1500):
        w, b, k = _scattered(geo.valid, rng, 6, 0.8) if sparse else _scattered(geo.valid, rng)
        for wtm in (True, False):
            expected = bool(gen.captures(w, b, k, wtm))
            assert gen.has_capture(w, b, k, wtm) is expected, (key, w, b, k, wtm)
            seen[expected] += 1
    assert seen[True] > 200 and seen[False] > 200  # both answers were put to the test
