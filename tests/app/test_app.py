"""The app through streamlit.testing: every sample, options, bad input; the numbers on screen
come from rouge_core."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core import RougeConfig, evaluate
from tests.app.inspect_html import scores_table, table_cells
from ui.render.ngrams import NGRAM_ROWS, ngram_table
from ui.samples import load_samples
from ui.widgets.options import PRESETS

SAMPLES = load_samples()
APP = str(Path(__file__).resolve().parents[2] / "app.py")


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    return at


def scores(at: AppTest) -> dict[str, tuple[float, float, float]]:
    df = scores_table(at)  # the score table, as shown (5 decimals)
    return {r.measure: (r.precision, r.recall, r.F) for r in df.itertuples()}


def score_cards(at: AppTest) -> str:
    """Inspect's score cards: the one HTML element that holds them (ui/render/score_cards.py)."""
    return next(h.proto.body for h in at.get("html") if 'class="rl-cards"' in h.proto.body)


def load(at: AppTest, sample: str) -> AppTest:
    at.selectbox(key="sample_pick").set_value(sample).run()
    assert not at.exception, at.exception
    return at


def cand_box(at: AppTest):
    """The Inspect page's candidate box (its key changes when code replaces the text: ui/widgets/kept.py)."""
    return next(t for t in at.text_area if t.key.startswith("candidate#"))


def ref_boxes(at: AppTest) -> list:
    return [t for t in at.text_area if t.key.startswith("ref_")]


def set_texts(at: AppTest, candidate: str, reference: str) -> AppTest:
    cand_box(at).set_value(candidate)
    ref_boxes = [t for t in at.text_area if t.key.startswith("ref_")]
    ref_boxes[0].set_value(reference)
    at.run()
    assert not at.exception, at.exception
    return at


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.info] + [m.value for m in at.warning]
    parts += [m.value for m in at.error] + [m.value for m in at.caption]
    return "\n".join(str(p) for p in parts)


def test_opens_on_a_sample_with_its_numbers():
    """The landing page: the app's name and purpose, three ways in, the paper's S2/S1 with its cards."""
    at = start()
    assert "ROUGE Lens" in at.title[0].value
    assert "See why ROUGE gives the number it gives" in page_text(at)
    cards = score_cards(at)  # one HTML element (issue 22, target 7: one element per paste, not 13)
    assert re.findall(r'aria-label="([^"]+)"', cards) == ["ROUGE-1 F", "ROUGE-2 F", "ROUGE-L F", "ROUGE-SU4 F"]
    assert '<p class="rl-card-value">0.75000</p>' in cards  # the paper's ROUGE-1 F
    assert "P 0.75000 · R 0.75000" in cards  # P and R on the cards
    s = SAMPLES["paper_s2_vs_s1"]
    expected = evaluate(s.candidate, list(s.references), RougeConfig(max_n=4, skip_distance=4))
    shown = scores(at)
    for label, m in expected.measures.items():
        assert shown[label] == (m.score.precision, m.score.recall, m.score.fmeasure), label
    # the signature and the Perl command are always visible
    codes = [c.value for c in at.sidebar.code]
    assert any(c.startswith("ROUGE-1,ROUGE-2,ROUGE-3,ROUGE-4,ROUGE-L") for c in codes)
    assert any("ROUGE-1.5.5.pl" in c and "-n 4" in c for c in codes)


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_every_sample_loads_with_the_right_numbers(sample):
    at = load(start(), sample)
    s = SAMPLES[sample]
    expected = evaluate(s.candidate, list(s.references), RougeConfig(max_n=4, skip_distance=4))
    shown = scores(at)
    for label, m in expected.measures.items():
        assert shown[label] == (m.score.precision, m.score.recall, m.score.fmeasure), label


def test_paper_example_numbers_on_screen():
    at = load(start(), "paper_s2_vs_s1")
    shown = scores(at)
    assert shown["ROUGE-L"] == (0.75, 0.75, 0.75)
    assert shown["ROUGE-2"][1] == 0.33333


