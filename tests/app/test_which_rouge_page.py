"""The "Which ROUGE? (corpus)" page through streamlit.testing: the numbers equal rouge_core.teach.which_rouge's
to the shown digits, shares and remainder add up to 100 %, identical configs, a selected document in the
differences view, bad combinations and every control without an exception; the exports."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core.presets import PRESETS
from rouge_core.teach.which_rouge import SettingGap, which_rouge
from ui.compute.which_rouge import CONFIDENCE, SAMPLES, SEED
from ui.render import which_rouge as view
from ui.widgets.corpus_input import read_source, sample_source

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "app_pages/which_rouge.py"
A_NAME = "ROUGE-1.5.5 -n 2 -m (ROUGE-1, ROUGE-2, ROUGE-L with stemming)"
B_NAME = "rouge-score defaults (rouge1, rouge2, rougeL, rougeLsum)"
SYSTEM = "M8"  # the SummEval sample's first system, the page's default
CAP = 5


def plain(text: object) -> str:
    """Markdown text without md_literal's backslashes."""
    return str(text).replace("\\", "")


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.caption] + [m.value for m in at.info]
    parts += [m.value for m in at.error] + [m.value for m in at.warning] + [m.value for m in at.success]
    return plain("\n".join(str(p) for p in parts))


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    assert "Traceback" not in page_text(at)
    return at


