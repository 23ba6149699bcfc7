"""The Corpus page's "Downloads": the signature and the equivalent ROUGE-1.5.5 command, then one button per
file (per-pair CSV and JSON, corpus JSON, a LaTeX table, an offline HTML report of every system), each made
when clicked, and the table for a paper (every system x every measure, LaTeX and Markdown)."""

from __future__ import annotations

from functools import partial
from typing import Callable, Optional

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.io import paper_table as paper
from ui.compute.corpus import ScoredSystem
from ui.compute.paper_table import CORPUS_ALPHA, corpus_table, plan, written
from ui.compute.systems import score_systems
from ui.render import corpus_export as export
from ui.render.literal import md_literal
from ui.render.plural import counted
from ui.widgets.corpus_input import Loaded, persistent

#: (label, what makes the file, its name, its MIME type), in the buttons' order.
FILES: tuple[tuple[str, Callable[[ScoredSystem], str], str, str], ...] = (
    ("Per-pair CSV", export.examples_csv, "corpus_pairs.csv", "text/csv"),
    ("Per-pair JSON", export.examples_json, "corpus_pairs.json", "application/json"),
    ("Corpus JSON", export.corpus_json, "corpus_scores.json", "application/json"),
    ("LaTeX table", export.latex_table, "corpus_scores.tex", "text/x-tex"),
    ("HTML report", export.html_report, "corpus_report.html", "text/html"),
)
#: The file that covers every system of the upload (the others are the system shown).
REPORT = "corpus_report.html"
#: The help of the files that need one, by file name.
HELPS = {
    REPORT: "Every system's scores, intervals and figures in one page that opens offline (about 5 MB: it "
    "embeds plotly.js once).",
    "corpus_pairs.csv": "One row per pair: IDs, lengths, every measure's R/P/F and integer counts, notes.",
}
#: Other systems are scored for the report and the paper table without asking when this is the estimate.
AUTO_SECONDS = 5.0


def every_system(result: ScoredSystem, config: RougeConfig, current: Optional[Loaded]) -> dict[str, ScoredSystem]:
    """Every system of the upload scored (the corpus's order), for the report and the paper table.

    The others are scored now when that takes a few seconds; else a button scores them (with their progress
    bars), and until then the report and the table hold the system shown. Systems over the page's budget are
    left out, and named."""
    if current is None or len(current.corpus.systems()) < 2:
        return {result.system: result}
    todo = plan(current, config)
    if todo.over:
        st.caption(md_literal(f"Over the page's budget, so not in the report and the table: {', '.join(todo.over)}"))
    if todo.todo and todo.seconds > AUTO_SECONDS:
        what = f"Score the other {counted(len(todo.todo), 'system')} (about {todo.seconds:,.0f} s)"
        if not st.button(what, key="corpus_paper_all", help="For the HTML report and the paper table."):
            st.caption("Until then the HTML report and the paper table hold the system shown only.")
            return {result.system: result}
    fits = [s for s in current.corpus.systems() if s not in todo.over]
    return score_systems(current, fits, config)


def paper_downloads(everyone: dict[str, ScoredSystem], letter: str, config: RougeConfig) -> None:
    """The baseline picker and the paper table's two downloads (the statistic is the page's, above)."""
    systems = list(everyone)
    c1, c2, c3 = st.columns([4, 2, 2], vertical_alignment="bottom")
    baseline = None
    if len(systems) > 1:
        baseline = persistent(
            c1.selectbox,
            "Paper table: baseline",
            "corpus_paper_baseline",
            systems[0],
            options=systems,
            help=f"Cells that differ from the baseline's with p < {CORPUS_ALPHA:g} (paired bootstrap, as the "
            "Systems page's default) are marked † (above) or ‡ (below).",
        )
    # The significance tests run when a file is asked for (corpus_table says in its caption what it could not do).
    table = partial(corpus_table, everyone, letter, baseline, config)
    files = (
        ("Paper table (LaTeX)", partial(written, paper.latex, table), "corpus_systems_table.tex", "text/x-tex"),
        ("Paper table (Markdown)", partial(written, paper.markdown, table), "corpus_systems_table.md", "text/markdown"),
    )
    for box, (label, make, name, mime) in zip((c2, c3), files):
        box.download_button(
            label, make, name, mime, key=f"corpus_dl:{name}", on_click="ignore", icon=":material/download:"
        )
    st.caption(
        f"Systems × every measure ({letter}, the statistic chosen above), each corpus score with its interval as "
        "shown above; best per column in bold; the signature in the caption (LaTeX needs booktabs)."
    )


def downloads(result: ScoredSystem, config: RougeConfig, current: Optional[Loaded] = None, letter: str = "F") -> None:
    """The caption, the signature, the Perl command, the five download buttons in one row, then the paper
    table's. ``current`` (the loaded corpus) lets the report and the table cover every system."""
    st.caption("Every file names the documents' IDs, the signature and the equivalent ROUGE-1.5.5 command:")
    st.code(config.signature(), language=None, wrap_lines=True)
    st.code(export.perl_command(config), language="bash", wrap_lines=True)
    everyone = every_system(result, config, current)
    for box, (label, make, name, mime) in zip(st.columns(5), FILES):
        data = partial(export.html_report, list(everyone.values())) if name == REPORT else partial(make, result)
        box.download_button(
            label,
            data,
            name,
            mime,
            help=HELPS.get(name),
            key=f"corpus_dl:{name}",
            on_click="ignore",
            icon=":material/download:",
            width="stretch",
        )
    paper_downloads(everyone, letter, config)
