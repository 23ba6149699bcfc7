"""Corpus averages, bootstrap intervals and totals from per-pair columns, for every route.

:func:`rouge_core.evaluate_corpus` and :func:`rouge_core.batch.corpus.summarize_batch` (one core, workers,
a Dask cluster) all end here, with the pairs' columns (:class:`rouge_core.batch.score.BatchResult`) in
report order: so the numbers cannot depend on where the pairs were scored. The rules (ROUGE-1.5.5's
resampling and averaging units, the other profiles' percentile bootstrap) are described in
:mod:`rouge_core.batch.corpus`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..config import RougeConfig
from ..evaluate import PERL_DIES
from ..measures.scoring import Counts, scores
from ..stats.bootstrap import bootstrap_sums, percentile_interval, perl_interval
from ..stats.count_sums import certain_interval, mean_bound, perl_count_sums
from .score import BatchResult, MeasureColumns

#: Start of the measure note naming the instances where ROUGE-1.5.5 stops the whole run.
PERL_ABORTS = "ROUGE-1.5.5 would abort the whole run at"


@dataclass(frozen=True)
class Interval:
    """An average with its bootstrap confidence interval (bounds ``None`` when not resampled)."""

    average: float
    ci_low: Optional[float]
    ci_high: Optional[float]


@dataclass(frozen=True)
class CorpusMeasure:
    """One measure over a corpus without its per-instance scores (:func:`summarize_batch`)."""

    label: str
    recall: Interval
    precision: Interval
    fmeasure: Interval
    totals: Optional[Counts]
    notes: tuple[str, ...] = ()


def summarize_columns(batch: BatchResult, config: RougeConfig) -> dict[str, CorpusMeasure]:
    """Averages, intervals, totals and notes of columns already in report order (ids: the instance keys).

    ROUGE-1.5.5's intervals are first made from resample sums added in another order than Perl's
    (:mod:`rouge_core.stats.count_sums`), each printed number kept only where its rounding is certain;
    if one is not, the sums are made again in Perl's order and every interval from them."""
    sums, bounds = _resample(batch, config, counted=True)
    summary = {
        label: _summarize(m, batch.ids, config, sums.get(label), bounds.get(label))
        for label, m in batch.measures.items()
    }
    if all(v is not None for v in summary.values()):
        return {label: v for label, v in summary.items() if v is not None}
    sums, _ = _resample(batch, config, counted=False)
    exact = {label: _summarize(m, batch.ids, config, sums.get(label), None) for label, m in batch.measures.items()}
    return {label: v for label, v in exact.items() if v is not None}  # every one: no bound, nothing uncertain


def _columns(m: MeasureColumns, config: RougeConfig) -> np.ndarray:
    """Per instance, what the bootstrap resamples: (R, P, F) scores, or (model, peer, hit) counts (-t 1)."""
    if config.averaging == 1:
        cols = (m.model, m.peer, m.hit)  # 0 where there are no counts
    else:
        cols = (m.recall, m.precision, m.fmeasure)
    return np.stack([np.asarray(c, dtype=np.float64) for c in cols], axis=1).reshape(-1, 3)