def start(cap: int = CAP) -> AppTest:
    """The page with the SummEval sample loaded through the shared loader, and a small explanation cap."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    ok(at.switch_page(PAGE).run())
    ok(at.button(key="corpus:corpus:sample:summeval").click().run())
    return ok(at.number_input(key="gap_cap").set_value(cap).run())


def frame(at: AppTest, column: str):
    """The shown table that has ``column``: an st.table's cells as shown (without md_literal's backslashes)."""
    shown = [t.value.map(lambda v: plain(v) if isinstance(v, str) else v) for t in at.table]
    return next(v for v in shown + [d.value for d in at.dataframe] if column in v.columns)


def docs_table(at: AppTest):
    return next(d for d in at.dataframe if (d.key or "").startswith("gap_docs:"))


@pytest.fixture(scope="module")
def corpus():
    return read_source(sample_source("summeval"), "lines").corpus


@pytest.fixture(scope="module")
def expected(corpus) -> SettingGap:
    pairs, ids = corpus.pairs(SYSTEM)
    return which_rouge(
        pairs,
        PRESETS[A_NAME],
        PRESETS[B_NAME],
        ids,
        statistic="fmeasure",
        match={"ROUGE-L": "ROUGE-Lflat"},  # on by default: B is a rouge-score preset
        max_explained_docs=CAP,
        samples=SAMPLES,
        seed=SEED,
        confidence=CONFIDENCE,
    )


@pytest.fixture(scope="module")
def page() -> AppTest:
    return start()


def test_the_numbers_equal_setting_gap_to_the_shown_digits(page, expected):
    at = page
    assert at.selectbox(key="gap_a").value == A_NAME and at.selectbox(key="gap_b").value == B_NAME
    assert at.checkbox(key="gap_match").value is True
    overview = frame(at, "largest part of the gap")
    assert len(overview) == len(expected.measures) == 4
    for (_, row), m in zip(overview.iterrows(), expected.measures):
        assert row["measure"] == view.measure_name(m)
        assert row["A F"] == f"{m.average_a.fmeasure:.5f}" and row["B F"] == f"{m.average_b.fmeasure:.5f}"
        assert row["B − A"] == f"{m.delta:+.5f}"
        assert row["95 % interval (mean per-document B − A)"] == f"{m.ci_low:+.5f} to {m.ci_high:+.5f}"
    assert "ROUGE-L / rougeL" in overview["measure"].tolist()  # the pairing with rouge-score's flat rougeL

    for key, m in ((view.measure_key(m), m) for m in expected.measures):
        at.selectbox(key="gap_measure").set_value(key).run()
        ok(at)
        cards = {c.label: c.value for c in at.metric}
        assert cards[f"A: {m.name_a} F"] == f"{m.average_a.fmeasure:.5f}"
        assert cards[f"B: {m.name_b} F"] == f"{m.average_b.fmeasure:.5f}"
        assert cards["B − A"] == f"{m.delta:+.5f}"
        table = frame(at, "part of the gap").set_index("part of the gap")
        shown = []
        for r in m.settings:
            assert table.loc[r.title, "share"] == f"{100 * r.share:.1f}\u00a0%"
            assert table.loc[r.title, "effect alone"] == f"{r.effect:+.5f}"
            shown.append(float(table.loc[r.title, "share"].rstrip("\u00a0%")))
        assert table.loc[view.REMAINDER, "share"] == f"{100 * m.remainder_share:.1f}\u00a0%"
        shown.append(float(table.loc[view.REMAINDER, "share"].rstrip("\u00a0%")))
        assert table.loc[view.TOTAL, "share"] == "100.0\u00a0%"  # settings + remainder, before rounding
        assert sum(shown) == pytest.approx(100.0, abs=0.05 * len(shown))  # each share rounded on its own
        for rule in m.rules:
            assert f"↳ rule: {rule.title}" in table.index
        # the sentence names the largest contributor with its share
        top = view.largest(m)
        assert top is not None and view.percent(top[2]) in page_text(at)
        # the documents: largest difference first, the same scores
        docs = docs_table(at).value
        assert docs["id"].tolist() == [d.doc_id for d in m.documents]
        assert docs["B − A"].tolist() == [d.delta for d in m.documents]
        assert docs["A F"].tolist() == [d.score_a for d in m.documents]
        not_examined = [d.rules is None for d in m.documents]
        assert (docs["rules"] == view.NOT_EXAMINED).tolist() == not_examined
    assert any(f"examined {CAP} of the" in plain(c.value) for c in at.caption)
    # rouge155's averages are its resample means: the page says the interval is of the mean of the deltas
    assert "mean_delta, the mean of the per-document differences" in page_text(at)
    assert len(at.get("plotly_chart")) == 1


def test_identical_configs_show_no_difference(page):
    at = page
    at.selectbox(key="gap_b").set_value(A_NAME).run()
    ok(at)
    assert any("No difference" in i.value for i in at.info)
    overview = frame(at, "largest part of the gap")
    assert set(overview["B − A"]) == {"+0.00000"} and set(overview["largest part of the gap"]) == {"no difference"}
    assert not any("part of the gap" in t.value.columns for t in at.table)
    at.selectbox(key="gap_b").set_value(B_NAME).run()
    ok(at)


def test_selecting_a_document_opens_it_in_the_differences_view(corpus):
    at = start()
    table = docs_table(at)
    doc_id = table.value["id"].iloc[2]
    at.session_state[table.key] = {"selection": {"rows": [2], "columns": [], "cells": []}}
    ok(at.run())
    assert at.title[0].value == "Why do the numbers differ?"
    doc = next(d for d in corpus.for_system(SYSTEM) if d.doc_id == doc_id)
    assert at.radio(key="diff_source").value == "own"
    cand = next(t for t in at.text_area if t.key.startswith("diff_candidate#"))
    refs = [t.value for t in sorted(at.text_area, key=lambda t: t.key) if t.key.startswith("diff_ref_")]
    assert cand.value == "\n".join(doc.candidate)
    assert sorted(refs) == sorted("\n".join(r) for r in doc.references) and len(refs) == len(doc.references)
    assert any(doc_id in plain(i.value) for i in at.info)
    # and back: the page keeps its choices and shows the comparison again
    ok(at.switch_page(PAGE).run())
    assert at.selectbox(key="gap_a").value == A_NAME and at.number_input(key="gap_cap").value == CAP
    assert docs_table(at).value["id"].tolist()


def test_every_control_changes_without_an_exception(page):
    at = page
    for stat in ("R", "P", "F"):
        at.radio(key="gap_stat").set_value(stat).run()
        ok(at)
        assert f"A {stat}" in frame(at, "largest part of the gap").columns
    at.checkbox(key="gap_match").set_value(False).run()
    ok(at)
    assert "ROUGE-L / rougeL" not in frame(at, "largest part of the gap")["measure"].tolist()
    at.number_input(key="gap_cap").set_value(0).run()
    assert set(docs_table(ok(at)).value["rules"]) == {view.NOT_EXAMINED}
    at.selectbox(key="gap_system").set_value("M11").run()
    ok(at)
    at.selectbox(key="gap_b").set_value("the sidebar's settings").run()  # no rouge-score preset: no pairing
    ok(at)
    assert not any(c.key == "gap_match" for c in at.checkbox)
    at.selectbox(key="gap_a").set_value(next(p for p in PRESETS if p.startswith("HF evaluate"))).run()
    ok(at)
    for m in at.selectbox(key="gap_measure").options[:2]:
        at.selectbox(key="gap_measure").set_value(m).run()
        ok(at)
    assert at.get("download_button")


def test_configs_without_a_common_measure_give_a_message():
    at = start()
    at.selectbox(key="gap_a").set_value("the sidebar's settings").run()
    for box in ("opt_n_on", "opt_l", "opt_s", "opt_su"):  # the sidebar keeps ROUGE-W only
        at.sidebar.checkbox(key=box).set_value(False).run()
    ok(at)
    assert "cannot be compared: no common measure" in " ".join(plain(e.value) for e in at.error)
    assert not any((d.key or "").startswith("gap_docs:") for d in at.dataframe)


def test_a_corpus_over_the_budget_is_refused_with_a_message():
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    ok(at.switch_page(PAGE).run())
    long = " ".join(f"w{i % 997}" for i in range(3_000))
    record = {"id": "d1", "candidate": long, "references": [long] * 5}
    at.file_uploader(key="corpus:corpus:upload").upload("long.jsonl", json.dumps(record).encode()).run()
    ok(at.button(key="corpus:corpus:load_file").click().run())
    text = page_text(at)
    assert "too large for the page" in text and "word pairs × scorings" in text
    assert not any((d.key or "").startswith("gap_docs:") for d in at.dataframe)


def test_exports_hold_the_documents_and_both_signatures(expected):
    rows = list(csv.DictReader(io.StringIO(view.documents_csv(expected))))
    assert len(rows) == sum(len(m.documents) for m in expected.measures)
    first = expected.measures[0].documents[0]
    assert rows[0]["id"] == first.doc_id and float(rows[0]["B - A"]) == first.delta
    assert {r["signature A"] for r in rows} == {expected.signature_a}
    assert {r["signature B"] for r in rows} == {expected.signature_b}
    doc = json.loads(view.gap_json(expected, "SummEval subset", SYSTEM, A_NAME, B_NAME))
    assert doc["config_a"] == {"name": A_NAME, "signature": PRESETS[A_NAME].signature()}
    assert doc["config_b"]["signature"] == PRESETS[B_NAME].signature()
    whole = doc["setting_gap"]
    assert whole["signature_a"] == expected.signature_a and len(whole["measures"]) == len(expected.measures)
    assert whole["measures"][0]["delta"] == expected.measures[0].delta


def test_the_chart_has_a_labelled_bar_per_part(expected):
    m = expected.measures[0]
    fig = view.attribution_figure(expected, m)
    bar = fig.data[0]
    assert len(bar.x) == len(m.settings) + len(m.rules) + 1
    assert bar.text[-1] == view.percent(m.remainder_share)
    assert list(bar.text[:1]) == [view.percent(m.settings[0].share)]
