"""rouge_core.io.readers.jsonl_texts (issue 22, point 5): plain JSON Lines read in bulk as texts give the
reader's pairs and ids, and score_batch's columns to the last bit; every input the reader refuses (or
reads differently) is left to the reader, so score_file's messages for bad input are the reader's."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.shapes import generate
from rouge_core import RougeConfig, score_batch
from rouge_core.batch.files import FileError, read_file, score_file
from rouge_core.io.readers import ReadError, model, read_corpus
from rouge_core.io.readers import jsonl as jsonl_reader
from rouge_core.io.readers.common import label
from rouge_core.io.readers.jsonl_texts import jsonl_texts
from tests.unit.test_distributed import _same_columns

NEWS = list(generate("news", 60, seed=11))
CONFIGS = {
    "rouge155": RougeConfig(),
    "rouge155-jackknife-stem": RougeConfig(max_n=2, stem=True, remove_stopwords=True, skip_distance=4, rouge_su=True),
    "rouge-score": RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, flat_lcs=True),
    "per-pair path": RougeConfig(max_n=2, word_limit=30),
}


def _data(records: list[object]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode("utf-8")


def _texts_of(pairs):
    """The reader's pairs with each summary as its text, one reference as a text (what jsonl_texts gives)."""
    out = []
    for cand, refs in pairs:
        texts = ["\n".join(r) for r in refs]
        out.append(("\n".join(cand), texts[0] if len(texts) == 1 else texts))
    return out


def _mixed_records() -> list[dict]:
    """Every shape the generic flavour takes, one record each, among news records."""
    rng = random.Random(3)
    recs: list[dict] = [dict(r) for r in NEWS[:20]]
    recs[1] = {"id": 42, "summary": "A b c.\n\nD e.\n", "reference": "\nA b.\nc d e."}
    recs[2] = {"id": "x3", "prediction": ["A b.", "", "c\nd"], "references": ["a b", ["c.", "d\n\ne"], "f g"]}
    recs[3] = {"doc_id": "y4", "candidate": "", "references": "a b", "source": None, "model_id": None}
    recs[4] = {"id": "z5", "candidate": "café naïve", "reference": "Café\r\nnaïve", "text": "the article"}
    recs[4]["x"] = [1, {"y": [2]}]
    recs[5] = {"id": "w6", "candidate": "a b\n", "references": [["a", "b"]], "system": ""}
    recs[6] = {"id": "v7", "candidate": [], "reference": "a", "meta": {"k": [1, 2, 3]}, "flag": True, "n": 1.5}
    for r in recs[7:]:
        r["score"] = rng.random()
    return recs


def _check_same(data: bytes, name: str, system: str | None = None) -> None:
    got = jsonl_texts(data, name, system)
    assert got is not None
    pairs, ids = read_corpus(data, name).pairs(system)
    assert got == (_texts_of(pairs), ids)
    for config in CONFIGS.values():
        _same_columns(score_batch(got[0], config, ids=got[1]), score_batch(pairs, config, ids=ids))


def test_a_news_shard_gives_the_readers_pairs_as_texts_and_the_same_columns():
    _check_same(_data(NEWS), "news.jsonl")


def test_every_shape_of_record_gives_the_readers_pairs_and_the_same_columns():
    data = _data(_mixed_records())
    _check_same(data, "mixed.ndjson")
    _check_same(data.replace(b"\n", b"\r\n") + b"\n  \n", "MIXED.JSONL")  # CRLF lines, blank lines


def test_uniform_records_with_empty_lines_ids_and_systems_give_the_readers_pairs():
    recs = [
        {"system": s, "doc_id": k, "candidate": f"a b.\n\nc {k}.\n", "reference": f"\na c {k}\n\n", "source": "s"}
        for s in ("A", 7)
        for k in range(1, 6)
    ]
    data = _data(recs)
    for system in ("A", "7"):
        _check_same(data, "sys.jsonl", system)
    _check_same(_data([r for r in recs if r["system"] == "A"]), "one.jsonl", "A")  # every record of the system
    no_ids = _data([{"candidate": "a b", "reference": "a"}] * 3 + [{"candidate": "", "reference": "a\n\nb"}])
    _check_same(no_ids, "no_ids.jsonl")  # positional ids 1, 2, ...
    assert jsonl_texts(no_ids, "no_ids.jsonl") == ([("a b", "a")] * 3 + [("", "a\nb")], ["1", "2", "3", "4"])


def test_records_without_ids_are_numbered_in_each_system_as_the_reader_numbers_them():
    uniform = [{"system": s, "candidate": f"a {k}", "reference": "a b"} for k in range(3) for s in ("A", 7, None)]
    mixed = uniform + [{"model_id": 7, "summary": ["a", "b"], "references": ["a", "b c"]}]
    for recs in (uniform, mixed):
        for system in ("A", "7", ""):
            _check_same(_data(recs), "pos.jsonl", system)
    assert jsonl_texts(_data(mixed), "pos.jsonl", "7")[1] == ["1", "2", "3", "4"]


