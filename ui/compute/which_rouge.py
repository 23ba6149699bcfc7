"""Which ROUGE? on a loaded corpus: the plan and budget, a progress bar, and a cache around
:func:`rouge_core.teach.which_rouge.which_rouge`.

:func:`which_rouge` scores one system's pairs under config A, config B and once more per setting that
differs (A with that one setting from B), then runs the per-pair rule detectors on the documents with
the largest differences (at most the explanation cap). Its cost is about that of :func:`plan`'s
``scorings`` corpus scorings plus :data:`DETECTOR_SCORINGS` scorings of each examined document, so the
page's budget (:data:`GAP`) counts words and word pairs times those scorings, and refuses a larger
corpus before anything is computed. Results are cached per (data digest, system, both signatures,
options) in one cache shared by all sessions and bounded by an estimate of their memory
(:mod:`ui.compute.cache`), as :mod:`ui.compute.corpus` does for scores.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Mapping, Optional, cast

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.stats.systems import Statistic
from rouge_core.teach.which_rouge import SettingGap, which_rouge
from rouge_core.teach.which_rouge.rules import rules_to_run
from rouge_core.teach.which_rouge.settings import differing, measure_pairs
from ui.compute.cache import MemoryLRU
from ui.compute.corpus import SECONDS_PER_WORD_PAIR, CorpusSize, size_of
from ui.render.literal import md_literal
from ui.widgets.corpus_input import Loaded
from ui.widgets.estimate import estimate_shown

#: The paired bootstrap of the per-document differences (fixed, so the page's numbers can be reproduced).
SAMPLES = 1000
SEED = 0
CONFIDENCE = 95.0
#: Corpus scorings' worth of work the rule detectors spend on one examined document (each is scored
#: under the three profiles, and again with single rules switched; measured on SummEval's pairs).
DETECTOR_SCORINGS = 8
#: Estimated bytes all cached comparisons may hold together (a comparison keeps numbers, not reports).
GAP_CACHE_BYTES = 64 * 2**20


@dataclass(frozen=True)
class GapBudget:
    """The largest comparison the page runs while the user waits."""

    max_word_scorings: int  # the system's words (candidates and references) x corpus scorings
    max_work: int  # word pairs x corpus scorings + the examined documents' word pairs x DETECTOR_SCORINGS
    max_summary_words: int  # words in one summary
    max_cap: int  # documents the rule detectors may examine

    def describe(self) -> str:
        """The budget in one sentence, for the page's caption.

        >>> GAP.describe()[:52]
        'This page compares up to 6,000,000 words × scorings '
        """
        return (
            f"This page compares up to {self.max_word_scorings:,} words × scorings (the system’s candidate and "
            "reference words times the number of times the corpus is scored: once under A, once under B and "
            f"once per setting that differs), {self.max_work:,} word pairs × scorings (about "
            f"{self.max_work * SECONDS_PER_WORD_PAIR:,.0f} s), {self.max_summary_words:,} words a summary, and "
            f"lets the rule detectors examine at most {self.max_cap:,} documents."
        )


GAP = GapBudget(6_000_000, 100_000_000, 5_000, 200)


@dataclass(frozen=True)
class Plan:
    """What one comparison runs: the measure pairs (A's label, B's label), the settings that differ,
    the corpus scorings and the documents the rule detectors will examine (at most)."""

    pairs: tuple[tuple[str, str], ...]
    changes: tuple[str, ...]
    scorings: int
    examined: int


def lcs_match(a: RougeConfig, b: RougeConfig) -> Optional[dict[str, str]]:
    """The ``match`` that sets summary-level ROUGE-L against rouge-score's flat rougeL, when it applies:
    one config computes ROUGE-Lflat and the other ROUGE-L without it (None otherwise).

    >>> from rouge_core.presets import preset
    >>> perl = preset("ROUGE-1.5.5 -n 2 -m (ROUGE-1, ROUGE-2, ROUGE-L with stemming)")
    >>> rs = preset("rouge-score defaults (rouge1, rouge2, rougeL, rougeLsum)")
    >>> lcs_match(perl, rs), lcs_match(rs, perl), lcs_match(rs, rs)
    ({'ROUGE-L': 'ROUGE-Lflat'}, {'ROUGE-Lflat': 'ROUGE-L'}, None)
    """
    la, lb = set(a.measure_labels()), set(b.measure_labels())
    if "ROUGE-L" in la and "ROUGE-Lflat" not in la and "ROUGE-Lflat" in lb:
        return {"ROUGE-L": "ROUGE-Lflat"}
    if "ROUGE-L" in lb and "ROUGE-Lflat" not in lb and "ROUGE-Lflat" in la:
        return {"ROUGE-Lflat": "ROUGE-L"}
    return None


def plan(a: RougeConfig, b: RougeConfig, match: Optional[Mapping[str, str]], cap: int, documents: int) -> Plan:
    """What :func:`which_rouge` will run (raises ``ValueError`` when the configs share no measure).

    >>> p = plan(RougeConfig(max_n=1), RougeConfig(max_n=1, stem=True), None, 50, 20)
    >>> p.pairs[0], p.changes, p.scorings, p.examined
    (('ROUGE-1', 'ROUGE-1'), ('stem: no -> yes',), 3, 0)
    """
    pairs = measure_pairs(a, b, dict(match or {}))
    changes = tuple(c.change for _, c in differing(a, b))
    cross = any(p.kind_a != p.kind_b for p in pairs)
    examined = min(cap, documents) if rules_to_run(a.profile, b.profile, cross) else 0
    return Plan(tuple((p.label_a, p.label_b) for p in pairs), changes, 2 + len(changes), examined)


def work(size: CorpusSize, p: Plan) -> int:
    """Word pairs x scorings: the corpus scorings, then the examined documents (an average document each)."""
    per_doc = size.word_pairs / max(size.pairs, 1)
    return int(size.word_pairs * p.scorings + DETECTOR_SCORINGS * p.examined * per_doc)


def seconds(size: CorpusSize, p: Plan) -> float:
    """The expected time of the comparison on this machine."""
    return work(size, p) * SECONDS_PER_WORD_PAIR


def problems(size: CorpusSize, p: Plan, budget: GapBudget = GAP) -> list[str]:
    """What makes the comparison too large for the page, one sentence each (empty: it fits).

    >>> big = CorpusSize(10, 10, 3_000_000, 200, "", 2_000_000)
    >>> problems(big, Plan((), ("stem: no -> yes",), 3, 0))
    ['3,000,000 words × 3 scorings = 9,000,000 (at most 6,000,000)']
    """
    out = []
    if size.words * p.scorings > budget.max_word_scorings:
        out.append(
            f"{size.words:,} words × {p.scorings} scorings = {size.words * p.scorings:,} "
            f"(at most {budget.max_word_scorings:,})"
        )
    if size.longest > budget.max_summary_words:
        out.append(
            f"the longest summary has {size.longest:,} words (at most {budget.max_summary_words:,}): "
            + size.longest_where
        )
    if work(size, p) > budget.max_work:
        out.append(
            f"word pairs × scorings = {work(size, p):,} (at most {budget.max_work:,}; about {seconds(size, p):,.0f} s)"
        )
    return out


def too_large_message(found: list[str]) -> str:
    return (
        f"This comparison is too large for the page to run while you wait: {'; '.join(found)}. Compare fewer "
        "differing settings at once, lower the explanation cap, or run rouge_core.teach.which_rouge from Python, "
        "which has no such limit."
    )


@dataclass(frozen=True)
class GapResult:
    """One system's comparison, with what the page and the exports name besides the gap."""

    corpus: str
    system: str
    digest: str
    gap: SettingGap
    doc_ids: tuple[str, ...]
    seconds: float


