"""Unit tests for rouge_core.ngrams: clipped n-gram overlap and its explanation."""

from __future__ import annotations

from rouge_core import Counts
from rouge_core.ngrams import explain_ngrams, ngram_counter, ngram_counts


def test_counter():
    assert ngram_counter(["a", "b", "a", "b"], 2) == {("a", "b"): 2, ("b", "a"): 1}
    assert ngram_counter(["a"], 2) == {}
    assert ngram_counter(["a", "a"], 1) == {("a",): 2}


def test_clipping():
    # Candidate repeats 'the' three times; the reference has it twice: 2 hits, not 3.
    cand, ref = "the the the cat".split(), "the cat on the mat".split()
    assert ngram_counts(cand, ref, 1) == Counts(3, 5, 4)
    e = explain_ngrams(cand, ref, 1)
    the = next(g for g in e.grams if g.gram == ("the",))
    assert (the.candidate_count, the.reference_count, the.credit) == (3, 2, 2)
    assert the.candidate_positions == ((0,), (1,), (2,)) and the.reference_positions == ((0,), (3,))


def test_bigram_clipping_and_positions():
    cand, ref = "the cat the cat".split(), "the cat sat".split()
    assert ngram_counts(cand, ref, 2) == Counts(1, 2, 3)
    e = explain_ngrams(cand, ref, 2)
    assert (e.hit, e.reference_total, e.candidate_total) == (1, 2, 3)
    tc = next(g for g in e.grams if g.gram == ("the", "cat"))
    assert tc.candidate_positions == ((0, 1), (2, 3)) and tc.reference_positions == ((0, 1),)


def test_totals_never_negative():
    assert ngram_counts(["a"], ["a", "b"], 3) == Counts(0, 0, 0)
    assert ngram_counts([], [], 1) == Counts(0, 0, 0)
    e = explain_ngrams(["a"], ["a", "b"], 2)
    assert (e.hit, e.reference_total, e.candidate_total) == (0, 1, 0)


def test_explanation_matches_counts():
    cand, ref = "a b a b c a".split(), "b a b a a c".split()
    for n in (1, 2, 3, 4):
        e = explain_ngrams(cand, ref, n)
        assert Counts(e.hit, e.reference_total, e.candidate_total) == ngram_counts(cand, ref, n)
        for g in e.grams:
            for pos in g.candidate_positions:
                assert tuple(cand[i] for i in pos) == g.gram
            for pos in g.reference_positions:
                assert tuple(ref[i] for i in pos) == g.gram
