"""rouge_core.stats.correlation: correlations with human judgments, bootstrap intervals and the PERM test.

Every golden value is derived by hand in the comments (exact fractions and square roots).
"""

from __future__ import annotations

import math
from typing import get_args

import numpy as np
import pytest
from scipy import stats

from rouge_core.config import MAX_BOOTSTRAP_SAMPLES
from rouge_core.stats import correlation
from rouge_core.stats import score_matrix as score_matrix_module
from rouge_core.stats.correlation import (
    COEFFICIENTS,
    LEVELS,
    RESAMPLES,
    BootstrapInterval,
    Coefficient,
    Correlation,
    Level,
    Resample,
    bootstrap_interval,
    correlate,
    permutation_test,
    score_matrix,
    standardize,
)

NAN = math.nan

# 3 systems x 2 inputs.
#   X = [[1, 2], [2, 1], [6, 3]]  (metric),  Z = [[1, 1], [3, 2], [2, 3]]  (humans)
X = [[1.0, 2.0], [2.0, 1.0], [6.0, 3.0]]
Z = [[1.0, 1.0], [3.0, 2.0], [2.0, 3.0]]

# Summary level.
#   Input 0: x = (1, 2, 6), z = (1, 3, 2). Deviations from the means 3 and 2: (-2, -1, 3), (-1, 1, 0).
#     Pearson: sum(dx dz) = 2 - 1 + 0 = 1; sum dx^2 = 4 + 1 + 9 = 14; sum dz^2 = 2 -> r = 1/sqrt(28).
#     Spearman: ranks (1, 2, 3) and (1, 3, 2): deviations (-1, 0, 1), (-1, 1, 0): 1 / sqrt(2 * 2) = 1/2.
#     Kendall: pairs (s1, s2) concordant, (s1, s3) concordant, (s2, s3) discordant: (2 - 1) / 3 = 1/3.
#   Input 1: x = (2, 1, 3), z = (1, 2, 3). Deviations (0, -1, 1), (-1, 0, 1).
#     Pearson: 1 / sqrt(2 * 2) = 1/2 (the values are their own ranks, so Spearman is 1/2 too).
#     Kendall: (s1, s2) discordant, (s1, s3) and (s2, s3) concordant: 1/3.
#   Averages: Pearson (1/sqrt(28) + 1/2) / 2, Spearman 1/2, Kendall 1/3.
# System level: means x = (3/2, 3/2, 9/2), z = (1, 5/2, 5/2).
#   Pearson: deviations (-1, -1, 2) * 1, (-1, 1/2, 1/2): sum = 1 - 1/2 + 1 = 3/2; sums of squares 6 and 3/2:
#     r = (3/2) / sqrt(9) = 1/2.
#   Spearman: ranks (1.5, 1.5, 3), (1, 2.5, 2.5): deviations (-1/2, -1/2, 1), (-1, 1/2, 1/2):
#     sum = 1/2 - 1/4 + 1/2 = 3/4; sums of squares 3/2 and 3/2 -> 1/2.
#   Kendall tau-b: (s1, s2) tied in x, (s1, s3) concordant, (s2, s3) tied in z: n0 = 3, one tie on
#     each side: (1 - 0) / sqrt((3 - 1)(3 - 1)) = 1/2 (tau-a would give 1/3).
# Global level: x = (1, 2, 2, 1, 6, 3), z = (1, 1, 3, 2, 2, 3) (cells row by row), means 5/2 and 2.
#   Pearson: dx = (-3, -1, -1, -3, 7, 1)/2, dz = (-1, -1, 1, 0, 0, 1): sum = (3 + 1 - 1 + 0 + 0 + 1)/2 = 2;
#     sum dx^2 = (9 + 1 + 1 + 9 + 49 + 1)/4 = 35/2; sum dz^2 = 4 -> r = 2 / sqrt(70).
#   Spearman: ranks x = (1.5, 3.5, 3.5, 1.5, 6, 5), z = (1.5, 1.5, 5.5, 3.5, 3.5, 5.5), both mean 3.5:
#     deviations (-2, 0, 0, -2, 2.5, 1.5), (-2, -2, 2, 0, 0, 2): sum = 4 + 3 = 7; squares 16.5 and 16
#     -> 7 / sqrt(264).
#   Kendall tau-b over the 15 cell pairs: 7 concordant, 3 discordant, 2 tied in x only, 3 tied in z only
#     -> (7 - 3) / sqrt((15 - 2)(15 - 3)) = 4 / sqrt(156) = 2 / sqrt(39).
HAND = {
    ("summary", "pearson"): (1 / math.sqrt(28) + 1 / 2) / 2,
    ("summary", "spearman"): 1 / 2,
    ("summary", "kendall"): 1 / 3,
    ("system", "pearson"): 1 / 2,
    ("system", "spearman"): 1 / 2,
    ("system", "kendall"): 1 / 2,
    ("global", "pearson"): 2 / math.sqrt(70),
    ("global", "spearman"): 7 / math.sqrt(264),
    ("global", "kendall"): 2 / math.sqrt(39),
}
COUNTS = {"summary": (2, 0), "system": (3, 0), "global": (6, 0)}


