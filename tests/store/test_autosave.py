"""Autosave: exact replay (huffing included), damaged files, atomic writes, SIGKILL."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

import pytest

from dame_desktop.core import Color, Game, Position, Reason, apply_switches, find_rules
from dame_desktop.store.autosave import (
    AutosaveError,
    AutosaveMeta,
    autosave_path,
    autosave_record,
    clear_autosave,
    game_events,
    load_autosave,
    restore_game,
    save_autosave,
)
from dame_desktop.store.files import StorageError, WarningKind
from dame_desktop.store.settings import LevelKey, Preferences, save_preferences, settings_path

PLAYER_SCRIPT = Path(__file__).parents[1] / "data" / "settings" / "autosave_player.py"
SEED = 3  # a long game (122 steps) with every kind of huffing decision and undos
PLAYER = {"opponent": "computer", "level": "hard", "human": "dark", "names": ["Ada", "Bo"]}


def files_in(folder: Path) -> list[str]:
    """The files in ``folder`` but for the lock files of the slots and updates."""
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith((".owner", ".lock")))


def load_player() -> ModuleType:
    spec = importlib.util.spec_from_file_location("autosave_player", PLAYER_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def player() -> ModuleType:
    return load_player()


@pytest.fixture(scope="module")
def snapshots(player: ModuleType) -> list[list[object]]:
    """The scripted game's state list after every step."""
    return [game.states for game in player.steps(SEED)]


def scripted_game(player: ModuleType, steps: int) -> Game:
    for count, game in enumerate(player.steps(SEED), start=1):
        if count == steps:
            assert isinstance(game, Game)
            return game
    raise AssertionError(f"the scripted game is shorter than {steps} steps")


def round_trip(game: Game) -> tuple[Game, AutosaveMeta]:
    data = json.loads(json.dumps(autosave_record(game, PLAYER)))
    return restore_game(data)


def test_scripted_game_covers_every_decision(player: ModuleType) -> None:
    # Guards the replay tests: the seed must exercise all kinds of huffing events.
    game = scripted_game(player, 120)
    kinds = {
        json.dumps(e)
        if isinstance(e, dict) and e.get("huff") != "blow"
        else ("blow" if isinstance(e, dict) else "move")
        for e in game_events(game)
    }
    assert {"move", "blow", '{"huff": "accept"}', '{"huff": "correct"}'} <= kinds
    assert any(s.must_capture for s in game.states)
    assert any(s.pending_huff for s in game.states[:-1])


def test_every_step_replays_exactly(player: ModuleType, snapshots: list[list[object]]) -> None:
    for count, game in enumerate(player.steps(SEED), start=1):
        if count % 7 and count != len(snapshots):
            continue  # a sample keeps the test fast; the replay cost grows with the game
        restored, meta = round_trip(game)
        assert restored.states == snapshots[count - 1], f"step {count}"
        assert restored.rules == game.rules
        assert restored.states[0].position == game.states[0].position
        assert meta.complete and meta.moves == len(game.moves)
        assert meta.player == PLAYER


def test_save_and_load_through_the_file(tmp_path: Path, player: ModuleType) -> None:
    game = scripted_game(player, 60)
    path = save_autosave(game, PLAYER, tmp_path)
    assert path == tmp_path / "autosave.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["rules"] == {
        "preset": "german",
        "switches": ["men-capture-backward=on", "huffing=on", "quiet-plies=60"],
    }
    assert stored["start"] == Position.start(game.rules).fen()
    assert all("-" in e or "x" in e for e in stored["events"] if isinstance(e, str))
    loaded = load_autosave(tmp_path)
    assert loaded.warnings == ()
    assert loaded.game is not None and loaded.meta is not None
    assert loaded.game.states == game.states
    assert loaded.meta.player == PLAYER
    assert loaded.meta.saved_at is not None
    assert abs((datetime.now(UTC) - loaded.meta.saved_at).total_seconds()) < 60
    assert files_in(tmp_path) == ["autosave.json"]


def test_custom_start_rules_and_resignation() -> None:
    rules = apply_switches(find_rules("russian"), ["quiet-plies=20"])
    start = Position.from_fen("W:WK21,25,30:BK3,7,8", rules)
    game = Game(rules, start)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    game.resign(Color.BLACK)
    restored, meta = round_trip(game)
    assert restored.rules == rules
    assert restored.states == game.states
    assert restored.result is not None and restored.result.reason is Reason.RESIGNATION
    assert restored.result.winner is Color.WHITE


