"""Several programs updating the same stored file at the same moment lose nothing.

Each test starts real processes (multiprocessing's "spawn": fresh interpreters, as two
windows are two programs) that wait on one barrier and then update the same file as fast
as they can; afterwards every update must be in the file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier, Event
from pathlib import Path

import pytest

from dame_desktop.core import Game, find_rules
from dame_desktop.store.autosave import clear_autosave, load_autosave, save_autosave
from dame_desktop.store.files import StorageError, StorageWarning, read_json, write_json
from dame_desktop.store.locking import lock_path, locked, locked_update
from dame_desktop.store.puzzle_ratings import (
    PuzzleRatings,
    load_ratings,
    ratings_path,
    save_ratings,
)
from dame_desktop.store.scores import (
    Outcome,
    ScoreTable,
    Tally,
    load_scores,
    save_scores,
    scores_path,
    update_scores,
)
from dame_desktop.store.settings import (
    Preferences,
    RecentFiles,
    load_preferences,
    load_recent_files,
    merge_preferences,
    recent_files_path,
    save_preferences,
    save_recent_files,
    settings_path,
    update_preferences,
    update_recent_files,
)
from tests.engines.helpers import wait_until

pytestmark = pytest.mark.slow  # starts interpreters

PROCESSES = 4
ROUNDS = 12
WHEN = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def won(level: str, outcome: Outcome) -> Callable[[ScoreTable], bool]:
    """A change for update_scores: one game against the computer at ``level``."""

    def change(table: ScoreTable) -> bool:
        table.record_against_computer(level, outcome, WHEN)
        return True

    return change


def _run(worker: Callable[..., None], folder: Path, *extra: object) -> None:
    """Start PROCESSES workers on one barrier; each gets (folder, barrier, its index)."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(PROCESSES)
    children = [
        context.Process(target=worker, args=(str(folder), barrier, index, *extra))
        for index in range(PROCESSES)
    ]
    for child in children:
        child.start()
    for child in children:
        child.join()
    assert [child.exitcode for child in children] == [0] * PROCESSES


def _record_games(folder: str, barrier: Barrier, index: int) -> None:
    barrier.wait(timeout=300)
    for number in range(ROUNDS):

        def count(table: ScoreTable, number: int = number) -> bool:
            table.record_hot_seat(
                f"Player {index}", "Oma", Outcome.WIN, WHEN + timedelta(seconds=number)
            )
            table.record_against_computer("easy", Outcome.DRAW, WHEN, player=f"P{index}")
            return True

        update_scores(count, folder)


def test_results_recorded_by_programs_at_the_same_moment_are_all_kept(tmp_path: Path) -> None:
    save_scores(ScoreTable(), tmp_path)
    _run(_record_games, tmp_path)
    loaded = load_scores(tmp_path)
    assert loaded.warnings == ()
    table = loaded.value
    for index in range(PROCESSES):
        assert table.pair(f"Player {index}", "Oma").tally == Tally(wins=ROUNDS)
    assert table.level("easy").tally == Tally(draws=PROCESSES * ROUNDS)


def _set_preference(folder: str, barrier: Barrier, index: int) -> None:
    """Each program changes a value of its own, again and again, from a stale copy."""
    base = load_preferences(folder).value
    barrier.wait(timeout=300)
    fields = ("animation_ms", "sound_volume", "analysis_movetime", "last_directory")
    name = fields[index % len(fields)]
    for number in range(1, ROUNDS + 1):
        value: object = {
            "animation_ms": 100 + number,
            "sound_volume": number,
            "analysis_movetime": float(number),
            "last_directory": f"/games/{number}",
        }[name]
        mine = dataclasses.replace(base, **{name: value})  # type: ignore[arg-type]
        base = update_preferences(mine, base, folder)


def test_preferences_changed_by_programs_at_the_same_moment_are_all_kept(tmp_path: Path) -> None:
    save_preferences(Preferences(), tmp_path)
    _run(_set_preference, tmp_path)
    prefs = load_preferences(tmp_path).value
    assert (
        prefs.animation_ms,
        prefs.sound_volume,
        prefs.analysis_movetime,
        prefs.last_directory,
    ) == (100 + ROUNDS, ROUNDS, float(ROUNDS), f"/games/{ROUNDS}")


def _open_files(folder: str, barrier: Barrier, index: int) -> None:
    barrier.wait(timeout=300)
    for number in range(2):  # 8 in all: within the list's ten
        path = Path(folder) / f"game-{index}-{number}.pdn"
        update_recent_files(partial(RecentFiles.add, path=path), folder)


def test_files_opened_by_programs_at_the_same_moment_are_all_listed(tmp_path: Path) -> None:
    _run(_open_files, tmp_path)
    listed = {p.name for p in load_recent_files(tmp_path).value}
    assert listed == {f"game-{i}-{n}.pdn" for i in range(PROCESSES) for n in range(2)}


