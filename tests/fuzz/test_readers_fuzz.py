"""Fuzzing the corpus readers (issue 16): every format, any text, any encoding, bad bytes.

Every input gives either a :class:`Corpus` or a :class:`ReadError` (a judgments import: a count or an
:class:`ImportFileError`) whose message is one line naming the file; never another exception.
Well-formed files written from random texts read back to exactly those texts, by each format's
documented rule: JSON Lines (generic, SummEval, REALSumm), CSV/TSV tables, line-aligned files, zips with
a ROUGE-1.5.5 XML config or a ``-z`` list, each in UTF-8 or with a UTF-8/16/32 byte order mark.
Nested JSON and long numbers give the one JSON reader's messages at exactly the documented limits.

Bounded for CI (``FUZZ_EXAMPLES``, default 150 per test); a release run sets ``FUZZ_EXAMPLES=5000``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import zipfile
from typing import Any, Callable, Optional
from xml.sax.saxutils import escape, quoteattr

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from annotation.io import import_judgments
from annotation.model import ImportFileError
from annotation.store import AnnotationStore
from rouge_core.io.decoding import looks_like_utf16
from rouge_core.io.perl_inputs import shown
from rouge_core.io.readers import (
    MAX_JSON_DEPTH,
    Corpus,
    ReadError,
    read_aligned,
    read_corpus,
    read_jsonl,
    read_table,
    read_zip,
)

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
#: Python's limit on the digits of a whole number read from text (4,300 unless changed).
INT_DIGITS = 4300

#: Encodings a text file may come in; the ``bom`` ones are written with their byte order mark.
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16-le bom", "utf-16-be bom", "utf-32-le bom", "utf-32-be bom"]
_MARKS = {
    "utf-16-le": b"\xff\xfe",
    "utf-16-be": b"\xfe\xff",
    "utf-32-le": b"\xff\xfe\x00\x00",
    "utf-32-be": b"\x00\x00\xfe\xff",
}


def encoded(text: str, encoding: str) -> bytes:
    codec = encoding.removesuffix(" bom")
    return _MARKS.get(codec, b"") + text.encode(codec)


def file_text(text: str, encoding: str) -> Optional[str]:
    """The text a reader gets from a whole file ``encoded(text, encoding)``, or None when it refuses
    the file: UTF-8 bytes that look like UTF-16 (zeros at every other byte). Without a mark, a text
    that starts with U+FEFF starts with a UTF-8 mark. After the UTF-16 LE mark a text starting with
    U+0000 may read as UTF-32 LE (FF FE 00 00 is that mark): left out."""
    assume(not (encoding == "utf-16-le bom" and text.startswith("\x00")))
    if encoding == "utf-8" and "\x00" in text and looks_like_utf16(text.encode()):
        return None
    return text[1:] if encoding == "utf-8" and text.startswith("\ufeff") else text


# Text without surrogates (not encodable); "odd" pieces that hit the readers' corners.
ODD = ["\r\n", "\r", "\n\n", "\t", "\x00", "\u2028", "\ufeff", "\u200b", "警察", "🙂", "<t>", "</t>", '"', ",", "&"]
chars = st.characters(blacklist_categories=("Cs",))
texts = st.lists(st.one_of(st.text(chars, max_size=8), st.sampled_from(ODD)), max_size=8).map("".join)
#: Text allowed in an XML attribute or element as written (no control characters; \t \n \r are
#: normalised in attributes, so they are left out).
xml_chars = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufffe\uffff")
xml_names = st.text(xml_chars, min_size=1, max_size=8).filter(lambda s: s.strip(" ") == s and s.strip())
encodings = st.sampled_from(ENCODINGS)


def summary(text: Optional[str]) -> tuple[str, ...]:
    """An SPL summary file's sentences: its non-empty lines (ROUGE-1.5.5 keeps a ``\\r``)."""
    assert text is not None
    return lines(text)


def lines(text: str) -> tuple[str, ...]:
    """A summary's sentences in mode "lines": its non-empty ``\\n``-separated pieces."""
    return tuple(s for s in text.split("\n") if s)


def outcome(read: Callable[[], Corpus]) -> Optional[Corpus]:
    """The corpus read, or None after a clean ReadError (one line, no traceback); anything else fails."""
    try:
        return read()
    except ReadError as e:
        assert "\n" not in str(e) and "Traceback" not in str(e) and str(e), repr(e)
        return None


