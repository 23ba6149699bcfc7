"""The worked numbers of Lin (2004), sections 2-5, through the ``paper`` profile.

Every expected value is an exact fraction; floats are compared with
``pytest.approx(..., rel=1e-12)`` only where the computation itself divides.
"""

from __future__ import annotations

from fractions import Fraction as Fr
from math import comb

import pytest

from rouge_core import Counts, RougeConfig, evaluate, score
from rouge_core.measures.skipbigram import count_skip_bigrams, pair_total

S1 = "police killed the gunman"
S2 = "police kill the gunman"
S3 = "the gunman kill police"
S4 = "the gunman police killed"
S5 = "gunman the killed police"

X = "A B C D E F G"
Y1 = "A B C D H I K"
Y2 = "A H B K C I D"

# beta = 1 (alpha = 0.5), unlimited skip distance, f(k) = k^2 as in sections 3-5.
PAPER = RougeConfig(profile="paper", max_n=2, skip_distance=-1, wlcs_weight=2.0, alpha=0.5)


def exact(x: float, fr: Fr | int) -> bool:
    return x == pytest.approx(float(fr), rel=1e-12, abs=0 if fr else 1e-15)


def f1(p: Fr, r: Fr) -> Fr:
    return 2 * p * r / (p + r) if p + r else Fr(0)


def measure(cand: str, ref, label: str, config: RougeConfig = PAPER):
    return evaluate(cand, ref, config).measures[label]


def test_profile_defaults():
    assert PAPER.tokenizer == "rouge155"
    assert PAPER.multi_ref == "best"
    assert PAPER.flat_lcs is False
    assert PAPER.beta == 1.0


# -- section 3.1: sentence-level LCS --------------------------------------------------


@pytest.mark.parametrize(("cand", "lcs"), [(S2, 3), (S3, 2), (S4, 2), (S5, 1)])
def test_rouge_l_sentence_level(cand, lcs):
    """S2 = 3/4 ("police the gunman"), S3 = 2/4, S4 = S3 (one of two LCSes), S5 = 1/4."""
    m = measure(cand, S1, "ROUGE-L")
    assert m.counts == Counts(lcs, 4, 4)
    for v in (m.score.recall, m.score.precision, m.score.fmeasure):
        assert v == float(Fr(lcs, 4))  # R = P, so F = R exactly


def test_rouge_l_s2_beats_s3_and_s4_ties_s3():
    l2, l3, l4 = (measure(c, S1, "ROUGE-L").score.fmeasure for c in (S2, S3, S4))
    assert l2 == 0.75 and l3 == 0.5
    assert l4 == l3


def test_rouge_2_same_for_s2_and_s3_and_prefers_s4():
    """S2 and S3 share one bigram with S1 ("the gunman"); S4 shares two ("the gunman", "police killed")."""
    r2, r3, r4 = (measure(c, S1, "ROUGE-2") for c in (S2, S3, S4))
    assert r2.counts == r3.counts == Counts(1, 3, 3)
    assert r4.counts == Counts(2, 3, 3)
    assert exact(r2.score.recall, Fr(1, 3)) and exact(r4.score.recall, Fr(2, 3))
    assert r4.score.fmeasure > r3.score.fmeasure == r2.score.fmeasure


def test_lcs_is_at_most_unigram_f():
    """Section 3.1: sentence-level ROUGE-L <= unigram F-measure."""
    for c in (S2, S3, S4, S5):
        r = evaluate(c, S1, PAPER)
        assert r.measures["ROUGE-L"].score.fmeasure <= r.measures["ROUGE-1"].score.fmeasure


def test_rouge_l_is_one_for_identical_and_zero_for_disjoint():
    assert measure(S1, S1, "ROUGE-L").score == measure(S1, S1, "ROUGE-1").score
    assert measure(S1, S1, "ROUGE-L").score.fmeasure == 1.0
    assert measure("a b c", S1, "ROUGE-L").score.fmeasure == 0.0


# -- section 3.2: summary-level LCS (union LCS) ---------------------------------------


def test_union_lcs_four_fifths():
    r_i = "w1 w2 w3 w4 w5"
    cand = "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5"
    m = measure(cand, r_i, "ROUGE-L")
    assert m.counts == Counts(4, 5, 10)
    assert m.score.recall == float(Fr(4, 5))
    assert m.score.precision == float(Fr(4, 10))
    assert exact(m.score.fmeasure, f1(Fr(4, 10), Fr(4, 5)))
    e = m.per_reference[0].explanation
    # LCS(r, c1) = "w1 w2"; LCS(r, c2) = "w1 w3 w5"; union = "w1 w2 w3 w5".
    lcs_by_sentence = {p.candidate_sentence: [a for a, _ in p.marks] for p in e.pairs}
    assert lcs_by_sentence == {0: [0, 1], 1: [0, 2, 4]}
    assert [u.key for u in e.marks] == ["w1", "w2", "w3", "w5"]