@pytest.mark.parametrize(("level", "coefficient"), sorted(HAND))
def test_hand_computed_values(level, coefficient):
    result = correlate(X, Z, level, coefficient)
    assert result.value == pytest.approx(HAND[level, coefficient], abs=1e-12)
    assert (result.level, result.coefficient) == (level, coefficient)
    assert (result.n_used, result.n_skipped) == COUNTS[level]


def test_registries_match_the_literal_types():
    assert set(get_args(Level)) == set(LEVELS)
    assert set(get_args(Coefficient)) == set(COEFFICIENTS)
    assert set(get_args(Resample)) == set(RESAMPLES)


def test_summary_level_skips_undefined_inputs():
    # Input 2 has one pair left after the NaNs; input 3 is constant in x: both are skipped,
    # and the average is that of inputs 0 and 1 alone (the hand values above).
    x = [[1.0, 2.0, NAN, 4.0], [2.0, 1.0, 5.0, 4.0], [6.0, 3.0, NAN, 4.0]]
    z = [[1.0, 1.0, 0.0, 1.0], [3.0, 2.0, 1.0, 2.0], [2.0, 3.0, 2.0, 3.0]]
    result = correlate(x, z, "summary", "kendall")
    assert result == Correlation(pytest.approx(1 / 3, abs=1e-12), "summary", "kendall", 2, 2)


def test_nothing_defined_gives_nan():
    result = correlate([[1.0, 1.0], [1.0, 1.0]], [[1.0, 2.0], [3.0, 4.0]], "summary", "pearson")
    assert math.isnan(result.value)
    assert (result.n_used, result.n_skipped) == (0, 2)


def test_system_means_use_the_cells_present_on_both_sides():
    # z is missing system 0's input 1, so x's 100 there is left out of system 0's mean as well:
    # means x = (1, 2, 3), z = (1, 2, 3) -> r = 1. Without the joint mask x's means would be (50.5, 2, 3).
    x = [[1.0, 100.0], [2.0, 2.0], [3.0, 3.0]]
    z = [[1.0, NAN], [2.0, 2.0], [3.0, 3.0]]
    assert correlate(x, z, "system", "pearson").value == pytest.approx(1.0, abs=1e-12)
    # A system with no paired cell is skipped.
    x2 = [[1.0, 2.0], [2.0, 3.0], [3.0, 1.0], [NAN, NAN]]
    z2 = [[1.0, 2.0], [2.0, 3.0], [3.0, 1.0], [5.0, 5.0]]
    result = correlate(x2, z2, "system", "spearman")
    assert (result.n_used, result.n_skipped) == (3, 1)
    # means (1.5, 2.5, 2) against themselves
    assert result.value == pytest.approx(1.0, abs=1e-12)


def test_global_level_counts_missing_cells():
    # Paired cells: (1, 1), (2, 3), (3, 2), (4, 4); deviations (-1.5, -.5, .5, 1.5), (-1.5, .5, -.5, 1.5):
    # sum = 2.25 - .25 - .25 + 2.25 = 4, sums of squares 5 and 5 -> r = 4/5.
    x = [[1.0, 2.0, NAN], [3.0, 4.0, 7.0]]
    z = [[1.0, 3.0, 9.0], [2.0, 4.0, NAN]]
    result = correlate(x, z, "global", "pearson")
    assert result.value == pytest.approx(4 / 5, abs=1e-12)
    assert (result.n_used, result.n_skipped) == (4, 2)


