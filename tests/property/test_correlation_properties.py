"""Properties of rouge_core.stats.correlation on generated score matrices (hypothesis)."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rouge_core.stats.coefficients import COLUMNWISE, scipy_columns
from rouge_core.stats.correlation import bootstrap_interval, correlate, permutation_test
from rouge_core.stats.correlation_levels import too_small

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LEVELS = ["summary", "system", "global"]
COEFFICIENTS = ["pearson", "spearman", "kendall"]
RESAMPLES = ["systems", "inputs", "both"]

# Small integers (so ties happen), sometimes missing.
cell = st.one_of(st.integers(-5, 5).map(float), st.just(math.nan))
complete_cell = st.integers(-5, 5).map(float)


def matrices(count: int, cells=cell, min_inputs: int = 1, max_inputs: int = 4):
    """``count`` matrices of one shape: 2..6 systems x min_inputs..max_inputs inputs."""
    return st.tuples(st.integers(2, 6), st.integers(min_inputs, max_inputs)).flatmap(
        lambda shape: st.tuples(
            *[
                st.lists(st.lists(cells, min_size=shape[1], max_size=shape[1]), min_size=shape[0], max_size=shape[0])
                for _ in range(count)
            ]
        )
    )


def defined(values: np.ndarray) -> bool:
    """A coefficient of ``values`` with itself is defined: 2 or more present values, not all equal."""
    present = values[~np.isnan(values)]
    return present.size >= 2 and float(np.ptp(present)) > 0


def expected_self_counts(x: np.ndarray, level: str) -> tuple[int, int]:
    """(n_used, n_skipped) of correlate(x, x, level, .), computed independently of the module."""
    if level == "summary":
        used = sum(defined(x[:, j]) for j in range(x.shape[1]))
        return used, x.shape[1] - used
    if level == "system":
        with_cells = int((~np.isnan(x)).any(axis=1).sum())
        return with_cells, x.shape[0] - with_cells
    present = int((~np.isnan(x)).sum())
    return present, x.size - present


@SETTINGS
@given(matrices(1), st.sampled_from(LEVELS), st.sampled_from(COEFFICIENTS))
def test_a_variable_correlates_perfectly_with_itself(mats, level, coefficient):
    x = np.array(mats[0])
    result = correlate(x, x, level, coefficient)
    if too_small(x, x, level):  # fewer than 3 summaries per document / systems: a reason, no value (issue 17)
        assert math.isnan(result.value) and result.reason == too_small(x, x, level) and result.n_used == 0
        return
    assert (result.n_used, result.n_skipped) == expected_self_counts(x, level)
    if level == "system":
        rows = ~np.isnan(x).all(axis=1)
        means = np.array([np.mean(r[~np.isnan(r)]) for r in x[rows]])
        is_defined = defined(means)
    elif level == "summary":
        is_defined = result.n_used > 0
    else:
        is_defined = defined(x.ravel())
    if is_defined:
        assert result.value == pytest.approx(1.0, abs=1e-12)
    else:
        assert math.isnan(result.value)


def increasing(v: np.ndarray) -> np.ndarray:
    return v**3 + v


def also_increasing(v: np.ndarray) -> np.ndarray:
    return np.exp(v / 4.0) - 10.0


@SETTINGS
@given(matrices(2), st.sampled_from(["summary", "global"]), st.sampled_from(["spearman", "kendall"]))
def test_rank_coefficients_ignore_monotone_transforms(mats, level, coefficient):
    # Cell by cell at the summary and global levels (the system level correlates means, and the mean of
    # transformed cells is not a transform of the mean: see the one-input case below).
    x, z = (np.array(m) for m in mats)
    before = correlate(x, z, level, coefficient)
    for fx, fz in ((increasing, lambda v: v), (lambda v: v, also_increasing), (increasing, also_increasing)):
        after = correlate(fx(x), fz(z), level, coefficient)
        assert (after.n_used, after.n_skipped) == (before.n_used, before.n_skipped)
        if math.isnan(before.value):
            assert math.isnan(after.value)
        else:
            assert after.value == pytest.approx(before.value, abs=1e-9)


@SETTINGS
@given(matrices(2, min_inputs=1, max_inputs=1), st.sampled_from(["spearman", "kendall"]))
def test_rank_coefficients_ignore_monotone_transforms_of_system_means(mats, coefficient):
    # With one input each system's mean is its one cell, so a transform of the cells transforms the means.
    x, z = (np.array(m) for m in mats)
    before = correlate(x, z, "system", coefficient).value
    after = correlate(increasing(x), also_increasing(z), "system", coefficient).value
    assert (math.isnan(before) and math.isnan(after)) or after == pytest.approx(before, abs=1e-9)


@SETTINGS
@given(
    matrices(3, cells=complete_cell, min_inputs=2),
    st.sampled_from(LEVELS),
    st.sampled_from(COEFFICIENTS),
    st.sampled_from(RESAMPLES),
    st.integers(1, 30),
    st.integers(0, 2**32 - 1),
)
def test_permutation_p_values_are_in_0_1(mats, level, coefficient, resample, samples, seed):
    x1, x2, z = mats
    try:
        t = permutation_test(x1, x2, z, level, coefficient, resample, samples=samples, seed=seed)
    except ValueError as error:  # a metric or its correlation with z is undefined on this draw
        assert str(error).startswith(("invalid x1", "invalid x2"))
        assume(False)
    assert 0 < t.p_value <= 1
    assert t.p_value == (t.count + 1) / (t.samples_used + 1)
    assert t.samples_used + t.samples_dropped == samples and 0 <= t.count <= t.samples_used
    assert t.difference == pytest.approx(t.first - t.second, abs=1e-15)


@SETTINGS
@given(
    matrices(2, min_inputs=2),
    st.sampled_from(LEVELS),
    st.sampled_from(COEFFICIENTS),
    st.sampled_from(RESAMPLES),
    st.integers(1, 30),
    st.floats(0.05, 0.99),
    st.integers(0, 2**32 - 1),
)
def test_bootstrap_interval_is_ordered_and_reproducible(mats, level, coefficient, resample, samples, confidence, seed):
    # low <= value <= high is not guaranteed (the percentile interval need not contain the point
    # estimate), but low <= high is.
    x, z = mats
    b = bootstrap_interval(x, z, level, coefficient, resample, samples=samples, confidence=confidence, seed=seed)
    assert b.samples_used + b.samples_dropped == samples
    if b.samples_used:
        assert b.low <= b.high
        assert -1 - 1e-12 <= b.low and b.high <= 1 + 1e-12
    else:
        assert math.isnan(b.low) and math.isnan(b.high)
    again = bootstrap_interval(x, z, level, coefficient, resample, samples=samples, confidence=confidence, seed=seed)
    assert (again.low, again.high, again.samples_used) == pytest.approx((b.low, b.high, b.samples_used), nan_ok=True)


@SETTINGS
@given(
    st.integers(2, 12).flatmap(
        lambda rows: st.tuples(
            *[st.lists(st.lists(cell, min_size=rows, max_size=rows), min_size=1, max_size=8) for _ in range(2)]
        )
    ),
    st.sampled_from(COEFFICIENTS),
)
def test_vectorised_coefficients_equal_scipy(columns, coefficient):
    # Columns of 2..12 rows of small integers (ties) and NaN: every column's coefficient is scipy's on the
    # column's paired rows, NaN exactly where scipy's is undefined (fewer than 2 pairs or a constant side).
    k = min(len(columns[0]), len(columns[1]))
    x, z = (np.array(c[:k]).T for c in columns)
    fast, slow = COLUMNWISE[coefficient](x, z), scipy_columns(coefficient, x, z)
    assert np.array_equal(np.isnan(fast), np.isnan(slow))
    assert np.allclose(fast, slow, rtol=0, atol=1e-12, equal_nan=True)


@SETTINGS
@given(matrices(2), st.sampled_from(LEVELS), st.sampled_from(COEFFICIENTS))
def test_levels_equal_scipy_on_the_definition(mats, level, coefficient):
    x, z = (np.array(m) for m in mats)
    missing = np.isnan(x) | np.isnan(z)
    xj, zj = np.where(missing, np.nan, x), np.where(missing, np.nan, z)
    if level == "summary":
        values = scipy_columns(coefficient, xj, zj)
        expected = float(np.nanmean(values)) if (~np.isnan(values)).any() else math.nan
    elif level == "system":
        keep = (~missing).any(axis=1)
        means = [np.nanmean(m[keep], axis=1)[:, None] for m in (xj, zj)]
        expected = float(scipy_columns(coefficient, *means)[0]) if keep.any() else math.nan
    else:
        expected = float(scipy_columns(coefficient, xj.ravel(), zj.ravel())[0])
    if too_small(x, z, level):  # fewer than 3 summaries per document / systems: a reason, no value (issue 17)
        expected = math.nan
    got = correlate(x, z, level, coefficient).value
    assert (math.isnan(got) and math.isnan(expected)) or got == pytest.approx(expected, abs=1e-12)


# -- huge finite values and ties broken by rounding (issue 16, points 11 and 12) ---------------------------


@SETTINGS
@given(
    matrices(2),
    st.sampled_from(LEVELS),
    st.sampled_from(COEFFICIENTS),
    st.sampled_from([2.0**1020, -(2.0**1020), 1.7e308 / 5, -1e308 / 5, 3e-320]),
)
def test_huge_and_tiny_scales_change_no_correlation(mats, level, coefficient, scale):
    # Every coefficient is invariant to a positive scale (a negative one flips the sign): 1e308-sized scores
    # (5 x 1.7e308 / 5 is just below the largest float) give the small integers' correlation, and no warning.
    x, z = (np.array(m) for m in mats)
    expected = correlate(x, z, level, coefficient)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = correlate(x * scale, z, level, coefficient)
    assert (got.n_used, got.n_skipped) == (expected.n_used, expected.n_skipped)
    if math.isnan(expected.value):
        assert math.isnan(got.value)
    else:
        assert got.value == pytest.approx(math.copysign(1.0, scale) * expected.value, abs=1e-12)


tenths = st.integers(0, 50).map(lambda k: k / 10)


@SETTINGS
@given(
    st.integers(3, 12).flatmap(
        lambda n: st.tuples(
            st.lists(tenths, min_size=n, max_size=n),
            st.permutations(range(n)),
            st.lists(st.lists(tenths, min_size=n, max_size=n), min_size=4, max_size=4),
        )
    ),
    st.sampled_from(["spearman", "kendall"]),
)
def test_systems_with_permuted_scores_tie_at_the_system_level(data, coefficient):
    # Systems 0 and 1 got the same human scores in another order across the documents: equal totals, summed
    # in different orders (their float means may differ in the last bit). The system-level rank coefficient
    # is scipy's on the exact means (decimals as written), where they tie.
    scores, order, rest = data
    z = np.array([scores, [scores[k] for k in order], *rest[:2]])
    # the shifted row written as decimals too (2.4 + 0.05 is 2.4499999999999997 as a float, which would tie
    # 2.45 in the means but not in the decimals the expectation sums)
    x = np.array(rest[2:] + [[round(v + 0.05, 2) for v in rest[2]], scores])
    exact = [[sum(Fraction(repr(float(v))) for v in row) / len(row) for row in m] for m in (x, z)]
    means = [[float(v) for v in m] for m in exact]
    expected = scipy_columns(coefficient, np.array(means[0])[:, None], np.array(means[1])[:, None])[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = correlate(x, z, "system", coefficient).value
    assert (math.isnan(got) and math.isnan(expected)) or got == pytest.approx(expected, abs=1e-12)
