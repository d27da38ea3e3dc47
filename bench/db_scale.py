"""Game database at scale: index a synthetic archive at 1x, 4x and 16x, then find and explore.

    python bench/db_scale.py [--games 1000000] [--source FILE] [--keep DIR] [--smoke]

Makes synthetic archives of N/16, N/4 and N games (default N = 1,000,000) from the games of a
source file (OCA from the shared corpus when present, else the test fixture), varied: each
copy cuts the main line a few plies earlier and gets its own players, event and result, and
is written with full capture paths.  The archives are written game by game (never held in
memory).  For each size it prints the CPU seconds to index per game (linear: the three
should match), the index's bytes per game; on the largest, the CPU time of ``find`` and
``explore`` for positions after the fourth ply and for the start position (its count and a
page of 20 games), explore after each of the first four plies, find with reversed colours,
the search of 6 pieces taken from a position after ply 12, and the peak memory of the whole
run (maximum resident set).

``--smoke`` runs it on 1,600 games in a few seconds (for CI: it checks the bench runs).
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from _smoke import add_smoke, smoke_settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dame_desktop.core import Color, Position, RuleSet
from dame_desktop.core.geometry import geometry
from dame_desktop.core.position import Kind, Piece
from dame_desktop.db.index import GameIndex
from dame_desktop.db.library import Library
from dame_desktop.db.replay import ReplayedGame, replay_file
from dame_desktop.db.similar import Pattern
from dame_desktop.pdn.tree import State

HERE = Path(__file__).resolve().parent
OCA = HERE.parent.parent / "shared" / "pdn-corpus" / "english" / "OCA_2.0.pdn"
FIXTURE = HERE.parent / "tests" / "data" / "db" / "library.pdn"
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class Source:
    """The source games as (rules, move texts with full paths, tags) kept compact."""

    def __init__(self, path: Path, limit: int | None = None) -> None:
        self.games: list[tuple[str, list[str], RuleSet]] = []
        self.samples: list[tuple[RuleSet, State]] = []  # positions after the fourth ply
        self.early: list[list[tuple[RuleSet, State]]] = [[], [], [], []]  # after plies 1-4
        self.middle: list[tuple[RuleSet, State]] = []  # after ply 12: pattern sources
        for game in replay_file(path):
            if (
                game.problems
                or game.rules is None
                or game.plies < 8
                or game.states[0] != _start(game.rules)
            ):
                continue
            self.games.append((_gametype(game), _texts(game), game.rules))
            if len(self.samples) < 50 and game.number % 7 == 0:
                self.samples.append((game.rules, game.states[4]))
            if len(self.early[0]) < 20 and game.number % 11 == 0:
                for ply in range(4):
                    self.early[ply].append((game.rules, game.states[ply + 1]))
            if len(self.middle) < 20 and game.number % 13 == 0 and game.plies > 16:
                self.middle.append((game.rules, game.states[12]))
            if limit is not None and len(self.games) >= limit:
                break


def _start(rules: RuleSet) -> State:
    pos = Position.start(rules)
    return (pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)


def _gametype(game: ReplayedGame) -> str:
    return "".join(f'[{n} "{v}"]\n' for n, v in game.headers if n in ("GameType", "Rules"))


def _texts(game: ReplayedGame) -> list[str]:
    assert game.rules is not None
    b2s = geometry(game.rules.board_size, game.rules.numbering).bit_to_sq
    out = []
    for raw in game.moves:
        if raw is None:
            break
        squares = [b2s[raw[0]], *(b2s[b] for b in raw[4])]
        out.append(("x" if raw[2] else "-").join(map(str, squares)))
    return out


def synthetic(source: Source, count: int) -> Iterator[str]:
    """``count`` varied games as PDN text, one at a time."""
    n = len(source.games)
    for i in range(count):
        tags, moves, _rules = source.games[i % n]
        variant = i // n
        cut = max(len(moves) - variant % 9, 5)
        result = RESULTS[(i * 7 + variant) % len(RESULTS)]
        body = []
        for ply, text in enumerate(moves[:cut]):
            body.append(f"{ply // 2 + 1}. {text}" if ply % 2 == 0 else text)
        yield (
            f'[Event "Synthetic {variant}"]\n[White "Player {i % 977}"]\n'
            f'[Black "Player {(i * 31) % 983}"]\n[Result "{result}"]\n{tags}'
            + " ".join(body)
            + f" {result}\n\n"
        )


def write_archive(source: Source, count: int, path: Path) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for text in synthetic(source, count):
            handle.write(text)


def _position(rules: RuleSet, state: State) -> Position:
    return Position(rules, state[0], state[1], state[2], Color.WHITE if state[3] else Color.BLACK)


def _pieces(rules: RuleSet, state: State) -> list[tuple[int, Piece]]:
    geo = geometry(rules.board_size, rules.numbering)
    out = []
    for sq in range(1, geo.squares + 1):
        bit = 1 << geo.sq_to_bit[sq]
        for mask, color in ((state[0], Color.WHITE), (state[1], Color.BLACK)):
            if mask & bit:
                out.append((sq, Piece(color, Kind.KING if state[2] & bit else Kind.MAN)))
    return out


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_ms(action: object) -> tuple[float, object]:
    start = time.process_time()
    result = action()  # type: ignore[operator]
    return (time.process_time() - start) * 1000, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="the largest archive")
    parser.add_argument("--source", type=Path, help="PDN file the games come from")
    parser.add_argument(
        "--keep",
        type=Path,
        help="folder for the archives and indexes (default: a temporary one, removed)",
    )
    add_smoke(parser)
    args = parser.parse_args(argv)
    smoke_settings(args, games=1600)
    total = args.games
    source_path = args.source or (OCA if OCA.exists() and not args.smoke else FIXTURE)
    work = args.keep or Path(tempfile.mkdtemp(prefix="dame-db-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        source = Source(source_path)
        print(f"source: {source_path.name}, {len(source.games)} games; work folder {work}")
        sizes = [total // 16, total // 4, total]
        per_game: list[float] = []
        biggest: GameIndex | None = None
        for size in sizes:
            archive = work / f"archive_{size}.pdn"
            written = time.process_time()
            write_archive(source, size, archive)
            written = time.process_time() - written
            print(f"{size:>9} games: archive written in {written:.1f} CPU s", flush=True)
            index = GameIndex(archive, folder=work / "cache")
            start = time.process_time()
            wall = time.perf_counter()
            index.open(rebuild=True)
            cpu = time.process_time() - start
            wall = time.perf_counter() - wall
            size_bytes = index.size_bytes()
            per_game.append(cpu / size * 1e6)
            print(
                f"{size:>9} games: index {cpu:8.1f} CPU s ({wall:8.1f} s wall), "
                f"{cpu / size * 1e6:7.1f} CPU us/game, {size_bytes / size:7.0f} bytes/game, "
                f"{archive.stat().st_size / size:5.0f} PDN bytes/game, "
                f"positions {index.meta()['positions']}",
                flush=True,
            )
            if biggest is not None:
                biggest.close()
            biggest = index
        print(
            f"linearity: us/game at 4x / 1x = {per_game[1] / per_game[0]:.2f}, "
            f"16x / 1x = {per_game[2] / per_game[0]:.2f}"
        )
        assert biggest is not None
        library = Library([biggest.path], folder=work / "cache").open()
        first = library.positions(None, None)[0]
        ms, found = cpu_ms(lambda: library.find([first], limit=20))
        print(
            f"find start position: {ms:7.1f} CPU ms, total {found.total}, "  # type: ignore
            f"page of {len(found.hits)}"  # type: ignore[attr-defined]
        )
        ms, explored = cpu_ms(lambda: library.explore([first]))
        print(
            f"explore start position: {ms:7.1f} CPU ms, {explored.games} games, "  # type: ignore
            f"{len(explored.moves)} moves"  # type: ignore[attr-defined]
        )
        find_ms: list[float] = []
        explore_ms: list[float] = []
        for rules, state in source.samples:
            pos = Position(
                rules, state[0], state[1], state[2], Color.WHITE if state[3] else Color.BLACK
            )
            ms, found = cpu_ms(lambda pos=pos: library.find([pos], limit=20))
            find_ms.append(ms)
            ms, _ = cpu_ms(lambda pos=pos: library.explore([pos]))
            explore_ms.append(ms)
        if find_ms:
            find_ms.sort()
            explore_ms.sort()
            print(
                f"after ply 4 ({len(find_ms)} positions): find median "
                f"{find_ms[len(find_ms) // 2]:.1f} max {find_ms[-1]:.1f} CPU ms; explore median "
                f"{explore_ms[len(explore_ms) // 2]:.1f} max {explore_ms[-1]:.1f} CPU ms"
            )
        for ply, early in enumerate(source.early, 1):
            times = sorted(
                cpu_ms(lambda rules=rules, state=state: library.explore([_position(rules, state)]))[
                    0
                ]
                for rules, state in early
            )
            if times:
                print(
                    f"explore after ply {ply} ({len(times)} positions): median "
                    f"{times[len(times) // 2]:.1f} max {times[-1]:.1f} CPU ms"
                )
        reversed_ms = sorted(
            cpu_ms(
                lambda rules=rules, state=state: library.find(
                    [_position(rules, state)], reverse=True, limit=20
                )
            )[0]
            for rules, state in source.samples
        )
        if reversed_ms:
            print(
                f"find with reversed colours after ply 4: median "
                f"{reversed_ms[len(reversed_ms) // 2]:.1f} max {reversed_ms[-1]:.1f} CPU ms"
            )
        similar_ms: list[tuple[float, int]] = []
        chooser = random.Random(1)
        for rules, state in source.middle:
            pieces = _pieces(rules, state)
            pattern = Pattern.of(rules, chooser.sample(pieces, min(6, len(pieces))))
            ms, found = cpu_ms(lambda pattern=pattern: library.similar(pattern, limit=20))
            similar_ms.append((ms, found.total))  # type: ignore[attr-defined]
        if similar_ms:
            similar_ms.sort()
            print(
                f"similar (6 pieces for 4 plies, {len(similar_ms)} patterns): median "
                f"{similar_ms[len(similar_ms) // 2][0]:.1f} max {similar_ms[-1][0]:.1f} "
                f"CPU ms; games found median "
                f"{sorted(n for _, n in similar_ms)[len(similar_ms) // 2]}"
            )
        library.close()
        biggest.close()
        print(f"peak memory (max resident set): {peak_mb():.0f} MB")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
