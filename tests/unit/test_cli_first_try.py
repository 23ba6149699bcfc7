"""The command line forgives a first try (issue 21, points 7 and 8): ``python -m rouge_core cand.txt
ref.txt`` names the corpus form that scores two text files (it said only "bad XML"), and ``--version``
says which backend computes (an install without numba runs the slow pure-Python path)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rouge_core
from rouge_core.cli import main
from rouge_core.cli.options import TWO_FILES_HINT, parse_args

HINT = "to score two text files use --candidates FILE --references FILE"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_two_text_files_get_the_corpus_form_in_one_error_line(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    Path("cand.txt").write_text("police kill the gunman\n", encoding="utf-8")
    Path("ref.txt").write_text("police killed the gunman\n", encoding="utf-8")
    code, out, err = run(["cand.txt", "ref.txt"], capsys)
    assert (code, out) == (2, "")
    assert err == (
        "rouge_core: error: bad XML in cand.txt: syntax error: line 1, column 0; cand.txt is not a ROUGE-1.5.5 "
        f"XML config: {HINT} (one summary a line)\n"
    )
    # The options it names are the real ones: they score the same two files.
    code, out, err = run(["--candidates", "cand.txt", "--references", "ref.txt", "-n", "1"], capsys)
    assert code == 0 and err == ""
    assert "X ROUGE-1 Average_R: 0.75000 (95%-conf.int. 0.75000 - 0.75000)" in out
    assert set(parse_args(TWO_FILES_HINT.split())[0]) == {"--candidates", "--references"}


def test_an_empty_first_file_and_a_single_one_get_the_hint_too(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    Path("empty.txt").write_bytes(b"")
    Path("summary.txt").write_text("a summary, not a config\n", encoding="utf-8")
    for argv in (["empty.txt", "summary.txt"], ["-a", "summary.txt"]):
        code, out, err = run(argv, capsys)
        assert (code, out) == (2, "")
        assert err.startswith("rouge_core: error: bad XML in ") and err.count("\n") == 1 and HINT in err


def test_an_xml_config_with_a_mistake_keeps_the_parser_s_message_alone(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    Path("conf.xml").write_text('<ROUGE-EVAL><EVAL ID="1"><PEERS>', encoding="utf-8")
    code, out, err = run(["-a", "conf.xml"], capsys)
    assert (code, out) == (2, "")
    assert err == "rouge_core: error: bad XML in conf.xml: no element found: line 1, column 32\n"


def test_version_names_the_backend(capsys) -> None:
    code, out, err = run(["--version"], capsys)
    backend = rouge_core.backend()
    assert (code, err) == (0, "")
    assert out == (
        f"rouge_core {rouge_core.__version__} (ROUGE-1.5.5 compatible; signature v1.0; backend: {backend})\n"
    )
    assert out.split("backend: ")[1].startswith(backend.name + " (")
