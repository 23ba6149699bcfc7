"""From counts to scores: precision, recall, F, rounding rules, several references.

Each profile has its own rules:

* ``rouge155``: R and P rounded to 5 decimals first, F computed from the rounded
  values as ``P*R / ((1-alpha)*P + alpha*R)`` and rounded again;
* ``rouge-score`` and ``paper``: no rounding, F in the paper's beta form
  ``(1+beta^2) P R / (beta^2 P + R)`` with beta^2 = (1-alpha)/alpha (for alpha =
  0.5 exactly rouge-score's ``2 P R / (P + R)``).

The rules live here once, in two shapes that do the same floating-point operations in the
same order: :func:`score` for one pair (the per-pair engine, where a numpy call per measure
would cost more than the arithmetic) and :func:`scores` on columns (the chunk engine and the
corpus pooling). ``tests/unit/test_rules_once.py`` checks they agree bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import numpy as np


@dataclass(frozen=True)
class Counts:
    """hit (matches), model (reference total) and peer (candidate total) for one measure."""

    hit: float
    model: float
    peer: float

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.hit + other.hit, self.model + other.model, self.peer + other.peer)


@dataclass(frozen=True)
class Score:
    precision: float
    recall: float
    fmeasure: float


ZERO = Score(0.0, 0.0, 0.0)


def round5(x: float) -> float:
    """Round like C's ``printf("%7.5f")`` and read the string back.

    >>> round5(2 / 9), round5(0.0546875)
    (0.22222, 0.05469)
    """
    return float("%.5f" % x)


def f_perl(p: float, r: float, alpha: float) -> float:
    """ROUGE-1.5.5's F from (already rounded) P and R.

    >>> f_perl(0.14286, 0.5, 0.5)
    0.22223
    """
    d = (1 - alpha) * p + alpha * r
    return round5(p * r / d) if d > 0 else 0.0


def f_beta(p: float, r: float, alpha: float) -> float:
    """The paper's F-measure with beta^2 = (1 - alpha) / alpha.

    >>> f_beta(0.5, 0.25, 0.5) == 2 * 0.5 * 0.25 / 0.75
    True
    >>> f_beta(0.5, 0.25, 5e-324)  # beta^2 overflows; F is still R
    0.25
    """
    if alpha == 0:
        return r
    b2 = (1 - alpha) / alpha
    d = b2 * p + r
    f = (1 + b2) * p * r / d if d > 0 else 0.0
    if not math.isfinite(f):
        # alpha below about 5.6e-309: beta^2 overflows (inf / inf). The same F in alpha form,
        # P R / ((1 - alpha) P + alpha R), has no overflow.
        d = (1 - alpha) * p + alpha * r
        f = p * r / d if d > 0 else 0.0
    # Rounding can step an ulp past 1 (F = 1.0000000000000002 for P = 1, R = 0.75,
    # alpha = 1 - 1e-16). Below 1 the value is left as computed: rouge-score's own
    # 2PR/(P+R) gives 0.4000000000000001 for P = R = 0.4, and that profile must match it;
    # the paper's union LCS without a hit budget has P > 1 and F > 1, as written.
    return min(f, max(p, r, 1.0))


def ratio(num: float, den: float, inverse: Optional[Callable[[float], float]] = None) -> float:
    """num/den (0 when den is 0), mapped through f^-1 for ROUGE-W."""
    if den <= 0:
        return 0.0
    x = num / den
    return inverse(x) if inverse is not None else x


def pool(per_ref: Sequence[Counts]) -> Counts:
    """Several references' counts as one (``multi_ref="pooled"``, ROUGE-1.5.5's ``-f A`` totals):
    added one after the other from the first, the order every path keeps (ROUGE-W's counts are
    floats, whose sum depends on it).

    >>> pool([Counts(1, 4, 4), Counts(3, 5, 4)])
    Counts(hit=4, model=9, peer=8)
    """
    if not per_ref:
        raise ValueError("pool() needs at least one reference's counts")
    total = per_ref[0]
    for c in per_ref[1:]:
        total = total + c
    return total


def pool_rows(values: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """:func:`pool` on a column: per group ``g``, ``values[starts[g]:ends[g]]`` (at least one row)
    added one after the other from the first, so every float sum is :func:`pool`'s.

    >>> pool_rows(np.array([1.0, 2.0, 4.0, 8.0]), np.array([0, 3]), np.array([3, 4])).tolist()
    [7.0, 8.0]
    """
    starts, ends = np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64)
    total = np.array(values[starts], dtype=np.float64)
    size = ends - starts
    for q in range(1, int(size.max(initial=1))):  # the q-th reference of every group that has one
        more = size > q
        total[more] += values[starts[more] + q]
    return total


def selection(hit: float, base: float, rounded: bool = False, w: Optional[float] = None) -> float:
    """One reference's ``-f B`` value, by which ``multi_ref="best"`` picks (ROUGE-1.5.5's rule):
    hit / base (0 when base is 0), through f^-1 for ROUGE-W (``w``), rounded to 5 decimals when
    ``rounded`` (ROUGE-1.5.5 rounds the n-gram and skip-bigram ones, not the LCS ones).

    >>> selection(1, 3), selection(1, 3, rounded=True), selection(1, 0), selection(1.0, 4.0, w=2.0)
    (0.3333333333333333, 0.33333, 0.0, 0.5)
    """
    if base <= 0:
        return 0.0
    x = hit / base if w is None else wlcs_inverse(hit / base, w)  # ratio's rule, without a closure
    return round5(x) if rounded else x


def score(counts: Counts, rounded: bool, alpha: float, inverse: Optional[Callable[[float], float]] = None) -> Score:
    """P, R, F of one measure from its counts; ``rounded``: ROUGE-1.5.5's rule (R and P to 5 decimals,
    F from those, see :attr:`rouge_core.profiles.Profile.rounding`).

    >>> score(Counts(3, 4, 4), True, 0.5)
    Score(precision=0.75, recall=0.75, fmeasure=0.75)
    >>> score(Counts(1, 3, 6), False, 0.5).fmeasure == 2 / 9
    True
    """
    _check_rounded(rounded)
    r = ratio(counts.hit, counts.model, inverse)
    p = ratio(counts.hit, counts.peer, inverse)
    if rounded:
        r, p = round5(r), round5(p)
        return Score(p, r, f_perl(p, r, alpha))
    return Score(p, r, f_beta(p, r, alpha))


def wlcs_inverse(x: float, w: float) -> float:
    """ROUGE-W's f^-1 for f(k) = k^w: ``x ** (1 / w)``, Python's (the C library's) pow.

    Every path maps a weighted ratio back through this one function; numpy's vectorised
    ``np.power`` is not used because on some CPUs (AVX-512) it differs from it in the last bit.

    >>> wlcs_inverse(0.25, 2.0), wlcs_inverse(0.0, 1.2)
    (0.5, 0.0)
    """
    r: float = x ** (1 / w)  # float ** float is typed Any (a negative base gives a complex)
    return r


def wlcs_inverse_all(x: np.ndarray, w: float) -> np.ndarray:
    """:func:`wlcs_inverse` element by element.

    >>> wlcs_inverse_all(np.array([0.25, 0.0]), 2.0).tolist()
    [0.5, 0.0]
    """
    return np.array([wlcs_inverse(v, w) for v in np.asarray(x, dtype=np.float64).tolist()], dtype=np.float64)


#: :func:`round5_all` computes in numpy where ``|x * 1e5|`` is below this (2**29): there the
#: product's rounding error, at most 2**-25, is far below :data:`_TIE_MARGIN`.
_FAST_BELOW = 2.0**29
#: How far from a half (``k + 0.5``) the rounded product must be for its nearest whole number to be
#: that of the exact product (the error bound 2**-25 with room to spare).
_TIE_MARGIN = 2.0**-20


def round5_all(a: np.ndarray) -> np.ndarray:
    """:func:`round5` element by element, bit for bit, computed in numpy.

    ``"%.5f"`` gives the whole number ``k`` nearest to the exact ``x * 10**5`` (ties to even), and
    reading it back gives the double nearest to ``k / 10**5``; ``k / 1e5`` in floating point is
    that double too (IEEE division rounds the exact quotient of two exact operands correctly). The
    product ``x * 1e5`` in floating point is off by at most 2**-25 below 2**29, so wherever it is
    further than :data:`_TIE_MARGIN` from a half its nearest whole number is ``k``. The few values
    near a half (a true tie such as 1/64 among them), the large, the infinite and NaN take
    :func:`round5` itself. ``tests/property/test_round5_columns.py`` compares every value.

    >>> round5_all(np.array([2 / 9, 0.0546875, 1 / 64])).tolist()
    [0.22222, 0.05469, 0.01562]
    """
    x = np.asarray(a, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        y = x * 1e5
        k = np.rint(y)
        fast = (np.abs(y) < _FAST_BELOW) & (np.abs(y - k) < 0.5 - _TIE_MARGIN)
    out: np.ndarray = k / 1e5
    if not fast.all():
        slow = ~fast
        out[slow] = [round5(v) for v in x[slow].tolist()]
    return out


def ratios(num: np.ndarray, den: np.ndarray, w: Optional[float] = None) -> np.ndarray:
    """:func:`ratio` element by element: num/den (0 where den is 0), through f^-1 for ROUGE-W (``w``).

    >>> ratios(np.array([1.0, 1.0, 4.0]), np.array([4.0, 0.0, 16.0]), 2.0).tolist()
    [0.5, 0.0, 0.5]
    """
    out = np.zeros(np.shape(num))
    np.divide(num, den, out=out, where=np.asarray(den) > 0)
    return wlcs_inverse_all(out, w) if w is not None else out


def f_perl_all(p: np.ndarray, r: np.ndarray, alpha: float, rounded: bool = True) -> np.ndarray:
    """:func:`f_perl` element by element; ``rounded=False``: the same form unrounded, which is
    ROUGE-1.5.5's corpus F (``-t 1``: from the pooled, unrounded R and P; no clamp).

    >>> f_perl_all(np.array([0.14286, 0.0]), np.array([0.5, 0.0]), 0.5).tolist()
    [0.22223, 0.0]
    >>> f_perl_all(np.array([0.25]), np.array([0.5]), 0.5, rounded=False).tolist()
    [0.3333333333333333]
    """
    d = (1 - alpha) * p + alpha * r
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        f = np.where(d > 0, p * r / np.where(d > 0, d, 1.0), 0.0)
    return np.where(d > 0, round5_all(f), 0.0) if rounded else f


def f_beta_all(p: np.ndarray, r: np.ndarray, alpha: float) -> np.ndarray:
    """:func:`f_beta` element by element: the same operations, overflow fallback and clamp.

    >>> f_beta_all(np.array([0.5, 0.0]), np.array([0.25, 0.0]), 0.5).tolist() == [f_beta(0.5, 0.25, 0.5), 0.0]
    True
    """
    if alpha == 0:
        return np.array(r, dtype=np.float64)
    b2 = (1 - alpha) / alpha
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        d = b2 * p + r
        f = np.where(d > 0, (1 + b2) * p * r / np.where(d > 0, d, 1.0), 0.0)
        bad = ~np.isfinite(f)
        if bad.any():  # beta^2 overflowed: the alpha form (see f_beta)
            f = np.where(bad, f_perl_all(p, r, alpha, rounded=False), f)
        # an ulp past 1 is clamped, below 1 nothing changes (see f_beta)
        clamped: np.ndarray = np.minimum(f, np.maximum(np.maximum(p, r), 1.0))
    return clamped


def scores(
    hit: np.ndarray,
    model: np.ndarray,
    peer: np.ndarray,
    rounded: bool,
    alpha: float,
    w: Optional[float] = None,
    perl_corpus: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(P, R, F) columns: :func:`score` element by element, the same operations in the same order
    (``w``: ROUGE-W's f^-1). ``perl_corpus``: ROUGE-1.5.5's corpus F of pooled counts (``-t 1``),
    :func:`f_perl_all` unrounded, instead of the paper's form; only with ``rounded=False`` (the
    corpus rounds when it prints).

    >>> p, r, f = scores(np.array([1.0, 0.0]), np.array([3.0, 0.0]), np.array([6.0, 2.0]), False, 0.5)
    >>> f.tolist() == [2 / 9, 0.0]
    True
    >>> scores(np.array([1.0]), np.array([2.0]), np.array([7.0]), True, 0.5)[2].tolist()
    [0.22223]
    """
    _check_rounded(rounded)
    if rounded and perl_corpus:
        raise ValueError("perl_corpus is ROUGE-1.5.5's unrounded corpus F: use it with rounded=False")
    r = ratios(hit, model, w)
    p = ratios(hit, peer, w)
    if rounded:
        r, p = round5_all(r), round5_all(p)
        return p, r, f_perl_all(p, r, alpha)
    if perl_corpus:
        return p, r, f_perl_all(p, r, alpha, rounded=False)
    return p, r, f_beta_all(p, r, alpha)


def pick_best(values: Sequence[float]) -> int:
    """Index of the largest value; on a tie the earliest wins (Perl's strict ``>``, numpy's argmax).

    >>> pick_best([0.5, 0.7, 0.7])
    1
    """
    best = 0
    for i, v in enumerate(values):
        if v > values[best]:
            best = i
    return best


def _check_rounded(rounded: bool) -> None:
    if not isinstance(rounded, bool):
        raise TypeError(f"rounded must be True or False, not {type(rounded).__name__}")


def mean_score(scores: Sequence[Score], rounded: bool) -> Score:
    """Average of several scores (jackknifing); each average rounded to 5 decimals when ``rounded``."""
    _check_rounded(rounded)
    if not scores:
        return ZERO
    k = len(scores)
    p = sum(s.precision for s in scores) / k
    r = sum(s.recall for s in scores) / k
    f = sum(s.fmeasure for s in scores) / k
    if rounded:
        return Score(round5(p), round5(r), round5(f))
    return Score(p, r, f)
