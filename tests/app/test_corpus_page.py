"""The Corpus page through streamlit.testing: the samples with their counts, the numbers equal to
rouge_core.evaluate_corpus, bad files with their messages, a selected row in Inspect and back, exports."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core import RougeConfig
from rouge_core.batch.corpus import evaluate_corpus
from rouge_core.io.readers import read_corpus
from tests.app.inspect_html import scores_table
from ui.compute.corpus import CORPUS, measure, problems, score_system
from ui.render import corpus_export as export
from ui.render.corpus import examples_frame, filter_rows, interval_text, search_texts, sort_rows
from ui.widgets.corpus_input import SAMPLES, Source, describe, read_source, sample_source
from ui.widgets.options import DEFAULT, PRESETS

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
KEY = "corpus"


def plain(text: object) -> str:
    """Markdown text without md_literal's backslashes."""
    return str(text).replace("\\", "")


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("app_pages/corpus.py").run()
    assert not at.exception, at.exception
    return at


def load_sample(at: AppTest, sample: str) -> AppTest:
    at.button(key=f"corpus:{KEY}:sample:{sample}").click().run()
    assert not at.exception, at.exception
    return at


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.caption] + [m.value for m in at.info]
    parts += [m.value for m in at.error] + [m.value for m in at.warning] + [m.value for m in at.success]
    return plain("\n".join(str(p) for p in parts))


def table(at: AppTest):
    return next(d for d in at.dataframe if (d.key or "").startswith("corpus_table:"))


def expected_report(sample: str, system: str, config: RougeConfig, sentences: str = "lines"):
    name = SAMPLES[sample].file
    corpus = read_corpus((ROOT / "sample_data" / name).read_bytes(), name, sentences)
    pairs, ids = corpus.pairs(system)
    return corpus, evaluate_corpus(pairs, config, ids=ids, peer_id=system)


# -- loading --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sample, systems, docs, refs", [("summeval", 6, 20, 11), ("realsumm", 5, 20, 1)], ids=["summeval", "realsumm"]
)
def test_each_sample_loads_with_its_counts(sample, systems, docs, refs):
    at = load_sample(start(), sample)
    text = page_text(at)
    each = f"{refs} reference{'s' if refs > 1 else ''} each"
    assert f"{systems * docs} pairs: {systems} systems × {docs} documents, {each}" in text
    assert f"Corpus: {SAMPLES[sample].title}" in text
    assert len(at.selectbox(key="corpus_system").options) == systems
    assert "Sentences used:" in text
    assert "Limits: uploads up to 50 MB" in text  # the readers' limits are stated
    assert CORPUS.describe() in text  # and the page's budget
    assert len(table(at).value) == docs


def test_corpus_numbers_equal_evaluate_corpus_to_the_printed_digits():
    at = load_sample(start(), "summeval")
    for system in ("M8", "M17"):
        at.selectbox(key="corpus_system").set_value(system).run()
        assert not at.exception, at.exception
        corpus, rep = expected_report("summeval", system, DEFAULT)
        summary = at.dataframe[0].value.set_index("measure")
        assert list(summary.index) == list(rep.measures)
        for label, m in rep.measures.items():
            row = summary.loc[label]
            for stat, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure)):
                assert f"{row[stat]:.5f}" == f"{iv.average:.5f}", (system, label, stat)
                assert row[f"{stat} 95% interval"] == interval_text(iv)
            assert row["pairs"] == 20
        cards = {m.label: m.value for m in at.metric}
        assert cards["ROUGE-L F"] == f"{rep.measures['ROUGE-L'].fmeasure.average:.5f}"
        # every pair's row is that pair's score in the report
        rows = table(at).value.set_index("id")
        for inst in rep.instances:
            assert rows.loc[inst.eval_id, "ROUGE-L F"] == inst.measures["ROUGE-L"].score.fmeasure
            assert rows.loc[inst.eval_id, "ROUGE-2 R"] == inst.measures["ROUGE-2"].score.recall


def test_the_sidebar_config_and_the_sentence_mode_reach_the_numbers():
    at = load_sample(start(), "realsumm")
    name = next(k for k in PRESETS if k.startswith("rouge-score"))
    at.sidebar.selectbox(key="opt_preset").set_value(name).run()
    at.radio(key=f"corpus:{KEY}:sentences").set_value("split").run()
    assert not at.exception, at.exception
    system = at.selectbox(key="corpus_system").value
    _, rep = expected_report("realsumm", system, PRESETS[name], "split")
    summary = at.dataframe[0].value.set_index("measure")
    assert list(summary.index) == ["rouge1", "rouge2", "rougeLsum", "rougeL"]
    assert f"{summary.loc['rougeLsum', 'F']:.5f}" == f"{rep.measures['ROUGE-L'].fmeasure.average:.5f}"
    assert "REALSumm's <t> ... </t> tags" in page_text(at)  # the sentences REALSumm's tags give, said


