"""Bit-parallel LCS (Allison & Dix 1986, Hyyrö 2004) with ROUGE's traceback, compiled by numba.

Reference positions are bits, 64 to a machine word; each candidate token updates the column
vector ``V`` with ``V' = (V + U) | (V - U)``, ``U = V & match(token)``. A clear bit ``a`` of the
column after candidate position ``b`` says the LCS table rises there: ``c[a+1][b+1] = c[a][b+1] + 1``.

The tie rule of :func:`rouge_core.measures.lcs.lcs` (up when ``c[a-1][b] >= c[a][b-1]``, at cells whose
tokens differ) is read straight off those bits: at such a cell ``c[a][b]`` is the larger of its two
neighbours, so "up" holds exactly when the column does not rise at ``a`` (bit set), and "left"
exactly when it does. The traceback thus walks the same cells as the table's and marks the same
positions, with one bit lookup a step.

A long pair keeps one column vector every :data:`EVERY` candidate positions instead of all of them
(:func:`trace_long`: 298 MiB of columns at 50,000 words a side become about 3 MiB); the traceback
recomputes the columns of the stretch it walks through, from the kept one before it, and only the
words at or below its current row (a column's lower bits never depend on the higher ones). It keeps
masks for frequent tokens only, so a large vocabulary costs no ``vocab x m / 64`` words of masks.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._jit import jit
from .lazy import long_pair

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

ONE = np.uint64(1)
ZERO = np.uint64(0)
FULL = np.uint64(0xFFFFFFFFFFFFFFFF)

#: Candidate positions between the column vectors :func:`trace_long` keeps.
EVERY = 256
#: Reference copies from which a token's mask is kept by :func:`trace_long` (rarer ones: positions).
DENSE = 64
#: Pairs above this many cells keep columns every :data:`EVERY` positions (:func:`trace_long`).
LONG_CELLS = 1 << 22


@jit
def masks(ref: I64, vocab: int) -> U64:
    """``masks[t]``: the bits of the reference positions holding token ``t``."""
    words = (ref.shape[0] + 63) >> 6
    out = np.zeros((vocab, words), dtype=np.uint64)
    for a in range(ref.shape[0]):
        out[ref[a], a >> 6] |= ONE << np.uint64(a & 63)
    return out


@jit
def advance(v: U64, row: U64) -> None:
    """One candidate token: ``V' = (V + U) | (V & ~U)``, ``U = V & row``, with the carry between words."""
    carry = ZERO
    for w in range(v.shape[0]):
        x = v[w]
        u = x & row[w]
        s = x + u
        out = ONE if s < x else ZERO
        s2 = s + carry
        if s2 < s:
            out = ONE
        v[w] = s2 | (x & ~u)
        carry = out


@jit
def columns(match: U64, cand: I64, cols: U64) -> None:
    """``cols[b]``: the column vector after candidate position ``b`` (rows ``b >= len(cand)`` untouched)."""
    v = np.full(match.shape[1], FULL, dtype=np.uint64)
    for b in range(cand.shape[0]):
        advance(v, match[cand[b]])
        cols[b, :] = v


@jit
def trace(ref: I64, cand: I64, cols: U64, out_a: I64, out_b: I64) -> int:
    """Marks from the last cell, last first, into ``out_a``/``out_b``; returns how many."""
    a, b, k = ref.shape[0], cand.shape[0], 0
    while a > 0 and b > 0:
        if ref[a - 1] == cand[b - 1]:
            out_a[k] = a - 1
            out_b[k] = b - 1
            k += 1
            a -= 1
            b -= 1
        elif (cols[b - 1, (a - 1) >> 6] >> np.uint64((a - 1) & 63)) & ONE:
            a -= 1
        else:
            b -= 1
    return k


@jit
def _advance_token(v: U64, t: int, count: I64, row_of: I64, rows: U64, start: I64, pos: I64, scratch: U64) -> None:
    """:func:`advance` ``v`` (its first words: the rows below ``64 * len(v)``) by token ``t``'s mask,
    a kept row for a frequent token, else set from the token's positions into ``scratch`` (all zero
    before and after). A token the reference lacks changes nothing (its mask is zero)."""
    if count[t] == 0:
        return
    if row_of[t] >= 0:
        advance(v, rows[row_of[t], : v.shape[0]])
        return
    limit = v.shape[0] << 6
    for s in range(start[t], start[t + 1]):
        if pos[s] < limit:
            scratch[pos[s] >> 6] |= ONE << np.uint64(pos[s] & 63)
    advance(v, scratch[: v.shape[0]])
    for s in range(start[t], start[t + 1]):
        if pos[s] < limit:
            scratch[pos[s] >> 6] = ZERO


