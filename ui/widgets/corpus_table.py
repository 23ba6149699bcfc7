"""The Corpus page's table of every pair shown: the measure shown first, a selected row opened in Inspect
(the way back returns to this table), and a button opening the last opened pair again."""

from __future__ import annotations

import hashlib
from typing import Any

import pandas as pd
import streamlit as st

from rouge_core.io.readers import Document
from ui.compute.corpus import ScoredSystem
from ui.render.corpus import CANDIDATE_TOKENS, REFERENCE_TOKENS, column
from ui.render.literal import md_literal
from ui.widgets.corpus_input import Loaded, forget_selection, open_in_inspect, selected_id
from ui.widgets.corpus_view import View

ANCHOR = "corpus_table:"  # the table's key prefix: Inspect's way back scrolls to it


def column_order(view: View) -> list[str]:
    """The table's columns: the ID, each measure's statistics (the one shown first), lengths, references, notes.

    >>> column_order(View("ROUGE-2", "F", "box", "F", ("ROUGE-1", "ROUGE-2"), {"ROUGE-1": "R1", "ROUGE-2": "R2"}))
    ['id', 'R2 F', 'R1 F', 'candidate tokens', 'reference tokens (mean)', 'references', 'notes']
    """
    measures = (column(view.names[k], s) for k in view.first_to_last for s in view.stats)
    return ["id", *measures, CANDIDATE_TOKENS, REFERENCE_TOKENS, "references", "notes"]


def table_of_pairs(
    rows: pd.DataFrame,
    result: ScoredSystem,
    view: View,
    current: Loaded,
    system: str,
    signature: str,
    docs: tuple[Document, ...],
    key: str,
    page: str,
) -> None:
    """``rows`` (positions into ``result``'s pairs and ``docs``) in a table; selecting a row opens that pair
    in Inspect (from ``page``, with the loader's ``key``), deselecting it forgets it. The row last opened
    stays selected while it is shown, and a button opens it again."""
    fmt = st.column_config.NumberColumn(format="%.5f")
    config_cols: dict[str, Any] = {column(view.names[k], s): fmt for k in view.labels for s in ("R", "P", "F")}
    config_cols |= {
        "id": st.column_config.TextColumn(pinned=True),
        REFERENCE_TOKENS: st.column_config.NumberColumn(format="%.1f"),
        "notes": st.column_config.TextColumn(width="large"),
    }
    chosen = selected_id(key, current, system)
    positions = [result.doc_ids[i] for i in rows.index]
    # Streamlit's DataframeStateInput (a TypedDict it does not export): a plain dict literal matches it
    default: Any = {"selection": {"rows": [positions.index(chosen)]}} if chosen in positions else None
    # A new key for other rows or scores: a selection never points at a row that moved
    digest = hashlib.sha1(repr((current.digest, system, signature, tuple(rows.index))).encode()).hexdigest()[:12]
    event = st.dataframe(
        rows,
        key=f"corpus_table:{digest}",
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * max(len(rows), 1), 600),
        column_order=column_order(view),
        column_config=config_cols,
        on_select="rerun",
        selection_mode="single-row",
        selection_default=default,
    )
    picked_rows = event.selection.rows
    if picked_rows:
        at = int(rows.index[picked_rows[0]])
        if result.doc_ids[at] != chosen:
            open_in_inspect(key, current, system, docs[at], page, anchor=ANCHOR)
    elif chosen in positions:
        forget_selection(key)  # the row was deselected
        chosen = None
    if chosen is not None:
        at = result.doc_ids.index(chosen)
        if st.button(f"Open document {md_literal(chosen, 60)} in Inspect again", icon=":material/open_in_new:"):
            open_in_inspect(key, current, system, docs[at], page, anchor=ANCHOR)
