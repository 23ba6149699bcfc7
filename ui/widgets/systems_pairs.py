"""The Systems page's table of every pair tested: both scores, delta with its interval, the p-value, the
mark at the significance level and win/tie/loss."""

from __future__ import annotations

import streamlit as st

from rouge_core.stats.comparison import Comparison
from ui.render import systems as view


def pairs_table(cmp: Comparison, alpha: float) -> None:
    """One row per pair (as the CLI prints them), then what delta, its interval and win/tie/loss mean."""
    pairs = view.pairs_frame(cmp, alpha)
    st.dataframe(
        pairs,
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * len(pairs), 600),
        column_config={
            "A score": st.column_config.NumberColumn(format="%.5f"),
            "B score": st.column_config.NumberColumn(format="%.5f"),
            view.DELTA: st.column_config.NumberColumn(format="%+.5f"),
            "p-value": st.column_config.NumberColumn(format="%.5f"),
        },
    )
    st.caption(
        f"delta = A − B; the {cmp.confidence:g}% interval of delta comes from the paired bootstrap's resamples "
        "(randomization has none). win/tie/loss: documents where A's own value is above, level with, below B's."
    )
