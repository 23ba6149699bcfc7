"""Inspect's numbers for the candidate shown: the notes about its texts, the score cards of the
measures people report and the table of every measure (one HTML block) with its counts, the downloads, and the
per-reference grid (each measure against each reference alone) when there are several references."""

from __future__ import annotations

import streamlit as st

from rouge_core import Report, RougeConfig
from ui.render.inspect_notes import lost_words, lost_words_note
from ui.render.literal import md_literal
from ui.render.score_cards import scores_html
from ui.render.scores import per_reference_grid, report_json, scores_csv

_FMT = "%.5f"  # the Perl script prints 5 decimals


def notes(report: Report, config: RougeConfig) -> None:
    """The report's notes, and the non-ASCII words the rouge155 tokenizer lost."""
    for note in report.notes:
        st.info(md_literal(note))
    if config.tokenizer == "rouge155":
        lost = lost_words(report)
        if lost:
            st.info(md_literal(lost_words_note(lost), 600))


def scores(report: Report, caption: str) -> None:
    """The caption, F of each headline measure with P and R under it, and every measure's P, R, F, the
    counts they come from and notes: one HTML element (the CSV and JSON downloads hold the exact numbers)."""
    st.html(scores_html(report, caption))


def downloads(report: Report) -> None:
    """The scores as CSV and as JSON."""
    d1, d2, _ = st.columns([1, 1, 4])
    d1.download_button(
        "Download CSV",
        scores_csv(report),
        "rouge_scores.csv",
        "text/csv",
        help="Exact numbers, integer counts, the config's signature and the texts' ids (content hashes).",
    )
    d2.download_button("Download JSON", report_json(report), "rouge_scores.json", "application/json")


def per_reference(report: Report, config: RougeConfig) -> None:
    """Each measure against each reference alone, the combined score last (open unless pooled)."""
    with st.expander("Per-reference breakdown", expanded=config.multi_ref != "pooled"):
        stat = st.radio(
            "Show",
            ["F", "R", "P"],
            horizontal=True,
            key="inspect_grid_stat",
            help="Each measure against each reference alone; the last row combines them.",
        )
        grid = per_reference_grid(report, str(stat))  # a radio with options: never None
        st.dataframe(
            grid,
            hide_index=True,
            width="stretch",
            column_config={c: st.column_config.NumberColumn(format=_FMT) for c in grid.columns if c != "reference"},
        )