# -- any bytes, any name --------------------------------------------------------------------------

NAMES = ["x.jsonl", "x.json", "x.ndjson", "x.csv", "x.tsv", "x.zip", "upload", "x.txt"]
PREFIXES = [b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"PK\x03\x04", b"{", b"["]


@FUZZ
@given(st.sampled_from(PREFIXES), st.binary(max_size=600), st.sampled_from(NAMES))
def test_any_bytes_give_a_corpus_or_a_read_error(prefix: bytes, data: bytes, name: str) -> None:
    options: dict[str, Any] = {"candidate_column": "a", "reference_columns": ["b"]} if name[-3:] in "csvtsv" else {}
    outcome(lambda: read_corpus(prefix + data, name, **options))
    outcome(lambda: read_aligned((name, prefix + data), [("r.txt", data)]))
    with AnnotationStore(":memory:") as store:  # an empty store: no row can be stored, every row is refused
        try:
            count = import_judgments(
                store, prefix + data, name if name[-3:] in ("csv", "son", "onl") else name + ".csv"
            )
        except ImportFileError as e:
            assert "\n" not in str(e) and str(e)
        else:
            assert count == 0 and not store.judgments()  # a file with no rows (blank lines, a header only)


# -- JSON Lines in three flavours -----------------------------------------------------------------

records = st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3), texts), min_size=1, max_size=6)


@FUZZ
@given(records, st.sampled_from(["jsonl", "summeval", "array"]), encodings)
def test_json_records_round_trip(recs: list[tuple[str, list[str], str]], flavour: str, encoding: str) -> None:
    if flavour == "summeval":
        rows = [{"id": f"d{i}", "decoded": c, "references": r, "model_id": s} for i, (c, r, s) in enumerate(recs)]
    else:
        rows = [{"id": f"d{i}", "candidate": c, "references": r, "system": s} for i, (c, r, s) in enumerate(recs)]
    if flavour == "array":
        text = json.dumps(rows, ensure_ascii=False, indent=1)
    else:
        text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    name = "runs.json" if flavour == "array" else "runs.jsonl"
    corpus = read_jsonl(encoded(text, encoding), name, flavour=None if flavour == "array" else flavour)
    assert [(d.doc_id, d.system, d.candidate, d.references) for d in corpus.documents] == [
        (f"d{i}", s, lines(c), tuple(lines(x) for x in r)) for i, (c, r, s) in enumerate(recs)
    ]


tagged = st.lists(texts.filter(lambda s: "<t>" not in s and "</t>" not in s), max_size=4)


@FUZZ
@given(st.lists(st.tuples(tagged, tagged), min_size=1, max_size=5), encodings)
def test_realsumm_sentences_round_trip(recs: list[tuple[list[str], list[str]]], encoding: str) -> None:
    def tags(sents: list[str]) -> str:
        return " ".join(f"<t> {s} </t>" for s in sents)

    text = "".join(
        json.dumps({"doc_idx": i, "system": "S", "candidate": tags(c), "reference": tags(r)}, ensure_ascii=False) + "\n"
        for i, (c, r) in enumerate(recs)
    )
    corpus = read_jsonl(encoded(text, encoding), "rs.jsonl", flavour="realsumm")

    def kept(sents: list[str]) -> tuple[str, ...]:
        return tuple(s.strip() for s in sents if s.strip())

    assert [(d.doc_id, d.candidate, d.references) for d in corpus.documents] == [
        (str(i), kept(c), (kept(r),)) for i, (c, r) in enumerate(recs)
    ]


# -- nested JSON and long numbers: the one JSON reader, at its limits ------------------------------


