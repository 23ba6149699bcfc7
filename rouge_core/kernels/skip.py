"""Skip-bigram hits (clipped multiset overlap of in-order pairs), compiled by numba.

Only tokens both sides hold can form a hit; they get dense ids ``0..size-1`` and a pair ``(x, y)``
the code ``x * size + y``. Without a skip limit and with a small shared vocabulary, two
``size x size`` count matrices are filled in one pass each (every earlier token ``x`` forms
``(x, y)`` with ``y``); otherwise the candidate's pair codes are counted in an open-addressing hash
table and each reference pair takes one of its code's remaining counts: sum of min(counts), in time
linear in the number of pairs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..measures import skipbigram
from ._jit import jit

I64 = npt.NDArray[np.int64]

#: Largest shared vocabulary (squared) counted with matrices (two int64 matrices of this many cells).
MATRIX_CELLS = 1 << 20
GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing


#: The skip-bigram totals and SU's last-unigram rule, compiled from the Python rules themselves
#: (:func:`rouge_core.measures.skipbigram.pair_total`, :func:`rouge_core.measures.skipbigram.unigram_total`): one
#: implementation for the per-pair, the compiled per-pair and the chunk paths.
pair_total = jit(skipbigram.pair_total)
unigram_total = jit(skipbigram.unigram_total)


@jit
def _dense(cand: I64, ref: I64, vocab: int) -> tuple[I64, I64, int]:
    """Both sides with shared tokens renumbered ``0..size-1`` and the others -1; and ``size``."""
    seen = np.zeros(vocab, dtype=np.uint8)
    for t in cand:
        seen[t] |= 1
    for t in ref:
        seen[t] |= 2
    new = np.full(vocab, -1, dtype=np.int64)
    size = 0
    for t in range(vocab):
        if seen[t] == 3:
            new[t] = size
            size += 1
    c = np.empty(cand.shape[0], dtype=np.int64)
    for i in range(cand.shape[0]):
        c[i] = new[cand[i]]
    r = np.empty(ref.shape[0], dtype=np.int64)
    for i in range(ref.shape[0]):
        r[i] = new[ref[i]]
    return c, r, size


@jit
def _kept(ids: I64) -> tuple[I64, I64]:
    """Positions and ids of the shared tokens."""
    n = 0
    for i in range(ids.shape[0]):
        if ids[i] >= 0:
            n += 1
    pos = np.empty(n, dtype=np.int64)
    val = np.empty(n, dtype=np.int64)
    n = 0
    for i in range(ids.shape[0]):
        if ids[i] >= 0:
            pos[n] = i
            val[n] = ids[i]
            n += 1
    return pos, val


@jit
def _unigrams(cand: I64, ref: I64, size: int, last: bool) -> int:
    """Clipped unigram hits of each side's first :func:`unigram_total` tokens (``last`` False: its
    last token left out)."""
    counts = np.zeros((2, size), dtype=np.int64)
    for t in cand[: unigram_total(cand.shape[0], last)]:
        if t >= 0:
            counts[0, t] += 1
    for t in ref[: unigram_total(ref.shape[0], last)]:
        if t >= 0:
            counts[1, t] += 1
    hits = 0
    for t in range(size):
        hits += min(counts[0, t], counts[1, t])
    return hits


@jit
def _slot(keys: I64, code: int, shift: np.uint64) -> int:
    """The slot holding ``code``, or the empty slot (-1) where it would go (linear probing)."""
    mask = np.int64(keys.shape[0] - 1)
    s = np.int64((np.uint64(code) * GOLDEN) >> shift)
    while keys[s] != -1 and keys[s] != code:
        s = (s + np.int64(1)) & mask
    return int(s)


@jit
def hashed(cpos: I64, cval: I64, rpos: I64, rval: I64, size: int, distance: int) -> int:
    """Clipped pair hits through a hash table of the candidate's pair counts (``distance < 0``: no limit)."""
    n = cpos.shape[0]
    pairs = 0
    for a in range(n):
        for b in range(a + 1, n):
            if distance >= 0 and cpos[b] - cpos[a] > distance + 1:
                break
            pairs += 1
    if pairs == 0:
        return 0
    bits = 3
    while (1 << bits) < 2 * pairs:
        bits += 1
    shift = np.uint64(64 - bits)
    keys = np.full(1 << bits, -1, dtype=np.int64)
    counts = np.zeros(1 << bits, dtype=np.int64)
    for a in range(n):
        for b in range(a + 1, n):
            if distance >= 0 and cpos[b] - cpos[a] > distance + 1:
                break
            code = cval[a] * size + cval[b]
            s = _slot(keys, code, shift)
            keys[s] = code
            counts[s] += 1
    hits = 0
    for a in range(rpos.shape[0]):
        for b in range(a + 1, rpos.shape[0]):
            if distance >= 0 and rpos[b] - rpos[a] > distance + 1:
                break
            s = _slot(keys, rval[a] * size + rval[b], shift)
            if counts[s] > 0:  # an empty slot has no count
                counts[s] -= 1
                hits += 1
    return hits


@jit
def _matrix(val: I64, size: int) -> I64:
    """``m[y, x]``: how often ``x`` comes before ``y`` (row-major, so each token adds a contiguous row)."""
    m = np.zeros((size, size), dtype=np.int64)
    seen = np.zeros(size, dtype=np.int64)
    for k in range(val.shape[0]):
        row = m[val[k]]
        for x in range(size):
            row[x] += seen[x]
        seen[val[k]] += 1
    return m


@jit
def matrices(cval: I64, rval: I64, size: int) -> int:
    """Clipped pair hits without a skip limit, from the two count matrices."""
    mc = _matrix(cval, size)
    mr = _matrix(rval, size)
    hits = 0
    for y in range(size):
        for x in range(size):
            hits += min(mc[y, x], mr[y, x])
    return hits


@jit
def skip_hits(cand: I64, ref: I64, vocab: int, distance: int, su: bool, su_last: bool) -> int:
    """Clipped skip-bigram hits of two id sequences (ids below ``vocab``); with ``su``, plus the
    clipped unigrams (every token with ``su_last``, else all but each side's last)."""
    c, r, size = _dense(cand, ref, vocab)
    if size == 0:
        return 0
    extra = _unigrams(c, r, size, su_last) if su else 0
    cpos, cval = _kept(c)
    rpos, rval = _kept(r)
    if distance < 0 and size * size <= MATRIX_CELLS:
        pairs = (cval.shape[0] * (cval.shape[0] - 1) + rval.shape[0] * (rval.shape[0] - 1)) // 2
        if (cval.shape[0] + rval.shape[0] + 2 * size) * size < 4 * pairs:
            return extra + matrices(cval, rval, size)
    return extra + hashed(cpos, cval, rpos, rval, size, distance)