def test_options_change_the_numbers():
    at = load(start(), "paper_s2_vs_s1")
    assert scores(at)["ROUGE-1"][1] == 0.75
    at.checkbox(key="opt_stem").check().run()
    assert not at.exception
    assert scores(at)["ROUGE-1"][1] == 1.0  # kill / killed share the stem 'kill'
    at.sidebar.slider(key="opt_alpha").set_value(1.0).run()
    assert scores(at)["ROUGE-1"][2] == scores(at)["ROUGE-1"][0]  # alpha = 1: F = P


def test_presets_set_every_option():
    at = start()
    name = next(k for k in PRESETS if k.startswith("Lin (2004)"))
    at.sidebar.selectbox(key="opt_preset").set_value(name).run()
    assert not at.exception
    assert at.sidebar.selectbox(key="opt_profile").value == "paper"
    assert at.number_input(key="opt_w").value == 2.0
    assert "ROUGE-W-2" in scores(at)
    assert "ROUGE-S*" in scores(at)


def test_rouge_score_preset_uses_its_names():
    at = start()
    name = next(k for k in PRESETS if k.startswith("rouge-score"))
    at.sidebar.selectbox(key="opt_preset").set_value(name).run()
    assert set(scores(at)) == {"rouge1", "rouge2", "rougeLsum", "rougeL"}


def test_settings_come_from_the_url():
    cfg = RougeConfig(profile="paper", max_n=1, wlcs_weight=None, skip_distance=None, alpha=0.25)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["cfg"] = cfg.signature()
    at.run()
    assert not at.exception
    assert at.sidebar.selectbox(key="opt_profile").value == "paper"
    assert at.sidebar.slider(key="opt_alpha").value == 0.25
    assert set(scores(at)) == {"ROUGE-1", "ROUGE-L"}


def test_bad_url_settings_are_ignored_with_a_message():
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["cfg"] = "junk|profile:nope"
    at.run()
    assert not at.exception
    assert any("ignored" in w.value for w in at.sidebar.warning)


@pytest.mark.parametrize(
    "candidate,message",
    [
        ("", "empty"),
        ("   \n  ", "empty"),
        ("... !!! ???", "no tokens"),
        ("警察击毙了枪手", "no tokens"),
        ("word", None),
    ],
)
def test_bad_input_gives_a_message_and_zeros(candidate, message):
    at = set_texts(start(), candidate, "police killed the gunman")
    shown = scores(at)
    if message:
        assert all(v == (0.0, 0.0, 0.0) for v in shown.values())
        assert message in page_text(at)
    else:
        assert shown["ROUGE-1"][0] == 0.0  # 'word' is not in the reference


def test_chinese_under_rouge155_suggests_the_unicode_tokenizer():
    at = set_texts(start(), "警察击毙了枪手", "警察开枪打死了枪手")
    assert "unicode" in page_text(at)
    at.sidebar.selectbox(key="opt_tokenizer").set_value("unicode").run()
    assert scores(at)["ROUGE-1"][1] > 0


def test_html_in_input_is_shown_as_text():
    evil = "<script>alert(1)</script> the gunman <img src=x onerror=alert(2)>"
    at = set_texts(start(), evil, "police killed the gunman <b>now</b>")
    assert not at.exception
    html_like = [m.value for m in at.markdown] + [h.proto.body for h in at.get("html")]
    assert not any("<script>" in h or "<img src=x" in h or "<b>now" in h for h in html_like)


