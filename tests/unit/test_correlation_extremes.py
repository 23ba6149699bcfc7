"""rouge_core.stats.correlation on the edges of floating point (issue 16, points 11 and 12).

* Huge finite scores (1e308): sums of them overflow, so the system means and Pearson's r used to come out
  NaN with numpy overflow warnings. Every coefficient is scale invariant, so the results must equal those
  of a scaled-down copy (bit for bit when the scale is a power of 2), with no warning.
* Ties broken by rounding: two systems whose per-document human scores are a permutation of each other
  have equal totals, but summed in a different order their float means can differ in the last bit, and
  the system-level Kendall and Spearman then rank them instead of tying them.
"""

from __future__ import annotations

import math
import warnings
from contextlib import contextmanager
from fractions import Fraction
from typing import Iterator

import numpy as np
import pytest
from scipy import stats

from rouge_core.stats.correlation import LEVELS, bootstrap_interval, correlate, permutation_test, standardize

# 3 systems x 2 inputs, the hand-computed example of test_correlation.py.
X = np.array([[1.0, 2.0], [2.0, 1.0], [6.0, 3.0]])
Z = np.array([[1.0, 1.0], [3.0, 2.0], [2.0, 3.0]])
LEVEL_NAMES = ["summary", "system", "global"]
COEFFICIENT_NAMES = ["pearson", "spearman", "kendall"]
# 2^1021 * 6 and 1.7e308 / 6 * 6 are below the largest float (1.797e308); their sums are not.
EXACT, INEXACT = 2.0**1021, 1.7e308 / 6


@contextmanager
def strict() -> Iterator[None]:
    """Any warning (numpy's RuntimeWarning on overflow or an invalid value) fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# -- point 11: huge finite values -----------------------------------------------------------


@pytest.mark.parametrize("coefficient", COEFFICIENT_NAMES)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_huge_scores_give_the_scaled_down_copy_s_correlation(level, coefficient):
    expected = correlate(X, Z, level, coefficient)
    with strict():
        exact = correlate(X * EXACT, Z * -EXACT, level, coefficient)
        inexact = correlate(X * INEXACT, Z * (1e308 / 3), level, coefficient)
    # A power-of-2 scale changes no bit: a negative one on z flips the sign exactly.
    assert exact == type(expected)(-expected.value, level, coefficient, expected.n_used, expected.n_skipped)
    assert inexact.value == pytest.approx(expected.value, abs=1e-12)


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("coefficient", ["spearman", "kendall"])
def test_rank_coefficients_of_huge_scores_equal_scipy_on_the_same_data(level, coefficient):
    # Ranks never overflow: scipy ranks the 1e308 values itself. The system level correlates the means,
    # here (1.5, 1.5, 4.5) x s and (1, 2.5, 2.5) x s: exact, as the scale is a power of 2.
    x, z = X * EXACT, Z * EXACT
    scipy_of = {"spearman": stats.spearmanr, "kendall": stats.kendalltau}[coefficient]
    with strict():
        got = correlate(x, z, level, coefficient).value
        if level == "summary":
            expected = (scipy_of(x[:, 0], z[:, 0]).statistic + scipy_of(x[:, 1], z[:, 1]).statistic) / 2
        elif level == "system":
            expected = scipy_of(np.array([1.5, 1.5, 4.5]) * EXACT, np.array([1.0, 2.5, 2.5]) * EXACT).statistic
        else:
            expected = scipy_of(x.ravel(), z.ravel()).statistic
    assert got == pytest.approx(expected, abs=1e-15)


def test_the_largest_floats_of_both_signs():
    # Two systems at +-1.797e308 on each input: their difference (and any naive sum of both) overflows.
    big = np.finfo(np.float64).max
    x = np.array([[big, big], [-big, -big], [big / 2, 0.0]])
    z = np.array([[3.0, 3.0], [1.0, 1.0], [2.0, 2.0]])
    with strict():
        for level in LEVEL_NAMES:
            for coefficient in COEFFICIENT_NAMES:
                value = correlate(x, z, level, coefficient).value
                assert math.isfinite(value) and value > 0.8, (level, coefficient)
        # System means (big, -big, big / 4) against (3, 1, 2): Spearman 1 exactly.
        assert correlate(x, z, "system", "spearman").value == 1.0


@pytest.mark.parametrize("coefficient", COEFFICIENT_NAMES)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bootstrap_and_permutation_of_huge_scores_equal_the_scaled_down_copy(level, coefficient):
    rng = np.random.default_rng(7)
    x, z = rng.integers(0, 5, size=(6, 5)).astype(float), rng.integers(1, 6, size=(6, 5)).astype(float)
    x2 = x + rng.integers(-2, 3, size=x.shape)
    expected_b = bootstrap_interval(x, z, level, coefficient, "both", samples=200, seed=3)
    expected_t = permutation_test(x, x2, z, level, coefficient, "both", samples=200, seed=3)
    s = 2.0**1020  # x 6 at most: below the largest float
    with strict():
        b = bootstrap_interval(x * s, z * s, level, coefficient, "both", samples=200, seed=3)
        t = permutation_test(x * s, x2 * s, z * s, level, coefficient, "both", samples=200, seed=3)
    assert b == expected_b
    assert t == expected_t


def test_standardize_huge_scores():
    # z-scores are scale invariant: (x - mean) / std of 2^1020 x equals that of x, bit for bit.
    x = np.array([[1.0, np.nan], [3.0, 5.0]])
    with strict():
        assert standardize(x * 2.0**1020).tolist()[1] == standardize(x).tolist()[1]
        big = standardize(np.array([[1.7e308, -1.7e308], [0.0, np.nan]]))
    assert big.tolist()[0] == pytest.approx([math.sqrt(1.5), -math.sqrt(1.5)], abs=1e-15)


# -- point 12: ties broken by rounding ------------------------------------------------------

# Human scores of 4 systems on 3 documents. Systems A and B got the same three scores, in another
# order, so their totals are equal; summed left to right, 0.1 + 0.2 + 0.3 = 0.6000000000000001 but
# 0.3 + 0.2 + 0.1 = 0.6.
TIED_Z = np.array([[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [0.5, 0.4, 0.6], [0.2, 0.1, 0.1]])
TIED_X = np.array([[0.3, 0.1, 0.4], [0.2, 0.2, 0.2], [0.9, 0.7, 0.8], [0.1, 0.5, 0.1]])


def exact_means(m: np.ndarray) -> list[Fraction]:
    """Each row's mean as an exact fraction of the decimals as written (0.1 is 1/10): the scores as meant."""
    return [sum((Fraction(repr(float(v))) for v in row), Fraction(0)) / len(row) for row in m]


