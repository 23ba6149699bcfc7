"""The paper table on the Systems and Corpus pages, and the HTML report of every system.

Systems page (SummEval sample through streamlit.testing): the page offers the LaTeX and Markdown table;
the table the page's compute functions make has, in its ROUGE-2 column, exactly the ranking's numbers on
screen (score and interval), in every other column the numbers of compare_systems on evaluate_corpus, and
a mark exactly where the pair's p-value against the baseline is below the level. Corpus page (a 3-system
upload whose names are markup): the report and the table cover every system, names escaped."""

from __future__ import annotations

import html
import json
import re
from functools import cache

from streamlit.testing.v1 import AppTest

from rouge_core import RougeConfig
from rouge_core.batch.corpus import evaluate_corpus
from rouge_core.io.paper_table import latex, markdown, markdown_escape
from rouge_core.measures.registry import display_name
from rouge_core.stats.comparison import compare_systems
from rouge_core.stats.systems import system_scores
from ui.compute.corpus import ScoredSystem, score_system
from ui.compute.paper_table import corpus_table, systems_table
from ui.compute.systems import Settings
from ui.render.corpus import headline
from ui.render.corpus_export import html_report
from ui.render.numbers import number
from ui.widgets.corpus_input import LOADED, Loaded, Source, read_source, sample_source

from ..unit.test_paper_table import latex_rows, md_cells
from .test_systems_page import APP, KEY, SAMPLES, config, ok, ranking, with_sample

NAMES = ("a_b & c%", "<b>bold</b>", "plain")


@cache
def summeval() -> Loaded:
    return read_source(sample_source("summeval"), "lines")


def scored_all(current: Loaded, cfg: RougeConfig) -> dict[str, ScoredSystem]:
    return {s: score_system(current, s, cfg) for s in current.corpus.systems()}


def cell(score: float, low: float | None, high: float | None) -> str:
    """A LaTeX cell as the page's formatter writes it (bold and mark stripped by the caller)."""
    return f"{number(score)} {{\\scriptsize [{number(low)}, {number(high)}]}}"


def plain_cell(text: str) -> tuple[str, str]:
    """A LaTeX cell without its bold -> (the cell, its mark: '', 'better' or 'worse')."""
    mark = "better" if text.endswith("{\\dag}") else "worse" if text.endswith("{\\ddag}") else ""
    text = re.sub(r"\\textsuperscript\{\\d?dag\}$", "", text)
    return re.sub(r"\\textbf\{([^}]*)\}", r"\1", text), mark


def test_the_systems_page_table_equals_the_page_and_compare_systems():
    at = with_sample()
    labels = [b.proto.label for b in at.get("download_button")]
    assert "Paper table (LaTeX)" in labels and "Paper table (Markdown)" in labels
    cfg = config(at)
    scored = scored_all(summeval(), cfg)
    baseline = next(iter(scored))
    assert at.selectbox(key="sys_paper_baseline").value == baseline  # the first system by default
    names = {label: display_name(label, cfg.profile) for label in cfg.measure_labels()}
    settings = Settings("ROUGE-2", "fmeasure", "mean", "bootstrap", SAMPLES, 0, cfg.confidence)
    table = systems_table(scored, settings, list(names), names, baseline, 0.05, cfg)
    rules, rows, caption = latex_rows(latex(table, number))
    assert rules == ["\\toprule", "\\midrule", "\\bottomrule"]
    systems = [r[0].removesuffix(" (baseline)") for r in rows]
    assert systems == list(scored) and rows[0][0] == f"{baseline} (baseline)"
    # the ROUGE-2 column is the ranking on screen, number for number
    shown = {row.system: row for row in ranking(at).itertuples(index=False)}
    col = 1 + list(names).index("ROUGE-2")
    for name, row in zip(systems, rows):
        page = shown[name]
        low, high = page[3].split(" – ")
        assert plain_cell(row[col])[0] == f"{page[2]:.5f} {{\\scriptsize [{low}, {high}]}}"
    # every column is compare_systems on each system's evaluate_corpus report; marks where p < 0.05
    corpus = summeval().corpus
    reports = {}
    for s in corpus.systems():
        pairs, ids = corpus.pairs(s)
        reports[s] = evaluate_corpus(pairs, cfg, ids=ids, peer_id=s)
    marked = 0
    for j, label in enumerate(names, 1):
        cmp = compare_systems(system_scores(reports, label), "bootstrap", SAMPLES, 0, cfg.confidence)
        by_name = {s.name: s.score for s in cmp.systems}
        top = max(number(iv.average) for iv in by_name.values())
        for name, row in zip(systems, rows):
            iv = by_name[name]
            text, mark = plain_cell(row[j])
            assert text == cell(iv.average, iv.ci_low, iv.ci_high), (label, name)
            assert row[j].startswith("\\textbf{") == (number(iv.average) == top)
            test = cmp.pair(name, baseline).test if name != baseline else None
            want = "" if test is None or test.p_value >= 0.05 else "better" if test.delta > 0 else "worse"
            assert mark == want, (label, name)
            marked += bool(mark)
    assert marked > 0  # the sample has significant differences: the check above saw marks, not only blanks
    assert "\\texttt{" + cfg.signature().replace("|", "|\\allowbreak{}") + "}" in caption
    assert "on 20 documents" in caption and f"{cfg.confidence:g}\\% confidence intervals" in caption
    assert f"paired bootstrap (Koehn 2004), {SAMPLES} resamples, seed 0" in caption


