"""rouge_core.stats.coefficients: Pearson, Spearman and Kendall tau-b of many columns at once equal scipy.stats
column by column (to 1e-12; Kendall and the 2-pair cases exactly), with ties and missing cells."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy import stats

from rouge_core.stats import coefficients
from rouge_core.stats.coefficients import COLUMNWISE, SCIPY, average_ranks, defined, scipy_columns


def tied_matrices(seed: int, rows: int, cols: int, missing: float) -> tuple[np.ndarray, np.ndarray]:
    """Small integers (many ties), with a share of missing cells on each side."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 4, size=(rows, cols)).astype(float)
    z = (x + rng.integers(-2, 3, size=(rows, cols))).astype(float)
    x[rng.random(x.shape) < missing] = np.nan
    z[rng.random(z.shape) < missing] = np.nan
    return x, z


def by_scipy(coefficient: str, x: np.ndarray, z: np.ndarray) -> np.ndarray:
    """scipy.stats itself on each column's paired rows, written out here (not the module's helper)."""
    out = np.full(x.shape[1], np.nan)
    fn = {
        "pearson": lambda a, b: stats.pearsonr(a, b).statistic,
        "spearman": lambda a, b: stats.spearmanr(a, b).statistic,
        "kendall": lambda a, b: stats.kendalltau(a, b, variant="b").statistic,
    }[coefficient]
    for k in range(x.shape[1]):
        keep = ~(np.isnan(x[:, k]) | np.isnan(z[:, k]))
        a, b = x[keep, k], z[keep, k]
        if a.size >= 2 and np.ptp(a) > 0 and np.ptp(b) > 0:
            out[k] = fn(a, b)
    return out


SHAPES = [(2, 40, 0.0), (3, 300, 0.2), (6, 500, 0.15), (12, 400, 0.05), (40, 30, 0.3), (250, 12, 0.1)]


@pytest.mark.parametrize("coefficient", sorted(COLUMNWISE))
@pytest.mark.parametrize(("rows", "cols", "missing"), SHAPES)
def test_columns_equal_scipy_with_ties_and_missing_cells(coefficient, rows, cols, missing):
    x, z = tied_matrices(rows * 1000 + cols, rows, cols, missing)
    fast = COLUMNWISE[coefficient](x, z)
    slow = by_scipy(coefficient, x, z)
    np.testing.assert_array_equal(np.isnan(fast), np.isnan(slow))
    assert (~np.isnan(fast)).sum() > 0
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-12, equal_nan=True)
    if coefficient == "kendall":  # integer pair counts in scipy's formula: the same bits
        np.testing.assert_array_equal(fast, slow)
    np.testing.assert_array_equal(np.isnan(scipy_columns(coefficient, x, z)), np.isnan(slow))


@pytest.mark.parametrize("coefficient", sorted(COLUMNWISE))
def test_two_pairs_give_scipys_bits(coefficient):
    # scipy returns exactly +-1 for 2 pairs under Pearson (pearsonr rounds them) and Kendall, and
    # numpy.corrcoef's 1 - 1e-16 under Spearman: the fast path gives the same bits.
    x = np.array([[1.0, 2.0, 5.0], [2.0, 1.0, 7.0]])
    z = np.array([[3.0, 3.0, 1.0], [4.0, 9.0, 0.5]])
    fast = COLUMNWISE[coefficient](x, z)
    assert fast.tolist() == by_scipy(coefficient, x, z).tolist()
    if coefficient != "spearman":
        assert fast.tolist() == [1.0, -1.0, -1.0]


@pytest.mark.parametrize("coefficient", sorted(COLUMNWISE))
def test_undefined_columns_are_nan(coefficient):
    # one pair left; constant x; constant z; no pair; a defined column for contrast
    x = np.array([[1.0, 2.0, 1.0, np.nan, 1.0], [np.nan, 2.0, 2.0, np.nan, 2.0], [3.0, 2.0, 3.0, 1.0, 4.0]])
    z = np.array([[1.0, 1.0, 5.0, np.nan, 2.0], [2.0, 2.0, 5.0, 2.0, 1.0], [np.nan, 3.0, 5.0, np.nan, 3.0]])
    values = COLUMNWISE[coefficient](x, z)
    assert np.isnan(values[:4]).all() and not math.isnan(values[4])
    assert defined(x, z, ~(np.isnan(x) | np.isnan(z))).tolist() == [False, False, False, False, True]


def test_average_ranks_equal_scipy_rankdata():
    x, _ = tied_matrices(5, 9, 200, 0.2)
    ranks = average_ranks(x)
    for k in range(x.shape[1]):
        keep = ~np.isnan(x[:, k])
        np.testing.assert_array_equal(ranks[keep, k], stats.rankdata(x[keep, k]))
        assert np.isnan(ranks[~keep, k]).all()


