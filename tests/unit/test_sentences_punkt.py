"""``split_sentences(text, splitter="punkt")``: NLTK's ``sent_tokenize`` with the English punkt_tab
model, the registry of splitters, rougeLsum equal to rouge-score 0.1.2's ``split_summaries=True``,
and the message when the model is missing.

The expected sentence lists were checked by hand against ``nltk.sent_tokenize`` (nltk 3.10.4, the
English punkt_tab model that ``scripts/punkt_data.py`` installs). Tests that need the model skip
when it is missing; ``scripts/test.sh`` installs it, so CI runs them all.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import nltk.data
import pytest

from rouge_core import RougeConfig, score, split_sentences
from rouge_core.text import punkt
from rouge_core.text.punkt import PunktUnavailable, check_punkt, punkt_lines, punkt_sentences, punkt_unavailable
from rouge_core.text.sentences import SPLITTER, SPLITTERS, get_splitter, rule_sentences

needs_punkt = pytest.mark.skipif(
    punkt_unavailable() is not None,
    reason="NLTK's English punkt_tab model is not installed: run `python3 scripts/punkt_data.py` and export "
    "NLTK_DATA=$PWD/.cache/nltk_data (scripts/test.sh does both)",
)
rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")

# (text, nltk.sent_tokenize(text)): titles, acronyms with dots, decimals, money, a.m./p.m., quotes.
PUNKT_CASES = [
    (
        'Mr. Smith arrived in the U.S. on Monday. He paid $3.50 for coffee at 9 a.m. and left. "It was cold," '
        'he said. "Very cold!" Then he went home.',
        [
            "Mr. Smith arrived in the U.S. on Monday.",
            "He paid $3.50 for coffee at 9 a.m. and left.",
            '"It was cold," he said.',
            '"Very cold!"',
            "Then he went home.",
        ],
    ),
    (
        'The U.S. economy grew 2.5% in Q3. Dr. Jones disagreed. She said: "Growth was 1.9 percent." Prices rose.',
        [
            "The U.S. economy grew 2.5% in Q3.",
            "Dr. Jones disagreed.",
            'She said: "Growth was 1.9 percent."',
            "Prices rose.",
        ],
    ),
    # punkt learned "p.m." as an abbreviation and "Nobody" as no frequent sentence starter: no cut there
    (
        "Mrs. Brown met Gen. Lee at 5 p.m. They talked. The meeting ended at 6 p.m. Nobody knew why.",
        ["Mrs. Brown met Gen. Lee at 5 p.m.", "They talked.", "The meeting ended at 6 p.m. Nobody knew why."],
    ),
    # CNN/DailyMail's lowercased, tokenized style
    (
        "it was late . the police arrived . no one was hurt .",
        ["it was late .", "the police arrived .", "no one was hurt ."],
    ),
]


@needs_punkt
@pytest.mark.parametrize(("text", "sentences"), PUNKT_CASES)
def test_punkt_gives_nltks_sentences(text, sentences):
    assert punkt_sentences(text) == sentences
    assert split_sentences(text, splitter="punkt") == "\n".join(sentences)
    assert split_sentences(text, "punkt").split("\n") == nltk.sent_tokenize(text)


@needs_punkt
def test_punkt_and_rules_differ_where_the_rules_cannot_know():
    text = PUNKT_CASES[2][0]
    assert split_sentences(text).split("\n") == [  # the rule set never cuts after an acronym with dots
        "Mrs. Brown met Gen. Lee at 5 p.m. They talked.",
        "The meeting ended at 6 p.m. Nobody knew why.",
    ]
    assert split_sentences(text, "punkt").split("\n")[:2] == ["Mrs. Brown met Gen. Lee at 5 p.m.", "They talked."]


@needs_punkt
def test_punkt_keeps_line_breaks_inside_a_sentence_as_nltk_returns_them():
    text = "The cat sat\non the mat. It slept."
    assert punkt_sentences(text) == ["The cat sat\non the mat.", "It slept."]
    # Hugging Face's "\n".join(sent_tokenize(text)) leaves the break; rouge-score's split_summaries reads a space
    assert split_sentences(text, "punkt") == "The cat sat\non the mat.\nIt slept."
    assert punkt_lines(text) == "The cat sat on the mat.\nIt slept."


@needs_punkt
def test_punkt_on_empty_and_blank_text():
    assert split_sentences("", "punkt") == "" and split_sentences("  \n ", "punkt") == ""


@needs_punkt
def test_hf_course_lead_3_sentences():
    # Hugging Face course, chapter 7 section 5 ("Creating a strong baseline"): the three sentences its
    # three_sentence_summary() printed, which "\n".join(sent_tokenize(text)[:3]) made of a review.
    printed = [
        'I grew up reading Koontz, and years ago, I stopped,convinced i had "outgrown" him.',
        "Still,when a friend was looking for something suspenseful too read, I suggested Koontz.",
        "She found Strangers.",
    ]
    assert split_sentences(" ".join(printed), "punkt").split("\n") == printed


def test_default_splitter_is_the_rule_set_unchanged():
    text = "The U.S. team won. Dr. Smith said so at 3.5 p.m. on Monday. 警察来了。枪手被击毙。"
    assert split_sentences(text) == split_sentences(text, "rules") == "\n".join(rule_sentences(text))
    assert split_sentences(text).split("\n") == [
        "The U.S. team won.",
        "Dr. Smith said so at 3.5 p.m. on Monday.",
        "警察来了。",
        "枪手被击毙。",
    ]


def test_registry_names_each_splitter_once():
    assert list(SPLITTERS) == ["rules", "punkt"]
    assert SPLITTERS["rules"].title == SPLITTER and SPLITTERS["rules"].unavailable() is None
    assert SPLITTERS["punkt"].title == punkt.PUNKT and "split_summaries" in SPLITTERS["punkt"].use
    assert all(s.name == name and s.use for name, s in SPLITTERS.items())
    assert get_splitter("punkt") is SPLITTERS["punkt"]


@pytest.mark.parametrize("bad", ["spacy", "Punkt", "", None])
def test_unknown_splitter_is_a_clear_value_error(bad):
    with pytest.raises(ValueError, match=r"unknown sentence splitter .*: the splitters are 'rules', 'punkt'"):
        split_sentences("One. Two.", splitter=bad)


# -- the model is missing ---------------------------------------------------------------------------


def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """NLTK as on a machine without punkt_tab: its find and its sent_tokenize raise LookupError."""

    def find(resource: str, *args: object, **kwargs: object) -> str:
        raise LookupError(f"Resource {resource} not found.")

    def sent_tokenize(text: str, language: str = "english") -> list[str]:
        raise LookupError("Resource punkt_tab not found.")

    monkeypatch.setattr(nltk.data, "find", find)
    monkeypatch.setattr(nltk.tokenize, "sent_tokenize", sent_tokenize)
    monkeypatch.setattr(nltk.data, "path", ["/nowhere/nltk_data"])


def test_missing_model_message_says_what_and_how(monkeypatch):
    _no_model(monkeypatch)
    message = punkt_unavailable()
    assert message == (
        "splitter 'punkt' needs NLTK's English punkt_tab model (tokenizers/punkt_tab/english/), which is not "
        "installed (searched /nowhere/nltk_data). Install it with `python -m nltk.downloader punkt_tab`, or put "
        "a folder holding tokenizers/punkt_tab/english/ in the NLTK_DATA environment variable before starting "
        "Python (in a clone of ROUGE Lens, `python3 scripts/punkt_data.py` makes one without NLTK's server)."
    )
    assert SPLITTERS["punkt"].unavailable() == message
    with pytest.raises(PunktUnavailable) as e:
        check_punkt()
    assert str(e.value) == message
    with pytest.raises(ValueError) as e2:  # PunktUnavailable is a ValueError: callers catch one type
        split_sentences("One. Two.", "punkt")
    assert str(e2.value) == message and e2.value.__cause__ is None
    assert split_sentences("One. Two.") == "One.\nTwo."  # the rule set needs no model


def test_missing_model_message_shortens_a_long_search_path(monkeypatch):
    _no_model(monkeypatch)
    monkeypatch.setattr(nltk.data, "path", [f"/d{i}" for i in range(7)])
    assert "(searched /d0, /d1, /d2, /d3 and 3 more)" in punkt.missing_message()


# -- rougeLsum: rouge_core on punkt's sentences = rouge-score 0.1.2 with split_summaries=True ----------

PAIRS = [
    (
        "Mr. Smith arrived in the U.S. on Monday. He paid $3.50 for coffee.",
        'Mr. Smith came to the U.S. on Monday and paid $3.50. "It was cold," he said.',
    ),
    (
        "Mrs. Brown met Gen. Lee at 5 p.m. They talked. The meeting ended at 6 p.m. Nobody knew why.",
        "Gen. Lee and Mrs. Brown talked at 5 p.m. Nobody knew why the meeting ended.",
    ),
    (
        "the police arrived . no one was hurt . the suspect fled on foot .",
        "police arrived at the scene . the suspect fled . no one was hurt in the attack .",
    ),
    (
        "The U.S. economy grew 2.5% in Q3. Dr. Jones disagreed. Prices rose 1.9 percent.",
        'Dr. Jones said: "The economy grew 2.5%." Prices rose. Growth in the U.S. was strong.',
    ),
    ("One sentence only with no full stop", "One sentence. And another one. And a third one!"),
    # a line break between sentences and one inside a sentence (rouge-score reads that one as a space)
    ("On the mat\nthe cat sat. It slept.\nThe dog barked.", "The cat slept on the mat.\nThe dog barked loudly."),
]
LSUM = {stem: rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=stem, split_summaries=True) for stem in (0, 1)}
CONFIGS = {
    stem: RougeConfig(profile="rouge-score", stem=bool(stem), max_n=1, wlcs_weight=None, skip_distance=None)
    for stem in (0, 1)
}


@needs_punkt
@pytest.mark.parametrize("stem", [0, 1], ids=["plain", "stem"])
@pytest.mark.parametrize(("candidate", "reference"), PAIRS)
def test_rouge_lsum_equals_rouge_score_split_summaries(candidate, reference, stem):
    want = LSUM[stem].score(reference, candidate)["rougeLsum"]  # rouge-score's order: (target, prediction)
    got = score(punkt_lines(candidate), [punkt_lines(reference)], CONFIGS[stem])["ROUGE-L"].score
    assert (got.precision, got.recall, got.fmeasure) == (want.precision, want.recall, want.fmeasure)
    if "\n" not in candidate + reference:  # no line break inside a sentence: Hugging Face's lines are the same
        hf = score(split_sentences(candidate, "punkt"), [split_sentences(reference, "punkt")], CONFIGS[stem])
        assert hf["ROUGE-L"].score == got


@needs_punkt
def test_rouge_lsum_of_a_line_break_inside_a_sentence_differs_between_the_conventions():
    candidate, reference = PAIRS[-1]
    plain = rouge_scorer.RougeScorer(["rougeLsum"])  # Hugging Face: split by punkt, then on the lines
    hf = plain.score("\n".join(nltk.sent_tokenize(reference)), "\n".join(nltk.sent_tokenize(candidate)))
    ours_hf = score(split_sentences(candidate, "punkt"), [split_sentences(reference, "punkt")], CONFIGS[0])
    assert ours_hf["ROUGE-L"].score.fmeasure == hf["rougeLsum"].fmeasure
    # "On the mat" and "the cat sat" as two sentences, the union LCS takes both runs (9 of the reference's
    # 10 words); as one sentence, one LCS can take only one of them (8 of 10)
    assert (hf["rougeLsum"].recall, LSUM[0].score(reference, candidate)["rougeLsum"].recall) == (9 / 10, 8 / 10)


@needs_punkt
def test_hf_course_rouge_example_after_punkt():
    # Hugging Face course, chapter 7 section 5: rougeLsum P 0.86, R 1.0, F 0.92 (rounded) for this pair;
    # its compute_metrics splits with sent_tokenize first, which leaves one sentence as it is.
    generated, reference = "I absolutely loved reading the Hunger Games", "I loved reading the Hunger Games"
    got = score(split_sentences(generated, "punkt"), [split_sentences(reference, "punkt")], CONFIGS[0])["ROUGE-L"]
    assert (got.counts.hit, got.counts.model, got.counts.peer) == (6, 6, 7)
    assert (round(got.score.precision, 2), round(got.score.recall, 2), round(got.score.fmeasure, 2)) == (
        0.86,
        1.0,
        0.92,
    )


@needs_punkt
def test_docs_sentences_python_block_runs():
    doc = Path(__file__).resolve().parents[2] / "docs" / "sentences.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    assert blocks
    for block in blocks:
        test = doctest.DocTestParser().get_doctest(block, {}, "sentences.md", str(doc), 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert test.examples and runner.summarize(verbose=False).failed == 0