def test_score_matrix_lives_in_its_own_module_and_is_re_exported():
    assert score_matrix is score_matrix_module.score_matrix
    assert correlation.ScoreMatrix is score_matrix_module.ScoreMatrix


def test_score_matrix_from_records():
    records = [("s1", "d1", 0.5), ("s2", "d1", 0.25), ("s1", "d2", 1.0)]
    m = score_matrix(records)
    assert m.systems == ("s1", "s2") and m.inputs == ("d1", "d2")
    np.testing.assert_array_equal(m.values, [[0.5, 1.0], [0.25, NAN]])
    aligned = score_matrix([("s2", "d2", 3.0)], systems=m.systems, inputs=m.inputs)
    np.testing.assert_array_equal(aligned.values, [[NAN, NAN], [NAN, 3.0]])
    with pytest.raises(ValueError, match=r"invalid records\[1\]: a second value for system 's1' on input 'd1'"):
        score_matrix([("s1", "d1", 0.5), ("s1", "d1", 0.7)])
    with pytest.raises(ValueError, match=r"invalid records\[0\]: 's9' is not in systems"):
        score_matrix([("s9", "d1", 0.5)], systems=["s1"])
    with pytest.raises(ValueError, match="invalid inputs: ids must be unique"):
        score_matrix([], inputs=["d1", "d1"])


# Strictly increasing data under Spearman: every resample whose coefficient is defined has rho = 1
# (a resample of systems repeats rows, but the same rows on both sides), so the interval is [1, 1].
MONOTONE_X = [[1.0, 2.0], [3.0, 5.0], [4.0, 8.0], [9.0, 10.0], [11.0, 12.0]]
MONOTONE_Z = [[v**3 + 1 for v in row] for row in MONOTONE_X]


@pytest.mark.parametrize("resample", ["systems", "inputs", "both"])
@pytest.mark.parametrize("level", ["summary", "system", "global"])
def test_bootstrap_of_perfect_monotone_data_is_degenerate(level, resample):
    b = bootstrap_interval(MONOTONE_X, MONOTONE_Z, level, "spearman", resample=resample, samples=200, seed=3)
    assert b.low == pytest.approx(1.0, abs=1e-12) and b.high == pytest.approx(1.0, abs=1e-12)
    assert b.value == pytest.approx(1.0, abs=1e-12)
    assert b.samples_used + b.samples_dropped == 200 and b.samples_used > 0


NOISY_X = np.random.default_rng(11).normal(size=(8, 6))
NOISY_Z = NOISY_X + np.random.default_rng(12).normal(size=(8, 6))


def test_bootstrap_is_reproducible_with_a_seed():
    args = (NOISY_X, NOISY_Z, "system", "pearson")
    first = bootstrap_interval(*args, resample="both", samples=300, seed=7)
    assert first == bootstrap_interval(*args, resample="both", samples=300, seed=7)
    assert first == bootstrap_interval(*args, resample="both", samples=300, seed=np.random.default_rng(7))
    other = bootstrap_interval(*args, resample="both", samples=300, seed=8)
    assert (first.low, first.high) != (other.low, other.high)
    assert first.value == other.value == correlate(NOISY_X, NOISY_Z, "system", "pearson").value
    assert first.low < first.high and first.confidence == 0.95


def test_bootstrap_percentiles_of_a_known_sample():
    # A generator that is copied draws the same resamples: the interval is the percentile interval
    # of those correlations (np.percentile, linear interpolation), here recomputed by hand.
    rng = np.random.default_rng(5)
    expected = []
    for _ in range(40):
        rows = rng.integers(0, 8, size=8)
        expected.append(correlate(NOISY_X[rows], NOISY_Z[rows], "global", "kendall").value)
    b = bootstrap_interval(NOISY_X, NOISY_Z, "global", "kendall", samples=40, confidence=0.5, seed=5)
    assert (b.low, b.high) == tuple(np.percentile(expected, [25, 75]))
    assert isinstance(b, BootstrapInterval) and b.samples_used == 40