def _upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.file_uploader(key=f"corpus:{KEY}:upload").upload(name, data).run()
    assert not at.exception, at.exception
    if name.endswith((".csv", ".tsv")):
        return at
    at.button(key=f"corpus:{KEY}:load_file").click().run()
    assert not at.exception, at.exception
    return at


def _zip(members: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for k, v in members.items():
            z.writestr(k, v)
    return buf.getvalue()


BAD_FILES = {
    "wrong schema": ("runs.jsonl", b'{"text": "a b", "label": 1}\n', "runs.jsonl line 1: no candidate"),
    "invalid UTF-8": (
        "runs.jsonl",
        b'{"candidate": "caf\xe9", "reference": "b"}\n',
        "line 1, byte 19: not valid UTF-8",
    ),
    "empty file": ("runs.jsonl", b"", "runs.jsonl: the file is empty"),
    "zip without the config's files": (
        "rouge.zip",
        _zip({"run/list.lst": "peers/1.txt models/1a.txt\n", "run/peers/1.txt": "a b\n"}),
        "the file 'models/1a.txt' is not in the zip",
    ),
    "not a corpus at all": ("notes.json", b"[1, 2, 3]", "notes.json item 1: an item of the array must be an object"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_files_give_their_message_and_no_exception(case):
    name, data, fragment = BAD_FILES[case]
    at = _upload(start(), name, data)
    errors = [plain(e.value) for e in at.error]
    assert errors and fragment in errors[0], errors
    assert "Traceback" not in page_text(at)
    assert not any((d.key or "").startswith("corpus_table:") for d in at.dataframe)  # nothing was scored


def test_bad_file_keeps_the_corpus_loaded_before():
    at = load_sample(start(), "realsumm")
    at = _upload(at, *BAD_FILES["wrong schema"][:2])
    assert at.error and "Corpus: REALSumm subset" in page_text(at)


def test_line_aligned_files_and_their_mismatched_line_counts():
    at = start()
    at.radio(key=f"corpus:{KEY}:how").set_value("aligned").run()
    at.file_uploader(key=f"corpus:{KEY}:aligned_cand").upload("cand.txt", b"police kill the gunman\na b\n")
    at.file_uploader(key=f"corpus:{KEY}:aligned_refs").upload("ref.txt", b"police killed the gunman\n").run()
    at.button(key=f"corpus:{KEY}:load_aligned").click().run()
    assert not at.exception, at.exception
    assert "line counts differ: cand.txt has 2 lines, ref.txt has 1" in plain(at.error[0].value)
    at.file_uploader(key=f"corpus:{KEY}:aligned_refs").clear().upload("ref.txt", b"police killed the gunman\n\n").run()
    at.button(key=f"corpus:{KEY}:load_aligned").click().run()
    assert not at.exception, at.exception
    text = page_text(at)
    assert "1 pair: 1 system × 1 document, 1 reference each" in text
    assert "1 skipped" in " ".join(e.label for e in at.expander)  # the empty reference line is listed
    assert table(at).value["ROUGE-L R"].tolist() == [0.75]


def test_a_table_with_chosen_columns():
    data = b"doc,system,summary,gold1,gold2\n1,A,police kill the gunman,police killed the gunman,\n"
    at = _upload(start(), "runs.csv", data)
    assert at.selectbox(key=f"corpus:{KEY}:col_cand").value == "summary"  # guessed from the names
    assert at.selectbox(key=f"corpus:{KEY}:col_id").value == "doc"
    at.multiselect(key=f"corpus:{KEY}:col_refs").set_value(["gold1", "gold2"]).run()
    at.button(key=f"corpus:{KEY}:load_file").click().run()
    assert not at.exception, at.exception
    assert "1 pair: 1 system × 1 document, 1 reference each" in page_text(at)
    assert "1 skipped" in " ".join(e.label for e in at.expander)  # gold2's empty cell
    assert table(at).value["id"].tolist() == ["1"]


def test_a_corpus_over_the_budget_is_refused_with_a_message():
    long = " ".join(["word"] * 6_000)
    at = _upload(start(), "long.jsonl", json.dumps({"id": "d1", "candidate": long, "reference": "a b"}).encode())
    text = page_text(at)
    assert "too large for the Corpus page" in text and "6,000 words (at most 5,000)" in text
    assert not any((d.key or "").startswith("corpus_table:") for d in at.dataframe)


# -- the table, Inspect and back ------------------------------------------------------------------------


def test_filters_sort_and_search_narrow_the_table():
    at = load_sample(start(), "summeval")
    full = table(at).value
    at.slider(key="corpus_range").set_value((0.2, 1.0)).run()
    shown = table(at).value
    assert 0 < len(shown) < len(full) and (shown["ROUGE-L F"] >= 0.2).all()
    at.selectbox(key="corpus_sort").set_value("highest first").run()
    assert table(at).value["ROUGE-L F"].is_monotonic_decreasing
    at.slider(key="corpus_range").set_value((0.0, 1.0)).run()
    box = next(t for t in at.text_area if t.key.startswith("corpus_search#"))
    box.set_value("merson townsend").run()
    assert not at.exception, at.exception
    assert table(at).value["id"].tolist() == ["dm-test-8764fb95bfad8ee849274873a92fb8d6b400eee2"]


def test_selecting_a_row_opens_the_pair_in_inspect_and_back_keeps_the_corpus():
    at = load_sample(start(), "summeval")
    at.selectbox(key="corpus_system").set_value("M11").run()
    at.selectbox(key="corpus_measure").set_value("ROUGE-2").run()
    rows = table(at).value
    doc_id, row_f = rows.iloc[3]["id"], rows.iloc[3]["ROUGE-L F"]
    at.session_state[table(at).key] = {"selection": {"rows": [3]}}
    at.run()
    assert not at.exception, at.exception
    # Inspect, with the pair's texts (one sentence a line) and the same config
    assert "Inspect a pair" in at.title[0].value
    corpus, _ = expected_report("summeval", "M11", DEFAULT)
    doc = next(d for d in corpus.for_system("M11") if d.doc_id == doc_id)
    cand = next(t for t in at.text_area if t.key.startswith("candidate#"))
    refs = [t.value for t in at.text_area if t.key.startswith("ref_")]
    assert cand.value == "\n".join(doc.candidate)
    assert refs == ["\n".join(r) for r in doc.references]
    shown = scores_table(at).set_index("measure")  # Inspect's scores, as its table shows them (5 decimals)
    assert f"{shown.loc['ROUGE-L', 'F']:.5f}" == f"{row_f:.5f}"
    assert any(doc_id in plain(c.value) for c in at.caption)
    # back: the corpus, the system, the measure and the selected row are kept
    at.button(key="back_to_corpus").click().run()
    assert not at.exception, at.exception
    assert "Corpus" in at.title[0].value
    assert "Corpus: SummEval subset" in page_text(at)
    assert at.selectbox(key="corpus_system").value == "M11"
    assert at.selectbox(key="corpus_measure").value == "ROUGE-2"
    assert at.session_state[f"corpus:{KEY}:selected"][2] == doc_id
    assert any(plain(b.label).startswith(f"Open document {doc_id}") for b in at.button)
    # Inspect opened from the sidebar afterwards has no way back
    at.switch_page("app_pages/inspect.py").run()
    assert not any(b.key == "back_to_corpus" for b in at.button)


def test_inspect_has_no_back_button_when_not_opened_from_a_corpus():
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    assert not any(b.key == "back_to_corpus" for b in at.button)


# -- exports --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def scored_m8():
    return score_system(read_source(sample_source("summeval"), "lines"), "M8", DEFAULT)


def test_the_page_offers_every_download():
    at = load_sample(start(), "realsumm")
    labels = [b.label for b in at.get("download_button")]
    assert labels == ["Per-pair CSV", "Per-pair JSON", "Corpus JSON", "LaTeX table", "HTML report"] + [
        "Paper table (LaTeX)",
        "Paper table (Markdown)",
    ]
    codes = [c.value for c in at.main.code]
    assert DEFAULT.signature() in codes and export.perl_command(DEFAULT) in codes


def test_per_pair_csv_keeps_integer_counts_the_signature_and_ids(scored_m8):
    rows = list(csv.DictReader(io.StringIO(export.examples_csv(scored_m8))))
    assert len(rows) == 20
    assert [r["id"] for r in rows] == list(scored_m8.doc_ids)
    assert {r["signature"] for r in rows} == {DEFAULT.signature()}
    for r in rows:
        for field in ("ROUGE-1 hits", "ROUGE-1 reference total", "ROUGE-1 candidate total", "candidate tokens"):
            assert r[field].isdigit(), (field, r[field])  # "23", never "23.0"
        assert r["candidate id"].startswith("sha1:") and len(r["reference ids"].split()) == 11
    by_id = {i.eval_id: i for i in scored_m8.report.instances}
    first = rows[0]
    m = by_id[first["id"]].measures["ROUGE-1"]
    assert int(first["ROUGE-1 hits"]) == m.counts.hit and float(first["ROUGE-1 R"]) == m.score.recall


def test_json_exports_name_the_signature_command_and_ids(scored_m8):
    pairs = json.loads(export.examples_json(scored_m8))
    whole = json.loads(export.corpus_json(scored_m8))
    for doc in (pairs, whole):
        assert doc["signature"] == DEFAULT.signature()
        assert doc["perl_command"] == f"ROUGE-1.5.5.pl -e data {DEFAULT.perl_flags()} config.xml"
        assert doc["ids"] == list(scored_m8.doc_ids) and doc["system"] == "M8"
    assert pairs["examples"][0]["measures"]["ROUGE-1"]["counts"]["hit"] == int(
        pairs["examples"][0]["measures"]["ROUGE-1"]["counts"]["hit"]
    )
    r1 = scored_m8.report.measures["ROUGE-1"]
    assert whole["measures"]["ROUGE-1"]["f"] == {
        "average": r1.fmeasure.average,
        "ci_low": r1.fmeasure.ci_low,
        "ci_high": r1.fmeasure.ci_high,
    }
    assert isinstance(whole["measures"]["ROUGE-1"]["totals"]["hit"], int)


def test_latex_table(scored_m8):
    tex = export.latex_table(scored_m8)
    assert f"% signature: {DEFAULT.signature()}" in tex
    assert export.perl_command(DEFAULT) in tex
    r1 = scored_m8.report.measures["ROUGE-1"]
    assert f"ROUGE-1 & {r1.recall.average:.5f} & {r1.precision.average:.5f} & {r1.fmeasure.average:.5f} \\\\" in tex
    assert "\\begin{tabular}{lrrr}" in tex and tex.count("\\\\") == 1 + 2 * len(scored_m8.report.measures)
    assert export.latex_escape("a_b & 50% #1 {x}") == "a\\_b \\& 50\\% \\#1 \\{x\\}"


def test_html_report_is_self_contained_and_escaped(scored_m8):
    from dataclasses import replace

    page = export.html_report(replace(scored_m8, corpus="<script>alert(1)</script>"))
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert DEFAULT.signature() in page and export.perl_command(DEFAULT) in page
    assert "<script src=" not in page.replace(" ", "") and "cdn.plot.ly/plotly" not in page  # opens offline
    assert page.count("plotly.js v") <= 2  # the library once (its banner), not once per figure
    assert len(page) < 6_000_000
    r1 = scored_m8.report.measures["ROUGE-1"]
    assert f"<td>{r1.fmeasure.average:.5f}</td>" in page


# -- the pure parts -------------------------------------------------------------------------------------


def test_read_source_names_the_problem():
    src = Source("aligned", "c.txt", (("c.txt", b"a\nb\n"), ("r.txt", b"a\n")))
    with pytest.raises(ValueError, match="line counts differ"):
        read_source(src, "lines")
    a = read_source(Source("file", "x.jsonl", (("x.jsonl", b'{"candidate": "a", "reference": "b"}'),)), "lines")
    b = read_source(Source("file", "x.jsonl", (("x.jsonl", b'{"candidate": "a", "reference": "c"}'),)), "lines")
    assert a.digest != b.digest  # the cache key follows the data
    assert describe(a.corpus) == "1 pair: 1 system × 1 document, 1 reference each"


def test_budget_counts_words_and_word_pairs():
    corpus = read_source(sample_source("summeval"), "lines").corpus
    size = measure(corpus.for_system("M8"))
    assert size.pairs == 20 and size.references == 220
    assert problems(size, DEFAULT) == []
    assert size.seconds() < 5


def test_filter_and_sort(scored_m8):
    frame, _ = examples_frame(scored_m8)
    corpus = read_source(sample_source("summeval"), "lines").corpus
    texts = search_texts(corpus.for_system("M8"))
    assert len(filter_rows(frame, "ROUGE-1 F", 0.0, 1.0, "", texts)) == 20
    assert len(filter_rows(frame, "ROUGE-1 F", 0.0, 1.0, "zzzz-not-there", texts)) == 0
    picked = filter_rows(frame, "ROUGE-1 F", 0.0, 1.0, picked={1, 5})
    assert list(picked.index) == [1, 5]  # figure selections are the table's positions
    assert sort_rows(frame, "ROUGE-1 F", "lowest first")["ROUGE-1 F"].is_monotonic_increasing


def test_a_measure_the_sidebar_turns_off_falls_back_without_an_error():
    at = load_sample(start(), "realsumm")
    at.selectbox(key="corpus_measure").set_value("ROUGE-W-1.2").run()
    assert list(table(at).proto.column_order)[1] == "ROUGE-W-1.2 R"  # the chosen measure's columns come first
    at.sidebar.checkbox(key="opt_w_on").uncheck().run()
    assert not at.exception, at.exception
    assert at.selectbox(key="corpus_measure").value == "ROUGE-L"
    assert "ROUGE-W-1.2 F" not in table(at).value.columns


@pytest.mark.parametrize(
    "changes",
    [{"multi_ref": "jackknife"}, {"multi_ref": "best"}, {"profile": "paper"}, {"word_limit": 10}],
    ids=["jackknife", "best", "paper", "word-limit"],
)
def test_other_settings_score_without_errors(changes):
    at = load_sample(start(), "realsumm")
    settings = {**DEFAULT.__dict__, **changes}
    from ui.widgets.options import config_to_state

    for k, v in config_to_state(RougeConfig(**settings)).items():
        at.session_state[k] = v
    at.run()
    assert not at.exception, at.exception
    system = at.selectbox(key="corpus_system").value
    _, rep = expected_report("realsumm", system, RougeConfig(**settings))
    summary = at.dataframe[0].value.set_index("measure")
    assert f"{summary.loc['ROUGE-1', 'F']:.5f}" == f"{rep.measures['ROUGE-1'].fmeasure.average:.5f}"


def test_a_document_id_in_markdown_stays_text():
    record = {"id": "[x](http://example.com) **b**", "candidate": "a b", "reference": "a c"}
    at = _upload(start(), "md.jsonl", json.dumps(record).encode())
    at.session_state[table(at).key] = {"selection": {"rows": [0]}}
    at.run()
    assert not at.exception, at.exception
    at.button(key="back_to_corpus").click().run()
    again = next(b for b in at.button if plain(b.label).startswith("Open document"))
    assert "\\[x\\]\\(http" in again.label and "\\*\\*b\\*\\*" in again.label  # escaped: no link, no bold


@pytest.mark.parametrize(
    ("how", "button", "message"),
    [
        ("file", "load_file", "The upload has not arrived yet: choose a file above if you have not, wait for the file "
         "name to appear under the box, then press Load again."),
        ("aligned", "load_aligned", "The uploads have not arrived yet: choose a candidate file and at least one "
         "reference file if you have not, wait for their names to appear under the boxes, then press Load again."),
    ],
)  # fmt: skip
def test_load_pressed_before_the_upload_arrived_says_so(how, button, message):
    # Issue 17, point 9: pressed before the uploader held the file, Load said "Choose a file first."
    at = start()
    at.radio(key=f"corpus:{KEY}:how").set_value(how).run()
    at.button(key=f"corpus:{KEY}:{button}").click().run()
    assert not at.exception, at.exception
    assert [plain(e.value) for e in at.error] == [message]
    # Loaded over an existing corpus (the loader in its expander), the corpus stays and the message shows.
    at = load_sample(at, "realsumm")
    at.button(key=f"corpus:{KEY}:{button}").click().run()
    assert [plain(e.value) for e in at.error] == [message] and "Corpus: REALSumm subset" in page_text(at)


def test_back_to_the_corpus_scrolls_to_the_table_and_keeps_the_row():
    # Issue 17, point 8: the way back landed at the top of the corpus page; now it scrolls to the table.
    at = load_sample(start(), "summeval")
    doc_id = table(at).value.iloc[3]["id"]
    at.session_state[table(at).key] = {"selection": {"rows": [3]}}
    at.run()
    at.switch_page("app_pages/inspect.py").run()  # AppTest reruns the page it was last switched to
    back = at.button(key="back_to_corpus")
    assert back.label == "Back to the corpus"
    back.click().run()
    assert not at.exception, at.exception
    assert "Corpus" in at.title[0].value and at.session_state[f"corpus:{KEY}:selected"][2] == doc_id
    frames = [str(e.proto) for e in at.get("iframe") if "scrollIntoView" in str(e.proto)]
    assert len(frames) == 1 and "st-key-corpus_table-" in frames[0]
    at.run()  # scrolled once: a later run of the page does not scroll again
    assert not [e for e in at.get("iframe") if "scrollIntoView" in str(e.proto)]
