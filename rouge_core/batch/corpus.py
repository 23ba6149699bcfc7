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
from typing import Callable, Mapping, Optional, Sequence

import numpy as np

from ..config import RougeConfig
from ..evaluate import MeasureResult
from ..measures.scoring import Counts, Score
from .aggregate import PERL_ABORTS, CorpusMeasure, Interval, pooled_scores, summarize_columns
from .runners import Runner, resolve_workers
from .score import BatchResult, Pair, columns_from_results, iter_scores, object_array, score_batch

__all__ = [
    "Pair",
    "Interval",
    "MeasureSummary",
    "CorpusMeasure",
    "Instance",
    "CorpusReport",
    "CorpusColumns",
    "evaluate_corpus",
    "corpus_columns",
    "corpus_report",
    "summarize_batch",
    "summarize_columns",
    "pooled_scores",
    "PERL_ABORTS",
]


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


#: Pairs scored between two progress reports when scoring in this process.
PROGRESS_CHUNK = 32


def evaluate_corpus(
    pairs: Sequence[Pair],
    config: RougeConfig = RougeConfig(),
    ids: Optional[Sequence[str]] = None,
    peer_id: str = "X",
    progress: Optional[Callable[[int, int], None]] = None,
    workers: int = 1,
    chunk_size: Optional[int] = None,
    runner: Optional[Runner] = None,
) -> CorpusReport:
    """Score every (candidate, references) pair, then average each measure with a bootstrap interval.

    A summary is a string with one sentence per line or a list of sentences;
    ``references`` is one summary or a list of them. ``ids`` are the evaluation
    IDs (default ``"1"``, ``"2"``, ... like ROUGE-1.5.5's ``-z``); ``peer_id`` is the
    system ID of the keys (default ``"X"``, also like ``-z``). ``progress``, if given, is called
    as ``progress(done, total)`` after each chunk of pairs is scored (in this process, chunks of
    :data:`PROGRESS_CHUNK` pairs; for a progress bar); it changes no number. ``workers``,
    ``chunk_size`` and ``runner`` are :func:`rouge_core.batch.score.score_batch`'s: where the pairs are
    scored, never what they score.

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
    [(2, 2)]
    """
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Sequence):
        raise TypeError(
            f"pairs must be a list of (candidate, references) pairs, not {type(pairs).__name__} "
            "(score_batch takes any iterable)"
        )
    ids = _check_ids(ids, len(pairs), config)
    results: list[dict[str, MeasureResult]] = []
    inline = runner is None and resolve_workers(workers) == 1
    size = chunk_size if chunk_size is not None else (PROGRESS_CHUNK if inline and progress is not None else None)
    for chunk in iter_scores(pairs, config, workers, size, runner):
        results += chunk
        if progress is not None:
            progress(len(results), len(pairs))
    return corpus_report(results, config, ids, peer_id)


def _check_ids(ids: Optional[Sequence[str]], n: int, config: RougeConfig) -> list[str]:
    if ids is None:
        ids = [str(i) for i in range(1, n + 1)]
    ids = [str(i) for i in ids]
    if len(ids) != n:
        raise ValueError(f"invalid ids: {len(ids)} ids for {n} pairs")
    if len(set(ids)) != len(ids):
        raise ValueError("invalid ids: evaluation IDs must be unique")
    _check_averaging(config)
    return ids


def _check_averaging(config: RougeConfig) -> None:
    if config.averaging and config.multi_ref == "jackknife":
        raise ValueError(
            "invalid averaging=%d with multi_ref='jackknife': jackknifing has no "
            "counts to pool; use averaging=0" % config.averaging
        )


def corpus_report(
    results: Sequence[Mapping[str, MeasureResult]],
    config: RougeConfig = RougeConfig(),
    ids: Optional[Sequence[str]] = None,
    peer_id: str = "X",
) -> CorpusReport:
    """The report of pairs already scored (:func:`rouge_core.score`'s results, in pair order):
    what :func:`evaluate_corpus` returns after scoring, wherever the scoring ran."""
    ids = _check_ids(ids, len(results), config)
    keys = [f"{e}.{peer_id}" for e in ids]
    order = _order(keys, config)
    instances = tuple(Instance(keys[i], ids[i], peer_id, results[i]) for i in order)
    columns = columns_from_results([inst.measures for inst in instances], config).measures
    # the keys set here: a config without measures has columns of no pair to count
    batch = BatchResult(config, object_array([inst.key for inst in instances]), columns)
    summaries = summarize_columns(batch, config)
    measures = {
        label: MeasureSummary(
            label,
            s.recall,
            s.precision,
            s.fmeasure,
            tuple(inst.measures[label].score for inst in instances),
            s.totals,
            s.notes,
        )
        for label, s in summaries.items()
    }
    return CorpusReport(config, instances, measures)


def _order(keys: Sequence[str], config: RougeConfig) -> np.ndarray:
    # ROUGE-1.5.5 visits the instances in plain string order of their keys; the other
    # profiles keep the input order.
    if config.behaviour.perl_corpus:
        return np.array(sorted(range(len(keys)), key=keys.__getitem__), dtype=np.int64)
    return np.arange(len(keys))


