"""The Systems page's "Ranking and pairwise tests": what was compared in one line, the ranking table with
each system's bootstrap interval, and the matrix of p-values beside it (under it when it is wide)."""

from __future__ import annotations

import streamlit as st

from rouge_core.stats.comparison import Comparison
from ui.render import systems as view
from ui.render.literal import md_literal

#: Above this many systems the matrix goes under the ranking, at full width.
SIDE_BY_SIDE = 7


def ranking_and_matrix(cmp: Comparison, measure_name: str, documents: int, alpha: float) -> None:
    """The line naming the comparison, then the ranking and the matrix of p-values (p < ``alpha`` marked)."""
    st.caption(md_literal(view.describe(cmp, measure_name, documents), 600))
    wide = len(cmp.systems) > SIDE_BY_SIDE
    left, right = (st.container(), st.container()) if wide else st.columns([5, 6])
    with left:
        st.dataframe(
            view.ranking_frame(cmp, alpha),
            hide_index=True,
            width="stretch",
            column_config={
                view.stat_letter(cmp): st.column_config.NumberColumn(format="%.5f"),
                "rank": st.column_config.NumberColumn(width="small"),
            },
        )
        st.caption(
            "Ranks order the scores, best first; equal scores share a rank. The interval is the percentile "
            f"bootstrap of each system's score ({cmp.samples:,} resamples of the documents)."
        )
    with right:
        st.html(view.p_matrix_html(cmp, alpha))
        n_pairs = len(cmp.pairs)
        st.caption(
            f"Two-sided p-values of {view.METHOD_NAMES[cmp.method]}, rows and columns in rank order (above the "
            f"diagonal the row's system scores higher). **Bold**, marked \\{view.MARK} and grey: p < {alpha:g}. "
            f"{n_pairs} pairs, no correction for multiple comparisons: with no real difference about "
            f"{n_pairs * alpha:.2g} would be marked by chance. Hover a cell for delta and win/tie/loss."
        )