def scipy_system(x: np.ndarray, z: np.ndarray, coefficient: str) -> float:
    """scipy on the exact system means (rounded once to floats: equal fractions give equal floats)."""
    f = {"spearman": stats.spearmanr, "kendall": stats.kendalltau}[coefficient]
    xm, zm = [float(v) for v in exact_means(x)], [float(v) for v in exact_means(z)]
    if len(set(xm)) < 2 or len(set(zm)) < 2:
        return math.nan  # a constant side: undefined (scipy would warn and say NaN)
    return float(f(xm, zm).statistic)


def test_the_naive_means_differ_in_the_last_bit():
    # The premise of the tests below: numpy's own sums of the two rows differ.
    assert np.sum(TIED_Z[0]) != np.sum(TIED_Z[1])
    assert exact_means(TIED_Z)[0] == exact_means(TIED_Z)[1]


@pytest.mark.parametrize("coefficient", ["spearman", "kendall"])
def test_system_level_ties_systems_with_permuted_scores(coefficient):
    # Exact means: z (0.2, 0.2, 0.5, 0.1333), x (0.2667, 0.2, 0.8, 0.2333): A and B tie in z.
    # Kendall tau-b by hand: pair AB tied in z; AC, AD, BC, CD concordant; BD discordant (x .2 < .2333,
    # z .2 > .1333): (4 - 1) / sqrt((6 - 0)(6 - 1)) = 3 / sqrt(30). Ranking A above B on z's last bit made
    # AB concordant: (5 - 1) / sqrt(6 x 6) = 2/3.
    with strict():
        got = correlate(TIED_X, TIED_Z, "system", coefficient).value
    assert got == pytest.approx(scipy_system(TIED_X, TIED_Z, coefficient), abs=1e-15)
    if coefficient == "kendall":
        assert got == pytest.approx(3 / math.sqrt(30), abs=1e-15)


@pytest.mark.parametrize("coefficient", ["spearman", "kendall"])
@pytest.mark.parametrize("resample", ["systems", "inputs", "both"])
def test_every_resample_ties_equal_totals(resample, coefficient):
    # Every resample's system-level value (as bootstrap_interval scores them) against scipy on the exact
    # means of the same resampled cells; some resamples must actually hit the rounding (checked).
    rng = np.random.default_rng(11)
    rows_drawn, cols_drawn = {"systems": (True, False), "inputs": (False, True), "both": (True, True)}[resample]
    samples = 400
    rows = np.stack([rng.integers(0, 4, 4) if rows_drawn else np.arange(4) for _ in range(samples)])
    cols = np.stack([rng.integers(0, 3, 3) if cols_drawn else np.arange(3) for _ in range(samples)])
    cell = (rows[:, :, None], cols[:, None, :])
    xs, zs = TIED_X[cell], TIED_Z[cell]
    with strict():
        values = LEVELS["system"](xs, zs, coefficient)
    rounding_ties = 0
    for k in range(samples):
        naive, exact = np.sum(zs[k], axis=1), exact_means(zs[k])
        rounding_ties += any(exact[i] == exact[j] and naive[i] != naive[j] for i in range(4) for j in range(i + 1, 4))
        expected = scipy_system(xs[k], zs[k], coefficient)
        assert (math.isnan(values[k]) and math.isnan(expected)) or values[k] == pytest.approx(expected, abs=1e-15)
    assert rounding_ties > samples // 20
    b = bootstrap_interval(TIED_X, TIED_Z, "system", coefficient, resample, samples=samples, seed=11)
    assert b.samples_used + b.samples_dropped == samples
