"""The readers' ``sentences="punkt"``: every format splits its summaries with NLTK's punkt (as
Hugging Face's examples split before rougeLsum), and without NLTK's model every reader refuses before
reading, with the message that says how to install it."""

from __future__ import annotations

import io
import json
import zipfile

import nltk.data
import pytest

from rouge_core.io.readers import (
    MODE_SPLITTERS,
    SENTENCE_MODES,
    read_aligned,
    read_corpus,
    read_jsonl,
    read_table,
    read_zip,
)
from rouge_core.text import punkt

needs_punkt = pytest.mark.skipif(
    punkt.punkt_unavailable() is not None,
    reason="NLTK's English punkt_tab model is not installed: run `python3 scripts/punkt_data.py` and export "
    "NLTK_DATA=$PWD/.cache/nltk_data (scripts/test.sh does both)",
)

CANDIDATE = "Mrs. Brown met Gen. Lee at 5 p.m. They talked. The meeting ended at 6 p.m. Nobody knew why."
# nltk.sent_tokenize(CANDIDATE), checked by hand; the rule set ("split") gives two sentences instead
PUNKT_SENTENCES = ("Mrs. Brown met Gen. Lee at 5 p.m.", "They talked.", "The meeting ended at 6 p.m. Nobody knew why.")
RULES = ("Mrs. Brown met Gen. Lee at 5 p.m. They talked.", "The meeting ended at 6 p.m. Nobody knew why.")
REFERENCE = "Mr. Smith arrived in the U.S. on Monday. He paid $3.50."
REFERENCE_SENTENCES = ("Mr. Smith arrived in the U.S. on Monday.", "He paid $3.50.")
DESCRIBED = f"split by {punkt.PUNKT}"


def test_modes():
    assert SENTENCE_MODES == ("lines", "split", "punkt")
    assert MODE_SPLITTERS == {"split": "rules", "punkt": "punkt"}


def test_invalid_mode_names_every_mode():
    with pytest.raises(ValueError, match=r"^invalid sentences='nltk': allowed values are 'lines', 'split', 'punkt'$"):
        read_jsonl(b'{"candidate": "a", "reference": "b"}\n', "x.jsonl", sentences="nltk")


@needs_punkt
def test_jsonl_punkt():
    data = json.dumps({"id": "d1", "candidate": CANDIDATE, "reference": REFERENCE}).encode() + b"\n"
    c = read_jsonl(data, "runs.jsonl", sentences="punkt")
    assert c.sentences == DESCRIBED == "split by NLTK's punkt (nltk.sent_tokenize, English punkt_tab model)"
    assert c.documents[0].candidate == PUNKT_SENTENCES and c.documents[0].references == (REFERENCE_SENTENCES,)
    assert read_jsonl(data, "runs.jsonl", sentences="split").documents[0].candidate == RULES
    assert read_corpus(data, "runs.jsonl", "punkt").documents == c.documents


@needs_punkt
def test_table_punkt():
    data = f'id,summary,ref\n1,"{CANDIDATE}","{REFERENCE}"\n'.encode()
    c = read_table(data, "runs.csv", "summary", ["ref"], id_column="id", sentences="punkt")
    assert c.sentences == DESCRIBED
    assert (c.documents[0].candidate, c.documents[0].references) == (PUNKT_SENTENCES, (REFERENCE_SENTENCES,))


@needs_punkt
def test_aligned_punkt():
    c = read_aligned(("c.txt", CANDIDATE.encode() + b"\n"), [("r.txt", REFERENCE.encode() + b"\n")], "punkt")
    assert c.sentences == DESCRIBED
    assert (c.documents[0].candidate, c.documents[0].references) == (PUNKT_SENTENCES, (REFERENCE_SENTENCES,))


@needs_punkt
def test_zip_punkt_splits_the_summary_formats_sentences_further():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("list.lst", "peer.txt model.txt\n")
        z.writestr("peer.txt", CANDIDATE + "\nA second line. It has two sentences.\n")
        z.writestr("model.txt", REFERENCE + "\n")
    c = read_zip(buf.getvalue(), "z.zip", sentences="punkt")
    assert c.sentences == f"ROUGE-1.5.5's SPL reading rules, then {DESCRIBED}"
    assert c.documents[0].candidate == (*PUNKT_SENTENCES, "A second line.", "It has two sentences.")
    assert c.documents[0].references == (REFERENCE_SENTENCES,)


def test_lines_and_split_need_no_model(monkeypatch):
    monkeypatch.setattr(nltk.data, "find", _not_found)
    data = json.dumps({"candidate": CANDIDATE, "reference": REFERENCE}).encode()
    assert read_jsonl(data, "x.jsonl", sentences="split").documents[0].candidate == RULES
    assert read_jsonl(data, "x.jsonl").documents[0].candidate == (CANDIDATE,)


def _not_found(resource: str, *args: object, **kwargs: object) -> str:
    raise LookupError(f"Resource {resource} not found.")


@pytest.mark.parametrize(
    "read",
    [
        lambda: read_jsonl(b"\xff not even JSON", "x.jsonl", sentences="punkt"),
        lambda: read_corpus(b"id,c,r\n1,a,b\n", "x.csv", "punkt", candidate_column="c", reference_columns=["r"]),
        lambda: read_aligned(("c.txt", b"a\n"), [("r.txt", b"b\n")], "punkt"),
        lambda: read_zip(b"PK\x05\x06" + bytes(18), "x.zip", sentences="punkt"),
    ],
    ids=["jsonl", "table", "aligned", "zip"],
)
def test_missing_model_refused_before_reading(monkeypatch, read):
    monkeypatch.setattr(nltk.data, "find", _not_found)
    with pytest.raises(ValueError) as e:
        read()
    assert str(e.value) == punkt.missing_message()
    assert "python -m nltk.downloader punkt_tab" in str(e.value) and "NLTK_DATA" in str(e.value)
