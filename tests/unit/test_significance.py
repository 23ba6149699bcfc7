"""rouge_core.stats.significance, rouge_core.stats.systems, rouge_core.stats.comparison: paired tests between systems.

Hand-derived values throughout: exact permutation p-values as fractions, the
pooled-versus-mean numbers of a 3-document count example, and the reason a
clearly better system gets p = 1/(R+1).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as Fr

import numpy as np
import pytest

from rouge_core import Counts, RougeConfig
from rouge_core.batch.corpus import evaluate_corpus, pooled_scores
from rouge_core.config import MAX_BOOTSTRAP_SAMPLES
from rouge_core.stats.comparison import compare_systems
from rouge_core.stats.significance import (
    P_BOOTSTRAP,
    P_EXACT,
    P_RANDOMIZATION,
    WinTieLoss,
    approximate_randomization,
    exact_permutation,
    paired_bootstrap,
    swap_blocks,
    win_tie_loss,
)
from rouge_core.stats.systems import SystemScores, system_scores

# A hand case of 5 documents, scores in eighths (exact in binary):
#   A = (6, 5, 3, 4, 2)/8, B = (2, 3, 2, 3, 3)/8, d = A - B = (4, 2, 1, 1, -1)/8, delta = 7/40.
# A swap assignment flips the sign of the swapped d_i, so delta' = (sum_i s_i |d_i|) / 40 with
# |d| = (4, 2, 1, 1, 1) and s_i = +-1 (+1 where d_i keeps its observed sign). With T = the sum of
# |d_i| over the flipped ones, 8 delta' * 5 = 9 - 2T, and |9 - 2T| >= 7 iff T <= 1 or T >= 8.
# T <= 1: flip nothing or one of the three 1s (4 assignments); T >= 8: the complements (4).
# So 8 of the 2^5 = 32 assignments reach |delta|: p = 8/32 = 1/4.
HAND_A = [6 / 8, 5 / 8, 3 / 8, 4 / 8, 2 / 8]
HAND_B = [2 / 8, 3 / 8, 2 / 8, 3 / 8, 3 / 8]
HAND_P = Fr(1, 4)

# (hit, model, peer) per document, the 3-document count example.
COUNTS = [Counts(1, 2, 2), Counts(3, 4, 5), Counts(0, 1, 1)]


def mean(values, **kw):
    return SystemScores.from_scores(values, **kw)


def brute_force_count(a, b):
    """Exact-arithmetic count of swap assignments with |delta'| >= |delta| (mean convention).

    The scores are read as the decimals they were written as (0.1 is 1/10, not its binary value)."""
    fa, fb = [Fr(repr(x)) for x in a], [Fr(repr(x)) for x in b]
    d = [x - y for x, y in zip(fa, fb)]
    observed = abs(sum(d))
    return sum(
        abs(sum(s * x for s, x in zip(signs, d))) >= observed for signs in itertools.product((1, -1), repeat=len(d))
    )


# --- exact permutation and approximate randomization ---------------------------------------


def test_exact_permutation_hand_case():
    t = exact_permutation(mean(HAND_A), mean(HAND_B))
    assert t.delta == pytest.approx(7 / 40, abs=1e-15)
    assert (t.count, t.samples) == (8, 32)
    assert Fr(t.p_value) == HAND_P
    assert t.method == "exact" and t.p_rule == P_EXACT and t.seed is None
    assert brute_force_count(HAND_A, HAND_B) == 8  # the derivation above, re-counted in Fractions


def test_exact_permutation_pooled_hand_case():
    # Precision from pooled counts. A: (1,2,2), (3,4,5), (0,1,1): P = 4/8. B: (0,2,3), (2,4,4), (1,1,1): P = 3/8.
    # delta = 1/8. The 8 swaps (hits/peers of A' and B'):
    #   none 4/8 - 3/8 = 1/8 (counts)        swap {1}   3/9 - 4/7 = -5/21 (counts)
    #   {2}  3/7 - 4/9 = -1/63 (no)          {3}        5/8 - 2/8 = 3/8 (counts)
    #   {1,2} 2/8 - 5/8 = -3/8 (counts)      {1,3}      4/9 - 3/7 = 1/63 (no)
    #   {2,3} 4/7 - 3/9 = 5/21 (counts)      all        3/8 - 4/8 = -1/8 (counts: equal to |delta|)
    # p = 6/8 = 3/4. The mean convention of the same per-document precisions,
    # (1/2, 3/5, 0) against (0, 1/2, 1), has d = (1/2, 1/10, -1) and delta = -2/15: every one
    # of the 8 signed sums +-1/2 +-1/10 +-1 has |.| >= 2/5, so p = 1 there.
    b_counts = [Counts(0, 2, 3), Counts(2, 4, 4), Counts(1, 1, 1)]
    a = SystemScores.from_counts(COUNTS, "precision")
    b = SystemScores.from_counts(b_counts, "precision")
    t = exact_permutation(a, b)
    assert (t.score_a, t.score_b, t.delta) == (0.5, 0.375, 0.125)
    assert (t.count, t.samples, t.p_value) == (6, 8, 0.75)
    assert t.convention == "pooled"
    m = exact_permutation(
        mean(a.per_document().tolist(), statistic="precision"), mean(b.per_document().tolist(), statistic="precision")
    )
    assert m.delta == pytest.approx(-2 / 15, abs=1e-15)
    assert (m.count, m.p_value) == (8, 1.0)
    assert m.convention == "mean"


@pytest.mark.parametrize("seed", range(6))
def test_exact_permutation_counts_float_ties(seed):
    # Decimal scores are not exact in binary: the swaps equal to |delta| in exact arithmetic
    # (at least "none" and "all") must still count, as the Fraction count says.
    rng = np.random.default_rng(seed)
    a = (rng.integers(0, 11, 7) / 10).tolist()
    b = (rng.integers(0, 11, 7) / 10).tolist()
    assert exact_permutation(mean(a), mean(b)).count == brute_force_count(a, b)


def test_exact_permutation_matches_scipy():
    stats = pytest.importorskip("scipy.stats")
    res = stats.permutation_test(
        (np.array(HAND_A), np.array(HAND_B)),
        lambda x, y, axis: np.abs(np.mean(x - y, axis=axis)),
        permutation_type="samples",
        alternative="greater",
        n_resamples=np.inf,
        vectorized=True,
    )
    assert res.pvalue == exact_permutation(mean(HAND_A), mean(HAND_B)).p_value == 0.25


def test_approximate_randomization_approaches_exact():
    r = 20000
    t = approximate_randomization(mean(HAND_A), mean(HAND_B), samples=r, seed=11)
    assert t.method == "randomization" and t.p_rule == P_RANDOMIZATION and (t.samples, t.seed) == (r, 11)
    assert t.p_value == (t.count + 1) / (r + 1)
    # c ~ Binomial(R, 1/4): standard error sqrt(p (1 - p) / R) = 0.0031; allow 4 of them, plus
    # the (c + 1)/(R + 1) rule's shift of at most 1/(R + 1).
    se = math.sqrt(0.25 * 0.75 / r)
    assert abs(t.p_value - 0.25) <= 4 * se + 1 / (r + 1)


def test_approximate_randomization_pooled_approaches_exact():
    a = SystemScores.from_counts(COUNTS, "precision")
    b = SystemScores.from_counts([Counts(0, 2, 3), Counts(2, 4, 4), Counts(1, 1, 1)], "precision")
    t = approximate_randomization(a, b, samples=20000, seed=5)
    assert abs(t.p_value - 0.75) <= 4 * math.sqrt(0.75 * 0.25 / 20000) + 1 / 20001


def test_exact_permutation_refuses_more_than_20_documents():
    exact_permutation(mean([0.1] * 20), mean([0.2] * 20))  # 2^20 assignments: fine
    with pytest.raises(ValueError, match="too many documents for the exact test: 21 > 20"):
        exact_permutation(mean([0.1] * 21), mean([0.2] * 21))


# --- a system against itself, and a clearly better one ---------------------------------------


@pytest.mark.parametrize(
    "system",
    [mean([0.1, 0.35, 0.7, 0.2]), SystemScores.from_counts(COUNTS, "fmeasure", config=RougeConfig(profile="paper"))],
    ids=["mean", "pooled"],
)
def test_system_against_itself(system):
    boot = paired_bootstrap(system, system, samples=200, seed=3)
    ar = approximate_randomization(system, system, samples=300, seed=3)
    ex = exact_permutation(system, system)
    for t in (boot, ar, ex):
        assert t.delta == 0.0 and t.p_value == 1.0
    assert (boot.count, ar.count, ex.count) == (200, 300, 2**system.n)
    assert (boot.ci_low, boot.ci_high, boot.a_wins, boot.b_wins) == (0.0, 0.0, 0.0, 0.0)
    assert win_tie_loss(system, system) == WinTieLoss(0, system.n, 0)


def test_clearly_better_system_gets_the_smallest_p():
    # A = B + 0.1 on all 30 documents. A shuffle that swaps k documents gives
    # delta' = 0.1 (30 - 2k) / 30, so |delta'| >= 0.1 = |delta| only for k = 0 or k = 30:
    # probability 2 / 2^30 per shuffle, about 1.9e-5 expected hits in 10,000 shuffles. With
    # this seed none occurs, so c = 0 and p = (0 + 1)/(R + 1), the smallest value the rule allows.
    b = [(i % 7) / 10 for i in range(30)]
    a = [x + 0.1 for x in b]
    ar = approximate_randomization(mean(a), mean(b), samples=10000, seed=2024)
    assert ar.count == 0 and ar.p_value == 1 / 10001
    # Bootstrap: every resample has delta_b = 0.1 (up to rounding), so |delta_b - mean| is ~1e-17,
    # far below |delta| = 0.1: c = 0 and A wins every resample.
    boot = paired_bootstrap(mean(a), mean(b), samples=1000, seed=2024)
    assert boot.count == 0 and boot.p_value == 1 / 1001 and boot.a_wins == 1.0 and boot.b_wins == 0.0
    assert boot.ci_low == pytest.approx(0.1) and boot.ci_high == pytest.approx(0.1)


# --- seeds ----------------------------------------------------------------------------------


def test_fixed_seed_reproduces_and_other_seeds_differ():
    rng = np.random.default_rng(0)
    a, b = mean(rng.random(40).tolist()), mean(rng.random(40).tolist())
    assert paired_bootstrap(a, b, seed=7) == paired_bootstrap(a, b, seed=7)
    assert approximate_randomization(a, b, 2000, seed=7) == approximate_randomization(a, b, 2000, seed=7)
    b7, b8 = paired_bootstrap(a, b, seed=7), paired_bootstrap(a, b, seed=8)
    assert (b7.ci_low, b7.ci_high, b7.count) != (b8.ci_low, b8.ci_high, b8.count)
    assert approximate_randomization(a, b, 2000, seed=7).count != approximate_randomization(a, b, 2000, seed=8).count
    assert b7.signature == "sig:bootstrap|n:1000|seed:7|conv:mean|stat:F|measure:-|c:95"


def test_bootstrap_result_fields():
    t = paired_bootstrap(mean(HAND_A, measure="ROUGE-L"), mean(HAND_B, measure="ROUGE-L"), samples=500, seed=1)
    assert t.p_rule == P_BOOTSTRAP and (t.samples, t.seed, t.confidence) == (500, 1, 95.0)
    assert t.score_a == pytest.approx(20 / 40) and t.score_b == pytest.approx(13 / 40)
    assert t.ci_low <= t.delta <= t.ci_high
    assert 0 < t.a_wins <= 1 and t.a_wins + t.b_wins <= 1
    assert t.p_value == (t.count + 1) / 501
    assert t.signature == "sig:bootstrap|n:500|seed:1|conv:mean|stat:F|measure:ROUGE-L|c:95"
    m = t.mirrored()
    assert (m.delta, m.ci_low, m.ci_high, m.a_wins, m.p_value) == (-t.delta, -t.ci_high, -t.ci_low, t.b_wins, t.p_value)


def test_swap_blocks_do_not_depend_on_block_size():
    whole = np.vstack(list(swap_blocks(7, 30, 4)))
    small = np.vstack(list(swap_blocks(7, 30, 4, cells=10)))
    assert whole.shape == (30, 7) and (whole == small).all()


# --- conventions ----------------------------------------------------------------------------


def test_pooled_and_mean_conventions_by_hand():
    # Per document R = hit/model: 1/2, 3/4, 0; P = hit/peer: 1/2, 3/5, 0.
    # Mean of per-pair R = (1/2 + 3/4 + 0)/3 = 5/12; pooled R = (1+3+0)/(2+4+1) = 4/7.
    # Mean of per-pair P = (1/2 + 3/5 + 0)/3 = 11/30; pooled P = 4/(2+5+1) = 1/2.
    # Pooled F (alpha 0.5) = 2 (1/2)(4/7) / (1/2 + 4/7) = 8/15.
    pooled_r = SystemScores.from_counts(COUNTS, "recall")
    assert pooled_r.per_document().tolist() == [0.5, 0.75, 0.0]
    assert pooled_r.score() == pytest.approx(4 / 7, abs=1e-15)
    assert mean(pooled_r.per_document().tolist(), statistic="recall").score() == pytest.approx(5 / 12, abs=1e-15)
    pooled_p = SystemScores.from_counts(COUNTS, "precision")
    assert pooled_p.score() == 0.5
    assert mean(pooled_p.per_document().tolist()).score() == pytest.approx(11 / 30, abs=1e-15)
    for profile in ("rouge155", "paper"):
        f = SystemScores.from_counts(COUNTS, "fmeasure", config=RougeConfig(profile=profile))
        assert f.score() == pytest.approx(8 / 15, abs=1e-15)


def test_pooled_rouge_w_uses_corpus_inverse():
    # Weighted counts: f(k) = k^2. Pooled R = f^-1(4/8) = sqrt(1/2) outside rouge155; rouge155 keeps 1/2.
    counts = [Counts(1, 4, 4), Counts(3, 4, 4)]
    paper = RougeConfig(profile="paper", wlcs_weight=2.0)
    w = SystemScores.from_counts(counts, "recall", config=paper, family="W")
    assert w.score() == pytest.approx(math.sqrt(0.5))
    assert SystemScores.from_counts(counts, "recall", config=RougeConfig(wlcs_weight=2.0), family="W").score() == 0.5
    assert pooled_scores(np.array([[8.0, 8.0, 4.0]]), paper, "W")[0, 0] == w.score()


# --- win / tie / loss -----------------------------------------------------------------------


def test_win_tie_loss():
    a = mean([0.5, 0.25, 0.9, 0.1, 0.3])
    b = mean([0.4, 0.25, 1.0, 0.1, 0.2])
    assert win_tie_loss(a, b) == WinTieLoss(2, 2, 1)
    assert win_tie_loss(b, a) == WinTieLoss(1, 2, 2) == win_tie_loss(a, b).mirrored()
    # Pooled: each document's own recall from its counts: (1/2, 3/4, 0) against (1/2, 1/4, 1).
    pa = SystemScores.from_counts(COUNTS, "recall")
    pb = SystemScores.from_counts([Counts(1, 2, 3), Counts(1, 4, 2), Counts(1, 1, 1)], "recall")
    assert win_tie_loss(pa, pb) == WinTieLoss(1, 1, 1)


# --- compare_systems ------------------------------------------------------------------------


def four_systems():
    rng = np.random.default_rng(42)
    base = rng.random(25)
    return {
        "base": mean(base.tolist(), measure="ROUGE-L"),
        "plus": mean(np.minimum(base + 0.05, 1).tolist(), measure="ROUGE-L"),
        "noise": mean(np.clip(base + rng.normal(0, 0.1, 25), 0, 1).tolist(), measure="ROUGE-L"),
        "copy": mean(base.tolist(), measure="ROUGE-L"),
    }


@pytest.mark.parametrize("method", ["bootstrap", "randomization"])
def test_compare_systems_matrix(method):
    systems = four_systems()
    c = compare_systems(systems, method, samples=500, seed=9)
    names = list(systems)
    assert [s.name for s in c.systems] == names and len(c.pairs) == 6
    assert c.signature == f"sig:{method}|n:500|seed:9|conv:mean|stat:F|measure:ROUGE-L|c:95"
    matrix = c.p_matrix()
    for i, x in enumerate(names):
        assert matrix[i][i] is None
        for j, y in enumerate(names):
            if i == j:
                continue
            assert matrix[i][j] == matrix[j][i]
            xy, yx = c.pair(x, y), c.pair(y, x)
            assert xy.test.delta == -yx.test.delta and xy.record == yx.record.mirrored()
            assert sum((xy.record.wins, xy.record.ties, xy.record.losses)) == 25
    # The same draws for every pair: each entry equals the two-system function with the same seed.
    single = paired_bootstrap if method == "bootstrap" else approximate_randomization
    for p in c.pairs:
        assert p.test == single(systems[p.a], systems[p.b], 500, seed=9)
    assert c.pair("base", "copy").test.p_value == 1.0 and c.pair("base", "copy").test.delta == 0.0
    assert compare_systems(systems, method, samples=500, seed=9) == c


def test_compare_systems_ranking_and_intervals():
    c = compare_systems(four_systems(), samples=300, seed=1)
    ranks = {s.name: s.rank for s in c.systems}
    # base and copy have equal scores: they share a rank, and the next rank is skipped.
    assert ranks == {"plus": 1, "noise": 2, "base": 3, "copy": 3}
    assert c.ranking == ("plus", "noise", "base", "copy")  # tied systems in the order given
    for s in c.systems:
        assert s.score.ci_low <= s.score.average <= s.score.ci_high
    by_name = {s.name: s for s in c.systems}
    assert by_name["base"].score == by_name["copy"].score  # identical documents, identical draws
    with pytest.raises(KeyError, match="no pair"):
        c.pair("base", "nobody")


def test_compare_systems_default_samples_and_cap():
    s = {"A": mean([0.1, 0.2, 0.3]), "B": mean([0.3, 0.2, 0.1])}
    assert compare_systems(s).samples == 1000
    assert compare_systems(s, "randomization").samples == 10000
    with pytest.raises(ValueError, match="invalid samples=100001: allowed values are integers from 1 to 100,000"):
        compare_systems(s, samples=MAX_BOOTSTRAP_SAMPLES + 1)


def test_compare_systems_ties_share_a_rank():
    # Scores 0.5, 0.5, 0.2, 0.5: competition ranking 1, 1, 4, 1.
    s = {k: mean(v) for k, v in {"A": [0.5, 0.5], "B": [0.25, 0.75], "C": [0.1, 0.3], "D": [1.0, 0.0]}.items()}
    c = compare_systems(s, samples=50)
    assert [r.rank for r in c.systems] == [1, 1, 4, 1]
    assert c.ranking == ("A", "B", "D", "C")


# --- from CorpusReports ---------------------------------------------------------------------

REFS = ["the cat sat on the mat", "a quick brown fox jumps", "rain fell all day long", "we went home early"]
OUTPUTS = {
    "A": ["the cat sat on a mat", "a brown fox jumps", "rain all day", "we went home"],
    "B": ["a cat on the mat", "the quick fox", "it rained all day long", "home early we went"],
    "C": ["mat cat", "fox", "day", "early"],
}
CFG = RougeConfig(profile="paper", max_n=2, wlcs_weight=1.2, skip_distance=None)


def reports(config=CFG, order=(0, 1, 2, 3)):
    out = {}
    for name, outs in OUTPUTS.items():
        pairs = [(outs[i], REFS[i]) for i in order]
        out[name] = evaluate_corpus(pairs, config, ids=[f"d{i}" for i in order])
        order = tuple(reversed(order))  # systems list their documents in different orders
    return out


def test_system_scores_from_reports():
    reps = reports()
    scores = system_scores(reps, "ROUGE-2", "recall", "mean")
    for name, rep in reps.items():
        s = scores[name]
        assert s.doc_ids == ("d0", "d1", "d2", "d3")
        want = {inst.eval_id: inst.measures["ROUGE-2"].score.recall for inst in rep.instances}
        assert s.values == tuple(want[d] for d in s.doc_ids)
        assert s.measure == "ROUGE-2" and s.convention == "mean"
        assert s.score() == pytest.approx(rep.measures["ROUGE-2"].recall.average)
    c = compare_systems(scores, samples=200, seed=0)
    assert c.ranking[-1] == "C"


def test_system_scores_pooled_matches_corpus_averaging_1():
    # The pooled convention reuses corpus pooling: the same number as evaluate_corpus(averaging=1),
    # ROUGE-W's f^-1 included.
    from dataclasses import replace

    reps = reports(replace(CFG, averaging=1))
    for label in ("ROUGE-1", "ROUGE-W-1.2"):
        for stat in ("recall", "precision", "fmeasure"):
            scores = system_scores(reps, label, stat, "pooled")
            for name, rep in reps.items():
                want = getattr(rep.measures[label], stat).average
                assert scores[name].score() == pytest.approx(want, abs=1e-15)
                by_id = {i.eval_id: i.measures[label].counts for i in rep.instances}
                assert scores[name].counts == tuple(by_id[d] for d in scores[name].doc_ids)


def test_system_scores_errors():
    reps = reports()
    short = evaluate_corpus([(OUTPUTS["C"][i], REFS[i]) for i in (0, 1)], CFG, ids=["d0", "d1"])
    with pytest.raises(ValueError, match="'C' lacks eval ids d2, d3"):
        system_scores({**reps, "C": short}, "ROUGE-1")
    other = evaluate_corpus([(OUTPUTS["C"][i], REFS[i]) for i in range(4)], CFG, ids=["d0", "d1", "d2", "x9"])
    with pytest.raises(ValueError, match="'C' lacks eval ids d3; 'A' lacks eval ids x9"):
        system_scores({**reps, "C": other}, "ROUGE-1")
    with pytest.raises(ValueError, match="invalid measure='ROUGE-9'"):
        system_scores(reps, "ROUGE-9")
    with pytest.raises(ValueError, match="scored with other settings"):
        system_scores({**reps, "C": reports(RougeConfig(profile="paper", max_n=2, stem=True))["C"]}, "ROUGE-1")
    jack_cfg = RougeConfig(profile="paper", max_n=1, multi_ref="jackknife")
    two_refs = [(OUTPUTS["A"][i], [REFS[i], REFS[i - 1]]) for i in range(4)]  # jackknifing needs 2+ references
    jack = {name: evaluate_corpus(two_refs, jack_cfg) for name in ("A", "B")}
    with pytest.raises(ValueError, match="no counts to pool"):
        system_scores(jack, "ROUGE-1", convention="pooled")
    with pytest.raises(ValueError, match="invalid convention='sum'"):
        system_scores(reps, "ROUGE-1", convention="sum")
    with pytest.raises(ValueError, match="invalid statistic='f1'"):
        system_scores(reps, "ROUGE-1", "f1")
    with pytest.raises(TypeError, match="must be a CorpusReport"):
        system_scores({"A": reps["A"], "B": {}}, "ROUGE-1")


# --- bad inputs -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, error, message",
    [
        (lambda: mean([0.5]), ValueError, "at least 2 documents, got 1"),
        (lambda: mean([0.5, float("nan")]), ValueError, r"invalid values\[1\]=nan"),
        (lambda: mean([0.5, float("inf")]), ValueError, r"invalid values\[1\]=inf"),
        (lambda: mean([0.5, "0.2"]), TypeError, r"values\[1\] must be a number"),
        (lambda: mean([0.5, 0.2], statistic="f1"), ValueError, "invalid statistic='f1'"),
        (lambda: mean([0.5, 0.2], doc_ids=["x"]), ValueError, "1 ids for 2 documents"),
        (lambda: mean([0.5, 0.2], doc_ids=["x", "x"]), ValueError, "must be unique"),
        (lambda: SystemScores.from_counts([Counts(1, 2, 2), Counts(-1, 2, 2)]), ValueError, r"counts\[1\]"),
        (lambda: SystemScores.from_counts([Counts(1, 2, 2), (1, 2, 2)]), TypeError, r"counts\[1\] must be Counts"),
        (lambda: SystemScores("sum", "recall", values=(0.1, 0.2)), ValueError, "invalid convention='sum'"),
        (lambda: SystemScores("mean", "recall", counts=tuple(COUNTS)), ValueError, "takes values only"),
    ],
)
def test_bad_system_scores(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_numpy_values_are_accepted():
    s = SystemScores("mean", "recall", values=np.array([0.25, 0.75]))
    assert s.values == (0.25, 0.75) and s.score() == 0.5


def test_bad_pairs_and_runs():
    a, b = mean([0.1, 0.2, 0.3]), mean([0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="mismatched lengths: a has 3 documents, b has 2"):
        paired_bootstrap(a, mean([0.1, 0.2]))
    with pytest.raises(ValueError, match="mismatched statistic"):
        approximate_randomization(a, mean([0.1, 0.2, 0.3], statistic="recall"))
    with pytest.raises(ValueError, match="mismatched convention"):
        win_tie_loss(a, SystemScores.from_counts(COUNTS))
    with pytest.raises(ValueError, match="mismatched doc_ids"):
        exact_permutation(a, mean([0.1, 0.2, 0.3], doc_ids=["x", "y", "z"]))
    with pytest.raises(ValueError, match="mismatched pooling"):
        exact_permutation(
            SystemScores.from_counts(COUNTS), SystemScores.from_counts(COUNTS, config=RougeConfig(alpha=0.2))
        )
    with pytest.raises(TypeError, match="b must be SystemScores, not list"):
        paired_bootstrap(a, [0.1, 0.2, 0.3])
    for samples in (0, -5, MAX_BOOTSTRAP_SAMPLES + 1):
        with pytest.raises(ValueError, match=f"invalid samples={samples}"):
            paired_bootstrap(a, b, samples=samples)
        with pytest.raises(ValueError, match=f"invalid samples={samples}"):
            approximate_randomization(a, b, samples=samples)
    with pytest.raises(TypeError, match="samples must be an int"):
        paired_bootstrap(a, b, samples=10.0)
    with pytest.raises(ValueError, match="invalid seed=-1"):
        approximate_randomization(a, b, seed=-1)
    with pytest.raises(ValueError, match="invalid confidence=nan"):
        paired_bootstrap(a, b, confidence=float("nan"))
    with pytest.raises(ValueError, match="invalid method='anova'"):
        compare_systems({"A": a, "B": b}, "anova")
    with pytest.raises(ValueError, match="at least 2 systems, got 1"):
        compare_systems({"A": a})
    with pytest.raises(ValueError, match="mismatched measure: 'A' has '', 'B' has 'ROUGE-1'"):
        compare_systems({"A": a, "B": mean([0.1, 0.2, 0.3], measure="ROUGE-1")})
    with pytest.raises(TypeError, match="scores must be a mapping"):
        compare_systems([a, b])
