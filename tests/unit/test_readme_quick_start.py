"""The README opens with a four-line quick start (issue 21, point 8) whose commands run as written, and
its claim about what the command line computes is true: Perl's measures for the same flags (ROUGE-L
alone without ``-n``), while ``RougeConfig()`` computes DUC's full set."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from rouge_core import RougeConfig
from rouge_core.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quick_start() -> list[str]:
    """The commands of the quick start's block, comments dropped."""
    assert README.split("\n## ", 2)[1].startswith("Quick start\n")  # the README's first section
    block = re.search(r"## Quick start\n\n```sh\n(.*?)```", README, flags=re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines()]


def test_four_lines_venv_python_size_two_files_corpus_api() -> None:
    lines = quick_start()
    assert len(lines) == 4
    assert "python3 -m venv" in lines[0] and "Python >= 3.10" in lines[0] and "about 1 GB" in lines[0]
    assert "--candidates cand.txt --references ref.txt" in lines[1]
    assert "--input sample_data/" in lines[2]
    assert lines[3].startswith('python -c "import rouge_core')


def cli_args(line: str) -> list[str]:
    words = shlex.split(line.split("  #", 1)[0])
    assert words[:3] == ["python", "-m", "rouge_core"]
    return words[3:]


def test_the_two_file_line_scores_two_files(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    Path("cand.txt").write_text("police kill the gunman\n", encoding="utf-8")
    Path("ref.txt").write_text("police killed the gunman\n", encoding="utf-8")
    assert main(cli_args(quick_start()[1])) == 0
    out = capsys.readouterr().out
    assert "X ROUGE-1 Average_R: 0.75000 (95%-conf.int. 0.75000 - 0.75000)" in out
    assert "X ROUGE-2 Average_R: 0.33333 (95%-conf.int. 0.33333 - 0.33333)" in out
    # Without -n, as in Perl: ROUGE-L alone.
    assert main(["--candidates", "cand.txt", "--references", "ref.txt"]) == 0
    assert {line.split()[1] for line in capsys.readouterr().out.splitlines() if line.startswith("X ")} == {"ROUGE-L"}
    assert "without `-n` that is\nROUGE-L alone" in README


def test_the_corpus_line_ranks_the_sample_s_systems(monkeypatch, capsys) -> None:
    monkeypatch.chdir(ROOT)
    assert main(cli_args(quick_start()[2])) == 0
    out = capsys.readouterr().out
    assert out.startswith("ROUGE-2 F (mean of per-pair scores) of 6 systems on 20 documents; paired bootstrap")
    assert re.search(r"^1 +M10 +0\.11631 ", out, flags=re.M)


def test_the_api_line_prints_rouge_l(capsys) -> None:
    code = shlex.split(quick_start()[3].split("  #", 1)[0])[2]
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(code, {})
    assert out.getvalue() == "Score(precision=0.75, recall=0.75, fmeasure=0.75)\n"


def test_rouge_config_is_duc_s_full_set() -> None:
    config = RougeConfig()
    assert config.measure_labels() == [
        "ROUGE-1",
        "ROUGE-2",
        "ROUGE-3",
        "ROUGE-4",
        "ROUGE-L",
        "ROUGE-W-1.2",
        "ROUGE-S4",
        "ROUGE-SU4",
    ]
    assert config.perl_flags().startswith("-n 4 -w 1.2 -2 4 -U ")
    assert "`-n 4 -w 1.2 -2 4 -U`" in README


@pytest.mark.parametrize("extra", ["distributed", "zh", "ja", "th", "app"])
def test_the_extras_it_names_exist(extra: str) -> None:
    tomllib = pytest.importorskip("tomllib")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert extra in extras
    assert f"`{extra}`" in README or f'".[{extra}]"' in README
