"""How sure is Krippendorff's alpha? A percentile bootstrap interval over the units.

The pairable units (columns with at least 2 values) are drawn with replacement, as many as there are,
``samples`` times; alpha is computed on each resample (:func:`krippendorff_alpha`, the same rule as the
point value) and the central ``confidence`` % of the values is the interval. A resample whose values are
all one value has no alpha (the expected disagreement is 0): it is left out and counted in
``undefined``; when that is more than half of the resamples, the interval is NaN and ``reason`` says why.
The draws come from ``numpy.random.default_rng(seed)``: the same data and seed give the same interval.

>>> res = alpha_interval([[1, 2, 3, 4, 5, 1], [1, 2, 3, 4, 5, 1]], "interval", samples=200)
>>> (res.low, res.high, res.samples)
(1.0, 1.0, 200)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .annotator_agreement import Measurement, krippendorff_alpha
from .bootstrap import bootstrap_indices, percentile_interval

#: The most resamples :func:`alpha_interval` draws.
MAX_SAMPLES = 100_000


@dataclass(frozen=True)
class AlphaInterval:
    """The ``confidence`` % interval [``low``, ``high``] of alpha from ``samples`` resamples of the units,
    ``undefined`` of which had no alpha; NaN bounds with a ``reason`` when it cannot be given."""

    low: float
    high: float
    confidence: float
    samples: int
    undefined: int
    reason: str = ""


def alpha_interval(
    matrix: npt.ArrayLike,
    level: Measurement = "interval",
    samples: int = 1000,
    confidence: float = 95.0,
    seed: int = 0,
) -> AlphaInterval:
    """The bootstrap interval of Krippendorff's alpha of ``matrix`` (annotators x units, NaN = missing).

    >>> alpha_interval([[1, np.nan], [2, 3]]).reason
    'no pairable units to resample: fewer than 2'
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"invalid samples={samples!r}: a whole number from 1 to {MAX_SAMPLES:,}")
    if not isinstance(confidence, (int, float)) or not 0.0 < float(confidence) < 100.0:
        raise ValueError(f"invalid confidence={confidence!r}: a percentage between 0 and 100")
    data = np.asarray(matrix, dtype=np.float64)
    point = krippendorff_alpha(data, level)  # checks the matrix and the level
    pairable = data[:, (~np.isnan(data)).sum(axis=0) >= 2]
    units = pairable.shape[1]
    if units < 2:
        return AlphaInterval(
            math.nan, math.nan, float(confidence), samples, 0, "no pairable units to resample: fewer than 2"
        )
    if math.isnan(point.alpha):
        return AlphaInterval(math.nan, math.nan, float(confidence), samples, 0, point.reason)
    draws = bootstrap_indices(units, samples, np.random.default_rng(seed))
    values = [krippendorff_alpha(pairable[:, row], level).alpha for row in draws]
    defined = [v for v in values if not math.isnan(v)]
    undefined = samples - len(defined)
    if len(defined) * 2 < samples:
        reason = f"{undefined} of {samples} resamples have no alpha (one value only): too few units differ"
        return AlphaInterval(math.nan, math.nan, float(confidence), samples, undefined, reason)
    low, high = percentile_interval(defined, float(confidence))
    return AlphaInterval(low, high, float(confidence), samples, undefined)
