"""Cached wrappers of rouge_core: the only way a page gets a number.

Reports and comparisons live in one cache shared by all sessions and bounded by an
estimate of their memory (:mod:`ui.compute.cache`), not by their number; small results
(sizes, ROUGE-1 scores) in ``st.cache_data``.
"""

from __future__ import annotations

from typing import Sequence, cast

import streamlit as st

from rouge_core import TOKENIZERS, Report, RougeConfig, Score, evaluate, score
from rouge_core.teach.differences import Comparison, compare
from rouge_core.teach.mistakes import MISTAKES, Outcome
from rouge_core.teach.steps import (
    CellStep,
    GramStep,
    SkipStep,
    TraceStep,
    UnionStep,
    lcs_steps,
    ngram_steps,
    skip_steps,
    traceback_steps,
    union_steps,
)
from rouge_core.teach.token_stages import TokenStages, compare_tokenizers, tokenizer_config
from rouge_core.text.tokenizers_extra import is_installed
from ui.compute.budget import Budget, Size, measure, problems, too_large_message
from ui.compute.cache import REPORT_CACHE_BYTES, MemoryLRU, report_bytes
from ui.render.literal import md_literal


def _bytes(value: object) -> int:
    if isinstance(value, Report):
        return report_bytes(value)
    if isinstance(value, Comparison):  # three reports, and the detectors' counterfactual runs
        return 2 * sum(report_bytes(r) for r in value.reports.values())
    return 10_000


@st.cache_resource(show_spinner=False)
def _cache() -> MemoryLRU[object]:
    return MemoryLRU(REPORT_CACHE_BYTES, _bytes)


def report_for(candidate: str, references: Sequence[str], config: RougeConfig) -> Report:
    """The report of a pair under a config, computed once per distinct input."""
    refs = tuple(references)
    value = _cache().get_or_compute(
        ("report", candidate, refs, config.signature()), lambda: evaluate(candidate, list(refs), config)
    )
    return cast(Report, value)


def comparison_for(candidate: str, references: Sequence[str], config: RougeConfig) -> Comparison:
    """The input under the three profiles, with the rules that explain each difference."""
    refs = tuple(references)
    value = _cache().get_or_compute(
        ("compare", candidate, refs, config.signature()), lambda: compare(candidate, list(refs), config)
    )
    return cast(Comparison, value)


@st.cache_data(max_entries=256, show_spinner=False)
def _size(candidate: str, references: tuple[str, ...], signature: str) -> Size:
    return measure(candidate, references, RougeConfig.from_signature(signature))


def size_of(candidate: str, references: Sequence[str], config: RougeConfig) -> Size:
    """Tokens and sentences of the input (cheap: tokenizing only), for the page budgets."""
    return _size(candidate, tuple(references), config.signature())


def within_budget(
    candidate: str, references: Sequence[str], config: RougeConfig, page: Budget, extra: str = ""
) -> bool:
    """Whether the input fits ``page``'s budget; if not, the page's warning is shown (the texts are kept)."""
    found = problems(size_of(candidate, references, config), page)
    if found:
        st.warning(md_literal(too_large_message(found, page) + extra, 1000))
    return not found


@st.cache_data(max_entries=256, show_spinner=False)
def _rouge1(candidate: str, references: tuple[str, ...], signature: str) -> Score:
    cfg = RougeConfig.from_signature(signature).with_(
        max_n=1, rouge_l=False, flat_lcs=False, wlcs_weight=None, skip_distance=None
    )
    return score(candidate, list(references), cfg)["ROUGE-1"].score


def rouge1_by_tokenizer(candidate: str, references: Sequence[str], config: RougeConfig) -> dict[str, float]:
    """The pair's ROUGE-1 recall under each installed tokenizer (one whose optional package is missing
    is left out), each with its own package's stemmer (``rouge_core.teach.token_stages.tokenizer_config``),
    the other options from ``config``."""
    return {
        tok: rouge1_for(candidate, references, tokenizer_config(tok, config)).recall
        for tok in TOKENIZERS
        if is_installed(tok)
    }