def test_add_and_remove_references_keep_text():
    at = load(start(), "paper_s2_vs_s1")
    add = next(b for b in at.button if b.label == "Add reference")
    add.click().run()
    boxes = ref_boxes(at)
    assert len(boxes) == 2
    boxes[1].set_value("the gunman kill police").run()
    grid = next(d.value for d in at.dataframe if "reference" in d.value.columns)  # the per-reference breakdown
    assert grid["reference"].tolist() == ["reference 1", "reference 2", "combined (pooled)"]
    assert cand_box(at).value == "police kill the gunman"
    remove = next(b for b in at.button if b.key == "rm_" + boxes[0].key[4:].split("#")[0])
    remove.click().run()
    boxes = ref_boxes(at)
    assert [b.value for b in boxes] == ["the gunman kill police"]


def test_split_sentences_button():
    at = set_texts(start(), "The police came. They shot the gunman.", "police killed the gunman")
    assert "single sentence" in page_text(at)
    next(b for b in at.button if b.label == "Split sentences for me").click().run()
    # a preview first: nothing changed yet, the splitter is named
    assert cand_box(at).value == "The police came. They shot the gunman."
    assert "abbreviation-aware" in page_text(at)
    next(b for b in at.button if b.label == "Apply the split").click().run()
    assert cand_box(at).value == "The police came.\nThey shot the gunman."
    next(b for b in at.button if b.label == "Undo the split").click().run()
    assert cand_box(at).value == "The police came. They shot the gunman."


def test_split_keeps_us_whole_and_cancel_changes_nothing():
    at = set_texts(start(), "The U.S. team won. Dr. Smith cheered.", "police killed the gunman")
    next(b for b in at.button if b.label == "Split sentences for me").click().run()
    next(b for b in at.button if b.label == "Cancel").click().run()
    assert cand_box(at).value == "The U.S. team won. Dr. Smith cheered."
    next(b for b in at.button if b.label == "Split sentences for me").click().run()
    next(b for b in at.button if b.label == "Apply the split").click().run()
    assert cand_box(at).value == "The U.S. team won.\nDr. Smith cheered."


def test_options_survive_widgets_that_were_not_drawn():
    at = load(start(), "paper_s2_vs_s1")
    at.checkbox(key="opt_stem").check().run()
    at.checkbox(key="opt_stem_exc").uncheck().run()  # drawn only while stemming is on
    at.checkbox(key="opt_stem").uncheck().run()
    at.run()
    assert not at.exception
    at.checkbox(key="opt_stem").check().run()
    assert at.checkbox(key="opt_stem_exc").value is False  # remembered


def test_options_come_back_after_an_interrupted_run(monkeypatch):
    """A run cut short by a page switch drops the state of widgets it did not draw."""
    import types

    import ui.widgets.options as options

    fake = types.SimpleNamespace(
        query_params={},
        session_state={"opt_ready": True, "_opt_saved": {"opt_alpha": 0.25, "opt_max_n": 3}, "opt_max_n": 5},
    )
    monkeypatch.setattr(options, "st", fake)
    options._init_state()
    assert fake.session_state["opt_alpha"] == 0.25  # missing: the last good value
    assert fake.session_state["opt_max_n"] == 5  # present: the user's newest value wins


def test_settings_and_inputs_survive_page_switches():
    at = load(start(), "news_multi_ref")
    at.checkbox(key="opt_stem").check().run()
    at = set_texts(at, "my own candidate text", "my own reference")
    at.switch_page("app_pages/differences.py").run()
    assert not at.exception
    at.switch_page("app_pages/inspect.py").run()
    assert not at.exception
    assert at.checkbox(key="opt_stem").value is True
    assert cand_box(at).value == "my own candidate text"
    refs = [t.value for t in ref_boxes(at)]
    assert refs[0] == "my own reference" and len(refs) == 3  # the sample's other two are kept


@pytest.mark.parametrize(
    "page", ["app_pages/learn.py", "app_pages/differences.py", "app_pages/tokenizer.py", "app_pages/mistakes.py"]
)
def test_text_typed_in_the_same_request_as_a_page_switch_is_kept(page):
    """Typing and then clicking another page sends both in one request: the typed value used to be
    dropped (the new page does not draw the box, so Streamlit forgets its state)."""
    at = load(start(), "news_multi_ref")
    cand_box(at).set_value("typed just before the click")
    ref_boxes(at)[1].set_value("reference typed too")
    at.switch_page(page).run()
    assert not at.exception
    at.switch_page("app_pages/inspect.py").run()
    assert cand_box(at).value == "typed just before the click"
    assert [b.value for b in ref_boxes(at)][1] == "reference typed too"


