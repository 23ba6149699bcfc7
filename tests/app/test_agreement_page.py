"""The Agreement page through streamlit.testing, with the annotation store in a temporary ROUGE_LENS_DATA:
an empty store gets a message; the SummEval sample loads in one click (and again, adding nothing); the
table's correlations are those of rouge_core.evaluate + rouge_core.stats.correlation computed here from the
sample file itself; a picked scatter point opens its pair in Inspect; bad choices get messages."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import ui.compute.agreement
from annotation import AnnotationStore, default_path
from rouge_core import RougeConfig, evaluate
from rouge_core.io.readers import read_corpus, read_corpus_file
from rouge_core.stats.correlation import bootstrap_interval, correlate
from rouge_core.stats.score_matrix import score_matrix
from tests.app import broken_stores
from ui.render.literal import md_literal
from ui.widgets.corpus_input import SAMPLE_DIR
from ui.widgets.corpus_input import SAMPLES as SAMPLE_SPECS

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "app_pages/agreement.py"
SAMPLES = 100  # bootstrap resamples in these tests (the page's default is 1,000)
KENDALL = "summary · Kendall τ-b"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test gets its own empty store: nothing touches the home directory."""
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    return tmp_path


def plain(text: object) -> str:
    return str(text).replace("\\", "")


def page_text(at: AppTest) -> str:
    parts = [m.value for m in (*at.markdown, *at.caption, *at.info, *at.warning, *at.error, *at.success)]
    return plain("\n".join(str(p) for p in parts))


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.session_state["agree_samples"] = SAMPLES
    at.session_state["agree_perm_samples"] = SAMPLES
    return ok(at.switch_page(PAGE).run())


def with_summeval() -> AppTest:
    return ok(start().button(key="agree_load:summeval").click().run())


def table(at: AppTest):
    return at.dataframe[0].value.set_index("variant")


@cache
def summeval_expected() -> tuple[float, tuple[float, float]]:
    """ROUGE-1 F (the sidebar's default config, CASE: no stemming, stopwords kept) against the mean of the
    3 experts' relevance, summary-level Kendall tau-b, from the sample file alone."""
    rows = [json.loads(line) for line in (ROOT / "sample_data" / "summeval_subset.jsonl").read_text().splitlines()]
    # ROUGE-1 alone (a measure's numbers do not depend on the other measures a config computes)
    config = RougeConfig().with_(stem=False, remove_stopwords=False, max_n=1, rouge_l=False, wlcs_weight=None)
    config = config.with_(skip_distance=None)
    rouge, human = [], []
    for r in rows:
        report = evaluate(r["decoded"], r["references"], config)
        rouge.append((r["model_id"], r["id"], report.measures["ROUGE-1"].score.fmeasure))
        human.append((r["model_id"], r["id"], float(np.mean([a["relevance"] for a in r["expert_annotations"]]))))
    x = score_matrix(rouge)
    z = score_matrix(human, x.systems, x.inputs)
    value = correlate(x.values, z.values, "summary", "kendall").value
    b = bootstrap_interval(x.values, z.values, "summary", "kendall", "both", SAMPLES, 0.95, 0)
    return value, (b.low, b.high)


def test_an_empty_store_gets_a_message(data_dir):
    at = start()
    assert "The annotation store has no corpus yet" in page_text(at)
    assert not at.dataframe
    with AnnotationStore(default_path()) as store:
        assert store.corpora() == ()
    assert default_path().parent == data_dir


