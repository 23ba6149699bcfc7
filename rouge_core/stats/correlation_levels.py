"""The correlation of a metric with human judgments at one level: summary, system or global.

A score matrix has one row per system and one column per input (document):
``x[i, j]`` is system i's score on input j, NaN a missing cell. A metric's
matrix ``x`` and the human matrix ``z`` have the same shape; a cell missing in
either is left out of both. Three levels (Lin 2004, section 5; Deutsch, Dror
and Roth 2021, section 2):

* ``summary``: per input j, correlate ``x[:, j]`` with ``z[:, j]`` across systems,
  then average over the inputs where the coefficient is defined (at least 2
  pairs, neither side constant); the others are counted as skipped.
* ``system``: correlate the per-system means over inputs (Spearman and Kendall tie means that
  differ only by the rounding of their sums: :func:`merge_ties`).
* ``global``: correlate all cells at once.

A summary level whose every document has fewer than :data:`MIN_GROUP` (3) summaries, or a system level
with fewer than 3 systems, has no value but a reason (:func:`too_small`): with 2 points every coefficient
is +-1 or undefined, which reads as perfect agreement. Larger levels keep their numbers.

Each level scores a whole stack of (resampled) matrices in a few vectorised calls of
:mod:`rouge_core.stats.coefficients`, whose numbers are scipy.stats's. The public API, with the
bootstrap intervals and the permutation test, is :mod:`rouge_core.stats.correlation`.

>>> correlate([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]], [[1.0, 1.0], [2.0, 3.0], [3.0, 2.0]], "global", "kendall").n_used
6
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterable, Literal, Optional

import numpy as np
import numpy.typing as npt

from .coefficients import COLUMNWISE
from .significance import TIE_TOLERANCE

Level = Literal["summary", "system", "global"]
Coefficient = Literal["pearson", "spearman", "kendall"]
Resample = Literal["systems", "inputs", "both"]
Matrix = npt.NDArray[np.float64]

#: Coefficient name -> its value for every column pair of two rows x columns matrices (NaN: undefined).
COEFFICIENTS: dict[str, Callable[[npt.ArrayLike, npt.ArrayLike], Matrix]] = COLUMNWISE
#: Resampling scheme -> (draw systems (rows)?, draw inputs (columns)?), for the bootstrap and the permutation test.
RESAMPLES: dict[str, tuple[bool, bool]] = {"systems": (True, False), "inputs": (False, True), "both": (True, True)}
#: The fewest summaries per document (summary level) or systems (system level) a correlation is reported for.
MIN_GROUP = 3


@dataclass(frozen=True)
class Correlation:
    """One correlation; NaN when no coefficient is defined.

    ``n_used``/``n_skipped`` count inputs (summary level: averaged / coefficient
    undefined), systems (system level: with / without a paired cell) or cells
    (global level: paired / missing in x or z). ``reason`` says why a level too small for a
    correlation has none (:func:`too_small`; its counts are then 0 used and every group skipped).
    """

    value: float
    level: str
    coefficient: str
    n_used: int
    n_skipped: int
    reason: str = ""


def _summary(x: Matrix, z: Matrix, coefficient: str) -> Matrix:
    # Resample b's inputs side by side: one call scores every input of every resample.
    samples, systems, inputs = x.shape
    flat = [m.transpose(1, 0, 2).reshape(systems, samples * inputs) for m in (x, z)]
    values = COEFFICIENTS[coefficient](*flat).reshape(samples, inputs)
    used = (~np.isnan(values)).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        means: Matrix = np.where(used > 0, np.nansum(values, axis=1) / used, np.nan)
    return means


def _system_means(m: Matrix) -> Matrix:
    counts = (~np.isnan(m)).sum(axis=2)
    exponent = 0
    with np.errstate(over="ignore"):
        sums = np.nansum(m, axis=2)
    if not np.isfinite(sums).all():  # finite scores whose sum overflows (1e308-sized)
        # Summed again in units of the largest score (a power of 2: exact), the means scaled back below.
        exponent = int(np.frexp(np.where(np.isnan(m), 0.0, np.abs(m)).max())[1])
        sums = np.nansum(np.ldexp(m, -exponent), axis=2)
    with np.errstate(invalid="ignore", divide="ignore"):
        means: Matrix = np.ldexp(np.where(counts > 0, sums / counts, np.nan), exponent)
    return means


def merge_ties(values: Matrix) -> Matrix:
    """Each row's values, those within :data:`~rouge_core.stats.significance.TIE_TOLERANCE` times the row's
    largest magnitude of the next smaller one set to the smallest of their run (NaN stays NaN).

    A mean is a sum of floats, and its last bits depend on the order of the sum: two systems with equal
    totals (4 + 4.2 + 4.6 and 4.6 + 4.2 + 4) can get means a few units of the last place apart, which a
    rank coefficient would order instead of tying. Genuinely different means differ by far more.

    >>> merge_ties(np.array([[0.6000000000000001 / 3, 0.2, 0.5, np.nan]])).tolist()
    [[0.2, 0.2, 0.5, nan]]
    """
    order = np.argsort(values, axis=1)  # NaN last
    ordered = np.take_along_axis(values, order, axis=1)
    present = ~np.isnan(ordered)
    tolerance = TIE_TOLERANCE * np.where(present, np.abs(ordered), 0.0).max(axis=1, keepdims=True)
    # "next <= previous + tolerance" rather than a difference, which could overflow between +-1e308.
    close = ordered[:, 1:] <= ordered[:, :-1] + tolerance
    starts = np.concatenate([np.ones((values.shape[0], 1), dtype=bool), ~close], axis=1)
    first = np.maximum.accumulate(np.where(starts, np.arange(values.shape[1]), 0), axis=1)
    merged = np.empty_like(values)
    np.put_along_axis(merged, order, np.take_along_axis(ordered, first, axis=1), axis=1)
    return merged


def _system(x: Matrix, z: Matrix, coefficient: str) -> Matrix:
    # x and z share their NaN cells (see joint_cells): a system with no cell has no mean on either side.
    # Rank coefficients tie means equal up to the rounding of their sums; Pearson is continuous in them.
    means = [_system_means(m) for m in (x, z)]
    if coefficient != "pearson":
        means = [merge_ties(m) for m in means]
    return COEFFICIENTS[coefficient](means[0].T, means[1].T)


def _global(x: Matrix, z: Matrix, coefficient: str) -> Matrix:
    samples = x.shape[0]
    return COEFFICIENTS[coefficient](x.reshape(samples, -1).T, z.reshape(samples, -1).T)


#: Level -> function (x, z, coefficient) -> the correlation of each of a stack of jointly masked
#: (samples x systems x inputs) matrices, NaN where undefined.
LEVELS: dict[str, Callable[[Matrix, Matrix, str], Matrix]] = {
    "summary": _summary,
    "system": _system,
    "global": _global,
}


def joint_cells(x: Matrix, z: Matrix) -> tuple[Matrix, Matrix]:
    """``x`` and ``z`` with a cell missing (NaN) on either side missing on both, so that the system
    means of the two compare the same inputs.

    >>> [m.tolist() for m in joint_cells(np.array([[1.0, np.nan]]), np.array([[np.nan, 2.0]]))]
    [[[nan, nan]], [[nan, nan]]]
    """
    missing = np.isnan(x) | np.isnan(z)
    return np.where(missing, np.nan, x), np.where(missing, np.nan, z)


def level_values(x: Matrix, z: Matrix, level: str, coefficient: str) -> Matrix:
    """The correlation at ``level`` of each matrix pair of two (samples x systems x inputs) stacks.

    >>> x = np.array([[[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]]])
    >>> level_values(x, x, "global", "pearson").round(12).tolist()
    [1.0]
    """
    return LEVELS[level](*joint_cells(x, z), coefficient)


def too_small(x: npt.ArrayLike, z: npt.ArrayLike, level: str) -> str:
    """Why ``level`` has too few summaries per document (summary level) or too few systems (system level)
    for a correlation to mean anything, or "" when it has enough (:data:`MIN_GROUP`). With 2 points a
    coefficient is +-1 or undefined, whatever the scores: it would look like perfect agreement.

    >>> too_small([[1.0, 2.0], [2.0, 1.0]], [[1.0, 1.0], [2.0, 3.0]], "summary")
    'too small: every document has at most 2 summaries scored by both (a correlation needs 3)'
    >>> too_small([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]], [[1.0, 1.0], [2.0, 3.0], [3.0, 2.0]], "system")
    ''
    """
    xj, zj = joint_cells(np.asarray(x, dtype=np.float64), np.asarray(z, dtype=np.float64))
    paired = ~np.isnan(xj)
    if level == "summary":
        most = int(paired.sum(axis=0).max(initial=0))
        if most < MIN_GROUP:
            return (
                f"too small: every document has at most {most} summar{'y' if most == 1 else 'ies'} scored by both "
                f"(a correlation needs {MIN_GROUP})"
            )
    elif level == "system":
        systems = int(paired.any(axis=1).sum())
        if systems < MIN_GROUP:
            plural = "" if systems == 1 else "s"
            return f"too small: {systems} system{plural} scored by both (a correlation needs {MIN_GROUP})"
    return ""


def correlate_matrices(x: Matrix, z: Matrix, level: str, coefficient: str) -> Correlation:
    """:func:`correlate` of matrices :func:`validated_matrices` has checked (no conversion, no checks).

    >>> x = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]])
    >>> correlate_matrices(x, x, "system", "pearson").value
    1.0
    """
    xj, zj = joint_cells(x, z)
    reason = too_small(xj, zj, level)
    if reason:
        groups = x.shape[1] if level == "summary" else x.shape[0]
        return Correlation(math.nan, level, coefficient, 0, groups, reason)
    if level == "summary":
        per_input = COEFFICIENTS[coefficient](xj, zj)
        used = int((~np.isnan(per_input)).sum())
        value = float(np.nansum(per_input) / used) if used else math.nan
        return Correlation(value, level, coefficient, used, x.shape[1] - used)
    value = float(level_values(xj[None], zj[None], level, coefficient)[0])
    if level == "system":
        used = int((~np.isnan(xj)).any(axis=1).sum())
        return Correlation(value, level, coefficient, used, x.shape[0] - used)
    used = int((~np.isnan(xj)).sum())
    return Correlation(value, level, coefficient, used, x.size - used)


def _matrix(name: str, value: npt.ArrayLike) -> Matrix:
    try:
        m = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"invalid {name}: expected a 2-D array of numbers (NaN = missing)") from None
    if m.ndim != 2:
        raise ValueError(f"invalid {name}: expected a 2-D array (systems x inputs), got {m.ndim} dimension(s)")
    if np.isinf(m).any():
        raise ValueError(f"invalid {name}: values must be finite numbers or NaN")
    return m


def _choice(name: str, value: object, allowed: Iterable[str]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"invalid {name}={value!r}: allowed values are {', '.join(allowed)}")


def validated_matrices(
    named: dict[str, npt.ArrayLike], level: str, coefficient: str, resample: Optional[str] = None
) -> list[Matrix]:
    """The named arrays as float matrices of one shape, checked for ``level``, ``coefficient`` and
    ``resample`` (a ``ValueError`` names the argument that is wrong).

    >>> validated_matrices({"x": [[1, 2], [3, 4]], "z": [[1, 2]]}, "system", "kendall")
    Traceback (most recent call last):
    ...
    ValueError: invalid z: shape (1, 2) differs from x's shape (2, 2)
    """
    names = list(named)
    mats = [_matrix(name, named[name]) for name in names]
    first, shape = names[0], mats[0].shape
    for name, m in zip(names[1:], mats[1:]):
        if m.shape != shape:
            raise ValueError(f"invalid {name}: shape {m.shape} differs from {first}'s shape {shape}")
    _choice("level", level, LEVELS)
    _choice("coefficient", coefficient, COEFFICIENTS)
    if level != "global" and shape[0] < 2:
        raise ValueError(f"invalid {first}: the {level} level needs at least 2 systems (rows), got {shape[0]}")
    if shape[0] * shape[1] < 2:
        raise ValueError(f"invalid {first}: at least 2 cells are needed, got {shape[0] * shape[1]}")
    if resample is not None:
        _choice("resample", resample, RESAMPLES)
        for axis, (drawn, what) in enumerate(zip(RESAMPLES[resample], ("systems (rows)", "inputs (columns)"))):
            if drawn and shape[axis] < 2:
                raise ValueError(f"invalid {first}: resample={resample!r} needs at least 2 {what}, got {shape[axis]}")
    return mats


def correlate(x: npt.ArrayLike, z: npt.ArrayLike, level: Level, coefficient: Coefficient) -> Correlation:
    """Correlation of metric scores ``x`` with human scores ``z`` (systems x inputs) at ``level``.

    >>> x = [[1.0, 2.0], [2.0, 1.0], [6.0, 3.0]]
    >>> z = [[1.0, 1.0], [3.0, 2.0], [2.0, 3.0]]
    >>> round(correlate(x, z, "system", "kendall").value, 12)  # tau-b with one tie on each side
    0.5
    """
    xm, zm = validated_matrices({"x": x, "z": z}, level, coefficient)
    return correlate_matrices(xm, zm, level, coefficient)
