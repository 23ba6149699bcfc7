"""The Differences page's table: the three profiles side by side for the statistic chosen (F, R, P or
all three), every cell that differs from the other profiles' shaded and the rules that explain it."""

from __future__ import annotations

import streamlit as st

from rouge_core.teach.differences import Comparison
from ui.render.differences import comparison_frame, style_frame

#: The statistics the radio offers; the last shows all three.
STATS = ["F", "R", "P", "P, R and F"]


def profiles_side_by_side(comp: Comparison) -> None:
    """The statistic to show, the table with its column widths (narrower for all three), and what the
    shading, the decimals and a dash mean."""
    stat = st.radio(
        "Show",
        STATS,
        horizontal=True,
        key="diff_stat",
        help="One statistic keeps the table, and the reasons, within the page's width.",
    )
    frame = comparison_frame(comp, "PRF" if stat == "P, R and F" else str(stat))  # a radio with options: never None
    num = {
        c: st.column_config.TextColumn(c, width=110 if stat != "P, R and F" else 90)
        for c in frame.columns
        if c[-2:] in (" P", " R", " F")
    }
    st.dataframe(
        style_frame(frame),
        hide_index=True,
        width="stretch",
        column_config={
            **num,
            "measure": st.column_config.TextColumn(width=170),
            "differs because": st.column_config.TextColumn(width="large"),
        },
    )
    st.caption(
        "Shaded: the cells whose value differs from the other profiles' (for that statistic); 'differs "
        "because' names the rules (explained below). ROUGE-1.5.5 (rouge155) prints 5 decimals, the others "
        "are exact, shown to 6 decimals. A dash: the profile has no such measure (rougeL exists in rouge-score "
        "only and is compared with its rougeLsum)."
    )
