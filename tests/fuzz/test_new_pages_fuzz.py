"""Fuzzing the comparison and annotation pages through AppTest: Corpus, Systems, Which ROUGE?, Annotate
and Agreement with humans, with the payload set of test_app_fuzz.py where a user can put text.

Uploaded corpora (every format the loader reads) whose file names, document IDs, system names,
column names and texts are payloads; annotator names, rubric and criterion names, notes, content
units and judgment sources on Annotate and Agreement. For every run: no exception, every payload
that reaches an element rendering Markdown (widget labels and headings included) is escaped; input
that is refused gets a clear message and what the user gave stays (the upload, the typed text).

Bounded for CI: a fixed list of about 70 cases (under a minute on one core); ``FUZZ_EXAMPLES``
(default 150) adds ``FUZZ_EXAMPLES // 50`` random corpora (payloads shuffled over the IDs, systems,
texts, formats, sentence modes and presets; 100 at the release run's 5000). The annotation store is
a temporary ROUGE_LENS_DATA: nothing touches ~/.rouge_lens.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
from pathlib import Path
from typing import Optional

import pytest
from streamlit.testing.v1 import AppTest

from annotation import AnnotationStore, default_path
from tests.fuzz import corpus_files as cf
from tests.fuzz.payloads import BAD_TEXTS, MD_PAYLOADS, assert_no_injection, markdown_elements
from ui.render.literal import md_literal

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
CORPUS, SYSTEMS, WHICH = "app_pages/corpus.py", "app_pages/systems.py", "app_pages/which_rouge.py"
ANNOTATE, AGREEMENT = "app_pages/annotate.py", "app_pages/agreement.py"
PAIRS = cf.payload_pairs()
ALL = "24 pairs: 3 systems × 8 documents, 1 reference each"
ONE = "8 pairs: 1 system × 8 documents, 1 reference each"
TABLE = {"id": cf.ID_COL, "system": cf.SYSTEM_COL, "cand": cf.CAND_COL, "refs": [cf.REF_COL]}


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test gets its own empty annotation store."""
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    return tmp_path


def plain(text: object) -> str:
    """Markdown text without md_literal's backslashes and word joiners."""
    return str(text).replace("\\", "").replace("\u2060", "")


def page_text(at: AppTest) -> str:
    return plain("\n".join(markdown_elements(at, widgets=True)))


def messages(at: AppTest) -> list[str]:
    return [plain(e.value) for e in (*at.error, *at.warning)]


def ok(at: AppTest) -> AppTest:
    assert_no_injection(at, widgets=True)
    assert "Traceback" not in page_text(at)
    return at


