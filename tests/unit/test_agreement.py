"""rouge_core.stats.annotator_agreement: Krippendorff's alpha on Krippendorff's own worked example,
and the review table.

The example is the reliability data of Krippendorff (2011), "Computing Krippendorff's
Alpha-Reliability", section C (4 observers x 12 units, missing values); the paper prints
alpha = 0.743 (nominal), 0.815 (ordinal) and 0.849 (interval). The exact fractions below are
derived by hand from the coincidence matrix.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction as Fr
from typing import get_args

import numpy as np
import pytest

from rouge_core.stats.annotator_agreement import (
    DISTANCES,
    Alpha,
    Disagreement,
    Measurement,
    coincidences,
    disagreements,
    krippendorff_alpha,
)

_ = math.nan  # a missing value, written as "_" so the data reads as in the paper
EXAMPLE = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],  # observer A
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],  # observer B
    [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],  # observer C
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],  # observer D
]

# Coincidences: a unit with m values adds (pairs of values c, k from different observers) / (m - 1).
#   u1 {1,1,1}: o11 += 6/2 = 3          u2 {2,2,3,2}: o22 += 6/3 = 2, o23 = o32 += 3/3 = 1
#   u3, u4 {3,3,3,3}: o33 += 12/3 twice  u5, u9 {2,2,2,2}: o22 += 4 twice   u7 {4,4,4,4}: o44 += 4
#   u6 {1,2,3,4}: every o_ck with c != k += 1/3
#   u8 {1,1,2,1}: o11 += 2, o12 = o21 += 1   u10 {5,5,5}: o55 += 3   u11 {1,1}: o11 += 2/1 = 2
#   u12 has a single value: not pairable.
# So (times 3, rows/columns are the values 1..5):
HAND_O_TIMES_3 = [
    [21, 4, 1, 1, 0],  # o11 = 7, o12 = 4/3, o13 = o14 = 1/3
    [4, 30, 4, 1, 0],  # o22 = 10, o23 = 4/3, o24 = 1/3
    [1, 4, 24, 1, 0],  # o33 = 8, o34 = 1/3
    [1, 1, 1, 12, 0],  # o44 = 4
    [0, 0, 0, 0, 9],  # o55 = 3
]
# Marginals n_c = 9, 13, 10, 5, 3; n = 40 pairable values in 11 pairable units.
#
# nominal: alpha = 1 - (n - 1) * (sum of o_ck, c != k) / (n^2 - sum n_c^2)
#   = 1 - 39 * 8 / (1600 - 384) = 1 - 312/1216 = 113/152.
# interval (d2 = (c - k)^2): observed sum o_ck d2 = 2 (4/3 + 4 * 1/3 + 9 * 1/3 + 4/3 + 4 * 1/3 + 1/3) = 52/3;
#   expected sum n_c n_k d2 = 2 (117 + 360 + 405 + 432 + 130 + 260 + 351 + 50 + 120 + 15) = 4480;
#   alpha = 1 - 39 * (52/3) / 4480 = 1 - 676/4480 = 951/1120.
# ordinal (d_ck = sum_{g=c..k} n_g - (n_c + n_k)/2): d2_12 = 11^2, d2_13 = 22.5^2, d2_14 = 30^2,
#   d2_15 = 34^2, d2_23 = 11.5^2, d2_24 = 19^2, d2_25 = 23^2, d2_34 = 7.5^2, d2_35 = 11.5^2, d2_45 = 4^2;
#   observed sum = (2/3)(4 * 121 + 506.25 + 900 + 4 * 132.25 + 361 + 56.25) = (2/3) * 2836.5 = 1891;
#   expected sum = 2 (117 * 121 + 90 * 506.25 + 45 * 900 + 27 * 1156 + 130 * 132.25 + 65 * 361
#     + 39 * 529 + 50 * 56.25 + 30 * 132.25 + 15 * 16) = 2 * 199740 = 399480;
#   alpha = 1 - 39 * 1891 / 399480 = 1 - 24583/133160 = 108577/133160.
EXACT = {"nominal": Fr(113, 152), "ordinal": Fr(108577, 133160), "interval": Fr(951, 1120)}
PUBLISHED = {"nominal": 0.743, "ordinal": 0.815, "interval": 0.849}


def test_coincidence_matrix_of_the_example():
    c = coincidences(EXAMPLE)
    assert c.values == (1.0, 2.0, 3.0, 4.0, 5.0)
    assert c.pairable_units == 11
    np.testing.assert_allclose(3 * c.matrix, HAND_O_TIMES_3, atol=1e-12)
    np.testing.assert_allclose(c.totals, [9, 13, 10, 5, 3], atol=1e-12)


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_krippendorff_2011_example(level):
    a = krippendorff_alpha(EXAMPLE, level)
    assert round(a.alpha, 3) == PUBLISHED[level]
    assert a.alpha == pytest.approx(float(EXACT[level]), abs=1e-14)
    assert (a.level, a.pairable_units, a.values, a.reason) == (level, 11, 40, "")
    assert a.alpha == pytest.approx(1 - a.observed / a.expected, abs=1e-15)


def test_nominal_disagreements_of_the_example():
    # D_o = 8/40 = 1/5; D_e = 1216 / (40 * 39) = 152/195.
    a = krippendorff_alpha(EXAMPLE, "nominal")
    assert a.observed == pytest.approx(1 / 5, abs=1e-15)
    assert a.expected == pytest.approx(152 / 195, abs=1e-15)


def test_levels_are_a_registry():
    assert set(get_args(Measurement)) == set(DISTANCES)


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_perfect_agreement_is_one(level):
    assert krippendorff_alpha([[1, 2, 3, _], [1, 2, 3, 3], [_, 2, 3, 3]], level).alpha == 1.0


def test_interval_alpha_of_a_small_case():
    # Units (1, 2) and (3, 3), 2 annotators: o12 = o21 = 1, o33 = 2; n = (1, 1, 2), n = 4.
    # observed sum o d2 = 2 * 1 = 2; expected sum n_c n_k d2 = 2 (1*1*1 + 1*2*4 + 1*2*1) = 22;
    # alpha = 1 - 3 * 2 / 22 = 8/11.
    assert krippendorff_alpha([[1, 3], [2, 3]], "interval").alpha == pytest.approx(8 / 11, abs=1e-15)


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_all_values_identical_is_nan_with_a_reason(level):
    a = krippendorff_alpha([[4, 4, _], [4, 4, 4]], level)
    assert math.isnan(a.alpha)
    assert a.reason == "expected disagreement is 0: every pairable value is 4"
    assert (a.pairable_units, a.values) == (2, 4)


def test_no_pairable_unit_is_nan_with_a_reason():
    a = krippendorff_alpha([[1, _], [_, 2]], "nominal")
    assert math.isnan(a.alpha)
    assert a.reason == "no pairable unit: every unit has fewer than 2 values"
    assert (a.pairable_units, a.values) == (0, 0)


def test_a_unit_with_one_value_is_dropped():
    # The third unit has one value (9): alpha, the pairable units and the values are those of the
    # first two units alone, and 9 is not among the coincidence matrix's values.
    with_single = krippendorff_alpha([[1, 3, 9], [2, 3, _]], "interval")
    without = krippendorff_alpha([[1, 3], [2, 3]], "interval")
    assert with_single == without
    assert with_single.pairable_units == 2 and with_single.values == 4
    assert coincidences([[1, 3, 9], [2, 3, _]]).values == (1.0, 2.0, 3.0)


def test_alpha_is_a_frozen_record():
    a = krippendorff_alpha(EXAMPLE, "nominal")
    assert isinstance(a, Alpha)
    with pytest.raises(AttributeError):
        a.alpha = 1.0  # type: ignore[misc]


def test_disagreements_sorted_by_spread():
    units = [f"u{j + 1}" for j in range(12)]
    rows = disagreements(EXAMPLE, units, ["A", "B", "C", "D"], threshold=1)
    # Spreads above 1: u6 (1, 2, 3, 4) -> 3 only; u2 and u8 span 1, which is not more than 1.
    assert rows == [Disagreement("u6", 3.0, (("A", 1.0), ("B", 2.0), ("C", 3.0), ("D", 4.0)))]
    rows = disagreements(EXAMPLE, units, ["A", "B", "C", "D"], threshold=0)
    assert [(d.unit, d.spread) for d in rows] == [("u6", 3.0), ("u2", 1.0), ("u8", 1.0)]
    assert rows[2].values == (("A", 1.0), ("B", 1.0), ("C", 2.0), ("D", 1.0))
    # A unit with a single value (a) has no spread; y's missing value is left out of a's row.
    assert disagreements([[1, 5], [_, 9]], ["a", "b"], ["x", "y"], 0.5) == [
        Disagreement("b", 4.0, (("x", 5.0), ("y", 9.0)))
    ]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: krippendorff_alpha(EXAMPLE, "ratio"), "invalid level='ratio': allowed values are nominal"),
        (lambda: krippendorff_alpha([1, 2, 3], "nominal"), "invalid matrix: expected a 2-D array"),
        (lambda: krippendorff_alpha([["x", "y"]], "nominal"), "invalid matrix: expected a 2-D array of numbers"),
        (lambda: krippendorff_alpha([[1, math.inf]], "interval"), "invalid matrix: values must be finite"),
        (
            lambda: disagreements(EXAMPLE, ["u1"], ["A", "B", "C", "D"], 1),
            "invalid unit_ids/annotator_ids: got 1 units",
        ),
        (lambda: disagreements([[1, 2]], ["a", "b"], ["x"], -1), "invalid threshold=-1: allowed values are finite"),
        (lambda: disagreements([[1, 2]], ["a", "b"], ["x"], math.nan), "invalid threshold=nan"),
    ],
)
def test_bad_input_raises_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# -- huge finite values (issue 16, point 11) ----------------------------------------------------------------
# Interval alpha is invariant to a common scale of the values (D_o and D_e both scale by s^2); ordinal and
# nominal alpha depend only on the order or identity of the values. So the example times 2^1021 (5 x 2^1021 is
# below the largest float, 1.797e308, but 4 x (5 x 2^1021)^2 is not) has the example's exact alpha.


def strict_alpha(matrix, level):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy RuntimeWarning (overflow in the squares) escapes
        return krippendorff_alpha(matrix, level)


def scaled_example(scale):
    return [[v * scale for v in row] for row in EXAMPLE]


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_alpha_of_huge_values_equals_the_example_s(level):
    plain = krippendorff_alpha(EXAMPLE, level)
    huge = strict_alpha(scaled_example(2.0**1021), level)
    assert huge.alpha == plain.alpha == pytest.approx(float(EXACT[level]), abs=1e-14)
    assert (huge.pairable_units, huge.values, huge.reason) == (11, 40, "")
    inexact = strict_alpha(scaled_example(1.7e308 / 5), level)
    assert inexact.alpha == pytest.approx(float(EXACT[level]), abs=1e-14)


def test_interval_disagreements_are_in_the_data_s_units():
    # D_o = (52/3) / 40 = 13/30 and D_e = 4480 / (40 * 39) = 112/39 for the example; times s^2 for s x the
    # example, and inf when s^2 x D leaves the float range (alpha, their ratio, is still exact).
    plain = krippendorff_alpha(EXAMPLE, "interval")
    assert (plain.observed, plain.expected) == pytest.approx((13 / 30, 112 / 39), abs=1e-14)
    big = strict_alpha(scaled_example(2.0**500), "interval")
    assert (big.observed, big.expected) == (plain.observed * 2.0**1000, plain.expected * 2.0**1000)
    huge = strict_alpha(scaled_example(2.0**1021), "interval")
    assert (huge.observed, huge.expected) == (math.inf, math.inf)


def test_interval_alpha_of_the_largest_floats_of_both_signs():
    # Units (-M, M) and (M, M), M the largest float: (M - (-M))^2 overflows a naive distance. Scaled to
    # units (-1, 1) and (1, 1): o_{-1,1} = o_{1,-1} = 1, o_{1,1} = 2; n = (1, 3), n = 4; d2 = 4.
    # observed sum = 2 * 4 = 8; expected sum = 2 * 1 * 3 * 4 = 24; alpha = 1 - 3 * 8 / 24 = 0.
    big = np.finfo(np.float64).max
    assert strict_alpha([[-big, big], [big, big]], "interval").alpha == pytest.approx(0.0, abs=1e-15)
    assert krippendorff_alpha([[-1, 1], [1, 1]], "interval").alpha == 0.0


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_alpha_is_nan_only_with_a_reason(level):
    # Random small matrices with missing cells and 1e308-sized values: whenever alpha is NaN, a reason says why.
    rng = np.random.default_rng(5)
    for _trial in range(300):
        shape = (int(rng.integers(1, 4)), int(rng.integers(1, 5)))
        m = rng.choice([1.0, 2.0, 1e308, -1.7e308, math.nan], size=shape)
        a = strict_alpha(m, level)
        assert math.isnan(a.alpha) == bool(a.reason), (m.tolist(), a)
        assert math.isnan(a.alpha) or -10 < a.alpha <= 1
