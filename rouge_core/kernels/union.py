"""Summary-level union LCS (Lin 2004, eq. 5) and the credit of its marks, compiled by numba.

The same steps as :mod:`rouge_core.measures.summary_lcs` in pure Python: each reference sentence's LCS (or
WLCS) with every candidate sentence sharing a token with it, in candidate order, the first to mark
a reference position naming it; then, position by position, a mark is credited while both sides'
hit budgets last, and ROUGE-1.5.5's ROUGE-W adds f(run) for each run of consecutive credited marks.
A sentence pair of more than ``LONG_CELLS`` cells is traced back in linear memory
(:func:`.bitlcs.trace_long`, :func:`.wlcs_wavefront.wlcs_long`): the same marks, no m x n bits.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._jit import jit
from .bitlcs import LONG_CELLS, columns, masks, trace
from .lazy import long_pair
from .wlcs import scratch, wlcs_fill

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


@jit
def union_marks(
    ref: I64, ref_off: I64, cand: I64, cand_off: I64, vocab: int, f: F64, weighted: bool, mark_j: I64, mark_b: I64
) -> None:
    """``mark_j[p]``/``mark_b[p]``: the first candidate sentence whose LCS (WLCS with ``f`` when
    ``weighted``) with reference position ``p``'s sentence marks ``p``, and the candidate position
    there; untouched (-1) when none does. ``*_off``: sentence starts and the end."""
    longest, shortest = 0, cand.shape[0]  # of the non-empty candidate sentences
    for j in range(cand_off.shape[0] - 1):
        if cand_off[j + 1] > cand_off[j]:
            longest = max(longest, cand_off[j + 1] - cand_off[j])
            shortest = min(shortest, cand_off[j + 1] - cand_off[j])
    present = np.zeros(vocab, dtype=np.bool_)
    for i in range(ref_off.shape[0] - 1):
        r0, r1 = ref_off[i], ref_off[i + 1]
        if r1 == r0:
            continue
        rs = ref[r0:r1]
        for a in range(rs.shape[0]):
            present[rs[a]] = True
        # A pair of more cells than LONG_CELLS (a long reference sentence with a long candidate
        # one) takes the linear-memory path; the work arrays are sized for the others.
        width = min(longest, max(1, LONG_CELLS // rs.shape[0]))
        if weighted:
            ups, c, r = scratch(rs.shape[0], width)
        elif longest > width and shortest > width:  # long pairs only: trace_long keeps its own masks
            match = np.empty((0, 0), dtype=np.uint64)
            cols = np.empty((0, 0), dtype=np.uint64)
        else:
            match = masks(rs, vocab)
            cols = np.empty((width, match.shape[1]), dtype=np.uint64)
        out_a = np.empty(rs.shape[0], dtype=np.int64)
        out_b = np.empty(rs.shape[0], dtype=np.int64)
        for j in range(cand_off.shape[0] - 1):
            cs = cand[cand_off[j] : cand_off[j + 1]]
            shared = False
            for b in range(cs.shape[0]):
                if present[cs[b]]:
                    shared = True
                    break
            if not shared:  # no mark (the pure path skips such pairs too)
                continue
            if weighted:
                # compiled at the first long pair (rouge_core.kernels.lazy); ``weighted``, not a literal
                # True, so that every caller shares long_pair's one compilation
                if cs.shape[0] > width:
                    k = long_pair(rs, cs, f, weighted, vocab, out_a, out_b)[1]
                else:
                    k = wlcs_fill(rs, cs, f, ups, c, r, out_a, out_b)[1]
            elif cs.shape[0] > width:
                k = long_pair(rs, cs, f, weighted, vocab, out_a, out_b)[1]
            else:
                columns(match, cs, cols)
                k = trace(rs, cs, cols, out_a, out_b)
            for t in range(k):
                p = r0 + out_a[t]
                if mark_j[p] < 0:
                    mark_j[p] = j
                    mark_b[p] = out_b[t]
        for a in range(rs.shape[0]):
            present[rs[a]] = False


@jit
def union_hit(
    ref: I64,
    ref_off: I64,
    cand: I64,
    cand_off: I64,
    vocab: int,
    f_lcs: F64,
    weighted_lcs: bool,
    f_runs: F64,
    weighted_runs: bool,
    budget_ref: I64,
    budget_cand: I64,
    budget: bool,
) -> float:
    """The hit of the union marks (``budget_*``: ids of the joined texts, -1 outside ``vocab``):
    :func:`union_credit`'s, without keeping what it is made of."""
    n = ref.shape[0]
    return union_credit(
        ref,
        ref_off,
        cand,
        cand_off,
        vocab,
        f_lcs,
        weighted_lcs,
        f_runs,
        weighted_runs,
        budget_ref,
        budget_cand,
        budget,
        np.full(n, -1, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.int64),
        np.empty(n, dtype=np.int64),
    )


