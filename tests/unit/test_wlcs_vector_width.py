"""ROUGE-W's long-pair sweep (:func:`rouge_core.kernels.wlcs_wavefront._block`) is compiled with 512-bit
vectors on a CPU with AVX-512 (issue 22, target 4), through :mod:`rouge_core.kernels.vector_width`.

LLVM's x86 tuning otherwise picks 256-bit vectors there; 8 lanes a vector made the 50,000-word pair's
sweep about 10 % faster. The numbers do not change (each lane's arithmetic is the same): the property
tests of tests/unit/test_long_pair_kernels.py compare the kernel with the row-wise programme bit for bit.
"""

from __future__ import annotations

import logging

import numpy as np
import pytest

from rouge_core import kernels
from rouge_core.measures.lcs import _rows_python, weights

compiled = pytest.mark.skipif(kernels.impl() is None, reason="pure-Python backend: nothing is compiled")


def _avx512() -> bool:
    import llvmlite.binding as llvm

    return "+avx512f" in llvm.get_host_cpu_features().flatten().split(",")


@compiled
def test_the_sweep_uses_512_bit_vectors_on_avx512():
    if not _avx512():
        pytest.skip("this CPU has no AVX-512: LLVM has no 512-bit vectors to choose")
    import numba

    from rouge_core.kernels import wlcs_wavefront

    # A fresh compilation of the kernel's code (the dispatcher may have loaded it from numba's cache,
    # which keeps no assembly to look at).
    block = numba.njit(cache=False)(wlcs_wavefront._block.py_func)
    # int32 tokens, as wlcs_long passes them (its narrow())
    ref, cand = np.array([0, 1, 0, 1, 2], dtype=np.int32), np.array([1, 0, 2, 0], dtype=np.int32)
    h, w = len(ref), len(cand)
    f = np.array(weights(1.2, 6))
    z = np.int64(0)
    bot_c, bot_r = np.zeros(w + 1), np.zeros(w + 1, dtype=np.int64)
    block(
        ref, cand[::-1].copy(), f, z, np.int64(h), z, np.int64(w), np.zeros(w + 1), np.zeros(w + 1, dtype=np.int64),
        np.zeros(h + 1), np.zeros(h + 1, dtype=np.int64), bot_c, bot_r, z, np.zeros((1, h + 1)),
        np.zeros((1, h + 1), dtype=np.int64), np.empty(0, dtype=np.uint8), np.empty(0, dtype=np.int64),
    )  # fmt: skip
    # the row-wise programme's last row: "1 0" (a run of 2) and "2", f(2) + f(1)
    table = _rows_python([str(t) for t in ref], [str(t) for t in cand], list(f), True)[2]
    assert table is not None and bot_c[1:].tolist() == table[-1][1:] and bot_c[w] == 2.0**1.2 + 1.0
    (asm,) = block.inspect_asm().values()
    assert "%zmm" in asm


def test_an_attribute_set_that_refuses_it_keeps_the_default_width(caplog):
    from rouge_core.kernels.vector_width import ATTRIBUTE, add_attribute

    attributes: set[str] = set()
    assert add_attribute(attributes) and attributes == {ATTRIBUTE}
    with caplog.at_level(logging.INFO, logger="rouge_core.kernels.vector_width"):
        assert add_attribute(frozenset()) is False  # set.add refuses a frozenset: TypeError
    assert "keeps LLVM's default vector width" in caplog.text
