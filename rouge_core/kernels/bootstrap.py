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
def add_in_order(columns: F64, indices: I64, out: F64) -> None:
    """``out[s, c]`` += ``columns[c, indices[s, 0]] + columns[c, indices[s, 1]] + ...``, left to right."""
    for s in range(indices.shape[0]):
        for c in range(columns.shape[0]):
            acc = out[s, c]
            for j in range(indices.shape[1]):
                acc += columns[c, indices[s, j]]
            out[s, c] = acc


def self_check() -> bool:
    """Compile (or load from the cache) both kernels, with the argument types of
    :func:`rouge_core.stats.bootstrap.bootstrap_sums`' calls, on a case with known sums."""
    values = np.array([[1.0, 2.0], [10.0, 20.0], [100.0, 200.0]])
    out = np.zeros((3, 2))
    perl_sums(values, 0, out)  # srand(0), srand(1), srand(2) draw rows 0 2 0, 0 1 2 and 2 0 1
    carry = np.full((3, 2), 0.5)
    add_in_order(np.ascontiguousarray(values.T), np.array([[0, 2, 2], [1, 1, 0]], dtype=np.int64), carry[0:2])
    return bool(
        out.tolist() == [[102.0, 204.0], [111.0, 222.0], [111.0, 222.0]]
        and carry.tolist() == [[201.5, 402.5], [21.5, 42.5], [0.5, 0.5]]
    )
