"""Pearson's r, Spearman's rho and Kendall's tau-b of many paired columns at once, NaN = missing.

Column k of ``x`` is paired with column k of ``z``; a row missing (NaN) on either side is left out
of that column. A column's coefficient is NaN unless it has at least 2 paired rows and neither side
is constant there. Each function gives the numbers of ``scipy.stats`` on the column's paired rows
(to rounding, about 1e-15; :data:`SCIPY` keeps scipy's one-pair functions as the reference):

* Pearson: the centred cross product over the product of the centred norms, clipped to [-1, 1];
* Spearman: Pearson of average ranks (ties share the mean of their positions, like
  ``scipy.stats.rankdata``), ranked among the column's paired rows;
* Kendall tau-b: from the sign products of every pair of rows, ``(C - D) / sqrt(n0 - n1) /
  sqrt(n0 - n2)`` with n0 pairs, n1 tied in x and n2 tied in z (scipy's formula and operation order).

The work is vectorised over columns (in chunks that bound the memory). Small columns (the systems of
one input) rank by broadcast comparisons and count Kendall's row pairs one row against the rows below
it, with exact integer counts; columns longer than :data:`RANK_PAIRWISE_MAX` rank with
``scipy.stats.rankdata`` along the axis, and longer than :data:`PAIRWISE_MAX` call scipy's
``kendalltau`` per column (O(rows log rows) each).

>>> x = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, np.nan], [4.0, 4.0]])
>>> z = np.array([[1.0, 1.0], [3.0, 2.0], [2.0, 5.0], [4.0, 3.0]])
>>> kendall_columns(x, z).round(12).tolist()  # column 1 pairs rows 0, 1 and 3 only
[0.666666666667, 0.333333333333]
"""

from __future__ import annotations

import math
from typing import Callable, Iterator

import numpy as np
import numpy.typing as npt
from scipy import stats

Matrix = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]

#: Rows up to which Kendall's tau counts pairs of rows by broadcasting (above: scipy per column, O(n log n)).
PAIRWISE_MAX = 200
#: Rows up to which ranks come from broadcast comparisons (above: scipy.stats.rankdata along the axis).
RANK_PAIRWISE_MAX = 24
#: Elements one broadcast step may hold (rows^2 x columns for ranks; rows x columns for Kendall's pairs).
CHUNK_ELEMENTS = 1 << 22

#: Coefficient name -> scipy.stats on one column's paired values (no NaN, at least 2, neither constant).
SCIPY: dict[str, Callable[[Matrix, Matrix], float]] = {
    "pearson": lambda a, b: float(stats.pearsonr(a, b).statistic),
    "spearman": lambda a, b: float(stats.spearmanr(a, b).statistic),
    "kendall": lambda a, b: float(stats.kendalltau(a, b, variant="b").statistic),
}


def _columns(name: str, value: npt.ArrayLike) -> Matrix:
    m = np.asarray(value, dtype=np.float64)
    if m.ndim == 1:
        m = m[:, None]
    if m.ndim != 2:
        raise ValueError(f"invalid {name}: expected a 1-D or 2-D array (rows x columns), got {m.ndim} dimension(s)")
    return m


def _paired(x: npt.ArrayLike, z: npt.ArrayLike) -> tuple[Matrix, Matrix, Mask]:
    xm, zm = _columns("x", x), _columns("z", z)
    if xm.shape != zm.shape:
        raise ValueError(f"invalid z: shape {zm.shape} differs from x's shape {xm.shape}")
    return xm, zm, ~(np.isnan(xm) | np.isnan(zm))


def _varies(m: Matrix, mask: Mask) -> Mask:
    """Columns whose paired values are not all equal."""
    varies: Mask = np.where(mask, m, -np.inf).max(axis=0) > np.where(mask, m, np.inf).min(axis=0)
    return varies


def defined(x: Matrix, z: Matrix, mask: Mask) -> Mask:
    """Columns with a coefficient: 2 or more paired rows, neither side constant on them."""
    ok: Mask = (mask.sum(axis=0) >= 2) & _varies(x, mask) & _varies(z, mask)
    return ok


