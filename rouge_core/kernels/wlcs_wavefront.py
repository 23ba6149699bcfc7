"""The WLCS programme of :mod:`rouge_core.kernels.wlcs` for long pairs: anti-diagonal order, linear memory.

Same cells, same arithmetic, same tie rule as :func:`rouge_core.kernels.wlcs.wlcs_fill`; only the order
in which cells are computed and what is kept differ:

* Cells on one anti-diagonal (``a + b`` constant) depend only on the two anti-diagonals before it,
  so :data:`SWEEP` reference rows at a time are swept one anti-diagonal at a time, 8 cells a step
  (:func:`~.wlcs_diagonal.diagonal`, explicit 512-bit vectors), and 512 rows of three anti-diagonals
  stay in the first-level cache. Every cell still gets exactly ``(c[a-1][b-1] + f[k+1]) - f[k]``
  (a diagonal cell) or the larger of ``c[a-1][b]`` and ``c[a][b-1]``, preferring the one above on a
  tie; ``f[k]`` and ``f[k+1]`` come from registers for runs up to 7 (3 without AVX-512), and the rare
  longer run is redone with the table after the step loop (cells of one anti-diagonal are independent).
  The loop is bound by the bytes it moves, not by its arithmetic: tokens and runs are int32
  (:func:`narrow`), and the three working rows are padded so each step's stores fill whole cache lines
  (:func:`_rows`). About 0.25 ns a cell at 50,000 words a side (0.45 with int64 rows back to back,
  2.0 row-wise).
* No table of up/left bits is kept (``m * n`` bits: 298 MiB at 50,000 words a side). The sweep keeps
  the row entering each strip of ``H`` = :data:`STRIP` rows and, every ``E`` = :data:`STRIP`
  columns, the column leaving each block; the traceback then recomputes, with its bits, only the
  ``H x E`` blocks its path crosses, from those edges, sweep by sweep.
  Memory: 16 bytes x (m n / H + m n / E) of edges and H E bytes of one block's bits
  (40 MiB at 50,000 words a side, H = E = 2048); extra work at most (m / H + n / E) H E cells, less as
  only the rows and columns up to where the walk enters a block are recomputed (4.3 % at 50,000 words).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ._jit import jit
from .bitlcs import LONG_CELLS  # one threshold for the linear-memory paths of LCS and WLCS
from .vector_width import prefer_wide_vectors
from .wlcs_diagonal import LANES, diagonal, diagonal_python

__all__ = ["LONG_CELLS", "STRIP", "SWEEP", "narrow", "wlcs_long"]

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
F64 = npt.NDArray[np.float64]
U8 = npt.NDArray[np.uint8]  # one byte a cell

#: Rows and columns of a block whose edges are kept (16 bytes a cell of an edge).
STRIP = 2048
#: Rows swept at a time (the anti-diagonals' three rows of cells stay in the first-level cache).
SWEEP = 512


#: The slot of the working rows that starts a 64-byte line (a cache line, one 512-bit vector): slot 1,
#: where the vector loop stores each anti-diagonal's cells.
ALIGNED_SLOT = 1


@jit
def _stride(cells: int) -> int:
    """Slots of one working row: ``cells`` rounded up to whole 64-byte lines of float64, so that every
    row starts at the same place in a line (one more line between rows measured the same).

    >>> _stride(514), _stride(8)
    (520, 8)
    """
    return (cells + 7) // 8 * 8


@jit
def _rows(cells: int, buf: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Three working rows of ``cells`` slots from ``buf`` (three strides and a line more), each row's slot
    :data:`ALIGNED_SLOT` on a 64-byte boundary. With rows of ``h + 2`` slots back to back, the loop's
    eight-cell loads and stores fell across two cache lines at offsets that changed from row to row:
    aligned and strided like this, the 50,000-word pair's sweep took 0.52-0.56 s instead of 0.85-0.9.

    >>> rows = _rows(514, np.zeros(3 * _stride(514) + 8))
    >>> rows.shape, [rows[k, ALIGNED_SLOT:].ctypes.data % 64 for k in range(3)]
    ((3, 520), [0, 0, 0])
    """
    item = buf.itemsize
    off = (-(buf.ctypes.data // item + ALIGNED_SLOT)) % (64 // item)
    return buf[off : off + 3 * _stride(cells)].reshape((3, _stride(cells)))


@jit
def _block(
    ref: I32,
    cand_rev: I32,
    f: F64,
    a0: int,
    h: int,
    b0: int,
    w: int,
    top_c: F64,
    top_r: I64,
    left_c: F64,
    left_r: I64,
    bot_c: F64,
    bot_r: I64,
    every: int,
    edge_c: F64,
    edge_r: I64,
    ups: U8,
    starts: I64,
) -> None:
    """Rows ``a0+1..a0+h`` x columns ``b0+1..b0+w`` of the WLCS table (1-based, as in
        :func:`rouge_core.kernels.wlcs.wlcs_fill`), one anti-diagonal at a time.

        In: ``top_*[j]`` row ``a0`` at column ``b0+j`` (j = 0..w), ``left_*[i]`` column ``b0`` at row
        ``a0+i`` (i = 0..h); values ``c`` and run lengths ``r``. ``cand_rev`` is the candidate reversed.
        Out: ``bot_*[j]`` row ``a0+h`` at column ``b0+j`` (j = 1..w); with ``every`` > 0, column ``b0+x``
        for each ``x`` divisible by ``every`` into ``edge_*[x // every - 1, a0+1..a0+h]``; with ``ups``
        non-empty, ``ups[starts[i+j] + i]`` = 1 where cell (a0+1+i, b0+1+j) goes up (the traceback's
    bits, one byte a cell, anti-diagonal after anti-diagonal: ``starts[t]`` is where ``t``'s cells
    begin, less its first row).
    """
    # 8 lanes a vector on AVX-512, not LLVM's default 4 (the same arithmetic in each lane): the step
    # loop's 512-bit vectors (wlcs_diagonal adds the attribute too) and the traceback's bits loop.
    prefer_wide_vectors()
    n = cand_rev.shape[0]
    keep = ups.shape[0] > 0
    filled = 0
    # Slot i of row k: the cell of row i on anti-diagonal t (t % 3 == k); runs as int32, half the bytes
    # of int64 (the vector loop is bound by its loads and stores: 1.0 -> 0.9 s at 50,000 words).
    bc = _rows(h + 2, np.zeros(3 * _stride(h + 2) + 8, dtype=np.float64))
    br = _rows(h + 2, np.zeros(3 * _stride(h + 2) + 16, dtype=np.int32))
    # Step s leaves in slot 0 the top cell the next two steps read, and in slot s+2 the left one.
    for s in (-2, -1):
        k = s % 3
        bc[k, 0], br[k, 0] = top_c[s + 2], top_r[s + 2]
        bc[k, s + 2], br[k, s + 2] = left_c[s + 2], left_r[s + 2]
    for t in range(h + w - 1):
        cur, p1, p2 = t % 3, (t + 2) % 3, (t + 1) % 3
        lo, hi = max(0, t - w + 1), min(h - 1, t)
        cnt = hi + 1 - lo
        # Views from the first cell: the loop index starts at 0 (no negative-index wrap), which lets
        # the compiler vectorise it. Cell (i, t - i) reads up = (i-1, j), left = (i, j-1), diagonal
        # = (i-1, j-1) at slots i, i+1 (anti-diagonal t-1) and i (anti-diagonal t-2).
        up_c = bc[p1, lo:]
        left_c_ = bc[p1, lo + 1 :]
        diag_c = bc[p2, lo:]
        diag_r = br[p2, lo:]
        out_c = bc[cur, lo + 1 :]
        out_r = br[cur, lo + 1 :]
        rt = ref[a0 + lo :]
        ct = cand_rev[n - b0 - t + lo - 1 :]
        if cnt >= LANES:
            # 8 cells a step, f looked up in registers (kernels/wlcs_diagonal); True when a run was
            # longer than the lookup covers (8 or more with AVX-512, 4 otherwise): rare, redone below
            long_run = diagonal(up_c, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f)
        else:  # the corners' short anti-diagonals: every lookup from the table
            long_run = diagonal_python(up_c, diag_c, diag_r, out_c, out_r, rt, ct, cnt, f)
        if long_run:  # runs of 4 or more redone with the table itself (the same value where it was right)
            for x in range(cnt):
                run = diag_r[x]
                if run >= 4 and rt[x] == ct[x]:
                    out_c[x] = (diag_c[x] + f[run + 1]) - f[run]
        if keep:
            starts[t] = filled - lo
            bits = ups[filled:]
            filled += cnt
            for x in range(cnt):
                bits[x] = (rt[x] != ct[x]) & (up_c[x] >= left_c_[x])
        if t + 2 <= w:
            bc[cur, 0], br[cur, 0] = top_c[t + 2], top_r[t + 2]
        if t + 2 <= h:
            bc[cur, t + 2], br[cur, t + 2] = left_c[t + 2], left_r[t + 2]
        if t >= h - 1:
            bot_c[t - h + 2], bot_r[t - h + 2] = bc[cur, h], br[cur, h]
        if every > 0:
            # Columns b0 + j + 1 on this anti-diagonal (j = t - hi .. t - lo) that are edges.
            j = t - hi + (-(t - hi + 1)) % every
            while j <= t - lo and (j + 1) // every <= edge_c.shape[0]:
                i = t - j
                edge_c[(j + 1) // every - 1, a0 + i + 1] = bc[cur, i + 1]
                edge_r[(j + 1) // every - 1, a0 + i + 1] = br[cur, i + 1]
                j += every


@jit
def narrow(ref: I64, cand: I64) -> tuple[I32, I32]:
    """The two token sequences as int32, equal where they were equal: the ids themselves when they fit
    (vocabulary indices do), else their ranks among the ids of both.

    >>> [x.tolist() for x in narrow(np.array([7, 2**40, 7]), np.array([2**40, 3]))]
    [[1, 2, 1], [2, 0]]
    """
    lo = min(ref.min(), cand.min()) if ref.shape[0] and cand.shape[0] else 0
    hi = max(ref.max(), cand.max()) if ref.shape[0] and cand.shape[0] else 0
    if lo >= -(2**31) and hi < 2**31:
        return ref.astype(np.int32), cand.astype(np.int32)
    ids = np.unique(np.concatenate((ref, cand)))
    return np.searchsorted(ids, ref).astype(np.int32), np.searchsorted(ids, cand).astype(np.int32)


@jit
def wlcs_long(
    ref: I64, cand: I64, f: F64, out_a: I64, out_b: I64, strip: int = STRIP, sweep: int = SWEEP
) -> tuple[float, int]:
    """:func:`rouge_core.kernels.wlcs.wlcs_pair` (value of the last cell, marks last first) with the
    edges of ``strip`` x ``strip`` blocks kept, swept ``sweep`` rows at a time: the same numbers, in
    linear memory. ``f`` holds f(0..min(m, n) + 1).

    >>> from rouge_core.measures.lcs import weights
    >>> ref, cand = np.array([0, 1, 2, 3, 4, 5, 6]), np.array([0, 1, 2, 3, 7, 8, 9])  # ABCDEFG, ABCDHIK
    >>> out_a, out_b = np.empty(7, dtype=np.int64), np.empty(7, dtype=np.int64)
    >>> value, k = wlcs_long(ref, cand, np.array(weights(2.0, 8)), out_a, out_b, 4, 3)  # 4 x 4 blocks
    >>> value, out_a[:k].tolist(), out_b[:k].tolist()
    (16.0, [3, 2, 1, 0], [3, 2, 1, 0])
    """
    m, n = ref.shape[0], cand.shape[0]
    if m == 0 or n == 0:
        return 0.0, 0
    height = width = strip
    sweep = min(sweep, strip)
    strips = (m + height - 1) // height
    edges = (n - 1) // width
    # 32-bit tokens for the sweep: half the bytes its loads move (the loop is bound by them)
    ref32, cand_rev = narrow(ref, cand[::-1])
    if f.shape[0] < 9:  # the vector loop reads f[0..8] (runs that long never occur then)
        f = np.concatenate((f, np.zeros(9 - f.shape[0], dtype=np.float64)))
    rows_c = np.zeros((strips + 1, n + 1), dtype=np.float64)
    rows_r = np.zeros((strips + 1, n + 1), dtype=np.int64)
    cols_c = np.zeros((max(edges, 1), m + 1), dtype=np.float64)
    cols_r = np.zeros((max(edges, 1), m + 1), dtype=np.int64)
    zero_c = np.zeros(height + 1, dtype=np.float64)
    zero_r = np.zeros(height + 1, dtype=np.int64)
    no_bits = np.empty(0, dtype=np.uint8)
    no_starts = np.empty(0, dtype=np.int64)
    # A plain 0 would be typed Literal[int](0) and compile _block a second time (5 s at first use).
    nil = np.int64(0)
    # Swept ``sweep`` rows at a time (the three anti-diagonals in the first-level cache: twice as fast
    # as 2048 rows here); the row entering every ``strip``-th row is kept, the others pass through.
    cur_c, cur_r = np.zeros(n + 1, dtype=np.float64), np.zeros(n + 1, dtype=np.int64)
    nxt_c, nxt_r = np.zeros(n + 1, dtype=np.float64), np.zeros(n + 1, dtype=np.int64)
    for s in range(strips):
        rows_c[s, :] = cur_c
        rows_r[s, :] = cur_r
        for a0 in range(s * height, min(m, (s + 1) * height), sweep):
            h = min(sweep, (s + 1) * height - a0, m - a0)
            _block(
                ref32, cand_rev, f, a0, h, nil, n, cur_c, cur_r, zero_c, zero_r, nxt_c, nxt_r,
                width if edges else 0, cols_c, cols_r, no_bits, no_starts,
            )  # fmt: skip
            cur_c, nxt_c = nxt_c, cur_c
            cur_r, nxt_r = nxt_r, cur_r
    value = cur_c[n]
    # The traceback recomputes a block's bits sweep by sweep, each sweep's anti-diagonals after the
    # one before: sweep u of the block starts at ups[u * sweep * width].
    sweeps = (height + sweep - 1) // sweep
    ups = np.empty(sweeps * sweep * min(width, n), dtype=np.uint8)
    starts = np.empty((sweeps, sweep + min(width, n)), dtype=np.int64)
    top_c, top_r = np.empty(width + 1, dtype=np.float64), np.empty(width + 1, dtype=np.int64)
    bot_c, bot_r = np.empty(width + 1, dtype=np.float64), np.empty(width + 1, dtype=np.int64)
    a, b, k = m, n, 0
    while a > 0 and b > 0:
        s, q = (a - 1) // height, (b - 1) // width
        a0, b0 = s * height, q * width
        # The walk from (a, b) stays in rows a0+1..a and columns b0+1..b: the block's cells below or
        # right of them are not recomputed (about a third of the recomputation on a long pair).
        h, w = a - a0, b - b0
        if q == 0:
            left_c, left_r = zero_c, zero_r
        else:
            left_c, left_r = cols_c[q - 1, a0 : a0 + h + 1], cols_r[q - 1, a0 : a0 + h + 1]
        top_c[: w + 1] = rows_c[s, b0 : b0 + w + 1]
        top_r[: w + 1] = rows_r[s, b0 : b0 + w + 1]
        for u in range((h + sweep - 1) // sweep):
            u0 = u * sweep
            uh = min(sweep, h - u0)
            _block(
                ref32, cand_rev, f, a0 + u0, uh, b0, w, top_c, top_r, left_c[u0:], left_r[u0:], bot_c, bot_r,
                nil, cols_c, cols_r, ups[u * sweep * w :], starts[u],
            )  # fmt: skip
            bot_c[0], bot_r[0] = left_c[u0 + uh], left_r[u0 + uh]  # column b0 of the row below the sweep
            top_c, bot_c = bot_c, top_c
            top_r, bot_r = bot_r, top_r
        while a > a0 and b > b0:
            i = a - a0 - 1
            u = i // sweep
            if ref[a - 1] == cand[b - 1]:
                out_a[k] = a - 1
                out_b[k] = b - 1
                k += 1
                a -= 1
                b -= 1
            elif ups[u * sweep * w + starts[u, i - u * sweep + b - b0 - 1] + i - u * sweep]:
                a -= 1
            else:
                b -= 1
    return float(value), k
