"""Agreement with humans: how well do ROUGE variants (a measure in a setting) agree with people's
judgments? Correlations at the summary, system and global levels with bootstrap intervals, Lin (2004)'s
grid of measures x CASE / STEM / STOP, a permutation test between two variants, and a scatter whose
points open the pair in Inspect.

Each section is drawn by a module of ui/widgets/ (agreement_*.py); a section that has drawn why nothing
can be computed returns None, and the page stops there. Scores and correlations come from the cached
wrappers of ui/compute/agreement.py (rouge_core's numbers); ui/render/agreement.py draws them."""

from __future__ import annotations

import streamlit as st

from ui.compute import agreement as me
from ui.compute import agreement_variants as mv
from ui.compute.corpus import too_large_message
from ui.render.literal import md_literal
from ui.widgets import (
    agreement_compare,
    agreement_correlations,
    agreement_scatter,
    agreement_source,
    agreement_table,
    agreement_variants,
    state,
)
from ui.widgets.corpus_input import arrived
from ui.widgets.lecture import lecture_controls

arrived()  # back from Inspect: no way back offered any more, and the page scrolls to the scatter
st.title("ROUGE Lens · Agreement with humans")
lecture_controls()  # the toggle and lecture=1: the page a lecturer shows, larger
headline = agreement_source.headline()  # names the judgments in use once they are chosen below
agreement_source.last_load_message()

# Human scores: a sample to load, then a stored corpus, a criterion and the sources averaged
st.subheader("Human scores")
agreement_source.sample_buttons()
judged = agreement_source.judgments()
if judged is None:
    st.stop()
agreement_source.name_judgments(headline, judged)
human = agreement_source.arranged(judged)  # systems x documents, with what limits the correlations
if human is None:
    st.stop()

# ROUGE variants: measures x Lin's settings on the sidebar's config, and the statistic
st.subheader("ROUGE variants")
config = state.config()
chosen = agreement_variants.variants(config)
if chosen is None:
    st.stop()

# Correlations: the levels, coefficients and bootstrap; every variant scored (cached), then correlated
st.subheader("Correlations")
run = agreement_correlations.run_settings(human, config)
if run is None:
    st.stop()
pairs = me.pairs_of(judged.items, human)
jobs = mv.plan(config, chosen.variants)
found = me.too_large(pairs, jobs)
if found:
    st.warning(md_literal(too_large_message(found), 2000))
    st.stop()
scored = me.score_variants(judged.info.content_hash, pairs, jobs)
matrices = {v.label: me.metric_matrix(scored, pairs, v, chosen.statistic, human) for v in chosen.variants}
cells = me.all_cells(matrices, human.values, run)
agreement_table.signature(run, chosen.statistic, judged)
agreement_table.tabs(cells, run, chosen.statistic, judged.criterion)
agreement_table.notes(cells, len(human.systems))
agreement_table.downloads(cells, run, chosen, judged, config)

st.subheader("Human against ROUGE, summary by summary")
agreement_scatter.scatter(judged, human, matrices, chosen.statistic)

st.subheader("Do two variants differ?")
agreement_compare.compare(matrices, human, run)
