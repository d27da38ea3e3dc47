"""A scripted player for the autosave tests: seeded random moves and huffing decisions.

Run as a script it plays one game and autosaves after every step, printing one JSON line
per completed save, so a test can SIGKILL it mid-game and check what survived.
Usage: python autosave_player.py DIRECTORY SEED [PAUSE_SECONDS]
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Iterator

from dame_desktop.core import Game, HuffChoice, RuleSet, apply_switches, find_rules

SWITCHES = ("huffing=on", "quiet-plies=60", "men-capture-backward=on")


def rules() -> RuleSet:
    return apply_switches(find_rules("german"), list(SWITCHES))


def steps(seed: int, limit: int = 400) -> Iterator[Game]:
    """Play one game, yielding the same Game object after every step (a move, a huffing
    decision or an occasional undo).  Deterministic for a given seed."""
    rnd = random.Random(seed)
    game = Game(rules())
    for _ in range(limit):
        if game.is_over:
            return
        pending = game.pending_huff
        roll = rnd.random()
        if pending is not None and roll < 0.6:
            choice = rnd.choice(list(HuffChoice))
            game.huff(choice, rnd.choice(pending.candidates))
        elif roll > 0.97 and game.can_undo:
            game.undo()
        else:
            game.play(rnd.choice(game.legal_moves()))
        yield game


def main() -> None:
    from dame_desktop.store.autosave import save_autosave

    directory, seed = sys.argv[1], int(sys.argv[2])
    pause = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    for count, game in enumerate(steps(seed), start=1):
        save_autosave(game, {"opponent": "human", "step": count}, directory)
        print(
            json.dumps({"step": count, "states": len(game.states), "fen": game.position.fen()}),
            flush=True,
        )
        if pause:
            time.sleep(pause)
    print(json.dumps({"done": True}), flush=True)
    time.sleep(60)  # wait to be killed, like a window left open


if __name__ == "__main__":
    main()