def _hold_the_lock(folder: str, held: object, release: object) -> None:
    with locked(Path(folder) / "scores.json"):
        held.set()  # type: ignore[attr-defined]
        release.wait(timeout=300)  # type: ignore[attr-defined]


def test_an_update_waits_for_another_programs_update(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    held, release = context.Event(), context.Event()
    holder = context.Process(target=_hold_the_lock, args=(str(tmp_path), held, release))
    holder.start()
    try:
        assert held.wait(timeout=300)
        done = threading.Event()

        def record() -> None:
            update_scores(won("easy", Outcome.WIN), tmp_path, timeout=600)
            done.set()

        worker = threading.Thread(target=record)
        worker.start()
        # the update cannot finish while the other program holds the lock
        assert not done.wait(timeout=0.3)
        assert not (tmp_path / "scores.json").exists()
        release.set()
        worker.join()
        assert done.is_set()
    finally:
        release.set()
        holder.join()
    assert load_scores(tmp_path).value.level("easy").tally == Tally(wins=1)


def test_a_lock_kept_too_long_is_not_waited_for(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    held, release = context.Event(), context.Event()
    holder = context.Process(target=_hold_the_lock, args=(str(tmp_path), held, release))
    holder.start()
    try:
        assert held.wait(timeout=300)
        with locked(tmp_path / "scores.json", timeout=0.05) as got:
            assert got is False  # went ahead without it
        result = update_scores(won("easy", Outcome.LOSS), tmp_path, timeout=0.05)
        assert result.changed
    finally:
        release.set()
        holder.join()
    assert load_scores(tmp_path).value.level("easy").tally == Tally(losses=1)


def test_a_lock_is_reentrant_and_its_file_stays_hidden_beside_the_data(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "settings.json"
    with locked(target) as outer, locked(target, timeout=0) as inner:
        assert outer and inner
    assert lock_path(target) == tmp_path / "sub" / ".settings.json.lock"
    assert lock_path(target).is_file()


def test_without_a_lock_file_the_update_runs_and_the_write_says_what_is_wrong(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with locked(blocker / "scores.json") as got:
        assert got is False
    with locked(tmp_path / "bad\x00name") as got:
        assert got is False
    with pytest.raises(StorageError) as caught:
        update_scores(won("easy", Outcome.WIN), blocker)
    assert "scores.json" in str(caught.value)


def test_merging_keeps_the_other_programs_changes() -> None:
    base = Preferences()
    theirs = dataclasses.replace(base, level="hard", board_theme="green")  # type: ignore[arg-type]
    mine = dataclasses.replace(base, sound=True, rules="english", rule_switches=())
    merged = merge_preferences(theirs, base, mine)
    assert (merged.level, merged.board_theme, merged.sound, merged.rules) == (
        "hard",
        "green",
        True,
        "english",
    )
    # the preset and its switches come together from the program that changed them
    switched = dataclasses.replace(base, rules="german", rule_switches=("men_capture_backward=1",))
    assert merge_preferences(switched, base, mine).rule_switches == ()


def _a_game(index: int, plies: int) -> Game:
    """A game of its own for each program: it opens with its own legal move."""
    game = Game(find_rules("german"))
    for ply in range(plies):
        legal = game.legal_moves()
        game.play(legal[(index + ply) % len(legal)])
    return game


def _play_and_autosave(folder: str, barrier: Barrier, index: int, finish: bool) -> None:
    barrier.wait(timeout=300)
    for plies in range(1, ROUNDS + 1):
        save_autosave(_a_game(index, plies), {"window": index}, folder)
    barrier.wait(timeout=300)  # both games saved: now the first one ends
    if finish and index == 0:
        assert clear_autosave(folder)


def _restore(folder: str, out: Queue[list[str]], done: Event) -> None:
    """A program started again: it offers the game it finds, and runs on (keeping it)."""
    loaded = load_autosave(folder)
    assert loaded.game is not None and loaded.meta is not None
    out.put([str(loaded.meta.player["window"]), *(m.full_text() for m in loaded.game.moves)])
    done.wait(timeout=300)


def test_each_program_keeps_its_own_game_in_progress(tmp_path: Path) -> None:
    _run(_play_and_autosave, tmp_path, True)
    # the first program's game ended and was cleared; every other one is still there, and
    # each program started again (while the others run) takes over one of them
    context = multiprocessing.get_context("spawn")
    out: Queue[list[str]] = context.Queue()
    done = context.Event()
    found, children = [], []
    try:
        for _ in range(PROCESSES - 1):
            child = context.Process(target=_restore, args=(str(tmp_path), out, done))
            child.start()
            children.append(child)
            found.append(out.get(timeout=300))
    finally:
        done.set()
        for child in children:
            child.join()
    assert [child.exitcode for child in children] == [0] * (PROCESSES - 1)
    assert sorted(w for w, *_ in found) == [str(i) for i in range(1, PROCESSES)]
    for window, *moves in found:
        assert moves == [m.full_text() for m in _a_game(int(window), ROUNDS).moves]


def _rate_puzzles(folder: str, barrier: Barrier, index: int) -> None:
    """A store of its own (as puzzle ratings will be) through the same update."""
    path = Path(folder) / "ratings.json"

    def load() -> dict[str, object]:
        read = read_json(path)
        return dict(read.data) if read.found and isinstance(read.data, dict) else {}

    def solve(ratings: dict[str, object]) -> None:
        solved = ratings.get("solved", 0)
        assert isinstance(solved, int)
        ratings["solved"] = solved + 1
        ratings[f"player {index}"] = ratings.get(f"player {index}", 0) + 1  # type: ignore[operator]

    barrier.wait(timeout=300)
    for _ in range(ROUNDS):
        locked_update(path, load, solve, lambda ratings: write_json(path, ratings))


def test_a_new_store_is_safe_through_the_same_update(tmp_path: Path) -> None:
    _run(_rate_puzzles, tmp_path)
    data = read_json(tmp_path / "ratings.json").data
    assert data == {
        "solved": PROCESSES * ROUNDS,
        **{f"player {i}": ROUNDS for i in range(PROCESSES)},
    }


# -- damage found while reading is set aside under the lock -------------------------------------

GOOD_CONTENT: dict[str, Callable[[Path], object]] = {  # another program's update writes these
    "scores": lambda folder: save_scores(_one_win(), folder),
    "settings": lambda folder: save_preferences(Preferences(animation_ms=123), folder),
    "recent files": lambda folder: save_recent_files(RecentFiles(["/games/a.pdn"]), folder),
    "puzzle ratings": lambda folder: save_ratings(_one_rating(), folder),
}
STORE_PATHS: dict[str, Callable[[Path], Path]] = {
    "scores": scores_path,
    "settings": settings_path,
    "recent files": recent_files_path,
    "puzzle ratings": ratings_path,
}


def _one_win() -> ScoreTable:
    table = ScoreTable()
    table.record_against_computer("easy", Outcome.WIN, WHEN)
    return table


def _one_rating() -> PuzzleRatings:
    table = PuzzleRatings()
    table.record_run("Oma", "german", 3)
    return table


def _load_store(folder: str, store: str, out: Queue[list[str]]) -> None:
    """A program starting: it reads the store (waiting as long as it takes for the lock)."""
    loaders: dict[str, Callable[[], tuple[StorageWarning, ...]]] = {
        "scores": lambda: load_scores(folder, timeout=600).warnings,
        "settings": lambda: load_preferences(folder, timeout=600).warnings,
        "recent files": lambda: load_recent_files(folder, timeout=600).warnings,
        "puzzle ratings": lambda: load_ratings(folder, timeout=600).warnings,
    }
    warnings = loaders[store]()
    out.put([f"{w.kind.value}: {w.detail}" for w in warnings])


def _has_open(pid: int, path: Path) -> bool:
    """Whether process ``pid`` has ``path`` open (Linux: /proc/PID/fd)."""
    wanted = os.path.realpath(path)
    try:
        links = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for link in links:
        with contextlib.suppress(OSError):
            if os.readlink(f"/proc/{pid}/fd/{link}") == wanted:
                return True
    return False


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="looks at /proc/PID/fd")
@pytest.mark.parametrize("store", list(STORE_PATHS))
def test_damage_is_set_aside_only_under_the_lock(tmp_path: Path, store: str) -> None:
    """A program that finds the file damaged as it starts sets it aside (and may write a
    repaired one): without the lock it would set aside, or overwrite, what another
    program's update wrote a moment later."""
    path = STORE_PATHS[store](tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ damaged", encoding="utf-8")
    context = multiprocessing.get_context("spawn")
    out: Queue[list[str]] = context.Queue()
    with locked(path) as got:  # another program's update of the same file is under way
        assert got
        child = context.Process(target=_load_store, args=(str(tmp_path), store, out))
        child.start()
        wait_until(
            lambda: _has_open(child.pid or 0, lock_path(path)) or not child.is_alive(),
            "the starting program waits for the lock or has read the file",
        )
        # while the update runs, nothing is set aside: the update reads what is there
        assert path.read_text(encoding="utf-8") == "{ damaged"
        assert not list(tmp_path.rglob("*.damaged-*"))
        path.unlink()  # the update set it aside itself and writes its new contents
        GOOD_CONTENT[store](tmp_path)
        good = path.read_bytes()
    child.join()
    assert child.exitcode == 0
    warnings = out.get(timeout=600)
    assert warnings == []  # it read the update's file, which is sound
    assert path.read_bytes() == good
