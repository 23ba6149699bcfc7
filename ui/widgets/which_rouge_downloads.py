"""The Which ROUGE? (corpus) page's downloads: every measure's documents that differ (CSV) and the whole
comparison (JSON), both naming both signatures."""

from __future__ import annotations

from functools import partial

import streamlit as st

from ui.compute.which_rouge import GapResult
from ui.render import which_rouge as view
from ui.widgets.which_rouge_choice import Choice


def downloads(result: GapResult, choice: Choice) -> None:
    """The two download buttons in a row (each file is made on click)."""
    gap = result.gap
    row = st.container(horizontal=True)
    row.download_button(
        "Per-document differences (CSV)",
        partial(view.documents_csv, gap),
        "setting_gap_documents.csv",
        "text/csv",
        key="gap_dl:csv",
        on_click="ignore",
        icon=":material/download:",
        help="Every compared measure's documents that differ: both scores, B − A, settings, rules, both signatures.",
    )
    row.download_button(
        "Whole comparison (JSON)",
        partial(view.gap_json, gap, result.corpus, choice.system, choice.choice_a, choice.choice_b),
        "setting_gap.json",
        "application/json",
        key="gap_dl:json",
        on_click="ignore",
        icon=":material/download:",
        help="The whole SettingGap: both signatures, the settings that differ, every measure's averages, gap, "
        "interval, attribution and documents.",
    )
