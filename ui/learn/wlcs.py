"""ROUGE-W: the weight w of f(k) = k^w, then the sentence walk-through of :mod:`ui.learn.lcs` with
Lin's second table of run lengths."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from rouge_core import RougeConfig
from ui.learn import lcs
from ui.widgets import kept

if TYPE_CHECKING:
    from ui.learn.sections import Section

#: The paper's weight (f(k) = k^2); ROUGE-1.5.5's default is 1.2.
PAPER_WEIGHT = 2.0


def weight() -> float:
    """The section's weight w (its widget's value, kept across page and section switches)."""
    return float(kept.get_value("learn_w_weight", PAPER_WEIGHT))


def configure(base: RougeConfig) -> tuple[RougeConfig, str]:
    """ROUGE-L and ROUGE-W with this section's w (the paper's 2 until it is changed); the label is ROUGE-W's.

    >>> configure(RougeConfig())[0].measure_labels()
    ['ROUGE-L', 'ROUGE-W-2']
    """
    cfg = base.with_(max_n=None, rouge_l=True, flat_lcs=False, skip_distance=None, wlcs_weight=weight())
    return cfg, cfg.measure_labels()[-1]


def draw(section: Section, base: RougeConfig, ref_text: str, cand_text: str) -> None:
    """The weight, then the sentence pair's c and w tables step by step."""
    kept.value_widget(
        st.number_input,
        "weight w: f(k) = k^w (the paper uses 2)",
        "learn_w_weight",
        PAPER_WEIGHT,
        min_value=1.0,
        max_value=5.0,
        step=0.1,
    )
    lcs.draw(section, base, ref_text, cand_text)