@jit
def union_credit(
    ref: I64,
    ref_off: I64,
    cand: I64,
    cand_off: I64,
    vocab: int,
    f_lcs: F64,
    weighted_lcs: bool,
    f_runs: F64,
    weighted_runs: bool,
    budget_ref: I64,
    budget_cand: I64,
    budget: bool,
    mark_j: I64,
    mark_b: I64,
    credited: npt.NDArray[np.bool_],
    run_len: I64,
    run_from: I64,
) -> float:
    """:func:`union_hit`'s hit, with what it is made of: ``mark_j``/``mark_b`` (given as -1 / any) as
    :func:`union_marks` leaves them, ``credited[p]`` for a mark credited within the hit budget, and
    for a run of credited marks (``weighted_runs``) closed at ``p``: ``run_len[p]`` and its first
    position ``run_from[p]`` (``run_len`` given as 0)."""
    union_marks(ref, ref_off, cand, cand_off, vocab, f_lcs, weighted_lcs, mark_j, mark_b)
    mu = np.zeros(vocab, dtype=np.int64)
    pu = np.zeros(vocab, dtype=np.int64)
    for t in budget_ref:
        if t >= 0:
            mu[t] += 1
    for t in budget_cand:
        if t >= 0:
            pu[t] += 1
    hit = 0.0
    for i in range(ref_off.shape[0] - 1):
        r0, r1 = ref_off[i], ref_off[i + 1]
        run, start = 0, r0
        for p in range(r0, r1):
            if mark_j[p] < 0:
                continue
            key = ref[p]
            if budget:
                if pu[key] > 0 and mu[key] > 0:
                    pu[key] -= 1
                    mu[key] -= 1
                else:
                    continue  # ROUGE-1.5.5: a spent token neither ends nor breaks a run
            credited[p] = True
            if not weighted_runs:
                hit += 1.0
                continue
            if run == 0:
                start = p
            run += 1
            if p + 1 == r1 or mark_j[p + 1] < 0:
                hit += f_runs[run]
                run_len[p] = run
                run_from[p] = start
                run = 0
    return hit


@jit
def _grow(x: I64, need: int) -> I64:
    """``x``, or a copy at least twice as long when ``need`` elements do not fit."""
    if need <= x.shape[0]:
        return x
    y = np.empty(max(need, 2 * x.shape[0]), dtype=x.dtype)
    y[: x.shape[0]] = x
    return y


