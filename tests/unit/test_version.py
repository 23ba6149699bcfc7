"""One version source: ``rouge_core.__version__``. pyproject.toml reads it (setuptools' dynamic
``attr``), the built distribution's metadata carries it and the CLI's ``--version`` prints it."""

from __future__ import annotations

import warnings
from importlib import metadata
from pathlib import Path

import pytest

import rouge_core
from rouge_core.cli import run as cli

ROOT = Path(__file__).resolve().parents[2]


def pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_pyproject_has_no_version_of_its_own_and_reads_rouge_core():
    data = pyproject()
    assert "version" not in data["project"]  # a second copy would drift
    assert "version" in data["project"]["dynamic"]
    assert data["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "rouge_core.__version__"}


def test_the_version_setuptools_builds_with_is_rouge_core_s():
    # What a wheel's metadata gets: setuptools expands the dynamic attr as a build does.
    config = pytest.importorskip("setuptools.config.pyprojecttoml")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "[tool.setuptools] is still beta" on older setuptools
        project = config.read_configuration(ROOT / "pyproject.toml", expand=True)["project"]
    assert project["version"] == rouge_core.__version__


def test_an_installed_distribution_of_this_tree_carries_the_same_version():
    try:
        dist = metadata.distribution("rouge-core")
    except metadata.PackageNotFoundError:
        pytest.skip("rouge-core is not installed (the source tree is on the path)")
    if Path(str(dist.locate_file("rouge_core/__init__.py"))).resolve() != Path(rouge_core.__file__).resolve():
        pytest.skip("the rouge_core imported here is not the installed one (a source tree or an editable install)")
    assert dist.version == rouge_core.__version__


def test_cli_version_is_the_running_package_s_even_beside_another_installed_version(monkeypatch):
    # A stale install elsewhere on the path must not make --version name a release that is not running.
    monkeypatch.setattr(metadata, "version", lambda name: "0.0.1")
    assert cli.version_text() == f"rouge_core {rouge_core.__version__} (ROUGE-1.5.5 compatible; signature v1.0)"
