"""Cached wrappers of rouge_core: the only way a page gets a number."""
from __future__ import annotations

import streamlit as st

from rouge_core import Report, RougeConfig, evaluate


@st.cache_resource(max_entries=64, show_spinner=False)
def _evaluate(candidate: str, references: tuple[str, ...], signature: str) -> Report:
    # Reports are frozen, so one shared object per input is safe (no copy per rerun).
    return evaluate(candidate, list(references), RougeConfig.from_signature(signature))


def report_for(candidate: str, references: list[str], config: RougeConfig) -> Report:
    """The report of a pair under a config, computed once per distinct input."""
    return _evaluate(candidate, tuple(references), config.signature())
