"""The tower search's own tables: state keys, packed table entries, the game's history."""

from __future__ import annotations

import random

from dame_desktop.ai import Limit
from dame_desktop.ai.search import WIN
from dame_desktop.ai.towers import _entry, _entry_fields, _key, tower_search
from dame_desktop.core import Position, find_rules
from dame_desktop.core.rules import Color
from dame_desktop.core.towers import tower_generator

BASHNI = find_rules("bashni")
SHIFT = tower_generator(BASHNI).valid.bit_length()


def test_a_table_entry_gives_back_what_was_packed() -> None:
    for depth in (-3, -1, 0, 1, 17, 64):
        for score in (-WIN - 1, -WIN + 5, -1, 0, 1, 433, WIN - 7, WIN + 1):
            for flag in (0, 1, 2):
                for place in (0, 1, 2, 95, (1 << 24) - 1):
                    fields = (depth, score, flag, place)
                    assert _entry_fields(_entry(*fields)) == fields


def random_states(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    pos = Position.start(BASHNI)
    while len(out) < count:
        moves = pos.legal_moves()
        if not moves:
            pos = Position.start(BASHNI)
            continue
        pos = pos.play(rng.choice(moves))
        out.append(pos)
    return out


def test_states_share_a_key_exactly_when_they_are_the_same_state() -> None:
    states = {
        (p.white, p.black, p.kings, p.turn is Color.WHITE, p.stacks) for p in random_states(400, 3)
    }
    # the same tops with other towers, or the other side to move
    w, b, k, wtm, stacks = next(s for s in states if len(s[4]) >= 2)
    (bit1, below1), (bit2, below2) = stacks[0], stacks[1]
    states |= {
        (w, b, k, not wtm, stacks),
        (w, b, k, wtm, ((bit1, below1 + below2),)),
        (w, b, k, wtm, ((bit1, below1 + "b"), (bit2, below2))),
        (w, b, k, wtm, ((bit1, below1 + "B"), (bit2, below2))),
        (w, b, k, wtm, ((bit1, below1), (bit2, below2 + "w"))),
        (w, b, k, wtm, ((bit1, below1 + below2[:1]), (bit2, below2[1:]))),
    }
    keys = {_key(w, b, k, wtm, dict(stacks), SHIFT) for w, b, k, wtm, stacks in states}
    assert len(keys) == len(states)


def test_a_position_of_the_game_again_is_a_draw() -> None:
    # White takes d4 twice (freeing its man) or d4 and f6: a gain at depth one
    pos = Position.from_fen("W:Wc3:Bd4/bw,f6", BASHNI)
    assert tower_search(pos, Limit(depth=1)).score > 0
    # every move leads back into the game's history: each is a draw
    history = [pos.play(m) for m in pos.legal_moves()]
    assert all(p.stacks for p in history)  # the keys of towers are found in the history
    assert tower_search(pos, Limit(depth=1), history=history).score == 0
