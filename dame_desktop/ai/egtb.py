"""Endgame tables of our own: win, loss or draw for every position of few pieces.

``build(rules, pieces)`` solves every material of up to ``pieces`` pieces by retrograde analysis
(``egtb_build``) and writes one compressed file a material into the user data folder;
:func:`tables_for` opens what is there for probing (the search uses it at nodes of few pieces).
With ``jobs`` above 1 the materials are solved in that many worker processes, each one as soon
as every table it looks up is written (``dame egtb build`` uses one a core, at most four).

A table belongs to a *table key*, derived from the rule parameters that decide an ending, never
from a preset's name: the board size, the kings' range and landing, whether men capture backward
and may capture kings, the capture precedence, what a man does when crowned in a capture, the
giveaway goal and the old German three-kings rule (a rule of the position).  Rule sets that agree
on all of them share their tables.  What the tables leave out: counts of moves (the quiet-move
rule, the FMJD and Russian endgame counts, the kings-against-king move limit); a table's draw is
a draw with best play, its win may take longer than such a count allows.

File format (``<material>.wdl`` in ``<folder>/<table key>/``): the magic ``DAMEWDL1``, a
little-endian u32 length, a JSON header (format, key, material, positions) and the values, two
bits a position (``egtb_build.DRAW/WIN/LOSS/INVALID``), compressed with LZMA.
"""

from __future__ import annotations

import contextlib
import json
import lzma
import os
import struct
import sys
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import DameError
from ..core.movegen import generator
from ..core.position import Position
from ..core.rules import Color, Directions, Landing, Promotion, RuleSet
from ..store.files import StorageError, atomic_write_bytes, data_dir
from ..store.locking import hold_or_busy
from .egtb_build import (
    DRAW,
    INVALID,
    LOSS,
    WIN,
    Board,
    Signature,
    Solver,
    flip_code,
    packed_value,
    sig_code,
    sig_counts,
)

FORMAT = 1
MAGIC = b"DAMEWDL1"
# the distances beside a table: a byte a position, the plies to the end of its material
DISTANCE_MAGIC = b"DAMEDTC1"
FOLDER_ENV = "DAME_EGTB_DIR"  # overrides the folder (tests, a shared set of tables)
RESULT_NAMES = {WIN: "win", LOSS: "loss", DRAW: "draw"}
# the largest tables `dame egtb build` makes: 6 pieces on 8x8 (German measured: 45 CPU min,
# 24 min on two jobs, 218 MB of files, 3.3 GB in the worker solving the largest pair), 4 on 10x10
MAX_PIECES = {8: 6, 10: 4}
# the tables the window builds when the engine first needs them: 5 pieces on 8x8 (minutes)
USUAL_PIECES = {8: 5, 10: 4}
# up to these pieces each material also gets its distances (``.dtc``: how many plies a win
# takes, a loss lasts, until a capture or crowning), which show the search the way on in a
# won ending; the 6-piece 8x8 tables have none (they would double the build's memory)
DISTANCE_PIECES = USUAL_PIECES
# the memory a worker holds while solving, per position of the pair it solves (measured: 285 MB
# for the 24,601,600 positions of 3k-3k; 3.3 GB at most for German's 6 pieces, whose largest
# pair has 335,978,496)
SOLVING_BYTES = 12


def no_tables(rules: RuleSet) -> str:
    """Why ``rules`` have no endgame tables, or "" where they have: the tables are for single
    pieces on the dark squares with diagonal lines (a board of all squares moves another way;
    a tower game's captures keep the taken pieces in play)."""
    if rules.names_squares or rules.directions is not Directions.DIAGONAL:
        return "endgame tables are built for boards of dark squares only"
    if rules.towers:
        return "endgame tables hold single pieces, not towers"
    return ""


def max_pieces(rules: RuleSet) -> int:
    """The most pieces ``dame egtb build`` puts in the tables of ``rules`` (0: none)."""
    return 0 if no_tables(rules) else MAX_PIECES.get(rules.board_size, 0)


def usual_pieces(rules: RuleSet) -> int:
    """The pieces of the tables the window builds on the engine's first use (0: none)."""
    return 0 if no_tables(rules) else USUAL_PIECES.get(rules.board_size, 0)