def test_large_columns_use_the_sorting_path_with_the_same_numbers(monkeypatch):
    x, z = tied_matrices(9, 30, 50, 0.1)
    small = {name: fn(x, z) for name, fn in COLUMNWISE.items()}
    monkeypatch.setattr(coefficients, "PAIRWISE_MAX", 10)  # 30 rows: scipy's kendalltau per column
    monkeypatch.setattr(coefficients, "RANK_PAIRWISE_MAX", 10)  # and rankdata along the axis
    for name, fn in COLUMNWISE.items():
        np.testing.assert_allclose(fn(x, z), small[name], rtol=0, atol=1e-12, equal_nan=True)
    ranks = average_ranks(x)
    for k in range(5):
        keep = ~np.isnan(x[:, k])
        np.testing.assert_array_equal(ranks[keep, k], stats.rankdata(x[keep, k]))


def test_chunking_changes_no_number(monkeypatch):
    x, z = tied_matrices(4, 7, 300, 0.1)
    whole = {name: fn(x, z) for name, fn in COLUMNWISE.items()}
    monkeypatch.setattr(coefficients, "CHUNK_ELEMENTS", 50)  # a few columns per broadcast step
    for name, fn in COLUMNWISE.items():
        np.testing.assert_array_equal(fn(x, z), whole[name])


def test_one_dimensional_input_is_one_column():
    assert COLUMNWISE["spearman"]([1.0, 2.0, 3.0], [3.0, 1.0, 2.0]).tolist() == [
        pytest.approx(SCIPY["spearman"](np.array([1.0, 2.0, 3.0]), np.array([3.0, 1.0, 2.0])), abs=1e-15)
    ]


def test_bad_shapes_raise_value_error():
    with pytest.raises(ValueError, match=r"invalid z: shape \(3, 1\) differs from x's shape \(2, 1\)"):
        COLUMNWISE["pearson"]([1.0, 2.0], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="invalid x: expected a 1-D or 2-D array"):
        COLUMNWISE["kendall"](np.zeros((2, 2, 2)), np.zeros((2, 2, 2)))


# -- huge finite values (issue 16, point 11): no overflow, no warning --------------------------


HUGE_X = np.array([[1.0, -4.0], [2.0, 1.0], [3.0, 2.0], [5.0, 3.0], [-1.0, np.nan]])
HUGE_Z = np.array([[1.0, 2.0], [3.0, 1.0], [2.0, 4.0], [4.0, 3.0], [0.5, 1.0]])


@pytest.mark.parametrize("coefficient", ["spearman", "kendall"])
@pytest.mark.parametrize("scale", [1.7e308 / 5, -1.7e308 / 5, 2.0**1021])
def test_rank_coefficients_of_huge_values_equal_scipy_on_the_same_data(coefficient, scale):
    # Ranks never overflow: scipy.stats ranks the 1e308 values itself, and the columns give its numbers.
    x, z = HUGE_X * scale, HUGE_Z * abs(scale)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy RuntimeWarning (overflow, invalid value) escapes
        got = COLUMNWISE[coefficient](x, z)
    keep = [~(np.isnan(x[:, k]) | np.isnan(z[:, k])) for k in range(2)]  # every column is defined here
    expected = [SCIPY[coefficient](x[keep[k], k], z[keep[k], k]) for k in range(2)]
    assert got.tolist() == pytest.approx(expected, rel=0, abs=1e-15)
    assert np.allclose(got, by_scipy(coefficient, HUGE_X * np.sign(scale), HUGE_Z), rtol=0, atol=1e-15)


@pytest.mark.parametrize("scale", [1.7e308 / 5, 1e308 / 5, 2.0**1021, 2.0**-1070])
def test_pearson_of_huge_values_equals_the_scaled_down_copy(scale):
    # r is scale invariant: the columns of 1e308-sized values give scipy's r of the values / scale (scipy's own
    # pearsonr overflows on them). A power-of-2 scale (2^1021, or 2^-1070: subnormal values) changes no bit.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = COLUMNWISE["pearson"](HUGE_X * scale, HUGE_Z * scale)
    expected = by_scipy("pearson", HUGE_X, HUGE_Z)
    assert np.allclose(got, expected, rtol=0, atol=1e-15)
    if scale in (2.0**1021, 2.0**-1070):
        assert got.tolist() == COLUMNWISE["pearson"](HUGE_X, HUGE_Z).tolist()


def test_pearson_of_the_largest_floats_of_both_signs():
    # max - min = 2 x 1.797e308 overflows a naive deviation: the column is scaled first.
    big = np.finfo(np.float64).max
    x = np.array([[big], [-big], [big / 2]])
    z = np.array([[1.0], [-1.0], [0.5]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert COLUMNWISE["pearson"](x, z).tolist() == pytest.approx([1.0], abs=1e-15)