def test_score_file_reads_plain_json_lines_without_a_document_a_record(tmp_path, monkeypatch):
    path = tmp_path / "news.jsonl"
    path.write_bytes(_data(NEWS))
    expected = score_batch(*read_file(str(path)).pairs()[:1], RougeConfig(), ids=read_file(str(path)).pairs()[1])

    def refuse(*args, **kwargs):
        raise AssertionError("a Document was built")

    monkeypatch.setattr(jsonl_reader, "Document", refuse)
    _same_columns(score_file(str(path)), expected)
    packed = tmp_path / "news.jsonl.gz"
    packed.write_bytes(gzip.compress(_data(NEWS)))
    _same_columns(score_file(str(packed)), expected)


def test_other_formats_flavours_and_options_are_left_to_the_reader():
    news = _data(NEWS[:3])
    assert jsonl_texts(news, "news.json") is None  # a .json may be one array: the reader reads it
    assert jsonl_texts(news, "news.csv") is None
    summeval = _data([{"id": "d", "decoded": "a", "references": ["b"], "model_id": "M"}])
    assert jsonl_texts(summeval, "s.jsonl") is None
    realsumm = _data([{"doc_idx": 0, "candidate": "<t> a </t>", "reference": "<t> b </t>", "system": "S"}])
    assert jsonl_texts(realsumm, "r.jsonl") is None
    bom = "\ufeff".encode() + news
    assert jsonl_texts(bom, "b.jsonl") == jsonl_texts(news, "b.jsonl")  # a UTF-8 mark, read as the reader reads it
    assert jsonl_texts(news.decode().encode("utf-16"), "u.jsonl") is not None  # UTF-16 with its mark too


def test_systems_are_chosen_as_the_reader_chooses_them(tmp_path):
    recs = [dict(r, system=s) for r in NEWS[:3] for s in ("A", "B")]
    data = _data(recs)
    assert jsonl_texts(data, "two.jsonl") is None  # several systems, none named: the reader's FileError
    assert jsonl_texts(data, "two.jsonl", "C") is None
    _check_same(data, "two.jsonl", "B")
    path = tmp_path / "two.jsonl"
    path.write_bytes(data)
    with pytest.raises(FileError, match=r"two\.jsonl: the corpus has 2 systems \('A', 'B'\): name one"):
        score_file(str(path))
    with pytest.raises(FileError, match=r"two\.jsonl: no system 'C'"):
        score_file(str(path), system="C")


def _deep(levels: int) -> object:
    value: object = 1
    for _ in range(levels):
        value = [value]
    return value


GOOD = {"id": "g", "candidate": "a b", "reference": "a c"}
#: One record of each kind the reader refuses (the reader's message is checked below, not written here).
BAD_RECORDS = {
    "not an object": [1, 2],
    "too deep": dict(GOOD, id="deep", meta=_deep(model.MAX_JSON_DEPTH + 1)),
    "no candidate": {"id": "b", "reference": "a"},
    "two candidates": {"id": "b", "candidate": "a", "summary": "b", "reference": "a"},
    "no references": {"id": "b", "candidate": "a"},
    "two references": {"id": "b", "candidate": "a", "reference": "a", "references": ["b"]},
    "candidate a number": {"id": "b", "candidate": 3, "reference": "a"},
    "candidate a list with a number": {"id": "b", "candidate": ["a", 3], "reference": "a"},
    "reference a list": {"id": "b", "candidate": "a", "reference": ["a"]},
    "references empty": {"id": "b", "candidate": "a", "references": []},
    "references with a number": {"id": "b", "candidate": "a", "references": ["a", 4]},
    "references with an object": {"id": "b", "candidate": "a", "references": ["a", {"t": "b"}]},
    "references a list with a number in a reference": {"id": "b", "candidate": "a", "references": [["a", 4]]},
    "id empty": {"id": "", "candidate": "a", "reference": "a"},
    "id a float": {"id": 1.5, "candidate": "a", "reference": "a"},
    "id true": {"id": True, "candidate": "a", "reference": "a"},
    "id null": {"id": None, "candidate": "a", "reference": "a"},
    "system a list": {"id": "b", "system": ["A"], "candidate": "a", "reference": "a"},
    "system true": {"id": "b", "system": True, "candidate": "a", "reference": "a"},
    "source a number": {"id": "b", "candidate": "a", "reference": "a", "source": 5},
    "id twice": dict(GOOD),
}
#: Lines the reader refuses before any field is read.
BAD_LINES = {
    "not JSON": b"{broken",
    "a number too long": b'{"id": "b", "candidate": "a", "reference": "a", "n": ' + b"7" * 5000 + b"}",
    "bad UTF-8": b'{"id": "b", "candidate": "a \xff", "reference": "a"}',
    "nested past the parser": b"[" * 100_000 + b"]" * 100_000,
}