def test_agreed_draw_and_finished_game() -> None:
    game = Game(find_rules("english"))
    game.play(game.legal_moves()[0])
    game.agree_draw()
    restored, _ = round_trip(game)
    assert restored.result == game.result and restored.result is not None
    assert restored.result.is_draw


@pytest.mark.parametrize(("bad", "word"), [("1-2", "not a legal move"), ("zz", "cannot read")])
def test_illegal_move_in_the_file_names_the_move_number(
    tmp_path: Path, player: ModuleType, bad: str, word: str
) -> None:
    game = scripted_game(player, 40)
    data = autosave_record(game, PLAYER)
    recorded = data["events"]
    assert isinstance(recorded, list)
    events = list(recorded)
    move_indices = [i for i, e in enumerate(events) if isinstance(e, str)]
    events[move_indices[9]] = bad  # the tenth move: ply 10 = move 5, Black (German rules)
    data["events"] = events

    restored, meta = restore_game(json.loads(json.dumps(data)))

    assert meta.stopped_early and not meta.complete
    assert restored.moves == game.moves[:9]
    (problem,) = meta.problems
    assert f"move 5 (ply 10) '{bad}'" in problem and word in problem

    autosave_path(tmp_path).write_text(json.dumps(data), encoding="utf-8")
    loaded = load_autosave(tmp_path)
    assert loaded.game is not None and loaded.game.moves == game.moves[:9]
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.PARTIAL_GAME and "move 5" in warning.detail
    assert warning.moved_to is not None
    assert json.loads(warning.moved_to.read_text(encoding="utf-8")) == data  # tail kept


def test_impossible_decision_stops_the_replay(player: ModuleType) -> None:
    game = Game(find_rules("german"))  # no huffing: a blow is never possible
    game.play("22-18")
    data = autosave_record(game)
    data["events"] = ["22-18", {"huff": "blow", "square": 18}, "11-15"]
    restored, meta = restore_game(data)
    assert restored.moves == game.moves
    assert "event 2 (after move 1 (ply 1))" in meta.problems[0]
    assert "no missed capture" in meta.problems[0]


def test_check_mismatch_is_reported(tmp_path: Path) -> None:
    game = Game(find_rules("german"))
    game.play("22-18")
    data = autosave_record(game)
    data["check"] = {"fen": "W:W1:B2", "states": 2}
    autosave_path(tmp_path).write_text(json.dumps(data), encoding="utf-8")
    loaded = load_autosave(tmp_path)
    assert loaded.game is not None and loaded.game.states == game.states
    assert [w.kind for w in loaded.warnings] == [WarningKind.MISMATCH]
    assert "differs" in loaded.warnings[0].detail


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"format": "something-else"}, "not a Dame autosave"),
        ({"version": "1"}, "'version'"),
        ({"rules": {"preset": "checkers-deluxe", "switches": []}}, "unknown rule set"),
        ({"rules": {"preset": "german", "switches": ["bogus=1"]}}, "unknown switch"),
        ({"rules": "german"}, "'rules'"),
        ({"start": "W:W99:B1"}, "start position"),
        ({"start": 5}, "'start'"),
        ({"events": {"1": "11-15"}}, "'events'"),
    ],
)
def test_unusable_autosave_is_moved_aside(
    tmp_path: Path, change: dict[str, object], problem: str
) -> None:
    save_preferences(Preferences(level=LevelKey("hard")), tmp_path)
    settings_before = settings_path(tmp_path).read_bytes()
    game = Game(find_rules("german"))
    game.play("22-18")
    data = autosave_record(game, PLAYER)
    data.update(change)
    with pytest.raises(AutosaveError, match=problem):
        restore_game(data)
    text = json.dumps(data)
    autosave_path(tmp_path).write_text(text, encoding="utf-8")

    loaded = load_autosave(tmp_path)

    assert loaded.game is None
    (warning,) = loaded.warnings
    assert warning.kind is WarningKind.DAMAGED and problem in warning.detail
    assert warning.moved_to is not None and warning.moved_to.read_text(encoding="utf-8") == text
    assert not autosave_path(tmp_path).exists()
    assert settings_path(tmp_path).read_bytes() == settings_before  # nothing else lost


