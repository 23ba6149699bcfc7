"""Is system A's score different from system B's on the same documents? Paired tests, all seeded.

Every test compares two :class:`~rouge_core.stats.systems.SystemScores` of the same
documents and measure; delta = stat(A) - stat(B), where stat is the system's
score under its convention (mean of per-pair scores, or pooled counts). All
three p-values are two-sided (null hypothesis: A and B do not differ), so
p(A, B) = p(B, A), and a system compared with itself gets delta = 0 and p = 1.

* :func:`paired_bootstrap` (Koehn 2004): resample documents with replacement, the
  same indices for both systems; delta_b per resample b = 1..B. Its p-value is
  Noreen's shift method (as in Riezler and Maxwell 2005, Fig. 2):
  c = #{b : |delta_b - mean(delta)| >= |delta|}, p = (c + 1) / (B + 1).
  Koehn's own reading is ``a_wins``, the fraction of resamples where A is better.
* :func:`approximate_randomization` (Riezler and Maxwell 2005, Fig. 1): swap each
  document's two outputs with probability 1/2; c = #{r : |delta_r| >= |delta|},
  p = (c + 1) / (R + 1).
* :func:`exact_permutation`: all 2^n swaps (n <= 20); p = #{|delta'| >= |delta|} / 2^n.

">=" allows for float rounding: two values within ``TIE_TOLERANCE`` (times the
larger of 1, |stat(A)|, |stat(B)|) count as equal, so the swaps that give |delta|
in exact arithmetic (at least "no swap" and "swap all") are always counted.

>>> a = SystemScores.from_scores([0.5, 0.6, 0.7], measure="ROUGE-L")
>>> exact_permutation(a, a).p_value, paired_bootstrap(a, a, samples=10).p_value
(1.0, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterator, Optional

import numpy as np

from ..config import MAX_BOOTSTRAP_SAMPLES
from .bootstrap import BLOCK_CELLS, index_blocks, percentile_interval
from .systems import STATISTICS, SystemScores, check_comparable

#: Relative tolerance under which two values of the statistic count as equal (float rounding, not data).
TIE_TOLERANCE = 1e-12
#: Most documents :func:`exact_permutation` enumerates (2^20 assignments).
MAX_EXACT_DOCUMENTS = 20

P_BOOTSTRAP = "two-sided paired bootstrap, shift method: p = (#{|delta_b - mean delta_b| >= |delta|} + 1) / (B + 1)"
P_RANDOMIZATION = "two-sided approximate randomization: p = (#{|delta_r| >= |delta|} + 1) / (R + 1)"
P_EXACT = "two-sided exact permutation: p = #{|delta'| >= |delta|} / 2^n"


@dataclass(frozen=True)
class PairedTest:
    """One paired test of A against B: the scores, delta = A - B, the p-value and how it was drawn.

    ``count`` is the p-value's c; ``samples`` the resamples B, shuffles R or the 2^n
    assignments; ``seed`` ``None`` for the exact test. The bootstrap adds the
    percentile interval of delta and the fractions of resamples that A and B win.
    """

    method: str
    p_rule: str
    convention: str
    statistic: str
    measure: str
    score_a: float
    score_b: float
    delta: float
    p_value: float
    count: int
    samples: int
    seed: Optional[int]
    confidence: Optional[float] = None
    ci_low: Optional[float] = None
    ci_high: Optional[float] = None
    a_wins: Optional[float] = None
    b_wins: Optional[float] = None

    @property
    def signature(self) -> str:
        """The settings in one line, e.g. ``sig:bootstrap|n:1000|seed:7|conv:mean|stat:F|measure:ROUGE-L|c:95``."""
        return signature(
            self.method, self.samples, self.seed, self.convention, self.statistic, self.measure, self.confidence
        )

    def mirrored(self) -> PairedTest:
        """The same test read as B against A (delta, interval and wins swap; p stays)."""
        lo, hi = self.ci_low, self.ci_high
        return replace(
            self,
            score_a=self.score_b,
            score_b=self.score_a,
            delta=-self.delta,
            a_wins=self.b_wins,
            b_wins=self.a_wins,
            ci_low=None if hi is None else -hi,
            ci_high=None if lo is None else -lo,
        )


@dataclass(frozen=True)
class WinTieLoss:
    """Documents where A's own value is higher, equal, lower than B's."""

    wins: int
    ties: int
    losses: int

    def mirrored(self) -> WinTieLoss:
        """The record read from B's side."""
        return WinTieLoss(self.losses, self.ties, self.wins)


