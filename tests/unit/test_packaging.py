"""What `pip install .` ships and says about itself (issue 21, points 1 and 7): every package of rouge_core
(a package left out of the list installs a rouge_core that fails on import), its data, the compiled
engine's numba, the licence, the citation and the changelog tied to the signature version."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from setuptools import find_packages

import rouge_core
from rouge_core.config import VERSION

tomllib = pytest.importorskip("tomllib")

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_rouge_core_package_is_shipped() -> None:
    found = set(find_packages(where=str(ROOT), **PYPROJECT["tool"]["setuptools"]["packages"]["find"]))
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "rouge_core").rglob("__init__.py")}
    assert on_disk == found and {"rouge_core.teach.questions", "rouge_core.teach.blind_spots"} <= found
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["rouge_core.data"]
    assert {p.suffix for p in (ROOT / "rouge_core" / "data").iterdir() if p.name != "__init__.py"} <= {
        pattern[1:] for pattern in data
    }


def test_the_compiled_engine_is_a_dependency() -> None:
    assert any(d.startswith("numba") for d in PYPROJECT["project"]["dependencies"])  # else pure Python, silently
    assert "dask" not in " ".join(PYPROJECT["project"]["dependencies"])  # only the `distributed` extra
    assert any(d.startswith("dask[distributed]") for d in PYPROJECT["project"]["optional-dependencies"]["distributed"])


def test_licence_citation_and_changelog_agree() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]
    assert project["authors"] == [{"name": "The ROUGE Lens authors"}]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert (citation["cff-version"], citation["version"], citation["license"]) == (
        "1.2.0",
        rouge_core.__version__,
        "MIT",
    )
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {rouge_core.__version__} (" in changelog and f"signature version {VERSION}" in changelog
    # the signature of today's default configuration carries that version
    assert rouge_core.RougeConfig().signature().endswith(f"|v:{VERSION}")
