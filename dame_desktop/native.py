"""Which modules are compiled to native code (mypyc), and whether they are the ones in use.

``pip install .`` compiles :data:`COMPILED` with mypyc where a C compiler and the Python
headers are present (see ``setup.py``); elsewhere the same modules install as plain Python.
The sources stay the one implementation: the extension modules are built from them.

At run time ``DAME_PURE=1`` makes the program load the ``.py`` sources of these modules even
where the compiled ones are installed (``dame_desktop/__init__.py`` installs the import hook
below before any of them is imported), so one install can run the tests both ways.  A build
records a digest of the sources it compiled; where a source no longer matches (an editable
install whose ``.py`` was edited after the build) every compiled module is skipped and the
sources are loaded, with one warning, so an edit never runs against a stale extension.

Standard library only, no Qt: ``dame --version`` and Help › About both call
:func:`native_modules`.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# The modules where the time goes (perft: movegen; the search: search, evaluate, movegen;
# replaying games and reading PDN: position, move; replaying whole archives: db.walk;
# solving endgame tables: egtb_build; Bashni's move generation and search: core.towers,
# ai.towers).
# setup.py reads this tuple.
COMPILED: tuple[str, ...] = (
    "dame_desktop.core.movegen",
    "dame_desktop.core.position",
    "dame_desktop.core.move",
    "dame_desktop.ai.search",
    "dame_desktop.ai.evaluate",
    "dame_desktop.db.walk",
    "dame_desktop.ai.egtb_build",
    "dame_desktop.core.towers",
    "dame_desktop.ai.towers",
)

PURE_ENV = "DAME_PURE"
# written by setup.py next to this file after a successful native build
BUILD_RECORD = "_native_build.json"

_PACKAGE_DIR = Path(__file__).resolve().parent


def pure_requested(environ: dict[str, str] | None = None) -> bool:
    """Whether ``DAME_PURE`` asks for the pure-Python modules (any value but "", "0")."""
    value = (os.environ if environ is None else environ).get(PURE_ENV, "")
    return value.strip() not in ("", "0")


def source_path(name: str) -> Path:
    """The ``.py`` file of a module of this package (``dame_desktop.core.movegen``)."""
    parts = name.split(".")[1:]
    return _PACKAGE_DIR.joinpath(*parts).with_suffix(".py")


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale_sources(record_dir: Path = _PACKAGE_DIR) -> list[str]:
    """Compiled modules whose source differs from the one the build compiled.

    Empty when there is no build record (a pure install, a bundle) or everything matches.
    """
    record = record_dir / BUILD_RECORD
    try:
        built = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(built, dict):
        return []
    stale = []
    for name in COMPILED:
        path = record_dir.joinpath(*name.split(".")[1:]).with_suffix(".py")
        try:
            digest = source_digest(path)
        except OSError:
            continue  # a bundle ships no sources: nothing to compare
        if built.get(name) != digest:
            stale.append(name)
    return stale


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` sources, ahead of the extension modules."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        source = source_path(fullname)
        if not source.is_file():
            return None  # no source shipped (a bundle): the normal import takes over
        loader = importlib.machinery.SourceFileLoader(fullname, str(source))
        return importlib.util.spec_from_file_location(fullname, source, loader=loader)


_hook: _SourceFirst | None = None


def install_hook() -> bool:
    """Load the sources instead of the extensions when asked (``DAME_PURE``) or when stale.

    Called once by ``dame_desktop/__init__.py``; True when the hook is installed.
    """
    global _hook
    if _hook is not None:
        return True
    pure = pure_requested()
    if not pure:
        stale = stale_sources()
        if not stale:
            return False
        warnings.warn(
            "dame: the compiled modules are older than their sources "
            f"({', '.join(n.removeprefix('dame_desktop.') for n in stale)}); using the "
            "pure-Python modules (run 'pip install -e .' again to rebuild)",
            RuntimeWarning,
            stacklevel=2,
        )
    _hook = _SourceFirst(COMPILED)
    sys.meta_path.insert(0, _hook)
    return True


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (a ``.so`` / ``.pyd``)."""
    spec = getattr(module, "__spec__", None)
    if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
        return True
    filename = getattr(module, "__file__", None) or ""
    return filename.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def native_modules() -> list[str]:
    """The compiled modules in use, short names (``core.movegen``); empty in pure Python."""
    out = []
    for name in COMPILED:
        module = importlib.import_module(name)
        if is_compiled(module):
            out.append(name.removeprefix("dame_desktop."))
    return out


def describe() -> str:
    """``native: core.movegen, ...`` or ``pure Python`` (for ``dame --version``, About)."""
    names = native_modules()
    return f"native: {', '.join(names)}" if names else "pure Python"
