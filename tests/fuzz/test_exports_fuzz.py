"""Fuzzing the exports: formula payloads and bare CR / LF in every name a user controls.

Every download of the Corpus, Systems, Which ROUGE?, Agreement, Annotate and Inspect pages is built
from inputs whose document IDs, system names, file names, annotator and criterion names (and content
units) are CSV formula payloads, and read back: with ``csv.reader`` (no cell starts with ``=``, ``+``,
``-``, ``@``, TAB or CR unless it is a number, the row count is right, the payload is still there after
the ``'``), with ``json`` (the payload unchanged), and as a LaTeX tabular (the same cells as the CSV or
JSON once the escaping is undone). Hypothesis checks the cell-level properties of the one CSV writer
and of the LaTeX escaping.

Bounded for CI (``FUZZ_EXAMPLES``, default 150 per test); a release run sets ``FUZZ_EXAMPLES=5000``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from annotation import (
    JUDGMENT_COLUMNS,
    UNIT_COLUMNS,
    AnnotationStore,
    CriterionSpec,
    export_judgments,
    export_unit_judgments,
    import_judgments,
    import_unit_judgments,
)
from rouge_core import RougeConfig, evaluate
from rouge_core.batch.corpus import evaluate_corpus
from rouge_core.io.csv_writer import records_csv, restore_cell, write_csv
from rouge_core.io.readers import Corpus, Document
from rouge_core.presets import PRESETS
from rouge_core.stats.comparison import compare_systems
from rouge_core.stats.systems import system_scores
from rouge_core.teach.which_rouge import which_rouge
from ui.compute import agreement as me
from ui.compute.corpus import ScoredSystem, score_system
from ui.render import agreement, corpus_export, scores, systems
from ui.render import which_rouge as gap_view
from ui.widgets.corpus_input import Loaded, Source, read_source

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

#: OWASP's formula starts, and payloads from the issue (with bare CR / LF, which split a row).
STARTS = ("=", "+", "-", "@", "\t", "\r")
PAYLOADS = (
    '=HYPERLINK("http://x","click")',
    "@SUM(1+1)",
    "+cmd|' /C calc'!A0",
    "-2+3",
    "\t=1+1",
    "\r=1+1",
    "a\rb",
    "c\nd",
    "=1\r\n=2",
    "'=x",
)
SYSTEMS = ("=SYS()", "@sys\r", "-sys\n+")
FILE = '=HYPERLINK("f")\r.jsonl'
#: The store refuses control characters in the names it keeps (corpus, rubric, criterion, annotator).
NAMES = tuple(p for p in PAYLOADS if p.isprintable())
CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")  # what latex_escape turns into spaces
NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?inf")
SMALL = RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None, bootstrap_samples=50)


# -- reading back ---------------------------------------------------------------------------------------


def read_csv(text: str) -> list[list[str]]:
    """Every row, asserting that no cell is a formula (a number may start with a sign)."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    for row in rows:
        for cell in row:
            assert not cell.startswith(STARTS) or NUMBER.fullmatch(cell), f"formula cell {cell!r}"
    assert len({len(r) for r in rows}) == 1, "rows of different lengths: a row was split"
    return rows


def records(text: str) -> list[dict[str, str]]:
    """The rows as dicts of the restored cells (what was written before the ``'``)."""
    header, *rows = read_csv(text)
    return [dict(zip(header, map(restore_cell, row))) for row in rows]


_UNESCAPE = (
    ("\\textbackslash{}", "\\"),
    ("\\textasciitilde{}", "~"),
    ("\\textasciicircum{}", "^"),
    *((f"\\{c}", c) for c in "&%$#_{}"),
)


def tabular(tex: str) -> list[list[str]]:
    """The body rows of the (one) tabular, each cell with the LaTeX escaping undone; grouping braces are
    dropped and other commands (``\\scriptsize``) kept as written."""
    body = tex.split("\\midrule\n", 1)[1].split("\\bottomrule", 1)[0]
    out = []
    for line in body.split("\n"):
        line = line.strip()
        if not line:
            continue
        assert line.endswith("\\\\"), line
        cells, i, s = [""], 0, line[:-2]
        while i < len(s):
            esc = next((e for e in _UNESCAPE if s.startswith(e[0], i)), None)
            if esc:
                cells[-1] += esc[1]
                i += len(esc[0])
                continue
            if s[i] == "&":
                cells.append("")
            elif s[i] not in "{}":
                cells[-1] += s[i]
            i += 1
        out.append([c.strip() for c in cells])
    return out