def _pickers(at: AppTest, prefix: str) -> list:
    return [s for s in at.selectbox if s.key and s.key.startswith(prefix)]


def test_sentence_pickers_follow_the_input_and_open_on_the_best_pair():
    """After another sample the LCS pickers showed the old input's sentences (4 of 6 flows)."""
    at = load(start(), "union_vs_best")
    at.session_state["inspect_view"] = "LCS"  # only the open view is built (issue 22)
    at.run()
    rs = _pickers(at, "inspect_lcs_rs_")
    assert len(rs) == 1
    e = (
        evaluate(
            SAMPLES["union_vs_best"].candidate,
            list(SAMPLES["union_vs_best"].references),
            RougeConfig(max_n=4, skip_distance=4),
        )
        .measures["ROUGE-L"]
        .per_reference[0]
        .explanation
    )
    best = max(e.pairs, key=lambda p: (len(p.marks), -p.reference_sentence, -p.candidate_sentence))
    assert rs[0].value == best.reference_sentence
    assert _pickers(at, "inspect_lcs_cs_")[0].value == best.candidate_sentence
    old_key = rs[0].key
    load(at, "paper_union_lcs")
    rs = _pickers(at, "inspect_lcs_rs_")
    assert rs and rs[0].key != old_key  # a new picker for the new input
    cs = _pickers(at, "inspect_lcs_cs_")[0]
    assert all(
        o.startswith("C") and o[4:].split()[0].lower() in SAMPLES["paper_union_lcs"].candidate.lower()
        for o in cs.options
    )


def test_ngram_view_follows_the_chosen_reference():
    """The n-gram view after picking reference 2 must show reference 2's texts and table."""
    at = load(start(), "news_multi_ref")
    at.selectbox(key="inspect_ref").set_value(1).run()
    assert not at.exception
    view = next(h.proto.body for h in at.get("html") if "clipped hits of" in h.proto.body)  # the n-gram view's head
    assert "<h4>Reference 2</h4>" in view and "<h4>Reference 1</h4>" not in view
    s = SAMPLES["news_multi_ref"]
    expected = evaluate(s.candidate, list(s.references), RougeConfig(max_n=4, skip_distance=4))
    e = expected.measures["ROUGE-1"].per_reference[1].explanation
    rows = table_cells(next(h.proto.body for h in at.get("html") if "<th>clipped credit</th>" in h.proto.body))[1:]
    shown = ngram_table(expected, "ROUGE-1", 1).head(NGRAM_ROWS)  # reference 2's table, its first rows
    assert [r[0] for r in rows] == shown["n-gram"].tolist()
    assert [int(r[3]) for r in rows] == shown["clipped credit"].tolist()
    assert f"ROUGE-1: {e.hit} clipped hits of" in view


def test_typed_inspect_texts_survive_a_reload():
    """A reload (F5) is a new session with the same address: the texts come back from it."""
    at = set_texts(start(), "my own candidate, typed", "my own reference")
    link = {k: at.query_params[k] for k in list(at.query_params)}
    fresh = AppTest.from_file(APP, default_timeout=60)
    for k, v in link.items():
        fresh.query_params[k] = v[0] if isinstance(v, list) else v
    fresh.run()
    assert cand_box(fresh).value == "my own candidate, typed"
    assert [b.value for b in ref_boxes(fresh)] == ["my own reference"]


def test_a_broken_text_link_opens_on_the_sample():
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["t"] = "AAAA" * 10
    at.run()
    assert not at.exception
    assert cand_box(at).value == SAMPLES["paper_s2_vs_s1"].candidate
