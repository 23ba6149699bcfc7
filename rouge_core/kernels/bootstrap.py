"""Bootstrap sums, compiled by numba: the same additions in the same order as
:func:`rouge_core.stats.bootstrap.bootstrap_sums`, without holding the drawn indices.

Every resample's sum is ``v[i_0] + v[i_1] + ...`` added left to right (the last bit of a float sum
depends on the order, and a 5-decimal rounding can see it). ROUGE-1.5.5's draws are computed as
they are used: ``srand(seed)`` then ``int(rand(n))``, drand48 step by step.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._jit import jit

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

DRAND48_A = np.uint64(0x5DEECE66D)
DRAND48_C = np.uint64(0xB)
DRAND48_LOW = np.uint64(0x330E)
MASK48 = np.uint64((1 << 48) - 1)
TWO48 = float(1 << 48)


@jit
def perl_sums(values: F64, first_seed: int, out: F64) -> None:
    """``out[s, c]`` += the sum of column ``c`` of ``values`` (one row per instance, so a draw reads
    one row) over the ``n`` instances drawn after ``srand(first_seed + s)``, in draw order."""
    n, cols = values.shape
    acc = np.empty(cols, dtype=np.float64)
    for s in range(out.shape[0]):
        x = (np.uint64(first_seed + s) * np.uint64(65536) + DRAND48_LOW) & MASK48
        for c in range(cols):
            acc[c] = out[s, c]
        for _ in range(n):
            x = (DRAND48_A * x + DRAND48_C) & MASK48
            # Perl's int(rand(n)), in [0, n): unsigned, so indexing skips numba's negative-index fix-up
            # (the same row; about 3 % of the kernel's time)
            i = np.uint64(float(n) * (float(x) / TWO48))
            for c in range(cols):
                acc[c] += values[i, c]
        for c in range(cols):
            out[s, c] = acc[c]


@jit
def perl_counts(n: int, first_seed: int, counts: F64) -> None:
    """``counts[s, i]`` += how often instance ``i`` is among the ``n`` drawn after ``srand(first_seed + s)``
    (the draws of :func:`perl_sums`, counted rather than added: a resample's sum is then ``counts @ values``).

    Two resamples at a time: each draw waits for the one before it (drand48's multiply), so two
    independent sequences side by side take about two thirds of the time of one after the other."""
    total = counts.shape[0]
    for s in range(0, total - 1, 2):
        x = (np.uint64(first_seed + s) * np.uint64(65536) + DRAND48_LOW) & MASK48
        y = (np.uint64(first_seed + s + 1) * np.uint64(65536) + DRAND48_LOW) & MASK48
        a, b = counts[s], counts[s + 1]
        for _ in range(n):
            x = (DRAND48_A * x + DRAND48_C) & MASK48
            y = (DRAND48_A * y + DRAND48_C) & MASK48
            a[np.uint64(float(n) * (float(x) / TWO48))] += 1.0
            b[np.uint64(float(n) * (float(y) / TWO48))] += 1.0
    if total % 2:
        x = (np.uint64(first_seed + total - 1) * np.uint64(65536) + DRAND48_LOW) & MASK48
        a = counts[total - 1]
        for _ in range(n):
            x = (DRAND48_A * x + DRAND48_C) & MASK48
            a[np.uint64(float(n) * (float(x) / TWO48))] += 1.0


@jit
def add_in_order(columns: F64, indices: I64, out: F64) -> None:
    """``out[s, c]`` += ``columns[c, indices[s, 0]] + columns[c, indices[s, 1]] + ...``, left to right."""
    for s in range(indices.shape[0]):
        for c in range(columns.shape[0]):
            acc = out[s, c]
            for j in range(indices.shape[1]):
                acc += columns[c, indices[s, j]]
            out[s, c] = acc
