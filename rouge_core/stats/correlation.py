"""How well does a metric agree with human judgments? Correlations, their intervals and a test between metrics.

A score matrix has one row per system and one column per input (document), NaN a missing cell;
:func:`score_matrix` builds one from (system, input, value) records. :func:`correlate` gives the
correlation of a metric's matrix with the human one at the summary, system or global level
(:mod:`rouge_core.stats.correlation_levels` defines them; Lin 2004, section 5; Deutsch, Dror and Roth 2021).

The coefficients (Pearson's r, Spearman's rho, Kendall's tau-b) are those of scipy.stats,
computed for many columns at once by :mod:`rouge_core.stats.coefficients`; a bootstrap or permutation
run stacks its resamples and scores them in a few vectorised calls, not one scipy call per column.
Intervals and the test between metrics follow Deutsch et al. (2021): BOOT-SYSTEMS,
BOOT-INPUTS, BOOT-BOTH (:func:`bootstrap_interval`) and PERM-SYSTEMS, PERM-INPUTS,
PERM-BOTH (:func:`permutation_test`). Randomness comes only from the ``seed``.

>>> x = [[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]]
>>> correlate(x, x, "summary", "kendall")
Correlation(value=1.0, level='summary', coefficient='kendall', n_used=2, n_skipped=0, reason='')
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Iterator, Union

import numpy as np
import numpy.typing as npt

from ..config import MAX_BOOTSTRAP_SAMPLES
from .bootstrap import percentile_interval
from .coefficients import unit_scaled
from .correlation_levels import (
    COEFFICIENTS,
    LEVELS,
    RESAMPLES,
    Coefficient,
    Correlation,
    Level,
    Matrix,
    Resample,
    correlate,
    correlate_matrices,
    joint_cells,
    level_values,
    validated_matrices,
)
from .score_matrix import ScoreMatrix, score_matrix
from .significance import TIE_TOLERANCE

Seed = Union[int, np.random.Generator]
#: Cells of the resampled matrices scored in one vectorised step (bounds the memory of a run).
BATCH_CELLS = 1 << 20
#: Row and column indices of a bootstrap run with an integer seed kept for the next run with that seed.
DRAW_CACHE_INDICES = 1 << 21

__all__ = [
    "COEFFICIENTS",
    "LEVELS",
    "RESAMPLES",
    "BootstrapInterval",
    "Coefficient",
    "Correlation",
    "Level",
    "PermutationTest",
    "Resample",
    "ScoreMatrix",
    "bootstrap_interval",
    "correlate",
    "permutation_test",
    "score_matrix",
    "standardize",
]


@dataclass(frozen=True)
class BootstrapInterval:
    """A percentile interval of the correlation; resamples where it is undefined are dropped and counted."""

    low: float
    high: float
    value: float
    confidence: float
    samples_used: int
    samples_dropped: int


@dataclass(frozen=True)
class PermutationTest:
    """PERM test of H0 "x1 and x2 correlate equally with z": ``difference`` = ``first`` - ``second``
    = r(x1, z) - r(x2, z); ``p_value`` = (count + 1) / (samples_used + 1), where ``count`` is the
    number of permutations with |diff| >= |difference|.
    """

    difference: float
    p_value: float
    count: int
    samples_used: int
    samples_dropped: int
    first: float
    second: float


def _batches(samples: int, cells: int) -> Iterator[slice]:
    step = max(1, BATCH_CELLS // max(cells, 1))
    for start in range(0, samples, step):
        yield slice(start, min(start + step, samples))


def _check_run(samples: int, seed: Seed) -> np.random.Generator:
    integer = isinstance(samples, (int, np.integer)) and not isinstance(samples, bool)
    if not integer or not 0 < samples <= MAX_BOOTSTRAP_SAMPLES:
        allowed = f"integers from 1 to {MAX_BOOTSTRAP_SAMPLES:,}"
        raise ValueError(f"invalid samples={samples!r}: allowed values are {allowed}")
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"invalid seed={seed!r}: allowed values are integers >= 0 or a numpy Generator")
    return np.random.default_rng(seed)


def _draw(rng: np.random.Generator, n: int, drawn: bool) -> npt.NDArray[np.int64]:
    return rng.integers(0, n, size=n) if drawn else np.arange(n)


Draws = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]


def _draw_all(rng: np.random.Generator, shape: tuple[int, int], resample: str, samples: int) -> Draws:
    """Every resample's rows and columns, drawn as one resample after another (rows, then columns)."""
    rows_drawn, cols_drawn = RESAMPLES[resample]
    draws = [(_draw(rng, shape[0], rows_drawn), _draw(rng, shape[1], cols_drawn)) for _ in range(samples)]
    rows, cols = np.stack([r for r, _ in draws]), np.stack([c for _, c in draws])
    rows.flags.writeable = cols.flags.writeable = False
    return rows, cols


@functools.lru_cache(maxsize=16)
def _seeded_draws(shape: tuple[int, int], resample: str, samples: int, seed: int) -> Draws:
    # An integer seed draws the same resamples every time: a table of variants, levels and coefficients
    # on one data shape draws them once (Python-level draws cost more than scoring small matrices).
    return _draw_all(np.random.default_rng(seed), shape, resample, samples)


def _resamples(shape: tuple[int, int], resample: str, samples: int, seed: Seed) -> Draws:
    rng = _check_run(samples, seed)
    if isinstance(seed, (int, np.integer)) and samples * (shape[0] + shape[1]) <= DRAW_CACHE_INDICES:
        return _seeded_draws(shape, resample, samples, int(seed))
    return _draw_all(rng, shape, resample, samples)


