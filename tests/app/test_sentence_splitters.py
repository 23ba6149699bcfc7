"""The app's sentence split choices offer NLTK's punkt beside the rule set: Inspect's split preview
and the Corpus loader's sentence mode. Without NLTK's model the choice shows what to install
instead of failing."""

from __future__ import annotations

import nltk.data
import pytest

from rouge_core.text.punkt import missing_message, punkt_unavailable
from rouge_core.text.sentences import SPLITTER
from tests.app.test_app import cand_box, set_texts
from tests.app.test_app import page_text as inspect_text
from tests.app.test_app import start as start_inspect
from tests.app.test_corpus_page import KEY, expected_report, load_sample, page_text, plain, table
from tests.app.test_corpus_page import start as start_corpus
from ui.render.literal import md_literal
from ui.widgets.options import PRESETS

needs_punkt = pytest.mark.skipif(
    punkt_unavailable() is not None,
    reason="NLTK's English punkt_tab model is not installed: run `python3 scripts/punkt_data.py` and export "
    "NLTK_DATA=$PWD/.cache/nltk_data (scripts/test.sh does both)",
)
TEXT = "Mrs. Brown met Gen. Lee at 5 p.m. They talked. The meeting ended at 6 p.m. Nobody knew why."
RULES = "Mrs. Brown met Gen. Lee at 5 p.m. They talked.\nThe meeting ended at 6 p.m. Nobody knew why."
PUNKT = "Mrs. Brown met Gen. Lee at 5 p.m.\nThey talked.\nThe meeting ended at 6 p.m. Nobody knew why."
SENTENCES = f"corpus:{KEY}:sentences"


def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """NLTK as on a machine without punkt_tab (the app runs in this process under AppTest)."""

    def find(resource: str, *args: object, **kwargs: object) -> str:
        raise LookupError(f"Resource {resource} not found.")

    def sent_tokenize(text: str, language: str = "english") -> list[str]:
        raise LookupError("Resource punkt_tab not found.")

    monkeypatch.setattr(nltk.data, "find", find)
    monkeypatch.setattr(nltk.tokenize, "sent_tokenize", sent_tokenize)


def _split_preview(at):
    next(b for b in at.button if b.label == "Split sentences for me").click().run()
    assert not at.exception, at.exception
    return at


def test_inspect_offers_both_splitters_and_starts_with_the_rules():
    at = _split_preview(set_texts(start_inspect(), TEXT, "police killed the gunman"))
    choice = at.radio(key="split_with")
    assert choice.options == [SPLITTER, "NLTK's punkt (nltk.sent_tokenize, English punkt_tab model)"] or (
        punkt_unavailable() is not None and choice.options[1].endswith("(not installed here)")
    )
    assert choice.value == "rules"
    assert f"**Split preview** ({SPLITTER})" in inspect_text(at)
    next(b for b in at.button if b.label == "Apply the split").click().run()
    assert cand_box(at).value == RULES


@needs_punkt
def test_inspect_split_with_punkt():
    at = _split_preview(set_texts(start_inspect(), TEXT, "police killed the gunman"))
    at.radio(key="split_with").set_value("punkt").run()
    assert not at.exception, at.exception
    assert "**Split preview** (NLTK's punkt" in inspect_text(at) and "the candidate: 3 lines" in inspect_text(at)
    assert cand_box(at).value == TEXT  # a preview: nothing changed yet
    next(b for b in at.button if b.label == "Apply the split").click().run()
    assert cand_box(at).value == PUNKT
    next(b for b in at.button if b.label == "Undo the split").click().run()
    assert cand_box(at).value == TEXT


def test_inspect_punkt_without_the_model_says_what_to_install(monkeypatch):
    _no_model(monkeypatch)
    at = _split_preview(set_texts(start_inspect(), TEXT, "police killed the gunman"))
    assert at.radio(key="split_with").options[1].endswith("(not installed here)")
    at.radio(key="split_with").set_value("punkt").run()
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == [md_literal(missing_message(), 1500)]  # shown as written (nltk_data)
    at.radio(key="split_with").set_value("rules").run()  # back to the rule set: its preview
    assert not at.error and f"**Split preview** ({SPLITTER})" in inspect_text(at)
    next(b for b in at.button if b.label == "Cancel").click().run()
    assert cand_box(at).value == TEXT and "Split preview" not in inspect_text(at)


@needs_punkt
def test_corpus_sentences_punkt_reach_the_numbers():
    at = load_sample(start_corpus(), "summeval")
    name = next(k for k in PRESETS if k.startswith("rouge-score"))
    at.sidebar.selectbox(key="opt_preset").set_value(name).run()
    at.radio(key=SENTENCES).set_value("punkt").run()
    assert not at.exception, at.exception
    assert "Sentences used: split by NLTK's punkt (nltk.sent_tokenize, English punkt_tab model)." in page_text(at)
    system = at.selectbox(key="corpus_system").value
    _, rep = expected_report("summeval", system, PRESETS[name], "punkt")
    _, lines = expected_report("summeval", system, PRESETS[name], "lines")
    summary = at.dataframe[0].value.set_index("measure")
    assert f"{summary.loc['rougeLsum', 'F']:.5f}" == f"{rep.measures['ROUGE-L'].fmeasure.average:.5f}"
    assert rep.measures["ROUGE-L"].fmeasure.average != lines.measures["ROUGE-L"].fmeasure.average
    rows = table(at).value.set_index("id")
    for inst in rep.instances[:5]:
        assert rows.loc[inst.eval_id, "rougeLsum F"] == inst.measures["ROUGE-L"].score.fmeasure


def test_corpus_punkt_without_the_model_shows_the_message_and_keeps_the_corpus(monkeypatch):
    _no_model(monkeypatch)
    at = load_sample(start_corpus(), "summeval")
    radio = at.radio(key=SENTENCES)
    assert radio.options[2].endswith("— not installed here")
    radio.set_value("punkt").run()
    assert not at.exception, at.exception
    assert [plain(e.value) for e in at.error] == [plain(missing_message())]
    assert at.radio(key=SENTENCES).value == "lines"  # the choice goes back to what the corpus was read with
    assert "Sentences used: the file's line breaks (one sentence per line)." in page_text(at)