def start(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    at.session_state["sys_samples_bootstrap"] = 200  # fewer resamples: the pages' numbers are not checked here
    at.session_state["agree_samples"] = 100
    at.session_state["agree_perm_samples"] = 100
    at.run()
    return ok(at.switch_page(page).run())


def upload(at: AppTest, name: str, data: bytes, table: Optional[dict] = None, key: str = "corpus") -> AppTest:
    """Upload one corpus file into the loader ``key`` (choosing a table's columns) and load it."""
    ok(at.file_uploader(key=f"corpus:{key}:upload").upload(name, data).run())
    if table is not None:
        at.selectbox(key=f"corpus:{key}:col_cand").set_value(table["cand"])
        at.multiselect(key=f"corpus:{key}:col_refs").set_value(table["refs"])
        at.selectbox(key=f"corpus:{key}:col_id").set_value(table["id"])
        ok(at.selectbox(key=f"corpus:{key}:col_system").set_value(table["system"]).run())
    return ok(at.button(key=f"corpus:{key}:load_file").click().run())


def loaded_as(at: AppTest, name: str, description: str, refused: bool = False) -> None:
    """The loader says which file it read, escaped, and how many pairs (and, unless ``refused``, no error)."""
    heads = [str(m.value) for m in at.markdown if str(m.value).startswith("**Corpus: ")]
    assert heads and heads[0].startswith(f"**Corpus: {md_literal(name, 120)}**"), heads
    assert description in page_text(at)
    assert refused or not at.error, [e.value for e in at.error]


def kept_upload(at: AppTest, name: str, key: str = "corpus") -> None:
    """The refused file is still in the uploader (the user can fix a column choice and load it again)."""
    up = at.file_uploader(key=f"corpus:{key}:upload").value
    assert up is not None and up.name == name


# -- every upload format on Corpus, Systems and Which ROUGE? ----------------------------------------------

FORMATS = {
    "jsonl": (f"{MD_PAYLOADS[1]}.jsonl", cf.jsonl(PAIRS), None, ALL),
    "json-array": (f"{MD_PAYLOADS[0]}.json", cf.json_array(PAIRS), None, ALL),
    "summeval": (f"{MD_PAYLOADS[2]}.jsonl", cf.summeval(PAIRS), None, ALL),
    "realsumm": (f"{MD_PAYLOADS[4]}.jsonl", cf.realsumm(PAIRS), None, ALL),
    "csv": (f"{MD_PAYLOADS[3]}.csv", cf.table(PAIRS, ","), TABLE, ALL),
    "tsv": (f"{MD_PAYLOADS[1]}.tsv", cf.table(PAIRS, "\t"), TABLE, ALL),
    "zip-xml": (f"{MD_PAYLOADS[0]}.zip", cf.zip_xml(PAIRS), None, ALL),
    "zip-list": (f"{MD_PAYLOADS[2]}.zip", cf.zip_list(PAIRS), None, ONE),
}


def _visit_corpus_pages(at: AppTest, systems: int) -> None:
    """Corpus scored, Systems compared (or told why not), Which ROUGE? explained, each without an injection."""
    assert any((d.key or "").startswith("corpus_table:") for d in at.dataframe), messages(at)
    ok(at.switch_page(SYSTEMS).run())
    if systems > 1:
        assert any("rank" in d.value.columns for d in at.dataframe), messages(at)
    else:
        assert "This corpus has one system" in page_text(at)
    ok(at.switch_page(WHICH).run())
    assert any((d.key or "").startswith("gap_docs:") for d in at.dataframe), messages(at)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_upload_format_with_payloads(fmt):
    name, data, table, description = FORMATS[fmt]
    at = upload(start(CORPUS), name, data, table)
    loaded_as(at, name, description)
    _visit_corpus_pages(at, 1 if description == ONE else 3)


def test_line_aligned_files_with_payload_names():
    (cand_name, cand), (ref_name, ref) = cf.aligned(PAIRS)
    at = start(CORPUS)
    ok(at.radio(key="corpus:corpus:how").set_value("aligned").run())
    at.file_uploader(key="corpus:corpus:aligned_cand").upload(cand_name, cand)
    ok(at.file_uploader(key="corpus:corpus:aligned_refs").upload(ref_name, ref).run())
    ok(at.button(key="corpus:corpus:load_aligned").click().run())
    loaded_as(at, cand_name, ONE)
    _visit_corpus_pages(at, 1)


def test_sentence_split_mode_rereads_a_payload_corpus():
    name, data, _, _ = FORMATS["jsonl"]
    at = upload(start(CORPUS), name, data)
    ok(at.radio(key="corpus:corpus:sentences").set_value("split").run())
    loaded_as(at, name, ALL)
    assert any((d.key or "").startswith("corpus_table:") for d in at.dataframe)


def test_a_payload_row_opens_in_inspect_and_back():
    name, data, _, _ = FORMATS["jsonl"]
    at = upload(start(CORPUS), name, data)
    for system in cf.SYSTEMS:
        ok(at.selectbox(key="corpus_system").set_value(system).run())
        table = next(d for d in at.dataframe if (d.key or "").startswith("corpus_table:"))
        assert list(table.value["id"]) == cf.DOC_IDS
    at.session_state[table.key] = {"selection": {"rows": [2], "columns": [], "cells": []}}
    ok(at.run())
    assert "Inspect a pair" in at.title[0].value
    ok(at.button(key="back_to_corpus").click().run())
    again = [str(b.label) for b in at.button if plain(b.label).startswith("Open document")]
    assert again == [f"Open document {md_literal(cf.DOC_IDS[2], 60)} in Inspect again"]


def test_a_payload_document_opens_in_the_differences_view():
    name, data, _, _ = FORMATS["jsonl"]
    at = upload(start(CORPUS), name, data)
    ok(at.switch_page(WHICH).run())
    docs = next(d for d in at.dataframe if (d.key or "").startswith("gap_docs:"))
    at.session_state[docs.key] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    ok(at.run())
    assert at.title[0].value == "Why do the numbers differ?"
    assert f"Document {docs.value['id'].iloc[0][:60]}" in page_text(at)


def test_systems_scatter_points_with_payload_ids_open_in_inspect():
    name, data, _, _ = FORMATS["summeval"]
    at = upload(start(CORPUS), name, data)
    ok(at.switch_page(SYSTEMS).run())
    chart = at.get("plotly_chart")[0]
    at.session_state[chart.key] = {
        "selection": {"points": [{"point_index": i, "curve_number": 0} for i in range(8)], "point_indices": []}
    }
    ok(at.run())
    docs = at.dataframe[-1]
    assert sorted(docs.value["id"]) == sorted(cf.DOC_IDS)
    at.session_state[docs.key] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    ok(at.run())
    assert "Inspect a pair" in at.title[0].value


RANDOM_POOL = [
    *MD_PAYLOADS,
    *(BAD_TEXTS[k][:200] for k in ("control", "cjk-emoji", "combining", "punctuation")),
    "  ",
    "two\nlines",
    "y" * 300,
    '=HYPERLINK("http://evil.example/x","click")',
]


@pytest.mark.parametrize("case", range(EXAMPLES // 50))
def test_random_payload_corpora(case):
    """Payloads shuffled over the IDs, systems, texts and file name, in a format, sentence mode and sidebar
    preset chosen at random."""
    rng = random.Random(case)
    systems = rng.sample(RANDOM_POOL, rng.randint(1, 3))
    docs = [f"{p} {i}" for i, p in enumerate(rng.sample(RANDOM_POOL, rng.randint(2, 6)))]
    pairs = cf.payload_pairs(systems, docs, seed=case)
    makers = {"jsonl": cf.jsonl, "json": cf.json_array, "summeval": cf.summeval, "realsumm": cf.realsumm}
    fmts = [*makers, "csv", "tsv"] + (["zip"] if not any("\x00" in x for x in systems + docs) else [])
    fmt = rng.choice(fmts)  # XML cannot hold a NUL: no zip then
    table = TABLE if fmt in ("csv", "tsv") else None
    ext = {"summeval": "jsonl", "realsumm": "jsonl"}.get(fmt, fmt)
    name = f"{rng.choice([p for p in RANDOM_POOL if p.isprintable() and p.strip()])}.{ext}"  # what a browser sends
    data = cf.table(pairs, "," if fmt == "csv" else "\t") if table else cf.zip_xml(pairs) if fmt == "zip" else None
    at = start(CORPUS)
    if rng.random() < 0.5:
        at.sidebar.selectbox(key="opt_preset").set_value(rng.choice(at.sidebar.selectbox(key="opt_preset").options))
    ok(at.radio(key="corpus:corpus:sentences").set_value(rng.choice(["lines", "split"])).run())
    at = upload(at, name, data or makers[fmt](pairs), table)
    n, s = len(docs), len(systems)
    if table and not all(x.strip() for x in systems):  # a table's cells are stripped: a blank system is refused
        assert any(" row " in m and m.endswith("(the system) is empty") for m in messages(at)), messages(at)
        return kept_upload(at, name)
    loaded_as(at, name, f"{n * s} pairs: {s} system{'s' if s > 1 else ''} × {n} documents")
    _visit_corpus_pages(at, s)


def test_a_column_named_like_the_no_column_choice_can_be_chosen():
    """A table column named "(none)" chosen as the ID column was taken for "no ID column" (positional IDs)."""
    at = start(CORPUS)
    ok(at.file_uploader(key="corpus:corpus:upload").upload("t.csv", b"(none),summary,ref\nd1,a b,a c\n").run())
    at.selectbox(key="corpus:corpus:col_id").set_value("(none)")
    ok(at.multiselect(key="corpus:corpus:col_refs").set_value(["ref"]).run())
    loaded_as(ok(at.button(key="corpus:corpus:load_file").click().run()), "t.csv", "1 pair: 1 system")
    table = next(d for d in at.dataframe if (d.key or "").startswith("corpus_table:"))
    assert list(table.value["id"]) == ["d1"]


# -- refused uploads: a clear message, the file kept, the corpus loaded before kept ----------------------

XXE = (
    '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
    '<ROUGE-EVAL><EVAL ID="&e;"></EVAL></ROUGE-EVAL>'
)
TWICE = b'{"id": "x", "candidate": "a", "reference": "b"}\n'
BAD_CORPORA = {
    "nested": (".json", b"[" * 50_000, "the record nests lists and objects deeper than 64 levels"),
    "nested-object": (".jsonl", b'{"a":' * 30_000, "line 1: the record nests lists and objects deeper than 64"),
    "big-int": (
        ".jsonl",
        b'{"candidate": ' + b"9" * 5000 + b', "references": ["a"]}',
        "line 1: cannot read a number with more than 4,300 digits",
    ),
    "not-utf8": (".jsonl", b'{"candidate": "caf\xe9", "reference": "b"}\n', "line 1, byte 19: not valid UTF-8"),
    "empty": (".jsonl", b"", ": the file is empty"),
    "wrong-schema": (".jsonl", b'{"text": "a b", "label": 1}\n', "line 1: no candidate: expected a field"),
    "duplicate-id": (".jsonl", TWICE * 2, "line 2: field 'id': document 'x' appears twice"),
    "not-a-zip": (".zip", b"PK\x03\x04 not really", ": not a readable zip file"),
    # issue 16 point 5 (IndexError before the fix)
    "zip-empty-list": (".zip", cf.zipped({"list.lst": ""}), ": no documents (the config names no evaluation)"),
    "zip-empty-xml": (
        ".zip",
        cf.zipped({"c.xml": "<ROUGE-EVAL></ROUGE-EVAL>"}),
        ": no documents (the config names no evaluation)",
    ),
    "zip-xxe": (".zip", cf.zipped({"c.xml": XXE}), "reference to external entity"),
    "zip-missing-member": (
        ".zip",
        cf.zipped({"l.lst": "p/1.txt m/1.txt\n", "p/1.txt": "a"}),
        "the file 'm/1.txt' is not in the zip",
    ),
    "zip-slip": (
        ".zip",
        cf.zipped({"l.lst": "../../etc/passwd m/1.txt\n", "m/1.txt": "a"}),
        "the file '../../etc/passwd' is not in the zip",
    ),
    "csv-header-only": (".csv", f"id,system,{cf.CAND_COL},{cf.REF_COL}\n".encode(), ": no documents"),
    "csv-ragged": (".csv", f'id,system,"{cf.CAND_COL}","{cf.REF_COL}"\n1,"a\n'.encode(), "row 2"),
}


@pytest.mark.parametrize("case", list(BAD_CORPORA))
def test_a_refused_upload_says_why_and_keeps_the_file_and_the_corpus(case):
    ext, data, why = BAD_CORPORA[case]
    name = f"{MD_PAYLOADS[len(case) % 5]}{ext}"
    at = ok(start(CORPUS).button(key="corpus:corpus:sample:realsumm").click().run())
    at = upload(at, name, data, TABLE if ext == ".csv" else None)
    errors = [plain(e.value) for e in at.error]
    assert len(errors) == 1 and why in errors[0], errors
    if why.startswith(":"):
        assert errors[0].startswith(name)  # the message names the file
    kept_upload(at, name)
    loaded_as(at, "REALSumm subset", "100 pairs: 5 systems × 20 documents", refused=True)  # the one before stays


def test_a_table_without_a_reference_column_is_refused_and_the_choices_kept():
    name, data, _, _ = FORMATS["csv"]
    at = upload(start(CORPUS), name, data, {**TABLE, "refs": []})
    assert [plain(e.value) for e in at.error] == [f"{name}: choose at least one reference column."]
    kept_upload(at, name)
    assert at.selectbox(key="corpus:corpus:col_cand").value == cf.CAND_COL
    assert at.selectbox(key="corpus:corpus:col_id").value == cf.ID_COL
    at.multiselect(key="corpus:corpus:col_refs").set_value([cf.REF_COL])
    loaded_as(ok(at.button(key="corpus:corpus:load_file").click().run()), name, ALL)


def test_a_utf16_file_with_a_byte_order_mark_is_read():
    """Issue 16 point 14: UTF-16 with a BOM was refused as "not valid UTF-8"."""
    name = f"{MD_PAYLOADS[2]}.jsonl"
    loaded_as(upload(start(CORPUS), name, cf.jsonl(PAIRS).decode().encode("utf-16")), name, ALL)


def test_line_aligned_files_of_different_lengths_are_refused_and_kept():
    (cand_name, cand), (ref_name, ref) = cf.aligned(PAIRS)
    at = start(CORPUS)
    ok(at.radio(key="corpus:corpus:how").set_value("aligned").run())
    at.file_uploader(key="corpus:corpus:aligned_cand").upload(cand_name, cand)
    ok(at.file_uploader(key="corpus:corpus:aligned_refs").upload(ref_name, ref + b"one line more\n").run())
    ok(at.button(key="corpus:corpus:load_aligned").click().run())
    assert [plain(e.value) for e in at.error] == [
        f"line counts differ: {cand_name} has 8 lines, {ref_name} has 9 (line-aligned files need one summary a "
        "line in every file)"
    ]
    assert at.file_uploader(key="corpus:corpus:aligned_cand").value.name == cand_name
    assert [f.name for f in at.file_uploader(key="corpus:corpus:aligned_refs").value] == [ref_name]


# -- over the pages' budgets, and systems that do not share their documents ------------------------------


def test_a_document_over_the_budget_is_refused_on_each_page():
    pairs = [cf.Pair(p.system, p.doc_id, BAD_TEXTS["100k-prose"] if k == 9 else p.candidate, p.reference)
             for k, p in enumerate(PAIRS)]  # fmt: skip
    name = f"{MD_PAYLOADS[0]}.jsonl"
    at = upload(start(CORPUS), name, cf.jsonl(pairs))
    loaded_as(at, name, ALL)
    ok(at.selectbox(key="corpus_system").set_value(cf.SYSTEMS[1]).run())
    assert any("too large for the Corpus page" in m and "17,890 words (at most 5,000)" in m for m in messages(at))
    assert not any((d.key or "").startswith("corpus_table:") for d in at.dataframe)
    ok(at.switch_page(SYSTEMS).run())
    assert any("too large" in m and "17,890 words" in m for m in messages(at)), messages(at)
    ok(at.switch_page(WHICH).run())
    ok(at.selectbox(key="gap_system").set_value(cf.SYSTEMS[1]).run())
    assert any("too large" in m and "17,890 words" in m for m in messages(at)), messages(at)


def test_systems_that_lack_documents_are_compared_on_the_shared_ones():
    pairs = [p for p in PAIRS if not (p.system == cf.SYSTEMS[2] and p.doc_id in cf.DOC_IDS[:3])]
    name = f"{MD_PAYLOADS[4]}.jsonl"
    at = upload(start(CORPUS), name, cf.jsonl(pairs))
    ok(at.switch_page(SYSTEMS).run())
    [warning] = messages(at)
    assert warning.startswith(f"Not every system has every document with the same references. Systems lacking "
                              f"documents: {cf.SYSTEMS[2]}.")  # fmt: skip
    ok(at.checkbox(key="sys_common").check().run())
    assert any("rank" in d.value.columns for d in at.dataframe), messages(at)


def test_thirteen_payload_systems_on_systems_and_which_rouge():
    """A wide matrix (more than 7 systems goes under the ranking) of payload, long, blank and two-line names."""
    systems = [*MD_PAYLOADS, *(f"{p} #{i}" for i, p in enumerate(MD_PAYLOADS)), "x" * 500, "  ", "two\nlines"]
    at = upload(start(CORPUS), "many.jsonl", cf.jsonl(cf.payload_pairs(systems, cf.DOC_IDS[:4])))
    loaded_as(at, "many.jsonl", "52 pairs: 13 systems × 4 documents")
    ok(at.switch_page(SYSTEMS).run())
    ranking = next(d.value for d in at.dataframe if "rank" in d.value.columns)
    assert sorted(ranking["system"]) == sorted(systems)
    at.selectbox(key="sys_a").set_value(systems[3])
    ok(at.selectbox(key="sys_b").set_value(systems[-1]).run())
    ok(at.radio(key="sys_test").set_value("randomization").run())
    ok(at.switch_page(WHICH).run().selectbox(key="gap_system").set_value(systems[-1]).run())
    assert any((d.key or "").startswith("gap_docs:") for d in at.dataframe), messages(at)


def test_a_sidebar_that_scores_no_measure_is_said_on_each_page():
    """The Corpus page raised IndexError (labels[0] of no measure) when the sidebar switched every measure off."""
    name, data, _, _ = FORMATS["jsonl"]
    at = upload(start(CORPUS), name, data)
    for key in ("opt_n_on", "opt_l", "opt_w_on", "opt_s", "opt_su"):
        at.sidebar.checkbox(key=key).uncheck()
    ok(at.run())
    assert at.session_state["_config"].measure_labels() == []
    assert [i.value for i in at.info] == ["The sidebar's options score no measure: switch one on to score the corpus."]
    assert not any((d.key or "").startswith("corpus_table:") for d in at.dataframe)
    ok(at.switch_page(SYSTEMS).run())
    assert [i.value for i in at.info] == ["The sidebar's options score no measure: switch one on to compare systems."]
    ok(at.switch_page(WHICH).run())
    ok(at.selectbox(key="gap_a").set_value("the sidebar's settings").run())
    assert messages(at) == [
        "These two configurations cannot be compared: no common measure: config A computes none, config B "
        "computes ROUGE-1, ROUGE-2, ROUGE-L, ROUGE-Lflat."
    ]
    ok(at.switch_page(CORPUS).run().sidebar.checkbox(key="opt_l").check().run())
    assert any((d.key or "").startswith("corpus_table:") for d in at.dataframe)  # the corpus was kept


# -- Annotate: names, notes, rubrics, content units, imports ---------------------------------------------

STORED_AS = f"{MD_PAYLOADS[3]}.jsonl"  # the corpus's name in the store: its file name


def annotate(name: Optional[str] = None, blind: bool = False) -> AppTest:
    """Annotate with the payload corpus loaded (and an annotator's name typed, blind mode off)."""
    at = upload(start(ANNOTATE), STORED_AS, cf.jsonl(PAIRS), key="annotate")
    loaded_as(at, STORED_AS, ALL)
    if not blind:
        ok(at.checkbox(key="annot_blind").uncheck().run())
    if name is not None:
        ok(at.text_input(key="annot_name").input(name).run())
    return at


def keyed(widgets, prefix: str) -> list:
    return [w for w in widgets if str(w.key).startswith(prefix)]


def stored_judgments() -> list[tuple[str, str, str, str, float, str]]:
    with AnnotationStore(default_path()) as s:
        return sorted((j.doc_id, j.system, j.criterion, j.annotator, j.value, j.source) for j in s.judgments())


NAMES = {
    **{f"markdown-{i}": (p, None) for i, p in enumerate(MD_PAYLOADS)},
    "cjk-emoji": (BAD_TEXTS["cjk-emoji"], None),
    "control": (BAD_TEXTS["control"], "contains a control character"),
    "one-long-word": (BAD_TEXTS["one-long-word"], "20,000 characters, the limit is 200"),
}


@pytest.mark.parametrize("case", list(NAMES))
def test_annotator_names_judgments_and_notes(case):
    """A payload name judges the first item (its ID and system shown escaped); a refused name is said why,
    and stays in the box."""
    name, refused = NAMES[case]
    at = annotate(name)
    if refused:
        assert any(refused in m for m in messages(at)), messages(at)
        assert at.text_input(key="annot_name").value == name
        assert stored_judgments() == []
        return
    head = plain(at.subheader[0].value)
    assert head.startswith("Item 1 of 24: document ") and ", system " in head
    ok(keyed(at.radio, "annot_v_")[0].set_value(4).run())
    note = keyed(at.text_area, "annot_note_")[0]
    ok(note.input(MD_PAYLOADS[(len(case) + 1) % 5]).run())
    ok(keyed(at.checkbox, "annot_flag_")[0].check().run())
    assert any(f">{MD_PAYLOADS[0]}</div>" in h.value for h in at.get("html"))  # the candidate, as text
    ok(at.checkbox(key="annot_rouge").check().run())  # its ROUGE-1 matches, word by word in st.html
    assert any(">img</span>" in h.value for h in at.get("html"))
    [(doc, system, criterion, who, value, source)] = stored_judgments()
    assert (criterion, who, value, source) == ("coherence", name, 4, "annotated")
    assert head == f"Item 1 of 24: document {doc}, system {system}"
    with AnnotationStore(default_path()) as s:
        item = next(i for i in s.items(s.corpora()[0].id) if (i.doc_id, i.system) == (doc, system))
        status = s.status(item.id, name)
    assert (status.note, status.flagged) == (MD_PAYLOADS[(len(case) + 1) % 5], True)


@pytest.mark.parametrize(
    "note",
    [
        "control",
        "cjk-emoji",
        "many-one-word-lines",
        "100k-prose",
    ],
)
def test_notes_are_saved_or_held_to_the_stores_limit(note):
    """A note within the limit is saved as typed; a longer one (sent past the box's max_chars, as a
    paste or a client ignoring it would) is held to the store's 10,000 characters, in the box and in
    the store alike: what the page shows is what the store holds."""
    at = annotate("ann")
    text = BAD_TEXTS[note]
    box = keyed(at.text_area, "annot_note_")[0]
    assert box.max_chars == 10_000
    ok(box.set_value(text).run())
    kept = text[:10_000]
    assert keyed(at.text_area, "annot_note_")[0].value == kept
    assert not any("Not saved" in m for m in messages(at)), messages(at)
    with AnnotationStore(default_path()) as s:
        corpus = s.corpora()[0].id
        saved = {s.status(i.id, "ann").note for i in s.items(corpus)} - {""}
    assert saved == {kept}


def _rubric_rows(at: AppTest, rows: list[dict]) -> str:
    """Replace the SummEval rubric's four criteria by ``rows`` in the editor; its session key."""
    with AnnotationStore(default_path()) as s:
        key = f"annot_rubric_rows_{s.summeval_rubric().id}"
    at.session_state[key] = {"edited_rows": {}, "added_rows": rows, "deleted_rows": [0, 1, 2, 3]}
    return key


PAYLOAD_CRITERIA = [
    {"name": MD_PAYLOADS[0], "description": MD_PAYLOADS[1], "min": 1, "max": 5},
    {"name": MD_PAYLOADS[2], "description": BAD_TEXTS["cjk-emoji"], "min": 0, "max": 1.5},
    {"name": MD_PAYLOADS[4], "description": MD_PAYLOADS[3], "min": -3, "max": 3},
]


def test_a_rubric_with_payload_names_is_saved_and_judged():
    at = annotate("ann")
    ok(at.text_input(key="annot_rubric_name").input(MD_PAYLOADS[1]).run())
    _rubric_rows(at, PAYLOAD_CRITERIA)
    ok(at.button(key="annot_rubric_save").click().run())
    assert [plain(s.value) for s in at.success] == [f"Saved rubric {MD_PAYLOADS[1]} version 1."]
    ok(at.selectbox(key="annot_rubric").set_value(MD_PAYLOADS[1]).run())
    radios, numbers = keyed(at.radio, "annot_v_"), keyed(at.number_input, "annot_v_")
    assert [plain(w.label) for w in radios + numbers] == [
        plain(md_literal(f"{c['name']}: {c['description']}", 400)) for c in (PAYLOAD_CRITERIA[0], PAYLOAD_CRITERIA[2])
    ] + [plain(md_literal(f"{MD_PAYLOADS[2]}: {BAD_TEXTS['cjk-emoji']}", 400))]
    ok(radios[0].set_value(2).run())
    ok(keyed(at.number_input, "annot_v_")[0].set_value(1.25).run())
    assert sorted((c, v) for _, _, c, _, v, _ in stored_judgments()) == [(MD_PAYLOADS[0], 2), (MD_PAYLOADS[2], 1.25)]
    ok(at.toggle(key="annot_dis_on").set_value(True).run())  # disagreements are computed when asked for
    ok(at.selectbox(key="annot_dis_crit").set_value(MD_PAYLOADS[2]).run())


@pytest.mark.parametrize(
    "row, why",
    [
        ({"name": BAD_TEXTS["control"], "description": "", "min": 1, "max": 5}, "contains a control character"),
        ({"name": BAD_TEXTS["one-long-word"], "description": "", "min": 1, "max": 5}, "the limit is 200"),
        ({"name": MD_PAYLOADS[0], "description": "", "min": 5, "max": 1}, "Rubric not saved"),
        ({"name": MD_PAYLOADS[0], "description": "", "min": "x", "max": 1}, "Rubric not saved"),
    ],
    ids=["control", "long", "reversed-scale", "not-a-number"],
)
def test_a_refused_rubric_says_why_and_keeps_the_edits(row, why):
    at = annotate("ann")
    key = _rubric_rows(at, [row])
    ok(at.button(key="annot_rubric_save").click().run())
    assert any("Rubric not saved" in m and why in m for m in messages(at)), messages(at)
    assert at.session_state[key]["added_rows"] == [row]  # the editor still holds what was typed
    with AnnotationStore(default_path()) as s:
        assert [r.name for r in s.rubrics()] == ["summeval"]


def test_content_units_with_payloads():
    at = annotate("ann")
    ok(at.radio(key="annot_task").set_value("units").run())
    box = keyed(at.text_area, "annot_units_")[0]
    units = [*MD_PAYLOADS, BAD_TEXTS["cjk-emoji"], BAD_TEXTS["combining"], BAD_TEXTS["control"]]
    ok(box.input("\n".join(units)).run())
    ok(at.button(key="annot_units_add").click().run())
    ticks = keyed(at.checkbox, "annot_u_")
    assert [plain(c.label) for c in ticks] == [plain(md_literal(u, 500)) for u in units]
    ok(ticks[1].check().run())
    assert any("1/8 of the units = 0.125" in plain(c.value) for c in at.caption)
    lines = f"{MD_PAYLOADS[4]}\n\n{BAD_TEXTS['punctuation']}\n".encode()
    ok(at.file_uploader(key="annot_units_file").upload(f"{MD_PAYLOADS[1]}.txt", lines, "text/plain").run())
    ok(at.button(key="annot_units_import").click().run())
    assert len(keyed(at.checkbox, "annot_u_")) == 10
    ok(at.file_uploader(key="annot_units_file").upload(f"{MD_PAYLOADS[0]}.txt", b"\x80bad", "text/plain").run())
    ok(at.button(key="annot_units_import").click().run())
    assert any(f"{MD_PAYLOADS[0]}.txt line 1, byte 1: not valid UTF-8" in m for m in messages(at)), messages(at)
    assert at.file_uploader(key="annot_units_file").value.name == f"{MD_PAYLOADS[0]}.txt"


def test_an_over_long_content_unit_is_refused_and_the_box_kept():
    at = annotate("ann")
    ok(at.radio(key="annot_task").set_value("units").run())
    text = f"{MD_PAYLOADS[2]}\n{BAD_TEXTS['one-long-word']}"
    ok(keyed(at.text_area, "annot_units_")[0].input(text).run())
    ok(at.button(key="annot_units_add").click().run())
    assert messages(at) == ["No content unit added: content unit 2: 20,000 characters, the limit is 2,000"]
    assert keyed(at.text_area, "annot_units_")[0].value == text  # nothing added, nothing lost
    assert keyed(at.checkbox, "annot_u_") == []


SOURCES = ("www.evil.example", "mailto:admin.evil.example")  # labels the store accepts that GFM would autolink
ANNOTATORS = (MD_PAYLOADS[0], BAD_TEXTS["cjk-emoji"])


def judgments_file(fmt: str, change: Optional[dict] = None) -> bytes:
    """Two annotators' coherence judgments of every pair of the payload corpus, one source each."""
    rows = [
        {
            "corpus": STORED_AS,
            "doc_id": p.doc_id,
            "system": p.system,
            "criterion": "coherence",
            "annotator": who,
            "value": 1 + (k + 2 * a * (k // 8)) % 5,
            "rubric": "summeval",
            "rubric_version": 1,
            "source": SOURCES[a],
            **(change or {}),
        }
        for k, p in enumerate(PAIRS)
        for a, who in enumerate(ANNOTATORS)
    ]
    if fmt == "jsonl":
        return "\n".join(json.dumps(r) for r in rows).encode()
    buf = io.StringIO()
    w = csv.DictWriter(buf, list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue().encode()


def import_file(at: AppTest, name: str, data: bytes) -> AppTest:
    ok(at.file_uploader(key="annot_import").upload(name, data).run())
    return ok(at.button(key="annot_import_go").click().run())


@pytest.mark.parametrize("fmt, criterion", [("csv", "coherence"), ("jsonl", MD_PAYLOADS[0])])
def test_imported_payload_judgments_reach_the_agreement_page(fmt, criterion):
    """Judgments with payload annotators and sources (and, in JSONL, a payload rubric and criterion) are
    imported, and the Agreement page correlates them and opens a point in Inspect."""
    at = annotate()
    change = None
    if criterion != "coherence":
        ok(at.text_input(key="annot_rubric_name").input(MD_PAYLOADS[1]).run())
        _rubric_rows(at, PAYLOAD_CRITERIA)
        ok(at.button(key="annot_rubric_save").click().run())
        change = {"rubric": MD_PAYLOADS[1], "criterion": criterion}
    name = f"{MD_PAYLOADS[4]}.{fmt}"
    import_file(at, name, judgments_file(fmt, change))
    assert [plain(s.value) for s in at.success] == [f"Imported 48 judgments from {name}."]
    assert len(stored_judgments()) == 48
    ok(at.toggle(key="annot_agree_on").set_value(True).run())  # agreement is computed when asked for
    ok(at.multiselect(key="annot_sources").set_value(list(SOURCES)).run())
    at = ok(at.switch_page(AGREEMENT).run())
    ok(at.selectbox(key="agree_criterion").set_value(criterion).run())
    ok(at.multiselect(key="agree_sources").set_value(list(SOURCES)).run())
    what = f"{criterion} ({', '.join(SOURCES)}) in {STORED_AS}"
    assert f"24 summaries by 3 systems on 8 documents; each human score is the mean of 2 judgments of {what}." in (
        page_text(at)
    )
    assert any("variant" in d.value.columns for d in at.dataframe), messages(at)
    chart = next(c for c in at.get("plotly_chart") if str(c.key).startswith("agree_scatter:"))
    at.session_state[chart.key] = {"selection": {"points": [{"point_index": 3, "curve_number": 0}], "box": []}}
    ok(at.run())
    assert "Inspect a pair" in at.title[0].value


REFUSED_IMPORTS = {
    "unknown-criterion": ({"criterion": MD_PAYLOADS[1]}, "field 'criterion'"),
    "bad-source": ({"source": MD_PAYLOADS[2]}, "field 'source'"),
    "control-annotator": ({"annotator": BAD_TEXTS["control"]}, "contains a control character"),
    "unknown-corpus": ({"corpus": MD_PAYLOADS[0]}, "field 'corpus'"),
    "value-outside": ({"value": 99}, "outside the scale"),
}


@pytest.mark.parametrize("case", list(REFUSED_IMPORTS))
def test_a_refused_import_says_why_and_keeps_the_file(case):
    change, why = REFUSED_IMPORTS[case]
    at = annotate()
    name = f"{MD_PAYLOADS[3]}.csv"
    import_file(at, name, judgments_file("csv", change))
    assert any("Nothing imported" in m and why in m for m in messages(at)), messages(at)
    assert at.file_uploader(key="annot_import").value.name == name
    assert stored_judgments() == []


@pytest.mark.parametrize(
    "name, data, why",
    [
        (f"{MD_PAYLOADS[0]}.csv", b"corpus,doc_id\n\xff\xfe\n", "line 2, byte 1: not valid UTF-8"),
        (f"{MD_PAYLOADS[1]}.jsonl", b"[" * 50_000, "deeper than 64 levels"),
        # issue 16 point 6 (RecursionError before the fix)
        (f"{MD_PAYLOADS[2]}.jsonl", b'{"a":' * 30_000 + b"1" + b"}" * 30_000, "deeper than 64 levels"),
        (f"{MD_PAYLOADS[3]}.jsonl", b'{"corpus": ' + b"9" * 5000 + b"}", "more than 4,300 digits"),
    ],
    ids=["not-utf8", "nested-arrays", "nested-objects", "big-int"],
)
def test_a_broken_judgments_file_is_refused(name, data, why):
    at = annotate()
    import_file(at, name, data)
    assert any(m.startswith(f"Nothing imported: {name}") and why in m for m in messages(at)), messages(at)
    assert at.file_uploader(key="annot_import").value.name == name
    assert stored_judgments() == []


def test_an_empty_judgments_file_imports_nothing_and_says_so():
    at = import_file(annotate(), "empty.jsonl", b"")
    assert [plain(s.value) for s in at.success] == ["Imported 0 judgments from empty.jsonl."]


def test_agreement_with_an_empty_store_and_with_payload_rubric_names():
    at = start(AGREEMENT)
    assert any("The annotation store has no corpus yet" in i.value for i in at.info)
    at = annotate("ann")
    ok(at.text_input(key="annot_rubric_name").input(MD_PAYLOADS[1]).run())
    _rubric_rows(at, PAYLOAD_CRITERIA)
    ok(at.button(key="annot_rubric_save").click().run())
    ok(at.selectbox(key="annot_rubric").set_value(MD_PAYLOADS[1]).run())
    ok(keyed(at.radio, "annot_v_")[0].set_value(3).run())
    at = ok(at.switch_page(AGREEMENT).run())
    assert at.selectbox(key="agree_criterion").value == MD_PAYLOADS[0]
    assert messages(at) == [
        f"Only one human score for {MD_PAYLOADS[0]} (annotated) in {STORED_AS}: a correlation needs at least two."
    ]