# -- the vectorised runs against the one-resample-at-a-time algorithm with scipy.stats per column ---------

SCIPY_FNS = {
    "pearson": lambda a, b: stats.pearsonr(a, b).statistic,
    "spearman": lambda a, b: stats.spearmanr(a, b).statistic,
    "kendall": lambda a, b: stats.kendalltau(a, b, variant="b").statistic,
}


def reference_coefficient(coefficient, a, b):
    keep = ~(np.isnan(a) | np.isnan(b))
    a, b = a[keep], b[keep]
    if a.size < 2 or np.ptp(a) == 0 or np.ptp(b) == 0:
        return NAN
    return float(SCIPY_FNS[coefficient](a, b))


def reference_correlate(x, z, level, coefficient):
    """The level's correlation, one scipy call per input (the definition in the module docstring)."""
    missing = np.isnan(x) | np.isnan(z)
    x, z = np.where(missing, NAN, x), np.where(missing, NAN, z)
    if level == "summary":
        values = [reference_coefficient(coefficient, x[:, j], z[:, j]) for j in range(x.shape[1])]
        values = [v for v in values if not math.isnan(v)]
        return sum(values) / len(values) if values else NAN
    if level == "system":
        keep = (~missing).any(axis=1)
        means = [np.nanmean(m[keep], axis=1) for m in (x, z)]
        if coefficient != "pearson":
            means = [tie_rounding(m) for m in means]
        return reference_coefficient(coefficient, *means)
    return reference_coefficient(coefficient, x.ravel(), z.ravel())


def tie_rounding(means):
    """Means within 1e-12 x the largest |mean| of the next smaller one are ties (set to the smallest of
    their run): the same total summed in another order (e.g. z-scores of equal integer sums, as the
    permutation test makes) differs in the last bits, and a rank coefficient must not order them."""
    largest = max((abs(v) for v in means), default=0.0)
    out, previous, run = list(means), None, None
    for k in sorted(range(len(means)), key=lambda k: means[k]):
        if previous is None or means[k] > previous + 1e-12 * largest:
            run = means[k]
        previous = means[k]
        out[k] = run
    return np.array(out)


def reference_bootstrap(x, z, level, coefficient, resample, samples, seed):
    rng = np.random.default_rng(seed)
    rows_drawn, cols_drawn = RESAMPLES[resample]
    out = []
    for _ in range(samples):
        rows = rng.integers(0, x.shape[0], size=x.shape[0]) if rows_drawn else np.arange(x.shape[0])
        cols = rng.integers(0, x.shape[1], size=x.shape[1]) if cols_drawn else np.arange(x.shape[1])
        cell = np.ix_(rows, cols)
        out.append(reference_correlate(x[cell], z[cell], level, coefficient))
    kept = [v for v in out if not math.isnan(v)]
    return tuple(np.percentile(kept, [2.5, 97.5])) if kept else (NAN, NAN), len(kept)


def reference_permutation(x1, x2, z, level, coefficient, resample, samples, seed):
    rng = np.random.default_rng(seed)
    a, b = standardize(x1), standardize(x2)
    observed = reference_correlate(a, z, level, coefficient) - reference_correlate(b, z, level, coefficient)
    rows_drawn, cols_drawn = RESAMPLES[resample]
    shape = (a.shape[0] if rows_drawn else 1, a.shape[1] if cols_drawn else 1)
    diffs = []
    for _ in range(samples):
        swap = rng.random(shape) < 0.5
        pa, pb = np.where(swap, b, a), np.where(swap, a, b)
        diffs.append(reference_correlate(pa, z, level, coefficient) - reference_correlate(pb, z, level, coefficient))
    return observed, [d for d in diffs if not math.isnan(d)]


def tied(seed, shape, missing):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 5, size=shape).astype(float)
    z = (x + rng.integers(-2, 3, size=shape)).astype(float)
    x[rng.random(shape) < missing] = NAN
    z[rng.random(shape) < missing] = NAN
    return x, z


CASES = [((6, 8), 0.0), ((5, 8), 0.15), ((3, 5), 0.3)]