Progress = Callable[[int, int, str], None]  # positions done, positions in all, material


class TableError(DameError):
    """A table file that cannot be used (damaged, another format, another rule set)."""


class TablesBusy(DameError):
    """Another program is building the same tables in the same folder (``path``: their
    folder): this build does not start beside it."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


# held by the program building a folder's tables (an operating system lock: it is let go when
# the program ends, however it ends); never removed
BUILD_LOCK = ".building.lock"


def build_lock_busy(rules: RuleSet, folder: Path | None = None) -> bool:
    """True while another program builds the tables of ``rules`` in ``folder``."""
    folder = default_folder() if folder is None else folder
    where = folder / table_key(rules)
    if not (where / BUILD_LOCK).exists():
        return False
    fd, busy = hold_or_busy(where / BUILD_LOCK)
    if fd is not None:
        os.close(fd)
    return busy


def table_key(rules: RuleSet) -> str:
    """The name of the tables ``rules`` use: the endgame-deciding parameters in words."""
    size = rules.board_size
    parts = [f"{size}x{size}"]
    if rules.names_squares:
        parts.append("all-squares")
    if rules.directions is not Directions.DIAGONAL:
        parts.append(rules.directions.value)
    if rules.flying_kings:
        parts.append(f"flying-{rules.landing.value}")
        if rules.landing is not Landing.BEHIND and not rules.must_land_to_continue:
            parts.append("free-landing")
    else:
        parts.append("short")
    parts.append("men-back" if rules.men_capture_backward else "men-forward")
    if not rules.men_capture_kings:
        parts.append("men-spare-kings")
    parts.append(rules.capture_rule.value)
    promotion = rules.promotion
    if promotion is Promotion.PASS and not rules.men_capture_backward:
        promotion = Promotion.STOP  # a man on the last row cannot capture on forward only
    parts.append(f"crown-{promotion.value}")
    if rules.giveaway:
        parts.append("giveaway")
    if rules.draw_three_kings_diagonal:
        parts.append("three-kings")
    if rules.draw_one_each:
        parts.append("one-each")
    return "-".join(parts)


def material_name(code: int) -> str:
    """``2k-1m1k``: White's men and kings, then Black's (the side to move first)."""

    def side(men: int, kings: int) -> str:
        text = (f"{men}m" if men else "") + (f"{kings}k" if kings else "")
        return text or "0"

    wm, wk, bm, bk = sig_counts(code)
    return f"{side(wm, wk)}-{side(bm, bk)}"


def materials(pieces: int) -> list[int]:
    """Every material of 2..``pieces`` pieces, in an order where each one's moves lead only to
    materials before it or to its own colour flip (fewer pieces first, then fewer men)."""
    out: list[tuple[int, int, int]] = []
    for n in range(2, pieces + 1):
        for wm in range(n + 1):
            for wk in range(n + 1 - wm):
                for bm in range(n + 1 - wm - wk):
                    bk = n - wm - wk - bm
                    if wm + wk and bm + bk:
                        out.append((n, wm + bm, sig_code(wm, wk, bm, bk)))
    out.sort()
    return [code for _n, _men, code in out]


def default_folder() -> Path:
    env = os.environ.get(FOLDER_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    return data_dir() / "endgame-tables"


def _file(folder: Path, key: str, code: int, distances: bool = False) -> Path:
    wm, wk, bm, bk = sig_counts(code)
    return folder / key / f"{wm}{wk}{bm}{bk}.{'dtc' if distances else 'wdl'}"


def has_distances(rules: RuleSet, pieces: int) -> bool:
    """Whether the materials of ``pieces`` pieces get distances beside their values."""
    return pieces <= DISTANCE_PIECES.get(rules.board_size, 0)


def encode(key: str, code: int, positions: int, packed: bytes, distances: bool = False) -> bytes:
    header = json.dumps(
        {"format": FORMAT, "key": key, "material": material_name(code), "positions": positions}
    ).encode("ascii")
    body = lzma.compress(packed, preset=1)
    magic = DISTANCE_MAGIC if distances else MAGIC
    return magic + struct.pack("<I", len(header)) + header + body


def decode(
    data: bytes, key: str, code: int, positions: int, where: Path, distances: bool = False
) -> bytes:
    """The packed values of a table file (the bytes of a distances file); TableError names
    what is wrong with it."""
    magic = DISTANCE_MAGIC if distances else MAGIC
    if not data.startswith(magic) or len(data) < len(magic) + 4:
        raise TableError(f"{where}: not an endgame table of this program")
    (length,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    try:
        header = json.loads(data[start : start + length].decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise TableError(f"{where}: damaged header") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise TableError(f"{where}: another table format ({header!r})")
    if header.get("key") != key or header.get("material") != material_name(code):
        raise TableError(
            f"{where}: made for {header.get('key')} {header.get('material')}, "
            f"not {key} {material_name(code)}"
        )
    if header.get("positions") != positions:
        raise TableError(f"{where}: {header.get('positions')} positions, expected {positions}")
    try:
        packed = lzma.decompress(data[start + length :])
    except lzma.LZMAError as exc:
        raise TableError(f"{where}: damaged values ({exc})") from None
    expected = positions if distances else (positions + 3) >> 2
    if len(packed) != expected:
        raise TableError(f"{where}: {len(packed)} bytes of values, expected {expected}")
    return packed


@dataclass(frozen=True)
class Built:
    """One material as ``build`` left it."""

    material: str
    pieces: int
    positions: int
    file_bytes: int  # its values and distances
    cpu_seconds: float  # 0.0 when the file was there already
    wins: int
    losses: int
    draws: int


def _counts(packed: bytes, positions: int) -> tuple[int, int, int]:
    wins = losses = draws = 0
    for i in range(positions):
        v = packed_value(packed, i)
        if v == WIN:
            wins += 1
        elif v == LOSS:
            losses += 1
        elif v == DRAW:
            draws += 1
    return wins, losses, draws


def _pair(code: int) -> list[int]:
    """A material and its colour flip, solved together (one entry where they are the same)."""
    partner = flip_code(code)
    return [code] if partner == code else [code, partner]


def _needs(code: int, codes: Collection[int]) -> set[int]:
    """The materials of ``codes`` that solving ``code``'s pair looks up: every one of fewer
    pieces (what a capture leaves) and the pair's crownings (one man fewer, one king more)."""
    pieces = sum(sig_counts(code))
    out = {c for c in codes if sum(sig_counts(c)) < pieces}
    for c in _pair(code):
        wm, wk, bm, bk = sig_counts(c)
        if wm:
            crowned = sig_code(wm - 1, wk + 1, bm, bk)
            out.update(x for x in _pair(crowned) if x in codes)
    return out - set(_pair(code))


