"""Build: compile the hot modules with mypyc where possible, else install them as Python.

``pip install .`` and ``pip install -e .`` compile the modules listed in
``dame_desktop/native.py`` (``COMPILED``) with mypyc when mypyc, a C compiler and the Python
headers are present.  Where any of them is missing, or the compilation fails, the same modules
install as plain Python and the build prints one line of notice: the install never fails for
want of a compiler.  ``DAME_PURE=1`` at install time skips the compilation.

A pure build never touches another install's files: the compiled modules an editable install
keeps beside the sources stay where they are when ``pip install .`` builds a wheel from the
same checkout.  Only a pure build in place (``pip install -e .``, ``build_ext --inplace``),
whose ``.py`` files they would shadow, removes them, and says so.

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


def building(argv: list[str]) -> bool:
    return bool(BUILD_COMMANDS & set(argv))


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
            compiler.compile([str(probe)], output_dir=folder, include_dirs=[get_python_inc()])
        except Exception as exc:  # CompileError, or no compiler executable at all
            return f"{type(exc).__name__}: {str(exc).strip().splitlines()[-1] if str(exc) else ''}"
    return None


IN_PLACE_COMMANDS = {"editable_wheel", "develop"}


def builds_in_place(argv: list[str]) -> bool:
    """Whether this build puts its modules beside the sources (an editable install of this
    checkout, ``build_ext --inplace``) rather than into a build folder."""
    if IN_PLACE_COMMANDS & set(argv):
        return True
    return "build_ext" in argv and bool({"--inplace", "-i"} & set(argv))


def inplace_build_files(root: Path = ROOT) -> list[Path]:
    """The compiled modules and the build record an in-place build left beside the sources."""
    found: list[Path] = []
    for name in compiled_modules():
        source = root / source_of(name)
        found.extend(
            p for p in source.parent.glob(source.stem + ".*") if p.suffix in (".so", ".pyd")
        )
    found.extend(p for p in (root / PACKAGE).glob("native__mypyc.*") if p.suffix in (".so", ".pyd"))
    record = root / PACKAGE / RECORD
    if record.is_file():
        found.append(record)
    return sorted(found)


def inplace_files_to_remove(argv: list[str], root: Path = ROOT) -> list[Path]:
    """What a pure build must remove: the in-place compiled modules, when (and only when) it
    is itself an in-place build of this checkout, whose ``.py`` files they would shadow.

    A build into a build folder (``pip install .``, a wheel) leaves them alone: they belong
    to the editable install of this checkout, which goes on using them.
    """
    return inplace_build_files(root) if builds_in_place(argv) else []


def remove_inplace_build(argv: list[str]) -> None:
    """Remove what :func:`inplace_files_to_remove` names, saying so; or say what stays."""
    doomed = inplace_files_to_remove(argv)
    for path in doomed:
        path.unlink(missing_ok=True)
    if doomed:
        notice(
            "a pure-Python install in place: removed the compiled modules an earlier "
            f"in-place build left beside the sources ({len(doomed)} files: "
            + ", ".join(p.name for p in doomed)
            + ")"
        )
    elif inplace_build_files():
        progress(
            "compiled modules of an in-place build are beside the sources (an editable "
            "install of this checkout uses them): left alone; this install is pure"
        )


def native_extensions(argv: list[str] | None = None) -> list[object]:
    """The extension modules to build; for a pure in-place build, no stale in-place ones."""
    argv = sys.argv[1:] if argv is None else argv
    if not building(argv):
        return []  # metadata only: mypyc runs once, for the build itself
    extensions = _mypyc_extensions()
    if not extensions:
        remove_inplace_build(argv)
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
        notice(
            f"no working C compiler with the Python headers ({problem}): "
            "installing the pure-Python modules"
        )
        return []
    try:
        return list(
            mypycify(
                [source_of(name) for name in compiled_modules()],
                opt_level="3",
                group_name=f"{PACKAGE}.native",  # the shared library: dame_desktop/native__mypyc
            )
        )
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
            notice(
                f"compiling the native modules failed ({type(exc).__name__}: {exc}): "
                "installing the pure-Python modules"
            )
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
        progress(
            f"compiled {len(digests)} modules with mypyc: "
            + ", ".join(n.removeprefix(PACKAGE + ".") for n in digests)
        )

    def get_outputs(self) -> list[str]:
        outputs = list(super().get_outputs())
        if self.extensions:
            outputs.append(str(Path(self.build_lib) / PACKAGE / RECORD))
        return outputs


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    setup(ext_modules=native_extensions(), cmdclass={"build_ext": BuildNative})