def test_union_lcs_without_hit_budget():
    """The paper's eq. 5-6 have no budget: two reference sentences 'a b' both credit candidate 'a b'."""
    m = measure("a b", "a b\na b", "ROUGE-L")
    assert m.counts == Counts(4, 4, 2)
    assert m.score.recall == 1.0
    assert m.score.precision == 2.0  # eq. 6 as written can exceed 1
    assert exact(m.score.fmeasure, f1(Fr(2), Fr(1)))
    assert any("precision can exceed 1" in n for n in m.per_reference[0].explanation.notes)
    # ROUGE-1.5.5 credits each candidate token once.
    perl = evaluate("a b", "a b\na b", RougeConfig()).measures["ROUGE-L"]
    assert perl.counts == Counts(2, 4, 2) and perl.score.recall == 0.5


def test_duc_beta_large_is_recall():
    """In DUC beta -> infinity (alpha = 0): only recall counts."""
    cfg = PAPER.with_(alpha=0.0)
    m = measure("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5", "ROUGE-L", cfg)
    assert m.score.fmeasure == m.score.recall == 0.8


# -- section 4: ROUGE-W ------------------------------------------------------------------


def test_rouge_w_y1_y2():
    """f(k) = k^2: WLCS(X, Y1) = 16, WLCS(X, Y2) = 4; R = sqrt(WLCS / 49) = 4/7 and 2/7."""
    w1, w2 = measure(Y1, X, "ROUGE-W-2"), measure(Y2, X, "ROUGE-W-2")
    assert w1.counts == Counts(16.0, 49.0, 49.0)
    assert w2.counts == Counts(4.0, 49.0, 49.0)
    assert exact(w1.score.recall, Fr(4, 7)) and exact(w1.score.precision, Fr(4, 7))
    assert exact(w2.score.recall, Fr(2, 7)) and exact(w2.score.precision, Fr(2, 7))
    assert round(w1.score.fmeasure, 3) == 0.571 and round(w2.score.fmeasure, 3) == 0.286
    # Same ROUGE-L, so only ROUGE-W tells them apart.
    assert measure(Y1, X, "ROUGE-L").score == measure(Y2, X, "ROUGE-L").score
    assert measure(Y1, X, "ROUGE-L").counts.hit == 4


def test_rouge_w_runs():
    e = measure(Y1, X, "ROUGE-W-2").per_reference[0].explanation
    assert [(r.start, r.length, r.weight) for r in e.runs] == [(0, 4, 16.0)]
    e = measure(Y2, X, "ROUGE-W-2").per_reference[0].explanation
    assert [(r.start, r.length) for r in e.runs] == [(0, 1), (1, 1), (2, 1), (3, 1)]


# -- section 5: ROUGE-S and ROUGE-SU ---------------------------------------------------------


def test_skip_bigrams_per_four_word_sentence():
    assert comb(4, 2) == 6 == pair_total(4, -1)
    e = measure(S2, S1, "ROUGE-S*").per_reference[0].explanation
    s1_pairs = {" ".join(g.gram) for g in e.grams if g.reference_count}
    assert s1_pairs == {"police killed", "police the", "police gunman", "killed the", "killed gunman", "the gunman"}
    assert e.reference_total == e.candidate_total == 6


@pytest.mark.parametrize(
    ("cand", "hits", "matched"),
    [
        (S2, 3, {"police the", "police gunman", "the gunman"}),
        (S3, 1, {"the gunman"}),
        (S4, 2, {"police killed", "the gunman"}),
        (S5, 0, set()),
    ],
)
def test_rouge_s_matches(cand, hits, matched):
    m = measure(cand, S1, "ROUGE-S*")
    assert m.counts == Counts(hits, 6, 6)
    e = m.per_reference[0].explanation
    assert {" ".join(g.gram) for g in e.grams if g.credit} == matched
    # beta = 1 and C(4,2) on both sides: R = P = F = hits / 6 (0.5, 0.167, 0.333, 0).
    for v in (m.score.recall, m.score.precision, m.score.fmeasure):
        assert exact(v, Fr(hits, 6))


def test_rouge_s_ranking():
    s2, s3, s4 = (measure(c, S1, "ROUGE-S*").score.fmeasure for c in (S2, S3, S4))
    assert s2 > s4 > s3
    assert round(s3, 3) == 0.167 and round(s4, 3) == 0.333


