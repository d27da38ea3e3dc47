"""Many SIGKILLs during a clocked game, each followed by a restart: are every move and the
clocks' times back each time?

Each round starts the real program (offscreen) on the same files, continues the saved game,
plays random moves by mouse clicks at a random pace and is killed with SIGKILL after a
random number of moves and a random delay (sometimes right after a move, when the next one
may be half-way into the autosave).  tests/ui/kill_restart.py says what is checked between
rounds.  A game that ends starts anew in the next round.

Usage::

    python bench/ui_kill_restart.py --kills 25 --seed 1
    python bench/ui_kill_restart.py --smoke      # two kills: the CI check

Prints one line per round and a summary; exit status 1 when a check failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from _smoke import add_smoke, smoke_settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dame_desktop.store.settings import Preferences, save_preferences  # noqa: E402
from tests.ui.kill_restart import check_restored, check_saved, play_and_kill  # noqa: E402

CLOCKS = (("300", "300"), ("600+5", "120+2"), ("60", "90+1"), ("1800", "30"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke_settings(args, kills=2)
    kills = args.kills
    rng = random.Random(args.seed)
    problems: list[str] = []
    moves_seen = 0
    inside_saves: set[str] = set()  # the temporary files of saves a kill interrupted
    with tempfile.TemporaryDirectory(prefix="dame-kill-") as folder:
        config = Path(folder)
        white, black = rng.choice(CLOCKS)
        save_preferences(
            Preferences(
                language="en", opponent="human", animate=False, clock_white=white, clock_black=black
            ),
            config,
        )
        previous = None
        for number in range(1, kills + 1):
            fast = rng.random() < 0.4  # moves close together: kills land inside saves
            plies = rng.randint(1, 10)
            round_ = play_and_kill(
                config,
                plies=plies,
                kill_after=rng.randint(0, plies),
                delay=rng.choice((0.0, 0.0, rng.uniform(0, 0.05), rng.uniform(0, 1.5))),
                seed=rng.randrange(1 << 30),
                pause_ms=30 if fast else 600,
            )
            found = check_saved(round_)
            if previous is not None:
                found = check_restored(previous, round_) + found
            restored = round_.restored or {}
            last = round_.last()
            shown = len(last[1]["moves"]) if last else 0
            moves_seen += len(round_.reports)
            saved = len(round_.saved.get("events", [])) if round_.saved else 0
            inside = set(round_.temps) - inside_saves
            inside_saves |= inside
            print(
                f"kill {number}: restored {len(restored.get('moves', []))} moves, "
                f"shown {shown}, saved {saved}; clocks {white}/{black}"
                + ("; killed inside an autosave" if inside else "")
                + ("" if not found else f"; PROBLEMS: {found}"),
                flush=True,
            )
            problems.extend(f"kill {number}: {p}" for p in found)
            if round_.stderr.strip() and "Traceback" in round_.stderr:
                problems.append(
                    f"kill {number}: the program printed a traceback:\n{round_.stderr[-1500:]}"
                )
            if last is not None and last[1]["over"]:
                white, black = rng.choice(CLOCKS)
                save_preferences(
                    Preferences(
                        language="en",
                        opponent="human",
                        animate=False,
                        clock_white=white,
                        clock_black=black,
                    ),
                    config,
                )
            previous = round_
    print(
        f"{kills} kills and restarts ({len(inside_saves)} inside an autosave), "
        f"{moves_seen} moves played by clicks: "
        + ("no problems" if not problems else f"{len(problems)} problems")
    )
    for line in problems:
        print("  " + line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