def _solve_pair(
    solver: Solver, folder: Path, key: str, code: int, count: bool, distances: bool = False
) -> list[Built]:
    """Read ``code``'s pair from ``folder`` where its files are sound (with ``distances``
    the distances files too), else solve and write it; ``solver`` must hold every table the
    pair looks up."""
    pair = _pair(code)
    loaded: dict[int, bytes] = {}
    for c in pair:
        path = _file(folder, key, c)
        try:
            size = solver.signature(c).size
            packed = decode(path.read_bytes(), key, c, size, path)
            if distances:
                where = _file(folder, key, c, True)
                decode(where.read_bytes(), key, c, size, where, True)
        except (OSError, TableError):
            break
        loaded[c] = packed
    seconds = 0.0
    if len(loaded) == len(pair):
        for c, packed in loaded.items():
            solver.add_table(c, packed)
    else:
        loaded.clear()
        started = time.process_time()
        solver.solve(code, distances)
        seconds = time.process_time() - started
    report: list[Built] = []
    for c in pair:
        packed = solver.tables[c]
        positions = solver.signature(c).size
        path = _file(folder, key, c)
        if c not in loaded:
            if distances:
                atomic_write_bytes(
                    _file(folder, key, c, True),
                    encode(key, c, positions, solver.distances.pop(c), True),
                    make_folder=True,
                )
            atomic_write_bytes(path, encode(key, c, positions, packed), make_folder=True)
        wins, losses, draws = _counts(packed, positions) if count else (0, 0, 0)
        report.append(
            Built(
                material_name(c),
                sum(sig_counts(c)),
                positions,
                path.stat().st_size
                + (_file(folder, key, c, True).stat().st_size if distances else 0),
                seconds / len(pair),
                wins,
                losses,
                draws,
            )
        )
    return report


