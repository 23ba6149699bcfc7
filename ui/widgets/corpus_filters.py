"""The Corpus page's filters under the figures: a score range, the sort and a text search over the texts
and IDs (each kept across page switches), then how many pairs are shown and what every pair has in common."""

from __future__ import annotations

from typing import Optional

import pandas as pd
import streamlit as st

from ui.render.corpus import SORTS, filter_rows, sort_rows
from ui.render.literal import md_literal
from ui.widgets import kept
from ui.widgets.corpus_figures import clear_figures
from ui.widgets.corpus_input import persistent


def shown_line(shown: int, total: int, picked: Optional[set[int]]) -> str:
    """The caption above the table: how many pairs it shows, and how many the figures selected.

    >>> shown_line(3, 1200, {1, 5, 7})[:53]
    'Showing 3 of 1,200 pairs. 3 selected on the figures. '
    >>> shown_line(1200, 1200, None)
    "Showing 1,200 of 1,200 pairs. Select a row to open the pair in Inspect, with the sidebar's options."
    """
    line = f"Showing {shown:,} of {total:,} pairs."
    if picked is not None:
        line += f" {len(picked):,} selected on the figures."
    return line + " Select a row to open the pair in Inspect, with the sidebar's options."


def pairs_to_show(
    frame: pd.DataFrame, texts: list[str], common: list[str], col: str, picked: Optional[set[int]]
) -> pd.DataFrame:
    """The filters in one row; the rows of ``frame`` (one per pair) within the range of ``col``, holding
    every searched word in ``texts`` (or the ID) and selected on the figures (``picked``), in the sort chosen.
    Under them: the count, the button clearing the figures' selection, and ``common`` (every pair's notes)."""
    t1, t2, t3 = st.columns([3, 2, 3])
    low, high = persistent(
        t1.slider,
        f"Show pairs whose {md_literal(col)} is between",
        "corpus_range",
        (0.0, 1.0),
        min_value=0.0,
        max_value=1.0,
        step=0.01,
    )
    how = persistent(t2.selectbox, f"Sort by {md_literal(col)}", "corpus_sort", SORTS[0], options=list(SORTS))
    with t3:
        query = kept.text_area(
            "Search the texts and IDs (every word must occur)", "corpus_search", height=68, placeholder="e.g. merson"
        )
    rows = sort_rows(filter_rows(frame, col, low, high, query, texts, picked), col, how)
    st.caption(shown_line(len(rows), len(frame), picked))
    if picked is not None:
        st.button("Clear the figures' selection", on_click=clear_figures, icon=":material/deselect:")
    for note in common:
        st.caption(md_literal(f"Every pair: {note}", 400))
    return rows
