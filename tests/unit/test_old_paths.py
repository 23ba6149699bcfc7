"""The module paths of rouge_core 1.0 keep working for one release (issue 18, point 5): each old path
is the module at its new path, with a DeprecationWarning naming it; the four old modules whose name is
now a package's still serve their names; and the project itself uses none of them (the suite turns
that warning into an error, see pyproject.toml, and the source is checked here)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from rouge_core.old_paths import MOVED, OLD_CONTENTS, new_path
from tests.unit.test_private_imports import imports

ROOT = Path(__file__).resolve().parents[2]


def fresh(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter (an old path is imported once per process)."""
    return subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_is_the_module_at_its_new_path_with_a_warning(old):
    new = MOVED[old]
    run = fresh(f"import sys, {old} as a, {new} as b; print(a is b, sys.modules[{old!r}] is b)")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "True"]
    assert f"DeprecationWarning: {old} moved to {new} (the old path goes in rouge_core 1.2)" in run.stderr


def test_a_submodule_of_a_moved_package_follows_it():
    assert new_path("rouge_core.readers.jsonl") == "rouge_core.io.readers.jsonl"
    assert new_path("rouge_core.setting_gap.gap") == "rouge_core.teach.which_rouge.gap"
    assert new_path("rouge_core.config") is None and new_path("rouge_core.readersx") is None
    run = fresh("from rouge_core.readers.jsonl import read_jsonl; print(read_jsonl.__module__)")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "rouge_core.io.readers.jsonl"


@pytest.mark.parametrize(
    "package,name",
    [
        ("rouge_core.stats", "perl_interval"),
        ("rouge_core.batch", "score_batch"),
        ("rouge_core.measures", "measure_specs"),
        ("rouge_core.cli", "build_config"),
    ],
)
def test_an_old_module_now_a_package_still_serves_its_names(package, name):
    with pytest.warns(DeprecationWarning, match=f"{package}.{name} moved to {OLD_CONTENTS[package]}.{name}"):
        value = getattr(importlib.import_module(package), name)
    assert value is getattr(importlib.import_module(OLD_CONTENTS[package]), name)


def test_a_name_the_old_module_never_had_is_an_attribute_error():
    import rouge_core.stats

    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        rouge_core.stats.no_such_name  # noqa: B018
    with pytest.raises(AttributeError):
        rouge_core.stats.__wrapped__  # noqa: B018


def test_the_command_line_entry_point_is_still_rouge_core_cli_main(capsys):
    import warnings

    from rouge_core.cli import main

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("rouge_core ")


def test_the_project_imports_no_old_path():
    files = [
        p
        for d in ["rouge_core", "ui", "app_pages", "annotation", "tests", "benchmarks"]
        for p in (ROOT / d).rglob("*.py")
    ]
    old = [
        f"{p.relative_to(ROOT)}: {module} {name}"
        for p in files + [ROOT / "app.py"]
        for module, name in imports(p)
        if new_path(module)
        or (name and new_path(f"{module}.{name}"))
        or (
            module in OLD_CONTENTS
            and name
            and not (ROOT / module.replace(".", "/") / f"{name}.py").exists()
            and name != "main"
        )
    ]
    assert old == []
