"""PDN reading and memory: do games read from fresh handles stay in memory afterwards?

Two measures, each printing the process's peak resident memory, the memory Python still holds
after the reads (tracemalloc, after ``gc.collect()``) and the reader's lexers still alive:

* ``--reads N``: one large game (``--size`` bytes, most of it one comment) read N times, each
  time from a fresh handle (``io.StringIO``), as a game list or a clipboard paste does;
* ``--document FILE``: ``PdnDocument.load_game`` over every game of a PDN file (the game list
  opening each game in turn), e.g. the OCA archive.

    python bench/pdn_memory.py --reads 60 --size 1000000
    python bench/pdn_memory.py --document ../shared/pdn-corpus/english/OCA_2.0.pdn
    python bench/pdn_memory.py --smoke          # a second or two, for CI

Run it under ``/usr/bin/time -v`` for the maximum resident set size and CPU seconds.
"""

from __future__ import annotations

import argparse
import gc
import io
import resource
import sys
import time
import tracemalloc
from pathlib import Path

from _smoke import add_smoke, smoke_settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dame_desktop.pdn import Game, read_game
from dame_desktop.pdn.document import PdnDocument
from dame_desktop.pdn.lexer import GameLexer

MOVES = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10"


def big_game(size: int) -> str:
    """A German game of about ``size`` characters, nearly all of it one comment."""
    head = '[Event "memory"]\n[GameType "20"]\n\n'
    words = "a long note on this position " * (max(size - 200, 0) // 29 + 1)
    return f"{head}{MOVES} {{{words[: max(size - 200, 1)]}}} 5. 46-41 *\n"


def live_lexers() -> int:
    gc.collect()
    return sum(1 for obj in gc.get_objects() if isinstance(obj, GameLexer))


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def report(what: str, count: int, started: float, cpu: float) -> None:
    gc.collect()
    print(
        f"{what}: {count} reads, {time.process_time() - cpu:.2f} CPU s, "
        f"{time.perf_counter() - started:.2f} s"
    )
    if tracemalloc.is_tracing():
        held, _peak = tracemalloc.get_traced_memory()
        print(f"  held after the reads: {held / 1e6:.1f} MB (tracemalloc, after gc.collect())")
    print(f"  live lexers: {live_lexers()}, peak RSS: {peak_mb():.0f} MB")


def fresh_handles(reads: int, size: int) -> None:
    text = big_game(size)
    tracemalloc.start()
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(reads):
        game = read_game(io.StringIO(text))
        assert isinstance(game, Game) and not game.errors, game.errors if game else None
        del game
    report(f"one {len(text) / 1e6:.2f} MB game from fresh handles", reads, started, cpu)


def document(path: Path, limit: int | None, trace: bool) -> None:
    doc = PdnDocument.open(path)
    count = len(doc) if limit is None else min(limit, len(doc))
    if trace:
        tracemalloc.start()
    started, cpu = time.perf_counter(), time.process_time()
    for index in range(count):
        doc.load_game(index)
    report(f"PdnDocument.load_game over {path.name}", count, started, cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=60)
    parser.add_argument("--size", type=int, default=1_000_000, help="bytes of the game")
    parser.add_argument("--document", type=Path, help="a PDN file: load_game over its games")
    parser.add_argument("--limit", type=int, help="at most this many games of --document")
    parser.add_argument(
        "--trace", action="store_true", help="with --document: measure the memory held (slower)"
    )
    add_smoke(parser)
    args = parser.parse_args()
    if smoke_settings(args, reads=5, size=20_000, document=None):
        fresh_handles(args.reads, args.size)
        return 0
    if args.document is not None:
        document(args.document, args.limit, args.trace)
    else:
        fresh_handles(args.reads, args.size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
