"""The Systems page through streamlit.testing: with the SummEval sample, the ranking and the p-values on
screen equal compare_systems(system_scores(...)) of evaluate_corpus run on each system's pairs; the seed,
the convention and the test change what they should (and never rescore); a corpus with one system, and
one where a system lacks a document, get a message; no control change raises."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from functools import cache, lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import ui.compute.corpus
from rouge_core import RougeConfig
from rouge_core.batch.corpus import CorpusReport, evaluate_corpus
from rouge_core.cli.run import main as cli_main
from rouge_core.io.export import to_dict
from rouge_core.io.readers import Corpus
from rouge_core.stats.comparison import Comparison, compare_systems
from rouge_core.stats.systems import system_scores
from ui.render import systems as view
from ui.render.systems import p_cell
from ui.widgets.corpus_input import LOADED, Source, read_source, sample_source

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
KEY = "corpus"  # the loader key the Corpus page uses: the Systems page shares its corpus
SAMPLES = 200  # resamples / shuffles in these tests (the page's defaults are 1,000 and 10,000)


def plain(text: object) -> str:
    """Markdown text without md_literal's backslashes."""
    return str(text).replace("\\", "")


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.caption] + [m.value for m in at.info]
    parts += [m.value for m in at.error] + [m.value for m in at.warning] + [m.value for m in at.success]
    return plain("\n".join(str(p) for p in parts))


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    return ok(at.switch_page("app_pages/systems.py").run())


def with_sample(samples: int = SAMPLES) -> AppTest:
    """The page with the SummEval sample loaded through the loader's button, and fewer resamples."""
    at = ok(start().button(key=f"corpus:{KEY}:sample:summeval").click().run())
    return ok(at.number_input(key="sys_samples_bootstrap").set_value(samples).run())


def with_corpus(name: str, data: bytes) -> AppTest:
    """The page with a corpus put into the loader's state (AppTest cannot upload a file into it)."""
    at = start()
    at.session_state[LOADED.format(key=KEY)] = read_source(Source("file", name, ((name, data),)), "lines")
    return ok(at.run())


def config(at: AppTest) -> RougeConfig:
    c = at.session_state["_config"]
    assert isinstance(c, RougeConfig)
    return c


@cache
def summeval() -> Corpus:
    return read_source(sample_source("summeval"), "lines").corpus


@lru_cache(maxsize=8)
def reports(cfg: RougeConfig, doc_ids: tuple[str, ...] | None = None, data: Corpus | None = None) -> dict:
    corpus = data or summeval()
    out: dict[str, CorpusReport] = {}
    for s in corpus.systems():
        pairs, ids = corpus.pairs(s, doc_ids)
        out[s] = evaluate_corpus(pairs, cfg, ids=ids, peer_id=s)
    return out


def expected(
    at: AppTest,
    measure: str = "ROUGE-2",
    stat: str = "fmeasure",
    convention: str = "mean",
    method: str = "bootstrap",
    samples: int = SAMPLES,
    seed: int = 0,
    **kw,
) -> Comparison:
    cfg = config(at)
    scores = system_scores(reports(cfg, **kw), measure, stat, convention)  # type: ignore[arg-type]
    return compare_systems(scores, method, samples, seed, cfg.confidence)


def ranking(at: AppTest):
    return at.dataframe[0].value


def pairs(at: AppTest):
    return at.dataframe[1].value


