"""Two or more systems on the same documents: scores with intervals, a ranking, a matrix of paired tests.

One :func:`compare_systems` call draws its resamples (and shuffles) once and uses
them for every system and every pair, so the intervals and the matrix agree with
each other, and each pair's test equals :func:`~rouge_core.stats.significance.paired_bootstrap`
or :func:`~rouge_core.stats.significance.approximate_randomization` of that pair with
the same ``samples`` and ``seed``.

>>> s = {"A": SystemScores.from_scores([0.4, 0.6, 0.5]), "B": SystemScores.from_scores([0.3, 0.6, 0.4])}
>>> c = compare_systems(s, samples=100, seed=7)
>>> c.ranking, c.signature
(('A', 'B'), 'sig:bootstrap|n:100|seed:7|conv:mean|stat:F|measure:-|c:95')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from ..batch.corpus import Interval
from .bootstrap import percentile_interval
from .significance import (
    PairedTest,
    WinTieLoss,
    bootstrap_statistics,
    bootstrap_test,
    check_run,
    signature,
    swap_blocks,
    swap_tests,
    win_tie_loss,
)
from .systems import SystemScores, check_comparable

#: The tests :func:`compare_systems` runs, with their default number of resamples or shuffles.
METHODS: Mapping[str, int] = {"bootstrap": 1000, "randomization": 10000}


@dataclass(frozen=True)
class SystemResult:
    """One system: its score (the observed statistic) with the bootstrap interval, and its rank (1 = best)."""

    name: str
    score: Interval
    rank: int


@dataclass(frozen=True)
class PairResult:
    """One pair of systems: the paired test of ``a`` against ``b`` and their per-document record."""

    a: str
    b: str
    test: PairedTest
    record: WinTieLoss


@dataclass(frozen=True)
class Comparison:
    """Everything :func:`compare_systems` found.

    ``systems`` are in the order given. ``pairs`` holds every unordered pair once,
    ``a`` before ``b`` in that order; :meth:`pair` reads it in either direction (the
    p-values are two-sided, so the same both ways; delta, interval and wins flip).
    """

    method: str
    convention: str
    statistic: str
    measure: str
    samples: int
    seed: int
    confidence: float
    systems: tuple[SystemResult, ...]
    pairs: tuple[PairResult, ...]

    @property
    def signature(self) -> str:
        """The settings in one line (see :func:`rouge_core.stats.significance.signature`)."""
        return signature(
            self.method, self.samples, self.seed, self.convention, self.statistic, self.measure, self.confidence
        )

    @property
    def ranking(self) -> tuple[str, ...]:
        """System names from best to worst (tied systems in the order given)."""
        return tuple(s.name for s in sorted(self.systems, key=lambda s: s.rank))

    def pair(self, a: str, b: str) -> PairResult:
        """The test of ``a`` against ``b`` (a stored pair, or its mirror image).

        >>> s = {"A": SystemScores.from_scores([0.4, 0.6]), "B": SystemScores.from_scores([0.3, 0.6])}
        >>> compare_systems(s, samples=10).pair("B", "A").record
        WinTieLoss(wins=0, ties=1, losses=1)
        """
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
            if (p.a, p.b) == (b, a):
                return PairResult(a, b, p.test.mirrored(), p.record.mirrored())
        raise KeyError(f"no pair ({a!r}, {b!r}): systems are {', '.join(s.name for s in self.systems)}")

    def p_matrix(self) -> tuple[tuple[Optional[float], ...], ...]:
        """The p-values, rows and columns in the order of ``systems`` (symmetric; ``None`` on the diagonal)."""
        names = [s.name for s in self.systems]
        return tuple(tuple(None if x == y else self.pair(x, y).test.p_value for y in names) for x in names)


def compare_systems(
    scores: Mapping[str, SystemScores],
    method: str = "bootstrap",
    samples: Optional[int] = None,
    seed: int = 0,
    confidence: float = 95.0,
) -> Comparison:
    """Score, rank and test every pair of systems (same documents, measure, statistic and convention).

    ``method`` is ``"bootstrap"`` (:func:`~rouge_core.stats.significance.paired_bootstrap`) or
    ``"randomization"`` (:func:`~rouge_core.stats.significance.approximate_randomization`);
    ``samples`` defaults to 1,000 resamples or 10,000 shuffles. Each system's interval
    is the percentile bootstrap of its statistic over ``samples`` resamples drawn from
    ``numpy.random.default_rng(seed)``, whatever the method. Ranks order the observed
    scores, best first; systems with equal scores share a rank (1, 2, 2, 4).

    >>> s = {"A": SystemScores.from_scores([0.5, 0.5]), "B": SystemScores.from_scores([0.2, 0.8]),
    ...      "C": SystemScores.from_scores([0.1, 0.2])}
    >>> c = compare_systems(s, "randomization", samples=20)
    >>> [(r.name, r.rank) for r in c.systems], c.pair("A", "C").test.p_value
    ([('A', 1), ('B', 1), ('C', 3)], 0.5238095238095238)
    """
    if method not in METHODS:
        raise ValueError(f"invalid method={method!r}: allowed values are {', '.join(METHODS)}")
    if not isinstance(scores, Mapping):
        raise TypeError(f"scores must be a mapping of system name to SystemScores, not {type(scores).__name__}")
    if len(scores) < 2:
        raise ValueError(f"a comparison needs at least 2 systems, got {len(scores)}")
    samples = METHODS[method] if samples is None else samples
    check_run(samples, seed, confidence)
    names = list(scores)
    systems = [scores[k] for k in names]
    for name, s in zip(names, systems):
        if not isinstance(name, str):
            raise TypeError(f"system names must be str, not {type(name).__name__}")
        check_comparable(systems[0], s, (repr(names[0]), repr(name)))
    stats = bootstrap_statistics(tuple(systems), samples, seed)
    observed = [s.score() for s in systems]
    results = []
    for i, name in enumerate(names):
        lo, hi = percentile_interval(stats[:, i], confidence)
        rank = 1 + sum(x > observed[i] for x in observed)
        results.append(SystemResult(name, Interval(observed[i], lo, hi), rank))
    index = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
    if method == "bootstrap":
        tests = [bootstrap_test(systems[i], systems[j], stats[:, i], stats[:, j], seed, confidence) for i, j in index]
    else:
        pairs = [(systems[i], systems[j]) for i, j in index]
        tests = swap_tests(pairs, "randomization", swap_blocks(systems[0].n, samples, seed), samples, seed)
    first = systems[0]
    return Comparison(
        method,
        first.convention,
        first.statistic,
        first.measure,
        samples,
        seed,
        float(confidence),
        tuple(results),
        tuple(
            PairResult(names[i], names[j], t, win_tie_loss(systems[i], systems[j])) for (i, j), t in zip(index, tests)
        ),
    )
