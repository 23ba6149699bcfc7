"""Longest common subsequence with ROUGE-1.5.5's tie rule, plain or weighted.

One dynamic programme serves ROUGE-L (weight 1) and ROUGE-W (f(k) = k^w):

* equal tokens: ``c[a][b] = c[a-1][b-1] + f(k+1) - f(k)`` with k the run length
  ending at ``(a-1, b-1)`` (a *diagonal* cell);
* otherwise ``c[a][b] = c[a-1][b]`` if ``c[a-1][b] >= c[a][b-1]`` (an *up* cell:
  a step along the reference), else ``c[a][b-1]`` (a *left* cell).

The traceback from the last cell marks the reference positions of diagonal
cells. Rows are reference positions, columns candidate positions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

#: Above this many cells the table is computed row-wise with numpy.
NUMPY_CELLS = 60_000
#: Above this many cells no table is kept for display.
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


def lcs(reference: Sequence[str], candidate: Sequence[str], weight: float = 1.0,
        keep_table: bool = False) -> LcsResult:
    """LCS (weight 1) or WLCS of two token sequences, with the traceback marks.

    >>> r = lcs("police killed the gunman".split(), "police kill the gunman".split())
    >>> r.value, r.marks
    (3.0, [(0, 0), (2, 2), (3, 3)])
    >>> lcs(list("ABCDEFG"), list("ABCDHIK"), weight=2.0).value
    16.0
    """
    k, n = len(reference), len(candidate)
    if not k or not n:
        return LcsResult([], 0.0, [[0.0] * (n + 1) for _ in range(k + 1)] if keep_table else None,
                         [] if keep_table else None)
    f = weights(weight, min(k, n) + 1)
    if k * n > NUMPY_CELLS and not keep_table:
        ups, value = _rows_numpy(reference, candidate, f)
        marks, _ = _traceback(reference, candidate, ups, want_path=False, packed=True)
        return LcsResult(marks, value)
    else:
        ups, value, table = _rows_python(reference, candidate, f, keep_table)
        if keep_table:
            marks, path = _traceback(reference, candidate, ups, want_path=True)
            return LcsResult(marks, value, table, path)
    marks, _ = _traceback(reference, candidate, ups, want_path=False)
    return LcsResult(marks, value)


def _rows_python(ref: Sequence[str], cand: Sequence[str], f: list[float],
                 keep: bool) -> tuple[list[bytes], float, Optional[list[list[float]]]]:
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


def _rows_numpy(ref: Sequence[str], cand: Sequence[str], f: list[float]) -> tuple[list[bytes], float]:
    """The same programme, one row at a time: non-diagonal stretches are running maxima."""
    n = len(cand)
    fa = np.array(f)
    cols: dict[str, list[int]] = {}
    for b, tok in enumerate(cand, start=1):
        cols.setdefault(tok, []).append(b)
    col_arrays = {t: np.array(v, dtype=np.int64) for t, v in cols.items()}
    prev_c = np.zeros(n + 1)
    prev_r = np.zeros(n + 1, dtype=np.int64)
    ups: list[bytes] = [b""]
    for ma in ref:
        js = col_arrays.get(ma)
        if js is None:
            cur_c = np.maximum.accumulate(prev_c)
            cur_r = np.zeros(n + 1, dtype=np.int64)
        else:
            run = prev_r[js - 1]
            # (c + f(k+1)) - f(k), in the Perl script's order of operations.
            diag = (prev_c[js - 1] + fa[run + 1]) - fa[run]
            x = prev_c.copy()
            x[js] = diag
            cur_c = np.empty(n + 1)
            starts = [0] + js.tolist() + [n + 1]
            for s, e in zip(starts, starts[1:]):
                if e > s:
                    cur_c[s:e] = np.maximum.accumulate(x[s:e])
            cur_r = np.zeros(n + 1, dtype=np.int64)
            cur_r[js] = run + 1
        up = np.zeros(n + 1, dtype=bool)
        up[1:] = prev_c[1:] >= cur_c[:-1]
        ups.append(np.packbits(up).tobytes())  # 1 bit a cell keeps 10^4 x 10^4 at 12.5 MB
        prev_c, prev_r = cur_c, cur_r
    return ups, float(prev_c[n])


def _traceback(ref: Sequence[str], cand: Sequence[str], ups: list[bytes],
               want_path: bool, packed: bool = False) -> tuple[list[tuple[int, int]], Optional[list[tuple[int, int]]]]:
    a, b = len(ref), len(cand)
    marks: list[tuple[int, int]] = []
    path: Optional[list[tuple[int, int]]] = [(a, b)] if want_path else None
    while a > 0 and b > 0:
        if ref[a - 1] == cand[b - 1]:
            marks.append((a - 1, b - 1))
            a, b = a - 1, b - 1
        elif (ups[a][b >> 3] >> (7 - (b & 7))) & 1 if packed else ups[a][b]:
            a -= 1
        else:
            b -= 1
        if path is not None:
            path.append((a, b))
    marks.reverse()
    return marks, path
