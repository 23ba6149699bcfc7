"""On generated text, rougeLsum of the ``rouge-score`` profile over punkt's sentences equals rouge-score
0.1.2 with ``split_summaries=True`` (which calls ``nltk.sent_tokenize``), float for float; and over
``split_sentences(text, "punkt")`` it equals rouge-score on Hugging Face's ``"\\n".join(sent_tokenize)``."""

from __future__ import annotations

from typing import Any

import nltk
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rouge_core import RougeConfig, score, split_sentences
from rouge_core.text.punkt import punkt_lines, punkt_unavailable

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
pytestmark = pytest.mark.skipif(
    punkt_unavailable() is not None,
    reason="NLTK's English punkt_tab model is not installed: run `python3 scripts/punkt_data.py` and export "
    "NLTK_DATA=$PWD/.cache/nltk_data (scripts/test.sh does both)",
)

# Words and the punctuation punkt decides on: titles, dotted acronyms, initials, decimals, quotes.
WORDS = ["the", "The", "police", "cat", "sat", "Mr.", "Dr.", "U.S.", "p.m.", "J.", "3.5", "$3.50", "No.", "it", "He"]
ENDS = [" ", " ", " ", ". ", "! ", "? ", '." ', ".\n", "\n", " . ", ", "]
text = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(ENDS)), min_size=1, max_size=25).map(
    lambda parts: "".join(w + e for w, e in parts)
)
SPLIT = {stem: rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=stem, split_summaries=True) for stem in (0, 1)}
LINES = {stem: rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=stem) for stem in (0, 1)}
CONFIGS = {
    stem: RougeConfig(profile="rouge-score", stem=bool(stem), max_n=1, wlcs_weight=None, skip_distance=None)
    for stem in (0, 1)
}


def triple(s: Any) -> tuple[float, float, float]:
    """P, R, F of a rouge-score Score or of ours."""
    return (s.precision, s.recall, s.fmeasure)


@settings(max_examples=80, deadline=None)
@given(text, text, st.sampled_from([0, 1]))
def test_rouge_lsum_equals_rouge_score_on_punkt_sentences(candidate, reference, stem):
    config = CONFIGS[stem]
    want = SPLIT[stem].score(reference, candidate)["rougeLsum"]
    assert triple(score(punkt_lines(candidate), [punkt_lines(reference)], config)["ROUGE-L"].score) == triple(want)
    hf = LINES[stem].score("\n".join(nltk.sent_tokenize(reference)), "\n".join(nltk.sent_tokenize(candidate)))
    ours = score(split_sentences(candidate, "punkt"), [split_sentences(reference, "punkt")], config)["ROUGE-L"]
    assert triple(ours.score) == triple(hf["rougeLsum"])