def _bytes(value: object) -> int:
    if isinstance(value, GapResult):
        docs = sum(len(m.documents) + len(m.attribution) for m in value.gap.measures)
        return 2_000 + 400 * docs + 120 * len(value.doc_ids)
    return 1_000


@st.cache_resource(show_spinner=False)
def _cache() -> MemoryLRU[object]:
    return MemoryLRU(GAP_CACHE_BYTES, _bytes)


def _key(
    current: Loaded,
    system: str,
    a: RougeConfig,
    b: RougeConfig,
    match: Optional[Mapping[str, str]],
    statistic: Statistic,
    cap: int,
) -> tuple[object, ...]:
    options = (tuple(sorted((match or {}).items())), statistic, cap, SAMPLES, SEED, CONFIDENCE)
    return ("gap", current.digest, system, a.signature(), b.signature(), options)


def run(
    current: Loaded,
    system: str,
    a: RougeConfig,
    b: RougeConfig,
    match: Optional[Mapping[str, str]],
    statistic: Statistic,
    cap: int,
    progress: Optional[Callable[[int, int], None]] = None,
) -> GapResult:
    """The comparison, computed now (the numbers are :func:`which_rouge`'s, unchanged)."""
    pairs, ids = current.corpus.pairs(system)
    start = time.perf_counter()
    gap = which_rouge(
        pairs,
        a,
        b,
        ids,
        statistic=statistic,
        match=match,
        max_explained_docs=cap,
        samples=SAMPLES,
        seed=SEED,
        confidence=CONFIDENCE,
        progress=progress,
    )
    return GapResult(current.source.name, system, current.digest, gap, tuple(ids), time.perf_counter() - start)


