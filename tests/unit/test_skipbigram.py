"""Unit tests for rouge_core.measures.skipbigram: pair totals, clipping, SU unigrams, explanations."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from rouge_core import Counts
from rouge_core.measures.skipbigram import _pair_hits_matrix, count_skip_bigrams, pair_total, unigram_total


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
    assert count_skip_bigrams(cand, ref, -1)[0] == Counts(1, 1, 6)
    e = count_skip_bigrams(cand, ref, -1, explain=True)[1]
    ab = next(g for g in e.grams if g.gram == ("a", "b"))
    assert (ab.candidate_count, ab.reference_count, ab.credit) == (4, 1, 1)


def test_distance_limit():
    cand, ref = "a x x b".split(), "a b".split()
    assert count_skip_bigrams(cand, ref, 1)[0].hit == 0  # two tokens between a and b
    assert count_skip_bigrams(cand, ref, 2)[0].hit == 1
    e = count_skip_bigrams(cand, ref, 1, explain=True)[1]
    assert all(j - i - 1 <= 1 for g in e.grams for i, j in g.candidate_positions)


def test_su_unigrams():
    cand, ref = "gunman the killed police".split(), "police killed the gunman".split()
    assert count_skip_bigrams(cand, ref, -1)[0] == Counts(0, 6, 6)
    assert count_skip_bigrams(cand, ref, -1, su=True)[0] == Counts(4, 10, 10)
    # ROUGE-1.5.5 leaves out each side's last token: {gunman, the, killed} vs {police, killed, the}.
    assert count_skip_bigrams(cand, ref, -1, su=True, su_last=False)[0] == Counts(2, 9, 9)
    e = count_skip_bigrams(cand, ref, -1, su=True, su_last=False, explain=True)[1]
    assert (e.hit, e.reference_total, e.candidate_total) == (2, 9, 9)


def test_matrix_path_equals_pair_path():
    cand = "a b a c b a d a b c".split()
    ref = "b a c a b d d a c b a".split()
    shared = sorted(set(cand) & set(ref))
    fc = [(i, k) for i, k in enumerate(cand) if k in shared]
    fr = [(i, k) for i, k in enumerate(ref) if k in shared]
    assert _pair_hits_matrix(fc, fr, shared) == count_skip_bigrams(cand, ref, -1)[0].hit
    e = count_skip_bigrams(cand, ref, -1, explain=True)[1]
    assert e.hit == count_skip_bigrams(cand, ref, -1)[0].hit


def test_explanation_too_large(monkeypatch):
    import rouge_core.measures.skipbigram as sb

    monkeypatch.setattr(sb, "EXPLAIN_MAX_PAIRS", 5)
    assert count_skip_bigrams(list("abcdef"), list("abc"), -1, explain=True)[1] is None


def _listing_before(cand, ref, distance, su, su_last):
    """The listing as the explanation computed it eagerly before it became lazy (reference code)."""

    def positions(keys):
        out = {}
        for i in range(len(keys) - 1):
            for j in range(i + 1, len(keys) if distance < 0 else min(len(keys), i + distance + 2)):
                out.setdefault((keys[i], keys[j]), []).append((i, j))
        if su:
            for i in range(unigram_total(len(keys), su_last)):
                out.setdefault((keys[i],), []).append((i,))
        return out

    cp, rp = positions(cand), positions(ref)
    return [(g, tuple(cp.get(g, ())), tuple(rp.get(g, ()))) for g in dict.fromkeys([*cp, *rp])]


@pytest.mark.parametrize("distance", [-1, 0, 1, 4])
@pytest.mark.parametrize("su,su_last", [(False, True), (True, True), (True, False)])
def test_lazy_grams_equal_the_eager_listing(distance, su, su_last):
    pairs = [
        ("police kill the gunman".split(), "police killed the gunman".split()),
        ("a a b b".split(), "a b".split()),
        ("a b a c b a d a b c".split(), "b a c a b d d a c b a".split()),
        ([], "a b".split()),
        (["a"], ["a"]),
    ]
    for cand, ref in pairs:
        counts, e = count_skip_bigrams(cand, ref, distance, su, su_last, explain=True)
        assert "grams" not in e.__dict__
        got = [(g.gram, g.candidate_positions, g.reference_positions) for g in e.grams]
        assert got == _listing_before(cand, ref, distance, su, su_last)
        assert counts == Counts(e.hit, e.reference_total, e.candidate_total)
        assert sum(g.credit for g in e.grams) == e.hit


def test_s_and_su_list_their_skip_bigrams_once(monkeypatch):
    """ROUGE-S* and ROUGE-SU* of one pair share one skip-bigram listing (SU adds the unigrams)."""
    import rouge_core.measures.skipbigram as sb
    from rouge_core import RougeConfig, evaluate

    calls = []
    real = sb._list_pairs
    monkeypatch.setattr(sb, "_list_pairs", lambda *a: calls.append(a) or real(*a))
    refs = ["police killed the gunman", "the gunman was killed"]
    r = evaluate("police kill the gunman", refs, RougeConfig(skip_distance=-1))
    assert calls == []  # evaluate counts; nothing is listed until a view asks
    for k in range(2):
        s = r.measures["ROUGE-S*"].per_reference[k].explanation
        su = r.measures["ROUGE-SU*"].per_reference[k].explanation
        assert su.keys is s.keys  # one PairKeys per (candidate, reference)
        pairs = [g for g in su.grams if len(g.gram) == 2]
        assert [g.gram for g in pairs] == [g.gram for g in s.grams]
        assert all(a is b for a, b in zip(pairs, s.grams))  # the same GramMatch objects
    assert len(calls) == 2  # once per reference, not once per measure


def test_explained_counts_come_from_the_counting_function(monkeypatch):
    """With or without an explanation, the hit is the counting function's (the kernels' when compiled)."""
    import rouge_core.measures.skipbigram as sb

    want = count_skip_bigrams("a b a c".split(), "a c b a".split(), -1, su=True)[0]
    monkeypatch.setattr(sb, "_listed", None)  # listing is not needed for counts
    counts, e = count_skip_bigrams("a b a c".split(), "a c b a".split(), -1, su=True, explain=True)
    assert counts == want and (e.hit, e.reference_total, e.candidate_total) == (want.hit, want.model, want.peer)