@FUZZ
@given(st.integers(0, 3000), st.integers(1, 6000), st.sampled_from(["x.jsonl", "x.json"]), st.booleans())
def test_nesting_and_long_numbers_at_the_limits(depth: int, digits: int, name: str, as_judgment: bool) -> None:
    line = f'{{"candidate": "a", "reference": "b", "n": {"7" * digits}, "x": {"[" * depth}0{"]" * depth}}}\n'
    where = f"{name} line 1"
    expected: Optional[str] = None
    if digits > INT_DIGITS:
        expected = f"{where}: cannot read a number with more than {INT_DIGITS:,} digits"
    elif depth + 1 > MAX_JSON_DEPTH:  # the record itself is the first level
        expected = f"{where}: the record nests lists and objects deeper than {MAX_JSON_DEPTH} levels"
    if as_judgment:  # the judgments import reads JSON with the same reader (issue 16 point 6)
        with AnnotationStore(":memory:") as store, pytest.raises(ImportFileError) as info:
            import_judgments(store, line.encode(), name, "jsonl")
        if expected is None:  # read, then refused for its fields
            assert str(info.value).startswith(f"{name}, line 1: missing field(s) 'corpus', 'doc_id'")
        else:
            assert str(info.value) == expected.replace(where, f"{name}, line 1")
        return
    corpus = outcome(lambda: read_jsonl(line.encode(), name))
    if expected is None:
        assert corpus is not None and corpus.documents[0].meta["n"] == int("7" * digits)
    else:
        try:
            read_jsonl(line.encode(), name)
        except ReadError as e:
            assert str(e) == expected


# -- CSV / TSV tables -----------------------------------------------------------------------------


@FUZZ
@given(st.lists(st.tuples(texts, texts), min_size=1, max_size=6), st.sampled_from(["t.csv", "t.tsv"]), encodings)
def test_tables_round_trip(rows: list[tuple[str, str]], name: str, encoding: str) -> None:
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t" if name.endswith(".tsv") else ",", lineterminator="\r\n")
    writer.writerow(["id", "cand", "ref"])
    writer.writerows([f"d{i}", c, r] for i, (c, r) in enumerate(rows))
    corpus = outcome(lambda: read_table(encoded(out.getvalue(), encoding), name, "cand", ["ref"], id_column="id"))
    expected = [
        (f"d{i}", lines(c.replace("\r\n", "\n")), (lines(r.replace("\r\n", "\n")),))
        for i, (c, r) in enumerate(rows)
        if r.strip()  # a row without a reference is skipped (and listed)
    ]
    if not expected:
        assert corpus is None
        return
    assert corpus is not None
    assert [(d.doc_id, d.candidate, d.references) for d in corpus.documents] == expected
    assert len(corpus.skipped) == len(rows) - len(expected)


# -- line-aligned files ---------------------------------------------------------------------------

one_line = texts.map(lambda s: s.replace("\n", " ").replace("\r", " "))


@FUZZ
@given(st.lists(st.tuples(one_line, one_line), min_size=1, max_size=8), encodings)
def test_aligned_files_round_trip(rows: list[tuple[str, str]], encoding: str) -> None:
    cand, ref = "".join(c + "\n" for c, _ in rows), "".join(r + "\n" for _, r in rows)
    corpus = outcome(lambda: read_aligned(("c.txt", encoded(cand, encoding)), [("r.txt", encoded(ref, encoding))]))
    cand_read, ref_read = file_text(cand, encoding), file_text(ref, encoding)
    if cand_read is None or ref_read is None:
        assert corpus is None
        return
    pairs = zip(cand_read.split("\n")[:-1], ref_read.split("\n")[:-1])
    expected = [(str(k + 1), lines(c), (lines(r),)) for k, (c, r) in enumerate(pairs) if r.strip()]
    if not expected:
        assert corpus is None
        return
    assert corpus is not None
    assert [(d.doc_id, d.candidate, d.references) for d in corpus.documents] == expected


# -- zips with a ROUGE-1.5.5 XML config or -z list ------------------------------------------------

peer_texts = st.dictionaries(xml_names, texts, min_size=1, max_size=3)
evals = st.lists(
    st.tuples(xml_names, peer_texts, st.lists(texts, min_size=1, max_size=3)),
    min_size=1,
    max_size=4,
    unique_by=lambda e: e[0],
)


