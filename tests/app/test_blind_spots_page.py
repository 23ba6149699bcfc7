"""'What does ROUGE miss?' through streamlit.testing: a sample pair gives one row per perturbation with the
scores rouge_core.teach.blind_spots computes, the user's text with HTML is shown as text, empty input is a
message, and the corpus button gives the averages."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core import RougeConfig
from rouge_core.teach.blind_spots import PERTURBATIONS, pair_blind_spots
from ui.render.blind_spots import FOOLED
from ui.widgets.blind_spots_input import OWN

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "app_pages/blind_spots.py"
S2 = "Sample: Lin (2004) S2 vs S1"


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    return ok(app.switch_page(PAGE).run())


def tables(at: AppTest) -> list[str]:
    """The page's own tables (app.py adds a style block to every page: the focus ring)."""
    return [h.proto.body for h in at.get("html") if "bs-table" in h.proto.body]


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.info] + [m.value for m in at.markdown] + [m.value for m in at.warning]
    return "\n".join(str(p) for p in parts).replace("\\", "")


def test_a_sample_pair_gives_a_row_per_perturbation(at):
    ok(at.selectbox(key="blind_pair").set_value(S2).run())
    body = tables(at)[0]
    for p in PERTURBATIONS.values():
        assert html.escape(p.title, quote=True) in body
    # the shuffled words of "police kill the gunman" (seed 0) and their scores, as the core computes them
    result = pair_blind_spots(["police kill the gunman"], [["police killed the gunman"]], RougeConfig())
    shuffled = result.rows[0]
    assert html.escape(shuffled.perturbed.text) in body
    assert f'{shuffled.scores["ROUGE-1"].fmeasure:.3f}<br>+0.000<span class="bs-mark">{FOOLED}</span>' in body
    assert "Not applied: no source document was given." in body  # lead-3 without an article
    assert "Not applied: the summary has fewer than two different sentences." in body


def test_the_default_summeval_pair_has_lead3(at):
    body = tables(at)[0]
    assert "Not applied: no source document was given" not in body
    assert "Paul Merson has restarted his row with Andros Townsend" in body  # the article's first sentence


def test_the_users_text_with_html_is_shown_as_text(at):
    ok(at.selectbox(key="blind_pair").set_value(OWN).run())
    assert "Type a candidate summary and a reference summary" in texts(at)
    assert not tables(at)
    boxes = {t.label: t for t in at.text_area}
    boxes["Candidate summary (one sentence per line)"].input("<b>police</b> was <img src=x onerror=alert(1)>")
    ok(boxes["Reference summary (one sentence per line)"].input("police was here").run())
    body = tables(at)[0]
    assert "&lt;img src=x onerror=alert(1)&gt;" in body and "<img" not in body and "<b>police</b>" not in body


def test_the_corpus_button_gives_the_averages(at):
    assert "Press the button" in texts(at)
    ok(at.slider(key="blind_corpus_size").set_value(5).run())
    ok(at.button(key="blind_corpus_run").click().run())
    assert "Averages over 5 pairs" in texts(at)
    corpus = tables(at)[-1]
    assert "Applied to (pairs)" in corpus and "fooled on" in corpus
    assert html.escape(PERTURBATIONS["lead_three"].title) in corpus
    ok(at.number_input(key="blind_seed").set_value(3).run())
    assert "press the button again" in texts(at)


def test_a_source_whose_lead3_is_too_large_is_left_out_with_a_message(at):
    ok(at.selectbox(key="blind_pair").set_value(OWN).run())
    boxes = {t.label: t for t in at.text_area}
    boxes["Candidate summary (one sentence per line)"].input("police killed the gunman")
    boxes["Reference summary (one sentence per line)"].input("police killed the gunman")
    source = [b for label, b in boxes.items() if label.startswith("Source document")][0]
    ok(source.input("word " * 800).run())  # no sentence end: one 800-word "sentence"
    assert "the candidate has 800 words (at most 700)" in texts(at) and "lead-3 is left out" in texts(at)
    assert "Not applied: no source document was given." in tables(at)[0]
    ok(source.input("Police killed the gunman. A crowd watched.").run())
    assert "lead-3 is left out" not in texts(at)
    assert "A crowd watched." in tables(at)[0]
