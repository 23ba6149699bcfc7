"""Corpus: score many pairs at once; averages with bootstrap intervals, every pair in a table,
distributions, downloads; a selected row opens in Inspect."""

from __future__ import annotations

import hashlib
from functools import partial
from typing import Any, Optional

import streamlit as st

from ui.corpus_compute import CORPUS, is_cached, pair_table, problems, scored, size_of, too_large_message
from ui.render import corpus_export as export
from ui.render.corpus import (
    CANDIDATE_TOKENS,
    REFERENCE_TOKENS,
    SORTS,
    STAT_NAMES,
    column,
    distribution_figure,
    filter_rows,
    headline,
    names,
    scatter_figure,
    sort_rows,
    summary_frame,
)
from ui.render.literal import md_literal
from ui.widgets import kept, state
from ui.widgets.corpus_input import (
    arrived,
    corpus_loader,
    forget_selection,
    loaded,
    open_in_inspect,
    persistent,
    selected_id,
)

KEY = "corpus"
PAGE = "app_pages/corpus.py"
FIG_GEN = "corpus_fig_gen"  # bumped to clear the figures' selections
PROFILE_TEXT = {
    "rouge155": "ROUGE-1.5.5: the Perl script's printed numbers (the mean of its resample means, its own "
    "seeded resampling, instances in its key order)",
    "rouge-score": "Google's rouge-score per pair; the mean of the pairs and a percentile bootstrap (seed 0)",
    "paper": "Lin (2004) per pair; the mean of the pairs and a percentile bootstrap (seed 0)",
}


def _points(event: Any) -> Optional[set[int]]:
    """The row positions selected on a figure (None: nothing selected)."""
    try:
        found = set(event["selection"]["point_indices"])
    except (KeyError, TypeError):
        return None
    return found or None


def _clear_figures() -> None:
    st.session_state[FIG_GEN] = st.session_state.get(FIG_GEN, 0) + 1


arrived()
st.title("ROUGE Lens · Corpus")
st.markdown(
    "**Score a whole corpus**: every measure's average with its bootstrap interval, every pair in a table, "
    "the distributions; select a row to open that pair in Inspect."
)
corpus = corpus_loader(KEY)
current = loaded(KEY)
if corpus is None or current is None:
    st.info("Load a sample or your own data above to score it.")
    st.stop()

config = state.config()
if not config.measure_labels():  # nothing to score, and the measure pickers below would have no option
    st.info("The sidebar's options score no measure: switch one on to score the corpus.")
    st.stop()
systems = list(corpus.systems())
system = systems[0]
if len(systems) > 1:
    system = persistent(
        st.selectbox, "System (scored one at a time)", "corpus_system", systems[0], options=systems, width=400
    )
size = size_of(current, system)
st.caption(md_literal(CORPUS.describe(), 1000))
found = problems(size, config)
if found:
    st.warning(md_literal(too_large_message(found), 1500))
    st.stop()
estimate = st.empty()
if not is_cached(current, system, config):
    estimate.caption(
        f"{size.pairs:,} pairs, {size.words:,} words: about {max(size.seconds(config), 0.1):,.1f} s to score."
    )
result = scored(current, system, config)
estimate.empty()
docs = corpus.for_system(system)
nm = names(result)

st.subheader("Corpus scores")
st.caption(
    md_literal(
        f"{PROFILE_TEXT[config.profile]}. {len(result.doc_ids):,} pairs; {config.confidence:g}% intervals from "
        f"{config.bootstrap_samples:,} resamples; references combined by '{config.multi_ref}'.",
        800,
    )
)
top = headline(result)
for box, label in zip(st.columns(max(len(top), 1)), top):
    m = result.report.measures[label]
    box.metric(
        f"{nm[label]} F", f"{m.fmeasure.average:.5f}", help=f"R {m.recall.average:.5f} · P {m.precision.average:.5f}"
    )
    box.caption(f"{config.confidence:g}%: {m.fmeasure.ci_low or 0:.5f} – {m.fmeasure.ci_high or 0:.5f}")
summary = summary_frame(result)
fmt = st.column_config.NumberColumn(format="%.5f")
st.dataframe(
    summary,
    hide_index=True,
    width="stretch",
    column_config={"R": fmt, "P": fmt, "F": fmt, "notes": st.column_config.TextColumn(width="large")},
)
ms = 1000 * result.seconds / max(len(result.doc_ids), 1)
st.caption(f"Scored in {result.seconds:,.1f} s ({ms:,.1f} ms a pair) on this server; kept for a rerun.")

