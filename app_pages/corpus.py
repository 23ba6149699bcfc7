"""Corpus: score many pairs at once; averages with bootstrap intervals, every pair in a table,
distributions, downloads; a selected row opens in Inspect.

The page in order: the corpus loader (shared with the Systems and Which ROUGE? pages), the system scored
and its scoring, the corpus scores, every pair (what to show, the two figures, the filters, the table),
then the downloads. Each section is drawn by a ``ui.widgets.corpus_*`` module; the scoring is
``ui.compute.corpus``'s."""

from __future__ import annotations

import streamlit as st

from ui.compute.corpus import pair_table
from ui.widgets import state
from ui.widgets.corpus_downloads import downloads
from ui.widgets.corpus_figures import distribution_and_scatter
from ui.widgets.corpus_filters import pairs_to_show
from ui.widgets.corpus_input import arrived, corpus_loader, loaded
from ui.widgets.corpus_scores import corpus_scores
from ui.widgets.corpus_scoring import score_the_corpus, system_to_score
from ui.widgets.corpus_table import table_of_pairs
from ui.widgets.corpus_view import what_to_show

KEY = "corpus"  # the loader's key: the Systems and Which ROUGE? pages share this corpus
PAGE = "app_pages/corpus.py"

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
system = system_to_score(corpus)
result = score_the_corpus(current, system, config)
if result is None:
    st.stop()

st.subheader("Corpus scores")
corpus_scores(result, config)

st.subheader("Every pair")
frame, common, texts = pair_table(current, system, result)
view = what_to_show(result)
picked = distribution_and_scatter(frame, view)
rows = pairs_to_show(frame, texts, common, view.column, picked)
table_of_pairs(rows, result, view, current, system, config.signature(), corpus.for_system(system), KEY, PAGE)

st.subheader("Downloads")
downloads(result, config, current, view.stat)