class _Matrix(HTMLParser):
    """The p-value matrix as shown: header names (from the titles) and each row's cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, dict]]] = []
        self._cell: list[str] | None = None
        self._attrs: dict = {}

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell, self._attrs = [], dict(attrs)

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(("".join(self._cell), self._attrs))
            self._cell = None


def matrix(at: AppTest) -> dict[tuple[str, str], tuple[str, dict]]:
    """(row system, column system) -> (the cell's text, its attributes)."""
    body = next(h.value for h in at.get("html") if 'class="rl-pm"' in h.value)
    parser = _Matrix()
    parser.feed(body)
    head, *rows = parser.rows
    names = [html.unescape(a["title"]) for _, a in head[1:]]
    out = {}
    for row in rows:
        name = html.unescape(row[0][1]["title"])
        for col, cell in zip(names, row[1:]):
            out[(name, col)] = cell
    return out


def assert_page_equals(at: AppTest, cmp: Comparison) -> None:
    """Ranks, scores, intervals, the matrix's p-values and the pairs' tests, as shown."""
    shown = ranking(at)
    stat = shown.columns[2]
    by_name = {s.name: s for s in cmp.systems}
    assert list(shown["system"]) == list(cmp.ranking)
    for row in shown.itertuples(index=False):
        s = by_name[row.system]
        assert row.rank == s.rank
        assert f"{getattr(row, stat):.5f}" == f"{s.score.average:.5f}"
        assert row[3] == f"{s.score.ci_low:.5f} – {s.score.ci_high:.5f}"
    names = [s.name for s in cmp.systems]
    cells = matrix(at)
    assert len(cells) == len(names) ** 2
    for i, x in enumerate(names):
        for j, y in enumerate(names):
            text, attrs = cells[(x, y)]
            assert text == p_cell(cmp.p_matrix()[i][j], 0.05), (x, y)
            assert ("rl-pm-sig" in attrs.get("class", "")) == text.endswith("*")
    table = pairs(at)
    assert len(table) == len(cmp.pairs)
    for row, p in zip(table.itertuples(index=False), cmp.pairs):
        assert (row.A, row.B) == (p.a, p.b)
        assert f"{row[6]:.5f}" == f"{p.test.p_value:.5f}"
        assert f"{row[4]:+.5f}" == f"{p.test.delta:+.5f}"
        assert row[8] == f"{p.record.wins}/{p.record.ties}/{p.record.losses}"


# -- the numbers ----------------------------------------------------------------------------------------


def test_ranking_and_p_values_equal_compare_systems():
    at = with_sample()
    text = page_text(at)
    cmp = expected(at)
    assert_page_equals(at, cmp)
    assert "ROUGE-2 F (mean of per-pair scores) of 6 systems on 20 documents" in text
    assert f"paired bootstrap, {SAMPLES} resamples, seed 0" in text
    assert any(c.value.split("\n")[0] == cmp.signature for c in at.code)  # the signature is shown
    labels = {b.proto.label for b in at.get("download_button")}
    assert {"Ranking CSV", "Pairs CSV", "Comparison JSON"} <= labels


def test_the_page_equals_the_command_line(capsys):
    """``python -m rouge_core --input FILE --compare --json`` with the sidebar's options as ROUGE-1.5.5 flags."""
    at = with_sample()
    cfg = config(at)
    path = str(ROOT / "sample_data" / "summeval_subset.jsonl")
    argv = ["--input", path, "--compare", "--measure", "rouge-2", "--samples", str(SAMPLES), "--json"]
    assert cli_main(argv + cfg.perl_flags().split()) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["signature"] == cfg.signature()
    cli = out["comparisons"][0]
    shown = ranking(at)
    assert list(shown["system"]) == cli["ranking"]
    by_name = {s["name"]: s for s in cli["systems"]}
    assert [f"{x:.5f}" for x in shown["F"]] == [f"{by_name[n]['score']:.5f}" for n in shown["system"]]
    table = pairs(at)
    assert [(r.A, r.B) for r in table.itertuples()] == [(p["a"], p["b"]) for p in cli["pairs"]]
    assert [f"{x:.5f}" for x in table["p-value"]] == [f"{p['p_value']:.5f}" for p in cli["pairs"]]
    cells = matrix(at)
    for p in cli["pairs"]:
        assert cells[(p["a"], p["b"])][0].rstrip("*") == f"{p['p_value']:.5f}"


def test_seed_changes_p_values_and_a_fixed_seed_reproduces_them(monkeypatch):
    at = with_sample()
    first = {k: v[0] for k, v in matrix(at).items()}
    calls: list[str] = []
    real = ui.compute.corpus.score_system
    monkeypatch.setattr(ui.compute.corpus, "score_system", lambda *a, **k: calls.append("x") or real(*a, **k))
    ok(at.number_input(key="sys_seed").set_value(1).run())
    second = {k: v[0] for k, v in matrix(at).items()}
    assert second != first
    assert_page_equals(at, expected(at, seed=1))
    ok(at.number_input(key="sys_seed").set_value(0).run())
    assert {k: v[0] for k, v in matrix(at).items()} == first
    ok(at.number_input(key="sys_samples_bootstrap").set_value(300).run())
    ok(at.radio(key="sys_test").set_value("randomization").run())
    assert calls == []  # a new seed, number of samples or test never rescored a system


def test_pooled_convention_shows_the_pooled_scores():
    at = with_sample()
    mean = dict(zip(ranking(at)["system"], ranking(at)["F"]))
    ok(at.radio(key="sys_convention").set_value("pooled").run())
    cmp = expected(at, convention="pooled")
    assert_page_equals(at, cmp)
    pooled = dict(zip(ranking(at)["system"], ranking(at)["F"]))
    assert pooled != mean
    scores = system_scores(reports(config(at)), "ROUGE-2", "fmeasure", "pooled")
    assert all(pooled[s] == scores[s].score() for s in scores)
    assert "ROUGE-2 F (pooled counts)" in page_text(at)


def test_randomization_and_other_measures_and_statistics():
    at = with_sample()
    ok(at.radio(key="sys_test").set_value("randomization").run())
    ok(at.number_input(key="sys_samples_randomization").set_value(SAMPLES).run())
    ok(at.radio(key="sys_stat").set_value("R").run())
    ok(at.selectbox(key="sys_measure").set_value("ROUGE-L").run())
    assert_page_equals(at, expected(at, "ROUGE-L", "recall", method="randomization"))
    assert "approximate randomization, 200 shuffles" in page_text(at)


# -- messages -------------------------------------------------------------------------------------------


def test_before_loading_and_with_one_system_a_message():
    at = start()
    assert "Load a sample or your own data above" in page_text(at)
    one = (
        b'{"id": "1", "candidate": "a b c", "references": ["a b d"]}\n'
        b'{"id": "2", "candidate": "x", "references": ["x y"]}\n'
    )
    at = with_corpus("one.jsonl", one)
    assert "This corpus has one system" in page_text(at)
    assert not at.dataframe


def _summeval_without(system: str, doc_index: int) -> bytes:
    lines = (ROOT / "sample_data" / "summeval_subset.jsonl").read_bytes().splitlines(keepends=True)
    mine = [i for i, line in enumerate(lines) if json.loads(line)["model_id"] == system]
    return b"".join(line for i, line in enumerate(lines) if i != mine[doc_index])


def test_a_system_lacking_a_document_is_named_and_shared_documents_compare():
    data = _summeval_without("M11", 3)
    at = with_corpus("summeval_gap.jsonl", data)
    text = page_text(at)
    assert "Systems lacking documents: M11" in text
    assert "system 'M11' lacks 1 of 20 documents" in text
    assert not at.dataframe  # nothing compared until the user agrees to drop documents
    box = at.checkbox(key="sys_common")
    assert "Compare on the 19 documents every system has (drops 1 of 20)" in box.label
    ok(box.check().run())
    ok(at.number_input(key="sys_samples_bootstrap").set_value(SAMPLES).run())
    corpus = read_source(Source("file", "g.jsonl", (("g.jsonl", data),)), "lines").corpus
    missing = corpus.check_systems().missing["M11"]
    ids = tuple(d.doc_id for d in corpus.for_system("M8") if d.doc_id not in missing)
    scores = system_scores(reports(config(at), ids, corpus), "ROUGE-2", "fmeasure", "mean")
    assert_page_equals(at, compare_systems(scores, "bootstrap", SAMPLES, 0, config(at).confidence))
    assert "of 6 systems on 19 documents" in page_text(at)


# -- every control, the scatter and Inspect -------------------------------------------------------------


def test_no_control_change_raises():
    at = with_sample()
    ok(at.selectbox(key="sys_alpha").set_value(0.1).run())
    marked = [k for k, (t, _) in matrix(at).items() if t.endswith("*")]
    assert len(marked) >= 2  # at 0.1 more pairs are marked than at 0.05
    for measure in at.selectbox(key="sys_measure").options:
        ok(at.selectbox(key="sys_measure").set_value(measure).run())
    for stat in ("P", "R", "F"):
        ok(at.radio(key="sys_stat").set_value(stat).run())
    ok(at.multiselect(key="sys_systems").set_value(["M8", "M10", "M11"]).run())
    assert len(ranking(at)) == 3
    ok(at.multiselect(key="sys_systems").set_value(["M8"]).run())
    assert "Choose two or more systems" in page_text(at)
    ok(at.multiselect(key="sys_systems").set_value(["M8", "M10", "M11", "M17", "M20", "M22"]).run())
    ok(at.selectbox(key="sys_a").set_value("M20").run())
    ok(at.selectbox(key="sys_b").set_value("M20").run())
    assert "Choose two different systems" in page_text(at)
    ok(at.selectbox(key="sys_b").set_value("M8").run())
    ok(at.number_input(key="sys_seed").set_value(12345).run())
    ok(at.number_input(key="sys_samples_bootstrap").set_value(1).run())
    ok(at.radio(key="sys_convention").set_value("pooled").run())


def test_selected_points_list_documents_and_a_row_opens_inspect():
    at = with_sample()
    ok(at.selectbox(key="sys_a").set_value("M10").run())
    ok(at.selectbox(key="sys_b").set_value("M20").run())
    chart = at.get("plotly_chart")[0]
    picked = [2, 5, 7]
    at.session_state[chart.key] = {
        "selection": {
            "points": [{"point_index": i, "curve_number": 0} for i in picked],
            "point_indices": picked,
            "box": [],
            "lasso": [],
        }
    }
    ok(at.run())
    assert "3 selected" in page_text(at)
    docs = at.dataframe[-1]
    shown = docs.value
    scores = system_scores(reports(config(at)), "ROUGE-2", "fmeasure", "mean")
    order = scores["M10"].doc_ids
    assert set(shown["id"]) == {order[i] for i in picked}
    for row in shown.itertuples(index=False):
        k = order.index(row.id)
        assert (row[1], row[2]) == (scores["M10"].values[k], scores["M20"].values[k])
        assert row[3] == pytest.approx(row[1] - row[2], abs=1e-15)
    first = shown.iloc[0]["id"]
    at.session_state[docs.key] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    ok(at.run())
    assert "Inspect a pair" in at.title[0].value
    doc = next(d for d in summeval().for_system("M10") if d.doc_id == first)
    cand = next(t for t in at.text_area if t.key.startswith("candidate#"))
    assert cand.value == "\n".join(doc.candidate)
    other = next(d for d in summeval().for_system("M20") if d.doc_id == first)  # B's candidate, side by side
    assert next(t for t in at.text_area if t.label == "Candidate 2").value == "\n".join(other.candidate)
    assert re.search(r"system M10, document " + re.escape(first), page_text(at))


# -- downloads ------------------------------------------------------------------------------------------


def test_exports_name_the_signatures_and_hold_the_comparison():
    cfg = RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None)
    cmp = compare_systems(system_scores(reports(cfg), "ROUGE-2"), "bootstrap", SAMPLES, 3)
    rows = list(csv.DictReader(io.StringIO(view.ranking_csv(cmp, cfg.signature()))))
    assert [r["system"] for r in rows] == list(cmp.ranking)
    assert {r["comparison_signature"] for r in rows} == {cmp.signature}
    assert {r["config_signature"] for r in rows} == {cfg.signature()}
    by_name = {s.name: s for s in cmp.systems}
    assert all(float(r["score"]) == by_name[r["system"]].score.average for r in rows)
    rows = list(csv.DictReader(io.StringIO(view.pairs_csv(cmp, 0.05, cfg.signature()))))
    assert [(r["a"], r["b"]) for r in rows] == [(p.a, p.b) for p in cmp.pairs]
    assert [float(r["p_value"]) for r in rows] == [p.test.p_value for p in cmp.pairs]
    assert [r["significant"] == "True" for r in rows] == [p.test.p_value < 0.05 for p in cmp.pairs]
    assert {r["comparison_signature"] for r in rows} == {cmp.signature}
    data = json.loads(view.comparison_file(cmp, 0.05, cfg.signature(), cfg.perl_flags(), "SummEval", 20, ()))
    assert data["comparison"] == json.loads(json.dumps(to_dict(cmp)))  # the CLI's --json record
    assert data["comparison"]["signature"] == cmp.signature and data["signature"] == cfg.signature()
