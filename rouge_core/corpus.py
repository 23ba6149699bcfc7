"""Many (candidate, references) pairs at once: per-instance scores, averages, bootstrap intervals.

In the ``rouge155`` profile the averages and intervals are ROUGE-1.5.5's, to the
printed digit: instances in plain string order of their keys ``"<evalID>.<peerID>"``,
the script's seeded drand48 resampling, the mean of the resample means as the
"average", and its interpolated interval (see :mod:`rouge_core.stats`). The
averaging unit follows Perl's ``-t``:

* ``averaging=0``: resample the per-instance (rounded) R, P, F;
* ``averaging=1``: resample the per-instance counts; every resample turns its summed
  counts into unrounded R = hit/model, P = hit/peer and F = R P / ((1-a) P + a R).
  For ROUGE-W the script divides the *weighted* sums and does **not** apply
  f^-1 (so R and P are on the f(k) = k^W scale); ``rouge155`` keeps that quirk,
  the other profiles apply f^-1;
* ``averaging=2``: no resampling; ``totals`` holds the summed counts (Perl prints
  their integer parts as ``M_count``, ``P_count``, ``H_count``) and the intervals
  have no bounds.

The other profiles report the plain mean (or, with ``averaging=1``, the pooled
score) and a percentile bootstrap drawn from ``numpy.random.default_rng(config.seed)``,
in the order the pairs were given.

ROUGE-W on an instance with a token-less reference: ROUGE-1.5.5 dies with "Illegal
division by zero" and prints nothing more for the whole run. Here the instance scores
0 (counts 0), keeps the note :data:`rouge_core.evaluate.PERL_DIES`, and the measure's
notes name the instances where the Perl run would have stopped.

>>> rep = evaluate_corpus([("police kill the gunman", "police killed the gunman")],
...                       RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None))
>>> rep.order, rep.measures["ROUGE-1"].recall
(('1.X',), Interval(average=0.75, ci_low=0.75, ci_high=0.75))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional, Sequence, Union

import numpy as np

from .config import RougeConfig
from .evaluate import PERL_DIES, MeasureResult, score
from .scoring import Counts, Score, f_beta
from .stats import index_blocks, percentile_interval, perl_interval, resample_sums
from .tokenize import TextInput

#: A candidate and its references (one summary or several).
Pair = tuple[TextInput, Union[TextInput, Sequence[TextInput]]]

#: Start of the measure note naming the instances where ROUGE-1.5.5 stops the whole run.
PERL_ABORTS = "ROUGE-1.5.5 would abort the whole run at"


@dataclass(frozen=True)
class Interval:
    """An average with its bootstrap confidence interval (bounds ``None`` when not resampled)."""

    average: float
    ci_low: Optional[float]
    ci_high: Optional[float]


@dataclass(frozen=True)
class MeasureSummary:
    """One measure over the corpus: R, P, F intervals, per-instance scores (report order), summed counts."""

    label: str
    recall: Interval
    precision: Interval
    fmeasure: Interval
    scores: tuple[Score, ...]
    totals: Optional[Counts]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Instance:
    """One scored pair: its key ``"<eval_id>.<peer_id>"`` and every measure's result."""

    key: str
    eval_id: str
    peer_id: str
    measures: Mapping[str, MeasureResult]


@dataclass(frozen=True)
class CorpusReport:
    """Everything :func:`evaluate_corpus` found; ``instances`` and all per-instance tuples share one order."""

    config: RougeConfig
    instances: tuple[Instance, ...]
    measures: Mapping[str, MeasureSummary]

    @property
    def order(self) -> tuple[str, ...]:
        """The instance keys in report order (Perl's string sort in the ``rouge155`` profile)."""
        return tuple(i.key for i in self.instances)