def _chunks(columns: int, per_column: int) -> Iterator[slice]:
    step = max(1, CHUNK_ELEMENTS // max(per_column, 1))
    for start in range(0, columns, step):
        yield slice(start, min(start + step, columns))


def _deviations(m: Matrix, mask: Mask, n: npt.NDArray[np.int64]) -> Matrix:
    with np.errstate(invalid="ignore", divide="ignore"):
        d: Matrix = np.where(mask, m - np.where(mask, m, 0.0).sum(axis=0) / n, 0.0)
    return d


def unit_scaled(m: npt.ArrayLike, mask: Mask | None = None, axis: int | None = 0) -> Matrix:
    """``m`` divided by the power of 2 at or just above its largest magnitude (along ``axis``, among the
    cells in ``mask``, default: the non-NaN ones; the others become NaN), so every value is within [-1, 1].

    Sums of up to 2^1000 such values cannot overflow (1e308-sized scores sum to inf, then NaN), and
    dividing by a power of 2 is exact (short of the subnormal range): scale-invariant numbers (a
    correlation, a z-score) come out bit for bit as if no overflow threatened.

    >>> unit_scaled([[6.0, 3.0], [-2.0, np.nan]]).tolist()  # column 0 / 8, column 1 / 4
    [[0.75, 0.75], [-0.25, nan]]
    >>> unit_scaled([[1e308], [-2e307]], axis=None).tolist() == [[1e308 / 2**1023 / 2], [-2e307 / 2**1023 / 2]]
    True
    """
    values = np.asarray(m, dtype=np.float64)
    keep = ~np.isnan(values) if mask is None else mask
    largest = np.where(keep, np.abs(values), 0.0).max(axis=axis, keepdims=True)
    # frexp: largest = f * 2^e with 0.5 <= f < 1 (e = 0 for 0: nothing to scale); ldexp divides exactly.
    scaled: Matrix = np.ldexp(np.where(keep, values, np.nan), -np.frexp(largest)[1])
    return scaled


def _pearson(x: Matrix, z: Matrix, mask: Mask) -> Matrix:
    # scipy.stats.pearsonr's order of operations (centre, scale by the largest deviation, norm, dot;
    # exactly +-1 for 2 pairs), so that the results agree to the last bits where summation allows.
    # Each column is first scaled into [-1, 1] (r is scale invariant): 1e308-sized scores do not overflow.
    n = mask.sum(axis=0)
    unit = []
    with np.errstate(invalid="ignore", divide="ignore"):
        for m in (x, z):
            d = _deviations(unit_scaled(m, mask), mask, n)
            largest = np.abs(d).max(axis=0)
            unit.append(d / (largest * np.sqrt(((d / largest) ** 2).sum(axis=0))))
    r: Matrix = np.clip((unit[0] * unit[1]).sum(axis=0), -1.0, 1.0)
    return np.where(n == 2, np.round(r), r)


def average_ranks(x: npt.ArrayLike, mask: Mask | None = None) -> Matrix:
    """Each column's average ranks (1 = smallest) among its rows in ``mask`` (default: the non-NaN
    rows); NaN elsewhere.

    >>> average_ranks([[3.0], [1.0], [3.0], [np.nan]])[:, 0].tolist()
    [2.5, 1.0, 2.5, nan]
    """
    m = _columns("x", x)
    keep: Mask = ~np.isnan(m) if mask is None else mask
    ranks = np.full(m.shape, np.nan)
    rows = m.shape[0]
    if rows > RANK_PAIRWISE_MAX:
        # Missing rows rank above every present value, so they change no present value's rank.
        filled = stats.rankdata(np.where(keep, m, np.inf), method="average", axis=0)
        return np.where(keep, filled, np.nan)
    for cols in _chunks(m.shape[1], rows * rows):
        v, k = m[:, cols], keep[:, cols]
        below = ((v[None, :, :] < v[:, None, :]) & k[None, :, :]).sum(axis=1)
        level = ((v[None, :, :] == v[:, None, :]) & k[None, :, :]).sum(axis=1)
        ranks[:, cols] = np.where(k, below + (level + 1) / 2.0, np.nan)
    return ranks


def _spearman(x: Matrix, z: Matrix, mask: Mask) -> Matrix:
    # scipy.stats.spearmanr is numpy.corrcoef of the ranks: covariance over the two standard deviations.
    n = mask.sum(axis=0)
    dx, dz = (_deviations(average_ranks(m, mask), mask, n) for m in (x, z))
    with np.errstate(invalid="ignore", divide="ignore"):
        rho = (dx * dz).sum(axis=0) / (n - 1)
        rho = rho / np.sqrt((dx * dx).sum(axis=0) / (n - 1)) / np.sqrt((dz * dz).sum(axis=0) / (n - 1))
    clipped: Matrix = np.clip(rho, -1.0, 1.0)
    return clipped


def _signs(a: Matrix, b: Matrix) -> npt.NDArray[np.int8]:
    """sign(a - b) as int8 (0 where either is NaN: such pairs are masked out by the caller)."""
    signs: npt.NDArray[np.int8] = (a > b).view(np.int8) - (a < b).view(np.int8)
    return signs


def _kendall_pairwise(x: Matrix, z: Matrix, mask: Mask) -> Matrix:
    # Row i against the rows below it, over all columns at once: exact integer counts of scipy's formula.
    rows, columns = x.shape
    tau = np.full(columns, np.nan)
    for cols in _chunks(columns, rows):
        xs, zs, ms = x[:, cols], z[:, cols], mask[:, cols]
        holes = not ms.all()
        width = xs.shape[1]
        con_minus_dis, x_ties, z_ties = (np.zeros(width, dtype=np.int64) for _ in range(3))
        pairs = np.full(width, rows * (rows - 1) // 2, dtype=np.int64)
        if holes:
            pairs[:] = 0
        for i in range(rows - 1):
            sx, sz = _signs(xs[i], xs[i + 1 :]), _signs(zs[i], zs[i + 1 :])
            con_minus_dis += (sx * sz).sum(axis=0, dtype=np.int64)
            tied_x, tied_z = sx == 0, sz == 0
            if holes:
                both = ms[i] & ms[i + 1 :]
                pairs += both.sum(axis=0)
                tied_x &= both
                tied_z &= both
            x_ties += tied_x.sum(axis=0)
            z_ties += tied_z.sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            tau[cols] = con_minus_dis / np.sqrt(pairs - x_ties) / np.sqrt(pairs - z_ties)
    clipped: Matrix = np.clip(tau, -1.0, 1.0)
    return clipped


def _kendall(x: Matrix, z: Matrix, mask: Mask) -> Matrix:
    if x.shape[0] <= PAIRWISE_MAX:
        return _kendall_pairwise(x, z, mask)
    tau = np.full(x.shape[1], np.nan)
    for k in np.flatnonzero(defined(x, z, mask)):
        tau[k] = SCIPY["kendall"](x[mask[:, k], k], z[mask[:, k], k])
    return tau


def _vectorised(kernel: Callable[[Matrix, Matrix, Mask], Matrix]) -> Callable[[npt.ArrayLike, npt.ArrayLike], Matrix]:
    def columns(x: npt.ArrayLike, z: npt.ArrayLike) -> Matrix:
        xm, zm, mask = _paired(x, z)
        values = kernel(xm, zm, mask)
        out: Matrix = np.where(defined(xm, zm, mask) & np.isfinite(values), values, np.nan)
        return out

    columns.__doc__ = f"The {kernel.__name__.strip('_')} coefficient of each column pair (NaN: undefined)."
    return columns


pearson_columns = _vectorised(_pearson)
spearman_columns = _vectorised(_spearman)
kendall_columns = _vectorised(_kendall)

#: Coefficient name -> the coefficient of every column pair of (x, z) at once (rows x columns, NaN = missing).
COLUMNWISE: dict[str, Callable[[npt.ArrayLike, npt.ArrayLike], Matrix]] = {
    "pearson": pearson_columns,
    "spearman": spearman_columns,
    "kendall": kendall_columns,
}


def scipy_columns(coefficient: str, x: npt.ArrayLike, z: npt.ArrayLike) -> Matrix:
    """The reference: :data:`SCIPY`'s coefficient column by column on the paired rows (NaN: undefined).

    >>> scipy_columns("spearman", [[1.0], [2.0], [2.0]], [[3.0], [1.0], [2.0]]).round(12).tolist()
    [-0.866025403784]
    """
    xm, zm, mask = _paired(x, z)
    out = np.full(xm.shape[1], np.nan)
    for k in np.flatnonzero(defined(xm, zm, mask)):
        value = SCIPY[coefficient](xm[mask[:, k], k], zm[mask[:, k], k])
        out[k] = value if math.isfinite(value) else np.nan
    return out