# a worker process's solvers, by table key: the tables it has read stay for its next materials
_WORKER_SOLVERS: dict[str, Solver] = {}


def _worker_pair(
    rules: RuleSet, folder: Path, code: int, needs: list[int], count: bool
) -> list[Built]:
    """One material pair solved in a worker process of a parallel build: the tables it looks up
    are read from ``folder`` first (another worker may have written them)."""
    key = table_key(rules)
    solver = _WORKER_SOLVERS.get(key)
    if solver is None:
        solver = _WORKER_SOLVERS[key] = Solver(rules, generator(rules))
    for c in needs:
        if c not in solver.tables:
            path = _file(folder, key, c)
            solver.add_table(c, decode(path.read_bytes(), key, c, solver.signature(c).size, path))
    return _solve_pair(
        solver, folder, key, code, count, has_distances(rules, sum(sig_counts(code)))
    )


def default_jobs(rules: RuleSet | None = None, pieces: int = 0) -> int:
    """Worker processes for ``dame egtb build``: one a core, at most four, and no more than
    half the computer's memory holds (each worker holds the solving state of a pair of
    materials: a few hundred megabytes for the largest of 5 pieces, about 4 GB for the
    largest of 6 on 8x8)."""
    jobs = max(1, min(os.cpu_count() or 1, 4))
    if rules is None or pieces < 2:
        return jobs
    need = SOLVING_BYTES * largest_pair(rules, pieces)
    memory = physical_memory()
    if memory is None:
        return jobs if need < 1 << 30 else 1
    return max(1, min(jobs, memory // 2 // max(need, 1)))


def largest_pair(rules: RuleSet, pieces: int) -> int:
    """The positions of the largest material of ``pieces`` pieces and its colour flip."""
    solver = Solver(rules, generator(rules))
    largest = 0
    for code in materials(pieces):
        if sum(sig_counts(code)) == pieces:
            size = solver.signature(code).size
            flip = flip_code(code)
            largest = max(largest, size + (solver.signature(flip).size if flip != code else 0))
    return largest


def physical_memory() -> int | None:
    """The computer's memory in bytes (None where it cannot be told)."""
    if sys.platform == "win32":
        import ctypes

        class _Status(ctypes.Structure):
            _fields_ = [
                ("length", ctypes.c_uint32),
                ("load", ctypes.c_uint32),
                ("total_physical", ctypes.c_uint64),
                ("free_physical", ctypes.c_uint64),
                ("total_page_file", ctypes.c_uint64),
                ("free_page_file", ctypes.c_uint64),
                ("total_virtual", ctypes.c_uint64),
                ("free_virtual", ctypes.c_uint64),
                ("free_extended_virtual", ctypes.c_uint64),
            ]

        status = _Status()
        status.length = ctypes.sizeof(_Status)
        if not ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
            return None
        return int(status.total_physical)
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


def build(
    rules: RuleSet,
    pieces: int,
    folder: Path | None = None,
    progress: Progress | None = None,
    count: bool = False,
    only: Collection[str] = (),
    jobs: int = 1,
) -> list[Built]:
    """Solve and write every material of up to ``pieces`` pieces not yet in ``folder``.

    Files there already are read (a damaged one is solved again and replaced).  ``progress``
    is called after each material with the positions done, the positions in all and the
    material's name.  ``count`` adds the number of wins, losses and draws to the report.
    ``only`` names materials (``3k-1k``) to build of the largest size instead of all of them
    (with their colour flips and the materials their crownings lead to; the smaller ones are
    all built).  ``jobs`` above 1 solves materials that do not depend on each other at the
    same time, in that many worker processes (the tables are the same).
    """
    if pieces < 2:
        raise ValueError(f"a table needs at least 2 pieces, got {pieces}")
    reason = no_tables(rules)
    if reason:
        raise ValueError(f"{rules.key}: {reason}")
    folder = default_folder() if folder is None else folder
    key = table_key(rules)
    lock, busy = hold_or_busy(folder / key / BUILD_LOCK)
    if busy:
        raise TablesBusy(
            f"another program is building the tables {key} in {folder}; they are used "
            "once it has finished",
            folder / key,
        )
    try:
        return _build(rules, pieces, folder, key, progress, count, only, jobs)
    finally:
        if lock is not None:
            os.close(lock)  # lets go of the lock


def _build(
    rules: RuleSet,
    pieces: int,
    folder: Path,
    key: str,
    progress: Progress | None,
    count: bool,
    only: Collection[str],
    jobs: int,
) -> list[Built]:
    solver = Solver(rules, generator(rules))
    codes = materials(pieces)
    if only:
        names = set(only)
        unknown = names - {material_name(c) for c in codes if sum(sig_counts(c)) == pieces}
        if unknown:
            raise ValueError(f"no material {', '.join(sorted(unknown))} of {pieces} pieces")
        keep = {c for c in codes if material_name(c) in names}
        todo = list(keep)
        while todo:  # with the materials their crownings lead to, and all colour flips
            code = todo.pop()
            wm, wk, bm, bk = sig_counts(code)
            reach = [flip_code(code)]
            if wm:
                reach.append(sig_code(bm, bk, wm - 1, wk + 1))
            if bm:
                reach.append(sig_code(bm - 1, bk + 1, wm, wk))
            for other in reach:
                if other not in keep:
                    keep.add(other)
                    todo.append(other)
        codes = [c for c in codes if sum(sig_counts(c)) < pieces or c in keep]
    total = sum(solver.signature(code).size for code in codes)
    # one entry a pair, in the solving order
    firsts: list[int] = []
    seen: set[int] = set()
    for code in codes:
        if code not in seen:
            seen.update(_pair(code))
            firsts.append(code)
    batches: Iterator[list[Built]]
    if jobs > 1 and len(firsts) > 1 and not getattr(sys, "frozen", False):
        sizes = {c: solver.signature(c).size for c in firsts}
        batches = _solved_in_workers(rules, folder, firsts, codes, sizes, count, jobs)
    else:
        batches = (
            _solve_pair(
                solver, folder, key, code, count, has_distances(rules, sum(sig_counts(code)))
            )
            for code in firsts
        )
    report: list[Built] = []
    done = 0
    for batch in batches:
        for item in batch:
            report.append(item)
            done += item.positions
            if progress is not None:
                progress(done, total, item.material)
    _CACHE.clear()
    return report


def _solved_in_workers(
    rules: RuleSet,
    folder: Path,
    firsts: list[int],
    codes: list[int],
    sizes: dict[int, int],
    count: bool,
    jobs: int,
) -> Iterator[list[Built]]:
    """``build``'s pairs in worker processes, each pair's report as it is finished: a pair
    starts once every table it looks up is written, the largest ready pair first (so that the
    longest ones do not come last)."""
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool
    from multiprocessing import get_context

    needs = {c: _needs(c, codes) for c in firsts}
    waiting = list(firsts)
    finished: set[int] = set()
    running: dict[Future[list[Built]], int] = {}
    # spawned, not forked: the caller may have threads (a window), which a fork copies badly
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        while waiting or running:
            ready = [c for c in waiting if needs[c] <= finished]
            ready.sort(key=lambda c: -sizes[c])
            for code in ready[: max(0, jobs - len(running))]:
                waiting.remove(code)
                wanted = sorted(needs[code])
                future = pool.submit(_worker_pair, rules, folder, code, wanted, count)
                running[future] = code
            if not running:
                raise RuntimeError("endgame tables: materials wait on each other")
            complete, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in complete:
                code = running.pop(future)
                try:
                    built = future.result()
                except BrokenProcessPool:
                    raise TableError(
                        f"a worker process stopped while solving {material_name(code)} "
                        "(out of memory?); the tables written so far are kept: build again, "
                        "with --jobs 1 to use less memory"
                    ) from None
                finished.update(_pair(code))
                yield built


# the priority of a background build's process: below the window's and its engine's
NICENESS = 10
_BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # Windows' SetPriorityClass value


def _lower_priority() -> None:
    """Let every other program of the user go first (best effort: a refusal changes nothing)."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), _BELOW_NORMAL_PRIORITY_CLASS)
    else:
        with contextlib.suppress(OSError):
            os.nice(NICENESS)


def build_reporting(rules: RuleSet, pieces: int, folder: str, reports: Any) -> None:
    """A background build (the window's, in a process of its own at a lower priority): solve
    the tables of ``rules`` up to ``pieces`` pieces in ``folder`` and put its reports into
    ``reports`` (a multiprocessing queue): ``("progress", done, total)`` after each
    material, then ``("done", bytes written)``, ``("busy", folder)`` (another program builds
    them), ``("unwritable", path, FileProblem value, the system's words)`` or ``("failed",
    reason)``."""
    _lower_priority()

    def progress(done: int, total: int, _material: str) -> None:
        reports.put(("progress", done, total))

    try:
        report = build(rules, pieces, Path(folder), progress)
    except TablesBusy as exc:
        reports.put(("busy", str(exc.path)))
        return
    except StorageError as exc:  # the window words it in the user's language
        reports.put(("unwritable", str(exc.path or folder), exc.kind.value, exc.reason))
        return
    except OSError as exc:
        where = exc.filename or folder
        reports.put(("failed", f"{where}: {exc.strerror or exc}"))
        return
    except Exception as exc:  # the reason goes to the window, whatever it is
        reports.put(("failed", f"{type(exc).__name__}: {exc}"))
        return
    reports.put(("done", sum(item.file_bytes for item in report)))


class Tables:
    """The tables of one rule set in a folder, opened lazily, one material at a time."""

    def __init__(self, rules: RuleSet, folder: Path) -> None:
        self.rules = rules
        self.key = table_key(rules)
        self.folder = folder
        self.board = Board(rules)
        self.flip = self.board.flip
        self._signatures: dict[int, Signature] = {}
        self._packed: dict[int, bytes] = {}
        # the distances of the materials looked at last (a few: they take a byte a position)
        self._distances: dict[int, bytes] = {}
        self.damaged: dict[int, str] = {}  # material -> what is wrong with its file
        # material -> what is wrong with its distances file (its values are still used)
        self.damaged_distances: dict[int, str] = {}
        self.max_pieces = 0
        # the most pieces up to which every material has its distances as well
        self.distance_pieces = 0
        present = (
            {p.name for p in (folder / self.key).iterdir()}
            if (folder / self.key).is_dir()
            else set()
        )
        limit = 0 if no_tables(rules) else MAX_PIECES.get(rules.board_size, 4)
        for pieces in range(2, limit + 1):
            wanted = [c for c in materials(pieces) if sum(sig_counts(c)) == pieces]
            if not all(_file(folder, self.key, c).name in present for c in wanted):
                break
            self.max_pieces = pieces
            if (pieces == 2 or self.distance_pieces == pieces - 1) and all(
                _file(folder, self.key, c, True).name in present for c in wanted
            ):
                self.distance_pieces = pieces

    def complete(self, pieces: int) -> bool:
        """Whether every material up to ``pieces`` pieces is here, with its distances where
        a build makes them (tables of an older build lack them: building again adds them)."""
        wanted = min(pieces, DISTANCE_PIECES.get(self.rules.board_size, 0))
        return self.max_pieces >= pieces and self.distance_pieces >= wanted

    def _table(self, code: int) -> tuple[Signature, bytes]:
        packed = self._packed.get(code)
        sig = self._signatures.get(code)
        if sig is None:
            sig = Signature(self.board, code)
            self._signatures[code] = sig
        if packed is None:
            packed = self._read(code, sig.size, False)
            self._packed[code] = packed
        return sig, packed

    def _read(self, code: int, positions: int, distances: bool) -> bytes:
        """A material's values (or distances) from its file; TableError says what is wrong."""
        path = _file(self.folder, self.key, code, distances)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise TableError(f"{path}: cannot read ({exc.strerror})") from None
        return decode(data, self.key, code, positions, path, distances)

    def _material(self, white: int, black: int, kings: int) -> int:
        """The material code of a position with White to move; -1 where a man stands on the
        row where it would have been crowned (no table holds it)."""
        board = self.board
        if white & ~kings & board.white_promo or black & ~kings & board.black_promo:
            return -1
        return sig_code(
            (white & ~kings).bit_count(),
            (white & kings).bit_count(),
            (black & ~kings).bit_count(),
            (black & kings).bit_count(),
        )

    def probe(
        self, white: int, black: int, kings: int, white_to_move: bool, strict: bool = False
    ) -> int:
        """WIN, LOSS or DRAW for the side to move; -1 when the tables do not cover it (or its
        file is damaged: see ``damaged``; ``strict`` raises TableError instead)."""
        if not white_to_move:
            white, black, kings = self.flip(black), self.flip(white), self.flip(kings)
        if not black:
            return LOSS if self.rules.giveaway else WIN
        if not white:
            return WIN if self.rules.giveaway else LOSS
        if (white | black).bit_count() > self.max_pieces:
            return -1
        code = self._material(white, black, kings)
        if code < 0:
            return -1
        if code in self.damaged:
            if strict:
                raise TableError(self.damaged[code])
            return -1
        try:
            sig, packed = self._table(code)
        except TableError as exc:
            self.damaged[code] = str(exc)  # the search goes on without this material
            if strict:
                raise
            return -1
        value = packed_value(packed, sig.index(white, black, kings))
        return -1 if value == INVALID else value

    def distance(self, white: int, black: int, kings: int, white_to_move: bool) -> int:
        """Plies until the material changes with best play, as the build counted them, for a
        position the tables call won or lost (1: at once); 0 for a draw; -1 where no
        distances are at hand (beyond them, a damaged file: see ``damaged_distances``)."""
        if not white_to_move:
            white, black, kings = self.flip(black), self.flip(white), self.flip(kings)
        if not white or not black or (white | black).bit_count() > self.distance_pieces:
            return -1
        code = self._material(white, black, kings)
        if code < 0:
            return -1
        plies = self._distances.get(code)
        if plies is None:
            if code in self.damaged or code in self.damaged_distances:
                return -1
            try:
                sig, _ = self._table(code)
            except TableError as exc:
                self.damaged[code] = str(exc)
                return -1
            try:
                plies = self._read(code, sig.size, True)
            except TableError as exc:
                self.damaged_distances[code] = str(exc)  # the values stay in use
                return -1
            if len(self._distances) >= 4:
                self._distances.pop(next(iter(self._distances)))
            self._distances[code] = plies
        return plies[self._signatures[code].index(white, black, kings)]

    def result(self, position: Position) -> str | None:
        """``win``, ``loss`` or ``draw`` for the side to move, or None beyond the tables.

        Raises TableError for a damaged or unreadable table file (:meth:`probe` does not).
        """
        value = self.probe(
            position.white,
            position.black,
            position.kings,
            position.turn is Color.WHITE,
            strict=True,
        )
        return RESULT_NAMES.get(value)


_CACHE: dict[tuple[str, str], Tables | None] = {}


def tables_for(rules: RuleSet, folder: Path | None = None) -> Tables | None:
    """The tables built for ``rules`` (None when there are none), opened once per folder."""
    if no_tables(rules):
        return None  # (its table key may be another rule set's: Bashni's is Russian's)
    folder = default_folder() if folder is None else folder
    cache_key = (table_key(rules), str(folder))
    if cache_key not in _CACHE:
        tables = Tables(rules, folder)
        _CACHE[cache_key] = tables if tables.max_pieces >= 2 else None
    return _CACHE[cache_key]


def ensure_tables(
    rules: RuleSet, pieces: int, folder: Path | None = None, progress: Progress | None = None
) -> Tables | None:
    """The tables for ``rules`` up to ``pieces`` pieces, built first where any are missing
    (the first use: the window shows ``progress`` as a bar).  None for a board without them."""
    folder = default_folder() if folder is None else folder
    if pieces > max_pieces(rules):
        return None
    tables = tables_for(rules, folder)
    if tables is None or not tables.complete(pieces):
        build(rules, pieces, folder, progress)
        forget()
        tables = tables_for(rules, folder)
    return tables


def forget() -> None:
    """Open the folders afresh at the next :func:`tables_for` (after a build, in tests)."""
    _CACHE.clear()
