"""Scoring every system of a loaded corpus, and comparing them, for the Systems page.

Scoring goes through :func:`ui.compute.corpus.scored` (one system at a time, its progress bar, its
memory-bounded cache shared with the Corpus page). The comparison has a cache of its own, keyed by
the scored reports' identity (data digest, system, config signature) and the test's settings: a new
test, seed or number of samples reruns :func:`rouge_core.stats.comparison.compare_systems` only, never the
scoring. Every number is rouge_core's: :func:`rouge_core.stats.systems.system_scores` then
``compare_systems``, exactly as ``python -m rouge_core --input FILE --compare`` computes them.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, replace
from typing import Mapping, Optional, Sequence, cast

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.io.readers import Corpus
from rouge_core.stats.comparison import METHODS, Comparison, compare_systems
from rouge_core.stats.systems import Convention, Statistic, SystemScores, system_scores
from ui.compute.cache import MemoryLRU
from ui.compute.corpus import ScoredSystem, is_cached, problems, scored, size_of, too_large_message
from ui.render.literal import md_literal
from ui.render.plural import counted
from ui.widgets.corpus_input import Loaded
from ui.widgets.estimate import estimate_shown

#: Estimated bytes all cached comparisons may hold together (a comparison is small: its pairs and values).
COMPARISON_CACHE_BYTES = 32 * 2**20


@dataclass(frozen=True)
class Settings:
    """What one comparison runs: the measure (report label), statistic, convention, test, samples, seed."""

    measure: str
    statistic: Statistic
    convention: Convention
    method: str
    samples: int
    seed: int
    confidence: float

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"invalid method={self.method!r}: allowed values are {', '.join(METHODS)}")


def resampled(method: str) -> str:
    """What a test's samples are called: the bootstrap resamples the documents, randomization shuffles them.

    >>> resampled("bootstrap"), resampled("randomization")
    ('resamples', 'shuffles')
    """
    return "resamples" if method == "bootstrap" else "shuffles"


@dataclass(frozen=True)
class Compared:
    """A comparison with the per-system values it tested (for the per-document scatter) and its time."""

    comparison: Comparison
    scores: Mapping[str, SystemScores]
    seconds: float

    @property
    def documents(self) -> int:
        """The number of documents compared (every system has the same ones).

        >>> scores = {s: SystemScores.from_scores(v) for s, v in {"A": [0.5, 1.0, 0.2], "B": [0.4, 0.9, 0.3]}.items()}
        >>> Compared(compare_systems(scores, samples=10), scores, 0.0).documents
        3
        """
        return len(next(iter(self.scores.values())).doc_ids)


@dataclass(frozen=True)
class Shared:
    """The documents every chosen system has with the same references (first system's order), the rest,
    the systems lacking documents and the check's sentences (:meth:`rouge_core.io.readers.SystemCheck.problems`)."""

    kept: tuple[str, ...]
    dropped: tuple[str, ...]
    total: int
    lacking: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()


def chosen_corpus(corpus: Corpus, systems: Sequence[str]) -> Corpus:
    """The corpus with the documents of ``systems`` only (the systems a comparison looks at)."""
    wanted = set(systems)
    return replace(corpus, documents=tuple(d for d in corpus.documents if d.system in wanted))


def shared_documents(corpus: Corpus, systems: Sequence[str]) -> Shared:
    """The documents to compare on when systems lack some (as the CLI's ``--common-docs`` keeps them).

    >>> from rouge_core.io.readers import Document
    >>> docs = [Document(i, s, ("a",), (("b",),)) for s in "AB" for i in "123" if (s, i) != ("B", "2")]
    >>> s = shared_documents(Corpus(tuple(docs), (), "jsonl", "lines", "x"), ["A", "B"])
    >>> s.kept, s.dropped, s.total, s.lacking
    (('1', '3'), ('2',), 3, ('B',))
    """
    check = chosen_corpus(corpus, systems).check_systems()
    keep = set(check.shared) - set(check.differing_references)
    kept = tuple(d.doc_id for d in corpus.for_system(systems[0]) if d.doc_id in keep)
    dropped = tuple(i for i in check.doc_ids if i not in keep)
    return Shared(kept, dropped, len(check.doc_ids), tuple(check.missing), tuple(check.problems()))


def restricted(current: Loaded, systems: Sequence[str], doc_ids: Sequence[str]) -> Loaded:
    """``current`` with only the chosen systems' documents in ``doc_ids``: scored (and cached) as its own data.

    Per-pair scores do not depend on the other pairs, so these are the numbers of
    ``evaluate_corpus(corpus.pairs(system, doc_ids), ...)``, the CLI's ``--common-docs`` run."""
    keep = set(doc_ids)
    sub = chosen_corpus(current.corpus, systems)
    sub = replace(sub, documents=tuple(d for d in sub.documents if d.doc_id in keep))
    h = hashlib.sha256(repr((current.digest, tuple(systems), tuple(doc_ids))).encode()).hexdigest()[:16]
    return Loaded(sub, current.source, current.sentences, f"{current.digest}:{h}")


def score_systems(current: Loaded, systems: Sequence[str], config: RougeConfig) -> dict[str, ScoredSystem]:
    """Every system scored (from the cache or now), each with its progress bar under a line naming it."""
    line = st.empty()
    out = {}
    for k, system in enumerate(systems, 1):
        if not is_cached(current, system, config):
            line.caption(md_literal(f"Scoring system {k} of {len(systems)}: {system}", 200))
        out[system] = scored(current, system, config)
    line.empty()
    return out


def _bytes(value: object) -> int:
    if isinstance(value, Compared):
        values = sum(s.n for s in value.scores.values())
        return 2_000 + 1_000 * len(value.comparison.pairs) + 120 * values
    return 1_000


@st.cache_resource(show_spinner=False)
def _cache() -> MemoryLRU[object]:
    return MemoryLRU(COMPARISON_CACHE_BYTES, _bytes)


def identity(systems: Mapping[str, ScoredSystem]) -> tuple[tuple[str, str, str], ...]:
    """What names the scored reports: (system, data digest, config signature) of each, in order."""
    return tuple((name, s.digest, s.report.config.signature()) for name, s in systems.items())


def compare(systems: Mapping[str, ScoredSystem], settings: Settings) -> Compared:
    """The systems' comparison under ``settings`` (cached; raises ``ValueError`` with rouge_core's message).

    The same as ``compare_systems(system_scores(reports, measure, statistic, convention), method,
    samples, seed, confidence)`` on the systems' reports, in the order given."""

    def run() -> Compared:
        start = time.perf_counter()
        reports = {name: s.report for name, s in systems.items()}
        scores = system_scores(reports, settings.measure, settings.statistic, settings.convention)
        cmp = compare_systems(scores, settings.method, settings.samples, settings.seed, settings.confidence)
        return Compared(cmp, scores, time.perf_counter() - start)

    value = _cache().get_or_compute(("comparison", identity(systems), settings), run)
    return cast(Compared, value)


#: The scored systems (in the order chosen) and their comparison.
Ran = tuple[dict[str, ScoredSystem], Compared]


def score_and_compare(
    current: Loaded, systems: Sequence[str], config: RougeConfig, settings: Settings
) -> Optional[Ran]:
    """Every system scored (within the corpus budget, with the time it will take said first) and compared.

    None, with the reason on the page, when a system is over the budget or rouge_core refuses the
    comparison (its ``ValueError`` message); a spinner names the pairs and samples while testing."""
    found = [f"{s}: {'; '.join(p)}" for s in systems if (p := problems(size_of(current, s), config))]
    if found:
        st.warning(md_literal(too_large_message(found), 2000))
        return None
    todo = [s for s in systems if not is_cached(current, s, config)]
    seconds = sum(size_of(current, s).seconds(config) for s in todo)
    with estimate_shown(
        f"{counted(len(todo), 'system')} to score: about {max(seconds, 0.1):,.1f} s." if todo else None
    ):
        done = score_systems(current, systems, config)
    what = resampled(settings.method)
    pairs = len(systems) * (len(systems) - 1) // 2
    try:
        with st.spinner(f"Testing {pairs:,} pairs, {settings.samples:,} {what} each..."):
            return done, compare(done, settings)
    except ValueError as e:
        st.error(md_literal(f"These systems cannot be compared: {e}", 1500))
        return None
