"""Shared test configuration: Qt runs offscreen; the shared corpus is optional."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# The suite is reproducible by default: the same examples on every run, so a red CI means a
# change, not luck.  HYPOTHESIS_PROFILE=explore draws fresh random examples (each test keeps
# its own max_examples).
settings.register_profile("default", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Endgame tables the user built (in the user data folder, or where DAME_EGTB_DIR points) change
# the engine's answers: the tests, and the programs they start, see an empty folder of their
# own; a test that needs tables builds them where it says.
_NO_TABLES = tempfile.mkdtemp(prefix="dame-tests-egtb-")
atexit.register(shutil.rmtree, _NO_TABLES, True)
os.environ["DAME_EGTB_DIR"] = _NO_TABLES
# ... and the window builds none on the engine's first use (a test of it lifts this)
os.environ["DAME_NO_TABLE_BUILD"] = "1"

# Programs the tests start (the `dame` command, `dame hub` as an engine, which runs in its own
# folder) import the same sources as the tests, whether or not the package is installed.
_SOURCES = str(Path(__file__).resolve().parent.parent)
if _SOURCES not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
    os.environ["PYTHONPATH"] = os.pathsep.join(
        part for part in (_SOURCES, os.environ.get("PYTHONPATH", "")) if part
    )

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "pdn-corpus"


@pytest.fixture
def corpus() -> Path:
    """The shared PDN corpus; tests that need it skip when it is absent (a bare clone)."""
    if not CORPUS.is_dir():
        pytest.skip(f"the shared PDN corpus is not present at {CORPUS}")
    return CORPUS


def _engine_globals() -> dict[str, object]:
    """What a test could leave changed for every later test: the search's settings, the
    evaluation it builds, the weights in use and the folders the engine and the window read."""
    import dataclasses
    import importlib

    search = importlib.import_module("dame_desktop.ai.search")
    evaluate = importlib.import_module("dame_desktop.ai.evaluate")
    settings = dataclasses.asdict(search.TUNING)
    return {
        **{f"search.TUNING.{name}": value for name, value in settings.items()},
        "search.evaluator": search.evaluator,
        "evaluate.ACTIVE": {size: id(weights) for size, weights in evaluate.ACTIVE.items()},
        **{name: os.environ.get(name) for name in ("DAME_EGTB_DIR", "DAME_NO_TABLE_BUILD")},
    }


@pytest.fixture(autouse=True)
def _leaves_the_engine_as_it_found_it() -> Iterator[None]:
    """A test (or a tool it runs in-process) that changes the engine's settings and does not
    put them back fails here, by name, instead of a far later test failing for no reason."""
    before = _engine_globals()
    yield
    after = _engine_globals()
    changed = [
        f"{name}: {before[name]!r} -> {after[name]!r}"
        for name in before
        if before[name] != after[name]
    ]
    if changed:
        pytest.fail("the test left the engine changed: " + "; ".join(changed))