def is_cached(
    current: Loaded,
    system: str,
    a: RougeConfig,
    b: RougeConfig,
    match: Optional[Mapping[str, str]],
    statistic: Statistic,
    cap: int,
) -> bool:
    return _key(current, system, a, b, match, statistic, cap) in _cache().keys()


def gap_for(
    current: Loaded,
    system: str,
    a: RougeConfig,
    b: RougeConfig,
    match: Optional[Mapping[str, str]],
    statistic: Statistic,
    cap: int,
) -> GapResult:
    """The comparison, from the cache or now, with a progress bar (steps done / total, time left)."""

    def compute() -> GapResult:
        bar = st.progress(0.0, text="Scoring the corpus under A...")
        start = last = time.perf_counter()

        def step(done: int, total: int) -> None:
            nonlocal last
            now = time.perf_counter()
            if done < total and now - last < 0.15:
                return  # a few updates a second are enough
            last = now
            left = (now - start) / done * (total - done)
            bar.progress(
                done / total,
                text=f"Step {done:,} of {total:,} (corpus scorings, then the rule detectors) · "
                f"about {left:,.0f} s left",
            )

        result = run(current, system, a, b, match, statistic, cap, step)
        bar.empty()
        return result

    value = _cache().get_or_compute(_key(current, system, a, b, match, statistic, cap), compute)
    return cast(GapResult, value)


def compare(
    current: Loaded,
    system: str,
    a: RougeConfig,
    b: RougeConfig,
    match: Optional[Mapping[str, str]],
    statistic: Statistic,
    cap: int,
) -> Optional[GapResult]:
    """The page's comparison: the budget in a caption, the time it will take, then :func:`gap_for`. None, with
    the reason on the page, when the configs share no measure, it is over the budget or rouge_core refuses it."""
    try:
        todo = plan(a, b, match, cap, len(current.corpus.for_system(system)))
    except ValueError as exc:
        st.error(md_literal(f"These two configurations cannot be compared: {exc}.", 800))
        return None
    size = size_of(current, system)
    st.caption(md_literal(GAP.describe(), 1000))
    found = problems(size, todo)
    if found:
        st.warning(md_literal(too_large_message(found), 1500))
        return None
    wait = (
        f"{size.pairs:,} pairs, {size.words:,} words, {todo.scorings} scorings and up to {todo.examined:,} "
        f"examined documents: about {max(seconds(size, todo), 0.1):,.1f} s."
    )
    with estimate_shown(None if is_cached(current, system, a, b, match, statistic, cap) else wait):
        try:
            return gap_for(current, system, a, b, match, statistic, cap)
        except ValueError as exc:  # e.g. a document ID twice in one system
            st.error(md_literal(f"This corpus cannot be compared: {exc}.", 800))
            return None
