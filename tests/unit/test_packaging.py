"""What `pip install .` ships and says about itself (issue 21, points 1 and 7): every package of rouge_core
(a package left out of the list installs a rouge_core that fails on import), its data, the compiled
engine's numba, the licence, the citation and the changelog tied to the signature version."""

from __future__ import annotations

import re
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
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("rouge_core", "rouge_lens")  # the metric package and the app's launcher
        for p in (ROOT / top).rglob("__init__.py")
    }
    assert on_disk == found and {"rouge_core.teach.questions", "rouge_core.teach.blind_spots", "rouge_lens"} <= found
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["rouge_core.data"]
    assert {p.suffix for p in (ROOT / "rouge_core" / "data").iterdir() if p.name != "__init__.py"} <= {
        pattern[1:] for pattern in data
    }


def test_the_compiled_engine_is_a_dependency() -> None:
    assert any(d.startswith("numba") for d in PYPROJECT["project"]["dependencies"])  # else pure Python, silently
    assert "dask" not in " ".join(PYPROJECT["project"]["dependencies"])  # only the `distributed` extra
    assert any(d.startswith("dask[distributed]") for d in PYPROJECT["project"]["optional-dependencies"]["distributed"])


def requirement_names(lines: list[str]) -> set[str]:
    """The package names of requirement lines (``dask[distributed]>=2024.8  # why`` -> ``dask``).

    >>> sorted(requirement_names(["# a comment", "dask[distributed]>=2024.8  # why", "-r x.txt", "jieba==0.42.1"]))
    ['dask', 'jieba']
    """
    names = set()
    for line in lines:
        spec = line.split("#", 1)[0].strip()
        if spec and not spec.startswith("-"):
            names.add(re.split(r"[\[<>=!~; ]", spec, maxsplit=1)[0].lower())
    return names


def test_extras_and_requirements_install_what_is_used() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert extras["zh"] == ["jieba>=0.42"]
    assert extras["ja"] == ["fugashi>=1.3", "unidic-lite>=1.0.8"]
    assert extras["th"] == ["pythainlp>=5"]
    runtime = requirement_names((ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines())
    dev = requirement_names((ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines())
    # The app never imports dask: it is the `distributed` extra, and the tests install it.
    assert "dask" not in runtime and {"dask", "jieba", "fugashi", "unidic-lite", "pythainlp"} <= dev
    # What `pip install rouge-core[app]` installs is what the app's requirements.txt lists (psycopg is the
    # PostgreSQL store's, imported only with ROUGE_LENS_DATABASE_URL=postgresql://...).
    packaged = requirement_names(PYPROJECT["project"]["dependencies"] + extras["app"])
    assert runtime - {"psycopg"} == packaged


def test_console_scripts_and_no_invented_address() -> None:
    assert PYPROJECT["project"]["scripts"] == {
        "rouge-lens-score": "rouge_core.cli:main",
        "rouge-lens": "rouge_lens.launch:main",
    }
    # The project has no public address yet: none is made up (pyproject.toml says so in a comment).
    assert "urls" not in PYPROJECT["project"]
    assert "no public address" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


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