def test_the_systems_page_baseline_picker_changes_nothing_else():
    at = with_sample()
    before = ranking(at)
    at = ok(at.selectbox(key="sys_paper_baseline").set_value("M20").run())
    assert at.selectbox(key="sys_paper_baseline").value == "M20"
    assert ranking(at).equals(before)


def three_systems() -> bytes:
    docs = [
        ("1", "the cat sat on the mat", "the cat sat on a mat"),
        ("2", "a dog ran in the park today", "the dog ran in a park"),
        ("3", "rain fell over the city all night", "rain fell on the city at night"),
        ("4", "the market rose for a third day", "markets rose for the third day running"),
    ]
    lines = []
    for k, system in enumerate(NAMES):
        for doc_id, cand, ref in docs:
            words = cand.split()
            candidate = " ".join(words[: len(words) - k])  # each system drops one more word
            lines.append(json.dumps({"id": doc_id, "system": system, "candidate": candidate, "references": [ref]}))
    return ("\n".join(lines) + "\n").encode()


def test_the_corpus_page_report_and_table_cover_every_system():
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at = ok(at.switch_page("app_pages/corpus.py").run())
    current = read_source(Source("file", "three.jsonl", (("three.jsonl", three_systems()),)), "lines")
    at.session_state[LOADED.format(key=KEY)] = current
    at = ok(at.run())
    labels = [b.proto.label for b in at.get("download_button")]
    assert labels[-3:] == ["HTML report", "Paper table (LaTeX)", "Paper table (Markdown)"]
    assert "Until then" not in " ".join(c.value for c in at.caption)  # the others were scored at once
    cfg = config(at)
    scored = scored_all(current, cfg)
    assert list(scored) == list(NAMES)
    page = html_report(list(scored.values()))
    for name, s in scored.items():
        assert f"<h2>System {html.escape(name)}</h2>" in page
        heads = [f"<td>{s.report.measures[k].fmeasure.average:.5f}</td>" for k in headline(s)]
        row = next(r for r in page.split("<tr>") if r.startswith(f"<td>{html.escape(name)}</td>"))
        assert all(h in row for h in heads), name  # the overview's row: every headline F
    assert "<b>bold</b>" not in page.replace("<b>ROUGE", "")  # the name is text, never markup
    assert page.count("plotly.js v") <= 2
    table = corpus_table(scored, "R", "plain", cfg)
    rows = markdown(table, number).splitlines()[2:5]
    assert [md_cells(r)[0] for r in rows] == [markdown_escape(n) for n in NAMES[:2]] + ["plain (baseline)"]
    for s, row in zip(scored.values(), rows):
        for label, text in zip(s.report.measures, md_cells(row)[1:]):
            iv = s.report.measures[label].recall
            shown = f"{number(iv.average)} [{number(iv.ci_low)}, {number(iv.ci_high)}]"
            assert text.replace("**", "").startswith(shown), label


def corpus_page_with(data: bytes, name: str) -> tuple[AppTest, Loaded]:
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at = ok(at.switch_page("app_pages/corpus.py").run())
    current = read_source(Source("file", name, ((name, data),)), "lines")
    at.session_state[LOADED.format(key=KEY)] = current
    return ok(at.run()), current


def test_a_slow_scoring_waits_for_the_button(monkeypatch):
    import ui.widgets.corpus_downloads as downloads

    monkeypatch.setattr(downloads, "AUTO_SECONDS", -1.0)  # any estimate is too long: the button is offered
    data = three_systems().replace(b"the cat", b"one cat")  # data of its own: nothing cached yet
    at, _ = corpus_page_with(data, "slow.jsonl")
    button = at.button(key="corpus_paper_all")
    assert button.label.startswith("Score the other 2 systems (about ")
    assert "Until then the HTML report and the paper table hold the system shown only." in [c.value for c in at.caption]
    at = ok(button.click().run())  # scores the other two (the button itself is drawn on this run)
    assert not any(c.value.startswith("Until then") for c in at.caption)
    at = ok(at.run())
    assert not [b for b in at.button if b.key == "corpus_paper_all"]  # every system is scored now


def test_systems_on_other_documents_get_no_marks_and_a_note():
    data = b"\n".join(
        line for line in three_systems().splitlines() if b'"plain"' not in line or b'"id": "4"' not in line
    )
    current = read_source(Source("file", "gap.jsonl", (("gap.jsonl", data + b"\n"),)), "lines")
    cfg = RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None)
    table = corpus_table(scored_all(current, cfg), "F", NAMES[0], cfg)
    assert not any(c.mark for row in table.cells for c in row) and table.test == ""
    assert table.notes[0].startswith("No significance marks: all systems must share the same eval ids")
    assert table.notes[1] == "Systems scored on different documents: a_b & c% 4, <b>bold</b> 4, plain 3"
    assert "a\\_b \\& c\\% 4, <b>bold</b> 4, plain 3" in latex(table, number)  # the caption's note, escaped
    assert markdown_escape(table.notes[1]) in markdown(table, number)
