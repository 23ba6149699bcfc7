"""Every measure's score on every perturbation, for one pair or over a sample of a corpus, and which
measures are fooled.

The rule (:func:`is_fooled`): a score *moves* when it drops by more than :data:`TOLERANCE` or by more
than :data:`SHARE` of the original score (a score of 0.01 cannot drop by 0.05: losing a quarter of it
counts). A measure is fooled by a perturbation that changes the meaning when its score does not move
(it rises, or drops a little); by one that keeps the meaning (synonyms) when its score moves. A score
that is 0 and stays 0 had nothing to lose (:func:`verdict`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import fmean
from typing import Callable, Literal, Mapping, Optional, Sequence

from ...config import RougeConfig
from ...evaluate import score
from ...io.readers.model import Document
from ...measures.scoring import Score
from .registry import PERTURBATIONS, Perturbation, Perturbed, perturb

Statistic = Literal["precision", "recall", "fmeasure"]
#: How far a score may drop and still count as "barely moved" ...
TOLERANCE = 0.05
#: ... unless the drop is more than this share of the original score.
SHARE = 0.25


def moved(original: float, change: float) -> bool:
    """Whether a score moved: it dropped by more than :data:`TOLERANCE` or by more than :data:`SHARE` of
    ``original``.

    >>> moved(0.5, -0.06), moved(0.5, -0.04), moved(0.1, -0.03), moved(0.1, -0.02), moved(0.0, 0.0)
    (True, False, True, False, False)
    """
    return change < -TOLERANCE or change < -SHARE * original


Verdict = Literal["fooled", "noticed", "nothing to lose"]


def verdict(keeps_meaning: bool, original: float, change: float) -> Verdict:
    """How a measure judged a perturbation (see the module's rule); a score at 0 that stays 0 had no
    overlap to lose: "nothing to lose", neither fooled nor noticing.

    >>> verdict(False, 0.5, -0.03), verdict(False, 0.5, -0.3), verdict(True, 0.5, -0.3), verdict(False, 0.0, 0.0)
    ('fooled', 'noticed', 'fooled', 'nothing to lose')
    """
    if original == 0 and change == 0:
        return "nothing to lose"
    return "fooled" if moved(original, change) == keeps_meaning else "noticed"


def is_fooled(keeps_meaning: bool, original: float, change: float) -> bool:
    """Whether a change of score misjudges a perturbation (:func:`verdict` is "fooled").

    >>> is_fooled(False, 0.5, -0.03), is_fooled(False, 0.5, 0.2), is_fooled(False, 0.5, -0.3)
    (True, True, False)
    >>> is_fooled(True, 0.5, -0.3), is_fooled(True, 0.5, -0.01), is_fooled(False, 0.0, 0.0)
    (True, False, False)
    """
    return verdict(keeps_meaning, original, change) == "fooled"


def scores_of(sentences: Sequence[str], references: Sequence[Sequence[str]], config: RougeConfig) -> dict[str, Score]:
    """Every measure's score of a summary (sentences) against its references (each its sentences).

    >>> scores_of(["police kill the gunman"], [["police killed the gunman"]], RougeConfig())["ROUGE-1"].recall
    0.75
    """
    return {label: m.score for label, m in score(list(sentences), [list(r) for r in references], config).items()}


@dataclass(frozen=True)
class Row:
    """One perturbation of a pair and every measure's score on it (none when it did not apply)."""

    perturbation: Perturbation
    perturbed: Perturbed
    scores: Mapping[str, Score]


@dataclass(frozen=True)
class PairBlindSpots:
    """A pair's original scores and one :class:`Row` per perturbation, in :data:`PERTURBATIONS` order."""

    original: Mapping[str, Score]
    rows: tuple[Row, ...]

    @property
    def labels(self) -> tuple[str, ...]:
        """The measures, in the config's order."""
        return tuple(self.original)

    def change(self, row: Row, label: str, stat: Statistic) -> float:
        """The perturbed score minus the original one."""
        return float(getattr(row.scores[label], stat)) - float(getattr(self.original[label], stat))

    def verdict(self, row: Row, label: str, stat: Statistic) -> Verdict:
        """How ``label`` judged ``row``'s perturbation (:func:`verdict`)."""
        original = float(getattr(self.original[label], stat))
        return verdict(row.perturbation.keeps_meaning, original, self.change(row, label, stat))

    def fooled(self, row: Row, label: str, stat: Statistic) -> bool:
        """Whether ``label`` is fooled by ``row``'s perturbation (:func:`is_fooled`)."""
        return self.verdict(row, label, stat) == "fooled"


def pair_blind_spots(
    sentences: Sequence[str],
    references: Sequence[Sequence[str]],
    config: RougeConfig,
    source: Optional[str] = None,
    seed: int = 0,
) -> PairBlindSpots:
    """Score the summary and each of its perturbations against the references.

    >>> b = pair_blind_spots(["police killed the gunman"], [["police killed the gunman"]], RougeConfig(max_n=2))
    >>> row = b.rows[0]  # words shuffled
    >>> row.scores["ROUGE-1"].recall, b.change(row, "ROUGE-2", "recall") < 0, b.fooled(row, "ROUGE-1", "recall")
    (1.0, True, True)
    """
    original = scores_of(sentences, references, config)
    rows = []
    for name, p in PERTURBATIONS.items():
        done = perturb(name, sentences, source, seed)
        rows.append(Row(p, done, scores_of(done.sentences, references, config) if done.applied else {}))
    return PairBlindSpots(original, tuple(rows))


def sample_documents(documents: Sequence[Document], size: int, seed: int = 0) -> list[Document]:
    """A seeded sample of ``size`` documents (all of them when there are fewer), in corpus order.

    >>> docs = [Document(str(i), "", ("a",), (("a",),)) for i in range(10)]
    >>> [d.doc_id for d in sample_documents(docs, 3, seed=1)]
    ['1', '2', '4']
    """
    chosen = random.Random(seed).sample(range(len(documents)), min(size, len(documents)))
    return [documents[i] for i in sorted(chosen)]


@dataclass(frozen=True)
class CorpusRow:
    """One perturbation over the sampled pairs: per measure, (original, perturbed) scores of each pair
    it applied to."""

    perturbation: Perturbation
    pairs: Mapping[str, tuple[tuple[Score, Score], ...]]
    not_applied: int

    @property
    def applied(self) -> int:
        """On how many pairs the perturbation applied."""
        return len(next(iter(self.pairs.values()), ()))

    def mean_score(self, label: str, stat: Statistic) -> float:
        """The average perturbed score (nan when it applied to no pair)."""
        got = self.pairs[label]
        return fmean(float(getattr(p, stat)) for _, p in got) if got else float("nan")

    def mean_original(self, label: str, stat: Statistic) -> float:
        """The average original score of the pairs it applied to (nan when none)."""
        got = self.pairs[label]
        return fmean(float(getattr(o, stat)) for o, _ in got) if got else float("nan")

    def mean_change(self, label: str, stat: Statistic) -> float:
        """The average change from each pair's original score (nan when it applied to no pair)."""
        got = self.pairs[label]
        return fmean(float(getattr(p, stat)) - float(getattr(o, stat)) for o, p in got) if got else float("nan")

    def fooled_pairs(self, label: str, stat: Statistic) -> int:
        """On how many pairs the measure was fooled (:func:`is_fooled`)."""
        keeps = self.perturbation.keeps_meaning
        return sum(
            is_fooled(keeps, float(getattr(o, stat)), float(getattr(p, stat)) - float(getattr(o, stat)))
            for o, p in self.pairs[label]
        )


@dataclass(frozen=True)
class CorpusBlindSpots:
    """The perturbations over a sample of a corpus: the sampled documents and one row per perturbation."""

    doc_ids: tuple[str, ...]
    labels: tuple[str, ...]
    rows: tuple[CorpusRow, ...]


def corpus_blind_spots(
    documents: Sequence[Document],
    config: RougeConfig,
    seed: int = 0,
    progress: Optional[Callable[[int, int], None]] = None,
) -> CorpusBlindSpots:
    """Every perturbation of every document (its candidate against its references; lead-3 and names
    from its source), with ``progress(done, total)`` called after each document.

    >>> docs = [Document("1", "", ("police killed the gunman",), (("police killed the gunman",),))]
    >>> out = corpus_blind_spots(docs, RougeConfig(max_n=2))
    >>> out.rows[0].mean_change("ROUGE-1", "fmeasure"), out.rows[0].applied, out.rows[-1].not_applied
    (0.0, 1, 1)
    """
    labels = tuple(config.measure_labels())
    got: dict[str, dict[str, list[tuple[Score, Score]]]] = {n: {lb: [] for lb in labels} for n in PERTURBATIONS}
    missing = dict.fromkeys(PERTURBATIONS, 0)
    for k, doc in enumerate(documents, start=1):
        pair = pair_blind_spots(doc.candidate, doc.references, config, doc.source, seed)
        for row in pair.rows:
            if not row.perturbed.applied:
                missing[row.perturbation.name] += 1
                continue
            for lb in labels:
                got[row.perturbation.name][lb].append((pair.original[lb], row.scores[lb]))
        if progress is not None:
            progress(k, len(documents))
    rows = tuple(CorpusRow(p, {lb: tuple(v) for lb, v in got[n].items()}, missing[n]) for n, p in PERTURBATIONS.items())
    return CorpusBlindSpots(tuple(d.doc_id for d in documents), labels, rows)
