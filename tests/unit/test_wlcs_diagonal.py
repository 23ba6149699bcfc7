"""The long pair's WLCS sweep as explicit 8-lane vectors (issue 22, target 4): the same numbers and marks.

:func:`rouge_core.kernels.wlcs_diagonal.diagonal` computes an anti-diagonal 8 cells a step, ``f`` looked
up in registers on AVX-512 (runs 0..7) or by selects elsewhere (runs 0..3), a longer run reported and
redone with the table; :func:`rouge_core.kernels.wlcs_wavefront.wlcs_long` runs it on int32 tokens and
runs in aligned rows. tests/unit/test_long_pair_kernels.py sweeps at most 5 rows at a time, so its
anti-diagonals are shorter than one step: here sweeps of 8 rows and more, runs of every length (one
word repeated, "the the the"), identical texts of 5,000 words, token ids above 32 bits, and the
select path a CPU without AVX-512 compiles, each against the row-wise programme bit for bit.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rouge_core import kernels
from rouge_core.kernels import wlcs_diagonal
from rouge_core.kernels.wlcs import scratch, wlcs_fill
from rouge_core.kernels.wlcs_diagonal import diagonal_python, wide_lookup
from rouge_core.kernels.wlcs_wavefront import narrow, wlcs_long
from rouge_core.measures.lcs import weights

compiled = pytest.mark.skipif(kernels.impl() is None, reason="pure-Python backend: nothing is compiled")
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PERMUTE = re.compile(r"\tvperm(?:pd|q)\t%zmm")  # a variable permutation of 8 lanes
ids = st.integers(1, 4).flatmap(lambda v: st.lists(st.integers(0, v - 1), max_size=160))


def _host_avx512() -> bool:
    import llvmlite.binding as llvm

    return wide_lookup(llvm.get_host_cpu_features().flatten())


def row_wise(ref: np.ndarray, cand: np.ndarray, f: np.ndarray) -> tuple[bytes, list[int], list[int]]:
    """wlcs_fill's value (its bits) and marks: the programme the long path must reproduce."""
    ups, c, r = scratch(len(ref), len(cand))
    out_a, out_b = np.empty(len(ref), np.int64), np.empty(len(ref), np.int64)
    value, k = wlcs_fill(ref, cand, f, ups, c, r, out_a, out_b)
    return np.float64(value).tobytes(), out_a[:k].tolist(), out_b[:k].tolist()


def long_path(ref: np.ndarray, cand: np.ndarray, f: np.ndarray, *shape: int) -> tuple[bytes, list[int], list[int]]:
    out_a, out_b = np.empty(len(ref), np.int64), np.empty(len(ref), np.int64)
    value, k = wlcs_long(ref, cand, f, out_a, out_b, *shape)
    return np.float64(value).tobytes(), out_a[:k].tolist(), out_b[:k].tolist()


@SETTINGS
@given(ids, ids, st.sampled_from([1.2, 1.0, 2.0, 0.5]), st.integers(8, 64), st.integers(8, 40))
@example([0] * 150, [0] * 140, 1.2, 64, 16)  # one word repeated: runs up to 140, past every lookup
@example(([5] * 3 + [1, 2]) * 30, ([5] * 3 + [2, 1]) * 30, 1.2, 40, 24)  # "the the the" runs
@example([0, 1] * 60, [1, 0] * 61, 2.0, 33, 9)  # ties on every cell, anti-diagonals of 9 (a step and a cell)
@example(list(range(100)), list(range(100)), 1.2, 64, 8)  # one diagonal run of 100
def test_the_vector_sweep_equals_the_row_wise_programme(ref_ids, cand_ids, w, strip, sweep):
    ref, cand = np.array(ref_ids, np.int64), np.array(cand_ids, np.int64)
    f = np.array(weights(w, min(len(ref), len(cand)) + 1))
    if not len(ref) or not len(cand):
        return
    assert long_path(ref, cand, f, strip, sweep) == row_wise(ref, cand, f)


@compiled
def test_identical_texts_of_5000_words_one_run():
    """Every cell on the main diagonal continues a run (up to 5,000 words): all of them are past the
    registers' lookup and redone with the table, in the real strips and sweeps."""
    ref = np.random.default_rng(7).integers(0, 300, 5000)
    f = np.array(weights(1.2, 5001))
    got = long_path(ref, ref.copy(), f)
    assert got == row_wise(ref, ref, f)
    assert len(got[1]) == 5000 and np.frombuffer(got[0])[0] == pytest.approx(f[5000], rel=1e-12)


