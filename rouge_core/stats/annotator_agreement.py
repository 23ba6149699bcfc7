"""Do annotators agree? Krippendorff's alpha, and the units where they disagree most.

Reliability data is a matrix with one row per annotator (coder) and one column
per unit, NaN where an annotator gave no value; categories are coded as numbers.
Alpha follows the coincidence-matrix computation of Krippendorff (2011),
"Computing Krippendorff's Alpha-Reliability":

* a unit with m_u >= 2 values is pairable; the others are dropped. Each pairable
  unit adds, for every ordered pair of values from two different annotators,
  1 / (m_u - 1) to the coincidence o_ck of the pair's values c and k;
* n_c = sum_k o_ck and n = sum_c n_c (the number of pairable values);
* alpha = 1 - D_o / D_e = 1 - (n - 1) * sum_ck o_ck d2_ck / sum_ck n_c n_k d2_ck,
  with d2 the squared difference of the level of measurement (:data:`DISTANCES`).

alpha = 1 is perfect agreement, 0 agreement at chance. With no pairable unit or
an expected disagreement of 0 (every pairable value the same) alpha is NaN and
``reason`` says why.

>>> krippendorff_alpha([[1, 2, 3, 3], [1, 2, 3, 4]], "nominal").alpha
0.6956521739130435
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Hashable, Literal, Sequence

import numpy as np
import numpy.typing as npt

Measurement = Literal["nominal", "ordinal", "interval"]
Matrix = npt.NDArray[np.float64]


def _nominal(values: Matrix, totals: Matrix) -> Matrix:
    return 1.0 - np.eye(values.size)


def _ordinal(values: Matrix, totals: Matrix) -> Matrix:
    # Krippendorff's ordinal metric: (sum of n_g for g from c to k, minus (n_c + n_k) / 2)^2,
    # ranks taken from the marginal sums of the coincidence matrix.
    idx = np.arange(values.size)
    lo, hi = np.minimum.outer(idx, idx), np.maximum.outer(idx, idx)
    cumulative = np.cumsum(totals)
    between = cumulative[hi] - cumulative[lo] + totals[lo]
    distance: Matrix = (between - np.add.outer(totals, totals) / 2.0) ** 2
    return distance


def _interval(values: Matrix, totals: Matrix) -> Matrix:
    distance: Matrix = np.subtract.outer(values, values) ** 2
    return distance


#: Levels whose distance d2 scales with the square of the values (the others depend on their order only).
SCALED = frozenset({"interval"})
#: Level of measurement -> squared distance d2 between the sorted values (given the marginal sums n_c).
DISTANCES: dict[str, Callable[[Matrix, Matrix], Matrix]] = {
    "nominal": _nominal,
    "ordinal": _ordinal,
    "interval": _interval,
}


@dataclass(frozen=True)
class Coincidences:
    """The coincidence matrix ``matrix[c, k]`` = o_ck of the sorted distinct pairable ``values``."""

    values: tuple[float, ...]
    matrix: Matrix
    pairable_units: int

    @property
    def totals(self) -> Matrix:
        """The marginal sums n_c (row sums of the symmetric matrix)."""
        totals: Matrix = self.matrix.sum(axis=1)
        return totals


@dataclass(frozen=True)
class Alpha:
    """Krippendorff's alpha at one level of measurement; NaN with a ``reason`` when undefined.

    ``values`` is n, the number of pairable values; ``observed`` and ``expected``
    are the disagreements D_o and D_e (NaN when there is no pairable unit; inf when beyond the float
    range, as the interval level's squared differences of 1e308-sized values are: alpha is still exact).
    """

    alpha: float
    level: str
    pairable_units: int
    values: int
    observed: float
    expected: float
    reason: str = ""


@dataclass(frozen=True)
class Disagreement:
    """A unit whose values span ``spread`` (max - min), with each annotator's value (missing ones left out)."""

    unit: Hashable
    spread: float
    values: tuple[tuple[Hashable, float], ...]


def _reliability(matrix: npt.ArrayLike) -> Matrix:
    try:
        data = np.asarray(matrix, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(
            "invalid matrix: expected a 2-D array of numbers (annotators x units, NaN = missing)"
        ) from None
    if data.ndim != 2:
        raise ValueError(f"invalid matrix: expected a 2-D array (annotators x units), got {data.ndim} dimension(s)")
    if np.isinf(data).any():
        raise ValueError("invalid matrix: values must be finite numbers or NaN")
    return data


def coincidences(matrix: npt.ArrayLike) -> Coincidences:
    """The coincidence matrix of reliability data (annotators x units, NaN = missing).

    >>> c = coincidences([[1, 1, 2], [1, 2, np.nan]])
    >>> c.values, c.matrix.tolist(), c.pairable_units
    ((1.0, 2.0), [[2.0, 1.0], [1.0, 0.0]], 2)
    """
    data = _reliability(matrix)
    present = ~np.isnan(data)
    pairable = data[:, present.sum(axis=0) >= 2]
    values = np.unique(pairable[~np.isnan(pairable)])
    # counts[u, c]: how many annotators gave unit u the value c
    counts = np.zeros((pairable.shape[1], values.size))
    units, annotators = np.nonzero(~np.isnan(pairable.T))
    np.add.at(counts, (units, np.searchsorted(values, pairable.T[units, annotators])), 1.0)
    weights = counts / (counts.sum(axis=1, keepdims=True) - 1.0)
    # Ordered pairs within a unit: n_uc * n_uk pairs, minus the n_uc pairs of a value with itself.
    coincidence = weights.T @ counts - np.diag(weights.sum(axis=0))
    return Coincidences(tuple(float(v) for v in values), coincidence, int(pairable.shape[1]))


def krippendorff_alpha(matrix: npt.ArrayLike, level: Measurement = "interval") -> Alpha:
    """Krippendorff's alpha of reliability data (annotators x units, NaN = missing) at ``level``.

    >>> a = krippendorff_alpha([[3, 3], [3, 3]], "ordinal")
    >>> a.alpha, a.reason
    (nan, 'expected disagreement is 0: every pairable value is 3')
    """
    if not isinstance(level, str) or level not in DISTANCES:
        raise ValueError(f"invalid level={level!r}: allowed values are {', '.join(DISTANCES)}")
    table = coincidences(matrix)
    totals = table.totals
    n = float(totals.sum())
    if table.pairable_units == 0:
        reason = "no pairable unit: every unit has fewer than 2 values"
        return Alpha(math.nan, level, 0, 0, math.nan, math.nan, reason)
    # The values in units of the largest magnitude (a power of 2: exact), so that the interval level's squared
    # differences of 1e308-sized values do not overflow; both disagreements scale by the unit squared, and
    # alpha, their ratio, not at all (nominal and ordinal distances do not depend on the values' size).
    values = np.asarray(table.values)
    exponent = int(np.frexp(np.abs(values).max())[1])
    distance = DISTANCES[level](np.ldexp(values, -exponent), totals)
    observed = float((table.matrix * distance).sum()) / n
    expected = float((np.outer(totals, totals) * distance).sum()) / (n * (n - 1.0))
    power = 2 * exponent if level in SCALED else 0
    reported = (_unscaled(observed, power), _unscaled(expected, power))
    if expected == 0:
        # D_e = 0 only when a single value occurs (every level's distance is positive between distinct values).
        reason = f"expected disagreement is 0: every pairable value is {table.values[0]:g}"
        return Alpha(math.nan, level, table.pairable_units, round(n), *reported, reason)
    return Alpha(1.0 - observed / expected, level, table.pairable_units, round(n), *reported)


def _unscaled(value: float, power: int) -> float:
    """A disagreement (>= 0, or NaN) times 2^power: in the data's units, inf beyond the float range."""
    try:
        return math.ldexp(value, power)
    except OverflowError:
        return math.inf


def disagreements(
    matrix: npt.ArrayLike, unit_ids: Sequence[Hashable], annotator_ids: Sequence[Hashable], threshold: float
) -> list[Disagreement]:
    """The units whose values span more than ``threshold`` (max - min), largest spread first, for review.

    Ties keep the units' order; a unit with fewer than 2 values has no spread.

    >>> rows = disagreements([[1, 5, 2], [2, 1, np.nan]], ["u1", "u2", "u3"], ["ann", "bob"], threshold=1)
    >>> [(d.unit, d.spread, d.values) for d in rows]
    [('u2', 4.0, (('ann', 5.0), ('bob', 1.0)))]
    """
    data = _reliability(matrix)
    if len(unit_ids) != data.shape[1] or len(annotator_ids) != data.shape[0]:
        raise ValueError(
            f"invalid unit_ids/annotator_ids: got {len(unit_ids)} units and {len(annotator_ids)} annotators "
            f"for a matrix of {data.shape[0]} annotators x {data.shape[1]} units"
        )
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold < math.inf:
        raise ValueError(f"invalid threshold={threshold!r}: allowed values are finite numbers >= 0")
    found = []
    for j, unit in enumerate(unit_ids):
        given = [(annotator_ids[i], float(v)) for i, v in enumerate(data[:, j]) if not math.isnan(v)]
        if len(given) >= 2:
            spread = max(v for _, v in given) - min(v for _, v in given)
            if spread > threshold:
                found.append(Disagreement(unit, spread, tuple(given)))
    return sorted(found, key=lambda d: -d.spread)
