"""rouge155's 5-decimal rounding on columns (issue 22, target 6): ``round5_all`` computes in numpy and
gives :func:`round5` (``float("%.5f" % x)``, as ROUGE-1.5.5 prints) bit for bit on every value."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rouge_core.measures import scoring
from rouge_core.measures.scoring import round5, round5_all


def _one_by_one(x: np.ndarray) -> np.ndarray:
    """The rule as it was written first: every value through the printf string."""
    return np.array([round5(v) for v in x.tolist()], dtype=np.float64)


def _same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype == np.float64 and np.array_equal(a.view(np.uint64), b.view(np.uint64))


def test_every_ratio_of_counts_up_to_1200() -> None:
    """Every hit / total a pair of up to 1,200 tokens gives (721,800 values), and F of those rounded."""
    hit, total = np.meshgrid(np.arange(1201, dtype=np.float64), np.arange(1, 1201, dtype=np.float64))
    x = (hit / total).ravel()
    x = x[x <= 1.0]
    assert len(x) == 721_800
    assert _same_bits(round5_all(x), _one_by_one(x))
    p, r = round5_all(x[::7]), round5_all(x[::-7])
    f = p * r / (0.5 * p + 0.5 * r)
    f = f[np.isfinite(f)]
    assert _same_bits(round5_all(f), _one_by_one(f))


def test_values_at_and_next_to_every_half() -> None:
    """(k + 0.5) / 1e5 and its neighbours, and the exact ties (1/64: 1562.5, rounded to even)."""
    k = np.arange(100_001, dtype=np.float64)
    near = (k + 0.5) / 1e5
    x = np.concatenate([np.nextafter(near, 0), near, np.nextafter(near, 2), np.arange(65) / 64, np.arange(1025) / 1024])
    assert _same_bits(round5_all(x), _one_by_one(x))
    assert round5_all(np.array([1 / 64, 3 / 64])).tolist() == [0.01562, 0.04688]


def test_any_shape() -> None:
    """A row per measure (the chunk path's 2-D columns): each value as alone."""
    x = np.arange(1200, dtype=np.float64).reshape(3, 400) / 64
    got = round5_all(x)
    assert got.shape == (3, 400) and _same_bits(got.ravel(), _one_by_one(x.ravel()))


def test_edges_take_the_printf_rule() -> None:
    x = np.array([0.0, -0.0, -1e-9, 5e-324, 2.0**29 / 1e5, 1e300, np.inf, -np.inf, np.nan, -np.nan, -0.123456])
    got, want = round5_all(x), _one_by_one(x)
    assert _same_bits(got, want)
    assert str(got[2]) == "-0.0" and got[-1] == -0.12346


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True), max_size=50))
def test_any_float(values: list[float]) -> None:
    x = np.array(values, dtype=np.float64)
    assert _same_bits(round5_all(x), _one_by_one(x))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 10**6)), min_size=1, max_size=50))
def test_any_ratio_of_counts(pairs: list[tuple[int, int]]) -> None:
    x = np.array([h / t for h, t in pairs], dtype=np.float64)
    assert _same_bits(round5_all(x), _one_by_one(x))


def test_only_values_next_to_a_half_go_through_the_string(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of the change: ratios of counts are rounded in numpy, not one Python call a value
    (the printf rule was 17 % of the rouge155 batch's time)."""
    calls: list[float] = []
    real = scoring.round5
    monkeypatch.setattr(scoring, "round5", lambda v: calls.append(v) or real(v))
    hit, total = np.meshgrid(np.arange(101, dtype=np.float64), np.arange(1, 101, dtype=np.float64))
    x = (hit / total).ravel()
    assert _same_bits(round5_all(x), _one_by_one(x))
    # among the 10,100 ratios, only n/64-like ones sit at a half of the 5th decimal (n/32, n/64, n/96)
    assert 0 < len(calls) <= 200 and all(abs(v * 1e5 % 1 - 0.5) < 1e-6 for v in calls)