def evaluate_corpus(
    pairs: Sequence[Pair],
    config: RougeConfig = RougeConfig(),
    ids: Optional[Sequence[str]] = None,
    peer_id: str = "X",
    progress: Optional[Callable[[int, int], None]] = None,
) -> CorpusReport:
    """Score every (candidate, references) pair, then average each measure with a bootstrap interval.

    A summary is a string with one sentence per line or a list of sentences;
    ``references`` is one summary or a list of them. ``ids`` are the evaluation
    IDs (default ``"1"``, ``"2"``, ... like ROUGE-1.5.5's ``-z``); ``peer_id`` is the
    system ID of the keys (default ``"X"``, also like ``-z``). ``progress``, if given, is called
    as ``progress(done, total)`` after each pair is scored (for a progress bar); it changes no number.

    >>> pairs = [("a b c", "a b d"), ("a b", ["a c", "b"])]
    >>> rep = evaluate_corpus(pairs, RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None,
    ...                                          skip_distance=None), ids=["10", "2"])
    >>> rep.order
    ('10.X', '2.X')
    >>> [s.recall for s in rep.measures["ROUGE-1"].scores]
    [0.66667, 0.66667]
    >>> rep.measures["ROUGE-1"].totals
    Counts(hit=4, model=6, peer=7)
    >>> seen = []
    >>> _ = evaluate_corpus(pairs, RougeConfig(max_n=1), progress=lambda done, total: seen.append((done, total)))
    >>> seen
    [(1, 2), (2, 2)]
    """
    if ids is None:
        ids = [str(i) for i in range(1, len(pairs) + 1)]
    ids = [str(i) for i in ids]
    if len(ids) != len(pairs):
        raise ValueError(f"invalid ids: {len(ids)} ids for {len(pairs)} pairs")
    if len(set(ids)) != len(ids):
        raise ValueError("invalid ids: evaluation IDs must be unique")
    if config.averaging and config.multi_ref == "jackknife":
        raise ValueError(
            "invalid averaging=%d with multi_ref='jackknife': jackknifing has no "
            "counts to pool; use averaging=0" % config.averaging
        )
    results = []
    for cand, refs in pairs:
        results.append(score(cand, refs, config))
        if progress is not None:
            progress(len(results), len(pairs))
    keys = [f"{e}.{peer_id}" for e in ids]
    perl = config.behaviour.perl_corpus
    order = sorted(range(len(pairs)), key=keys.__getitem__) if perl else list(range(len(pairs)))
    instances = tuple(Instance(keys[i], ids[i], peer_id, results[i]) for i in order)
    labels = list(results[0]) if results else config.measure_labels()
    resampled = _resample(instances, labels, config)
    measures = {label: _summarize(label, instances, config, resampled.get(label)) for label in labels}
    return CorpusReport(config, instances, measures)


def _columns(results: Sequence[MeasureResult], config: RougeConfig) -> np.ndarray:
    """Per instance, what the bootstrap resamples: (R, P, F) scores, or (model, peer, hit) counts (-t 1)."""
    if config.averaging == 1:
        counts = [r.counts if r.counts is not None else Counts(0, 0, 0) for r in results]
        return np.array([[c.model, c.peer, c.hit] for c in counts], dtype=np.float64).reshape(-1, 3)
    return np.array([[r.score.recall, r.score.precision, r.score.fmeasure] for r in results], dtype=np.float64).reshape(
        -1, 3
    )


def _resample(
    instances: Sequence[Instance],
    labels: Sequence[str],
    config: RougeConfig,
) -> dict[str, np.ndarray]:
    """Per measure, the bootstrap's resample sums of its three columns (one row per resample).

    Every measure shares the same draws, made block by block, so memory is bounded by
    the block, not by resamples x instances."""
    n = len(instances)
    if n == 0 or not labels or config.averaging == 2:
        return {}
    values = np.hstack([_columns([inst.measures[k] for inst in instances], config) for k in labels])
    rng = None if config.behaviour.perl_corpus else np.random.default_rng(config.seed)
    blocks = index_blocks(n, config.bootstrap_samples, rng is None, rng)
    sums = np.vstack([resample_sums(values, idx) for idx in blocks])
    return {k: sums[:, 3 * i : 3 * i + 3] for i, k in enumerate(labels)}