def test_truncated_autosave_is_moved_aside(tmp_path: Path) -> None:
    game = Game(find_rules("german"))
    game.play("22-18")
    save_autosave(game, PLAYER, tmp_path)
    text = autosave_path(tmp_path).read_text(encoding="utf-8")
    autosave_path(tmp_path).write_text(text[: len(text) // 2], encoding="utf-8")
    loaded = load_autosave(tmp_path)
    assert loaded.game is None
    (warning,) = loaded.warnings
    assert "invalid JSON" in warning.detail and "autosave.json" in warning.message
    assert load_autosave(tmp_path) == type(loaded)()  # the next start finds nothing


def test_failed_replace_keeps_the_previous_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game(find_rules("german"))
    game.play("22-18")
    save_autosave(game, PLAYER, tmp_path)
    before = autosave_path(tmp_path).read_bytes()
    game.play("11-15")

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(StorageError, match="autosave.json.*No space left"):
        save_autosave(game, PLAYER, tmp_path)
    monkeypatch.undo()

    assert autosave_path(tmp_path).read_bytes() == before
    loaded = load_autosave(tmp_path)
    assert loaded.game is not None and [m.full_text() for m in loaded.game.moves] == ["22-18"]
    assert files_in(tmp_path) == ["autosave.json"]


def test_player_setup_must_be_json(tmp_path: Path) -> None:
    game = Game(find_rules("german"))
    with pytest.raises(TypeError, match="player setup"):
        save_autosave(game, {"when": datetime.now(UTC)}, tmp_path)
    assert not autosave_path(tmp_path).exists()


def test_a_long_game_keeps_its_lists_of_numbers(tmp_path: Path) -> None:
    # the clock's time after every move and the computer's scores are one number a move: a
    # game of 60 plies keeps all of them (they were cut off at 32 and the file called damaged)
    import random

    game = Game(find_rules("german"))
    rng = random.Random(4)
    while len(game.moves) < 60 and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    plies = len(game.moves)
    assert plies > 40
    clk = [round(300 - 2.5 * i, 1) for i in range(plies)]
    player = {
        "clk": clk,
        "scored": list(range(1, plies, 2)),
        "scores": [(-1) ** i * i for i in range(1, plies, 2)],
        "names": ["A", "B"],
    }
    save_autosave(game, player, tmp_path)
    loaded = load_autosave(tmp_path)
    assert loaded.meta is not None and not loaded.meta.problems and not loaded.warnings
    assert loaded.meta.player == player
    assert autosave_path(tmp_path).exists()  # not moved aside as damaged
    # a list of anything else stays small, and a number list no longer than a game
    save_autosave(game, {"words": ["x"] * 40, "clk": [1.0] * 20_001}, tmp_path)
    loaded = load_autosave(tmp_path)
    assert loaded.meta is not None and loaded.meta.player == {}
    assert len(loaded.meta.problems) == 2


def test_clear_autosave(tmp_path: Path) -> None:
    assert clear_autosave(tmp_path) is False
    save_autosave(Game(find_rules("german")), None, tmp_path)
    assert clear_autosave(tmp_path) is True
    assert load_autosave(tmp_path).game is None
    assert load_autosave(tmp_path).warnings == ()


def test_env_var_redirects_the_autosave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DAME_DATA_DIR", raising=False)
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    save_autosave(Game(find_rules("german")))
    assert (tmp_path / "autosave.json").is_file()
    assert load_autosave().game is not None


@pytest.mark.slow
def test_sigkill_mid_game_loses_no_saved_move(
    tmp_path: Path, player: ModuleType, snapshots: list[list[object]]
) -> None:
    total = len(snapshots)
    for kill_after in (15, 47, 90):
        folder = tmp_path / f"kill{kill_after}"
        env = dict(os.environ, DAME_CONFIG_DIR=str(tmp_path / "unused"))
        proc = subprocess.Popen(
            [sys.executable, str(PLAYER_SCRIPT), str(folder), str(SEED)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdout is not None
        reported = 0
        try:
            for line in proc.stdout:
                record = json.loads(line)
                assert "done" not in record, "the game ended before the kill"
                reported = record["step"]
                if reported >= kill_after:
                    break
            os.kill(proc.pid, signal.SIGKILL)  # no cleanup, no atexit, no flush
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=10)
            proc.stdout.close()
        assert proc.returncode == -signal.SIGKILL

        loaded = load_autosave(folder)

        assert loaded.warnings == ()
        assert loaded.game is not None and loaded.meta is not None
        saved = loaded.meta.player["step"]
        assert isinstance(saved, int)
        assert reported <= saved < total  # every reported save survived; still mid-game
        assert loaded.game.rules == player.rules()
        assert loaded.game.states == snapshots[saved - 1]
        assert not loaded.game.is_over
