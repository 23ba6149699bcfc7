"""A long pair's linear-memory paths (issue 22, target 4) give the row-wise programmes' numbers and marks.

:func:`rouge_core.kernels.wlcs_wavefront.wlcs_long` (ROUGE-W's programme by anti-diagonals, the
traceback rebuilt block by block) and :func:`rouge_core.kernels.bitlcs.trace_long` (the LCS
traceback from column vectors kept every few positions) are compared, bit for bit, with
:func:`rouge_core.kernels.wlcs.wlcs_fill` and :func:`~rouge_core.kernels.bitlcs.columns` +
:func:`~rouge_core.kernels.bitlcs.trace` on pairs over one to four letters (runs of every length
and ties everywhere), with strips and stretches of a few cells so that every block edge, kept
column, sweep and recomputation is crossed. Then a pair above ``LONG_CELLS`` through the public paths,
and the memory an explained long pair takes.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rouge_core import kernels
from rouge_core.kernels.bitlcs import LONG_CELLS, columns, masks, trace, trace_long
from rouge_core.kernels.wlcs import scratch, wlcs_fill, wlcs_pair
from rouge_core.kernels.wlcs_wavefront import wlcs_long
from rouge_core.measures.lcs import Layout, weights
from rouge_core.measures.summary_lcs import lcs_measure, sentence_pairs

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WEIGHTS = [1.2, 1.0, 2.0, 0.5]
ids = st.integers(1, 4).flatmap(lambda v: st.lists(st.integers(0, v - 1), max_size=70))
compiled = pytest.mark.skipif(kernels.impl() is None, reason="pure-Python backend: the long paths are numba's")


def arr(xs: list[int]) -> np.ndarray:
    return np.array(xs, dtype=np.int64)


def row_wise(ref: np.ndarray, cand: np.ndarray, f: np.ndarray) -> tuple[bytes, list[int], list[int]]:
    """wlcs_fill's value (its bits) and marks, in the table of bits it keeps."""
    ups, c, r = scratch(len(ref), len(cand))
    out_a, out_b = np.empty(len(ref), np.int64), np.empty(len(ref), np.int64)
    value, k = wlcs_fill(ref, cand, f, ups, c, r, out_a, out_b)
    return np.float64(value).tobytes(), out_a[:k].tolist(), out_b[:k].tolist()


@SETTINGS
@given(ids, ids, st.sampled_from(WEIGHTS), st.integers(1, 9), st.integers(1, 9))
@example([0] * 40, [0] * 37, 1.2, 3, 2)  # one run of 37: every f lookup past the vector loop's four
@example(([0] * 4 + [1] + [0] * 5 + [2]) * 3, ([0] * 5 + [2] + [0] * 4 + [1]) * 3, 1.2, 5, 4)  # runs of 4 and 5
@example([0, 1] * 20, [1, 0] * 21, 2.0, 4, 4)  # ties on every cell
@example([0, 1, 2] * 9, [2, 1, 0] * 10, 1.2, 7, 3)  # sweeps of 3 rows not dividing blocks of 7
def test_wlcs_long_equals_the_row_wise_programme(ref_ids, cand_ids, w, strip, sweep):
    ref, cand = arr(ref_ids), arr(cand_ids)
    f = np.array(weights(w, min(len(ref), len(cand)) + 1))
    out_a, out_b = np.empty(len(ref), np.int64), np.empty(len(ref), np.int64)
    value, k = wlcs_long(ref, cand, f, out_a, out_b, strip, sweep)
    if not len(ref) or not len(cand):
        assert (value, k) == (0.0, 0)
        return
    assert (np.float64(value).tobytes(), out_a[:k].tolist(), out_b[:k].tolist()) == row_wise(ref, cand, f)