def unescape(text: str) -> str:
    """LaTeX-escaped text (no tabular) as typeset."""
    out, i = "", 0
    while i < len(text):
        esc = next((e for e in _UNESCAPE if text.startswith(e[0], i)), None)
        out += esc[1] if esc else text[i]
        i += len(esc[0]) if esc else 1
    return out


def typeset(text: str) -> str:
    """What latex_escape keeps of a text: control characters become spaces."""
    return CONTROL.sub(" ", text)


# -- the writer, any cell ------------------------------------------------------------------------------

cell_text = st.text(alphabet=st.sampled_from([*STARTS, "'", '"', ",", "\n", "a", "1", ".", "e", " ", "é"]), max_size=12)
cell = st.one_of(
    cell_text,
    st.text(max_size=12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**20), 10**20),
    st.booleans(),
    st.none(),
)


@FUZZ
@given(st.lists(st.lists(cell, min_size=3, max_size=3), max_size=6))
def test_any_cells_read_back_as_written_and_never_as_a_formula(rows: list[list[Any]]) -> None:
    back = read_csv(write_csv(["a", "b", "c"], rows))
    assert len(back) == len(rows) + 1
    for row, got in zip(rows, back[1:]):
        for value, text in zip(row, got):
            if value is None or (isinstance(value, float) and math.isnan(value)):
                assert text == ""
            elif isinstance(value, bool):
                assert text == str(value)
            elif isinstance(value, (int, float)):
                assert type(value)(text) == value  # the exact number
            else:
                assert restore_cell(text) == value
                assert text in (value, "'" + value)  # at most the one mark in front


@FUZZ
@given(st.text(max_size=30))
def test_latex_escaping_undone_gives_the_text(text: str) -> None:
    escaped = corpus_export.latex_escape(text)
    assert tabular(f"\\midrule\n{escaped} & x \\\\\n\\bottomrule") == [[typeset(text).strip(), "x"]]


# -- the pages' inputs -----------------------------------------------------------------------------------


def _jsonl() -> bytes:
    lines = [
        {"id": doc, "system": sys, "candidate": f"the cat {k} sat on the mat", "reference": "a cat sat on a mat"}
        for k, doc in enumerate(PAYLOADS)
        for sys in SYSTEMS
    ]
    return "\n".join(json.dumps(r) for r in lines).encode()


@cache
def loaded() -> Loaded:
    return read_source(Source("file", FILE, ((FILE, _jsonl()),)), "lines")


@cache
def scored() -> ScoredSystem:
    return score_system(loaded(), SYSTEMS[0], SMALL)


def test_the_inputs_hold_the_payloads() -> None:
    corpus = loaded().corpus
    assert corpus.systems() == SYSTEMS and [d.doc_id for d in corpus.for_system(SYSTEMS[1])] == list(PAYLOADS)


def test_corpus_per_pair_csv_json_and_latex() -> None:
    s = scored()
    rows = records(corpus_export.examples_csv(s))
    assert [r["id"] for r in rows] == list(PAYLOADS) and {r["system"] for r in rows} == {SYSTEMS[0]}
    pairs = json.loads(corpus_export.examples_json(s))
    assert [e["id"] for e in pairs["examples"]] == list(PAYLOADS) and pairs["system"] == SYSTEMS[0]
    whole = json.loads(corpus_export.corpus_json(s))
    assert whole["ids"] == list(PAYLOADS) and whole["corpus"] == s.corpus
    # the LaTeX table: a row per measure with R, P, F, then a row of intervals, as in the corpus JSON
    expected = []
    for name, m in whole["measures"].items():
        ivs = (m["recall"], m["precision"], m["f"])
        expected.append([name, *(f"{iv['average']:.5f}" for iv in ivs)])
        expected.append(["", *(f"\\scriptsize [{iv['ci_low']:.5f}, {iv['ci_high']:.5f}]" for iv in ivs)])
    tex = corpus_export.latex_table(s)
    assert tabular(tex) == expected
    caption = unescape(tex.split("\\caption{", 1)[1].rsplit("}", 1)[0])
    assert f"of system {typeset(SYSTEMS[0])} on {typeset(s.corpus)} (10 pairs)" in caption


