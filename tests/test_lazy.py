"""Packages whose names load on first use (dame_desktop.lazy): every listed name is there, the
same object its module holds, and an unknown name is an AttributeError."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

LAZY = ["dame_desktop.ai", "dame_desktop.engines", "dame_desktop.pdn", "dame_desktop.ui.analysis"]


@pytest.mark.parametrize("name", LAZY)
def test_every_public_name_is_its_modules_object(name):
    package = importlib.import_module(name)
    assert package.__all__
    for public in package.__all__:
        value = getattr(package, public)
        owner = getattr(value, "__module__", None)
        if isinstance(owner, str) and owner.startswith(name + "."):
            assert getattr(importlib.import_module(owner), public) is value
    assert set(package.__all__) <= set(dir(package))
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        package.nothing_here  # noqa: B018


def test_importing_a_small_module_does_not_load_its_package():
    code = (
        "import sys\n"
        "import dame_desktop.ai.levels, dame_desktop.engines.faults, dame_desktop.pdn\n"
        "print(sorted(m for m in ('dame_desktop.ai.search', 'dame_desktop.engines.hub',\n"
        "      'dame_desktop.pdn.reader') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_public_name_that_is_also_a_module_stays_the_public_object():
    """``ai.search`` is the search function, also after its module was loaded for another
    name (the import system binds a module to its package's attribute when it loads it)."""
    code = (
        "import dame_desktop.ai.levels\n"
        "from dame_desktop.ai import Limit, SearchMemory, search\n"
        "import dame_desktop.ai as ai\n"
        "import dame_desktop.ai.search as by_path\n"
        "print(callable(search), search is ai.search is by_path, type(search).__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[:2] == ["True", "True"]
    assert out.stdout.split()[2] != "module"
