"""The Learn pages through streamlit.testing: 'Why do the numbers differ?', the tokenizer inspector and
common mistakes render with the sample data and with bad input, and show rouge_core's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core import evaluate
from rouge_core.teach.differences import RULES, compare, profile_configs
from rouge_core.teach.mistakes import MISTAKES
from rouge_core.teach.token_stages import compare_tokenizers, tokenizer_config
from ui.samples import load_samples
from ui.widgets.options import DEFAULT

SAMPLES = load_samples()
APP = str(Path(__file__).resolve().parents[2] / "app.py")
EVIL = "<script>alert(1)</script> the gunman <img src=x onerror=alert(2)>"


def box(at, name: str):
    """The text area of kept box ``name`` (ui/widgets/kept.py: its key is name#generation)."""
    return next(t for t in at.text_area if t.key.split("#")[0] == name)


def start(page: str) -> AppTest:
    """``page`` after loading the three-reference news sample on Inspect (these pages read its inputs)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.selectbox(key="sample_pick").set_value("news_multi_ref").run()
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, at.exception
    return at


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def html(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.get("html"))


def text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.info] + [m.value for m in at.warning]
    parts += [m.value for m in at.error] + [m.value for m in at.caption] + [m.value for m in at.success]
    return "\n".join(str(p) for p in parts) + html(at)


def no_markup(at: AppTest) -> None:
    shown = html(at) + "\n".join(str(m.value) for m in at.markdown)
    assert "<script>" not in shown and "<img src=x" not in shown


# -- Why do the numbers differ? -------------------------------------------------------------


def table(at: AppTest):
    """The differences table as shown (scores as 6-decimal text, a dash for a measure a profile lacks)."""
    return at.dataframe[0].value


def numbers(df):
    """The shown table with its score columns read back as numbers (the dash as NaN)."""
    out = df.copy()
    for c in out.columns:
        if c[-2:] in (" P", " R", " F"):
            out[c] = [float("nan") if v == "—" else float(v) for v in out[c]]
    return out


def test_differences_opens_on_the_inspect_inputs_with_evaluate_numbers():
    at = start("differences")
    assert at.radio(key="diff_source").value == "inspect"
    assert [c for c in table(at).columns if c[-2:] in (" P", " R", " F")] == [
        "rouge155 F",
        "rouge-score F",
        "paper F",
    ]  # one statistic by default: the table fits the page
    at.radio(key="diff_stat").set_value("P, R and F")
    run(at)
    s = SAMPLES["news_multi_ref"]
    df = table(at)
    for p, config in profile_configs(DEFAULT).items():
        report = evaluate(s.candidate, list(s.references), config)
        for row in df.itertuples(index=False):
            label = row.measure.split(" ")[0]
            got = tuple(getattr(row, f"_{df.columns.get_loc(f'{p} {q}')}") for q in "PRF")
            if label in report.measures:
                sc = report.measures[label].score
                assert got == tuple(f"{v:.6f}" for v in (sc.precision, sc.recall, sc.fmeasure)), (p, label)
    assert "Perl rounding" in set(df["differs because"].str.split("; ").sum())
    assert "The paper takes the best reference; Perl pools them (-f A)" in html(at)


@pytest.mark.parametrize("rule_id", list(RULES))
def test_each_preset_shows_its_rule(rule_id):
    at = start("differences")
    at.selectbox(key="diff_preset").set_value(rule_id)
    run(at)
    ex = RULES[rule_id].example
    assert at.radio(key="diff_source").value == "own"
    assert box(at, "diff_candidate").value == ex.candidate
    assert [t.value for t in at.text_area if t.key.startswith("diff_ref_")] == list(ex.references)
    hit = compare(ex.candidate, list(ex.references), DEFAULT.with_(**dict(ex.settings))).hit(rule_id)
    shown = html(at)
    assert RULES[rule_id].title.replace("'", "&#x27;") in shown
    assert hit.finding.detail.replace("'", "&#x27;") in shown
    for field, value in ex.settings:  # the example switched on what its rule needs (stemming ...)
        assert at.checkbox(key=f"opt_{field}").value is value
    if rule_id == "stemmers":  # it showed only in 'Also true of this input' before stemming was switched on
        assert hit.finding.in_table
    if hit.finding.in_table:  # on its first render
        tags = table(at)["differs because"].str.split("; ").sum()
        assert RULES[rule_id].tag in tags


def test_differences_own_inputs_buttons_and_page_switch():
    at = start("differences")
    at.selectbox(key="diff_preset").set_value("multi-ref-pooling")
    run(at)
    assert box(at, "diff_ref_1").value.startswith("the gunman was shot")
    next(b for b in at.button if b.key == "diff_drop").click()
    run(at)
    assert [t.key.split("#")[0] for t in at.text_area if t.key.startswith("diff_ref_")] == ["diff_ref_0"]
    next(b for b in at.button if b.key == "diff_add").click()
    run(at)
    box(at, "diff_ref_1").set_value("officers shot the gunman")
    run(at)
    at.switch_page("app_pages/inspect.py")
    run(at)
    at.switch_page("app_pages/differences.py")
    run(at)
    assert box(at, "diff_ref_1").value == "officers shot the gunman"
    next(b for b in at.button if b.key == "diff_copy").click()
    run(at)
    assert box(at, "diff_candidate").value == SAMPLES["news_multi_ref"].candidate


@pytest.mark.parametrize("candidate", ["", "   ", EVIL, "警察击毙了枪手"])
def test_differences_bad_input(candidate):
    at = start("differences")
    at.radio(key="diff_source").set_value("own")
    run(at)
    box(at, "diff_candidate").set_value(candidate)
    box(at, "diff_ref_0").set_value("police killed the <b>gunman</b>")
    run(at)
    no_markup(at)
    df = numbers(table(at))
    if not candidate.strip() or not candidate.isascii():
        assert (df[[c for c in df.columns if c[-2:] in (" P", " R", " F")]].fillna(0) == 0).all().all()
    assert "Not explained" not in text(at)


# -- Tokenizer inspector ---------------------------------------------------------------------


def counts(at: AppTest) -> dict[str, dict]:
    return at.dataframe[0].value.set_index("tokenizer").to_dict("index")


def test_tokenizer_page_counts_and_scores():
    at = start("tokenizer")
    s = SAMPLES["news_multi_ref"]
    stages = compare_tokenizers(s.candidate, DEFAULT)
    shown = counts(at)
    for tok, ts in stages.items():
        row = shown[tok]
        assert (row["dropped"], row["splitting"], row["stemmed"]) == (
            ts.count("dropped"),
            ts.count("split"),
            ts.stages[3].count,
        )
        report = evaluate(s.candidate, list(s.references), tokenizer_config(tok, DEFAULT))
        assert row["ROUGE-1 R"] == report.measures["ROUGE-1"].score.recall
    assert "paul" in html(at)


def test_tokenizer_page_own_text_has_no_pair_column():
    """The 'ROUGE-1 recall of the pair' column scored the Inspect pair while the user inspected their own text."""
    at = start("tokenizer")
    at.selectbox(key="tok_source").set_value(-1)
    run(at)
    assert not any("ROUGE-1" in c for c in at.dataframe[0].value.columns)
    assert "no ROUGE-1 column" in " ".join(c.value for c in at.caption)


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_tokenizer_page_with_every_sample(sample):
    at = start("tokenizer")
    at.selectbox(key="tok_sample").set_value(sample)
    run(at)
    s = SAMPLES[sample]
    for source, text in ((0, s.candidate), (1, s.references[0])):
        at.selectbox(key="tok_source").set_value(source)
        run(at)
        want = {t: ts.stages[1].count for t, ts in compare_tokenizers(text, DEFAULT).items()}
        assert {t: r["tokens"] for t, r in counts(at).items()} == want


def test_tokenizer_page_makes_the_unicode_tokenizer_obvious():
    at = start("tokenizer")
    at.selectbox(key="tok_sample").set_value("non_english")
    run(at)
    shown = counts(at)
    assert shown["rouge155"]["letters kept"] == "34 of 46"
    assert shown["unicode"]["letters kept"] == "46 of 46"
    assert any("keeps 34 of the 46 letters" in m.value and "unicode tokenizer keeps 46" in m.value for m in at.success)
    assert "tué" in html(at) and "警" in html(at)


@pytest.mark.parametrize("own", ["", EVIL, "Zürich \u212a İstanbul 警察"])
def test_tokenizer_page_bad_input(own):
    at = start("tokenizer")
    at.selectbox(key="tok_source").set_value(-1)
    run(at)
    box(at, "tok_custom").set_value(own)
    run(at)
    no_markup(at)
    if not own:
        assert "empty" in text(at)
    else:
        shown = html(at)
        assert ("&lt;" in shown and "onerror" in shown) or "Zürich" in shown


# -- Common mistakes ---------------------------------------------------------------------------


def mistake_values(at: AppTest, k: int) -> list[tuple[float, float]]:
    df = at.dataframe[k].value
    return list(zip(df["correct (rouge_core)"], df["mistaken"]))


def test_mistakes_page_shows_correct_and_mistaken_values():
    at = start("mistakes")
    assert len(at.dataframe) == len(MISTAKES)
    for k, m in enumerate(MISTAKES.values()):
        out = m.run(m.candidate, m.reference, DEFAULT)
        assert mistake_values(at, k) == [(q.correct, q.mistaken) for q in out.quantities]
    assert mistake_values(at, 1)[1] == (0.5, 0.75)  # the paper's S2/S1: 3/C(4,2) against 3/4
    assert any("IndexError" in e.value for e in at.error)


def test_mistakes_input_is_editable():
    at = start("mistakes")
    s3 = SAMPLES["paper_s3_vs_s1"]
    box(at, "mis_skip-over-m_cand").set_value(s3.candidate)
    run(at)
    assert mistake_values(at, 1)[1] == (0.16667, 0.25)
    next(b for b in at.button if b.key == "mis_skip-over-m_reset").click()
    run(at)
    assert mistake_values(at, 1)[1] == (0.5, 0.75)


@pytest.mark.parametrize("bad", ["", EVIL])
def test_mistakes_bad_input(bad):
    at = start("mistakes")
    for mid in MISTAKES:
        box(at, f"mis_{mid}_cand").set_value(bad)
        box(at, f"mis_{mid}_ref").set_value(bad or "police killed the gunman")
    run(at)
    no_markup(at)
    assert len(at.dataframe) == len(MISTAKES)
