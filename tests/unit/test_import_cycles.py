"""No import cycles in rouge_core (issue 18, point 5): the modules' top-level imports form a DAG.

An edge to a module's own package is not one either (Python imports the parents first). An import
inside a function (a deliberate late import, e.g. RougeConfig.measure_labels reading the
measure registry) or under ``if TYPE_CHECKING:`` runs later or never, so it is not an edge."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "rouge_core"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in CORE.rglob("*.py")}


def _top_level_imports(tree: ast.Module) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(node)
        elif isinstance(node, ast.Try):  # an optional import
            out += [n for n in node.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    return out


def edges(name: str) -> set[str]:
    """The rouge_core modules that importing ``name`` runs at once."""
    path = MODULES[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in _top_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            assert isinstance(node, ast.ImportFrom)
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module for a in node.names]
        for t in targets:
            # importing a.b.c runs a, a.b and a.b.c
            parts = t.split(".")
            out |= {".".join(parts[:k]) for k in range(1, len(parts) + 1)} & set(MODULES)
    # A module's own packages are imported before it (Python runs the parents first): not an edge.
    parts = name.split(".")
    return out - {".".join(parts[:k]) for k in range(1, len(parts) + 1)}


def find_cycle() -> list[str]:
    graph = {m: edges(m) for m in MODULES}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n) :] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return []


def test_the_resolver_sees_real_edges():
    assert "rouge_core.measures.registry" in edges("rouge_core.batch.compiled")
    assert "rouge_core.config" in edges("rouge_core.measures.registry")
    assert "rouge_core.measures.registry" not in edges("rouge_core.config")  # a late import, on purpose


def test_no_import_cycle():
    assert find_cycle() == []
