"""What the Agreement page's correlation table computes: the levels (summary, system, global), the
coefficients, and the bootstrap's resampling, number of resamples and seed (the seed is the permutation
test's too). The confidence of the intervals comes from the sidebar."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.stats.score_matrix import ScoreMatrix
from ui.compute import agreement as me
from ui.compute import agreement_human as mh
from ui.widgets import kept
from ui.widgets.agreement_pickers import count, pick


def run_settings(human: ScoreMatrix, config: RougeConfig) -> Optional[me.RunSettings]:
    """The levels, coefficients and bootstrap pickers; None after a message when no level the human scores
    allow (one system: only the global level) or no coefficient is chosen."""
    c1, c2 = st.columns([4, 5])
    levels = pick(c1.multiselect, "Levels", "agree_levels", list(me.LEVEL_NAMES), list(me.LEVEL_NAMES))
    coefficients = pick(
        c2.multiselect,
        "Coefficients",
        "agree_coefs",
        list(me.COEFFICIENT_NAMES),
        list(me.COEFFICIENT_NAMES),
        format_func=me.COEFFICIENT_NAMES.__getitem__,
    )
    c3, c4, c5, _ = st.columns([3, 2, 2, 2])
    resample = pick(
        c3.selectbox,
        "Bootstrap resamples",
        "agree_resample",
        "both",
        list(me.RESAMPLE_NAMES),
        format_func=me.RESAMPLE_NAMES.__getitem__,
    )
    samples = count(c4, "Samples", "agree_samples")
    seed = int(kept.value_widget(c5.number_input, "Seed", key="agree_seed", default=0, min_value=0, step=1))
    usable = mh.possible_levels(human, levels)
    if not usable or not coefficients:
        st.info("Choose at least one level (with one system only the global level) and one coefficient.")
        return None
    return me.RunSettings(tuple(usable), tuple(coefficients), resample, samples, seed, float(config.confidence) / 100)