def test_summeval_table_equals_rouge_core(data_dir):
    at = with_summeval()
    text = page_text(at)
    assert (
        "SummEval subset is in the annotation store with its judgments (1,440 summeval-expert, 2,400 summeval-turker)"
        in text
    )
    assert "120 summaries by 6 systems on 20 documents; each human score is the mean of 3 judgments" in text
    value, (low, high) = summeval_expected()
    got = table(at).loc["ROUGE-1 · CASE", KENDALL]
    assert got == pytest.approx(value, abs=1e-12)
    cells = at.dataframe[1].value  # every cell with its interval
    row = cells[
        (cells["variant"] == "ROUGE-1 · CASE") & (cells["level"] == "summary") & (cells["coefficient"] == "Kendall τ-b")
    ]
    assert (row["low"].item(), row["high"].item()) == pytest.approx((low, high), abs=1e-12)
    assert list(table(at).index) == [
        f"{m} · {s}" for m in ("ROUGE-1", "ROUGE-2", "ROUGE-L") for s in ("CASE", "STEM", "STOP")
    ]
    assert (
        f"samples:{SAMPLES}|seed:0|conf:95|stat:F|human:SummEval subset: relevance, mean of summeval-expert"
        in at.code[0].value
    )
    # The permutation test compares the first two variants.
    assert "ROUGE-1 · CASE: " in text and "permutations at least as far apart" in text


def test_loading_again_adds_nothing(data_dir):
    at = with_summeval()
    ok(at.button(key="agree_load:summeval").click().run())
    assert "(1,440 summeval-expert, 2,400 summeval-turker)" in page_text(at)
    with AnnotationStore(default_path()) as store:
        (info,) = store.corpora()
        assert len(store.judgments(info.id)) == 3840 and info.n_items == 120


def test_crowd_judgments_and_recall_change_the_numbers(data_dir):
    at = with_summeval()
    expert = table(at).loc["ROUGE-1 · CASE", KENDALL]
    ok(at.multiselect(key="agree_sources").set_value(["summeval-turker"]).run())
    assert "mean of 5 judgments of relevance (summeval-turker)" in page_text(at)
    assert table(at).loc["ROUGE-1 · CASE", KENDALL] != expert
    ok(at.radio(key="agree_stat").set_value("R").run())
    assert "stat:R" in at.code[0].value


def test_realsumm_sample_loads(data_dir):
    at = ok(start().button(key="agree_load:realsumm").click().run())
    assert "REALSumm subset is in the annotation store" in page_text(at)
    assert at.selectbox(key="agree_criterion").value == "litepyramid_recall"
    assert not np.isnan(table(at).loc["ROUGE-1 · CASE", KENDALL])


def test_a_picked_point_opens_the_pair_in_inspect(data_dir, monkeypatch):
    at = with_summeval()
    doc_id = "dm-test-8764fb95bfad8ee849274873a92fb8d6b400eee2"
    # AppTest cannot click a plotly point: the page's reading of the selection is replaced by the pick
    # (ui.compute.agreement.picked_point is tested on its own in tests/app/test_meta_eval.py).
    monkeypatch.setattr(ui.compute.agreement, "picked_point", lambda event, frame: ("M8", doc_id))
    ok(at.run())
    assert at.session_state["corpus_opened"].doc_id == doc_id
    assert "paul merson has restarted his row with andros townsend" in at.session_state["_kept:candidate"]
    assert "Opened from the corpus SummEval subset, system M8" in page_text(at)


@pytest.mark.parametrize(
    ("widget", "key", "value", "message"),
    [
        ("multiselect", "agree_sources", [], "Choose at least one source of judgments."),
        ("multiselect", "agree_measures", [], "Choose at least one measure and one setting."),
        ("multiselect", "agree_settings", [], "Choose at least one measure and one setting."),
        ("multiselect", "agree_levels", [], "Choose at least one level"),
        ("multiselect", "agree_coefs", [], "Choose at least one level"),
        ("selectbox", "agree_perm_b", "ROUGE-1 · CASE", "Choose two different variants."),
    ],
)
def test_bad_choices_get_messages(data_dir, widget, key, value, message):
    at = with_summeval()
    ok(getattr(at, widget)(key=key).set_value(value).run())
    assert message in page_text(at)


def _store_corpus(records: list[tuple[str, str, int]], name: str) -> None:
    """A corpus with one relevance judgment per (system, document, value) record."""
    data = "\n".join(
        json.dumps({"id": d, "system": s, "candidate": f"{s} {d} summary text", "reference": "the reference text"})
        for s, d, _ in records
    )
    with AnnotationStore(default_path()) as store:
        cid = store.add_corpus(read_corpus(data.encode(), name))
        relevance = store.summeval_rubric().criterion("relevance")
        for item, (_, _, value) in zip(store.items(cid), records):
            store.record(item.id, relevance, "ann", value)


