"""The command line's --tokenizer takes the language tokenizers (issue 21, point 3), its notes go to
stderr and into --json, and a missing package is one error line naming the extra."""

from __future__ import annotations

import importlib.util
import json

import pytest

from rouge_core.cli.run import main
from rouge_core.text.tokenizers_extra import is_installed, missing_message


def need(name: str) -> None:
    if not is_installed(name):
        pytest.skip(str(missing_message(name)))


def run(capsys, args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def files(tmp_path, candidate: str, reference: str) -> list[str]:
    (tmp_path / "c.txt").write_text(candidate + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text(reference + "\n", encoding="utf-8")
    return ["--candidates", str(tmp_path / "c.txt"), "--references", str(tmp_path / "r.txt")]


def rouge1(out: str) -> dict:
    measures = json.loads(out)["peers"][0]["measures"]
    return next(m for m in measures if m["measure"] == "ROUGE-1")


def test_jieba_words_on_the_command_line(tmp_path, capsys):
    need("jieba")
    code, out, err = run(
        capsys, ["-n", "1", "--json", "--tokenizer", "jieba", *files(tmp_path, "警察杀死了枪手", "警察击毙了枪手")]
    )
    assert code == 0 and err == ""
    r1 = rouge1(out)
    assert r1["R"]["average"] == 0.75 and r1["totals"] == {"hit": 3, "model": 4, "peer": 4} and r1["notes"] == []
    assert "|tok:jieba|" in json.loads(out)["signature"]


def test_thai_under_the_default_tokenizer_is_a_note_on_stderr_and_in_json(tmp_path, capsys):
    code, out, err = run(capsys, ["-n", "1", "--json", *files(tmp_path, "ตำรวจยิงคนร้าย", "ตำรวจยิงคนร้าย")])
    assert code == 0
    notes = rouge1(out)["notes"]
    assert notes == [
        "the candidate has no tokens after cleaning: every score is 0 (evaluation 1)",
        "reference 1 has no tokens after cleaning (evaluation 1)",
        "non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer thai (Thai words)",
    ]
    assert all(n in err for n in notes)  # stderr names the system: "note: X: the candidate ..."


def test_punctuation_under_a_language_tokenizer_is_a_note_without_a_hint(tmp_path, capsys):
    need("fugashi")
    code, out, err = run(capsys, ["-n", "1", "--json", "--tokenizer", "fugashi", *files(tmp_path, "。！", "警察")])
    assert code == 0
    assert rouge1(out)["notes"] == ["the candidate has no tokens after cleaning: every score is 0 (evaluation 1)"]
    assert "try --tokenizer" not in err and "the candidate has no tokens after cleaning" in err


def test_a_missing_package_is_one_error_line(tmp_path, capsys, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a, **k: None if name == "pythainlp" else real(name, *a, **k)
    )
    code, out, err = run(capsys, ["-n", "1", "--tokenizer", "thai", *files(tmp_path, "a", "a")])
    assert (code, out) == (2, "")
    assert err == (
        "rouge_core: error: invalid tokenizer='thai': the thai tokenizer needs pythainlp, not installed: "
        "pip install 'rouge-core[th]' (or pip install pythainlp)\n"
    )