def zipped(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


@FUZZ
@given(evals, encodings, st.booleans())
def test_zip_xml_configs_round_trip(evs: list[tuple[str, dict[str, str], list[str]]], encoding: str, dup: bool) -> None:
    files: dict[str, bytes] = {}
    body = []
    for i, (eval_id, peers, models) in enumerate(evs):
        ps = "".join(f"<P ID={quoteattr(p)}>p{i}_{k}.txt</P>" for k, p in enumerate(peers))
        ms = "".join(f'<M ID="{k}">m{i}_{k}.txt</M>' for k in range(len(models)))
        body.append(
            f"<EVAL ID={quoteattr(eval_id)}><PEER-ROOT>run</PEER-ROOT><MODEL-ROOT>run</MODEL-ROOT>"
            f'<INPUT-FORMAT TYPE="SPL"/><PEERS>{ps}</PEERS><MODELS>{ms}</MODELS></EVAL>'
        )
        files.update({f"run/p{i}_{k}.txt": encoded(t, encoding) for k, t in enumerate(peers.values())})
        files.update({f"run/m{i}_{k}.txt": encoded(t, encoding) for k, t in enumerate(models)})
    if dup:  # the first evaluation again, with no peer of its own: merged, and said
        body.append(f"<EVAL ID={quoteattr(evs[0][0])}><PEERS/></EVAL>")
    declared = {"utf-8-sig": "UTF-8"}.get(encoding, encoding.split("-")[0].upper() + "-" + encoding.split("-")[1][:2])
    xml = f'<?xml version="1.0" encoding="{declared}"?>'  # UTF-8, UTF-16 or UTF-32 (a mark decides)
    files["run/conf.xml"] = encoded(xml + f"<ROUGE-EVAL>{''.join(body)}</ROUGE-EVAL>", encoding)
    read_as = {t: file_text(t, encoding) for _, peers, models in evs for t in [*peers.values(), *models]}
    corpus = outcome(lambda: read_zip(zipped(files), "r.zip"))
    if None in read_as.values():
        assert corpus is None
        return
    assert corpus is not None
    expected = sorted(
        (eval_id, peer, summary(read_as[text]), tuple(summary(read_as[m]) for m in models))
        for eval_id, peers, models in evs
        for peer, text in peers.items()
    )
    assert sorted((d.doc_id, d.system, d.candidate, d.references) for d in corpus.documents) == expected
    notes = [s.reason for s in corpus.skipped if "merged into one" in s.reason]
    merged = f"evaluation {shown(evs[0][0], 80)!r} appears 2 times in r.zip member run/conf.xml: merged into one"
    assert notes == ([merged + ", as ROUGE-1.5.5 does"] if dup else [])


@FUZZ
@given(st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3)), max_size=5), encodings)
def test_zip_file_lists_round_trip(evs: list[tuple[str, list[str]]], encoding: str) -> None:
    files = {f"p{i}.txt": encoded(p, encoding) for i, (p, _) in enumerate(evs)}
    files.update({f"m{i}_{k}.txt": encoded(m, encoding) for i, (_, ms) in enumerate(evs) for k, m in enumerate(ms)})
    listing = "# peer models\n" + "".join(
        f"p{i}.txt " + " ".join(f"m{i}_{k}.txt" for k in range(len(ms))) + "\n" for i, (_, ms) in enumerate(evs)
    )
    files["l.lst"] = encoded(listing, encoding)
    read_as = {t: file_text(t, encoding) for p, ms in evs for t in [p, *ms]}
    corpus = outcome(lambda: read_zip(zipped(files), "l.zip", peer_id="sys"))
    if None in read_as.values():
        assert corpus is None
        return
    if not evs:
        try:
            read_zip(zipped(files), "l.zip")
        except ReadError as e:
            assert str(e) == "l.zip: no documents (the config names no evaluation)"
        return
    assert corpus is not None
    assert [(d.doc_id, d.system, d.candidate, d.references) for d in corpus.documents] == [
        (str(i + 1), "sys", summary(read_as[p]), tuple(summary(read_as[m]) for m in ms))
        for i, (p, ms) in enumerate(evs)
    ]


@FUZZ
@given(st.binary(max_size=300), st.integers(0, 400), st.sampled_from(["conf.xml", "l.lst"]))
def test_damaged_zip_configs_give_a_read_error(junk: bytes, at: int, config: str) -> None:
    """A config with random bytes spliced in (XML, entities, encodings, paths): a corpus or a ReadError."""
    good = (
        '<ROUGE-EVAL><EVAL ID="1"><PEER-ROOT>.</PEER-ROOT><MODEL-ROOT>.</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"/>'
        '<PEERS><P ID="A">p.txt</P></PEERS><MODELS><M ID="1">m.txt</M></MODELS></EVAL></ROUGE-EVAL>'
        if config.endswith(".xml")
        else "p.txt m.txt\n"
    ).encode()
    data = good[:at] + junk + good[at:]
    outcome(lambda: read_zip(zipped({config: data, "p.txt": b"a b\n", "m.txt": escape("a <c>").encode()}), "z.zip"))