@SETTINGS
@given(ids, ids, st.integers(1, 9), st.integers(1, 5))
@example([0, 1] * 70, [1, 0] * 66, 5, 64)  # 140 rows: three words, a recomputation in each
@example([0, 1, 2, 3] * 40, [3, 2, 1, 0] * 41, 7, 40)  # tokens 0-3 kept as masks, the rest from positions
def test_trace_long_equals_the_kept_columns(ref_ids, cand_ids, every, dense):
    ref, cand = arr(ref_ids), arr(cand_ids)
    out_a, out_b = np.empty(len(ref), np.int64), np.empty(len(ref), np.int64)
    if not len(ref) or not len(cand):
        assert trace_long(ref, cand, 4, out_a, out_b, every, dense) == 0
        return
    match = masks(ref, 4)
    cols = np.empty((len(cand), match.shape[1]), np.uint64)
    columns(match, cand, cols)
    k = trace(ref, cand, cols, out_a, out_b)
    want = (out_a[:k].tolist(), out_b[:k].tolist())
    k = trace_long(ref, cand, 4, out_a, out_b, every, dense)  # masks for tokens with >= dense copies
    assert (out_a[:k].tolist(), out_b[:k].tolist()) == want


@compiled
def test_a_pair_over_long_cells_takes_the_long_path_with_the_same_marks():
    """2,100 x 2,100 tokens over five words (above LONG_CELLS): the public kernels, whose long path
    this is, against the row-wise WLCS and the numpy row-wise programme (the pure-Python path)."""
    rng = np.random.default_rng(22)
    ref, cand = rng.integers(0, 5, 2100), rng.integers(0, 5, 2100)
    assert len(ref) * len(cand) > LONG_CELLS
    words = [str(t) for t in ref], [str(t) for t in cand]
    f = weights(1.2, 2101)
    calls = kernels.impl()
    value, marks = calls.lcs(words[0], words[1], f)
    want_bits, want_a, want_b = row_wise(ref, cand, np.array(f))
    assert np.float64(value).tobytes() == want_bits
    assert marks == list(zip(reversed(want_a), reversed(want_b)))
    out_a, out_b = np.empty(2100, np.int64), np.empty(2100, np.int64)
    assert wlcs_pair(ref, cand, np.array(f), out_a, out_b)[0] == value
    (pair,) = sentence_pairs([words[0]], [words[1]], 1.2)  # what an explanation lists
    assert (pair.marks, pair.value) == (tuple(marks), value)
    numpy_rows = Layout([words[1]]).run(words[0], [float(k) for k in range(2102)], True)[0]
    length, plain = calls.lcs(words[0], words[1], None)
    assert (length, plain) == (numpy_rows.value, numpy_rows.marks)
    assert sentence_pairs([words[0]], [words[1]])[0].marks == tuple(plain)


@compiled
@pytest.mark.parametrize("mode", ["wlcs-union", "union"])
def test_an_explained_long_sentence_pair_keeps_no_table_of_bits(mode):
    """16,000 tokens a side, one sentence: the row-wise tables of bits alone were 31 MiB (16,000^2
    bits, ROUGE-W's up/left bits or ROUGE-L's column vectors: 32-33 MiB in all); kept edges,
    columns and one block of bits now stay under 20 MiB (15 and 3 MiB), all the kernels allocate and
    the explanation included (tracemalloc sees numba's arrays)."""
    rng = np.random.default_rng(4)
    vocab = [f"w{i}" for i in range(40)]
    ref = [vocab[i] for i in rng.integers(0, 40, 16_000)]
    cand = [vocab[i] for i in rng.integers(0, 40, 16_000)]
    lcs_measure([ref[:300]], [cand[:300]], mode, 1.2, explain=True)  # compiled before measuring
    tracemalloc.start()
    try:
        counts, _, e = lcs_measure([ref], [cand], mode, 1.2, explain=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert e is not None and counts.hit > 0 and len(e.marks) > 4000
    assert peak < 20 * 2**20, f"{peak / 2**20:.1f} MiB"