@jit
def sentence_pairs(
    ref: I64, ref_off: I64, cand: I64, cand_off: I64, vocab: int, f: F64, weighted: bool
) -> tuple[I64, I64, F64, I64, I64, I64]:
    """Every (reference sentence, candidate sentence) pair sharing a token, in that order, with its
    LCS (WLCS with ``f`` when ``weighted``): the pairs' sentences ``(pair_i, pair_j)``, the value of
    the table's last cell, and the marks ``(mark_a[s:e], mark_b[s:e])`` in order, ``s, e = start[k],
    start[k + 1]`` (positions within the sentences)."""
    n_ref, n_cand = ref_off.shape[0] - 1, cand_off.shape[0] - 1
    longest, shortest = 0, cand.shape[0]  # of the non-empty candidate sentences
    for j in range(n_cand):
        if cand_off[j + 1] > cand_off[j]:
            longest = max(longest, cand_off[j + 1] - cand_off[j])
            shortest = min(shortest, cand_off[j + 1] - cand_off[j])
    present = np.zeros(vocab, dtype=np.bool_)
    shares = np.zeros(n_cand, dtype=np.bool_)
    count = 0
    for i in range(n_ref):
        for a in range(ref_off[i], ref_off[i + 1]):
            present[ref[a]] = True
        for j in range(n_cand):
            for b in range(cand_off[j], cand_off[j + 1]):
                if present[cand[b]]:
                    count += 1
                    break
        for a in range(ref_off[i], ref_off[i + 1]):
            present[ref[a]] = False
    pair_i = np.empty(count, dtype=np.int64)
    pair_j = np.empty(count, dtype=np.int64)
    value = np.empty(count, dtype=np.float64)
    start = np.zeros(count + 1, dtype=np.int64)
    mark_a = np.empty(max(16, 4 * count), dtype=np.int64)
    mark_b = np.empty(max(16, 4 * count), dtype=np.int64)
    k = total = 0
    for i in range(n_ref):
        r0, r1 = ref_off[i], ref_off[i + 1]
        if r1 == r0:
            continue
        rs = ref[r0:r1]
        for a in range(rs.shape[0]):
            present[rs[a]] = True
        for j in range(n_cand):
            shares[j] = False
            for b in range(cand_off[j], cand_off[j + 1]):
                if present[cand[b]]:
                    shares[j] = True
                    break
        # A pair of more cells than LONG_CELLS (a long reference sentence with a long candidate
        # one) takes the linear-memory path; the work arrays are sized for the others.
        width = min(longest, max(1, LONG_CELLS // rs.shape[0]))
        if weighted:
            ups, c, r = scratch(rs.shape[0], width)
        elif longest > width and shortest > width:  # long pairs only: trace_long keeps its own masks
            match = np.empty((0, 0), dtype=np.uint64)
            cols = np.empty((0, 0), dtype=np.uint64)
        else:
            match = masks(rs, vocab)
            cols = np.empty((width, match.shape[1]), dtype=np.uint64)
        out_a = np.empty(rs.shape[0], dtype=np.int64)
        out_b = np.empty(rs.shape[0], dtype=np.int64)
        for j in range(n_cand):
            if not shares[j]:
                continue
            cs = cand[cand_off[j] : cand_off[j + 1]]
            if weighted:
                if cs.shape[0] > width:  # compiled at the first long pair (rouge_core.kernels.lazy)
                    v, m = long_pair(rs, cs, f, weighted, vocab, out_a, out_b)
                else:
                    v, m = wlcs_fill(rs, cs, f, ups, c, r, out_a, out_b)
            else:
                if cs.shape[0] > width:
                    m = long_pair(rs, cs, f, weighted, vocab, out_a, out_b)[1]
                else:
                    columns(match, cs, cols)
                    m = trace(rs, cs, cols, out_a, out_b)
                v = float(m)
            mark_a = _grow(mark_a, total + m)
            mark_b = _grow(mark_b, total + m)
            for t in range(m):  # the traceback stores them last first
                mark_a[total + t] = out_a[m - 1 - t]
                mark_b[total + t] = out_b[m - 1 - t]
            total += m
            pair_i[k], pair_j[k], value[k] = i, j, v
            k += 1
            start[k] = total
        for a in range(rs.shape[0]):
            present[rs[a]] = False
    return pair_i, pair_j, value, start, mark_a[:total], mark_b[:total]
