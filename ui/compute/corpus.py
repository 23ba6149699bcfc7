"""Scoring a loaded corpus, one system at a time: the budget, a progress bar, and a cache.

Results are cached per (data digest, system, config signature) in one cache shared by all sessions
and bounded by an estimate of their memory (:mod:`ui.compute.cache`): the first run shows a progress
bar (pairs done / total, time left), a rerun with the same data and options is instant.

Budget (measured on this project's 2-core machine, default measures ROUGE-1..4, L, W-1.2, S4, SU4):
scoring costs up to :data:`SECONDS_PER_WORD_PAIR_COMPILED` per word pair (a candidate word x a
reference word, summed over the references) on the compiled chunk path (the rouge155 and
rouge-score tokenizers, no length limit), else up to :data:`SECONDS_PER_WORD_PAIR`: SummEval's
pairs (a 60-word summary, 11 references of about 55 words) take about 1 ms each on the first and
10 to 15 ms on the second, REALSumm's (one reference) 0.15 and 2 to 4 ms. :data:`CORPUS` keeps one
system's scoring around about a minute and a half at most, and its results within the cache's memory.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Optional, cast

import pandas as pd
import streamlit as st

from rouge_core import RougeConfig
from rouge_core.batch import compiled
from rouge_core.batch.corpus import CorpusReport, evaluate_corpus
from rouge_core.io.readers import Document
from rouge_core.text.tokenize import analyze_keys
from ui.compute.cache import MemoryLRU
from ui.render.corpus import examples_frame, search_texts
from ui.render.scores import text_id

if TYPE_CHECKING:  # annotations only: the compute, widget and render modules import each other's types
    from ui.widgets.corpus_input import Loaded

#: Seconds per word pair (candidate words x reference words): 0.4 to 0.6 µs on the samples, 1 µs on a
#: 20,000-pair corpus (REALSumm's texts x 200: 74 M word pairs in 75 s); the larger figure is stated.
SECONDS_PER_WORD_PAIR = 1.0e-6
#: The same on the compiled chunk path (``rouge_core.batch.compiled``: the rouge155 and rouge-score
#: tokenizers without a length limit): 31-42 ns on the samples x 20 (2026-11-24); 50 ns is stated.
SECONDS_PER_WORD_PAIR_COMPILED = 5.0e-8
#: Bytes one measure's result against one reference holds in a kept report (tracemalloc, SummEval).
BYTES_PER_RESULT = 660
#: Estimated bytes all cached corpus results may hold together.
CORPUS_CACHE_BYTES = 256 * 2**20


def seconds_per_word_pair(config: Optional[RougeConfig] = None) -> float:
    """The stated scoring cost of a word pair under ``config`` (None: the slower path's).

    >>> seconds_per_word_pair(RougeConfig()) < seconds_per_word_pair(RougeConfig(tokenizer="unicode"))
    True
    """
    if config is not None and compiled.supported(config):
        return SECONDS_PER_WORD_PAIR_COMPILED
    return SECONDS_PER_WORD_PAIR


@dataclass(frozen=True)
class CorpusBudget:
    """The largest system (its pairs) the Corpus page scores while the user waits."""

    max_words: int  # candidate + reference words over the system's pairs
    max_summary_words: int  # words in one summary
    max_word_pairs: int  # sum over pairs and references of candidate words x reference words
    max_results: int  # pairs x references x measures, the per-reference results kept in memory

    def describe(self) -> str:
        """The budget in one sentence, for the page's caption.

        >>> CORPUS.describe()[:60]
        'The Corpus page scores up to 3,000,000 words a system (candi'
        """
        return (
            f"The Corpus page scores up to {self.max_words:,} words a system (candidates and references), "
            f"{self.max_summary_words:,} words a summary, {self.max_word_pairs:,} word pairs (candidate words × "
            f"reference words) and {self.max_results:,} results (pairs × references × measures); scoring takes "
            f"up to {SECONDS_PER_WORD_PAIR_COMPILED * 1e6:g} µs a word pair with the rouge155 and rouge-score "
            f"tokenizers and no length limit (compiled; SummEval's pairs: about 1 ms each), else up to "
            f"{SECONDS_PER_WORD_PAIR * 1e6:g} µs (10–15 ms each)."
        )


CORPUS = CorpusBudget(3_000_000, 5_000, 100_000_000, 400_000)


@dataclass(frozen=True)
class CorpusSize:
    """Words of one system's pairs (split at white space: no tokenizer needed to know the cost)."""

    pairs: int
    references: int  # over all pairs
    words: int
    longest: int  # words of the longest summary
    longest_where: str  # its document ID (and whether candidate or reference)
    word_pairs: int

    def seconds(self, config: Optional[RougeConfig] = None) -> float:
        """The expected scoring time on this machine under ``config`` (None: the slower path's)."""
        return self.word_pairs * seconds_per_word_pair(config)


def measure(documents: tuple[Document, ...]) -> CorpusSize:
    """Count the words of a system's documents.

    >>> measure((Document("1", "", ("a b", "c"), (("a",), ("b c",))),))
    CorpusSize(pairs=1, references=2, words=6, longest=3, longest_where="document '1' (candidate)", word_pairs=9)
    """
    words = word_pairs = refs = longest = 0
    where = ""
    for d in documents:
        c = sum(len(s.split()) for s in d.candidate)
        words += c
        if c > longest:
            longest, where = c, f"document {d.doc_id[:80]!r} (candidate)"
        for k, r in enumerate(d.references, 1):
            n = sum(len(s.split()) for s in r)
            words += n
            word_pairs += c * n
            refs += 1
            if n > longest:
                longest, where = n, f"document {d.doc_id[:80]!r} (reference {k})"
    return CorpusSize(len(documents), refs, words, longest, where, word_pairs)


def problems(size: CorpusSize, config: RougeConfig, budget: CorpusBudget = CORPUS) -> list[str]:
    """What makes a system too large to score here, one sentence each (empty: it fits).

    >>> problems(CorpusSize(1, 1, 6_000, 6_000, "document '1' (candidate)", 0), RougeConfig())
    ["the longest summary has 6,000 words (at most 5,000): document '1' (candidate)"]
    """
    out = []
    if size.words > budget.max_words:
        out.append(f"the system's pairs have {size.words:,} words (at most {budget.max_words:,})")
    if size.longest > budget.max_summary_words:
        out.append(
            f"the longest summary has {size.longest:,} words (at most {budget.max_summary_words:,}): "
            + size.longest_where
        )
    if size.word_pairs > budget.max_word_pairs:
        out.append(
            f"candidate words × reference words = {size.word_pairs:,} (at most {budget.max_word_pairs:,}; "
            f"about {size.seconds(config):,.0f} s)"
        )
    results = size.references * len(config.measure_labels())
    if results > budget.max_results:
        out.append(
            f"{size.references:,} references × {len(config.measure_labels())} measures = {results:,} results to "
            f"keep (at most {budget.max_results:,}: choose fewer measures in the sidebar)"
        )
    return out


def too_large_message(found: list[str]) -> str:
    return (
        f"This system is too large for the Corpus page to score while you wait: {'; '.join(found)}. "
        "Score it with the command line (python -m rouge_core --input FILE), which has no such limit, "
        "or load a smaller part of the data."
    )


@dataclass(frozen=True)
class ScoredSystem:
    """One system of a corpus scored under one config, with what the tables need besides the report.

    Per-pair tuples follow the input order of the documents (``doc_ids``); the report's instances
    follow its own order (ROUGE-1.5.5's key order in the rouge155 profile)."""

    corpus: str
    system: str
    digest: str
    report: CorpusReport
    doc_ids: tuple[str, ...]
    candidate_tokens: tuple[int, ...]
    reference_tokens: tuple[tuple[int, ...], ...]
    candidate_ids: tuple[str, ...]
    reference_ids: tuple[tuple[str, ...], ...]
    seconds: float


def peer_id(system: str) -> str:
    """The system's ID in the instance keys (``X`` for data without systems, as ROUGE-1.5.5's ``-z``)."""
    return system or "X"


def score_system(
    current: Loaded, system: str, config: RougeConfig, progress: Callable[[int, int], None] | None = None
) -> ScoredSystem:
    """Score one system's pairs (the numbers are :func:`rouge_core.evaluate_corpus`'s, unchanged)."""
    docs = current.corpus.for_system(system)
    pairs, ids = current.corpus.pairs(system)
    start = time.perf_counter()
    report = evaluate_corpus(pairs, config, ids=ids, peer_id=peer_id(system), progress=progress)
    seconds = time.perf_counter() - start

    def tokens(sentences: tuple[str, ...]) -> int:
        return len(analyze_keys(list(sentences), config)[0])

    return ScoredSystem(
        current.source.name,
        system,
        current.digest,
        report,
        tuple(ids),
        tuple(tokens(d.candidate) for d in docs),
        tuple(tuple(tokens(r) for r in d.references) for d in docs),
        tuple(text_id("\n".join(d.candidate)) for d in docs),
        tuple(tuple(text_id("\n".join(r)) for r in d.references) for d in docs),
        seconds,
    )


def _bytes(value: object) -> int:
    if isinstance(value, ScoredSystem):
        n = sum(1 + len(m.per_reference) for i in value.report.instances for m in i.measures.values())
        return n * BYTES_PER_RESULT + 400 * len(value.doc_ids)
    return 1_000


@st.cache_resource(show_spinner=False)
def _cache() -> MemoryLRU[object]:
    return MemoryLRU(CORPUS_CACHE_BYTES, _bytes)


def size_of(current: Loaded, system: str) -> CorpusSize:
    """Words of one system's pairs (cached per data digest and system)."""
    value = _cache().get_or_compute(
        ("size", current.digest, system), lambda: measure(current.corpus.for_system(system))
    )
    return cast(CorpusSize, value)


def is_cached(current: Loaded, system: str, config: RougeConfig) -> bool:
    return ("scores", current.digest, system, config.signature()) in _cache().keys()


def scored(current: Loaded, system: str, config: RougeConfig) -> ScoredSystem:
    """One system scored, from the cache or now, with a progress bar (pairs done / total, time left)."""

    def compute() -> ScoredSystem:
        bar = st.progress(0.0, text="Scoring...")
        start = last = time.perf_counter()

        def step(done: int, total: int) -> None:
            nonlocal last
            now = time.perf_counter()
            if done < total and now - last < 0.15:
                return  # a few updates a second are enough
            last = now
            left = (now - start) / done * (total - done)
            bar.progress(done / total, text=f"Scored {done:,} of {total:,} pairs · about {left:,.0f} s left")

        result = score_system(current, system, config, step)
        bar.empty()
        return result

    value = _cache().get_or_compute(("scores", current.digest, system, config.signature()), compute)
    return cast(ScoredSystem, value)


@st.cache_data(max_entries=8, show_spinner=False)
def _table(
    digest: str, system: str, signature: str, _result: ScoredSystem, _docs: tuple[Document, ...]
) -> tuple[pd.DataFrame, list[str], list[str]]:
    # Keyed by the strings; the underscored arguments are what they name (not hashed).
    frame, common = examples_frame(_result)
    return frame, common, search_texts(_docs)


def pair_table(current: Loaded, system: str, result: ScoredSystem) -> tuple[pd.DataFrame, list[str], list[str]]:
    """The per-pair table (:func:`ui.render.corpus.examples_frame`), the notes every pair shares and the
    texts the search looks in, built once per scored system (1 s for 20,000 pairs)."""
    docs = current.corpus.for_system(system)
    return _table(current.digest, system, result.report.config.signature(), result, docs)
