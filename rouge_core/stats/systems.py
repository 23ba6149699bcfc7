"""One system's per-document values of one measure, ready for the tests of :mod:`rouge_core.stats.significance`.

Two conventions turn a system's documents into one number:

* ``"mean"`` ("mean of per-pair scores", ROUGE-1.5.5's default ``-t 0``): the
  mean of each document's score;
* ``"pooled"`` ("pooled counts", like ``-t 1``): R, P or F of the counts summed
  over the documents, by :func:`rouge_core.batch.corpus.pooled_scores` (the profile's F,
  alpha, and ROUGE-W's f^-1).

>>> s = SystemScores.from_counts([Counts(1, 2, 2), Counts(3, 4, 5), Counts(0, 1, 1)], "recall")
>>> s.score(), SystemScores.from_scores([0.5, 0.75, 0.0], "recall").score()
(0.5714285714285714, 0.4166666666666667)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal, Mapping, Sequence

import numpy as np

from ..batch.corpus import CorpusReport, pooled_scores
from ..config import RougeConfig
from ..measures.scoring import Counts

Convention = Literal["mean", "pooled"]
Statistic = Literal["recall", "precision", "fmeasure"]

#: The conventions by name, with the words results show for them.
CONVENTIONS: Mapping[str, str] = {"mean": "mean of per-pair scores", "pooled": "pooled counts"}
#: The statistics by name, with their letter (column of :func:`rouge_core.batch.corpus.pooled_scores`).
STATISTICS: Mapping[str, tuple[str, int]] = {"recall": ("R", 0), "precision": ("P", 1), "fmeasure": ("F", 2)}


@dataclass(frozen=True)
class SystemScores:
    """One system, one measure, one statistic: a value per document (``"mean"``) or counts (``"pooled"``).

    Build it with :meth:`from_scores`, :meth:`from_counts` or :func:`system_scores`.
    ``doc_ids`` name the documents (default ``"1"``, ``"2"``, ...); systems compared
    with each other must share them, in the same order. ``config`` and ``family``
    say how counts pool (profile, alpha, ROUGE-W weight; ``"W"`` for ROUGE-W).
    """

    convention: Convention
    statistic: Statistic
    values: tuple[float, ...] = ()
    counts: tuple[Counts, ...] = ()
    doc_ids: tuple[str, ...] = ()
    measure: str = ""
    config: RougeConfig = RougeConfig()
    family: str = "N"

    @classmethod
    def from_scores(
        cls, values: Sequence[float], statistic: Statistic = "fmeasure", measure: str = "", doc_ids: Sequence[str] = ()
    ) -> SystemScores:
        """Per-document scores of ``statistic``, averaged (the mean convention).

        >>> SystemScores.from_scores([0.5, 1.0]).score()
        0.75
        """
        return cls("mean", statistic, values=tuple(values), doc_ids=tuple(doc_ids), measure=measure)

    @classmethod
    def from_counts(
        cls,
        counts: Sequence[Counts],
        statistic: Statistic = "fmeasure",
        measure: str = "",
        doc_ids: Sequence[str] = (),
        config: RougeConfig = RougeConfig(),
        family: str = "N",
    ) -> SystemScores:
        """Per-document counts, pooled (the pooled convention).

        >>> SystemScores.from_counts([Counts(1, 2, 2), Counts(1, 2, 2)], "precision").score()
        0.5
        """
        return cls(
            "pooled",
            statistic,
            counts=tuple(counts),
            doc_ids=tuple(doc_ids),
            measure=measure,
            config=config,
            family=family,
        )

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(self.values))  # any sequence (a numpy array too)
        object.__setattr__(self, "counts", tuple(self.counts))
        if self.convention not in CONVENTIONS:
            raise ValueError(f"invalid convention={self.convention!r}: allowed values are {', '.join(CONVENTIONS)}")
        if self.statistic not in STATISTICS:
            raise ValueError(f"invalid statistic={self.statistic!r}: allowed values are {', '.join(STATISTICS)}")
        if not isinstance(self.config, RougeConfig):
            raise TypeError(f"config must be a RougeConfig, not {type(self.config).__name__}")
        pooled = self.convention == "pooled"
        if (self.values and pooled) or (self.counts and not pooled):
            raise ValueError(f"the {self.convention} convention takes {'counts' if pooled else 'values'} only")
        n = len(self.counts) if pooled else len(self.values)
        if n < 2:
            raise ValueError(f"a comparison needs at least 2 documents, got {n}")
        if pooled:
            for i, c in enumerate(self.counts):
                if not isinstance(c, Counts):
                    raise TypeError(f"counts[{i}] must be Counts, not {type(c).__name__}")
                _check_numbers(f"counts[{i}]", (c.hit, c.model, c.peer), non_negative=True)
        else:
            _check_numbers("values", self.values, non_negative=False)
            object.__setattr__(self, "values", tuple(float(v) for v in self.values))
        ids = tuple(str(i) for i in self.doc_ids) or tuple(str(i) for i in range(1, n + 1))
        if len(ids) != n:
            raise ValueError(f"invalid doc_ids: {len(ids)} ids for {n} documents")
        if len(set(ids)) != n:
            raise ValueError("invalid doc_ids: document IDs must be unique")
        object.__setattr__(self, "doc_ids", ids)

    @property
    def n(self) -> int:
        """The number of documents."""
        return len(self.doc_ids)

    def columns(self) -> np.ndarray:
        """What a resample sums, one row per document: the score, or (model, peer, hit)."""
        if self.convention == "pooled":
            return np.array([[c.model, c.peer, c.hit] for c in self.counts], dtype=np.float64)
        return np.array(self.values, dtype=np.float64).reshape(-1, 1)

    def statistic_of(self, sums: np.ndarray) -> np.ndarray:
        """Rows of :meth:`columns` summed over ``n`` documents -> the statistic of each row."""
        if self.convention == "pooled":
            return pooled_scores(sums, self.config, self.family)[:, STATISTICS[self.statistic][1]]
        return sums[:, 0] / self.n

    def score(self) -> float:
        """The system's score over all its documents (the observed statistic)."""
        return float(self.statistic_of(self.columns().sum(axis=0, keepdims=True))[0])

    def per_document(self) -> np.ndarray:
        """Each document's own value: its score, or the statistic of its counts alone (unrounded)."""
        if self.convention == "pooled":
            return pooled_scores(self.columns(), self.config, self.family)[:, STATISTICS[self.statistic][1]]
        return self.columns()[:, 0]

    def pooling_key(self) -> tuple[object, ...]:
        """What two systems must share to be compared: everything but the document values."""
        c = self.config
        pool = (c.profile, c.quirks, c.alpha, c.wlcs_weight, self.family) if self.convention == "pooled" else ()
        return (self.convention, self.statistic, self.measure, self.doc_ids, pool)