@dataclass(frozen=True)
class CorpusColumns:
    """What :func:`evaluate_corpus` reports, as columns: every instance's scores and counts in report
    order (``batch``, whose ids are the instance keys ``"<eval_id>.<peer_id>"``), their evaluation IDs
    in the same order, and each measure over the corpus; no per-pair object (:func:`corpus_columns`).

    >>> cols = corpus_columns([("a b c", "a b d"), ("a b", "a c")], RougeConfig(max_n=1), ids=["10", "2"])
    >>> cols.order, cols.eval_ids, cols.batch.measures["ROUGE-1"].recall.tolist()
    (('10.X', '2.X'), ('10', '2'), [0.66667, 0.5])
    >>> cols.measures["ROUGE-1"].recall == evaluate_corpus([("a b c", "a b d"), ("a b", "a c")],
    ...     RougeConfig(max_n=1), ids=["10", "2"]).measures["ROUGE-1"].recall
    True
    """

    batch: BatchResult
    eval_ids: tuple[str, ...]
    measures: Mapping[str, CorpusMeasure]

    @property
    def config(self) -> RougeConfig:
        """The config the pairs were scored with."""
        return self.batch.config

    @property
    def order(self) -> tuple[str, ...]:
        """The instance keys in report order (Perl's string sort in the ``rouge155`` profile)."""
        return tuple(self.batch.ids.tolist())

    @classmethod
    def of_report(cls, report: CorpusReport) -> CorpusColumns:
        """The columns of a report of per-pair results (:func:`evaluate_corpus`'s), with the same numbers.

        >>> rep = evaluate_corpus([("a b", "a c")], RougeConfig(max_n=1))
        >>> CorpusColumns.of_report(rep).batch.measures["ROUGE-1"].hit.tolist()
        [1]
        """
        keys = [inst.key for inst in report.instances]
        batch = columns_from_results([inst.measures for inst in report.instances], report.config)
        measures = {
            label: CorpusMeasure(label, m.recall, m.precision, m.fmeasure, m.totals, m.notes)
            for label, m in report.measures.items()
        }
        eval_ids = tuple(inst.eval_id for inst in report.instances)
        return cls(BatchResult(report.config, object_array(keys), batch.measures), eval_ids, measures)


def corpus_columns(
    pairs: Sequence[Pair],
    config: RougeConfig = RougeConfig(),
    ids: Optional[Sequence[str]] = None,
    peer_id: str = "X",
    runner: Optional[Runner] = None,
) -> CorpusColumns:
    """:func:`evaluate_corpus`'s numbers for the same arguments, scored by
    :func:`rouge_core.batch.score.score_batch` into columns: no per-pair result object is made, so a
    large corpus costs about what ``score_batch`` costs (the command line prints from these)."""
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Sequence):
        raise TypeError(f"pairs must be a list of (candidate, references) pairs, not {type(pairs).__name__}")
    ids = _check_ids(ids, len(pairs), config)
    scored = score_batch(pairs, config, runner=runner)
    # the ids set here, not by score_batch: a config without measures has columns of no pair to count
    return _columns_in_report_order(BatchResult(config, object_array(ids), scored.measures), peer_id)


def _columns_in_report_order(batch: BatchResult, peer_id: str) -> CorpusColumns:
    """A batch (ids: the evaluation IDs) in report order, with every measure summarized."""
    config = batch.config
    _check_averaging(config)
    keys = [f"{e}.{peer_id}" for e in batch.ids]
    order = _order(keys, config)
    ordered = BatchResult(config, object_array(keys)[order], {k: m.take(order) for k, m in batch.measures.items()})
    eval_ids = tuple(str(batch.ids[i]) for i in order.tolist())
    return CorpusColumns(ordered, eval_ids, summarize_columns(ordered, config))


def summarize_batch(batch: BatchResult, peer_id: str = "X") -> dict[str, CorpusMeasure]:
    """Every measure's average, bootstrap interval and totals over a :class:`~rouge_core.batch.score.BatchResult`:
    the numbers :func:`evaluate_corpus` gives for the same pairs and ids (the keys are
    ``"<id>.<peer_id>"``), without per-pair objects, so it serves millions of pairs.

    >>> from rouge_core import score_batch
    >>> cfg = RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
    >>> pairs = [("a b c", "a b d"), ("a b", ["a c", "b"])]
    >>> summarize_batch(score_batch(pairs, cfg))["ROUGE-1"]
    CorpusMeasure(label='ROUGE-1', recall=Interval(average=0.66667, ci_low=0.66667, ci_high=0.66667), \
precision=Interval(average=0.58333, ci_low=0.5, ci_high=0.66667), fmeasure=Interval(average=0.61905, \
ci_low=0.57143, ci_high=0.66667), totals=Counts(hit=4, model=6, peer=7), notes=())
    >>> _.recall == evaluate_corpus(pairs, cfg).measures["ROUGE-1"].recall
    True
    """
    return dict(_columns_in_report_order(batch, peer_id).measures)
