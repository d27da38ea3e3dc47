"""The import graph of dame_desktop: no cycles at import time, and imports point down.

The graph is read from the source with ``ast``: an edge A -> B for every ``import`` of a
dame_desktop module B in A.  For cycles only the imports that run when A is imported count
(module level, also inside ``if``/``try``/``with`` and class bodies; not inside functions and
not under ``if TYPE_CHECKING:``).  ``from package import submodule`` is an edge to the
submodule only (Python allows it while the package is still initialising); ``from module
import name`` is an edge to the module.  The layer rules count every import, lazy ones too.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "dame_desktop"


@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    line: int
    at_import_time: bool  # module level (not in a function, not TYPE_CHECKING-only)


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root``: dotted name -> file."""
    out: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement with whether it runs when the module is imported."""

    def walk(
        nodes: list[ast.stmt], runs: bool
    ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for node in nodes:
            if isinstance(node, ast.Import | ast.ImportFrom):
                yield node, runs
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(node.body, False)
            elif isinstance(node, ast.If):
                typing_only = _is_type_checking(node.test)
                yield from walk(node.body, runs and not typing_only)
                yield from walk(node.orelse, runs)
            else:
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    children = getattr(node, field, None)
                    if isinstance(children, list):
                        stmts: list[ast.stmt] = []
                        for child in children:
                            if isinstance(child, ast.ExceptHandler | ast.match_case):
                                stmts.extend(child.body)
                            elif isinstance(child, ast.stmt):
                                stmts.append(child)
                        yield from walk(stmts, runs)

    yield from walk(tree.body, True)


def import_edges(root: Path, package: str) -> list[Edge]:
    """The edges between the modules of ``package`` (see the module docstring)."""
    modules = module_names(root, package)
    edges: list[Edge] = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        here = name if is_package else name.rpartition(".")[0]
        for node, runs in _imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base_parts = here.split(".")
                    if node.level > 1:
                        base_parts = base_parts[: len(base_parts) - node.level + 1]
                    base = ".".join(base_parts)
                    source = f"{base}.{node.module}" if node.module else base
                else:
                    source = node.module or ""
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    targets.append(sub if sub in modules else source)
            for target in targets:
                if target == package or target.startswith(package + "."):
                    while target not in modules and "." in target:
                        target = target.rpartition(".")[0]  # import a.b.name -> a.b
                    if target != name:
                        edges.append(Edge(name, target, node.lineno, runs))
    return edges


def cycles(edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, set()).add(edge.imported)
        graph.setdefault(edge.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def connect(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


@functools.cache
def _tree_edges() -> tuple[Edge, ...]:
    return tuple(import_edges(ROOT, PACKAGE))


def all_edges() -> list[Edge]:
    return list(_tree_edges())


def runtime_edges() -> list[Edge]:
    return [e for e in all_edges() if e.at_import_time]


def test_no_import_cycles_between_modules() -> None:
    edges = runtime_edges()
    assert len(edges) > 100, "the graph was read"
    found = cycles(edges)
    detail = [
        [
            f"{e.importer}:{e.line} -> {e.imported}"
            for e in edges
            if e.importer in c and e.imported in c
        ]
        for c in found
    ]
    assert found == [], detail


def _plant(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_planted_cycle_is_found(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/sub/__init__.py": "from .c import VALUE\n",
            "pkg/sub/c.py": "from ..a import thing\nVALUE = 1\n",
            "pkg/b.py": "import pkg.sub\n",
            # not cycles: a lazy import, a TYPE_CHECKING import, a package importing its module
            "pkg/lazy.py": "def f():\n    from pkg import late\n",
            "pkg/late.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    import pkg.lazy\n"
            "import pkg.lazy as _l\n",
        },
    )
    edges = [e for e in import_edges(tmp_path, "pkg") if e.at_import_time]
    assert cycles(edges) == [["pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c"]]
    assert not any(e.importer == "pkg.lazy" for e in edges)
    assert [e.imported for e in edges if e.importer == "pkg.late"] == ["pkg.lazy"]


# -- imports point down ----------------------------------------------------------------------


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _upward(edges: list[Edge], importers: set[str], forbidden: set[str]) -> list[str]:
    return [
        f"{e.importer}:{e.line} -> {e.imported}"
        for e in edges
        if layer(e.importer) in importers and layer(e.imported) in forbidden
    ]


def test_core_imports_only_core_and_the_standard_library() -> None:
    assert [
        f"{e.importer} -> {e.imported}"
        for e in all_edges()
        if layer(e.importer) == "core" and layer(e.imported) != "core"
    ] == []
    outside = []
    for name, path in module_names(ROOT, PACKAGE).items():
        if layer(name) != "core":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, _runs in _imports(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                continue
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            for top in (n.split(".")[0] for n in names):
                if top not in sys.stdlib_module_names and top not in ("__future__", PACKAGE):
                    outside.append(f"{name}: {top}")
    assert outside == []


def test_the_layers_below_the_window_import_neither_ui_nor_cli() -> None:
    edges = all_edges()
    assert (
        _upward(
            edges,
            {"core", "pdn", "ai", "store", "engines", "db", "qt_check"},
            {"ui", "cli", "__main__"},
        )
        == []
    )


def test_only_the_window_and_its_entry_point_import_ui() -> None:
    edges = all_edges()
    assert [
        f"{e.importer}:{e.line} -> {e.imported}"
        for e in edges
        if layer(e.imported) == "ui" and layer(e.importer) not in ("ui", "__main__")
    ] == []


def test_the_layer_rules_can_fail(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "dame_desktop/__init__.py": "",
            "dame_desktop/core/__init__.py": "",
            "dame_desktop/core/rules.py": "def f():\n    from dame_desktop.ui import texts\n",
            "dame_desktop/ui/__init__.py": "",
            "dame_desktop/ui/texts.py": "",
        },
    )
    edges = import_edges(tmp_path, "dame_desktop")
    assert _upward(edges, {"core"}, {"ui"}) == [
        "dame_desktop.core.rules:2 -> dame_desktop.ui.texts"
    ]


@pytest.mark.parametrize("package", ["pdn", "ai", "store", "cli", "engines", "db"])
def test_each_layer_package_is_read(package: str) -> None:
    if not (ROOT / PACKAGE / package).is_dir():
        pytest.skip(f"dame_desktop/{package} does not exist yet")
    assert any(layer(e.importer) == package for e in all_edges())


# -- the window's packages: no cycles, not even through lazy imports -------------------------


def ui_package(module: str) -> str | None:
    """The part of ``ui`` a module belongs to: ``dame_desktop.ui.app`` for
    ``dame_desktop.ui.app.play``; a module directly in ``ui`` is a part of its own."""
    parts = module.split(".")
    if len(parts) < 3 or parts[1] != "ui":
        return None
    return ".".join(parts[:3])


def package_edges(edges: list[Edge]) -> list[Edge]:
    """The edges between different parts of ``ui`` (every import counts: module level,
    inside functions and under ``if TYPE_CHECKING:``)."""
    out = []
    for e in edges:
        a, b = ui_package(e.importer), ui_package(e.imported)
        if a is not None and b is not None and a != b:
            out.append(Edge(a, b, e.line, e.at_import_time))
    return out


def _explain(edges: list[Edge], found: list[list[str]]) -> list[str]:
    return [
        f"{e.importer}:{e.line} -> {e.imported}"
        for e in edges
        for c in found
        if (
            ui_package(e.importer) in c
            and ui_package(e.imported) in c
            and ui_package(e.importer) != ui_package(e.imported)
        )
        or (e.importer in c and e.imported in c)
    ]


def test_no_import_cycles_between_ui_packages_even_lazy_ones() -> None:
    edges = all_edges()
    found = cycles(package_edges(edges))
    assert found == [], _explain(edges, found)


def test_no_import_cycles_between_ui_modules_even_lazy_ones() -> None:
    edges = [e for e in all_edges() if ui_package(e.importer) and ui_package(e.imported)]
    found = cycles(edges)
    assert found == [], _explain(edges, found)


def test_only_the_entry_point_imports_the_main_window() -> None:
    """The presenters get a Protocol of what they need (their host), never the window: only
    the program's start and its packaging smoke test build one."""
    window = "dame_desktop.ui.app.main_window"
    importers = sorted({e.importer for e in all_edges() if e.imported == window})
    assert importers == ["dame_desktop.ui.app.smoke", "dame_desktop.ui.app.start"]


def test_a_lazy_package_cycle_is_found(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "dame_desktop/__init__.py": "",
            "dame_desktop/ui/__init__.py": "",
            "dame_desktop/ui/app/__init__.py": "",
            "dame_desktop/ui/app/window.py": "from dame_desktop.ui.study import tree\n",
            "dame_desktop/ui/study/__init__.py": "",
            "dame_desktop/ui/study/tree.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from dame_desktop.ui.app.window import W\n",
            "dame_desktop/ui/board/__init__.py": "",
            "dame_desktop/ui/board/a.py": "def f():\n    from dame_desktop.ui.words import b\n",
            "dame_desktop/ui/words/__init__.py": "",
            "dame_desktop/ui/words/b.py": "from dame_desktop.ui.board import a\n",
        },
    )
    edges = import_edges(tmp_path, "dame_desktop")
    assert cycles([e for e in edges if e.at_import_time]) == []
    assert cycles(package_edges(edges)) == [
        ["dame_desktop.ui.app", "dame_desktop.ui.study"],
        ["dame_desktop.ui.board", "dame_desktop.ui.words"],
    ]