def check_comparable(a: SystemScores, b: SystemScores, names: tuple[str, str] = ("a", "b")) -> None:
    """Raise unless ``a`` and ``b`` are SystemScores of the same documents, measure, statistic and convention.

    >>> check_comparable(SystemScores.from_scores([0.1, 0.2]), SystemScores.from_scores([0.1, 0.2, 0.3]))
    Traceback (most recent call last):
    ...
    ValueError: mismatched lengths: a has 2 documents, b has 3
    """
    for name, s in zip(names, (a, b)):
        if not isinstance(s, SystemScores):
            raise TypeError(f"{name} must be SystemScores, not {type(s).__name__}")
    what = ("convention", "statistic", "measure", "doc_ids", "pooling (profile, alpha, ROUGE-W weight, family)")
    x, y = names
    for field, va, vb in zip(what, a.pooling_key(), b.pooling_key()):
        if va != vb:
            if field == "doc_ids" and a.n != b.n:
                raise ValueError(f"mismatched lengths: {x} has {a.n} documents, {y} has {b.n}")
            raise ValueError(f"mismatched {field}: {x} has {_short(va)}, {y} has {_short(vb)}")


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_numbers(name: str, values: Sequence[float], non_negative: bool) -> None:
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
            raise TypeError(f"{name}[{i}] must be a number, not {type(v).__name__}")
        if not math.isfinite(v) or (non_negative and v < 0):
            raise ValueError(f"invalid {name}[{i}]={v!r}: allowed values are finite numbers" + " >= 0" * non_negative)


