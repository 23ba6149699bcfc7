"""ROUGE-1.5.5's bootstrap from how often each instance is drawn, its printed numbers exactly Perl's.

ROUGE-1.5.5 adds each resample's drawn scores one after another; :func:`rouge_core.kernels.bootstrap.perl_sums`
makes the same additions (about 55 ms for 1,000 resamples of 10,000 instances and 24 columns, each draw
reading a random row from memory rather than the cache). The same sum is ``counts @ values``, where
``counts[i]`` is how often instance ``i`` was drawn: the draws are counted
(:func:`~rouge_core.kernels.bootstrap.perl_counts`) and multiplied as a matrix, 16 resamples at a time,
sequentially through the values (about 35 ms in all).

Added in another order, a sum can differ from Perl's in its last bits, and so can a 5-decimal rounding of
what is made of it. So a printed number is taken from these sums only when its rounding is certain:
when every value within the largest possible difference (:func:`mean_bound`, carried through the
interval's arithmetic by :func:`certain_interval`) rounds the same. Otherwise (about once in ten million
numbers) :func:`rouge_core.batch.aggregate.summarize_columns` makes the sums again in Perl's order.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from .. import kernels
from ..kernels import backend
from ..measures.scoring import round5
from .bootstrap import BLOCK_CELLS, perl_interval_unrounded

#: The unit roundoff of float64.
U = 2.0**-53
#: Resamples counted and multiplied at a time (a matrix product of 16 rows is done on one core).
BLOCK = 16


def gamma(k: int) -> float:
    """The classic bound on the relative error of a sum of ``k`` terms in any order: ``k u / (1 - k u)``.

    >>> gamma(10_000) < 1.2e-12
    True
    """
    return k * U / (1.0 - k * U)


def mean_bound(values: np.ndarray) -> np.ndarray:
    """Per column, how far a resample's mean (sum / n) from :func:`perl_count_sums` can be from the mean of
    ROUGE-1.5.5's draw-order sum of the same draws: both sums are of the same ``n`` terms, each within
    ``gamma(n)`` of the exact sum times the sum of the terms' sizes (at most ``n`` times the column's
    largest), and each division by ``n`` rounds once more.

    >>> mean_bound(np.array([[0.5, -2.0], [1.0, 0.0]])).tolist() == [(2 * gamma(2) + 4 * U), 2 * (2 * gamma(2) + 4 * U)]
    True
    """
    bound: np.ndarray = (2.0 * gamma(values.shape[0]) + 4.0 * U) * np.abs(values).max(axis=0)
    return bound


def perl_count_sums(values: np.ndarray, samples: int, cells: int = BLOCK_CELLS) -> Optional[np.ndarray]:
    """Per resample (row), the column sums of the instances (rows of ``values``) that ROUGE-1.5.5 draws
    after ``srand(s)`` for resample ``s``, added in another order than Perl's (see :func:`mean_bound`).
    None when the compiled counting kernel is not available here, or a value is not finite.

    >>> v = np.array([[1.0, 2.0], [10.0, 20.0], [100.0, 200.0]])
    >>> got = perl_count_sums(v, 3)
    >>> got is None or got.tolist() == [[102.0, 204.0], [111.0, 222.0], [111.0, 222.0]]
    True
    """
    n, cols = values.shape
    if n == 0 or not np.isfinite(values).all() or not backend.ready(kernels.BOOTSTRAP):
        return None
    count = kernels.served("bootstrap").perl_counts
    block = max(1, min(BLOCK, cells // n))  # counts of at most about ``cells`` values at a time
    ordered = np.ascontiguousarray(values, dtype=np.float64)
    out = np.empty((samples, cols), dtype=np.float64)
    counts = np.zeros((block, n), dtype=np.float64)
    for first in range(0, samples, block):
        k = min(block, samples - first)
        counts[:k] = 0.0
        count(n, first, counts[:k])
        np.dot(counts[:k], ordered, out=out[first : first + k])
    return out


def certain_interval(means: Sequence[float], confidence: float, bound: float) -> Optional[tuple[float, float, float]]:
    """:func:`rouge_core.stats.bootstrap.perl_interval` of the means Perl would have, when ``means`` are each
    within ``bound`` of them and that is enough to know its three rounded numbers; else None.

    The interval's bounds are order statistics (each moves at most ``bound``) interpolated with a ratio
    below 1 (at most three times it), the average a sequential sum of them divided by their number
    (``bound`` plus the sum's own rounding); a few units of roundoff more cover the arithmetic here.

    >>> certain_interval([0.1, 0.2, 0.3, 0.4], 50.0, 1e-12)
    (0.25, 0.2, 0.3)
    >>> print(certain_interval([0.123455] * 4, 50.0, 1e-12))  # 0.123455 +- 3e-12 straddles a half
    None
    >>> print(certain_interval([0.1, 0.2, 0.3, 0.4], 50.0, 1e-3))  # too loose to tell
    None
    >>> certain_interval([0.0] * 4, 50.0, 1e-12)  # never below 0
    (0.0, 0.0, 0.0)
    """
    avg, lo, hi = perl_interval_unrounded(means, confidence)
    big = max((abs(float(m)) for m in means), default=0.0)
    # Means of scores are never negative, in any order of addition, nor is what the interval makes of
    # them: then nothing below 0 is possible (and "-0.00000" is never printed).
    floor = 0.0 if min(means, default=0.0) >= 0.0 else float("-inf")
    slack = 16.0 * U * big
    widths = (bound + (2.0 * gamma(len(means)) + 4.0 * U) * big + slack, 3.0 * bound + slack, 3.0 * bound + slack)
    for x, width in zip((avg, lo, hi), widths):
        if "%.5f" % max(x - width, floor) != "%.5f" % (x + width):  # printed as Perl prints, sign included
            return None
    return round5(avg), round5(lo), round5(hi)