def _resample(
    batch: BatchResult, config: RougeConfig, counted: bool
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Per measure, the bootstrap's resample sums of its three columns (one row per resample), and,
    where they were ``counted`` (ROUGE-1.5.5's draws, scores averaged per instance: :mod:`.count_sums`,
    not added in Perl's order), the bound on each column's resample means.

    Every measure shares the same draws, made block by block, so memory is bounded by
    the block, not by resamples x instances (:func:`rouge_core.stats.bootstrap.bootstrap_sums`)."""
    n, labels = len(batch), list(batch.measures)
    if n == 0 or not labels or config.averaging == 2:
        return {}, {}
    values = np.hstack([_columns(batch.measures[k], config) for k in labels])
    perl = config.behaviour.perl_corpus
    if counted and perl and config.averaging == 0:
        sums = perl_count_sums(values, config.bootstrap_samples)
        if sums is not None:
            bound = mean_bound(values)
            split = {k: slice(3 * i, 3 * i + 3) for i, k in enumerate(labels)}
            return {k: sums[:, cut] for k, cut in split.items()}, {k: bound[cut] for k, cut in split.items()}
    rng = None if perl else np.random.default_rng(config.seed)
    sums = bootstrap_sums(values, config.bootstrap_samples, perl, rng)
    return {k: sums[:, 3 * i : 3 * i + 3] for i, k in enumerate(labels)}, {}


def _summarize(
    m: MeasureColumns, keys: np.ndarray, config: RougeConfig, sums: Optional[np.ndarray], bound: Optional[np.ndarray]
) -> Optional[CorpusMeasure]:
    """The measure's summary; None when ``bound`` is given (the sums were counted) and one of its
    intervals' rounded numbers is not certain from them."""
    label = m.label
    dies = [str(keys[i]) for i in _with_note(m, PERL_DIES)]
    notes = (
        [
            f"{PERL_ABORTS} {', '.join(dies)} (division by zero: a "
            "reference without tokens); those instances count as 0 here"
        ]
        if dies
        else []
    )
    totals = m.total() if config.multi_ref != "jackknife" else None
    if not len(m):
        zero = Interval(0.0, 0.0, 0.0) if config.averaging != 2 else Interval(0.0, None, None)
        return CorpusMeasure(label, zero, zero, zero, totals, tuple(notes))
    w = _wlcs_weight(m.family, config)
    if config.averaging == 2 or sums is None:
        t = totals or Counts(0, 0, 0)  # never None here: jackknife is refused for averaging 2
        r, p, f = _pooled(np.array([[t.model, t.peer, t.hit]]), config, w)[0]
        ivs = [Interval(float(x), None, None) for x in (r, p, f)]
        notes.append("averaging=2: raw totals, no resampling")
        return CorpusMeasure(label, ivs[0], ivs[1], ivs[2], totals, tuple(notes))
    values = _columns(m, config)
    if config.averaging == 1:
        estimates = _pooled(sums, config, w)
        point = _pooled(values.sum(axis=0, keepdims=True), config, w)[0]
    else:
        estimates = sums / len(m)
        point = _sequential_mean(values)
    ivs = []
    for col in range(3):
        if config.behaviour.perl_corpus and bound is not None:
            certain = certain_interval(estimates[:, col].tolist(), config.confidence, float(bound[col]))
            if certain is None:
                return None
            avg, lo, hi = certain
        elif config.behaviour.perl_corpus:
            avg, lo, hi = perl_interval(estimates[:, col].tolist(), config.confidence)
        else:
            avg = float(point[col])
            lo, hi = percentile_interval(estimates[:, col], config.confidence)
        ivs.append(Interval(avg, lo, hi))
    return CorpusMeasure(label, ivs[0], ivs[1], ivs[2], totals, tuple(notes))


def _with_note(m: MeasureColumns, note: str) -> np.ndarray:
    """The instances (report order) one of whose notes is ``note``."""
    marked = [k for k, s in enumerate(m.note_sets) if note in s]
    return np.flatnonzero(np.isin(m.note_index, marked)) if marked else np.zeros(0, dtype=np.int64)


def _sequential_mean(values: np.ndarray) -> np.ndarray:
    # Row after row from 0 (cumsum never pairs), like ROUGE-1.5.5's loop.
    total: np.ndarray = np.cumsum(values, axis=0)[-1]
    return total / len(values)


def pooled_scores(sums: np.ndarray, config: RougeConfig, family: str) -> np.ndarray:
    """Rows of summed (model, peer, hit) counts -> rows of unrounded (R, P, F), pooled as ``averaging=1`` pools.

    ``family`` is the measure's (``MeasureResult.family``): ``"W"`` maps ROUGE-W's
    weighted ratios back through f^-1, except in the ``rouge155`` profile (see above).

    >>> pooled_scores(np.array([[7.0, 8.0, 4.0]]), RougeConfig(), "N").tolist()
    [[0.5714285714285714, 0.5, 0.5333333333333333]]
    """
    return _pooled(sums, config, _wlcs_weight(family, config))


def _wlcs_weight(family: str, config: RougeConfig) -> Optional[float]:
    """ROUGE-W's weight when its pooled ratios map back through f^-1, else None.

    ROUGE-1.5.5 pools W's weighted counts without f^-1 (-t 1); the other profiles map back."""
    if family != "W" or config.behaviour.perl_corpus or config.wlcs_weight is None:
        return None
    return config.wlcs_weight


def _pooled(sums: np.ndarray, config: RougeConfig, w: Optional[float]) -> np.ndarray:
    """Rows of summed (model, peer, hit) counts -> rows of unrounded (R, P, F): the profile's F
    (ROUGE-1.5.5's corpus F under ``perl_corpus``), ``w``: ROUGE-W's f^-1
    (:func:`rouge_core.measures.scoring.scores`)."""
    model, peer, hit = sums[:, 0], sums[:, 1], sums[:, 2]
    p, r, f = scores(hit, model, peer, False, config.alpha, w, perl_corpus=config.behaviour.perl_corpus)
    return np.stack([r, p, f], axis=1)