def _summarize(
    label: str, instances: Sequence[Instance], config: RougeConfig, sums: Optional[np.ndarray]
) -> MeasureSummary:
    results = [inst.measures[label] for inst in instances]
    scores = tuple(r.score for r in results)
    dies = [inst.key for inst, r in zip(instances, results) if PERL_DIES in r.notes]
    notes = (
        [
            f"{PERL_ABORTS} {', '.join(dies)} (division by zero: a "
            "reference without tokens); those instances count as 0 here"
        ]
        if dies
        else []
    )
    counts = [r.counts if r.counts is not None else Counts(0, 0, 0) for r in results]
    totals = _sum_counts(counts) if config.multi_ref != "jackknife" else None
    if not results:
        zero = Interval(0.0, 0.0, 0.0) if config.averaging != 2 else Interval(0.0, None, None)
        return MeasureSummary(label, zero, zero, zero, scores, totals, tuple(notes))
    inverse = _inverse(results[0], config)
    if config.averaging == 2 or sums is None:
        t = totals or Counts(0, 0, 0)  # never None here: jackknife is refused for averaging 2
        r, p, f = _pooled(np.array([[t.model, t.peer, t.hit]]), config, inverse)[0]
        ivs = [Interval(float(x), None, None) for x in (r, p, f)]
        notes.append("averaging=2: raw totals, no resampling")
        return MeasureSummary(label, ivs[0], ivs[1], ivs[2], scores, totals, tuple(notes))
    values = _columns(results, config)
    if config.averaging == 1:
        estimates = _pooled(sums, config, inverse)
        point = _pooled(values.sum(axis=0, keepdims=True), config, inverse)[0]
    else:
        estimates = sums / len(results)
        point = _sequential_mean(values)
    ivs = []
    for col in range(3):
        if config.behaviour.perl_corpus:
            avg, lo, hi = perl_interval(estimates[:, col].tolist(), config.confidence)
        else:
            avg = float(point[col])
            lo, hi = percentile_interval(estimates[:, col], config.confidence)
        ivs.append(Interval(avg, lo, hi))
    return MeasureSummary(label, ivs[0], ivs[1], ivs[2], scores, totals, tuple(notes))


def _sum_counts(counts: Sequence[Counts]) -> Counts:
    # In instance order, like the script's totals behind -t 2.
    total = Counts(0, 0, 0)
    for c in counts:
        total = total + c
    return total


def _sequential_mean(values: np.ndarray) -> np.ndarray:
    total = np.zeros(values.shape[1])
    for row in values:
        total = total + row
    return total / len(values)


def pooled_scores(sums: np.ndarray, config: RougeConfig, family: str) -> np.ndarray:
    """Rows of summed (model, peer, hit) counts -> rows of unrounded (R, P, F), pooled as ``averaging=1`` pools.

    ``family`` is the measure's (``MeasureResult.family``): ``"W"`` maps ROUGE-W's
    weighted ratios back through f^-1, except in the ``rouge155`` profile (see above).

    >>> pooled_scores(np.array([[7.0, 8.0, 4.0]]), RougeConfig(), "N").tolist()
    [[0.5714285714285714, 0.5, 0.5333333333333333]]
    """
    return _pooled(sums, config, _family_inverse(family, config))


def _inverse(result: MeasureResult, config: RougeConfig) -> Optional[Callable[[np.ndarray], np.ndarray]]:
    return _family_inverse(result.family, config)


def _family_inverse(family: str, config: RougeConfig) -> Optional[Callable[[np.ndarray], np.ndarray]]:
    # ROUGE-1.5.5 pools W's weighted counts without f^-1 (-t 1); the other profiles map back.
    if family != "W" or config.behaviour.perl_corpus or config.wlcs_weight is None:
        return None
    w = config.wlcs_weight
    return lambda x: np.power(x, 1.0 / w)


def _pooled(sums: np.ndarray, config: RougeConfig, inverse: Optional[Callable[[np.ndarray], np.ndarray]]) -> np.ndarray:
    """Rows of summed (model, peer, hit) counts -> rows of unrounded (R, P, F)."""
    model, peer, hit = sums[:, 0], sums[:, 1], sums[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(model > 0, hit / np.where(model > 0, model, 1.0), 0.0)
        p = np.where(peer > 0, hit / np.where(peer > 0, peer, 1.0), 0.0)
    if inverse is not None:
        r, p = inverse(r), inverse(p)
    a = config.alpha
    if config.behaviour.perl_corpus:
        d = (1 - a) * p + a * r
        with np.errstate(divide="ignore", invalid="ignore"):
            f = np.where(d > 0, (r * p) / np.where(d > 0, d, 1.0), 0.0)
    else:
        f = np.array([f_beta(float(pp), float(rr), a) for pp, rr in zip(p, r)])
    return np.stack([r, p, f], axis=1)