@pytest.mark.parametrize("coefficient", sorted(COEFFICIENTS))
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_vectorised_runs_equal_the_scipy_loop(level, coefficient):
    # Each data set with one resampling scheme, bootstrap and permutation test: same draws, same numbers.
    for k, ((shape, missing), resample) in enumerate(zip(CASES, ("both", "systems", "inputs"))):
        x, z = tied(k, shape, missing)
        expected = reference_correlate(x, z, level, coefficient)
        got = correlate(x, z, level, coefficient).value
        assert (math.isnan(got) and math.isnan(expected)) or got == pytest.approx(expected, abs=1e-12)
        b = bootstrap_interval(x, z, level, coefficient, resample, samples=40, seed=k)
        (low, high), used = reference_bootstrap(x, z, level, coefficient, resample, 40, k)
        assert b.samples_used == used
        assert (b.low, b.high) == pytest.approx((low, high), abs=1e-12, nan_ok=True)
        x2 = np.where(np.isnan(x), NAN, x * 1.5 + np.random.default_rng(k).normal(size=shape))
        try:
            t = permutation_test(x, x2, z, level, coefficient, resample, samples=25, seed=k)
        except ValueError:
            continue  # undefined on this data: the error cases are tested below
        observed, diffs = reference_permutation(x, x2, z, level, coefficient, resample, 25, k)
        assert t.difference == pytest.approx(observed, abs=1e-12) and t.samples_used == len(diffs)
        assert t.count == sum(abs(d) >= abs(observed) - 1e-12 * max(1.0, abs(observed)) for d in diffs)


def test_batching_changes_no_number(monkeypatch):
    x, z = tied(3, (7, 9), 0.1)
    x2 = x + np.random.default_rng(0).normal(size=x.shape)
    runs = [
        lambda: bootstrap_interval(x, z, "summary", "kendall", "both", samples=50, seed=2),
        lambda: bootstrap_interval(x, z, "global", "spearman", "inputs", samples=50, seed=2),
        lambda: permutation_test(x, x2, z, "system", "pearson", "both", samples=50, seed=2),
    ]
    whole = [run() for run in runs]
    monkeypatch.setattr(correlation, "BATCH_CELLS", 100)  # one or two resamples a step
    assert [run() for run in runs] == whole
    monkeypatch.setattr(correlation, "DRAW_CACHE_INDICES", 0)  # drawn anew, not from the seed's cache
    assert [run() for run in runs] == whole


def test_bootstrap_drops_undefined_resamples():
    # 2 systems, resampling systems: a draw of the same system twice makes every column constant
    # (probability 1/2 per draw), so about half of the resamples are dropped, and counted.
    b = bootstrap_interval([[1.0, 2.0], [2.0, 4.0]], [[1.0, 1.0], [2.0, 3.0]], "summary", "pearson", samples=100)
    assert b.samples_dropped > 0 and b.samples_used + b.samples_dropped == 100
    assert b.low == b.high == 1.0


def test_permutation_test_of_a_metric_against_itself_gives_p_1():
    # Swapping two identical matrices changes nothing: every permuted difference is 0 = observed,
    # so c = n and p = (n + 1) / (n + 1) = 1.
    for resample in ("systems", "inputs", "both"):
        t = permutation_test(NOISY_X, NOISY_X, NOISY_Z, "summary", "kendall", resample=resample, samples=50, seed=1)
        assert (t.difference, t.p_value, t.count, t.samples_used) == (0.0, 1.0, 50, 50)


# Perfect metric (x1 = z) against reversed metric (x2 = -z), 20 systems, system level, PERM-SYSTEMS.
# z's rows are (k - 1/2, k + 1/2) for k = +-1, ..., +-10, so the system means are +-1, ..., +-10: a set
# symmetric about 0 with the overall mean 0 exactly. After standardization x2 = -x1 exactly, and a
# permutation that swaps the systems in S gives x1' = s * x1 (s_i = -1 on S) and x2' = -x1', so the
# difference is 2 r(x1', z). The observed |difference| is 2, the largest possible, and is reached only
# when x1' is (reversed) monotone in z: because the means are symmetric, a flipped mean m_i -> -m_i
# duplicates its unflipped mirror -m_i unless the mirror flips too, and then the only increasing
# (decreasing) arrangement of the same set is the identity (full reversal). So exactly 2 of the 2^20
# swap patterns reach |difference|, for each coefficient: per permutation Pr = 2^-19. In 999
# permutations Pr(c >= 1) <= 999 / 2^19 < 0.002, and with this seed c = 0: p = 1 / (999 + 1), the
# smallest value the (c + 1) / (n + 1) rule can give.
K = np.array([*range(1, 11), *range(-10, 0)], dtype=float)
PERFECT_Z = np.stack([K - 0.5, K + 0.5], axis=1)


