"""Unit tests for rouge_core.skipbigram: pair totals, clipping, SU unigrams, explanations."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from rouge_core import Counts
from rouge_core.skipbigram import _pair_hits_matrix, explain_skip, pair_total, skip_counts, unigram_total


@pytest.mark.parametrize("length", range(0, 9))
@pytest.mark.parametrize("distance", [-1, 0, 1, 2, 4, 9])
def test_pair_total_counts_pairs(length, distance):
    brute = sum(1 for i, j in combinations(range(length), 2) if distance < 0 or j - i - 1 <= distance)
    assert pair_total(length, distance) == brute


def test_pair_total_examples():
    assert pair_total(4, -1) == comb(4, 2) == 6
    assert (pair_total(4, 0), pair_total(4, 1)) == (3, 5)
    assert pair_total(1, -1) == pair_total(0, 4) == 0


def test_unigram_total():
    assert unigram_total(4, True) == 4  # paper / rouge-score: every token
    assert unigram_total(4, False) == 3  # ROUGE-1.5.5: its loop stops one early
    assert unigram_total(0, False) == 0 and unigram_total(1, False) == 0


def test_clipping():
    # ('a', 'b') occurs 4 times in the candidate 'a a b b' and once in the reference: 1 hit.
    cand, ref = "a a b b".split(), "a b".split()
    assert skip_counts(cand, ref, -1) == Counts(1, 1, 6)
    e = explain_skip(cand, ref, -1)
    ab = next(g for g in e.grams if g.gram == ("a", "b"))
    assert (ab.candidate_count, ab.reference_count, ab.credit) == (4, 1, 1)


def test_distance_limit():
    cand, ref = "a x x b".split(), "a b".split()
    assert skip_counts(cand, ref, 1).hit == 0  # two tokens between a and b
    assert skip_counts(cand, ref, 2).hit == 1
    e = explain_skip(cand, ref, 1)
    assert all(j - i - 1 <= 1 for g in e.grams for i, j in g.candidate_positions)


def test_su_unigrams():
    cand, ref = "gunman the killed police".split(), "police killed the gunman".split()
    assert skip_counts(cand, ref, -1) == Counts(0, 6, 6)
    assert skip_counts(cand, ref, -1, su=True) == Counts(4, 10, 10)
    # ROUGE-1.5.5 leaves out each side's last token: {gunman, the, killed} vs {police, killed, the}.
    assert skip_counts(cand, ref, -1, su=True, su_last=False) == Counts(2, 9, 9)
    e = explain_skip(cand, ref, -1, su=True, su_last=False)
    assert (e.hit, e.reference_total, e.candidate_total) == (2, 9, 9)


def test_matrix_path_equals_pair_path():
    cand = "a b a c b a d a b c".split()
    ref = "b a c a b d d a c b a".split()
    shared = sorted(set(cand) & set(ref))
    fc = [(i, k) for i, k in enumerate(cand) if k in shared]
    fr = [(i, k) for i, k in enumerate(ref) if k in shared]
    assert _pair_hits_matrix(fc, fr, shared) == skip_counts(cand, ref, -1).hit
    e = explain_skip(cand, ref, -1)
    assert e.hit == skip_counts(cand, ref, -1).hit


def test_explanation_too_large(monkeypatch):
    import rouge_core.skipbigram as sb

    monkeypatch.setattr(sb, "EXPLAIN_MAX_PAIRS", 5)
    assert explain_skip(list("abcdef"), list("abc"), -1) is None