def bootstrap_interval(
    x: npt.ArrayLike,
    z: npt.ArrayLike,
    level: Level,
    coefficient: Coefficient,
    resample: Resample = "systems",
    samples: int = 1000,
    confidence: float = 0.95,
    seed: Seed = 0,
) -> BootstrapInterval:
    """Percentile interval of the correlation by BOOT-SYSTEMS, BOOT-INPUTS or BOOT-BOTH (Deutsch et al. 2021).

    Each resample draws systems (rows), inputs (columns) or both with replacement
    and recomputes the correlation; ``low``/``high`` are the central ``confidence``
    percentiles of the defined ones (NaN if none is). ``value`` is the correlation
    of the data as given.

    >>> x = [[1.0, 2.0], [2.0, 3.0], [3.0, 5.0], [4.0, 4.0]]
    >>> b = bootstrap_interval(x, x, "global", "spearman", resample="both", samples=50, seed=1)
    >>> round(b.low, 12), round(b.high, 12), b.samples_used + b.samples_dropped
    (1.0, 1.0, 50)
    """
    xm, zm = validated_matrices({"x": x, "z": z}, level, coefficient, resample)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise ValueError(f"invalid confidence={confidence!r}: allowed values are numbers in (0, 1), e.g. 0.95")
    # Draw every resample first (rows then columns, one resample after another), then score them in stacks.
    rows, cols = _resamples((xm.shape[0], xm.shape[1]), resample, samples, seed)
    xj, zj = joint_cells(xm, zm)
    values = np.empty(samples)
    for part in _batches(samples, xm.size):
        cell = (rows[part, :, None], cols[part, None, :])
        values[part] = LEVELS[level](xj[cell], zj[cell], coefficient)
    estimates = values[~np.isnan(values)]
    low, high = percentile_interval(estimates, 100.0 * confidence) if estimates.size else (math.nan, math.nan)
    point = correlate_matrices(xm, zm, level, coefficient).value
    used = int(estimates.size)
    return BootstrapInterval(low, high, point, confidence, used, samples - used)


def standardize(x: Matrix) -> Matrix:
    """z-scores over all the matrix's cells: (x - mean) / population std, NaN ignored.

    >>> standardize(np.array([[1.0, np.nan], [3.0, 5.0]])).tolist()[0]
    [-1.224744871391589, nan]
    """
    # z-scores are scale invariant: computed in units of the largest score, 1e308-sized ones do not overflow.
    scaled = unit_scaled(x, axis=None)
    scores: Matrix = (scaled - np.nanmean(scaled)) / np.nanstd(scaled)
    return scores


def permutation_test(
    x1: npt.ArrayLike,
    x2: npt.ArrayLike,
    z: npt.ArrayLike,
    level: Level,
    coefficient: Coefficient,
    resample: Resample = "both",
    samples: int = 1000,
    seed: Seed = 0,
) -> PermutationTest:
    """Deutsch et al.'s (2021) PERM-SYSTEMS / PERM-INPUTS / PERM-BOTH test of r(x1, z) = r(x2, z), two-sided.

    As in their code, each metric's matrix is first turned into z-scores over all
    its cells (:func:`standardize`), so that swapped scores are on one scale. A
    global affine map leaves every correlation unchanged, so ``first``, ``second``
    and ``difference`` are those of the raw scores (up to rounding). Each permutation swaps x1's and
    x2's scores, each with probability 1/2, for whole systems (rows), whole inputs
    (columns) or single cells, and recomputes the difference; permutations where
    it is undefined are dropped and counted. p = (c + 1) / (n + 1), so 0 < p <= 1.

    >>> x = [[1.0, 2.0], [2.0, 1.0], [6.0, 3.0]]
    >>> permutation_test(x, x, x, "global", "pearson", samples=20, seed=5).p_value
    1.0
    """
    m1, m2, zm = validated_matrices({"x1": x1, "x2": x2, "z": z}, level, coefficient, resample)
    rng = _check_run(samples, seed)
    for name, m in (("x1", m1), ("x2", m2)):
        if np.count_nonzero(~np.isnan(m)) < 2 or np.nanmax(m) == np.nanmin(m):  # (a std could overflow)
            raise ValueError(f"invalid {name}: it needs at least 2 different scores to be standardized")
    a, b = standardize(m1), standardize(m2)
    first, second = (correlate_matrices(m, zm, level, coefficient).value for m in (a, b))
    for name, value in (("x1", first), ("x2", second)):
        if math.isnan(value):
            raise ValueError(f"invalid {name}: its {level}-level {coefficient} correlation with z is undefined")
    observed = first - second
    rows_drawn, cols_drawn = RESAMPLES[resample]
    shape = (a.shape[0] if rows_drawn else 1, a.shape[1] if cols_drawn else 1)
    tolerance = TIE_TOLERANCE * max(1.0, abs(observed))
    swaps = np.stack([rng.random(shape) < 0.5 for _ in range(samples)])
    diffs = np.empty(samples)
    for part in _batches(samples, 2 * a.size):
        swap = swaps[part]
        zs = np.broadcast_to(zm, (swap.shape[0], *zm.shape))
        pa, pb = np.where(swap, b, a), np.where(swap, a, b)
        diffs[part] = level_values(pa, zs, level, coefficient) - level_values(pb, zs, level, coefficient)
    kept = diffs[~np.isnan(diffs)]
    used = int(kept.size)
    count = int((np.abs(kept) >= abs(observed) - tolerance).sum())
    return PermutationTest(observed, (count + 1) / (used + 1), count, used, samples - used, first, second)