@pytest.mark.parametrize("coefficient", ["pearson", "spearman", "kendall"])
def test_perfect_against_reversed_metric_gives_the_smallest_p(coefficient):
    t = permutation_test(PERFECT_Z, -PERFECT_Z, PERFECT_Z, "system", coefficient, "systems", samples=999, seed=0)
    assert t.first == pytest.approx(1.0, abs=1e-12) and t.second == pytest.approx(-1.0, abs=1e-12)
    assert t.difference == pytest.approx(2.0, abs=1e-12)
    assert (t.count, t.samples_used, t.samples_dropped) == (0, 999, 0)
    assert t.p_value == 1 / 1000
    # Reversing the metrics reverses the difference, not the p-value.
    back = permutation_test(-PERFECT_Z, PERFECT_Z, PERFECT_Z, "system", coefficient, "systems", samples=999, seed=0)
    assert back.difference == pytest.approx(-2.0, abs=1e-12) and back.p_value == t.p_value


def test_standardize_uses_all_cells():
    # cells 1, 3, 5: mean 3, population std sqrt(8/3) -> z-scores -+sqrt(3/2) and 0
    out = standardize(np.array([[1.0, NAN], [3.0, 5.0]]))
    np.testing.assert_allclose(out, [[-math.sqrt(1.5), NAN], [0.0, math.sqrt(1.5)]], atol=1e-15)


def test_standardizing_does_not_change_the_correlations():
    t = permutation_test(NOISY_X, 3 * NOISY_Z + 7, NOISY_Z, "summary", "pearson", samples=10)
    assert t.first == pytest.approx(correlate(NOISY_X, NOISY_Z, "summary", "pearson").value, abs=1e-12)
    assert t.second == pytest.approx(1.0, abs=1e-12)


GOOD = [[1.0, 2.0], [2.0, 1.0], [3.0, 4.0]]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: correlate(GOOD, [[1.0, 2.0]], "summary", "pearson"), r"invalid z: shape \(1, 2\) differs from x's"),
        (lambda: correlate([1.0, 2.0], [1.0, 2.0], "global", "pearson"), "invalid x: expected a 2-D array"),
        (lambda: correlate([["a", "b"]], [[1, 2]], "global", "pearson"), "invalid x: expected a 2-D array of numbers"),
        (lambda: correlate([[1.0, math.inf]] * 2, GOOD[:2], "global", "pearson"), "invalid x: values must be finite"),
        (lambda: correlate(GOOD, GOOD, "document", "pearson"), "invalid level='document': allowed values are summary"),
        (lambda: correlate(GOOD, GOOD, "summary", "cosine"), "invalid coefficient='cosine'"),
        (lambda: correlate([[1.0, 2.0]], [[1.0, 2.0]], "system", "pearson"), "system level needs at least 2 systems"),
        (lambda: correlate([[1.0]], [[1.0]], "global", "pearson"), "invalid x: at least 2 cells are needed, got 1"),
        (lambda: bootstrap_interval(GOOD, GOOD, "system", "pearson", "docs"), "invalid resample='docs'"),
        (lambda: bootstrap_interval(GOOD, GOOD, "system", "pearson", samples=0), "invalid samples=0: allowed values"),
        (
            lambda: bootstrap_interval(GOOD, GOOD, "system", "pearson", samples=MAX_BOOTSTRAP_SAMPLES + 1),
            "invalid samples=100001: allowed values are integers from 1 to 100,000",
        ),
        (lambda: bootstrap_interval(GOOD, GOOD, "system", "pearson", samples=2.5), "invalid samples=2.5"),
        (lambda: bootstrap_interval(GOOD, GOOD, "system", "pearson", confidence=1.0), r"invalid confidence=1.0"),
        (lambda: bootstrap_interval(GOOD, GOOD, "system", "pearson", confidence=95), r"numbers in \(0, 1\)"),
        (lambda: bootstrap_interval(GOOD, GOOD, "system", "pearson", seed=-1), "invalid seed=-1"),
        (
            lambda: bootstrap_interval([[1.0], [2.0], [3.0]], [[1.0], [2.0], [3.0]], "system", "pearson", "inputs"),
            r"invalid x: resample='inputs' needs at least 2 inputs \(columns\), got 1",
        ),
        (lambda: permutation_test(GOOD, GOOD, GOOD[:2], "system", "pearson"), r"invalid z: shape \(2, 2\) differs"),
        (lambda: permutation_test(GOOD, GOOD, GOOD, "system", "pearson", samples=-5), "invalid samples=-5"),
        (
            lambda: permutation_test([[2.0, 2.0]] * 3, GOOD, GOOD, "system", "pearson"),
            "invalid x1: it needs at least 2 different scores to be standardized",
        ),
        (
            lambda: permutation_test(GOOD, [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]], [[5.0, 5.0]] * 3, "system", "pearson"),
            "invalid x1: its system-level pearson correlation with z is undefined",
        ),
    ],
)
def test_bad_input_raises_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# -- groups too small for a correlation (issue 17, point 8) ---------------------------------------------


