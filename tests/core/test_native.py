"""The native build's switches: DAME_PURE at run time, stale builds, ``dame --version``."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import dame_desktop
from dame_desktop import native

PROBE = """
import json, importlib
from dame_desktop import native
files = {name: importlib.import_module(name).__file__ for name in native.COMPILED}
print(json.dumps({"files": files, "native": native.native_modules()}))
"""


def run_probe(**env: str) -> dict[str, object]:
    environ = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    environ.update(env)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=environ, timeout=60
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_dame_pure_loads_the_sources_of_every_compiled_module() -> None:
    pure = run_probe(DAME_PURE="1")
    files = pure["files"]
    assert isinstance(files, dict) and set(files) == set(native.COMPILED)
    for name, filename in files.items():
        assert filename.endswith(".py"), (name, filename)
    assert pure["native"] == []


def test_without_dame_pure_the_install_decides() -> None:
    plain = run_probe()
    files = plain["files"]
    assert isinstance(files, dict)
    compiled = [
        name.removeprefix("dame_desktop.")
        for name, filename in files.items()
        if not filename.endswith(".py")
    ]
    assert plain["native"] == compiled
    assert run_probe(DAME_PURE="0")["native"] == compiled  # "0" is not a request


def test_this_process_agrees_with_the_modules_it_loaded() -> None:
    import importlib

    for name in native.COMPILED:
        module = importlib.import_module(name)
        short = name.removeprefix("dame_desktop.")
        assert (short in native.native_modules()) == native.is_compiled(module)
        assert native.is_compiled(module) == (not (module.__file__ or "").endswith(".py"))


def test_pure_requested_reads_the_variable() -> None:
    assert native.pure_requested({"DAME_PURE": "1"})
    assert native.pure_requested({"DAME_PURE": "yes"})
    assert not native.pure_requested({"DAME_PURE": "0"})
    assert not native.pure_requested({"DAME_PURE": ""})
    assert not native.pure_requested({})


def test_a_source_edited_after_the_build_is_reported_stale(tmp_path: Path) -> None:
    package = Path(dame_desktop.__file__).parent
    record = {}
    for name in native.COMPILED:
        relative = Path(*name.split(".")[1:]).with_suffix(".py")
        target = tmp_path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(package / relative, target)
        record[name] = native.source_digest(target)
    assert native.stale_sources(tmp_path) == []  # no record: nothing to compare
    (tmp_path / native.BUILD_RECORD).write_text(json.dumps(record), encoding="utf-8")
    assert native.stale_sources(tmp_path) == []
    edited = tmp_path / "core" / "movegen.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert native.stale_sources(tmp_path) == ["dame_desktop.core.movegen"]


def test_dame_version_names_the_native_modules_or_pure_python() -> None:
    environ = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    command = [sys.executable, "-m", "dame_desktop.cli", "--version"]
    done = subprocess.run(command, capture_output=True, text=True, env=environ, timeout=60)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    version = re.escape(dame_desktop.__version__)
    assert re.fullmatch(rf"dame {version} \((native: [a-z_.]+(, [a-z_.]+)*|pure Python)\)", line)
    expected = native.native_modules()
    if expected:
        assert line.endswith(f"(native: {', '.join(expected)})")
    pure = subprocess.run(
        command, capture_output=True, text=True, timeout=60, env=dict(environ, DAME_PURE="1")
    )
    assert (
        pure.returncode == 0
        and pure.stdout.strip() == f"dame {dame_desktop.__version__} (pure Python)"
    )


def test_the_desktop_program_version_names_the_native_modules_or_pure_python() -> None:
    environ = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    command = [sys.executable, "-m", "dame_desktop", "--version"]
    done = subprocess.run(command, capture_output=True, text=True, env=environ, timeout=60)
    assert done.returncode == 0, done.stderr
    # the same modules as `dame --version` names
    cli = subprocess.run(
        [sys.executable, "-m", "dame_desktop.cli", "--version"],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
    )
    modules = cli.stdout.strip().removeprefix(f"dame {dame_desktop.__version__} ")
    assert modules.startswith("(native: ") or modules == "(pure Python)"
    assert done.stdout.strip() == f"dame-desktop {dame_desktop.__version__} {modules}"
    pure = subprocess.run(
        command, capture_output=True, text=True, timeout=60, env=dict(environ, DAME_PURE="1")
    )
    assert pure.stdout.strip() == f"dame-desktop {dame_desktop.__version__} (pure Python)"


def test_popcount_counts_like_bit_count_on_every_width() -> None:
    # word_popcount is the definition (compiled: machine-word arithmetic below 2 ** 62, the
    # method above); popcount is what interpreted callers get (the builtin method)
    import random

    from dame_desktop.core import movegen

    rng = random.Random(18)
    values = [
        0,
        1,
        (1 << 61) - 1,
        (1 << 61),
        (1 << 62) - 1,
        1 << 62,
        (1 << 62) + 5,
        (1 << 64) - 1,
        (1 << 77) - 1,
        -1,
        -(1 << 70),
    ]
    values += [rng.getrandbits(rng.randrange(1, 90)) for _ in range(5000)]
    for x in values:
        assert movegen.word_popcount(x) == x.bit_count(), x
        assert movegen.popcount(x) == x.bit_count(), x
    assert movegen.popcount is int.bit_count


def test_copies_and_pickles_of_the_compiled_classes_are_equal() -> None:
    # compiled classes cannot be rebuilt the way copy and pickle rebuild plain ones; the
    # window deep-copies games (positions, moves) and this must work in both builds
    import copy
    import pickle

    from dame_desktop.ai import Limit, search
    from dame_desktop.core import Game, Position, find_rules

    pos = Position.start(find_rules("german"))
    move = pos.legal_moves()[0]
    result = search(pos, limit=Limit(depth=2))
    game = Game(find_rules("german"))
    game.play(move)
    for thing in (
        pos,
        move,
        Limit(depth=3, movetime=1.0),
        result,
        pos.describe(),
        pos.piece_at(move.from_sq),
    ):
        for twin in (copy.copy(thing), copy.deepcopy(thing), pickle.loads(pickle.dumps(thing))):
            assert twin == thing and type(twin) is type(thing)
    assert copy.deepcopy(game).position == game.position
    assert copy.deepcopy(move).raw == move.raw and copy.deepcopy(move).paths == move.paths
