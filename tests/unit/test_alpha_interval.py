"""rouge_core.stats.alpha_interval: the bootstrap interval of Krippendorff's alpha (issue 19, point 4: the
campaign dashboard's alpha "so far with its interval")."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rouge_core.stats.alpha_interval import alpha_interval
from rouge_core.stats.annotator_agreement import krippendorff_alpha
from rouge_core.stats.bootstrap import bootstrap_indices

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", the four-coder example (C.1).
KRIPPENDORFF = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, np.nan, np.nan, np.nan],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, np.nan, 3],
    [np.nan, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, np.nan],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, np.nan],
]


def test_perfect_agreement_gives_the_interval_one_to_one() -> None:
    res = alpha_interval([[1, 2, 3, 4, 5, 1], [1, 2, 3, 4, 5, 1]], "ordinal", samples=500, seed=3)
    assert (res.low, res.high, res.samples, res.reason) == (1.0, 1.0, 500, "")


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_the_interval_is_the_percentiles_of_alpha_over_the_same_resampled_units(level: str) -> None:
    res = alpha_interval(KRIPPENDORFF, level, samples=300, confidence=90.0, seed=11)
    data = np.asarray(KRIPPENDORFF, dtype=float)
    pairable = data[:, (~np.isnan(data)).sum(axis=0) >= 2]
    assert pairable.shape[1] == 11  # the 11th unit has one value: never drawn
    rows = bootstrap_indices(11, 300, np.random.default_rng(11))
    alphas = [krippendorff_alpha(pairable[:, r], level).alpha for r in rows]
    defined = sorted(a for a in alphas if not math.isnan(a))
    assert res.undefined == 300 - len(defined)
    assert (res.low, res.high) == tuple(float(x) for x in np.percentile(defined, [5.0, 95.0]))
    point = krippendorff_alpha(KRIPPENDORFF, level).alpha
    assert res.low <= point <= res.high
    assert res == alpha_interval(KRIPPENDORFF, level, samples=300, confidence=90.0, seed=11)  # seeded


def test_no_interval_without_two_pairable_units_or_an_alpha() -> None:
    one_unit = alpha_interval([[1, np.nan], [2, 3]])
    assert math.isnan(one_unit.low) and one_unit.reason == "no pairable units to resample: fewer than 2"
    same = alpha_interval([[3, 3, 3], [3, 3, 3]])
    assert math.isnan(same.high) and same.reason == "expected disagreement is 0: every pairable value is 3"
    # two units, each agreed on: a resample that draws one unit twice has one value only, so no alpha
    for seed in range(6):
        res = alpha_interval([[1, 2], [1, 2]], samples=40, seed=seed)
        rows = bootstrap_indices(2, 40, np.random.default_rng(seed))
        undefined = int((rows[:, 0] == rows[:, 1]).sum())
        assert res.undefined == undefined
        if undefined * 2 > 40:  # more than half have no alpha: no interval, and why
            assert math.isnan(res.low) and res.reason == (
                f"{undefined} of 40 resamples have no alpha (one value only): too few units differ"
            )
        else:
            assert (res.low, res.high, res.reason) == (1.0, 1.0, "")


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"samples": 0}, "invalid samples=0"),
        ({"samples": True}, "invalid samples=True"),
        ({"samples": 100_001}, "invalid samples=100001"),
        ({"confidence": 100}, "invalid confidence=100"),
        ({"level": "ratio"}, "invalid level='ratio'"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        alpha_interval(KRIPPENDORFF, **kwargs)  # type: ignore[arg-type]