def test_two_summaries_per_document_give_the_reason_and_no_r():
    # Each document has 2 summaries (3 systems, one cell missing per column): every per-document coefficient
    # would be +-1 whatever the scores, so the summary level reports why instead of a value.
    x = [[0.1, 0.5, np.nan], [0.4, np.nan, 0.2], [np.nan, 0.3, 0.9]]
    z = [[1.0, 5.0, np.nan], [2.0, np.nan, 3.0], [np.nan, 1.0, 4.0]]
    for coefficient in ("pearson", "spearman", "kendall"):
        c = correlate(x, z, "summary", coefficient)
        assert math.isnan(c.value)
        assert c.reason == "too small: every document has at most 2 summaries scored by both (a correlation needs 3)"
        assert (c.n_used, c.n_skipped) == (0, 3)
    # The system and global levels of the same grid are large enough: their numbers are scipy's as before.
    assert correlate(x, z, "global", "pearson").reason == ""
    xs, zs = np.asarray(x), np.asarray(z)
    cells = ~np.isnan(xs)
    assert correlate(x, z, "global", "pearson").value == pytest.approx(stats.pearsonr(xs[cells], zs[cells])[0])


def test_two_systems_give_the_reason_at_the_system_level_only():
    x = [[0.1, 0.5, 0.3], [0.4, 0.2, 0.6]]
    z = [[1.0, 5.0, 2.0], [2.0, 4.0, 3.0]]
    c = correlate(x, z, "system", "pearson")
    assert math.isnan(c.value) and c.reason == "too small: 2 systems scored by both (a correlation needs 3)"
    assert correlate(x, z, "summary", "kendall").reason.startswith("too small: every document has at most 2")
    assert correlate(x, z, "global", "kendall").reason == ""
    # The interval of a too-small level has no point value either.
    assert math.isnan(correlation.bootstrap_interval(x, z, "system", "pearson", samples=20).value)


def test_three_summaries_per_document_are_enough_and_keep_their_numbers():
    x = [[0.1, 0.5], [0.4, 0.2], [0.3, 0.9]]
    z = [[1.0, 5.0], [2.0, 1.0], [4.0, 4.0]]
    c = correlate(x, z, "summary", "pearson")
    expected = np.mean([stats.pearsonr(np.asarray(x)[:, j], np.asarray(z)[:, j])[0] for j in range(2)])
    assert c.reason == "" and c.value == pytest.approx(expected, abs=1e-12) and c.n_used == 2
    # One document with 3 summaries is enough for the level (the others are averaged in as before).
    x2 = [[0.1, 0.5], [0.4, 0.2], [0.3, np.nan]]
    assert correlate(x2, z, "summary", "pearson").reason == ""
