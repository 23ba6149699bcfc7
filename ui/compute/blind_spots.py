"""The cached computations of 'What does ROUGE miss?': a pair's perturbations scored, the SummEval
sample's documents, and the perturbations over a seeded sample of them."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.io.readers import read_corpus_file
from rouge_core.io.readers.model import Document
from rouge_core.teach.blind_spots import (
    CorpusBlindSpots,
    PairBlindSpots,
    corpus_blind_spots,
    pair_blind_spots,
    sample_documents,
)
from ui.compute.budget import Budget
from ui.samples import SAMPLE_DIR

#: The page scores the pair and eight perturbations of it (one of them may be longer: the repeated
#: sentence, the lead-3), so its budget is "Why do the numbers differ?"'s, which scores three profiles.
BLIND_SPOTS = Budget("'What does ROUGE miss?'", 700, 500_000, 40_000, max_references=12)
CORPUS_FILE = SAMPLE_DIR / "summeval_subset.jsonl"
#: Most pairs of the corpus sample (about 0.07 s a pair on this machine, all measures on).
MAX_CORPUS_PAIRS = 40


@st.cache_data(max_entries=64, show_spinner=False)
def _pair(
    sentences: tuple[str, ...], references: tuple[tuple[str, ...], ...], signature: str, source: str, seed: int
) -> PairBlindSpots:
    return pair_blind_spots(sentences, references, RougeConfig.from_signature(signature), source or None, seed)


def pair_for(
    candidate: str, references: Sequence[str], config: RougeConfig, source: Optional[str], seed: int
) -> PairBlindSpots:
    """The pair's perturbations scored (texts: one sentence a line), computed once per distinct input."""
    lines = tuple(s for s in candidate.split("\n") if s.strip())
    refs = tuple(tuple(s for s in r.split("\n") if s.strip()) for r in references)
    return _pair(lines, refs, config.signature(), source or "", seed)


@st.cache_resource(show_spinner=False)
def summeval_documents() -> tuple[Document, ...]:
    """The SummEval sample's documents, sentences split from running text (read once per server)."""
    return read_corpus_file(str(CORPUS_FILE), sentences="split").documents


def corpus_for(
    size: int, seed: int, config: RougeConfig, progress: Optional[Callable[[int, int], None]] = None
) -> CorpusBlindSpots:
    """The perturbations over a seeded sample of ``size`` SummEval pairs (the seed picks the pairs and
    seeds the perturbations)."""
    docs = sample_documents(summeval_documents(), min(size, MAX_CORPUS_PAIRS), seed)
    return corpus_blind_spots(docs, config, seed, progress)