@jit
def trace_long(ref: I64, cand: I64, vocab: int, out_a: I64, out_b: I64, every: int = EVERY, dense: int = DENSE) -> int:
    """:func:`columns` then :func:`trace`, keeping one column in ``every``: the same marks, last
    first, in ``(m / 64) (n / every + every)`` words. Tokens with ``dense`` copies or more in
    ``ref`` get a mask (at most ``m / dense`` of them: ``m^2 / (8 dense)`` bytes), the others' masks
    are set from their positions when a column needs one, so memory does not grow with ``vocab``.

    >>> ref, cand = np.array([0, 1, 2, 1, 3, 0, 1]), np.array([1, 3, 2, 0, 1, 0])  # abcbdab, bdcaba
    >>> out_a, out_b = np.empty(7, dtype=np.int64), np.empty(7, dtype=np.int64)
    >>> k = trace_long(ref, cand, 4, out_a, out_b, 2)
    >>> out_a[:k].tolist(), out_b[:k].tolist()
    ([5, 3, 2, 1], [5, 4, 2, 0])
    """
    m, n = ref.shape[0], cand.shape[0]
    if m == 0 or n == 0:
        return 0
    words = (m + 63) >> 6
    count = np.zeros(vocab, dtype=np.int64)
    for a in range(m):
        count[ref[a]] += 1
    row_of = np.full(vocab, -1, dtype=np.int64)
    kept_rows = 0
    start = np.zeros(vocab + 1, dtype=np.int64)
    for t in range(vocab):
        start[t + 1] = start[t] + count[t]
        if count[t] >= dense:
            row_of[t] = kept_rows
            kept_rows += 1
    rows = np.zeros((kept_rows, words), dtype=np.uint64)
    pos = np.empty(m, dtype=np.int64)
    fill = start[:vocab].copy()
    for a in range(m):
        t = ref[a]
        pos[fill[t]] = a
        fill[t] += 1
        if row_of[t] >= 0:
            rows[row_of[t], a >> 6] |= ONE << np.uint64(a & 63)
    scratch = np.zeros(words, dtype=np.uint64)
    kept = np.empty((n // every + 1, words), dtype=np.uint64)
    v = np.full(words, FULL, dtype=np.uint64)
    for b in range(n):
        if b % every == 0:
            kept[b // every, :] = v
        _advance_token(v, cand[b], count, row_of, rows, start, pos, scratch)
    stretch = np.empty((every, words), dtype=np.uint64)
    a, b, k = m, n, 0
    while a > 0 and b > 0:
        b0 = (b - 1) // every * every
        low = ((a - 1) >> 6) + 1  # the words holding rows 0..a-1, all the walk below reads
        v = kept[b0 // every, :low].copy()
        for x in range(b0, b):
            _advance_token(v, cand[x], count, row_of, rows, start, pos, scratch)
            stretch[x - b0, :low] = v
        while a > 0 and b > b0:
            if ref[a - 1] == cand[b - 1]:
                out_a[k] = a - 1
                out_b[k] = b - 1
                k += 1
                a -= 1
                b -= 1
            elif (stretch[b - 1 - b0, (a - 1) >> 6] >> np.uint64((a - 1) & 63)) & ONE:
                a -= 1
            else:
                b -= 1
    return k


@jit
def lcs_pair(ref: I64, cand: I64, vocab: int, out_a: I64, out_b: I64) -> int:
    """The LCS marks of one pair (token ids below ``vocab``), last first; returns their number."""
    if ref.shape[0] == 0 or cand.shape[0] == 0:
        return 0
    if ref.shape[0] * cand.shape[0] > LONG_CELLS:
        # trace_long, compiled at the first long pair (rouge_core.kernels.lazy); a plain bool, not a
        # literal False: one compilation of long_pair for every caller
        return long_pair(ref, cand, np.zeros(4), bool(np.bool_(False)), vocab, out_a, out_b)[1]
    match = masks(ref, vocab)
    cols = np.empty((cand.shape[0], match.shape[1]), dtype=np.uint64)
    columns(match, cand, cols)
    return trace(ref, cand, cols, out_a, out_b)


@jit
def lcs_length(ref: I64, cand: I64, vocab: int) -> int:
    """The LCS length alone: the zero bits of the last column (no column kept, no traceback)."""
    m = ref.shape[0]
    if m == 0 or cand.shape[0] == 0:
        return 0
    match = masks(ref, vocab)
    v = np.full(match.shape[1], FULL, dtype=np.uint64)
    for b in range(cand.shape[0]):
        advance(v, match[cand[b]])
    ones = 0
    for a in range(m):
        ones += int((v[a >> 6] >> np.uint64(a & 63)) & ONE)
    return int(m) - ones