def _reader_message(path: Path) -> str:
    with pytest.raises(ReadError) as e:
        read_file(str(path))
    return str(e.value)


def _bad_files(tmp_path: Path, line: bytes, key: str) -> list[Path]:
    """The bad line among uniform records (the bulk path) and among records of mixed shapes (record by
    record), after them and first, twice (uniform records, each bad), and gzip-compressed."""
    uniform = _data([dict(GOOD, id=f"u{k}") for k in range(5)] + [GOOD])
    mixed = _data([GOOD, {"id": "m", "summary": "a", "references": ["a", ["b", "c"]], "x": 1}])
    out = []
    for k, (head, tail) in enumerate(((uniform, b""), (mixed, b""), (b"", uniform), (line + b"\n", b""))):
        path = tmp_path / f"{key}-{k}.jsonl"
        path.write_bytes(head + line + b"\n" + tail)
        out.append(path)
    packed = tmp_path / f"{key}.jsonl.gz"
    packed.write_bytes(gzip.compress(uniform + line + b"\n"))
    return out + [packed]


@pytest.mark.parametrize(
    "key, line",
    [(k, json.dumps(r).encode()) for k, r in BAD_RECORDS.items()] + list(BAD_LINES.items()),
    ids=list(BAD_RECORDS) + list(BAD_LINES),
)
def test_a_bad_record_is_left_to_the_reader_and_score_file_says_what_it_says(tmp_path, key, line):
    for path in _bad_files(tmp_path, line, key.replace(" ", "_")):
        name = str(path)[:-3] if path.suffix == ".gz" else str(path)
        data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        assert jsonl_texts(data, name) is None, path.name
        expected = _reader_message(path)
        with pytest.raises(ReadError) as e:
            score_file(str(path))
        assert str(e.value) == expected and label(str(path)) in expected  # the file, as messages name it


def test_an_empty_id_among_numbers_is_left_to_the_reader(tmp_path):
    path = tmp_path / "ids.jsonl"
    path.write_bytes(_data([dict(GOOD, id=1), dict(GOOD, id=""), dict(GOOD, id=2)]))
    assert jsonl_texts(path.read_bytes(), str(path)) is None
    with pytest.raises(ReadError, match=r"ids\.jsonl line 2: field 'id' must be a non-empty string or an integer"):
        score_file(str(path))


@pytest.mark.parametrize("limit", ["MAX_PAIRS", "MAX_CHARS"])
def test_the_readers_limits_are_left_to_the_reader(tmp_path, monkeypatch, limit):
    monkeypatch.setattr(model, limit, 5 if limit == "MAX_PAIRS" else 100)
    path = tmp_path / "big.jsonl"
    path.write_bytes(_data(NEWS[:6]))
    assert jsonl_texts(path.read_bytes(), str(path)) is None
    expected = _reader_message(path)
    with pytest.raises(ReadError) as e:
        score_file(str(path))
    assert str(e.value) == expected and ("documents" in expected or "characters" in expected)


@pytest.mark.parametrize("data", [b"", b"\n \n\r\n"], ids=["empty", "blank lines"])
def test_an_empty_file_is_left_to_the_reader(tmp_path, data):
    path = tmp_path / "empty.jsonl"
    path.write_bytes(data)
    assert jsonl_texts(data, str(path)) is None
    expected = _reader_message(path)
    with pytest.raises(ReadError) as e:
        score_file(str(path))
    assert str(e.value) == expected


_TEXT = st.text(alphabet="ab \n\r\t.é\u2028", max_size=12)
_VALUE = st.one_of(
    _TEXT,
    st.integers(-3, 3),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.lists(_TEXT, max_size=3),
    st.lists(st.one_of(_TEXT, st.lists(_TEXT, max_size=2), st.integers(0, 1)), max_size=3),
    st.dictionaries(st.sampled_from("xy"), _TEXT, max_size=1),
)
_FIELDS = ["candidate", "summary", "reference", "references", "id", "doc_id", "system", "model_id", "source", "x"]
_RECORD = st.dictionaries(st.sampled_from(_FIELDS), _VALUE, max_size=6)
_LIKELY = st.fixed_dictionaries(
    {"candidate": _TEXT, "reference": _TEXT},
    optional={"id": st.one_of(st.integers(0, 3), st.sampled_from(["a", "b", ""])), "system": st.sampled_from(["A", 7])},
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_LIKELY, _RECORD), min_size=1, max_size=6), st.sampled_from([None, "A", "7", ""]))
def test_any_records_give_the_readers_pairs_or_are_left_to_it(records, system):
    data = _data(records)
    got = jsonl_texts(data, "r.jsonl", system)
    try:
        pairs, ids = read_corpus(data, "r.jsonl").pairs(system)
    except ValueError:  # the reader refuses the file (ReadError) or the system (Corpus.pairs)
        assert got is None
        return
    if got is not None:
        assert got == (_texts_of(pairs), ids)
