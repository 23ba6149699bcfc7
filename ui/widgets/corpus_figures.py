"""The Corpus page's two figures side by side: the distribution of the column shown (histogram or box plot)
and its scatter against the candidate's length. Points selected on them filter the table."""

from __future__ import annotations

from typing import Any, Optional

import pandas as pd
import streamlit as st

from ui.render.corpus import distribution_figure, scatter_figure
from ui.widgets.corpus_view import View

FIG_GEN = "corpus_fig_gen"  # bumped to clear the figures' selections (their keys change with it)


def selected_positions(event: Any) -> Optional[set[int]]:
    """The row positions selected on a figure (None: nothing selected).

    >>> selected_positions({"selection": {"point_indices": [4, 1, 4]}})
    {1, 4}
    >>> selected_positions({"selection": {"point_indices": []}}), selected_positions(None)
    (None, None)
    """
    try:
        found = set(event["selection"]["point_indices"])
    except (KeyError, TypeError):
        return None
    return found or None


def clear_figures() -> None:
    """Forget both figures' selections (a callback: new keys draw them anew)."""
    st.session_state[FIG_GEN] = st.session_state.get(FIG_GEN, 0) + 1


def distribution_and_scatter(frame: pd.DataFrame, view: View) -> Optional[set[int]]:
    """Both figures; the row positions selected on both (None: nothing selected on either)."""
    col, kind = view.column, view.kind
    gen = st.session_state.get(FIG_GEN, 0)
    f1, f2 = st.columns(2)
    with f1:
        dist = st.plotly_chart(
            distribution_figure(frame, col, kind), key=f"corpus_dist:{col}:{kind}:{gen}", on_select="rerun"
        )
    with f2:
        scatter = st.plotly_chart(scatter_figure(frame, col), key=f"corpus_scatter:{col}:{gen}", on_select="rerun")
    picks = [p for p in (selected_positions(dist), selected_positions(scatter)) if p is not None]
    return set.intersection(*picks) if picks else None
