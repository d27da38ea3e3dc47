"""A name imported only for the type checker (under ``if TYPE_CHECKING:``) does not exist when
the program runs: using it outside an annotation is a NameError at the moment that code runs
(File > Check every game once failed that way after its reader became a lazy import).  Every
module of the package is read here, and each such name used at run time must be imported again
inside the function that uses it."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dame_desktop"


def _imported(nodes: Sequence[ast.AST]) -> set[str]:
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _checking_only(tree: ast.Module) -> set[str]:
    """Names imported under TYPE_CHECKING and not bound otherwise at the module's top."""
    checking: set[str] = set()
    bound: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            checking |= _imported(node.body)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound |= _imported([node])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.Assign):
            bound.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return checking - bound


class _RunTimeUses(ast.NodeVisitor):
    """Loads of the given names outside annotations and outside functions that import them."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.local: list[set[str]] = []
        self.found: list[tuple[int, str]] = []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.local.append(_imported(list(ast.walk(node))))
        for expr in [*node.decorator_list, *node.args.defaults]:
            self.visit(expr)
        for default in node.args.kw_defaults:
            if default is not None:
                self.visit(default)
        for statement in node.body:
            self.visit(statement)
        self.local.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_Name(self, node: ast.Name) -> None:
        if (
            isinstance(node.ctx, ast.Load)
            and node.id in self.names
            and not any(node.id in names for names in self.local)
        ):
            self.found.append((node.lineno, node.id))


def test_no_name_imported_for_the_type_checker_is_used_at_run_time() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _checking_only(tree)
        if not names:
            continue
        uses = _RunTimeUses(names)
        for node in tree.body:
            if not (isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"):
                uses.visit(node)
        problems += [f"{path.relative_to(PACKAGE)}:{line}: {name}" for line, name in uses.found]
    assert problems == []
