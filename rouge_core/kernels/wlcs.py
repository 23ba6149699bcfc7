"""The weighted LCS programme of :func:`rouge_core.measures.lcs.lcs` (f(k) = k^w), compiled by numba.

Cell for cell the same arithmetic as the pure-Python rows: a diagonal cell is
``(c[a-1][b-1] + f[k+1]) - f[k]`` in that order of operations, any other cell goes up when
``c[a-1][b] >= c[a][b-1]``. The up/left choices are kept one bit a cell for the traceback.
Long pairs go to :mod:`rouge_core.kernels.wlcs_wavefront` (the same cells in another order, no
table of bits).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._jit import jit
from .bitlcs import LONG_CELLS
from .lazy import long_pair

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]

ONE = np.uint64(1)
ZERO = np.uint64(0)


@jit
def scratch(m: int, n: int) -> tuple[U64, F64, I64]:
    """Work arrays for pairs of up to ``m`` x ``n`` tokens: up bits, two value rows, two run rows."""
    return (
        np.empty((m + 1, (n + 64) >> 6), dtype=np.uint64),
        np.empty((2, n + 1), dtype=np.float64),
        np.empty((2, n + 1), dtype=np.int64),
    )


@jit
def wlcs_fill(ref: I64, cand: I64, f: F64, ups: U64, c: F64, r: I64, out_a: I64, out_b: I64) -> tuple[float, int]:
    """:func:`wlcs_pair` in the work arrays of :func:`scratch` (large enough for the pair)."""
    m, n = ref.shape[0], cand.shape[0]
    if m == 0 or n == 0:
        return 0.0, 0
    words = (n + 64) >> 6
    c[0, : n + 1] = 0.0
    r[0, : n + 1] = 0
    c[1, 0] = 0.0
    r[1, 0] = 0
    prev = 0
    for a in range(1, m + 1):
        cur = 1 - prev
        t = ref[a - 1]
        ups[a, :words] = ZERO
        left = 0.0
        for b in range(1, n + 1):
            if cand[b - 1] == t:
                run = r[prev, b - 1]
                left = c[prev, b - 1] + f[run + 1] - f[run]
                r[cur, b] = run + 1
            else:
                r[cur, b] = 0
                above = c[prev, b]
                if above >= left:
                    left = above
                    ups[a, b >> 6] |= ONE << np.uint64(b & 63)
            c[cur, b] = left
        prev = cur
    a, b, k = m, n, 0
    while a > 0 and b > 0:
        if ref[a - 1] == cand[b - 1]:
            out_a[k] = a - 1
            out_b[k] = b - 1
            k += 1
            a -= 1
            b -= 1
        elif (ups[a, b >> 6] >> np.uint64(b & 63)) & ONE:
            a -= 1
        else:
            b -= 1
    return float(c[prev, n]), k


@jit
def wlcs_pair(ref: I64, cand: I64, f: F64, out_a: I64, out_b: I64) -> tuple[float, int]:
    """(value of the last cell, number of marks); the marks go last first into ``out_a``/``out_b``.
    A pair of more than :data:`~.bitlcs.LONG_CELLS` cells runs :func:`~.wlcs_wavefront.wlcs_long`
    (through :func:`~.lazy.long_pair`)."""
    if ref.shape[0] * cand.shape[0] > LONG_CELLS:
        # wlcs_long, compiled at the first long pair (rouge_core.kernels.lazy); a plain bool, not a
        # literal True: one compilation of long_pair for every caller
        return long_pair(ref, cand, f, bool(np.bool_(True)), 0, out_a, out_b)
    ups, c, r = scratch(ref.shape[0], cand.shape[0])
    return wlcs_fill(ref, cand, f, ups, c, r, out_a, out_b)
