"""The Corpus page's "Downloads": the signature and the equivalent ROUGE-1.5.5 command, then one button per
file (per-pair CSV and JSON, corpus JSON, a LaTeX table, an offline HTML report), each made when clicked."""

from __future__ import annotations

from functools import partial
from typing import Callable

import streamlit as st

from rouge_core import RougeConfig
from ui.compute.corpus import ScoredSystem
from ui.render import corpus_export as export

#: (label, what makes the file, its name, its MIME type), in the buttons' order.
FILES: tuple[tuple[str, Callable[[ScoredSystem], str], str, str], ...] = (
    ("Per-pair CSV", export.examples_csv, "corpus_pairs.csv", "text/csv"),
    ("Per-pair JSON", export.examples_json, "corpus_pairs.json", "application/json"),
    ("Corpus JSON", export.corpus_json, "corpus_scores.json", "application/json"),
    ("LaTeX table", export.latex_table, "corpus_scores.tex", "text/x-tex"),
    ("HTML report", export.html_report, "corpus_report.html", "text/html"),
)
#: The help of the files that need one, by file name.
HELPS = {
    "corpus_report.html": "Scores, intervals and the figures in one page that opens offline (about 5 MB: it embeds "
    "plotly.js once).",
    "corpus_pairs.csv": "One row per pair: IDs, lengths, every measure's R/P/F and integer counts, notes.",
}


def downloads(result: ScoredSystem, config: RougeConfig) -> None:
    """The caption, the signature, the Perl command, and the five download buttons in one row."""
    st.caption("Every file names the documents' IDs, the signature and the equivalent ROUGE-1.5.5 command:")
    st.code(config.signature(), language=None, wrap_lines=True)
    st.code(export.perl_command(config), language="bash", wrap_lines=True)
    for box, (label, make, name, mime) in zip(st.columns(5), FILES):
        box.download_button(
            label,
            partial(make, result),
            name,
            mime,
            help=HELPS.get(name),
            key=f"corpus_dl:{name}",
            on_click="ignore",
            icon=":material/download:",
            width="stretch",
        )
