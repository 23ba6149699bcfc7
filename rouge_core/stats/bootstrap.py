"""Bootstrap confidence intervals.

Two procedures live here:

* ROUGE-1.5.5's resampling, reproduced exactly (profile ``rouge155``): before
  resample ``s`` the script calls ``srand(s)``; Perl (>= 5.20, every platform)
  then draws with its own drand48, so the indices, and hence the printed
  averages and intervals, are deterministic. The printed "average" is the mean
  of the resample means, not the plain mean of the instances.
* a plain percentile bootstrap for the other profiles, driven by a
  ``numpy.random.Generator`` built from an explicit seed (no global state).

>>> perl_interval([0.5] * 10, 95.0)
(0.5, 0.5, 0.5)
"""

from __future__ import annotations

from typing import Iterator, Optional, Sequence

import numpy as np

from .. import kernels
from ..kernels import backend
from ..measures.scoring import round5

#: drand48 multiplier, increment and the seed's low word (POSIX; Perl's ``Perl_drand48_r``).
DRAND48_A = 0x5DEECE66D
DRAND48_C = 0xB
DRAND48_LOW = 0x330E
_MASK48 = (1 << 48) - 1
_TWO48 = float(1 << 48)


class Drand48:
    """Perl's random generator: ``srand(seed)`` then ``rand()``, as perl >= 5.20 computes it.

    State x starts at ``seed * 2**16 + 0x330E``; every draw sets
    ``x = (0x5DEECE66D * x + 0xB) mod 2**48`` and returns ``x / 2**48``.

    >>> g = Drand48(0)
    >>> g.state
    13070
    >>> g.next_state()
    48083817484545
    >>> Drand48(0).random()
    0.17082803610628972
    >>> Drand48(0).index(92)  # Perl: srand(0); int(rand(92))
    15
    """

    def __init__(self, seed: int) -> None:
        self.state = (seed * 65536 + DRAND48_LOW) & _MASK48

    def next_state(self) -> int:
        """Advance the generator and return the new 48-bit state."""
        self.state = (DRAND48_A * self.state + DRAND48_C) & _MASK48
        return self.state

    def random(self) -> float:
        """The next value in [0, 1) (exact: the state divided by 2**48)."""
        return self.next_state() / _TWO48

    def index(self, n: int) -> int:
        """``int(rand(n))``: an index in ``range(n)``."""
        return int(n * self.random())


def _steps(t: int) -> tuple[int, int]:
    """(A, C) with ``x_t = (A x_0 + C) mod 2**48`` after ``t`` drand48 steps (squaring the affine map).

    >>> g = Drand48(5); _ = [g.next_state() for _ in range(7)]
    >>> a, c = _steps(7); (a * Drand48(5).state + c) & _MASK48 == g.state
    True
    """
    a, c = 1, 0
    sq_a, sq_c = DRAND48_A, DRAND48_C
    while t:
        if t & 1:  # powers of one map commute: the order of composition does not matter
            a, c = (sq_a * a) & _MASK48, (sq_a * c + sq_c) & _MASK48
        sq_a, sq_c = (sq_a * sq_a) & _MASK48, (sq_a * sq_c + sq_c) & _MASK48
        t >>= 1
    return a, c


