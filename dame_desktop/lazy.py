"""A package's names loaded on first use, so importing one of its modules stays cheap.

A package ``__init__`` that imports all its modules makes ``from pkg.small import X`` load the
whole package first: the window's start would pay for the PDN reader, the search and the
Hub client before it paints anything.  Such a package lists its public names instead::

    if TYPE_CHECKING:                      # the type checker sees the real imports
        from .tree import Game, GameNode
    __getattr__, __dir__ = exports(__name__, {".tree": ("Game", "GameNode")})

and ``pkg.Game`` imports ``pkg.tree`` the first time it is asked for (PEP 562).  A public
name that is also the name of one of the package's modules (``ai.search``, the function in
the module of that name) stays the public object: the import system, which binds a module
to its package's attribute when it first loads it, cannot replace it.  Standard library
only.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from collections.abc import Callable, Mapping


def exports(
    package: str, modules: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` whose public names live in
    ``modules`` (a relative module name -> the names it gives)."""
    where = {name: module for module, names in modules.items() for name in names}

    def load(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module, package), name)

    def __getattr__(name: str) -> object:
        value = load(name)
        setattr(sys.modules[package], name, value)  # asked once: a plain attribute after
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    _shadow_modules(sys.modules[package], [n for n in where if _is_module(package, n)], load)
    return __getattr__, __dir__


def _is_module(package: str, name: str) -> bool:
    """Whether ``package`` has a module called ``name`` (source or compiled)."""
    for folder in getattr(sys.modules[package], "__path__", ()):
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        if any(
            e == name + ".py" or (e.startswith(name + ".") and e.endswith((".so", ".pyd")))
            for e in entries
        ):
            return True
    return False


class _Exported:
    """A package attribute named like one of its modules: always the exported object."""

    def __init__(self, name: str, load: Callable[[str], object]) -> None:
        self.name = name
        self.load = load
        self.key = f"_exported_{name}"

    def __get__(self, module: object, owner: type | None = None) -> object:
        if module is None:
            return self
        found = vars(module).get(self.key, self)
        if found is self:
            found = self.load(self.name)
            vars(module)[self.key] = found
        return found

    def __set__(self, module: object, value: object) -> None:
        if isinstance(value, types.ModuleType):
            return  # the import system binding the module of that name: the name stays ours
        vars(module)[self.key] = value


def _shadow_modules(
    module: types.ModuleType, names: list[str], load: Callable[[str], object]
) -> None:
    if not names:
        return
    namespace: dict[str, object] = {name: _Exported(name, load) for name in names}
    module.__class__ = type("LazyPackage", (types.ModuleType,), namespace)
