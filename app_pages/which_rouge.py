"""Which ROUGE? (corpus): two configurations on one system of a corpus; both averages, the gap B - A
with its interval, how much of it each differing setting (and each rule) accounts for, and the
documents that differ, each one click away from the single-pair differences view.

The page in order: the corpus loader (shared with the Corpus page), A against B (the configs, system,
statistic, explanation cap and measure pairing), the comparison's overview, one measure and where its gap
comes from, the documents that differ, and the downloads. Each section is drawn by a
``ui.widgets.which_rouge_*`` module; the plan, budget and cached comparison are ``ui.compute.which_rouge``'s."""

from __future__ import annotations

import streamlit as st

from ui.compute.which_rouge import compare
from ui.widgets.corpus_input import corpus_loader, loaded
from ui.widgets.lecture import lecture_controls
from ui.widgets.which_rouge_choice import a_against_b
from ui.widgets.which_rouge_documents import documents_that_differ, follow_selection
from ui.widgets.which_rouge_downloads import downloads
from ui.widgets.which_rouge_measure import one_measure
from ui.widgets.which_rouge_overview import overview

KEY = "corpus"  # the Corpus page's loader key: a corpus loaded there is here too

follow_selection()  # a document selected in the last run opens in the differences view
st.title("Which ROUGE? (corpus)")
lecture_controls()  # the toggle and lecture=1: the page a lecturer shows, larger
st.markdown(
    "**Two ROUGE configurations on a whole corpus**: both averages, the gap B − A with its interval, how "
    "much of it each differing setting accounts for (each switched alone, from A's value to B's), and the "
    "documents that differ; select one to see it in *Why do the numbers differ?*."
)
corpus = corpus_loader(KEY)
current = loaded(KEY)
if corpus is None or current is None:
    st.info("Load a sample or your own data above to compare two configurations on it.")
    st.stop()

st.subheader("A against B")
choice = a_against_b(corpus)
result = compare(current, choice.system, choice.a, choice.b, choice.match, choice.statistic, choice.cap)
if result is None:
    st.stop()
if not overview(result, choice.system, choice.statistic):
    st.stop()  # A and B are the same configuration: no gap to explain

st.subheader("One measure, and where its gap comes from")
chosen, measure = one_measure(result.gap, choice.statistic)

st.subheader("The documents that differ, largest difference first")
documents_that_differ(current, result, choice, chosen, measure, key=KEY)

st.subheader("Downloads")
downloads(result, choice)