def test_constant_human_scores_get_a_message(data_dir):
    _store_corpus([(s, d, 3) for s in "AB" for d in ("d1", "d2")], "constant.jsonl")
    at = start()
    assert "Every human score for relevance (annotated) in constant.jsonl is 3: no correlation is defined" in page_text(
        at
    )
    assert not at.dataframe


def test_one_system_gives_the_global_level_only(data_dir):
    _store_corpus([("A", f"d{k}", 1 + k % 5) for k in range(6)], "single.jsonl")
    at = start()
    assert "Only one system (A) has human scores" in page_text(at)
    assert all(c.startswith("global") for c in table(at).columns)


def test_a_corpus_without_judgments_gets_a_message(data_dir):
    with AnnotationStore(default_path()) as store:
        store.add_corpus(read_corpus(b'{"id": "d1", "system": "A", "candidate": "a", "reference": "b"}', "bare.jsonl"))
    at = start()
    assert "No judgments in bare.jsonl yet" in page_text(at)


def test_lins_grid_in_one_click(data_dir):
    # REALSumm (one reference a summary) keeps the 12 measures x 3 settings quick to score.
    at = ok(start().button(key="agree_load:realsumm").click().run())
    at.multiselect(key="agree_coefs").set_value(["kendall"])
    ok(at.multiselect(key="agree_levels").set_value(["summary"]).run())
    ok(at.button(key="agree_lin").click().run())
    measures = ["ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-L", "ROUGE-W-1.2"]
    measures += ["ROUGE-S*", "ROUGE-S4", "ROUGE-S9", "ROUGE-SU*", "ROUGE-SU4", "ROUGE-SU9"]
    assert list(table(at).index) == [f"{m} · {s}" for m in measures for s in ("CASE", "STEM", "STOP")]
    grid = at.dataframe[2].value  # Lin's layout: a row per setting, a column per measure
    assert list(grid["setting"]) == ["CASE", "STEM", "STOP"] and list(grid.columns[1:]) == measures
    value = table(at).loc["ROUGE-SU4 · STOP", KENDALL]
    assert grid.set_index("setting").loc["STOP", "ROUGE-SU4"] == f"{value:.2f}"


def test_choices_survive_a_page_switch(data_dir):
    at = with_summeval()
    at.multiselect(key="agree_measures").set_value(["ROUGE-2"])
    ok(at.radio(key="agree_stat").set_value("P").run())
    ok(at.switch_page("app_pages/inspect.py").run())
    ok(at.switch_page(PAGE).run())
    assert at.multiselect(key="agree_measures").value == ["ROUGE-2"]
    assert at.radio(key="agree_stat").value == "P"
    assert list(table(at).index) == ["ROUGE-2 · CASE", "ROUGE-2 · STEM", "ROUGE-2 · STOP"]


@pytest.mark.parametrize("kind", broken_stores.KINDS)
def test_a_store_that_cannot_be_opened_gets_the_annotate_pages_message_and_stays_untouched(kind, data_dir):
    path, message = broken_stores.make(kind, data_dir)
    before = broken_stores.fingerprint(path)
    at = start()
    assert [plain(e.value) for e in at.error] == [message]  # the same words as on the Annotate page
    at.button(key="agree_load:summeval").click().run()  # a sample cannot be stored there either
    assert not at.exception
    assert [plain(e.value) for e in at.error] == [f"The sample was not loaded: {message}", message]
    assert broken_stores.fingerprint(path) == before


