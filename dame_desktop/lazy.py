"""A package's names loaded on first use, so importing one of its modules stays cheap.

A package ``__init__`` that imports all its modules makes ``from pkg.small import X`` load the
whole package first: the window's start would pay for the PDN reader, the search and the
Hub client before it paints anything.  Such a package lists its public names instead::

    if TYPE_CHECKING:                      # the type checker sees the real imports
        from .tree import Game, GameNode
    __getattr__, __dir__ = exports(__name__, {".tree": ("Game", "GameNode")})

and ``pkg.Game`` imports ``pkg.tree`` the first time it is asked for (PEP 562).  Standard
library only.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def exports(
    package: str, modules: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` whose public names live in
    ``modules`` (a relative module name -> the names it gives)."""
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)  # asked once: a plain attribute after
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__