def signature(
    method: str,
    samples: int,
    seed: Optional[int],
    convention: str,
    statistic: str,
    measure: str,
    confidence: Optional[float],
) -> str:
    """``sig:<method>|n:<samples>|seed:<seed>|conv:<mean|pooled>|stat:<R|P|F>|measure:<label>[|c:<confidence>]``.

    >>> signature("bootstrap", 1000, 7, "mean", "fmeasure", "ROUGE-L", 95.0)
    'sig:bootstrap|n:1000|seed:7|conv:mean|stat:F|measure:ROUGE-L|c:95'
    """
    parts = [
        f"sig:{method}",
        f"n:{samples}",
        f"seed:{'none' if seed is None else seed}",
        f"conv:{convention}",
        f"stat:{STATISTICS[statistic][0]}",
        f"measure:{measure or '-'}",
    ]
    return "|".join(parts + ([f"c:{confidence:g}"] if confidence is not None else []))


def paired_bootstrap(
    a: SystemScores, b: SystemScores, samples: int = 1000, seed: int = 0, confidence: float = 95.0
) -> PairedTest:
    """Koehn's paired bootstrap, with the two-sided p-value of the shift method (module docstring).

    Draws ``samples`` index rows from ``numpy.random.default_rng(seed)`` (the draws of
    :func:`rouge_core.stats.bootstrap.index_blocks`); ``ci_low``/``ci_high`` is the central
    ``confidence`` % percentile interval of delta_b.

    >>> a = SystemScores.from_scores([0.2, 0.3, 0.4, 0.5])
    >>> b = SystemScores.from_scores([0.3, 0.4, 0.5, 0.6])
    >>> t = paired_bootstrap(a, b, samples=99, seed=1)
    >>> round(t.delta, 12), t.count, t.p_value, t.b_wins
    (-0.1, 0, 0.01, 1.0)
    """
    check_comparable(a, b)
    check_run(samples, seed, confidence)
    stats = bootstrap_statistics((a, b), samples, seed)
    return bootstrap_test(a, b, stats[:, 0], stats[:, 1], seed, confidence)


def bootstrap_statistics(systems: tuple[SystemScores, ...], samples: int, seed: int) -> np.ndarray:
    """Each system's statistic on each of ``samples`` resamples (rows), the same documents for all (columns).

    >>> s = SystemScores.from_scores([0.0, 1.0])
    >>> bootstrap_statistics((s, s), 3, 0).shape
    (3, 2)
    """
    cols = [s.columns() for s in systems]
    out = []
    for idx in index_blocks(systems[0].n, samples, False, np.random.default_rng(seed)):
        # Column by column (no block x n x columns array); identical inputs give identical sums.
        sums = [np.column_stack([c[:, j][idx].sum(axis=1) for j in range(c.shape[1])]) for c in cols]
        out.append(np.column_stack([s.statistic_of(x) for s, x in zip(systems, sums)]))
    return np.vstack(out)


def bootstrap_test(
    a: SystemScores, b: SystemScores, stat_a: np.ndarray, stat_b: np.ndarray, seed: int, confidence: float
) -> PairedTest:
    """The paired bootstrap's result from the two systems' resample statistics (same resamples)."""
    score_a, score_b = a.score(), b.score()
    delta, tol = score_a - score_b, _tolerance(score_a, score_b)
    deltas = stat_a - stat_b
    count = int(np.count_nonzero(np.abs(deltas - deltas.mean()) >= abs(delta) - tol))
    lo, hi = percentile_interval(deltas, confidence)
    n, wins, losses = len(deltas), np.count_nonzero(deltas > tol), np.count_nonzero(deltas < -tol)
    extra = dict(confidence=confidence, ci_low=lo, ci_high=hi, a_wins=float(wins) / n, b_wins=float(losses) / n)
    return _result("bootstrap", a, b, (count + 1) / (n + 1), count, n, seed, **extra)


def approximate_randomization(a: SystemScores, b: SystemScores, samples: int = 10000, seed: int = 0) -> PairedTest:
    """Riezler and Maxwell's approximate randomization test (module docstring), ``samples`` shuffles.

    A shuffle swaps each document's two outputs (its score, or its count row) with
    probability 1/2, drawn from ``numpy.random.default_rng(seed)``.

    >>> a = SystemScores.from_scores([0.1, 0.2, 0.3])
    >>> t = approximate_randomization(a, a, samples=50, seed=3)
    >>> t.delta, t.count, t.p_value
    (0.0, 50, 1.0)
    """
    check_comparable(a, b)
    check_run(samples, seed, 95.0)
    return swap_tests([(a, b)], "randomization", swap_blocks(a.n, samples, seed), samples, seed)[0]


def exact_permutation(a: SystemScores, b: SystemScores) -> PairedTest:
    """The exact paired permutation test: every one of the 2^n swaps, the unswapped one included.

    >>> a = SystemScores.from_scores([1.0, 0.5])
    >>> b = SystemScores.from_scores([0.0, 0.5])
    >>> t = exact_permutation(a, b)  # |delta'| = 0.5 whatever the swaps
    >>> t.count, t.samples, t.p_value
    (4, 4, 1.0)
    """
    check_comparable(a, b)
    if a.n > MAX_EXACT_DOCUMENTS:
        raise ValueError(
            f"too many documents for the exact test: {a.n} > {MAX_EXACT_DOCUMENTS} (2^n assignments); "
            "use approximate_randomization"
        )
    return swap_tests([(a, b)], "exact", _all_swaps(a.n), 2**a.n, None)[0]