def test_systems_ranking_and_pairs_csv() -> None:
    corpus = loaded().corpus
    reports = {}
    for s in corpus.systems():
        pairs, ids = corpus.pairs(s)
        reports[s] = evaluate_corpus(pairs, SMALL, ids=ids, peer_id=s)
    cmp = compare_systems(system_scores(reports, "ROUGE-2"), "bootstrap", 50, 0)
    ranking = records(systems.ranking_csv(cmp, SMALL.signature()))
    assert [r["system"] for r in ranking] == list(cmp.ranking) and sorted(cmp.ranking) == sorted(SYSTEMS)
    assert [float(r["score"]) for r in ranking] == [s.score.average for s in sorted(cmp.systems, key=lambda s: s.rank)]
    pairs = records(systems.pairs_csv(cmp, 0.05, SMALL.signature()))
    assert [(r["a"], r["b"]) for r in pairs] == [(p.a, p.b) for p in cmp.pairs] and len(pairs) == 3
    data = json.loads(systems.comparison_file(cmp, 0.05, SMALL.signature(), SMALL.perl_flags(), FILE, 10, ()))
    assert data["corpus"] == FILE and sorted(data["comparison"]["ranking"]) == sorted(SYSTEMS)


def test_which_rouge_documents_csv_and_json() -> None:
    pairs, ids = loaded().corpus.pairs(SYSTEMS[2])
    a = "ROUGE-1.5.5 -n 2 -m (ROUGE-1, ROUGE-2, ROUGE-L with stemming)"
    b = "rouge-score defaults (rouge1, rouge2, rougeL, rougeLsum)"
    gap = which_rouge(pairs, PRESETS[a], PRESETS[b], ids, statistic="fmeasure", max_explained_docs=2, samples=20)
    rows = records(gap_view.documents_csv(gap))
    assert len(rows) == sum(len(m.documents) for m in gap.measures) == len(gap.measures) * len(PAYLOADS)
    assert [r["id"] for r in rows] == [d.doc_id for m in gap.measures for d in m.documents]
    assert {r["id"] for r in rows} == set(PAYLOADS)
    assert [float(r["B - A"]) for r in rows] == [d.delta for m in gap.measures for d in m.documents]
    doc = json.loads(gap_view.gap_json(gap, FILE, SYSTEMS[2], a, b))
    assert (doc["corpus"], doc["system"]) == (FILE, SYSTEMS[2])
    assert {d["doc_id"] for d in doc["setting_gap"]["measures"][0]["documents"]} == set(PAYLOADS)


def test_agreement_table_csv_and_latex() -> None:
    nan = math.nan
    cells = [
        me.Cell(f"{PAYLOADS[0]} · CASE", "summary", "kendall", 0.25, 0.1, 0.4, 20, 0, 100),
        me.Cell(f"{PAYLOADS[0]} · CASE", "system", "kendall", nan, nan, nan, 6, 0, 0, PAYLOADS[3]),
        me.Cell(f"{PAYLOADS[6]} · STOP", "summary", "kendall", -0.5, -0.7, -0.2, 19, 1, 99),
        me.Cell(f"{PAYLOADS[6]} · STOP", "system", "kendall", 1.0, 1.0, 1.0, 6, 0, 100),
    ]
    signatures = {c.variant: PAYLOADS[4] for c in cells}
    human = f"{PAYLOADS[2]} (annotators {PAYLOADS[5]})"
    rows = records(agreement.table_csv(cells, signatures, "F", human, PAYLOADS[1]))
    assert [r["variant"] for r in rows] == [c.variant for c in cells]
    assert {r["human"] for r in rows} == {human} and {r["config_signature"] for r in rows} == {PAYLOADS[4]}
    assert [r["note"] for r in rows] == ["", PAYLOADS[3], "", ""] and rows[0]["run_signature"] == PAYLOADS[1]
    # the LaTeX table: a row per variant with its values as the CSV has them (4 digits, -- if undefined)
    tex = agreement.table_latex(cells, signatures, "F", human, PAYLOADS[1], 0.95)
    values: dict[str, list[str]] = {}
    for r in rows:
        values.setdefault(r["variant"], []).append(agreement.number(float(r["value"] or "nan"), 4).replace("—", "--"))
    expected_rows = [[" ".join(typeset(v).replace("·", "/").split()), *vs] for v, vs in values.items()]
    assert [[" ".join(row[0].split()), *row[1:]] for row in tabular(tex)[::2]] == expected_rows
    assert f"with {typeset(human)};" in unescape(tex)


@pytest.fixture
def annotated() -> AnnotationStore:
    store = AnnotationStore(":memory:")
    _fill(store)
    return store


