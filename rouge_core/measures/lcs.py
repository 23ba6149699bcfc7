"""Longest common subsequence with ROUGE-1.5.5's tie rule, plain or weighted.

One dynamic programme serves ROUGE-L (weight 1) and ROUGE-W (f(k) = k^w):

* equal tokens: ``c[a][b] = c[a-1][b-1] + f(k+1) - f(k)`` with k the run length
  ending at ``(a-1, b-1)`` (a *diagonal* cell);
* otherwise ``c[a][b] = c[a-1][b]`` if ``c[a-1][b] >= c[a][b-1]`` (an *up* cell:
  a step along the reference), else ``c[a][b-1]`` (a *left* cell).

The traceback from the last cell marks the reference positions of diagonal
cells. Rows are reference positions, columns candidate positions.

Without a table to keep, the compiled kernels of :mod:`rouge_core.kernels` (when numba is there)
compute the same value and marks: bit-parallel for weight 1, the same programme for ROUGE-W.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from .. import kernels

#: Above this many cells the table is computed row-wise with numpy.
NUMPY_CELLS = 60_000
#: Largest table a view rebuilds for display (``lcs(..., keep_table=True)`` on one pair).
TABLE_CELLS = 40_000


@dataclass(frozen=True)
class LcsResult:
    """Marks ``(reference position, candidate position)`` in order, and the table's last value."""

    marks: list[tuple[int, int]]
    value: float
    table: Optional[list[list[float]]] = None
    path: Optional[list[tuple[int, int]]] = None


def weights(weight: float, upto: int) -> list[float]:
    """f(k) = k^w for k = 0..upto, with the C library's pow like the Perl script.

    >>> weights(2.0, 3)
    [0.0, 1.0, 4.0, 9.0]
    """
    return [float(k) ** weight if k else 0.0 for k in range(upto + 1)]


def lcs(reference: Sequence[str], candidate: Sequence[str], weight: float = 1.0, keep_table: bool = False) -> LcsResult:
    """LCS (weight 1) or WLCS of two token sequences, with the traceback marks.

    >>> r = lcs("police killed the gunman".split(), "police kill the gunman".split())
    >>> r.value, r.marks
    (3.0, [(0, 0), (2, 2), (3, 3)])
    >>> lcs(list("ABCDEFG"), list("ABCDHIK"), weight=2.0).value
    16.0
    """
    k, n = len(reference), len(candidate)
    if not k or not n:
        return LcsResult(
            [], 0.0, [[0.0] * (n + 1) for _ in range(k + 1)] if keep_table else None, [] if keep_table else None
        )
    compiled = None if keep_table else kernels.impl("lcs" if weight == 1.0 else "wlcs")
    if compiled is not None:
        value, marks = compiled.lcs(reference, candidate, None if weight == 1.0 else weights(weight, min(k, n) + 1))
        return LcsResult(marks, value)
    f = weights(weight, min(k, n) + 1)
    if k * n > NUMPY_CELLS and not keep_table:
        return Layout([candidate]).run(reference, f, weight == 1.0)[0]
    else:
        ups, value, table = _rows_python(reference, candidate, f, keep_table)
        if keep_table:
            marks, path = _traceback(reference, candidate, ups, want_path=True)
            return LcsResult(marks, value, table, path)
    marks, _ = _traceback(reference, candidate, ups, want_path=False)
    return LcsResult(marks, value)


def _rows_python(
    ref: Sequence[str], cand: Sequence[str], f: list[float], keep: bool
) -> tuple[list[bytes], float, Optional[list[list[float]]]]:
    n = len(cand)
    prev_c = [0.0] * (n + 1)
    prev_r = [0] * (n + 1)
    ups: list[bytes] = [b""]
    table = [prev_c] if keep else None
    for ma in ref:
        cur_c = [0.0] * (n + 1)
        cur_r = [0] * (n + 1)
        up = bytearray(n + 1)
        left = 0.0
        for b in range(1, n + 1):
            if cand[b - 1] == ma:
                run = prev_r[b - 1]
                left = prev_c[b - 1] + f[run + 1] - f[run]
                cur_r[b] = run + 1
            else:
                above = prev_c[b]
                if above >= left:
                    left = above
                    up[b] = 1
            cur_c[b] = left
        ups.append(bytes(up))
        if keep:
            table.append(cur_c)  # type: ignore[union-attr]
        prev_c, prev_r = cur_c, cur_r
    return ups, prev_c[n], table


def lcs_many(
    reference: Sequence[str], candidates: Sequence[Sequence[str]], weight: float = 1.0, layout: Optional[Layout] = None
) -> list[LcsResult]:
    """:func:`lcs` of one reference sentence with each of several candidate sentences.

    In pure Python, large inputs run all candidate sentences at once, one numpy
    row per reference token, so a long summary costs a few thousand vector
    operations instead of millions of Python steps (the compiled kernels take
    each pair in turn). Pass a :class:`Layout` of the
    candidates to reuse it across reference sentences.

    >>> [r.value for r in lcs_many("a b c".split(), [["a", "c"], ["c", "b"], []])]
    [2.0, 1.0, 0.0]
    """
    if (
        len(reference) * sum(len(c) for c in candidates) <= NUMPY_CELLS
        or kernels.impl("lcs" if weight == 1.0 else "wlcs") is not None
    ):
        return [lcs(reference, c, weight) for c in candidates]
    layout = layout or Layout(candidates)
    return layout.run(reference, weights(weight, len(reference) + 1), weight == 1.0)


