"""``dame puzzles``: mine puzzles from PDN archives or self-play, list the shipped sets, check
a puzzle file.

    dame puzzles mine FILE... --rules KEY --out FILE.json [--jobs N] [--self-play GAMES]
    dame puzzles list --rules KEY [--theme T] [--json]
    dame puzzles check FILE.json

``check`` prints one line per puzzle that fails its checks again, then a count; exit 1 when
any fails.  Bad input (an unknown rule set, an unreadable or malformed file): one line on
stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from dame_desktop.cli.common import UsageError
from dame_desktop.core import DameError, Position, RuleSet, find_rules
from dame_desktop.puzzles.mine import (
    THEMES,
    MineCounts,
    MineSettings,
    Puzzle,
    mine_positions,
    self_play_positions,
)
from dame_desktop.puzzles.sets import (
    PuzzleFileError,
    check_puzzle,
    puzzles_json,
    read_puzzles,
    shipped_puzzles,
)
from dame_desktop.store.files import atomic_write_text


def _rules(key: str) -> RuleSet:
    try:
        return find_rules(key)
    except DameError as exc:
        raise UsageError(str(exc)) from None


def _archive_positions(
    path: str, rules: RuleSet, first_ply: int = 6
) -> Iterator[tuple[Position, str]]:
    """Every main-line position of every game of a PDN file played under ``rules``: from
    ``first_ply`` on in a game from the start position (its opening holds no puzzle), from its
    first position in a game set up from a FEN (a problem's own position first)."""
    from dame_desktop.pdn.reader import iter_games, open_pdn

    name = Path(path).name
    start = Position.start(rules)
    with open_pdn(path) as handle:
        for number, game in enumerate(iter_games(handle, rules), 1):
            if game.rules != rules:
                continue
            node = game.root()
            skip = first_ply if node.position() == start else 0
            ply = 0
            while node.next() is not None:
                if ply >= skip:
                    yield node.position(), f"{name} game {number} ply {ply}"
                nxt = node.next()
                assert nxt is not None
                node = nxt
                ply += 1


Job = tuple[str, str, int, int, int, MineSettings, int, int]


def _mine_chunk(
    job: Job, on_found: Callable[[Puzzle], None] | None = None
) -> tuple[list[Puzzle], MineCounts]:
    """One process's share: positions number ``share`` modulo ``shares`` of a source, until
    ``target`` puzzles are found (0: no limit).  ``on_found`` hears of each puzzle at once."""
    kind, what, share, shares, seed, settings, games, target = job
    rules = find_rules(what.split("|", 1)[0])
    if kind == "file":
        source: Iterator[tuple[Position, str]] = _archive_positions(what.split("|", 1)[1], rules)
    else:
        source = self_play_positions(rules, games, seed + share)
        shares = 1  # each process plays its own games
        share = 0
    counts = MineCounts()
    found: list[Puzzle] = []

    def mine() -> Iterator[tuple[Position, str]]:
        shown = 0
        for index, item in enumerate(source):
            if index % shares != share:
                continue
            if on_found is not None and counts.positions >= shown + 500:
                shown = counts.positions
                _progress(found, counts)
            yield item

    for puzzle in mine_positions(mine(), settings, counts):
        found.append(puzzle)
        if on_found is not None:
            on_found(puzzle)
            _progress(found, counts)
        if target and len(found) >= target:
            break
    return found, counts


def _progress(found: list[Puzzle], counts: MineCounts) -> None:
    """A line on stderr for a long run in one process: what each filter removed so far."""
    print(f"{len(found)} found; {counts.summary()}", file=sys.stderr, flush=True)


def cmd_mine(args: argparse.Namespace) -> int:
    rules = _rules(args.rules)
    if not args.files and not args.self_play:
        raise UsageError("name PDN files to mine, or --self-play GAMES")
    for path in args.files:
        if not os.path.isfile(path):
            raise UsageError(f"cannot read {path}: no such file")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.max_kings is not None and args.max_kings < 0:
        raise UsageError("--max-kings must be 0 or more")
    settings = MineSettings(depth=args.depth, verify_depth=args.depth + 2, max_kings=args.max_kings)
    if args.count < 0:
        raise UsageError("--count must be 0 (no limit) or more")
    jobs: list[Job] = []
    sources = len(args.files) + (1 if args.self_play else 0)
    target = -(-args.count // (args.jobs * sources)) if args.count else 0
    for path in args.files:
        jobs += [
            ("file", f"{rules.key}|{path}", i, args.jobs, args.seed, settings, 0, target)
            for i in range(args.jobs)
        ]
    if args.self_play:
        per_job = max(1, args.self_play // args.jobs)
        jobs += [
            ("self", rules.key, i, args.jobs, args.seed, settings, per_job, target)
            for i in range(args.jobs)
        ]
    found: dict[str, Puzzle] = {}
    counts = MineCounts()
    results: list[tuple[list[Puzzle], MineCounts]]
    if args.jobs == 1:
        # one process: the file is written again after every puzzle, so a long run that is
        # stopped keeps what it found
        def keep(puzzle: Puzzle) -> None:
            found.setdefault(puzzle.id, puzzle)
            ordered = sorted(found.values(), key=lambda p: (p.rating, p.id))
            atomic_write_text(args.out, puzzles_json(rules.key, ordered) + "\n")

        results = [_mine_chunk(job, keep) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(_mine_chunk, jobs))
    for puzzles, part in results:
        counts.add(part)
        for puzzle in puzzles:
            found.setdefault(puzzle.id, puzzle)
    ordered = sorted(found.values(), key=lambda p: (p.rating, p.id))
    try:
        atomic_write_text(args.out, puzzles_json(rules.key, ordered) + "\n")
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    print(counts.summary(), file=sys.stderr)
    print(f"{len(ordered)} puzzles written to {args.out}")
    return 0


def _as_written(rules: RuleSet, fen: str, line: tuple[str, ...]) -> list[str]:
    """The moves of ``line`` from ``fen`` as the move list writes them under ``rules``
    (``c3-d4``, ``c3:e5`` where the rules name squares by coordinates, ``22-18``, ``15x24``
    where they number them); a move given with its whole route keeps the route."""
    from dame_desktop.puzzles.solve import route_of

    position = Position.from_fen(fen, rules)
    written: list[str] = []
    for text in line:
        move, route = route_of(position, text)
        full = len(position.parse_squares(text)) > 2
        shown = move.with_path(route) if full else move
        written.append(
            position.move_text(shown, "full" if full else "short", algebraic=rules.algebraic)
        )
        position = position.play(move)
    return written


def _listed(puzzle: Puzzle, rules: RuleSet) -> dict[str, object]:
    """One puzzle as ``list --json`` prints it: id, fen, solution, alternatives, themes,
    rating, source."""
    return {
        "id": puzzle.id,
        "fen": puzzle.fen,
        "solution": _as_written(rules, puzzle.fen, puzzle.solution),
        "alternatives": [_as_written(rules, puzzle.fen, line) for line in puzzle.alternatives],
        "themes": list(puzzle.themes),
        "rating": puzzle.rating,
        "source": puzzle.source,
    }


def cmd_list(args: argparse.Namespace) -> int:
    rules = _rules(args.rules)
    if args.theme and args.theme not in THEMES:
        raise UsageError(f"unknown theme {args.theme!r} (known: {', '.join(THEMES)})")
    try:
        puzzles = shipped_puzzles(rules.key)
    except (OSError, PuzzleFileError) as exc:
        raise UsageError(f"the shipped puzzles for {rules.key} cannot be read: {exc}") from None
    if args.theme:
        puzzles = [p for p in puzzles if args.theme in p.themes]
    if args.json:
        listed = [_listed(p, rules) for p in puzzles]
        print(json.dumps({"rules": rules.key, "puzzles": listed}, ensure_ascii=False))
        return 0
    for p in puzzles:
        print(f"{p.id}  {p.rating}  {','.join(p.themes) or '-'}  {p.fen}  {' '.join(p.solution)}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    try:
        rules_key, puzzles = read_puzzles(args.file)
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    except PuzzleFileError as exc:
        raise UsageError(str(exc)) from None
    _rules(rules_key)
    failed = 0
    settings = MineSettings(verify_depth=args.depth)
    for puzzle in puzzles:
        problem = check_puzzle(puzzle, settings)
        if problem is not None:
            failed += 1
            print(f"{puzzle.id}: {problem}")
    print(f"puzzles: {len(puzzles)}, failed: {failed}")
    return 1 if failed else 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``puzzles`` to the ``dame`` command's subparsers."""
    top = sub.add_parser(
        "puzzles",
        help="mine, list and check puzzles",
        description="Puzzles: positions with one winning line.",
    )
    inner = top.add_subparsers(dest="puzzles_command", required=True)
    p = inner.add_parser("mine", help="find puzzles in PDN archives or self-play games")
    p.add_argument("files", nargs="*", metavar="FILE", help="PDN files to mine")
    p.add_argument("--rules", required=True, help="the rule set (see 'dame rules')")
    p.add_argument("--out", required=True, help="the JSON file to write")
    p.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    p.add_argument(
        "--self-play",
        type=int,
        default=0,
        metavar="GAMES",
        help="also mine this many seeded self-play games",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the self-play games")
    p.add_argument(
        "--count",
        type=int,
        default=0,
        metavar="N",
        help="stop once about N puzzles are found (default: mine everything)",
    )
    p.add_argument(
        "--max-kings",
        type=int,
        metavar="N",
        help="examine only positions with at most N kings (king endings with towers are slow)",
    )
    p.add_argument(
        "--depth",
        type=int,
        default=6,
        help="search depth that finds candidates (verified 2 plies deeper)",
    )
    p.set_defaults(func=cmd_mine)
    p = inner.add_parser("list", help="list the puzzles shipped for a rule set")
    p.add_argument("--rules", required=True, help="the rule set (see 'dame rules')")
    p.add_argument("--theme", help=f"only this theme ({', '.join(THEMES)})")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_list)
    p = inner.add_parser("check", help="verify every puzzle of a file again")
    p.add_argument("file", metavar="FILE.json")
    p.add_argument("--depth", type=int, default=8, help="verification depth (default 8)")
    p.set_defaults(func=cmd_check)
