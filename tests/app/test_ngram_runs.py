"""The N-gram view's highlighted texts mark runs of words, not words (issue 22, target 7): consecutive
words with the same mark share one span whose title holds every word's titles, so a paste draws fewer
elements and every word keeps its mark and its explanation."""

from __future__ import annotations

from rouge_core import RougeConfig, evaluate
from tests.app.inspect_html import marked_words, word_marks
from ui.render.ngrams import _token_marks, gram_explanation, ngram_highlight_html

CAND = "the cat sat on the mat today, and the dog <b>barked</b> at the cat"
REF = "the cat sat on a mat, the dog barked at a cat yesterday"


def _per_token(report_side: str) -> list[tuple[str, list[str]]]:
    """(class, titles) of each token as the view marked it word by word, from the same n-gram counts."""
    r = evaluate(CAND, [REF], RougeConfig(max_n=1))
    e = gram_explanation(r, "ROUGE-1", 0)
    assert e is not None
    if report_side == "candidate":
        items = [
            (" ".join(g.gram), g.candidate_positions, g.credit, g.candidate_count, g.reference_count) for g in e.grams
        ]
        n = len(r.candidate.tokens)
    else:
        items = [
            (" ".join(g.gram), g.reference_positions, g.credit, g.reference_count, g.candidate_count) for g in e.grams
        ]
        n = len(r.references[0].tokens)
    marks = _token_marks(items)
    return [marks[i] for i in range(n)]


def test_runs_of_words_with_one_mark_share_a_span():
    r = evaluate(CAND, [REF], RougeConfig(max_n=1))
    cand, ref = ngram_highlight_html(r, "ROUGE-1", 0)
    for html, side in ((cand, "candidate"), (ref, "reference")):
        words = [w for w in marked_words(html) if w[0] and w[0] != "rl-dropped"]
        expected = _per_token(side)
        # the same mark on every word as one span a word gave it, and each word's titles in its span's title
        assert [c for c, _, _ in words] == [style for style, _ in expected]
        for (_, title, word), (_, titles) in zip(words, expected):
            assert title is not None and all(t in title for t in titles), (word, title, titles)
        # fewer spans than marked words: "the cat sat on" is one credited span on both sides (one a word before)
        spans = html.count("<span") - html.count('class="rl-dropped"')
        assert spans < len(words)
    assert '<span class="rl-match" title="credited: &#x27;the&#x27; (1 of 2); credited: &#x27;cat&#x27;' in cand


def test_a_run_breaks_at_dropped_text_and_keeps_it_marked():
    r = evaluate(CAND, [REF], RougeConfig(max_n=1))
    cand, _ = ngram_highlight_html(r, "ROUGE-1", 0)
    # "today," : the comma is not counted and stays grey, between two spans
    assert ",</span>" in cand and 'class="rl-dropped"' in cand
    assert ("rl-dropped", ",") in word_marks(cand)
    # user text stays escaped inside a run
    assert "&lt;" in cand and "<b>" not in cand
