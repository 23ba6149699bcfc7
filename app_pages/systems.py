"""Systems: two or more systems on the same references; scores with intervals, a ranking, a matrix of
paired tests, win/tie/loss, and a per-document scatter of two systems whose points open in Inspect.

The page in order: the corpus loader (shared with the Corpus page), what to compare, the documents to
compare on, the ranking with the matrix of p-values, every pair, the signatures and downloads, then two
systems document by document. Each section is drawn by a ``ui.widgets.systems_*`` module; the scoring and
the comparison are ``ui.compute.systems``'s."""

from __future__ import annotations

import streamlit as st

from rouge_core.measures.registry import display_name
from ui.compute.systems import score_and_compare
from ui.render.literal import md_literal
from ui.widgets import state
from ui.widgets.corpus_input import arrived, corpus_loader, loaded
from ui.widgets.systems_choice import what_to_compare
from ui.widgets.systems_documents import documents_to_compare
from ui.widgets.systems_downloads import paper_table, signature_and_downloads
from ui.widgets.systems_pairs import pairs_table
from ui.widgets.systems_ranking import ranking_and_matrix
from ui.widgets.systems_scatter import two_systems

KEY = "corpus"  # the Corpus page's loader key: a corpus loaded there is here too
PAGE = "app_pages/systems.py"

arrived()
st.title("ROUGE Lens · Systems")
st.markdown(
    "**Rank two or more systems** scored on the same references: each system's score with its bootstrap "
    "interval, every pair tested, and two systems side by side, document by document."
)
corpus = corpus_loader(KEY)
current = loaded(KEY)
if corpus is None or current is None:
    st.info("Load a sample or your own data above: the SummEval sample has 6 systems on 20 documents.")
    st.stop()
everyone = list(corpus.systems())
if len(everyone) < 2:
    st.info(
        md_literal(
            f"This corpus has one system ({everyone[0] or 'unnamed'}): a comparison needs two or more systems on "
            "the same documents. Load data with a system field (e.g. SummEval's model_id) or several systems.",
            600,
        )
    )
    st.stop()

config = state.config()
labels = config.measure_labels()
if not labels:
    st.info("The sidebar's options score no measure: switch one on to compare systems.")
    st.stop()
names = {label: display_name(label, config.profile) for label in labels}

st.subheader("What to compare")
choice = what_to_compare(everyone, labels, names)
if len(choice.systems) < 2:
    st.info("Choose two or more systems.")
    st.stop()
documents = documents_to_compare(corpus, current, choice.systems)
if documents is None:
    st.stop()
target, dropped = documents
ran = score_and_compare(target, choice.systems, config, choice.settings(float(config.confidence)))
if ran is None:
    st.stop()
result = ran[1]

st.subheader("Ranking and pairwise tests")
ranking_and_matrix(result.comparison, names[choice.measure], result.documents, choice.alpha)
pairs_table(result.comparison, choice.alpha)
signature_and_downloads(ran, choice.alpha, config, current, dropped)
paper_table(ran, choice.settings(float(config.confidence)), choice.alpha, names, config)

st.subheader("Two systems, document by document")
what_value = f"{names[choice.measure]} {choice.letter}"
two_systems(corpus, current, target, result, what_value, config.signature(), key=KEY, page=PAGE)
