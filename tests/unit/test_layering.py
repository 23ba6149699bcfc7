"""The direction of imports between the project's packages (DESIGN.md §1-3): the metric package
``rouge_core`` carries no database code (it never imports ``annotation`` or ``sqlite3``, so
``pip install rouge-core`` installs none), and ``annotation`` is UI-free (no ``streamlit``, ``ui``
or ``app_pages``). Checked on the source with :mod:`ast`, so an import inside a function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imported_roots(source: str, module: str) -> set[str]:
    """The top-level names of every module ``source`` imports, relative imports resolved against
    ``module`` (the dotted name of the file, e.g. ``rouge_core.io.readers.model``).

    >>> sorted(imported_roots("import sqlite3\\nfrom annotation.store import X\\nfrom . import y", "rouge_core.a"))
    ['annotation', 'rouge_core', 'sqlite3']
    >>> sorted(imported_roots("def f():\\n    import streamlit as st", "annotation.x"))
    ['streamlit']
    >>> sorted(imported_roots("from ..readers import Corpus", "rouge_core.io.csv_writer"))
    ['rouge_core']
    """
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                roots.add((node.module or "").split(".")[0])
            else:
                # A relative import stays inside the file's own top-level package.
                roots.add(module.split(".")[0])
    return roots


def _imports_by_file(package: str) -> dict[str, set[str]]:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"no Python file under {package}/"
    found: dict[str, set[str]] = {}
    for path in files:
        relative = path.relative_to(ROOT)
        module = ".".join(relative.with_suffix("").parts)
        found[str(relative)] = imported_roots(path.read_text(encoding="utf-8"), module)
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("rouge_core", {"annotation", "sqlite3", "streamlit", "pandas", "plotly", "ui", "app_pages"}),
        ("annotation", {"streamlit", "ui", "app_pages"}),
        # The launcher runs Streamlit in a new process on the app's files: it imports neither.
        ("rouge_lens", {"annotation", "sqlite3", "streamlit", "pandas", "plotly", "ui", "app_pages"}),
    ],
)
def test_package_never_imports(package, forbidden):
    offenders = {
        path: sorted(roots & forbidden) for path, roots in _imports_by_file(package).items() if roots & forbidden
    }
    assert offenders == {}


def test_no_annotation_package_left_inside_rouge_core():
    assert not (ROOT / "rouge_core" / "annotation").exists()
    assert (ROOT / "annotation" / "__init__.py").is_file()


def test_annotation_builds_on_rouge_core():
    # The direction is one-way, not absent: the store reads corpora with rouge_core's readers.
    uses = set().union(*_imports_by_file("annotation").values())
    assert "rouge_core" in uses


def test_the_rouge_core_distribution_ships_no_database_code():
    # `pip install rouge-core` installs the packages pyproject.toml's find rule gives: each is a real
    # folder under rouge_core/, and none is the annotation store (tests/unit/test_packaging.py checks that
    # none under rouge_core is left out).
    from setuptools import find_packages

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    rule = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    packages = find_packages(where=str(ROOT), **rule["find"])
    assert "rouge_core" in packages and "annotation" not in packages
    for name in packages:
        assert name.split(".")[0] in ("rouge_core", "rouge_lens"), name  # rouge_lens: the app's launcher
        assert "annotation" not in name.split("."), name
        assert (ROOT.joinpath(*name.split("."))).is_dir(), name
