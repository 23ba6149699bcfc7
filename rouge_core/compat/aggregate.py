"""rouge-score's ``BootstrapAggregator`` (what evaluate's rouge reports), drawn the same way, counted by numpy.

rouge-score resamples each measure's per-pair scores 1,000 times with ``np.random.choice`` from
numpy's global random state, one measure after the other, and reports the 2.5th, 50th and 97.5th
percentiles of the resample means. Evaluate's ``use_aggregator=True`` number is the 50th
percentile of F: a random number unless ``np.random.seed`` was set (then it is the same number
every run). This module makes the same draws (``randint(0, n, size=(rows, n))`` yields the
stream of ``rows`` calls of ``choice(arange(n), size=n)``) and sums each resample left to right
as ``np.mean(..., axis=0)`` does, in blocks of rows so memory stays bounded: the same floats.

>>> import numpy as np
>>> bootstrap_percentiles(np.array([0.0, 1.0]), random_state=np.random.RandomState(0))
(0.0, 0.5, 1.0)
"""

from __future__ import annotations

from typing import Optional

import numpy as np

#: rouge-score's defaults: 1,000 resamples, a 95 % interval.
N_SAMPLES = 1000
CONFIDENCE = 0.95
#: Indices drawn per block (rows x pairs): about 16 MB of int64, whatever the corpus size.
BLOCK_CELLS = 1 << 21


def bootstrap_percentiles(
    values: np.ndarray,
    n_samples: int = N_SAMPLES,
    confidence: float = CONFIDENCE,
    random_state: Optional[np.random.RandomState] = None,
) -> tuple[float, float, float]:
    """(low, mid, high) of the resample means of ``values`` (one score per pair), as rouge-score's
    ``BootstrapAggregator(confidence, n_samples)`` computes them for one measure.

    ``random_state``: the numpy ``RandomState`` to draw from; None draws from numpy's global state,
    as rouge-score does (and advances it as rouge-score would).

    >>> import numpy as np
    >>> np.random.seed(3)
    >>> low, mid, high = bootstrap_percentiles(np.array([0.2, 0.4, 0.9]))
    >>> low <= mid <= high, bootstrap_percentiles(np.array([0.5] * 4))
    (True, (0.5, 0.5, 0.5))
    """
    x = np.asarray(values, dtype=np.float64)
    n = len(x)
    if x.ndim != 1 or n == 0:
        raise ValueError(f"invalid values: a non-empty 1-d array of scores, not shape {x.shape}")
    if not 0 <= confidence <= 1:
        raise ValueError(f"invalid confidence={confidence!r}: a number in [0, 1]")
    if isinstance(n_samples, bool) or not isinstance(n_samples, int) or n_samples <= 0:
        raise ValueError(f"invalid n_samples={n_samples!r}: a positive integer")
    draw = np.random.randint if random_state is None else random_state.randint
    means = np.empty(n_samples)
    rows = max(1, BLOCK_CELLS // n)
    for start in range(0, n_samples, rows):
        stop = min(n_samples, start + rows)
        picked = x[draw(0, n, size=(stop - start, n))]
        # cumsum adds left to right, as np.mean over the resample's rows does (a row sum would pair them).
        means[start:stop] = np.cumsum(picked, axis=1)[:, -1] / n
    delta = (1 - confidence) / 2
    low, mid, high = np.percentile(means, 100 * np.array([delta, 0.5, 1 - delta]))
    return float(low), float(mid), float(high)
