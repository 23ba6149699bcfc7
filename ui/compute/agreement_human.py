"""The human side of the Agreement page: sample corpora with their published judgments, the criteria and
sources judged in a stored corpus, the systems x documents matrix of mean human scores, and what makes
correlations with them undefined (said in plain sentences). No widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

import numpy as np

from annotation import AnnotationStore, CorpusInfo, HumanScore, Item, import_published
from rouge_core.io.readers import read_corpus_file
from rouge_core.stats.score_matrix import ScoreMatrix, score_matrix
from ui.widgets.corpus_input import SAMPLE_DIR, SAMPLES


def load_sample(store: AnnotationStore, sample: str) -> tuple[str, dict[str, int]]:
    """Store a sample corpus (``ui.widgets.corpus_input.SAMPLES``) with its published judgments; its name in
    the store and the judgments per source. Idempotent: loading it again adds nothing."""
    spec = SAMPLES[sample]
    corpus = read_corpus_file(str(SAMPLE_DIR / spec.file))
    corpus_id = store.add_corpus(corpus, spec.title)
    counts = import_published(store, corpus, spec.title)
    return store.corpus(corpus_id).name, counts


def criteria_and_sources(store: AnnotationStore, corpus_id: int) -> dict[str, tuple[str, ...]]:
    """Each criterion judged in the corpus -> the sources of its judgments (both in first-seen order)."""
    out: dict[str, dict[str, None]] = {}
    for j in store.judgments(corpus_id):
        out.setdefault(j.criterion, {})[j.source] = None
    return {c: tuple(s) for c, s in out.items()}


@dataclass(frozen=True)
class Judged:
    """The human scores chosen on the page: a stored corpus, its items, a criterion and the sources of
    judgments averaged into one score per summary (``scores``, in item order).

    >>> from annotation import CorpusInfo
    >>> info = CorpusInfo(1, "SummEval subset", "ab12", "summeval", "lines", "", 120)
    >>> judged = Judged(info, (), "relevance", ("summeval-expert", "summeval-turker"), ())
    >>> judged.what
    'relevance (summeval-expert, summeval-turker) in SummEval subset'
    >>> judged.text
    'SummEval subset: relevance, mean of summeval-expert+summeval-turker'
    """

    info: CorpusInfo
    items: tuple[Item, ...]
    criterion: str
    sources: tuple[str, ...]
    scores: tuple[HumanScore, ...]

    @property
    def what(self) -> str:
        """The judgments in the page's messages."""
        return f"{self.criterion} ({', '.join(self.sources)}) in {self.info.name}"

    @property
    def text(self) -> str:
        """The judgments in the table's signature and in the downloads."""
        return f"{self.info.name}: {self.criterion}, mean of {'+'.join(self.sources)}"


def human_matrix(scores: Sequence[HumanScore]) -> ScoreMatrix:
    """Systems x documents of the human scores (systems and documents in first-seen order)."""
    return score_matrix((s.system, s.doc_id, s.value) for s in scores)


@dataclass(frozen=True)
class Problem:
    """What is wrong with the human scores: ``stop`` when nothing can be computed."""

    text: str
    stop: bool


def human_problems(m: ScoreMatrix, what: str) -> list[Problem]:
    """Why correlations with these human scores are undefined or limited, in plain sentences.

    >>> one = score_matrix([("A", "d1", 3.0), ("A", "d2", 4.0)])
    >>> [p.stop for p in human_problems(one, "relevance")]
    [False]
    """
    present = m.values[~np.isnan(m.values)]
    if present.size == 0:
        return [Problem(f"No human scores for {what}: choose another criterion or source, or annotate.", True)]
    if present.size < 2:
        return [Problem(f"Only one human score for {what}: a correlation needs at least two.", True)]
    if float(np.ptp(present)) == 0:
        return [
            Problem(
                f"Every human score for {what} is {present[0]:g}: no correlation is defined on constant scores.", True
            )
        ]
    out = []
    if len(m.systems) < 2:
        out.append(
            Problem(
                f"Only one system ({m.systems[0] or 'unnamed'}) has human scores for {what}. The summary and "
                "system levels correlate across systems, so they are undefined: only the global level is computed.",
                False,
            )
        )
    elif len(m.systems) == 2:
        out.append(Problem("Two systems: every summary- and system-level coefficient is +1 or -1.", False))
    return out


def possible_levels(m: ScoreMatrix, levels: Sequence[str]) -> tuple[str, ...]:
    """The chosen levels that are defined for this many systems."""
    return tuple(lv for lv in levels if lv == "global" or len(m.systems) >= 2)


def loaded_choice(
    judged: Mapping[str, Sequence[str]], loaded: Sequence[str], criterion: str
) -> Optional[tuple[str, list[str]]]:
    """The (criterion, sources) to show after a sample's judgments from ``loaded`` were stored: the current
    criterion if they judged it (else relevance, else the first they judged) and the loaded sources offered
    for it (the experts among them when there are some, as the page's default). None if none is offered.

    >>> judged = {"relevance": ("ann", "summeval-expert", "summeval-turker"), "mine": ("ann",)}
    >>> loaded_choice(judged, ["summeval-expert", "summeval-turker"], "mine")
    ('relevance', ['summeval-expert'])
    >>> loaded_choice(judged, ["realsumm"], "relevance") is None
    True
    """
    covered = [c for c, sources in judged.items() if any(s in loaded for s in sources)]
    if not covered:
        return None
    chosen = criterion if criterion in covered else "relevance" if "relevance" in covered else covered[0]
    sources = [s for s in judged[chosen] if s in loaded]
    return chosen, [s for s in sources if "expert" in s] or sources