def test_rouge_su_gives_s5_credit():
    """S5 is S1 reversed: no skip-bigram, but four unigrams; (0 + 4) / (C(4,2) + 4) = 4/10."""
    m = measure(S5, S1, "ROUGE-SU*")
    assert m.counts == Counts(4, comb(4, 2) + 4, comb(4, 2) + 4)
    assert m.score.recall == 0.4 and m.score.precision == 0.4
    assert exact(m.score.fmeasure, Fr(4, 10))
    assert measure(S5, S1, "ROUGE-S*").score.fmeasure == 0.0


def test_rouge_su_equals_s_with_begin_marker():
    """Unlimited distance: SU = S computed with a begin-of-sentence marker on both sides."""
    for cand in (S2, S3, S4, S5):
        su = measure(cand, S1, "ROUGE-SU*").counts
        marked = count_skip_bigrams(["<s>"] + cand.split(), ["<s>"] + S1.split(), -1)[0]
        assert su == marked


def test_skip_distance_zero_is_bigram_overlap():
    """Section 5: d_skip = 0 makes ROUGE-S the bigram overlap F-measure."""
    cfg = PAPER.with_(skip_distance=0)
    for cand in (S2, S3, S4, S5):
        r = evaluate(cand, S1, cfg).measures
        assert r["ROUGE-S0"].counts == r["ROUGE-2"].counts
        assert r["ROUGE-S0"].score == r["ROUGE-2"].score


# -- section 2.1: several references ----------------------------------------------------------


def test_best_is_max_over_references():
    m = measure(S2, [S3, S1], "ROUGE-L")
    assert m.chosen == 1 and m.score.recall == 0.75
    assert [r.score.recall for r in m.per_reference] == [0.5, 0.75]
    # Same numbers from the counts-only path.
    assert score(S2, [S3, S1], PAPER)["ROUGE-L"].score == m.score


# Candidate "a b c d" against three references, ROUGE-1 (hand computed):
#   R1 "a b c d"       hit 4: P = 1,   R = 1,   F = 1
#   R2 "a b x y z w"   hit 2: P = 1/2, R = 1/3, F = 2/5
#   R3 "a x"           hit 1: P = 1/4, R = 1/2, F = 1/3
# Best = R1. Jackknife: without R1 -> best of R2, R3 by F = R2; without R2 -> R1;
# without R3 -> R1. Mean: P = (1/2 + 1 + 1)/3 = 5/6, R = (1/3 + 1 + 1)/3 = 7/9,
# F = (2/5 + 1 + 1)/3 = 4/5 (the mean of the F values, not the F of the means).
JACK_CAND = "a b c d"
JACK_REFS = ["a b c d", "a b x y z w", "a x"]


def test_jackknife_three_references():
    cfg = PAPER.with_(max_n=1, multi_ref="jackknife")
    m = evaluate(JACK_CAND, JACK_REFS, cfg).measures["ROUGE-1"]
    assert m.jackknife == (1, 0, 0)
    assert [r.counts for r in m.per_reference] == [Counts(4, 4, 4), Counts(2, 6, 4), Counts(1, 2, 4)]
    assert exact(m.score.precision, Fr(5, 6))
    assert exact(m.score.recall, Fr(7, 9))
    assert exact(m.score.fmeasure, Fr(4, 5))
    assert score(JACK_CAND, JACK_REFS, cfg)["ROUGE-1"].score == m.score


def test_best_three_references():
    m = evaluate(JACK_CAND, JACK_REFS, PAPER.with_(max_n=1)).measures["ROUGE-1"]
    assert m.chosen == 0 and m.score.fmeasure == 1.0


def test_best_picks_by_f_not_recall():
    """Without R1, R3 has the higher recall (1/2 > 1/3) but R2 the higher F (2/5 > 1/3)."""
    m = evaluate(JACK_CAND, JACK_REFS[1:], PAPER.with_(max_n=1)).measures["ROUGE-1"]
    assert m.chosen == 0
    assert exact(m.score.fmeasure, Fr(2, 5))
    # With beta -> infinity (alpha = 0, the DUC setting) F is recall, so R3 wins.
    m = evaluate(JACK_CAND, JACK_REFS[1:], PAPER.with_(max_n=1, alpha=0.0)).measures["ROUGE-1"]
    assert m.chosen == 1 and m.score.recall == 0.5


def test_jackknife_single_reference_is_best():
    cfg = PAPER.with_(max_n=1, multi_ref="jackknife")
    m = evaluate(S2, S1, cfg).measures["ROUGE-1"]
    assert m.score.recall == 0.75 and m.jackknife == ()


def test_no_rounding():
    """The paper profile keeps full precision (rouge155 prints 5 decimals)."""
    m = measure(S3, S1, "ROUGE-S*")
    assert m.score.recall == 1 / 6
    perl = evaluate(S3, S1, RougeConfig(skip_distance=-1)).measures["ROUGE-S*"]
    assert perl.score.recall == 0.16667