st.subheader("Every pair")
frame, common, texts = pair_table(current, system, result)
labels = list(result.report.measures)
c1, c2, c3, c4 = st.columns([2, 2, 2, 3])
measure = persistent(
    c1.selectbox,
    "Measure",
    "corpus_measure",
    "ROUGE-L" if "ROUGE-L" in labels else labels[0],
    options=labels,
    format_func=nm.__getitem__,
)
stat = persistent(
    c2.radio,
    "Statistic",
    "corpus_stat",
    "F",
    options=list(STAT_NAMES),
    horizontal=True,
    help="F = F-measure, R = recall, P = precision.",
)
kind = persistent(
    c3.radio,
    "Distribution as",
    "corpus_kind",
    "histogram",
    options=["histogram", "box"],
    horizontal=True,
    format_func=lambda k: {"histogram": "histogram", "box": "box plot"}[k],
)
shown = persistent(
    c4.radio,
    "Table columns",
    "corpus_columns",
    "RPF",
    options=["RPF", "F"],
    horizontal=True,
    format_func=lambda k: {"RPF": "R, P and F", "F": "F only"}[k],
)
col = column(nm[measure], stat)
gen = st.session_state.get(FIG_GEN, 0)
f1, f2 = st.columns(2)
with f1:
    dist = st.plotly_chart(
        distribution_figure(frame, col, kind), key=f"corpus_dist:{col}:{kind}:{gen}", on_select="rerun"
    )
with f2:
    scatter = st.plotly_chart(scatter_figure(frame, col), key=f"corpus_scatter:{col}:{gen}", on_select="rerun")
picks = [p for p in (_points(dist), _points(scatter)) if p is not None]
picked = set.intersection(*picks) if picks else None

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
line = f"Showing {len(rows):,} of {len(frame):,} pairs."
if picked is not None:
    line += f" {len(picked):,} selected on the figures."
st.caption(line + " Select a row to open the pair in Inspect, with the sidebar's options.")
if picked is not None:
    st.button("Clear the figures' selection", on_click=_clear_figures, icon=":material/deselect:")
for note in common:
    st.caption(md_literal(f"Every pair: {note}", 400))

stats = ("R", "P", "F") if shown == "RPF" else ("F",)
order = [
    "id",
    *(column(nm[k], s) for k in [measure, *(k for k in labels if k != measure)] for s in stats),
    CANDIDATE_TOKENS,
    REFERENCE_TOKENS,
    "references",
    "notes",
]
config_cols: dict[str, Any] = {column(nm[k], s): fmt for k in labels for s in ("R", "P", "F")}
config_cols |= {
    "id": st.column_config.TextColumn(pinned=True),
    REFERENCE_TOKENS: st.column_config.NumberColumn(format="%.1f"),
    "notes": st.column_config.TextColumn(width="large"),
}
chosen = selected_id(KEY, current, system)
positions = [result.doc_ids[i] for i in rows.index]
# Streamlit's DataframeStateInput (a TypedDict it does not export): a plain dict literal matches it
default: Any = {"selection": {"rows": [positions.index(chosen)]}} if chosen in positions else None
digest = hashlib.sha1(repr((current.digest, system, config.signature(), tuple(rows.index))).encode()).hexdigest()[:12]
event = st.dataframe(
    rows,
    key=f"corpus_table:{digest}",
    hide_index=True,
    width="stretch",
    height=min(38 + 35 * max(len(rows), 1), 600),
    column_order=order,
    column_config=config_cols,
    on_select="rerun",
    selection_mode="single-row",
    selection_default=default,
)
picked_rows = event.selection.rows
if picked_rows:
    at = int(rows.index[picked_rows[0]])
    if result.doc_ids[at] != chosen:
        open_in_inspect(KEY, current, system, docs[at], PAGE, anchor="corpus_table:")
elif chosen in positions:
    forget_selection(KEY)  # the row was deselected
    chosen = None
if chosen is not None:
    at = result.doc_ids.index(chosen)
    if st.button(f"Open document {md_literal(chosen, 60)} in Inspect again", icon=":material/open_in_new:"):
        open_in_inspect(KEY, current, system, docs[at], PAGE, anchor="corpus_table:")

st.subheader("Downloads")
st.caption("Every file names the documents' IDs, the signature and the equivalent ROUGE-1.5.5 command:")
st.code(config.signature(), language=None, wrap_lines=True)
st.code(export.perl_command(config), language="bash", wrap_lines=True)
d = st.columns(5)
files = [
    ("Per-pair CSV", export.examples_csv, "corpus_pairs.csv", "text/csv"),
    ("Per-pair JSON", export.examples_json, "corpus_pairs.json", "application/json"),
    ("Corpus JSON", export.corpus_json, "corpus_scores.json", "application/json"),
    ("LaTeX table", export.latex_table, "corpus_scores.tex", "text/x-tex"),
    ("HTML report", export.html_report, "corpus_report.html", "text/html"),
]
helps = {
    "corpus_report.html": "Scores, intervals and the figures in one page that opens offline (about 5 MB: it embeds "
    "plotly.js once).",
    "corpus_pairs.csv": "One row per pair: IDs, lengths, every measure's R/P/F and integer counts, notes.",
}
for box, (label, make, name, mime) in zip(d, files):
    box.download_button(
        label,
        partial(make, result),
        name,
        mime,
        help=helps.get(name),
        key=f"corpus_dl:{name}",
        on_click="ignore",
        icon=":material/download:",
        width="stretch",
    )
