"""Module boundaries (issue 18, point 5): no module takes another module's private (``_``) name, the
CLI's helper modules never import :mod:`rouge_core.cli` (the old ``cli`` <-> ``cli_corpus`` cycle), and
the readers see the Perl readers' :class:`~rouge_core.io.perl_inputs.InputError`, not the command line's
:class:`~rouge_core.io.perl_inputs.UsageError`. Checked on the source with :mod:`ast`, so an import
inside a function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rouge_core.cli import run as cli
from rouge_core.io.perl_inputs import FileTooLarge, InputError, UsageError, read_bytes
from rouge_core.io.readers import ReadError, read_aligned_files

ROOT = Path(__file__).resolve().parents[2]
#: The project's code (tests and benchmarks may reach into a module to test it).
CODE = ["rouge_core", "ui", "app_pages", "annotation", "app.py"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every ``from module import name`` in the file, relative modules resolved."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found += [(module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
    return found


def code_files() -> list[Path]:
    files: list[Path] = []
    for name in CODE:
        path = ROOT / name
        files += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return files


def test_the_resolver_reads_relative_imports():
    readers = ROOT / "rouge_core" / "io" / "readers"
    assert ("rouge_core.io.perl_inputs", "InputError") in imports(readers / "rouge_zip.py")
    assert ("rouge_core.cli.format", "emit") in imports(ROOT / "rouge_core" / "cli" / "corpus.py")
    assert ("rouge_core.io.readers.model", "ReadError") in imports(readers / "__init__.py")


def test_no_module_imports_another_modules_private_name():
    taken = [
        f"{path.relative_to(ROOT)}: from {module} import {name}"
        for path in code_files()
        for module, name in imports(path)
        if name.startswith("_") and not name.startswith("__")
    ]
    assert taken == []


@pytest.mark.parametrize("helper", ["corpus", "format", "interrupt", "options", "output", "report"])
def test_the_cli_helpers_do_not_import_the_cli(helper):
    path = ROOT / "rouge_core" / "cli" / f"{helper}.py"
    assert "rouge_core.cli.run" not in {module for module, _ in imports(path)}
    assert ("rouge_core.cli", "run") not in imports(path)


def test_the_readers_never_see_the_command_lines_usage_error():
    for path in sorted((ROOT / "rouge_core" / "io" / "readers").rglob("*.py")):
        assert ("rouge_core.io.perl_inputs", "UsageError") not in imports(path), path


def test_an_unreadable_file_is_an_input_error_a_reader_error_and_one_cli_line(tmp_path, capsys):
    assert not issubclass(InputError, UsageError) and issubclass(FileTooLarge, InputError)
    with pytest.raises(InputError, match=r"^Cannot read /dev/zero: it is not a regular file$"):
        read_bytes("/dev/zero")
    missing = str(tmp_path / "none.txt")
    with pytest.raises(ReadError, match=r"^Cannot open .*none\.txt: No such file or directory$"):
        read_aligned_files(missing, [missing])
    # The command line prints an InputError exactly as it printed it when it was a UsageError.
    assert cli.main([missing]) == 2
    assert capsys.readouterr().err == f"rouge_core: error: Cannot open {missing}: No such file or directory\n"
