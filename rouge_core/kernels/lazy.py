"""The long pairs' paths, reached from the row-wise kernels through numba's object mode.

A compiled function compiles every compiled function it calls, at its own first use: the long
pairs' paths (:func:`rouge_core.kernels.wlcs_wavefront.wlcs_long`,
:func:`rouge_core.kernels.bitlcs.trace_long`) would add about 3.4 s of CPU to the per-pair kernels'
first compilation, for pairs most users never score. :func:`long_pair` reaches them from an
object-mode block instead, so they are compiled (and cached) at the first pair of more than
``LONG_CELLS`` cells; the block costs microseconds, once a long pair. One block in one small
function: several in one kernel made numba 0.68 emit invalid code. Under pure Python the block does
nothing and the same functions run.
"""

from __future__ import annotations

import contextlib
import warnings
from typing import Any

import numpy as np
import numpy.typing as npt

from ._jit import jit, numba

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


def _no_objmode(**_types: str) -> contextlib.nullcontext[None]:
    """Pure Python: the block's body runs as it is."""
    return contextlib.nullcontext()


objmode: Any = numba.objmode if numba is not None else _no_objmode

if numba is not None:
    # numba says this once per compiled caller; the long paths release the GIL themselves.
    warnings.filterwarnings(
        "ignore", message=".*Code running in object mode won't allow parallel execution", category=numba.NumbaWarning
    )


def long_pair_python(
    ref: I64, cand: I64, f: F64, weighted: bool, vocab: int, out_a: I64, out_b: I64
) -> tuple[float, int]:
    """WLCS (``weighted``, with ``f``) or LCS (token ids below ``vocab``) of a long pair: (value of
    the last cell, marks last first in ``out_a``/``out_b``)."""
    if weighted:
        from .wlcs_wavefront import wlcs_long  # imported here: wlcs_wavefront imports bitlcs, which imports this

        value, k = wlcs_long(ref, cand, f, out_a, out_b)
        return float(value), int(k)
    from .bitlcs import trace_long

    k = trace_long(ref, cand, vocab, out_a, out_b)
    return float(k), int(k)


@jit
def long_pair(ref: I64, cand: I64, f: F64, weighted: bool, vocab: int, out_a: I64, out_b: I64) -> tuple[float, int]:
    """:func:`long_pair_python` from compiled code (compiling the long paths only when first called).

    >>> ref, cand = np.array([0, 1, 2, 1, 3, 0, 1]), np.array([1, 3, 2, 0, 1, 0])  # abcbdab, bdcaba
    >>> out_a, out_b = np.empty(7, dtype=np.int64), np.empty(7, dtype=np.int64)
    >>> f = np.array([0.0, 1.0, 4.0, 9.0, 16.0])
    >>> long_pair(ref, cand, f, True, 4, out_a, out_b)
    (8.0, 4)
    """
    with objmode(v="float64", k="int64"):
        v, k = long_pair_python(ref, cand, f, weighted, vocab, out_a, out_b)
    return v, k
