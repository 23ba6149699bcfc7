"""The corpus command line's ``--sentences punkt``: the readers' punkt mode, and without NLTK's model
one error line naming what to install (no traceback)."""

from __future__ import annotations

import contextlib
import io

import nltk.data
import pytest

from rouge_core.batch.corpus import evaluate_corpus
from rouge_core.cli.run import main
from rouge_core.config import RougeConfig
from rouge_core.io.readers import read_corpus_file
from rouge_core.text.punkt import missing_message, punkt_unavailable

needs_punkt = pytest.mark.skipif(
    punkt_unavailable() is not None,
    reason="NLTK's English punkt_tab model is not installed: run `python3 scripts/punkt_data.py` and export "
    "NLTK_DATA=$PWD/.cache/nltk_data (scripts/test.sh does both)",
)
RECORD = (
    '{"candidate": "Mrs. Brown met Gen. Lee at 5 p.m. They talked.", '
    '"reference": "They talked at 5 p.m. Mrs. Brown met Gen. Lee."}\n'
)


def call(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


@needs_punkt
def test_sentences_punkt(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text(RECORD, encoding="utf-8")
    corpus = read_corpus_file(str(path), "punkt")
    pairs, ids = corpus.pairs()
    assert list(pairs[0][0]) == ["Mrs. Brown met Gen. Lee at 5 p.m.", "They talked."]  # the rule set keeps one
    recall = evaluate_corpus(pairs, RougeConfig(), ids=ids).measures["ROUGE-L"].recall.average
    code, out, err = call(["--input", str(path), "--sentences", "punkt"])
    assert code == 0 and f"X ROUGE-L Average_R: {recall:7.5f}" in out
    _, lines, _ = call(["--input", str(path)])
    assert f"X ROUGE-L Average_R: {recall:7.5f}" not in lines  # the split changed summary-level ROUGE-L


def test_sentences_punkt_without_the_model(tmp_path, monkeypatch):
    def find(resource: str, *args: object, **kwargs: object) -> str:
        raise LookupError(f"Resource {resource} not found.")

    monkeypatch.setattr(nltk.data, "find", find)
    path = tmp_path / "runs.jsonl"
    path.write_text(RECORD, encoding="utf-8")
    code, out, err = call(["--input", str(path), "--sentences", "punkt"])
    assert code != 0 and out == "" and "Traceback" not in err
    assert err.strip().splitlines()[0] == f"rouge_core: error: {missing_message()}"


def test_bad_sentences_value_names_every_mode(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text(RECORD, encoding="utf-8")
    code, _, err = call(["--input", str(path), "--sentences", "nltk"])
    assert code != 0 and "invalid value for --sentences: 'nltk' (expected lines, split or punkt)" in err
