"""setup.py leaves another install's files alone: a pure build from a checkout whose
editable install keeps compiled modules beside the sources does not delete them (that
editable install would silently run as pure Python); only a pure build in place, whose
``.py`` files they would shadow, removes them, and says so."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_setup() -> ModuleType:
    """setup.py as a module (it calls setup() only when run as a script)."""
    spec = importlib.util.spec_from_file_location("dame_setup_script", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_inplace_build(root: Path) -> list[Path]:
    """What ``pip install -e .`` with a compiler leaves beside the sources (empty stand-ins:
    only their names matter to setup.py)."""
    made = [
        root / "dame_desktop" / "core" / "movegen.cpython-311-x86_64-linux-gnu.so",
        root / "dame_desktop" / "ai" / "search.cpython-311-x86_64-linux-gnu.so",
        root / "dame_desktop" / "native__mypyc.cpython-311-x86_64-linux-gnu.so",
        root / "dame_desktop" / "_native_build.json",
    ]
    for path in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"{}" if path.suffix == ".json" else b"\x7fELF stand-in")
    return sorted(made)


@pytest.mark.parametrize(
    ("argv", "in_place"),
    [
        (["bdist_wheel", "--dist-dir", "x"], False),  # pip install . / pip wheel .
        (["build"], False),
        (["build_ext"], False),
        (["install"], False),
        (["editable_wheel", "--dist-dir", "x"], True),  # pip install -e .
        (["develop"], True),
        (["build_ext", "--inplace"], True),
        (["build_ext", "-i"], True),
    ],
)
def test_only_a_build_in_place_removes_the_in_place_modules(
    tmp_path: Path, argv: list[str], in_place: bool
) -> None:
    setup = load_setup()
    made = fake_inplace_build(tmp_path)
    assert setup.inplace_build_files(tmp_path) == made
    assert setup.builds_in_place(argv) is in_place
    assert setup.inplace_files_to_remove(argv, tmp_path) == (made if in_place else [])


def _copy_checkout(target: Path) -> None:
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, target / name)
    shutil.copytree(
        ROOT / "dame_desktop",
        target / "dame_desktop",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native_build.json"),
    )


@pytest.mark.slow
def test_a_pure_wheel_from_a_checkout_keeps_its_editable_install_compiled(tmp_path: Path) -> None:
    """One real build as ``DAME_PURE=1 pip install .`` does it (pip wheel: no install; about
    40 s on a busy machine, most of it pip fetching the build requirements)."""
    source = tmp_path / "checkout"
    source.mkdir()
    _copy_checkout(source)
    made = fake_inplace_build(source)
    env = {**os.environ, "DAME_PURE": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--wheel-dir",
            str(tmp_path / "wheels"),
            str(source.resolve()),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        stdin=subprocess.DEVNULL,
    )
    output = done.stdout + done.stderr
    if done.returncode != 0 and (
        "No matching distribution" in output or "Could not find a version" in output
    ):
        pytest.skip("pip cannot fetch the build requirements (setuptools, mypy) here")
    assert done.returncode == 0, output
    assert all(path.is_file() for path in made), "the editable install's modules were deleted"
    (wheel,) = (tmp_path / "wheels").glob("dame_desktop-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "dame_desktop/core/movegen.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd")) or "_native_build" in n]