def system_scores(
    reports: Mapping[str, CorpusReport],
    measure: str,
    statistic: Statistic = "fmeasure",
    convention: Convention = "mean",
) -> dict[str, SystemScores]:
    """Each system's :class:`SystemScores` for ``measure``, documents aligned by evaluation ID.

    Documents follow the first report's instance order. Every report must hold the
    same evaluation IDs and be scored with the same settings (bootstrap settings and
    ``averaging`` aside).

    >>> from rouge_core.batch.corpus import evaluate_corpus
    >>> cfg = RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
    >>> reps = {"A": evaluate_corpus([("a b", "a c"), ("a", "a")], cfg),
    ...         "B": evaluate_corpus([("a", "a"), ("a b", "a c")], cfg, ids=["2", "1"])}
    >>> [s.values for s in system_scores(reps, "ROUGE-1", "recall").values()]
    [(0.5, 1.0), (0.5, 1.0)]
    """
    if convention not in CONVENTIONS:
        raise ValueError(f"invalid convention={convention!r}: allowed values are {', '.join(CONVENTIONS)}")
    if not reports:
        raise ValueError("no reports: give at least one system")
    first_name, first = next(iter(reports.items()))
    order = [inst.eval_id for inst in first.instances]
    scoring = _scoring_settings(first.config)
    out = {}
    for name, rep in reports.items():
        if not isinstance(rep, CorpusReport):
            raise TypeError(f"reports[{name!r}] must be a CorpusReport, not {type(rep).__name__}")
        by_id = {inst.eval_id: inst for inst in rep.instances}
        missing = [e for e in order if e not in by_id]
        extra = sorted(set(by_id) - set(order))
        if missing or extra or len(by_id) != len(rep.instances):
            said = [f"{name!r} lacks eval ids {', '.join(missing)}"] if missing else []
            said += [f"{first_name!r} lacks eval ids {', '.join(extra)}"] if extra else []
            why = "; ".join(said) or f"{name!r} repeats eval ids"
            raise ValueError(f"all systems must share the same eval ids: {why}")
        if _scoring_settings(rep.config) != scoring:
            raise ValueError(f"system {name!r} was scored with other settings than {first_name!r}")
        if measure not in rep.measures:
            raise ValueError(f"invalid measure={measure!r}: system {name!r} has {', '.join(rep.measures) or 'none'}")
        results = [by_id[e].measures[measure] for e in order]
        if convention == "pooled":
            if any(r.counts is None for r in results):
                raise ValueError(f"system {name!r} has no counts to pool for {measure} (jackknife); use 'mean'")
            counts = [r.counts for r in results if r.counts is not None]
            out[name] = SystemScores.from_counts(counts, statistic, measure, order, rep.config, results[0].family)
        else:
            if statistic not in STATISTICS:
                raise ValueError(f"invalid statistic={statistic!r}: allowed values are {', '.join(STATISTICS)}")
            out[name] = SystemScores.from_scores(
                [getattr(r.score, statistic) for r in results], statistic, measure, order
            )
    return out


def _scoring_settings(config: RougeConfig) -> RougeConfig:
    # Bootstrap settings and the averaging unit change intervals, not per-pair scores or counts.
    return replace(config, seed=0, bootstrap_samples=1, confidence=95.0, averaging=0)