def _fill(store: AnnotationStore, judge: bool = True) -> None:
    docs = tuple(
        Document(doc, sys, ("the cat sat",), (("a cat sat",),), origin=f"{FILE}:{k}")
        for k, doc in enumerate(PAYLOADS)
        for sys in SYSTEMS
    )
    cid = store.add_corpus(Corpus(docs, (), "jsonl", "lines", NAMES[0]))
    rubric = store.save_rubric(NAMES[1], [CriterionSpec(p, PAYLOADS[0], 1, 5) for p in NAMES[2:]])
    if not judge:
        return
    for k, item in enumerate(store.items(cid)):
        crit = rubric.criteria[k % len(rubric.criteria)]
        store.record(item.id, crit, NAMES[k % len(NAMES)], 1 + k % 5)
    units = store.add_units(cid, PAYLOADS[0], list(PAYLOADS[5:]), reference=0)
    first = store.items(cid, doc_id=PAYLOADS[0])
    for k, unit in enumerate(units):
        store.tick(unit.id, first[k % len(first)].id, NAMES[-k - 1], k % 2 == 0)


def test_annotate_judgments_csv_and_jsonl(annotated: AnnotationStore) -> None:
    judged = annotated.judgments()
    rows = records(export_judgments(annotated, "csv"))
    assert len(rows) == len(judged) == len(PAYLOADS) * len(SYSTEMS)
    assert list(rows[0]) == list(JUDGMENT_COLUMNS)
    assert [(r["doc_id"], r["system"], r["criterion"], r["annotator"]) for r in rows] == [
        (j.doc_id, j.system, j.criterion, j.annotator) for j in judged
    ]
    assert {r["corpus"] for r in rows} == {NAMES[0]} and {r["rubric"] for r in rows} == {NAMES[1]}
    lines = export_judgments(annotated, "jsonl").split("\n")
    assert [json.loads(x)["annotator"] for x in lines if x] == [j.annotator for j in judged]


def test_annotate_unit_judgments_csv_and_jsonl(annotated: AnnotationStore) -> None:
    ticks = annotated.unit_judgments()
    rows = records(export_unit_judgments(annotated, "csv"))
    assert len(rows) == len(ticks) == len(PAYLOADS[5:]) and list(rows[0]) == list(UNIT_COLUMNS)
    assert [(r["unit_text"], r["annotator"], r["doc_id"]) for r in rows] == [
        (u.unit_text, u.annotator, u.doc_id) for u in ticks
    ]
    lines = export_unit_judgments(annotated, "jsonl").split("\n")
    assert [json.loads(x)["unit_text"] for x in lines if x] == [u.unit_text for u in ticks]


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_annotate_exports_import_back_unchanged(annotated: AnnotationStore, fmt: str) -> None:
    text, units = export_judgments(annotated, fmt), export_unit_judgments(annotated, fmt)
    fresh = AnnotationStore(":memory:")
    _fill(fresh, judge=False)
    assert import_judgments(fresh, text, f"j.{fmt}") == len(PAYLOADS) * len(SYSTEMS)
    assert import_unit_judgments(fresh, units, f"u.{fmt}") == len(PAYLOADS[5:])
    assert export_judgments(fresh, fmt) == text and export_unit_judgments(fresh, fmt) == units
    assert {j.annotator for j in fresh.judgments()} == set(NAMES)


@pytest.mark.parametrize("text", PAYLOADS)
def test_inspect_scores_csv_and_json(text: str) -> None:
    report = evaluate(f"{text} the cat", [f"the cat {text}", "a dog"], SMALL)
    rows = records(scores.scores_csv(report))
    assert [r["measure"] for r in rows] == [report.display_name(label) for label in report.measures]
    assert [float(r["F"]) for r in rows] == [m.score.fmeasure for m in report.measures.values()]
    data = json.loads(scores.report_json(report))
    assert list(data["measures"]) == [r["measure"] for r in rows]


def test_records_of_payloads_read_back() -> None:
    out = records_csv([{"id": p, "n": -k} for k, p in enumerate(PAYLOADS)])
    assert [(r["id"], r["n"]) for r in records(out)] == [(p, str(-k)) for k, p in enumerate(PAYLOADS)]


def test_tables_offer_no_unneutralised_download() -> None:
    """A table's own toolbar download (and Ctrl+C copy) writes cells verbatim, so the app turns it
    off: every table's data reaches a file through the page's own, neutralised CSV export."""
    from pathlib import Path

    import streamlit.config

    streamlit.config.get_config_options()  # the installed Streamlit knows the option (1.60 and newer)
    assert "client.disableDataExport" in streamlit.config._config_options
    text = (Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml").read_text()
    client = text.split("[client]", 1)[1].split("\n[", 1)[0]  # the [client] table (tomllib is 3.11+)
    assert re.search(r"^disableDataExport = true$", client, re.M)