def _summeval_with_testers() -> None:
    """The SummEval sample stored with a tester's relevance on 10 summaries: 2 per document on 5 documents."""
    spec = SAMPLE_SPECS["summeval"]
    with AnnotationStore(default_path()) as store:
        cid = store.add_corpus(read_corpus_file(str(SAMPLE_DIR / spec.file)), spec.title)
        relevance = store.summeval_rubric().criterion("relevance")
        by_doc: dict[str, list] = {}
        for item in store.items(cid):
            by_doc.setdefault(item.doc_id, []).append(item)
        picked = [it for items in list(by_doc.values())[:5] for it in items[:2]]
        for k, item in enumerate(picked):
            store.record(item.id, relevance, "tester", 1 + k % 5)


def test_loading_a_sample_switches_to_its_judgments_and_names_them(data_dir):
    # Issue 17, point 8: the source stayed on the testers' 10 summaries after loading SummEval's judgments.
    _summeval_with_testers()
    at = start()
    assert at.multiselect(key="agree_sources").value == ["annotated"]
    assert "Human scores: **annotated** (relevance in SummEval subset)" in plain(at.markdown[0].value)
    ok(at.button(key="agree_load:summeval").click().run())
    assert at.multiselect(key="agree_sources").value == ["summeval-expert"]
    assert at.selectbox(key="agree_criterion").value == "relevance"
    assert "Human scores: **summeval-expert** (relevance in SummEval subset)" in plain(at.markdown[0].value)
    assert "No summary level correlation" not in page_text(at)


def test_a_level_with_two_summaries_per_document_says_why_instead_of_a_value(data_dir):
    _summeval_with_testers()
    at = start()
    text = page_text(at)
    assert (
        "No summary level correlation: too small: every document has at most 2 summaries scored by both "
        "(a correlation needs 3). Its cells are grey." in text
    )
    values = table(at)[KENDALL]
    assert values.isna().all() and len(values) == 9  # ROUGE-1, 2, L x CASE, STEM, STOP
    assert not any(abs(v) == 1.0 for v in values)


def test_back_from_inspect_returns_to_agreement_scrolled_to_the_ringed_point(data_dir, monkeypatch):
    # Issue 17, point 8: "Back to ..." names the page it returns to, scrolls to the scatter, rings the point.
    at = with_summeval()
    doc_id = "dm-test-8764fb95bfad8ee849274873a92fb8d6b400eee2"
    with monkeypatch.context() as m:
        m.setattr(ui.compute.agreement, "picked_point", lambda event, frame: ("M8", doc_id))
        ok(at.run())
    ok(at.switch_page("app_pages/inspect.py").run())  # AppTest reruns the page it was last switched to
    back = at.button(key="back_to_corpus")
    assert back.label == "Back to Agreement with humans"
    ok(back.click().run())
    assert at.title[0].value == "ROUGE Lens · Agreement with humans"
    assert "corpus_returning" not in at.session_state and at.session_state["corpus_returns"] == 1
    frames = [e for e in at.get("iframe") if "scrollIntoView" in str(e.proto)]
    assert len(frames) == 1 and "st-key-agree_scatter-" in str(frames[0].proto)
    spec = json.loads(at.get("plotly_chart")[1].proto.spec)
    ring = [t for t in spec["data"] if t.get("name") == "last opened"]
    assert len(ring) == 1 and ring[0]["hoverinfo"] == "skip"
    frame_rows = [(t["name"], p) for t in spec["data"][:-1] for p in zip(t["customdata"], t["y"], t["x"])]
    ((_, (_, y, x)),) = [(n, p) for n, p in frame_rows if n == "M8" and p[0][0] == doc_id]
    assert (ring[0]["x"], ring[0]["y"]) == ([x], [y])
    assert not any(b.key == "back_to_corpus" for b in at.button)  # back on the page: no way back shown


def test_the_headline_shows_a_corpus_name_literally(data_dir):
    name = "*bold* [x](http://e) <b>.jsonl"
    _store_corpus([(s, f"d{k}", 1 + (k + i) % 5) for i, s in enumerate("ABC") for k in range(3)], name)
    at = start()
    head = at.markdown[0].value
    assert f"(relevance in {md_literal(name, 200)})" in head and "*bold*" not in head and "<b>" not in head