def rouge1_for(candidate: str, references: Sequence[str], config: RougeConfig) -> Score:
    """ROUGE-1 alone (the counts-only path: linear in the text), for the tokenizer page."""
    return _rouge1(candidate, tuple(references), config.signature())


@st.cache_resource(max_entries=64, show_spinner=False)
def _mistake(mistake: str, candidate: str, reference: str, signature: str) -> Outcome:
    return MISTAKES[mistake].run(candidate, reference, RougeConfig.from_signature(signature))


def mistake_outcome(mistake: str, candidate: str, reference: str, config: RougeConfig) -> Outcome:
    """A deliberately wrong implementation next to the correct value, on one input (small inputs only:
    see ui.compute.budget.MISTAKES)."""
    return _mistake(mistake, candidate, reference, config.signature())


@st.cache_resource(max_entries=8, show_spinner=False)
def _stages(text: str, signature: str) -> dict[str, TokenStages]:
    return compare_tokenizers(text, RougeConfig.from_signature(signature))


def token_stages_for(text: str, config: RougeConfig) -> dict[str, TokenStages]:
    """Each tokenizer's stages (case, cleaning, stopwords, stemming) on one text."""
    return _stages(text, config.signature())


# -- the Learn page's step-by-step walks (bounded by rouge_core.teach.steps' own size limits) ---------------------

Keys = tuple[str, ...]


@st.cache_resource(max_entries=32, show_spinner=False)
def _table_walk(reference: Keys, candidate: Keys, weight: float) -> tuple[tuple[CellStep, ...], tuple[TraceStep, ...]]:
    return tuple(lcs_steps(reference, candidate, weight)), tuple(traceback_steps(reference, candidate, weight))


def table_walk(
    reference: Sequence[str], candidate: Sequence[str], weight: float = 1.0
) -> tuple[tuple[CellStep, ...], tuple[TraceStep, ...]]:
    """The (W)LCS table's cells in fill order and its traceback moves (``rouge_core.teach.steps``)."""
    return _table_walk(tuple(reference), tuple(candidate), float(weight))


@st.cache_resource(max_entries=32, show_spinner=False)
def _ngram_walk(candidate: Keys, reference: Keys, n: int) -> tuple[GramStep, ...]:
    return tuple(ngram_steps(candidate, reference, n))


def ngram_walk(candidate: Sequence[str], reference: Sequence[str], n: int) -> tuple[GramStep, ...]:
    """The candidate's n-grams one at a time, each with its clipping verdict."""
    return _ngram_walk(tuple(candidate), tuple(reference), int(n))


@st.cache_resource(max_entries=32, show_spinner=False)
def _union_walk(
    reference: tuple[Keys, ...], candidate: tuple[Keys, ...], budget: bool, keys: tuple[Keys, Keys]
) -> tuple[UnionStep, ...]:
    return tuple(union_steps(reference, candidate, budget, budget_keys=keys))


def union_walk(
    reference: Sequence[Sequence[str]],
    candidate: Sequence[Sequence[str]],
    budget: bool,
    budget_keys: tuple[Sequence[str], Sequence[str]],
) -> tuple[UnionStep, ...]:
    """Summary-level LCS sentence by sentence (``budget``: ROUGE-1.5.5's hit budget)."""
    ref, cand = tuple(tuple(s) for s in reference), tuple(tuple(s) for s in candidate)
    return _union_walk(ref, cand, bool(budget), (tuple(budget_keys[0]), tuple(budget_keys[1])))


@st.cache_resource(max_entries=32, show_spinner=False)
def _skip_walk(candidate: Keys, reference: Keys, distance: int, su: bool, su_last: bool) -> tuple[SkipStep, ...]:
    return tuple(skip_steps(candidate, reference, distance, su, su_last=su_last))


def skip_walk(
    candidate: Sequence[str], reference: Sequence[str], distance: int, su: bool, config: RougeConfig
) -> tuple[SkipStep, ...]:
    """Every in-order candidate pair (then the SU unigrams) with its verdict. ROUGE-1.5.5 leaves the
    last word out of the SU unigrams; the other profiles count every word."""
    return _skip_walk(tuple(candidate), tuple(reference), int(distance), bool(su), config.behaviour.su_last_unigram)
