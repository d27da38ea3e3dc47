"""Build: compile the hot modules with mypyc where possible, else install them as Python.

``pip install .`` and ``pip install -e .`` compile the modules listed in
``dame_desktop/native.py`` (``COMPILED``) with mypyc when mypyc, a C compiler and the Python
headers are present.  Where any of them is missing, or the compilation fails, the same modules
install as plain Python and the build prints one line of notice: the install never fails for
want of a compiler.  ``DAME_PURE=1`` at install time skips the compilation.

Everything else (metadata, packages, package data) is in pyproject.toml.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = "dame_desktop"
RECORD = "_native_build.json"  # dame_desktop/native.py reads it (BUILD_RECORD)


# the setup.py commands that build (pip also runs it for metadata, where nothing is compiled)
BUILD_COMMANDS = {"bdist_wheel", "editable_wheel", "build", "build_ext", "install", "develop"}


def building() -> bool:
    return bool(BUILD_COMMANDS & set(sys.argv[1:]))


def notice(message: str) -> None:
    """One line for the person installing: on their terminal, and in pip's log.

    pip keeps a build's output to itself unless it runs with -v or the build fails, so the
    line also goes straight to the terminal (``/dev/tty``) when the build's own output is not
    one; without a terminal (CI, a log) it is in ``pip install -v``'s output only.
    """
    if len(message) > 240:
        message = message[:200] + " ... " + message[-35:]
    text = f"dame-desktop: {message}"
    warnings.warn(text, stacklevel=2)
    if not sys.stderr.isatty():
        try:
            with open("/dev/tty", "w", encoding="utf-8") as terminal:
                terminal.write("\n" + text + "\n")  # a line of its own, after pip's spinner
        except OSError:
            pass  # no terminal (or not POSIX): the warning above is all


def progress(message: str) -> None:
    print(f"dame-desktop: {message}", file=sys.stderr, flush=True)


def compiled_modules() -> list[str]:
    """``COMPILED`` from dame_desktop/native.py, read without importing the package."""
    tree = ast.parse((ROOT / PACKAGE / "native.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in targets):
                assert node.value is not None
                return list(ast.literal_eval(node.value))
    raise SystemExit("dame_desktop/native.py has no COMPILED list")


def source_of(name: str) -> str:
    return str(Path(*name.split(".")).with_suffix(".py"))


def pure_requested() -> bool:
    return os.environ.get("DAME_PURE", "").strip() not in ("", "0")


def compiler_works() -> str | None:
    """None when a C compiler builds a file that includes Python.h, else why not."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "probe.c"
        probe.write_text("#include <Python.h>\nint dame_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(probe)], output_dir=folder,
                             include_dirs=[get_python_inc()])
        except Exception as exc:  # CompileError, or no compiler executable at all
            return f"{type(exc).__name__}: {str(exc).strip().splitlines()[-1] if str(exc) else ''}"
    return None


def remove_inplace_build() -> None:
    """Drop extension modules an earlier editable build left beside the sources.

    They would shadow the ``.py`` files of a pure install from the same checkout.
    """
    for name in compiled_modules():
        source = ROOT / source_of(name)
        for built in source.parent.glob(source.stem + ".*"):
            if built.suffix in (".so", ".pyd"):
                built.unlink()
    for built in (ROOT / PACKAGE).glob("native__mypyc.*"):
        if built.suffix in (".so", ".pyd"):
            built.unlink()
    (ROOT / PACKAGE / RECORD).unlink(missing_ok=True)


def native_extensions() -> list[object]:
    """The extension modules to build; for a pure install, no stale in-place ones either."""
    if not building():
        return []  # metadata only: mypyc runs once, for the build itself
    extensions = _mypyc_extensions()
    if not extensions:
        remove_inplace_build()
    return extensions


def _mypyc_extensions() -> list[object]:
    """mypyc's extension modules for COMPILED, or [] (with a notice) for a pure install."""
    if pure_requested():
        notice("DAME_PURE is set: installing the pure-Python modules")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        notice(f"mypyc is not available ({exc}): installing the pure-Python modules")
        return []
    problem = compiler_works()
    if problem is not None:
        notice(f"no working C compiler with the Python headers ({problem}): "
               "installing the pure-Python modules")
        return []
    try:
        return list(mypycify(
            [source_of(name) for name in compiled_modules()],
            opt_level="3",
            group_name=f"{PACKAGE}.native",  # the shared library: dame_desktop/native__mypyc
        ))
    except BaseException as exc:  # mypyc reports type errors with SystemExit
        notice(f"mypyc failed ({type(exc).__name__}: {exc}): installing the pure-Python modules")
        return []


class BuildNative(build_ext):
    """build_ext that falls back to the pure-Python modules when compiling fails."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:
            notice(f"compiling the native modules failed ({type(exc).__name__}: {exc}): "
                   "installing the pure-Python modules")
            self._remove_outputs()
            self.extensions = []
            return
        self._write_record()

    def _remove_outputs(self) -> None:
        for path in self.get_outputs():
            if os.path.exists(path):
                os.remove(path)

    def _write_record(self) -> None:
        """Digests of the compiled sources, so a stale extension is never used for an edit."""
        digests = {
            name: hashlib.sha256((ROOT / source_of(name)).read_bytes()).hexdigest()
            for name in compiled_modules()
        }
        text = json.dumps(digests, indent=1, sort_keys=True) + "\n"
        folders = [Path(self.build_lib) / PACKAGE]
        if self.inplace:
            folders.append(ROOT / PACKAGE)
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / RECORD).write_text(text, encoding="utf-8")
        progress(f"compiled {len(digests)} modules with mypyc: "
               + ", ".join(n.removeprefix(PACKAGE + ".") for n in digests))

    def get_outputs(self) -> list[str]:
        outputs = list(super().get_outputs())
        if self.extensions:
            outputs.append(str(Path(self.build_lib) / PACKAGE / RECORD))
        return outputs


setup(ext_modules=native_extensions(), cmdclass={"build_ext": BuildNative})