def perl_draws(n: int, seeds: np.ndarray, first: int, stop: int) -> np.ndarray:
    """Draws ``first`` to ``stop - 1`` (from 0) of ``int(rand(n))`` after ``srand(seed)``, one row per seed.

    Vectorised over seeds and draws: draw ``j``'s state is ``A_j x_0 + C_j`` with ``A_j = a^j`` and
    ``C_j = c (1 + a + ... + a^(j-1))``, computed with wrapping 64-bit arithmetic (2**48 divides
    2**64, so the low 48 bits are exact). Any slice of draws is computed alone, so a bootstrap
    row longer than memory allows is drawn in pieces.

    >>> perl_draws(92, np.array([0, 1], dtype=np.uint64), 1, 3).tolist()
    [[68, 8], [41, 76]]
    """
    t = stop - first
    a0, c0 = _steps(first + 1)  # the state of the piece's first draw
    powers = np.full(t, DRAND48_A, dtype=np.uint64)
    powers[:1] = 1
    powers = np.cumprod(powers, dtype=np.uint64)  # a^u mod 2**64 (wraps)
    offsets = np.zeros(t, dtype=np.uint64)
    offsets[1:] = np.cumsum(powers[:-1], dtype=np.uint64)
    offsets *= np.uint64(DRAND48_C)  # c (1 + a + ... + a^(u-1))
    mask = np.uint64(_MASK48)
    x0 = np.asarray(seeds, dtype=np.uint64) * np.uint64(65536) + np.uint64(DRAND48_LOW)
    start = (np.uint64(a0) * x0 + np.uint64(c0)) & mask
    state = (powers[None, :] * start[:, None] + offsets[None, :]) & mask
    # n * u in double precision, then truncation: Perl's int(rand(n)).
    draws: np.ndarray = (float(n) * (state.astype(np.float64) / _TWO48)).astype(np.int64)
    return draws


def perl_resample_indices(n: int, samples: int, start: int = 0) -> np.ndarray:
    """The instance indices ROUGE-1.5.5 draws: row ``s`` holds the ``n`` draws after ``srand(start + s)``.

    Rows are independent, so a block of rows (``start``, ``samples``) can be drawn alone: see
    :func:`index_blocks`; and so can a slice of a row: see :func:`perl_draws`.

    >>> perl_resample_indices(92, 2)[:, :3].tolist()
    [[15, 68, 8], [3, 41, 76]]
    >>> perl_resample_indices(92, 1, start=1)[:, :3].tolist()
    [[3, 41, 76]]
    """
    return perl_draws(n, np.arange(start, start + samples, dtype=np.uint64), 0, n)


#: Most indices (or gathered values) held at once while resampling: 32 MB of int64.
BLOCK_CELLS = 4_000_000


