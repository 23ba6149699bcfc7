"""Cached wrappers of rouge_core: the only way a page gets a number."""
from __future__ import annotations

import streamlit as st

from rouge_core import Report, RougeConfig, evaluate
from rouge_core.differences import Comparison, compare
from rouge_core.mistakes import MISTAKES, Outcome
from rouge_core.token_stages import TokenStages, compare_tokenizers


@st.cache_resource(max_entries=64, show_spinner=False)
def _evaluate(candidate: str, references: tuple[str, ...], signature: str) -> Report:
    # Reports are frozen, so one shared object per input is safe (no copy per rerun).
    return evaluate(candidate, list(references), RougeConfig.from_signature(signature))


def report_for(candidate: str, references: list[str], config: RougeConfig) -> Report:
    """The report of a pair under a config, computed once per distinct input."""
    return _evaluate(candidate, tuple(references), config.signature())


@st.cache_resource(max_entries=32, show_spinner=False)
def _compare(candidate: str, references: tuple[str, ...], signature: str) -> Comparison:
    return compare(candidate, list(references), RougeConfig.from_signature(signature))


def comparison_for(candidate: str, references: list[str], config: RougeConfig) -> Comparison:
    """The input under the three profiles, with the rules that explain each difference."""
    return _compare(candidate, tuple(references), config.signature())


@st.cache_resource(max_entries=64, show_spinner=False)
def _mistake(mistake: str, candidate: str, reference: str, signature: str) -> Outcome:
    return MISTAKES[mistake].run(candidate, reference, RougeConfig.from_signature(signature))


def mistake_outcome(mistake: str, candidate: str, reference: str, config: RougeConfig) -> Outcome:
    """A deliberately wrong implementation next to the correct value, on one input."""
    return _mistake(mistake, candidate, reference, config.signature())


@st.cache_resource(max_entries=32, show_spinner=False)
def _stages(text: str, signature: str) -> dict[str, TokenStages]:
    return compare_tokenizers(text, RougeConfig.from_signature(signature))


def token_stages_for(text: str, config: RougeConfig) -> dict[str, TokenStages]:
    """Each tokenizer's stages (case, cleaning, stopwords, stemming) on one text."""
    return _stages(text, config.signature())
