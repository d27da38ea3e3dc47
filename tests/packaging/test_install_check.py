"""tools/install_check.py: the PATH it builds for "without a compiler" really hides one."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import install_check


@pytest.mark.parametrize(
    "name", ["gcc", "cc", "x86_64-linux-gnu-gcc-12", "clang", "c++", "g++-12", "clang++"]
)
def test_compiler_names_are_recognised(name: str) -> None:
    assert install_check.COMPILER.match(name)


@pytest.mark.parametrize("name", ["git", "python3", "gcc-ar", "ccache-swig", "pip", "ld"])
def test_other_programs_are_kept(name: str) -> None:
    assert not install_check.COMPILER.match(name)


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links of a POSIX PATH")
def test_the_path_without_compilers_finds_no_compiler_but_everything_else(tmp_path: Path) -> None:
    path = install_check.path_without_compilers(tmp_path / "bin")
    for name in ("gcc", "cc", "clang"):
        assert shutil.which(name, path=path) is None
    for name in ("git", "sh"):
        if shutil.which(name):
            assert shutil.which(name, path=path) is not None