def index_blocks(
    n: int, samples: int, perl: bool, rng: Optional[np.random.Generator] = None, cells: int = BLOCK_CELLS
) -> Iterator[np.ndarray]:
    """The bootstrap's index rows in blocks of at most ``cells`` indices (memory bounded by the block).

    ``perl``: ROUGE-1.5.5's draws (:func:`perl_resample_indices`); otherwise ``rng``'s,
    identical to one :func:`bootstrap_indices` call of all rows. A block holds at least one
    whole row (``n`` indices); :func:`index_pieces` also cuts rows.

    >>> np.vstack(list(index_blocks(92, 5, True, cells=200))).tolist() == perl_resample_indices(92, 5).tolist()
    True
    >>> a = np.vstack(list(index_blocks(7, 9, False, np.random.default_rng(3), cells=10)))
    >>> (a == bootstrap_indices(7, 9, np.random.default_rng(3))).all()
    np.True_
    """
    rows = max(1, cells // max(n, 1))
    if not perl and rng is None:
        raise ValueError("invalid rng=None: the numpy bootstrap needs a Generator")
    for start in range(0, samples, rows):
        k = min(rows, samples - start)
        yield perl_resample_indices(n, k, start) if perl or rng is None else rng.integers(0, n, size=(k, n))


def index_pieces(
    n: int, samples: int, perl: bool, rng: Optional[np.random.Generator] = None, cells: int = BLOCK_CELLS
) -> Iterator[tuple[int, int, np.ndarray]]:
    """The bootstrap's indices as ``(first row, first column, block)``, each block at most ``cells`` indices.

    Whole rows while a row fits (``n <= cells``), else one row cut into slices of ``cells``
    draws, in the generator's order: ``rng`` draws a row's slices one after the other, which
    gives the same numbers as one call for the whole row.

    >>> [(r, c, b.shape) for r, c, b in index_pieces(5, 3, True, cells=2)]
    [(0, 0, (1, 2)), (0, 2, (1, 2)), (0, 4, (1, 1)), (1, 0, (1, 2)), (1, 2, (1, 2)), (1, 4, (1, 1)), \
(2, 0, (1, 2)), (2, 2, (1, 2)), (2, 4, (1, 1))]
    >>> a = np.hstack([b for _, _, b in index_pieces(9, 4, False, np.random.default_rng(1), cells=4)]).reshape(4, 9)
    >>> (a == bootstrap_indices(9, 4, np.random.default_rng(1))).all()
    np.True_
    """
    cells = max(1, cells)
    if n <= cells:
        row = 0
        for block in index_blocks(n, samples, perl, rng, cells):
            yield row, 0, block
            row += len(block)
        return
    if not perl and rng is None:
        raise ValueError("invalid rng=None: the numpy bootstrap needs a Generator")
    for s in range(samples):
        for j in range(0, n, cells):
            stop = min(n, j + cells)
            if perl or rng is None:
                yield s, j, perl_draws(n, np.array([s], dtype=np.uint64), j, stop)
            else:
                yield s, j, rng.integers(0, n, size=(1, stop - j))


def _add_in_order(columns: np.ndarray, indices: np.ndarray, carry: np.ndarray) -> np.ndarray:
    # carry + v[i_0] + v[i_1] + ..., left to right, one value column at a time (``columns`` is
    # the values transposed): cumsum accumulates one element after the other (never pairwise),
    # so every bit equals a Python loop's. Gathering a column at a time is several times faster
    # than gathering whole rows.
    out = np.empty_like(carry)
    for c in range(columns.shape[0]):
        block = columns[c][indices]  # (rows, draws)
        block[:, 0] = carry[:, c] + block[:, 0]
        np.cumsum(block, axis=1, out=block)
        out[:, c] = block[:, -1]
    return out


def resample_sums(values: np.ndarray, indices: np.ndarray, cells: int = BLOCK_CELLS) -> np.ndarray:
    """Per resample, the sum of the drawn rows of ``values``, added in draw order.

    ``values`` has one row per instance (any number of columns); the result has
    one row per resample. The left-to-right order matters for the last bit,
    which can move a 5-decimal rounding. At most about ``cells`` values are gathered at once.

    >>> resample_sums(np.array([[1.0], [2.0]]), np.array([[0, 1], [1, 1]])).tolist()
    [[3.0], [4.0]]
    """
    samples, n = indices.shape
    columns = np.ascontiguousarray(values.T, dtype=np.float64)
    total = np.zeros((samples, values.shape[1]), dtype=np.float64)
    step = max(1, cells // max(1, samples))
    for j in range(0, n, step):
        total = _add_in_order(columns, indices[:, j : j + step], total)
    return total


def bootstrap_sums(
    values: np.ndarray, samples: int, perl: bool, rng: Optional[np.random.Generator] = None, cells: int = BLOCK_CELLS
) -> np.ndarray:
    """Per resample (row), the sum of ``n`` rows of ``values`` drawn with replacement, in draw order.

    The draws are ROUGE-1.5.5's (``perl``) or ``rng``'s, as :func:`index_blocks` makes them; the
    sums equal :func:`resample_sums` of every index row at once. Memory is bounded by ``cells``:
    at most ``cells`` indices and ``cells`` gathered values at a time, at any ``n``.

    >>> v = np.array([[0.1], [0.2], [0.7]])
    >>> (bootstrap_sums(v, 50, True, cells=2) == resample_sums(v, perl_resample_indices(3, 50))).all()
    np.True_
    """
    n, cols = values.shape
    out = np.zeros((samples, cols), dtype=np.float64)
    if n == 0:
        return out
    columns = np.ascontiguousarray(values.T, dtype=np.float64)
    if _compiled_sums(out, values, columns, samples, perl, rng, cells):
        return out
    for row, _, idx in index_pieces(n, samples, perl, rng, cells):
        k = idx.shape[0]
        out[row : row + k] = _add_in_order(columns, idx, out[row : row + k])
    return out


def _compiled_sums(
    out: np.ndarray,
    values: np.ndarray,
    columns: np.ndarray,
    samples: int,
    perl: bool,
    rng: Optional[np.random.Generator],
    cells: int,
) -> bool:
    """:func:`bootstrap_sums` by :mod:`rouge_core.kernels.bootstrap` (the same additions; no index block
    held for Perl's draws) into ``out``; False, with ``out`` untouched, under pure Python (the numpy
    code then sums). The kernels are compiled and checked before the first draw is taken
    (:func:`rouge_core.kernels.backend.ready`)."""
    if not backend.ready(kernels.BOOTSTRAP):
        return False
    bootstrap = kernels.served("bootstrap")
    if perl:
        bootstrap.perl_sums(np.ascontiguousarray(values, dtype=np.float64), 0, out)
        return True
    for row, _, idx in index_pieces(values.shape[0], samples, perl, rng, cells):
        bootstrap.add_in_order(columns, np.ascontiguousarray(idx), out[row : row + idx.shape[0]])
    return True


def perl_ci_indices(samples: int, confidence: float) -> tuple[int, int, float]:
    """ROUGE-1.5.5's interval indices: (lower index, upper index, interpolation ratio).

    delta = B * ((100 - CF) / 2) / 100; upper = int(B - delta - 1);
    lower = int(delta); ratio = B - delta - 1 - upper (used for both bounds).

    >>> perl_ci_indices(1000, 95.0)
    (25, 974, 0.0)
    >>> perl_ci_indices(200, 90.0)
    (10, 189, 0.0)
    """
    delta = samples * ((100 - confidence) / 2.0) / 100.0
    upper = int(samples - delta - 1)
    lower = int(delta)
    return lower, upper, samples - delta - 1 - upper


def _at(a: Sequence[float], i: int) -> float:
    # Perl reads an element past the end as undef, i.e. 0.
    return a[i] if 0 <= i < len(a) else 0.0


def perl_interval(means: Sequence[float], confidence: float) -> tuple[float, float, float]:
    """(average, ci_low, ci_high) of resample means, each rounded to 5 decimals as Perl prints.

    The average is the mean of the sorted resample means, summed in sorted order.

    >>> perl_interval([0.1, 0.2, 0.3, 0.4], 50.0)
    (0.25, 0.2, 0.3)
    """
    avg, lo, hi = perl_interval_unrounded(means, confidence)
    return round5(avg), round5(lo), round5(hi)


def perl_interval_unrounded(means: Sequence[float], confidence: float) -> tuple[float, float, float]:
    """:func:`perl_interval` before its rounding to 5 decimals.

    >>> perl_interval_unrounded([0.1, 0.2, 0.3, 0.4], 50.0)
    (0.25, 0.2, 0.3)
    """
    a = sorted(float(m) for m in means)
    total = 0.0
    for x in a:  # sequential on purpose (not fsum, not numpy's pairwise sum)
        total += x
    lo_i, hi_i, ratio = perl_ci_indices(len(a), confidence)
    lo = _at(a, lo_i) + (_at(a, lo_i + 1) - _at(a, lo_i)) * ratio
    hi = _at(a, hi_i) + (_at(a, hi_i + 1) - _at(a, hi_i)) * ratio
    return total / len(a), lo, hi


def percentile_interval(estimates: Sequence[float] | np.ndarray, confidence: float) -> tuple[float, float]:
    """The central ``confidence`` % percentile interval of bootstrap estimates (linear interpolation).

    >>> percentile_interval([0.0, 1.0, 2.0, 3.0, 4.0], 50.0)
    (1.0, 3.0)
    """
    tail = (100.0 - confidence) / 2.0
    lo, hi = np.percentile(np.asarray(estimates, dtype=np.float64), [tail, 100.0 - tail])
    return float(lo), float(hi)


def bootstrap_indices(n: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """``samples`` rows of ``n`` indices drawn with replacement from ``rng``.

    >>> bootstrap_indices(3, 2, np.random.default_rng(0)).shape
    (2, 3)
    """
    return rng.integers(0, n, size=(samples, n))
