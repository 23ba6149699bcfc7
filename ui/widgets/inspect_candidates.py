"""Inspect's candidates side by side (when there are several): one table of every candidate's
numbers, and the picker of the candidate whose scores and matches the rest of the page shows."""

from __future__ import annotations

from typing import Sequence

import streamlit as st

from rouge_core import Report
from ui.render.scores import candidates_frame
from ui.widgets import kept


def candidate_shown(reports: Sequence[Report]) -> Report:
    """The report the page shows: the only one, or the one picked under the side-by-side table."""
    if len(reports) == 1:
        return reports[0]
    st.subheader("Candidates side by side")
    names = ["Candidate"] + [f"Candidate {k}" for k in range(2, len(reports) + 1)]
    stat = st.radio("Show", ["F", "R", "P"], horizontal=True, key="inspect_cmp_stat")
    side = candidates_frame(reports, names, str(stat))  # a radio with options: never None
    st.dataframe(
        side,
        hide_index=True,
        width="stretch",
        column_config={c: st.column_config.NumberColumn(format="%.5f") for c in side.columns[2:]},
    )
    if kept.get_value("inspect_shown", 0) >= len(reports):
        kept.set_value("inspect_shown", 0)  # a candidate was removed: back to the first
    shown = kept.value_widget(
        st.selectbox,
        "Scores and matches below are for",
        "inspect_shown",
        0,
        options=list(range(len(reports))),
        format_func=lambda i: names[i],
    )
    return reports[shown]
