"""The Which ROUGE? (corpus) page's overview of a comparison: what was compared and how, a message when A
and B are the same configuration, the table of every measure's averages, gap and interval, and the notes."""

from __future__ import annotations

import streamlit as st

from rouge_core.stats.systems import Statistic
from ui.compute.which_rouge import CONFIDENCE, SAMPLES, SEED, GapResult
from ui.render import which_rouge as view
from ui.render.literal import md_literal


def overview(result: GapResult, system: str, statistic: Statistic) -> bool:
    """Draw the overview; False when A and B are the same configuration (there is no gap to explain)."""
    gap = result.gap
    of = f", system {system}" if system else ""
    st.caption(
        md_literal(
            f"{gap.n_documents:,} documents of {result.corpus}{of}; {view.STAT_NAME[statistic]}; each config's "
            f"averages as evaluate_corpus reports them; {CONFIDENCE:g} % intervals of the mean per-document "
            f"difference from {SAMPLES:,} paired resamples (seed {SEED}). Computed in {result.seconds:,.1f} s; kept "
            "for a rerun.",
            800,
        )
    )
    if gap.signature_a == gap.signature_b:
        st.info("No difference: A and B are the same configuration, so every average is the same and there is no gap.")
    st.table(view.literal_frame(view.overview_frame(gap)), hide_index=True)
    if gap.signature_a == gap.signature_b:
        return False
    for note in gap.notes:
        st.caption(md_literal(f"Note: {note}", 600))
    return True