class Layout:
    """Candidate sentences laid side by side for the row-wise programme.

    Each sentence is preceded by a boundary column that stays 0. Away from
    diagonal cells a row is a running maximum of the row above, restarted at
    every boundary and diagonal cell: a segmented cumulative maximum, done
    exactly by giving each segment its own range of integer keys.
    """

    def __init__(self, cands: Sequence[Sequence[str]]) -> None:
        self.cands = cands
        self.bases: list[int] = []
        cols: dict[str, list[int]] = {}
        pos = 0
        for c in cands:
            self.bases.append(pos)
            for b, t in enumerate(c, start=pos + 1):
                cols.setdefault(t, []).append(b)
            pos += len(c) + 1
        self.width = pos
        self.boundary = np.zeros(pos, dtype=bool)
        self.boundary[self.bases] = True
        self.cols = {t: np.array(v, dtype=np.int64) for t, v in cols.items()}
        self.ids = {t: i for i, t in enumerate(self.cols)}
        self.tok = np.full(pos, -1, dtype=np.int64)
        for t, where in self.cols.items():
            self.tok[where] = self.ids[t]

    def run(
        self, ref: Sequence[str], f: list[float], integral: bool, segments: Optional[Sequence[int]] = None
    ) -> list[LcsResult]:
        """LCS/WLCS of ``ref`` with the candidate sentences ``segments`` (default: all), in that order."""
        width, boundary = self.width, self.boundary
        fa = np.array(f)
        prev_c = np.zeros(width, dtype=np.int64 if integral else np.float64)
        prev_r = np.zeros(width, dtype=np.int64)
        empty = np.empty(0, dtype=np.int64)
        span = len(ref) + 2
        ups = np.zeros((len(ref) + 1, (width + 7) // 8), dtype=np.uint8)
        for a, ma in enumerate(ref, start=1):
            js = self.cols.get(ma, empty)
            x = prev_c.copy()
            x[boundary] = 0
            cur_r = np.zeros(width, dtype=np.int64)
            if js.size:
                run = prev_r[js - 1]
                if integral:
                    x[js] = prev_c[js - 1] + 1
                else:  # (c + f(k+1)) - f(k), in the Perl script's order of operations
                    x[js] = (prev_c[js - 1] + fa[run + 1]) - fa[run]
                cur_r[js] = run + 1
            starts = boundary.copy()
            starts[js] = True
            seg = np.cumsum(starts)
            if integral:
                cur_c = np.maximum.accumulate(seg * span + x) - seg * span
            else:
                uniq, rank = np.unique(x, return_inverse=True)
                cur_c = uniq[np.maximum.accumulate(seg * len(uniq) + rank) - seg * len(uniq)]
            up = np.zeros(width, dtype=bool)
            up[1:] = prev_c[1:] >= cur_c[:-1]
            ups[a] = np.packbits(up)  # 1 bit a cell: 10^4 x 10^4 cells in 12.5 MB
            prev_c, prev_r = cur_c, cur_r
        if segments is None:
            segments = range(len(self.cands))
        # The last cell of a segment is its boundary's neighbour on the left: base + len.
        values = prev_c[[self.bases[i] + len(self.cands[i]) for i in segments]].tolist()
        marks = self._traceback(ref, ups, [i for i, v in zip(segments, values) if v])
        return [LcsResult(marks.get(i, []), float(v)) for i, v in zip(segments, values)]

    def _traceback(self, ref: Sequence[str], ups: np.ndarray, segs: list[int]) -> dict[int, list[tuple[int, int]]]:
        """All segments' tracebacks in lockstep, one vector step per cell of the longest path."""
        if not segs:
            return {}
        tok = self.tok
        ref_ids = np.array([self.ids.get(t, -2) for t in ref], dtype=np.int64)
        seg = np.array(segs, dtype=np.int64)
        base = np.array(self.bases, dtype=np.int64)[seg]
        a = np.full(len(segs), len(ref), dtype=np.int64)
        b = np.array([len(self.cands[i]) for i in segs], dtype=np.int64)
        found: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        live = np.arange(len(segs))
        while live.size:
            col = base[live] + b[live]
            aa = a[live]
            match = tok[col] == ref_ids[aa - 1]
            if match.any():
                found.append((live[match], aa[match] - 1, b[live][match] - 1))
            up = ((ups[aa, col >> 3] >> (7 - (col & 7))) & 1).astype(bool)
            a[live] -= match | up
            b[live] -= match | ~up
            live = live[(a[live] > 0) & (b[live] > 0)]
        out: dict[int, list[tuple[int, int]]] = {}
        if found:
            s_all = np.concatenate([f[0] for f in found])
            a_all = np.concatenate([f[1] for f in found])
            b_all = np.concatenate([f[2] for f in found])
            order = np.lexsort((a_all, s_all))
            for s_i, a_i, b_i in zip(s_all[order].tolist(), a_all[order].tolist(), b_all[order].tolist()):
                out.setdefault(segs[s_i], []).append((a_i, b_i))
        return out


def _traceback(
    ref: Sequence[str], cand: Sequence[str], ups: list[bytes], want_path: bool
) -> tuple[list[tuple[int, int]], Optional[list[tuple[int, int]]]]:
    a, b = len(ref), len(cand)
    marks: list[tuple[int, int]] = []
    path: Optional[list[tuple[int, int]]] = [(a, b)] if want_path else None
    while a > 0 and b > 0:
        if ref[a - 1] == cand[b - 1]:
            marks.append((a - 1, b - 1))
            a, b = a - 1, b - 1
        elif ups[a][b]:
            a -= 1
        else:
            b -= 1
        if path is not None:
            path.append((a, b))
    marks.reverse()
    return marks, path