def swap_blocks(n: int, samples: int, seed: int, cells: int = BLOCK_CELLS) -> Iterator[np.ndarray]:
    """Random swap masks (1 = swap that document), ``samples`` rows in blocks of at most ``cells`` values.

    >>> np.vstack(list(swap_blocks(3, 4, 0))).shape
    (4, 3)
    """
    rng = np.random.default_rng(seed)
    rows = max(1, cells // n)
    for start in range(0, samples, rows):
        yield (rng.random((min(rows, samples - start), n)) < 0.5).astype(np.float64)


def _all_swaps(n: int, cells: int = BLOCK_CELLS) -> Iterator[np.ndarray]:
    rows, bits = max(1, cells // n), np.arange(n)
    for start in range(0, 2**n, rows):
        codes = np.arange(start, min(2**n, start + rows), dtype=np.int64)
        yield ((codes[:, None] >> bits) & 1).astype(np.float64)


def swap_tests(
    pairs: list[tuple[SystemScores, SystemScores]],
    method: str,
    masks: Iterator[np.ndarray],
    samples: int,
    seed: Optional[int],
) -> list[PairedTest]:
    """Randomization (or exact) tests of several pairs over the same swap masks, one pass over the blocks."""
    prepared = []
    for a, b in pairs:
        ca, cb = a.columns(), b.columns()
        sa, sb = a.score(), b.score()
        prepared.append((ca.sum(axis=0), cb.sum(axis=0), ca - cb, abs(sa - sb) - _tolerance(sa, sb)))
    counts = [0] * len(pairs)
    for mask in masks:
        for k, ((a, b), (tot_a, tot_b, diff, bar)) in enumerate(zip(pairs, prepared)):
            # Swapping document i moves diff_i from A's sums to B's; no swap leaves the sums as they are.
            moved = mask @ diff
            shuffled = a.statistic_of(tot_a - moved) - b.statistic_of(tot_b + moved)
            counts[k] += int(np.count_nonzero(np.abs(shuffled) >= bar))
    exact = seed is None
    return [
        _result(method, a, b, c / samples if exact else (c + 1) / (samples + 1), c, samples, seed)
        for (a, b), c in zip(pairs, counts)
    ]


def win_tie_loss(a: SystemScores, b: SystemScores) -> WinTieLoss:
    """Per document, compare A's own value with B's (exact equality is a tie).

    A document's own value is its per-pair score of the chosen statistic (mean
    convention), or the statistic computed from that document's counts alone
    (pooled convention, unrounded).

    >>> win_tie_loss(SystemScores.from_scores([0.5, 0.2, 0.9]), SystemScores.from_scores([0.4, 0.2, 1.0]))
    WinTieLoss(wins=1, ties=1, losses=1)
    """
    check_comparable(a, b)
    va, vb = a.per_document(), b.per_document()
    return WinTieLoss(int(np.count_nonzero(va > vb)), int(np.count_nonzero(va == vb)), int(np.count_nonzero(va < vb)))


_RULES = {"bootstrap": P_BOOTSTRAP, "randomization": P_RANDOMIZATION, "exact": P_EXACT}


def _result(
    method: str, a: SystemScores, b: SystemScores, p: float, c: int, samples: int, seed: Optional[int], **extra: Any
) -> PairedTest:
    sa, sb = a.score(), b.score()
    return PairedTest(
        method, _RULES[method], a.convention, a.statistic, a.measure, sa, sb, sa - sb, p, c, samples, seed, **extra
    )


def _tolerance(score_a: float, score_b: float) -> float:
    return TIE_TOLERANCE * max(1.0, abs(score_a), abs(score_b))


def check_run(samples: int, seed: int, confidence: float) -> None:
    """Raise unless ``samples`` is 1 .. MAX_BOOTSTRAP_SAMPLES, ``seed`` an int >= 0 and ``confidence`` in [0, 100].

    >>> check_run(0, 1, 95.0)
    Traceback (most recent call last):
    ...
    ValueError: invalid samples=0: allowed values are integers from 1 to 100,000
    """
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
        raise TypeError(f"samples must be an int, not {type(samples).__name__}")
    if not 1 <= samples <= MAX_BOOTSTRAP_SAMPLES:
        raise ValueError(f"invalid samples={samples}: allowed values are integers from 1 to {MAX_BOOTSTRAP_SAMPLES:,}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"invalid seed={seed}: allowed values are integers >= 0")
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 <= confidence <= 100:
        raise ValueError(f"invalid confidence={confidence!r}: allowed values are numbers in [0, 100]")