@compiled
def test_token_ids_above_32_bits_keep_their_equalities():
    rng = np.random.default_rng(3)
    ref, cand = rng.integers(0, 6, 300) * 2**40 + 11, rng.integers(0, 6, 280) * 2**40 + 11
    f = np.array(weights(1.2, 281))
    assert long_path(ref, cand, f, 64, 16) == row_wise(ref, cand, f)
    narrow_ref, narrow_cand = narrow(ref, cand)
    assert (
        narrow_ref.dtype == np.int32
        and (narrow_ref[:, None] == narrow_cand).tolist() == (ref[:, None] == cand).tolist()
    )


def _anti_diagonal(rng: np.random.Generator, cnt: int, cap: int, dtype: type) -> tuple[np.ndarray, ...]:
    """Inputs of one anti-diagonal: values with ties, tokens matching half the time, runs below ``cap``
    (exact in the registers) but for at most one cell, whose run is ``cap`` or more."""
    up = rng.integers(0, 4, cnt + 1).astype(np.float64)
    diag_c = rng.integers(0, 4, cnt).astype(np.float64)
    diag_r = rng.integers(0, cap, cnt).astype(dtype)
    if rng.random() < 0.7:
        diag_r[rng.integers(0, cnt)] = cap + rng.integers(0, 3)
    rt = rng.integers(0, 2, cnt).astype(dtype)
    ct = rng.integers(0, 2, cnt).astype(dtype)
    return up, diag_c, diag_r, rt, ct


def _check(diag, cap: int, dtype: type) -> None:
    """``diag`` against the Python loop on anti-diagonals of 8 to 40 cells: the same runs, the same
    values except where a match continues a run of ``cap`` or more, and the flag says exactly whether
    there was one."""
    rng = np.random.default_rng(11)
    f = np.array(weights(1.2, 14))
    for cnt in list(range(8, 41)) * 8:
        up, diag_c, diag_r, rt, ct = _anti_diagonal(rng, cnt, cap, dtype)
        want_c, want_r = np.zeros(cnt), np.zeros(cnt, dtype)
        diagonal_python(up, diag_c, diag_r, want_c, want_r, rt, ct, cnt, f)
        got_c, got_r = np.zeros(cnt), np.zeros(cnt, dtype)
        flag = diag(up, diag_c, diag_r, got_c, got_r, rt, ct, cnt, f)
        past = (rt == ct) & (diag_r >= cap)
        assert flag == bool(past.any())
        assert got_r.tolist() == want_r.tolist()
        assert got_c[~past].tobytes() == want_c[~past].tobytes()


@compiled
@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_the_compiled_diagonal_equals_the_python_loop(dtype):
    import numba

    @numba.njit(cache=False)
    def diag(up, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f):
        return wlcs_diagonal.diagonal(up, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f)

    _check(diag, 8 if _host_avx512() else 4, dtype)
    if _host_avx512():
        # f[run] and f[run + 1] from registers (LLVM may pick the integer twin of vpermpd, vpermq)
        assert len(PERMUTE.findall(diag.inspect_asm(diag.signatures[0]))) >= 2


@compiled
def test_a_target_without_avx512_selects_among_five_values(monkeypatch):
    """The code another CPU (or a generic target) gets: no permutation, runs of 4 or more redone."""
    import numba

    monkeypatch.setattr(wlcs_diagonal, "wide_lookup", lambda features: False)

    @numba.njit(cache=False)
    def diag(up, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f):
        return wlcs_diagonal.diagonal(up, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f)

    _check(diag, 4, np.int32)
    assert not PERMUTE.findall(diag.inspect_asm(diag.signatures[0]))


@compiled
def test_a_code_generator_that_hides_its_features_gets_the_portable_loop(monkeypatch, caplog):
    """A numba whose code generator keeps no ``_tm_features``: the select loop, said on the log."""
    import logging

    import numba
    from numba.core.registry import cpu_target

    monkeypatch.delattr(cpu_target.target_context.codegen(), "_tm_features")

    @numba.njit(cache=False)
    def diag(up, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f):
        return wlcs_diagonal.diagonal(up, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f)

    with caplog.at_level(logging.INFO, logger="rouge_core.kernels.wlcs_diagonal"):
        _check(diag, 4, np.int64)
    assert "does not say its target's features" in caplog.text
